import ArgumentParser
import TactilePort
import Foundation
import TactileCore
import TactileTraces

/// `tactile`: replay, minimize and convert traces; describe the standard scenes; solve a constraint system.
@main
struct TactileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "Replay, minimize and convert Tactile traces; describe the standard scenes.",
        discussion: "A trace is a scene line plus a script, one event per line (Sources/TactileTraces/README.md).",
        subcommands: [Replay.self, Minimize.self, Scene.self, Convert.self, Solve.self, Storyboard.self, Snapshot.self, PortCommand.self]
    )
}

/// Reads a file, or standard input for `-`.
func readInput(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ValidationError("cannot read \(path)")
    }
    return data
}

func loadTrace(_ path: String) throws -> Trace {
    let text = String(decoding: try readInput(path), as: UTF8.self)
    do {
        return try TraceParser.parse(text)
    } catch {
        throw ValidationError("\(path == "-" ? "<stdin>" : path): \(error)")
    }
}

func replay(_ trace: Trace) throws -> TraceRunResult {
    do {
        return try TraceRunner.run(trace)
    } catch {
        throw ValidationError("building the scene failed: \(error)")
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Replay a trace and print the router's delivery log.")

    @Argument(help: "The trace file (- for standard input).")
    var trace: String

    @Flag(help: "Print the router's counters after the log.")
    var counters = false

    @Flag(help: "Also run the routing oracle (what the touch-sequences fuzzer checks); print each violation and fail if any.")
    var check = false

    func run() throws {
        let input = try loadTrace(trace)
        let result: TraceRunResult, violations: [String]
        if check {
            do { (result, violations) = try TraceChecker.check(input) } catch { throw ValidationError("building the scene failed: \(error)") }
        } else {
            (result, violations) = (try replay(input), [])
        }
        print(result.logText, terminator: "")
        if counters {
            print("# counters")
            print(result.countersText, terminator: "")
        }
        if !violations.isEmpty {
            print("# violations")
            for v in violations { print(v) }
            throw ExitCode.failure
        }
    }
}

struct Minimize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shrink a trace to the fewest script lines for which a condition still holds (delta debugging).",
        discussion: """
            The condition is a log substring (--until "touchesCancelled view=7"), a counter comparison \
            (--until-counter "errors>0"; counters as `replay --counters` prints them; operators >= <= == != > <), \
            or a routing-oracle violation containing a text (--until-violation "view changed"; "" for any), \
            which shrinks a touch-sequences fuzzer finding. Prints the minimal trace; exits with an error when \
            the condition does not hold on the input.
            """
    )

    @Argument(help: "The trace file (- for standard input).")
    var trace: String

    @Option(help: "Keep lines while some log line contains this text.")
    var until: String?

    @Option(name: .customLong("until-counter"), help: "Keep lines while this counter condition holds, e.g. errors>0.")
    var untilCounter: String?

    @Option(name: .customLong("until-violation"), help: "Keep lines while some routing-oracle violation contains this text.")
    var untilViolation: String?

    func validate() throws {
        guard [until, untilCounter, untilViolation].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --until, --until-counter and --until-violation")
        }
    }

    func run() throws {
        let input = try loadTrace(trace)
        let described: String
        let found: (trace: Trace, runs: Int)?
        if let untilViolation {
            described = "a violation contains \"\(untilViolation)\""
            found = TraceMinimizer.minimize(input) { candidate in
                guard let (_, violations) = try? TraceChecker.check(candidate, log: false) else { return false }
                return violations.contains { untilViolation.isEmpty || $0.contains(untilViolation) }
            }
        } else {
            let condition: TraceCondition
            if let until {
                condition = .logContains(until)
            } else if let untilCounter, let c = TraceCondition.counter(parsing: untilCounter) {
                condition = c
            } else {
                throw ValidationError("--until-counter wants <counter><op><value>, e.g. errors>0")
            }
            described = condition.description
            found = TraceMinimizer.minimize(input, until: condition.holds(for:))
        }
        guard let (minimal, runs) = found else {
            throw ValidationError("the condition (\(described)) does not hold on the input trace")
        }
        print("# minimized from \(input.steps.count) to \(minimal.steps.count) lines in \(runs) replays; \(described)")
        print(minimal.text, terminator: "")
    }
}

struct Scene: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a standard scene (views, depth, windows, memory), or print a trace header for it.")

    @Argument(help: "The scene: \(StandardScene.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: String

    @Option(help: "Views (default: the scene's own count).")
    var views: Int?

    @Option(help: "Seed for the random parts.")
    var seed: UInt64 = 1

    @Flag(help: "Print the scene line a trace starts with instead of the description.")
    var trace = false

    func run() throws {
        guard let scene = StandardScene(rawValue: kind) else {
            throw ValidationError("unknown scene \(kind); one of \(StandardScene.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let count = views ?? scene.defaultViewCount
        guard (1...Trace.maxViews).contains(count) else { throw ValidationError("--views must be in 1…\(Trace.maxViews)") }
        if trace {
            print(Trace(scene: .standard(scene, views: count, seed: seed)).text, terminator: "")
            return
        }
        let tree = ViewTree()
        let built = try tree.build(scene, viewCount: count, seed: seed)
        // Depth: levels below the window, from the creation order (parents come first).
        var depth: [ViewID: Int] = [built.window: 0]
        var maxDepth = 0
        var flagged: [String: Int] = [:]
        for v in built.views {
            if let p = try tree.parent(of: v), let d = depth[p] {
                depth[v] = d + 1
                maxDepth = max(maxDepth, d + 1)
            }
            let f = try tree.flags(of: v)
            for (name, flag) in [("hidden", ViewFlags.hidden), ("disabled", .interactionDisabled), ("transparent", .transparent)]
            where f.contains(flag) { flagged[name, default: 0] += 1 }
        }
        let frame = try tree.frame(of: built.window)
        print("scene \(scene.rawValue) seed=\(seed)")
        print("views: \(built.views.count)")
        print("depth: \(maxDepth)")
        print("window: \(Trace.number(Double(frame.width)))x\(Trace.number(Double(frame.height)))")
        print("flagged: " + ["hidden", "disabled", "transparent"].map { "\($0)=\(flagged[$0, default: 0])" }.joined(separator: " "))
        print("bytes: \(tree.memoryBytes)")
        for s in built.scrollViews {  // DESIGN-CAPI-SCROLL-TRACE: the table scene's
            let index = built.views.firstIndex(of: s.view) ?? -1
            print("scroll view: \(index) content=\(Trace.number(Double(s.contentSize.width)))x\(Trace.number(Double(s.contentSize.height)))")
        }
    }
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a fuzzer input (raw bytes) to the readable trace it stands for (TraceDecoder's mapping).")

    @Argument(help: "The fuzzer input file (- for standard input).")
    var input: String

    func run() throws {
        let trace = TraceDecoder.decode(try readInput(input))
        print(trace.text, terminator: "")
    }
}
