import CTactile
import TactileCore

/// The C API's touch front end: the router's sink, turning its decisions into the app's C callbacks. Loop-thread
/// state (unchecked exclusivity: `swift_beginAccess` cost ~100 instructions per routed sample).
final class CallbackSink: TouchDeliverySink {
    @exclusivity(unchecked) var delivery: (fn: tactile_delivery_fn, user: UnsafeMutableRawPointer?)?
    @exclusivity(unchecked) var motion: (fn: tactile_motion_fn, user: UnsafeMutableRawPointer?)?
    /// `tactile_app_set_action_callback`: the controls' events (DESIGN-CONTROL-CAPI).
    @exclusivity(unchecked) var action: (fn: tactile_action_fn, user: UnsafeMutableRawPointer?)?
    /// `tactile_view_set_user_data`, by view index (cleared when the view is destroyed).
    @exclusivity(unchecked) private var userData: [UnsafeMutableRawPointer?] = []
    /// `tactile_view_set_control`: each control's state, by view index (grown when a view becomes a control, so
    /// tracking allocates nothing; cleared when the view is destroyed). Empty until a view becomes a control.
    @exclusivity(unchecked) var controls: [ControlState] = []
    /// How many views are controls now (the deliveries' fast path skips the lookup while it is 0).
    @exclusivity(unchecked) var controlCount = 0
    /// The app's gestures (`GestureAPI.swift`), made on the first gesture or gesture callback.
    @exclusivity(unchecked) var gestures: GestureEngine?
    /// Gestures plus the touches they follow: while it is not 0 the deliveries go through the gestures first.
    @exclusivity(unchecked) var gestureWork = 0
    /// The app's scroll views (`ScrollAPI.swift`), made on the first scroll view: from then on the deliveries go
    /// through it before the gestures (DESIGN-CAPI-SCROLL-DRAG; it passes them on at once while it has no work).
    @exclusivity(unchecked) var scrolls: ScrollViewEngine? {
        didSet { hasScrolls = scrolls != nil }
    }
    /// `scrolls != nil`, as a plain flag: the delivery path's one load and compare (no retain of the engine).
    @exclusivity(unchecked) private(set) var hasScrolls = false
    /// `tactile_app_set_scroll_callback`.
    @exclusivity(unchecked) var scrollCallback: (fn: tactile_scroll_fn, user: UnsafeMutableRawPointer?)?
    /// The app's views: a control's inside-ness is computed in its own coordinates.
    let tree: ViewTree

    init(tree: ViewTree) { self.tree = tree }

    /// One handler call for the delivery callback. `DeliveredTouch` has `tactile_touch`'s layout, so the
    /// router's buffer goes to C as it is. A delivery to a control goes through `deliverToControl` instead
    /// (`ControlAPI.swift`); an app without controls pays one load and compare for them.
    func deliver(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        // DESIGN-CAPI-SCROLL-DRAG: the scroll views see a delivery first; an app without them pays one compare.
        if hasScrolls { return scrolls.unsafelyUnwrapped.deliver(d, touches: touches, timestamp: timestamp) }
        deliverAfterScrolls(d, touches: touches, timestamp: timestamp)
    }

    /// What the scroll views leave to the views (and the cancellations of the touches they take): the gestures,
    /// then the view.
    @inline(__always)
    func deliverAfterScrolls(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        // DESIGN-GESTURE-CAPI: the gestures see a delivery before the view; an app without them pays one compare.
        if gestureWork != 0 { return gestures.unsafelyUnwrapped.route(d, touches: touches, timestamp: timestamp) }
        deliverPlain(d, touches: touches, timestamp: timestamp)
    }

    /// A delivery to the view itself: the control path or the delivery callback.
    @inline(__always)
    func deliverPlain(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        if controlCount != 0, let index = controlIndex(of: d.view) {
            return deliverToControl(d, touches: touches, timestamp: timestamp, index: index)
        }
        guard let callback = delivery else { return }
        callDelivery(callback, d, touches: touches, timestamp: timestamp)
    }

    @inline(__always)
    func callDelivery(_ callback: (fn: tactile_delivery_fn, user: UnsafeMutableRawPointer?), _ d: TouchDelivery,
                      touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        touches.withMemoryRebound(to: tactile_touch.self) { touches in
            var delivery = tactile_delivery(view: d.view.c, window: d.window.c, phase: UInt32(d.phase.rawValue),
                                            count: UInt32(touches.count), touches: touches.baseAddress,
                                            timestamp_ns: timestamp, user_data: userData(at: Int(d.view.index)))
            callback.fn(callback.user, &delivery)
        }
    }

    func motion(_ phase: MotionPhase, timestamp: UInt64) {
        motion.map { $0.fn($0.user, UInt32(phase.rawValue), timestamp) }
    }

    func setUserData(_ data: UnsafeMutableRawPointer?, at index: Int) {
        if index >= userData.count {
            guard data != nil else { return }
            userData.append(contentsOf: repeatElement(nil, count: index + 1 - userData.count))
        }
        userData[index] = data
    }

    @inline(__always)
    func userData(at index: Int) -> UnsafeMutableRawPointer? { index < userData.count ? userData[index] : nil }
}
