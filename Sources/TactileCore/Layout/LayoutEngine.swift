import Foundation

/// Auto Layout over the packed view tree: linear constraints between the edges, centres and sizes of views and
/// layout guides, solved incrementally by ``LinearSolver`` (Cassowary, as UIKit's engine), and the solved
/// frames written back.
///
/// Each item taking part has four variables — `minX`, `minY`, `width`, `height` — its frame in its
/// superview's coordinates (a guide's: in its owning view's), measured from the superview's frame origin and
/// not from its bounds origin, as UIKit's engine does (a scroll view's constrained content does not move with
/// the content offset). A constraint between two items is expressed in the coordinates of their nearest
/// common ancestor: the sum of the `minX` of every view on the way up.
///
/// Views take part only once something refers to them. A view that ``setTranslatesFrame(_:_:mask:joining:)`` (UIKit's
/// `translatesAutoresizingMaskIntoConstraints`, the default) is pinned to its current frame by required
/// constraints, which follow its superview's size along the axes its autoresizing mask makes flexible, as
/// UIKit's autoresizing constraints do.
public final class LayoutEngine {
    /// A physical attribute. UIKit's leading/trailing, margins and baselines are resolved by the caller into
    /// these (leading in a right-to-left layout is `right` with coefficient −1, a margin is an offset).
    public enum Attribute: Int, Sendable, CaseIterable {
        case left, right, top, bottom, width, height, centerX, centerY

        var isHorizontal: Bool { self == .left || self == .right || self == .width || self == .centerX }
        var isSize: Bool { self == .width || self == .height }
    }

    /// Something with a frame: a view of the tree, or a layout guide of a view (``makeGuide(owner:)``).
    public enum Item: Hashable, Sendable {
        case view(ViewID)
        case guide(Int)
    }

    /// One side of a constraint: `coefficient × attribute(item)`.
    public struct Anchor: Hashable, Sendable {
        public var item: Item
        public var attribute: Attribute
        /// −1 mirrors a horizontal position (a leading edge of a right-to-left layout); 1 otherwise.
        public var coefficient: Double
        public init(_ item: Item, _ attribute: Attribute, coefficient: Double = 1) {
            self.item = item
            self.attribute = attribute
            self.coefficient = coefficient
        }
    }

    /// `Σ lhs (relation) multiplier × Σ rhs + constant`, with a UIKit priority (1 … 1000; 1000 is required).
    /// Each side is usually one anchor; two make a distance (UIKit's `anchorWithOffset(to:)`).
    public struct Spec: Hashable, Sendable {
        public var lhs: [Anchor]
        public var relation: LinearSolver.Relation
        public var rhs: [Anchor]
        public var multiplier: Double
        public var constant: Double
        public var priority: Float
        public init(lhs: [Anchor], _ relation: LinearSolver.Relation, rhs: [Anchor] = [], multiplier: Double = 1,
                    constant: Double = 0, priority: Float = 1000) {
            self.lhs = lhs
            self.relation = relation
            self.rhs = rhs
            self.multiplier = multiplier
            self.constant = constant
            self.priority = priority
        }
        public init(_ first: Anchor, _ relation: LinearSolver.Relation, _ second: Anchor? = nil,
                    multiplier: Double = 1, constant: Double = 0, priority: Float = 1000) {
            self.init(lhs: [first], relation, rhs: second.map { [$0] } ?? [], multiplier: multiplier, constant: constant,
                      priority: priority)
        }
        /// Required: the priority is 1000 (or more).
        public var isRequired: Bool { priority >= 1000 }
        var anchors: [Anchor] { lhs + rhs }
    }

