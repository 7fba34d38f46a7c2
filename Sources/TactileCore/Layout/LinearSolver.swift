/// An incremental linear-constraint solver: the Cassowary algorithm (Badros, Borning and Stuckey, 2001) in the
/// form the kiwi library gives it — a simplex tableau kept in basic-feasible solved form, where required
/// constraints must hold and non-required ones are satisfied as well as their strengths allow (their errors are
/// minimised, weighted by strength). Edit variables let a value be suggested and the solution re-optimised with
/// the dual simplex, touching only the rows that mention it.
///
/// It is the engine under Auto Layout (issue 17): priorities map to strengths, constants that change become edit
/// variables. Every map it iterates is ordered by symbol id, so a system solves the same way in every run.
public final class LinearSolver {
    /// A variable of the system: its value after ``updateVariables()``.
    public final class Variable: Hashable {
        public let name: String
        public internal(set) var value: Double = 0
        /// An opaque number for the client (a layout engine maps variables back to its items with it).
        public let context: Int
        public init(_ name: String = "", context: Int = 0) {
            self.name = name
            self.context = context
        }
        public static func == (a: Variable, b: Variable) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// How a constraint relates its expression to zero.
    public enum Relation: Sendable { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// Strengths: `required` must hold; the others are weights of the errors minimised (kiwi's scale).
    public enum Strength {
        public static let required: Double = 1_001_001_000
        public static let strong: Double = 1_000_000
        public static let medium: Double = 1_000
        public static let weak: Double = 1
    }

    /// `Σ coefficient·variable + constant  relation  0`, with a strength.
    public final class Constraint: Hashable {
        public let terms: [(variable: Variable, coefficient: Double)]
        /// Changed in place by ``LinearSolver/setConstant(_:_:)``.
        public internal(set) var constant: Double
        public let relation: Relation
        public let strength: Double
        public init(_ terms: [(Variable, Double)], constant: Double, _ relation: Relation, strength: Double = Strength.required) {
            self.terms = terms.map { (variable: $0.0, coefficient: $0.1) }
            self.constant = constant
            self.relation = relation
            self.strength = min(max(0, strength), Strength.required)
        }
        public static func == (a: Constraint, b: Constraint) -> Bool { a === b }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    public enum Failure: Error, Equatable {
        case duplicateConstraint, unknownConstraint, unsatisfiableConstraint
        case duplicateEditVariable, unknownEditVariable, requiredEditVariable, nonFiniteValue
        /// The objective has no lower bound (cannot happen with well-formed strengths).
        case unbounded
    }

    public init() {}

    // MARK: - Public interface

    /// Adds `constraint`; a required one that cannot hold with the others throws `unsatisfiableConstraint` and
    /// leaves the system as it was.
    public func add(_ constraint: Constraint) throws {
        guard constraints[constraint] == nil else { throw Failure.duplicateConstraint }
        guard constraint.constant.isFinite, constraint.strength.isFinite,
              constraint.terms.allSatisfy({ $0.coefficient.isFinite }) else { throw Failure.nonFiniteValue }
        var tag = Tag()
        let row = createRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if subject.kind == .invalid, row.allDummies {
            guard nearZero(row.constant) else {
                undoRow(constraint, tag)
                throw Failure.unsatisfiableConstraint
            }
            subject = tag.marker
        }
        if subject.kind == .invalid {
            guard try addWithArtificialVariable(row) else {
                undoRow(constraint, tag)
                throw Failure.unsatisfiableConstraint
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        }
        nextSerial += 1
        tag.serial = nextSerial
        constraints[constraint] = tag
        try optimize(objective)
    }

    /// Removes `constraint`.
    public func remove(_ constraint: Constraint) throws {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw Failure.unknownConstraint }
        removeMarkerEffects(tag.marker, constraint.strength)
        if tag.other.kind != .invalid { removeMarkerEffects(tag.other, constraint.strength) }
        if takeRow(tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker), let row = takeRow(leaving) else {
                throw Failure.unbounded
            }
            pivotCount += 1
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        columns[tag.marker] = nil
        try optimize(objective)
    }

