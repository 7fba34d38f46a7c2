// libFuzzer target `c-api`: bytes → a sequence of C API calls (tactile.h) on up to six apps: create/destroy
// apps and views, geometry including NaN/∞, hierarchy operations including cycles, destroyed, stale, foreign
// and made-up handles, post/route/step, hit-tests, scenes, counters, and a delivery callback that removes or
// destroys views while it is being called. Any crash (or sanitizer report) is a bug; statuses are only counted.
// After every step the counters must add up, per app: whenever its queue is empty, the router has taken exactly
// the touch records the app accepted (posted, batch-posted or routed with status OK). Apps run in
// deterministic mode only (a live loop would make runs depend on thread timing). Views may be marked as controls
// (DESIGN-CONTROL-CAPI); their action callback checks UIKit's control-event grammar (ControlOracle). Views get
// gesture recognizers of every kind with random (also bad) parameters (DESIGN-GESTURE-CAPI); their state
// callback checks UIKit's state grammar and removes or destroys views from inside (GestureCallbackOracle).
// Views become scroll views with random (also bad) content sizes, insets, offsets, options and rates
// (DESIGN-CAPI-SCROLL); their scroll callback checks the delegate grammar and that a scroll view at rest is
// within its range (ScrollCallbackOracle, over TactileTestSupport's ScrollEventOracle), and sets offsets, removes
// or destroys views from inside; after every step the run loop is in the tracking mode exactly while a scroll
// view tracks, drags or decelerates. Apps made after others were destroyed run on their queues and routers made as
// new (DESIGN-CAPI-APP-REUSE). The 256 phone scenes (one per seed byte) and the list, grid and table scenes of the
// sizes inputs ask for are kept built before the first input and copied into the apps' trees (DESIGN-SCENE-COPY).
// Every reuse is checked against new parts, and on one input in 32 every copy against a build (a difference traps).
import CTactile
import Foundation
import TactileCAPI
import TactileCore
import CFuzzDriver
import TactileTestSupport

/// Statuses seen, by code (kept so the calls cannot be optimised away; printed by nothing).
nonisolated(unsafe) var statusCounts = [Int](repeating: 0, count: 16)

