import Foundation
import Testing
import Tactile
import TactileCore

/// Interface orientation and rotation, iOS 6 style (SBT-ROT-01 … SBT-ROT-20, SBT-PRS-10) and the orientation types
/// (VCG-F-03, VCG-F-04). The iPhone OS 3 paths (VCG-F-01, VCG-F-02, VCG-F-05 … VCG-F-08, VCG-F-11) are in `LegacyRotationTests`.
@MainActor
@Suite("ViewController rotation (iOS 6+)")
struct ViewControllerRotationTests {
    func scene(_ log: CallbackLog, duration: TimeInterval = 0) -> (UIWindow, RotatingViewController) {
        let window = rotationScene(.modern, duration: duration)
        let root = RotatingViewController("root", log: log)
        root.logsLayout = false
        window.rootViewController = root
        log.entries = []
        return (window, root)
    }

    // MARK: - Types (VCG-F-03)

    @Test("VCG-F-03 orientation enums and masks have UIKit's raw values; the helpers test portrait / landscape")
    func f03Types() {
        #expect(UIInterfaceOrientation.portrait.rawValue == 1 && UIInterfaceOrientation.portraitUpsideDown.rawValue == 2)
        #expect(UIInterfaceOrientation.landscapeLeft.rawValue == 4 && UIInterfaceOrientation.landscapeRight.rawValue == 3)
        #expect(UIDeviceOrientation.landscapeLeft.rawValue == 3 && UIDeviceOrientation.landscapeRight.rawValue == 4)
        #expect(UIDeviceOrientation.faceUp.rawValue == 5 && UIDeviceOrientation.faceDown.rawValue == 6)
        #expect(UIInterfaceOrientationMask.portrait.rawValue == 2 && UIInterfaceOrientationMask.portraitUpsideDown.rawValue == 4)
        #expect(UIInterfaceOrientationMask.landscapeRight.rawValue == 8 && UIInterfaceOrientationMask.landscapeLeft.rawValue == 16)
        #expect(UIInterfaceOrientationMask.landscape.rawValue == 24 && UIInterfaceOrientationMask.all.rawValue == 30)
        #expect(UIInterfaceOrientationMask.allButUpsideDown.rawValue == 26)
        #expect(UIInterfaceOrientation.landscapeLeft.isLandscape && UIInterfaceOrientation.portraitUpsideDown.isPortrait)
        #expect(!UIInterfaceOrientation.portrait.isLandscape && UIInterfaceOrientation.landscapeRight.isLandscape)
        #expect(UIDeviceOrientation.landscapeRight.isLandscape && UIDeviceOrientation.portrait.isPortrait)
        #expect(!UIDeviceOrientation.faceUp.isValidInterfaceOrientation && UIDeviceOrientation.faceDown.isFlat)
    }

    // MARK: - Device (VCG-F-04, SBT-ROT-01)

