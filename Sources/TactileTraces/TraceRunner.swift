import Foundation
import TactileCore

/// What replaying a trace produced.
public struct TraceRunResult: Sendable, Hashable {
    /// The router's ``DeliveryLog`` lines.
    public var log: [String]
    public var counters: RouterCounters
    /// `remove`/`flag` lines naming a view the scene does not have (or a window, for `remove`): skipped.
    public var skippedMutations: Int
    /// Each scroll view's content offset after the replay (its motions run out), by view index.
    public var scrollOffsets: [TraceScrollOffset] = []

    /// The log, a line each.
    public var logText: String { log.map { $0 + "\n" }.joined() }

    /// The counters as `name=value` lines (``RouterCounters`` field order, then `errors`).
    public var countersText: String {
        TraceRunner.counterValues(counters).map { "\($0.name)=\($0.value)\n" }.joined() + "skippedMutations=\(skippedMutations)\n"
    }
}

/// A scroll view's content offset after a replay.
public struct TraceScrollOffset: Sendable, Hashable {
    /// The scroll view's scene index.
    public var view: Int
    public var x: Double
    public var y: Double

    public init(view: Int, x: Double, y: Double) {
        self.view = view
        self.x = x
        self.y = y
    }
}

/// A built trace scene.
public struct BuiltTraceScene {
    /// Every view in scene-index order.
    public var views: [ViewID]
    /// The root views, in scene order (the last is the front-most).
    public var windows: [ViewID]
    /// The scroll views (the `table` scene's, the explicit views with `scroll=`) and their content sizes.
    public var scrollViews: [SceneScrollView]
}

/// Replays a ``Trace``: builds its scene in a fresh ``ViewTree``, routes the script through a fresh
/// ``TouchRouter`` with a ``DeliveryLog``, and returns the log and counters. Deterministic: the same trace
/// gives the same result on every run and machine.
///
/// Event lines are routed in batches (consecutive touch lines with one timestamp form one event, as the
/// router's frame rule says); a `remove` or `flag` line ends the batch and is applied between events (with scroll
/// views, so does a new timestamp).
/// System events mean what they mean to any plain app (``TouchRouter/applySystemEvent(_:timestamp:)``:
/// `cancel-all` cancels every live touch and a shake in progress; `resign-active` stops new touches and
/// shakes, then cancels; `become-active` accepts them again; `memory-warning` and `orientation` are only
/// logged). `remove` takes the view out of the tree, whose router cancels its touches (delivered
/// `touchesCancelled`) before it leaves its window.
///
/// Scroll views (DESIGN-CAPI-SCROLL-TRACE): a scene with scroll views (the `table` scene, `scroll=` views) replays
/// through a ``ScrollViewEngine`` behind the router's sink, on a deterministic ``MainRunLoop`` whose clock is the
/// trace's (advanced to each line's time before it is applied, so motion frames fall between lines): drags take
/// touches from their views, the offsets move, and every scroll event and taken touch is a `scroll view=<n> …`
/// line of the log. After the last line the motions run on (at most ``tailDuration``), then end at their targets.
public enum TraceRunner {
    /// How long the motions run on after the last line, in nanoseconds (3 s of frames: a flick of a few thousand
    /// points per second is over by then; a motion still running ends at its target at once).
    public static let tailDuration: UInt64 = 3_000_000_000

    /// Builds `scene` into `tree`; returns every view in scene-index order and the windows (root views).
    public static func build(_ scene: Trace.Scene, in tree: ViewTree) throws(ViewTreeError) -> (views: [ViewID], windows: [ViewID]) {
        let built = try buildScene(scene, in: tree)
        return (built.views, built.windows)
    }

    /// Builds `scene` into `tree`: its views, windows and scroll views.
    public static func buildScene(_ scene: Trace.Scene, in tree: ViewTree) throws(ViewTreeError) -> BuiltTraceScene {
        switch scene {
        case .standard(let kind, let count, let seed):
            let built = try tree.build(kind, viewCount: count, seed: seed)
            return BuiltTraceScene(views: built.views, windows: [built.window], scrollViews: built.scrollViews)
        case .explicit(let specs):
            var views: [ViewID] = [], windows: [ViewID] = [], scrollViews: [SceneScrollView] = []
            for spec in specs {
                let v = try tree.makeView(frame: spec.frame)
                if spec.boundsOrigin != .zero {
                    var b = try tree.geometry(of: v).bounds
                    b.origin = spec.boundsOrigin
                    try tree.setBounds(b, of: v)
                }
                if !spec.flags.isEmpty { try tree.setFlags(spec.flags.viewFlags, true, of: v) }
                if let p = spec.parent, p < views.count { try tree.addChild(v, to: views[p]) } else { windows.append(v) }
                if let content = spec.scrollContent { scrollViews.append(SceneScrollView(view: v, contentSize: content)) }
                views.append(v)
            }
            return BuiltTraceScene(views: views, windows: windows, scrollViews: scrollViews)
        }
    }

