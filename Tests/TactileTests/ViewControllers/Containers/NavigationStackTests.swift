import Foundation
import Testing
@testable import Tactile

/// The navigation stack and its callbacks (VCG-K, VCG-L, VCG-M, DESIGN-NAV). Orders are the ones logged on
/// devices (issue 16's reference log: push B over A → B.viewDidLoad, A.viewWillDisappear, B.viewWillAppear,
/// willShow(B), A.viewDidDisappear, B.viewDidAppear, didShow(B); pop mirrors it).
@MainActor
@Suite("Navigation controller: stack")
struct NavigationStackTests {
    /// Keeps delegates alive (they are held weakly).
    let retained = Retained()

    func onScreen(_ log: CallbackLog, _ names: String...) -> (UIWindow, UINavigationController, LoggingNavigationDelegate,
                                                              [LoggingViewController]) {
        navigationScene(log, names, retained: retained)
    }

    @Test("VCG-K-08 VCG-K-07 init(rootViewController:): the stack is [root], the root shows no back button and cannot be popped")
    func k08Root() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a")
        #expect(nav.viewControllers == [vcs[0]] && nav.topViewController === vcs[0])
        #expect(nav.navigationBar.backItem == nil && !nav.navigationBar.showsBackButton)
        #expect(nav.popViewController(animated: false) == nil)
        #expect(nav.popToRootViewController(animated: false) == [])
        #expect(nav.viewControllers.count == 1 && log.take().isEmpty)
    }

    @Test("VCG-M-06 DESIGN-NAV first appearance: the root loads and appears inside the navigation controller's appearance, the delegate hears willShow/didShow, isMovingToParent is true, didMove(toParent:) comes last")
    func m06FirstAppearance() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let a = LoggingViewController("a", log: log)
        a.logsLayout = false
        let nav = UINavigationController(rootViewController: a)
        let delegate = LoggingNavigationDelegate(log: log)
        nav.delegate = delegate
        #expect(log.take() == ["a.willMove(toParent: UINavigationController)"])
        #expect(!a.isViewLoaded, "the root's view loads when the navigation controller needs it")
        window.rootViewController = nav
        #expect(log.take() == ["a.loadView", "a.viewDidLoad", "a.viewWillAppear(false)[toParent]", "delegate.willShow(a, false)",
                               "a.viewDidAppear(false)[toParent]", "delegate.didShow(a, false)",
                               "a.didMove(toParent: UINavigationController)"])
        #expect(a.parent === nav && nav.children == [a] && a.navigationController === nav)
    }

    @Test("VCG-M-01 VCG-M-02 VCG-K-12 DESIGN-NAV VCG-L-01 push, not animated: willMove first, then the device-logged order, then didMove(toParent:)")
    func m02Push() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        nav.pushViewController(b, animated: false)
        #expect(log.take() == ["b.willMove(toParent: UINavigationController)", "b.loadView", "b.viewDidLoad",
                               "a.viewWillDisappear(false)", "b.viewWillAppear(false)[toParent]", "delegate.willShow(b, false)",
                               "a.viewDidDisappear(false)", "b.viewDidAppear(false)[toParent]", "delegate.didShow(b, false)",
                               "b.didMove(toParent: UINavigationController)"])
        #expect(nav.viewControllers == [a, b] && nav.topViewController === b && nav.children == [a, b])
        #expect(b.view.superview === nav.view && a.view.superview == nil, "only the top's view is in the container (VCG-K-02)")
        #expect(!b.isMovingToParent)
    }

    @Test("VCG-L-04 VCG-M-02 DESIGN-NAV pop mirrors push: willMove(toParent: nil) first, isMovingFromParent in the disappear pair, didMove(toParent: nil) last; the popped controller is returned")
    func l04Pop() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        nav.pushViewController(b, animated: false)
        log.entries = []
        let popped = nav.popViewController(animated: false)
        #expect(popped === b)
        #expect(log.take() == ["b.willMove(toParent: nil)", "b.viewWillDisappear(false)[fromParent]", "a.viewWillAppear(false)",
                               "delegate.willShow(a, false)", "b.viewDidDisappear(false)[fromParent]", "a.viewDidAppear(false)",
                               "delegate.didShow(a, false)", "b.didMove(toParent: nil)"])
        #expect(b.parent == nil && nav.children == [a] && !b.isMovingFromParent)
        #expect(a.view.superview === nav.view && b.view.superview == nil)
    }

    @Test("VCG-M-02 VCG-N-14 DESIGN-NAV animated push: the stack changes at once, the did-phase waits for the transition duration on the run loop clock")
    func m02AnimatedPush() throws {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b")
        let (a, b) = (vcs[0], vcs[1])
        nav.pushViewController(b, animated: true)
        #expect(nav.topViewController === b && nav.navigationBar.topItem === b.navigationItem)
        #expect(log.take() == ["b.willMove(toParent: UINavigationController)", "b.loadView", "b.viewDidLoad",
                               "a.viewWillDisappear(true)", "b.viewWillAppear(true)[toParent]", "delegate.willShow(b, true)"])
        #expect(b.transitionCoordinator != nil && a.transitionCoordinator != nil)
        #expect(a.view.superview === nav.view && b.view.superview === nav.view, "both views are in during the animation")
        try TactileHost.runLoop.advance(by: UInt64(TactileHost.transitionDuration * 0.5 * 1e9))
        #expect(log.take().isEmpty)
        try TactileHost.runLoop.advance(by: UInt64(TactileHost.transitionDuration * 0.6 * 1e9))
        #expect(log.take() == ["a.viewDidDisappear(true)", "b.viewDidAppear(true)[toParent]", "delegate.didShow(b, true)",
                               "b.didMove(toParent: UINavigationController)"])
        #expect(b.transitionCoordinator == nil && a.view.superview == nil)
    }

    @Test("DESIGN-NAV a push or pop while a transition runs changes nothing and is reported (iOS 13+: \"the navigation stack will not be updated\")")
    func navRefusedDuringTransition() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b", "c")
        nav.pushViewController(vcs[1], animated: true)
        let before = TactileDiagnostics.misuseCount
        nav.pushViewController(vcs[2], animated: false)
        #expect(nav.popViewController(animated: false) == nil)
        #expect(TactileDiagnostics.misuseCount == before + 2)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("the navigation stack will not be updated") == true)
        finishTransitions()
        #expect(nav.viewControllers == [vcs[0], vcs[1]] && vcs[2].parent == nil)
        nav.pushViewController(vcs[2], animated: false)
        #expect(nav.topViewController === vcs[2], "after the transition a push goes through")
    }

    @Test("VCG-L-02 VCG-L-03 VCG-R-01 pushing a controller already on the stack, a navigation controller or a tab bar controller is misuse: reported with UIKit's reason, nothing changes")
    func l02Misuse() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b")
        nav.pushViewController(vcs[1], animated: false)
        log.entries = []
        nav.pushViewController(vcs[0], animated: false)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.hasPrefix("Pushing the same view controller instance more than once is not supported") == true)
        nav.pushViewController(UINavigationController(), animated: false)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Pushing a navigation controller is not supported")
        nav.pushViewController(UITabBarController(), animated: false)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Pushing a tab bar controller is not supported")
        nav.setViewControllers([vcs[0], vcs[0]], animated: false)
        #expect(TactileDiagnostics.misuseCount == 4)
        #expect(nav.viewControllers == [vcs[0], vcs[1]] && log.take().isEmpty)
    }

    @Test("VCG-L-06 popToViewController: only the outgoing top and the incoming controller get appearance callbacks; intermediates just leave; the popped ones are returned bottom first; a controller not on the stack is misuse")
    func l06PopTo() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b", "c", "d")
        nav.setViewControllers(vcs, animated: false)
        log.entries = []
        let popped = nav.popToViewController(vcs[1], animated: true)
        #expect(popped == [vcs[2], vcs[3]])
        #expect(nav.viewControllers == [vcs[0], vcs[1]])
        finishTransitions()
        #expect(log.take() == ["c.willMove(toParent: nil)", "d.willMove(toParent: nil)", "b.loadView", "b.viewDidLoad",
                               "d.viewWillDisappear(true)[fromParent]", "b.viewWillAppear(true)", "delegate.willShow(b, true)",
                               "d.viewDidDisappear(true)[fromParent]", "b.viewDidAppear(true)", "delegate.didShow(b, true)",
                               "c.didMove(toParent: nil)", "d.didMove(toParent: nil)"])
        #expect(vcs[2].parent == nil && vcs[3].parent == nil && !vcs[2].isViewLoaded)
        #expect(nav.popToViewController(vcs[3], animated: false) == nil)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Tried to pop to a view controller that doesn't exist.")
    }

    @Test("VCG-L-05 popToRootViewController pops everything above the root and returns it")
    func l05PopToRoot() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b", "c")
        nav.viewControllers = vcs
        #expect(nav.popToRootViewController(animated: false) == [vcs[1], vcs[2]])
        #expect(nav.viewControllers == [vcs[0]] && nav.topViewController === vcs[0])
    }

    @Test("VCG-L-08 VCG-L-10 VCG-M-05 setViewControllers picks one transition: pop when the new top is below, push otherwise, none when the top stays; dropped controllers leave")
    func l08SetViewControllers() {
        let log = CallbackLog()
        let (_, nav, delegate, vcs) = onScreen(log, "a", "b", "c", "d")
        delegate.animator = nil
        nav.setViewControllers([vcs[0], vcs[1], vcs[2]], animated: true)
        finishTransitions()
        #expect(delegate.operations == [.push])
        #expect(log.take().contains("delegate.didShow(c, true)"))
        nav.setViewControllers([vcs[1]], animated: true)
        finishTransitions()
        #expect(delegate.operations == [.push, .pop])
        #expect(vcs[0].parent == nil && vcs[2].parent == nil && nav.children == [vcs[1]])
        log.entries = []
        nav.setViewControllers([vcs[3], vcs[1]], animated: false)
        #expect(delegate.operations == [.push, .pop], "the top did not change: no transition")
        #expect(log.take() == ["d.willMove(toParent: UINavigationController)", "d.didMove(toParent: UINavigationController)"])
        #expect(nav.viewControllers == [vcs[3], vcs[1]] && nav.navigationBar.backItem === vcs[3].navigationItem)
    }

    @Test("VCG-L-09 viewControllers is a copy; assigning it is setViewControllers(_:animated: false)")
    func l09Copy() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b")
        var copy = nav.viewControllers
        copy.append(vcs[1])
        #expect(nav.viewControllers.count == 1)
        nav.viewControllers = copy
        #expect(nav.topViewController === vcs[1] && vcs[1].viewIfLoaded?.window != nil, "done at once, not animated")
    }

    @Test("VCG-L-11 VCG-K-04 VCG-R-02 a navigation controller filled with animated: false before it is presented shows its top; only the top appears")
    func l11Prepopulated() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let host = UIViewController()
        window.rootViewController = host
        let vcs = loggingControllers(log, "a", "b", "c")
        let nav = UINavigationController(rootViewController: vcs[0])
        nav.pushViewController(vcs[1], animated: false)
        nav.pushViewController(vcs[2], animated: false)
        nav.modalPresentationStyle = .fullScreen
        log.entries = []
        host.present(nav, animated: false)
        #expect(log.take() == ["c.loadView", "c.viewDidLoad", "c.viewWillAppear(false)[toParent]", "c.viewDidAppear(false)[toParent]",
                               "c.didMove(toParent: UINavigationController)"])
        #expect(!vcs[0].isViewLoaded && !vcs[1].isViewLoaded)
        #expect(nav.presentingViewController === host)
    }

    @Test("VCG-K-09 VCG-Q-12 visibleViewController is the controller presented over the navigation controller, else the top; topViewController does not change")
    func k09Visible() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b")
        #expect(nav.visibleViewController === vcs[0])
        vcs[0].present(vcs[1], animated: false)
        #expect(nav.topViewController === vcs[0] && nav.visibleViewController === vcs[1])
        #expect(vcs[1].presentingViewController === nav, "the container presents (its chain's root)")
        vcs[1].dismiss(animated: false)
        #expect(nav.visibleViewController === vcs[0])
    }

    @Test("VCG-J-06 SBT-CON-10 navigationController and tabBarController are the nearest container ancestors; nil without one")
    func j06BackPointers() {
        let log = CallbackLog()
        let vcs = loggingControllers(log, "a", "b")
        #expect(vcs[0].navigationController == nil && vcs[0].tabBarController == nil)
        let nav = UINavigationController(rootViewController: vcs[0])
        let inner = UIViewController()
        vcs[0].addChild(inner)
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, vcs[1]]
        #expect(inner.navigationController === nav && inner.tabBarController === tabs)
        #expect(vcs[1].navigationController == nil && vcs[1].tabBarController === tabs)
        #expect(nav.tabBarController === tabs && nav.navigationController == nil)
    }

    @Test("DESIGN-SHOW VCG-S-01 show(_:sender:) from a controller inside a navigation controller pushes, animated; outside one it presents")
    func showPushes() {
        let log = CallbackLog()
        let (_, nav, _, vcs) = onScreen(log, "a", "b", "c")
        let child = UIViewController()
        vcs[0].addChild(child)
        vcs[0].view.addSubview(child.view)
        child.didMove(toParent: vcs[0])
        child.show(vcs[1], sender: nil)
        #expect(nav.topViewController === vcs[1] && vcs[1].presentingViewController == nil)
        #expect(vcs[0].targetViewController(forAction: Selector("showViewController:sender:"), sender: nil) === nav)
        finishTransitions()
        vcs[1].navigationController?.pushViewController(vcs[2], animated: false)
        #expect(nav.viewControllers == vcs)
    }

    @Test("VCG-I-02 SBT-RSP-02 a pushed controller sits in the responder chain: its view → it → the navigation controller's view → the navigation controller → the window")
    func responderChain() {
        let log = CallbackLog()
        let (window, nav, _, vcs) = onScreen(log, "a", "b")
        nav.pushViewController(vcs[1], animated: false)
        var chain: [UIResponder] = []
        var r: UIResponder? = vcs[1].view
        while let x = r, chain.count < 6 { chain.append(x); r = x.next }
        #expect(chain.count == 6)
        #expect(chain[0] === vcs[1].view && chain[1] === vcs[1] && chain[2] === nav.view && chain[3] === nav && chain[4] === window)
    }

    @Test("DESIGN-PRESENT SBT-PRS-09 definesPresentationContext within a navigation stack: a .currentContext presentation from a pushed controller is presented by the navigation controller and covers its view only")
    func presentationContextInStack() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let host = UIViewController()
        window.rootViewController = host
        let vcs = loggingControllers(log, "a", "b", "c")
        let nav = UINavigationController(rootViewController: vcs[0])
        nav.definesPresentationContext = true
        host.addChild(nav)
        host.view.addSubview(nav.view)
        nav.view.frame = CGRect(x: 0, y: 100, width: 320, height: 300)
        nav.didMove(toParent: host)
        nav.pushViewController(vcs[1], animated: false)
        vcs[2].modalPresentationStyle = .currentContext
        vcs[1].present(vcs[2], animated: false)
        #expect(vcs[2].presentingViewController === nav && nav.presentedViewController === vcs[2])
        #expect(vcs[2].view.frame == CGRect(x: 0, y: 100, width: 320, height: 300) && vcs[2].view.superview === host.view)
        #expect(nav.visibleViewController === vcs[2] && host.presentedViewController == nil)
    }

    @Test("VCG-K-10 one controller class per level, a new instance per level: instances of one class stack")
    func k10Instances() {
        let log = CallbackLog()
        let (_, nav, _, _) = onScreen(log, "a")
        let levels = (1...3).map { LoggingViewController("level\($0)", log: log) }
        for level in levels { nav.pushViewController(level, animated: false) }
        #expect(nav.viewControllers.count == 4 && nav.topViewController === levels[2])
        #expect(nav.navigationBar.items?.count == 4)
    }

    @Test("VCG-K-03 the navigation controller does not install itself: nothing appears until its view is in a window")
    func k03Install() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a")
        let nav = UINavigationController(rootViewController: vcs[0])
        _ = nav.view
        log.entries = []
        nav.view.layoutIfNeeded()
        #expect(vcs[0].isViewLoaded, "laying out the navigation controller's view puts the top's view in")
        #expect(!log.take().contains { $0.contains("Appear") })
        window.addSubview(nav.view)
        #expect(log.take().contains("a.viewDidAppear(false)[toParent]"))
    }
}

