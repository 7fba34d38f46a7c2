import Foundation
import HeapModule
import Synchronization

/// A generation-checked handle to a view in a ``ViewTree``. A handle to a destroyed view, or one from another
/// tree, is detected and reported (``ViewTreeError/invalidView(_:)``), never silently reused.
public struct ViewID: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public let index: UInt32
    public let generation: UInt32

    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The 64-bit form used by the C API: `generation << 32 | index`.
    public var packed: UInt64 { UInt64(generation) << 32 | UInt64(index) }
    public init(packed: UInt64) { self.init(index: UInt32(truncatingIfNeeded: packed), generation: UInt32(packed >> 32)) }

    public var description: String { "view#\(index).\(generation)" }
}

/// Per-view flag bits the engine decides with.
public struct ViewFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `isHidden` (AG-K-04: a hidden view and its subtree are never hit).
    public static let hidden = ViewFlags(rawValue: 1 << 0)
    /// `isUserInteractionEnabled == false` (AG-K-04, AG-L-01).
    public static let interactionDisabled = ViewFlags(rawValue: 1 << 1)
    /// `alpha < 0.01` (AG-K-04 [EXT]).
    public static let transparent = ViewFlags(rawValue: 1 << 2)
    /// `clipsToBounds` (AG-J-08: it does not change hit-testing).
    public static let clipsToBounds = ViewFlags(rawValue: 1 << 3)
    /// `isMultipleTouchEnabled` (AG-L-03; default off).
    public static let multipleTouchEnabled = ViewFlags(rawValue: 1 << 4)
    /// `isExclusiveTouch` (AG-L-04).
    public static let exclusiveTouch = ViewFlags(rawValue: 1 << 5)
    /// The object model overrides `hitTest(_:with:)` or `point(inside:with:)`: the search hands this view to
    /// the custom hit-test callback (AG-K-03, AG-K-06, AG-L-05).
    public static let customHitTest = ViewFlags(rawValue: 1 << 6)

    /// Any of these excludes the view and its subtree from hit-testing.
    public static let excludedFromHitTesting: ViewFlags = [.hidden, .interactionDisabled, .transparent]
}

/// Told by a ``ViewTree`` before a subtree leaves its window — removed from its superview, moved under
/// another root, destroyed — while the views are still there (the touch router cancels their touches).
package protocol ViewTreeObserver: AnyObject {
    /// `root`'s subtree is about to leave its window. True when the observer ran code that may have changed
    /// the tree (handlers), so the tree validates the operation again.
    func subtreeWillLeaveWindow(_ root: ViewID) -> Bool
}

/// Misuse of the tree: reported, never trapped; the tree is unchanged.
public enum ViewTreeError: Error, Sendable, Hashable {
    /// A destroyed, stale or foreign handle.
    case invalidView(ViewID)
    /// The operation would make a view its own ancestor.
    case cycle
    /// NaN or infinite geometry.
    case nonFiniteGeometry
    /// A subview index outside the valid range.
    case indexOutOfRange(Int)
    /// The sibling or child named is not a subview of the given parent.
    case notASubview
}

/// The packed view tree: every view of every window in flat, manually managed columns, addressed by
/// generation-checked ``ViewID``s.
///
/// - Hierarchy: parent, ordered children (z-order is the `subviews` order, last is front-most, AG-H-02, AG-K-05).
/// - Geometry: center, bounds and transform as UIKit stores them (``ViewGeometry``), flags and tag.
/// - Hit-testing data per view: its superview→local conversion, its bounds, its padded frame box in the
///   superview, all derived on every geometry change; wide containers get a ``ChildGrid`` over their
///   children's frame boxes, in their own bounds space, so moving one view updates one grid entry and
///   moving a container invalidates nothing below it.
/// - View→window transforms and window-space boxes are cached and validated lazily: each view records when
///   it last changed (an epoch) and each cache when it was computed; a cache is valid while no view on its
///   path to the root changed since, so a change costs O(1) and a lookup O(depth).
///
/// Not thread-safe: the object model uses it from the main thread, as UIKit does (debug builds check that no
/// two threads use it at once).
public final class ViewTree {
    struct Node: BitwiseCopyable {
        var generation: UInt32
        var alive: Bool
        var parent: Int32
        var indexInParent: Int32
        var tag: Int
        /// Epoch of the last change of this view's geometry or parent.
        var changedAt: UInt64
        /// Epoch at which `world` was computed (0: never).
        var cachedAt: UInt64
    }