    public func contains(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

    /// A textual dump of the tableau, for debugging: each basic symbol's row, the objective, the variables.
    var dump: String {
        func name(_ s: Symbol) -> String { "\(s.kind)\(s.id)" }
        func row(_ r: Row) -> String { "\(r.constant) " + r.cells.entries.map { "\($0.1)*\(name($0.0))" }.joined(separator: " ") }
        var out = rows.sorted(by: { $0.key < $1.key }).map { "\(name($0.key)) = \(row($0.value))" }
        out.append("objective = \(row(objective))")
        out.append("vars: " + variables.map { "\($0.key.name)=\(name($0.value))" }.sorted().joined(separator: " "))
        return out.joined(separator: "\n")
    }

    /// Makes `variable` editable with `strength` (not required).
    public func addEditVariable(_ variable: Variable, strength: Double) throws {
        guard edits[variable] == nil else { throw Failure.duplicateEditVariable }
        guard strength < Strength.required else { throw Failure.requiredEditVariable }
        let constraint = Constraint([(variable, 1)], constant: 0, .equal, strength: strength)
        try add(constraint)
        edits[variable] = Edit(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: variable) else { throw Failure.unknownEditVariable }
        try remove(edit.constraint)
    }

    /// Suggests `value` for an edit variable and re-solves incrementally (dual simplex).
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        guard var edit = edits[variable] else { throw Failure.unknownEditVariable }
        guard value.isFinite else { throw Failure.nonFiniteValue }
        let delta = value - edit.constant
        edit.constant = value
        edits[variable] = edit
        if let row = rows[edit.tag.marker] {
            rowVisits += 1
            if row.add(-delta) < 0 { infeasible.append(edit.tag.marker) }
        } else if let row = rows[edit.tag.other] {
            rowVisits += 1
            if row.add(delta) < 0 { infeasible.append(edit.tag.other) }
        } else {
            for symbol in rowsMentioning(edit.tag.marker) {
                guard let row = rows[symbol] else { continue }
                rowVisits += 1
                let coefficient = row.coefficient(for: edit.tag.marker)
                if symbol.kind == .external { dirty.insert(symbol) }
                if coefficient != 0, row.add(delta * coefficient) < 0, symbol.kind != .external {
                    infeasible.append(symbol)
                }
            }
        }
        try dualOptimize()
    }

    /// Writes the solution into the variables' ``Variable/value`` and returns the variables whose value changed
    /// since the last call, in the order they were first used. Only variables whose rows changed are visited.
    @discardableResult
    public func updateVariables() -> [Variable] {
        var changed: [Variable] = []
        for symbol in dirty.sorted() {
            guard let variable = variableOf[symbol] else { continue }
            let value = rows[symbol]?.constant ?? 0
            if value != variable.value {
                variable.value = value
                changed.append(variable)
            }
        }
        dirty = []  // not removeAll(keepingCapacity:), which clears every bucket: O(capacity), not O(changed)
        return changed
    }

    /// Changes the constant of a constraint already added (required or not), in place: the tableau shifts the
    /// constraint's marker by the difference — its own row, or the rows that mention it — and the dual simplex
    /// restores feasibility, touching only those rows. A required constraint the new constant makes
    /// unsatisfiable throws `unsatisfiableConstraint` and keeps the old constant.
    public func setConstant(_ constraint: Constraint, _ constant: Double) throws {
        guard let tag = constraints[constraint] else { throw Failure.unknownConstraint }
        guard constant.isFinite else { throw Failure.nonFiniteValue }
        let delta = constant - constraint.constant
        guard delta != 0 else { return }
        // The marker m entered the row `0 = c + e + k·m` with coefficient k: with c + δ, the old tableau holds
        // for m' = m + δ/k — a basic m's row drops by δ/k, and a row mentioning a parametric m gains its
        // coefficient times δ/k (kiwi's suggestValue is the case of an edit constraint, k = −1).
        let shift = delta / tag.markerCoefficient
        if !shiftMarker(tag.marker, by: shift) {
            _ = shiftMarker(tag.marker, by: -shift)
            throw Failure.unsatisfiableConstraint
        }
        do {
            try dualOptimize()
        } catch {
            infeasible.removeAll()
            _ = shiftMarker(tag.marker, by: -shift)
            try? dualOptimize()
            throw Failure.unsatisfiableConstraint
        }
        constraint.constant = constant
    }

