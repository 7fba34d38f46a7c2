import CTactile
import Foundation
import TactileCore

// The Auto Layout entry points of tactile.h: constraints between the app's views, solved by LayoutEngine into
// the packed tree (DESIGN-LAYOUT-CAPI).

private func attribute(_ raw: Int32) -> LayoutEngine.Attribute? {
    switch raw {
    case 1: .left
    case 2: .right
    case 3: .top
    case 4: .bottom
    case 7: .width
    case 8: .height
    case 9: .centerX
    case 10: .centerY
    default: nil
    }
}

private func withLayout(_ handle: tactile_app, _ body: (LayoutEngine, CApp) -> tactile_status) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    app.hasLayout = true
    return body(app.layout, app)
}

private func engineFailure(_ error: LayoutEngine.Failure, app: CApp) -> tactile_status {
    switch error {
    case .noCommonAncestor: fail(TACTILE_ERR_NO_COMMON_ANCESTOR, "the constraint's views have no common ancestor", app: app)
    case .nonFiniteValue: fail(TACTILE_ERR_INVALID_COORDINATE, "constant, multiplier and priority must be finite", app: app)
    case .unknownItem: fail(TACTILE_ERR_INVALID_HANDLE, "a view handle is null, destroyed, stale or foreign", app: app)
    case .unknownConstraint: fail(TACTILE_ERR_INVALID_HANDLE, "no such constraint", app: app)
    case .unsatisfiable: fail(TACTILE_ERR_UNSATISFIABLE, "Unable to simultaneously satisfy constraints: the new one is broken", app: app)
    }
}

@_cdecl("tactile_constraint_add")
public func capiConstraintAdd(_ app: tactile_app, _ constraint: UnsafePointer<tactile_constraint>?,
                              _ out: UnsafeMutablePointer<tactile_constraint_id>?) -> tactile_status {
    out?.pointee = tactile_constraint_id(id: 0)
    return withLayout(app) { engine, app in
        guard let c = constraint?.pointee else { return fail(TACTILE_ERR_NULL_ARGUMENT, "constraint is NULL", app: app) }
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_id is NULL", app: app) }
        guard let a1 = attribute(c.attribute1) else { return fail(TACTILE_ERR_OUT_OF_RANGE, "attribute1 \(c.attribute1) is unknown", app: app) }
        let relation: LinearSolver.Relation
        switch c.relation {
        case -1: relation = .lessThanOrEqual
        case 0: relation = .equal
        case 1: relation = .greaterThanOrEqual
        default: return fail(TACTILE_ERR_OUT_OF_RANGE, "relation \(c.relation) is unknown", app: app)
        }
        guard c.multiplier.isFinite, c.constant.isFinite, c.priority.isFinite else {
            return fail(TACTILE_ERR_INVALID_COORDINATE, "constant, multiplier and priority must be finite", app: app)
        }
        guard c.priority >= 1, c.priority <= 1000 else { return fail(TACTILE_ERR_OUT_OF_RANGE, "priority \(c.priority) is outside 1 ... 1000", app: app) }
        var second: LayoutEngine.Anchor?
        if c.item2.id != 0 || c.attribute2 != 0 {
            guard let a2 = attribute(c.attribute2) else { return fail(TACTILE_ERR_OUT_OF_RANGE, "attribute2 \(c.attribute2) is unknown", app: app) }
            let size1 = a1 == .width || a1 == .height, size2 = a2 == .width || a2 == .height
            let horizontal1 = a1 == .left || a1 == .right || a1 == .centerX, horizontal2 = a2 == .left || a2 == .right || a2 == .centerX
            guard size1 == size2, size1 || horizontal1 == horizontal2 else {
                return fail(TACTILE_ERR_OUT_OF_RANGE, "invalid pairing of layout attributes", app: app)
            }
            second = .init(.view(ViewID(c.item2)), a2)
        } else if a1 != .width && a1 != .height {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "a location attribute must be paired with another view's location", app: app)
        }
        let spec = LayoutEngine.Spec(.init(.view(ViewID(c.item1)), a1), relation, second, multiplier: c.multiplier,
                                     constant: c.constant, priority: c.priority)
        do throws(LayoutEngine.Failure) {
            out.pointee = tactile_constraint_id(id: UInt64(try engine.add(spec).rawValue))
            return TACTILE_OK
        } catch {
            if case .unsatisfiable = error, let id = engine.lastAdded { out.pointee = tactile_constraint_id(id: UInt64(id.rawValue)) }
            return engineFailure(error, app: app)
        }
    }
}

@_cdecl("tactile_constraint_remove")
public func capiConstraintRemove(_ app: tactile_app, _ id: tactile_constraint_id) -> tactile_status {
    withLayout(app) { engine, app in
        let cid = LayoutEngine.ConstraintID(rawValue: Int(truncatingIfNeeded: id.id))
        guard engine.contains(cid) else { return engineFailure(.unknownConstraint, app: app) }
        engine.remove(cid)
        return TACTILE_OK
    }
}

@_cdecl("tactile_constraint_set_constant")
public func capiConstraintSetConstant(_ app: tactile_app, _ id: tactile_constraint_id, _ constant: Double) -> tactile_status {
    withLayout(app) { engine, app in
        do throws(LayoutEngine.Failure) {
            try engine.setConstant(LayoutEngine.ConstraintID(rawValue: Int(truncatingIfNeeded: id.id)), constant)
            return TACTILE_OK
        } catch {
            return engineFailure(error, app: app)
        }
    }
}

@_cdecl("tactile_view_set_translates_frame")
public func capiViewSetTranslatesFrame(_ app: tactile_app, _ view: tactile_view, _ translates: Int32) -> tactile_status {
    withLayout(app) { engine, app in
        let v = ViewID(view)
        guard engine.tree.isValid(v) else { return engineFailure(.unknownItem, app: app) }
        engine.setTranslatesFrame(v, translates != 0, mask: 0, joining: true)
        return TACTILE_OK
    }
}

@_cdecl("tactile_layout_solve")
public func capiLayoutSolve(_ app: tactile_app, _ out: UnsafeMutablePointer<Int>?) -> tactile_status {
    withLayout(app) { engine, _ in
        let moved = engine.applyToTree()
        out?.pointee = moved.count
        return TACTILE_OK
    }
}
