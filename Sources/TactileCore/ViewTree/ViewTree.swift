import Foundation
import HeapModule
import Synchronization

/// Told by a ``ViewTree`` before a subtree leaves its window — removed from its superview, moved under
/// another root, destroyed — while the views are still there (the touch router cancels their touches).
package protocol ViewTreeObserver: AnyObject {
    /// `root`'s subtree is about to leave its window. True when the observer ran code that may have changed
    /// the tree (handlers), so the tree validates the operation again.
    func subtreeWillLeaveWindow(_ root: ViewID) -> Bool
}

/// The packed view tree: every view of every window in flat, manually managed columns, addressed by
/// generation-checked ``ViewID``s.
///
/// - Hierarchy: parent, ordered children (z-order is the `subviews` order, last is front-most, AG-H-02, AG-K-05).
/// - Geometry and hit-testing data per view: one cache line (`HitRecord`) with center and bounds as UIKit states
///   them (``ViewGeometry``; the transform, when it is not the identity, and the superview→local conversion
///   derived from it in a side table), flags and child list; the tag, rarely set, in a side table. Derived on
///   every geometry change: its frame box, held in Float32 beside it in its superview's child list (`ChildBox`), so
///   the search passes over the children a point misses without reading their records (and decides a plain
///   leaf the point lies well inside from the box alone). Wide containers get a grid (`ChildGrid`) over their
///   children's boxes, in their own bounds space, so moving one view updates one grid entry and moving a
///   container invalidates nothing below it.
/// - View→window transforms and window-space boxes are cached and validated lazily: each view records when
///   it last changed (an epoch) and each cache when it was computed; a cache is valid while no view on its
///   path to the root changed since, so a change costs O(1) and a lookup O(depth) — O(1) when no view at all
///   changed since the cache was last found valid (the tree keeps its latest change's epoch), and a walk stops
///   at an ancestor found valid since the last change whose cache is older.
///
/// Not thread-safe: the object model uses it from the main thread, as UIKit does (debug builds check that no
/// two threads use it at once).
public final class ViewTree {
    /// A view's place in the hierarchy and its bookkeeping: 32 bytes (the tag, rarely set, is in `tags`).
    struct Node: BitwiseCopyable {
        var generation: UInt32
        var parent: Int32
        /// The index in the superview's child list; -1 for a root, ``dead`` for a destroyed view.
        var indexInParent: Int32
        /// The view's record in `world` (-1: its window transform was never asked for).
        var world: Int32
        /// The cells the view occupies in its superview's grid (``GridSpan/none`` when the superview has none).
        var span: GridSpan
        /// Epoch of the last change of this view's geometry or parent.
        var changedAt: UInt64

        static let dead = Int32.min
        /// False once destroyed (kept in `indexInParent`, so the node needs no flag byte of its own).
        var alive: Bool {
            get { indexInParent != Self.dead }
            set { indexInParent = newValue ? -1 : Self.dead }
        }
    }

    /// A view's geometry and what the hit-test loop reads of it: one 64-byte line. Center and bounds as UIKit
    /// states them (a transform other than the identity is in `transforms`); the search derives the bounds' edges
    /// and the superview→local offset from them (``bounds`` and ``offset``: a few additions, where keeping them as
    /// well took a second record of 48 bytes per view).
    struct HitRecord: BitwiseCopyable {
        var cx: Double, cy: Double, ox: Double, oy: Double, w: Double, h: Double
        var flags: UInt16
        /// Zero: the two bytes that would otherwise be padding, left as whatever memory held, which a byte-by-byte
        /// comparison of trees (`firstDifference(from:)`) would see.
        var reserved: UInt16 = 0
        /// The conversion's slot in `transforms` when the transform is not the identity; -1 otherwise.
        var transform: Int32
        var grid: Int32
        /// The view's child list in `children`; -1 while it never had a subview (most views).
        var list: Int32

        static let blank = HitRecord(cx: 0, cy: 0, ox: 0, oy: 0, w: 0, h: 0, flags: 0, transform: -1, grid: -1, list: -1)

