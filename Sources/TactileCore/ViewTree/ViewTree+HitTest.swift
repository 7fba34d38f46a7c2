import Foundation

extension ViewTree {
    /// An overridden `hitTest(_:with:)` / `point(inside:with:)`: given a view flagged
    /// ``ViewFlags/customHitTest`` and a point in its bounds space, returns the hit view or nil. The override
    /// may call ``defaultHitTest(_:at:custom:)`` for UIKit's default behaviour (`super.hitTest`).
    /// Install one as ``customHitTest`` (read only when the search meets a flagged view), or pass one to a
    /// single query with the `custom:` parameter.
    public typealias CustomHitTest = (ViewID, CGPoint) -> ViewID?

    /// Runs a search: `body` with `custom` installed as ``customHitTest`` (nil: keep the installed one).
    private func with<R>(_ custom: CustomHitTest?, _ body: () -> R) -> R {
        confinement.enter()
        defer { confinement.exit() }
        guard let custom else { return body() }
        let installed = customHitTest
        customHitTest = custom
        defer { customHitTest = installed }
        return body()
    }

    /// `UIWindow.hitTest(_:with:)`: the deepest front-most view under `point` (in `root`'s bounds space), or nil.
    ///
    /// UIKit's rules (AG-K-03 … AG-K-05, AG-J-08): a hidden, interaction-disabled or transparent (alpha < 0.01) view and
    /// its subtree are skipped; a point outside a view's bounds misses the view and its whole subtree, whatever
    /// `clipsToBounds` says; subviews are tried front-most first (reverse `subviews` order), the point converted
    /// through each one's center, transform and bounds origin; if none claims it, the view itself is the hit.
    /// Views flagged ``ViewFlags/customHitTest`` are decided by `custom`. A non-finite point hits nothing.
    public func hitTest(_ point: CGPoint, in root: ViewID, custom: CustomHitTest? = nil) throws(ViewTreeError) -> ViewID? {
        let r = try slot(root)
        let x = Double(point.x), y = Double(point.y)
        guard x.isFinite, y.isFinite else { return nil }
        return with(custom) {
            if let custom = customHitTest, hit[Int(r)].flags & ViewFlags.customHitTest.rawValue != 0 {
                return custom(id(r), point)
            }
            return resolve(search(r, x, y))
        }
    }

    /// UIKit's default `hitTest(_:with:)` at `view` (what `super.hitTest` does inside an override): `point`
    /// is in `view`'s bounds space; subviews flagged custom are still handed to `custom`.
    public func defaultHitTest(_ point: CGPoint, at view: ViewID, custom: CustomHitTest? = nil) throws(ViewTreeError) -> ViewID? {
        let v = try slot(view)
        let x = Double(point.x), y = Double(point.y)
        guard x.isFinite, y.isFinite else { return nil }
        return with(custom) { resolve(search(v, x, y)) }
    }

    /// The subview part of UIKit's default `hitTest(_:with:)` at `view`: the deepest front-most view among
    /// `view`'s subtrees under `point` (in `view`'s bounds space), or nil. `view`'s own flags and bounds are
    /// not checked (the caller — an override's `point(inside:with:)` — has decided them).
    public func hitTestSubviews(of view: ViewID, at point: CGPoint, custom: CustomHitTest? = nil) throws(ViewTreeError) -> ViewID? {
        let v = try slot(view)
        let x = Double(point.x), y = Double(point.y)
        guard x.isFinite, y.isFinite else { return nil }
        return with(custom) { resolve(searchChildren(v, x, y)) }
    }

    /// Hit-tests a batch of points in one root; `results[i]` is nil for a miss.
    public func hitTest(_ points: [CGPoint], in root: ViewID, custom: CustomHitTest? = nil) throws(ViewTreeError) -> [ViewID?] {
        let r = try slot(root)
        return with(custom) {
            points.map { p in
                let x = Double(p.x), y = Double(p.y)
                guard x.isFinite, y.isFinite else { return nil }
                if let custom = customHitTest, hit[Int(r)].flags & ViewFlags.customHitTest.rawValue != 0 {
                    return custom(id(r), p)
                }
                return resolve(search(r, x, y))
            }
        }
    }

    /// Search result: a slot (≥ 0), a miss (-1), or a view a custom hit-test returned (-2, in `customResult`).
    private func resolve(_ found: Int32) -> ViewID? {
        switch found {
        case -2: return customResult
        case ..<0: return nil
        default: return id(found)
        }
    }

    /// The default algorithm at slot `i`, with (x, y) in its bounds space.
    private func search(_ i: Int32, _ x: Double, _ y: Double) -> Int32 {
        let rec = hit.base + Int(i)
        if rec.pointee.flags & ViewFlags.excludedFromHitTesting.rawValue != 0 { return -1 }
        guard x >= rec.pointee.bx0, x < rec.pointee.bx1, y >= rec.pointee.by0, y < rec.pointee.by1 else { return -1 }
        let found = searchChildren(i, x, y)
        return found == -1 ? i : found
    }

