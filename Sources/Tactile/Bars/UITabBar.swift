import Foundation

/// `UITabBarDelegate`: told of a user's selection and of customisation. Every method is optional.
@preconcurrency @MainActor
public protocol UITabBarDelegate: NSObjectProtocol {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
    func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem])
    func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem])
    func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool)
    func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
    public func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {}
    public func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {}
    public func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {}
    public func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {}
}

/// `UITabBar`: a row of tab items (VCG-P-06), as a view with no pixels. The items share the bar's width
/// equally; a user's tap (down and up on the same item) selects the item under it and tells the delegate
/// (`tabBar(_:didSelect:)`) — for a tab bar controller's bar, the controller, which asks its own delegate
/// (VCG-P-03, VCG-P-10). A tab bar controller's bar is its own to change: assigning its items or its delegate is
/// misuse (UIKit raises), reported through ``TactileDiagnostics``.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// The items, leading first.
    open var items: [UITabBarItem]? {
        get { itemList }
        set { setItems(newValue, animated: false) }
    }
    /// Sets ``items``.
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        if owner != nil {
            return TactileDiagnostics.report("UITabBar.setItems(_:animated:)",
                                             "Directly modifying a tab bar managed by a tab bar controller is not allowed.")
        }
        itemList = items
        if let selected = selectedItem, !(items ?? []).contains(where: { $0 === selected }) { selectedItem = nil }
    }
    /// The selected item (nil: none).
    open weak var selectedItem: UITabBarItem?
    /// The delegate (a tab bar controller for its own bar).
    open weak var delegate: (any UITabBarDelegate)? {
        get { owner ?? storedDelegate }
        set {
            if owner != nil {
                return TactileDiagnostics.report("UITabBar.delegate",
                                                 "Changing the delegate of a tab bar managed by a tab bar controller is not allowed.")
            }
            storedDelegate = newValue
        }
    }
    private weak var storedDelegate: (any UITabBarDelegate)?
    /// The bar's style (`.default`).
    open var barStyle: UIBarStyle = .default
    /// Whether content shows through the bar (true since iOS 7). Tab bars of ``TactileBehavior/iPhoneOS3`` are
    /// never translucent (VCG-E-08): its tab bar controller keeps content above them whatever this says.
    open var isTranslucent: Bool = UIApplication.shared.behavior == .modern
    /// The bar's background colour (nil: the default).
    open var barTintColor: UIColor?
    /// The colour of the items that are not selected (iOS 10; nil: the default).
    open var unselectedItemTintColor: UIColor?
    /// The tab bar's look (a copy is stored).
    open var standardAppearance: UITabBarAppearance {
        get { storedStandardAppearance }
        set { storedStandardAppearance = copied(newValue) }
    }
    private var storedStandardAppearance = UITabBarAppearance()
    /// The look at the scroll edge (iOS 15; nil: the standard one).
    open var scrollEdgeAppearance: UITabBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue.map(copied) }
    }
    private var storedScrollEdgeAppearance: UITabBarAppearance?

    /// True between ``beginCustomizingItems(_:)`` and ``endCustomizing(animated:)``.
    open private(set) var isCustomizing = false

    /// Starts the customisation sheet for `items` (VCG-P-12): the delegate's `willBegin` and `didBegin`.
    open func beginCustomizingItems(_ items: [UITabBarItem]) {
        guard !isCustomizing else { return }
        delegate?.tabBar(self, willBeginCustomizing: items)
        isCustomizing = true
        customizingShown = itemList ?? []
        delegate?.tabBar(self, didBeginCustomizing: items)
    }

    /// Ends the customisation; true if it was on. `changed` tells whether the items moved.
    @discardableResult
    open func endCustomizing(animated: Bool) -> Bool {
        guard isCustomizing else { return false }
        let shown = itemList ?? []
        let changed = shown.count != customizingShown.count || zip(shown, customizingShown).contains { $0 !== $1 }
        delegate?.tabBar(self, willEndCustomizing: shown, changed: changed)
        isCustomizing = false
        delegate?.tabBar(self, didEndCustomizing: shown, changed: changed)
        return true
    }
    private var customizingShown: [UITabBarItem] = []

    // MARK: - Touches

    /// The tab bar controller that owns the bar.
    weak var owner: UITabBarController?
    var itemList: [UITabBarItem]?
    private weak var pressedItem: UITabBarItem?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressedItem = touches.first.flatMap { item(at: $0.location(in: self)) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        defer { pressedItem = nil }
        guard let pressed = pressedItem, let touch = touches.first, item(at: touch.location(in: self)) === pressed,
              pressed.isEnabled else { return }
        if owner == nil { selectedItem = pressed }
        delegate?.tabBar(self, didSelect: pressed)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { pressedItem = nil }

    /// The item under `point` (items share the width equally).
    func item(at point: CGPoint) -> UITabBarItem? {
        guard let items = itemList, !items.isEmpty, bounds.contains(point) else { return nil }
        let index = Int(point.x / (bounds.width / CGFloat(items.count)))
        return items[min(max(0, index), items.count - 1)]
    }

    /// The centre of the item at `index`, in the bar's coordinates (where a user taps it).
    func center(ofItemAt index: Int) -> CGPoint {
        let count = CGFloat(max(1, itemList?.count ?? 1))
        return CGPoint(x: bounds.width / count * (CGFloat(index) + 0.5), y: min(bounds.height, 49) / 2)
    }
}
