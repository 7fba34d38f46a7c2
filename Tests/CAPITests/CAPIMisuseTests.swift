import CTactile
import Foundation
import Testing

/// Every misuse tactile.h documents, function by function: bad app handles (null, destroyed, stale, made-up),
/// bad view handles (null, destroyed, stale, another app's), NULL pointers and out-of-range values. Each is an
/// error status with a message and, where there is an app to count it on, one `errors` count; none crashes.
/// The tables are checked against the header itself, so a function added without misuse cases fails here.
@Suite("C API misuse, per function")
struct CAPIMisuseTests {
    /// A live app with a window (`root`) holding `child`, plus what the tables need.
    let app: tactile_app
    let root: tactile_view
    let child: tactile_view

    init() throws {
        app = try CAPITests.makeApp(capacity: 8)
        root = try ViewCAPITests.view(app, 0, 0, 100, 100)
        child = try ViewCAPITests.view(app, 10, 10, 20, 20, in: root)
    }

    static var lastError: String { CAPITests.lastError }

    /// Calls that take an app handle, each with otherwise valid arguments (`v` is a live view of `app`).
    static func appCalls(_ v: tactile_view) -> [(String, (tactile_app) -> tactile_status)] {
        var event = CAPITests.touch(1, TACTILE_PHASE_BEGAN)
        var rect = tactile_rect(x: 0, y: 0, width: 1, height: 1)
        var transform = tactile_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        var point = tactile_point(x: 1, y: 1)
        var views = [v]
        var out = tactile_view(id: 0)
        var size = 0
        var flags: UInt32 = 0
        var tag: Int64 = 0
        var counters = tactile_counters()
        var routeCounters = tactile_route_counters()
        var stats = tactile_tree_stats()
        var data: UnsafeMutableRawPointer?
        var center = tactile_point()
        var length = 0
        return [
            ("tactile_app_destroy", { tactile_app_destroy($0) }),
            ("tactile_app_set_input_handler", { tactile_app_set_input_handler($0, nil, nil) }),
            ("tactile_app_step", { tactile_app_step($0) }),
            ("tactile_app_run_until_idle", { tactile_app_run_until_idle($0) }),
            ("tactile_app_advance", { tactile_app_advance($0, 1) }),
            ("tactile_app_start_live", { tactile_app_start_live($0) }),
            ("tactile_app_stop", { tactile_app_stop($0) }),
            ("tactile_post", { tactile_post($0, &event) }),
            ("tactile_post_batch", { tactile_post_batch($0, &event, 1, nil) }),
            ("tactile_app_counters", { tactile_app_counters($0, &counters) }),
            ("tactile_view_create", { tactile_view_create($0, &rect, &out) }),
            ("tactile_view_destroy", { tactile_view_destroy($0, v) }),
            ("tactile_view_add_child", { tactile_view_add_child($0, v, v) }),
            ("tactile_view_insert_child", { tactile_view_insert_child($0, v, v, 0) }),
            ("tactile_view_insert_child_relative", { tactile_view_insert_child_relative($0, v, v, v, 1) }),
            ("tactile_view_remove_from_parent", { tactile_view_remove_from_parent($0, v) }),
            ("tactile_view_bring_to_front", { tactile_view_bring_to_front($0, v, v) }),
            ("tactile_view_send_to_back", { tactile_view_send_to_back($0, v, v) }),
            ("tactile_view_exchange_children", { tactile_view_exchange_children($0, v, 0, 0) }),
            ("tactile_view_parent", { tactile_view_parent($0, v, &out) }),
            ("tactile_view_child_count", { tactile_view_child_count($0, v, &size) }),
            ("tactile_view_child_at", { tactile_view_child_at($0, v, 0, &out) }),
            ("tactile_view_set_frame", { tactile_view_set_frame($0, v, &rect) }),
            ("tactile_view_get_frame", { tactile_view_get_frame($0, v, &rect) }),
            ("tactile_view_set_center", { tactile_view_set_center($0, v, 1, 1) }),
            ("tactile_view_get_center", { tactile_view_get_center($0, v, &center) }),
            ("tactile_view_set_bounds", { tactile_view_set_bounds($0, v, &rect) }),
            ("tactile_view_get_bounds", { tactile_view_get_bounds($0, v, &rect) }),
            ("tactile_view_set_transform", { tactile_view_set_transform($0, v, &transform) }),
            ("tactile_view_get_transform", { tactile_view_get_transform($0, v, &transform) }),
            ("tactile_view_set_flags", { tactile_view_set_flags($0, v, 1, 1) }),
            ("tactile_view_get_flags", { tactile_view_get_flags($0, v, &flags) }),
            ("tactile_view_set_tag", { tactile_view_set_tag($0, v, 1) }),
            ("tactile_view_get_tag", { tactile_view_get_tag($0, v, &tag) }),
            ("tactile_view_set_user_data", { tactile_view_set_user_data($0, v, nil) }),
            ("tactile_view_get_user_data", { tactile_view_get_user_data($0, v, &data) }),
            ("tactile_view_with_tag", { tactile_view_with_tag($0, v, 1, &out) }),
            ("tactile_hit_test", { tactile_hit_test($0, v, 1, 1, &out) }),
            ("tactile_hit_test_batch", { tactile_hit_test_batch($0, v, &point, 1, &out) }),
            ("tactile_app_set_delivery_callback", { tactile_app_set_delivery_callback($0, nil, nil) }),
            ("tactile_app_set_motion_callback", { tactile_app_set_motion_callback($0, nil, nil) }),
            ("tactile_app_set_screen", { tactile_app_set_screen($0, &views, 1) }),
            ("tactile_app_begin_ignoring_interaction", { tactile_app_begin_ignoring_interaction($0) }),
            ("tactile_app_end_ignoring_interaction", { tactile_app_end_ignoring_interaction($0) }),
            ("tactile_route", { tactile_route($0, &event, 1) }),
            ("tactile_app_route_counters", { tactile_app_route_counters($0, &routeCounters) }),
            ("tactile_app_set_delivery_log", { tactile_app_set_delivery_log($0, 1) }),
            ("tactile_app_delivery_log", { tactile_app_delivery_log($0, nil, 0, &length) }),
            ("tactile_app_set_action_callback", { tactile_app_set_action_callback($0, nil, nil) }),
            ("tactile_view_set_control", { tactile_view_set_control($0, v, 1) }),
            ("tactile_view_set_control_enabled", { tactile_view_set_control_enabled($0, v, 1) }),
            ("tactile_scene_build", { tactile_scene_build($0, UInt32(TACTILE_SCENE_PHONE.rawValue), 0, 1, &out) }),
            ("tactile_tree_stats_get", { tactile_tree_stats_get($0, &stats) }),
            ("tactile_constraint_add", { app in
                var c = Self.widthConstraint(v)
                var id = tactile_constraint_id(id: 0)
                return tactile_constraint_add(app, &c, &id)
            }),
            ("tactile_constraint_remove", { tactile_constraint_remove($0, tactile_constraint_id(id: 1)) }),
            ("tactile_constraint_set_constant", { tactile_constraint_set_constant($0, tactile_constraint_id(id: 1), 1) }),
            ("tactile_view_set_translates_frame", { tactile_view_set_translates_frame($0, v, 0) }),
            ("tactile_layout_solve", { tactile_layout_solve($0, &size) }),
            ("tactile_app_set_gesture_callback", { tactile_app_set_gesture_callback($0, nil, nil) }),
            ("tactile_view_add_gesture", { var g = tactile_gesture(id: 0); return tactile_view_add_gesture($0, v, 0, &g) }),
        ] + GestureCAPITests.appCalls() + ScrollCAPITests.appCalls(v)
    }