    /// What the hit-test loop reads per view.
    struct HitRecord: BitwiseCopyable {
        var toLocal: Affine2D
        var bx0: Double, by0: Double, bx1: Double, by1: Double
        var frameBox: FrameBox
        var flags: UInt16
        var grid: Int32
    }

    struct GeometryRecord: BitwiseCopyable {
        var cx: Double, cy: Double, ox: Double, oy: Double, w: Double, h: Double
        var transform: Affine2D
    }

    struct WorldRecord: BitwiseCopyable {
        var toWindow: Affine2D
        var box: FrameBox
    }

    /// Containers with at least this many children get a grid.
    public static let gridThreshold = 24

    // The columns. The tree is confined to one thread and never hands out references into them, so Swift's
    // dynamic exclusivity checks (a runtime call per access of a class's stored `var`) are turned off: they
    // cost more than the hit-test itself.
    @exclusivity(unchecked) var nodes = Column<Node>()
    @exclusivity(unchecked) var hit = Column<HitRecord>()
    @exclusivity(unchecked) var geometry = Column<GeometryRecord>()
    @exclusivity(unchecked) var world = Column<WorldRecord>()
    @exclusivity(unchecked) var children = Column<IndexList>()
    @exclusivity(unchecked) var spans = Column<GridSpan>()
    @exclusivity(unchecked) var grids = Column<ChildGrid>()
    /// Free slots, lowest first: a rebuilt hierarchy reuses slots in order, so it stays compact in memory
    /// (a LIFO list would hand them back reversed and scatter the next scene).
    @exclusivity(unchecked) var freeViews = Heap<Int32>()
    @exclusivity(unchecked) var freeGrids: [Int32] = []
    @exclusivity(unchecked) var epoch: UInt64 = 1
    /// The view a custom hit-test returned, carried out of the search.
    @exclusivity(unchecked) var customResult: ViewID?
    /// Decides views flagged ``ViewFlags/customHitTest`` (the object model installs its overrides here);
    /// while nil, the flag is ignored and the default applies.
    @exclusivity(unchecked) public var customHitTest: CustomHitTest?
    private(set) public var count = 0
    /// Bumped by every change of the hierarchy's shape (a view added, removed or destroyed): whoever caches
    /// "view V is in window W" (the touch router) revalidates when it moves.
    @exclusivity(unchecked) private(set) public var structureVersion: UInt64 = 0
    /// Calls refused so far: each threw a ``ViewTreeError`` and changed nothing (destroyed, stale or foreign
    /// handles, cycles, non-finite geometry, bad indices). The object model's property setters swallow the error
    /// (UIKit's setters cannot throw), so this is where such misuse shows.
    @exclusivity(unchecked) private(set) public var refusedCalls: UInt64 = 0
    /// Generations of this tree start at a per-tree base, so a handle from another tree fails the check.
    private let generationBase: UInt32
    /// Told before a subtree leaves its window (not retained: an observer removes itself before it goes).
    @exclusivity(unchecked) private var observers: [ObserverReference] = []
    /// Debug builds: one thread at a time.
    let confinement = ConfinementCheck("ViewTree")

    private struct ObserverReference {
        unowned(unsafe) let observer: any ViewTreeObserver
    }

    private static let treeSerial = Atomic<UInt32>(0)

    public init() {
        let serial = Self.treeSerial.add(1, ordering: .relaxed).newValue
        generationBase = (serial &* 0x9E37) << 12 | 1
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
    private func willLeaveWindow(_ i: Int32) -> Bool {
        var changed = false
        for reference in observers where reference.observer.subtreeWillLeaveWindow(id(i)) { changed = true }
        return changed
    }

    deinit {
        for i in 0..<children.count { children[i].deallocate() }
        for i in 0..<grids.count where grids[i].nx > 0 { grids[i].deallocate() }
        nodes.deallocate(); hit.deallocate(); geometry.deallocate(); world.deallocate()
        children.deallocate(); spans.deallocate(); grids.deallocate()
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
            nodes.append(Node(generation: generationBase, alive: true, parent: -1, indexInParent: -1, tag: 0,
                              changedAt: 0, cachedAt: 0))
            hit.append(HitRecord(toLocal: .identity, bx0: 0, by0: 0, bx1: 0, by1: 0, frameBox: .empty, flags: 0, grid: -1))
            geometry.append(GeometryRecord(cx: 0, cy: 0, ox: 0, oy: 0, w: 0, h: 0, transform: .identity))
            world.append(WorldRecord(toWindow: .identity, box: .empty))
            children.append(IndexList())
            spans.append(.none)
        }
        let n = Int(i)
        nodes[n].parent = -1
        nodes[n].indexInParent = -1
        nodes[n].tag = 0
        nodes[n].cachedAt = 0
        hit[n].flags = 0
        hit[n].grid = -1
        spans[n] = .none
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
        let list = children[Int(i)]
        for k in 0..<Int(list.count) {
            let c = list[k]
            nodes[Int(c)].parent = -1
            nodes[Int(c)].indexInParent = -1
            spans[Int(c)] = .none
            touch(c)
        }
        children[Int(i)].deallocate()
        dropGrid(of: i)
        nodes[Int(i)].alive = false
        freeViews.insert(i)
        count -= 1
        structureVersion &+= 1
    }

