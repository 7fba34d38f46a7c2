import Foundation
import TactileCore

/// A ``TouchDeliverySink`` that checks every routed delivery against the router's rules, then forwards it to
/// an inner sink. Make it the router's sink (`router.sink = oracle`; it holds the router unowned) and route
/// input through ``route(_:)`` so the oracle also sees the records and can check the counters add up. Violations are collected as readable strings in ``violations``; set ``trapOnViolation``
/// for fuzzers (the first violation stops the process with its message).
///
/// Per delivery: the ``SequenceInvariants`` (pairing, phase order, binding, time, `touches ⊆ allTouches`);
/// the view is in the touch's window (``ViewTree``); each delivered touch matches the router's table (live,
/// delivered, same view/window/phase); AG-L-03 (a single-touch view gets only its first finger) and AG-L-04
/// (exclusive touch, both directions, per window) for every began.
///
/// Per routed batch, the counter identities (exact; derived from `TouchRouter`):
/// 1. Δ`samples` = touch records in the batch;
/// 2. Δ(`began` + `ignored` + `missed` + `tableFull` + `duplicateBegan` + `unknownWindow`) = began records;
/// 3. Δ`began` = Δ`ended` + Δ`cancelled` + Δ`liveTouchCount` (every bound sequence is live or closed once);
/// 4. Δ`motions` = motion calls the sink got;
/// 5. when no handler changed the tree during the batch: Δ`deliveries` = handler calls, and Δ`began` =
///    began touches delivered + Δ`withheld` (otherwise both as ≤: a nested cancellation may take a call over);
/// and for a queue: `posted` ≥ `drained`, `posted` − `drained` ≤ capacity, equal when the queue is empty.
public final class RoutingOracle: TouchDeliverySink {
    /// A touch's identity across id reuse: the producer's id and the router's serial for the sequence (unique
    /// per began; -1 for an id the router's table does not hold).
    public struct Key: Hashable, CustomStringConvertible {
        public var id: UInt32
        public var sequence: Int
        public var description: String { "touch \(id)#\(sequence)" }
    }

    public unowned let router: TouchRouter
    /// The router's tree (held, so the cache checks work after the router is gone).
    public let tree: ViewTree
    /// Gets every call after it is checked.
    public var inner: (any TouchDeliverySink)?
    public let invariants = SequenceInvariants<Key, ViewID>()

    public var trapOnViolation: Bool {
        get { invariants.trapOnViolation }
        set { invariants.trapOnViolation = newValue }
    }
    public var violations: [String] { invariants.violations }
    /// Handler calls checked.
    public private(set) var deliverCalls = 0
    public private(set) var motionCalls = 0

    private var lastTimestamp: UInt64?
    private var beganDelivered = 0
    private var windowOf: [Key: ViewID] = [:]
    private var allScratch: [SequenceInvariants<Key, ViewID>.Seen] = []
    private var seenScratch: [SequenceInvariants<Key, ViewID>.Seen] = []
    private var liveScratch: [RoutedTouch] = []

    /// The router's live fingers by id (a later entry with the same id wins, as it did in a dictionary).
    private struct Table {
        let live: [RoutedTouch]
        subscript(id: UInt32) -> RoutedTouch? { live.last { $0.id == id } }  // the later one, as a dictionary keeps
    }

    public init(router: TouchRouter, inner: (any TouchDeliverySink)? = nil, trapOnViolation: Bool = false) {
        self.router = router
        tree = router.tree
        self.inner = inner
        invariants.trapOnViolation = trapOnViolation
        windowOf.reserveCapacity(16)
        allScratch.reserveCapacity(8); seenScratch.reserveCapacity(8); liveScratch.reserveCapacity(8)
    }

    public func violate(_ kind: SequenceInvariants<Key, ViewID>.Kind, _ detail: String) { invariants.violate(kind, detail) }

