import Foundation

/// Where the bars and the top controller's view go (VCG-E-03 … VCG-E-06, VCG-N-09, VCG-N-11, VCG-O-04).
///
/// The bar sits below the top of the navigation controller's safe area (the status bar), the toolbar above
/// its bottom, each ``TactileHost/navigationBarHeight`` / ``TactileHost/toolbarHeight`` high (the compact
/// heights in landscape). The toolbar shows when it is not hidden and no controller on the stack has
/// `hidesBottomBarWhenPushed` (VCG-O-04).
///
/// The content fills the navigation controller's view, except that it stops at a shown bar it may not go
/// under: under ``TactileBehavior/modern`` (iOS 7+) a controller's view extends under a bar when that edge is
/// in its `edgesForExtendedLayout` and the bar is translucent or `extendedLayoutIncludesOpaqueBars` is set;
/// under ``TactileBehavior/iPhoneOS3`` (VCG-E-04) only under a translucent bar, and under the status bar only
/// with `wantsFullScreenLayout`. The bars a view extends under are added to its safe area, so its
/// `safeAreaInsets` reach to their edges.
extension UINavigationController {
    /// The frame of `vc`'s view in the navigation controller's view, and the safe-area insets the bars add.
    func contentLayout(for vc: UIViewController) -> (frame: CGRect, insets: UIEdgeInsets) {
        guard let root = viewIfLoaded else { return (.zero, .zero) }
        let bounds = root.bounds
        let safe = root.safeAreaInsets
        let (barFrame, toolbarFrame) = barFrames(in: bounds, safe: safe)
        var top: CGFloat = 0, bottom = bounds.height
        var insets = UIEdgeInsets.zero
        let modern = UIApplication.shared.behavior == .modern
        if let barFrame {
            if extendsUnder(translucent: bar.isTranslucent, edge: .top, of: vc) {
                insets.top = barFrame.height
                if !modern, !vc.legacyFullScreenLayout { top = safe.top }
            } else {
                top = barFrame.maxY
            }
        }
        if let toolbarFrame {
            if extendsUnder(translucent: toolbarView.isTranslucent, edge: .bottom, of: vc) {
                insets.bottom = toolbarFrame.height
            } else {
                bottom = toolbarFrame.minY
            }
        }
        return (CGRect(x: 0, y: top, width: bounds.width, height: max(0, bottom - top)), insets)
    }

    private func extendsUnder(translucent: Bool, edge: UIRectEdge, of vc: UIViewController) -> Bool {
        guard UIApplication.shared.behavior == .modern else { return translucent }
        return vc.edgesForExtendedLayout.contains(edge) && (translucent || vc.extendedLayoutIncludesOpaqueBars)
    }

    /// Whether the toolbar shows: not hidden, and no controller on the stack hides bottom bars (VCG-O-04).
    var showsToolbar: Bool { !toolbarHiddenState && !hidesBottomBars }

    /// Whether a controller on the stack asked, when it was pushed, for the bottom bars (toolbar, tab bar) to
    /// hide (VCG-J-07: the flag is read on push).
    var hidesBottomBars: Bool { !bottomBarHiders.isEmpty }

    func noteBottomBarHiders(removed: [UIViewController], added: [UIViewController]) {
        for vc in removed { bottomBarHiders.remove(ObjectIdentifier(vc)) }
        for vc in added where vc.hidesBottomBarWhenPushed { bottomBarHiders.insert(ObjectIdentifier(vc)) }
    }

    /// The bar's and the toolbar's frames when they show.
    private func barFrames(in bounds: CGRect, safe: UIEdgeInsets) -> (CGRect?, CGRect?) {
        let compact = TactileHost.barsAreCompact
        let barHeight = compact ? TactileHost.compactNavigationBarHeight : TactileHost.navigationBarHeight
        let toolbarHeight = compact ? TactileHost.compactToolbarHeight : TactileHost.toolbarHeight
        let barFrame = navigationBarHiddenState ? nil : CGRect(x: 0, y: safe.top, width: bounds.width, height: barHeight)
        let toolbarFrame = showsToolbar
            ? CGRect(x: 0, y: bounds.height - safe.bottom - toolbarHeight, width: bounds.width, height: toolbarHeight) : nil
        return (barFrame, toolbarFrame)
    }

    /// Places the bars and every displayed child's view.
    func layoutBarsAndContent() {
        guard let root = viewIfLoaded else { return }
        let (barFrame, toolbarFrame) = barFrames(in: root.bounds, safe: root.safeAreaInsets)
        bar.isHidden = barFrame == nil
        if let barFrame { bar.frame = barFrame }
        toolbarView.isHidden = toolbarFrame == nil
        if let toolbarFrame { toolbarView.frame = toolbarFrame }
        for childView in root.subviews {
            guard let child = childView.owningController, child.parentLink === self else { continue }
            let (frame, insets) = contentLayout(for: child)
            childView.frame = frame
            child.setContainerSafeAreaInsets(insets, by: self)
        }
    }

    /// Puts `view` (a child's root view) into `container` at `index`, below the bars, sized for its controller.
    func placeContent(_ view: UIView, in container: UIView, at index: Int) {
        if let child = view.owningController {
            let (frame, insets) = contentLayout(for: child)
            view.frame = frame
            child.setContainerSafeAreaInsets(insets, by: self)
        }
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let barsIndex = container.subviews.firstIndex { $0 === toolbarView || $0 === bar } ?? container.subviews.count
        container.insertSubview(view, at: min(index, barsIndex))
    }

    /// Puts the top controller's view in when another one (or none) is displayed (off screen: no callbacks).
    func installTopView() {
        guard let container = viewIfLoaded, let top = topViewController else { return }
        if top.loadedView?.superview === container { return }
        swapDisplayedChild(from: displayedChild(in: container), to: top, in: container) {
            placeContent($0, in: container, at: 0)
        }
    }

    /// The bar's items follow the stack (VCG-N-01, VCG-L-12); the toolbar's, the top's (VCG-O-02).
    func refreshBarItems() {
        bar.itemStack = stack.map(\.navigationItem)
        toolbarView.items = topViewController?.toolbarItems
    }

    /// The bars' visibility or the stack changed: lay out again now (and the tab bar controller around, whose
    /// tab bar follows `hidesBottomBarWhenPushed`).
    func barsChanged() {
        toolbarView.items = topViewController?.toolbarItems
        guard viewIfLoaded != nil else { return }
        layoutBarsAndContent()
        if let tabs = parentLink as? UITabBarController { tabs.layoutContainerViews() }
    }
}

extension UIViewController {
    /// `wantsFullScreenLayout`, read without the deprecation warning.
    var legacyFullScreenLayout: Bool { storedWantsFullScreenLayout }
}
