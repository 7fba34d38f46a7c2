import Foundation
import Testing
import Tactile

/// iPhone OS 3 rotation (VCG-F-01, VCG-F-02, VCG-F-05 … VCG-F-08, VCG-F-11, VCG-F-16, SBT-ROT-12, SBT-ROT-17): `shouldAutorotate(to:)`,
/// one-step and two-step callbacks.
@MainActor
@Suite("ViewController rotation (iPhone OS 3)")
struct LegacyRotationTests {
    func scene<VC: RotatingViewController>(_ log: CallbackLog, _ type: VC.Type = RotatingViewController.self,
                                           duration: TimeInterval = 0) -> (UIWindow, VC) {
        let window = rotationScene(.iPhoneOS3, duration: duration)
        let root = VC("root", log: log)
        root.logsLayout = false
        window.rootViewController = root
        log.entries = []
        return (window, root)
    }

    @Test("VCG-F-01 SBT-ROT-17 by default only portrait is supported: the default shouldAutorotate(to:) answers true for portrait only")
    func f01PortraitOnly() {
        let log = CallbackLog()
        let (window, root) = scene(log)
        turnDevice(.landscapeLeft)
        #expect(log.take() == ["root.shouldAutorotateTo(LR)"], "VCG-F-07 (2): NO stops, nothing else is called")
        turnDevice(.portraitUpsideDown)
        #expect(log.take() == ["root.shouldAutorotateTo(PUD)"])
        #expect(statusBar() == .portrait && orientation(of: root) == .portrait && window.bounds.width == 320)
        let plain = UIViewController()
        let legacy = plain as LegacyAutorotation
        #expect(legacy.shouldAutorotate(to: .portrait))
        #expect(!legacy.shouldAutorotate(to: .landscapeLeft) && !legacy.shouldAutorotate(to: .portraitUpsideDown))
    }

    @Test("VCG-F-02 a controller declares its orientations by overriding shouldAutorotate…: portrait or landscape left only")
    func f02Declared() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        root.legacyAllows = { $0 == .portrait || $0 == .landscapeLeft }
        turnDevice(.landscapeLeft)  // interface landscape right
        #expect(statusBar() == .portrait)
        turnDevice(.landscapeRight)  // interface landscape left
        #expect(statusBar() == .landscapeLeft)
    }

    @Test("VCG-F-07 one-step order: shouldAutorotate…, willRotate (old bounds), bounds change and layout, willAnimateRotation, didRotate(from: old)")
    func f07OneStep() throws {
        let log = CallbackLog()
        let (window, root) = scene(log, duration: 0.3)
        root.logsLayout = true
        root.legacyAllows = { _ in true }
        turnDevice(.landscapeRight)
        #expect(log.take() == ["root.shouldAutorotateTo(LL)", "root.willRotate(LL, 0.3)@P@320x480",
                               "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
                               "root.willAnimateRotation(LL, 0.3)@LL@480x320"])
        try advance(0.3)
        #expect(log.take() == ["root.didRotate(from: P)@LL@480x320"], "VCG-F-16: didRotate runs after the rotation")
        #expect(window.bounds.size == CGSize(width: 480, height: 320) && root.view.frame == window.bounds)
        #expect(!log.entries.contains { $0.contains("viewWillTransition") }, "no iOS 6+ callbacks in iPhone OS 3 mode")
    }

    @Test("VCG-F-06 VCG-F-08 SBT-ROT-12 two-step order when a half-step method is overridden; interfaceOrientation is old in the first half, new in the second")
    func f08TwoStep() throws {
        let log = CallbackLog()
        let (_, root) = scene(log, TwoStepViewController.self, duration: 0.4)
        root.legacyAllows = { _ in true }
        turnDevice(.landscapeLeft)
        #expect(log.take() == ["root.shouldAutorotateTo(LR)", "root.willRotate(LR, 0.4)@P@320x480",
                               "root.willAnimateFirstHalf(LR, 0.2)@P@320x480"])
        try advance(0.2)
        #expect(log.take() == ["root.didAnimateFirstHalf(LR)@LR@480x320", "root.willAnimateSecondHalf(from: P, 0.2)@LR@480x320"])
        try advance(0.2)
        #expect(log.take() == ["root.didRotate(from: P)@LR@480x320"])
        #expect(!log.entries.contains { $0.contains("willAnimateRotation") }, "two-step has no one-step hook")
    }

    @Test("VCG-F-06 overriding any one half-step method selects two-step; a plain subclass is one-step")
    func f06AnyHalfStep() {
        let log = CallbackLog()
        let (_, root) = scene(log, DidFirstHalfOnlyViewController.self)
        root.legacyAllows = { _ in true }
        turnDevice(.landscapeLeft)
        let entries = log.take()
        #expect(entries.contains("root.didAnimateFirstHalf(LR)@LR@480x320"))
        #expect(!entries.contains { $0.contains("willAnimateRotation") })
    }

    @Test("VCG-F-05 VCG-F-07 the frontmost (presented) controller is asked and rotated; the covered root is not asked")
    func f05Frontmost() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        root.legacyAllows = { _ in false }
        let modal = RotatingViewController("modal", log: log)
        modal.logsLayout = false
        modal.legacyAllows = { _ in true }
        root.present(modal, animated: false)
        log.entries = []
        turnDevice(.landscapeLeft)
        #expect(log.take() == ["modal.shouldAutorotateTo(LR)", "modal.willRotate(LR, 0.0)@P@320x480",
                               "modal.willAnimateRotation(LR, 0.0)@LR@480x320", "modal.didRotate(from: P)@LR@480x320"])
        #expect(statusBar() == .landscapeRight)
    }

    @Test("VCG-F-11 callbacks are forwarded to the displayed child with the same path; a child whose view is not shown gets nothing")
    func f11Forwarding() {
        let log = CallbackLog()
        let (_, root) = scene(log, TwoStepViewController.self)
        root.legacyAllows = { _ in true }
        let shown = RotatingViewController("shown", log: log)
        let hidden = RotatingViewController("hidden", log: log)
        for vc in [shown, hidden] { vc.logsLayout = false }
        root.addChild(shown); root.view.addSubview(shown.view); shown.didMove(toParent: root)
        root.addChild(hidden); hidden.didMove(toParent: root)
        log.entries = []
        turnDevice(.landscapeLeft)
        let entries = log.take()
        #expect(entries.filter { $0.hasPrefix("shown.") } == ["shown.willRotate(LR, 0.0)@P@10x10",
                                                            "shown.didRotate(from: P)@LR@10x10"],
                "a child that does not override the half-step methods gets the defaults (empty) of the same path")
        #expect(!entries.contains { $0.hasPrefix("hidden.") })
        #expect(!entries.contains { $0.hasPrefix("shown.shouldAutorotate") }, "only the frontmost controller is asked")
    }
}

/// Calls the deprecated question without a deprecation warning.
@MainActor
protocol LegacyAutorotation {
    func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool
}
extension UIViewController: LegacyAutorotation {}
