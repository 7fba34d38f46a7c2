import Foundation

/// Keeping each wide container's grid over its children in step with the hierarchy and the children's frames.
extension ViewTree {
    /// Builds the grid of container `p` from its children's frame boxes.
    func buildGrid(_ p: Int32) {
        dropGrid(of: p)
        let list = childList(p)
        // The extent from the exact boxes (Float32 ones turn huge coordinates into infinities).
        let boxes = (0..<Int(list.count)).map { gridBox(list[$0].slot) }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for box in boxes where box.x0 <= box.x1 {
            minX = min(minX, box.x0); minY = min(minY, box.y0); maxX = max(maxX, box.x1); maxY = max(maxY, box.y1)
        }
        if minX > maxX { minX = 0; minY = 0; maxX = 1; maxY = 1 }
        let grid = ChildGrid(minX: minX, minY: minY, maxX: maxX, maxY: maxY,
                             children: (0..<Int(list.count)).map { (list[$0].slot, boxes[$0], isPlainLeaf(list[$0].slot)) }) { c, span in
            nodes[Int(c)].span = span
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

    /// Builds the grid of every container wide enough for one that has none yet, as the first hit-test
    /// entering each would. A scene kept as a template (the fuzzers' scene cache) is then copied with its grids.
    package func buildGrids() {
        confinement.enter()
        defer { confinement.exit() }
        for i in 0..<Int32(nodes.count) where nodes[Int(i)].alive && hit[Int(i)].grid < 0
            && Int(childList(i).count) >= Self.gridThreshold {
            buildGrid(i)
        }
    }

    /// The box a child is filed under: exactly the points that pass its bounds test when its transform is the
    /// identity (``exactHitBox(_:)``), its padded frame box otherwise; custom hit-test children go to the
    /// always-checked list (an override may claim points outside the child's bounds).
    private func gridBox(_ c: Int32) -> FrameBox {
        if hit[Int(c)].flags & ViewFlags.customHitTest.rawValue != 0 { return .empty }
        return exactHitBox(c) ?? Self.paddedBox(viewGeometry(c))
    }

    /// For a child with the identity transform: the closed box of superview-space points (x, y) that pass its
    /// bounds test as the search computes it — `bx0 ≤ x + tx < bx1` and the same in y, in Double arithmetic —
    /// or nil when its edges are not found within a few steps of one ulp (huge offsets; the caller pads).
    ///
    /// A grid files a child in the cells its box covers, and finds a point's cell with a function that never
    /// decreases as the point moves right (or down): every point of the box lands in one of those cells, so the
    /// box needs no padding. Children laid side by side then share no cells but where a cell edge passes through
    /// one of them (the padded boxes of a regular layout reached into the eight cells around their own: 328.5
    /// bytes per view at 10^4; with the edges, 206 before the geometry moved into the hit record).
    func exactHitBox(_ c: Int32) -> FrameBox? {
        let r = hit[Int(c)]
        guard r.transform < 0 else { return nil }
        let b = r.bounds, t = r.offset
        guard let x = Self.passingInterval(t.tx, b.x.min, b.x.max), let y = Self.passingInterval(t.ty, b.y.min, b.y.max) else { return nil }
        return FrameBox(x0: x.lo, y0: y.lo, x1: x.hi, y1: y.hi)
    }

    /// The smallest and the largest p with `lo ≤ p + t < hi` (rounded Double sums). `p + t` never decreases as
    /// p grows, so the passing p form this interval; its ends lie within an ulp or two of `lo − t` and `hi − t`.
    /// Nil when it is empty or an end takes more than four steps.
    static func passingInterval(_ t: Double, _ lo: Double, _ hi: Double) -> (lo: Double, hi: Double)? {
        guard lo < hi else { return nil }
        guard let a = edge(from: lo - t, passes: { $0 + t >= lo }, inward: { $0.nextUp }, outward: { $0.nextDown }),
              let b = edge(from: hi - t, passes: { $0 + t < hi }, inward: { $0.nextDown }, outward: { $0.nextUp }),
              a <= b, a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }

    /// The last point passing `passes` going `outward` from `start`, which lies within four steps of it; nil when
    /// it does not.
    @inline(__always)
    private static func edge(from start: Double, passes: (Double) -> Bool,
                             inward: (Double) -> Double, outward: (Double) -> Double) -> Double? {
        var p = start
        for _ in 0..<4 {
            if passes(p) {
                let next = outward(p)
                if !passes(next) { return p }
                p = next
            } else {
                p = inward(p)
            }
        }
        return nil
    }

    private func position(_ c: Int32) -> Int32 { nodes[Int(c)].indexInParent }

    /// Drops `p`'s grid; its child list's boxes, not kept while the grid held the current ones, are rewritten.
    func dropGrid(of p: Int32) {
        let g = hit[Int(p)].grid
        guard g >= 0 else { return }
        grids[Int(g)].deallocate()
        grids[Int(g)].nx = 0
        freeGrids.append(g)
        hit[Int(p)].grid = -1
        let list = childList(p)
        for k in 0..<Int(list.count) { list[k] = childBox(list[k].slot) }
    }

    /// Enters child `c` in `p`'s grid (the grid may then be dropped: too many updates).
    func gridInsert(_ c: Int32, in p: Int32) {
        file(c, in: p)
        noteGridUpdate(p)
    }

    private func file(_ c: Int32, in p: Int32) {
        let g = Int(hit[Int(p)].grid)
        nodes[Int(c)].span = grids[g].insert(c, box: gridBox(c), plainLeaf: isPlainLeaf(c), position: position)
    }

    func gridRemove(_ c: Int32, in p: Int32) {
        let g = Int(hit[Int(p)].grid)
        grids[g].remove(c, span: nodes[Int(c)].span)
        nodes[Int(c)].span = .none
    }

    /// Runs `body`, which changes child `c`'s box (its geometry, or its custom hit-test flag), then re-files `c`
    /// in `p`'s grid. (Rewriting its entries in place when its cells stay the same measured slower on
    /// `hittest.update`: re-filing is a short scan and a binary search per cell.)
    func withGridRefile(of p: Int32, for c: Int32, _ body: () -> Void) {
        body()
        let g = Int(hit[Int(p)].grid)
        guard g >= 0 else { return }
        grids[g].remove(c, span: nodes[Int(c)].span)
        gridInsert(c, in: p)
    }

    /// Re-files children `a` and `b` of `p` around `body`, which exchanges their places in `subviews`.
    func withGridReorder(of p: Int32, _ a: Int32, _ b: Int32, _ body: () -> Void) {
        guard hit[Int(p)].grid >= 0 else { return body() }
        gridRemove(a, in: p)
        gridRemove(b, in: p)
        body()
        file(a, in: p)
        file(b, in: p)
        noteGridUpdate(p)  // (after both: it may drop the grid, and `b` would be filed in a grid that is gone)
    }

    /// After many incremental edits a grid may no longer fit its children, or hold more abandoned runs than
    /// live ones; it is dropped and rebuilt lazily.
    private func noteGridUpdate(_ p: Int32) {
        let g = Int(hit[Int(p)].grid)
        grids[g].updates += 1
        let n = Int(childList(p).count)
        let live = grids[g].used - grids[g].wasted
        if grids[g].updates > 2 * n + 64 || n < Self.gridThreshold / 2 || grids[g].wasted > 2 * live + 256 {
            dropGrid(of: p)
        }
    }
}
