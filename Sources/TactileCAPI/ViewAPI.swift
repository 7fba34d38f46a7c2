import CTactile
import Foundation
import TactileCore

// The view, hit-test and scene entry points of tactile.h, over the app's packed ViewTree.

extension ViewID {
    init(_ v: tactile_view) { self.init(packed: v.id) }
    var c: tactile_view { tactile_view(id: packed) }
}

private func rect(_ r: tactile_rect) -> CGRect { CGRect(x: r.x, y: r.y, width: r.width, height: r.height) }
private func cRect(_ r: CGRect) -> tactile_rect {
    tactile_rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.width), height: Double(r.height))
}

/// The flags the C API may set (the custom hit-test flag belongs to the object model).
private let cSettableFlags: UInt32 = 0x3F

/// View handles are the tree's generation-checked ids. Each tree starts its generations at its own base, so a
/// handle of another app (or a destroyed one) names no live view here: INVALID_HANDLE.
/// Runs `body` on the app's tree, mapping a missing app, a null out-pointer and tree errors to statuses.
private func withTree(_ handle: tactile_app, _ body: (ViewTree, CApp) throws(ViewTreeError) -> tactile_status) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    do {
        return try body(app.tree, app)
    } catch {
        switch error {
        case .invalidView(let v):
            return invalidHandle("view", v.packed, app: app)
        case .cycle:
            return fail(TACTILE_ERR_CYCLE, "a view cannot become a subview of itself or of its own descendant", app: app)
        case .nonFiniteGeometry:
            return fail(TACTILE_ERR_INVALID_COORDINATE, "geometry must be finite (no NaN or infinity)", app: app)
        case .indexOutOfRange(let i):
            return fail(TACTILE_ERR_OUT_OF_RANGE, "subview index \(i) is out of range", app: app)
        }
    }
}

/// Writes `value` through `out`, or fails with NULL_ARGUMENT.
private func output<T>(_ out: UnsafeMutablePointer<T>?, _ name: String, _ app: CApp, _ value: () throws(ViewTreeError) -> T)
    throws(ViewTreeError) -> tactile_status {
    guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "\(name) is NULL", app: app) }
    out.pointee = try value()
    return TACTILE_OK
}

/// Reads `value` from `input`, or fails with NULL_ARGUMENT.
private func input<T>(_ input: UnsafePointer<T>?, _ name: String, _ app: CApp, _ body: (T) throws(ViewTreeError) -> Void)
    throws(ViewTreeError) -> tactile_status {
    guard let input else { return fail(TACTILE_ERR_NULL_ARGUMENT, "\(name) is NULL", app: app) }
    try body(input.pointee)
    return TACTILE_OK
}

@_cdecl("tactile_view_create")
public func capiViewCreate(_ app: tactile_app, _ frame: UnsafePointer<tactile_rect>?, _ out: UnsafeMutablePointer<tactile_view>?)
    -> tactile_status {
    out?.pointee = tactile_view(id: 0)
    return withTree(app) { tree, app throws(ViewTreeError) in
        guard let frame else { return fail(TACTILE_ERR_NULL_ARGUMENT, "frame is NULL", app: app) }
        return try output(out, "out_view", app) { () throws(ViewTreeError) in try tree.makeView(frame: rect(frame.pointee)).c }
    }
}