    /// The front-most hit among `i`'s children for (x, y) in `i`'s bounds space; -1 when none claims it.
    private func searchChildren(_ i: Int32, _ x: Double, _ y: Double) -> Int32 {
        let rec = hit.base + Int(i)
        let list = children.base[Int(i)]
        let n = Int(list.count)
        if n == 0 { return -1 }
        if n < Self.gridThreshold {
            var k = n - 1
            while k >= 0 {
                let found = tryChild(list[k], x, y)
                if found != -1 { return found }
                k -= 1
            }
            return -1
        }
        if rec.pointee.grid < 0 { buildGrid(i) }
        let grid = grids.base + Int(rec.pointee.grid)
        let cell = grid.pointee.cells[grid.pointee.cellY(y) * grid.pointee.nx + grid.pointee.cellX(x)]
        let big = grid.pointee.big
        // Merge the cell's and the big list's candidates, front-most (highest subview index) first.
        var a = Int(cell.count) - 1, b = Int(big.count) - 1
        let node = nodes.base
        while a >= 0 || b >= 0 {
            let c: Int32
            if b < 0 || (a >= 0 && node[Int(cell[a])].indexInParent > node[Int(big[b])].indexInParent) {
                c = cell[a]; a -= 1
            } else {
                c = big[b]; b -= 1
            }
            let found = tryChild(c, x, y)
            if found != -1 { return found }
        }
        return -1
    }

    /// Asks child `c` about (x, y) given in its superview's bounds space.
    @inline(__always)
    private func tryChild(_ c: Int32, _ x: Double, _ y: Double) -> Int32 {
        let rec = hit.base + Int(c)
        if rec.pointee.flags & ViewFlags.customHitTest.rawValue != 0, let custom = customHitTest {
            let p = rec.pointee.toLocal.apply(x, y)
            guard let v = custom(id(c), CGPoint(x: p.x, y: p.y)) else { return -1 }
            customResult = v
            return -2
        }
        guard rec.pointee.frameBox.contains(x, y) else { return -1 }
        let p = rec.pointee.toLocal.apply(x, y)
        return search(c, p.x, p.y)
    }

    // MARK: - Grid maintenance

    /// Builds the grid of container `p` from its children's frame boxes.
    func buildGrid(_ p: Int32) {
        dropGrid(of: p)
        let list = children[Int(p)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for k in 0..<Int(list.count) {
            let box = hit[Int(list[k])].frameBox
            guard box.x0 <= box.x1 else { continue }
            minX = min(minX, box.x0); minY = min(minY, box.y0); maxX = max(maxX, box.x1); maxY = max(maxY, box.y1)
        }
        if minX > maxX { minX = 0; minY = 0; maxX = 1; maxY = 1 }
        var grid = ChildGrid(minX: minX, minY: minY, maxX: maxX, maxY: maxY, childCount: Int(list.count))
        for k in 0..<Int(list.count) {
            let c = list[k]
            spans[Int(c)] = grid.insert(c, box: gridBox(c), position: position)
        }
        let g: Int32
        if let reused = freeGrids.popLast() {
            g = reused
            grids[Int(g)] = grid
        } else {
            g = Int32(grids.count)
            grids.append(grid)
        }
        hit[Int(p)].grid = g
    }

    /// The box a child is filed under: custom hit-test children go to the always-checked list (an override
    /// may claim points outside the child's bounds).
    private func gridBox(_ c: Int32) -> FrameBox {
        hit[Int(c)].flags & ViewFlags.customHitTest.rawValue != 0 ? .empty : hit[Int(c)].frameBox
    }

    private func position(_ c: Int32) -> Int32 { nodes[Int(c)].indexInParent }

    func dropGrid(of p: Int32) {
        let g = hit[Int(p)].grid
        guard g >= 0 else { return }
        grids[Int(g)].deallocate()
        grids[Int(g)].nx = 0
        freeGrids.append(g)
        hit[Int(p)].grid = -1
    }

    func gridInsert(_ c: Int32, in p: Int32) {
        let g = Int(hit[Int(p)].grid)
        spans[Int(c)] = grids[g].insert(c, box: gridBox(c), position: position)
        noteGridUpdate(p)
    }

    func gridRemove(_ c: Int32, in p: Int32) {
        let g = Int(hit[Int(p)].grid)
        grids[g].remove(c, span: spans[Int(c)])
        spans[Int(c)] = .none
    }

    /// Re-files `changed` children of `p` around `body`, which changes their boxes or order.
    func withGridUpdate(of p: Int32, for changed: [Int32], _ body: () -> Void) {
        guard hit[Int(p)].grid >= 0 else { return body() }
        for c in changed { gridRemove(c, in: p) }
        body()
        for c in changed { gridInsert(c, in: p) }
    }

    /// After many incremental edits a grid may no longer fit its children; it is dropped and rebuilt lazily.
    private func noteGridUpdate(_ p: Int32) {
        let g = Int(hit[Int(p)].grid)
        grids[g].updates += 1
        let n = Int(children[Int(p)].count)
        if grids[g].updates > 2 * n + 64 || n < Self.gridThreshold / 2 { dropGrid(of: p) }
    }
}
