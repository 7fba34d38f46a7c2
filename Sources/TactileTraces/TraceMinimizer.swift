import TactileCore

/// A property of a replay that a minimization keeps true: a log substring, or a counter comparison.
public enum TraceCondition: Sendable, Hashable, CustomStringConvertible {
    /// Some log line contains the text.
    case logContains(String)
    /// A router counter (``TraceRunner/counterValues(_:)`` names, or `skippedMutations`) compared with a value.
    case counter(name: String, op: Comparison, value: UInt64)

    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        // Two-character operators first, so parsing finds `>=` before `>`.
        case ge = ">=", le = "<=", eq = "==", ne = "!=", gt = ">", lt = "<"

        func holds(_ a: UInt64, _ b: UInt64) -> Bool {
            switch self {
            case .ge: a >= b
            case .le: a <= b
            case .eq: a == b
            case .ne: a != b
            case .gt: a > b
            case .lt: a < b
            }
        }
    }

    /// Parses `<counter><op><value>` (for example `errors>0`, `cancelled==2`); nil when `text` is not one or
    /// names no counter.
    public static func counter(parsing text: String) -> TraceCondition? {
        let names = Set(TraceRunner.counterNames + ["skippedMutations"])
        for op in Comparison.allCases {
            guard let r = text.range(of: op.rawValue) else { continue }
            let name = text[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
            let value = text[r.upperBound...].trimmingCharacters(in: .whitespaces)
            guard names.contains(name), let v = UInt64(value) else { return nil }
            return .counter(name: name, op: op, value: v)
        }
        return nil
    }

    public func holds(for result: TraceRunResult) -> Bool {
        switch self {
        case .logContains(let text):
            return result.log.contains { $0.contains(text) }
        case .counter(let name, let op, let value):
            let actual = name == "skippedMutations" ? UInt64(result.skippedMutations)
                : TraceRunner.counterValues(result.counters).first { $0.name == name }?.value ?? 0
            return op.holds(actual, value)
        }
    }

    public var description: String {
        switch self {
        case .logContains(let text): "log contains \"\(text)\""
        case .counter(let name, let op, let value): "\(name)\(op.rawValue)\(value)"
        }
    }
}

/// Shrinks a trace while a condition still holds on its replay: delta debugging (Zeller's ddmin) over the
/// script lines, then single-line removal until no line can go (the result is 1-minimal: dropping any one
/// remaining line makes the condition fail). The scene is kept as it is.
public enum TraceMinimizer {
    /// The minimized trace and how many replays it took; nil when the condition does not hold on `trace`.
    public static func minimize(_ trace: Trace, configuration: TouchRouter.Configuration = .init(),
                                until condition: (TraceRunResult) -> Bool) -> (trace: Trace, runs: Int)? {
        minimize(trace) { candidate in
            guard let result = try? TraceRunner.run(candidate, configuration: configuration) else { return false }
            return condition(result)
        }
    }

    /// The same over any test of a candidate trace (for example: the ``TraceChecker`` still reports a violation).
    public static func minimize(_ trace: Trace, holds: (Trace) -> Bool) -> (trace: Trace, runs: Int)? {
        var runs = 0
        func test(_ steps: [Trace.Step]) -> Bool {
            runs += 1
            return holds(Trace(scene: trace.scene, steps: steps))
        }
        var steps = trace.steps
        guard test(steps) else { return nil }
        // ddmin: try each chunk alone and each complement, refining the granularity.
        var n = 2
        while steps.count >= 2 {
            let chunks = split(steps.count, into: n)
            var reduced = false
            for range in chunks where test(Array(steps[range])) {
                steps = Array(steps[range])
                n = 2
                reduced = true
                break
            }
            if !reduced, n > 2 || chunks.count > 2 {
                for range in chunks {
                    let complement = Array(steps[..<range.lowerBound] + steps[range.upperBound...])
                    if test(complement) {
                        steps = complement
                        n = max(n - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if n >= steps.count { break }
                n = min(steps.count, 2 * n)
            }
        }
        // 1-minimality: drop single lines until none can go.
        var changed = true
        while changed {
            changed = false
            var i = steps.count - 1
            while i >= 0 {
                var candidate = steps
                candidate.remove(at: i)
                if test(candidate) {
                    steps = candidate
                    changed = true
                }
                i -= 1
            }
        }
        if steps.count == 1, test([]) { steps = [] }
        return (Trace(scene: trace.scene, steps: steps), runs)
    }

    private static func split(_ count: Int, into n: Int) -> [Range<Int>] {
        let n = max(1, min(n, count))
        var out: [Range<Int>] = []
        var start = 0
        for k in 0..<n {
            let end = count * (k + 1) / n
            if end > start { out.append(start..<end) }
            start = end
        }
        return out
    }
}
