import Foundation

/// UIKit's scroll-view physics as pure functions of the release state and the time since (DESIGN-SCROLL-MOTION):
/// the same release gives the same frames, whatever the frame rate.
///
/// - **Deceleration** (UIKit's `decelerationRate`, a factor per millisecond): the velocity decays by `r` every
///   millisecond, so the content comes to rest at Apple's projection `x₀ + v₀/1000 · r/(1 − r)` (the sum of the
///   per-millisecond steps), and in between `x(t) = x₀ + P·(1 − rᵗ)` with `t` in milliseconds, `P` that whole way
///   (`rᵗ = e^(−k·t)`, `k = −1000·ln r` per second). It stops when what is left of the way is under
///   ``restDistance``; a target the delegate sets replaces `P`.
/// - **Bounce**: dragged past an edge, the content follows the finger by the rubber band
///   `b(x) = (1 − 1/(x·c/d + 1))·d` (`c` = ``rubberBandCoefficient``, `d` the visible size along the axis); released
///   there, or reaching an edge while decelerating, it comes back to the edge as a critically damped spring
///   `y(t) = (y₀ + (v₀ + ω·y₀)·t)·e^(−ω·t)` (``bounceStiffness`` = ω). Without bouncing it stops at the edge.
/// - **Paging**: the release goes to a page boundary — the nearest one for a slow release, the next one in the
///   velocity's direction for a flick (at most one page) — by the same spring, with ``pagingStiffness``.
public struct ScrollAxisMotion: Sendable, Hashable {
    /// Below this much way left, a motion is over (half a point).
    public static let restDistance = 0.5
    /// `c` of the rubber band (UIKit's 0.55).
    public static let rubberBandCoefficient = 0.55
    /// ω of the spring that brings an overscrolled offset back to its edge, per second.
    public static let bounceStiffness = 12.0
    /// ω of the spring that lands a paging scroll view on its page, per second.
    public static let pagingStiffness = 18.0
    /// A release slower than this (points per second) pages to the nearest page rather than the next one.
    public static let pagingFlickVelocity = 300.0

    public enum Kind: Sendable, Hashable {
        /// Exponential decay from `start` toward `start + velocity / decay`, then (if it reaches an edge) a spring.
        case decelerate
        /// A critically damped spring to `target`.
        case spring
        /// An ease-in-ease-out animation over `duration` (smoothstep `3u² − 2u³`).
        case ease
        /// No motion: already at rest.
        case rest
    }

    public private(set) var kind: Kind
    /// Where the motion starts and with which velocity (points, points per second).
    public let start: Double
    public let velocity: Double
    /// Where it comes to rest.
    public private(set) var target: Double
    /// Seconds until it is at rest.
    public private(set) var duration: Double
    /// Decay constant `k` (per second) of the deceleration, and its whole way (`x(∞) − x₀`).
    private var decay = 0.0
    private var amplitude = 0.0
    /// The deceleration reaches the edge (`target`) at `edgeTime` with `edgeVelocity`, then springs (bounce).
    private var edgeTime = Double.infinity
    private var edgeVelocity = 0.0
    private var stiffness = 0.0
    /// The spring's own duration, and its displacement and velocity at its start.
    private var springStart = 0.0, springVelocity = 0.0, springDuration = 0.0

    /// `k` for a deceleration rate per millisecond (0 < rate < 1; other rates are clamped into it).
    public static func decay(forRate rate: Double) -> Double {
        let r = rate.isFinite ? min(max(rate, 0.5), 0.999_999) : 0.998
        return -1000 * Foundation.log(r)
    }

    /// The way a release goes per point per second of velocity: UIKit's per-millisecond sum `r/(1 − r)/1000`.
    public static func projectionFactor(forRate rate: Double) -> Double {
        let r = rate.isFinite ? min(max(rate, 0.5), 0.999_999) : 0.998
        return r / (1 - r) / 1000
    }

    /// Where a release at `velocity` (points per second) comes to rest without edges.
    public static func projection(from start: Double, velocity: Double, rate: Double) -> Double {
        start + velocity * projectionFactor(forRate: rate)
    }

