import Foundation

/// `UIToolbarDelegate`: a toolbar's delegate may place it.
@preconcurrency @MainActor
public protocol UIToolbarDelegate: UIBarPositioningDelegate {}

/// `UIToolbar`: a row of bar button items (VCG-O-01 … VCG-O-06), as a view with no pixels. A navigation
/// controller's toolbar shows its top controller's `toolbarItems` (VCG-O-02). A tap on the toolbar hits the
/// item under it — the items share the width equally, spaces hit nothing — and sends its action.
@preconcurrency @MainActor
open class UIToolbar: UIView, UIBarPositioning {
    /// Creates a toolbar of `init(navigationBarClass:toolbarClass:)`'s class (see
    /// ``UINavigationBar/init(tactileBarFrame:)``; Tactile addition).
    public required convenience init(tactileBarFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// The items shown, leading first.
    open var items: [UIBarButtonItem]?
    /// Sets ``items``.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }
    /// The bar's style (`.default`).
    open var barStyle: UIBarStyle = .default
    /// Whether content shows through the toolbar (true since iOS 7; false under ``TactileBehavior/iPhoneOS3``).
    open var isTranslucent: Bool = UIApplication.shared.behavior == .modern
    /// The bar's background colour (nil: the default).
    open var barTintColor: UIColor?
    /// The toolbar's look (a copy is stored).
    open var standardAppearance: UIToolbarAppearance {
        get { storedStandardAppearance }
        set { storedStandardAppearance = copied(newValue) }
    }
    private var storedStandardAppearance = UIToolbarAppearance()
    /// The look at the compact height (nil: the standard one).
    open var compactAppearance: UIToolbarAppearance? {
        get { storedCompactAppearance }
        set { storedCompactAppearance = newValue.map(copied) }
    }
    private var storedCompactAppearance: UIToolbarAppearance?
    /// The look at the scroll edge (iOS 15).
    open var scrollEdgeAppearance: UIToolbarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue.map(copied) }
    }
    private var storedScrollEdgeAppearance: UIToolbarAppearance?
    /// The toolbar's delegate.
    open weak var delegate: (any UIToolbarDelegate)?
    /// At the bottom.
    open var barPosition: UIBarPosition { .bottom }

    private var pressed: BarSlot?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressed = touches.first.flatMap { slot(at: $0.location(in: self)) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        defer { pressed = nil }
        guard let pressed, let touch = touches.first, slot(at: touch.location(in: self)) == pressed,
              case .item(let item) = pressed else { return }
        item.sendTap(event: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { pressed = nil }

    func slot(at point: CGPoint) -> BarSlot? {
        guard bounds.contains(point) else { return nil }
        return BarSlot.pick((items ?? []).map(BarSlot.item), at: point.x, in: 0, bounds.width)
    }
}