        /// The bounds' edges (`CGRect`'s minX, maxX, minY, maxY) and middle.
        @inline(__always)
        var bounds: (x: (min: Double, max: Double, mid: Double), y: (min: Double, max: Double, mid: Double)) {
            (ViewGeometry.extent(ox, w), ViewGeometry.extent(oy, h))
        }

        /// Superview bounds space → bounds space when the transform is the identity: `(x + tx, y + ty)`, the
        /// bounds' middle less the center (`ViewGeometry.parentToLocal`).
        @inline(__always)
        var offset: (tx: Double, ty: Double) {
            let b = bounds
            return (b.x.mid - cx, b.y.mid - cy)
        }
    }

    /// A view's transform other than the identity, and the superview→local conversion derived from it.
    struct TransformRecord: BitwiseCopyable {
        var transform: Affine2D
        var toLocal: Affine2D
    }

    /// A view's cached view→window transform and window-space box, for the views whose window transform was
    /// asked for (conversions, `windowTransform(of:)`); the rest never need one, so it is a side table.
    struct WorldRecord: BitwiseCopyable {
        var toWindow: Affine2D
        var box: FrameBox
        /// Epoch at which the record was computed (0: invalid).
        var cachedAt: UInt64
        /// `lastChange` when the record was last known valid: while nothing changes, it stays valid unchecked.
        var validAt: UInt64
    }

    /// Containers with at least this many children get a grid.
    package static let gridThreshold = 24

    // The columns. The tree is confined to one thread and never hands out references into them, so Swift's
    // dynamic exclusivity checks (a runtime call per access of a class's stored `var`) are turned off: they
    // cost more than the hit-test itself.
    @exclusivity(unchecked) var nodes = Column<Node>()
    @exclusivity(unchecked) var hit = Column<HitRecord>(alignment: 64)
    /// Window-transform caches of the views that were converted (`Node.world` names the record; a slot keeps
    /// its record when it is reused, invalidated).
    @exclusivity(unchecked) var world = Column<WorldRecord>()
    /// Child lists of the views that have (or had) subviews, named by `HitRecord.list`; leaves have none.
    @exclusivity(unchecked) var children = Column<PackedList<ChildBox>>()
    /// The blocks copied scenes' child lists live in (`SceneTemplates`), freed with the tree or by ``reset()``.
    @exclusivity(unchecked) var listBlocks = ListBlocks<ChildBox>()
    @exclusivity(unchecked) var freeLists: [Int32] = []
    /// The tags other than 0, by slot (`UIView.tag`: most views keep the default).
    @exclusivity(unchecked) var tags: [Int32: Int] = [:]
    /// The views whose transform is not the identity: it and their superview→local conversion
    /// (`HitRecord.transform` names the slot). Most views have none, so the hit record does not hold one.
    @exclusivity(unchecked) var transforms = Column<TransformRecord>()
    @exclusivity(unchecked) var freeTransforms: [Int32] = []
    @exclusivity(unchecked) var grids = Column<ChildGrid>()
    /// Free slots, lowest first: a rebuilt hierarchy reuses slots in order, so it stays compact in memory
    /// (a LIFO list would hand them back reversed and scatter the next scene).
    @exclusivity(unchecked) var freeViews = Heap<Int32>()
    @exclusivity(unchecked) var freeGrids: [Int32] = []
    @exclusivity(unchecked) var epoch: UInt64 = 1
    /// The epoch of the latest change to any view: a cache computed after it is valid without walking up.
    @exclusivity(unchecked) var lastChange: UInt64 = 0
    /// The view a custom hit-test returned, carried out of the search.
    @exclusivity(unchecked) var customResult: ViewID?
    /// Decides views flagged ``ViewFlags/customHitTest`` (the object model installs its overrides here);
    /// while nil, the flag is ignored and the default applies.
    @exclusivity(unchecked) public var customHitTest: CustomHitTest?
    public internal(set) var count = 0
    /// Bumped by every change of the hierarchy's shape (a view added, removed or destroyed): whoever caches
    /// "view V is in window W" (the touch router) revalidates when it moves.
    @exclusivity(unchecked) public internal(set) var structureVersion: UInt64 = 0
    /// Calls refused so far: each threw a ``ViewTreeError`` and changed nothing (destroyed, stale or foreign
    /// handles, cycles, non-finite geometry, bad indices). The object model's property setters swallow the error
    /// (UIKit's setters cannot throw), so this is where such misuse shows.
    @exclusivity(unchecked) private(set) public var refusedCalls: UInt64 = 0
    /// Generations of this tree start at a per-tree base, so a handle from another tree fails the check (a
    /// ``reset()`` takes a new base: handles from before it fail too).
    @exclusivity(unchecked) private(set) var generationBase: UInt32
    /// Told before a subtree leaves its window (not retained: an observer removes itself before it goes).
    @exclusivity(unchecked) private var observers: [ObserverReference] = []
    /// Debug builds: one thread at a time.
    let confinement = ConfinementCheck("ViewTree")

