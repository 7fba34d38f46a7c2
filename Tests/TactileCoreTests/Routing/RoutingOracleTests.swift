import Foundation
import Testing
@testable import TactileCore
import TactileTestSupport

/// The shared routing oracle (TactileTestSupport): quiet on good runs, and each check demonstrably fires on a
/// deliberately wrong delivery, counter or cache (a check that cannot fail is worthless).
@Suite("Routing oracle")
struct RoutingOracleTests {
    let scene: TwoPaneScene
    var tree: ViewTree { scene.tree }
    var window: ViewID { scene.window }
    var left: ViewID { scene.left }
    var right: ViewID { scene.right }
    var router: TouchRouter { scene.router }
    let oracle: RoutingOracle

    init() throws {
        scene = try TwoPaneScene()
        oracle = RoutingOracle(router: scene.router)
        scene.router.sink = oracle
    }

    func touch(_ id: UInt32, _ phase: EventRecord.TouchPhase, _ x: Double, _ y: Double, t: UInt64) -> EventRecord {
        scene.touch(id, phase, x, y, t: t)
    }

    /// Hands the oracle a handler call the router never made.
    func fake(_ view: ViewID, _ phase: EventRecord.TouchPhase, _ ids: [UInt32], x: Double = 10, t: UInt64, window w: ViewID? = nil) {
        let touches = ids.map { DeliveredTouch(touchID: $0, phase: UInt32(phase.rawValue), tapCount: 1, reserved: 0,
                                               x: x, y: 10, previousX: x, previousY: 10, timestamp: t) }
        let delivery = TouchDelivery(view: view, window: w ?? window, phase: phase, first: 0, count: Int32(ids.count))
        touches.withUnsafeBufferPointer { oracle.deliver(delivery, touches: $0, timestamp: t) }
    }

    func kinds() -> Set<SequenceInvariants<RoutingOracle.Key, ViewID>.Kind> { Set(oracle.invariants.counts.keys) }

