// tactile-objectmodel-bench: what the UIKit object model costs over the packed engine, measured in one process.
//
//   objectmodel.hittest_overhead_ratio   window.hitTest(_:with:) on the 10^4-view list scene built from UIViews,
//                                        divided by ViewTree.hitTest on the same scene built in the engine
//                                        (budget ≤ 1.5)
//   objectmodel.build_1e4_ms             building that scene with UIView(frame:) + addSubview
//   objectmodel.build_ratio              … divided by building it with ViewTree.makeView + addChild
//   objectmodel.route_allocs_per_event   heap allocations per moved sample on that path, counted by a malloc
//                                        interposer (CAllocCounter) beside the engine's (budget 0; `--alloc-gate`
//                                        runs it alone and exits 1 when it is not 0)
//   objectmodel.route_moved_ns           one moved sample through the queue, the run loop, the router and the object
//                                        model to a UIView subclass's touchesMoved (a counter), beside the same through
//                                        the engine alone (EventQueue → MainRunLoop → TouchRouter.route(_:) → a
//                                        counting sink); informative
//   vc.present_dismiss_us, vc.appearance_callbacks_per_s   view-controller figures (ViewControllerBench.swift)
//   nav.push_pop_us, nav.deep_stack_push_ns                navigation figures (NavigationBench.swift)
//   layout.solve_1e3_us, layout.edit_us                    Auto Layout figures beside kiwisolver (LayoutBench.swift)
//   storyboard.load_ms, storyboard.instantiate_us          storyboard figures (StoryboardBench.swift)
//   control.tap_us                                         a tap on a UIButton with a target (ControlBench.swift)
//   view.animate_us, draw.record_us                        headless animation and drawing (ViewBench.swift)
//   gesture.route_moved_ns, gesture.allocs_per_event       a pan's moved samples (GestureBench.swift)
//   table.reload_ms, table.scroll_frame_us, table.allocs_per_frame   table views (TableBench.swift)
//   scroll.frame_us, scroll.allocs_per_sample                       dragging a table by touches (ScrollBench.swift)
//
// Prints one JSON object per metric (the summary.json row format) on standard output; `--quick` runs fewer
// repetitions; `--route-profile` runs the UIKit route path for callgrind (perf/check-ceilings, driver
// `objectmodel-route`; `--print-config` prints its counted samples); `--route-only` times that path alone; `--layout-only`, `--storyboard-only`, `--control-only`, `--view-only`, `--gesture-only`, `--table-only` and `--scroll-only` run those figures alone (for profiling). Medians over repetitions; both
// sides run interleaved in each repetition.
import CAllocCounter
import Dispatch
import Foundation
import Tactile
import TactileCore

@MainActor
func mirror(_ tree: ViewTree, _ id: ViewID, into parent: UIView?) -> UIView {
    let g = try! tree.geometry(of: id)
    let view = parent == nil ? UIWindow(frame: .zero) : UIView(frame: .zero)
    view.bounds = g.bounds
    view.center = g.center
    let flags = try! tree.flags(of: id)
    view.isHidden = parent == nil ? false : flags.contains(.hidden)
    view.isUserInteractionEnabled = !flags.contains(.interactionDisabled)
    if flags.contains(.transparent) { view.alpha = 0 }
    parent?.addSubview(view)
    for child in try! tree.children(of: id) { _ = mirror(tree, child, into: view) }
    return view
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// One summary row as a JSON line. `referenceLabel` names the reference for the printed table (perf/bench
/// keeps it out of summary.json); the default is the packed engine on the same scene.
func row(_ metric: String, _ value: Double, _ unit: String, reference: Double?, ratio: Double?, budget: String?, pass: Bool?,
         referenceLabel: String = "packed engine, same scene") -> String {
    func num(_ x: Double?) -> String { x.map { String(format: "%.6g", $0) } ?? "null" }
    let b = budget.map { "\"\($0)\"" } ?? "null"
    let p = (pass ?? true) ? "true" : "false"  // a figure without a budget cannot fail it
    return "{\"metric\": \"\(metric)\", \"value\": \(num(value)), \"unit\": \"\(unit)\", \"reference\": \(num(reference)), "
        + "\"ratio\": \(num(ratio)), \"budget\": \(b), \"pass\": \(p), \"reference_label\": \"\(referenceLabel)\"}"
}

/// Counts touchesMoved calls.
final class MovedCounter: UIView {
    var moved = 0
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { moved &+= touches.count }
}

/// The engine's side of the routing comparison: counts moved deliveries.
final class CountingSink: TouchDeliverySink {
    var moved = 0
    func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        if delivery.phase == .moved { moved &+= touches.count }
    }
    func motion(_ phase: MotionPhase, timestamp: UInt64) {}
}

