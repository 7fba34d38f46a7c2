import Foundation

/// `UINavigationItem`: what a navigation bar shows while its controller is on top (VCG-J-02, VCG-N-02 … VCG-N-05). A
/// view controller creates its own lazily (``UIViewController/navigationItem``), titled with the
/// controller's ``UIViewController/title``.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// The title shown in the centre slot (VCG-N-03).
    open var title: String?
    /// A custom view shown in the centre slot instead of the title (VCG-N-03).
    open var titleView: UIView?
    /// Text shown above the bar's controls (VCG-N-05).
    open var prompt: String?
    /// The item the next controller's back button uses (VCG-N-02).
    open var backBarButtonItem: UIBarButtonItem?
    /// The back button's title when the next controller is on top (nil: the title).
    open var backButtonTitle: String?
    /// True hides the back button.
    open var hidesBackButton = false
    /// The left items; the first is ``leftBarButtonItem`` (VCG-N-02).
    open var leftBarButtonItems: [UIBarButtonItem]?
    /// The right items; the first is ``rightBarButtonItem`` (VCG-N-04).
    open var rightBarButtonItems: [UIBarButtonItem]?
    /// With a left item, whether the back button shows beside it (false by default).
    open var leftItemsSupplementBackButton = false

    /// `UINavigationItem.LargeTitleDisplayMode`: whether the title shows large (iOS 11).
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic = 0
        case always = 1
        case never = 2
    }

    /// Whether the item's title shows large when the bar prefers large titles (`.automatic`: as the item
    /// below). Stored; nothing is drawn.
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

    /// `UINavigationItem.BackButtonDisplayMode` (iOS 14): how the back button to this item titles itself.
    public enum BackButtonDisplayMode: Int, Sendable {
        /// The item's back title or title.
        case `default` = 0
        /// "Back".
        case generic = 1
        /// No title: the chevron only.
        case minimal = 2
    }

    /// How the back button shown while the next item is on top titles itself (VCG-N-02).
    open var backButtonDisplayMode: BackButtonDisplayMode = .default

    /// The bar's look while this item is on top (nil: the bar's own); a copy is stored.
    open var standardAppearance: UINavigationBarAppearance? {
        get { storedStandardAppearance }
        set { storedStandardAppearance = newValue.map(copied) }
    }
    private var storedStandardAppearance: UINavigationBarAppearance?
    /// The compact look while this item is on top.
    open var compactAppearance: UINavigationBarAppearance? {
        get { storedCompactAppearance }
        set { storedCompactAppearance = newValue.map(copied) }
    }
    private var storedCompactAppearance: UINavigationBarAppearance?
    /// The scroll-edge look while this item is on top.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedScrollEdgeAppearance }
        set { storedScrollEdgeAppearance = newValue.map(copied) }
    }
    private var storedScrollEdgeAppearance: UINavigationBarAppearance?

    /// An item titled `title`.
    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() {
        super.init()
    }

    /// The custom left item; it replaces the back button in the slot (VCG-N-02).
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The right item (VCG-N-04).
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
}