    private struct ObserverReference {
        unowned(unsafe) let observer: any ViewTreeObserver
    }

    private static let treeSerial = Atomic<UInt32>(0)

    public init() {
        assert(MemoryLayout<HitRecord>.stride == 64, "a hit record is one cache line")
        assert(MemoryLayout<Node>.stride == 32, "a node is 32 bytes")
        generationBase = Self.newGenerationBase()
    }

    private static func newGenerationBase() -> UInt32 {
        (treeSerial.add(1, ordering: .relaxed).newValue &* 0x9E37) << 12 | 1
    }

    /// An independent tree with the same views, geometry, flags, caches and counters, in its own memory, whose
    /// handles are the same as this tree's (the same ``ViewID`` names the same view in both). Observers are not
    /// copied; the custom hit-test closure is. For replaying many inputs on one scene (the fuzzers): copying is a
    /// few block copies where building calls `makeView`/`addChild` per view.
    package func copy() -> ViewTree {
        confinement.enter()
        defer { confinement.exit() }
        return ViewTree(copying: self)
    }

    private init(copying t: ViewTree) {
        generationBase = t.generationBase
        deallocateColumns()  // the empty ones the property initializers made
        nodes = t.nodes.copy()
        hit = t.hit.copy()
        world = t.world.copy()
        children = t.children.copy()
        for i in 0..<children.count { children[i] = t.children[i].copy() }
        transforms = t.transforms.copy()
        grids = t.grids.copy()
        for i in 0..<grids.count where grids[i].nx > 0 { grids[i] = t.grids[i].copy() }
        takeState(of: t)
    }

    /// Everything but the columns, lists and grids, as `t` has it (``copy()``, ``restore(from:)``).
    private func takeState(of t: ViewTree) {
        freeLists = t.freeLists
        tags = t.tags
        freeTransforms = t.freeTransforms
        freeViews = t.freeViews
        freeGrids = t.freeGrids
        epoch = t.epoch
        lastChange = t.lastChange
        customResult = nil
        customHitTest = t.customHitTest
        count = t.count
        structureVersion = t.structureVersion
        refusedCalls = t.refusedCalls
    }

    /// Makes this tree equal to `template`, the tree it was copied from (``copy()``): the same views, geometry,
    /// flags, caches and counters, the same handles, whatever was done to it since. Memory is reused where it is
    /// large enough (the columns, every child list, a grid of the same shape), so a fuzzer that replays each input
    /// on its scene allocates almost nothing to start again (a copy allocates every column, list and grid anew).
    /// The tree must have no observers (a router on it removes itself when it goes, or around a reset:
    /// ``TouchRouter/reset(restoringTreeFrom:)``). ``firstDifference(from:)`` checks the result.
    package func restore(from template: ViewTree) {
        confinement.enter()
        defer { confinement.exit() }
        precondition(generationBase == template.generationBase, "ViewTree.restore(from:): not the tree this one was copied from")
        precondition(observers.isEmpty, "ViewTree.restore(from:): the tree still has observers")
        nodes.assign(template.nodes)
        hit.assign(template.hit)
        world.assign(template.world)
        transforms.assign(template.transforms)
        if children.count > template.children.count {
            for i in template.children.count..<children.count { children[i].deallocate() }
        }
        children.truncate(to: template.children.count)
        for i in 0..<template.children.count {
            if i < children.count {
                var list = children[i]
                list.assign(template.children[i])
                children[i] = list
            } else {
                children.append(template.children[i].copy())
            }
        }
        // Grids: copied into the memory of the grid the slot had where there was one.
        for i in 0..<template.grids.count {
            let t = template.grids[i]
            guard i < grids.count else {
                grids.append(t.nx > 0 ? t.copy() : t)
                continue
            }
            var g = grids[i]
            if t.nx > 0, g.nx > 0 {
                g.assign(t)
            } else {
                if g.nx > 0 { g.deallocate() }
                g = t.nx > 0 ? t.copy() : t
            }
            grids[i] = g
        }
        for i in template.grids.count..<max(template.grids.count, grids.count) where grids[i].nx > 0 { grids[i].deallocate() }
        grids.truncate(to: template.grids.count)
        takeState(of: template)
    }