final class FuzzState {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var apps: [tactile_app] = []        // live and destroyed app handles (a destroyed one stays: misuse)
    var views: [(app: Int, view: tactile_view)] = []  // every view handle made, live or not
    /// Touch records each routing app (by handle id) accepted; raw-input apps route nothing and are not listed.
    var acceptedTouches: [UInt64: UInt64] = [:]
    var callbackDepth = 0
    /// What `audit()` reads into, made once per input (zeroing two records per app per step showed in profiles).
    @exclusivity(unchecked) var auditCounters = tactile_counters()
    @exclusivity(unchecked) var auditRouteCounters = tactile_route_counters()

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }
    func u8() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }
    func u16() -> Int { Int(u8()) | Int(u8()) << 8 }
    func u64() -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(u8()) << (8 * $1) } }

    func count(_ s: tactile_status) { statusCounts[Int(s.rawValue) & 15] += 1 }

    func double() -> Double {
        let b = u8()
        switch b % 16 {
        case 15: return [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.0, 1e300, .leastNonzeroMagnitude, -1e9][Int(u8() % 8)]
        default: return Double(u16() % 1200) / 2 - 100
        }
    }
    func float() -> Float { u8() == 0xFF ? [.nan, .infinity, -1][Int(u8() % 3)] : Float(u8()) / 16 }

    func app() -> tactile_app {
        let b = u8()
        if apps.isEmpty || b == 0xFF { return tactile_app(id: b == 0xFF ? u64() : 0) }
        return apps[Int(b) % apps.count]
    }
    /// A view handle: usually one made on `app`'s slot, sometimes any handle made (foreign or destroyed),
    /// a null or made-up handle.
    func view(of app: tactile_app) -> tactile_view {
        let b = u8()
        if b == 0xFF { return tactile_view(id: u64()) }
        if b == 0xFE || views.isEmpty { return tactile_view(id: 0) }
        if b & 0x80 == 0, let v = nth(Int(b), of: views, where: { apps.indices.contains($0.app) && apps[$0.app].id == app.id }) {
            return v.view
        }
        return views[Int(b) % views.count].view
    }

    /// `list.filter(matches)[k % count]` without building the filtered array (this runs several times a step).
    func nth<T>(_ k: Int, of list: [T], where matches: (T) -> Bool) -> T? {
        var count = 0
        for e in list where matches(e) { count += 1 }
        guard count > 0 else { return nil }
        var left = k % count
        for e in list where matches(e) {
            if left == 0 { return e }
            left -= 1
        }
        return nil
    }
    func rect() -> tactile_rect { tactile_rect(x: double(), y: double(), width: double(), height: double()) }

    func event(_ app: tactile_app) -> tactile_event {
        var e = tactile_event()
        let kind = u8()
        e.kind = kind < 0xF0 ? 1 + kind % 3 : kind  // sometimes an unknown kind
        e.code = u8() % 7                          // 5, 6: unknown codes
        e.flags = u8() == 0xFF ? 1 : 0
        let id = u8()
        e.touch_id = id == 0xFF ? UInt32(truncatingIfNeeded: u64()) : UInt32(id % 24)
        let w = u8()
        e.window_id = w < 0xC0 ? tactile_window_id(view(of: app)) : (w == 0xFF ? UInt32(w) : 0)
        e.timestamp_ns = UInt64(u16()) * 1_000_000
        e.x = double()
        e.y = double()
        if u8() == 0xFF { e.force = float(); e.radius = float() }
        return e
    }

    func makeApp() {
        guard apps.count < 6 else { return }
        var config = tactile_app_config()
        let b = u8()
        config.queue_capacity = b & 1 != 0 ? UInt32(u8()) : 0
        config.loop_mode = b & 2 != 0 ? UInt32(u8() % 3 == 1 ? 2 : 0) : 0  // never live; 2 is invalid
        // Mostly small capacities (0 is the default, 20), where a full touch table is reachable in an input; one
        // in 16 up to 1,099 (the 1,024 limit and its refusal). A large table costs ~10x an app's making under ASan
        // and behaves as a small one never filled.
        let capacity = b & 4 != 0 ? u16() : 0
        config.touch_capacity = UInt32(capacity >> 12 == 0xF ? capacity % 1100 : capacity % 32)
        config.flags = b & 8 != 0 ? UInt32(u8() % 4) : 0
        config.tap_interval_ns = b & 16 != 0 ? u64() : 0
        config.tap_distance = b & 32 != 0 ? double() : 0
        var app = tactile_app(id: 0)
        let defaults = b & 64 != 0 && b & 128 != 0
        let s = defaults ? tactile_app_create(nil, &app) : tactile_app_create(&config, &app)
        count(s)
        if s == TACTILE_OK {
            apps.append(app)
            if defaults || config.flags & UInt32(TACTILE_APP_RAW_INPUT.rawValue) == 0 { acceptedTouches[app.id] = 0 }
        }
    }

    /// Notes the touch records a call accepted (all of `events` on OK; `partial`: `events` are the ones
    /// accepted, whatever the status).
    func accepted(_ s: tactile_status, _ app: tactile_app, _ events: [tactile_event], partial: Bool = false) {
        count(s)
        guard s == TACTILE_OK || partial, acceptedTouches[app.id] != nil else { return }
        acceptedTouches[app.id]! += UInt64(events.filter { $0.kind == UInt8(TACTILE_EVENT_TOUCH.rawValue) }.count)
    }

    /// The counter identity: with its queue empty, an app's router has taken every touch record it accepted.
    func audit() {
        for (id, touches) in acceptedTouches {
            guard tactile_app_counters(tactile_app(id: id), &auditCounters) == TACTILE_OK,
                  tactile_app_route_counters(tactile_app(id: id), &auditRouteCounters) == TACTILE_OK else { continue }  // destroyed
            let c = auditCounters, r = auditRouteCounters
            guard c.posted == c.drained else { continue }
            if r.samples + c.coalesced != touches {
                fatalError("c-api: app \(id) accepted \(touches) touch records, queue empty, router took \(r.samples) + coalesced \(c.coalesced)")
            }
        }
    }

    func installCallback(_ app: tactile_app) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        switch u8() % 3 {
        case 0: count(tactile_app_set_delivery_callback(app, { user, delivery in
            guard let user, let delivery else { return }
            Unmanaged<FuzzState>.fromOpaque(user).takeUnretainedValue().delivered(delivery.pointee)
        }, me))
        case 1: count(tactile_app_set_motion_callback(app, { _, _, _ in }, me))
        default: count(tactile_app_set_delivery_callback(app, nil, nil))
        }
    }

    /// The delivery callback: reads the touches, then maybe removes or destroys a view (nested cancellations).
    func delivered(_ d: tactile_delivery) {
        var sum = 0.0
        for i in 0..<Int(d.count) { sum += d.touches[i].x + d.touches[i].y }
        if sum.isNaN { count(TACTILE_ERR_INVALID_COORDINATE) }  // routed touches must have finite locations
        guard callbackDepth < 8, let app = apps.first(where: { _ in true }) else { return }
        callbackDepth += 1
        defer { callbackDepth -= 1 }
        let a = apps.indices.contains(Int(u8()) % max(apps.count, 1)) ? apps[Int(bytes.count > offset ? bytes[offset] : 0) % apps.count] : app
        switch u8() % 6 {
        case 0: count(tactile_view_remove_from_parent(a, d.view))
        case 1: count(tactile_view_destroy(a, d.view))
        case 2: count(tactile_view_remove_from_parent(a, view(of: a)))
        case 3: count(tactile_view_destroy(a, view(of: a)))
        case 4: var e = event(a); accepted(tactile_route(a, &e, 1), a, [e])  // routing from inside a delivery
        default: break
        }
    }

    /// Constraint ids handed out (any app's: a foreign or removed one must be INVALID_HANDLE, never a crash).
    var constraintIDs: [tactile_constraint_id] = []

    /// Auto Layout through the C API: random constraints (attributes, relations, priorities and constants
    /// out of range or NaN included), constant edits, removals, the translate switch and solves.
    func layoutStep(_ app: tactile_app) {
        switch u8() % 5 {
        case 0:
            let attributes: [Int32] = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 42, -1]
            var c = tactile_constraint(item1: view(of: app), attribute1: attributes[Int(u8()) % attributes.count],
                                       relation: Int32(Int8(bitPattern: u8()) % 3), item2: u8() & 1 == 0 ? tactile_view(id: 0) : view(of: app),
                                       attribute2: attributes[Int(u8()) % attributes.count], multiplier: double(), constant: double(),
                                       priority: Float(u16() % 1100))
            var id = tactile_constraint_id(id: 0)
            count(u8() == 0xFF ? tactile_constraint_add(app, &c, nil) : tactile_constraint_add(app, &c, &id))
            if id.id != 0 { constraintIDs.append(id) }
        case 1:
            let id = constraintIDs.isEmpty || u8() == 0xFF ? tactile_constraint_id(id: u64()) : constraintIDs[Int(u8()) % constraintIDs.count]
            count(tactile_constraint_set_constant(app, id, double()))
        case 2:
            let id = constraintIDs.isEmpty ? tactile_constraint_id(id: u64()) : constraintIDs[Int(u8()) % constraintIDs.count]
            count(tactile_constraint_remove(app, id))
        case 3: count(tactile_view_set_translates_frame(app, view(of: app), Int32(u8() & 1)))
        default:
            var moved = 0
            count(u8() & 1 == 0 ? tactile_layout_solve(app, &moved) : tactile_layout_solve(app, nil))
        }
    }

    /// One action-callback context per app (kept alive here; the callback gets it as user data).
    var controlOracles: [ControlOracle] = []

    /// Controls through the C API: marking, unmarking, enabling, and the checked action callback.
    func controlStep(_ app: tactile_app) {
        let v = view(of: app)
        switch u8() % 4 {
        case 0, 1:
            count(tactile_view_set_control(app, v, Int32(u8() & 1)))
            controlOracles.first { $0.app == app.id }?.forget(v.id)  // a fresh control, or none
        case 2: count(tactile_view_set_control_enabled(app, v, Int32(u8() & 1)))
        default:
            if u8() & 3 == 0 {
                count(tactile_app_set_action_callback(app, nil, nil))
                controlOracles.first { $0.app == app.id }?.forgetAll()
                return
            }
            let oracle = controlOracles.first { $0.app == app.id } ?? ControlOracle(app: app.id, state: self)
            if !controlOracles.contains(where: { $0 === oracle }) { controlOracles.append(oracle) }
            oracle.forgetAll()  // events sent while no callback listened are unknown to it
            count(tactile_app_set_action_callback(app, { user, control, event, _ in
                guard let user else { return }
                Unmanaged<ControlOracle>.fromOpaque(user).takeUnretainedValue().received(event, from: control.id)
            }, Unmanaged.passUnretained(oracle).toOpaque()))
        }
    }

    /// One gesture-callback context per app, and the gestures made so far (live, removed or stale: misuse too).
    var gestureOracles: [GestureCallbackOracle] = []
    var gestures: [(app: UInt64, gesture: tactile_gesture, kind: UInt32)] = []

    /// Gesture recognizers through the C API: added, removed, configured (bad values included), read, and the
    /// checked state callback.
    func gestureStep(_ app: tactile_app) {
        let mine = { (g: (app: UInt64, gesture: tactile_gesture, kind: UInt32)) in g.app == app.id }
        let g = !gestures.contains(where: mine) || u8() & 7 == 0 ? tactile_gesture(id: UInt64(u16()))
            : nth(Int(u8()), of: gestures, where: mine)!.gesture
        switch u8() % 8 {
        case 0, 1:
            var out = tactile_gesture(id: 0)
            let kind = UInt32(u8() % 7)  // 6: an unknown kind
            count(tactile_view_add_gesture(app, view(of: app), kind, &out))
            if out.id != 0 { gestures.append((app.id, out, kind)) }
        case 2: count(tactile_gesture_remove(app, g))
        case 3:
            switch u8() % 4 {
            case 0: count(tactile_gesture_set_taps_required(app, g, UInt32(u8() % 4)))
            case 1: count(tactile_gesture_set_touches_required(app, g, UInt32(u8() % 4)))
            case 2: count(tactile_gesture_set_touch_range(app, g, UInt32(u8() % 4), u8() == 0xFF ? UInt32.max : UInt32(u8() % 4)))
            default: count(tactile_gesture_set_direction(app, g, UInt32(u8() % 32)))
            }
        case 4:
            switch u8() % 3 {
            case 0: count(tactile_gesture_set_minimum_press_duration(app, g, double() / 100))
            case 1: count(tactile_gesture_set_allowable_movement(app, g, double()))
            default: count(tactile_gesture_set_cancels_touches_in_view(app, g, Int32(u8() & 1)))
            }
        case 5:
            var state: UInt32 = 0, v = tactile_view(id: 0), p = tactile_point(), x = 0.0
            count(tactile_gesture_get_state(app, g, &state))
            count(tactile_gesture_get_view(app, g, &v))
            count(tactile_gesture_get_location(app, g, &p))
            count(tactile_gesture_get_translation(app, g, &p))
            count(tactile_gesture_get_velocity(app, g, &p))
            var y = 0.0
            if u8() & 1 == 0 { count(tactile_gesture_get_scale(app, g, &x, nil)) } else { count(tactile_gesture_get_scale(app, g, &x, &y)) }
            count(tactile_gesture_get_rotation(app, g, &x, nil))
        default:
            if u8() & 3 == 0 {
                count(tactile_app_set_gesture_callback(app, nil, nil))
                gestureOracles.first { $0.app == app.id }?.forgetAll()
                return
            }
            let oracle = gestureOracles.first { $0.app == app.id } ?? GestureCallbackOracle(app: app.id, state: self)
            if !gestureOracles.contains(where: { $0 === oracle }) { gestureOracles.append(oracle) }
            // Changes made while nobody listened are unknown to it: it starts from the gestures' present states (one
            // that began unobserved may change, end or be cancelled from now on).
            oracle.forgetAll()
            for g in gestures where g.app == app.id {
                var s: UInt32 = 0
                let status = tactile_gesture_get_state(app, g.gesture, &s)
                count(status)
                if status == TACTILE_OK, s == 1 || s == 2 { oracle.assumeActive(g.gesture.id) }
            }
            count(tactile_app_set_gesture_callback(app, { user, gesture, _, state, _ in
                guard let user else { return }
                Unmanaged<GestureCallbackOracle>.fromOpaque(user).takeUnretainedValue().received(state, from: gesture)
            }, Unmanaged.passUnretained(oracle).toOpaque()))
        }
    }

    /// One scroll-callback context per app, and the views marked scrollable so far (live or not).
    var scrollOracles: [ScrollCallbackOracle] = []
    var scrollViews: [(app: UInt64, view: tactile_view)] = []

    /// The app's scroll oracle, if its callback is installed.
    func scrollOracle(_ app: UInt64) -> ScrollCallbackOracle? { scrollOracles.first { $0.app == app } }

    /// Scroll views through the C API: marking, content size, inset, offset (animated too), options, rates (bad
    /// values included), getters, and the checked scroll callback.
    func scrollStep(_ app: tactile_app) {
        let mine = { (s: (app: UInt64, view: tactile_view)) in s.app == app.id }
        let v = !scrollViews.contains(where: mine) || u8() & 3 == 0 ? view(of: app) : nth(Int(u8()), of: scrollViews, where: mine)!.view
        switch u8() % 9 {
        case 0, 1:
            let on = u8() & 3 != 0
            scrollOracle(app.id)?.events.interrupted(v.id)  // (before the call: its events come during it)
            let s = tactile_view_set_scrollable(app, v, on ? 1 : 0)
            count(s)
            if s == TACTILE_OK, on { scrollViews.append((app.id, v)) }
        case 2:
            let w = u8() == 0xFF ? double() : Double(u16() % 2000), h = u8() == 0xFF ? double() : Double(u16())
            count(tactile_scroll_set_content_size(app, v, w, h))
        case 3:
            var inset = tactile_insets(top: double() / 4, left: double() / 4, bottom: double() / 4, right: double() / 4)
            count(u8() == 0xFF ? tactile_scroll_set_content_inset(app, v, nil) : tactile_scroll_set_content_inset(app, v, &inset))
        case 4:
            scrollOracle(app.id)?.events.interrupted(v.id)  // (before the call: its did-scroll comes during it)
            count(tactile_scroll_set_content_offset(app, v, double(), double(), Int32(u8() & 1)))
        case 5:
            count(tactile_scroll_set_options(app, v, UInt32(u8()) | (u8() == 0xFF ? 1 << 9 : 0), Int32(u8() & 1)))
        case 6:
            let rates: [Double] = [0.998, 0.99, 0.5, 0.999_999, 0, 1, -1, .nan, .infinity, 1e-300]
            count(tactile_scroll_set_deceleration_rate(app, v, rates[Int(u8()) % rates.count]))
        case 7:
            var size = tactile_size(), inset = tactile_insets(), p = tactile_point(), bits: UInt32 = 0, rate = 0.0
            count(tactile_scroll_get_content_size(app, v, &size))
            count(tactile_scroll_get_content_inset(app, v, &inset))
            count(tactile_scroll_get_content_offset(app, v, &p))
            count(tactile_scroll_get_options(app, v, &bits))
            count(tactile_scroll_get_deceleration_rate(app, v, &rate))
            count(u8() == 0xFF ? tactile_scroll_get_state(app, v, nil) : tactile_scroll_get_state(app, v, &bits))
            count(tactile_app_get_run_loop_mode(app, &bits))
        default:
            if u8() & 3 == 0 {
                count(tactile_app_set_scroll_callback(app, nil, nil))
                scrollOracle(app.id)?.events.forgetAll()
                return
            }
            let oracle = scrollOracle(app.id) ?? ScrollCallbackOracle(app: app.id, state: self)
            if !scrollOracles.contains(where: { $0 === oracle }) { scrollOracles.append(oracle) }
            oracle.events.forgetAll()  // events sent while nobody listened are unknown to it
            count(tactile_app_set_scroll_callback(app, { user, event in
                guard let user, let event else { return }
                Unmanaged<ScrollCallbackOracle>.fromOpaque(user).takeUnretainedValue().received(event)
            }, Unmanaged.passUnretained(oracle).toOpaque()))
        }
    }

    /// The tracking mode (DESIGN-CAPI-SCROLL-MOTION): each app's run loop is in it exactly while one of its scroll
    /// views tracks, drags or decelerates.
    func auditTrackingMode() {
        for (id, _) in acceptedTouches {
            let app = tactile_app(id: id)
            var mode: UInt32 = 0
            guard tactile_app_get_run_loop_mode(app, &mode) == TACTILE_OK else { continue }  // destroyed
            var busy = false
            for s in scrollViews where s.app == id {
                var state: UInt32 = 0
                guard tactile_scroll_get_state(app, s.view, &state) == TACTILE_OK else { continue }
                if state & (TACTILE_SCROLL_TRACKING.rawValue | TACTILE_SCROLL_DRAGGING.rawValue | TACTILE_SCROLL_DECELERATING.rawValue) != 0 {
                    busy = true
                }
            }
            if busy != (mode == TACTILE_RUN_LOOP_TRACKING.rawValue) {
                fatalError("c-api: app \(id) runs in mode \(mode) while its scroll views are \(busy ? "busy" : "at rest")")
            }
        }
    }

    func step() {
        let op = u8() % 28
        if op == 0 { return makeApp() }
        let app = app()
        switch op {
        case 1:
            let s = tactile_app_destroy(app)
            count(s)
            if s == TACTILE_OK { acceptedTouches[app.id] = nil }  // the audits skip it from now on
        case 2:
            var v = tactile_view(id: 0)
            var r = rect()
            let s = u8() == 0xFF ? tactile_view_create(app, nil, &v) : tactile_view_create(app, &r, &v)
            count(s)
            if s == TACTILE_OK, let i = apps.firstIndex(where: { $0.id == app.id }) { views.append((i, v)) }
        case 3: count(tactile_view_destroy(app, view(of: app)))
        case 4: count(tactile_view_add_child(app, view(of: app), view(of: app)))  // cycles and self included
        case 5: count(tactile_view_insert_child(app, view(of: app), view(of: app), Int64(Int8(bitPattern: u8()))))
        case 6: count(tactile_view_insert_child_relative(app, view(of: app), view(of: app), view(of: app), Int32(u8() & 1)))
        case 7: count(tactile_view_remove_from_parent(app, view(of: app)))
        case 8:
            switch u8() % 3 {
            case 0: count(tactile_view_bring_to_front(app, view(of: app), view(of: app)))
            case 1: count(tactile_view_send_to_back(app, view(of: app), view(of: app)))
            default: count(tactile_view_exchange_children(app, view(of: app), Int(u8() % 12), Int(u8() % 12)))
            }
        case 9:
            let v = view(of: app)
            switch u8() % 4 {
            case 0: var r = rect(); count(tactile_view_set_frame(app, v, &r))
            case 1: count(tactile_view_set_center(app, v, double(), double()))
            case 2: var r = rect(); count(tactile_view_set_bounds(app, v, &r))
            default:
                var t = tactile_transform(a: double() / 100, b: double() / 100, c: double() / 100, d: double() / 100,
                                          tx: double(), ty: double())
                count(tactile_view_set_transform(app, v, &t))
            }
        case 10: count(tactile_view_set_flags(app, view(of: app), UInt32(u8()) | (u8() == 0xFF ? 0x8000_0000 : 0), Int32(u8() & 1)))
        case 11:
            var out = tactile_view(id: 0)
            if u8() & 1 == 0 {
                count(tactile_hit_test(app, view(of: app), double(), double(), &out))
            } else {
                let n = Int(u8() % 8)
                let points = (0..<n).map { _ in tactile_point(x: double(), y: double()) }
                var outs = [tactile_view](repeating: tactile_view(id: 0), count: n)
                count(tactile_hit_test_batch(app, view(of: app), points, n, &outs))
            }
        case 12: var e = event(app); accepted(tactile_post(app, &e), app, [e])
        case 13, 14:
            let n = Int(u8() % 6)
            let events = (0..<n).map { _ in event(app) }
            if op == 13 { accepted(tactile_route(app, events, n), app, events) } else {
                var posted = 0
                let s = tactile_post_batch(app, events, n, &posted)
                accepted(s, app, Array(events.prefix(posted)), partial: true)  // all or nothing: posted is n or 0
            }
        case 15:
            switch u8() % 4 {
            case 0: count(tactile_app_step(app))
            case 1: count(tactile_app_run_until_idle(app))
            case 2: count(tactile_app_advance(app, UInt64(u16()) * 100_000))
            default: count(tactile_app_start_live(app)); count(tactile_app_stop(app))
            }
        case 16:
            let windows = (0..<Int(u8() % 4)).map { _ in view(of: app) }
            count(tactile_app_set_screen(app, windows, windows.count))
        case 17: installCallback(app)
        case 18:
            var w = tactile_view(id: 0)
            // 0 asks for the scene's default size: kept for the phone (300 views); the others' defaults (10^3 to
            // 10^6 views) took 85% of the target's time and are covered by the scene tests.
            let kind = UInt32(u8() % 6), n = Int(u8() % 40)  // 5: an unknown kind
            let s = tactile_scene_build(app, kind, n == 0 && kind != 0 ? 1 : n, UInt64(u8()), &w)
            count(s)
            if s == TACTILE_OK, let i = apps.firstIndex(where: { $0.id == app.id }) {
                views.append((i, w))
                if kind == TACTILE_SCENE_TABLE.rawValue {  // its scroll view (child 1) scrolls as built
                    var table = tactile_view(id: 0)
                    if tactile_view_child_at(app, w, 1, &table) == TACTILE_OK { scrollViews.append((app.id, table)) }
                }
                var c = 0
                if tactile_view_child_count(app, w, &c) == TACTILE_OK {
                    for k in 0..<min(c, 8) {
                        var child = tactile_view(id: 0)
                        if tactile_view_child_at(app, w, k, &child) == TACTILE_OK { views.append((i, child)) }
                    }
                }
            }
        case 19:
            var c = tactile_counters(); count(tactile_app_counters(app, &c))
            var rc = tactile_route_counters(); count(tactile_app_route_counters(app, &rc))
            var st = tactile_tree_stats(); count(tactile_tree_stats_get(app, &st))
        case 20:
            count(tactile_app_set_delivery_log(app, Int32(u8() & 1)))
            var length = 0
            var buffer = [CChar](repeating: 0, count: Int(u8() % 64))
            count(tactile_app_delivery_log(app, &buffer, buffer.count, &length))
        case 21: count(u8() & 1 == 0 ? tactile_app_begin_ignoring_interaction(app) : tactile_app_end_ignoring_interaction(app))
        case 23: layoutStep(app)
        case 24: controlStep(app)
        case 26: gestureStep(app)
        case 27: scrollStep(app)
        case 22:
            let v = view(of: app)
            var out = tactile_view(id: 0)
            var tag: Int64 = 0
            var data: UnsafeMutableRawPointer?
            count(tactile_view_set_tag(app, v, Int64(u8())))
            count(tactile_view_with_tag(app, view(of: app), Int64(u8()), &out))
            count(tactile_view_get_tag(app, v, &tag))
            count(tactile_view_set_user_data(app, v, UnsafeMutableRawPointer(bitPattern: Int(u8()) + 1)))
            count(tactile_view_get_user_data(app, v, &data))
            count(tactile_view_parent(app, v, &out))
        default:
            let v = view(of: app)
            var r = tactile_rect(), p = tactile_point(), t = tactile_transform(), f: UInt32 = 0
            count(tactile_view_get_frame(app, v, &r))
            count(tactile_view_get_bounds(app, v, &r))
            count(tactile_view_get_center(app, v, &p))
            count(tactile_view_get_transform(app, v, &t))
            count(tactile_view_get_flags(app, v, &f))
        }
    }
}

