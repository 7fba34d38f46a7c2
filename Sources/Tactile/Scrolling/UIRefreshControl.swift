import Foundation

/// `UIRefreshControl`: pull to refresh (DESIGN-SCROLL-REFRESH). Set as a scroll view's
/// ``UIScrollView/refreshControl`` (or a table view controller's), it sits above the content; a drag that pulls
/// the content ``tactileTriggerDistance`` points past its top begins refreshing and sends `.valueChanged`
/// (during the drag, as on iOS). While it refreshes, the scroll view's adjusted top inset grows by
/// ``tactileHeight``, so a release rests with the control showing; ``endRefreshing()`` gives the space back.
/// UIKit's distances are private: these are Tactile's named values.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// How far past the top of the content a drag pulls before refreshing begins, in points.
    public static let tactileTriggerDistance: CGFloat = 100
    /// The control's height, in points (the inset it holds open while refreshing).
    public static let tactileHeight: CGFloat = 60

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether a refresh is in progress.
    open private(set) var isRefreshing = false

    /// The title shown under the spinner.
    open var attributedTitle: NSAttributedString?

    /// Shows the control refreshing (sends nothing, as in UIKit).
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        (superview as? UIScrollView)?.updateAdjustedContentInset()
    }

    /// Ends the refresh: the space it held closes (a scroll view resting at the top follows).
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        (superview as? UIScrollView)?.updateAdjustedContentInset()
    }

    /// A drag pulled far enough: refreshing begins and the app hears `.valueChanged`.
    func pulled() {
        guard isEnabled, !isRefreshing else { return }
        beginRefreshing()
        sendActions(for: .valueChanged)
    }

    /// The inset the control holds open.
    var heldInset: CGFloat { isRefreshing ? Self.tactileHeight : 0 }
}
