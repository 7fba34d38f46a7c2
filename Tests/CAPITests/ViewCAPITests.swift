import CTactile
import Testing

/// Views, hit-testing and scenes through tactile.h, including hostile handles and values.
@Suite("C API views")
struct ViewCAPITests {
    static func view(_ app: tactile_app, _ x: Double, _ y: Double, _ w: Double, _ h: Double, in parent: tactile_view? = nil)
        throws -> tactile_view {
        var frame = tactile_rect(x: x, y: y, width: w, height: h)
        var v = tactile_view(id: 0)
        try #require(tactile_view_create(app, &frame, &v) == TACTILE_OK)
        if let parent { try #require(tactile_view_add_child(app, parent, v) == TACTILE_OK) }
        return v
    }

    static func hit(_ app: tactile_app, _ root: tactile_view, _ x: Double, _ y: Double) -> UInt64 {
        var out = tactile_view(id: 99)
        #expect(tactile_hit_test(app, root, x, y, &out) == TACTILE_OK)
        return out.id
    }

    @Test("AG-CC-01 through the C API: red, blue, window; parent and children queries")
    func cc1() throws {
        let app = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(app) }
        let window = try Self.view(app, 0, 0, 320, 480)
        let red = try Self.view(app, 10, 10, 100, 100, in: window)
        let blue = try Self.view(app, 10, 150, 100, 100, in: window)
        #expect(Self.hit(app, window, 50, 50) == red.id)
        #expect(Self.hit(app, window, 50, 200) == blue.id)
        #expect(Self.hit(app, window, 200, 400) == window.id)
        #expect(Self.hit(app, window, 500, 500) == 0)
        #expect(Self.hit(app, window, .nan, 5) == 0)
        var parent = tactile_view(id: 7)
        #expect(tactile_view_parent(app, red, &parent) == TACTILE_OK && parent.id == window.id)
        #expect(tactile_view_parent(app, window, &parent) == TACTILE_OK && parent.id == 0)
        var count = 0
        #expect(tactile_view_child_count(app, window, &count) == TACTILE_OK && count == 2)
        var child = tactile_view(id: 0)
        #expect(tactile_view_child_at(app, window, 1, &child) == TACTILE_OK && child.id == blue.id)
        #expect(tactile_view_child_at(app, window, 2, &child) == TACTILE_ERR_OUT_OF_RANGE)
        #expect(tactile_view_set_flags(app, red, UInt32(TACTILE_VIEW_HIDDEN.rawValue), 1) == TACTILE_OK)
        #expect(Self.hit(app, window, 50, 50) == window.id)
        var flags: UInt32 = 0
        #expect(tactile_view_get_flags(app, red, &flags) == TACTILE_OK && flags == UInt32(TACTILE_VIEW_HIDDEN.rawValue))
        var t = tactile_transform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        #expect(tactile_view_set_transform(app, blue, &t) == TACTILE_OK)
        var frame = tactile_rect()
        #expect(tactile_view_get_frame(app, blue, &frame) == TACTILE_OK)
        #expect(frame.x == -40 && frame.width == 200)
    }

    @Test("Hostile view calls: stale, foreign and null handles, cycles, NaN geometry, unknown flags")
    func hostile() throws {
        let app = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(app) }
        let other = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(other) }
        let a = try Self.view(app, 0, 0, 10, 10)
        let b = try Self.view(app, 0, 0, 10, 10, in: a)
        let foreign = try Self.view(other, 0, 0, 10, 10)
        #expect(tactile_view_add_child(app, a, foreign) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_view_add_child(app, a, tactile_view(id: 0)) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_view_add_child(app, b, a) == TACTILE_ERR_CYCLE)
        var nanFrame = tactile_rect(x: .nan, y: 0, width: 1, height: 1)
        #expect(tactile_view_set_frame(app, b, &nanFrame) == TACTILE_ERR_INVALID_COORDINATE)
        #expect(tactile_view_set_center(app, b, 0, .infinity) == TACTILE_ERR_INVALID_COORDINATE)
        var out = tactile_view(id: 0)
        #expect(tactile_view_create(app, &nanFrame, &out) == TACTILE_ERR_INVALID_COORDINATE)
        #expect(tactile_view_create(app, nil, &out) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(tactile_view_set_flags(app, b, 0x8000, 1) == TACTILE_ERR_OUT_OF_RANGE)
        #expect(tactile_view_exchange_children(app, a, 0, 5) == TACTILE_ERR_OUT_OF_RANGE)
        let c = try Self.view(app, 0, 0, 1, 1)
        #expect(tactile_view_insert_child_relative(app, a, c, c, 1) == TACTILE_OK)  // not a sibling: on top (UIKit)
        #expect(tactile_view_remove_from_parent(app, c) == TACTILE_OK)
        #expect(tactile_view_destroy(app, b) == TACTILE_OK)
        #expect(tactile_view_destroy(app, b) == TACTILE_ERR_INVALID_HANDLE)
        var count = 9
        #expect(tactile_view_child_count(app, a, &count) == TACTILE_OK && count == 0)
        #expect(tactile_hit_test(app, b, 1, 1, &out) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_view_get_frame(app, a, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(String(cString: tactile_status_name(TACTILE_ERR_CYCLE)) == "TACTILE_ERR_CYCLE")
    }

    @Test("Scenes build through the C API and batch hit-tests agree with single ones", arguments: [0, 1, 2, 3] as [UInt32])
    func scenes(kind: UInt32) throws {
        let app = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(app) }
        var window = tactile_view(id: 0)
        #expect(tactile_scene_build(app, kind, kind == 2 ? 10_000 : 0, 42, &window) == TACTILE_OK)
        #expect(window.id != 0)
        var points: [tactile_point] = (0..<500).map { (i: Int) -> tactile_point in
            let x = Double((i * 37) % 320), y = Double((i * 91) % 480)
            return tactile_point(x: x, y: y)
        }
        var results = [tactile_view](repeating: tactile_view(id: 0), count: points.count)
        #expect(tactile_hit_test_batch(app, window, &points, points.count, &results) == TACTILE_OK)
        for (p, r) in zip(points, results) { #expect(Self.hit(app, window, p.x, p.y) == r.id) }
        var stats = tactile_tree_stats()
        #expect(tactile_tree_stats_get(app, &stats) == TACTILE_OK)
        #expect(stats.views > 100 && stats.bytes > stats.views * 100)
        #expect(tactile_scene_build(app, 9, 0, 1, &window) == TACTILE_ERR_OUT_OF_RANGE)
    }
}