    /// Rows changed by the last operations since the counters were read: substitutions, ratio tests and
    /// constant updates each count the rows they visit. Deterministic, for tests of incremental cost.
    public private(set) var rowVisits = 0
    /// Pivots performed.
    public private(set) var pivotCount = 0

    /// The system as JSON, for differential tests and benchmarks against other Cassowary solvers:
    /// `{"variables": [name, …], "constraints": [{"terms": [[variable index, coefficient], …], "constant": c,
    /// "op": "==" | "<=" | ">=", "strength": s}, …], "edits": [{"var": index, "strength": s, "value": v}, …]}`.
    /// Constraints come in the order they were added; variables are named `v<index>` when unnamed. With
    /// `marking`, the object also has `"marked": i`, that constraint's index in the list (-1 if absent).
    public func exportSystem(marking: Constraint? = nil) -> String {
        var index: [Variable: Int] = [:]
        var names: [String] = []
        func number(_ v: Variable) -> Int {
            if let i = index[v] { return i }
            index[v] = names.count
            names.append(v.name.isEmpty ? "v\(names.count)" : v.name)
            return names.count - 1
        }
        func json(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }
        func quoted(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let editConstraints = Set(edits.values.map { ObjectIdentifier($0.constraint) })
        var items: [String] = []
        var marked = -1
        for (constraint, _) in constraints.sorted(by: { $0.value.serial < $1.value.serial })
        where !editConstraints.contains(ObjectIdentifier(constraint)) {
            if constraint === marking { marked = items.count }
            let terms = constraint.terms.map { "[\(number($0.variable)), \(json($0.coefficient))]" }.joined(separator: ", ")
            let op = switch constraint.relation {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
            items.append("{\"terms\": [\(terms)], \"constant\": \(json(constraint.constant)), \"op\": \"\(op)\", \"strength\": \(json(constraint.strength))}")
        }
        let editItems = edits.sorted(by: { $0.value.tag.serial < $1.value.tag.serial }).map { variable, edit in
            "{\"var\": \(number(variable)), \"strength\": \(json(edit.constraint.strength)), \"value\": \(json(edit.constant))}"
        }
        return "{\"variables\": [\(names.map(quoted).joined(separator: ", "))], \"constraints\": [\(items.joined(separator: ",\n"))], "
            + "\"edits\": [\(editItems.joined(separator: ", "))]" + (marking == nil ? "}" : ", \"marked\": \(marked)}")
    }

    // MARK: - Symbols and rows

    struct Symbol: Hashable, Comparable {
        enum Kind { case invalid, external, slack, error, dummy }
        let id: Int
        let kind: Kind
        static let invalid = Symbol(id: 0, kind: .invalid)
        static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
        static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
        /// The marker's coefficient in the row as the constraint made it (before any sign reversal).
        var markerCoefficient = 1.0
        /// The order constraints were added in.
        var serial = 0
    }

    struct Edit {
        let tag: Tag
        let constraint: Constraint
        var constant: Double
    }

    /// `constant + Σ coefficient·symbol`, the cells ordered by symbol id.
    final class Row {
        var constant: Double
        var cells: OrderedSymbolMap<Double>
        /// The objective's symbols with a negative coefficient, kept as cells change, so that the simplex finds
        /// its entering symbol without scanning every error term (nil for other rows).
        var negatives: Set<Symbol>?

        init(constant: Double = 0) {
            self.constant = constant
            cells = OrderedSymbolMap()
        }

        /// The objective row.
        init(trackingNegatives: Void) {
            constant = 0
            cells = OrderedSymbolMap()
            negatives = []
        }

        init(copying other: Row) {
            constant = other.constant
            cells = other.cells
        }

        /// Adds `value` to the constant; returns the new constant.
        @discardableResult
        func add(_ value: Double) -> Double {
            constant += value
            return constant
        }

        func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            let value = (cells[symbol] ?? 0) + coefficient
            if nearZero(value) { cells[symbol] = nil } else { cells[symbol] = value }
            if negatives != nil {
                if value < 0, !nearZero(value) { negatives!.insert(symbol) } else { negatives!.remove(symbol) }
            }
        }

        func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            for (symbol, value) in row.cells.entries { insert(symbol, value * coefficient) }
        }

        func remove(_ symbol: Symbol) {
            cells[symbol] = nil
            negatives?.remove(symbol)
        }

        func reverseSign() {
            constant = -constant
            cells.transform { -$0 }
        }

        /// Solves the row for `symbol` (which must be in it): the row becomes `symbol = …`, without `symbol`.
        func solve(for symbol: Symbol) {
            let coefficient = -1 / cells[symbol]!
            cells[symbol] = nil
            constant *= coefficient
            cells.transform { $0 * coefficient }
        }

        /// The row is `lhs = …rhs…`: solves it for `rhs` instead.
        func solve(for lhs: Symbol, _ rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

        func substitute(_ symbol: Symbol, _ row: Row) {
            guard let coefficient = cells[symbol] else { return }
            remove(symbol)
            insert(row, coefficient)
        }

        var allDummies: Bool { cells.entries.allSatisfy { $0.0.kind == .dummy } }
    }

    // MARK: - State

    private var constraints: [Constraint: Tag] = [:]
    /// The tableau: each basic symbol's row.
    private var rows: [Symbol: Row] = [:]
    /// The column index: for each parametric symbol, the basic symbols whose rows mention it. Substitutions,
    /// ratio tests and constant changes visit only those rows (kiwi scans them all).
    private var columns: [Symbol: Set<Symbol>] = [:]
    private var variables: [Variable: Symbol] = [:]
    private var variableOf: [Symbol: Variable] = [:]
    /// External symbols whose value may have changed since ``updateVariables()``.
    private var dirty: Set<Symbol> = []
    private var edits: [Variable: Edit] = [:]
    private var infeasible: [Symbol] = []
    private let objective = Row(trackingNegatives: ())
    private var artificial: Row?
    private var nextID = 1
    private var nextSerial = 0

    private func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextID += 1 }
        return Symbol(id: nextID, kind: kind)
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let symbol = variables[variable] { return symbol }
        let symbol = makeSymbol(.external)
        variables[variable] = symbol
        variableOf[symbol] = variable
        return symbol
    }