    /// Makes this tree as a new one (`ViewTree()`): no views, counters from zero, no custom hit-test, and a handle
    /// space of its own (a handle from before fails the check, as one from another tree does). The columns keep
    /// their memory; child lists, grids and free lists are freed. The tree must have no observers. For the C API's
    /// app pool (a destroyed app's tree serves the next app); ``differenceFromNew(observedBy:)`` checks the result.
    package func reset() {
        confinement.enter()
        defer { confinement.exit() }
        precondition(observers.isEmpty, "ViewTree.reset(): the tree still has observers")
        for i in 0..<children.count { children[i].deallocate() }
        listBlocks.deallocateAll()
        for i in 0..<grids.count where grids[i].nx > 0 { grids[i].deallocate() }
        nodes.truncate(to: 0); hit.truncate(to: 0); world.truncate(to: 0)
        children.truncate(to: 0); transforms.truncate(to: 0); grids.truncate(to: 0)
        generationBase = Self.newGenerationBase()
        // (The lists let their storage go, as a new tree has none: a tree reset as many blocks as a new one.)
        freeLists.removeAll()
        tags.removeAll()
        freeTransforms.removeAll()
        freeViews = Heap()
        freeGrids.removeAll()
        epoch = 1; lastChange = 0
        customResult = nil; customHitTest = nil
        count = 0; structureVersion = 0; refusedCalls = 0
    }

    /// The first way this tree differs from a new one (nil: none), handles aside and `observer` (if any) its one
    /// observer: the check behind ``reset()``.
    package func differenceFromNew(observedBy observer: (any ViewTreeObserver)? = nil) -> String? {
        if observers.count != (observer == nil ? 0 : 1) || (observer != nil && observers[0].observer !== observer!) {
            return "it has observers other than \(observer == nil ? "none" : "its router")"
        }
        if !listBlocks.isEmpty { return "it keeps blocks of child lists" }
        return firstDifference(from: Self.new, sameHandles: false)
    }

    /// A new tree, never changed: what ``differenceFromNew(observedBy:)`` compares with (read only).
    private nonisolated(unsafe) static let new = ViewTree()

