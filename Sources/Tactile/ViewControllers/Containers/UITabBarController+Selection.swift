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
        let previous = selectedController
        let previousIndex = selectedIndex
        let oldTabs = tabs
        // Old controllers leave first (UIKit: "removes all of the old view controllers before installing the new
        // ones"); the More stack goes back to its list.
        returnFromMore()
        tabs = newTabs
        hasTabs = !isNil
        for vc in oldTabs where !newTabs.contains(where: { $0 === vc }) {
            vc.willMove(toParent: nil)
            if let container = viewIfLoaded, vc.loadedView?.superview === container {
                swapDisplayedChild(from: vc, to: nil, in: container) { _ in }
            }
            vc.containmentRemove()
        }
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
        refreshTabItems()
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

    /// The bar shows the shown tabs' items, then More's (VCG-P-06); called again when a tab's item is replaced.
    func refreshTabItems() {
        bar.itemList = shownTabs.map { $0.tabBarItem } + (overflows ? [moreNavigationController.tabBarItem] : [])
        if let selected = selectedController {
            bar.selectedItem = isOverflow(selected) || selected === moreController ? moreController?.tabBarItem : selected.tabBarItem
        }
    }

    /// Shows `target` (a tab's controller, an overflow controller, or the More navigation controller). On
    /// screen the old child disappears and the new one appears — through the delegate's animator when it
    /// gives one; off screen the new view goes in when it is needed.
    func select(_ target: UIViewController) {
        if switchRunning {
            return TactileDiagnostics.report("UITabBarController.selectedViewController",
                                             "\(self) cannot change its selection while a tab transition is in progress")
        }
        var displayed = target
        if isOverflow(target) {
            showInMore(target)
            displayed = moreNavigationController
        }
        let previous = (selectedController, bar.selectedItem)
        selectedController = target
        bar.selectedItem = displayed === moreController ? moreController?.tabBarItem : target.tabBarItem
        if let container = viewIfLoaded, case let current = displayedChild(in: container), current !== displayed {
            let onScreen = appearState == .appeared && container.window != nil
            if onScreen, let current,
               let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: current, to: displayed) {
                runAnimatedSwitch(from: current, to: displayed, animator: animator, in: container) { [weak self] in
                    self?.selectedController = previous.0
                    self?.bar.selectedItem = previous.1
                }
            } else if onScreen || appearState == .appearing {
                swapDisplayedChild(from: current, to: displayed, in: container) { placeSelected($0, in: container) }
            } else if let currentView = current?.loadedView {
                AppearanceDriver.muted { currentView.removeFromSuperview() }
            }
        }
        layoutTabBarAndContent()
        UIApplication.shared.refreshStatusBar()
    }

    /// A tab switch run by the delegate's animator (DESIGN-TRANSITION): the will-callbacks, the animator, then the
    /// did-callbacks at `completeTransition(true)`; `completeTransition(false)` keeps the old tab selected.
    private func runAnimatedSwitch(from old: UIViewController, to new: UIViewController,
                                   animator: any UIViewControllerAnimatedTransitioning, in container: UIView,
                                   undoSelection: @escaping () -> Void) {
        switchRunning = true
        let newView: UIView = new.view
        let coordinator = TransitionCoordinator(duration: animator.transitionDuration(using: nil), from: old, to: new,
                                                container: container)
        activeCoordinator = coordinator
        AppearanceDriver.muted {
            old.beginAppearance(false, animated: true)
            new.beginAppearance(true, animated: true)
        }
        coordinator.runAnimations()
        let context = TransitionContext(
            container: container, from: old, to: new, fromView: old.loadedView, toView: newView,
            frames: [ObjectIdentifier(old): (old.loadedView?.frame ?? .zero, .zero), ObjectIdentifier(new): (.zero, container.bounds)],
            animated: true, style: .none, animator: animator) { [weak self] completed in
            guard let self else { return }
            if completed {
                AppearanceDriver.muted {
                    placeSelected(newView, in: container)
                    old.loadedView?.removeFromSuperview()
                }
                old.endAppearance()
                new.endAppearance()
            } else {
                undoSelection()
                AppearanceDriver.muted {
                    new.beginAppearance(false, animated: true)
                    old.beginAppearance(true, animated: true)
                    newView.removeFromSuperview()
                    if let oldView = old.loadedView, oldView.superview !== container { placeSelected(oldView, in: container) }
                }
                new.endAppearance()
                old.endAppearance()
            }
            switchRunning = false
            layoutTabBarAndContent()
            UIApplication.shared.refreshStatusBar()
            coordinator.runCompletions()
            if activeCoordinator === coordinator { activeCoordinator = nil }
        }
        coordinator.context = context
        context.start(interaction: delegate?.tabBarController(self, interactionControllerFor: animator))
    }

    /// Shows an overflow controller in More: pushed on the More navigation controller, which becomes its parent;
    /// a navigation controller's stack moves there instead (a navigation controller cannot be pushed), as UIKit
    /// does.
    private func showInMore(_ target: UIViewController) {
        let more = moreNavigationController
        if shownInMore === target, target is UINavigationController || more.stack.contains(where: { $0 === target }) { return }
        returnFromMore()
        shownInMore = target  // before it moves: the tab bar controller keeps it as a tab
        if let nav = target as? UINavigationController {
            let moved = nav.stack
            nav.setViewControllers([], animated: false)
            more.setViewControllers([more.stack[0]] + moved, animated: false)
        } else {
            more.setViewControllers([more.stack[0], target], animated: false)
        }
    }

    /// Gives back what More showed: a navigation controller gets its stack again, a controller becomes the tab bar
    /// controller's child again; More shows its list.
    func returnFromMore() {
        guard let more = moreController, more.stack.count > 1 || shownInMore != nil else { return }
        let moved = Array(more.stack.dropFirst())
        more.setViewControllers([more.stack[0]], animated: false)
        if let nav = shownInMore as? UINavigationController {
            nav.setViewControllers(moved, animated: false)
        } else if let vc = shownInMore, vc.parentLink == nil, tabs.contains(where: { $0 === vc }) {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        shownInMore = nil
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
            displayed.setContainerSafeAreaInsets(.zero, by: self)
        } else if under {
            childView.frame = bounds
            displayed.setContainerSafeAreaInsets(UIEdgeInsets(top: 0, left: 0, bottom: height - safe.bottom, right: 0), by: self)
        } else {
            childView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: barFrame.minY)
            displayed.setContainerSafeAreaInsets(.zero, by: self)
        }
    }
}
