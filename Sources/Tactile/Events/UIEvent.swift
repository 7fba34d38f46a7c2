import Foundation
import TactileCore

/// `UIEvent`: one snapshot of the touches (or a motion) the app is handling (AG-F-02, AG-M-03, AG-M-07, AG-N).
///
/// As in UIKit, the app reuses one touches event for every dispatch of a sequence: `allTouches` holds every
/// live finger (stationary ones included), `touches(for:)` partitions them by view or window.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    public enum EventSubtype: Int, Sendable {
        case none = 0
        case motionShake = 1
        case remoteControlPlay = 100, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause,
             remoteControlNextTrack, remoteControlPreviousTrack, remoteControlBeginSeekingBackward,
             remoteControlEndSeekingBackward, remoteControlBeginSeekingForward, remoteControlEndSeekingForward
    }

    /// The event's kind.
    open var type: EventType { storedType }
    /// The motion or remote-control subtype (`.none` for touches).
    open var subtype: EventSubtype { storedSubtype }
    var storedType: EventType
    var storedSubtype: EventSubtype
    /// Seconds (system uptime) of the event.
    open var timestamp: TimeInterval { storedTimestamp }
    @exclusivity(unchecked) var storedTimestamp: TimeInterval
    /// Every live touch, in the order the fingers began.
    @exclusivity(unchecked) var touchList: [UITouch] = []
    /// The handler calls of the dispatch in progress, as the touch router grouped them (per view in the order
    /// their fingers began, per view by phase): what `UIApplication.sendEvent` and `UIWindow.sendEvent` carry
    /// out.
    @exclusivity(unchecked) var dispatching: [TouchCall] = []
    /// For a motion event: which of `motionBegan/Ended/Cancelled` it is.
    var motionPhase: MotionPhase = .began
    /// The dispatch changed a touch that no view gets, for gesture recognizers only: windows without a
    /// handler call are sent the event too.
    @exclusivity(unchecked) var hasUndeliveredChanges = false
    /// True for the app's touches event; a plain `UIEvent()` carries no touches (its `allTouches` is nil).
    var carriesTouches = false

    init(type: EventType, subtype: EventSubtype = .none, timestamp: TimeInterval = 0) {
        storedType = type
        storedSubtype = subtype
        storedTimestamp = timestamp
        super.init()
    }

    /// A touches event with no touches (as UIKit's `UIEvent()`); subclasses inherit it.
    public override init() {
        storedType = .touches
        storedSubtype = .none
        storedTimestamp = 0
        super.init()
    }

    /// Every touch of the event (nil for a motion event: it carries no touches, AG-O-02).
    open var allTouches: Set<UITouch>? { carriesTouches ? Set(touchList) : nil }

    /// The touches bound to `view` (AG-M-07).
    open func touches(for view: UIView) -> Set<UITouch>? {
        carriesTouches ? Set(touchList.lazy.filter { $0.view === view }) : nil
    }

    /// `coalescedTouches(for:)`: samples between deliveries are not kept, so just the touch itself while it
    /// is part of the event.
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        carriesTouches && touchList.contains { $0 === touch } ? [touch] : nil
    }

    /// `predictedTouches(for:)`: no prediction; empty while the touch is part of the event.
    open func predictedTouches(for touch: UITouch) -> [UITouch]? {
        carriesTouches && touchList.contains { $0 === touch } ? [] : nil
    }

    /// The touches bound to `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        carriesTouches ? Set(touchList.lazy.filter { $0.window === window }) : nil
    }
}

/// One handler call of a touches event: `view` gets, in `phase`, the touches it claims from the router when the
/// call is made (call `index` of `frame`). Views are named by handle, not held: the call list costs no reference
/// counting, and a view or window that went away during the frame (its touches cancelled) no longer resolves.
struct TouchCall {
    /// The handler's view.
    let view: ViewID
    /// The root of the view's hierarchy, the window that sends the call (a root that is not a `UIWindow`
    /// sends nothing).
    let window: ViewID
    let phase: UITouch.Phase
    let frame: TouchRouter.Frame
    let index: Int
}