    /// `view.width == 10`.
    static func widthConstraint(_ view: tactile_view) -> tactile_constraint {
        tactile_constraint(item1: view, attribute1: Int32(TACTILE_ATTRIBUTE_WIDTH.rawValue), relation: 0, item2: tactile_view(id: 0),
                           attribute2: 0, multiplier: 1, constant: 10, priority: 1000)
    }

    /// Calls that take a view handle where a live view is needed; `v` is the view under test, `root`/`child` valid.
    static func viewCalls(root: tactile_view, child: tactile_view) -> [(String, (tactile_app, tactile_view) -> tactile_status)] {
        var rect = tactile_rect(x: 0, y: 0, width: 1, height: 1)
        var transform = tactile_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        var point = tactile_point(x: 1, y: 1)
        var out = tactile_view(id: 0)
        var size = 0
        var flags: UInt32 = 0
        var tag: Int64 = 0
        var data: UnsafeMutableRawPointer?
        var center = tactile_point()
        return [
            ("tactile_view_destroy", { tactile_view_destroy($0, $1) }),
            ("tactile_view_add_child (parent)", { tactile_view_add_child($0, $1, child) }),
            ("tactile_view_add_child (child)", { tactile_view_add_child($0, root, $1) }),
            ("tactile_view_insert_child", { tactile_view_insert_child($0, root, $1, 0) }),
            ("tactile_view_insert_child_relative (sibling)", { tactile_view_insert_child_relative($0, root, child, $1, 0) }),
            ("tactile_view_remove_from_parent", { tactile_view_remove_from_parent($0, $1) }),
            ("tactile_view_bring_to_front", { tactile_view_bring_to_front($0, $1, child) }),
            ("tactile_view_send_to_back", { tactile_view_send_to_back($0, $1, child) }),
            ("tactile_view_exchange_children", { tactile_view_exchange_children($0, $1, 0, 0) }),
            ("tactile_view_parent", { tactile_view_parent($0, $1, &out) }),
            ("tactile_view_child_count", { tactile_view_child_count($0, $1, &size) }),
            ("tactile_view_child_at", { tactile_view_child_at($0, $1, 0, &out) }),
            ("tactile_view_set_frame", { tactile_view_set_frame($0, $1, &rect) }),
            ("tactile_view_get_frame", { tactile_view_get_frame($0, $1, &rect) }),
            ("tactile_view_set_center", { tactile_view_set_center($0, $1, 1, 1) }),
            ("tactile_view_get_center", { tactile_view_get_center($0, $1, &center) }),
            ("tactile_view_set_bounds", { tactile_view_set_bounds($0, $1, &rect) }),
            ("tactile_view_get_bounds", { tactile_view_get_bounds($0, $1, &rect) }),
            ("tactile_view_set_transform", { tactile_view_set_transform($0, $1, &transform) }),
            ("tactile_view_get_transform", { tactile_view_get_transform($0, $1, &transform) }),
            ("tactile_view_set_flags", { tactile_view_set_flags($0, $1, 1, 0) }),
            ("tactile_view_get_flags", { tactile_view_get_flags($0, $1, &flags) }),
            ("tactile_view_set_tag", { tactile_view_set_tag($0, $1, 1) }),
            ("tactile_view_get_tag", { tactile_view_get_tag($0, $1, &tag) }),
            ("tactile_view_set_user_data", { tactile_view_set_user_data($0, $1, nil) }),
            ("tactile_view_get_user_data", { tactile_view_get_user_data($0, $1, &data) }),
            ("tactile_view_with_tag", { tactile_view_with_tag($0, $1, 1, &out) }),
            ("tactile_hit_test", { tactile_hit_test($0, $1, 1, 1, &out) }),
            ("tactile_hit_test_batch", { tactile_hit_test_batch($0, $1, &point, 1, &out) }),
            ("tactile_app_set_screen", { app, v in var w = [v]; return tactile_app_set_screen(app, &w, 1) }),
            ("tactile_view_set_control", { tactile_view_set_control($0, $1, 1) }),
            ("tactile_view_set_control (unmark)", { tactile_view_set_control($0, $1, 0) }),
            ("tactile_view_set_control_enabled", { tactile_view_set_control_enabled($0, $1, 0) }),
            ("tactile_constraint_add", { app, v in
                var c = Self.widthConstraint(v)
                var id = tactile_constraint_id(id: 0)
                return tactile_constraint_add(app, &c, &id)
            }),
            ("tactile_view_set_translates_frame", { tactile_view_set_translates_frame($0, $1, 0) }),
            ("tactile_view_add_gesture", { var g = tactile_gesture(id: 0); return tactile_view_add_gesture($0, $1, 0, &g) }),
        ] + ScrollCAPITests.viewCalls()
    }

