import CTactileCoreSupport

/// A grid over one container's children, in the container's own bounds space: the spatial index that keeps
/// hit-testing sub-linear in wide containers.
///
/// Columns and rows start uniform, then each edge between two of them moves to the nearest edge of a child (within
/// half a cell): in a regular layout — rows of a table, tiles of a grid — the cells' edges are the children's, so
/// a child lies in one cell instead of reaching over its shared edges into the cells around it (a child's box is
/// exactly the points that pass its bounds test, `ViewTree.exactHitBox(_:)`). A point's column is the uniform
/// estimate corrected against the edges, a function that never decreases as the point moves right, so a child
/// filed in the cells of its box's corners is found from any point of the box.
///
/// Each child is entered in every cell its box overlaps (children spanning more than
/// ``maxCellsPerChild`` cells go to a separate `big` list). Every cell is kept sorted by the child's index in
/// the container's `subviews`, so a query walks the candidates front-most first (AG-K-05) and stops at the first
/// hit. A cell holds each candidate's box inline (``ChildBox``), as child lists do, so the candidates a point
/// misses are passed over without reading their hit records. Cell coordinates clamp at the border, so boxes and points
/// outside the grid's extent still meet in the border cells: the grid only prunes, it never decides.
///
/// A cell holds its front-most candidate itself, and the others in a run in an arena all cells share, filled exactly
/// when the grid is built. Where two children meet, their exact boxes overlap by an ulp or two as often as not, so
/// one reaches into the other's cell; the edge between them is put on the front-more child's side, so the sliver
/// lies behind it. A point in a child's cell is then claimed by the cell's own entry, read with the cell, and the arena —
/// a second line, depending on the first — is read only when that entry does not claim it
/// (perf/results/hittest-inline-2026-11-29.md). A cell that outgrows its run's room moves the run to the arena's end
/// with twice the room; the run it leaves is waste until the tree rebuilds the grid. (One list per cell, at least four
/// entries each, took 189 bytes per child; cells on uniform edges with padded boxes 100–160, each tile of a regular
/// layout in nine cells; on the children's edges, about 33: perf/results/hittest-compact-2026-11-27.md and
/// perf/results/viewtree-memory-2026-11-28.md.)
struct ChildGrid {
    static let maxCellsPerChild = 16
    static let cellsPerChild = 1.0

    /// One cell: its front-most entry (``ChildBox/vacant`` while it has none), then where the run of the others
    /// (in subview order) starts in the arena, the cell's count of entries (the front-most included) and the run's
    /// room. 32 bytes: two to a cache line.
    struct Cell: BitwiseCopyable {
        var front = ChildBox.vacant
        var start: UInt32 = 0, count: UInt32 = 0, room: UInt32 = 0

        /// The run of the entries behind the front-most.
        @inline(__always)
        func behind(in arena: UnsafeMutablePointer<ChildBox>) -> (entries: UnsafeMutablePointer<ChildBox>, count: Int) {
            (arena + Int(start), max(Int(count), 1) - 1)
        }
    }

    var x0: Double, y0: Double, invW: Double, invH: Double
    var nx: Int, ny: Int
    /// The columns' edges (`nx + 1`), then the rows' (`ny + 1`): column c holds the x with
    /// `edges[c] ≤ x < edges[c + 1]`. The first is −∞ and the last NaN, which no comparison passes: the border
    /// cells reach to infinity either way.
    var edges: UnsafeMutablePointer<Double>
    var cells: UnsafeMutablePointer<Cell>
    /// The cells' entries behind their front-most; `used` of `arenaCapacity` are taken by runs (live or abandoned).
    var arena: UnsafeMutablePointer<ChildBox>
    var used = 0, arenaCapacity = 0
    /// Entries in runs that cells have moved out of.
    var wasted = 0
    var big = IndexList()
    /// Incremental updates since the grid was built; the tree rebuilds it after too many.
    var updates = 0

