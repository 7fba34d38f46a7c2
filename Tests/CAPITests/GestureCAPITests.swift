import CTactile
import Testing

/// What the delivery and gesture callbacks saw, in one log: "touch <phase> <view id>" per delivery and
/// "gesture <state> <gesture id>" per state change; plus the values read inside the gesture callback.
final class GestureRecorder {
    var log: [String] = []
    var app = tactile_app(id: 0)
    var timestamps: [UInt64] = []
    var translations: [tactile_point] = []
    var scales: [Double] = []
    var views: [UInt64] = []
    /// The pans and pinches whose values the callback reads.
    var pans: Set<UInt64> = [], pinches: Set<UInt64> = []
}

private let recordGesture: tactile_gesture_fn = { user, gesture, view, state, timestamp in
    let recorder = Unmanaged<GestureRecorder>.fromOpaque(user!).takeUnretainedValue()
    recorder.log.append("gesture \(state) \(gesture.id)")
    recorder.timestamps.append(timestamp)
    recorder.views.append(view.id)
    var t = tactile_point()
    if recorder.pans.contains(gesture.id), tactile_gesture_get_translation(recorder.app, gesture, &t) == TACTILE_OK {
        recorder.translations.append(t)
    }
    var scale = 0.0
    if recorder.pinches.contains(gesture.id), tactile_gesture_get_scale(recorder.app, gesture, &scale, nil) == TACTILE_OK {
        recorder.scales.append(scale)
    }
}

private let recordDelivery: tactile_delivery_fn = { user, delivery in
    let recorder = Unmanaged<GestureRecorder>.fromOpaque(user!).takeUnretainedValue()
    let d = delivery!.pointee
    recorder.log.append("touch \(d.phase) \(d.view.id)")
}

/// Gesture recognizers through tactile.h (DESIGN-GESTURE-CAPI): the engine's gesture models attached to views,
/// fed by the router's deliveries before the views get them, reporting UIKit's states through the gesture
/// callback, exclusive (no simultaneous recognition), cancelling the touches they take in the view, with their
/// time-outs on the app's run-loop clock.
///
/// The scene: a 320×480 window; `parent` filling it; `child` at (100, 100, 100, 100) in it.
@Suite("C API gestures")
struct GestureCAPITests {
    let app: tactile_app
    let window: tactile_view, parent: tactile_view, child: tactile_view
    let recorder = GestureRecorder()

    static let ms: UInt64 = 1_000_000
    static let t0: UInt64 = 1_000_000_000

    init() throws {
        app = try CAPITests.makeApp(capacity: 64)
        window = try ViewCAPITests.view(app, 0, 0, 320, 480)
        parent = try ViewCAPITests.view(app, 0, 0, 320, 480, in: window)
        child = try ViewCAPITests.view(app, 100, 100, 100, 100, in: parent)
        recorder.app = app
        let user = Unmanaged.passUnretained(recorder).toOpaque()
        #expect(tactile_app_set_delivery_callback(app, recordDelivery, user) == TACTILE_OK)
        #expect(tactile_app_set_gesture_callback(app, recordGesture, user) == TACTILE_OK)
    }

