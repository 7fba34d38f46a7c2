import Foundation

/// What pinches and rotations share (UIKit's headers: they begin "when two touches have moved enough", change
/// when a finger moves while two are down, end "when both fingers have lifted"): two fingers (a third is
/// ignored), a measure of them (their distance, their angle) followed from its value when both were down, a
/// begin once the measure has changed by `beginThreshold`, a change per move of two fingers, an end when the
/// last finger lifts (a fail, before it began), and a velocity of the reported value per second (scale factor
/// per second, radians per second). A finger put down again goes on from the value reached.
public struct TwoFingerGesture: Sendable, Hashable {
    public enum Measure: UInt8, Sendable, Hashable {
        /// The fingers' distance: the value is the ratio of the present distance to the initial one.
        case scale
        /// The angle of the line between them: the value is the change in radians (unwrapped, clockwise
        /// positive in UIKit's y-down space).
        case rotation
    }

    public let measure: Measure
    /// How much the measure must change before the gesture begins (points of distance, or radians).
    public var beginThreshold: Double
    public private(set) var touches = GestureTouchList()
    public private(set) var began = false
    /// The reported value (scale or rotation); settable by the app, the fingers go on from it.
    public private(set) var value: Double
    public private(set) var velocity = GestureVelocity()
    /// A pinch begins once the distance changed by this many points (Tactile's choice; UIKit's is private).
    public static let pinchThreshold: Double = 4
    /// A rotation begins once the angle changed by this many radians (about 4°; Tactile's choice).
    public static let rotationThreshold: Double = 0.07

    /// The measure when `value` was last set (or the fingers came down).
    private var baseMeasure = 0.0
    private var baseValue: Double
    private var lastAngle = 0.0
    private var turns = 0.0
    private var moved = false
    private var ended = false
    private var failed = false
    private var lastTime: UInt64 = 0

    public init(measure: Measure, beginThreshold: Double) {
        self.measure = measure
        self.beginThreshold = beginThreshold
        value = measure == .scale ? 1 : 0
        baseValue = value
    }

    public mutating func down(_ s: GestureSample) {
        guard !failed, touches.count < 2 else { return }
        touches.add(s)
        lastTime = s.timestamp
        if touches.count == 2 {
            lastAngle = angle()
            turns = 0
            baseMeasure = rawMeasure()
            baseValue = value
            velocity.reset(value: value, time: s.timestamp)
        }
    }

    public mutating func move(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        lastTime = max(lastTime, s.timestamp)
        moved = true
    }

    public mutating func up(_ s: GestureSample) {
        guard !failed, touches.index(of: s.id) != nil else { return }
        touches.move(s)
        touches.remove(s.id)
        guard touches.isEmpty else { return }
        if began { ended = true } else { failed = true }
    }

    /// Sets the reported value; the fingers' later movement goes on from it.
    public mutating func setValue(_ v: Double) {
        value = v
        baseValue = v
        if touches.count == 2 { baseMeasure = rawMeasure() }
        velocity.reset(value: v, time: lastTime)
    }

    public mutating func evaluate(at now: UInt64) -> GestureVerdict {
        if failed { return .fail }
        if ended { began = false; ended = false; return .end }
        guard moved, touches.count == 2 else { return .none }
        moved = false
        let m = rawMeasure()
        value = measure == .scale ? (baseMeasure > 0 ? baseValue * m / baseMeasure : baseValue) : baseValue + (m - baseMeasure)
        velocity.add(value, at: lastTime)
        if began { return .change }
        guard abs(m - baseMeasure) >= beginThreshold else { return .none }
        began = true
        return .begin
    }

    public mutating func reset() {
        touches.removeAll()
        (began, moved, ended, failed) = (false, false, false, false)
        value = measure == .scale ? 1 : 0
        baseValue = value
        velocity = GestureVelocity()
    }

    /// The midpoint of the two fingers (or the one left).
    public var center: (x: Double, y: Double) { touches.centroid }

    private func distance() -> Double {
        let a = touches.current[0], b = touches.current[1]
        return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    private func angle() -> Double {
        let a = touches.current[0], b = touches.current[1]
        return atan2(b.y - a.y, b.x - a.x)
    }

    /// The distance, or the unwrapped angle (counting whole turns, so a rotation past ±π goes on).
    private mutating func rawMeasure() -> Double {
        guard measure == .rotation else { return distance() }
        let a = angle()
        var d = a - lastAngle
        if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
        turns += d
        lastAngle = a
        return turns
    }
}