    /// A grid for children whose boxes lie within (minX, minY)–(maxX, maxY), filed with `children` (slot and box,
    /// in subview order; plain leaves marked). `span` receives each child's cells.
    ///
    /// About one cell per child, each shaped like the average child, so a regular layout — rows of a table, tiles
    /// of a grid — gets one cell per child, its edges then moved onto theirs. Measured on an Intel Xeon (family 6,
    /// model 207) against square cells, two per child: 0.79× the time per query on the 10^4-view grid scene, 0.87× on
    /// the phone, 0.95× on the list, 0.97–0.99× on random scenes (perf/results/hittest-compact-2026-11-27.md,
    /// "Cells shaped like the children"). A quarter of a cell per child with its edges shifted off the children's
    /// (2.25 entries per child) took 1.30× the time per 10^4 query: a point then has nine candidates to tell apart.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double,
         children: [(slot: Int32, box: FrameBox, plainLeaf: Bool)], span: (Int32, GridSpan) -> Void) {
        let w = max(maxX - minX, 1e-9), h = max(maxY - minY, 1e-9)
        let target = max(1, Double(children.count) * Self.cellsPerChild)
        // Cells shaped like the average child: as many columns against rows as average children fit across
        // against down (a list of full-width rows gets one column). NaN with infinite extents: a square grid then.
        var sumW = 0.0, sumH = 0.0
        for c in children where c.box.x0 <= c.box.x1 && c.box.y0 <= c.box.y1 {
            sumW += c.box.x1 - c.box.x0
            sumH += c.box.y1 - c.box.y0
        }
        let shaped = (w / sumW) / (h / sumH)
        let ratio = shaped.isFinite && shaped > 0 ? shaped : w / h
        let side = ratio.isNaN ? target.squareRoot() : (target * ratio).squareRoot()
        nx = Int(min(max(side.rounded(), 1), 1024))
        ny = Int(min(max((target / Double(nx)).rounded(), 1), 1024))
        invW = Double(nx) / w
        invH = Double(ny) / h
        x0 = minX
        y0 = minY
        edges = .allocate(capacity: nx + ny + 2)
        Self.snapEdges(edges, nx, minX, invW, children.lazy.map { ($0.box.x0, $0.box.x1) })
        Self.snapEdges(edges + nx + 1, ny, minY, invH, children.lazy.map { ($0.box.y0, $0.box.y1) })
        cells = .allocate(capacity: nx * ny)
        cells.initialize(repeating: Cell(), count: nx * ny)
        arena = .allocate(capacity: 1)  // replaced once the runs are counted
        // Count each cell's entries, lay the runs (all but the front-most entry) out back to back, then fill the cells
        // in subview order.
        let spans = children.map { self.span($0.box) }
        for s in spans { if let s { forEachCell(s) { cells[$0].count += 1 } } }
        for c in 0..<(nx * ny) {
            cells[c].room = max(cells[c].count, 1) - 1
            cells[c].count = 0
            cells[c].start = UInt32(used)
            used += Int(cells[c].room)
        }
        arena.deallocate()
        arenaCapacity = max(used, 1)
        arena = .allocate(capacity: arenaCapacity)
        for (k, child) in children.enumerated() {
            guard let s = spans[k] else {
                big.append(child.slot)
                span(child.slot, .big)
                continue
            }
            let entry = ChildBox(child.slot, child.box, plainLeaf: child.plainLeaf)
            forEachCell(s) { c in
                if cells[c].count > 0 { arena[Int(cells[c].start + cells[c].count) - 1] = cells[c].front }
                cells[c].front = entry  // the latest in subview order is the front-most
                cells[c].count += 1
            }
            span(child.slot, s)
        }
    }

    /// Writes the `n + 1` edges of one axis to `edges`: −∞, the uniform inner edges `lo + k / inv` each moved to
    /// the nearest end of a child's box (a box's first point or the first point after it) less than half a cell
    /// away, and NaN. Edges never decrease (an edge that would is kept at the one before: an empty column).
    ///
    /// Where children meet, their ends and starts are offered a little apart (exact boxes overlap or leave a gap of
    /// an ulp or two, padded ones overlap by their padding, which varies with the coordinates). Among the offers
    /// within 1/8 of a cell of the nearest one, the edge goes to the side of the front-more children (`spans` are in
    /// subview order): the lowest start when a child starting there is later than every child ending there (a row
    /// or a table laid out in order), else the highest end. A point of an overlap then falls in the cell of the
    /// front-more child, which claims it, and the other's sliver lies behind that child's entry.
    private static func snapEdges(_ edges: UnsafeMutablePointer<Double>, _ n: Int, _ lo: Double, _ inv: Double,
                                  _ spans: some Sequence<(Double, Double)>) {
        edges[0] = -.infinity
        edges[n] = .nan
        guard n > 1 else { return }
        let ends = spans.lazy.filter { $0.0 <= $0.1 && $0.0.isFinite && $0.1.isFinite }.map { ($0.0, $0.1.nextUp) }
        // The uniform edge an end offers itself to, and how far from it the end is.
        func target(_ v: Double) -> (k: Int, distance: Double)? {
            let u = ((v - lo) * inv).rounded()
            guard u >= 1, u < Double(n) else { return nil }
            return (Int(u), abs(v - (lo + u / inv)))
        }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * n) { scratch in
            let distance = scratch.baseAddress!, lowestStart = distance + n, highestEnd = lowestStart + n
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { owners in
                let startOwner = owners.baseAddress!, endOwner = startOwner + n
                for k in 1..<n {
                    edges[k] = lo + Double(k) / inv
                    distance[k] = 0.5 / inv
                    lowestStart[k] = .infinity
                    highestEnd[k] = -.infinity
                    startOwner[k] = -1
                    endOwner[k] = -1
                }
                // First the nearest end to each uniform edge (one pass, no sort), then the ends meeting there.
                func nearest(_ v: Double) {
                    if let (k, d) = target(v), d < distance[k] { distance[k] = d; edges[k] = v }
                }
                for (a, b) in ends {
                    nearest(a)
                    nearest(b)
                }
                let meeting = 0.125 / inv
                for (child, (a, b)) in ends.enumerated() {
                    if let (k, _) = target(a), abs(a - edges[k]) <= meeting {
                        lowestStart[k] = min(lowestStart[k], a)
                        startOwner[k] = child
                    }
                    if let (k, _) = target(b), abs(b - edges[k]) <= meeting {
                        highestEnd[k] = max(highestEnd[k], b)
                        endOwner[k] = child
                    }
                }
                for k in 1..<n where startOwner[k] >= 0 || endOwner[k] >= 0 {
                    edges[k] = startOwner[k] > endOwner[k] ? lowestStart[k] : highestEnd[k]
                }
            }
        }
        for k in 2..<n { edges[k] = max(edges[k], edges[k - 1]) }
    }

    /// A copy in its own memory (cells, arena and the big list).
    func copy() -> ChildGrid {
        var c = self
        c.edges = .allocate(capacity: nx + ny + 2)
        c.edges.initialize(from: edges, count: nx + ny + 2)
        c.cells = .allocate(capacity: nx * ny)
        c.cells.initialize(from: cells, count: nx * ny)
        c.arena = .allocate(capacity: arenaCapacity)
        c.arena.initialize(from: arena, count: used)
        c.big = big.copy()
        return c
    }

    /// Makes this grid a copy of `other` in the memory it has (`ViewTree.restore(from:)`: a restored grid is
    /// usually the same shape as before), or in new memory when the shapes differ or the arena is too small.
    mutating func assign(_ other: ChildGrid) {
        guard nx == other.nx, ny == other.ny, arenaCapacity >= other.used else {
            deallocate()
            self = other.copy()
            return
        }
        let (edges, cells, arena, capacity, big) = (edges, cells, arena, arenaCapacity, big)
        self = other
        self.edges = edges; self.cells = cells; self.arena = arena; arenaCapacity = capacity; self.big = big
        edges.update(from: other.edges, count: nx + ny + 2)
        cells.update(from: other.cells, count: nx * ny)
        arena.update(from: other.arena, count: used)
        self.big.assign(other.big)
    }

    func deallocate() {
        edges.deallocate()
        cells.deallocate()
        arena.deallocate()
        var big = big
        big.deallocate()
    }

    var bytes: Int { (nx + ny + 2) * 8 + nx * ny * MemoryLayout<Cell>.stride + arenaCapacity * MemoryLayout<ChildBox>.stride + big.bytes }

    /// The cell holding (x, y).
    @inline(__always)
    func cell(_ x: Double, _ y: Double) -> UnsafeMutablePointer<Cell> {
        cells + (cellY(y) * nx + cellX(x))
    }

    /// Entry `k` of cell `c` in subview order (`k < count`).
    @inline(__always)
    private func entry(_ c: Int, _ k: Int) -> ChildBox {
        k == Int(cells[c].count) - 1 ? cells[c].front : arena[Int(cells[c].start) + k]
    }

    /// The column of x: the uniform estimate, corrected against the edges (NaN → 0).
    @inline(__always)
    func cellX(_ x: Double) -> Int { Self.correct(tactile_grid_cell((x - x0) * invW, nx - 1), x, edges) }

    /// The row of y (NaN → 0).
    @inline(__always)
    func cellY(_ y: Double) -> Int { Self.correct(tactile_grid_cell((y - y0) * invH, ny - 1), y, edges + nx + 1) }

    /// The c with `edges[c] ≤ v < edges[c + 1]`, from an estimate; the estimate is off by at most one where no
    /// rounding of huge coordinates intervenes.
    @inline(__always)
    private static func correct(_ estimate: Int, _ v: Double, _ edges: UnsafeMutablePointer<Double>) -> Int {
        var c = estimate
        while v < edges[c] { c -= 1 }
        while v >= edges[c + 1] { c += 1 }
        return c
    }

    /// The cells a box covers, or nil when it belongs in the `big` list.
    func span(_ box: FrameBox) -> GridSpan? {
        guard box.x0 <= box.x1, box.y0 <= box.y1 else { return nil }
        let s = GridSpan(cx0: Int16(cellX(box.x0)), cy0: Int16(cellY(box.y0)),
                         cx1: Int16(cellX(box.x1)), cy1: Int16(cellY(box.y1)))
        return s.cellCount <= Self.maxCellsPerChild ? s : nil
    }

    @inline(__always)
    private func forEachCell(_ s: GridSpan, _ body: (Int) -> Void) {
        for cy in Int(s.cy0)...Int(s.cy1) {
            for cx in Int(s.cx0)...Int(s.cx1) { body(cy * nx + cx) }
        }
    }

    /// Enters `child` (with frame box `box`) keeping every cell sorted by `position`. Returns its span.
    mutating func insert(_ child: Int32, box: FrameBox, plainLeaf: Bool, position: (Int32) -> Int32) -> GridSpan {
        let p = position(child)
        guard let s = span(box) else {
            var lo = 0, hi = Int(big.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if position(big[mid]) < p { lo = mid + 1 } else { hi = mid }
            }
            big.insert(child, at: lo)
            return .big
        }
        let entry = ChildBox(child, box, plainLeaf: plainLeaf)
        for cy in Int(s.cy0)...Int(s.cy1) {
            for cx in Int(s.cx0)...Int(s.cx1) {
                let c = cy * nx + cx
                let n = Int(cells[c].count)
                if n == 0 {
                    cells[c].front = entry
                    cells[c].count = 1
                    continue
                }
                if n - 1 == Int(cells[c].room) { moveToEnd(c) }
                var lo = 0, hi = n
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if position(self.entry(c, mid).slot) < p { lo = mid + 1 } else { hi = mid }
                }
                // The run holds entries 0 ..< n - 1; entry n - 1 is the front.
                let run = arena + Int(cells[c].start)
                if lo == n {
                    run[n - 1] = cells[c].front
                    cells[c].front = entry
                } else {
                    (run + lo + 1).update(from: run + lo, count: n - 1 - lo)
                    run[lo] = entry
                }
                cells[c].count += 1
            }
        }
        return s
    }

    /// Removes `child`, entered with span `s`.
    mutating func remove(_ child: Int32, span s: GridSpan) {
        if s.isBig {
            big.remove(child)
            return
        }
        forEachCell(s) { c in
            let run = arena + Int(cells[c].start), n = Int(cells[c].count)
            guard let k = (0..<n).first(where: { entry(c, $0).slot == child }) else { return }
            if k == n - 1 {
                cells[c].front = n > 1 ? run[n - 2] : .vacant
            } else {
                (run + k).update(from: run + k + 1, count: n - 2 - k)
            }
            cells[c].count -= 1
        }
    }

    /// Gives cell `c` twice its room (at least 4) at the arena's end; its old run becomes waste.
    private mutating func moveToEnd(_ c: Int) {
        let room = max(4, Int(cells[c].room) * 2)
        if used + room > arenaCapacity {
            let capacity = max(arenaCapacity * 2, used + room)
            let grown = UnsafeMutablePointer<ChildBox>.allocate(capacity: capacity)
            grown.initialize(from: arena, count: used)
            arena.deallocate()
            arena = grown
            arenaCapacity = capacity
        }
        let run = cells[c].behind(in: arena)
        (arena + used).initialize(from: run.entries, count: run.count)
        wasted += Int(cells[c].room)
        cells[c].start = UInt32(used)
        cells[c].room = UInt32(room)
        used += room
    }
}

