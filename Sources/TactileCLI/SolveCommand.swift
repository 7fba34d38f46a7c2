import ArgumentParser
import Foundation
import TactileCore

/// `tactile solve`: solves a linear constraint system with Tactile's Cassowary solver (the one under Auto Layout)
/// and prints the values — what the differential test against kiwisolver compares (Tests/Python).
struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a constraint system (LinearSolver.exportSystem's JSON) and print the variables' values.",
        discussion: """
            Input: {"variables": [name, …], "constraints": [{"terms": [[index, coefficient], …], "constant": c, \
            "op": "==" | "<=" | ">=", "strength": s}, …], "edits": [{"var": index, "strength": s, "value": v}, …]}. \
            Output: {"values": {name: value, …}}, or {"error": "unsatisfiable", "constraint": index} when a \
            required constraint cannot hold (exit status 0: the refusal is the answer).
            """
    )

    @Argument(help: "The system file (- for standard input).")
    var system: String = "-"

    func run() throws {
        let data = try readInput(system)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let names = json["variables"] as? [String], let constraints = json["constraints"] as? [[String: Any]] else {
            throw ValidationError("not a constraint system: expected variables and constraints")
        }
        let variables = names.map { LinearSolver.Variable($0) }
        let solver = LinearSolver()
        func number(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }
        for (index, c) in constraints.enumerated() {
            guard let terms = c["terms"] as? [[Any]], let constant = number(c["constant"]), let op = c["op"] as? String,
                  let strength = number(c["strength"]) else { throw ValidationError("constraint \(index) is malformed") }
            var pairs: [(LinearSolver.Variable, Double)] = []
            for term in terms {
                guard term.count == 2, let i = (term[0] as? NSNumber)?.intValue, variables.indices.contains(i),
                      let coefficient = number(term[1]) else { throw ValidationError("constraint \(index) has a bad term") }
                pairs.append((variables[i], coefficient))
            }
            let relation: LinearSolver.Relation
            switch op {
            case "==": relation = .equal
            case "<=": relation = .lessThanOrEqual
            case ">=": relation = .greaterThanOrEqual
            default: throw ValidationError("constraint \(index): unknown op \(op)")
            }
            do {
                try solver.add(LinearSolver.Constraint(pairs, constant: constant, relation, strength: strength))
            } catch LinearSolver.Failure.unsatisfiableConstraint {
                print("{\"error\": \"unsatisfiable\", \"constraint\": \(index)}")
                return
            } catch {
                throw ValidationError("constraint \(index): \(error)")
            }
        }
        for edit in json["edits"] as? [[String: Any]] ?? [] {
            guard let i = (edit["var"] as? NSNumber)?.intValue, variables.indices.contains(i), let strength = number(edit["strength"]),
                  let value = number(edit["value"]) else { throw ValidationError("malformed edit") }
            do {
                try solver.addEditVariable(variables[i], strength: strength)
                try solver.suggestValue(variables[i], value)
            } catch {
                throw ValidationError("edit of \(names[i]): \(error)")
            }
        }
        solver.updateVariables()
        let values = zip(names, variables).map { "\"\($0.0)\": \($0.1.value)" }.joined(separator: ", ")
        print("{\"values\": {\(values)}}")
    }
}
