import CTactile
import Testing

/// Auto Layout through tactile.h: constraints between a scene's views solved into the packed tree, so
/// hit-testing lands on the solved frames (DESIGN-LAYOUT-CAPI).
@Suite("C API layout")
struct LayoutCAPITests {
    static func constraint(_ v1: tactile_view, _ a1: tactile_layout_attribute, _ relation: Int32 = 0, _ v2: tactile_view = tactile_view(id: 0),
                           _ a2: tactile_layout_attribute = TACTILE_ATTRIBUTE_NONE, multiplier: Double = 1, constant: Double = 0,
                           priority: Float = 1000) -> tactile_constraint {
        tactile_constraint(item1: v1, attribute1: Int32(a1.rawValue), relation: relation, item2: v2, attribute2: Int32(a2.rawValue),
                           multiplier: multiplier, constant: constant, priority: priority)
    }

    static func add(_ app: tactile_app, _ c: tactile_constraint) -> (tactile_status, tactile_constraint_id) {
        var c = c
        var id = tactile_constraint_id(id: 0)
        let status = tactile_constraint_add(app, &c, &id)
        return (status, id)
    }

    @Test("DESIGN-LAYOUT-CAPI: pin, centre, solve into the tree; a constant edit moves the view; hit-testing follows")
    func pinAndEdit() throws {
        let app = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(app) }
        let window = try ViewCAPITests.view(app, 0, 0, 320, 480)
        let button = try ViewCAPITests.view(app, 0, 0, 0, 0, in: window)
        #expect(tactile_view_set_translates_frame(app, button, 0) == TACTILE_OK)
        #expect(Self.add(app, Self.constraint(button, TACTILE_ATTRIBUTE_CENTER_X, 0, window, TACTILE_ATTRIBUTE_CENTER_X)).0 == TACTILE_OK)
        let top = Self.add(app, Self.constraint(button, TACTILE_ATTRIBUTE_TOP, 0, window, TACTILE_ATTRIBUTE_TOP, constant: 100))
        #expect(top.0 == TACTILE_OK)
        #expect(Self.add(app, Self.constraint(button, TACTILE_ATTRIBUTE_WIDTH, constant: 100)).0 == TACTILE_OK)
        #expect(Self.add(app, Self.constraint(button, TACTILE_ATTRIBUTE_HEIGHT, 0, button, TACTILE_ATTRIBUTE_WIDTH, multiplier: 0.5)).0 == TACTILE_OK)
        var moved = 0
        #expect(tactile_layout_solve(app, &moved) == TACTILE_OK)
        #expect(moved == 1)
        var frame = tactile_rect()
        #expect(tactile_view_get_frame(app, button, &frame) == TACTILE_OK)
        #expect(frame.x == 110 && frame.y == 100 && frame.width == 100 && frame.height == 50)
        #expect(ViewCAPITests.hit(app, window, 160, 125) == button.id)
        #expect(tactile_constraint_set_constant(app, top.1, 300) == TACTILE_OK)
        #expect(tactile_layout_solve(app, nil) == TACTILE_OK)
        #expect(ViewCAPITests.hit(app, window, 160, 125) == window.id)
        #expect(ViewCAPITests.hit(app, window, 160, 325) == button.id)
        #expect(tactile_constraint_remove(app, top.1) == TACTILE_OK)
        #expect(tactile_constraint_remove(app, top.1) == TACTILE_ERR_INVALID_HANDLE)
    }

    @Test("DESIGN-LAYOUT-CAPI: conflicts, strangers and NaN are statuses, never crashes")
    func errors() throws {
        let app = try CAPITests.makeApp()
        defer { _ = tactile_app_destroy(app) }
        let window = try ViewCAPITests.view(app, 0, 0, 320, 480)
        let v = try ViewCAPITests.view(app, 0, 0, 10, 10, in: window)
        let stranger = try ViewCAPITests.view(app, 0, 0, 10, 10)
        #expect(tactile_view_set_translates_frame(app, v, 0) == TACTILE_OK)
        #expect(Self.add(app, Self.constraint(v, TACTILE_ATTRIBUTE_WIDTH, constant: 50)).0 == TACTILE_OK)
        let conflict = Self.add(app, Self.constraint(v, TACTILE_ATTRIBUTE_WIDTH, constant: 60))
        #expect(conflict.0 == TACTILE_ERR_UNSATISFIABLE)
        #expect(conflict.1.id != 0)  // added, broken
        #expect(Self.add(app, Self.constraint(v, TACTILE_ATTRIBUTE_LEFT, 0, stranger, TACTILE_ATTRIBUTE_LEFT)).0 == TACTILE_ERR_NO_COMMON_ANCESTOR)
        #expect(Self.add(app, Self.constraint(v, TACTILE_ATTRIBUTE_HEIGHT, constant: .nan)).0 == TACTILE_ERR_INVALID_COORDINATE)
        #expect(tactile_constraint_set_constant(app, conflict.1, .infinity) == TACTILE_ERR_INVALID_COORDINATE)
        #expect(String(cString: tactile_status_name(TACTILE_ERR_UNSATISFIABLE)) == "TACTILE_ERR_UNSATISFIABLE")
        // A destroyed view's constraints go with it.
        #expect(tactile_view_destroy(app, v) == TACTILE_OK)
        #expect(tactile_layout_solve(app, nil) == TACTILE_OK)
        #expect(tactile_constraint_set_constant(app, conflict.1, 1) == TACTILE_ERR_INVALID_HANDLE)
    }
}
