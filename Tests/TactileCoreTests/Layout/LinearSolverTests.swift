import Testing
@testable import TactileCore

/// The Cassowary solver under Auto Layout (issue 17; Badros, Borning and Stuckey 2001, as kiwi implements it).
@Suite("Linear solver")
struct LinearSolverTests {
    typealias V = LinearSolver.Variable
    typealias C = LinearSolver.Constraint

    @Test("required equalities and inequalities hold: right = left + width, width ≥ 50, left = 10")
    func requiredConstraints() throws {
        let solver = LinearSolver()
        let (left, width, right) = (V("left"), V("width"), V("right"))
        try solver.add(C([(right, 1), (left, -1), (width, -1)], constant: 0, .equal))
        try solver.add(C([(width, 1)], constant: -50, .greaterThanOrEqual))
        try solver.add(C([(left, 1)], constant: -10, .equal))
        try solver.add(C([(width, 1)], constant: -80, .equal, strength: LinearSolver.Strength.weak))
        solver.updateVariables()
        #expect(left.value == 10 && width.value == 80 && right.value == 90)
    }

    @Test("a stronger preference wins over a weaker one; removing it lets the weaker one take over")
    func strengths() throws {
        let solver = LinearSolver()
        let x = V("x")
        let strong = C([(x, 1)], constant: -10, .equal, strength: LinearSolver.Strength.strong)
        try solver.add(strong)
        try solver.add(C([(x, 1)], constant: -20, .equal, strength: LinearSolver.Strength.weak))
        solver.updateVariables()
        #expect(abs(x.value - 10) < 1e-9)
        try solver.remove(strong)
        solver.updateVariables()
        #expect(abs(x.value - 20) < 1e-9)
    }

