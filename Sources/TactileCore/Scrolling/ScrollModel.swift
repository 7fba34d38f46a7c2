/// One axis of a scroll view: the range its offset rests in, how much of it shows, whether it scrolls.
public struct ScrollAxis: Sendable, Hashable {
    /// The offset's resting range (`-inset.top` … `contentSize + inset.bottom − size`, at least the minimum).
    public var minimum: Double
    public var maximum: Double
    /// The visible size along the axis (the rubber band's `d`).
    public var dimension: Double
    /// The axis moves under a drag: the content is larger than the view, or it always bounces.
    public var scrollable: Bool
    /// Past an edge the offset follows the finger by the rubber band and springs back (else it stops at the edge).
    public var bounces: Bool
    /// Page size (0: no paging).
    public var page: Double

    public init(minimum: Double = 0, maximum: Double = 0, dimension: Double = 0, scrollable: Bool = false,
                bounces: Bool = true, page: Double = 0) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.dimension = dimension
        self.scrollable = scrollable
        self.bounces = bounces
        self.page = page
    }

    /// `offset` kept in the resting range.
    public func clamped(_ offset: Double) -> Double { min(max(offset, minimum), maximum) }

    /// Where a drag whose finger-following offset is `raw` shows the content.
    public func shown(raw: Double) -> Double {
        bounces ? ScrollAxisMotion.rubberBand(raw, minimum: minimum, maximum: maximum, dimension: dimension)
            : clamped(raw)
    }

    /// The motion after a release at `offset` with `velocity` (points per second, in the offset's direction).
    public func release(at offset: Double, velocity: Double, rate: Double, target: Double? = nil) -> ScrollAxisMotion {
        guard scrollable else { return ScrollAxisMotion(restingAt: offset) }
        if page > 0 {
            let to = ScrollAxisMotion.pageTarget(offset: offset, velocity: velocity, pageSize: page,
                                                 pageOrigin: minimum, minimum: minimum, maximum: maximum)
            return ScrollAxisMotion(springFrom: offset, to: to, velocity: velocity,
                                    stiffness: ScrollAxisMotion.pagingStiffness)
        }
        return ScrollAxisMotion(decelerateFrom: offset, velocity: velocity, rate: rate, minimum: minimum,
                                maximum: maximum, bounces: bounces, target: target)
    }
}

/// A scroll view's drag, as UIKit tracks it (DESIGN-SCROLL-DRAG): the offset follows the finger one to one from
/// where the drag began (no jump by the pan's hysteresis), rubber-banded past the edges, only along the axes that
/// scroll; with the directional lock, a drag that starts within 30° of an axis moves along that axis only.
public struct ScrollDrag: Sendable, Hashable {
    /// tan 30°: a drag whose minor component is at most this share of its major one locks to the major axis.
    public static let lockRatio = 0.577_350_269

    public var x: ScrollAxis
    public var y: ScrollAxis
    /// The finger-following offsets at the begin (the shown offset un-rubber-banded).
    private var rawX = 0.0, rawY = 0.0
    /// The translation at the begin (taken off later ones).
    private var baseX = 0.0, baseY = 0.0
    public private(set) var lockedX = false, lockedY = false

    public init(x: ScrollAxis, y: ScrollAxis) {
        self.x = x
        self.y = y
    }

    /// The drag begins with the content at `offset`, the pan's translation at `translation` (finger space: the
    /// offset moves the other way). The directional lock follows `direction` — the fingers' whole movement since
    /// touch-down (the pan's translation at its begin has the hysteresis taken off and may be (0, 0)) — or the
    /// translation when none is given.
    public mutating func begin(offset: (x: Double, y: Double), translation: (x: Double, y: Double),
                               directionalLock: Bool, direction: (x: Double, y: Double)? = nil) {
        rawX = ScrollAxisMotion.unrubberBand(offset.x, minimum: x.minimum, maximum: x.maximum, dimension: x.dimension)
        rawY = ScrollAxisMotion.unrubberBand(offset.y, minimum: y.minimum, maximum: y.maximum, dimension: y.dimension)
        baseX = translation.x
        baseY = translation.y
        lockedX = false
        lockedY = false
        if directionalLock, x.scrollable, y.scrollable {
            let d = direction ?? translation
            let ax = abs(d.x), ay = abs(d.y)
            if ay <= ax * Self.lockRatio { lockedY = true } else if ax <= ay * Self.lockRatio { lockedX = true }
        }
    }

    /// The offset the content shows for the pan's `translation`.
    public func offset(for translation: (x: Double, y: Double), current: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let ox = x.scrollable && !lockedX ? x.shown(raw: rawX - (translation.x - baseX)) : current.x
        let oy = y.scrollable && !lockedY ? y.shown(raw: rawY - (translation.y - baseY)) : current.y
        return (ox, oy)
    }

    /// The scroll velocity for a finger velocity (the offset moves against the finger; locked axes do not move).
    public func scrollVelocity(finger v: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (x.scrollable && !lockedX ? -v.x : 0, y.scrollable && !lockedY ? -v.y : 0)
    }
}