@_cdecl("tactile_view_destroy")
public func capiViewDestroy(_ app: tactile_app, _ view: tactile_view) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        let v = ViewID(view)
        guard tree.isValid(v) else { throw .invalidView(v) }
        defer { app.publishDelivered() }  // its touches were cancelled first
        if app.hasLayout { app.layout.forget(.view(v)) }
        try tree.destroy(v)
        app.callbacks.setUserData(nil, at: Int(v.index))
        if let control = app.callbacks.controlIndex(of: v) { app.callbacks.forgetControl(at: control) }  // cancelled first
        app.callbacks.scrolls?.removeScrollView(v)  // its drag ended as its touches were cancelled
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_add_child")
public func capiViewAddChild(_ app: tactile_app, _ parent: tactile_view, _ child: tactile_view) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        defer { app.publishDelivered() }  // a child leaving its window had its touches cancelled first
        try tree.addChild(ViewID(child), to: ViewID(parent))
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_insert_child")
public func capiViewInsertChild(_ app: tactile_app, _ parent: tactile_view, _ child: tactile_view, _ index: Int64) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        defer { app.publishDelivered() }
        try tree.insertChild(ViewID(child), at: Int(clamping: index), of: ViewID(parent))
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_insert_child_relative")
public func capiViewInsertRelative(_ app: tactile_app, _ parent: tactile_view, _ child: tactile_view, _ sibling: tactile_view,
                                   _ above: Int32) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        defer { app.publishDelivered() }
        if above != 0 {
            try tree.insertChild(ViewID(child), above: ViewID(sibling), of: ViewID(parent))
        } else {
            try tree.insertChild(ViewID(child), below: ViewID(sibling), of: ViewID(parent))
        }
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_remove_from_parent")
public func capiViewRemoveFromParent(_ app: tactile_app, _ view: tactile_view) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        defer { app.publishDelivered() }  // its touches were cancelled first
        try tree.removeFromParent(ViewID(view))
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_bring_to_front")
public func capiViewBringToFront(_ app: tactile_app, _ parent: tactile_view, _ child: tactile_view) -> tactile_status {
    withTree(app) { tree, _ throws(ViewTreeError) in try tree.bringChildToFront(ViewID(child), of: ViewID(parent)); return TACTILE_OK }
}

@_cdecl("tactile_view_send_to_back")
public func capiViewSendToBack(_ app: tactile_app, _ parent: tactile_view, _ child: tactile_view) -> tactile_status {
    withTree(app) { tree, _ throws(ViewTreeError) in try tree.sendChildToBack(ViewID(child), of: ViewID(parent)); return TACTILE_OK }
}

@_cdecl("tactile_view_exchange_children")
public func capiViewExchange(_ app: tactile_app, _ parent: tactile_view, _ i: Int, _ j: Int) -> tactile_status {
    withTree(app) { tree, _ throws(ViewTreeError) in try tree.exchangeChildren(at: i, j, of: ViewID(parent)); return TACTILE_OK }
}

@_cdecl("tactile_view_parent")
public func capiViewParent(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_view>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_parent", app) { () throws(ViewTreeError) in
            try tree.parent(of: ViewID(view))?.c ?? tactile_view(id: 0)
        }
    }
}

@_cdecl("tactile_view_child_count")
public func capiViewChildCount(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<Int>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_count", app) { () throws(ViewTreeError) in try tree.childCount(of: ViewID(view)) }
    }
}

@_cdecl("tactile_view_child_at")
public func capiViewChildAt(_ app: tactile_app, _ view: tactile_view, _ index: Int, _ out: UnsafeMutablePointer<tactile_view>?)
    -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_child", app) { () throws(ViewTreeError) in
            guard let child = try tree.child(at: index, of: ViewID(view)) else { throw .indexOutOfRange(index) }
            return child.c
        }
    }
}

@_cdecl("tactile_view_set_frame")
public func capiViewSetFrame(_ app: tactile_app, _ view: tactile_view, _ frame: UnsafePointer<tactile_rect>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try input(frame, "frame", app) { (r) throws(ViewTreeError) in try tree.setFrame(rect(r), of: ViewID(view)) }
    }
}

@_cdecl("tactile_view_get_frame")
public func capiViewGetFrame(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_rect>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_frame", app) { () throws(ViewTreeError) in cRect(try tree.frame(of: ViewID(view))) }
    }
}

@_cdecl("tactile_view_set_center")
public func capiViewSetCenter(_ app: tactile_app, _ view: tactile_view, _ x: Double, _ y: Double) -> tactile_status {
    withTree(app) { tree, _ throws(ViewTreeError) in try tree.setCenter(CGPoint(x: x, y: y), of: ViewID(view)); return TACTILE_OK }
}

@_cdecl("tactile_view_get_center")
public func capiViewGetCenter(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_point>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_center", app) { () throws(ViewTreeError) in
            let c = try tree.geometry(of: ViewID(view)).center
            return tactile_point(x: Double(c.x), y: Double(c.y))
        }
    }
}

