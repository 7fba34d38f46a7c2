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
