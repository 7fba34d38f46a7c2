import Foundation

/// Taps on the bars' items, as a user would: one finger down and up at the item's place on the bar, in the
/// driver's coordinates, routed like any touch (hit-testing decides who gets it).
extension TouchDriver {
    /// Taps the tab at `index` of `tabBar` (the items share its width equally).
    public func tap(tabAt index: Int, of tabBar: UITabBar) {
        tap(at: tabBar.convert(tabBar.center(ofItemAt: index), to: window))
    }

    /// Taps the back button of `navigationBar` (the leading third of the bar; its left end when left items
    /// supplement it).
    public func tapBackButton(of navigationBar: UINavigationBar) {
        let third = navigationBar.bounds.width / 3
        let slots = 1 + (navigationBar.topItem?.leftItemsSupplementBackButton == true
                         ? navigationBar.topItem?.leftBarButtonItems?.count ?? 0 : 0)
        let local = CGPoint(x: third / CGFloat(slots) / 2, y: navigationBar.bounds.midY)
        tap(at: navigationBar.convert(local, to: window))
    }
}