    final class Recorder: TouchDeliverySink {
        var calls = 0
        var onDeliver: (() -> Void)?
        func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
            calls += 1
            onDeliver?()
        }
        func motion(_ phase: MotionPhase, timestamp: UInt64) {}
    }

    @Test("a good multi-finger run with single-touch, exclusive views, bad input, shakes and a removal is clean")
    func goodRunIsClean() throws {
        let inner = Recorder()
        oracle.inner = inner
        try tree.setFlags(.exclusiveTouch, true, of: right)
        try tree.setFlags(.multipleTouchEnabled, true, of: window)
        oracle.route([touch(1, .began, 10, 10, t: 1), touch(2, .began, 20, 10, t: 1)])   // 2 withheld (AG-L-03)
        oracle.route([touch(1, .moved, 12, 10, t: 2), touch(3, .began, 200, 10, t: 2)])  // 3 withheld (AG-L-04)
        oracle.route([touch(1, .moved, 14, 10, t: 3)])                                     // the fast lane
        oracle.route([touch(9, .moved, 1, 1, t: 4), touch(1, .began, 1, 1, t: 4)])        // bad input
        oracle.route([.motion(.shakeBegan, timestamp: 5), .motion(.shakeEnded, timestamp: 6)])
        oracle.route([touch(1, .ended, 14, 10, t: 7), touch(2, .ended, 20, 10, t: 7), touch(3, .ended, 200, 10, t: 7)])
        oracle.route([touch(4, .began, 200, 10, t: 8)])
        // A handler removes the view mid-sequence: its finger is cancelled (nested), later samples swallowed.
        inner.onDeliver = { [tree, right] in
            inner.onDeliver = nil
            try? tree.removeFromParent(right)  // the router cancels the view's touches first
        }
        oracle.route([touch(4, .moved, 210, 10, t: 9)])
        oracle.route([touch(4, .ended, 210, 10, t: 10)])
        oracle.check(queue: EventQueue(capacity: 8))
        oracle.checkWorldCache(roots: [window, right])
        oracle.finish()
        #expect(oracle.violations == [])
        #expect(oracle.deliverCalls >= 6)
        #expect(inner.calls == oracle.deliverCalls)
        #expect(router.counters.errors == 2)
    }

    @Test("moved, ended or cancelled without a began, and a second began, are caught")
    func catchesPairing() {
        fake(left, .moved, [7], t: 1)
        #expect(kinds().contains(.withoutBegan))
        #expect(oracle.violations.contains { $0.contains("not a live finger") })
        oracle.route([touch(1, .began, 10, 10, t: 2)])
        fake(left, .began, [1], t: 3)
        #expect(kinds().contains(.beganTwice))
    }

    @Test("a touch whose view or window changes is caught")
    func catchesRebinding() {
        oracle.route([touch(1, .began, 10, 10, t: 1)])
        fake(right, .moved, [1], t: 2)
        #expect(kinds().contains(.wrongView))
        #expect(kinds().contains(.withoutBegan))
    }

    @Test("timestamps going backwards are caught")
    func catchesTimeTravel() {
        oracle.route([touch(1, .began, 10, 10, t: 5)])
        fake(left, .moved, [1], t: 3)
        #expect(kinds().contains(.timeBackwards))
    }

    @Test("a delivery to a view that is not in the touch's window is caught")
    func catchesDetachedView() throws {
        let stray = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        fake(stray, .began, [1], t: 1)
        #expect(kinds().contains(.notInWindow))
    }

    @Test("a stationary handler call or a phase that differs from the table is caught")
    func catchesPhases() {
        oracle.route([touch(1, .began, 10, 10, t: 1)])
        fake(left, .stationary, [1], t: 2)
        #expect(kinds().contains(.wrongPhase))
        #expect(oracle.violations.contains { $0.contains("in the table") })
    }

    @Test("an open sequence at the end, or on a view that left its window, is caught")
    func catchesOpenSequences() throws {
        oracle.route([touch(1, .began, 10, 10, t: 1)])
        // The view leaves without the router noticing (no cancel reaches the oracle).
        tree.removeObserver(router)
        try tree.removeFromParent(left)
        router.sink = Recorder()
        [touch(1, .moved, 11, 10, t: 2)].withUnsafeBufferPointer { router.route($0) }
        router.sink = oracle
        oracle.route([EventRecord]())
        #expect(kinds().contains(.openAfterRemoval))
        oracle.finish()
        #expect(kinds().contains(.openAtEnd))
    }

    @Test("AG-L-03: a second finger delivered to a single-touch view is caught")
    func catchesSingleTouchRule() {
        oracle.route([touch(1, .began, 10, 10, t: 1)])
        fake(left, .began, [2], t: 2)
        #expect(oracle.violations.contains { $0.contains("AG-L-03") })
        fake(right, .began, [3, 4], x: 200, t: 3)
        #expect(oracle.violations.contains { $0.contains("AG-L-03: single-touch \(right) got 2 fingers") })
    }

    @Test("AG-L-04: a finger delivered beside an exclusive view's finger (either direction) is caught")
    func catchesExclusiveRule() throws {
        try tree.setFlags(.exclusiveTouch, true, of: left)
        oracle.route([touch(1, .began, 10, 10, t: 1)])
        fake(right, .began, [2], x: 200, t: 2)
        #expect(oracle.violations.contains { $0.contains("AG-L-04: \(right) got a began while exclusive") })
    }

    @Test("counter identities: a router that miscounts is caught")
    func catchesCounters() {
        let inner = Recorder()
        inner.onDeliver = { [router] in router.counters.samples &+= 1; router.counters.ended &+= 1 }
        oracle.inner = inner
        oracle.route([touch(1, .began, 10, 10, t: 1)])
        #expect(oracle.violations.contains { $0.contains("Δsamples") })
        #expect(oracle.violations.contains { $0.contains("Δbegan 1 ≠ Δended 1") })
        inner.onDeliver = { [router] in router.counters.deliveries &+= 1; router.counters.withheld &+= 1 }
        oracle.route([touch(1, .moved, 11, 10, t: 2), touch(2, .began, 200, 10, t: 2)])
        #expect(oracle.violations.contains { $0.contains("Δdeliveries") })
        #expect(oracle.violations.contains { $0.contains("began touches delivered") })
        inner.onDeliver = nil
        oracle.route([touch(1, .ended, 11, 10, t: 3), touch(2, .ended, 200, 10, t: 3)])
        inner.onDeliver = { [router] in router.counters.missed &+= 1 }
        oracle.route([touch(3, .began, 10, 20, t: 4)])
        #expect(oracle.violations.contains { $0.contains("began records") })
    }

    @Test("the queue identity posted = drained + in flight holds, and the cached world boxes match a recomputation")
    func queueAndTreeCache() throws {
        let queue = EventQueue(capacity: 8)
        try queue.post(touch(1, .began, 1, 1, t: 1))
        try queue.post(touch(1, .ended, 1, 1, t: 2))
        oracle.check(queue: queue)
        _ = queue.drain { _ in }
        oracle.check(queue: queue)
        try tree.setTransform(Affine2D(a: 0, b: 1, c: -1, d: 0, tx: 5, ty: 0), of: left)
        oracle.checkWorldCache(roots: [window])
        #expect(oracle.violations == [])
        // Corrupt the cache: the check must see it.
        _ = try tree.windowTransform(of: left)
        tree.world[Int(tree.nodes[Int(left.index)].world)].toWindow.tx += 3
        oracle.checkWorldCache(roots: [window])
        #expect(oracle.violations.contains { $0.contains("cached window transform") })
    }

    @Test("the subtree check recomputes the ancestors' transforms and sees a stale cache below them")
    func subtreeWorldCache() throws {
        let inner = try tree.makeView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        let leaf = try tree.makeView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        try tree.addChild(inner, to: left)
        try tree.addChild(leaf, to: inner)
        try tree.setTransform(Affine2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0), of: left)
        try tree.setTransform(Affine2D(a: 0, b: 1, c: -1, d: 0, tx: 3, ty: 0), of: inner)
        for v in [window, left, inner, leaf] { oracle.checkWorldCache(subtreeOf: v) }
        #expect(oracle.violations == [])
        _ = try tree.windowTransform(of: leaf)
        tree.world[Int(tree.nodes[Int(leaf.index)].world)].toWindow.ty -= 1
        oracle.checkWorldCache(subtreeOf: right)
        #expect(oracle.violations == [])  // not in that subtree
        oracle.checkWorldCache(subtreeOf: inner)
        #expect(oracle.violations.contains { $0.contains("cached window transform of \(leaf)") })
    }

    @Test("trapOnViolation is off by default and settable (fuzzers turn it on)")
    func trapSwitch() {
        #expect(!oracle.trapOnViolation)
        let trapping = RoutingOracle(router: router, trapOnViolation: true)
        router.sink = trapping
        #expect(trapping.trapOnViolation)
        trapping.route([touch(1, .began, 10, 10, t: 1), touch(1, .ended, 10, 10, t: 2)])
        #expect(trapping.violations == [])
    }
}
