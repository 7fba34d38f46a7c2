/// The control events of UIKit's `UIControl.Event`, by their SDK bit values (`touchDown` 1 … `touchCancel` 256,
/// `valueChanged` 4096, `primaryActionTriggered` 8192). The engine's name for them; `UIControl.Event` and the C
/// API's `tactile_control_event` carry the same bits.
public struct ControlEvents: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
}

/// UIKit's rules for a control tracking one touch (`UIControl`), as a state machine the object model and the C
/// API share. It decides inside-ness and which control events each phase sends; the caller asks its own
/// `beginTracking`/`continueTracking`/`endTracking` hooks in between and sends the events in the order given.
///
/// - began: tracking starts when the control accepts the touch; then `touchDown`, and in a separate send
///   `touchDownRepeat` when the tap count is 2 or more.
/// - moved (while tracking): inside-ness is recomputed with ``touchSlop``; `touchDragEnter` or `touchDragExit`
///   first when it changed, then `touchDragInside` or `touchDragOutside`.
/// - ended (while tracking): the crossing event if inside-ness changed, then `touchUpInside` or `touchUpOutside`.
/// - cancelled (while tracking): `touchCancel`.
public struct ControlTracker: Sendable, Hashable {
    /// How far outside its bounds a touch still counts as inside the control, on each side, in points. UIKit's
    /// value is private; 70 points is what a tap measured on iOS shows (a drag leaves "inside" about 70 points
    /// past the edge) and what UIKit re-implementations use.
    public static let touchSlop: Double = 70

    /// True from an accepted touch down until its end, cancellation or a refused continuation.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside the control (its bounds grown by ``touchSlop``).
    public private(set) var isTouchInside = false

    public init() {}

    /// Whether a point in the control's coordinates counts as inside its bounds grown by ``touchSlop``.
    public static func isInside(x: Double, y: Double, boundsX: Double, boundsY: Double, width: Double, height: Double)
        -> Bool {
        x >= boundsX - touchSlop && x <= boundsX + width + touchSlop
            && y >= boundsY - touchSlop && y <= boundsY + height + touchSlop
    }

    /// A touch went down on the control; `accepted` is `beginTracking`'s answer. Returns the sends, in order:
    /// none when refused, else `touchDown` and (for a repeated tap) `touchDownRepeat`.
    public mutating func began(accepted: Bool, tapCount: Int) -> (first: ControlEvents, second: ControlEvents) {
        isTracking = accepted
        isTouchInside = accepted
        guard accepted else { return ([], []) }
        return (.touchDown, tapCount >= 2 ? .touchDownRepeat : [])
    }

    /// The tracked touch moved; `accepted` is `continueTracking`'s answer. Returns the crossing event (if
    /// inside-ness changed) and the drag event; nothing when tracking stopped.
    public mutating func moved(accepted: Bool, inside: Bool) -> (crossing: ControlEvents, drag: ControlEvents) {
        guard isTracking else { return ([], []) }
        guard accepted else {
            isTracking = false
            isTouchInside = false
            return ([], [])
        }
        let crossing = crossingEvent(to: inside)
        return (crossing, inside ? .touchDragInside : .touchDragOutside)
    }

    /// The tracked touch lifted: the crossing event (if inside-ness changed) to send before `endTracking`.
    /// Follow with ``ended()``.
    public mutating func lifting(inside: Bool) -> ControlEvents {
        guard isTracking else { return [] }
        return crossingEvent(to: inside)
    }

    /// Tracking ends after `endTracking`: `touchUpInside` or `touchUpOutside` (nothing when not tracking).
    /// `isTouchInside` keeps its value until ``settle()``, as UIKit clears it after the actions.
    public mutating func ended() -> ControlEvents {
        guard isTracking else { return [] }
        isTracking = false
        return isTouchInside ? .touchUpInside : .touchUpOutside
    }

    /// The tracked touch was cancelled: `touchCancel` when tracking (nothing otherwise).
    public mutating func cancelled() -> ControlEvents {
        guard isTracking else { return [] }
        isTracking = false
        isTouchInside = false
        return .touchCancel
    }

    /// Clears `isTouchInside` once a lifted touch's actions were sent.
    public mutating func settle() {
        isTouchInside = false
    }

    private mutating func crossingEvent(to inside: Bool) -> ControlEvents {
        guard inside != isTouchInside else { return [] }
        isTouchInside = inside
        return inside ? .touchDragEnter : .touchDragExit
    }
}
