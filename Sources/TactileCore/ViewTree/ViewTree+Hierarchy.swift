import Foundation

/// The hierarchy: queries and operations, with UIKit's rules for each (AG-H).
extension ViewTree {
    // MARK: - Hierarchy queries (AG-H-09)

    /// `superview`: nil for a root (a window, or a detached view).
    public func parent(of v: ViewID) throws(ViewTreeError) -> ViewID? {
        let p = nodes[Int(try slot(v))].parent
        return p < 0 ? nil : id(p)
    }

    /// `subviews`, back to front.
    public func children(of v: ViewID) throws(ViewTreeError) -> [ViewID] {
        let list = childList(try slot(v))
        return (0..<Int(list.count)).map { id(list[$0].slot) }
    }

    public func childCount(of v: ViewID) throws(ViewTreeError) -> Int { Int(childList(try slot(v)).count) }

    /// `subviews[index]`, or nil when out of range.
    public func child(at index: Int, of v: ViewID) throws(ViewTreeError) -> ViewID? {
        let list = childList(try slot(v))
        return index >= 0 && index < Int(list.count) ? id(list[index].slot) : nil
    }

    /// The index of `v` in its superview's `subviews`, or nil for a root.
    public func indexInParent(_ v: ViewID) throws(ViewTreeError) -> Int? {
        let n = nodes[Int(try slot(v))]
        return n.parent < 0 ? nil : Int(n.indexInParent)
    }

    /// The root of `v`'s hierarchy (its window, when it is in one); `v` itself for a root.
    public func root(of v: ViewID) throws(ViewTreeError) -> ViewID {
        var i = try slot(v)
        while nodes[Int(i)].parent >= 0 { i = nodes[Int(i)].parent }
        return id(i)
    }

    /// `isDescendant(of:)`: true when `v` is `ancestor` or inside its subtree.
    public func isDescendant(_ v: ViewID, of ancestor: ViewID) throws(ViewTreeError) -> Bool {
        var i = try slot(v)
        let a = try slot(ancestor)
        while i >= 0 {
            if i == a { return true }
            i = nodes[Int(i)].parent
        }
        return false
    }

    // MARK: - Hierarchy operations (AG-H-02 … AG-H-05)
    //
    // An operation that takes a subtree out of its window tells the observers first (the touch router cancels
    // the subtree's touches, which runs handlers), then validates its arguments again and does its work.

    /// `addSubview(_:)`: appends `child` as the front-most subview of `parent`, removing it from its old
    /// superview first; re-adding a current subview brings it to the front.
    public func addChild(_ child: ViewID, to parent: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        try prepareMove(child, to: parent)
        let p = try slot(parent)
        try insert(try slot(child), into: p, at: nil)
    }

    /// `insertSubview(_:at:)`: the index is clamped to 0…count (after removal from the old place).
    public func insertChild(_ child: ViewID, at index: Int, of parent: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        try prepareMove(child, to: parent)
        let p = try slot(parent)
        try insert(try slot(child), into: p, at: max(0, index))
    }

    /// `insertSubview(_:aboveSubview:)`: directly in front of `sibling`; when `sibling` is not a subview of
    /// `parent` (a stranger, `parent` itself), on top, as UIKit does (AG-H-03).
    public func insertChild(_ child: ViewID, above sibling: ViewID, of parent: ViewID) throws(ViewTreeError) {
        try insertChild(child, relativeTo: sibling, of: parent, offset: 1)
    }

    /// `insertSubview(_:belowSubview:)`: directly behind `sibling`; when `sibling` is not a subview of `parent`,
    /// on top, as UIKit does (AG-H-03).
    public func insertChild(_ child: ViewID, below sibling: ViewID, of parent: ViewID) throws(ViewTreeError) {
        try insertChild(child, relativeTo: sibling, of: parent, offset: 0)
    }

