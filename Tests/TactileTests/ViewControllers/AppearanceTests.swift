import Foundation
import Testing
import Tactile

/// An app delegate that builds the interface at launch (VCG-T-01, SBT-LCH-02 … SBT-LCH-04) and records the order.
@MainActor
final class RootBuildingDelegate: UIResponder, UIApplicationDelegate {
    let log: CallbackLog
    var window: UIWindow?
    var root: LoggingViewController?
    var rootLoadedAfterAssignment = true
    init(log: CallbackLog) { self.log = log }
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("app", "didFinishLaunching")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let root = LoggingViewController("root", log: log)
        window.rootViewController = root
        rootLoadedAfterAssignment = root.isViewLoaded
        log.append("app", "makeKeyAndVisible")
        window.makeKeyAndVisible()
        self.window = window
        self.root = root
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { log.append("app", "didBecomeActive") }
}

/// Appearance callbacks and window installation (VCG-D-01 … VCG-D-05, VCG-D-09, SBT-APR-01 … SBT-APR-08, SBT-LAY-01, VCG-T-01, SBT-LCH).
@MainActor
@Suite("ViewController appearance")
struct ViewControllerAppearanceTests {
    @Test("VCG-T-01 SBT-LCH-02 SBT-LCH-03 SBT-LCH-04 launch: the root is not loaded until the window is shown; makeKeyAndVisible loads, sizes and shows it in order")
    func lch04Launch() {
        let log = CallbackLog()
        let delegate = RootBuildingDelegate(log: log)
        TactileHost.launch(delegate: delegate)
        #expect(!delegate.rootLoadedAfterAssignment, "SBT-LCH-03: nothing is loaded before the window is shown")
        #expect(log.take() == [
            "app.didFinishLaunching", "app.makeKeyAndVisible",
            "root.loadView", "root.viewDidLoad", "root.viewWillAppear(false)",
            "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "root.viewDidAppear(false)",
            "app.didBecomeActive",
        ])
        let window = delegate.window!, root = delegate.root!
        #expect(window.rootViewController === root)
        #expect(root.view.superview === window)
        #expect(root.view.frame == window.bounds, "SBT-LCH-04: the root view fills the window")
        #expect(root.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(window.isKeyWindow)
    }

    @Test("SBT-LCH-04 SBT-LAY-03 a root view follows the window's size (autoresizing) and lays out with the controller's callbacks")
    func lch04Resize() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let root = LoggingViewController("root", log: log)
        window.rootViewController = root
        settle()
        log.entries = []
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
        settle()
        #expect(log.take() == ["root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews"])
    }

    @Test("SBT-LAY-01 viewWillLayoutSubviews, the root view's layoutSubviews, then viewDidLayoutSubviews")
    func lay01Order() {
        let window = launchWithWindow()
        let log = CallbackLog()
        final class Root: UIView {
            var log: CallbackLog?
            override func layoutSubviews() { log?.append("rootView", "layoutSubviews") }
        }
        final class VC: LoggingViewController {
            override func loadView() { let r = Root(frame: .zero); r.log = log; view = r }
        }
        let vc = VC("vc", log: log)
        window.rootViewController = vc
        settle()
        log.entries = []
        vc.view.setNeedsLayout()
        settle()
        #expect(log.take() == ["vc.viewWillLayoutSubviews", "rootView.layoutSubviews", "vc.viewDidLayoutSubviews"])
    }

    @Test("SBT-LCH-04 replacing the root controller: the old root disappears, the new one appears")
    func lch04ReplaceRoot() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let a = LoggingViewController("a", log: log), b = LoggingViewController("b", log: log)
        a.logsLayout = false; b.logsLayout = false
        window.rootViewController = a
        log.entries = []
        window.rootViewController = b
        #expect(log.take() == ["a.viewWillDisappear(false)", "a.viewDidDisappear(false)",
                               "b.loadView", "b.viewDidLoad", "b.viewWillAppear(false)", "b.viewDidAppear(false)"])
        #expect(a.view.superview == nil && b.view.superview === window)
    }

    @Test("VCG-D-01 VCG-D-02 VCG-D-07 adding a controller's view directly to a window sends viewWillAppear then viewDidAppear")
    func d02DirectInstall() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        vc.logsLayout = false
        window.addSubview(vc.view)
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad", "vc.viewWillAppear(false)", "vc.viewDidAppear(false)"])
        window.addSubview(vc.view)  // already there: reordering only
        #expect(log.entries.isEmpty)
    }

    @Test("VCG-D-03 removing the view from the window sends viewWillDisappear then viewDidDisappear, once")
    func d03Remove() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let vc = LoggingViewController("vc", log: log)
        vc.logsLayout = false
        window.addSubview(vc.view)
        log.entries = []
        final class Probe: UIView {
            var log: CallbackLog?
            override func willMove(toWindow newWindow: UIWindow?) { if newWindow == nil { log?.append("view", "willMove(toWindow: nil)") } }
        }
        let probe = Probe(frame: .zero); probe.log = log
        vc.view.addSubview(probe)
        vc.view.removeFromSuperview()
        #expect(log.take() == ["vc.viewWillDisappear(false)", "view.willMove(toWindow: nil)", "vc.viewDidDisappear(false)"],
                "SBT-APR-03: the will-callback comes before the view leaves")
        vc.view.removeFromSuperview()
        #expect(log.entries.isEmpty)
    }

    @Test("VCG-D-05 a controller's view added by hand to some other view gets no appearance callbacks, in or out")
    func d05HandEmbedded() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let host = UIView(frame: window.bounds)
        window.addSubview(host)
        let vc = LoggingViewController("vc", log: log)
        vc.logsLayout = false
        host.addSubview(vc.view)
        #expect(log.take() == ["vc.loadView", "vc.viewDidLoad"], "loaded by the access, but no appearance")
        vc.view.removeFromSuperview()
        host.addSubview(vc.view)
        host.removeFromSuperview()
        window.addSubview(host)
        #expect(log.entries.isEmpty)
        // Also inside another controller's view without containment.
        let other = LoggingViewController("other", log: log)
        other.logsLayout = false
        window.rootViewController = other
        log.entries = []
        let stray = LoggingViewController("stray", log: log)
        _ = stray.view
        log.entries = []
        other.view.addSubview(stray.view)
        #expect(log.entries.isEmpty)
    }

    @Test("VCG-D-09 SBT-APR-07 a container forwards appearance to its children: parent first, then child, for will and did")
    func d09Forwarding() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let parent = LoggingViewController("parent", log: log), child = LoggingViewController("child", log: log)
        parent.logsLayout = false; child.logsLayout = false
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        log.entries = []
        window.rootViewController = parent
        #expect(log.take() == ["parent.viewWillAppear(false)", "child.viewWillAppear(false)",
                               "parent.viewDidAppear(false)", "child.viewDidAppear(false)"])
        window.rootViewController = nil
        #expect(log.take() == ["parent.viewWillDisappear(false)", "child.viewWillDisappear(false)",
                               "parent.viewDidDisappear(false)", "child.viewDidDisappear(false)"])
    }

    @Test("SBT-APR-07 DESIGN-APPEARANCE with shouldAutomaticallyForwardAppearanceMethods false the container drives its child with begin/endAppearanceTransition")
    func apr07ManualForwarding() {
        let window = launchWithWindow()
        let log = CallbackLog()
        final class Manual: LoggingViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let parent = Manual("parent", log: log), child = LoggingViewController("child", log: log)
        parent.logsLayout = false; child.logsLayout = false
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        log.entries = []
        window.rootViewController = parent
        #expect(log.take() == ["parent.viewWillAppear(false)", "parent.viewDidAppear(false)"])
        child.beginAppearanceTransition(true, animated: true)
        child.beginAppearanceTransition(true, animated: true)
        #expect(log.take() == ["child.viewWillAppear(true)"], "a repeated begin sends nothing")
        child.endAppearanceTransition()
        child.endAppearanceTransition()
        #expect(log.take() == ["child.viewDidAppear(true)"])
        child.beginAppearanceTransition(false, animated: false)
        child.endAppearanceTransition()
        #expect(log.take() == ["child.viewWillDisappear(false)", "child.viewDidDisappear(false)"])
    }

    @Test("SBT-APR-01 SBT-APR-02 the view is not in the window during viewWillAppear and is during viewDidAppear")
    func apr01WindowDuringCallbacks() {
        let window = launchWithWindow()
        final class Probe: UIViewController {
            var windowInWill: UIWindow?? = .none
            var windowInDid: UIWindow?? = .none
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); windowInWill = .some(view.window) }
            override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); windowInDid = .some(view.window) }
        }
        let vc = Probe()
        window.rootViewController = vc
        #expect(vc.windowInWill == .some(nil))
        #expect(vc.windowInDid == .some(window))
    }
}