    @Test("a required constraint that contradicts the others throws and leaves the solution as it was")
    func unsatisfiable() throws {
        let solver = LinearSolver()
        let x = V("x")
        try solver.add(C([(x, 1)], constant: -10, .equal))
        let conflict = C([(x, 1)], constant: -20, .equal)
        #expect(throws: LinearSolver.Failure.unsatisfiableConstraint) { try solver.add(conflict) }
        #expect(!solver.contains(conflict))
        try solver.add(C([(x, 1)], constant: -5, .greaterThanOrEqual))
        solver.updateVariables()
        #expect(abs(x.value - 10) < 1e-9)
        #expect(throws: LinearSolver.Failure.unsatisfiableConstraint) {
            try solver.add(C([(x, 1)], constant: -3, .lessThanOrEqual))
        }
    }

    @Test("edit variables: suggested values re-solve incrementally; bounds still hold")
    func editVariables() throws {
        let solver = LinearSolver()
        let (left, width, right) = (V("left"), V("width"), V("right"))
        try solver.add(C([(right, 1), (left, -1), (width, -1)], constant: 0, .equal))
        try solver.add(C([(width, 1)], constant: -100, .equal, strength: LinearSolver.Strength.medium))
        try solver.add(C([(right, 1)], constant: -300, .lessThanOrEqual))
        try solver.addEditVariable(left, strength: LinearSolver.Strength.strong)
        for suggestion in [0.0, 50, 150, 250, 10] {
            try solver.suggestValue(left, suggestion)
            solver.updateVariables()
            #expect(right.value <= 300 + 1e-9)
            #expect(abs(right.value - left.value - width.value) < 1e-9)
            if suggestion <= 200 { #expect(abs(left.value - suggestion) < 1e-9 && abs(width.value - 100) < 1e-9) }
        }
        #expect(throws: LinearSolver.Failure.requiredEditVariable) {
            try solver.addEditVariable(width, strength: LinearSolver.Strength.required)
        }
        #expect(throws: LinearSolver.Failure.nonFiniteValue) { try solver.suggestValue(left, .nan) }
        try solver.removeEditVariable(left)
        #expect(throws: LinearSolver.Failure.unknownEditVariable) { try solver.suggestValue(left, 1) }
    }

    @Test("bad input is an error, not a crash: NaN constants and coefficients, duplicates, unknown constraints")
    func badInput() throws {
        let solver = LinearSolver()
        let x = V("x")
        #expect(throws: LinearSolver.Failure.nonFiniteValue) { try solver.add(C([(x, 1)], constant: .nan, .equal)) }
        #expect(throws: LinearSolver.Failure.nonFiniteValue) { try solver.add(C([(x, .infinity)], constant: 0, .equal)) }
        let c = C([(x, 1)], constant: -1, .equal)
        try solver.add(c)
        #expect(throws: LinearSolver.Failure.duplicateConstraint) { try solver.add(c) }
        #expect(throws: LinearSolver.Failure.unknownConstraint) { try solver.remove(C([(x, 1)], constant: 0, .equal)) }
    }


    /// Random constraints of up to three variables that all hold at a hidden integer point (so the required ones
    /// are satisfiable together), each at a strength drawn from `strengths`.
    static func aroundHiddenPoint(_ vars: [V], count: ClosedRange<Int>, using rng: inout SceneRandom,
                                  strengths: [Double] = [LinearSolver.Strength.required]) -> [C] {
        let hidden = vars.map { _ in Double(Int.random(in: -100...100, using: &rng)) }
        return (0..<Int.random(in: count, using: &rng)).map { _ in
            let picked = (0..<vars.count).shuffled(using: &rng).prefix(Int.random(in: 1...min(3, vars.count), using: &rng))
            let terms = picked.map { (vars[$0], Double(Int.random(in: -3...3, using: &rng) | 1)) }
            let value = picked.enumerated().reduce(0.0) { $0 + terms[$1.offset].1 * hidden[$1.element] }
            let relation: LinearSolver.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let slack = relation == .equal ? 0 : Double(Int.random(in: 0...20, using: &rng))
            // Σ terms + constant (relation) 0 holds at the hidden point.
            let constant = relation == .lessThanOrEqual ? -value - slack : relation == .greaterThanOrEqual ? -value + slack : -value
            return C(terms, constant: constant, relation, strength: strengths.randomElement(using: &rng)!)
        }
    }

    @Test("random satisfiable systems (built around a hidden solution): the solver accepts every required constraint and they all hold within 1e-6, whatever weak and strong preferences pull against them; removing constraints in random order keeps the rest holding")
    func randomSatisfiableSystems() throws {
        for seed in UInt64(1)...300 {
            var rng = SceneRandom(seed: seed)
            let solver = LinearSolver()
            let vars = (0..<Int.random(in: 2...8, using: &rng)).map { V("v\($0)") }
            var required: [C] = []
            for c in Self.aroundHiddenPoint(vars, count: 1...12, using: &rng) {
                do {
                    try solver.add(c)
                    required.append(c)
                } catch LinearSolver.Failure.unsatisfiableConstraint {
                    Issue.record("seed \(seed): a satisfiable required constraint was refused")
                }
            }
            for v in vars where Bool.random(using: &rng) {
                let strength = [LinearSolver.Strength.weak, LinearSolver.Strength.medium, LinearSolver.Strength.strong]
                    .randomElement(using: &rng)!
                try solver.add(C([(v, 1)], constant: -Double(Int.random(in: -500...500, using: &rng)), .equal, strength: strength))
            }
            func holds() -> Bool {
                solver.updateVariables()
                return required.allSatisfy { c in
                    let value = c.terms.reduce(c.constant) { $0 + $1.coefficient * $1.variable.value }
                    switch c.relation {
                    case .equal: return abs(value) < 1e-6
                    case .lessThanOrEqual: return value < 1e-6
                    case .greaterThanOrEqual: return value > -1e-6
                    }
                }
            }
            #expect(holds(), "seed \(seed)")
            for c in required.shuffled(using: &rng).prefix(required.count / 2) {
                try solver.remove(c)
                required.removeAll { $0 === c }
                if !holds() {
                    let broken = required.filter { c in
                        let value = c.terms.reduce(c.constant) { $0 + $1.coefficient * $1.variable.value }
                        return c.relation == .equal ? abs(value) >= 1e-6 : c.relation == .lessThanOrEqual ? value >= 1e-6 : value <= -1e-6
                    }.map { c in "\(c.terms.map { "\($0.coefficient)*\($0.variable.name)=\($0.variable.value)" }) + \(c.constant) \(c.relation)" }
                    Issue.record("seed \(seed) after removing \(c.terms.map { "\($0.coefficient)*\($0.variable.name)" }) \(c.constant) \(c.relation): \(broken)")
                    return
                }
            }
        }
    }

    /// A random system around a hidden point, every variable with a stay of its own strength (so the optimum is
    /// unique), built in a fresh solver.
    func randomSystem(seed: UInt64) -> (vars: [V], constraints: [C], build: ([C]) -> LinearSolver) {
        var rng = SceneRandom(seed: seed)
        let vars = (0..<Int.random(in: 2...7, using: &rng)).map { V("v\($0)") }
        var constraints: [C] = Self.aroundHiddenPoint(vars, count: 1...9, using: &rng, strengths: [
            LinearSolver.Strength.required, LinearSolver.Strength.required, LinearSolver.Strength.strong, LinearSolver.Strength.medium])
        for (i, v) in vars.enumerated() {
            constraints.append(C([(v, 1)], constant: -Double(Int.random(in: -300...300, using: &rng)), .equal, strength: 1 + Double(i) * 0.37))
        }
        return (vars, constraints, { list in
            let solver = LinearSolver()
            for c in list { try? solver.add(C(c.terms.map { ($0.variable, $0.coefficient) }, constant: c.constant, c.relation, strength: c.strength)) }
            solver.updateVariables()
            return solver
        })
    }

    @Test("DESIGN-LAYOUT: setConstant changes a constraint in place — the solution equals a fresh solve with the new constant; an unsatisfiable change is refused and changes nothing")
    func setConstantMatchesFreshSolve() throws {
        var refused = 0, changed = 0
        for seed in UInt64(1)...400 {
            var rng = SceneRandom(seed: seed &* 7919)
            let (vars, constraints, build) = randomSystem(seed: seed)
            let solver = LinearSolver()
            var added: [C] = []
            for c in constraints where (try? solver.add(c)) != nil { added.append(c) }
            solver.updateVariables()
            for _ in 0..<3 {
                let target = added.randomElement(using: &rng)!
                let newConstant = target.constant + Double(Int.random(in: -40...40, using: &rng))
                let before = vars.map(\.value)
                do {
                    try solver.setConstant(target, newConstant)
                    changed += 1
                } catch LinearSolver.Failure.unsatisfiableConstraint {
                    refused += 1
                    solver.updateVariables()
                    #expect(zip(vars.map(\.value), before).allSatisfy { abs($0 - $1) < 1e-6 }, "seed \(seed): a refused change moved the solution")
                    continue
                }
                solver.updateVariables()
                let got = vars.map(\.value)
                let fresh = build(added)  // target now carries the new constant
                let want = vars.map(\.value)
                _ = fresh
                #expect(zip(got, want).allSatisfy { abs($0 - $1) < 1e-6 }, "seed \(seed): \(got) != fresh \(want)")
                // Restore the values the incremental solver holds, for the next round.
                solver.updateVariables()
                for (v, value) in zip(vars, got) { v.value = value }
            }
        }
        #expect(changed > 300 && refused > 10)
    }

    @Test("DESIGN-LAYOUT: updateVariables returns exactly the variables whose value changed")
    func changedVariables() throws {
        let solver = LinearSolver()
        let a = V("a"), b = V("b"), c = V("c")
        let pinA = C([(a, 1)], constant: -10, .equal)
        try solver.add(pinA)
        try solver.add(C([(b, 1), (a, -1)], constant: -5, .equal))  // b = a + 5
        try solver.add(C([(c, 1)], constant: -1, .equal))
        #expect(Set(solver.updateVariables().map(\.name)) == ["a", "b", "c"])
        #expect(solver.updateVariables().isEmpty)
        try solver.setConstant(pinA, -20)
        #expect(Set(solver.updateVariables().map(\.name)) == ["a", "b"])
        #expect(a.value == 20 && b.value == 25 && c.value == 1)
    }

    /// `count` independent rows of views: x₀ = 8, xᵢ₊₁ = xᵢ + wᵢ + 8, wᵢ ≥ 40, wᵢ = 100 (weak).
    func chains(_ count: Int) throws -> (LinearSolver, [C]) {
        let solver = LinearSolver()
        var spacings: [C] = []
        for chain in 0..<count {
            var previous: (V, V)?
            for i in 0..<4 {
                let x = V("x\(chain).\(i)"), w = V("w\(chain).\(i)")
                if let (px, pw) = previous {
                    let spacing = C([(x, 1), (px, -1), (pw, -1)], constant: -8, .equal)
                    try solver.add(spacing)
                    spacings.append(spacing)
                } else {
                    try solver.add(C([(x, 1)], constant: -8, .equal))
                }
                try solver.add(C([(w, 1)], constant: -40, .greaterThanOrEqual))
                try solver.add(C([(w, 1)], constant: -100, .equal, strength: LinearSolver.Strength.weak))
                previous = (x, w)
            }
        }
        solver.updateVariables()
        return (solver, spacings)
    }

    @Test("DESIGN-LAYOUT: an edit's work does not grow with the number of untouched constraints")
    func editWorkIndependentOfUntouchedConstraints() throws {
        func work(_ count: Int) throws -> (rows: Int, pivots: Int, changed: Int) {
            let (solver, spacings) = try chains(count)
            let target = spacings[spacings.count / 2]
            let rows = solver.rowVisits, pivots = solver.pivotCount
            try solver.setConstant(target, -20)
            let changed = solver.updateVariables().count
            return (solver.rowVisits - rows, solver.pivotCount - pivots, changed)
        }
        let small = try work(40), large = try work(400)
        #expect(small == large)
        #expect(small.changed == 3)  // the middle chain's first gap: the three x after it move
    }
}
