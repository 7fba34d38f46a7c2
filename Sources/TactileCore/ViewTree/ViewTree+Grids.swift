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

    /// The box a child is filed under: its padded frame box, except that custom hit-test children go to the
    /// always-checked list (an override may claim points outside the child's bounds).
    private func gridBox(_ c: Int32) -> FrameBox {
        hit[Int(c)].flags & ViewFlags.customHitTest.rawValue != 0 ? .empty : Self.paddedBox(viewGeometry(c))
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