@_cdecl("tactile_view_set_bounds")
public func capiViewSetBounds(_ app: tactile_app, _ view: tactile_view, _ bounds: UnsafePointer<tactile_rect>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try input(bounds, "bounds", app) { (r) throws(ViewTreeError) in try tree.setBounds(rect(r), of: ViewID(view)) }
    }
}

@_cdecl("tactile_view_get_bounds")
public func capiViewGetBounds(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_rect>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_bounds", app) { () throws(ViewTreeError) in cRect(try tree.geometry(of: ViewID(view)).bounds) }
    }
}

@_cdecl("tactile_view_set_transform")
public func capiViewSetTransform(_ app: tactile_app, _ view: tactile_view, _ t: UnsafePointer<tactile_transform>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try input(t, "transform", app) { (t) throws(ViewTreeError) in
            try tree.setTransform(Affine2D(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty), of: ViewID(view))
        }
    }
}

@_cdecl("tactile_view_get_transform")
public func capiViewGetTransform(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_transform>?)
    -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_transform", app) { () throws(ViewTreeError) in
            let t = try tree.geometry(of: ViewID(view)).transform
            return tactile_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
        }
    }
}

@_cdecl("tactile_view_set_flags")
public func capiViewSetFlags(_ app: tactile_app, _ view: tactile_view, _ flags: UInt32, _ on: Int32) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        guard flags & ~cSettableFlags == 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "unknown view flag bits 0x\(String(flags & ~cSettableFlags, radix: 16))", app: app)
        }
        let v = ViewID(view)
        if let control = app.callbacks.controlIndex(of: v), flags & UInt32(ViewFlags.interactionDisabled.rawValue) != 0 {
            // A control's interaction flag is the user's or disabled (DESIGN-CONTROL-DISABLED): keep the user's.
            try tree.setFlags(ViewFlags(rawValue: UInt16(flags)).subtracting(.interactionDisabled), on != 0, of: v)
            app.callbacks.controls[control].userDisabled = on != 0
            try tree.setFlags(.interactionDisabled, app.callbacks.controls[control].interactionDisabled, of: v)
        } else {
            try tree.setFlags(ViewFlags(rawValue: UInt16(flags)), on != 0, of: v)
        }
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_get_flags")
public func capiViewGetFlags(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<UInt32>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_flags", app) { () throws(ViewTreeError) in
            let v = ViewID(view)
            var flags = try tree.flags(of: v)
            if let control = app.callbacks.controlIndex(of: v) {  // the user's flag, not a disabled control's
                if app.callbacks.controls[control].userDisabled { flags.insert(.interactionDisabled) } else { flags.remove(.interactionDisabled) }
            }
            return UInt32(flags.rawValue) & cSettableFlags
        }
    }
}

@_cdecl("tactile_view_set_tag")
public func capiViewSetTag(_ app: tactile_app, _ view: tactile_view, _ tag: Int64) -> tactile_status {
    withTree(app) { tree, _ throws(ViewTreeError) in try tree.setTag(Int(tag), of: ViewID(view)); return TACTILE_OK }
}

@_cdecl("tactile_view_get_tag")
public func capiViewGetTag(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<Int64>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_tag", app) { () throws(ViewTreeError) in Int64(try tree.tag(of: ViewID(view))) }
    }
}

@_cdecl("tactile_view_set_user_data")
public func capiViewSetUserData(_ app: tactile_app, _ view: tactile_view, _ data: UnsafeMutableRawPointer?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        let v = ViewID(view)
        guard tree.isValid(v) else { throw .invalidView(v) }
        app.callbacks.setUserData(data, at: Int(v.index))
        return TACTILE_OK
    }
}

@_cdecl("tactile_view_get_user_data")
public func capiViewGetUserData(_ app: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?)
    -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        let v = ViewID(view)
        guard tree.isValid(v) else { throw .invalidView(v) }
        return try output(out, "out_user_data", app) { () throws(ViewTreeError) in app.callbacks.userData(at: Int(v.index)) }
    }
}

