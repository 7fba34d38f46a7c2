import Foundation

/// Window space, cached lazily: view→window transforms and window-space boxes, and `convert` (AG-J-09).
extension ViewTree {
    // MARK: - Window space (cached lazily)

    /// The transform from `v`'s bounds space to its root's (window's) bounds space.
    public func windowTransform(of v: ViewID) throws(ViewTreeError) -> Affine2D {
        toWindow(try slot(v))
    }

    /// The bounding box of `v`'s bounds in its window's space.
    public func windowBoundingBox(of v: ViewID) throws(ViewTreeError) -> CGRect {
        let i = try slot(v)
        _ = toWindow(i)
        return cachedBox(i)
    }

    /// ``windowTransform(of:)`` and ``windowBoundingBox(of:)`` in one cache lookup (the fuzzers' cache check).
    package func windowTransformAndBox(of v: ViewID) throws(ViewTreeError) -> (transform: Affine2D, box: CGRect) {
        let i = try slot(v)
        let t = toWindow(i)
        return (t, cachedBox(i))
    }

    /// Maps a point from `v`'s superview space (the screen, for a window) into `v`'s bounds space.
    package func convertFromSuperviewSpace(_ x: Double, _ y: Double, of v: ViewID) throws(ViewTreeError) -> (x: Double, y: Double) {
        toLocal(try slot(v)).apply(x, y)
    }

    /// `convert(_:from:)` / `convert(_:to:)`: maps `point` from `from`'s bounds space to `to`'s. Views in
    /// different hierarchies meet in their roots' common space (the screen, for windows).
    public func convert(_ point: CGPoint, from: ViewID, to: ViewID) throws(ViewTreeError) -> CGPoint {
        let f = try slot(from), t = try slot(to)
        var up = toWindow(f)
        var down = toWindow(t)
        let rf = rootSlot(f), rt = rootSlot(t)
        if rf != rt {
            up = up.concatenating(localToParent(rf))
            down = down.concatenating(localToParent(rt))
        }
        guard let inverse = down.inverted() else {
            return CGPoint(x: Double.nan, y: Double.nan)
        }
        return inverse.apply(up.apply(point))
    }

    func rootSlot(_ i: Int32) -> Int32 {
        var r = i
        while nodes[Int(r)].parent >= 0 { r = nodes[Int(r)].parent }
        return r
    }

    private func localToParent(_ i: Int32) -> Affine2D { viewGeometry(i).localToParent }

    /// The cached view→window transform, recomputed when this view or an ancestor changed since. Its record is
    /// made the first time (most views are never converted).
    private func toWindow(_ i: Int32) -> Affine2D {
        let n = Int(i)
        let w = nodes[n].world
        if w >= 0 {
            let cachedAt = world[Int(w)].cachedAt
            if cachedAt != 0 {
                // Nothing changed anywhere since it was last known valid: no walk (conversions between changes).
                if world[Int(w)].validAt == lastChange { return world[Int(w)].toWindow }
                // Valid when no view from here to the root changed since it was computed. The walk stops early at
                // an ancestor whose record is known valid now and is older: nothing above it changed since either
                // (a walk over a subtree, parents first, takes one step per view).
                var valid = true
                var a = i
                while a >= 0 {
                    if nodes[Int(a)].changedAt >= cachedAt { valid = false; break }
                    let aw = nodes[Int(a)].world
                    if aw >= 0, world[Int(aw)].validAt == lastChange, world[Int(aw)].cachedAt != 0,
                       world[Int(aw)].cachedAt <= cachedAt { break }
                    a = nodes[Int(a)].parent
                }
                if valid {
                    world[Int(w)].validAt = lastChange
                    return world[Int(w)].toWindow
                }
            }
        }
        let p = nodes[n].parent
        let transform = p < 0 ? Affine2D.identity : localToParent(i).concatenating(toWindow(p))
        let g = hit[n]
        let box = transform.boundingBox(of: CGRect(x: g.ox, y: g.oy, width: g.w, height: g.h))
        epoch &+= 1
        let record = WorldRecord(toWindow: transform,
                                 box: FrameBox(x0: Double(box.minX), y0: Double(box.minY), x1: Double(box.maxX), y1: Double(box.maxY)),
                                 cachedAt: epoch, validAt: lastChange)
        if w >= 0 {
            world[Int(w)] = record
        } else {
            nodes[n].world = Int32(world.count)
            world.append(record)
        }
        return transform
    }

    /// `i`'s window-space box; `toWindow(i)` must have run just before.
    private func cachedBox(_ i: Int32) -> CGRect {
        let b = world[Int(nodes[Int(i)].world)].box
        return CGRect(x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0)
    }
}
