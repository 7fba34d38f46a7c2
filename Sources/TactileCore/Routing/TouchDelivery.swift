/// A touch as a handler call sees it, in plain data: the layout of `tactile_touch` in `tactile.h` (checked
/// by a test), so the C API hands the router's buffer to C without converting it.
public struct DeliveredTouch: Sendable, Hashable, BitwiseCopyable {
    public var touchID: UInt32
    /// ``EventRecord/TouchPhase`` raw value.
    public var phase: UInt32
    public var tapCount: UInt32
    public var reserved: UInt32
    public var x: Double
    public var y: Double
    public var previousX: Double
    public var previousY: Double
    public var timestamp: UInt64
}

/// One handler call the router decided: `view` gets `touchesBegan/Moved/Ended/Cancelled` (by `phase`) with
/// the touches the front end claims (`TouchRouter.claim(_:of:)`).
public struct TouchDelivery: Sendable, Hashable, BitwiseCopyable {
    public var view: ViewID
    public var window: ViewID
    public var phase: EventRecord.TouchPhase
    /// Range of the touches' table slots in the router's delivery buffer.
    var first: Int32
    public internal(set) var count: Int32
}

/// A motion phase after the router's shake timing rule (AG-O-05).
public enum MotionPhase: UInt8, Sendable {
    case began = 0, ended = 1, cancelled = 2
}
