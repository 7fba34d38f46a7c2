import CTactile
import TactileCore
import Testing

/// What the delivery and action callbacks saw, in one log: "touch <phase> <view id>" per delivery and the
/// action's name (with " <control id>" for another control than the fixture's button) per control event.
final class ControlRecorder {
    var log: [String] = []
    var button: UInt64 = 0
    /// Run inside the action callback, after logging (to remove views mid-tracking).
    var onAction: ((tactile_view, UInt32) -> Void)?
    /// Run inside the delivery callback, after logging.
    var onDelivery: ((tactile_delivery) -> Void)?

    /// The control events' names, as the log spells them.
    static let names: [UInt32: String] = [
        UInt32(TACTILE_CONTROL_TOUCH_DOWN.rawValue): "DOWN", UInt32(TACTILE_CONTROL_TOUCH_DOWN_REPEAT.rawValue): "DOWN_REPEAT",
        UInt32(TACTILE_CONTROL_TOUCH_DRAG_INSIDE.rawValue): "DRAG_INSIDE", UInt32(TACTILE_CONTROL_TOUCH_DRAG_OUTSIDE.rawValue): "DRAG_OUTSIDE",
        UInt32(TACTILE_CONTROL_TOUCH_DRAG_ENTER.rawValue): "ENTER", UInt32(TACTILE_CONTROL_TOUCH_DRAG_EXIT.rawValue): "EXIT",
        UInt32(TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue): "UP_INSIDE", UInt32(TACTILE_CONTROL_TOUCH_UP_OUTSIDE.rawValue): "UP_OUTSIDE",
        UInt32(TACTILE_CONTROL_TOUCH_CANCEL.rawValue): "CANCEL", UInt32(TACTILE_CONTROL_VALUE_CHANGED.rawValue): "VALUE_CHANGED",
        UInt32(TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED.rawValue): "PRIMARY",
    ]

    /// The action names only.
    var actions: [String] { log.filter { !$0.hasPrefix("touch") } }
}

private let recordAction: tactile_action_fn = { user, control, event, _ in
    let recorder = Unmanaged<ControlRecorder>.fromOpaque(user!).takeUnretainedValue()
    let name = ControlRecorder.names[event] ?? "?\(event)"
    recorder.log.append(control.id == recorder.button ? name : "\(name) \(control.id)")
    recorder.onAction?(control, event)
}

private let recordTouches: tactile_delivery_fn = { user, delivery in
    let recorder = Unmanaged<ControlRecorder>.fromOpaque(user!).takeUnretainedValue()
    let d = delivery!.pointee
    recorder.log.append("touch \(d.phase) \(d.view.id)")
    recorder.onDelivery?(d)
}

/// Controls through tactile.h (DESIGN-CONTROL-CAPI): a view marked as a control tracks real touches, routed
/// through the C API, with `UIControl`'s rules and reports its control events through the action callback.
///
/// The scene: a 320×480 window; `behind`, a view filling it; `container` at (20, 40) in it, holding `button`
/// (a control) at (80, 60) — so the button covers (100, 100)…(200, 150) of the window, and its bounds grown
/// by the 70-point slop reach y = 220 below it.
@Suite("C API controls")
struct ControlCAPITests {
    let app: tactile_app
    let window: tactile_view, behind: tactile_view, container: tactile_view, button: tactile_view
    let recorder = ControlRecorder()

    init() throws {
        app = try CAPITests.makeApp(capacity: 64)
        window = try ViewCAPITests.view(app, 0, 0, 320, 480)
        behind = try ViewCAPITests.view(app, 0, 0, 320, 480, in: window)
        container = try ViewCAPITests.view(app, 20, 40, 280, 400, in: window)
        button = try ViewCAPITests.view(app, 80, 60, 100, 50, in: container)
        recorder.button = button.id
        #expect(tactile_view_set_control(app, button, 1) == TACTILE_OK)
        let user = Unmanaged.passUnretained(recorder).toOpaque()
        #expect(tactile_app_set_delivery_callback(app, recordTouches, user) == TACTILE_OK)
        #expect(tactile_app_set_action_callback(app, recordAction, user) == TACTILE_OK)
    }

