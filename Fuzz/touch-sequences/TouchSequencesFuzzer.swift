// libFuzzer target `touch-sequences`: bytes → TraceDecoder (the one bytes→trace mapping; `tactile-cli convert`
// prints the same trace) → TraceRunner, with a RoutingOracle in front of the replay's sink that traps on the
// first violation (sequence invariants, table, L-03/L-04, counter identities), plus the world-cache check after
// every mutation. Deterministic: the same bytes replay the same way.
import TactileCore
import TactileTestSupport
import TactileTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTouchSequences(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let trace = TraceDecoder.decode(bytes)
    var oracle: RoutingOracle?
    do {
        _ = try TraceRunner.run(trace, observe: { router, app in
            // Collect rather than trap, so the one known, reported finding can be set aside (see below).
            let o = RoutingOracle(router: router, inner: app, trapOnViolation: false)
            oracle = o
            return TraceRunner.Observer(sink: o, route: { o.route($0) })
        }, afterMutation: { _, windows in
            oracle?.checkWorldCache(roots: windows)
        })
    } catch {
        // Decoded scenes are always buildable and mutations are checked before they are applied.
        fatalError("touch-sequences: replay threw \(error) for a decoded trace")
    }
    // Known finding #2 (FuzzRegressionTests.timestampBackwards, reported, not fixed: the router delivers a
    // sample whose producer timestamp is earlier than the touch's last one). Every other violation traps.
    // Open finding #3 (Fuzz/findings/touch-sequences-3-view-changed.trace, FuzzRegressionTests.viewChanged):
    // set aside the same way until it is fixed.
    let violations = oracle?.violations.filter { !FuzzKnownFindings.isKnown($0) } ?? []
    if !violations.isEmpty { fatalError("touch-sequences: \(violations)") }
    return 0
}

/// Violations of open, reported findings (each has a `withKnownIssue` test in FuzzRegressionTests).
enum FuzzKnownFindings {
    static func isKnown(_ violation: String) -> Bool {
        violation.contains("timestamp went backwards")                       // #2
            || violation.contains("a touch's view changed during its sequence")  // #3
            || violation.contains("whose sequence closed in an earlier step")    // #3
    }
}