    /// The first way this tree's state differs from `other`'s (nil: none), comparing what ``copy()`` and
    /// ``restore(from:)`` carry over, record by record and byte by byte (capacities aside). The check behind
    /// `restore(from:)`: a restored tree has no difference from a fresh copy of its template. `sameHandles`: the
    /// two must also share a handle space (be copies of one tree).
    package func firstDifference(from other: ViewTree, sameHandles: Bool = true) -> String? {
        func same<T: BitwiseCopyable>(_ a: UnsafePointer<T>?, _ b: UnsafePointer<T>?, _ n: Int) -> Bool {
            n == 0 || memcmp(a!, b!, n * MemoryLayout<T>.stride) == 0
        }
        func column<T>(_ name: String, _ a: Column<T>, _ b: Column<T>) -> String? {
            a.count != b.count ? "\(name): \(a.count) records against \(b.count)"
                : same(a.base, b.base, a.count) ? nil : "\(name): records differ"
        }
        if sameHandles, generationBase != other.generationBase { return "not copies of one tree (generation bases differ)" }
        if let d = column("nodes", nodes, other.nodes) ?? column("hit records", hit, other.hit)
            ?? column("window-space records", world, other.world) ?? column("transforms", transforms, other.transforms) {
            return d
        }
        if children.count != other.children.count { return "child lists: \(children.count) against \(other.children.count)" }
        for i in 0..<children.count {
            let a = children[i], b = other.children[i]
            if a.count != b.count || !same(a.base, b.base, Int(a.count)) { return "child list \(i) differs" }
        }
        if grids.count != other.grids.count { return "grids: \(grids.count) against \(other.grids.count)" }
        for i in 0..<grids.count {
            let a = grids[i], b = other.grids[i]
            if a.nx != b.nx || a.ny != b.ny { return "grid \(i): \(a.nx)×\(a.ny) cells against \(b.nx)×\(b.ny)" }
            guard a.nx > 0 else { continue }
            if a.x0 != b.x0 || a.y0 != b.y0 || a.invW != b.invW || a.invH != b.invH || a.used != b.used || a.wasted != b.wasted
                || a.updates != b.updates || !same(a.edges, b.edges, a.nx + a.ny + 2) || !same(a.cells, b.cells, a.nx * a.ny)
                || !same(a.arena, b.arena, a.used) || a.big.count != b.big.count || !same(a.big.base, b.big.base, Int(a.big.count)) {
                return "grid \(i) differs"
            }
        }
        if freeLists != other.freeLists || freeTransforms != other.freeTransforms || freeGrids != other.freeGrids
            || freeViews.unordered.sorted() != other.freeViews.unordered.sorted() {
            return "free lists differ"
        }
        if tags != other.tags { return "tags differ" }
        if epoch != other.epoch || lastChange != other.lastChange { return "epochs differ" }
        if count != other.count || structureVersion != other.structureVersion || refusedCalls != other.refusedCalls {
            return "counters differ"
        }
        if (customHitTest == nil) != (other.customHitTest == nil) { return "one tree has a custom hit-test, the other not" }
        return nil
    }

    /// `i`'s child list (an empty one for a view that never had a subview). The list shares its storage: its
    /// nonmutating subscript and `swapAt` write through.
    @inline(__always)
    func childList(_ i: Int32) -> PackedList<ChildBox> {
        let l = hit[Int(i)].list
        return l < 0 ? PackedList() : children[Int(l)]
    }

    /// The index of `i`'s child list in `children`, made on its first subview.
    func listIndex(_ i: Int32) -> Int {
        let l = hit[Int(i)].list
        if l >= 0 { return Int(l) }
        let made: Int32
        if let free = freeLists.popLast() {
            made = free
        } else {
            made = Int32(children.count)
            children.append(PackedList())
        }
        hit[Int(i)].list = made
        return Int(made)
    }

    /// Makes room for `n` more views in the per-view columns (a scene builder knows its size: one allocation
    /// per column instead of a doubling every power of two).
    func reserveSlots(_ n: Int) {
        let total = nodes.count - freeViews.count + n
        nodes.reserve(total); hit.reserve(total)
    }

    /// Adds an observer (not retained); it must call ``removeObserver(_:)`` before it goes.
    package func addObserver(_ observer: any ViewTreeObserver) {
        observers.append(ObserverReference(observer: observer))
    }

    package func removeObserver(_ observer: any ViewTreeObserver) {
        observers.removeAll { $0.observer === observer }
    }

    /// Tells the observers that `i`'s subtree is about to leave its window; true when one of them may have
    /// changed the tree meanwhile.
    func willLeaveWindow(_ i: Int32) -> Bool {
        var changed = false
        for reference in observers where reference.observer.subtreeWillLeaveWindow(id(i)) { changed = true }
        return changed
    }

    deinit {
        for i in 0..<children.count { children[i].deallocate() }
        listBlocks.deallocateAll()
        for i in 0..<grids.count where grids[i].nx > 0 { grids[i].deallocate() }
        deallocateColumns()
    }

    private func deallocateColumns() {
        nodes.deallocate(); hit.deallocate(); world.deallocate()
        children.deallocate(); grids.deallocate(); transforms.deallocate()
    }

    // MARK: - Handles

    /// Counts a refused call and returns its error (cold path).
    @inline(never)
    func refuse(_ error: ViewTreeError) -> ViewTreeError {
        refusedCalls &+= 1
        return error
    }

