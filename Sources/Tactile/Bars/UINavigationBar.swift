import Foundation

/// `UINavigationBarDelegate`: consulted when a standalone bar's item stack changes (VCG-N-13). Every method
/// is optional: a bar without a delegate pushes and pops freely.
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: UIBarPositioningDelegate {
    func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

/// `UINavigationBar`: a stack of navigation items (VCG-N-01 … VCG-N-14), as a view with no pixels.
///
/// - The top item fills the bar: its `titleView` or title in the centre (VCG-N-03), its right items (VCG-N-04),
///   and on the left its left items or, below a previous item, the back button (VCG-N-02). The back button's
///   title resolves as UIKit's: the previous item's `backBarButtonItem` title, else its `backButtonTitle`,
///   else its title, else "Back".
/// - Touches: the bar is split in thirds. A tap (down and up in the same slot) in the leading third hits the
///   back button when it shows (else the left items, sharing the slot equally), in the trailing third the right
///   items (the first item at the trailing edge). The back button pops; an item sends its action like
///   `UIApplication.sendAction(_:to:from:for:)`.
/// - Owned by a ``UINavigationController`` (VCG-K-05), the bar mirrors its stack (VCG-N-01) and cannot be
///   driven directly: `pushItem`/`popItem`/`setItems` and assigning ``delegate`` are misuse (UIKit raises),
///   reported through ``TactileDiagnostics``; the back button pops the controller.
/// - Standalone (VCG-N-13) its owner pushes and pops items; the delegate may refuse.
@preconcurrency @MainActor
open class UINavigationBar: UIView, UIBarPositioning {
    /// Creates a bar of `init(navigationBarClass:toolbarClass:)`'s class: a required initializer is the only way
    /// Swift can create an instance of a class given at run time (Tactile addition; subclasses that keep
    /// `UIView`'s initializers inherit it).
    public required convenience init(tactileBarFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// The bar's style (`.default`).
    open var barStyle: UIBarStyle = .default
    /// Whether content may show through the bar, so that a navigation controller's content extends under it
    /// (VCG-E-04). True by default since iOS 7; false under ``TactileBehavior/iPhoneOS3``.
    open var isTranslucent: Bool = UIApplication.shared.behavior == .modern
    /// The bar's background colour (nil: the default).
    open var barTintColor: UIColor?
    /// Whether the top item's title shows large (iOS 11).
    open var prefersLargeTitles = false
    /// The title's text attributes (before iOS 13's appearances).
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    /// The large title's text attributes.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// The line under the bar (nil: the default; an empty image removes it with a custom background).
    open var shadowImage: UIImage?
    private var backgroundImages: [UIBarMetrics: UIImage] = [:]
    /// Sets the background image for `barMetrics` (nil removes it): the classic way to a transparent bar.
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        backgroundImages[barMetrics] = backgroundImage
    }
    /// The background image for `barMetrics`.
    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? { backgroundImages[barMetrics] }
    /// The bar's look at its standard height (a copy is stored).
    open var standardAppearance: UINavigationBarAppearance {
        get { storedStandardAppearance }
        set { storedStandardAppearance = copied(newValue) }
    }
    private var storedStandardAppearance = UINavigationBarAppearance()
    /// The look at the compact height (nil: the standard one).
    open var compactAppearance: UINavigationBarAppearance? {
        get { storedCompactAppearance }
        set { storedCompactAppearance = newValue.map(copied) }
    }
    private var storedCompactAppearance: UINavigationBarAppearance?
    /// The look when content scrolls to the bar's edge (nil: the standard one, transparent since iOS 15).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue.map(copied) }
    }
    private var storedScrollEdgeAppearance: UINavigationBarAppearance?
    /// The compact look at the scroll edge (iOS 15).
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedCompactScrollEdgeAppearance }
        set { storedCompactScrollEdgeAppearance = newValue.map(copied) }
    }
    private var storedCompactScrollEdgeAppearance: UINavigationBarAppearance?
    /// Where the bar is: at the top, attached to the status bar when a navigation controller owns it.
    open var barPosition: UIBarPosition { owner != nil ? .topAttached : .top }

    /// The delegate of a standalone bar. A navigation controller's bar answers nil (the controller is its
    /// delegate in UIKit and assigning another raises, VCG-K-05).
    open weak var delegate: (any UINavigationBarDelegate)? {
        get { storedDelegate }
        set {
            if let owner {
                return TactileDiagnostics.report("UINavigationBar.delegate",
                                                 "Cannot manually set the delegate on a UINavigationBar managed by a controller. (\(owner))")
            }
            storedDelegate = newValue
        }
    }
    private weak var storedDelegate: (any UINavigationBarDelegate)?

    /// The items, bottom first (VCG-N-01).
    open var items: [UINavigationItem]? {
        get { itemStack }
        set { setItems(newValue, animated: false) }
    }
    /// The top item.
    open var topItem: UINavigationItem? { itemStack.last }
    /// The item below the top one: it supplies the back button (VCG-N-02).
    open var backItem: UINavigationItem? { itemStack.count > 1 ? itemStack[itemStack.count - 2] : nil }

    /// Pushes `item` (VCG-N-13) unless the delegate refuses; an item already on the bar is misuse.
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        guard ownerAllows("pushNavigationItem:animated:") else { return }
        if itemStack.contains(where: { $0 === item }) {
            return TactileDiagnostics.report("UINavigationBar.pushItem(_:animated:)",
                                             "Cannot push a navigation item that is already in the navigation bar: \(item)")
        }
        guard storedDelegate?.navigationBar(self, shouldPush: item) ?? true else { return }
        itemStack.append(item)
        storedDelegate?.navigationBar(self, didPush: item)
    }

    /// Pops the top item and returns it (VCG-N-13); nil, with nothing changed, for the last item or when the
    /// delegate refuses.
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard ownerAllows("popNavigationItemAnimated:"), itemStack.count > 1, let top = itemStack.last else { return nil }
        guard storedDelegate?.navigationBar(self, shouldPop: top) ?? true else { return nil }
        itemStack.removeLast()
        storedDelegate?.navigationBar(self, didPop: top)
        return top
    }

    /// Replaces the items (no delegate calls, as UIKit).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        guard ownerAllows("setItems:animated:") else { return }
        itemStack = items ?? []
    }

    // MARK: - Slots (VCG-N-02 … VCG-N-05)

    /// The title the back button shows for `item` below the top: its `backBarButtonItem`'s title, else its
    /// `backButtonTitle`, else its title, else "Back" (VCG-N-02 (2), (3)); per its `backButtonDisplayMode`,
    /// "Back" (`.generic`) or none (`.minimal`) unless a back item is set.
    static func backButtonTitle(for item: UINavigationItem) -> String {
        if let title = item.backBarButtonItem?.title { return title }
        switch item.backButtonDisplayMode {
        case .generic: return "Back"
        case .minimal: return ""
        case .default: return item.backButtonTitle ?? item.title ?? "Back"
        }
    }

    /// Whether the back button shows: there is a back item, the top item does not hide it, and no left item
    /// replaces it (VCG-N-02 (1), (4)).
    var showsBackButton: Bool {
        guard let top = topItem, backItem != nil, !top.hidesBackButton else { return false }
        return (top.leftBarButtonItems ?? []).isEmpty || top.leftItemsSupplementBackButton
    }

    // MARK: - Touches

    /// The controller that owns the bar (VCG-K-05).
    weak var owner: UINavigationController?
    var itemStack: [UINavigationItem] = []
    private var pressedSlot: BarSlot?

    private func ownerAllows(_ selector: String) -> Bool {
        guard owner != nil else { return true }
        TactileDiagnostics.report("UINavigationBar", "Cannot call \(selector) directly on a UINavigationBar managed by a controller.")
        return false
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressedSlot = touches.first.flatMap { slot(at: $0.location(in: self)) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        defer { pressedSlot = nil }
        guard let pressed = pressedSlot, let touch = touches.first,
              slot(at: touch.location(in: self)) == pressed else { return }
        switch pressed {
        case .back:
            if let owner { owner.backButtonTapped() } else { popItem(animated: true) }
        case .item(let item):
            item.sendTap(event: event)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { pressedSlot = nil }

    /// What a touch at `point` hits: the thirds of the bar (see the type's documentation).
    func slot(at point: CGPoint) -> BarSlot? {
        guard let top = topItem, bounds.contains(point) else { return nil }
        let third = bounds.width / 3
        if point.x < third {
            var slots: [BarSlot] = showsBackButton ? [.back] : []
            if slots.isEmpty || top.leftItemsSupplementBackButton {
                slots += (top.leftBarButtonItems ?? []).map(BarSlot.item)
            }
            return BarSlot.pick(slots, at: point.x, in: 0, third)
        }
        if point.x >= 2 * third {
            // The first right item is at the trailing edge.
            let slots = (top.rightBarButtonItems ?? []).reversed().map(BarSlot.item)
            return BarSlot.pick(Array(slots), at: point.x, in: 2 * third, bounds.width)
        }
        return nil
    }
}

/// What a touch on a bar hits.
enum BarSlot: Equatable {
    case back
    case item(UIBarButtonItem)

    static func == (a: BarSlot, b: BarSlot) -> Bool {
        switch (a, b) {
        case (.back, .back): true
        case let (.item(x), .item(y)): x === y
        default: false
        }
    }

    /// The slot of `slots` (sharing `lower..<upper` equally) at `x`.
    @MainActor
    static func pick(_ slots: [BarSlot], at x: CGFloat, in lower: CGFloat, _ upper: CGFloat) -> BarSlot? {
        guard !slots.isEmpty, upper > lower else { return nil }
        let index = Int((x - lower) / ((upper - lower) / CGFloat(slots.count)))
        let slot = slots[min(max(0, index), slots.count - 1)]
        if case .item(let item) = slot, !item.isEnabled || item.systemItem == .flexibleSpace
            || item.systemItem == .fixedSpace { return nil }
        return slot
    }
}

extension UIBarButtonItem {
    /// A user's tap: the primary action runs, or the item's action goes to its target (up the responder chain
    /// for a nil target).
    func sendTap(event: UIEvent?) {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.perform(from: self)
            return
        }
        guard let action else { return }
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }
}