/// The public surface of the containers, as client code writes it (VCG-K-11): compiling is the test.
@MainActor
@Suite("Navigation controller: API surface")
struct NavigationSurfaceTests {
    @Test("VCG-K-01 VCG-K-11 the class reference's task list: a stack, a bar and an optional toolbar, reachable by UIKit's names")
    func k11Surface() {
        launchWithWindow()
        let root = UIViewController()
        let nav: UINavigationController = UINavigationController(rootViewController: root)
        let top: UIViewController? = nav.topViewController
        let visible: UIViewController? = nav.visibleViewController
        let stack: [UIViewController] = nav.viewControllers
        nav.setViewControllers(stack, animated: false)
        nav.pushViewController(UIViewController(), animated: false)
        let popped: UIViewController? = nav.popViewController(animated: false)
        let toRoot: [UIViewController]? = nav.popToRootViewController(animated: false)
        let to: [UIViewController]? = nav.popToViewController(root, animated: false)
        let bar: UINavigationBar = nav.navigationBar
        nav.isNavigationBarHidden = false
        nav.setNavigationBarHidden(false, animated: false)
        let toolbar: UIToolbar? = nav.toolbar
        nav.isToolbarHidden = true
        nav.setToolbarHidden(true, animated: false)
        let delegate: (any UINavigationControllerDelegate)? = nav.delegate
        let custom = UINavigationController(navigationBarClass: UINavigationBar.self, toolbarClass: nil)
        #expect(top === root && visible === root && stack == [root] && popped != nil && toRoot == [] && to == [])
        #expect(bar.topItem === root.navigationItem && toolbar != nil && delegate == nil && custom.viewControllers.isEmpty)
        #expect(UINavigationController.hideShowBarDuration == 0.2)
    }

