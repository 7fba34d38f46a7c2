import Foundation
import Testing
@testable import Tactile

/// The navigation bar, the toolbar, and where the content goes (VCG-N, VCG-O, VCG-E-03 … VCG-E-10, VCG-D-08).
@MainActor
@Suite("Navigation controller: bars and layout")
struct NavigationBarsTests {
    let retained = Retained()

    func onScreen(_ log: CallbackLog, _ names: String...) -> (UIWindow, UINavigationController, [LoggingViewController]) {
        let (window, nav, _, vcs) = navigationScene(log, names, retained: retained)
        nav.delegate = nil
        return (window, nav, vcs)
    }

    @Test("VCG-K-02 VCG-A-08 the navigation controller's view holds the top's view below the bar and the toolbar; the bars persist while the content changes")
    func k02ViewStructure() {
        let (_, nav, vcs) = onScreen(CallbackLog(), "a", "b")
        let subviews = nav.view.subviews
        #expect(subviews.count == 3 && subviews[0] === vcs[0].view)
        #expect(subviews.contains { $0 === nav.navigationBar } && subviews.contains { $0 === nav.toolbar })
        nav.pushViewController(vcs[1], animated: false)
        #expect(nav.view.subviews[0] === vcs[1].view && nav.view.subviews.contains { $0 === nav.navigationBar })
    }

    @Test("VCG-N-01 VCG-L-12 the bar's items mirror the stack position for position, after every change")
    func n01ItemsMirror() {
        let (_, nav, vcs) = onScreen(CallbackLog(), "a", "b", "c")
        func mirrors() -> Bool {
            let items = nav.navigationBar.items ?? []
            return items.count == nav.viewControllers.count && zip(items, nav.viewControllers).allSatisfy { $0 === $1.navigationItem }
        }
        #expect(mirrors())
        nav.pushViewController(vcs[1], animated: false); #expect(mirrors())
        nav.setViewControllers([vcs[2], vcs[0]], animated: false); #expect(mirrors())
        nav.popViewController(animated: false); #expect(mirrors())
        #expect(nav.navigationBar.topItem === vcs[2].navigationItem && nav.navigationBar.backItem == nil)
    }

    @Test("VCG-N-02 VCG-N-12 back button: the previous item's backBarButtonItem title, else its backButtonTitle, else its title, else \"Back\"; a left item replaces it; the root has none")
    func n02BackButton() {
        let (_, nav, vcs) = onScreen(CallbackLog(), "a", "b")
        nav.pushViewController(vcs[1], animated: false)
        let bar = nav.navigationBar
        let previous = vcs[0].navigationItem
        #expect(bar.showsBackButton && UINavigationBar.backButtonTitle(for: previous) == "A")
        previous.backButtonTitle = "Up"
        #expect(UINavigationBar.backButtonTitle(for: previous) == "Up")
        previous.backBarButtonItem = UIBarButtonItem(title: "List", style: .plain, target: nil, action: nil)
        #expect(UINavigationBar.backButtonTitle(for: previous) == "List")
        #expect(UINavigationBar.backButtonTitle(for: UINavigationItem()) == "Back")
        let modes = UINavigationItem(title: "Mailboxes")
        modes.backButtonDisplayMode = .generic
        #expect(UINavigationBar.backButtonTitle(for: modes) == "Back")
        modes.backButtonDisplayMode = .minimal
        #expect(UINavigationBar.backButtonTitle(for: modes) == "")
        vcs[1].navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Cancel", style: .plain, target: nil, action: nil)
        #expect(!bar.showsBackButton, "a left item takes the slot")
        vcs[1].navigationItem.leftItemsSupplementBackButton = true
        #expect(bar.showsBackButton)
        vcs[1].navigationItem.hidesBackButton = true
        #expect(!bar.showsBackButton)
    }

