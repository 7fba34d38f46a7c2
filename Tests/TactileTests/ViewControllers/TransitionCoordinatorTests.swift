import Foundation
import Testing
import Tactile

/// Reads the deprecated header/footer API (SBT-ROT-21) without a deprecation warning at every use.
@MainActor
protocol LegacyRotatingViews {
    func rotatingHeaderView() -> UIView?
    func rotatingFooterView() -> UIView?
}
extension UIViewController: LegacyRotatingViews {}

/// A controller that records what its transition coordinator says during presentation callbacks.
@MainActor
final class CoordinatedViewController: LoggingViewController {
    var registersBlocks = false
    private func note(_ what: String) {
        guard let c = transitionCoordinator else { return log.append(name, "\(what):nil") }
        log.append(name, "\(what):coordinator(animated: \(c.isAnimated), \(c.transitionDuration))")
        guard registersBlocks else { return }
        c.animate(alongsideTransition: { [self] _ in log.append(name, "\(what).animation") },
                  completion: { [self] ctx in log.append(name, "\(what).completion(cancelled: \(ctx.isCancelled))") })
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); note("willAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); note("willDisappear") }
}

/// `transitionCoordinator`, the coordinator's context (VCG-F-09's angles as `targetTransform`), SBT-ROT-21, and
/// `show(_:sender:)` / `showDetailViewController(_:sender:)`.
@MainActor
@Suite("ViewController transition coordinator")
struct TransitionCoordinatorTests {
    @Test("DESIGN-COORDINATOR transitionCoordinator is nil outside transitions, also while the root appears in its window")
    func nilWhenIdle() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let root = CoordinatedViewController("root", log: log)
        root.logsLayout = false
        #expect(root.transitionCoordinator == nil)
        window.rootViewController = root
        #expect(log.take() == ["root.loadView", "root.viewDidLoad", "root.viewWillAppear(false)", "root.willAppear:nil",
                               "root.viewDidAppear(false)"])
    }

    @Test("DESIGN-COORDINATOR VCG-Q-08 an animated presentation: both controllers have the coordinator (animated, 0.3 s); alongside blocks run with the will-callbacks, completions after the did-callbacks and before present's completion")
    func presentAnimated() throws {
        let window = launchWithWindow()
        let log = CallbackLog()
        let a = CoordinatedViewController("a", log: log), b = CoordinatedViewController("b", log: log)
        a.logsLayout = false; b.logsLayout = false
        b.modalPresentationStyle = .fullScreen
        window.rootViewController = a
        b.registersBlocks = true
        log.entries = []
        a.present(b, animated: true) { log.append("present", "completion(coordinator: \(a.transitionCoordinator != nil))") }
        #expect(log.take() == [
            "b.loadView", "b.viewDidLoad",
            "a.viewWillDisappear(true)", "a.willDisappear:coordinator(animated: true, 0.3)",
            "b.viewWillAppear(true)[presented]", "b.willAppear:coordinator(animated: true, 0.3)",
            "b.willAppear.animation",
        ])
        let coordinator = try #require(a.transitionCoordinator)
        #expect(b.transitionCoordinator === coordinator, "presenter and presented share one coordinator")
        #expect(coordinator.viewController(forKey: .from) === a && coordinator.viewController(forKey: .to) === b)
        #expect(coordinator.view(forKey: .to) === b.view && coordinator.containerView === window)
        #expect(coordinator.presentationStyle == .fullScreen && coordinator.targetTransform == .identity)
        #expect(!coordinator.isCancelled && !coordinator.isInteractive)
        try TactileHost.runLoop.advance(by: 300_000_000)
        #expect(log.take() == ["b.viewDidAppear(true)[presented]", "a.viewDidDisappear(true)",
                               "b.willAppear.completion(cancelled: false)", "present.completion(coordinator: false)"])
        #expect(a.transitionCoordinator == nil && b.transitionCoordinator == nil)
        var late: [String] = []
        coordinator.animate(alongsideTransition: { _ in late.append("animation") }, completion: { _ in late.append("completion") })
        #expect(late == ["completion"], "a completion registered after the end runs at once; the animation never")
    }

    @Test("DESIGN-COORDINATOR a non-animated presentation and dismissal also have a coordinator (isAnimated false); its blocks run before present returns")
    func presentNotAnimated() {
        let window = launchWithWindow()
        let log = CallbackLog()
        let a = CoordinatedViewController("a", log: log), b = CoordinatedViewController("b", log: log)
        a.logsLayout = false; b.logsLayout = false
        window.rootViewController = a
        b.registersBlocks = true
        log.entries = []
        a.present(b, animated: false)
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "b.viewWillAppear(false)[presented]",
                               "b.willAppear:coordinator(animated: false, 0.0)", "b.willAppear.animation",
                               "b.viewDidAppear(false)[presented]", "b.willAppear.completion(cancelled: false)"])
        #expect(a.transitionCoordinator == nil)
        b.dismiss(animated: false)
        #expect(log.take() == ["b.viewWillDisappear(false)[dismissed]", "b.willDisappear:coordinator(animated: false, 0.0)",
                               "b.willDisappear.animation", "b.viewDidDisappear(false)[dismissed]",
                               "b.willDisappear.completion(cancelled: false)"])
    }

    @Test("DESIGN-COORDINATOR animateAlongsideTransition(in:) runs with the transition; interaction handlers never run (no transition here is interactive, as in UIKit for a non-interactive one)")
    func alongsideInViewAndInteraction() {
        let window = launchWithWindow()
        let a = UIViewController(), b = UIViewController()
        window.rootViewController = a
        var events: [String] = []
        a.present(b, animated: true)
        let coordinator = try! #require(b.transitionCoordinator)
        #expect(!coordinator.isInteractive)
        coordinator.notifyWhenInteractionChanges { _ in events.append("interaction changed") }
        coordinator.animateAlongsideTransition(in: window, animation: { _ in events.append("animation") },
                                               completion: { _ in events.append("completion") })
        #expect(events == ["animation"])
        try? TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(events == ["animation", "completion"])
    }

    @Test("DESIGN-COORDINATOR dismissal: from is the dismissed controller, to the presenter; the coordinator lasts until the transition ends")
    func dismissAnimated() throws {
        let window = launchWithWindow()
        let log = CallbackLog()
        let a = CoordinatedViewController("a", log: log), b = CoordinatedViewController("b", log: log)
        a.logsLayout = false; b.logsLayout = false
        window.rootViewController = a
        a.present(b, animated: false)
        a.dismiss(animated: true)
        let coordinator = try #require(b.transitionCoordinator)
        #expect(a.transitionCoordinator === coordinator)
        #expect(coordinator.viewController(forKey: .from) === b && coordinator.viewController(forKey: .to) === a)
        #expect(coordinator.isAnimated && coordinator.transitionDuration == 0.3)
        try TactileHost.runLoop.advance(by: 300_000_000)
        #expect(a.transitionCoordinator == nil && b.transitionCoordinator == nil)
    }

    @Test("VCG-F-09 DESIGN-COORDINATOR a rotation's targetTransform: ±90° for portrait ↔ landscape, 180° for landscape left ↔ right and portrait ↔ upside down")
    func f09TargetTransform() {
        let log = CallbackLog()
        let window = rotationScene(.modern)
        TactileHost.userInterfaceIdiom = .pad
        final class Recorder: RotatingViewController {
            var transforms: [CGAffineTransform] = []
            var coordinatorInWillAnimate = false
            override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                transforms.append(coordinator.targetTransform)
                #expect(transitionCoordinator === coordinator, "transitionCoordinator is the rotation's")
                #expect(coordinator.viewController(forKey: .from) === self && coordinator.presentationStyle == .none)
            }
            @available(*, deprecated)
            override func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
                coordinatorInWillAnimate = transitionCoordinator != nil
            }
        }
        let root = Recorder("root", log: log)
        root.mask = .all
        root.logsLayout = false
        window.rootViewController = root
        func angle(_ t: CGAffineTransform) -> Double { (atan2(Double(t.b), Double(t.a)) * 180 / .pi).rounded() }
        turnDevice(.landscapeLeft)   // interface portrait → landscape right
        turnDevice(.landscapeRight)  // landscape right → landscape left
        turnDevice(.portrait)        // landscape left → portrait
        turnDevice(.portraitUpsideDown)
        #expect(root.transforms.map(angle) == [90, 180, 90, 180])
        // UIKit's sign: the interface orientations' transforms are portrait 0°, landscape left −90°
        // ([0, -1, 1, 0]), landscape right +90° ([0, 1, -1, 0]); the target transform is their difference.
        #expect(root.transforms[0] == CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(root.transforms[1] == CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0), "exact, no rounding residue")
        turnDevice(.landscapeRight)  // upside down → landscape left: −90° + 180°… the short way, a quarter turn
        #expect(abs(angle(root.transforms[4])) == 90)
        #expect(root.coordinatorInWillAnimate)
        #expect(root.transitionCoordinator == nil, "nil once the rotation ended")
    }

    @Test("DESIGN-COORDINATOR a child answers its parent's coordinator during a rotation")
    func childCoordinator() throws {
        let log = CallbackLog()
        let window = rotationScene(.modern, duration: 0.4)
        let root = RotatingViewController("root", log: log), child = RotatingViewController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        window.rootViewController = root
        #expect(child.transitionCoordinator == nil)
        turnDevice(.landscapeLeft)
        let coordinator = try #require(root.transitionCoordinator)
        #expect(child.transitionCoordinator === coordinator)
        #expect(coordinator.isAnimated && coordinator.transitionDuration == 0.4 && !coordinator.isCancelled)
        try advance(0.4)
        #expect(child.transitionCoordinator == nil && root.transitionCoordinator == nil)
    }

    @Test("SBT-ROT-21 rotatingHeaderView and rotatingFooterView are nil by default and can be overridden")
    func rot21HeaderFooter() {
        final class WithBars: UIViewController {
            let header = UIView(frame: .zero), footer = UIView(frame: .zero)
            @available(*, deprecated)
            override func rotatingHeaderView() -> UIView? { header }
            @available(*, deprecated)
            override func rotatingFooterView() -> UIView? { footer }
        }
        let plain: LegacyRotatingViews = UIViewController()
        #expect(plain.rotatingHeaderView() == nil && plain.rotatingFooterView() == nil)
        let bars = WithBars()
        let legacy: LegacyRotatingViews = bars
        #expect(legacy.rotatingHeaderView() === bars.header && legacy.rotatingFooterView() === bars.footer)
    }

    @Test("DESIGN-SHOW show(_:sender:) and showDetailViewController(_:sender:) from a plain controller present modally, animated")
    func showPresents() throws {
        let window = launchWithWindow()
        let log = CallbackLog()
        let root = LoggingViewController("root", log: log), b = LoggingViewController("b", log: log)
        let c = LoggingViewController("c", log: log)
        root.logsLayout = false; b.logsLayout = false; c.logsLayout = false
        window.rootViewController = root
        log.entries = []
        root.show(b, sender: nil)
        #expect(b.presentingViewController === root && root.presentedViewController === b)
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "b.viewWillAppear(true)[presented]"])
        try TactileHost.runLoop.advance(by: 300_000_000)
        #expect(log.take() == ["b.viewDidAppear(true)[presented]"])
        b.showDetailViewController(c, sender: self)
        #expect(c.presentingViewController === b, "a presented controller presents over itself")
        try TactileHost.runLoop.advance(by: 300_000_000)
        #expect(log.take() == ["c.loadView", "c.viewDidLoad", "c.viewWillAppear(true)[presented]", "c.viewDidAppear(true)[presented]"])
    }
}