    /// The rubber-banded offset for a raw (finger-following) offset `raw` beyond `[minimum, maximum]`, showing
    /// `dimension` points along the axis.
    public static func rubberBand(_ raw: Double, minimum: Double, maximum: Double, dimension: Double) -> Double {
        let d = max(dimension, 1)
        func band(_ x: Double) -> Double { (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d }
        if raw < minimum { return minimum - band(minimum - raw) }
        if raw > maximum { return maximum + band(raw - maximum) }
        return raw
    }

    /// The raw offset that `rubberBand` shows as `shown` (its inverse): where a drag must go on from.
    public static func unrubberBand(_ shown: Double, minimum: Double, maximum: Double, dimension: Double) -> Double {
        let d = max(dimension, 1)
        func unband(_ b: Double) -> Double {
            let f = min(b / d, 0.999_999)
            return (1 / (1 - f) - 1) * d / rubberBandCoefficient
        }
        if shown < minimum { return minimum - unband(minimum - shown) }
        if shown > maximum { return maximum + unband(shown - maximum) }
        return shown
    }

    /// The page boundary a paging release at `offset` with `velocity` goes to (pages of `pageSize` from `minimum`).
    public static func pageTarget(offset: Double, velocity: Double, pageSize: Double, pageOrigin: Double,
                                  minimum: Double, maximum: Double) -> Double {
        guard pageSize > 0 else { return min(max(offset, minimum), maximum) }
        let page = (offset - pageOrigin) / pageSize
        let index: Double
        if abs(velocity) < pagingFlickVelocity { index = page.rounded() }
        else if velocity > 0 { index = Foundation.floor(page) + 1 }
        else { index = Foundation.ceil(page) - 1 }
        return min(max(pageOrigin + index * pageSize, minimum), maximum)
    }

    /// A release at `start` with `velocity` inside or outside `[minimum, maximum]`: deceleration at `rate` (to
    /// `target` if given, which is kept within the range), bouncing back from an edge or stopping there.
    public init(decelerateFrom start: Double, velocity: Double, rate: Double, minimum: Double, maximum: Double,
                bounces: Bool, target requested: Double? = nil) {
        self.start = start
        self.velocity = velocity
        kind = .rest
        target = start
        duration = 0
        let maximum = max(minimum, maximum)
        if start < minimum || start > maximum {
            // Released overscrolled: back to the edge (the release velocity pushes the spring).
            setSpring(to: start < minimum ? minimum : maximum, from: start, velocity: velocity,
                      stiffness: Self.bounceStiffness)
            return
        }
        let k = Self.decay(forRate: rate)
        // The whole way: the per-millisecond sum v/1000 · r/(1 − r), or what lands on the delegate's target.
        var way = velocity * Self.projectionFactor(forRate: rate)
        if let requested, requested.isFinite { way = min(max(requested, minimum), maximum) - start }
        guard abs(way) >= Self.restDistance else { return }
        decay = k
        amplitude = way
        kind = .decelerate
        let rest = start + way
        duration = Foundation.log(abs(way) / Self.restDistance) / k
        target = rest
        let edge = rest < minimum ? minimum : rest > maximum ? maximum : nil
        guard let edge else { return }
        // It reaches the edge at t_e: x(t_e) = edge.
        let fraction = (edge - start) / way  // = 1 − e^(−k·t_e), in [0, 1)
        edgeTime = -Foundation.log(max(1 - fraction, .leastNormalMagnitude)) / k
        edgeVelocity = way * k * Foundation.exp(-k * edgeTime)
        target = edge
        guard bounces else {
            duration = edgeTime
            return
        }
        stiffness = Self.bounceStiffness
        springStart = 0
        springVelocity = edgeVelocity
        springDuration = Self.springDuration(y0: 0, v0: edgeVelocity, omega: stiffness)
        duration = edgeTime + springDuration
    }

    /// A spring from `start` (with `velocity`) to `target`, with `stiffness` ω.
    public init(springFrom start: Double, to target: Double, velocity: Double, stiffness: Double) {
        self.start = start
        self.velocity = velocity
        kind = .rest
        self.target = target
        duration = 0
        setSpring(to: target, from: start, velocity: velocity, stiffness: stiffness)
    }

    /// An animation from `start` to `target` over `duration` seconds, easing in and out (`setContentOffset(_:animated:)`).
    public init(easeFrom start: Double, to target: Double, duration: Double) {
        self.start = start
        velocity = 0
        self.target = target
        self.duration = start == target ? 0 : max(duration, 0)
        kind = self.duration > 0 ? .ease : .rest
    }

    /// At rest at `offset`.
    public init(restingAt offset: Double) {
        start = offset
        velocity = 0
        kind = .rest
        target = offset
        duration = 0
    }

    private mutating func setSpring(to target: Double, from start: Double, velocity: Double, stiffness: Double) {
        self.target = target
        let y0 = start - target
        guard abs(y0) >= Self.restDistance || abs(velocity) / stiffness >= Self.restDistance else {
            kind = .rest
            return
        }
        kind = .spring
        self.stiffness = stiffness
        springStart = y0
        springVelocity = velocity
        edgeTime = 0
        springDuration = Self.springDuration(y0: y0, v0: velocity, omega: stiffness)
        duration = springDuration
    }

    /// The first time after which the spring stays within ``restDistance`` of its rest (found on a 1 ms grid
    /// from the end of its tail, so it is deterministic).
    private static func springDuration(y0: Double, v0: Double, omega: Double) -> Double {
        func y(_ t: Double) -> Double { (y0 + (v0 + omega * y0) * t) * Foundation.exp(-omega * t) }
        // Past the extremum the magnitude only falls: step from the extremum in 1 ms steps.
        var t = 0.0
        let a = y0, b = v0 + omega * y0
        if b != 0 { t = max(0, 1 / omega - a / b) }
        t = (t * 1000).rounded(.up) / 1000
        while abs(y(t)) >= restDistance, t < 60 { t += 0.001 }
        return t
    }

    /// The offset `t` seconds after the release.
    public func offset(at t: Double) -> Double {
        guard t < duration, t.isFinite else { return target }
        let t = max(t, 0)
        switch kind {
        case .rest:
            return target
        case .decelerate:
            if t < edgeTime { return start + amplitude * (1 - Foundation.exp(-decay * t)) }
            return target + spring(t - edgeTime)
        case .spring:
            return target + spring(t)
        case .ease:
            let u = t / duration
            return start + (target - start) * u * u * (3 - 2 * u)
        }
    }

    /// The velocity (points per second) `t` seconds after the release.
    public func velocity(at t: Double) -> Double {
        guard t < duration, t.isFinite else { return 0 }
        let t = max(t, 0)
        switch kind {
        case .rest: return 0
        case .decelerate:
            if t < edgeTime { return amplitude * decay * Foundation.exp(-decay * t) }
            return springRate(t - edgeTime)
        case .spring: return springRate(t)
        case .ease:
            let u = t / duration
            return (target - start) * 6 * u * (1 - u) / duration
        }
    }

    private func spring(_ t: Double) -> Double {
        (springStart + (springVelocity + stiffness * springStart) * t) * Foundation.exp(-stiffness * t)
    }

    private func springRate(_ t: Double) -> Double {
        let a = springStart, b = springVelocity + stiffness * springStart
        return (b - stiffness * (a + b * t)) * Foundation.exp(-stiffness * t)
    }
}