/// The oracle of a control's action callback (DESIGN-CONTROL-BEGIN … -CANCEL, -PRIMARY): per control, touch down
/// starts tracking inside; repeat only right after a touch down; enter/exit only across the edge; drags on the
/// side the touch is on; touch up inside/outside on that side, or cancel, ends tracking; the primary action only
/// right after touch up inside. A control whose earlier events nobody heard is unknown until its next start or end.
final class ControlOracle {
    enum Phase: Equatable { case unknown, idle, tracking(inside: Bool) }
    let app: UInt64
    unowned let state: FuzzState
    private var phases: [UInt64: Phase] = [:]
    private var last: [UInt64: UInt32] = [:]

    init(app: UInt64, state: FuzzState) {
        self.app = app
        self.state = state
    }

    func forget(_ view: UInt64) { phases[view] = nil; last[view] = nil }
    func forgetAll() { phases.removeAll(); last.removeAll() }

    func received(_ event: UInt32, from view: UInt64) {
        let phase = phases[view] ?? .unknown
        let previous = last[view]
        last[view] = event
        func fail(_ why: String) -> Never {
            fatalError("c-api: control \(view) of app \(app) got event \(event) in \(phase) after \(previous.map(String.init) ?? "nothing"): \(why)")
        }
        switch event {
        case TACTILE_CONTROL_TOUCH_DOWN.rawValue:
            if case .tracking = phase { fail("touch down while tracking") }
            phases[view] = .tracking(inside: true)
        case TACTILE_CONTROL_TOUCH_DOWN_REPEAT.rawValue:
            if phase != .unknown, previous != TACTILE_CONTROL_TOUCH_DOWN.rawValue { fail("repeat not right after touch down") }
        case TACTILE_CONTROL_TOUCH_DRAG_ENTER.rawValue, TACTILE_CONTROL_TOUCH_DRAG_EXIT.rawValue:
            let entering = event == TACTILE_CONTROL_TOUCH_DRAG_ENTER.rawValue
            if phase == .unknown { return }
            guard case .tracking(let inside) = phase, inside != entering else { fail("crossing that crosses nothing") }
            phases[view] = .tracking(inside: entering)
        case TACTILE_CONTROL_TOUCH_DRAG_INSIDE.rawValue, TACTILE_CONTROL_TOUCH_DRAG_OUTSIDE.rawValue:
            if phase == .unknown { return }
            guard case .tracking(let inside) = phase, inside == (event == TACTILE_CONTROL_TOUCH_DRAG_INSIDE.rawValue) else {
                fail("drag on the wrong side, or not tracking")
            }
        case TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue, TACTILE_CONTROL_TOUCH_UP_OUTSIDE.rawValue:
            if phase != .unknown {
                guard case .tracking(let inside) = phase, inside == (event == TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue) else {
                    fail("touch up on the wrong side, or not tracking")
                }
            }
            phases[view] = .idle
        case TACTILE_CONTROL_TOUCH_CANCEL.rawValue:
            if phase == .idle { fail("cancel while not tracking") }
            phases[view] = .idle
        case TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED.rawValue:
            if previous != TACTILE_CONTROL_TOUCH_UP_INSIDE.rawValue { fail("primary action not right after touch up inside") }
        default:
            fail("not a control event")
        }
        // Sometimes change the world from inside the action (nested cancellations).
        guard state.callbackDepth < 8, !state.apps.isEmpty else { return }
        state.callbackDepth += 1
        defer { state.callbackDepth -= 1 }
        let a = tactile_app(id: app)
        switch state.u8() % 8 {
        case 0: state.count(tactile_view_remove_from_parent(a, tactile_view(id: view)))
        case 1: state.count(tactile_view_destroy(a, tactile_view(id: view)))
        case 2: state.count(tactile_view_set_control_enabled(a, tactile_view(id: view), 0))
        default: break
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    AppPool.checksReuse = true  // every app made from a destroyed one's parts is checked against new parts
    // Copied scenes are checked against a build on one input in 32 (chosen by a hash of the input: sizes are often
    // powers of two): a check costs a copy of the tree and a build, and the unit tests check every case.
    SceneTemplates.checksCopies = UnsafeBufferPointer(start: data, count: size)
        .reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } % 32 == 0
    let state = FuzzState(UnsafeBufferPointer(start: data, count: size))
    var steps = 0
    while !state.atEnd, steps < 512 {
        state.step()
        state.audit()
        state.auditTrackingMode()
        steps += 1
    }
    // Every app made here is destroyed before the next input (destroying twice is a counted misuse).
    for app in state.apps { state.count(tactile_app_destroy(app)) }
    return 0
}

/// The entry point SwiftPM links as `main` (libFuzzer's driver on the function above; see Fuzz/driver).
@_cdecl("fuzz_c_api_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // Before the first input: an input that kept a scene would allocate more than it frees, which makes
    // libFuzzer run LeakSanitizer after it.
    SceneTemplates.keep(.phone, seeds: 0...255)
    for scene in [StandardScene.list, .gridOfGrids, .table] { for n in 1..<40 { SceneTemplates.keep(scene, viewCount: n, seeds: [0]) } }
    return tactile_fuzz_run(argc, argv)
}

/// The oracle of a gesture's state callback (DESIGN-GESTURE-CAPI, DESIGN-GESTURE-STATES): per gesture, BEGAN then
/// CHANGED* then ENDED or CANCELLED, or a lone ENDED (a discrete gesture recognized); never POSSIBLE or FAILED.
/// Sometimes it removes or destroys a view from inside the callback.
final class GestureCallbackOracle {
    let app: UInt64
    unowned let state: FuzzState
    /// Gestures between BEGAN and their end.
    private var active: Set<UInt64> = []

