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
        // Without a per-query override, no closure for `with` (about 40 instructions of a 500-instruction query).
        guard custom == nil else { return with(custom) { hitTest(at: r, point) } }
        confinement.enter()
        defer { confinement.exit() }
        return hitTest(at: r, point)
    }

    /// A query from slot `r` with the installed ``customHitTest``; `point` is finite.
    @inline(__always)
    private func hitTest(at r: Int32, _ point: CGPoint) -> ViewID? {
        if let custom = customHitTest, hit[Int(r)].flags & ViewFlags.customHitTest.rawValue != 0 {
            return custom(id(r), point)
        }
        return resolve(search(r, Double(point.x), Double(point.y)))
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
        // A view without subviews has no child list (list < 0): nothing to search (found by the gesture fuzzer:
        // reading the list at -1 was out of bounds).
        guard (hit.base + Int(v)).pointee.list >= 0 else { return nil }
        return with(custom) { resolve(searchChildren(v, x, y)) }
    }

    /// Hit-tests a batch of points in one root; `results[i]` is nil for a miss.
    public func hitTest(_ points: [CGPoint], in root: ViewID, custom: CustomHitTest? = nil) throws(ViewTreeError) -> [ViewID?] {
        let r = try slot(root)
        return with(custom) {
            points.map { p in p.x.isFinite && p.y.isFinite ? hitTest(at: r, p) : nil }
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
    @inline(__always)
    private func search(_ i: Int32, _ x: Double, _ y: Double) -> Int32 {
        let rec = hit.base + Int(i)
        if rec.pointee.flags & ViewFlags.excludedFromHitTesting.rawValue != 0 { return -1 }
        let b = rec.pointee.bounds
        guard x >= b.x.min, x < b.x.max, y >= b.y.min, y < b.y.max else { return -1 }
        if rec.pointee.list < 0 { return i }
        let found = searchChildren(i, x, y)
        return found == -1 ? i : found
    }

    /// The front-most hit among `i`'s children for (x, y) in `i`'s bounds space; -1 when none claims it.
    /// (The entry loop is inlined here once: with a copy per path the compiler outlined it, a call per level.)
    private func searchChildren(_ i: Int32, _ x: Double, _ y: Double) -> Int32 {
        let rec = hit.base + Int(i)
        let list = children.base[Int(rec.pointee.list)]
        let n = Int(list.count)
        if n == 0 { return -1 }
        // The candidates: the front-most, then `count` more behind it (in subview order).
        let front: ChildBox, behind: UnsafeMutablePointer<ChildBox>, count: Int
        if n >= Self.gridThreshold || rec.pointee.grid >= 0 {  // (with a grid, the list's boxes may be stale)
            if rec.pointee.grid < 0 { buildGrid(i) }
            let grid = grids.base + Int(rec.pointee.grid)
            let cell = grid.pointee.cell(x, y)
            if grid.pointee.big.count != 0 { return searchMerged(cell.pointee, grid.pointee.arena, grid.pointee.big, x, y) }
            front = cell.pointee.front  // the usual case: the cell alone (vacant when it is empty)
            (behind, count) = cell.pointee.behind(in: grid.pointee.arena)
        } else {
            let entries = list.base.unsafelyUnwrapped
            (front, behind, count) = (entries[n - 1], entries, n - 1)
        }
        return searchEntries(front, behind, count, x, y)
    }

    /// A grid cell's candidates merged with the grid's `big` list (children spanning too many cells), front-most
    /// (highest subview index) first.
    @inline(never)
    private func searchMerged(_ cell: ChildGrid.Cell, _ arena: UnsafeMutablePointer<ChildBox>, _ big: IndexList,
                              _ x: Double, _ y: Double) -> Int32 {
        var a = Int(cell.count) - 1, b = Int(big.count) - 1
        let xf = Float(x), yf = Float(y)
        let node = nodes.base
        func entry(_ k: Int) -> ChildBox { k == Int(cell.count) - 1 ? cell.front : arena[Int(cell.start) + k] }
        while a >= 0 || b >= 0 {
            let next: ChildBox
            if b < 0 || (a >= 0 && node[Int(entry(a).slot)].indexInParent > node[Int(big[b])].indexInParent) {
                next = entry(a); a -= 1
            } else {
                next = .unbounded(big[b]); b -= 1  // (the list's boxes may be stale while there is a grid)
            }
            guard next.mayContain(xf, yf) else { continue }
            let found = enter(next, x, y, xf, yf)
            if found != -1 { return found }
        }
        return -1
    }

    /// The first of `front`, then `behind[count - 1]` down to `behind[0]` (entries in reverse subview order) that
    /// claims (x, y), given in their superview's bounds space; -1 when none does. Entries whose box cannot contain
    /// the point are passed over unread.
    @inline(__always)
    private func searchEntries(_ front: ChildBox, _ behind: UnsafeMutablePointer<ChildBox>, _ count: Int,
                               _ x: Double, _ y: Double) -> Int32 {
        let xf = Float(x), yf = Float(y)
        var entry = front, k = count
        while true {
            if entry.mayContain(xf, yf) {
                let found = enter(entry, x, y, xf, yf)
                if found != -1 { return found }
            }
            if k == 0 { return -1 }
            k -= 1
            entry = behind[k]
        }
    }

    /// Asks the child of `entry`, whose box may contain (x, y) (given in its superview's bounds space; `xf`, `yf`
    /// rounded to Float). A plain leaf the point lies well inside is the hit: its record is not read.
    @inline(__always)
    private func enter(_ entry: ChildBox, _ x: Double, _ y: Double, _ xf: Float, _ yf: Float) -> Int32 {
        let c = entry.slot
        if entry.isPlainLeaf, entry.surelyContains(xf, yf) { return c }
        let rec = hit.base + Int(c)
        if rec.pointee.flags & ViewFlags.customHitTest.rawValue != 0, let custom = customHitTest {
            let p = toLocal(c).apply(x, y)
            guard let v = custom(id(c), CGPoint(x: p.x, y: p.y)) else { return -1 }
            customResult = v
            return -2
        }
        let t = rec.pointee.transform
        if t < 0 {
            let offset = rec.pointee.offset
            return search(c, x + offset.tx, y + offset.ty)
        }
        let p = transforms.base[Int(t)].toLocal.apply(x, y)
        return search(c, p.x, p.y)
    }
}
