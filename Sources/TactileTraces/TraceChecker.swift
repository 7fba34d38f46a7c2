import TactileCore
import TactileTestSupport

/// Replays a trace the way the `touch-sequences` fuzzer does: a ``RoutingOracle`` in front of the replay's app
/// side (sequence invariants, the router's table, AG-L-03/AG-L-04, counter identities per batch) and the world-cache
/// check: the mutated view's subtree after every mutation line (all a mutation can change), every window's
/// whole tree once after the last one (a full walk per mutation made the fuzzer 2× slower on 1000-view scenes).
/// Shared by the fuzzer, the regression tests and `tactile replay --check`.
public enum TraceChecker {
    /// The replay's result and every violation found, in order (empty: the trace keeps every rule).
    /// `trapOnViolation` stops the process at the first one (fuzzers); `log: false` skips the delivery log.
    /// `scenes`: see ``TraceRunner/run(_:configuration:log:scenes:observe:afterMutation:)``.
    public static func check(_ trace: Trace, configuration: TouchRouter.Configuration = .init(), log: Bool = true,
                             trapOnViolation: Bool = false, scenes: SceneCache? = nil) throws(ViewTreeError) -> (result: TraceRunResult, violations: [String]) {
        var oracle: RoutingOracle?
        var mutatedWindows: [ViewID]?
        let result = try TraceRunner.run(trace, configuration: configuration, log: log, scenes: scenes, observe: { router in
            let o = RoutingOracle(router: router, trapOnViolation: trapOnViolation)
            oracle = o
            return TraceRunner.Observer(sink: o, route: { o.route($0) })
        }, afterMutation: { _, windows, mutated in
            oracle?.checkWorldCache(subtreeOf: mutated)
            mutatedWindows = windows
        })
        if let mutatedWindows { oracle?.checkWorldCache(roots: mutatedWindows) }
        return (result, oracle?.violations ?? [])
    }
}