/// A child as its superview's child list and grid cells hold it: its slot and its frame box in Float32,
/// rounded outward. The box contains the exact (Double) one, so a point outside it misses the child: the search
/// skips such entries without reading the child's hit record (a cache line each) and decides the others exactly.
/// A child with a custom hit-test has an unbounded box (its override may claim any point).
///
/// A *plain leaf* (``isPlainLeaf``) is decided from its entry when the point lies well inside the box
/// (``surelyContains(_:_:)``): its record would only confirm the hit.
struct ChildBox: BitwiseCopyable {
    /// The slot, with the sign bit set for a plain leaf.
    private var raw: Int32
    var x0: Float, y0: Float, x1: Float, y1: Float

    @inline(__always)
    var slot: Int32 { raw & Int32.max }

    /// A view with no subviews, the identity transform, no flag that excludes it or hands it to a custom hit-test,
    /// and center, bounds origin and size within ±``plainLeafLimit``: a point inside its frame hits it.
    @inline(__always)
    var isPlainLeaf: Bool { raw < 0 }

    /// No child: a box no point lies in (an empty cell's front entry).
    static let vacant = ChildBox(0, .empty)

    static func unbounded(_ slot: Int32) -> ChildBox {
        ChildBox(slot, FrameBox(x0: -.infinity, y0: -.infinity, x1: .infinity, y1: .infinity))
    }