    @Test("VCG-N-06 bar items are UIBarButtonItems; a custom view is wrapped with init(customView:)")
    func n06CustomView() {
        launchWithWindow()
        let vc = UIViewController()
        let nav = UINavigationController(rootViewController: vc)
        let control = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
        vc.navigationItem.rightBarButtonItem = UIBarButtonItem(customView: control)
        #expect(nav.navigationBar.topItem?.rightBarButtonItem?.customView === control)
    }

    @Test("VCG-K-01 a navigation bar subclass given to init(navigationBarClass:toolbarClass:) is the bar")
    func customBarClass() {
        final class MyBar: UINavigationBar {}
        final class MyToolbar: UIToolbar {}
        launchWithWindow()
        let nav = UINavigationController(navigationBarClass: MyBar.self, toolbarClass: MyToolbar.self)
        #expect(nav.navigationBar is MyBar && nav.toolbar is MyToolbar)
        let plain = UINavigationController(navigationBarClass: UIView.self, toolbarClass: nil)
        #expect(type(of: plain.navigationBar) == UINavigationBar.self)
    }

    @Test("VCG-P-08 a tab bar controller with one controller works (two or more is guidance, not enforced)")
    func p08OneTab() {
        let window = launchWithWindow()
        let tabs = UITabBarController()
        let only = UIViewController()
        tabs.viewControllers = [only]
        window.rootViewController = tabs
        #expect(tabs.selectedViewController === only && only.view.window === window && TactileDiagnostics.misuseCount == 0)
    }

