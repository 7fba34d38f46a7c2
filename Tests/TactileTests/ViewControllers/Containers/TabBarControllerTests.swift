import Foundation
import Testing
@_spi(Testing) @testable import Tactile

/// A tab bar controller delegate that logs, and may refuse some selections.
@MainActor
final class LoggingTabDelegate: NSObject, UITabBarControllerDelegate {
    let log: CallbackLog
    var refused: [UIViewController] = []
    init(log: CallbackLog) { self.log = log }
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        log.append("delegate", "shouldSelect(\(logName(viewController)))")
        return !refused.contains { $0 === viewController }
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log.append("delegate", "didSelect(\(logName(viewController)))")
    }
    func tabBarController(_ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]) {
        log.append("delegate", "willBeginCustomizing(\(viewControllers.count))")
    }
    func tabBarController(_ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController], changed: Bool) {
        log.append("delegate", "didEndCustomizing(\(changed))")
    }
}

/// The tab bar controller (VCG-P, VCG-E-08, VCG-F-12, VCG-Q-14, VCG-R, DESIGN-TABS).
@MainActor
@Suite("Tab bar controller")
struct TabBarControllerTests {
    let retained = Retained()

    func onScreen(_ log: CallbackLog, _ names: String...) -> (UIWindow, UITabBarController, LoggingTabDelegate, [LoggingViewController]) {
        let window = launchWithWindow()
        let vcs = names.map { loggingControllers(log, $0)[0] }
        let tabs = UITabBarController()
        tabs.viewControllers = vcs
        let delegate = LoggingTabDelegate(log: log)
        tabs.delegate = delegate
        retained.objects.append(delegate)
        window.rootViewController = tabs
        log.entries = []
        return (window, tabs, delegate, vcs)
    }