    // MARK: - The tableau and its column index

    private func setRow(_ basic: Symbol, _ row: Row) {
        rows[basic] = row
        for (symbol, _) in row.cells.entries { columns[symbol, default: []].insert(basic) }
        if basic.kind == .external { dirty.insert(basic) }
    }

    @discardableResult
    private func takeRow(_ basic: Symbol) -> Row? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for (symbol, _) in row.cells.entries { columns[symbol]?.remove(basic) }
        if basic.kind == .external { dirty.insert(basic) }
        return row
    }

    /// The basic symbols whose rows mention `symbol`, in symbol order (kiwi's row order).
    private func rowsMentioning(_ symbol: Symbol) -> [Symbol] {
        guard let set = columns[symbol], !set.isEmpty else { return [] }
        return set.sorted()
    }

    // MARK: - The algorithm (kiwi's SolverImpl)

    private func createRow(_ constraint: Constraint, _ tag: inout Tag) -> Row {
        let row = Row(constant: constraint.constant)
        for term in constraint.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] { row.insert(basic, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            tag.markerCoefficient = coefficient
            row.insert(slack, coefficient)
            if strength < Strength.required {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, strength)
            }
        case .equal:
            if strength < Strength.required {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                tag.markerCoefficient = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, strength)
                objective.insert(minus, strength)
            } else {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Takes back the objective terms a refused constraint added.
    private func undoRow(_ constraint: Constraint, _ tag: Tag) {
        for symbol in [tag.marker, tag.other] where symbol.kind == .error {
            removeMarkerEffects(symbol, constraint.strength)
        }
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for (symbol, _) in row.cells.entries where symbol.kind == .external { return symbol }
        for symbol in [tag.marker, tag.other] where symbol.kind == .slack || symbol.kind == .error {
            if row.coefficient(for: symbol) < 0 { return symbol }
        }
        return .invalid
    }

    private func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = makeSymbol(.slack)
        setRow(art, Row(copying: row))
        artificial = Row(copying: row)
        try optimize(artificial!)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if let basic = takeRow(art) {
            if basic.cells.isEmpty { return success }
            let entering = anyPivotableSymbol(basic)
            guard entering.kind != .invalid else { return false }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            setRow(entering, basic)
        }
        for basic in rowsMentioning(art) { rows[basic]?.remove(art) }
        columns[art] = nil
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` in every row that mentions it, keeping the column index.
    private func substitute(_ symbol: Symbol, _ row: Row) {
        for basic in rowsMentioning(symbol) {
            guard let other = rows[basic] else { continue }
            rowVisits += 1
            other.substitute(symbol, row)
            for (s, _) in row.cells.entries {
                if other.cells[s] != nil { columns[s, default: []].insert(basic) } else { columns[s]?.remove(basic) }
            }
            if basic.kind == .external {
                dirty.insert(basic)
            } else if other.constant < 0 {
                infeasible.append(basic)
            }
        }
        columns[symbol] = nil
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Enters `entering` in place of the basic `leaving`.
    private func pivot(_ row: Row, leaving: Symbol, entering: Symbol) {
        pivotCount += 1
        row.solve(for: leaving, entering)
        substitute(entering, row)
        setRow(entering, row)
    }

    private func optimize(_ objective: Row) throws {
        while true {
            let entering = enteringSymbol(objective)
            if entering.kind == .invalid { return }
            guard let leaving = leavingRow(entering), let row = takeRow(leaving) else { throw Failure.unbounded }
            pivot(row, leaving: leaving, entering: entering)
        }
    }

    private func dualOptimize() throws {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < 0 else { continue }
            let entering = dualEnteringSymbol(row)
            guard entering.kind != .invalid else { throw Failure.unbounded }
            takeRow(leaving)
            pivot(row, leaving: leaving, entering: entering)
        }
    }

    /// Shifts a constraint's marker by `shift` (its constant changed): the marker's own row when it is basic,
    /// else every row that mentions it. Rows that turn negative wait for the dual simplex. False when a
    /// redundant required equality (a basic dummy) would no longer hold.
    private func shiftMarker(_ marker: Symbol, by shift: Double) -> Bool {
        var holds = true
        if let row = rows[marker] {
            rowVisits += 1
            row.add(-shift)
            if marker.kind == .dummy, !nearZero(row.constant) { holds = false }
            if row.constant < 0, marker.kind != .dummy { infeasible.append(marker) }
            return holds
        }
        for basic in rowsMentioning(marker) {
            guard let row = rows[basic] else { continue }
            rowVisits += 1
            row.add(row.coefficient(for: marker) * shift)
            if basic.kind == .external {
                dirty.insert(basic)
            } else if basic.kind == .dummy {
                if !nearZero(row.constant) { holds = false }
            } else if row.constant < 0 {
                infeasible.append(basic)
            }
        }
        return holds
    }

    /// The first symbol (by id, as kiwi's ordered scan) with a negative objective coefficient, dummies excepted.
    private func enteringSymbol(_ objective: Row) -> Symbol {
        if let negatives = objective.negatives {
            return negatives.filter { $0.kind != .dummy }.min() ?? .invalid
        }
        for (symbol, value) in objective.cells.entries where symbol.kind != .dummy && value < 0 { return symbol }
        return .invalid
    }

    private func dualEnteringSymbol(_ row: Row) -> Symbol {
        var entering = Symbol.invalid
        var ratio = Double.greatestFiniteMagnitude
        for (symbol, value) in row.cells.entries where value > 0 && symbol.kind != .dummy {
            let r = objective.coefficient(for: symbol) / value
            if r < ratio {
                ratio = r
                entering = symbol
            }
        }
        return entering
    }

    private func anyPivotableSymbol(_ row: Row) -> Symbol {
        for (symbol, _) in row.cells.entries where symbol.kind == .slack || symbol.kind == .error { return symbol }
        return .invalid
    }

    private func leavingRow(_ entering: Symbol) -> Symbol? {
        var ratio = Double.greatestFiniteMagnitude
        var found: Symbol?
        for symbol in rowsMentioning(entering) where symbol.kind != .external {
            guard let row = rows[symbol] else { continue }
            rowVisits += 1
            let coefficient = row.coefficient(for: entering)
            if coefficient < 0 {
                let r = -row.constant / coefficient
                if r < ratio {
                    ratio = r
                    found = symbol
                }
            }
        }
        return found
    }

    /// The row to pivot a non-basic marker into before its constraint's row is dropped: kiwi's ratio test, except
    /// that a row whose basic symbol is a dummy (a redundant required equality, which must stay exactly 0) is
    /// taken first — pivoting on another row would give that dummy a constant and break the redundant
    /// constraint, which now has to take over from the removed one.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        let mentioning = rowsMentioning(marker)
        if let dummy = mentioning.first(where: { $0.kind == .dummy }) { return dummy }
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first: Symbol?, second: Symbol?, third: Symbol?
        for symbol in mentioning {
            guard let row = rows[symbol] else { continue }
            rowVisits += 1
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            if symbol.kind == .external {
                third = symbol
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = symbol }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = symbol }
            }
        }
        return first ?? second ?? third
    }

    private func removeMarkerEffects(_ marker: Symbol, _ strength: Double) {
        guard marker.kind == .error else { return }
        if let row = rows[marker] { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
    }
}

/// kiwi's tolerance for zero.
@inline(__always)
func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }

/// A map keyed by solver symbols, iterated in symbol order (deterministic pivoting), as kiwi's AssocVector.
struct OrderedSymbolMap<Value> {
    private var keys: [LinearSolver.Symbol] = []
    private var values: [Value] = []

    var isEmpty: Bool { keys.isEmpty }
    var entries: Zip2Sequence<[LinearSolver.Symbol], [Value]> { zip(keys, values) }
    /// A snapshot to iterate while the map's values (reference types) are mutated.
    var ordered: Zip2Sequence<[LinearSolver.Symbol], [Value]> { zip(keys, values) }

    private func index(of key: LinearSolver.Symbol) -> (found: Bool, at: Int) {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].id < key.id { low = mid + 1 } else { high = mid }
        }
        return (low < keys.count && keys[low].id == key.id, low)
    }

    subscript(key: LinearSolver.Symbol) -> Value? {
        get {
            let (found, at) = index(of: key)
            return found ? values[at] : nil
        }
        set {
            let (found, at) = index(of: key)
            if let newValue {
                if found { values[at] = newValue } else { keys.insert(key, at: at); values.insert(newValue, at: at) }
            } else if found {
                keys.remove(at: at)
                values.remove(at: at)
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: LinearSolver.Symbol) -> Value? {
        let old = self[key]
        self[key] = nil
        return old
    }

    mutating func transform(_ body: (Value) -> Value) {
        for i in values.indices { values[i] = body(values[i]) }
    }
}