    @Test("VCG-N-03 VCG-J-01 VCG-J-02 the title: the navigation item's, which follows the controller's title; a titleView replaces it")
    func n03Title() {
        let (_, nav, vcs) = onScreen(CallbackLog(), "a")
        #expect(nav.navigationBar.topItem?.title == "A")
        vcs[0].title = "Inbox"
        #expect(nav.navigationBar.topItem?.title == "Inbox")
        let custom = UIView()
        vcs[0].navigationItem.titleView = custom
        #expect(nav.navigationBar.topItem?.titleView === custom)
        vcs[0].navigationItem.prompt = "Choose"  // VCG-N-05
        #expect(nav.navigationBar.topItem?.prompt == "Choose")
    }

    @Test("VCG-L-07 VCG-I-08 a user's tap on the back button pops the top controller, animated")
    func l07BackButtonTap() {
        let log = CallbackLog()
        let (window, nav, vcs) = onScreen(log, "a", "b")
        nav.pushViewController(vcs[1], animated: false)
        log.entries = []
        TouchDriver(window: window).tapBackButton(of: nav.navigationBar)
        #expect(nav.topViewController === vcs[0])
        #expect(log.take().contains("b.viewWillDisappear(true)[fromParent]"))
        finishTransitions()
        #expect(vcs[1].parent == nil)
    }

    @Test("VCG-N-04 VCG-O-06 a tap on a right bar button item or a toolbar item sends its action to its target")
    func n04ItemTaps() {
        final class Target: NSObject, TactileActionHandling {
            var actions: [String] = []
            func handlesAction(_ action: Selector) -> Bool { true }
            func performAction(_ action: Selector, sender: Any?) { actions.append("\(action)") }
        }
        let (window, nav, vcs) = onScreen(CallbackLog(), "a")
        let target = Target()
        vcs[0].navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", style: .plain, target: target, action: Selector("add:"))
        vcs[0].setToolbarItems([UIBarButtonItem(title: "Reply", style: .plain, target: target, action: Selector("reply:"))], animated: false)
        nav.setToolbarHidden(false, animated: false)
        let finger = TouchDriver(window: window)
        let bar = nav.navigationBar
        finger.tap(at: bar.convert(CGPoint(x: bar.bounds.width - 10, y: 10), to: window))
        let toolbar: UIToolbar = nav.toolbar
        finger.tap(at: toolbar.convert(CGPoint(x: toolbar.bounds.midX, y: 10), to: window))
        finger.tap(at: bar.convert(CGPoint(x: bar.bounds.midX, y: 10), to: window))  // the title: nothing
        #expect(target.actions == ["add:", "reply:"])
    }

    @Test("VCG-K-05 VCG-K-06 only the navigation controller drives its bar: assigning the delegate or pushing items directly is misuse, reported with UIKit's reason")
    func k05BarOwnership() {
        final class BarDelegate: NSObject, UINavigationBarDelegate {}
        let (_, nav, _) = onScreen(CallbackLog(), "a")
        let delegate = BarDelegate()
        nav.navigationBar.delegate = delegate
        #expect(TactileDiagnostics.recentMisuses.last?.reason.hasPrefix("Cannot manually set the delegate on a UINavigationBar managed by a controller.") == true)
        #expect(nav.navigationBar.delegate == nil)
        nav.navigationBar.pushItem(UINavigationItem(title: "x"), animated: false)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Cannot call pushNavigationItem:animated: directly on a UINavigationBar managed by a controller.")
        #expect(nav.navigationBar.items?.count == 1 && TactileDiagnostics.misuseCount == 2)
    }

