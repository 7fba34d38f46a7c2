import Foundation

/// Keeping each wide container's grid over its children in step with the hierarchy and the children's frames.
extension ViewTree {
    /// Builds the grid of container `p` from its children's frame boxes.
    func buildGrid(_ p: Int32) {
        dropGrid(of: p)
        let list = children[Int(p)]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for k in 0..<Int(list.count) {
            // The extent from the exact boxes (the entries' Float32 boxes turn huge coordinates into infinities).
            let c = list[k].slot
            guard hit[Int(c)].flags & ViewFlags.customHitTest.rawValue == 0 else { continue }
            let box = Self.paddedBox(viewGeometry(c))
            guard box.x0 <= box.x1 else { continue }
            minX = min(minX, box.x0); minY = min(minY, box.y0); maxX = max(maxX, box.x1); maxY = max(maxY, box.y1)
        }
        if minX > maxX { minX = 0; minY = 0; maxX = 1; maxY = 1 }
        var grid = ChildGrid(minX: minX, minY: minY, maxX: maxX, maxY: maxY, childCount: Int(list.count))
        for k in 0..<Int(list.count) {
            let c = list[k].slot
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

    /// The box a child is filed under — its child-list entry's — except that custom hit-test children go to
    /// the always-checked list (an override may claim points outside the child's bounds).
    private func gridBox(_ c: Int32) -> FrameBox {
        guard hit[Int(c)].flags & ViewFlags.customHitTest.rawValue == 0 else { return .empty }
        let e = children[Int(nodes[Int(c)].parent)][Int(nodes[Int(c)].indexInParent)]
        return FrameBox(x0: Double(e.x0), y0: Double(e.y0), x1: Double(e.x1), y1: Double(e.y1))
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

    /// Runs `body`, which changes child `c`'s box (its geometry, or its custom hit-test flag), then re-files `c`
    /// in `p`'s grid: in place when it stays in the same cells, else out of its old cells and into its new ones.
    func withGridRefile(of p: Int32, for c: Int32, _ body: () -> Void) {
        body()
        let g = Int(hit[Int(p)].grid)
        guard g >= 0 else { return }
        let box = gridBox(c)
        let old = spans[Int(c)]
        if !old.isBig, let s = grids[g].span(box), s == old {
            grids[g].update(ChildBox(c, box), span: s)
            return
        }
        gridRemove(c, in: p)
        gridInsert(c, in: p)
    }

    /// Re-files children `a` and `b` of `p` around `body`, which exchanges their places in `subviews`.
    func withGridReorder(of p: Int32, _ a: Int32, _ b: Int32, _ body: () -> Void) {
        guard hit[Int(p)].grid >= 0 else { return body() }
        gridRemove(a, in: p)
        gridRemove(b, in: p)
        body()
        gridInsert(a, in: p)
        gridInsert(b, in: p)
    }

    /// After many incremental edits a grid may no longer fit its children; it is dropped and rebuilt lazily.
    private func noteGridUpdate(_ p: Int32) {
        let g = Int(hit[Int(p)].grid)
        grids[g].updates += 1
        let n = Int(children[Int(p)].count)
        if grids[g].updates > 2 * n + 64 || n < Self.gridThreshold / 2 { dropGrid(of: p) }
    }
}