/// 64 moved samples of finger 1 in `window`, each its own event (its own timestamp).
func movedSamples(_ window: UInt32, from t: inout UInt64) -> [EventRecord] {
    var batch: [EventRecord] = []
    batch.reserveCapacity(64)
    for k in 0..<64 {
        t += 1
        batch.append(.touch(1, .moved, window: window, x: 50 + Double(k & 15), y: 50, timestamp: t))
    }
    return batch
}

/// The routing scene through UIKit objects: a freshly launched deterministic app, a 320×480 key window, a
/// 200×200 ``MovedCounter`` in it, one finger down on it.
@MainActor
final class ObjectModelRouteScene {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let view = MovedCounter(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    var t: UInt64 = 1

    init() {
        TactileHost.launch(delegate: nil)
        window.makeKeyAndVisible()
        window.addSubview(view)
        try! TactileHost.events.post(.touch(1, .began, window: window.inputWindowID, x: 50, y: 50, timestamp: t))
        try! TactileHost.runLoop.runUntilIdle()
    }

    func batch() -> [EventRecord] { movedSamples(window.inputWindowID, from: &t) }

    func play(_ batch: [EventRecord]) {
        try! TactileHost.events.post(contentsOf: batch)
        try! TactileHost.runLoop.runUntilIdle()
    }
}

/// The same scene in the engine alone: a packed tree, a queue, a deterministic loop, the router delivering to a
/// ``CountingSink``.
@MainActor
final class EngineRouteScene {
    let tree = ViewTree()
    let root: ViewID
    let events = EventQueue(capacity: 4096)
    let loop: MainRunLoop
    let router: TouchRouter
    let sink = CountingSink()
    var t: UInt64 = 1

    init() {
        root = try! tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        try! tree.addChild(try! tree.makeView(frame: CGRect(x: 0, y: 0, width: 200, height: 200)), to: root)
        loop = MainRunLoop(events: events, driving: .deterministic())
        router = TouchRouter(tree: tree)
        router.sink = sink
        let router = self.router
        loop.inputHandler = { batch in router.route(batch) }
        try! events.post(.touch(1, .began, window: TouchRouter.windowID(of: root), x: 50, y: 50, timestamp: t))
        try! loop.runUntilIdle()
    }

    func batch() -> [EventRecord] { movedSamples(TouchRouter.windowID(of: root), from: &t) }