    init(_ slot: Int32, _ box: FrameBox, plainLeaf: Bool = false) {
        raw = plainLeaf ? slot | Int32.min : slot
        x0 = Self.down(box.x0); y0 = Self.down(box.y0)
        x1 = Self.up(box.x1); y1 = Self.up(box.y1)
    }

    /// The same box for the view `by` slots further on (a copied scene, `SceneTemplates`).
    func shifted(by slots: Int32) -> ChildBox {
        var b = self
        b.raw = (raw & Int32.min) | (slot + slots)
        return b
    }

    /// The largest Float not above `v` (NaN stays NaN: it contains nothing, like the exact box).
    static func down(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) > v ? f.nextDown : f
    }

    /// The smallest Float not below `v`.
    static func up(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) < v ? f.nextUp : f
    }

    /// False only when the exact box cannot contain the point either. `x` and `y` are the point's Double
    /// coordinates rounded to Float: rounding is monotonic and the box's edges are Floats, so a point inside the
    /// box in Double stays inside in Float (no conversion per candidate; a point just outside may pass, and is
    /// then decided exactly).
    @inline(__always)
    func mayContain(_ x: Float, _ y: Float) -> Bool {
        x >= x0 && x <= x1 && y >= y0 && y <= y1
    }

    /// Coordinates (center, bounds origin and size) a plain leaf stays within: 2^15 points.
    static let plainLeafLimit = 32_768.0

    /// The margin inside a plain leaf's box beyond which a point surely hits it: 1/8 point. Within the limit the
    /// frame's edges lie within 1.5·2^15, so the box's padding (10^-6·(1 + magnitude) ≤ 0.05), its outward rounding
    /// to Float (≤ 2^-8), the point's and this test's roundings (≤ 2^-9 each) and the exact test's (Double, ~10^-10)
    /// add up to under 0.06.
    static let plainLeafMargin: Float = 0.125

    /// True only when the exact frame contains the point (`x`, `y`: the point rounded to Float), for a plain leaf's
    /// entry: the point lies inside the box by ``plainLeafMargin``. Points nearer an edge are decided exactly.
    @inline(__always)
    func surelyContains(_ x: Float, _ y: Float) -> Bool {
        x >= x0 + Self.plainLeafMargin && x <= x1 - Self.plainLeafMargin
            && y >= y0 + Self.plainLeafMargin && y <= y1 - Self.plainLeafMargin
    }
}

/// The cells a child occupies in its container's grid (inclusive), or `big`.
struct GridSpan: BitwiseCopyable, Equatable {
    /// Cell coordinates: a grid has at most 1,024 cells a side.
    var cx0: Int16, cy0: Int16, cx1: Int16, cy1: Int16
    static let big = GridSpan(cx0: -1, cy0: -1, cx1: -1, cy1: -1)
    static let none = GridSpan(cx0: -2, cy0: -2, cx1: -2, cy1: -2)
    var isBig: Bool { cx0 == -1 }
    var cellCount: Int { (Int(cx1) - Int(cx0) + 1) * (Int(cy1) - Int(cy0) + 1) }
}

/// A view's frame box in its superview's bounds space, padded outward so that rounding can never make the box
/// reject a point the exact test accepts. Empty (x0 > x1) for a view no point can hit.
struct FrameBox: BitwiseCopyable {
    var x0: Double, y0: Double, x1: Double, y1: Double
    static let empty = FrameBox(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)
}
