import CTactile
import TactileCAPI
import TactileCore
import Testing

/// DESIGN-CAPI-APP-REUSE, the app pool (`AppPool.swift`): `tactile_app_destroy` keeps a deterministic app's queue and router (with its
/// tree) and `tactile_app_create` hands them to the next app made as new. Nothing of the destroyed app may show
/// in the new one: the differential test runs one script on an app with new parts and on one with the parts of an
/// app destroyed in the middle of everything (fingers down, gestures and scroll views tracking, a scroll view
/// decelerating, timers pending, interaction ignored, a delivery log, constraints, controls tracking), and the
/// two transcripts must be equal. Debug builds (these tests) also check every reuse byte by byte against new
/// parts (`AppPool.checksReuse`), so every C API test that makes apps exercises the check.
@Suite("C API app pool")
struct AppPoolTests {
    /// Capacities no other test uses: the parts of an app made with them go to the next app made with them.
    static func config(queue: UInt32 = 512, touches: UInt32 = 13) -> tactile_app_config {
        var c = tactile_app_config()
        c.queue_capacity = queue
        c.touch_capacity = touches
        return c
    }

    static func make(_ config: tactile_app_config, reuse: Bool = true) throws -> tactile_app {
        var config = config, app = tactile_app(id: 0)
        try #require(createApp(&config, &app, reuse: reuse) == TACTILE_OK)
        return app
    }