/// Builds a portrait interface at launch (SBT-LCH-02 … SBT-LCH-05) with a rotating root.
@MainActor
final class LaunchOrientationDelegate: UIResponder, UIApplicationDelegate {
    let log: CallbackLog
    let mask: UIInterfaceOrientationMask
    var window: UIWindow?
    var root: RotatingViewController?
    init(log: CallbackLog, mask: UIInterfaceOrientationMask = .allButUpsideDown) { self.log = log; self.mask = mask }
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("app", "didFinishLaunching")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let root = RotatingViewController("root", log: log)
        root.logsLayout = false
        root.mask = mask
        window.rootViewController = root
        window.makeKeyAndVisible()
        self.window = window
        self.root = root
        log.append("app", "didFinishLaunching.return(\(Int(root.view.bounds.width))x\(Int(root.view.bounds.height)))")
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { log.append("app", "didBecomeActive") }
}

@MainActor
@Suite("ViewController launch orientation")
struct LaunchOrientationTests {
    @Test("SBT-LCH-05 launched with the device turned: laid out in portrait, then after didFinishLaunching returns the rotation machinery turns the interface, before the app is active")
    func lch05LaunchTurned() {
        let log = CallbackLog()
        let delegate = LaunchOrientationDelegate(log: log)
        TactileHost.launch(delegate: delegate, deviceOrientation: .landscapeLeft)
        #expect(log.take() == [
            "app.didFinishLaunching",
            "root.loadView", "root.viewDidLoad", "root.viewWillAppear(false)", "root.viewDidAppear(false)",
            "app.didFinishLaunching.return(320x480)",
            "root.shouldAutorotate", "root.supportedInterfaceOrientations",
            "root.viewWillTransition(480x320)",
            "root.willRotate(LR, 0.0)@P@320x480",
            "root.willAnimateRotation(LR, 0.0)@LR@480x320",
            "root.didRotate(from: P)@LR@480x320",
            "app.didBecomeActive",
        ])
        #expect(UIDevice.current.orientation == .landscapeLeft)
        #expect(statusBar() == .landscapeRight)
        #expect(delegate.window!.bounds.size == CGSize(width: 480, height: 320))
        #expect(delegate.root!.view.frame == delegate.window!.bounds)
        #expect(!UIApplication.shared.isIgnoringInteractionEvents, "an unanimated rotation leaves touch delivery on")
    }

    @Test("SBT-LCH-05 SBT-ROT-06 the fix-up asks the root like any rotation: a portrait-only root stays portrait; a portrait launch asks nothing")
    func lch05Refused() {
        let log = CallbackLog()
        let portraitOnly = LaunchOrientationDelegate(log: log, mask: .portrait)
        TactileHost.launch(delegate: portraitOnly, deviceOrientation: .landscapeRight)
        #expect(log.take().suffix(3) == ["root.shouldAutorotate", "root.supportedInterfaceOrientations", "app.didBecomeActive"])
        #expect(statusBar() == .portrait && portraitOnly.window!.bounds.size == CGSize(width: 320, height: 480))
        #expect(UIDevice.current.orientation == .landscapeRight)

        let plain = LaunchOrientationDelegate(log: log)
        TactileHost.launch(delegate: plain)
        #expect(log.take().suffix(2) == ["app.didFinishLaunching.return(320x480)", "app.didBecomeActive"])
        #expect(UIDevice.current.orientation == .portrait && statusBar() == .portrait)
    }
}