    /// The slot of a live view, or an error for a destroyed, stale or foreign handle.
    @inline(__always)
    func slot(_ v: ViewID) throws(ViewTreeError) -> Int32 {
        let i = Int(v.index)
        guard i < nodes.count, nodes[i].alive, nodes[i].generation == v.generation else { throw refuse(.invalidView(v)) }
        return Int32(i)
    }

    @inline(__always)
    func id(_ i: Int32) -> ViewID { ViewID(index: UInt32(i), generation: nodes[Int(i)].generation) }

    /// True while `v` names a live view of this tree.
    public func isValid(_ v: ViewID) -> Bool { (try? slot(v)) != nil }

    /// The live view in slot `index` (a handle's ``ViewID/index``), or nil. The C API's touch records name
    /// their window this way.
    public func view(atIndex index: UInt32) -> ViewID? {
        let i = Int(index)
        guard i < nodes.count, nodes[i].alive else { return nil }
        return id(Int32(i))
    }

    /// Creates a parentless view with `init(frame:)` geometry (AG-J-04) and default flags (interaction enabled,
    /// opaque, visible, single-touch, tag 0).
    public func makeView(frame: CGRect = .zero) throws(ViewTreeError) -> ViewID {
        confinement.enter()
        defer { confinement.exit() }
        let g = ViewGeometry(frame: frame)
        guard g.isFinite else { throw refuse(.nonFiniteGeometry) }
        let i: Int32
        if let reused = freeViews.popMin() {
            i = reused
            nodes[Int(i)].generation &+= 1
            if nodes[Int(i)].generation == 0 { nodes[Int(i)].generation = 1 }
            nodes[Int(i)].alive = true
        } else {
            i = Int32(nodes.count)
            nodes.append(Node(generation: generationBase, parent: -1, indexInParent: -1, world: -1, span: .none, changedAt: 0))
            hit.append(.blank)
        }
        let n = Int(i)
        nodes[n].parent = -1
        nodes[n].indexInParent = -1
        if nodes[n].world >= 0 { world[Int(nodes[n].world)].cachedAt = 0; world[Int(nodes[n].world)].validAt = 0 }
        hit[n].flags = 0
        hit[n].grid = -1
        hit[n].list = -1
        nodes[n].span = .none
        store(g, at: i)
        count += 1
        return id(i)
    }

    /// Destroys a view: its touches are cancelled (the observers hear it first), it leaves its superview,
    /// its subviews become parentless (the object model decides their fate, as their owners do in UIKit), and
    /// the handle becomes invalid.
    public func destroy(_ v: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        var i = try slot(v)
        if willLeaveWindow(i) { i = try slot(v) }
        detach(i)
        let list = childList(i)
        for k in 0..<Int(list.count) {
            let c = list[k].slot
            nodes[Int(c)].parent = -1
            nodes[Int(c)].indexInParent = -1
            nodes[Int(c)].span = .none
            touch(c)
        }
        let l = hit[Int(i)].list
        if l >= 0 {
            children[Int(l)].deallocate()
            freeLists.append(l)
            hit[Int(i)].list = -1
        }
        dropGrid(of: i)
        setTransform(nil, of: i)
        if !tags.isEmpty { tags[i] = nil }
        nodes[Int(i)].alive = false
        freeViews.insert(i)
        count -= 1
        structureVersion &+= 1
    }

    // MARK: - Memory

    /// Bytes the tree holds (columns, child lists, grids), for `viewtree.bytes_per_view`.
    public var memoryBytes: Int {
        var total = nodes.bytes + hit.bytes + world.bytes + children.bytes + listBlocks.bytes + grids.bytes
        total += transforms.bytes + freeTransforms.capacity * 4 + freeLists.capacity * 4
        total += tags.capacity * (MemoryLayout<Int32>.stride + MemoryLayout<Int>.stride)
        total += freeViews.count * 4 + freeGrids.capacity * 4
        for i in 0..<children.count { total += children[i].bytes }
        for i in 0..<grids.count where grids[i].nx > 0 { total += grids[i].bytes }
        return total
    }
}
