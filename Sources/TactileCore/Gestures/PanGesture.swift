/// UIKit's pan (`UIPanGestureRecognizer`), continuous: it begins once the centroid of between
/// `minimumTouches` and `maximumTouches` fingers has moved ``hysteresis`` points, then changes with every
/// move and ends when too few fingers are left (failing instead if it never began). The translation is the
/// centroid's movement since the start, with the hysteresis taken off each axis at the begin, so a 20-point
/// drag along x begins with (10, 0); a finger joining or leaving does not make it jump.
public struct PanGesture: Sendable, Hashable {
    /// How far the fingers move before a pan begins, in points.
    public static let hysteresis: Double = 10

    public var minimumTouches: Int
    public var maximumTouches: Int
    public private(set) var touches = GestureTouchList()
    public private(set) var began = false
    /// The translation is the centroid minus this (window space).
    private var originX = 0.0, originY = 0.0
    private var lastX = 0.0, lastY = 0.0
    private var lastTime: UInt64 = 0
    public private(set) var velocityX = GestureVelocity()
    public private(set) var velocityY = GestureVelocity()
    private var moved = false
    private var changedCount = false
    private var failed = false

    public init(minimumTouches: Int = 1, maximumTouches: Int = .max) {
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
    }

    /// The translation in the model's space (centroid − origin).
    public var translation: (x: Double, y: Double) {
        let c = touches.isEmpty ? (x: lastX, y: lastY) : touches.centroid
        return (c.x - originX, c.y - originY)
    }

    /// The velocity in points per second, in the model's space.
    public var velocity: (x: Double, y: Double) { (velocityX.value, velocityY.value) }

    /// Sets the translation (`setTranslation(_:in:)`), keeping the fingers where they are. The velocity follows
    /// the fingers, not the translation, so it goes on: the common `setTranslation(.zero, in:)` in every
    /// `.changed` still leaves the flick's velocity at `.ended`.
    public mutating func setTranslation(x: Double, y: Double) {
        let c = touches.isEmpty ? (x: lastX, y: lastY) : touches.centroid
        originX = c.x - x
        originY = c.y - y
    }

    public mutating func down(_ s: GestureSample) {
        guard !failed, touches.count < maximumTouches else { return }
        let before = touches.centroid, wasEmpty = touches.isEmpty
        touches.add(s)
        rebaseAfterCountChange(from: before, wasEmpty: wasEmpty, time: s.timestamp)
    }

    public mutating func move(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        moved = true
        lastTime = max(lastTime, s.timestamp)
    }

    public mutating func up(_ s: GestureSample) {
        guard !failed, touches.move(s) else { return }
        let c = touches.centroid
        (lastX, lastY) = (c.x, c.y)
        let before = c
        velocityX.settle(at: s.timestamp)
        velocityY.settle(at: s.timestamp)
        touches.remove(s.id)
        lastTime = max(lastTime, s.timestamp)
        if !touches.isEmpty { rebaseAfterCountChange(from: before, wasEmpty: false, time: s.timestamp) }
    }

    /// The verdict after an event: begin on crossing the hysteresis with enough fingers, change on a move,
    /// end (or fail, before it began) when fewer than the minimum fingers remain.
    public mutating func evaluate(at now: UInt64) -> GestureVerdict {
        if failed { return .fail }
        defer { moved = false; changedCount = false }
        if touches.count < minimumTouches {
            guard began || touches.isEmpty else { return .none }
            if began { began = false; return .end }
            failed = true
            return .fail
        }
        let c = touches.centroid
        if moved {
            velocityX.add(c.x, at: lastTime)
            velocityY.add(c.y, at: lastTime)
        }
        guard began else {
            let dx = c.x - originX, dy = c.y - originY
            guard (dx * dx + dy * dy).squareRoot() >= Self.hysteresis else { return .none }
            // The hysteresis comes off each axis, toward zero.
            originX += dx > 0 ? min(dx, Self.hysteresis) : max(dx, -Self.hysteresis)
            originY += dy > 0 ? min(dy, Self.hysteresis) : max(dy, -Self.hysteresis)
            began = true
            return .begin
        }
        return moved ? .change : .none
    }

    /// Starts the translation over at the fingers' present centroid (a pan that begins only once the
    /// recognizers it waited for failed begins at zero).
    public mutating func rebase() {
        let c = touches.centroid
        (originX, originY) = (c.x, c.y)
    }

    public mutating func reset() {
        touches.removeAll()
        began = false
        moved = false
        changedCount = false
        failed = false
        (originX, originY, lastX, lastY) = (0, 0, 0, 0)
        velocityX = GestureVelocity()
        velocityY = GestureVelocity()
    }

    /// A finger joined or left: the origin moves with the centroid so the translation does not jump.
    private mutating func rebaseAfterCountChange(from before: (x: Double, y: Double), wasEmpty: Bool, time: UInt64) {
        let c = touches.centroid
        lastTime = max(lastTime, time)
        if wasEmpty {
            (originX, originY) = (c.x, c.y)
            velocityX.reset(value: c.x, time: time)
            velocityY.reset(value: c.y, time: time)
        } else {
            originX += c.x - before.x
            originY += c.y - before.y
            velocityX.shift(by: c.x - before.x)
            velocityY.shift(by: c.y - before.y)
        }
        changedCount = true
    }
}