@_cdecl("tactile_view_with_tag")
public func capiViewWithTag(_ app: tactile_app, _ root: tactile_view, _ tag: Int64, _ out: UnsafeMutablePointer<tactile_view>?)
    -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_view", app) { () throws(ViewTreeError) in
            try tree.view(withTag: Int(tag), in: ViewID(root))?.c ?? tactile_view(id: 0)
        }
    }
}

@_cdecl("tactile_hit_test")
public func capiHitTest(_ app: tactile_app, _ root: tactile_view, _ x: Double, _ y: Double,
                        _ out: UnsafeMutablePointer<tactile_view>?) -> tactile_status {
    // Fast path: a live app, an out pointer and a valid root need no retain and no error machinery.
    if let out, let object = tactile_internal_app_object(app.id) {
        let found = Unmanaged<CApp>.fromOpaque(object)._withUnsafeGuaranteedRef { app -> tactile_view? in
            do throws(ViewTreeError) {
                return try app.tree.hitTest(CGPoint(x: x, y: y), in: ViewID(root))?.c ?? tactile_view(id: 0)
            } catch {
                return nil  // a bad root: the slow path reports it
            }
        }
        if let found {
            out.pointee = found
            return TACTILE_OK
        }
    }
    return withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_view", app) { () throws(ViewTreeError) in
            try tree.hitTest(CGPoint(x: x, y: y), in: ViewID(root))?.c ?? tactile_view(id: 0)
        }
    }
}

@_cdecl("tactile_hit_test_batch")
public func capiHitTestBatch(_ app: tactile_app, _ root: tactile_view, _ points: UnsafePointer<tactile_point>?, _ count: Int,
                             _ out: UnsafeMutablePointer<tactile_view>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        if count == 0 { return TACTILE_OK }
        guard let points, let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "points or out_views is NULL", app: app) }
        guard count > 0 else { return fail(TACTILE_ERR_OUT_OF_RANGE, "count \(UInt(bitPattern: count)) is too large", app: app) }
        let r = ViewID(root)
        for i in 0..<count {
            out[i] = try tree.hitTest(CGPoint(x: points[i].x, y: points[i].y), in: r)?.c ?? tactile_view(id: 0)
        }
        return TACTILE_OK
    }
}

@_cdecl("tactile_scene_build")
public func capiSceneBuild(_ app: tactile_app, _ kind: UInt32, _ viewCount: Int, _ seed: UInt64,
                           _ out: UnsafeMutablePointer<tactile_view>?) -> tactile_status {
    out?.pointee = tactile_view(id: 0)
    return withTree(app) { tree, app throws(ViewTreeError) in
        let scenes: [StandardScene] = [.phone, .list, .gridOfGrids, .random, .table]
        guard Int(kind) < scenes.count else { return fail(TACTILE_ERR_OUT_OF_RANGE, "unknown scene kind \(kind)", app: app) }
        guard viewCount >= 0, viewCount <= 20_000_000 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "view_count \(UInt(bitPattern: viewCount)) exceeds 2·10^7", app: app)
        }
        guard out != nil else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_window is NULL", app: app) }
        let built = try tree.build(scenes[Int(kind)], viewCount: viewCount == 0 ? nil : viewCount, seed: seed)
        if !built.scrollViews.isEmpty {  // DESIGN-CAPI-SCROLL-TRACE: the table scene's scroll view scrolls
            let engine = app.callbacks.scrollEngine(app: app)
            for s in built.scrollViews {
                var settings = ScrollViewSettings()
                settings.contentSize = s.contentSize
                engine.makeScrollView(s.view, settings: settings)
            }
        }
        return try output(out, "out_window", app) { () throws(ViewTreeError) in built.window.c }
    }
}

@_cdecl("tactile_tree_stats_get")
public func capiTreeStats(_ app: tactile_app, _ out: UnsafeMutablePointer<tactile_tree_stats>?) -> tactile_status {
    withTree(app) { tree, app throws(ViewTreeError) in
        try output(out, "out_stats", app) { () throws(ViewTreeError) in
            tactile_tree_stats(views: UInt64(tree.count), bytes: UInt64(tree.memoryBytes))
        }
    }
}