    init(app: UInt64, state: FuzzState) {
        self.app = app
        self.state = state
    }

    func forgetAll() { active.removeAll() }
    /// A gesture that was active before the callback was installed.
    func assumeActive(_ id: UInt64) { active.insert(id) }

    func received(_ s: UInt32, from gesture: tactile_gesture) {
        let id = gesture.id
        func fail(_ why: String) { fatalError("c-api: gesture \(id) of app \(app) sent state \(s): \(why)") }
        switch s {
        case 1: if !active.insert(id).inserted { fail("began twice") }
        case 2: if !active.contains(id) { fail("changed without began") }
        case 3: active.remove(id)  // ended, or a discrete gesture's lone recognized
        case 4: if active.remove(id) == nil { fail("cancelled without began") }
        default: fail("not a callback state")
        }
        // Hostile: remove or destroy a view from inside.
        guard let a = state.apps.first(where: { $0.id == app }) else { return }
        switch state.u8() % 16 {
        case 0: state.count(tactile_view_remove_from_parent(a, state.view(of: a)))
        case 1: state.count(tactile_view_destroy(a, state.view(of: a)))
        default: break
        }
    }
}

/// The oracle of a scroll view's callback (DESIGN-CAPI-SCROLL-EVENTS): UIKit's delegate order per scroll view, and
/// at rest (did-end-decelerating, a did-end-dragging without deceleration) the offset within the scrolling range
/// along each axis that scrolls, computed from the scroll view's own getters as tactile.h defines the range
/// (`-inset` … `content + inset - bounds size`, an axis scrolling when its content and insets exceed the view or
/// it always bounces). Sometimes it sets an offset, removes or destroys a view from inside.
final class ScrollCallbackOracle {
    let app: UInt64
    unowned let state: FuzzState
    /// Unknown phases at first: the callback may be installed (again) in the middle of a drag.
    let events = ScrollEventOracle<UInt64>(initialPhase: .unknown)