    /// Calls with a NULL where a pointer is required.
    func nullCalls() -> [(String, () -> tactile_status)] {
        let (app, v) = (self.app, root)
        var rect = tactile_rect(x: 0, y: 0, width: 1, height: 1)
        var point = tactile_point(x: 1, y: 1)
        var out = tactile_view(id: 0)
        return [
            ("tactile_post", { tactile_post(app, nil) }),
            ("tactile_post_batch", { tactile_post_batch(app, nil, 1, nil) }),
            ("tactile_route", { tactile_route(app, nil, 1) }),
            ("tactile_app_counters", { tactile_app_counters(app, nil) }),
            ("tactile_app_route_counters", { tactile_app_route_counters(app, nil) }),
            ("tactile_app_delivery_log", { tactile_app_delivery_log(app, nil, 4, nil) }),
            ("tactile_app_set_screen", { tactile_app_set_screen(app, nil, 1) }),
            ("tactile_view_create (frame)", { tactile_view_create(app, nil, &out) }),
            ("tactile_view_create (out)", { tactile_view_create(app, &rect, nil) }),
            ("tactile_view_parent", { tactile_view_parent(app, v, nil) }),
            ("tactile_view_child_count", { tactile_view_child_count(app, v, nil) }),
            ("tactile_view_child_at", { tactile_view_child_at(app, v, 0, nil) }),
            ("tactile_view_set_frame", { tactile_view_set_frame(app, v, nil) }),
            ("tactile_view_get_frame", { tactile_view_get_frame(app, v, nil) }),
            ("tactile_view_get_center", { tactile_view_get_center(app, v, nil) }),
            ("tactile_view_set_bounds", { tactile_view_set_bounds(app, v, nil) }),
            ("tactile_view_get_bounds", { tactile_view_get_bounds(app, v, nil) }),
            ("tactile_view_set_transform", { tactile_view_set_transform(app, v, nil) }),
            ("tactile_view_get_transform", { tactile_view_get_transform(app, v, nil) }),
            ("tactile_view_get_flags", { tactile_view_get_flags(app, v, nil) }),
            ("tactile_view_get_tag", { tactile_view_get_tag(app, v, nil) }),
            ("tactile_view_get_user_data", { tactile_view_get_user_data(app, v, nil) }),
            ("tactile_view_with_tag", { tactile_view_with_tag(app, v, 1, nil) }),
            ("tactile_hit_test", { tactile_hit_test(app, v, 1, 1, nil) }),
            ("tactile_hit_test_batch (points)", { tactile_hit_test_batch(app, v, nil, 1, &out) }),
            ("tactile_hit_test_batch (out)", { tactile_hit_test_batch(app, v, &point, 1, nil) }),
            ("tactile_scene_build", { tactile_scene_build(app, 0, 0, 1, nil) }),
            ("tactile_tree_stats_get", { tactile_tree_stats_get(app, nil) }),
            ("tactile_constraint_add (constraint)", { var id = tactile_constraint_id(id: 0); return tactile_constraint_add(app, nil, &id) }),
            ("tactile_constraint_add (out)", { var c = Self.widthConstraint(v); return tactile_constraint_add(app, &c, nil) }),
        ] + scrollNullCalls()
    }

