import Foundation

/// Tabs, selection and layout of the tab bar controller (VCG-P-03 … VCG-P-09, VCG-E-08).
extension UITabBarController {
    /// The most tabs the bar shows: five on a phone (compact width), where a sixth controller makes More.
    static var maximumShownTabs: Int { UIApplication.shared.idiom == .phone ? 5 : Int.max }

    /// Whether the tabs overflow into More.
    var overflows: Bool { tabs.count > Self.maximumShownTabs }

    /// The controllers with their own tab on the bar.
    var shownTabs: ArraySlice<UIViewController> { overflows ? tabs.prefix(Self.maximumShownTabs - 1) : tabs[...] }

    func isOverflow(_ vc: UIViewController) -> Bool {
        overflows && !shownTabs.contains { $0 === vc } && tabs.contains { $0 === vc }
    }

    /// The controller a tab item stands for.
    func controller(for item: UITabBarItem) -> UIViewController? {
        if let more = moreController, overflows, item === more.tabBarItem { return more }
        return shownTabs.first { $0.tabBarItem === item }
    }

    func replaceTabs(_ newTabs: [UIViewController], isNil: Bool) {
        let api = "UITabBarController.setViewControllers(_:animated:)"
        for (i, vc) in newTabs.enumerated() where newTabs[..<i].contains(where: { $0 === vc }) || vc === self {
            return TactileDiagnostics.report(api, "\(vc) appears twice, or is the tab bar controller itself")
        }
        let previous = selectedController.flatMap { sel in isOverflow(sel) || sel === moreController ? sel : sel }
        let previousIndex = selectedIndex
        let oldTabs = tabs
        // Old controllers leave first (UIKit: "removes all of the old view controllers before installing the new
        // ones"); the More stack goes back to its list.
        if let more = moreController, more.stack.count > 1 { more.setViewControllers([more.stack[0]], animated: false) }
        for vc in oldTabs where !newTabs.contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            if let container = viewIfLoaded, vc.loadedView?.superview === container {
                swapDisplayedChild(from: vc, to: nil, in: container) { _ in }
            }
            vc.containmentRemove()
        }
        tabs = newTabs
        hasTabs = !isNil
        for vc in newTabs where vc.parentLink !== self {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        if overflows {
            let more = moreNavigationController
            if more.parentLink !== self {
                addChild(more)
                more.didMove(toParent: self)
            }
        } else if let more = moreController, more.parentLink === self {
            if selectedController === more { selectedController = nil }
            more.willMove(toParent: nil)
            if let container = viewIfLoaded, more.loadedView?.superview === container {
                swapDisplayedChild(from: more, to: nil, in: container) { _ in }
            }
            more.removeFromParent()
        }
        childList = tabs.filter { $0.parentLink === self } + (overflows ? [moreNavigationController] : [])
        customizableViewControllers = newTabs
        bar.itemList = shownTabs.map { $0.tabBarItem } + (overflows ? [moreNavigationController.tabBarItem] : [])
        // Re-select: the same controller, else the same index, else the first (UIKit's documentation).
        let next: UIViewController?
        if let previous, previous !== moreController, newTabs.contains(where: { $0 === previous }) {
            next = previous
        } else if previousIndex != NSNotFound, newTabs.indices.contains(previousIndex) {
            next = newTabs[previousIndex]
        } else {
            next = newTabs.first
        }
        selectedController = nil
        if let next { select(next) } else { layoutTabBarAndContent() }
    }

    /// Shows `target` (a tab's controller, an overflow controller, or the More navigation controller).
    func select(_ target: UIViewController) {
        var displayed = target
        if isOverflow(target) {
            let more = moreNavigationController
            if more.topViewController !== target {
                more.setViewControllers([more.stack[0], target], animated: false)
            }
            displayed = more
        }
        selectedController = target
        bar.selectedItem = displayed === moreController ? moreController?.tabBarItem : target.tabBarItem
        if let container = viewIfLoaded {
            let current = displayedChild(in: container)
            if current !== displayed, appearState != .disappeared || container.window != nil {
                swapDisplayedChild(from: current, to: displayed, in: container) { placeSelected($0, in: container) }
            } else if current !== displayed, let currentView = current?.loadedView {
                AppearanceDriver.muted { currentView.removeFromSuperview() }
            }
            layoutTabBarAndContent()
        }
        UIApplication.shared.refreshStatusBar()
    }

    /// Puts the selected controller's view in when it is not there yet (off screen: no callbacks).
    func installSelectedView() {
        guard let container = viewIfLoaded else { return }
        if selectedController == nil, let first = tabs.first { selectedController = first; bar.selectedItem = first.tabBarItem }
        guard let selected = selectedController else { return }
        let displayed = isOverflow(selected) ? moreNavigationController : selected
        if displayed.loadedView?.superview === container { return }
        swapDisplayedChild(from: displayedChild(in: container), to: displayed, in: container) {
            placeSelected($0, in: container)
        }
    }

    private func placeSelected(_ view: UIView, in container: UIView) {
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(view, at: 0)
        layoutTabBarAndContent()
    }

    /// Whether the tab bar shows: the selected navigation controller does not hide bottom bars.
    var showsTabBar: Bool {
        guard let container = viewIfLoaded, let displayed = displayedChild(in: container) else { return true }
        return !((displayed as? UINavigationController)?.hidesBottomBars ?? false)
    }

    /// Places the tab bar and the displayed controller's view (VCG-E-08, VCG-P-18).
    func layoutTabBarAndContent() {
        guard let root = viewIfLoaded else { return }
        let bounds = root.bounds, safe = root.safeAreaInsets
        let height = (TactileHost.barsAreCompact ? TactileHost.compactTabBarHeight : TactileHost.tabBarHeight) + safe.bottom
        let barFrame = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        let shows = showsTabBar
        bar.isHidden = !shows
        bar.frame = barFrame
        guard let displayed = displayedChild(in: root), let childView = displayed.loadedView else { return }
        let under = UIApplication.shared.behavior == .modern && bar.isTranslucent
            && displayed.edgesForExtendedLayout.contains(.bottom)
        if !shows {
            childView.frame = bounds
            displayed.containerSafeAreaInsets = .zero
        } else if under {
            childView.frame = bounds
            displayed.containerSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: height - safe.bottom, right: 0)
        } else {
            childView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: barFrame.minY)
            displayed.containerSafeAreaInsets = .zero
        }
    }
}
