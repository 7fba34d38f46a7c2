import Foundation
import Testing
import Tactile

/// Modal presentation (VCG-Q-01 … VCG-Q-16, SBT-PRS-01 … SBT-PRS-09, DESIGN-PRESENT).
@MainActor
@Suite("ViewController presentation")
struct ViewControllerPresentationTests {
    func scene(_ log: CallbackLog, _ names: String...) -> (UIWindow, [LoggingViewController]) {
        let window = launchWithWindow()
        let vcs = names.map { LoggingViewController($0, log: log) }
        for vc in vcs { vc.logsLayout = false; vc.modalPresentationStyle = .fullScreen }
        window.rootViewController = vcs[0]
        log.entries = []
        return (window, vcs)
    }

    @Test("VCG-Q-02 VCG-Q-08 SBT-PRS-01 full-screen present: presenter willDisappear, presented willAppear, didAppear, presenter didDisappear, then completion")
    func q08Present() {
        let log = CallbackLog()
        let (window, vcs) = scene(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        a.present(b, animated: false) { log.append("present", "completion") }
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear(false)", "b.viewWillAppear(false)[presented]",
                               "b.viewDidAppear(false)[presented]", "a.viewDidDisappear(false)", "present.completion"])
        #expect(a.presentedViewController === b && b.presentingViewController === a)
        #expect(!b.isBeingPresented)
        #expect(b.view.superview === window && b.view.frame == window.bounds)
        #expect(a.view.superview == nil, "a covering presentation takes the presenter's view out")
        #expect(b.next === a, "a presented controller's next responder is its presenter")
    }

    @Test("VCG-Q-08 dismissal: presented willDisappear, presenter willAppear, presenter didAppear, presented didDisappear, completion; links cleared before the did-callbacks")
    func q08Dismiss() {
        let log = CallbackLog()
        let (window, vcs) = scene(log, "a", "b")
        final class Probe: LoggingViewController {
            var presentingInDid: UIViewController?? = .none
            override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); presentingInDid = .some(presentingViewController) }
        }
        let a = vcs[0]
        let b = Probe("b", log: log); b.logsLayout = false; b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        log.entries = []
        a.dismiss(animated: false) { log.append("dismiss", "completion") }
        #expect(log.take() == ["b.viewWillDisappear(false)[dismissed]", "a.viewWillAppear(false)", "a.viewDidAppear(false)",
                               "b.viewDidDisappear(false)[dismissed]", "dismiss.completion"])
        #expect(b.presentingInDid == .some(nil))
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)
        #expect(a.view.superview === window && b.view.superview == nil)
    }

    @Test("SBT-PRS-02 VCG-Q-06 dismiss sent to the presented controller is forwarded to its presenter")
    func prs02Forwarded() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b")
        vcs[0].present(vcs[1], animated: false)
        log.entries = []
        var done = false
        vcs[1].dismiss(animated: false) { done = true }
        #expect(done)
        #expect(vcs[0].presentedViewController == nil)
        #expect(log.take().first == "b.viewWillDisappear(false)[dismissed]")
    }

    @Test("VCG-Q-04 VCG-Q-05 SBT-PRS-03 a chain: dismissing from the bottom closes every level; only the top one and the presenter get callbacks")
    func q05Cascade() {
        let log = CallbackLog()
        let (window, vcs) = scene(log, "a", "b", "c")
        let (a, b, c) = (vcs[0], vcs[1], vcs[2])
        a.present(b, animated: false)
        b.present(c, animated: false)
        #expect(b.presentingViewController === a && b.presentedViewController === c, "VCG-Q-04: the middle has both links")
        log.entries = []
        a.dismiss(animated: false)
        #expect(log.take() == ["c.viewWillDisappear(false)[dismissed]", "a.viewWillAppear(false)", "a.viewDidAppear(false)",
                               "c.viewDidDisappear(false)[dismissed]"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && b.presentedViewController == nil
                && c.presentingViewController == nil)
        #expect(window.subviews == [a.view])
    }

    @Test("VCG-Q-04 dismissing the middle of a chain closes only what it presented")
    func q04MiddleDismiss() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b", "c")
        let (a, b, c) = (vcs[0], vcs[1], vcs[2])
        a.present(b, animated: false)
        b.present(c, animated: false)
        log.entries = []
        b.dismiss(animated: false)
        #expect(log.take() == ["c.viewWillDisappear(false)[dismissed]", "b.viewWillAppear(false)", "b.viewDidAppear(false)",
                               "c.viewDidDisappear(false)[dismissed]"])
        #expect(a.presentedViewController === b && b.presentedViewController == nil)
    }

    @Test("SBT-PRS-01 animated: the will-callbacks at once; the did-callbacks and the completion after the configurable duration on the run loop clock")
    func prs01Animated() throws {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        TactileHost.transitionDuration = 0.5
        a.present(b, animated: true) { log.append("present", "completion") }
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear(true)", "b.viewWillAppear(true)[presented]"])
        #expect(b.isBeingPresented)
        try TactileHost.runLoop.advance(by: 499_000_000)
        #expect(log.entries.isEmpty)
        try TactileHost.runLoop.advance(by: 1_000_000)
        #expect(log.take() == ["b.viewDidAppear(true)[presented]", "a.viewDidDisappear(true)", "present.completion"])
        a.dismiss(animated: true) { log.append("dismiss", "completion") }
        #expect(log.take() == ["b.viewWillDisappear(true)[dismissed]", "a.viewWillAppear(true)"])
        #expect(a.presentedViewController === b, "the links stay until the transition ends")
        try TactileHost.runLoop.advance(by: 500_000_000)
        #expect(log.take() == ["a.viewDidAppear(true)", "b.viewDidDisappear(true)[dismissed]", "dismiss.completion"])
    }

    @Test("SBT-PRS-09 DESIGN-PRESENT the default style (automatic: a sheet on current iOS) leaves the presenter on screen with no callbacks")
    func prs09Sheet() {
        let log = CallbackLog()
        let (window, vcs) = scene(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        b.modalPresentationStyle = .automatic
        a.present(b, animated: false)
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "b.viewWillAppear(false)[presented]", "b.viewDidAppear(false)[presented]"])
        #expect(a.view.superview === window)
        b.dismiss(animated: false)
        #expect(log.take() == ["b.viewWillDisappear(false)[dismissed]", "b.viewDidDisappear(false)[dismissed]"])
    }

    @Test("SBT-PRS-04 VCG-Q-02 iPhone OS 3: presentModalViewController is always full screen; modalViewController and parentViewController link both ways")
    @available(*, deprecated)
    func prs04Legacy() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        TactileHost.behavior = .iPhoneOS3
        b.modalPresentationStyle = .automatic
        a.presentModalViewController(b, animated: false)
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear(false)", "b.viewWillAppear(false)[presented]",
                               "b.viewDidAppear(false)[presented]", "a.viewDidDisappear(false)"])
        #expect(a.modalViewController === b && b.parentViewController === a)
        a.dismissModalViewController(animated: false)
        #expect(a.modalViewController == nil && b.parentViewController == nil)
    }

    @Test("VCG-Q-02 iOS 5 and later: parentViewController is the container parent only")
    @available(*, deprecated)
    func q02ModernParentViewController() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b")
        vcs[0].present(vcs[1], animated: false)
        #expect(vcs[1].parentViewController == nil)
        #expect(vcs[0].modalViewController === vcs[1])
    }

    @Test("VCG-Q-09 VCG-Q-13 DESIGN-PRESENT a presented container forwards appearance to its child; presenting from a child uses the root of its chain")
    func q13Container() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "container")
        let (a, container) = (vcs[0], vcs[1])
        let child = LoggingViewController("child", log: log); child.logsLayout = false
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        let inner = LoggingViewController("inner", log: log); inner.logsLayout = false
        a.addChild(inner)
        a.view.addSubview(inner.view)
        inner.didMove(toParent: a)
        log.entries = []
        inner.present(container, animated: false)
        #expect(container.presentingViewController === a, "the root of the presenter's container chain presents")
        #expect(inner.presentedViewController === container)
        #expect(log.take() == ["a.viewWillDisappear(false)", "inner.viewWillDisappear(false)",
                               "container.viewWillAppear(false)[presented]", "child.viewWillAppear(false)",
                               "container.viewDidAppear(false)[presented]", "child.viewDidAppear(false)",
                               "a.viewDidDisappear(false)", "inner.viewDidDisappear(false)"])
        #expect(child.presentingViewController === a, "a child of a presented controller answers its ancestor's presenter")
        container.dismiss(animated: false)
        #expect(log.take() == ["container.viewWillDisappear(false)[dismissed]", "child.viewWillDisappear(false)",
                               "a.viewWillAppear(false)", "inner.viewWillAppear(false)", "a.viewDidAppear(false)", "inner.viewDidAppear(false)",
                               "container.viewDidDisappear(false)[dismissed]", "child.viewDidDisappear(false)"])
    }

    @Test("VCG-Q-01 DESIGN-PRESENT misuse is reported and changes nothing: already presented, self, not in a window, already presenting, has a parent")
    func q01Misuse() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b", "c")
        let (a, b, c) = (vcs[0], vcs[1], vcs[2])
        a.present(b, animated: false)
        log.entries = []
        TactileDiagnostics.reset()
        var completions = 0
        c.present(b, animated: false) { completions += 1 }        // b is already presented
        a.present(a, animated: false) { completions += 1 }        // itself
        let loose = UIViewController()
        loose.present(UIViewController(), animated: false) { completions += 1 }  // not in a window
        a.present(c, animated: false) { completions += 1 }        // a is already presenting b
        let parent = UIViewController(), kid = UIViewController()
        parent.addChild(kid)
        b.present(kid, animated: false) { completions += 1 }      // kid has a parent
        #expect(TactileDiagnostics.misuseCount == 5)
        #expect(completions == 0)
        #expect(log.entries.filter { !$0.hasSuffix("loadView") && !$0.hasSuffix("viewDidLoad") }.isEmpty)
        #expect(a.presentedViewController === b && b.presentedViewController == nil && c.presentingViewController == nil)
    }

    @Test("SBT-PRS-07 partial curl: a controller presented with it cannot present; it needs a full-screen style")
    func prs07PartialCurl() {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b", "c")
        let (a, b, c) = (vcs[0], vcs[1], vcs[2])
        TactileDiagnostics.reset()
        b.modalTransitionStyle = .partialCurl
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: false)
        #expect(TactileDiagnostics.misuseCount == 1 && a.presentedViewController == nil)
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        #expect(a.presentedViewController === b)
        b.present(c, animated: false)
        #expect(TactileDiagnostics.misuseCount == 2 && b.presentedViewController == nil)
    }

    @Test("DESIGN-PRESENT dismissing while an animated presentation is in flight is reported; dismiss with nothing presented does nothing")
    func dismissInFlight() throws {
        let log = CallbackLog()
        let (_, vcs) = scene(log, "a", "b")
        TactileDiagnostics.reset()
        vcs[0].dismiss(animated: false)
        #expect(TactileDiagnostics.misuseCount == 0 && log.entries.isEmpty)
        vcs[0].present(vcs[1], animated: true)
        vcs[0].dismiss(animated: false)
        #expect(TactileDiagnostics.misuseCount == 1)
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(vcs[0].presentedViewController === vcs[1])
    }
}