    @Test("VCG-B-08 VCG-G-02 iPhone OS 3: a memory warning unloads the views of controllers below the top; a pop reloads the revealed one")
    @available(*, deprecated)
    func memoryWarningBelowTop() {
        let log = CallbackLog()
        let window = launchWithWindow()
        TactileHost.behavior = .iPhoneOS3
        let vcs = loggingControllers(log, "a", "b")
        let nav = UINavigationController(rootViewController: vcs[0])
        window.rootViewController = nav
        nav.pushViewController(vcs[1], animated: false)
        log.entries = []
        TactileHost.simulateMemoryWarning()
        #expect(!vcs[0].isViewLoaded && vcs[1].isViewLoaded)
        #expect(log.take().contains("a.viewDidUnload(loaded: false)"))
        nav.popViewController(animated: false)
        #expect(vcs[0].isViewLoaded && vcs[0].view.window === window)
        #expect(log.take().starts(with: ["b.willMove(toParent: nil)", "a.loadView", "a.viewDidLoad"]))
    }
}

/// Controllers leaving a container by another route (SBT-CON-07, SBT-CON-06).
@MainActor
@Suite("Containers: children taken away")
struct ContainerChildRemovalTests {
    @Test("SBT-CON-07 SBT-CON-06 a controller taken from a navigation stack by removeFromParent() or by another container's addChild leaves the stack and the bar; the new top shows")
    func removedFromStack() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b", "c")
        let nav = UINavigationController(rootViewController: vcs[0])
        window.rootViewController = nav
        nav.pushViewController(vcs[1], animated: false)
        log.entries = []
        vcs[1].willMove(toParent: nil)
        vcs[1].removeFromParent()
        #expect(nav.viewControllers == [vcs[0]] && nav.navigationBar.items?.count == 1)
        #expect(vcs[0].view.window === window && vcs[1].view.superview == nil)
        #expect(log.take() == ["b.willMove(toParent: nil)", "b.viewWillDisappear(false)[fromParent]", "a.viewWillAppear(false)",
                               "b.viewDidDisappear(false)[fromParent]", "a.viewDidAppear(false)", "b.didMove(toParent: nil)"])
        let other = UINavigationController(rootViewController: vcs[2])
        other.pushViewController(vcs[1], animated: false)
        let tabs = UITabBarController()
        tabs.viewControllers = [UIViewController(), vcs[1]]
        #expect(other.viewControllers == [vcs[2]] && vcs[1].parent === tabs)
        let stolen = UIViewController()
        stolen.addChild(vcs[1])
        #expect(tabs.viewControllers?.count == 1 && tabs.tabBar.items?.count == 1)
    }
}

/// The container example of the "Testing UIKit Code on Linux" article, as written there.
@MainActor
@Suite("Containers: the guide's example")
struct ContainerGuideExampleTests {
    final class InboxViewController: UIViewController {}
    final class SettingsViewController: UIViewController {}
    final class MessageViewController: UIViewController {}

    @Test("DESIGN-NAV DESIGN-TABS the article's container example runs as written")
    func example() throws {
        let window = launchWithWindow()
        let nav = UINavigationController(rootViewController: InboxViewController())
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, SettingsViewController()]
        window.rootViewController = tabs
        nav.pushViewController(MessageViewController(), animated: true)
        try TactileHost.runLoop.advance(by: UInt64(TactileHost.transitionDuration * 1e9))
        let finger = TouchDriver(window: window)
        finger.tapBackButton(of: nav.navigationBar)     // pops, animated, as the back button does
        #expect(nav.viewControllers.count == 1)
        try TactileHost.runLoop.advance(by: UInt64(TactileHost.transitionDuration * 1e9))
        finger.tap(tabAt: 1, of: tabs.tabBar)            // shouldSelect, the switch, didSelect
        #expect(tabs.selectedIndex == 1 && TactileDiagnostics.misuseCount == 0)
    }
}