    @Test("VCG-F-04 SBT-ROT-01 a device change updates UIDevice.orientation and posts orientationDidChangeNotification after the interface rotated")
    func rot01Notification() {
        let log = CallbackLog()
        _ = scene(log)
        #expect(UIDevice.current.orientation == .portrait)
        #expect(UIDevice.current.isGeneratingDeviceOrientationNotifications, "UIKit itself listens from launch")
        var seen: [String] = []
        let token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { note in
            let sender = (note.object as AnyObject?).map(ObjectIdentifier.init)
            MainActor.assumeIsolated {
                seen.append("\(UIDevice.current.orientation.rawValue) \(short(statusBar())) \(sender == ObjectIdentifier(UIDevice.current))")
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        UIDevice.current.beginGeneratingDeviceOrientationNotifications()
        turnDevice(.landscapeLeft)
        #expect(UIDevice.current.orientation == .landscapeLeft)
        #expect(seen == ["3 LR true"], "device landscape left is interface landscape right")
        UIDevice.current.endGeneratingDeviceOrientationNotifications()
        #expect(UIDevice.current.isGeneratingDeviceOrientationNotifications)
    }

    @Test("VCG-F-04 face up, face down and unknown change the device orientation but never the interface")
    func f04Flat() {
        let log = CallbackLog()
        _ = scene(log)
        turnDevice(.landscapeRight)
        #expect(statusBar() == .landscapeLeft)
        log.entries = []
        for o in [UIDeviceOrientation.faceUp, .faceDown, .unknown] {
            turnDevice(o)
            #expect(UIDevice.current.orientation == o)
        }
        #expect(statusBar() == .landscapeLeft)
        #expect(log.take() == [], "nobody is asked")
    }

    @Test("SBT-ROT-01 bad input: an unknown orientation value is refused, counted and changes nothing")
    func rot01BadInput() throws {
        let log = CallbackLog()
        _ = scene(log)
        let before = TactileHost.events.counters.rejectedInvalid
        for raw in [7, 200, -1] {
            #expect(throws: EventQueue.PostError.invalid(.unknownCode, index: 0)) {
                try TactileHost.input.deviceOrientation(rawValue: raw)
            }
        }
        #expect(TactileHost.events.counters.rejectedInvalid == before + 3)
        #expect(EventRecord.deviceOrientation(7, timestamp: 0).validate() == .unknownCode)
        #expect(EventRecord.deviceOrientation(6, timestamp: 0).validate() == nil)
        #expect(EventRecord.deviceOrientation(4, timestamp: 0).system == .deviceOrientation)
        settle()
        #expect(UIDevice.current.orientation == .portrait && statusBar() == .portrait && log.take() == [])
        try TactileHost.input.deviceOrientation(rawValue: 4)
        settle()
        #expect(UIDevice.current.orientation == .landscapeRight && statusBar() == .landscapeLeft)
    }

    // MARK: - Decision (SBT-ROT-03, SBT-ROT-06 … SBT-ROT-09)

    @Test("SBT-ROT-06 the top full-screen controller is asked shouldAutorotate, then supportedInterfaceOrientations; false stops everything")
    func rot06Decision() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        root.autorotates = false
        turnDevice(.landscapeLeft)
        #expect(log.take() == ["root.shouldAutorotate"], "supportedInterfaceOrientations is read only after YES")
        #expect(statusBar() == .portrait && orientation(of: root) == .portrait)
        root.autorotates = true
        root.mask = .portrait
        turnDevice(.landscapeRight)
        #expect(log.take() == ["root.shouldAutorotate", "root.supportedInterfaceOrientations"])
        #expect(statusBar() == .portrait)
    }