    static func touch(_ id: UInt32, _ phase: tactile_touch_phase, _ x: Double, _ y: Double, t: UInt64, window: tactile_view) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                      window_id: tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: t, x: x, y: y, force: 0, radius: 0)
    }

    /// What an app's callbacks and getters report, with view and gesture handles reduced to their slots (a reused
    /// tree has its own handle space, so handles differ between a new and a reused app; slots must not).
    final class Transcript {
        var lines: [String] = []
        func view(_ v: tactile_view) -> String { v.id == 0 ? "none" : "v\(v.id & 0xFFFF_FFFF)" }
        func add(_ s: String) { lines.append(s) }
    }

    static func install(_ app: tactile_app, _ t: Transcript) {
        let me = Unmanaged.passUnretained(t).toOpaque()
        _ = tactile_app_set_delivery_callback(app, { user, d in
            let t = Unmanaged<Transcript>.fromOpaque(user!).takeUnretainedValue(), d = d!.pointee
            let points = (0..<Int(d.count)).map { "\(d.touches[$0].x),\(d.touches[$0].y)" }.joined(separator: " ")
            t.add("delivery \(t.view(d.view)) phase \(d.phase) tap \(d.count > 0 ? d.touches[0].tap_count : 0) at \(points) t \(d.timestamp_ns)")
        }, me)
        _ = tactile_app_set_gesture_callback(app, { user, gesture, view, state, _ in
            let t = Unmanaged<Transcript>.fromOpaque(user!).takeUnretainedValue()
            t.add("gesture \(gesture.id & 0xFFFF) on \(t.view(view)) state \(state)")
        }, me)
        _ = tactile_app_set_scroll_callback(app, { user, e in
            let t = Unmanaged<Transcript>.fromOpaque(user!).takeUnretainedValue(), e = e!.pointee
            t.add("scroll \(t.view(e.view)) kind \(e.kind) offset \(e.offset.x),\(e.offset.y)")
        }, me)
        _ = tactile_app_set_action_callback(app, { user, control, event, _ in
            let t = Unmanaged<Transcript>.fromOpaque(user!).takeUnretainedValue()
            t.add("action \(t.view(control)) event \(event)")
        }, me)
    }

    /// Builds a phone and a table scene, a pan and a long press, a control, a constraint, and drives fingers,
    /// a drag and a fling through them; with `leaveRunning` it stops in the middle of it all.
    static func script(_ app: tactile_app, _ t: Transcript, leaveRunning: Bool = false) throws {
        install(app, t)
        var phone = tactile_view(id: 0), table = tactile_view(id: 0)
        try #require(tactile_scene_build(app, TACTILE_SCENE_PHONE.rawValue, 0, 7, &phone) == TACTILE_OK)
        try #require(tactile_scene_build(app, TACTILE_SCENE_TABLE.rawValue, 40, 3, &table) == TACTILE_OK)
        var scroll = tactile_view(id: 0), root = tactile_view(id: 0), nav = tactile_view(id: 0), button = tactile_view(id: 0)
        try #require(tactile_view_child_at(app, table, 1, &scroll) == TACTILE_OK)
        try #require(tactile_view_child_at(app, phone, 0, &root) == TACTILE_OK)
        try #require(tactile_view_child_at(app, root, 0, &nav) == TACTILE_OK)
        try #require(tactile_view_child_at(app, nav, 0, &button) == TACTILE_OK)
        var screen = [phone, table]
        _ = tactile_app_set_screen(app, &screen, 2)
        var pan = tactile_gesture(id: 0), press = tactile_gesture(id: 0)
        _ = tactile_view_add_gesture(app, root, TACTILE_GESTURE_PAN.rawValue, &pan)
        _ = tactile_view_add_gesture(app, nav, TACTILE_GESTURE_LONG_PRESS.rawValue, &press)
        _ = tactile_view_set_control(app, button, 1)
        _ = tactile_view_set_user_data(app, button, UnsafeMutableRawPointer(bitPattern: 0x40))
        _ = tactile_view_set_tag(app, button, 99)
        _ = tactile_app_set_delivery_log(app, 1)
        var constraint = tactile_constraint(item1: button, attribute1: 7, relation: 0, item2: tactile_view(id: 0), attribute2: 0,
                                            multiplier: 1, constant: 60, priority: 1000)
        var cid = tactile_constraint_id(id: 0)
        t.add("constraint \(tactile_constraint_add(app, &constraint, &cid).rawValue)")
        var moved = 0
        t.add("solve \(tactile_layout_solve(app, &moved).rawValue) moved \(moved)")
        var out = tactile_view(id: 0)
        t.add("hit \(tactile_hit_test(app, phone, 15, 30, &out).rawValue) \(t.view(out))")

        var events: [tactile_event] = []
        events.append(touch(1, TACTILE_PHASE_BEGAN, 20, 30, t: 1_000_000, window: phone))       // the control
        events.append(touch(2, TACTILE_PHASE_BEGAN, 160, 200, t: 1_000_000, window: phone))     // a cell: the pan
        for k in 1...6 { events.append(touch(2, TACTILE_PHASE_MOVED, 160, 200 - Double(k) * 15, t: 1_000_000 + UInt64(k) * 16_000_000, window: phone)) }
        events.append(touch(3, TACTILE_PHASE_BEGAN, 160, 300, t: 2_000_000, window: table))     // the table: a fling
        for k in 1...5 { events.append(touch(3, TACTILE_PHASE_MOVED, 160, 300 - Double(k) * 30, t: 2_000_000 + UInt64(k) * 10_000_000, window: table)) }
        _ = tactile_route(app, events, events.count)
        _ = tactile_app_begin_ignoring_interaction(app)
        var late = touch(4, TACTILE_PHASE_BEGAN, 100, 100, t: 70_000_000, window: phone)
        _ = tactile_post(app, &late)
        if leaveRunning {
            _ = tactile_app_advance(app, 30_000_000)  // the long press timer and the table's tracking still pending
            return
        }
        _ = tactile_app_end_ignoring_interaction(app)
        var ends = [touch(1, TACTILE_PHASE_ENDED, 20, 30, t: 80_000_000, window: phone),
                    touch(2, TACTILE_PHASE_ENDED, 160, 110, t: 90_000_000, window: phone),
                    touch(3, TACTILE_PHASE_ENDED, 160, 150, t: 60_000_000, window: table)]
        var posted = 0
        t.add("ends \(tactile_post_batch(app, &ends, 3, &posted).rawValue) posted \(posted)")
        _ = tactile_app_advance(app, 3_000_000_000)  // decelerations and timers run out
        var p = tactile_point()
        _ = tactile_scroll_get_content_offset(app, scroll, &p)
        t.add("offset \(p.x),\(p.y)")
        var state: UInt32 = 0
        _ = tactile_gesture_get_state(app, pan, &state)
        t.add("pan \(state)")
        var c = tactile_counters(), r = tactile_route_counters(), s = tactile_tree_stats()
        _ = tactile_app_counters(app, &c); _ = tactile_app_route_counters(app, &r); _ = tactile_tree_stats_get(app, &s)
        t.add("counters posted \(c.posted) drained \(c.drained) full \(c.rejected_full) invalid \(c.rejected_invalid) iterations \(c.iterations) errors \(c.errors)")
        t.add("route samples \(r.samples) frames \(r.frames) deliveries \(r.deliveries) began \(r.began) ended \(r.ended) cancelled \(r.cancelled) ignored \(r.ignored) missed \(r.missed) motions \(r.motions)")
        t.add("tree views \(s.views)")  // (not its bytes: reused columns keep their capacity)
        var length = 0
        var buffer = [CChar](repeating: 0, count: 1 << 16)
        _ = tactile_app_delivery_log(app, &buffer, buffer.count, &length)
        t.add("log \(length) bytes")
        var mode: UInt32 = 9
        _ = tactile_app_get_run_loop_mode(app, &mode)
        t.add("mode \(mode)")
    }

    /// DESIGN-CAPI-APP-REUSE: an app whose parts were a destroyed app's behaves as an app with new parts.
    @Test("DESIGN-CAPI-APP-REUSE an app on a destroyed app's parts behaves as one on new parts") func reusedPartsBehaveAsNewOnes() throws {
        let fresh = try Self.make(Self.config(), reuse: false)
        let expected = Transcript()
        try Self.script(fresh, expected)
        #expect(tactile_app_destroy(fresh) == TACTILE_OK)  // (kept: the dirty app below may get these parts)

        for round in 0..<3 {
            let dirty = try Self.make(Self.config())
            try Self.script(dirty, Transcript(), leaveRunning: true)
            let dirtyParts = AppPool.partsIdentity(dirty)
            #expect(tactile_app_destroy(dirty) == TACTILE_OK)
            try #require(AppPool.keeps(queueCapacity: 512, touchCapacity: 13), "round \(round): the destroyed app's parts are kept")
            let reused = try Self.make(Self.config())
            #expect(AppPool.partsIdentity(reused) == dirtyParts, "round \(round): the parts of the app just destroyed are reused")
            let got = Transcript()
            try Self.script(reused, got)
            let difference = zip(got.lines, expected.lines).first { $0 != $1 }.map { "reused: \($0.0) — new: \($0.1)" }
                ?? (got.lines.count == expected.lines.count ? nil : "\(got.lines.count) lines against \(expected.lines.count)")
            #expect(difference == nil, "round \(round)")
            #expect(tactile_app_destroy(reused) == TACTILE_OK)
        }
        #expect(expected.lines.count > 40, "the script delivers, recognizes and scrolls")
    }

    /// DESIGN-CAPI-APP-REUSE, DESIGN-BAD-INPUT: a view handle of a destroyed app fails in the app that got its
    /// parts, as it would in any other app (the reset tree has a handle space of its own).
    @Test("DESIGN-CAPI-APP-REUSE the destroyed app's view handles fail in the app on its parts") func handlesOfTheDestroyedAppFailInTheReusingOne() throws {
        let first = try Self.make(Self.config(queue: 256, touches: 11))
        var old = tactile_view(id: 0), frame = tactile_rect(x: 0, y: 0, width: 10, height: 10)
        try #require(tactile_view_create(first, &frame, &old) == TACTILE_OK)
        let parts = AppPool.partsIdentity(first)
        #expect(tactile_app_destroy(first) == TACTILE_OK)
        try #require(AppPool.keeps(queueCapacity: 256, touchCapacity: 11))
        let second = try Self.make(Self.config(queue: 256, touches: 11))
        #expect(AppPool.partsIdentity(second) == parts)
        var made = tactile_view(id: 0)
        try #require(tactile_view_create(second, &frame, &made) == TACTILE_OK)
        #expect(made.id & 0xFFFF_FFFF == old.id & 0xFFFF_FFFF, "the same slot")
        #expect(made.id != old.id, "another handle")
        var r = tactile_rect()
        #expect(tactile_view_get_frame(second, old, &r) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_app_destroy(second) == TACTILE_OK)
    }

    /// DESIGN-CAPI-APP-REUSE: a live app's parts are not kept (its queue has a wake handler); kept parts never
    /// serve an app of other capacities.
    @Test("DESIGN-CAPI-APP-REUSE no reuse of a live app's parts, nor across capacities") func liveAppsAndOtherCapacitiesGetNewParts() throws {
        var config = Self.config(queue: 128, touches: 9)
        config.loop_mode = TACTILE_LOOP_LIVE.rawValue
        let live = try Self.make(config)
        #expect(tactile_app_destroy(live) == TACTILE_OK)
        #expect(!AppPool.keeps(queueCapacity: 128, touchCapacity: 9))
        let deterministic = try Self.make(Self.config(queue: 128, touches: 9))
        #expect(tactile_app_destroy(deterministic) == TACTILE_OK)
        #expect(AppPool.keeps(queueCapacity: 128, touchCapacity: 9))
        let other = try Self.make(Self.config(queue: 128, touches: 10))
        #expect(AppPool.keeps(queueCapacity: 128, touchCapacity: 9), "not taken by an app with another touch capacity")
        #expect(tactile_app_destroy(other) == TACTILE_OK)
    }
}