    @Test("VCG-P-01 VCG-P-07 VCG-P-06 VCG-J-04 VCG-J-05 tabs in display order; every controller is a child; the bar shows their items (default: the title, no image); the first is selected and alone on screen")
    func p01Tabs() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b", "c")
        let tabs = UITabBarController()
        #expect(tabs.viewControllers == nil && tabs.selectedIndex == NSNotFound)
        tabs.viewControllers = vcs
        #expect(tabs.children == vcs && vcs.allSatisfy { $0.tabBarController === tabs })
        #expect(tabs.tabBar.items?.map(\.title) == ["A", "B", "C"] && tabs.tabBar.items?[0].image == nil)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === vcs[0])
        log.entries = []
        window.rootViewController = tabs
        #expect(log.take() == ["a.loadView", "a.viewDidLoad", "a.viewWillAppear(false)", "a.viewDidAppear(false)"])
        #expect(tabs.tabBar.selectedItem === vcs[0].tabBarItem && !vcs[1].isViewLoaded)
    }

    @Test("VCG-P-03 DESIGN-TABS switching tabs in code: old disappear pair and new appear pair in the navigation order; the delegate is not asked or told")
    func p03SwitchInCode() {
        let log = CallbackLog()
        let (_, tabs, _, vcs) = onScreen(log, "a", "b")
        tabs.selectedIndex = 1
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear(false)", "b.viewWillAppear(false)",
                               "a.viewDidDisappear(false)", "b.viewDidAppear(false)"])
        #expect(tabs.selectedViewController === vcs[1] && vcs[0].view.superview == nil && tabs.tabBar.selectedItem === vcs[1].tabBarItem)
        tabs.selectedViewController = vcs[0]
        #expect(log.take() == ["b.viewWillDisappear(false)", "a.viewWillAppear(false)", "b.viewDidDisappear(false)", "a.viewDidAppear(false)"])
        tabs.selectedViewController = UIViewController()
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("only a view controller in the tab bar controller's list of view controllers can be selected") == true)
        tabs.selectedIndex = 7
        #expect(tabs.selectedIndex == 0, "an index out of range is ignored")
    }

    @Test("VCG-P-03 VCG-P-10 VCG-P-11 DESIGN-TABS a user's tap on a tab: shouldSelect, the switch, didSelect; a refused tab stays unselected")
    func p10UserTap() {
        let log = CallbackLog()
        let (window, tabs, delegate, vcs) = onScreen(log, "a", "b", "c")
        let finger = TouchDriver(window: window)
        finger.tap(tabAt: 1, of: tabs.tabBar)
        #expect(log.take() == ["delegate.shouldSelect(b)", "b.loadView", "b.viewDidLoad", "a.viewWillDisappear(false)",
                               "b.viewWillAppear(false)", "a.viewDidDisappear(false)", "b.viewDidAppear(false)", "delegate.didSelect(b)"])
        delegate.refused = [vcs[2]]
        finger.tap(tabAt: 2, of: tabs.tabBar)
        #expect(log.take() == ["delegate.shouldSelect(c)"])
        #expect(tabs.selectedIndex == 1 && tabs.tabBar.selectedItem === vcs[1].tabBarItem)
    }

    @Test("DESIGN-TABS VCG-I-08 tapping the selected tab again tells didSelect and pops its navigation controller to the root")
    func reselectPopsToRoot() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b", "c")
        let nav = UINavigationController(rootViewController: vcs[0])
        let tabs = UITabBarController()
        tabs.viewControllers = [nav, vcs[2]]
        let delegate = LoggingTabDelegate(log: log)
        tabs.delegate = delegate
        window.rootViewController = tabs
        nav.pushViewController(vcs[1], animated: false)
        log.entries = []
        TouchDriver(window: window).tap(tabAt: 0, of: tabs.tabBar)
        finishTransitions()
        let entries = log.take()
        #expect(entries.first == "delegate.shouldSelect(UINavigationController)")
        #expect(entries.contains("delegate.didSelect(UINavigationController)") && entries.contains("b.didMove(toParent: nil)"))
        #expect(nav.viewControllers == [vcs[0]])
    }

    @Test("VCG-P-04 VCG-P-05 more than five controllers on a phone: four tabs and More; More is not in viewControllers; selectedIndex is NSNotFound while its list shows; an overflow controller shows pushed on it")
    func p04More() {
        let log = CallbackLog()
        let (window, tabs, _, vcs) = onScreen(log, "a", "b", "c", "d", "e", "f", "g")
        let more = tabs.moreNavigationController
        #expect(tabs.tabBar.items?.count == 5 && tabs.tabBar.items?.last === more.tabBarItem)
        #expect(more.tabBarItem.title == "More" && tabs.viewControllers?.contains { $0 === more } == false)
        TouchDriver(window: window).tap(tabAt: 4, of: tabs.tabBar)
        #expect(tabs.selectedViewController === more && tabs.selectedIndex == NSNotFound)
        #expect(more.view.window != nil && more.viewControllers.count == 1)
        tabs.selectedViewController = vcs[5]
        #expect(tabs.selectedIndex == 5 && more.topViewController === vcs[5] && vcs[5].view.window != nil)
        #expect(vcs[5].tabBarController === tabs && vcs[5].navigationController === more)
        tabs.selectedIndex = 0
        #expect(more.view.window == nil && vcs[0].view.window != nil)
    }

    @Test("VCG-P-04 VCG-P-05 a navigation controller among the overflow tabs shows its stack in More (it cannot be pushed), and gets it back when the tabs change")
    func p05OverflowNavigation() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b", "c", "d", "e", "f", "g")
        let nav = UINavigationController(rootViewController: vcs[5])
        nav.pushViewController(vcs[6], animated: false)
        let tabs = UITabBarController()
        tabs.viewControllers = Array(vcs[0..<5]) + [nav]
        window.rootViewController = tabs
        tabs.selectedViewController = nav
        let more = tabs.moreNavigationController
        #expect(TactileDiagnostics.misuseCount == 0)
        #expect(more.viewControllers.count == 3 && more.topViewController === vcs[6] && vcs[6].view.window === window)
        #expect(tabs.selectedViewController === nav && tabs.selectedIndex == 5)
        tabs.selectedIndex = 1
        tabs.selectedIndex = 0
        tabs.viewControllers = [vcs[0], nav]
        #expect(nav.viewControllers == [vcs[5], vcs[6]] && more.viewControllers.count == 1 && nav.parent === tabs)
        #expect(vcs[4].parent == nil)
    }

    @Test("VCG-P-09 DESIGN-TABS replacing viewControllers keeps the selected controller if still there, else the same index, else 0; removed controllers leave")
    func p09Replace() {
        let log = CallbackLog()
        let (_, tabs, _, vcs) = onScreen(log, "a", "b", "c", "d")
        tabs.selectedIndex = 2
        tabs.setViewControllers([vcs[3], vcs[2], vcs[0]], animated: true)
        #expect(tabs.selectedViewController === vcs[2] && tabs.selectedIndex == 1)
        #expect(vcs[1].parent == nil && tabs.children == [vcs[3], vcs[2], vcs[0]])
        let x = UIViewController(), y = UIViewController()
        tabs.viewControllers = [vcs[0], x, y]
        #expect(tabs.selectedViewController === x, "the same index")
        tabs.viewControllers = [y]
        #expect(tabs.selectedViewController === y && tabs.selectedIndex == 0, "index 0")
        #expect(x.parent == nil && vcs[2].parent == nil && vcs[2].view.superview == nil)
    }

    @Test("VCG-P-13 VCG-P-14 VCG-P-12 customizableViewControllers follows every change of viewControllers (all of them); the More list's Edit button begins customising")
    func p14Customizable() {
        let log = CallbackLog()
        let (_, tabs, _, vcs) = onScreen(log, "a", "b", "c", "d", "e", "f")
        #expect(tabs.customizableViewControllers?.count == 6)
        tabs.customizableViewControllers = [vcs[0]]
        tabs.viewControllers = Array(vcs.prefix(5))
        #expect(tabs.customizableViewControllers?.count == 5, "reset to all")
        tabs.viewControllers = vcs
        let list = tabs.moreNavigationController.viewControllers[0]
        let edit = list.navigationItem.rightBarButtonItem!
        log.entries = []
        UIApplication.shared.sendAction(edit.action!, to: edit.target, from: edit, for: nil)
        #expect(tabs.tabBar.isCustomizing && log.take() == ["delegate.willBeginCustomizing(6)"])
        tabs.tabBar.endCustomizing(animated: false)
        #expect(log.take() == ["delegate.didEndCustomizing(false)"])
    }

    @Test("VCG-P-15 VCG-P-16 VCG-P-20 badges, titles and system items are plain model state")
    func p15Badges() {
        let (_, tabs, _, vcs) = onScreen(CallbackLog(), "a", "b")
        vcs[1].tabBarItem.badgeValue = "3"
        #expect(tabs.tabBar.items?[1].badgeValue == "3")
        vcs[1].tabBarItem.badgeValue = nil
        #expect(tabs.tabBar.items?[1].badgeValue == nil)
        let item = UITabBarItem(tabBarSystemItem: .favorites, tag: 2)
        #expect(item.tag == 2 && item.systemItem == .favorites)
        vcs[0].tabBarItem = item
        #expect(tabs.tabBar.items?[0] === item && tabs.tabBar.selectedItem === item, "a replaced item shows at once")
    }

    @Test("VCG-P-06 the tab bar is the tab bar controller's: its delegate and items cannot be changed directly")
    func p06BarOwnership() {
        final class Delegate: NSObject, UITabBarDelegate {}
        let (_, tabs, _, _) = onScreen(CallbackLog(), "a", "b")
        let delegate = Delegate()
        tabs.tabBar.delegate = delegate
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Changing the delegate of a tab bar managed by a tab bar controller is not allowed.")
        #expect(tabs.tabBar.delegate === tabs)
        tabs.tabBar.items = []
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "Directly modifying a tab bar managed by a tab bar controller is not allowed.")
        #expect(tabs.tabBar.items?.count == 2)
    }

    @Test("VCG-E-08 VCG-P-18 iPhone OS 3: the content never goes under the tab bar; modern: it extends under the translucent bar with the bar in its safe area")
    func e08TabBarLayout() {
        let (_, tabs, _, vcs) = onScreen(CallbackLog(), "a", "b")
        tabs.view.layoutIfNeeded()
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 480 - 49, width: 320, height: 49))
        #expect(vcs[0].view.frame == tabs.view.bounds && vcs[0].view.safeAreaInsets.bottom == 49)
        let window = launchWithWindow()
        TactileHost.behavior = .iPhoneOS3
        let legacy = UITabBarController()
        let c = UIViewController()
        legacy.viewControllers = [c]
        legacy.tabBar.isTranslucent = true
        window.rootViewController = legacy
        legacy.view.layoutIfNeeded()
        #expect(c.view.frame == CGRect(x: 0, y: 0, width: 320, height: 431))
    }

    @Test("VCG-R-04 VCG-R-05 VCG-R-06 VCG-P-02 VCG-O-04 a tab bar controller as the window's root with a navigation controller in a tab: the content goes under the navigation bar, never under the tab bar (iPhone OS 3); hidesBottomBarWhenPushed hides the tab bar")
    func r05Recipe() {
        let window = launchWithWindow()
        TactileHost.behavior = .iPhoneOS3
        let tabs = UITabBarController()
        let (v1, v2, v3, root) = (UIViewController(), UIViewController(), UIViewController(), UIViewController())
        let nav = UINavigationController(rootViewController: root)
        tabs.viewControllers = [v1, v2, v3, nav]
        window.rootViewController = tabs
        #expect(window.subviews == [tabs.view], "only the tab bar controller's view goes into the window (VCG-R-04)")
        tabs.selectedViewController = nav
        nav.navigationBar.isTranslucent = true
        tabs.view.layoutIfNeeded(); nav.view.setNeedsLayout(); nav.view.layoutIfNeeded()
        #expect(nav.view.frame == CGRect(x: 0, y: 0, width: 320, height: 431))
        #expect(root.view.frame == nav.view.bounds, "under the translucent navigation bar")
        let detail = UIViewController()
        detail.hidesBottomBarWhenPushed = true
        nav.pushViewController(detail, animated: false)
        #expect(tabs.tabBar.isHidden && nav.view.frame == tabs.view.bounds)
        nav.popViewController(animated: false)
        #expect(!tabs.tabBar.isHidden)
    }

    @Test("VCG-F-12 VCG-P-17 rotation: iPhone OS 3 turns only when every tab agrees; modern: the selected controller (or the delegate) decides")
    @available(*, deprecated)
    func f12Rotation() {
        final class Landscape: UIViewController {
            override func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool { true }
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
        }
        launchWithWindow()
        let tabs = UITabBarController()
        let (a, b) = (Landscape(), UIViewController())
        tabs.viewControllers = [a, b]
        #expect(!tabs.shouldAutorotate(to: .landscapeLeft), "b supports portrait only (iPhone OS 3's default)")
        #expect(tabs.shouldAutorotate(to: .portrait), "both agree on portrait")
        #expect(tabs.supportedInterfaceOrientations == .landscape, "modern: the selected one decides")
        tabs.selectedIndex = 1
        #expect(tabs.supportedInterfaceOrientations == .allButUpsideDown)
    }

    @Test("VCG-Q-14 VCG-P-19 a tab bar controller presented modally: on dismissal only the displayed tab's controller gets the disappear pair")
    func q14ModalTabs() {
        let log = CallbackLog()
        let window = launchWithWindow()
        let host = UIViewController()
        window.rootViewController = host
        let vcs = loggingControllers(log, "a", "b")
        let tabs = UITabBarController()
        tabs.viewControllers = vcs
        tabs.modalTransitionStyle = .crossDissolve
        host.present(tabs, animated: false)
        tabs.selectedIndex = 1
        log.entries = []
        host.dismiss(animated: false)
        #expect(log.take() == ["b.viewWillDisappear(false)", "b.viewDidDisappear(false)"])
    }
}