    init(app: UInt64, state: FuzzState) {
        self.app = app
        self.state = state
        events.trapOnViolation = true
        events.context = "c-api: app \(app)"
    }

    /// The resting range of a scroll view now, from its getters (nil when one fails).
    func range(_ v: tactile_view) -> ScrollEventOracle<UInt64>.Range? {
        let a = tactile_app(id: app)
        var size = tactile_size(), inset = tactile_insets(), b = tactile_rect(), options: UInt32 = 0
        guard tactile_scroll_get_content_size(a, v, &size) == TACTILE_OK, tactile_scroll_get_content_inset(a, v, &inset) == TACTILE_OK,
              tactile_scroll_get_options(a, v, &options) == TACTILE_OK, tactile_view_get_bounds(a, v, &b) == TACTILE_OK else { return nil }
        func axis(_ content: Double, _ lo: Double, _ hi: Double, _ dimension: Double, always: Bool) -> ClosedRange<Double>? {
            guard always || content + lo + hi > dimension else { return nil }
            let minimum = -lo, maximum = content + hi - dimension
            return minimum...max(minimum, maximum)
        }
        return .init(x: axis(size.width, inset.left, inset.right, b.width, always: options & TACTILE_SCROLL_ALWAYS_BOUNCE_HORIZONTAL.rawValue != 0),
                     y: axis(size.height, inset.top, inset.bottom, b.height, always: options & TACTILE_SCROLL_ALWAYS_BOUNCE_VERTICAL.rawValue != 0))
    }

