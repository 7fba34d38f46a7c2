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
            let o = RoutingOracle(router: router, inner: app, trapOnViolation: true)
            oracle = o
            return TraceRunner.Observer(sink: o, route: { o.route($0) })
        }, afterMutation: { _, windows in
            oracle?.checkWorldCache(roots: windows)
        })
    } catch {
        // Decoded scenes are always buildable and mutations are checked before they are applied.
        fatalError("touch-sequences: replay threw \(error) for a decoded trace")
    }
    if let oracle, !oracle.violations.isEmpty { fatalError("touch-sequences: \(oracle.violations)") }
    return 0
}