    // MARK: - Hierarchy queries (AG-H-09)

    /// `superview`: nil for a root (a window, or a detached view).
    public func parent(of v: ViewID) throws(ViewTreeError) -> ViewID? {
        let p = nodes[Int(try slot(v))].parent
        return p < 0 ? nil : id(p)
    }

    /// `subviews`, back to front.
    public func children(of v: ViewID) throws(ViewTreeError) -> [ViewID] {
        let list = children[Int(try slot(v))]
        return (0..<Int(list.count)).map { id(list[$0]) }
    }

    public func childCount(of v: ViewID) throws(ViewTreeError) -> Int { Int(children[Int(try slot(v))].count) }

    /// `subviews[index]`, or nil when out of range.
    public func child(at index: Int, of v: ViewID) throws(ViewTreeError) -> ViewID? {
        let list = children[Int(try slot(v))]
        return index >= 0 && index < Int(list.count) ? id(list[index]) : nil
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

    /// `insertSubview(_:aboveSubview:)`: directly in front of `sibling`, which must be a subview of `parent`.
    public func insertChild(_ child: ViewID, above sibling: ViewID, of parent: ViewID) throws(ViewTreeError) {
        try insertChild(child, relativeTo: sibling, of: parent, offset: 1)
    }

    /// `insertSubview(_:belowSubview:)`: directly behind `sibling`, which must be a subview of `parent`.
    public func insertChild(_ child: ViewID, below sibling: ViewID, of parent: ViewID) throws(ViewTreeError) {
        try insertChild(child, relativeTo: sibling, of: parent, offset: 0)
    }

    private func insertChild(_ child: ViewID, relativeTo sibling: ViewID, of parent: ViewID, offset: Int)
        throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        guard try needsMove(child, nextTo: sibling, in: parent) else { return }
        try prepareMove(child, to: parent)
        guard try needsMove(child, nextTo: sibling, in: parent) else { return }
        let p = try slot(parent), c = try slot(child), s = try slot(sibling)
        // Index of the sibling once the child has left (it may sit before the sibling in the same parent).
        var at = Int(nodes[Int(s)].indexInParent)
        if nodes[Int(c)].parent == p, nodes[Int(c)].indexInParent < nodes[Int(s)].indexInParent { at -= 1 }
        try insert(c, into: p, at: at + offset)
    }

