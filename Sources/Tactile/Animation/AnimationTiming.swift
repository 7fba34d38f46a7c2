import Foundation

/// The pacing of a view animation: a Bézier timing curve, or a spring.
enum AnimationTiming: Sendable {
    case curve(CubicBezierCurve)
    /// UIKit's spring animation: a damped spring (ratio `damping`, initial velocity `velocity` in total
    /// distances per second) scaled so it settles within the duration — its envelope has decayed to 0.1 % at
    /// the end, where the value is taken as final.
    case spring(damping: Double, velocity: Double, duration: Double)

    static let easeInOut = AnimationTiming.curve(CubicBezierCurve((0.42, 0), (0.58, 1)))
    static let easeIn = AnimationTiming.curve(CubicBezierCurve((0.42, 0), (1, 1)))
    static let easeOut = AnimationTiming.curve(CubicBezierCurve((0, 0), (0.58, 1)))
    static let linear = AnimationTiming.curve(CubicBezierCurve((0, 0), (1, 1)))

    /// The curve `options` pick (ease-in-out by default, as `UIView.animate`).
    init(options: UIView.AnimationOptions) {
        switch options.rawValue & (3 << 16) {
        case 1 << 16: self = .easeIn
        case 2 << 16: self = .easeOut
        case 3 << 16: self = .linear
        default: self = .easeInOut
        }
    }

    init(curve: UIView.AnimationCurve) {
        switch curve {
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .linear: self = .linear
        case .easeInOut: self = .easeInOut
        }
    }

    /// Progress (0 at the start, 1 at the end; a spring overshoots in between) at time fraction `t`.
    func progress(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        switch self {
        case .curve(let c): return c.y(atX: t)
        case .spring(let damping, let velocity, let duration):
            let zeta = max(damping, 0.01)
            let omega = log(1000) / zeta  // rad per unit of normalized time
            let v0 = velocity * max(duration, 1e-9)
            if zeta < 1 {
                let wd = omega * (1 - zeta * zeta).squareRoot()
                return 1 - exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - v0) / wd * sin(wd * t))
            }
            return 1 - exp(-omega * t) * (1 + (omega - v0) * t)
        }
    }
}
