import Foundation

/// `CAMediaTimingFunction`: an animation's pacing as a cubic Bézier from (0, 0) to (1, 1) through two control
/// points. The named ones are Core Animation's (ease-in-out: (0.42, 0), (0.58, 1); UIKit's default view
/// animation curve).
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    let c1: (Double, Double)
    let c2: (Double, Double)

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = (Double(c1x), Double(c1y))
        c2 = (Double(c2x), Double(c2y))
        super.init()
    }

    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0.42, 0, 0.58, 1)
        }
    }

    /// Control point `idx` (0 … 3) into `ptr` (two floats).
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points = [(0.0, 0.0), c1, c2, (1.0, 1.0)]
        guard points.indices.contains(idx) else { return }
        ptr[0] = Float(points[idx].0)
        ptr[1] = Float(points[idx].1)
    }

    /// The eased progress for a linear time fraction `t` (0…1): y where the curve's x is `t`.
    func progress(_ t: Double) -> Double { CubicBezierCurve(c1, c2).y(atX: t) }
}

/// Names of Core Animation's timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self("linear"), easeIn = Self("easeIn"), easeOut = Self("easeOut"),
                      easeInEaseOut = Self("easeInEaseOut"), `default` = Self("default")
}

/// A timing curve through (0, 0), `c1`, `c2`, (1, 1): y for a given x, by Newton's method with a bisection
/// fallback (x is monotonic in t for control points with x in 0…1).
struct CubicBezierCurve: Sendable {
    let c1: (Double, Double), c2: (Double, Double)
    init(_ c1: (Double, Double), _ c2: (Double, Double)) { self.c1 = c1; self.c2 = c2 }

    private func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    func y(atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let err = coordinate(t, c1.0, c2.0) - x
            if abs(err) < 1e-9 { return coordinate(t, c1.1, c2.1) }
            let d = slope(t, c1.0, c2.0)
            if abs(d) < 1e-9 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = coordinate(t, c1.0, c2.0)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return coordinate(t, c1.1, c2.1)
    }
}

/// The current time on the app's run loop clock, in seconds (virtual when the host steps it).
public func CACurrentMediaTime() -> CFTimeInterval {
    if MainQueueProbe.isOnMainQueue {
        return MainActor.assumeIsolated { Double(UIApplication.shared.mainLoop.now) / 1e9 }
    }
    return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