    /// How a replay's batches reach the router, for checkers (a fuzzer's ``RoutingOracle``): `sink` becomes the
    /// router's sink (it gets every handler call, including the cancellations a `remove` or a system event
    /// causes) and `route` routes one batch of records (by default `router.route(batch)`).
    ///
    /// With scroll views, the replay puts its ``ScrollViewEngine`` behind `sink` through `setInner` (the app side:
    /// the engine, then the views), and hands the engine to `scrolling` before the script runs (a checker sets its
    /// `downstream` and `onEvent` there).
    public struct Observer {
        public var sink: any TouchDeliverySink
        public var route: (UnsafeBufferPointer<EventRecord>) -> Void
        public var setInner: ((any TouchDeliverySink) -> Void)?
        public var scrolling: ((ScrollViewEngine) -> Void)?
        public init(sink: any TouchDeliverySink, route: @escaping (UnsafeBufferPointer<EventRecord>) -> Void,
                    setInner: ((any TouchDeliverySink) -> Void)? = nil, scrolling: ((ScrollViewEngine) -> Void)? = nil) {
            self.sink = sink
            self.route = route
            self.setInner = setInner
            self.scrolling = scrolling
        }
    }

    /// Replays `trace` (see the type's documentation). `observe`, given the router, may install a checking
    /// sink; `afterMutation` runs after every mutation line that was applied, with the scene's windows and the
    /// mutated view.
    /// `log: false` leaves the router's log off (the result's `log` is empty): a fuzzer's pace.
    /// `scenes` keeps built scenes: the replay then runs on a copy of the cached one instead of building it, with
    /// the router the previous replay of the scene used, reset (``SceneCache/replay(of:configuration:)``); the
    /// caller must not keep the tree or the router past the replay.
    public static func run(_ trace: Trace, configuration: TouchRouter.Configuration = .init(), log logging: Bool = true,
                           scenes: SceneCache? = nil, observe: ((TouchRouter) -> Observer)? = nil,
                           afterMutation: ((_ tree: ViewTree, _ windows: [ViewID], _ mutated: ViewID) -> Void)? = nil) throws(ViewTreeError) -> TraceRunResult {
        let router: TouchRouter, built: BuiltTraceScene
        if let scenes {
            (router, built) = try scenes.replay(of: trace.scene, configuration: configuration)
        } else {
            let tree = ViewTree()
            built = try buildScene(trace.scene, in: tree)
            router = TouchRouter(tree: tree, configuration: configuration)
        }
        let tree = router.tree, views = built.views, windows = built.windows
        let log = logging ? DeliveryLog() : nil
        router.log = log
        router.screen = windows.reversed()  // the last window is the front-most
        let observer = observe?(router)
        router.sink = observer?.sink ?? IgnoringSink()
        // DESIGN-CAPI-SCROLL-TRACE: scroll views scroll on a run loop whose clock is the trace's.
        var scrolling: (engine: ScrollViewEngine, loop: MainRunLoop)?
        if !built.scrollViews.isEmpty {
            let loop = MainRunLoop(events: EventQueue(capacity: 2, batchCapacity: 2), driving: .deterministic())
            let engine = ScrollViewEngine(tree: tree, loop: loop)
            engine.log = log
            engine.downstream = IgnoringSink()
            for s in built.scrollViews {
                var settings = ScrollViewSettings()
                settings.contentSize = s.contentSize
                engine.makeScrollView(s.view, settings: settings)
            }
            if let observer { observer.setInner?(engine) } else { router.sink = engine }
            observer?.scrolling?(engine)
            scrolling = (engine, loop)
        }
        /// Motions run up to `t` (a frame due at `t` comes first).
        func runMotions(until t: UInt64) {
            guard let loop = scrolling?.loop else { return }
            try? loop.run(until: t)
        }
        let defaultWindow = windows.first.map(TouchRouter.windowID(of:)) ?? 0
        var skipped = 0
        var batch: [EventRecord] = []
        batch.reserveCapacity(trace.steps.count)  // (one allocation; grown a doubling at a time it was four per input)
        func flush() {
            guard !batch.isEmpty else { return }
            runMotions(until: batch[0].timestamp)
            if let observer { batch.withUnsafeBufferPointer { observer.route($0) } } else {
                batch.withUnsafeBufferPointer { router.route($0) }
            }
            batch.removeAll(keepingCapacity: true)
        }
        for step in trace.steps {
            if let record = record(step, defaultWindow: defaultWindow) {
                // With scroll views each event is routed on its own, after the motion frames due before it.
                if scrolling != nil, let last = batch.last, last.timestamp != record.timestamp { flush() }
                batch.append(record)
                continue
            }
            flush()
            runMotions(until: step.timestamp)
            switch step {
            case .remove(_, let index):
                guard index < views.count, tree.isValid(views[index]), (try? tree.parent(of: views[index])) != nil else {
                    skipped += 1
                    continue
                }
                try tree.removeFromParent(views[index])
                afterMutation?(tree, windows, views[index])
            case .setFlag(_, let index, let flag, let on):
                guard index < views.count, tree.isValid(views[index]) else {
                    skipped += 1
                    continue
                }
                try tree.setFlags(flag.viewFlags, on, of: views[index])
                afterMutation?(tree, windows, views[index])
            case .touch, .motion, .system: break
            }
        }
        flush()
        var offsets: [TraceScrollOffset] = []
        if let (engine, loop) = scrolling {
            // The motions run out (``tailDuration`` at most, then they end at their targets).
            runMotions(until: loop.now &+ tailDuration)
            if engine.isMoving { engine.finishMotions(timestamp: engine.lastTimestamp &+ tailDuration) }
            // In scene-index order; only the scroll views have offsets (a lookup for every view of the scene was
            // 2.6% of the touch-sequences fuzzer).
            for s in built.scrollViews {
                guard let index = views.firstIndex(of: s.view), let o = engine.contentOffset(of: s.view) else { continue }
                offsets.append(TraceScrollOffset(view: index, x: Double(o.x), y: Double(o.y)))
            }
            offsets.sort { $0.view < $1.view }
        }
        var result = TraceRunResult(log: log?.lines ?? [], counters: router.counters, skippedMutations: skipped)
        result.scrollOffsets = offsets
        return result
    }

