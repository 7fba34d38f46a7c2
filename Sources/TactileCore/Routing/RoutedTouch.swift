/// One finger in the ``TouchRouter``'s table, from its began to its ended or cancelled (AG-M-01 … AG-M-06).
///
/// Locations are in the bound window's coordinates (its bounds space). `phase` is the touch's phase in the
/// current frame: `.stationary` when the frame did not change it (UIKit reports unchanged fingers as
/// stationary in every event of the sequence).
package struct RoutedTouch: Sendable, Hashable {
    /// How the router treats the finger.
    package enum State: UInt8, Sendable {
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
    package internal(set) var id: UInt32
    /// Unique per sequence (never reused): tells a new finger from an old one in a reused table slot.
    package internal(set) var serial: UInt64
    package internal(set) var state: State
    /// The view hit at began; fixed for the whole sequence (AG-K-08). Nil for a swallowed finger.
    package internal(set) var view: ViewID?
    /// The window (root view) hit at began; fixed for the whole sequence.
    package internal(set) var window: ViewID?
    package internal(set) var phase: EventRecord.TouchPhase
    /// False when the view must not see this touch: a second finger on a view with
    /// `isMultipleTouchEnabled == false` (AG-L-03), or a finger the exclusive-touch rules keep out (AG-L-04). Such a
    /// touch is in the event (`allTouches`, `touches(for:)`) but in no handler's `touches`.
    package internal(set) var isDelivered: Bool
    package internal(set) var x: Double
    package internal(set) var y: Double
    package internal(set) var previousX: Double
    package internal(set) var previousY: Double
    /// Nanoseconds of the last change.
    package internal(set) var timestamp: UInt64
    package internal(set) var tapCount: UInt32
    package internal(set) var force: Float
    package internal(set) var radius: Float
    /// How the touch was made (fixed at began).
    package internal(set) var type: EventRecord.TouchType
    /// A pencil's angles, as the last sample carried them (``EventRecord/altitudeCode``, ``EventRecord/azimuthCode``).
    package internal(set) var altitudeCode: UInt16
    package internal(set) var azimuthCode: UInt16
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
