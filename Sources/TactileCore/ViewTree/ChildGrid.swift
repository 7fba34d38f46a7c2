/// A uniform grid over one container's children, in the container's own bounds space: the spatial index that
/// keeps hit-testing sub-linear in wide containers.
///
/// Each child is entered in every cell its frame box overlaps (children spanning more than
/// ``maxCellsPerChild`` cells go to a separate `big` list). Every list is kept sorted by the child's index in
/// the container's `subviews`, so a query walks the candidates front-most first (AG-K-05) and stops at the first
/// hit. A cell holds each candidate's box inline (``ChildBox``), as child lists do, so the candidates a point
/// misses are passed over without reading their hit records. Cell coordinates clamp at the border, so boxes and points
/// outside the grid's extent still meet in the border cells: the grid only prunes, it never decides.
struct ChildGrid {
    static let maxCellsPerChild = 16
    static let cellsPerChild = 2

    var x0: Double, y0: Double, invW: Double, invH: Double
    var nx: Int, ny: Int
    var cells: UnsafeMutablePointer<PackedList<ChildBox>>
    var big = IndexList()
    /// Incremental updates since the grid was built; the tree rebuilds it after too many.
    var updates = 0

    /// A grid for children whose boxes lie within (minX, minY)–(maxX, maxY), with about two cells per child
    /// (measured with perf/profile-hittest: against half a cell per child, 2 cut the grid search's
    /// instructions by 15%; 4 gained nothing more and cost 17% more memory).
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, childCount: Int) {
        let w = max(maxX - minX, 1e-9), h = max(maxY - minY, 1e-9)
        let target = Double(max(1, childCount * Self.cellsPerChild))
        let ratio = w / h  // NaN when both are infinite: a square grid then
        let side = ratio.isNaN ? target.squareRoot() : (target * ratio).squareRoot()
        nx = Int(min(max(side.rounded(), 1), 1024))
        ny = Int(min(max((target / Double(nx)).rounded(), 1), 1024))
        x0 = minX
        y0 = minY
        invW = Double(nx) / w
        invH = Double(ny) / h
        cells = .allocate(capacity: nx * ny)
        cells.initialize(repeating: PackedList(), count: nx * ny)
    }

    /// A copy in its own memory (cells and the big list deep-copied).
    func copy() -> ChildGrid {
        var c = self
        c.cells = .allocate(capacity: nx * ny)
        for i in 0..<(nx * ny) { (c.cells + i).initialize(to: cells[i].copy()) }
        c.big = big.copy()
        return c
    }

    func deallocate() {
        for i in 0..<(nx * ny) { cells[i].deallocate() }
        cells.deallocate()
        var big = big
        big.deallocate()
    }

    var bytes: Int {
        var total = nx * ny * MemoryLayout<PackedList<ChildBox>>.stride + big.bytes
        for i in 0..<(nx * ny) { total += cells[i].bytes }
        return total
    }

    @inline(__always)
    func cellX(_ x: Double) -> Int {
        let f = (x - x0) * invW
        return !(f >= 1) ? 0 : (f >= Double(nx - 1) ? nx - 1 : Int(f))  // NaN → 0
    }

    @inline(__always)
    func cellY(_ y: Double) -> Int {
        let f = (y - y0) * invH
        return !(f >= 1) ? 0 : (f >= Double(ny - 1) ? ny - 1 : Int(f))
    }

    /// The cells a box covers, or nil when it belongs in the `big` list.
    func span(_ box: FrameBox) -> GridSpan? {
        guard box.x0 <= box.x1, box.y0 <= box.y1 else { return nil }
        let s = GridSpan(cx0: Int16(cellX(box.x0)), cy0: Int16(cellY(box.y0)),
                         cx1: Int16(cellX(box.x1)), cy1: Int16(cellY(box.y1)))
        return s.cellCount <= Self.maxCellsPerChild ? s : nil
    }

    /// Enters `child` (with frame box `box`) keeping every list sorted by `position`. Returns its span.
    mutating func insert(_ child: Int32, box: FrameBox, position: (Int32) -> Int32) -> GridSpan {
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
        let entry = ChildBox(child, box)
        for cy in Int(s.cy0)...Int(s.cy1) {
            for cx in Int(s.cx0)...Int(s.cx1) {
                let cell = cells + (cy * nx + cx)
                var lo = 0, hi = Int(cell.pointee.count)
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if position(cell.pointee[mid].slot) < p { lo = mid + 1 } else { hi = mid }
                }
                cell.pointee.insert(entry, at: lo)
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
        for cy in Int(s.cy0)...Int(s.cy1) {
            for cx in Int(s.cx0)...Int(s.cx1) {
                let cell = cells + (cy * nx + cx)
                if let k = cell.pointee.index(ofSlot: child) { cell.pointee.remove(at: k) }
            }
        }
    }
}

extension PackedList where Element == ChildBox {
    func index(ofSlot slot: Int32) -> Int? {
        for i in 0..<Int(count) where self[i].slot == slot { return i }
        return nil
    }
}

/// A child as its superview's child list and grid cells hold it: its slot and its frame box in Float32,
/// rounded outward. The box contains the exact (Double) one, so a point outside it misses the child: the search
/// skips such entries without reading the child's hit record (a cache line each) and decides the others exactly.
/// A child with a custom hit-test has an unbounded box (its override may claim any point).
struct ChildBox: BitwiseCopyable {
    var slot: Int32
    var x0: Float, y0: Float, x1: Float, y1: Float

    static func unbounded(_ slot: Int32) -> ChildBox {
        ChildBox(slot, FrameBox(x0: -.infinity, y0: -.infinity, x1: .infinity, y1: .infinity))
    }

    init(_ slot: Int32, _ box: FrameBox) {
        self.slot = slot
        x0 = Self.down(box.x0); y0 = Self.down(box.y0)
        x1 = Self.up(box.x1); y1 = Self.up(box.y1)
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

    /// False only when the exact box cannot contain (x, y) either.
    @inline(__always)
    func mayContain(_ x: Double, _ y: Double) -> Bool {
        x >= Double(x0) && x <= Double(x1) && y >= Double(y0) && y <= Double(y1)
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
