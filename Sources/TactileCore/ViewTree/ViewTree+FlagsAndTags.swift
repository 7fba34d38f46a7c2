import Foundation

/// Flags (hidden, interaction, alpha, touch delivery, custom hit-testing) and tags (AG-H-10, AG-K-04, AG-L).
extension ViewTree {
    // MARK: - Flags and tag

    public func flags(of v: ViewID) throws(ViewTreeError) -> ViewFlags { ViewFlags(rawValue: hit[Int(try slot(v))].flags) }

    /// Sets or clears `flags` on `v`.
    public func setFlags(_ flags: ViewFlags, _ on: Bool, of v: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        let i = try slot(v)
        let n = Int(i)
        let entries = flags.rawValue & Self.entryFlags != 0  // (the view's entries in its superview depend on them)
        let update = { [self] in
            if on { hit[n].flags |= flags.rawValue } else { hit[n].flags &= ~flags.rawValue }
            if entries { refreshChildBox(i) }
        }
        // A custom hit-test child is filed differently in its superview's grid, a plain leaf marked.
        let p = nodes[n].parent
        if entries, p >= 0, hit[Int(p)].grid >= 0 {
            withGridRefile(of: p, for: i) { update() }
        } else {
            update()
        }
    }

    public func tag(of v: ViewID) throws(ViewTreeError) -> Int { tag(ofSlot: try slot(v)) }

    /// Slot `i`'s tag (no lookup while no view has one).
    @inline(__always)
    func tag(ofSlot i: Int32) -> Int { tags.isEmpty ? 0 : tags[i] ?? 0 }

    public func setTag(_ tag: Int, of v: ViewID) throws(ViewTreeError) {
        let i = try slot(v)
        tags[i] = tag == 0 ? nil : tag
    }

    /// `viewWithTag(_:)` (AG-H-10): depth-first, pre-order, starting with `v` itself, in `subviews` order.
    public func view(withTag tag: Int, in v: ViewID) throws(ViewTreeError) -> ViewID? {
        func search(_ i: Int32) -> Int32 {
            if self.tag(ofSlot: i) == tag { return i }
            let list = childList(i)
            for k in 0..<Int(list.count) {
                let found = search(list[k].slot)
                if found >= 0 { return found }
            }
            return -1
        }
        let found = search(try slot(v))
        return found < 0 ? nil : id(found)
    }
}