    @Test("VCG-N-13 a standalone bar: its owner pushes and pops items; the delegate may refuse; the last item stays")
    func n13StandaloneBar() {
        final class BarDelegate: NSObject, UINavigationBarDelegate {
            var refusePop = false
            var log: [String] = []
            func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { !refusePop }
            func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) { log.append("push \(item.title ?? "")") }
            func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) { log.append("pop \(item.title ?? "")") }
        }
        launchWithWindow()
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let delegate = BarDelegate()
        bar.delegate = delegate
        bar.pushItem(UINavigationItem(title: "one"), animated: false)
        bar.pushItem(UINavigationItem(title: "two"), animated: true)
        #expect(bar.backItem?.title == "one" && bar.topItem?.title == "two")
        delegate.refusePop = true
        #expect(bar.popItem(animated: false) == nil && bar.items?.count == 2)
        delegate.refusePop = false
        #expect(bar.popItem(animated: false)?.title == "two")
        #expect(bar.popItem(animated: false) == nil, "the last item stays")
        #expect(delegate.log == ["push one", "push two", "pop two"])
    }

    @Test("VCG-O-01 VCG-O-02 VCG-O-03 the toolbar is hidden by default; shown, it carries the top controller's items, which follow pushes, pops and setToolbarItems")
    func o01Toolbar() {
        let (_, nav, vcs) = onScreen(CallbackLog(), "a", "b")
        #expect(nav.isToolbarHidden && nav.toolbar.isHidden)
        let itemA = UIBarButtonItem(title: "A", style: .plain, target: nil, action: nil)
        let itemB = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        vcs[0].toolbarItems = [itemA]
        nav.isToolbarHidden = false
        #expect(!nav.toolbar.isHidden && nav.toolbar.items == [itemA])
        vcs[1].toolbarItems = [itemB]
        nav.pushViewController(vcs[1], animated: false)
        #expect(nav.toolbar.items == [itemB])
        vcs[1].setToolbarItems([itemA, itemB], animated: true)
        #expect(nav.toolbar.items == [itemA, itemB])
        nav.popViewController(animated: false)
        #expect(nav.toolbar.items == [itemA])
    }

    @Test("VCG-O-04 VCG-J-07 hidesBottomBarWhenPushed hides the toolbar while that controller is on the stack")
    func o04HidesBottomBar() {
        let (_, nav, vcs) = onScreen(CallbackLog(), "a", "b", "c")
        nav.setToolbarHidden(false, animated: false)
        vcs[1].hidesBottomBarWhenPushed = true
        nav.pushViewController(vcs[1], animated: false)
        #expect(nav.toolbar.isHidden && !nav.isToolbarHidden)
        nav.pushViewController(vcs[2], animated: false)
        #expect(nav.toolbar.isHidden, "until the controller that asked is popped")
        nav.popToRootViewController(animated: false)
        #expect(!nav.toolbar.isHidden)
    }

    @Test("VCG-E-03 VCG-E-06 modern layout: the bar sits below the status bar, the content fills the view and its safe area reaches below the translucent bars")
    func e03ModernLayout() {
        let window = launchWithWindow()
        TactileHost.statusBarHeight = 20
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        nav.setToolbarHidden(false, animated: false)
        window.rootViewController = nav
        nav.view.layoutIfNeeded()
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 20, width: 320, height: TactileHost.navigationBarHeight))
        #expect(nav.toolbar.frame == CGRect(x: 0, y: 480 - 44, width: 320, height: TactileHost.toolbarHeight))
        #expect(a.view.frame == nav.view.bounds)
        #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 64, left: 0, bottom: 44, right: 0))
    }

    @Test("VCG-E-03 the bars' insets count only while the controller is in the navigation controller: popped and shown elsewhere, its safe area has none")
    func e03InsetsLeaveWithTheController() {
        let window = launchWithWindow()
        let (a, b) = (UIViewController(), UIViewController())
        let nav = UINavigationController(rootViewController: a)
        window.rootViewController = nav
        nav.pushViewController(b, animated: false)
        nav.view.layoutIfNeeded()
        #expect(b.view.safeAreaInsets.top == 44)
        nav.popViewController(animated: false)
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        other.rootViewController = b
        other.makeKeyAndVisible()
        #expect(b.view.safeAreaInsets == .zero)
        nav.pushViewController(UIViewController(), animated: false)
        #expect(b.view.safeAreaInsets == .zero)
    }

    @Test("VCG-E-04 opaque bars: the content stops at them unless extendedLayoutIncludesOpaqueBars; an edge left out of edgesForExtendedLayout stops it too")
    func e04OpaqueBars() {
        let window = launchWithWindow()
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        nav.navigationBar.isTranslucent = false
        window.rootViewController = nav
        nav.view.layoutIfNeeded()
        #expect(a.view.frame == CGRect(x: 0, y: 44, width: 320, height: 436))
        #expect(a.view.safeAreaInsets == .zero)
        a.extendedLayoutIncludesOpaqueBars = true
        nav.view.setNeedsLayout(); nav.view.layoutIfNeeded()
        #expect(a.view.frame == nav.view.bounds && a.view.safeAreaInsets.top == 44)
        nav.navigationBar.isTranslucent = true
        a.edgesForExtendedLayout = []
        nav.view.setNeedsLayout(); nav.view.layoutIfNeeded()
        #expect(a.view.frame.minY == 44)
    }

    @Test("VCG-E-04 VCG-E-05 VCG-E-03 iPhone OS 3: the content goes between opaque bars; under a translucent bar it extends, and under the status bar only with wantsFullScreenLayout")
    @available(*, deprecated)
    func e05LegacyFullScreen() {
        let window = launchWithWindow()
        TactileHost.behavior = .iPhoneOS3
        TactileHost.statusBarHeight = 20
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        #expect(!nav.navigationBar.isTranslucent, "bars of iPhone OS 3 are opaque by default")
        nav.setToolbarHidden(false, animated: false)
        window.rootViewController = nav
        nav.view.layoutIfNeeded()
        #expect(a.view.frame == CGRect(x: 0, y: 64, width: 320, height: 480 - 64 - 44))
        nav.navigationBar.isTranslucent = true
        nav.toolbar.isTranslucent = true
        nav.view.setNeedsLayout(); nav.view.layoutIfNeeded()
        #expect(a.view.frame == CGRect(x: 0, y: 20, width: 320, height: 460), "under the bars, not the status bar")
        a.wantsFullScreenLayout = true
        nav.view.setNeedsLayout(); nav.view.layoutIfNeeded()
        #expect(a.view.frame == nav.view.bounds)
    }

    @Test("VCG-N-09 VCG-D-08 VCG-O-05 hiding the bar (also from viewWillAppear, in step with the transition) gives the content its space; hiding the toolbar too")
    func n09HideBar() {
        final class FullScreen: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                navigationController?.setNavigationBarHidden(true, animated: animated)
            }
        }
        let window = launchWithWindow()
        let a = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        nav.navigationBar.isTranslucent = false
        window.rootViewController = nav
        let b = FullScreen()
        nav.pushViewController(b, animated: false)
        #expect(nav.isNavigationBarHidden && nav.navigationBar.isHidden)
        #expect(b.view.frame == nav.view.bounds)
        nav.setNavigationBarHidden(false, animated: true)
        #expect(b.view.frame.minY == 44)
        nav.setToolbarHidden(false, animated: false)
        nav.isToolbarHidden = true
        #expect(nav.toolbar.isHidden)
    }

    @Test("VCG-N-10 VCG-E-10 the bar's style and translucency are the app's to set; its geometry is the navigation controller's (a frame set by hand is laid out again)")
    func n10BarGeometry() {
        let (_, nav, _) = onScreen(CallbackLog(), "a")
        nav.navigationBar.barStyle = .black
        #expect(nav.preferredStatusBarStyle == .lightContent)
        nav.navigationBar.frame = CGRect(x: 5, y: 100, width: 10, height: 10)
        nav.view.setNeedsLayout(); nav.view.layoutIfNeeded()
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
    }

    @Test("VCG-M-04 the delegate may show the toolbar for some controllers in willShow")
    func m04DelegateTogglesToolbar() {
        final class Delegate: NSObject, UINavigationControllerDelegate {
            func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
                navigationController.setToolbarHidden(viewController.toolbarItems == nil, animated: animated)
            }
        }
        let (_, nav, vcs) = onScreen(CallbackLog(), "a", "b")
        let delegate = Delegate()
        nav.delegate = delegate
        vcs[1].toolbarItems = [UIBarButtonItem(title: "x", style: .plain, target: nil, action: nil)]
        nav.pushViewController(vcs[1], animated: false)
        #expect(!nav.isToolbarHidden)
        nav.popViewController(animated: false)
        #expect(nav.isToolbarHidden)
    }

    @Test("VCG-F-10 VCG-F-11 the navigation controller decides rotation from its top controller (or its delegate); only the top hears the rotation callbacks")
    func f10Rotation() {
        final class PortraitOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        }
        final class Delegate: NSObject, UINavigationControllerDelegate {
            func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask { .landscape }
        }
        let (_, nav, vcs) = onScreen(CallbackLog(), "a")
        #expect(nav.supportedInterfaceOrientations == vcs[0].supportedInterfaceOrientations)
        nav.pushViewController(PortraitOnly(), animated: false)
        #expect(nav.supportedInterfaceOrientations == .portrait)
        turnDevice(.landscapeLeft)
        #expect(UIApplication.shared.statusBarOrientation == .portrait, "the top refuses landscape")
        let delegate = Delegate()
        nav.delegate = delegate
        #expect(nav.supportedInterfaceOrientations == .landscape)
    }
}