    /// DESIGN-CAPI-SCROLL-MISUSE: the scroll calls' NULL pointers, on `child` made a scroll view first (which is
    /// not a misuse).
    func scrollNullCalls() -> [(String, () -> tactile_status)] {
        let (app, v) = (self.app, child)
        func scroll(_ call: @escaping () -> tactile_status) -> () -> tactile_status {
            { _ = tactile_view_set_scrollable(app, v, 1); return call() }
        }
        return [
            ("tactile_scroll_get_content_size", scroll { tactile_scroll_get_content_size(app, v, nil) }),
            ("tactile_scroll_set_content_inset", scroll { tactile_scroll_set_content_inset(app, v, nil) }),
            ("tactile_scroll_get_content_inset", scroll { tactile_scroll_get_content_inset(app, v, nil) }),
            ("tactile_scroll_get_content_offset", scroll { tactile_scroll_get_content_offset(app, v, nil) }),
            ("tactile_scroll_get_options", scroll { tactile_scroll_get_options(app, v, nil) }),
            ("tactile_scroll_get_deceleration_rate", scroll { tactile_scroll_get_deceleration_rate(app, v, nil) }),
            ("tactile_scroll_get_state", scroll { tactile_scroll_get_state(app, v, nil) }),
            ("tactile_app_get_run_loop_mode", { tactile_app_get_run_loop_mode(app, nil) }),
        ]
    }

