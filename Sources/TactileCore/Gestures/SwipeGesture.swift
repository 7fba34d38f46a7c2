/// UIKit's swipe (`UISwipeGestureRecognizer`), discrete: `touchesRequired` fingers move together, quickly,
/// mostly in one of the permitted directions. It recognizes as soon as the centroid has travelled
/// ``minimumDistance`` points in a permitted direction within ``maximumDuration`` of the first finger going
/// down, with the movement across that direction at most ``maximumDeviationRatio`` of the movement along it;
/// it fails when the time runs out, the fingers lift first, or the fingers travel that far in a direction
/// that is not permitted.
public struct SwipeGesture: Sendable, Hashable {
    /// `UISwipeGestureRecognizer.Direction` bits: right 1, left 2, up 4, down 8.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// Travel along the direction that makes a swipe, in points.
    public static let minimumDistance: Double = 50
    /// Longest a swipe may take from the first finger down to the travel being reached.
    public static let maximumDuration: UInt64 = 500_000_000
    /// Largest ratio of movement across the direction to movement along it (about 27°).
    public static let maximumDeviationRatio: Double = 0.5

    public var direction: Direction
    public var touchesRequired: Int
    public private(set) var touches = GestureTouchList()
    private var startX = 0.0, startY = 0.0
    private var startTime: UInt64 = 0
    private var lastTime: UInt64 = 0
    private var lifted = false
    private var recognized = false
    private var failed = false

    public init(direction: Direction = .right, touchesRequired: Int = 1) {
        self.direction = direction
        self.touchesRequired = touchesRequired
    }

    public var deadline: UInt64? { touches.isEmpty || recognized || failed ? nil : startTime &+ Self.maximumDuration }

    public mutating func down(_ s: GestureSample) {
        guard !failed, !recognized else { return }
        if touches.isEmpty { startTime = s.timestamp }
        touches.add(s)
        if touches.count > touchesRequired { failed = true; return }
        let c = touches.centroid
        (startX, startY) = (c.x, c.y)
        lastTime = s.timestamp
    }

    public mutating func move(_ s: GestureSample) {
        guard !failed, !recognized, touches.move(s) else { return }
        lastTime = max(lastTime, s.timestamp)
    }

    public mutating func up(_ s: GestureSample) {
        guard !failed, !recognized, touches.move(s) else { return }
        lastTime = max(lastTime, s.timestamp)
        lifted = true
    }

    public mutating func evaluate(at now: UInt64) -> GestureVerdict {
        if failed { return .fail }
        if recognized { return .recognize }
        guard !touches.isEmpty else { return .none }
        if touches.count == touchesRequired, lastTime &- startTime <= Self.maximumDuration {
            let c = touches.centroid
            let dx = c.x - startX, dy = c.y - startY
            let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
            if along >= Self.minimumDistance {
                let d: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
                guard direction.contains(d), across <= Self.maximumDeviationRatio * along else { failed = true; return .fail }
                recognized = true
                return .recognize
            }
        }
        if lifted || now &- startTime >= Self.maximumDuration { failed = true; return .fail }
        return .none
    }

    public mutating func reset() {
        touches.removeAll()
        (lifted, recognized, failed) = (false, false, false)
    }
}