    private func insertChild(_ child: ViewID, relativeTo sibling: ViewID, of parent: ViewID, offset: Int)
        throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        _ = try slot(sibling)
        try prepareMove(child, to: parent)
        let p = try slot(parent), c = try slot(child), s = try slot(sibling)
        // UIKit is lenient: a sibling that is not a subview of the receiver (a stranger, the receiver itself)
        // puts the view on top.
        guard nodes[Int(s)].parent == p else { return try insert(c, into: p, at: nil) }
        if c == s { return }
        // Index of the sibling once the child has left (it may sit before the sibling in the same parent).
        var at = Int(nodes[Int(s)].indexInParent)
        if nodes[Int(c)].parent == p, nodes[Int(c)].indexInParent < nodes[Int(s)].indexInParent { at -= 1 }
        try insert(c, into: p, at: at + offset)
    }

    /// `removeFromSuperview()`: the view (with its whole subtree) leaves its superview; a no-op for a root.
    public func removeFromParent(_ v: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        var i = try slot(v)
        guard nodes[Int(i)].parent >= 0 else { return }
        if willLeaveWindow(i) { i = try slot(v) }
        detach(i)
    }

    /// `bringSubviewToFront(_:)`: a no-op when `child` is not a subview of `parent`.
    public func bringChildToFront(_ child: ViewID, of parent: ViewID) throws(ViewTreeError) {
        let p = try slot(parent), c = try slot(child)
        guard nodes[Int(c)].parent == p else { return }
        try insert(c, into: p, at: nil)
    }

    /// `sendSubviewToBack(_:)`: a no-op when `child` is not a subview of `parent`.
    public func sendChildToBack(_ child: ViewID, of parent: ViewID) throws(ViewTreeError) {
        let p = try slot(parent), c = try slot(child)
        guard nodes[Int(c)].parent == p else { return }
        try insert(c, into: p, at: 0)
    }

    /// `exchangeSubview(at:withSubviewAt:)`. Out-of-range indices are an error (UIKit raises).
    public func exchangeChildren(at i: Int, _ j: Int, of parent: ViewID) throws(ViewTreeError) {
        let p = try slot(parent)
        let n = Int(childList(p).count)
        guard i >= 0, i < n else { throw refuse(.indexOutOfRange(i)) }
        guard j >= 0, j < n else { throw refuse(.indexOutOfRange(j)) }
        if i == j { return }
        let list = childList(p)
        let a = list[i].slot, b = list[j].slot
        withGridReorder(of: p, a, b) {
            list.swapAt(i, j)
            nodes[Int(a)].indexInParent = Int32(j)
            nodes[Int(b)].indexInParent = Int32(i)
        }
    }

    /// Before `child` moves under `parent`: refuses a cycle; tells the observers when the child leaves its
    /// window (its root changes).
    private func prepareMove(_ child: ViewID, to parent: ViewID) throws(ViewTreeError) {
        let c = try slot(child), p = try slot(parent)
        try refuseCycle(c, under: p)
        if rootSlot(c) != rootSlot(p) { _ = willLeaveWindow(c) }
    }

    /// Throws `.cycle` when `c` is `p` or one of its ancestors.
    private func refuseCycle(_ c: Int32, under p: Int32) throws(ViewTreeError) {
        var a = p
        while a >= 0 {
            if a == c { throw refuse(.cycle) }
            a = nodes[Int(a)].parent
        }
    }

    /// Moves `c` under `p` at `index` (nil: front-most), leaving its old place first. Refuses cycles.
    private func insert(_ c: Int32, into p: Int32, at index: Int?) throws(ViewTreeError) {
        try refuseCycle(c, under: p)
        detach(c)
        let n = Int(childList(p).count)
        let at = min(index ?? n, n)
        nodes[Int(c)].parent = p
        let l = listIndex(p)  // (may grow `children`: made before the list is changed)
        children[l].insert(childBox(c), at: at)
        renumber(p, from: at)
        touch(c)
        structureVersion &+= 1
        if hit[Int(p)].grid >= 0 { gridInsert(c, in: p) }
        if children[l].count == 1 { refreshEntries(of: p) }  // no longer a leaf
    }

    /// `addChild` for `c`, a view made just now (no superview, subviews or touches): there is no cycle to
    /// refuse and no window to leave, so it is appended as `p`'s front-most subview directly (the scene builders).
    func appendNewView(_ c: Int32, to p: Int32) {
        confinement.enter()
        defer { confinement.exit() }
        nodes[Int(c)].parent = p
        let l = listIndex(p)
        nodes[Int(c)].indexInParent = children[l].count
        children[l].append(childBox(c))
        touch(c)
        structureVersion &+= 1
        if hit[Int(p)].grid >= 0 { gridInsert(c, in: p) }
        if children[l].count == 1 { refreshEntries(of: p) }  // no longer a leaf
    }

    /// Takes `c` out of its superview (no-op for a root).
    func detach(_ c: Int32) {
        let p = nodes[Int(c)].parent
        guard p >= 0 else { return }
        if hit[Int(p)].grid >= 0 { gridRemove(c, in: p) }
        let at = Int(nodes[Int(c)].indexInParent)
        children[Int(hit[Int(p)].list)].remove(at: at)
        renumber(p, from: at)
        nodes[Int(c)].parent = -1
        nodes[Int(c)].indexInParent = -1
        touch(c)
        structureVersion &+= 1
        if children[Int(hit[Int(p)].list)].count == 0 { refreshEntries(of: p) }  // a leaf again
    }

    /// Rewrites `indexInParent` of `p`'s children from `start` on.
    private func renumber(_ p: Int32, from start: Int) {
        let list = childList(p)
        for k in start..<Int(list.count) { nodes[Int(list[k].slot)].indexInParent = Int32(k) }
    }
}
