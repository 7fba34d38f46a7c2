import CAllocCounter
import Foundation
import Tactile
import TactileCore

// gesture.route_moved_ns       one moved sample of a pan in progress through the whole UIKit path: queue → run
//                              loop → router → UIApplication → UIWindow → the gesture environment → the pan's
//                              touchesMoved and its .changed action (a TactileAction target), with a tap
//                              recognizer on the window too (it failed when the pan began); the view under the
//                              finger gets nothing (its touch was cancelled). Reference: the same samples on the
//                              same tree without recognizers, to a UIView subclass's touchesMoved.
// gesture.allocs_per_event     heap allocations per such sample (malloc interposer; budget 0; part of
//                              `--alloc-gate`)

/// The pan's target: counts `.changed` actions.
private final class PanCounter: UIResponder {
    var changed = 0
    override class var tactileActions: [TactileAction] {
        super.tactileActions + [TactileAction("panned:", PanCounter.panned)]
    }
    func panned(_ pan: UIPanGestureRecognizer) { if pan.state == .changed { changed &+= 1 } }
}

/// A launched app, a window with a container and a ``MovedCounter`` in it, one finger down on the counter; with
/// recognizers, a pan on the container (already begun: the finger moved 30 points) and a tap on the window.
@MainActor
final class GestureRouteScene {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let view = MovedCounter(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let pan = UIPanGestureRecognizer()
    let tap = UITapGestureRecognizer()
    private let target = PanCounter()
    let recognizers: Bool
    var t: UInt64 = 1

    init(recognizers: Bool) {
        self.recognizers = recognizers
        TactileHost.launch(delegate: nil)
        window.makeKeyAndVisible()
        window.addSubview(container)
        container.addSubview(view)
        if recognizers {
            pan.addTarget(target, action: "panned:")
            container.addGestureRecognizer(pan)
            window.addGestureRecognizer(tap)
        }
        try! TactileHost.events.post(.touch(1, .began, window: window.inputWindowID, x: 50, y: 50, timestamp: t))
        t += 16_000_000
        try! TactileHost.events.post(.touch(1, .moved, window: window.inputWindowID, x: 80, y: 50, timestamp: t))
        try! TactileHost.runLoop.runUntilIdle()
        precondition(!recognizers || pan.state == .began, "gesture bench: the pan did not begin")
        baseline = recognizers ? target.changed : view.moved
    }

    /// Moved samples delivered since the scene was set up: to the pan's action with recognizers, else to the view.
    var delivered: Int { (recognizers ? target.changed : view.moved) - baseline }
    private var baseline = 0

    func batch() -> [EventRecord] { movedSamples(window.inputWindowID, from: &t) }

    func play(_ batch: [EventRecord]) {
        try! TactileHost.events.post(contentsOf: batch)
        try! TactileHost.runLoop.runUntilIdle()
    }

    /// Lets the window go (the app keeps shown windows).
    func close() { window.isHidden = true }
}

/// Heap allocations per moved sample of a pan in progress (after a warm-up).
@MainActor
func gestureAllocations(batches: Int) -> Double {
    let scene = GestureRouteScene(recognizers: true)
    for _ in 0..<4 { scene.play(scene.batch()) }
    let prepared = (0..<batches).map { _ in scene.batch() }
    let before = tactile_alloc_count()
    tactile_alloc_counting(true)
    for batch in prepared { scene.play(batch) }
    tactile_alloc_counting(false)
    let count = tactile_alloc_count() - before
    precondition(scene.delivered == (batches + 4) * 64, "gesture bench: \(scene.delivered) changed actions")
    scene.close()
    return Double(count) / Double(batches * 64)
}

@MainActor
func gestureBench(quick: Bool) {
    let repetitions = quick ? 5 : 11, batches = quick ? 160 : 400
    var with: [Double] = [], without: [Double] = []
    for _ in 0..<repetitions {
        for recognizers in [true, false] {
            let scene = GestureRouteScene(recognizers: recognizers)
            let prepared = (0..<batches).map { _ in scene.batch() }
            let t0 = now()
            for batch in prepared { scene.play(batch) }
            let t1 = now()
            precondition(scene.delivered == batches * 64, "gesture bench: \(scene.delivered) of \(batches * 64) samples delivered")
            scene.close()
            let ns = Double(t1 - t0) / Double(batches * 64)
            if recognizers { with.append(ns) } else { without.append(ns) }
        }
    }
    print(row("gesture.route_moved_ns", median(with), "ns", reference: median(without), ratio: median(without) / median(with),
              budget: nil, pass: nil, referenceLabel: "the same samples without recognizers, to touchesMoved"))
    let allocations = gestureAllocations(batches: 64)
    print(row("gesture.allocs_per_event", allocations, "allocs", reference: 0, ratio: nil, budget: "<= 0",
              pass: allocations == 0, referenceLabel: "budget"))
}