    @Test("SBT-ROT-03 SBT-ROT-06 the app's mask (delegate) is intersected with the controller's: both must agree")
    func rot03AppMask() {
        final class Delegate: NSObject, UIApplicationDelegate {
            var mask: UIInterfaceOrientationMask = .portrait
            var asked = 0
            func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
                asked += 1
                return mask
            }
        }
        let delegate = Delegate()
        let log = CallbackLog()
        let (_, root) = scene(log)
        UIApplication.shared.delegate = delegate
        root.mask = .all
        turnDevice(.landscapeLeft)
        #expect(statusBar() == .portrait, "the app allows portrait only")
        #expect(delegate.asked == 1)
        delegate.mask = .landscape
        root.mask = .portrait.union(.landscapeRight)
        turnDevice(.portrait)
        turnDevice(.landscapeLeft)  // interface landscape right: both allow it
        #expect(statusBar() == .landscapeRight)
        turnDevice(.landscapeRight)  // interface landscape left: the controller does not allow it
        #expect(statusBar() == .landscapeRight)
    }

    @Test("SBT-ROT-03 SBT-ROT-08 without the delegate method the Info.plist mask (TactileHost.supportedInterfaceOrientations) applies; defaults by idiom")
    func rot08Defaults() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        #expect(TactileHost.supportedInterfaceOrientations == .allButUpsideDown)
        #expect(UIViewController().supportedInterfaceOrientations == .allButUpsideDown)
        #expect(UIViewController().shouldAutorotate)
        root.mask = .all
        turnDevice(.portraitUpsideDown)
        #expect(statusBar() == .portrait, "iPhone: upside down is not in the app's default mask")
        TactileHost.userInterfaceIdiom = .pad
        #expect(TactileHost.supportedInterfaceOrientations == .all && UIViewController().supportedInterfaceOrientations == .all)
        UIViewController.attemptRotationToDeviceOrientation()
        #expect(statusBar() == .portraitUpsideDown)
        TactileHost.supportedInterfaceOrientations = .landscape
        turnDevice(.portrait)
        #expect(statusBar() == .portraitUpsideDown)
        turnDevice(.landscapeLeft)
        #expect(statusBar() == .landscapeRight)
        TactileHost.launch(delegate: nil)
        #expect(TactileHost.supportedInterfaceOrientations == .allButUpsideDown && TactileHost.userInterfaceIdiom == .phone)
        #expect(UIDevice.current.orientation == .portrait && statusBar() == .portrait, "every launch starts upright")
    }

    @Test("SBT-ROT-09 masks are re-read each time; attemptRotationToDeviceOrientation re-runs the decision")
    func rot09Attempt() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        root.mask = .portrait
        turnDevice(.landscapeLeft)
        #expect(statusBar() == .portrait)
        root.mask = .landscape
        log.entries = []
        UIViewController.attemptRotationToDeviceOrientation()
        #expect(statusBar() == .landscapeRight)
        #expect(Array(log.take().prefix(2)) == ["root.shouldAutorotate", "root.supportedInterfaceOrientations"])
        UIViewController.attemptRotationToDeviceOrientation()
        #expect(log.take() == [], "nothing to do when the interface already matches the device")
    }

    @Test("SBT-ROT-07 children do not vote: only the root is asked, and it decides for them")
    func rot07Children() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        let child = RotatingViewController("child", log: log)
        child.mask = .portrait
        child.autorotates = false
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        log.entries = []
        turnDevice(.landscapeLeft)
        let entries = log.take()
        #expect(!entries.contains { $0.hasPrefix("child.shouldAutorotate") || $0.hasPrefix("child.supported") })
        #expect(statusBar() == .landscapeRight)
        #expect(entries.contains("child.willRotate(LR, 0.0)@P@10x10"), "the child still gets the callbacks")
    }

    @Test("SBT-ROT-16 an empty intersection of the controller's and the app's masks is misuse: reported, no rotation")
    func rot16EmptyIntersection() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        TactileHost.supportedInterfaceOrientations = .landscape
        root.mask = .portrait
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = true }
        TactileDiagnostics.reset()
        turnDevice(.landscapeLeft)
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("no common orientation") == true)
        #expect(statusBar() == .portrait)
    }

    // MARK: - Callbacks (SBT-ROT-02, SBT-ROT-11 … SBT-ROT-15)

    @Test("SBT-ROT-11 SBT-ROT-02 order: viewWillTransition, willRotate (old bounds), bounds swap and layout, willAnimateRotation (new orientation and bounds), coordinator animation, didRotate(from: old), coordinator completion")
    func rot11Order() {
        let log = CallbackLog()
        let (window, root) = scene(log)
        root.logsLayout = true
        root.coordinatorBlocks = true
        turnDevice(.landscapeLeft)
        #expect(log.take() == [
            "root.shouldAutorotate", "root.supportedInterfaceOrientations",
            "root.viewWillTransition(480x320)",
            "root.willRotate(LR, 0.0)@P@320x480",
            "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
            "root.willAnimateRotation(LR, 0.0)@LR@480x320",
            "root.coordinator.animation@LR@480x320",
            "root.didRotate(from: P)@LR@480x320",
            "root.coordinator.completion(animated: false)",
        ])
        #expect(window.bounds.size == CGSize(width: 480, height: 320))
        #expect(root.view.frame == window.bounds, "SBT-ROT-02: the root view follows the window")
        #expect(statusBar() == .landscapeRight && orientation(of: root) == .landscapeRight, "SBT-ROT-12")
    }

    @Test("SBT-ROT-11 a 180° turn keeps the size; the did-callbacks wait for the rotation duration on the run loop clock")
    func rot11Animated() throws {
        let log = CallbackLog()
        let (_, root) = scene(log, duration: 0.4)
        root.coordinatorBlocks = true
        TactileHost.userInterfaceIdiom = .pad
        root.mask = .all
        turnDevice(.portraitUpsideDown)
        #expect(log.take().suffix(4) == ["root.viewWillTransition(320x480)", "root.willRotate(PUD, 0.4)@P@320x480",
                                         "root.willAnimateRotation(PUD, 0.4)@PUD@320x480", "root.coordinator.animation@PUD@320x480"])
        try advance(0.39)
        #expect(log.take() == [])
        try advance(0.01)
        #expect(log.take() == ["root.didRotate(from: P)@PUD@320x480", "root.coordinator.completion(animated: true)"])
    }

    @Test("SBT-ROT-11 SBT-ROT-13 VCG-F-11 callbacks are forwarded to visible children, parent first; not to children off screen or when forwarding is off")
    func rot13Forwarding() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        let shown = RotatingViewController("shown", log: log)
        let grandchild = RotatingViewController("grand", log: log)
        let offscreen = RotatingViewController("off", log: log)
        for vc in [shown, grandchild, offscreen] { vc.logsLayout = false }
        root.addChild(shown); root.view.addSubview(shown.view); shown.didMove(toParent: root)
        shown.addChild(grandchild); shown.view.addSubview(grandchild.view); grandchild.didMove(toParent: shown)
        root.addChild(offscreen); offscreen.didMove(toParent: root)  // view never added
        log.entries = []
        turnDevice(.landscapeLeft)
        let rotation = log.take().filter { !$0.contains("should") && !$0.contains("supported") && !$0.contains("Layout") }
        #expect(rotation == [
            "root.viewWillTransition(480x320)", "shown.viewWillTransition(480x320)", "grand.viewWillTransition(480x320)",
            "root.willRotate(LR, 0.0)@P@320x480", "shown.willRotate(LR, 0.0)@P@10x10", "grand.willRotate(LR, 0.0)@P@10x10",
            "root.willAnimateRotation(LR, 0.0)@LR@480x320", "shown.willAnimateRotation(LR, 0.0)@LR@10x10",
            "grand.willAnimateRotation(LR, 0.0)@LR@10x10",
            "root.didRotate(from: P)@LR@480x320", "shown.didRotate(from: P)@LR@10x10", "grand.didRotate(from: P)@LR@10x10",
        ])
        root.forwardsRotation = false
        turnDevice(.portrait)
        let back = log.take().filter { $0.contains("Rotat") }
        #expect(back == ["root.willRotate(P, 0.0)@LR@480x320", "root.willAnimateRotation(P, 0.0)@P@320x480",
                         "root.didRotate(from: LR)@P@320x480"], "SBT-ROT-13: shouldAutomaticallyForwardRotationMethods false")
    }

    @Test("SBT-ROT-15 VCG-F-05 a full-screen presented controller decides and gets the callbacks; the covered presenter is neither asked nor told")
    func rot15CoveredPresenter() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        let top = RotatingViewController("top", log: log)
        top.logsLayout = false
        top.modalPresentationStyle = .fullScreen
        root.present(top, animated: false)
        log.entries = []
        turnDevice(.landscapeLeft)
        let entries = log.take()
        #expect(!entries.contains { $0.hasPrefix("root.") })
        #expect(entries == ["top.shouldAutorotate", "top.supportedInterfaceOrientations", "top.viewWillTransition(480x320)",
                            "top.willRotate(LR, 0.0)@P@320x480", "top.willAnimateRotation(LR, 0.0)@LR@480x320",
                            "top.didRotate(from: P)@LR@480x320"])
        #expect(top.view.bounds.size == CGSize(width: 480, height: 320))
    }

    @Test("SBT-ROT-14 a controller off screen during a rotation gets no rotation messages; when it reappears its view is resized and laid out")
    func rot14HiddenPresenter() {
        let log = CallbackLog()
        let (window, root) = scene(log)
        let top = RotatingViewController("top", log: log)
        top.logsLayout = false
        top.modalPresentationStyle = .fullScreen
        root.present(top, animated: false)
        turnDevice(.landscapeLeft)
        log.entries = []
        root.logsLayout = true
        top.dismiss(animated: false)
        let entries = log.take()
        #expect(!entries.contains { $0.contains("Rotat") || $0.contains("Transition") })
        #expect(entries.contains("root.viewWillLayoutSubviews"))
        #expect(root.view.frame == window.bounds && window.bounds.width == 480)
        #expect(statusBar() == .landscapeRight)
    }

    @Test("SBT-ROT-04 SBT-ROT-05 SBT-PRS-10 a full-screen presentation turns the interface to the presented controller's preferred orientation before it appears; dismissal gives the decision back")
    func rot04Presentation() {
        let log = CallbackLog()
        let (window, root) = scene(log)
        root.mask = .portrait
        final class Landscape: RotatingViewController {
            var sizeInWillAppear: CGSize?
            var orientationInWillAppear: UIInterfaceOrientation?
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                sizeInWillAppear = view.bounds.size
                orientationInWillAppear = statusBar()
            }
        }
        let landscape = Landscape("landscape", log: log)
        landscape.logsLayout = false
        landscape.modalPresentationStyle = .fullScreen
        landscape.mask = .landscape
        landscape.preferred = .landscapeLeft
        root.present(landscape, animated: false)
        #expect(statusBar() == .landscapeLeft && landscape.orientationInWillAppear == .landscapeLeft)
        #expect(window.bounds.size == CGSize(width: 480, height: 320) && landscape.sizeInWillAppear == CGSize(width: 480, height: 320))
        #expect(!log.entries.contains { $0.contains("Rotat") }, "no rotation callbacks")
        landscape.dismiss(animated: false)
        #expect(statusBar() == .portrait, "the portrait-only presenter decides again")
        #expect(root.view.frame == window.bounds && window.bounds.width == 320)
    }

    @Test("SBT-ROT-16 presenting full screen a controller whose mask has nothing in common with the app's is misuse: reported, not presented")
    func rot16PresentMismatch() {
        let log = CallbackLog()
        let (_, root) = scene(log)
        TactileHost.supportedInterfaceOrientations = .landscape.union(.portrait)
        let upsideDownOnly = RotatingViewController("udo", log: log)
        upsideDownOnly.modalPresentationStyle = .fullScreen
        upsideDownOnly.mask = .portraitUpsideDown
        TactileDiagnostics.logsToStandardError = false
        defer { TactileDiagnostics.logsToStandardError = true }
        TactileDiagnostics.reset()
        root.present(upsideDownOnly, animated: false)
        #expect(TactileDiagnostics.misuseCount == 1)
        #expect(root.presentedViewController == nil)
    }

    @Test("SBT-ROT-10 statusBarOrientation follows the interface; setStatusBarOrientation works only when the top controller's mask is empty")
    func rot10StatusBar() {
        let log = CallbackLog()
        let (window, root) = scene(log)
        let app = UIApplication.shared as LegacyStatusBarReading
        app.setStatusBarOrientation(.landscapeLeft, animated: false)
        #expect(statusBar() == .portrait)
        root.mask = []
        app.setStatusBarOrientation(.landscapeLeft, animated: false)
        #expect(statusBar() == .landscapeLeft && window.bounds.width == 480)
    }

    @Test("SBT-ROT-20 SBT-RSP-05 touches are not delivered while an animated rotation runs; a device change during it waits for its end")
    func rot20Suspended() throws {
        final class TouchView: UIView {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        let log = CallbackLog()
        let (window, root) = scene(log, duration: 0.4)
        let target = TouchView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(target)
        let driver = TouchDriver(window: window)
        turnDevice(.landscapeLeft)
        #expect(UIApplication.shared.isIgnoringInteractionEvents)
        driver.tap(at: CGPoint(x: 10, y: 10))
        #expect(target.began == 0)
        turnDevice(.portrait)  // during the rotation: waits
        #expect(statusBar() == .landscapeRight)
        log.entries = []
        try advance(0.4)
        #expect(log.take().filter { $0.contains("Rotat") } == ["root.didRotate(from: P)@LR@480x320", "root.willRotate(P, 0.4)@LR@480x320",
                                                                 "root.willAnimateRotation(P, 0.4)@P@320x480"])
        try advance(0.4)
        #expect(!UIApplication.shared.isIgnoringInteractionEvents && statusBar() == .portrait)
        driver.tap(at: CGPoint(x: 10, y: 10))
        #expect(target.began == 1)
    }

    @Test("VCG-F-14 SBT-ROT-19 alternate landscape interface: the portrait controller observes the device and presents / dismisses a landscape-only one")
    func f14AlternateLandscape() {
        @MainActor final class Portrait: RotatingViewController {
            var landscape: RotatingViewController?
            var showing = false
            var token: NSObjectProtocol?
            func observe() {
                UIDevice.current.beginGeneratingDeviceOrientationNotifications()
                token = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { [weak self] _ in
                    MainActor.assumeIsolated { self?.changed() }
                }
            }
            func changed() {
                let o = UIDevice.current.orientation
                if o.isLandscape, !showing, let landscape {
                    present(landscape, animated: false)
                    showing = true
                } else if o == .portrait, showing {
                    dismiss(animated: false)
                    showing = false
                }
            }
        }
        let log = CallbackLog()
        let window = rotationScene(.modern)
        let portrait = Portrait("portrait", log: log)
        portrait.mask = .portrait
        let landscape = RotatingViewController("landscape", log: log)
        landscape.mask = .landscape
        landscape.modalPresentationStyle = .fullScreen
        landscape.modalTransitionStyle = .crossDissolve
        portrait.landscape = landscape
        window.rootViewController = portrait
        portrait.observe()
        defer { portrait.token.map(NotificationCenter.default.removeObserver) }
        turnDevice(.landscapeLeft)
        #expect(portrait.presentedViewController === landscape)
        #expect(statusBar() == .landscapeRight && window.bounds.width == 480)
        turnDevice(.portrait)
        #expect(portrait.presentedViewController == nil && statusBar() == .portrait && window.bounds.width == 320)
    }
}