/// Bar appearances (iOS 13): model state, copied on assignment as UIKit's `@NSCopying` properties.
@MainActor
@Suite("Bars: appearances")
struct BarAppearanceTests {
    @Test("VCG-N-10 bar appearances: the presets, copies on assignment, per-item appearances, the older title attributes")
    func appearances() {
        launchWithWindow()
        let appearance = UINavigationBarAppearance()
        #expect(appearance.backgroundColor == nil && appearance.shadowColor != nil && appearance.idiom == .phone)
        appearance.configureWithOpaqueBackground()
        #expect(appearance.backgroundColor == UIColor.white)
        appearance.titleTextAttributes = [NSAttributedString.Key("NSColor"): UIColor.red]
        let nav = UINavigationController(rootViewController: UIViewController())
        nav.navigationBar.standardAppearance = appearance
        nav.navigationBar.scrollEdgeAppearance = appearance
        appearance.configureWithTransparentBackground()
        let stored = nav.navigationBar.standardAppearance
        #expect(stored !== appearance && stored.backgroundColor == UIColor.white, "a copy was stored")
        #expect(stored.titleTextAttributes.count == 1 && nav.navigationBar.scrollEdgeAppearance !== stored)
        #expect(appearance.backgroundColor == nil && appearance.shadowColor == nil)
        nav.topViewController?.navigationItem.standardAppearance = UINavigationBarAppearance(barAppearance: stored)
        #expect(nav.topViewController?.navigationItem.standardAppearance?.backgroundColor == UIColor.white)
        nav.navigationBar.titleTextAttributes = [:]
        #expect(nav.navigationBar.titleTextAttributes?.isEmpty == true)
        let tabs = UITabBarController()
        let tabAppearance = UITabBarAppearance()
        tabAppearance.backgroundColor = .black
        tabs.tabBar.standardAppearance = tabAppearance
        #expect(tabs.tabBar.standardAppearance.backgroundColor == .black && tabs.tabBar.scrollEdgeAppearance == nil)
        nav.toolbar.standardAppearance = UIToolbarAppearance(idiom: .pad)
        #expect(nav.toolbar.standardAppearance.idiom == .pad)
    }
}