    func touch(_ id: UInt32, _ phase: tactile_touch_phase, _ x: Double, _ y: Double, t: UInt64) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                      window_id: tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: t, x: x, y: y, force: 0, radius: 0)
    }

    func system(_ code: tactile_system_code, t: UInt64) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_SYSTEM.rawValue), code: UInt8(code.rawValue), flags: 0, touch_id: 0,
                      window_id: 0, altitude: 0, azimuth: 0, timestamp_ns: t, x: 0, y: 0, force: 0, radius: 0)
    }

    func route(_ events: [tactile_event]) {
        #expect(events.withUnsafeBufferPointer { tactile_route(app, $0.baseAddress, $0.count) } == TACTILE_OK)
    }

    /// "touch <phase> <view>" as the recorder logs it.
    func delivered(_ phase: tactile_touch_phase, _ view: tactile_view) -> String { "touch \(phase.rawValue) \(view.id)" }

    @Test("DESIGN-CONTROL-CAPI tactile_control_event has UIControl.Event's bit values")
    func eventValues() {
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-STATE: the header's bits are the engine's (and UIKit's).
        let pairs: [(UInt32, ControlEvents)] = [
            (UInt32(TACTILE_CONTROL_TOUCH_DOWN.rawValue), .touchDown), (UInt32(TACTILE_CONTROL_TOUCH_DOWN_REPEAT.rawValue), .touchDownRepeat),
            (UInt32(TACTILE_CONTROL_TOUCH_DRAG_INSIDE.rawValue), .touchDragInside),
            (UInt32(TACTILE_CONTROL_TOUCH_DRAG_OUTSIDE.rawValue), .touchDragOutside),
            (UInt32(TACTILE_CONTROL_TOUCH_DRAG_ENTER.rawValue), .touchDragEnter), (UInt32(TACTILE_CONTROL_TOUCH_DRAG_EXIT.rawValue), .touchDragExit),
            (UInt32(TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue), .touchUpInside), (UInt32(TACTILE_CONTROL_TOUCH_UP_OUTSIDE.rawValue), .touchUpOutside),
            (UInt32(TACTILE_CONTROL_TOUCH_CANCEL.rawValue), .touchCancel), (UInt32(TACTILE_CONTROL_VALUE_CHANGED.rawValue), .valueChanged),
            (UInt32(TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED.rawValue), .primaryActionTriggered),
        ]
        for (c, engine) in pairs { #expect(c == engine.rawValue) }
        #expect(TACTILE_CONTROL_TOUCH_DOWN.rawValue == 1 && TACTILE_CONTROL_TOUCH_CANCEL.rawValue == 256)
        #expect(TACTILE_CONTROL_VALUE_CHANGED.rawValue == 4096 && TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED.rawValue == 8192)
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-BEGIN DESIGN-CONTROL-END a tap inside: touch down, touch up inside, primary action, each after its delivery")
    func tapInside() {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-BEGIN, DESIGN-CONTROL-END, DESIGN-CONTROL-PRIMARY.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 2_000)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, button), "DOWN",
                                 delivered(TACTILE_PHASE_ENDED, button), "UP_INSIDE", "PRIMARY"])
        // The view behind gets nothing, and a plain view is no control.
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 10, 10, t: 3_000), touch(2, TACTILE_PHASE_ENDED, 10, 10, t: 4_000)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, behind), delivered(TACTILE_PHASE_ENDED, behind)])
    }

    @Test("DESIGN-CONTROL-CAPI the action callback carries the control and the touch event's timestamp; queued input works too")
    func timestampsAndQueue() {
        defer { _ = tactile_app_destroy(app) }
        final class Seen { var calls: [(UInt64, UInt32, UInt64)] = [] }
        let seen = Seen()
        #expect(tactile_app_set_action_callback(app, { user, control, event, t in
            Unmanaged<Seen>.fromOpaque(user!).takeUnretainedValue().calls.append((control.id, event, t))
        }, Unmanaged.passUnretained(seen).toOpaque()) == TACTILE_OK)
        #expect(tactile_app_set_delivery_callback(app, nil, nil) == TACTILE_OK)  // controls track without it
        var events = [touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 7_000), touch(1, TACTILE_PHASE_ENDED, 151, 126, t: 9_000)]
        var posted = 0
        #expect(tactile_post_batch(app, &events, 2, &posted) == TACTILE_OK && posted == 2)
        #expect(tactile_app_run_until_idle(app) == TACTILE_OK)
        #expect(seen.calls.map(\.0) == [button.id, button.id, button.id])
        #expect(seen.calls.map(\.1) == [TACTILE_CONTROL_TOUCH_DOWN.rawValue, TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue,
                                        TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED.rawValue].map { UInt32($0) })
        #expect(seen.calls.map(\.2) == [7_000, 9_000, 9_000])
        // Cleared: nothing is called, tracking goes on.
        #expect(tactile_app_set_action_callback(app, nil, nil) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 125, t: 10_000_000_000), touch(2, TACTILE_PHASE_ENDED, 150, 125, t: 10_000_000_001)])
        #expect(seen.calls.count == 3)
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-BEGIN a double tap: the second touch down, then touch-down-repeat in its own call")
    func doubleTap() {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-BEGIN: a tap count of 2 or more adds touchDownRepeat, separately.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000_000), touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 50_000_000)])
        route([touch(2, TACTILE_PHASE_BEGAN, 152, 126, t: 150_000_000), touch(2, TACTILE_PHASE_ENDED, 152, 126, t: 200_000_000)])
        #expect(recorder.actions == ["DOWN", "UP_INSIDE", "PRIMARY", "DOWN", "DOWN_REPEAT", "UP_INSIDE", "PRIMARY"])
        // A third quick tap repeats again; a slow one does not.
        recorder.log = []
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 125, t: 300_000_000), touch(3, TACTILE_PHASE_ENDED, 150, 125, t: 320_000_000)])
        route([touch(4, TACTILE_PHASE_BEGAN, 150, 125, t: 2_000_000_000), touch(4, TACTILE_PHASE_ENDED, 150, 125, t: 2_100_000_000)])
        #expect(recorder.actions == ["DOWN", "DOWN_REPEAT", "UP_INSIDE", "PRIMARY", "DOWN", "UP_INSIDE", "PRIMARY"])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-MOVE a drag past the 70-point slop and back: exit, drag outside, enter, drag inside")
    func dragOutAndBack() {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-MOVE: inside-ness is the bounds grown by 70 points, in the control's
        // own coordinates (the button is at (100, 100) in the window, through its container).
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1)])
        recorder.log = []
        route([touch(1, TACTILE_PHASE_MOVED, 150, 219, t: 2)])   // 69 points below: still inside
        route([touch(1, TACTILE_PHASE_MOVED, 150, 221, t: 3)])   // 71 points below: outside
        route([touch(1, TACTILE_PHASE_MOVED, 150, 300, t: 4)])
        route([touch(1, TACTILE_PHASE_MOVED, 29, 125, t: 5)])    // 71 points left: still outside
        route([touch(1, TACTILE_PHASE_MOVED, 31, 125, t: 6)])    // 69 points left: inside again
        route([touch(1, TACTILE_PHASE_MOVED, 150, 125, t: 7)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 8)])
        #expect(recorder.actions == ["DRAG_INSIDE", "EXIT", "DRAG_OUTSIDE", "DRAG_OUTSIDE", "DRAG_OUTSIDE", "ENTER", "DRAG_INSIDE",
                                     "DRAG_INSIDE", "UP_INSIDE", "PRIMARY"])
        // Each action follows its own delivery.
        #expect(Array(recorder.log.prefix(5)) == [delivered(TACTILE_PHASE_MOVED, button), "DRAG_INSIDE",
                                                  delivered(TACTILE_PHASE_MOVED, button), "EXIT", "DRAG_OUTSIDE"])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-MOVE inside-ness follows the control's bounds origin and transform")
    func controlCoordinates() {
        defer { _ = tactile_app_destroy(app) }
        // Shifting the bounds origin does not move the control on screen; a 2× scale about its center does.
        var bounds = tactile_rect(x: 500, y: 500, width: 100, height: 50)
        #expect(tactile_view_set_bounds(app, button, &bounds) == TACTILE_OK)
        var scale = tactile_transform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        #expect(tactile_view_set_transform(app, button, &scale) == TACTILE_OK)
        // Now it covers (50, 75)…(250, 175) of the window, and the slop is 140 window points: inside up to y = 315.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1)])
        route([touch(1, TACTILE_PHASE_MOVED, 150, 310, t: 2)])
        route([touch(1, TACTILE_PHASE_MOVED, 150, 320, t: 3)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 320, t: 4)])
        #expect(recorder.actions == ["DOWN", "DRAG_INSIDE", "EXIT", "DRAG_OUTSIDE", "UP_OUTSIDE"])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-END a lift outside: the crossing event, then touch up outside, no primary action")
    func liftOutside() {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-END: lifting outside after dragging out.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1)])
        route([touch(1, TACTILE_PHASE_MOVED, 150, 400, t: 2)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 400, t: 3)])
        #expect(recorder.actions == ["DOWN", "EXIT", "DRAG_OUTSIDE", "UP_OUTSIDE"])
        // Lifting outside with no move in between: the crossing event comes on the lift, before touch up outside.
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000_000_000), touch(2, TACTILE_PHASE_ENDED, 310, 470, t: 1_000_000_001)])
        #expect(recorder.actions == ["DOWN", "EXIT", "UP_OUTSIDE"])
        // Back inside at the lift: enter, then touch up inside.
        recorder.log = []
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 125, t: 3_000_000_000)])
        route([touch(3, TACTILE_PHASE_MOVED, 150, 400, t: 3_000_000_001)])
        route([touch(3, TACTILE_PHASE_ENDED, 150, 130, t: 3_000_000_002)])
        #expect(recorder.actions == ["DOWN", "EXIT", "DRAG_OUTSIDE", "ENTER", "UP_INSIDE", "PRIMARY"])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-CANCEL a system cancel or resigning active sends touch cancel")
    func systemCancel() {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-CANCEL.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1), touch(1, TACTILE_PHASE_MOVED, 150, 300, t: 2)])
        route([system(TACTILE_SYSTEM_CANCEL_ALL_TOUCHES, t: 3)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 4)])  // swallowed: the sequence is over
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, button), "DOWN", delivered(TACTILE_PHASE_MOVED, button), "EXIT",
                                 "DRAG_OUTSIDE", delivered(TACTILE_PHASE_CANCELLED, button), "CANCEL"])
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000_000_000), system(TACTILE_SYSTEM_WILL_RESIGN_ACTIVE, t: 1_000_000_001)])
        #expect(recorder.actions == ["DOWN", "CANCEL"])
        // Tracking starts afresh afterwards.
        recorder.log = []
        route([system(TACTILE_SYSTEM_DID_BECOME_ACTIVE, t: 2_000_000_000), touch(3, TACTILE_PHASE_BEGAN, 150, 125, t: 2_000_000_001),
               touch(3, TACTILE_PHASE_ENDED, 150, 125, t: 2_000_000_002)])
        #expect(recorder.actions == ["DOWN", "UP_INSIDE", "PRIMARY"])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-DISABLED a disabled control is passed over: the touch goes to the view behind, no action")
    func disabled() {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-DISABLED.
        #expect(tactile_view_set_control_enabled(app, button, 0) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 150, 125) == container.id)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1), touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 2)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, container), delivered(TACTILE_PHASE_ENDED, container)])
        // The user's own interaction flag is what tactile_view_get_flags reports, and it is kept apart.
        var flags: UInt32 = 99
        #expect(tactile_view_get_flags(app, button, &flags) == TACTILE_OK && flags == 0)
        #expect(tactile_view_set_control_enabled(app, button, 1) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 150, 125) == button.id)
        let disabledBit = UInt32(TACTILE_VIEW_INTERACTION_DISABLED.rawValue)
        #expect(tactile_view_set_flags(app, button, disabledBit, 1) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 150, 125) == container.id)
        #expect(tactile_view_set_control_enabled(app, button, 0) == TACTILE_OK)
        #expect(tactile_view_set_flags(app, button, disabledBit, 0) == TACTILE_OK)  // still disabled as a control
        #expect(ViewCAPITests.hit(app, window, 150, 125) == container.id)
        #expect(tactile_view_get_flags(app, button, &flags) == TACTILE_OK && flags == 0)
        #expect(tactile_view_set_flags(app, button, disabledBit, 1) == TACTILE_OK)
        #expect(tactile_view_set_control_enabled(app, button, 1) == TACTILE_OK)  // re-enabling restores the user's flag
        #expect(ViewCAPITests.hit(app, window, 150, 125) == container.id)
        #expect(tactile_view_get_flags(app, button, &flags) == TACTILE_OK && flags == disabledBit)
        #expect(tactile_view_set_flags(app, button, disabledBit, 0) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 150, 125) == button.id)
        // Unmarking a disabled control gives its touches back; other flags are untouched throughout.
        #expect(tactile_view_set_flags(app, button, UInt32(TACTILE_VIEW_EXCLUSIVE_TOUCH.rawValue), 1) == TACTILE_OK)
        #expect(tactile_view_set_control_enabled(app, button, 0) == TACTILE_OK)
        #expect(tactile_view_set_control(app, button, 0) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 150, 125) == button.id)
        #expect(tactile_view_get_flags(app, button, &flags) == TACTILE_OK && flags == UInt32(TACTILE_VIEW_EXCLUSIVE_TOUCH.rawValue))
        // A view that is not a control has no enabled state.
        #expect(tactile_view_set_control_enabled(app, button, 1) == TACTILE_ERR_INVALID_STATE)
        #expect(CAPITests.lastError.contains("not a control"))
        // A view made a control while interaction-disabled keeps that as the user's flag.
        #expect(tactile_view_set_flags(app, button, disabledBit, 1) == TACTILE_OK)
        #expect(tactile_view_set_control(app, button, 1) == TACTILE_OK)
        #expect(tactile_view_set_control_enabled(app, button, 1) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 150, 125) == container.id)
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 125, t: 3), touch(2, TACTILE_PHASE_ENDED, 150, 125, t: 4)])
        #expect(recorder.actions == [])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-DISABLED disabling a control while it tracks lets the touch finish")
    func disabledWhileTracking() {
        defer { _ = tactile_app_destroy(app) }
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1)])
        #expect(tactile_view_set_control_enabled(app, button, 0) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 2)])
        #expect(recorder.actions == ["DOWN", "UP_INSIDE", "PRIMARY"])
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-CANCEL a control removed from its parent while tracking sends touch cancel")
    func removedWhileTracking() throws {
        defer { _ = tactile_app_destroy(app) }
        // DESIGN-CONTROL-CAPI, DESIGN-CONTROL-CANCEL: the router cancels the touches of a view leaving its window.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1)])
        recorder.log = []
        #expect(tactile_view_remove_from_parent(app, button) == TACTILE_OK)
        #expect(recorder.log == [delivered(TACTILE_PHASE_CANCELLED, button), "CANCEL"])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 2)])
        #expect(recorder.log.count == 2)
        // Put back, it is still a control; its container leaving the window cancels it too.
        #expect(tactile_view_add_child(app, container, button) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000_000_000)])
        #expect(tactile_view_remove_from_parent(app, container) == TACTILE_OK)
        #expect(recorder.actions == ["CANCEL", "DOWN", "CANCEL"])
        // Destroyed while tracking: cancelled first, then forgotten; a view reusing its slot is no control.
        #expect(tactile_view_add_child(app, window, container) == TACTILE_OK)
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 125, t: 2_000_000_000)])
        recorder.log = []
        #expect(tactile_view_destroy(app, button) == TACTILE_OK)
        #expect(recorder.log == [delivered(TACTILE_PHASE_CANCELLED, button), "CANCEL"])
        let reuser = try ViewCAPITests.view(app, 80, 60, 100, 50, in: container)
        #expect(UInt32(truncatingIfNeeded: reuser.id) == UInt32(truncatingIfNeeded: button.id), "slot reused")
        recorder.log = []
        route([touch(4, TACTILE_PHASE_BEGAN, 150, 125, t: 3_000_000_000), touch(4, TACTILE_PHASE_ENDED, 150, 125, t: 3_000_000_001)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, reuser), delivered(TACTILE_PHASE_ENDED, reuser)])
        #expect(tactile_view_set_control_enabled(app, reuser, 0) == TACTILE_ERR_INVALID_STATE)
    }

    @Test("DESIGN-CONTROL-CAPI DESIGN-CONTROL-CANCEL removing the control from a callback: cancel at once, nothing after it")
    func removedFromCallbacks() {
        defer { _ = tactile_app_destroy(app) }
        let (app, button) = (self.app, self.button)
        // From the touch-down action of a second tap: touch cancel nested in it, and no touch-down-repeat.
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000), touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 2_000)])
        recorder.log = []
        recorder.onAction = { _, event in
            if event == TACTILE_CONTROL_TOUCH_DOWN.rawValue { _ = tactile_view_remove_from_parent(app, button) }
        }
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 125, t: 3_000)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, button), "DOWN", delivered(TACTILE_PHASE_CANCELLED, button), "CANCEL"])
        // From the delivery callback of its began: the touch is cancelled before the control takes it.
        recorder.onAction = nil
        #expect(tactile_view_add_child(app, container, button) == TACTILE_OK)
        recorder.log = []
        recorder.onDelivery = { d in
            if d.phase == UInt32(TACTILE_PHASE_BEGAN.rawValue) { _ = tactile_view_remove_from_parent(app, button) }
        }
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000_000_000)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, button), delivered(TACTILE_PHASE_CANCELLED, button)])
        // Removed from its touch-up-inside action: the primary action still follows, as UIKit sends it after the
        // touch up. Destroyed there, it does not: the handle is stale by then.
        recorder.onDelivery = nil
        #expect(tactile_view_add_child(app, container, button) == TACTILE_OK)
        recorder.log = []
        recorder.onAction = { _, event in
            if event == TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue { _ = tactile_view_remove_from_parent(app, button) }
        }
        route([touch(4, TACTILE_PHASE_BEGAN, 150, 125, t: 2_000_000_000), touch(4, TACTILE_PHASE_ENDED, 150, 125, t: 2_000_000_001)])
        #expect(recorder.actions == ["DOWN", "UP_INSIDE", "PRIMARY"])
        #expect(tactile_view_add_child(app, container, button) == TACTILE_OK)
        recorder.log = []
        recorder.onAction = { _, event in
            if event == TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue { _ = tactile_view_destroy(app, button) }
        }
        route([touch(5, TACTILE_PHASE_BEGAN, 150, 125, t: 3_000_000_000), touch(5, TACTILE_PHASE_ENDED, 150, 125, t: 3_000_000_001)])
        #expect(recorder.actions == ["DOWN", "UP_INSIDE"])
    }

    @Test("DESIGN-CONTROL-CAPI a control tracks its first touch only; unmarked, it sends nothing")
    func firstTouchOnly() {
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_view_set_flags(app, button, UInt32(TACTILE_VIEW_MULTIPLE_TOUCH.rawValue), 1) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1)])
        route([touch(2, TACTILE_PHASE_BEGAN, 190, 140, t: 2)])
        route([touch(2, TACTILE_PHASE_MOVED, 190, 400, t: 3), touch(1, TACTILE_PHASE_MOVED, 151, 125, t: 3)])
        route([touch(2, TACTILE_PHASE_ENDED, 190, 400, t: 4)])
        route([touch(1, TACTILE_PHASE_ENDED, 151, 125, t: 5)])
        #expect(recorder.actions == ["DOWN", "DRAG_INSIDE", "UP_INSIDE", "PRIMARY"])
        // Marking twice changes nothing; unmarking mid-tracking stops it silently.
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 125, t: 1_000_000_000)])
        #expect(tactile_view_set_control(app, button, 1) == TACTILE_OK)
        route([touch(3, TACTILE_PHASE_MOVED, 150, 126, t: 1_000_000_001)])
        #expect(tactile_view_set_control(app, button, 0) == TACTILE_OK)
        #expect(tactile_view_set_control(app, button, 0) == TACTILE_OK)
        route([touch(3, TACTILE_PHASE_ENDED, 150, 126, t: 1_000_000_002)])
        #expect(recorder.actions == ["DOWN", "DRAG_INSIDE", "UP_INSIDE", "PRIMARY", "DOWN", "DRAG_INSIDE"])
    }

    @Test("DESIGN-CONTROL-CAPI two controls track their own touches at once")
    func twoControls() throws {
        defer { _ = tactile_app_destroy(app) }
        let other = try ViewCAPITests.view(app, 80, 200, 100, 50, in: container)  // (100, 240)…(200, 290) of the window
        #expect(tactile_view_set_control(app, other, 1) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 125, t: 1), touch(2, TACTILE_PHASE_BEGAN, 150, 260, t: 1)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 125, t: 2), touch(2, TACTILE_PHASE_ENDED, 150, 460, t: 2)])
        #expect(recorder.actions == ["DOWN", "DOWN \(other.id)", "UP_INSIDE", "PRIMARY", "EXIT \(other.id)", "UP_OUTSIDE \(other.id)"])
    }
}