    /// A constraint the engine holds.
    public struct ConstraintID: Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
    }

    public enum Failure: Error, Equatable, Sendable {
        /// The items have no common ancestor (UIKit raises).
        case noCommonAncestor
        /// A constant, multiplier or priority is NaN or infinite.
        case nonFiniteValue
        /// A view or guide that no longer exists.
        case unknownItem
        case unknownConstraint
        /// A required constraint conflicts with the required ones already held; it was added anyway, broken:
        /// held as near as the others allow (UIKit's recovery). The payload is the conflicting set: constraints,
        /// and views whose frame pins (autoresizing constraints) take part.
        case unsatisfiable(conflicting: [ConstraintID], pinnedViews: [ViewID])
    }

    /// The strength a broken required constraint is held at: above every optional priority, below required.
    static let brokenStrength = 1.0e9

    /// UIKit priority → solver strength. Priorities weigh errors linearly (999 outweighs 1), as in UIKit's
    /// engine, where a constraint's error is multiplied by its priority.
    static func strength(for priority: Float) -> Double {
        priority >= 1000 ? LinearSolver.Strength.required : Double(max(priority, 0))
    }

    public let tree: ViewTree
    let solver = LinearSolver()
    /// Asked when a view first takes part: whether it translates its frame into pins, and its autoresizing
    /// mask. Unset: it does, with no flexible part. Must not call back into the engine.
    public var viewJoined: ((ViewID) -> (translatesFrame: Bool, mask: UInt8))?
    /// Something changed since the last ``solve()``.
    public private(set) var needsSolve = false
    /// Whether no item takes part (nothing to solve, nothing to apply).
    public var isEmpty: Bool { records.isEmpty }

    public init(tree: ViewTree) { self.tree = tree }

    // MARK: - Items

    /// An item's variables and what depends on it.
    final class Record {
        let item: Item
        let x, y, w, h: LinearSolver.Variable
        /// The guide's owning view.
        var owner: ViewID?
        /// Pins to the current frame (`translatesAutoresizingMaskIntoConstraints`), and the mask they follow.
        var translatesFrame = true
        var mask: UInt8 = 0
        var pins: [LinearSolver.Constraint] = []
        /// Constraints whose expression uses this view's position on a path to a common ancestor.
        var pathUsers: Set<Int> = []
        /// Constraints naming the item.
        var users: Set<Int> = []
        /// The frame last handed out by ``solve()``.
        var solved: CGRect?

        let index: Int

        init(_ item: Item, index: Int) {
            self.item = item
            self.index = index
            x = LinearSolver.Variable("x\(index)", context: index * 4)
            y = LinearSolver.Variable("y\(index)", context: index * 4 + 1)
            w = LinearSolver.Variable("w\(index)", context: index * 4 + 2)
            h = LinearSolver.Variable("h\(index)", context: index * 4 + 3)
        }

        var frame: CGRect { CGRect(x: x.value, y: y.value, width: w.value, height: h.value) }
    }

    var records: [Item: Record] = [:]
    /// Records by index (the variables' context / 4); freed slots are nil.
    var recordsByIndex: [Record?] = []
    var nextGuide = 0
    /// Guides and their owners.
    var guideOwners: [Int: ViewID] = [:]

    /// A new layout guide of `owner` (UIKit's `addLayoutGuide`): a rectangle in its coordinates with no view.
    public func makeGuide(owner: ViewID) throws(Failure) -> Item {
        guard tree.isValid(owner) else { throw .unknownItem }
        nextGuide += 1
        guideOwners[nextGuide] = owner
        return .guide(nextGuide)
    }

    /// Forgets a guide and every constraint naming it.
    public func removeGuide(_ item: Item) {
        needsSolve = true
        guard case .guide(let g) = item else { return }
        forget(item)
        guideOwners[g] = nil
    }

    /// The record of `item`, made (and pinned, for a view that translates its frame) on first use.
    func record(_ item: Item) throws(Failure) -> Record {
        if let r = records[item] { return r }
        switch item {
        case .view(let v): guard tree.isValid(v) else { throw .unknownItem }
        case .guide(let g): guard guideOwners[g] != nil else { throw .unknownItem }
        }
        let r = Record(item, index: recordsByIndex.count)
        recordsByIndex.append(r)
        records[item] = r
        if case .guide(let g) = item { r.owner = guideOwners[g] }
        if case .view(let v) = item {
            if let info = viewJoined?(v) {
                r.translatesFrame = info.translatesFrame
                r.mask = info.mask
            }
            try pin(r)
        }
        return r
    }

    /// Makes `view` take part (as its first constraint would), pinned if it translates its frame.
    public func join(_ view: ViewID) {
        needsSolve = true
        _ = try? record(.view(view))
    }

    /// Whether `view` takes part in layout (something refers to it).
    public func isLaidOut(_ view: ViewID) -> Bool { records[.view(view)] != nil }

    /// Drops an item: its constraints, its pins, its variables (a destroyed view, a removed guide). Returns the
    /// constraints removed with it.
    @discardableResult
    public func forget(_ item: Item) -> [ConstraintID] {
        needsSolve = true
        guard let r = records[item] else { return [] }
        let removed = r.users.union(r.pathUsers).sorted().map { ConstraintID(rawValue: $0) }
        for id in removed { remove(id) }
        unpin(r)
        records[item] = nil
        recordsByIndex[r.index] = nil
        return removed
    }

    // MARK: - Frames of views that translate them (autoresizing constraints)

    /// Whether `view` is pinned to its frame (`translatesAutoresizingMaskIntoConstraints`), and the
    /// autoresizing mask (UIKit's bits: 1 flexible left margin, 2 width, 4 right margin, 8 top margin, 16
    /// height, 32 bottom margin) the pins follow.
    /// With `joining`, a view that takes no part yet joins (so that the setting holds from its first constraint).
    public func setTranslatesFrame(_ view: ViewID, _ translates: Bool, mask: UInt8, joining: Bool = false) {
        needsSolve = true
        guard let r = records[.view(view)] ?? (joining ? try? record(.view(view)) : nil) else { return }
        guard r.translatesFrame != translates || r.mask != mask else { return }
        r.translatesFrame = translates
        r.mask = mask
        try? pin(r)
    }

    /// The view's frame was set by someone else than the engine, or it moved to another superview: its pins
    /// (if it translates its frame) take the new frame, and constraints whose path it is on are expressed again.
    public func viewGeometryDidChange(_ view: ViewID, superviewChanged: Bool = false) {
        needsSolve = true
        guard let r = records[.view(view)] else { return }
        if superviewChanged {
            for id in r.pathUsers.sorted() { retranslate(id) }
        }
        if r.translatesFrame, superviewChanged || currentFrame(of: view) != r.solved { try? pin(r) }
    }

    func currentFrame(of view: ViewID) -> CGRect? {
        guard let g = try? tree.geometry(of: view) else { return nil }
        return CGRect(x: g.center.x - g.bounds.width / 2, y: g.center.y - g.bounds.height / 2,
                      width: g.bounds.width, height: g.bounds.height)
    }

    func unpin(_ r: Record) {
        for c in r.pins { try? solver.remove(c) }
        r.pins = []
    }

    /// (Re)pins a view to its current frame. Along an axis with flexible parts, the change of the superview's
    /// size is shared by them in proportion to their current lengths (evenly when those are all zero).
    func pin(_ r: Record) throws(Failure) {
        unpin(r)
        guard r.translatesFrame, case .view(let v) = r.item, let f = currentFrame(of: v) else { return }
        let parent = try? tree.parent(of: v) ?? nil
        let parentSize = parent.flatMap { try? tree.geometry(of: $0).bounds.size }
        let mask = r.mask
        var pins: [LinearSolver.Constraint] = []
        func axis(_ position: LinearSolver.Variable, _ size: LinearSolver.Variable, lead: Double, length: Double,
                  superLength: Double?, flex: (lead: Bool, size: Bool, trail: Bool),
                  superSize: () throws(Failure) -> LinearSolver.Variable) throws(Failure) {
            let trail = (superLength ?? 0) - lead - length
            let parts = [(flex.lead, lead), (flex.size, length), (flex.trail, trail)].filter(\.0)
            guard let superLength, !parts.isEmpty else {
                pins.append(.init([(position, 1)], constant: -lead, .equal))
                pins.append(.init([(size, 1)], constant: -length, .equal))
                return
            }
            let total = parts.reduce(0) { $0 + max($1.1, 0) }
            func share(_ on: Bool, _ l: Double) -> Double {
                on ? (total > 0 ? max(l, 0) / total : 1 / Double(parts.count)) : 0
            }
            let a = share(flex.lead, lead), b = share(flex.size, length)
            let s = try superSize()
            // position = lead + a (S − S0); size = length + b (S − S0)
            pins.append(.init([(position, 1), (s, -a)], constant: -(lead - a * superLength), .equal))
            pins.append(.init([(size, 1), (s, -b)], constant: -(length - b * superLength), .equal))
        }
        try axis(r.x, r.w, lead: f.minX, length: f.width, superLength: parentSize.map { Double($0.width) },
                 flex: (mask & 1 != 0, mask & 2 != 0, mask & 4 != 0)) { () throws(Failure) in try record(.view(parent!)).w }
        try axis(r.y, r.h, lead: f.minY, length: f.height, superLength: parentSize.map { Double($0.height) },
                 flex: (mask & 8 != 0, mask & 16 != 0, mask & 32 != 0)) { () throws(Failure) in try record(.view(parent!)).h }
        for c in pins { try? solver.add(c) }
        r.pins = pins
    }

    // MARK: - Constraints

    final class Held {
        var spec: Spec
        var solverConstraint: LinearSolver.Constraint
        var items: [Record]
        var path: [Record]
        var broken = false
        init(spec: Spec, solverConstraint: LinearSolver.Constraint, items: [Record], path: [Record]) {
            self.spec = spec
            self.solverConstraint = solverConstraint
            self.items = items
            self.path = path
        }
    }

    var held: [Int: Held] = [:]
    var nextConstraint = 0

    /// The number of constraints held (pins excluded).
    public var constraintCount: Int { held.count }

    /// Adds a constraint. A required one that cannot hold with the required ones already there is added
    /// broken (held just below required, as close as the others allow) and reported by throwing
    /// ``Failure/unsatisfiable(conflicting:pinnedViews:)`` — the returned id is in the error's context: read
    /// ``lastAdded``.
    @discardableResult
    public func add(_ spec: Spec) throws(Failure) -> ConstraintID {
        needsSolve = true
        guard spec.multiplier.isFinite, spec.constant.isFinite, spec.priority.isFinite,
              spec.anchors.allSatisfy({ $0.coefficient.isFinite }), !spec.lhs.isEmpty else { throw .nonFiniteValue }
        let (constraint, items, path) = try translate(spec)
        nextConstraint += 1
        let id = nextConstraint
        let h = Held(spec: spec, solverConstraint: constraint, items: items, path: path)
        held[id] = h
        for r in items { r.users.insert(id) }
        for r in path { r.pathUsers.insert(id) }
        lastAdded = ConstraintID(rawValue: id)
        do {
            try solver.add(constraint)
        } catch {
            let conflicting = conflictingSet(for: id)
            breakConstraint(h)
            throw .unsatisfiable(conflicting: conflicting.constraints, pinnedViews: conflicting.pinnedViews)
        }
        return ConstraintID(rawValue: id)
    }

    /// The id of the constraint the last ``add(_:)`` made (also when it threw `unsatisfiable`).
    public private(set) var lastAdded: ConstraintID?

    /// Holds a required constraint that conflicts at the broken strength.
    func breakConstraint(_ h: Held) {
        h.broken = true
        let c = h.solverConstraint
        h.solverConstraint = LinearSolver.Constraint(c.terms.map { ($0.variable, $0.coefficient) }, constant: c.constant,
                                                     c.relation, strength: Self.brokenStrength)
        try? solver.add(h.solverConstraint)
    }

    public func remove(_ id: ConstraintID) {
        needsSolve = true
        guard let h = held.removeValue(forKey: id.rawValue) else { return }
        try? solver.remove(h.solverConstraint)
        for r in h.items { r.users.remove(id.rawValue) }
        for r in h.path { r.pathUsers.remove(id.rawValue) }
    }

    public func contains(_ id: ConstraintID) -> Bool { held[id.rawValue] != nil }

    /// Whether the constraint was broken to recover from a conflict.
    public func isBroken(_ id: ConstraintID) -> Bool { held[id.rawValue]?.broken ?? false }

    /// Changes a constraint's constant in place (incrementally: no other constraint is expressed again).
    public func setConstant(_ id: ConstraintID, _ constant: Double) throws(Failure) {
        needsSolve = true
        guard constant.isFinite else { throw .nonFiniteValue }
        guard let h = held[id.rawValue] else { throw .unknownConstraint }
        guard h.spec.constant != constant else { return }
        let delta = constant - h.spec.constant
        h.spec.constant = constant
        let c = h.solverConstraint
        do {
            try solver.setConstant(c, c.constant - delta)
        } catch {
            // A required constraint that the new constant makes unsatisfiable: held broken, as when added.
            try? solver.remove(c)
            let fresh = LinearSolver.Constraint(c.terms.map { ($0.variable, $0.coefficient) }, constant: c.constant - delta,
                                                c.relation, strength: c.strength)
            h.solverConstraint = fresh
            if (try? solver.add(fresh)) == nil {
                let conflicting = conflictingSet(for: id.rawValue)
                breakConstraint(h)
                throw .unsatisfiable(conflicting: conflicting.constraints, pinnedViews: conflicting.pinnedViews)
            }
        }
    }

    /// Changes a constraint's priority (re-adds it).
    public func setPriority(_ id: ConstraintID, _ priority: Float) throws(Failure) {
        needsSolve = true
        guard priority.isFinite else { throw .nonFiniteValue }
        guard let h = held[id.rawValue] else { throw .unknownConstraint }
        h.spec.priority = priority
        retranslate(id.rawValue)
    }

    /// Expresses a constraint again (its items moved in the hierarchy).
    func retranslate(_ id: Int) {
        guard let h = held[id] else { return }
        let spec = h.spec
        remove(ConstraintID(rawValue: id))
        guard let (constraint, items, path) = try? translate(spec) else { return }
        let fresh = Held(spec: spec, solverConstraint: constraint, items: items, path: path)
        held[id] = fresh
        for r in items { r.users.insert(id) }
        for r in path { r.pathUsers.insert(id) }
        if (try? solver.add(constraint)) == nil { breakConstraint(fresh) }
    }

    // MARK: - Translation into the solver's terms

    /// The view an item's frame is measured in the coordinates of the superview of: the view itself, or a
    /// guide's owner.
    func anchorView(_ item: Item) -> ViewID? {
        switch item {
        case .view(let v): return v
        case .guide(let g): return guideOwners[g]
        }
    }

    /// The nearest common ancestor of two views (a view counts as its own ancestor).
    public func commonAncestor(_ a: ViewID, _ b: ViewID) -> ViewID? {
        var ancestors = Set<ViewID>()
        var v: ViewID? = a
        while let current = v {
            ancestors.insert(current)
            v = (try? tree.parent(of: current)) ?? nil
        }
        v = b
        while let current = v {
            if ancestors.contains(current) { return current }
            v = (try? tree.parent(of: current)) ?? nil
        }
        return nil
    }

    func translate(_ spec: Spec) throws(Failure) -> (LinearSolver.Constraint, [Record], [Record]) {
        var common: ViewID?
        for anchor in spec.anchors {
            guard let view = anchorView(anchor.item) else { throw .unknownItem }
            guard let c = common else { common = view; continue }
            guard let next = commonAncestor(c, view) else { throw .noCommonAncestor }
            common = next
        }
        guard var common else { throw .unknownItem }
        if spec.anchors.count == 1, case .view(let only) = spec.lhs[0].item {
            common = (try? tree.parent(of: only)) ?? nil ?? only  // a size alone: any frame of reference
        }
        var terms: [(LinearSolver.Variable, Double)] = []
        var items: [Record] = []
        var path: [Record] = []
        func add(_ anchor: Anchor, _ scale: Double) throws(Failure) {
            let r = try record(anchor.item)
            items.append(r)
            let k = anchor.coefficient * scale
            let horizontal = anchor.attribute.isHorizontal
            let size = horizontal ? r.w : r.h
            if anchor.item == .view(common) {
                // The common ancestor itself: its own origin is 0.
                switch anchor.attribute {
                case .width, .height, .right, .bottom: terms.append((size, k))
                case .centerX, .centerY: terms.append((size, 0.5 * k))
                case .left, .top: break
                }
                return
            }
            if !anchor.attribute.isSize {
                // The origin in the common ancestor's coordinates: positions up the path.
                var current: Record? = r
                while let c = current {
                    terms.append((horizontal ? c.x : c.y, k))
                    if c !== r { path.append(c) }
                    let up: ViewID? = c.owner ?? ((try? tree.parent(of: anchorView(c.item)!)) ?? nil)
                    guard let up, up != common else { break }
                    current = try record(.view(up))
                }
            }
            switch anchor.attribute {
            case .width, .height, .right, .bottom: terms.append((size, k))
            case .centerX, .centerY: terms.append((size, 0.5 * k))
            case .left, .top: break
            }
        }
        for anchor in spec.lhs { try add(anchor, 1) }
        for anchor in spec.rhs { try add(anchor, -spec.multiplier) }
        let constraint = LinearSolver.Constraint(terms, constant: -spec.constant, spec.relation,
                                                 strength: Self.strength(for: spec.priority))
        return (constraint, items, path)
    }

    // MARK: - Solving

    /// Brings the solution up to date and returns the items whose frame changed since the last call.
    public func solve() -> [Item] {
        guard needsSolve else { return [] }
        needsSolve = false
        pullValues()
        var changed: [Item] = []
        let indices = moved.sorted()
        moved = []  // (removeAll(keepingCapacity:) would clear every bucket of a once-large set)
        for index in indices {
            guard let r = recordsByIndex[index] else { continue }
            let f = r.frame
            if r.solved != f {
                r.solved = f
                changed.append(r.item)
            }
        }
        return changed
    }

    /// Records whose variables changed since the last ``solve()``.
    var moved: Set<Int> = []

    /// Brings the variables' values up to date, remembering whose changed.
    func pullValues() {
        for variable in solver.updateVariables() { moved.insert(variable.context / 4) }
    }

    /// The solver's system as JSON (``LinearSolver/exportSystem(marking:)``), pins and intrinsic sizes included,
    /// for comparing with another Cassowary solver; `marking` names one constraint's index in it.
    public func exportSystem(marking id: ConstraintID? = nil) -> String {
        solver.exportSystem(marking: id.flatMap { held[$0.rawValue]?.solverConstraint })
    }

    /// The solved frame of an item (in its superview's, or for a guide its owner's, coordinates); nil when
    /// it takes no part in layout.
    public func frame(of item: Item) -> CGRect? {
        guard let r = records[item] else { return nil }
        pullValues()
        return r.frame
    }

    /// Writes every changed view frame into the tree (center and bounds size, so a transform is kept); the C
    /// API's layout pass. Returns the views written.
    @discardableResult
    public func applyToTree() -> [ViewID] {
        var written: [ViewID] = []
        for item in solve() {
            guard case .view(let v) = item, let f = records[item]?.frame, let g = try? tree.geometry(of: v) else { continue }
            var next = g
            next.center = CGPoint(x: f.midX, y: f.midY)
            next.bounds.size = f.size
            if next != g, (try? tree.setGeometry(next, of: v)) != nil { written.append(v) }
        }
        return written
    }

    // MARK: - Conflicts and ambiguity

    /// The constraints that, with the required constraint `id`, cannot all hold: a deletion filter over the
    /// required constraints connected to it (an irreducible conflicting set when that is small enough).
    func conflictingSet(for id: Int) -> (constraints: [ConstraintID], pinnedViews: [ViewID]) {
        guard let target = held[id] else { return ([], []) }
        // Required constraints sharing variables with the target, transitively (pins included).
        var byVariable: [ObjectIdentifier: [(Int, LinearSolver.Constraint)]] = [:]
        var all: [(Int, LinearSolver.Constraint)] = held.filter { $0.key != id && $0.value.spec.isRequired && !$0.value.broken }
            .map { ($0.key, $0.value.solverConstraint) }
        // Pins count as the negative index of their record.
        for r in records.values { for p in r.pins { all.append((-r.index - 1, p)) } }
        for entry in all { for t in entry.1.terms { byVariable[ObjectIdentifier(t.variable), default: []].append(entry) } }
        var component: [(Int, LinearSolver.Constraint)] = []
        var seen = Set<ObjectIdentifier>()
        var frontier = target.solverConstraint.terms.map { $0.variable }
        var taken = Set<ObjectIdentifier>()
        while let v = frontier.popLast() {
            guard seen.insert(ObjectIdentifier(v)).inserted else { continue }
            for entry in byVariable[ObjectIdentifier(v)] ?? [] where taken.insert(ObjectIdentifier(entry.1)).inserted {
                component.append(entry)
                frontier.append(contentsOf: entry.1.terms.map { $0.variable })
            }
        }
        let required = LinearSolver.Strength.required
        func clone(_ c: LinearSolver.Constraint) -> LinearSolver.Constraint {
            .init(c.terms.map { ($0.variable, $0.coefficient) }, constant: c.constant, c.relation, strength: required)
        }
        func infeasible(_ set: [(Int, LinearSolver.Constraint)]) -> Bool {
            let s = LinearSolver()
            for entry in set { try? s.add(clone(entry.1)) }
            return (try? s.add(clone(target.solverConstraint))) == nil
        }
        if component.count <= 300 {
            var i = 0
            while i < component.count {
                var without = component
                without.remove(at: i)
                if infeasible(without) { component = without } else { i += 1 }
            }
        }
        var pinned: [ViewID] = []
        for index in Set(component.map(\.0).filter { $0 < 0 }).sorted(by: >) {
            if case .view(let v)? = recordsByIndex[-index - 1]?.item { pinned.append(v) }
        }
        let constraints = component.map(\.0).filter { $0 > 0 }.sorted().map { ConstraintID(rawValue: $0) }
        return (constraints + [ConstraintID(rawValue: id)], pinned)
    }

    /// The size `view` takes by its own constraints (UIKit's `systemLayoutSizeFitting`): its frame pins and
    /// the constraints tying it to views outside its subtree are set aside, its size is held at `target` with
    /// the fitting priorities, and the system is solved; then everything is put back.
    public func fittingSize(of view: ViewID, target: CGSize, horizontalPriority: Float, verticalPriority: Float) -> CGSize {
        needsSolve = true
        guard let r = try? record(.view(view)) else { return target }
        let translated = r.translatesFrame
        r.translatesFrame = false
        unpin(r)
        var setAside: [Int] = []
        for id in r.users.union(r.pathUsers).sorted() {
            guard let h = held[id] else { continue }
            let inside = h.items.allSatisfy { item in
                guard let v = anchorView(item.item) else { return false }
                return v == view || ((try? tree.isDescendant(v, of: view)) ?? false)
            }
            if !inside || r.pathUsers.contains(id) { setAside.append(id) }
        }
        for id in setAside { if let h = held[id] { try? solver.remove(h.solverConstraint) } }
        let holds = [LinearSolver.Constraint([(r.w, 1)], constant: -Double(target.width), .equal,
                                             strength: Self.strength(for: min(horizontalPriority, 999.5))),
                     LinearSolver.Constraint([(r.h, 1)], constant: -Double(target.height), .equal,
                                             strength: Self.strength(for: min(verticalPriority, 999.5)))]
        for c in holds { try? solver.add(c) }
        pullValues()
        let size = CGSize(width: r.w.value, height: r.h.value)
        for c in holds { try? solver.remove(c) }
        for id in setAside { if let h = held[id] { try? solver.add(h.solverConstraint) } }
        r.translatesFrame = translated
        try? pin(r)
        pullValues()
        return size
    }

    /// Which of an item's variables (x, y, width, height) are not determined by its constraints: each is
    /// nudged by a tiny-strength edit; one that moves without raising any constraint's error is ambiguous.
    public func ambiguousAxes(of item: Item) -> (horizontal: Bool, vertical: Bool) {
        guard let r = records[item] else { return (false, false) }
        _ = solve()
        func free(_ v: LinearSolver.Variable) -> Bool {
            let start = v.value
            defer { try? solver.removeEditVariable(v); pullValues() }
            guard (try? solver.addEditVariable(v, strength: 1.0e-6)) != nil else { return false }
            for delta in [1.0, -1.0] {
                try? solver.suggestValue(v, start + delta)
                pullValues()
                let moved = abs(v.value - start) > 1.0e-6
                try? solver.suggestValue(v, start)
                pullValues()
                if moved { return true }
            }
            return false
        }
        return (free(r.x) || free(r.w), free(r.y) || free(r.h))
    }

    /// Moves an ambiguous item to another of its possible frames (UIKit's `exerciseAmbiguityInLayout()`): each
    /// free variable is pushed by a tiny-strength edit and left where the others let it.
    public func exerciseAmbiguity(of item: Item) {
        needsSolve = true
        guard let r = records[item] else { return }
        for v in [r.x, r.y, r.w, r.h] {
            let start = v.value
            guard (try? solver.addEditVariable(v, strength: 1.0e-6)) != nil else { continue }
            try? solver.suggestValue(v, start + max(abs(start), 100))
            pullValues()
            let moved = abs(v.value - start) > 1.0e-6
            // Keep the new vertex: hold it with a stay of the same tiny strength while the edit goes.
            try? solver.removeEditVariable(v)
            if moved { break }
        }
    }

    /// The ids of the constraints whose expression involves the item along an axis (pins excluded).
    public func constraints(affecting item: Item, horizontal: Bool) -> [ConstraintID] {
        guard let r = records[item] else { return [] }
        let variables: Set<ObjectIdentifier> = horizontal ? [ObjectIdentifier(r.x), ObjectIdentifier(r.w)]
                                                          : [ObjectIdentifier(r.y), ObjectIdentifier(r.h)]
        return held.filter { $0.value.solverConstraint.terms.contains { variables.contains(ObjectIdentifier($0.variable)) } }
            .keys.sorted().map { ConstraintID(rawValue: $0) }
    }
}