    /// Out-of-range values (including a negative `size_t` as another runtime may pass it, e.g. ctypes -1).
    func rangeCalls() -> [(String, () -> tactile_status)] {
        let (app, root, child) = (self.app, self.root, self.child)
        var event = CAPITests.touch(1, TACTILE_PHASE_BEGAN)
        var points = [tactile_point(x: 1, y: 1)]
        var outs = [tactile_view(id: 0)]
        var out = tactile_view(id: 0)
        var views = [root]
        let huge = Int(bitPattern: UInt(UInt64.max))  // SIZE_MAX
        return [
            ("tactile_post_batch count > capacity", {
                var batch = [tactile_event](repeating: event, count: 9)
                return tactile_post_batch(app, &batch, 9, nil)
            }),
            ("tactile_post_batch SIZE_MAX", { tactile_post_batch(app, &event, huge, nil) }),
            ("tactile_route SIZE_MAX", { tactile_route(app, &event, huge) }),
            ("tactile_view_exchange_children", { tactile_view_exchange_children(app, root, 0, 1) }),
            ("tactile_view_exchange_children SIZE_MAX", { tactile_view_exchange_children(app, root, huge, 0) }),
            ("tactile_view_child_at", { tactile_view_child_at(app, root, 1, &out) }),
            ("tactile_view_child_at SIZE_MAX", { tactile_view_child_at(app, root, huge, &out) }),
            ("tactile_view_set_flags unknown bits", { tactile_view_set_flags(app, child, 1 << 12, 1) }),
            ("tactile_hit_test_batch SIZE_MAX", { tactile_hit_test_batch(app, root, &points, huge, &outs) }),
            ("tactile_app_set_screen SIZE_MAX", { tactile_app_set_screen(app, &views, huge) }),
            ("tactile_scene_build kind", { tactile_scene_build(app, 99, 0, 1, &out) }),
            ("tactile_scene_build view_count", { tactile_scene_build(app, 0, 1 << 40, 1, &out) }),
            ("tactile_scene_build view_count SIZE_MAX", { tactile_scene_build(app, 0, huge, 1, &out) }),
            ("tactile_constraint_add attribute", { var c = Self.widthConstraint(child); c.attribute1 = 5; var id = tactile_constraint_id(id: 0); return tactile_constraint_add(app, &c, &id) }),
            ("tactile_constraint_add relation", { var c = Self.widthConstraint(child); c.relation = 2; var id = tactile_constraint_id(id: 0); return tactile_constraint_add(app, &c, &id) }),
            ("tactile_constraint_add priority", { var c = Self.widthConstraint(child); c.priority = 1001; var id = tactile_constraint_id(id: 0); return tactile_constraint_add(app, &c, &id) }),
            ("tactile_constraint_add location = constant", { var c = Self.widthConstraint(child); c.attribute1 = 1; var id = tactile_constraint_id(id: 0); return tactile_constraint_add(app, &c, &id) }),
            ("tactile_constraint_add width = left", {
                var c = Self.widthConstraint(child); c.item2 = root; c.attribute2 = 1
                var id = tactile_constraint_id(id: 0); return tactile_constraint_add(app, &c, &id)
            }),
            // DESIGN-CAPI-SCROLL-MISUSE (on `child`, made a scroll view first: not a misuse).
            ("tactile_scroll_set_content_size negative", { _ = tactile_view_set_scrollable(app, child, 1)
                return tactile_scroll_set_content_size(app, child, -1, 10) }),
            ("tactile_scroll_set_options unknown bits", { tactile_scroll_set_options(app, child, 1 << 7, 1) }),
            ("tactile_scroll_set_deceleration_rate 1", { tactile_scroll_set_deceleration_rate(app, child, 1) }),
            ("tactile_scroll_set_deceleration_rate NaN", { tactile_scroll_set_deceleration_rate(app, child, .nan) }),
            ("tactile_scene_build kind TABLE + 1", { tactile_scene_build(app, TACTILE_SCENE_TABLE.rawValue + 1, 0, 1, &out) }),
        ]
    }

