/// One finger in the ``TouchRouter``'s table, from its began to its ended or cancelled (app guide M-01 … M-06).
///
/// Locations are in the bound window's coordinates (its bounds space). `phase` is the touch's phase in the
/// current frame: `.stationary` when the frame did not change it (UIKit reports unchanged fingers as
/// stationary in every event of the sequence).
public struct RoutedTouch: Sendable, Hashable {
    /// How the router treats the finger.
    public enum State: UInt8, Sendable {
        /// Bound to a view and part of every event until it ends.
        case live
        /// Known but never delivered: it began while the app ignored touches, hit no view, or named no
        /// window. Its later samples are swallowed until the producer lifts it.
        case swallowed
        /// Cancelled by the system (resign active, a system cancel, its view left the window); the producer
        /// has not lifted it yet, so its later samples are swallowed.
        case awaitingLift
    }

    /// The producer's finger id.
    public internal(set) var id: UInt32
    /// Unique per sequence (never reused): tells a new finger from an old one in a reused table slot.
    public internal(set) var serial: UInt64
    public internal(set) var state: State
    /// The view hit at began; fixed for the whole sequence (K-08). Nil for a swallowed finger.
    public internal(set) var view: ViewID?
    /// The window (root view) hit at began; fixed for the whole sequence.
    public internal(set) var window: ViewID?
    public internal(set) var phase: EventRecord.TouchPhase
    /// False when the view must not see this touch: a second finger on a view with
    /// `isMultipleTouchEnabled == false` (L-03), or a finger the exclusive-touch rules keep out (L-04). Such a
    /// touch is in the event (`allTouches`, `touches(for:)`) but in no handler's `touches`.
    public internal(set) var isDelivered: Bool
    public internal(set) var x: Double
    public internal(set) var y: Double
    public internal(set) var previousX: Double
    public internal(set) var previousY: Double
    /// Nanoseconds of the last change.
    public internal(set) var timestamp: UInt64
    public internal(set) var tapCount: UInt32
    public internal(set) var force: Float
    public internal(set) var radius: Float
    /// True when the producer's coordinates are screen coordinates (window id 0) and need converting.
    var screenCoordinates: Bool
    /// The frame that last changed the finger (a second sample in the same frame starts the next one).
    var frameStamp: UInt64
    /// The cancellation came from the system, not from the producer: keep swallowing its samples.
    var awaitsProducerLift: Bool
    /// Where the finger landed (a tap must stay near it).
    var startX: Double
    var startY: Double
    /// The frame whose handler call for this finger has not been made yet (0: none pending).
    var pendingStamp: UInt64
}

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
/// the touches listed at ``TouchRouter/deliveryTouches(_:)``.
public struct TouchDelivery: Sendable, Hashable, BitwiseCopyable {
    public var view: ViewID
    public var window: ViewID
    public var phase: EventRecord.TouchPhase
    /// Range of the touches' table slots in the router's delivery buffer.
    var first: Int32
    public internal(set) var count: Int32
}

/// A motion phase after the router's shake timing rule (O-05).
public enum MotionPhase: UInt8, Sendable {
    case began = 0, ended = 1, cancelled = 2
}

/// What the router counts. Errors are bad input; everything else is a normal outcome worth seeing.
public struct RouterCounters: Sendable, Hashable {
    /// Touch records taken from input.
    public var samples: UInt64 = 0
    /// Touch frames built (one UIEvent dispatch each).
    public var frames: UInt64 = 0
    /// Handler calls decided.
    public var deliveries: UInt64 = 0
    /// Sequences that began bound to a view.
    public var began: UInt64 = 0
    /// Sequences that ended (finger lifted).
    public var ended: UInt64 = 0
    /// Sequences cancelled (by the producer or the system).
    public var cancelled: UInt64 = 0
    /// Touches kept out of their view (multiple-touch off, exclusive touch).
    public var withheld: UInt64 = 0
    /// Touches that began while the app ignored interaction events or was inactive.
    public var ignored: UInt64 = 0
    /// Touches that hit no view.
    public var missed: UInt64 = 0
    /// Samples of swallowed or system-cancelled fingers, dropped on purpose.
    public var swallowedSamples: UInt64 = 0
    /// Touches of a view that left its window (or was destroyed) that ended without any handler call: the view
    /// never saw their began (also counted in `cancelled`). The others get touchesCancelled first.
    public var cancelledDetached: UInt64 = 0
    /// Motion events delivered (began, ended, cancelled).
    public var motions: UInt64 = 0
    /// Motion events dropped because the app was inactive.
    public var motionsIgnored: UInt64 = 0

    // Bad input (each also counted in ``errors``).
    /// A began when the table already held `capacity` live fingers.
    public var tableFull: UInt64 = 0
    /// A moved/stationary/ended/cancelled for a finger that never began.
    public var unknownTouch: UInt64 = 0
    /// A second began for a live finger.
    public var duplicateBegan: UInt64 = 0
    /// A began naming a window id that is no live window.
    public var unknownWindow: UInt64 = 0
    /// A shake ended/cancelled without a began, or a second began.
    public var unmatchedMotion: UInt64 = 0
    /// A touch sample stamped earlier than the last touch event: delivered (never dropped) at the last event's
    /// time, so a touch's and an event's timestamps never go backwards.
    public var timestampBackwards: UInt64 = 0

    /// Every bad-input count.
    public var errors: UInt64 { tableFull + unknownTouch + duplicateBegan + unknownWindow + unmatchedMotion + timestampBackwards }
}

/// Why the router refused a record (the last one is kept in ``TouchRouter/lastError``).
public enum RoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    case tableFull(touchID: UInt32, capacity: Int)
    case unknownTouch(touchID: UInt32)
    case duplicateBegan(touchID: UInt32)
    case unknownWindow(touchID: UInt32, windowID: UInt32)
    case unmatchedMotion(MotionPhase)
    /// Not refused: the sample is delivered at `last`.
    case timestampBackwards(touchID: UInt32, timestamp: UInt64, last: UInt64)

    public var description: String {
        switch self {
        case .tableFull(let id, let capacity): "touch \(id) began while \(capacity) touches were live (the table's capacity)"
        case .unknownTouch(let id): "touch \(id) moved, ended or was cancelled without a began"
        case .duplicateBegan(let id): "touch \(id) began again while still live"
        case .unknownWindow(let id, let window): "touch \(id) began in window \(window), which is not a live window"
        case .unmatchedMotion(let phase): "shake \(phase) without a matching began"
        case .timestampBackwards(let id, let t, let last):
            "touch \(id)'s sample at \(t) ns is older than the last touch event (\(last) ns): delivered at \(last) ns"
        }
    }
}
