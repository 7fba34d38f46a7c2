/// UIKit's long press (`UILongPressGestureRecognizer`), continuous: after `tapsRequired` quick taps, the
/// fingers (`touchesRequired` of them) stay down for `minimumPressDuration` without any straying more than
/// `allowableMovement` points: then it begins; every move changes it (movement is free once it began); the
/// lift ends it. Straying, too many fingers or an early lift fail it.
public struct LongPressGesture: Sendable, Hashable {
    public var minimumPressDuration: UInt64
    public var allowableMovement: Double
    public var touchesRequired: Int
    public var tapsRequired: Int
    public private(set) var touches = GestureTouchList()
    public private(set) var began = false
    private var taps = 0
    private var moved = false
    private var ended = false
    private var failed = false
    /// When the press begins (fingers down) or the taps time out (between taps).
    public private(set) var deadline: UInt64?
    private var beginsAtDeadline = false

    public init(minimumPressDuration: UInt64 = 500_000_000, allowableMovement: Double = 10, touchesRequired: Int = 1,
                tapsRequired: Int = 0) {
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
        self.touchesRequired = touchesRequired
        self.tapsRequired = tapsRequired
    }

    public mutating func down(_ s: GestureSample) {
        guard !failed, !began else { return }
        touches.add(s)
        if touches.count > touchesRequired { failed = true; return }
        if touches.count == touchesRequired {
            if taps >= tapsRequired {
                deadline = s.timestamp &+ minimumPressDuration
                beginsAtDeadline = true
            } else {
                deadline = s.timestamp &+ TapGesture.maximumTapDuration
                beginsAtDeadline = false
            }
        }
    }

    public mutating func move(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        if began { moved = true; return }
        if let k = touches.index(of: s.id), touches.travel(k) > allowableMovement { failed = true }
    }

    public mutating func up(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        touches.remove(s.id)
        if began { ended = true; return }
        guard taps < tapsRequired, beginsAtDeadline == false, touches.isEmpty else { failed = true; return }
        // A quick tap before the press.
        taps += 1
        deadline = s.timestamp &+ TapGesture.maximumTapInterval
    }

    public mutating func evaluate(at now: UInt64) -> GestureVerdict {
        if failed { return .fail }
        if began {
            if ended { began = false; return .end }
            defer { moved = false }
            return moved ? .change : .none
        }
        guard let deadline, now >= deadline else { return .none }
        guard beginsAtDeadline, touches.count == touchesRequired else { failed = true; return .fail }
        began = true
        self.deadline = nil
        return .begin
    }

    public mutating func reset() {
        touches.removeAll()
        (began, moved, ended, failed, beginsAtDeadline) = (false, false, false, false, false)
        taps = 0
        deadline = nil
    }
}
