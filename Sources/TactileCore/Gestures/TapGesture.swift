/// UIKit's tap (`UITapGestureRecognizer`), discrete: `numberOfTapsRequired` taps of
/// `numberOfTouchesRequired` fingers each. It fails when a finger strays more than ``allowableMovement`` from
/// where it went down, when too many fingers go down, when a tap is held longer than ``maximumTapDuration``,
/// when the next tap does not begin within ``maximumTapInterval`` of the last lift, or lands farther than
/// ``allowableMovement`` from the first tap. It recognizes on the lift that completes the last tap.
public struct TapGesture: Sendable, Hashable {
    /// Farthest a finger may move, and the next tap may land from the first, in points.
    public static let allowableMovement: Double = 45
    /// Longest a tap's fingers may stay down.
    public static let maximumTapDuration: UInt64 = 1_500_000_000
    /// Longest pause between one tap's lift and the next tap's first finger.
    public static let maximumTapInterval: UInt64 = 350_000_000

    public var tapsRequired: Int
    public var touchesRequired: Int
    public private(set) var touches = GestureTouchList()
    /// Taps completed so far.
    public private(set) var taps = 0
    /// Most fingers down at once during the current tap.
    private var fingers = 0
    private var firstX = 0.0, firstY = 0.0
    /// When the model fails unless something happens first.
    public private(set) var deadline: UInt64?
    private var failed = false

    public init(tapsRequired: Int = 1, touchesRequired: Int = 1) {
        self.tapsRequired = tapsRequired
        self.touchesRequired = touchesRequired
    }

    public mutating func down(_ s: GestureSample) {
        guard !failed else { return }
        if touches.isEmpty {
            // A new tap: it must land near the first one.
            if taps == 0 {
                (firstX, firstY) = (s.x, s.y)
            } else if distance(s.x - firstX, s.y - firstY) > Self.allowableMovement {
                failed = true
                return
            }
            fingers = 0
            deadline = s.timestamp &+ Self.maximumTapDuration
        }
        touches.add(s)
        fingers = max(fingers, touches.count)
        if fingers > touchesRequired { failed = true }
    }

    public mutating func move(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        if let k = touches.index(of: s.id), touches.travel(k) > Self.allowableMovement { failed = true }
    }

    /// Lifts a finger; the last one completes a tap when enough fingers took part.
    public mutating func up(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        if let k = touches.index(of: s.id), touches.travel(k) > Self.allowableMovement { failed = true; return }
        touches.remove(s.id)
        guard touches.isEmpty else { return }
        guard fingers == touchesRequired else { failed = true; return }
        taps += 1
        deadline = taps < tapsRequired ? s.timestamp &+ Self.maximumTapInterval : nil
    }

    /// The verdict after an event (or at time `now`): recognized once the last tap completed, failed on any
    /// breach or an expired deadline.
    public mutating func evaluate(at now: UInt64) -> GestureVerdict {
        if failed { return .fail }
        if taps >= tapsRequired { return .recognize }
        if let deadline, now >= deadline { failed = true; return .fail }
        return .none
    }

    public mutating func reset() {
        touches.removeAll()
        taps = 0
        fingers = 0
        deadline = nil
        failed = false
    }

    private func distance(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }
}