    /// The input record of an event line (nil for a mutation line).
    public static func record(_ step: Trace.Step, defaultWindow: UInt32) -> EventRecord? {
        switch step {
        case .touch(let t, let id, let phase, let x, let y, let window):
            .touch(id, phase, window: window ?? defaultWindow, x: x, y: y, timestamp: t)
        case .motion(let t, let code): .motion(code, timestamp: t)
        case .system(let t, .deviceOrientation, let value): .deviceOrientation(value, timestamp: t)
        case .system(let t, let code, _): .system(code, timestamp: t)
        case .remove, .setFlag: nil
        }
    }

    /// The names ``counterValues(_:)`` uses.
    public static let counterNames = counterValues(nil).map(\.name)

    /// Every router counter by name, in declaration order, then `errors`.
    public static func counterValues(_ counters: RouterCounters) -> [(name: String, value: UInt64)] {
        counterValues(.some(counters))
    }

    private static func counterValues(_ counters: RouterCounters?) -> [(name: String, value: UInt64)] {
        let c = counters ?? TraceRunner.zero
        return [("samples", c.samples), ("frames", c.frames), ("deliveries", c.deliveries), ("began", c.began),
         ("ended", c.ended), ("cancelled", c.cancelled), ("withheld", c.withheld), ("ignored", c.ignored),
         ("missed", c.missed), ("swallowedSamples", c.swallowedSamples), ("cancelledDetached", c.cancelledDetached),
         ("motions", c.motions), ("motionsIgnored", c.motionsIgnored), ("tableFull", c.tableFull),
         ("unknownTouch", c.unknownTouch), ("duplicateBegan", c.duplicateBegan), ("unknownWindow", c.unknownWindow),
         ("unmatchedMotion", c.unmatchedMotion), ("timestampBackwards", c.timestampBackwards),
         ("errors", c.errors)]
    }

    private static let zero: RouterCounters = TouchRouter(tree: ViewTree()).counters

    /// The app side of a replay: deliveries are only logged (the router's log).
    final class IgnoringSink: TouchDeliverySink {
        func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {}
        func motion(_ phase: MotionPhase, timestamp: UInt64) {}
    }
}