    /// Validates a relative insertion: throws when `sibling` is not a subview of `parent`; false when there is
    /// nothing to do (the child is the sibling).
    private func needsMove(_ child: ViewID, nextTo sibling: ViewID, in parent: ViewID) throws(ViewTreeError) -> Bool {
        let p = try slot(parent), c = try slot(child), s = try slot(sibling)
        guard nodes[Int(s)].parent == p else { throw refuse(.notASubview) }
        return c != s
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
        let n = Int(children[Int(p)].count)
        guard i >= 0, i < n else { throw refuse(.indexOutOfRange(i)) }
        guard j >= 0, j < n else { throw refuse(.indexOutOfRange(j)) }
        if i == j { return }
        let a = children[Int(p)][i], b = children[Int(p)][j]
        withGridUpdate(of: p, for: [a, b]) {
            children[Int(p)][i] = b
            children[Int(p)][j] = a
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
        let n = Int(children[Int(p)].count)
        let at = min(index ?? n, n)
        children[Int(p)].insert(c, at: at)
        renumber(p, from: at)
        nodes[Int(c)].parent = p
        touch(c)
        structureVersion &+= 1
        if hit[Int(p)].grid >= 0 { gridInsert(c, in: p) }
    }

    /// Takes `c` out of its superview (no-op for a root).
    private func detach(_ c: Int32) {
        let p = nodes[Int(c)].parent
        guard p >= 0 else { return }
        if hit[Int(p)].grid >= 0 { gridRemove(c, in: p) }
        let at = Int(nodes[Int(c)].indexInParent)
        children[Int(p)].remove(at: at)
        renumber(p, from: at)
        nodes[Int(c)].parent = -1
        nodes[Int(c)].indexInParent = -1
        touch(c)
        structureVersion &+= 1
    }

    /// Rewrites `indexInParent` of `p`'s children from `start` on.
    private func renumber(_ p: Int32, from start: Int) {
        let list = children[Int(p)]
        for k in start..<Int(list.count) { nodes[Int(list[k])].indexInParent = Int32(k) }
    }

    // MARK: - Geometry (AG-J-03 … AG-J-07)

    public func geometry(of v: ViewID) throws(ViewTreeError) -> ViewGeometry {
        let g = geometry[Int(try slot(v))]
        return ViewGeometry(center: CGPoint(x: g.cx, y: g.cy), bounds: CGRect(x: g.ox, y: g.oy, width: g.w, height: g.h),
                            transform: g.transform)
    }

    /// Sets center, bounds and transform at once. Non-finite values are refused; the view is unchanged.
    public func setGeometry(_ g: ViewGeometry, of v: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        let i = try slot(v)
        guard g.isFinite else { throw refuse(.nonFiniteGeometry) }
        let p = nodes[Int(i)].parent
        if p >= 0, hit[Int(p)].grid >= 0 {
            withGridUpdate(of: p, for: [i]) { store(g, at: i) }
        } else {
            store(g, at: i)
        }
    }

    public func frame(of v: ViewID) throws(ViewTreeError) -> CGRect { try geometry(of: v).frame }

    /// `frame`'s setter (AG-J-05): center and bounds.size follow; bounds.origin and transform stay.
    public func setFrame(_ frame: CGRect, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.setFrame(frame)
        try setGeometry(g, of: v)
    }

    /// `center`'s setter (AG-J-05): moves the frame, size unchanged.
    public func setCenter(_ center: CGPoint, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.center = center
        try setGeometry(g, of: v)
    }

    /// `bounds`' setter (AG-J-05): a new size resizes the frame about the fixed center; a new origin moves the
    /// content, not the frame.
    public func setBounds(_ bounds: CGRect, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.bounds = bounds
        try setGeometry(g, of: v)
    }

    /// `transform`'s setter (AG-J-07): applied about the center.
    public func setTransform(_ t: Affine2D, of v: ViewID) throws(ViewTreeError) {
        var g = try geometry(of: v)
        g.transform = t
        try setGeometry(g, of: v)
    }

    /// Writes geometry and everything derived from it.
    private func store(_ g: ViewGeometry, at i: Int32) {
        let n = Int(i)
        geometry[n] = GeometryRecord(cx: Double(g.center.x), cy: Double(g.center.y), ox: Double(g.bounds.origin.x),
                                     oy: Double(g.bounds.origin.y), w: Double(g.bounds.width), h: Double(g.bounds.height),
                                     transform: g.transform)
        hit[n].toLocal = g.parentToLocal
        hit[n].bx0 = Double(g.bounds.minX); hit[n].bx1 = Double(g.bounds.maxX)
        hit[n].by0 = Double(g.bounds.minY); hit[n].by1 = Double(g.bounds.maxY)
        hit[n].frameBox = Self.paddedBox(g)
        touch(i)
    }

    /// The frame box in the superview's space, padded by a relative margin far above rounding error; empty for
    /// a view that cannot contain a point (zero-area bounds or a singular transform).
    static func paddedBox(_ g: ViewGeometry) -> FrameBox {
        guard g.bounds.width != 0, g.bounds.height != 0, g.parentToLocal.a.isFinite else { return .empty }
        let f = g.frame
        let x0 = Double(f.minX), x1 = Double(f.maxX), y0 = Double(f.minY), y1 = Double(f.maxY)
        let magnitude = max(abs(x0), abs(x1), abs(y0), abs(y1), x1 - x0, y1 - y0)
        let pad = 1e-6 * (1 + magnitude)
        return FrameBox(x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad)
    }

    /// Marks `i` changed: caches below it become stale lazily.
    @inline(__always)
    private func touch(_ i: Int32) {
        epoch &+= 1
        nodes[Int(i)].changedAt = epoch
    }

    // MARK: - Flags and tag

    public func flags(of v: ViewID) throws(ViewTreeError) -> ViewFlags { ViewFlags(rawValue: hit[Int(try slot(v))].flags) }

    /// Sets or clears `flags` on `v`.
    public func setFlags(_ flags: ViewFlags, _ on: Bool, of v: ViewID) throws(ViewTreeError) {
        confinement.enter()
        defer { confinement.exit() }
        let i = try slot(v)
        let n = Int(i)
        let update = { [self] in
            if on { hit[n].flags |= flags.rawValue } else { hit[n].flags &= ~flags.rawValue }
        }
        // A custom hit-test child is filed differently in its superview's grid.
        let p = nodes[n].parent
        if flags.contains(.customHitTest), p >= 0, hit[Int(p)].grid >= 0 {
            withGridUpdate(of: p, for: [i], update)
        } else {
            update()
        }
    }

    public func tag(of v: ViewID) throws(ViewTreeError) -> Int { nodes[Int(try slot(v))].tag }

    public func setTag(_ tag: Int, of v: ViewID) throws(ViewTreeError) { nodes[Int(try slot(v))].tag = tag }

    /// `viewWithTag(_:)` (AG-H-10): depth-first, pre-order, starting with `v` itself, in `subviews` order.
    public func view(withTag tag: Int, in v: ViewID) throws(ViewTreeError) -> ViewID? {
        func search(_ i: Int32) -> Int32 {
            if nodes[Int(i)].tag == tag { return i }
            let list = children[Int(i)]
            for k in 0..<Int(list.count) {
                let found = search(list[k])
                if found >= 0 { return found }
            }
            return -1
        }
        let found = search(try slot(v))
        return found < 0 ? nil : id(found)
    }

    // MARK: - Window space (cached lazily)

    /// The transform from `v`'s bounds space to its root's (window's) bounds space.
    public func windowTransform(of v: ViewID) throws(ViewTreeError) -> Affine2D {
        toWindow(try slot(v))
    }

    /// The bounding box of `v`'s bounds in its window's space.
    public func windowBoundingBox(of v: ViewID) throws(ViewTreeError) -> CGRect {
        let i = try slot(v)
        _ = toWindow(i)
        let b = world[Int(i)].box
        return CGRect(x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0)
    }

    /// Maps a point from `v`'s superview space (the screen, for a window) into `v`'s bounds space.
    public func convertFromSuperviewSpace(_ x: Double, _ y: Double, of v: ViewID) throws(ViewTreeError) -> (x: Double, y: Double) {
        hit[Int(try slot(v))].toLocal.apply(x, y)
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

    private func rootSlot(_ i: Int32) -> Int32 {
        var r = i
        while nodes[Int(r)].parent >= 0 { r = nodes[Int(r)].parent }
        return r
    }

    private func localToParent(_ i: Int32) -> Affine2D {
        let g = geometry[Int(i)]
        return ViewGeometry(center: CGPoint(x: g.cx, y: g.cy), bounds: CGRect(x: g.ox, y: g.oy, width: g.w, height: g.h),
                            transform: g.transform).localToParent
    }

    /// The cached view→window transform, recomputed when this view or an ancestor changed since.
    private func toWindow(_ i: Int32) -> Affine2D {
        let n = Int(i)
        let cachedAt = nodes[n].cachedAt
        if cachedAt != 0 {
            var valid = true
            var a = i
            while a >= 0 {
                if nodes[Int(a)].changedAt >= cachedAt { valid = false; break }
                a = nodes[Int(a)].parent
            }
            if valid { return world[n].toWindow }
        }
        let p = nodes[n].parent
        let transform = p < 0 ? Affine2D.identity : localToParent(i).concatenating(toWindow(p))
        let g = geometry[n]
        let box = transform.boundingBox(of: CGRect(x: g.ox, y: g.oy, width: g.w, height: g.h))
        world[n] = WorldRecord(toWindow: transform,
                               box: FrameBox(x0: Double(box.minX), y0: Double(box.minY), x1: Double(box.maxX), y1: Double(box.maxY)))
        epoch &+= 1
        nodes[n].cachedAt = epoch
        return transform
    }

    // MARK: - Memory

    /// Bytes the tree holds (columns, child lists, grids), for `viewtree.bytes_per_view`.
    public var memoryBytes: Int {
        var total = nodes.bytes + hit.bytes + geometry.bytes + world.bytes + children.bytes + spans.bytes + grids.bytes
        total += freeViews.count * 4 + freeGrids.capacity * 4
        for i in 0..<children.count { total += children[i].bytes }
        for i in 0..<grids.count where grids[i].nx > 0 { total += grids[i].bytes }
        return total
    }
}