    func touch(_ id: UInt32, _ phase: tactile_touch_phase, _ x: Double, _ y: Double, t: UInt64) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                      window_id: tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: t, x: x, y: y, force: 0, radius: 0)
    }

    func route(_ events: [tactile_event]) {
        #expect(events.withUnsafeBufferPointer { tactile_route(app, $0.baseAddress, $0.count) } == TACTILE_OK)
    }

    func add(_ kind: tactile_gesture_kind, to view: tactile_view) throws -> tactile_gesture {
        var g = tactile_gesture(id: 0)
        try #require(tactile_view_add_gesture(app, view, kind.rawValue, &g) == TACTILE_OK)
        #expect(g.id != 0)
        if kind == TACTILE_GESTURE_PAN { recorder.pans.insert(g.id) }
        if kind == TACTILE_GESTURE_PINCH { recorder.pinches.insert(g.id) }
        return g
    }

    func delivered(_ phase: tactile_touch_phase, _ view: tactile_view) -> String { "touch \(phase.rawValue) \(view.id)" }
    func changed(_ state: tactile_gesture_state, _ g: tactile_gesture) -> String { "gesture \(state.rawValue) \(g.id)" }

    func state(_ g: tactile_gesture) -> UInt32 {
        var s: UInt32 = 99
        #expect(tactile_gesture_get_state(app, g, &s) == TACTILE_OK)
        return s
    }

    @Test("DESIGN-GESTURE-CAPI tactile_gesture_state has UIGestureRecognizer.State's raw values")
    func stateValues() {
        // DESIGN-GESTURE-CAPI
        defer { _ = tactile_app_destroy(app) }
        #expect(TACTILE_GESTURE_POSSIBLE.rawValue == 0 && TACTILE_GESTURE_BEGAN.rawValue == 1 && TACTILE_GESTURE_CHANGED.rawValue == 2)
        #expect(TACTILE_GESTURE_ENDED.rawValue == 3 && TACTILE_GESTURE_RECOGNIZED.rawValue == 3)
        #expect(TACTILE_GESTURE_CANCELLED.rawValue == 4 && TACTILE_GESTURE_FAILED.rawValue == 5)
    }

    @Test("DESIGN-GESTURE-CAPI a tap is recognized on the lift: state 3, its touch cancelled in the view first")
    func tapRecognized() throws {
        // DESIGN-GESTURE-CAPI: discrete recognition; cancelsTouchesInView turns the view's ended into cancelled.
        defer { _ = tactile_app_destroy(app) }
        let tap = try add(TACTILE_GESTURE_TAP, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        #expect(state(tap) == 0)
        route([touch(1, TACTILE_PHASE_ENDED, 151, 150, t: Self.t0 + 80 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_CANCELLED, child),
                                 changed(TACTILE_GESTURE_RECOGNIZED, tap)])
        #expect(recorder.timestamps == [Self.t0 + 80 * Self.ms])
        #expect(recorder.views == [child.id])
        #expect(state(tap) == 0, "reset after recognition")
        var location = tactile_point()
        #expect(tactile_gesture_get_location(app, tap, &location) == TACTILE_OK)
        #expect(location.x == 151 && location.y == 150)
        var view = tactile_view(id: 0)
        #expect(tactile_gesture_get_view(app, tap, &view) == TACTILE_OK && view.id == child.id)
        // Again: the gesture takes part in the next sequence.
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0 + 500 * Self.ms),
               touch(2, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 550 * Self.ms)])
        #expect(recorder.log.last == changed(TACTILE_GESTURE_RECOGNIZED, tap))
        #expect(CAPITests.counters(app).errors == 0)
    }

    @Test("DESIGN-GESTURE-CAPI a drag that strays fails the tap silently: the view gets its touches as usual")
    func tapFails() throws {
        // DESIGN-GESTURE-CAPI: failed is never reported; a failed gesture cancels nothing.
        defer { _ = tactile_app_destroy(app) }
        _ = try add(TACTILE_GESTURE_TAP, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 150, 250, t: Self.t0 + 10 * Self.ms)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 250, t: Self.t0 + 20 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_MOVED, child),
                                 delivered(TACTILE_PHASE_ENDED, child)])
    }

    @Test("DESIGN-GESTURE-CAPI a pan begins after 10 points, changes per move, ends on the lift, with its translation")
    func pan() throws {
        // DESIGN-GESTURE-CAPI: continuous states 1, 2, 3, translation in window points, velocity per second.
        defer { _ = tactile_app_destroy(app) }
        let pan = try add(TACTILE_GESTURE_PAN, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 155, 150, t: Self.t0 + 10 * Self.ms)])
        #expect(state(pan) == 0)
        route([touch(1, TACTILE_PHASE_MOVED, 170, 150, t: Self.t0 + 20 * Self.ms)])
        #expect(state(pan) == 1)
        route([touch(1, TACTILE_PHASE_MOVED, 190, 150, t: Self.t0 + 30 * Self.ms)])
        #expect(state(pan) == 2)
        var velocity = tactile_point()
        #expect(tactile_gesture_get_velocity(app, pan, &velocity) == TACTILE_OK)
        #expect(velocity.x > 0 && velocity.y == 0)
        route([touch(1, TACTILE_PHASE_ENDED, 190, 150, t: Self.t0 + 40 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_MOVED, child),
                                 delivered(TACTILE_PHASE_CANCELLED, child), changed(TACTILE_GESTURE_BEGAN, pan),
                                 changed(TACTILE_GESTURE_CHANGED, pan), changed(TACTILE_GESTURE_ENDED, pan)])
        #expect(recorder.translations.map(\.x) == [10, 30, 30])
        #expect(recorder.translations.map(\.y) == [0, 0, 0])
        #expect(state(pan) == 0)
    }

    @Test("DESIGN-GESTURE-CAPI a long press begins after 0.5 s on the run loop's clock, then changes and ends")
    func longPress() throws {
        // DESIGN-GESTURE-CAPI: the time-out is a run-loop timer: deterministic stepping drives it.
        defer { _ = tactile_app_destroy(app) }
        let press = try add(TACTILE_GESTURE_LONG_PRESS, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        #expect(tactile_app_advance(app, 499 * Self.ms) == TACTILE_OK)
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child)])
        #expect(tactile_app_advance(app, 1 * Self.ms) == TACTILE_OK)
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_CANCELLED, child),
                                 changed(TACTILE_GESTURE_BEGAN, press)])
        #expect(recorder.timestamps == [Self.t0 + 500 * Self.ms], "the deadline, in the touches' clock")
        route([touch(1, TACTILE_PHASE_MOVED, 180, 150, t: Self.t0 + 600 * Self.ms)])
        route([touch(1, TACTILE_PHASE_ENDED, 180, 150, t: Self.t0 + 700 * Self.ms)])
        #expect(Array(recorder.log.suffix(2)) == [changed(TACTILE_GESTURE_CHANGED, press), changed(TACTILE_GESTURE_ENDED, press)])
        // A shorter press fails: nothing but the view's own deliveries.
        recorder.log = []
        #expect(tactile_gesture_set_minimum_press_duration(app, press, 0.2) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0 + Self.t0)])
        route([touch(2, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + Self.t0 + 100 * Self.ms)])
        #expect(tactile_app_advance(app, 1_000 * Self.ms) == TACTILE_OK)
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_ENDED, child)])
    }

    @Test("DESIGN-GESTURE-CAPI a double tap: the second tap within the interval recognizes; a late one times out on the loop")
    func doubleTap() throws {
        // DESIGN-GESTURE-CAPI: the multi-tap interval is a run-loop timer.
        defer { _ = tactile_app_destroy(app) }
        let tap = try add(TACTILE_GESTURE_TAP, to: child)
        #expect(tactile_gesture_set_taps_required(app, tap, 2) == TACTILE_OK)
        #expect(tactile_gesture_set_cancels_touches_in_view(app, tap, 0) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0), touch(1, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 50 * Self.ms)])
        #expect(tactile_app_advance(app, 100 * Self.ms) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0 + 150 * Self.ms),
               touch(2, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 200 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_RECOGNIZED, tap)])
        // One tap, then nothing for the interval: it fails (silently) and the next single tap starts over.
        recorder.log = []
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0), touch(3, TACTILE_PHASE_ENDED, 150, 150, t: 2 * Self.t0 + 50 * Self.ms)])
        #expect(tactile_app_advance(app, 400 * Self.ms) == TACTILE_OK)
        route([touch(4, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0 + 500 * Self.ms),
               touch(4, TACTILE_PHASE_ENDED, 150, 150, t: 2 * Self.t0 + 550 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [])
        #expect(recorder.log.count == 4, "the view got both taps: no cancellation (cancels_touches_in_view off)")
    }

    @Test("DESIGN-GESTURE-CAPI a pinch of two fingers reports its scale")
    func pinch() throws {
        // DESIGN-GESTURE-CAPI: two touches on a multiple-touch view; scale = distance / initial distance.
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_view_set_flags(app, parent, UInt32(TACTILE_VIEW_MULTIPLE_TOUCH.rawValue), 1) == TACTILE_OK)
        let pinch = try add(TACTILE_GESTURE_PINCH, to: parent)
        route([touch(1, TACTILE_PHASE_BEGAN, 20, 300, t: Self.t0), touch(2, TACTILE_PHASE_BEGAN, 120, 300, t: Self.t0)])
        route([touch(2, TACTILE_PHASE_MOVED, 220, 300, t: Self.t0 + 10 * Self.ms)])
        route([touch(2, TACTILE_PHASE_MOVED, 170, 300, t: Self.t0 + 20 * Self.ms)])
        var scale = 0.0, velocity = 0.0
        #expect(tactile_gesture_get_scale(app, pinch, &scale, &velocity) == TACTILE_OK)
        #expect(scale == 1.5)
        route([touch(1, TACTILE_PHASE_ENDED, 20, 300, t: Self.t0 + 30 * Self.ms),
               touch(2, TACTILE_PHASE_ENDED, 170, 300, t: Self.t0 + 30 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") }
            == [changed(TACTILE_GESTURE_BEGAN, pinch), changed(TACTILE_GESTURE_CHANGED, pinch), changed(TACTILE_GESTURE_ENDED, pinch)])
        #expect(recorder.scales == [2, 1.5, 1.5])
        var location = tactile_point()
        #expect(tactile_gesture_get_location(app, pinch, &location) == TACTILE_OK)
        #expect(location.x == 95 && location.y == 300, "where the fingers were last (their centroid)")
    }

    @Test("DESIGN-GESTURE-CAPI a swipe is recognized after 50 points in its direction; a held finger times out on the loop")
    func swipe() throws {
        // DESIGN-GESTURE-CAPI: discrete; the time limit is a run-loop timer (which fires once, then never again).
        defer { _ = tactile_app_destroy(app) }
        let swipe = try add(TACTILE_GESTURE_SWIPE, to: parent)
        #expect(tactile_gesture_set_direction(app, swipe, UInt32(TACTILE_SWIPE_LEFT.rawValue)) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_BEGAN, 300, 400, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 240, 402, t: Self.t0 + 100 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_RECOGNIZED, swipe)])
        route([touch(1, TACTILE_PHASE_ENDED, 240, 402, t: Self.t0 + 150 * Self.ms)])
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 300, 400, t: 2 * Self.t0)])
        #expect(tactile_app_advance(app, 2_000 * Self.ms) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_MOVED, 200, 400, t: 2 * Self.t0 + 2_000 * Self.ms)])
        route([touch(2, TACTILE_PHASE_ENDED, 200, 400, t: 2 * Self.t0 + 2_100 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, parent), delivered(TACTILE_PHASE_MOVED, parent),
                                 delivered(TACTILE_PHASE_ENDED, parent)])
        #expect(CAPITests.counters(app).errors == 0)
    }

    @Test("DESIGN-GESTURE-CAPI a rotation of two fingers reports its angle")
    func rotation() throws {
        // DESIGN-GESTURE-CAPI
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_view_set_flags(app, parent, UInt32(TACTILE_VIEW_MULTIPLE_TOUCH.rawValue), 1) == TACTILE_OK)
        let rotation = try add(TACTILE_GESTURE_ROTATION, to: parent)
        route([touch(1, TACTILE_PHASE_BEGAN, 100, 300, t: Self.t0), touch(2, TACTILE_PHASE_BEGAN, 200, 300, t: Self.t0)])
        route([touch(2, TACTILE_PHASE_MOVED, 100, 400, t: Self.t0 + 10 * Self.ms)])
        var angle = 0.0
        #expect(tactile_gesture_get_rotation(app, rotation, &angle, nil) == TACTILE_OK)
        #expect(abs(angle - Double.pi / 2) < 1e-9, "a quarter turn clockwise in y-down space")
        #expect(state(rotation) == 1)
    }

    @Test("DESIGN-GESTURE-CAPI a tap on the parent cancels the child's delivered touch before its state callback")
    func parentCancelsChild() throws {
        // DESIGN-GESTURE-CAPI: gestures of the hit view's ancestors take part; cancelsTouchesInView reaches the
        // view the touch was delivered to.
        defer { _ = tactile_app_destroy(app) }
        let tap = try add(TACTILE_GESTURE_TAP, to: parent)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 50 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_CANCELLED, child),
                                 changed(TACTILE_GESTURE_RECOGNIZED, tap)])
        #expect(recorder.views == [parent.id])
        // Not cancelling: the state callback comes before the view's ended (gestures see a delivery first).
        recorder.log = []
        #expect(tactile_gesture_set_cancels_touches_in_view(app, tap, 0) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0 + Self.t0)])
        route([touch(2, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + Self.t0 + 50 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), changed(TACTILE_GESTURE_RECOGNIZED, tap),
                                 delivered(TACTILE_PHASE_ENDED, child)])
    }

    @Test("DESIGN-GESTURE-CAPI two gestures are exclusive: the hit view's wins, a begun gesture fails the others")
    func exclusive() throws {
        // DESIGN-GESTURE-CAPI: no simultaneous recognition in the C API.
        defer { _ = tactile_app_destroy(app) }
        let childTap = try add(TACTILE_GESTURE_TAP, to: child)
        let parentTap = try add(TACTILE_GESTURE_TAP, to: parent)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0), touch(1, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 50 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_RECOGNIZED, childTap)])
        #expect(state(parentTap) == 0)
        // A long press that began fails a pan of the same touch: the drag after it pans nothing.
        #expect(tactile_gesture_remove(app, childTap) == TACTILE_OK)
        #expect(tactile_gesture_remove(app, parentTap) == TACTILE_OK)
        let press = try add(TACTILE_GESTURE_LONG_PRESS, to: child)
        let pan = try add(TACTILE_GESTURE_PAN, to: parent)
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0)])
        #expect(tactile_app_advance(app, 600 * Self.ms) == TACTILE_OK)
        route([touch(2, TACTILE_PHASE_MOVED, 190, 150, t: 2 * Self.t0 + 700 * Self.ms)])
        route([touch(2, TACTILE_PHASE_ENDED, 190, 150, t: 2 * Self.t0 + 800 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") }
            == [changed(TACTILE_GESTURE_BEGAN, press), changed(TACTILE_GESTURE_CHANGED, press), changed(TACTILE_GESTURE_ENDED, press)])
        // The pan takes part again in the next sequence.
        recorder.log = []
        route([touch(3, TACTILE_PHASE_BEGAN, 150, 150, t: 3 * Self.t0)])
        route([touch(3, TACTILE_PHASE_MOVED, 190, 150, t: 3 * Self.t0 + 10 * Self.ms)])
        route([touch(3, TACTILE_PHASE_ENDED, 190, 150, t: 3 * Self.t0 + 20 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_ENDED, pan)])
    }

    @Test("DESIGN-GESTURE-CAPI a gesture whose view is destroyed is cancelled if active, then dropped")
    func destroyedView() throws {
        // DESIGN-GESTURE-CAPI, DESIGN-BAD-INPUT: the router cancels the touches; the handle becomes invalid.
        defer { _ = tactile_app_destroy(app) }
        let pan = try add(TACTILE_GESTURE_PAN, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 180, 150, t: Self.t0 + 10 * Self.ms)])
        #expect(state(pan) == 1)
        #expect(tactile_view_destroy(app, child) == TACTILE_OK)
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_CANCELLED, pan)])
        var s: UInt32 = 0
        #expect(tactile_gesture_get_state(app, pan, &s) == TACTILE_ERR_INVALID_HANDLE)
        #expect(CAPITests.lastError.contains("destroyed"))
        // A later touch on the parent is untouched by it.
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0), touch(2, TACTILE_PHASE_ENDED, 150, 150, t: 2 * Self.t0 + 1)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, parent), delivered(TACTILE_PHASE_ENDED, parent)])
    }

    @Test("DESIGN-GESTURE-CAPI a view removed from its window cancels its active gesture, which stays attached (as UIKit's)")
    func removedView() throws {
        // DESIGN-GESTURE-CAPI: the router cancels the view's touches; removeFromSuperview keeps the recognizers.
        defer { _ = tactile_app_destroy(app) }
        let pan = try add(TACTILE_GESTURE_PAN, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 180, 150, t: Self.t0 + 10 * Self.ms)])
        #expect(tactile_view_remove_from_parent(app, child) == TACTILE_OK)
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_CANCELLED, pan)])
        #expect(state(pan) == 0)
        route([touch(1, TACTILE_PHASE_ENDED, 180, 150, t: Self.t0 + 20 * Self.ms)])
        #expect(tactile_view_add_child(app, parent, child) == TACTILE_OK)
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0)])
        route([touch(2, TACTILE_PHASE_MOVED, 180, 150, t: 2 * Self.t0 + 10 * Self.ms)])
        route([touch(2, TACTILE_PHASE_ENDED, 180, 150, t: 2 * Self.t0 + 20 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_ENDED, pan)])
        #expect(CAPITests.counters(app).errors == 0)
    }

    @Test("DESIGN-GESTURE-CAPI a state callback that destroys the view: the gesture is cancelled at once (nested), nothing more is delivered")
    func destroyFromCallback() throws {
        // DESIGN-GESTURE-CAPI, DESIGN-BAD-INPUT: callbacks may call loop-thread functions.
        defer { _ = tactile_app_destroy(app) }
        final class Context { var app = tactile_app(id: 0); var victim = tactile_view(id: 0); var recorder: GestureRecorder? }
        let context = Context()
        context.app = app
        context.victim = child
        context.recorder = recorder
        let destroying: tactile_gesture_fn = { user, gesture, _, state, _ in
            let c = Unmanaged<Context>.fromOpaque(user!).takeUnretainedValue()
            c.recorder!.log.append("gesture \(state) \(gesture.id)")
            if state == 1 { _ = tactile_view_destroy(c.app, c.victim) }
        }
        #expect(tactile_app_set_gesture_callback(app, destroying, Unmanaged.passUnretained(context).toOpaque()) == TACTILE_OK)
        let pan = try add(TACTILE_GESTURE_PAN, to: child)
        let parentTap = try add(TACTILE_GESTURE_TAP, to: parent)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 180, 150, t: Self.t0 + 10 * Self.ms)])
        route([touch(1, TACTILE_PHASE_ENDED, 180, 150, t: Self.t0 + 20 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_CANCELLED, child),
                                 changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_CANCELLED, pan)])
        // The parent's tap works on afterwards.
        recorder.log = []
        route([touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0), touch(2, TACTILE_PHASE_ENDED, 150, 150, t: 2 * Self.t0 + 1)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, parent), delivered(TACTILE_PHASE_CANCELLED, parent),
                                 changed(TACTILE_GESTURE_RECOGNIZED, parentTap)])
        #expect(CAPITests.counters(app).errors == 0)
    }

    /// The delivery callback that, given the cancelled touch of a gesture that is beginning, removes or destroys a view.
    static let removingOnCancel: tactile_delivery_fn = { user, delivery in
        let c = Unmanaged<RemovingContext>.fromOpaque(user!).takeUnretainedValue()
        let d = delivery!.pointee
        c.recorder.log.append("touch \(d.phase) \(d.view.id)")
        guard d.phase == TACTILE_PHASE_CANCELLED.rawValue else { return }
        _ = c.destroys ? tactile_view_destroy(c.app, c.victim) : tactile_view_remove_from_parent(c.app, c.victim)
    }

    final class RemovingContext {
        let app: tactile_app, victim: tactile_view, recorder: GestureRecorder, destroys: Bool
        init(app: tactile_app, victim: tactile_view, recorder: GestureRecorder, destroys: Bool) {
            (self.app, self.victim, self.recorder, self.destroys) = (app, victim, recorder, destroys)
        }
    }

    @Test("DESIGN-GESTURE-CAPI DESIGN-GESTURE-STATES a view removed or destroyed while it gets the touches a beginning gesture cancels: began, then cancelled",
          arguments: [false, true])
    func removedWhileBeginning(destroys: Bool) throws {
        // The view's touchesCancelled comes before the gesture's began action (UIGestureEnvironment.begin); a callback
        // there that cancels the gesture must not get its cancelled ahead of its began: UIKit's gesture environment
        // acts on the cancellation after the action it is sending (the c-api fuzzer's finding F14).
        defer { _ = tactile_app_destroy(app) }
        let context = RemovingContext(app: app, victim: child, recorder: recorder, destroys: destroys)
        #expect(tactile_app_set_delivery_callback(app, Self.removingOnCancel, Unmanaged.passUnretained(context).toOpaque()) == TACTILE_OK)
        let pan = try add(TACTILE_GESTURE_PAN, to: child)
        recorder.pans.remove(pan.id)  // (a destroyed view's gesture handle is invalid in its callbacks: not asked)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 180, 150, t: Self.t0 + 10 * Self.ms)])
        route([touch(1, TACTILE_PHASE_ENDED, 180, 150, t: Self.t0 + 20 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_CANCELLED, child),
                                 changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_CANCELLED, pan)])
        #expect(CAPITests.counters(app).errors == 0)
        var s: UInt32 = 0
        #expect(tactile_gesture_get_state(app, pan, &s) == (destroys ? TACTILE_ERR_INVALID_HANDLE : TACTILE_OK))
    }

    @Test("DESIGN-GESTURE-CAPI a destroyed view's active gesture asked for in its began callback still gets its cancelled")
    func destroyedViewQueriedWhileBeginning() throws {
        // The handle is invalid from the destruction on (tactile.h), but the gesture is dropped only after the
        // cancellation it owes has been sent.
        defer { _ = tactile_app_destroy(app) }
        let context = RemovingContext(app: app, victim: child, recorder: recorder, destroys: true)
        #expect(tactile_app_set_delivery_callback(app, Self.removingOnCancel, Unmanaged.passUnretained(context).toOpaque()) == TACTILE_OK)
        let pan = try add(TACTILE_GESTURE_PAN, to: child)  // recordGesture asks for its translation
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        route([touch(1, TACTILE_PHASE_MOVED, 180, 150, t: Self.t0 + 10 * Self.ms)])
        #expect(recorder.log.filter { $0.hasPrefix("gesture") } == [changed(TACTILE_GESTURE_BEGAN, pan), changed(TACTILE_GESTURE_CANCELLED, pan)])
        #expect(recorder.translations.isEmpty)  // both asks refused
        #expect(CAPITests.counters(app).errors == 2)
    }

    @Test("DESIGN-GESTURE-CAPI a removed gesture takes no part, even mid-sequence; the queue path routes gestures too")
    func removeAndQueue() throws {
        // DESIGN-GESTURE-CAPI
        defer { _ = tactile_app_destroy(app) }
        let tap = try add(TACTILE_GESTURE_TAP, to: child)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0)])
        #expect(tactile_gesture_remove(app, tap) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 10 * Self.ms)])
        #expect(recorder.log == [delivered(TACTILE_PHASE_BEGAN, child), delivered(TACTILE_PHASE_ENDED, child)])
        let again = try add(TACTILE_GESTURE_TAP, to: child)
        #expect(again.id != tap.id, "a reused slot gets a new generation")
        recorder.log = []
        var events = [touch(2, TACTILE_PHASE_BEGAN, 150, 150, t: 2 * Self.t0), touch(2, TACTILE_PHASE_ENDED, 150, 150, t: 2 * Self.t0 + 1)]
        #expect(tactile_post_batch(app, &events, 2, nil) == TACTILE_OK)
        #expect(tactile_app_run_until_idle(app) == TACTILE_OK)
        #expect(recorder.log.last == changed(TACTILE_GESTURE_RECOGNIZED, again))
    }

    /// The gesture calls for the bad-app-handle table of `CAPIMisuseTests` (DESIGN-GESTURE-CAPI).
    static func appCalls() -> [(String, (tactile_app) -> tactile_status)] {
        gestureCalls(tactile_app(id: 0)).map { name, _ in
            (name, { app in Self.gestureCalls(app).first { $0.0 == name }!.1(tactile_gesture(id: 1 << 32 | 1)) })
        }
    }

    /// Every gesture call with a gesture handle, otherwise valid (for a tap where the kind matters not).
    static func gestureCalls(_ app: tactile_app) -> [(String, (tactile_gesture) -> tactile_status)] {
        var point = tactile_point()
        var state: UInt32 = 0
        var view = tactile_view(id: 0)
        var value = 0.0
        return [
            ("tactile_gesture_remove", { tactile_gesture_remove(app, $0) }),
            ("tactile_gesture_set_taps_required", { tactile_gesture_set_taps_required(app, $0, 1) }),
            ("tactile_gesture_set_touches_required", { tactile_gesture_set_touches_required(app, $0, 1) }),
            ("tactile_gesture_set_touch_range", { tactile_gesture_set_touch_range(app, $0, 1, 2) }),
            ("tactile_gesture_set_minimum_press_duration", { tactile_gesture_set_minimum_press_duration(app, $0, 1) }),
            ("tactile_gesture_set_allowable_movement", { tactile_gesture_set_allowable_movement(app, $0, 1) }),
            ("tactile_gesture_set_direction", { tactile_gesture_set_direction(app, $0, 1) }),
            ("tactile_gesture_set_cancels_touches_in_view", { tactile_gesture_set_cancels_touches_in_view(app, $0, 1) }),
            ("tactile_gesture_get_state", { tactile_gesture_get_state(app, $0, &state) }),
            ("tactile_gesture_get_view", { tactile_gesture_get_view(app, $0, &view) }),
            ("tactile_gesture_get_location", { tactile_gesture_get_location(app, $0, &point) }),
            ("tactile_gesture_get_translation", { tactile_gesture_get_translation(app, $0, &point) }),
            ("tactile_gesture_get_velocity", { tactile_gesture_get_velocity(app, $0, &point) }),
            ("tactile_gesture_get_scale", { tactile_gesture_get_scale(app, $0, &value, nil) }),
            ("tactile_gesture_get_rotation", { tactile_gesture_get_rotation(app, $0, &value, nil) }),
        ]
    }

    @Test("DESIGN-GESTURE-CAPI DESIGN-BAD-INPUT misuse: bad gesture handles, wrong kinds, bad values, NULLs — each refused and counted")
    func misuse() throws {
        // DESIGN-GESTURE-CAPI, DESIGN-BAD-INPUT: every misuse is a status, a message and one `errors` count.
        defer { _ = tactile_app_destroy(app) }
        let other = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(other) }
        // Handles: null, made up, removed, stale (slot reused), another app's (same slot and generation order),
        // one whose view was destroyed.
        let otherWindow = try ViewCAPITests.view(other, 0, 0, 10, 10)
        var foreign = tactile_gesture(id: 0)
        #expect(tactile_view_add_gesture(other, otherWindow, TACTILE_GESTURE_TAP.rawValue, &foreign) == TACTILE_OK)
        let removed = try add(TACTILE_GESTURE_TAP, to: child)
        #expect(tactile_gesture_remove(app, removed) == TACTILE_OK)
        let reuser = try add(TACTILE_GESTURE_TAP, to: child)
        #expect(reuser.id & 0xFFFF_FFFF == removed.id & 0xFFFF_FFFF, "slot reused")
        let doomedView = try ViewCAPITests.view(app, 0, 0, 5, 5, in: parent)
        let orphan = try add(TACTILE_GESTURE_TAP, to: doomedView)
        #expect(tactile_view_destroy(app, doomedView) == TACTILE_OK)
        var errors = CAPITests.counters(app).errors
        let bad = [tactile_gesture(id: 0), tactile_gesture(id: .max), tactile_gesture(id: 1 << 32 | 7), removed, foreign, orphan]
        for (name, call) in Self.gestureCalls(app) {
            for g in bad {
                #expect(call(g) == TACTILE_ERR_INVALID_HANDLE, "\(name) with gesture \(g.id)")
                #expect(CAPITests.lastError.contains("gesture handle"), "\(name): message")
                errors += 1
            }
        }
        #expect(CAPITests.counters(app).errors == errors)
        #expect(CAPITests.counters(other).errors == 0)

        // Wrong kind for a setter or getter: INVALID_STATE.
        let pan = try add(TACTILE_GESTURE_PAN, to: child)
        let tap = reuser
        var point = tactile_point()
        var value = 0.0
        let wrongKind: [(String, () -> tactile_status)] = [
            ("taps on a pan", { tactile_gesture_set_taps_required(app, pan, 2) }),
            ("touches required on a pan", { tactile_gesture_set_touches_required(app, pan, 2) }),
            ("touch range on a tap", { tactile_gesture_set_touch_range(app, tap, 1, 2) }),
            ("press duration on a tap", { tactile_gesture_set_minimum_press_duration(app, tap, 1) }),
            ("allowable movement on a pan", { tactile_gesture_set_allowable_movement(app, pan, 1) }),
            ("direction on a pan", { tactile_gesture_set_direction(app, pan, 1) }),
            ("translation of a tap", { tactile_gesture_get_translation(app, tap, &point) }),
            ("velocity of a tap", { tactile_gesture_get_velocity(app, tap, &point) }),
            ("scale of a pan", { tactile_gesture_get_scale(app, pan, &value, nil) }),
            ("rotation of a pan", { tactile_gesture_get_rotation(app, pan, &value, nil) }),
        ]
        for (name, call) in wrongKind {
            #expect(call() == TACTILE_ERR_INVALID_STATE, "\(name)")
            #expect(CAPITests.lastError.contains("only"), "\(name): message")
            errors += 1
        }
        #expect(CAPITests.counters(app).errors == errors)

        // Bad values: OUT_OF_RANGE, nothing changed.
        let press = try add(TACTILE_GESTURE_LONG_PRESS, to: child)
        let swipe = try add(TACTILE_GESTURE_SWIPE, to: child)
        var out = tactile_gesture(id: 0)
        let outOfRange: [(String, () -> tactile_status)] = [
            ("0 taps", { tactile_gesture_set_taps_required(app, tap, 0) }),
            ("65 taps", { tactile_gesture_set_taps_required(app, tap, 65) }),
            ("0 touches", { tactile_gesture_set_touches_required(app, tap, 0) }),
            ("1025 touches", { tactile_gesture_set_touches_required(app, press, 1025) }),
            ("range 0 … 1", { tactile_gesture_set_touch_range(app, pan, 0, 1) }),
            ("range 3 … 2", { tactile_gesture_set_touch_range(app, pan, 3, 2) }),
            ("NaN duration", { tactile_gesture_set_minimum_press_duration(app, press, .nan) }),
            ("negative duration", { tactile_gesture_set_minimum_press_duration(app, press, -1) }),
            ("infinite duration", { tactile_gesture_set_minimum_press_duration(app, press, .infinity) }),
            ("NaN movement", { tactile_gesture_set_allowable_movement(app, press, .nan) }),
            ("negative movement", { tactile_gesture_set_allowable_movement(app, press, -1) }),
            ("no direction", { tactile_gesture_set_direction(app, swipe, 0) }),
            ("unknown direction bit", { tactile_gesture_set_direction(app, swipe, 16) }),
            ("unknown kind", { tactile_view_add_gesture(app, child, 6, &out) }),
            ("UINT32_MAX kind", { tactile_view_add_gesture(app, child, .max, &out) }),
        ]
        for (name, call) in outOfRange {
            #expect(call() == TACTILE_ERR_OUT_OF_RANGE, "\(name)")
            #expect(!CAPITests.lastError.isEmpty, "\(name): message")
            errors += 1
        }
        #expect(out.id == 0)

        // NULL out-pointers: NULL_ARGUMENT.
        let nulls: [(String, () -> tactile_status)] = [
            ("tactile_view_add_gesture", { tactile_view_add_gesture(app, child, TACTILE_GESTURE_TAP.rawValue, nil) }),
            ("tactile_gesture_get_state", { tactile_gesture_get_state(app, tap, nil) }),
            ("tactile_gesture_get_view", { tactile_gesture_get_view(app, tap, nil) }),
            ("tactile_gesture_get_location", { tactile_gesture_get_location(app, tap, nil) }),
            ("tactile_gesture_get_translation", { tactile_gesture_get_translation(app, pan, nil) }),
            ("tactile_gesture_get_velocity", { tactile_gesture_get_velocity(app, pan, nil) }),
        ]
        for (name, call) in nulls {
            #expect(call() == TACTILE_ERR_NULL_ARGUMENT, "\(name)")
            #expect(CAPITests.lastError.contains("NULL"), "\(name): message")
            errors += 1
        }
        // Bad views for add: removed from the tree still works (UIKit keeps gestures), destroyed does not.
        let destroyed = try ViewCAPITests.view(app, 0, 0, 5, 5)
        #expect(tactile_view_destroy(app, destroyed) == TACTILE_OK)
        #expect(tactile_view_add_gesture(app, destroyed, TACTILE_GESTURE_TAP.rawValue, &out) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_view_add_gesture(other, child, TACTILE_GESTURE_TAP.rawValue, &out) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_view_add_gesture(tactile_app(id: 0), child, TACTILE_GESTURE_TAP.rawValue, &out) == TACTILE_ERR_INVALID_HANDLE)
        errors += 1
        #expect(CAPITests.counters(app).errors == errors)

        // Nothing changed: the settings that were refused kept their values, and a tap still works.
        #expect(tactile_gesture_remove(app, pan) == TACTILE_OK)
        #expect(tactile_gesture_remove(app, press) == TACTILE_OK)
        #expect(tactile_gesture_remove(app, swipe) == TACTILE_OK)
        route([touch(1, TACTILE_PHASE_BEGAN, 150, 150, t: Self.t0), touch(1, TACTILE_PHASE_ENDED, 150, 150, t: Self.t0 + 50 * Self.ms)])
        #expect(recorder.log.last == changed(TACTILE_GESTURE_RECOGNIZED, tap))
        #expect(CAPITests.counters(app).errors == errors)
    }
}