    /// The header's `tactile_status tactile_…(` declarations.
    static func declaredFunctions() throws -> Set<String> {
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CTactile/include/tactile.h").standardized
        let text = try String(contentsOf: header, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"tactile_status\s+(tactile_\w+)\s*\("#)
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(matches.map { String(text[Range($0.range(at: 1), in: text)!]) })
    }

    @Test("every status-returning function of tactile.h is in the bad-app-handle table")
    func coverage() throws {
        let tabled = Set(Self.appCalls(root).map(\.0))
        let noAppHandle: Set = ["tactile_app_create"]  // covered by configuration tests below
        let declared = try Self.declaredFunctions()
        #expect(declared.count > 40)
        #expect(declared.subtracting(tabled).subtracting(noAppHandle) == [], "functions without misuse cases")
        #expect(tabled.subtracting(declared) == [], "table names that are not in the header")
    }

    @Test("null, made-up, destroyed and stale app handles: INVALID_HANDLE and a message, for every function")
    func badAppHandles() throws {
        let destroyed = try CAPITests.makeApp()
        #expect(tactile_app_destroy(destroyed) == TACTILE_OK)
        let reuser = try CAPITests.makeApp()  // may take the destroyed app's slot: the old handle stays stale
        defer { _ = tactile_app_destroy(reuser) }
        let handles = [tactile_app(id: 0), tactile_app(id: .max), tactile_app(id: 1 << 16 | 1000), destroyed]
        for (name, call) in Self.appCalls(root) {
            for handle in handles {
                tactile_internal_set_error("")
                #expect(call(handle) == TACTILE_ERR_INVALID_HANDLE, "\(name) with app \(handle.id)")
                #expect(Self.lastError.contains("handle"), "\(name): message")
            }
        }
        // The good app was never touched by any of them.
        var c = tactile_counters()
        #expect(tactile_app_counters(app, &c) == TACTILE_OK && c.errors == 0)
    }

    @Test("null, destroyed, stale and foreign view handles: INVALID_HANDLE, counted, for every function")
    func badViewHandles() throws {
        defer { _ = tactile_app_destroy(app) }
        let other = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(other) }
        // A foreign handle that would name a live view of `app` if handles did not carry their app: `other`
        // builds the same views in the same order.
        _ = try ViewCAPITests.view(other, 0, 0, 100, 100)
        let foreign = try ViewCAPITests.view(other, 10, 10, 20, 20)
        let destroyed = try ViewCAPITests.view(app, 0, 0, 5, 5)
        #expect(tactile_view_destroy(app, destroyed) == TACTILE_OK)
        // `stale` is destroyed and its slot reused by `reuser`.
        let stale = try ViewCAPITests.view(app, 0, 0, 5, 5)
        #expect(tactile_view_destroy(app, stale) == TACTILE_OK)
        let reuser = try ViewCAPITests.view(app, 0, 0, 5, 5)
        #expect(UInt32(truncatingIfNeeded: reuser.id) == UInt32(truncatingIfNeeded: stale.id), "slot reused")
        let bad = [tactile_view(id: 0), destroyed, stale, foreign, tactile_view(id: .max)]
        var errors: UInt64 = 0
        for (name, call) in Self.viewCalls(root: root, child: child) {
            for v in bad {
                #expect(call(app, v) == TACTILE_ERR_INVALID_HANDLE, "\(name) with view \(v.id)")
                #expect(Self.lastError.contains("handle") || Self.lastError.contains("view"), "\(name): message")
                errors += 1
            }
        }
        var c = tactile_counters()
        #expect(tactile_app_counters(app, &c) == TACTILE_OK)
        #expect(c.errors == errors)
        // Nothing changed: the window still holds its child.
        var count = 0
        #expect(tactile_view_child_count(app, root, &count) == TACTILE_OK && count == 1)
    }

