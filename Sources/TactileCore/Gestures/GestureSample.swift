/// One touch as a gesture model sees it: the producer's id, a location in one fixed space for the whole
/// sequence (the window's, for the object model and the C API), and its time in nanoseconds.
public struct GestureSample: Sendable, Hashable {
    public var id: UInt32
    public var x: Double
    public var y: Double
    public var timestamp: UInt64

    public init(id: UInt32, x: Double, y: Double, timestamp: UInt64) {
        self.id = id
        self.x = x
        self.y = y
        self.timestamp = timestamp
    }
}

/// What a gesture model asks of its recognizer after an event or a timeout: the state transition to make.
/// Discrete gestures answer ``recognize``; continuous ones ``begin``, ``change``, ``end`` or ``cancel``.
public enum GestureVerdict: UInt8, Sendable, Hashable {
    /// Nothing changes (still possible, or an active gesture without news).
    case none
    /// A discrete gesture happened (`UIGestureRecognizer.State.recognized`, the same value as `.ended`).
    case recognize
    case begin
    case change
    case end
    case cancel
    case fail
}

/// The touches a model follows, in the order they went down, with where each went down; a fixed capacity
/// reserved once, so following touches allocates nothing in steady state.
public struct GestureTouchList: Sendable, Hashable {
    public private(set) var current: [GestureSample] = []
    public private(set) var start: [GestureSample] = []

    public init() {
        current.reserveCapacity(8)
        start.reserveCapacity(8)
    }

    public var count: Int { current.count }
    public var isEmpty: Bool { current.isEmpty }

    public func index(of id: UInt32) -> Int? {
        for k in current.indices where current[k].id == id { return k }
        return nil
    }

    /// Adds a touch (a known id is updated instead).
    public mutating func add(_ s: GestureSample) {
        if let k = index(of: s.id) { current[k] = s; return }
        current.append(s)
        start.append(s)
    }

    /// Moves a known touch; false for an unknown id.
    @discardableResult
    public mutating func move(_ s: GestureSample) -> Bool {
        guard let k = index(of: s.id) else { return false }
        current[k] = s
        return true
    }

    /// Removes a touch; false for an unknown id.
    @discardableResult
    public mutating func remove(_ id: UInt32) -> Bool {
        guard let k = index(of: id) else { return false }
        current.remove(at: k)
        start.remove(at: k)
        return true
    }

    public mutating func removeAll() {
        current.removeAll(keepingCapacity: true)
        start.removeAll(keepingCapacity: true)
    }

    /// The centroid of the current locations ((0, 0) when empty).
    public var centroid: (x: Double, y: Double) {
        guard !current.isEmpty else { return (0, 0) }
        var x = 0.0, y = 0.0
        for s in current { x += s.x; y += s.y }
        return (x / Double(current.count), y / Double(current.count))
    }

    /// How far touch `k` is from where it went down.
    public func travel(_ k: Int) -> Double {
        let dx = current[k].x - start[k].x, dy = current[k].y - start[k].y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The largest ``travel(_:)`` of any touch.
    public var maximumTravel: Double {
        var m = 0.0
        for k in current.indices { m = max(m, travel(k)) }
        return m
    }
}

/// A rate (per second) from successive samples, as UIKit's recognizers report velocity: each new sample's
/// instantaneous rate blended with the previous one's, 0.2 × newest + 0.8 × previous (the first sample's rate
/// stands alone), so a steady movement reports its exact rate and a jitter is smoothed.
public struct GestureVelocity: Sendable, Hashable {
    public private(set) var value: Double = 0
    private var previousRate: Double?
    private var lastValue: Double = 0
    private var lastTime: UInt64 = 0
    private var started = false

    public init() {}

    /// Starts over at `value`, `time`, with no rate.
    public mutating func reset(value: Double, time: UInt64) {
        self.value = 0
        previousRate = nil
        lastValue = value
        lastTime = time
        started = true
    }

    /// No movement for this long (ns) before a lift leaves no velocity: a finger that rests, then lifts, does not
    /// fling (100 ms).
    public static let staleAfter: UInt64 = 100_000_000

    /// A finger lifts at `time`: if nothing moved in the last ``staleAfter``, the velocity is zero.
    public mutating func settle(at time: UInt64) {
        guard started, time > lastTime, time - lastTime > Self.staleAfter else { return }
        value = 0
        previousRate = nil
    }

    /// Moves the reference by `delta` (the measured quantity jumped without movement: a finger joined or
    /// left), keeping the rate.
    public mutating func shift(by delta: Double) { lastValue += delta }

    /// A new sample; samples at the same time as the last one change nothing.
    public mutating func add(_ v: Double, at time: UInt64) {
        guard started else { reset(value: v, time: time); return }
        guard time > lastTime else { lastValue = v; return }
        let rate = (v - lastValue) / (Double(time - lastTime) / 1e9)
        value = previousRate.map { 0.2 * rate + 0.8 * $0 } ?? rate
        previousRate = rate
        lastValue = v
        lastTime = time
    }
}

/// A gesture's rules as a state machine over its touches: touches go down, move and lift (window space,
/// nanoseconds), then ``evaluate(at:)`` says which transition the recognizer makes; a model with a
/// ``deadline`` must be evaluated again then (a tap's interval, a long press's duration).
public protocol GestureModel {
    mutating func down(_ s: GestureSample)
    mutating func move(_ s: GestureSample)
    mutating func up(_ s: GestureSample)
    mutating func evaluate(at now: UInt64) -> GestureVerdict
    var deadline: UInt64? { get }
    mutating func reset()
}

extension GestureModel {
    public var deadline: UInt64? { nil }
}

extension TapGesture: GestureModel {}
extension PanGesture: GestureModel {}
extension LongPressGesture: GestureModel {}
extension SwipeGesture: GestureModel {}
extension TwoFingerGesture: GestureModel {}