    func received(_ event: UnsafeMutablePointer<tactile_scroll_event>) {
        let e = event.pointee
        let v = e.view
        events.event(e.kind, view: v.id, decelerate: e.decelerate != 0, offset: (e.offset.x, e.offset.y),
                     range: e.kind == TACTILE_SCROLL_DID_END_DECELERATING.rawValue || e.kind == TACTILE_SCROLL_DID_END_DRAGGING.rawValue ? range(v) : nil)
        if e.kind == TACTILE_SCROLL_WILL_END_DRAGGING.rawValue, state.u8() == 0xFF {
            event.pointee.target = tactile_point(x: state.double(), y: state.double())  // NaN/∞ included: ignored
        }
        // Hostile: set an offset, remove or destroy a view from inside.
        guard state.callbackDepth < 8 else { return }
        state.callbackDepth += 1
        defer { state.callbackDepth -= 1 }
        let a = tactile_app(id: app)
        switch state.u8() % 24 {
        case 0:
            events.interrupted(v.id)  // (before the call: its did-scroll comes during it)
            state.count(tactile_scroll_set_content_offset(a, v, state.double(), state.double(), Int32(state.u8() & 1)))
        case 1: state.count(tactile_view_remove_from_parent(a, state.view(of: a)))
        case 2: state.count(tactile_view_destroy(a, state.view(of: a)))
        case 3:
            events.interrupted(v.id)
            state.count(tactile_view_set_scrollable(a, v, 0))
        default: break
        }
    }
}