    @Test("DESIGN-BAD-INPUT the last error message is the last failure's, a bad handle's or another's, and reads alike twice")
    func lastErrorIsTheLastFailures() {
        defer { _ = tactile_app_destroy(app) }
        let stale = tactile_view(id: 0xDEAD_0001)
        var frame = tactile_rect()
        #expect(tactile_view_get_frame(app, stale, &frame) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_view_get_frame(app, child, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(Self.lastError.contains("NULL") && !Self.lastError.contains("handle"), "\(Self.lastError)")
        #expect(tactile_view_get_frame(app, stale, &frame) == TACTILE_ERR_INVALID_HANDLE)
        let expected = "view handle \(stale.id) is null, destroyed, stale or foreign"
        #expect(Self.lastError == expected)
        #expect(Self.lastError == expected, "read twice")
        #expect(tactile_app_step(tactile_app(id: 42)) == TACTILE_ERR_INVALID_HANDLE)
        #expect(Self.lastError == "tactile_app handle 42 is null, destroyed, stale or foreign")
    }

    @Test("NULL required pointers: NULL_ARGUMENT, counted, for every function that takes one")
    func nullPointers() {
        defer { _ = tactile_app_destroy(app) }
        let calls = nullCalls()
        for (name, call) in calls {
            #expect(call() == TACTILE_ERR_NULL_ARGUMENT, "\(name)")
            #expect(Self.lastError.contains("NULL"), "\(name): message")
        }
        #expect(tactile_app_create(nil, nil) == TACTILE_ERR_NULL_ARGUMENT)
        var c = tactile_counters()
        #expect(tactile_app_counters(app, &c) == TACTILE_OK && c.errors == UInt64(calls.count))
        // Zero counts need no pointer.
        #expect(tactile_post_batch(app, nil, 0, nil) == TACTILE_OK)
        #expect(tactile_route(app, nil, 0) == TACTILE_OK)
        #expect(tactile_hit_test_batch(app, root, nil, 0, nil) == TACTILE_OK)
        #expect(tactile_app_set_screen(app, nil, 0) == TACTILE_OK)
        #expect(tactile_app_delivery_log(app, nil, 0, nil) == TACTILE_OK)
    }

    @Test("out-of-range values, SIZE_MAX included: OUT_OF_RANGE, counted, nothing changed")
    func outOfRange() {
        defer { _ = tactile_app_destroy(app) }
        let calls = rangeCalls()
        for (name, call) in calls {
            #expect(call() == TACTILE_ERR_OUT_OF_RANGE, "\(name)")
            #expect(!Self.lastError.isEmpty, "\(name): message")
        }
        var c = tactile_counters()
        #expect(tactile_app_counters(app, &c) == TACTILE_OK && c.errors == UInt64(calls.count))
        #expect(c.posted == 0)
        var stats = tactile_tree_stats()
        #expect(tactile_tree_stats_get(app, &stats) == TACTILE_OK && stats.views == 2)
    }

    @Test("configuration out of range: every field of tactile_app_config")
    func configuration() {
        var out = tactile_app(id: 7)
        let bad: [(String, tactile_app_config)] = [
            ("queue_capacity", tactile_app_config(queue_capacity: 1 << 25, loop_mode: 0, touch_capacity: 0, flags: 0, tap_interval_ns: 0, tap_distance: 0)),
            ("loop_mode", tactile_app_config(queue_capacity: 0, loop_mode: 2, touch_capacity: 0, flags: 0, tap_interval_ns: 0, tap_distance: 0)),
            ("touch_capacity", tactile_app_config(queue_capacity: 0, loop_mode: 0, touch_capacity: 1025, flags: 0, tap_interval_ns: 0, tap_distance: 0)),
            ("flags", tactile_app_config(queue_capacity: 0, loop_mode: 0, touch_capacity: 0, flags: 2, tap_interval_ns: 0, tap_distance: 0)),
            ("tap_distance NaN", tactile_app_config(queue_capacity: 0, loop_mode: 0, touch_capacity: 0, flags: 0, tap_interval_ns: 0, tap_distance: .nan)),
            ("tap_distance < 0", tactile_app_config(queue_capacity: 0, loop_mode: 0, touch_capacity: 0, flags: 0, tap_interval_ns: 0, tap_distance: -1)),
        ]
        for (name, var config) in bad {
            #expect(tactile_app_create(&config, &out) == TACTILE_ERR_OUT_OF_RANGE, "\(name)")
            #expect(out.id == 0, "\(name): no handle")
            #expect(Self.lastError.contains(name.split(separator: " ")[0]), "\(name): message names the field")
        }
    }

