import Foundation

/// A scroll view's settings: the `UIScrollView` properties the ``ScrollViewEngine`` decides with
/// (DESIGN-CAPI-SCROLL). The defaults are UIKit's.
public struct ScrollViewSettings: Sendable, Hashable {
    /// `contentSize`: the size of the content (zero by default).
    public var contentSize: CGSize = .zero
    /// `contentInset`: extra scrollable space around the content (zero by default).
    public var contentInset = ScrollInsets()
    /// `isPagingEnabled`: releases come to rest on multiples of the view's size (off).
    public var isPagingEnabled = false
    /// `bounces`: past the edges the content follows the finger by the rubber band and springs back (on).
    public var bounces = true
    /// `alwaysBounceHorizontal` / `alwaysBounceVertical`: the axis scrolls even when the content is no larger than
    /// the view (off).
    public var alwaysBounceHorizontal = false
    public var alwaysBounceVertical = false
    /// `isScrollEnabled`: drags scroll (on).
    public var isScrollEnabled = true
    /// `isDirectionalLockEnabled`: a drag begun along an axis stays on it (off).
    public var isDirectionalLockEnabled = false
    /// `canCancelContentTouches`: a drag may take the touches the content already has (on); off, a drag that
    /// began on the content (not on the scroll view itself) does not scroll.
    public var canCancelContentTouches = true
    /// `decelerationRate`: the velocity kept per millisecond (``normalDecelerationRate``).
    public var decelerationRate = ScrollViewSettings.normalDecelerationRate

    /// `UIScrollView.DecelerationRate.normal`.
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastDecelerationRate = 0.99

    public init() {}
}

/// `UIEdgeInsets` as plain data.
public struct ScrollInsets: Sendable, Hashable {
    public var top, left, bottom, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// What a scroll view is doing (`isTracking`, `isDragging`, `isDecelerating`, and a scrolling animation).
public struct ScrollViewActivity: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `isTracking`: a finger that touched the scroll view (or its content) is down, dragging or not.
    public static let tracking = ScrollViewActivity(rawValue: 1 << 0)
    /// `isDragging`: the content follows a finger.
    public static let dragging = ScrollViewActivity(rawValue: 1 << 1)
    /// `isDecelerating`: the content moves on after a drag (decelerating, bouncing back or paging).
    public static let decelerating = ScrollViewActivity(rawValue: 1 << 2)
    /// `setContentOffset(_:animated: true)` is animating.
    public static let animating = ScrollViewActivity(rawValue: 1 << 3)
}

/// One `UIScrollViewDelegate` call, as plain data (DESIGN-CAPI-SCROLL-EVENTS).
public struct ScrollEvent: Sendable, Hashable {
    /// The delegate methods, in tactile.h's `tactile_scroll_event_kind` order.
    public enum Kind: UInt32, Sendable, Hashable, CaseIterable {
        /// `scrollViewWillBeginDragging(_:)`.
        case willBeginDragging = 0
        /// `scrollViewDidScroll(_:)`: the offset changed (a drag, a frame of a motion, a set offset).
        case didScroll = 1
        /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the handler may change ``target``.
        case willEndDragging = 2
        /// `scrollViewDidEndDragging(_:willDecelerate:)`.
        case didEndDragging = 3
        /// `scrollViewWillBeginDecelerating(_:)`.
        case willBeginDecelerating = 4
        /// `scrollViewDidEndDecelerating(_:)`: at rest, within the scrolling range along each axis that scrolls.
        case didEndDecelerating = 5
        /// `scrollViewDidEndScrollingAnimation(_:)`: an animated `setContentOffset` is over.
        case didEndScrollingAnimation = 6

        /// The name in the delivery log (the delegate method's, without `scrollView`).
        public var logName: String {
            switch self {
            case .willBeginDragging: "willBeginDragging"
            case .didScroll: "didScroll"
            case .willEndDragging: "willEndDragging"
            case .didEndDragging: "didEndDragging"
            case .willBeginDecelerating: "willBeginDecelerating"
            case .didEndDecelerating: "didEndDecelerating"
            case .didEndScrollingAnimation: "didEndScrollingAnimation"
            }
        }
    }

    public var kind: Kind
    public var view: ViewID
    /// `contentOffset` now.
    public var offset: CGPoint
    /// ``Kind/willEndDragging``: the release velocity in points per millisecond (UIKit's unit), along the offset.
    public var velocity: CGPoint
    /// ``Kind/willEndDragging``: where the content will come to rest; the handler may change it (UIKit's
    /// `targetContentOffset`; ignored for a paging scroll view, kept within the scrolling range).
    public var target: CGPoint
    /// ``Kind/didEndDragging``: a motion follows (deceleration, bounce or paging).
    public var decelerate: Bool
    /// The touch event's timestamp, or for a frame of a motion the time on the touches' clock.
    public var timestamp: UInt64

    public init(kind: Kind, view: ViewID, offset: CGPoint, velocity: CGPoint = .zero, target: CGPoint = .zero,
                decelerate: Bool = false, timestamp: UInt64) {
        self.kind = kind
        self.view = view
        self.offset = offset
        self.velocity = velocity
        self.target = target
        self.decelerate = decelerate
        self.timestamp = timestamp
    }

    /// The event's delivery-log line: `<t> scroll view=<index> <kind> offset=(x,y)`, plus `velocity=(…)
    /// target=(…)` or `decelerate=<bool>`; numbers rounded to 1/1000 point.
    public var logLine: String {
        var line = "\(timestamp) scroll view=\(view.index) \(kind.logName) offset=\(Self.pair(offset))"
        switch kind {
        case .willEndDragging: line += " velocity=\(Self.pair(velocity)) target=\(Self.pair(target))"
        case .didEndDragging: line += " decelerate=\(decelerate)"
        default: break
        }
        return line
    }

    /// `(x,y)` rounded to 1/1000 (so a last-bit difference in `exp` between libms cannot change a log).
    static func pair(_ p: CGPoint) -> String { "(\(number(Double(p.x))),\(number(Double(p.y))))" }

    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : "\(r)"
    }
}

/// A scroll view a scene declares: its view and its content size (``BuiltScene/scrollViews``).
public struct SceneScrollView: Sendable, Hashable {
    public var view: ViewID
    public var contentSize: CGSize

    public init(view: ViewID, contentSize: CGSize) {
        self.view = view
        self.contentSize = contentSize
    }
}
