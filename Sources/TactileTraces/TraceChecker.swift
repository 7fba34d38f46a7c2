import TactileCore
import TactileTestSupport

/// Replays a trace the way the `touch-sequences` fuzzer does: a ``RoutingOracle`` in front of the replay's app
/// side (sequence invariants, the router's table, AG-L-03/AG-L-04, counter identities per batch) and the world-cache
/// check: the mutated view's subtree after every mutation line (all a mutation can change), every window's
/// whole tree once after the last one (a full walk per mutation made the fuzzer 2× slower on 1000-view scenes).
/// With scroll views (DESIGN-CAPI-SCROLL-TRACE) two more: the ``SequenceInvariants`` over what the views get behind
/// the scroll views (the touches a drag takes end in one cancelled delivery and nothing more), and the
/// ``ScrollEventOracle`` over the scroll events (UIKit's order; at rest within the scrolling range).
/// Shared by the fuzzer, the regression tests and `tactile replay --check`.
public enum TraceChecker {
    /// The replay's result and every violation found, in order (empty: the trace keeps every rule).
    /// `trapOnViolation` stops the process at the first one (fuzzers); `log: false` skips the delivery log.
    /// `scenes`: see ``TraceRunner/run(_:configuration:log:scenes:observe:afterMutation:)``.
    public static func check(_ trace: Trace, configuration: TouchRouter.Configuration = .init(), log: Bool = true,
                             trapOnViolation: Bool = false, scenes: SceneCache? = nil) throws(ViewTreeError) -> (result: TraceRunResult, violations: [String]) {
        let checks = Checks(trapOnViolation: trapOnViolation, scenes: scenes)
        let result = try TraceRunner.run(trace, configuration: configuration, log: log, scenes: scenes,
                                         observe: { router in checks.observe(router) },
                                         afterMutation: { _, windows, mutated in checks.mutated(mutated, windows: windows) })
        if let windows = checks.mutatedWindows { checks.oracle?.checkWorldCache(roots: windows) }
        let violations = (checks.oracle?.violations ?? []) + (checks.app?.invariants.violations ?? []) + (checks.grammar?.violations ?? [])
        return (result, violations)
    }

    /// One replay's checkers (one object the replay's closures share: a fuzzer makes one per input).
    private final class Checks {
        let trapOnViolation: Bool
        let scenes: SceneCache?
        var oracle: RoutingOracle?
        var app: AppSideChecker?
        var grammar: ScrollEventOracle<ViewID>?
        var mutatedWindows: [ViewID]?

        init(trapOnViolation: Bool, scenes: SceneCache?) {
            self.trapOnViolation = trapOnViolation
            self.scenes = scenes
        }

        func observe(_ router: TouchRouter) -> TraceRunner.Observer {
            let o = scenes?.routingOracle(for: router, trapOnViolation: trapOnViolation)
                ?? RoutingOracle(router: router, trapOnViolation: trapOnViolation)
            oracle = o
            return TraceRunner.Observer(sink: o, route: { o.route($0) }, setInner: { o.inner = $0 },
                                        scrolling: { engine in self.scrolling(engine) })
        }

        func scrolling(_ engine: ScrollViewEngine) {
            let side = AppSideChecker(tree: engine.tree, trapOnViolation: trapOnViolation)
            app = side
            engine.downstream = side
            let events = ScrollEventOracle<ViewID>()
            events.trapOnViolation = trapOnViolation
            grammar = events
            engine.onEvent = { [unowned engine] e in
                let axes = engine.axes(of: e.view)
                let range = axes.map { a in
                    ScrollEventOracle<ViewID>.Range(x: a.x.scrollable ? a.x.minimum...a.x.maximum : nil,
                                                    y: a.y.scrollable ? a.y.minimum...a.y.maximum : nil)
                }
                events.event(e.kind.rawValue, view: e.view, decelerate: e.decelerate,
                             offset: (Double(e.offset.x), Double(e.offset.y)), range: range)
            }
        }

        func mutated(_ view: ViewID, windows: [ViewID]) {
            oracle?.checkWorldCache(subtreeOf: view)
            mutatedWindows = windows
        }
    }
}

/// What the views get behind the scroll views, checked with the ``SequenceInvariants`` (pairing, phase order,
/// binding, time): a touch a drag takes must end in exactly one cancelled delivery, a withheld one must not appear.
/// Touches are keyed by id and the count of begans seen for it (ids are reused across sequences).
final class AppSideChecker: TouchDeliverySink {
    let tree: ViewTree
    /// A touch across id reuse: its id and the count of begans seen for it.
    struct Key: Hashable, CustomStringConvertible {
        var id: UInt32
        var sequence: Int
        var description: String { "touch \(id)#\(sequence)" }
    }

    let invariants = SequenceInvariants<Key, ViewID>()
    private var sequences: [UInt32: Int] = [:]

    init(tree: ViewTree, trapOnViolation: Bool) {
        self.tree = tree
        invariants.trapOnViolation = trapOnViolation
        invariants.context = "app side (behind the scroll views):"
    }

    /// Kept between calls (one array, not one per delivery).
    private var seenScratch: [SequenceInvariants<Key, ViewID>.Seen] = []

    func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        var seen = seenScratch
        seenScratch = []
        defer {
            seen.removeAll(keepingCapacity: true)
            seenScratch = seen
        }
        for t in touches {
            if delivery.phase == .began { sequences[t.touchID, default: 0] += 1 }
            let key = Key(id: t.touchID, sequence: sequences[t.touchID] ?? 0)
            let phase = EventRecord.TouchPhase(rawValue: UInt8(truncatingIfNeeded: t.phase)) ?? .stationary
            seen.append(.init(touch: key, view: delivery.view, window: delivery.window, phase: phase, timestamp: t.timestamp))
        }
        let inWindow = tree.isValid(delivery.view) && (try? tree.root(of: delivery.view)) == delivery.window
        invariants.handlerCall(view: delivery.view, window: delivery.window, phase: delivery.phase, touches: seen, all: nil,
                               inWindow: inWindow)
    }

    func motion(_ phase: MotionPhase, timestamp: UInt64) {}
}