    @Test("state misuse: stepping a live loop, starting a deterministic one twice, stepping from a callback")
    func invalidState() throws {
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_app_start_live(app) == TACTILE_ERR_INVALID_STATE)
        final class Box { var app = tactile_app(id: 0); var status: tactile_status = TACTILE_OK }
        let box = Box()
        box.app = app
        let reenter: tactile_input_fn = { user, _, _ in
            let box = Unmanaged<Box>.fromOpaque(user!).takeUnretainedValue()
            box.status = tactile_app_step(box.app)
        }
        #expect(tactile_app_set_input_handler(app, reenter, Unmanaged.passUnretained(box).toOpaque()) == TACTILE_OK)
        var event = CAPITests.touch(1, TACTILE_PHASE_BEGAN)
        #expect(tactile_post(app, &event) == TACTILE_OK)
        #expect(tactile_app_run_until_idle(app) == TACTILE_OK)
        #expect(box.status == TACTILE_ERR_INVALID_STATE)
        let live = try CAPITests.makeApp(live: true)
        defer { _ = tactile_app_destroy(live) }
        #expect(tactile_app_start_live(live) == TACTILE_OK)
        #expect(tactile_app_start_live(live) == TACTILE_ERR_INVALID_STATE)
        #expect(tactile_app_run_until_idle(live) == TACTILE_ERR_INVALID_STATE)
        #expect(tactile_app_stop(live) == TACTILE_OK)
        // DESIGN-CONTROL-CAPI: only a control has an enabled state; the refusal is counted and changes nothing.
        let before = CAPITests.counters(app).errors
        #expect(tactile_view_set_control_enabled(app, child, 0) == TACTILE_ERR_INVALID_STATE)
        #expect(Self.lastError.contains("not a control"))
        #expect(CAPITests.counters(app).errors == before + 1)
        #expect(ViewCAPITests.hit(app, root, 15, 15) == child.id)
    }

    @Test("user data rides on deliveries, is per view and is forgotten when the view is destroyed")
    func userData() throws {
        defer { _ = tactile_app_destroy(app) }
        final class Seen { var data: [UnsafeMutableRawPointer?] = [] }
        let seen = Seen()
        let fn: tactile_delivery_fn = { user, d in
            Unmanaged<Seen>.fromOpaque(user!).takeUnretainedValue().data.append(d!.pointee.user_data)
        }
        #expect(tactile_app_set_delivery_callback(app, fn, Unmanaged.passUnretained(seen).toOpaque()) == TACTILE_OK)
        let marker = UnsafeMutableRawPointer(bitPattern: 0xC0FFEE)!
        #expect(tactile_view_set_user_data(app, child, marker) == TACTILE_OK)
        var got: UnsafeMutableRawPointer?
        #expect(tactile_view_get_user_data(app, child, &got) == TACTILE_OK && got == marker)
        #expect(tactile_view_get_user_data(app, root, &got) == TACTILE_OK && got == nil)
        var taps = [CAPITests.touch(1, TACTILE_PHASE_BEGAN, x: 15, y: 15, t: 1), CAPITests.touch(1, TACTILE_PHASE_ENDED, x: 15, y: 15, t: 2),
                    CAPITests.touch(2, TACTILE_PHASE_BEGAN, x: 90, y: 90, t: 3)]
        for k in taps.indices { taps[k].window_id = tactile_window_id(root) }
        #expect(tactile_route(app, &taps, taps.count) == TACTILE_OK)
        #expect(seen.data == [marker, marker, nil])
        var c = tactile_counters()
        #expect(tactile_app_counters(app, &c) == TACTILE_OK && c.delivered == 3)
        #expect(tactile_view_destroy(app, child) == TACTILE_OK)
        let reuser = try ViewCAPITests.view(app, 0, 0, 1, 1)
        #expect(tactile_view_get_user_data(app, reuser, &got) == TACTILE_OK && got == nil)
    }
}
