import Foundation

/// `UIPageControl`: a row of page indicators. A tap on the leading or trailing side of the current page's
/// indicator moves one page that way and sends `.valueChanged` (then `.primaryActionTriggered`); at the first or
/// last page a tap beyond it changes nothing. Setting ``currentPage`` from code sends nothing.
///
/// UIKit's indicator geometry is private: indicators are ``tactileIndicatorSpacing`` apart, centred.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// `UIPageControl.InteractionState` (iOS 14).
    public enum InteractionState: Int, Sendable {
        case none = 0, discrete = 1, continuous = 2
    }

    /// `UIPageControl.BackgroundStyle` (iOS 14).
    public enum BackgroundStyle: Int, Sendable {
        case automatic = 0, prominent = 1, minimal = 2
    }

    /// The distance between the centres of two indicators, in points.
    public static let tactileIndicatorSpacing: CGFloat = 16
    /// The control's height (its intrinsic height), in points.
    public static let tactileHeight: CGFloat = 26

    /// The number of pages (0).
    open var numberOfPages: Int {
        get { pages }
        set {
            pages = max(0, newValue)
            currentPage = page
        }
    }
    /// The current page, kept within `0 ..< numberOfPages`.
    open var currentPage: Int {
        get { page }
        set { page = min(max(0, newValue), max(0, pages - 1)) }
    }
    /// Whether the control hides itself with one page.
    open var hidesForSinglePage: Bool = false
    /// The indicators' tint.
    open var pageIndicatorTintColor: UIColor?
    /// The current indicator's tint.
    open var currentPageIndicatorTintColor: UIColor?
    /// The background style (iOS 14).
    open var backgroundStyle: BackgroundStyle = .automatic
    /// Whether a finger may scrub across the indicators (iOS 14).
    open var allowsContinuousInteraction: Bool = true
    /// The interaction going on (iOS 14).
    open private(set) var interactionState: InteractionState = .none
    /// Whether a tap waits for ``updateCurrentPageDisplay()`` before showing the new page (deprecated in iOS 14).
    @available(iOS, deprecated: 14.0, message: "defersCurrentPageDisplay no longer does anything reasonable with the new interaction mode.")
    open var defersCurrentPageDisplay: Bool = false
    /// Shows the current page (deprecated in iOS 14).
    @available(iOS, deprecated: 14.0, message: "updateCurrentPageDisplay no longer does anything reasonable with the new interaction mode.")
    open func updateCurrentPageDisplay() {}

    /// The size that shows `pageCount` indicators.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(0, pageCount)) * Self.tactileIndicatorSpacing, height: Self.tactileHeight)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: pages) }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, pages > 1 else { return }
        let x = touch.location(in: self).x
        let firstCenter = bounds.midX - CGFloat(pages - 1) * Self.tactileIndicatorSpacing / 2
        var position = firstCenter + CGFloat(page) * Self.tactileIndicatorSpacing
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { position = 2 * bounds.midX - position }
        var step = x < position ? -1 : 1
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { step = -step }
        let next = min(max(0, page + step), pages - 1)
        guard next != page else { return }
        interactionState = .discrete
        page = next
        sendControlEvents(.valueChanged, with: event)
        interactionState = .none
    }

    override var primaryActionEvents: UIControl.Event { .valueChanged }

    private var pages = 0
    private var page = 0

    /// A single-finger single tap stays the control's, not an ancestor's tap recognizer's (SBT-RSP-06).
    override func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool { recognizer.isSingleFingerSingleTap }
}