    func play(_ batch: [EventRecord]) {
        try! events.post(contentsOf: batch)
        try! loop.runUntilIdle()
    }
}

/// ns per moved sample, object model and engine: batches of 64 samples (each its own event) posted to the
/// app's queue and routed by a deterministic run loop.
@MainActor
func routeMoved(rounds: Int) -> (object: Double, engine: Double) {
    let batches = rounds * 16
    let objects = ObjectModelRouteScene()
    let o0 = now()
    for _ in 0..<batches { objects.play(objects.batch()) }
    let o1 = now()
    precondition(objects.view.moved == batches * 64, "object model: \(objects.view.moved) of \(batches * 64) moved samples delivered")
    objects.window.isHidden = true
    let engine = EngineRouteScene()
    let e0 = now()
    for _ in 0..<batches { engine.play(engine.batch()) }
    let e1 = now()
    precondition(engine.sink.moved == batches * 64, "engine: \(engine.sink.moved) of \(batches * 64) moved samples delivered")
    let n = Double(batches * 64)
    return (Double(o1 - o0) / n, Double(e1 - e0) / n)
}

/// Heap allocations per moved sample through the object model (queue → run loop → router → UIApplication →
/// UIWindow.sendEvent → a UIView subclass's touchesMoved), counted by the malloc interposer (CAllocCounter) over
/// batches built beforehand, after a warm-up; and the same through the engine alone.
@MainActor
func routeAllocations(batches: Int) -> (object: Double, engine: Double) {
    func count(_ play: ([EventRecord]) -> Void, _ prepared: [[EventRecord]]) -> UInt64 {
        let before = tactile_alloc_count()
        tactile_alloc_counting(true)
        for batch in prepared { play(batch) }
        tactile_alloc_counting(false)
        return tactile_alloc_count() - before
    }
    let objects = ObjectModelRouteScene()
    for _ in 0..<4 { objects.play(objects.batch()) }
    let object = count(objects.play, (0..<batches).map { _ in objects.batch() })
    precondition(objects.view.moved == (batches + 4) * 64, "object model: \(objects.view.moved) moved samples delivered")
    objects.window.isHidden = true
    let engine = EngineRouteScene()
    for _ in 0..<4 { engine.play(engine.batch()) }
    let engineCount = count(engine.play, (0..<batches).map { _ in engine.batch() })
    let n = Double(batches * 64)
    return (Double(object) / n, Double(engineCount) / n)
}

/// Batches per pass of `--route-profile`.
let routeProfileBatches = 32

/// The UIKit route path's counted pass for perf/check-ceilings (driver `objectmodel-route`, perf/lib/callgrind.py):
/// `batches` prepared batches of 64 moved samples through the queue, the run loop, the router and the object
/// model to a UIView subclass's touchesMoved. Called three times after a warm-up; callgrind counts only this.
@inline(never) @_optimize(none) @_silgen_name("tactile_objectmodel_route_profile_loop")  // (unspecialized: callgrind finds it by this name)
@MainActor
func routeProfileLoop(_ scene: ObjectModelRouteScene, _ batches: [[EventRecord]]) {
    for batch in batches { scene.play(batch) }
}

MainActor.assumeIsolated {
    let quick = CommandLine.arguments.contains("--quick")
    // The profiling-driver convention (Benchmarks/profile_support.hpp): key=value lines saying what one pass counts.
    let profileConfig = "counted_ops=\(routeProfileBatches * 64)\nclient_requests=0"
    if CommandLine.arguments.contains("--print-config") {
        print(profileConfig)
        return
    }
    if CommandLine.arguments.contains("--route-profile") {
        let scene = ObjectModelRouteScene()
        for _ in 0..<8 { scene.play(scene.batch()) }  // one-time costs (conformance lookups, first buffers) go here
        for _ in 0..<3 { routeProfileLoop(scene, (0..<routeProfileBatches).map { _ in scene.batch() }) }
        precondition(scene.view.moved == (8 + 3 * routeProfileBatches) * 64, "route profile: samples lost")
        print(profileConfig)
        return
    }
    if CommandLine.arguments.contains("--alloc-gate") {  // the test lanes' gate: exit 1 unless 0 per event
        let (object, engine) = routeAllocations(batches: 64)
        let gesture = gestureAllocations(batches: 64)
        let table = tableAllocations(steps: 1000)
        let scroll = scrollAllocations(frames: 500)
        print("objectmodel.route_allocs_per_event \(object) (engine \(engine)); gesture.allocs_per_event \(gesture); table.allocs_per_frame \(table); scroll.allocs_per_sample \(scroll)")
        exit(object == 0 && engine == 0 && gesture == 0 && table == 0 && scroll == 0 ? 0 : 1)
    }
    if CommandLine.arguments.contains("--route-only") {  // objectmodel.route_moved_ns alone, for A/B runs
        var object: [Double] = [], engine: [Double] = []
        for _ in 0..<(quick ? 5 : 11) {
            let r = routeMoved(rounds: quick ? 20 : 50)
            object.append(r.object)
            engine.append(r.engine)
        }
        print(row("objectmodel.route_moved_ns", median(object), "ns", reference: median(engine),
                  ratio: median(engine) / median(object), budget: nil, pass: nil))
        return
    }
    if CommandLine.arguments.contains("--storyboard-only") {
        storyboardBench(quick: quick)
        return
    }
    if CommandLine.arguments.contains("--control-only") {
        controlBench(quick: quick)
        return
    }
    if CommandLine.arguments.contains("--gesture-only") {
        gestureBench(quick: quick)
        return
    }
    if CommandLine.arguments.contains("--view-only") {
        viewBench(quick: quick)
        return
    }
    if CommandLine.arguments.contains("--scroll-only") {
        scrollBench(quick: quick)
        return
    }
    if CommandLine.arguments.contains("--table-only") {
        tableBench(quick: quick)
        return
    }
    if CommandLine.arguments.contains("--layout-only") {  // for profiling the layout figures alone
        layoutBench(quick: quick)
        return
    }
    let repetitions = quick ? 5 : 11
    let n = 10_000
    // Queries: seeded points over the window.
    var rng = SceneRandom(seed: 7)
    let points = (0..<4096).map { _ in CGPoint(x: rng.uniform(0, 320), y: rng.uniform(0, 480)) }

    var buildObject: [Double] = [], buildEngine: [Double] = [], hitObject: [Double] = [], hitEngine: [Double] = []
    var mismatches = 0
    for _ in 0..<repetitions {
        let t0 = now()
        let engine = ViewTree()
        let scene = try! engine.build(.list, viewCount: n)
        let t1 = now()
        let window = mirror(engine, scene.window, into: nil)
        let t2 = now()
        buildEngine.append(Double(t1 - t0))
        buildObject.append(Double(t2 - t1))

        var sink = 0
        let rounds = quick ? 20 : 50
        let h0 = now()
        for _ in 0..<rounds { for p in points where try! engine.hitTest(p, in: scene.window) != nil { sink &+= 1 } }
        let h1 = now()
        for _ in 0..<rounds { for p in points where window.hitTest(p, with: nil) != nil { sink &+= 1 } }
        let h2 = now()
        hitEngine.append(Double(h1 - h0) / Double(rounds * points.count))
        hitObject.append(Double(h2 - h1) / Double(rounds * points.count))
        // Same scene, same answers (compared by depth-first position).
        for p in points.prefix(256) where (try! engine.hitTest(p, in: scene.window) == nil) != (window.hitTest(p, with: nil) == nil) {
            mismatches += 1
        }
        if sink == 42 { print("") }
        window.isHidden = true  // the app keeps shown windows; let this one go
    }
    let hitRatio = median(hitObject) / median(hitEngine)
    print(row("objectmodel.hittest_ns_1e4", median(hitObject), "ns", reference: median(hitEngine), ratio: median(hitEngine) / median(hitObject),
              budget: nil, pass: nil))
    print(row("objectmodel.hittest_overhead_ratio", hitRatio, "x", reference: 1, ratio: nil, budget: "<= 1.5", pass: hitRatio <= 1.5))
    print(row("objectmodel.build_1e4_ms", median(buildObject) / 1e6, "ms", reference: median(buildEngine) / 1e6,
              ratio: median(buildEngine) / median(buildObject), budget: nil, pass: nil))
    var routeObject: [Double] = [], routeEngine: [Double] = []
    for _ in 0..<repetitions {
        let (object, engine) = routeMoved(rounds: quick ? 20 : 50)
        routeObject.append(object)
        routeEngine.append(engine)
    }
    print(row("objectmodel.route_moved_ns", median(routeObject), "ns", reference: median(routeEngine),
              ratio: median(routeEngine) / median(routeObject), budget: nil, pass: nil))
    let allocations = routeAllocations(batches: 64)
    print(row("objectmodel.route_allocs_per_event", allocations.object, "allocs", reference: allocations.engine, ratio: nil,
              budget: "<= 0", pass: allocations.object == 0, referenceLabel: "the engine alone, same samples"))
    viewControllerBench(quick: quick)
    navigationBench(quick: quick)
    layoutBench(quick: quick)
    storyboardBench(quick: quick)
    controlBench(quick: quick)
    viewBench(quick: quick)
    gestureBench(quick: quick)
    tableBench(quick: quick)
    scrollBench(quick: quick)
    if mismatches > 0 { FileHandle.standardError.write(Data("objectmodel bench: \(mismatches) mismatching answers\n".utf8)) }
}