    /// Forgets everything seen, as a new oracle on the same router would be (`trapOnViolation` stays; no inner
    /// sink), keeping the memory: a replay tool reuses one oracle per router (`SceneCache`).
    public func reset() {
        inner = nil
        invariants.reset()
        deliverCalls = 0; motionCalls = 0
        lastTimestamp = nil; beganDelivered = 0
        windowOf.removeAll(keepingCapacity: true)
        allScratch.removeAll(keepingCapacity: true); seenScratch.removeAll(keepingCapacity: true)
        liveScratch.removeAll(keepingCapacity: true)
    }


    // MARK: - Sink

    public func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        check(delivery, touches: touches, timestamp: timestamp)
        inner?.deliver(delivery, touches: touches, timestamp: timestamp)
    }

    public func motion(_ phase: MotionPhase, timestamp: UInt64) {
        motionCalls += 1
        inner?.motion(phase, timestamp: timestamp)
    }

    public func system(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64) {
        inner?.system(code, value: value, timestamp: timestamp)
    }

    // MARK: - Routing with counter checks

    /// Routes `records` through the router (whose sink this oracle is), then checks the counter identities.
    public func route(_ records: [EventRecord]) {
        records.withUnsafeBufferPointer { route($0) }
    }

    public func route(_ batch: UnsafeBufferPointer<EventRecord>) {
        let before = router.counters, liveBefore = router.liveTouchCount
        let calls = deliverCalls, motions = motionCalls, began = beganDelivered
        let structure = tree.structureVersion
        router.route(batch)
        let after = router.counters
        var touchRecords = 0, beganRecords = 0
        for r in batch where r.kind == .touch {
            touchRecords += 1
            if r.phase == .began { beganRecords += 1 }
        }
        func d(_ k: KeyPath<RouterCounters, UInt64>) -> Int { Int(after[keyPath: k] &- before[keyPath: k]) }
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { rule("counters: \(what())") } }
        expect(d(\.samples) == touchRecords, "Δsamples \(d(\.samples)) ≠ touch records \(touchRecords)")
        let beganOutcomes = d(\.began) + d(\.ignored) + d(\.missed) + d(\.tableFull) + d(\.duplicateBegan) + d(\.unknownWindow)
        expect(beganOutcomes == beganRecords,
               "Δ(began+ignored+missed+tableFull+duplicateBegan+unknownWindow) \(beganOutcomes) ≠ began records \(beganRecords)")
        let live = router.liveTouchCount - liveBefore
        expect(d(\.began) == d(\.ended) + d(\.cancelled) + live,
               "Δbegan \(d(\.began)) ≠ Δended \(d(\.ended)) + Δcancelled \(d(\.cancelled)) + Δlive \(live)")
        expect(d(\.motions) == motionCalls - motions, "Δmotions \(d(\.motions)) ≠ motion calls \(motionCalls - motions)")
        let callCount = deliverCalls - calls, beganCount = beganDelivered - began
        if tree.structureVersion == structure {
            expect(d(\.deliveries) == callCount, "Δdeliveries \(d(\.deliveries)) ≠ handler calls \(callCount)")
            expect(d(\.began) == beganCount + d(\.withheld),
                   "Δbegan \(d(\.began)) ≠ began touches delivered \(beganCount) + Δwithheld \(d(\.withheld))")
        } else {
            expect(d(\.deliveries) >= callCount, "Δdeliveries \(d(\.deliveries)) < handler calls \(callCount)")
            expect(d(\.began) >= beganCount + d(\.withheld), "Δbegan \(d(\.began)) < began delivered + withheld")
        }
        invariants.checkStep { [tree, windowOf] key, view in
            guard let window = windowOf[key] else { return false }
            return tree.isValid(view) && tree.isValid(window) && (try? tree.root(of: view)) == window
        }
    }

    /// Every finger has lifted: no sequence may be open.
    public func finish() { invariants.checkEnd() }

    /// The queue's counters add up.
    public func check(queue: EventQueue) {
        let c = queue.counters
        if c.posted < c.drained { rule("queue: drained \(c.drained) > posted \(c.posted)") }
        if c.posted &- c.drained > UInt64(queue.capacity) {
            rule("queue: \(c.posted &- c.drained) in flight > capacity \(queue.capacity)")
        }
        if queue.isEmpty, c.posted != c.drained { rule("queue: empty but posted \(c.posted) ≠ drained \(c.drained)") }
    }

    /// The tree's cached window transforms and boxes match a recomputation from local geometry, for every view
    /// under `roots`.
    public func checkWorldCache(roots: [ViewID], tolerance: Double = 1e-6) {
        for root in roots { checkWorldCache(root, parentToWindow: .identity, isRoot: true, tolerance: tolerance) }
    }

    /// The same for `view`'s subtree only (what a mutation of `view` can affect): its ancestors' transforms are
    /// recomputed from local geometry too, not read from the cache.
    public func checkWorldCache(subtreeOf view: ViewID, tolerance: Double = 1e-6) {
        // Up from the parent to the window (whose own transform is not applied): parent → … → window.
        var parentToWindow = Affine2D.identity
        let parent = (try? tree.parent(of: view)) ?? nil
        var next = parent
        while let a = next, let above = (try? tree.parent(of: a)) ?? nil {
            guard let g = try? tree.geometry(of: a) else { return rule("tree: ancestor \(a) of \(view) is invalid") }
            parentToWindow = parentToWindow.concatenating(g.localToParent)
            next = above
        }
        checkWorldCache(view, parentToWindow: parentToWindow, isRoot: parent == nil, tolerance: tolerance)
    }

    private func checkWorldCache(_ v: ViewID, parentToWindow: Affine2D, isRoot: Bool, tolerance: Double) {
        guard let g = try? tree.geometry(of: v) else { return rule("tree: \(v) under a root is invalid") }
        let expected = isRoot ? Affine2D.identity : g.localToParent.concatenating(parentToWindow)
        guard let (cached, box) = try? tree.windowTransformAndBox(of: v) else { return }
        // Field by field, no arrays: this runs for every view of every fuzz input.
        func close(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
        if !close(expected.a, cached.a) || !close(expected.b, cached.b) || !close(expected.c, cached.c)
            || !close(expected.d, cached.d) || !close(expected.tx, cached.tx) || !close(expected.ty, cached.ty) {
            rule("tree: cached window transform of \(v) is \(cached), recomputed \(expected)")
        }
        let eb = expected.boundingBox(of: g.bounds)
        if !close(eb.minX, box.minX) || !close(eb.minY, box.minY) || !close(eb.maxX, box.maxX) || !close(eb.maxY, box.maxY) {
            rule("tree: cached window box of \(v) is \(box), recomputed \(eb)")
        }
        let n = (try? tree.childCount(of: v)) ?? 0
        for k in 0..<n {
            guard let child = (try? tree.child(at: k, of: v)) ?? nil else { continue }
            checkWorldCache(child, parentToWindow: expected, isRoot: false, tolerance: tolerance)
        }
    }

    // MARK: - Per-delivery checks

    /// A rule outside the sequence kinds (counters, AG-L-03/AG-L-04, table, caches).
    public func rule(_ detail: String) { invariants.violate(.rule, detail) }

    private func check(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        deliverCalls += 1
        if let last = lastTimestamp, last != timestamp { invariants.step += 1 }
        lastTimestamp = timestamp
        let view = delivery.view, window = delivery.window
        var what: String { "\(view).touches\(delivery.phase)(\(touches.map(\.touchID)))" }
        // The router's table: each delivered touch is a live, delivered finger bound here, in this phase.
        // Scratch arrays kept between calls (a fuzzer checks every call); the table is a few fingers, searched in place.
        var all = allScratch, seen = seenScratch, live = liveScratch
        allScratch = []; seenScratch = []; liveScratch = []
        defer {
            all.removeAll(keepingCapacity: true); seen.removeAll(keepingCapacity: true); live.removeAll(keepingCapacity: true)
            allScratch = all; seenScratch = seen; liveScratch = live
        }
        for k in 0..<router.liveTouchCount { live.append(router.touch(atSlot: router.liveSlot(k))) }  // began order
        let table = Table(live: live)
        func key(_ id: UInt32) -> Key { Key(id: id, sequence: table[id].map { Int($0.serial) } ?? -1) }
        for r in live where r.state == .live && r.isDelivered {
            all.append(.init(touch: key(r.id), view: r.view, window: r.window, phase: r.phase, timestamp: r.timestamp))
        }
        // A began opens a sequence: remember the window it is bound to.
        if delivery.phase == .began {
            for t in touches where windowOf[key(t.touchID)] == nil { windowOf[key(t.touchID)] = delivery.window }
            beganDelivered += touches.count
        }
        for t in touches {
            let phase = EventRecord.TouchPhase(rawValue: UInt8(truncatingIfNeeded: t.phase)) ?? .stationary
            guard let r = table[t.touchID] else {
                rule("\(what): touch \(t.touchID) is not a live finger of the router")
                seen.append(.init(touch: key(t.touchID), view: view, window: window, phase: phase, timestamp: t.timestamp))
                continue
            }
            if r.state != .live || !r.isDelivered { rule("\(what): touch \(t.touchID) is \(r.state), delivered \(r.isDelivered)") }
            if r.phase != phase { rule("\(what): touch \(t.touchID) is \(r.phase) in the table, \(phase) in the call") }
            if r.x != t.x || r.y != t.y { rule("\(what): touch \(t.touchID) location differs from the table") }
            seen.append(.init(touch: key(t.touchID), view: r.view, window: r.window, phase: phase, timestamp: t.timestamp))
        }
        let inWindow = tree.isValid(view) && tree.isValid(window) && (try? tree.root(of: view)) == window
        invariants.handlerCall(view: view, window: window, phase: delivery.phase, touches: seen, all: all, inWindow: inWindow)
        if delivery.phase == .began { checkAdmission(delivery, touches: touches, table: table) }
    }

    /// AG-L-03 and AG-L-04 at began. Fingers that end or are cancelled in this same frame do not count (the router
    /// admits a finger that lands after another lifted in the same event).
    private func checkAdmission(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>,
                                table: Table) {
        let view = delivery.view, window = delivery.window
        let flags = (try? tree.flags(of: view)) ?? []
        // The other open fingers of this window (checked in place: this runs for every began of every fuzz input).
        func isOther(_ key: Key) -> Bool {
            guard !touches.contains(where: { $0.touchID == key.id }), let r = table[key.id], Int(r.serial) == key.sequence else { return false }
            return r.phase != .ended && r.phase != .cancelled && r.window == window
        }
        let open = invariants.openTouches
        func firstOther(where matches: (ViewID) -> Bool) -> (key: Key, value: ViewID)? {
            for (key, value) in open where matches(value) && isOther(key) { return (key, value) }
            return nil
        }
        if !flags.contains(.multipleTouchEnabled) {
            if touches.count > 1 { rule("AG-L-03: single-touch \(view) got \(touches.count) fingers in one began") }
            if let other = firstOther(where: { $0 == view }) {
                rule("AG-L-03: single-touch \(view) got a began while \(other.key) is down on it")
            }
        }
        if flags.contains(.exclusiveTouch), let other = firstOther(where: { $0 != view }) {
            rule("AG-L-04: exclusive \(view) got a began while \(other.key) is down on \(other.value)")
        }
        if !flags.contains(.exclusiveTouch),
           let other = firstOther(where: { $0 != view && ((try? tree.flags(of: $0))?.contains(.exclusiveTouch) ?? false) }) {
            rule("AG-L-04: \(view) got a began while exclusive \(other.value) tracks \(other.key)")
        }
    }
}
