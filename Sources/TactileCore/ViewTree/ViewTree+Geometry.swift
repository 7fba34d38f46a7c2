import Foundation

/// Geometry as UIKit stores it — center, bounds, transform — and what hit-testing derives from it (AG-J).
extension ViewTree {
    // MARK: - Geometry (AG-J-03 … AG-J-07)

    public func geometry(of v: ViewID) throws(ViewTreeError) -> ViewGeometry { viewGeometry(try slot(v)) }

    /// Sets center, bounds and transform at once. Non-finite values are refused; the view is unchanged.
    public func setGeometry(_ g: ViewGeometry, of v: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        let i = try slot(v)
        guard g.isFinite else { throw refuse(.nonFiniteGeometry) }
        let p = nodes[Int(i)].parent
        if p >= 0, hit[Int(p)].grid >= 0 {
            withGridRefile(of: p, for: i) { store(g, at: i) }
        } else {
            store(g, at: i)
        }
    }

    public func frame(of v: ViewID) throws(ViewTreeError) -> CGRect { try geometry(of: v).frame }

    /// `frame`'s setter (AG-J-05): center and bounds.size follow; bounds.origin and transform stay.
    public func setFrame(_ frame: CGRect, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.setFrame(frame)
        try setGeometry(g, of: v)
    }

    /// `center`'s setter (AG-J-05): moves the frame, size unchanged.
    public func setCenter(_ center: CGPoint, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.center = center
        try setGeometry(g, of: v)
    }

    /// `bounds`' setter (AG-J-05): a new size resizes the frame about the fixed center; a new origin moves the
    /// content, not the frame.
    public func setBounds(_ bounds: CGRect, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.bounds = bounds
        try setGeometry(g, of: v)
    }

    /// `transform`'s setter (AG-J-07): applied about the center.
    public func setTransform(_ t: Affine2D, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.transform = t
        try setGeometry(g, of: v)
    }

    /// Writes geometry and everything derived from it (the caller re-files the view in its superview's grid).
    func store(_ g: ViewGeometry, at i: Int32) {
        let n = Int(i)
        hit[n].cx = Double(g.center.x); hit[n].cy = Double(g.center.y)
        hit[n].ox = Double(g.bounds.origin.x); hit[n].oy = Double(g.bounds.origin.y)
        hit[n].w = Double(g.bounds.width); hit[n].h = Double(g.bounds.height)
        setTransform(g.transform.isIdentity ? nil : TransformRecord(transform: g.transform, toLocal: g.parentToLocal), of: i)
        refreshChildBox(i)
        touch(i)
    }

    /// Keeps a transformed view's transform and conversion in the side table (nil: the identity, none kept).
    func setTransform(_ record: TransformRecord?, of i: Int32) {
        let n = Int(i)
        var t = hit[n].transform
        guard let record else {
            if t >= 0 { freeTransforms.append(t) }
            hit[n].transform = -1
            return
        }
        if t < 0 {
            if let reused = freeTransforms.popLast() {
                t = reused
            } else {
                t = Int32(transforms.count)
                transforms.append(record)
            }
            hit[n].transform = t
        }
        transforms[Int(t)] = record
    }

    /// Superview bounds space → `i`'s bounds space. (With an identity transform `parentToLocal` is the translation
    /// (tx, ty) with a unit linear part, so applying it is exactly `(x + tx, y + ty)`.)
    func toLocal(_ i: Int32) -> Affine2D {
        let rec = hit[Int(i)]
        if rec.transform >= 0 { return transforms[Int(rec.transform)].toLocal }
        let t = rec.offset
        return Affine2D(a: 1, b: 0, c: 0, d: 1, tx: t.tx, ty: t.ty)
    }

    /// `i`'s geometry as UIKit states it.
    func viewGeometry(_ i: Int32) -> ViewGeometry {
        let g = hit[Int(i)]
        return ViewGeometry(center: CGPoint(x: g.cx, y: g.cy), bounds: CGRect(x: g.ox, y: g.oy, width: g.w, height: g.h),
                            transform: g.transform >= 0 ? transforms[Int(g.transform)].transform : .identity)
    }

    /// `c`'s entry in its superview's child list: its padded frame box, or unbounded for a custom hit-test.
    func childBox(_ c: Int32) -> ChildBox {
        hit[Int(c)].flags & ViewFlags.customHitTest.rawValue != 0 ? .unbounded(c)
            : ChildBox(c, Self.paddedBox(viewGeometry(c)), plainLeaf: isPlainLeaf(c))
    }

    /// Whether `c`'s entries may decide a hit on it alone (``ChildBox/isPlainLeaf``). Its entries are rewritten
    /// whenever one of the conditions changes: flags (`setFlags`), geometry (`store`), a first subview or the
    /// last one leaving (`insert`, `detach`).
    func isPlainLeaf(_ c: Int32) -> Bool {
        let r = hit[Int(c)]
        guard r.flags & Self.entryFlags == 0, r.transform < 0, r.list < 0 || children[Int(r.list)].count == 0 else { return false }
        let limit = ChildBox.plainLeafLimit
        return abs(r.cx) <= limit && abs(r.cy) <= limit && abs(r.ox) <= limit && abs(r.oy) <= limit
            && abs(r.w) <= limit && abs(r.h) <= limit
    }

    /// The flags a child's entries depend on.
    static let entryFlags = ViewFlags.excludedFromHitTesting.rawValue | ViewFlags.customHitTest.rawValue

    /// Rewrites `c`'s entries in its superview's list or grid (its plain-leaf state may have changed).
    func refreshEntries(of c: Int32) {
        let p = nodes[Int(c)].parent
        guard p >= 0 else { return }
        if hit[Int(p)].grid >= 0 { withGridRefile(of: p, for: c) {} } else { refreshChildBox(c) }
    }

    /// Rewrites `c`'s entry in its superview's child list after its geometry or flags changed. While the
    /// superview has a grid the search reads the grid's copies only, so the list's boxes are left as they are
    /// (one cache line less per update: `hittest.update` 295 → 270 ns); dropping the grid rewrites them.
    func refreshChildBox(_ c: Int32) {
        let p = nodes[Int(c)].parent
        guard p >= 0, hit[Int(p)].grid < 0 else { return }
        childList(p)[Int(nodes[Int(c)].indexInParent)] = childBox(c)
    }

    /// The frame box in the superview's space, padded by a relative margin far above rounding error; empty for
    /// a view that cannot contain a point (zero-area bounds or a singular transform).
    static func paddedBox(_ g: ViewGeometry) -> FrameBox {
        guard g.bounds.width != 0, g.bounds.height != 0, g.transform.isIdentity || g.parentToLocal.a.isFinite else {
            return .empty
        }
        let f = g.frame
        let x0 = Double(f.minX), x1 = Double(f.maxX), y0 = Double(f.minY), y1 = Double(f.maxY)
        // The variadic `max`'s fold, two at a time (it builds an array per call; the same result, NaN included).
        let magnitude = max(max(max(max(max(abs(x0), abs(x1)), abs(y0)), abs(y1)), x1 - x0), y1 - y0)
        let pad = 1e-6 * (1 + magnitude)
        return FrameBox(x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad)
    }

    /// Marks `i` changed: caches below it become stale lazily.
    @inline(__always)
    func touch(_ i: Int32) {
        epoch &+= 1
        nodes[Int(i)].changedAt = epoch
        lastChange = epoch
    }
}
