import CTactile
import Foundation
import TactileCore
import Testing

/// DESIGN-BAD-INPUT, as a matrix: every bad input it names, through the engine's Swift input API
/// (`EventQueue`, `CoalescingProducer`, `TouchRouter`, `ViewTree`) and through the C API (`tactile_post`,
/// `tactile_route`, view calls). Each row checks the error, the counter that counts it, that nothing else
/// changed (no delivery; every other counter as before) and that a following tap still delivers normally.
@Suite("Bad input matrix")
struct BadInputMatrixTests {
    /// The bad inputs `docs/bad-input.md` lists (DESIGN-BAD-INPUT): the bold names of the bullets of its
    /// "The list" section. Read from the repository itself; a missing file fails the test.
    static func listedItems() throws -> [String] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: repository.appendingPathComponent("docs/bad-input.md"), encoding: .utf8)
        let section = text.components(separatedBy: "\n## ").first { $0.hasPrefix("The list") } ?? ""
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("- **"), let end = line.dropFirst(4).range(of: "**") else { return nil }
            return String(line.dropFirst(4)[..<end.lowerBound])
        }
    }

    @Test("every bad input docs/bad-input.md lists has a row in each layer, and every row names a listed input")
    func coverage() throws {
        let items = try Self.listedItems()
        #expect(items.count >= 8, "docs/bad-input.md lists \(items.count) items: \(items)")
        let swiftRows = Set(Self.swiftRows.map(\.item)), cRows = Set(Self.cRows.map(\.item))
        for item in items {
            #expect(swiftRows.contains(item), "no Swift row for \(item)")
            #expect(cRows.contains(item), "no C row for \(item)")
        }
        #expect(swiftRows.union(cRows).subtracting(items).isEmpty, "rows for inputs the list does not name")
    }

    /// Not in DESIGN-BAD-INPUT's list (docs/bad-input.md, "Found since"), found by the touch-sequences fuzzer (finding #2): a sample stamped earlier than
    /// the last touch event. It is never dropped (an ended must arrive); it is delivered at the last event's time,
    /// so a touch's and an event's timestamps never go backwards, and counted as an error.
    @Test("a touch sample older than the last event is delivered at the last event's time and counted, in both layers")
    func timestampBackwards() throws {
        let e = try Engine()
        let w = TouchRouter.windowID(of: e.window)
        final class Times: TouchDeliverySink {
            var times: [UInt64] = []
            func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
                times.append(timestamp)
                times += touches.map(\.timestamp)
            }
            func motion(_ phase: MotionPhase, timestamp: UInt64) {}
        }
        let sink = Times()
        e.router.sink = sink
        for records in [[EventRecord.touch(1, .began, window: w, x: 200, y: 200, timestamp: 5000)],
                        [.touch(1, .moved, window: w, x: 201, y: 200, timestamp: 4000)],   // steady-state lane
                        [.touch(1, .moved, window: w, x: 202, y: 200, timestamp: 6000),
                         .touch(2, .began, window: w, x: 50, y: 300, timestamp: 6000)],
                        [.touch(1, .ended, window: w, x: 202, y: 200, timestamp: 100),
                         .touch(2, .ended, window: w, x: 50, y: 300, timestamp: 100)]] {
            records.withUnsafeBufferPointer { e.router.route($0) }
        }
        let seen = sink.times
        // (event, touch) time per call; finger 2 is withheld from the single-touch window, so two calls at 6000.
        #expect(seen == [5000, 5000, 5000, 5000, 6000, 6000, 6000, 6000], "\(seen)")
        #expect(e.router.counters.timestampBackwards == 3)  // one per late sample
        #expect(e.router.counters.errors == 3)
        #expect(e.router.counters.ended == 2 && e.router.liveTouchCount == 0)
        #expect(e.router.lastError == .timestampBackwards(touchID: 2, timestamp: 100, last: 6000))

        let f = try CFixture()
        func event(_ id: UInt32, _ phase: tactile_touch_phase, _ t: UInt64) -> tactile_event {
            var ev = f.touch(id, phase, x: 200, y: 200)
            ev.timestamp_ns = t
            return ev
        }
        #expect(f.route([event(1, TACTILE_PHASE_BEGAN, 5000)]) == TACTILE_OK)
        let before = f.counters
        #expect(f.route([event(1, TACTILE_PHASE_ENDED, 10)]) == TACTILE_OK)  // routed; the error is counted and logged
        #expect(f.counters["route_errors"]! - before["route_errors"]! == 1)
        #expect(f.counters["ended"]! - before["ended"]! == 1)
        #expect(f.log.contains("5000 error touch 1's sample at 10 ns is older than the last touch event (5000 ns)"), "\(f.log)")
        #expect(f.log.contains("5000 touchesEnded"), "\(f.log)")
    }

    // MARK: - Swift layer

    /// Records each handler call as "phase view [ids]".
    final class CallRecorder: TouchDeliverySink {
        var calls: [String] = []
        func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
            calls.append("\(delivery.phase) \(delivery.view) \(touches.map(\.touchID))")
        }
        func motion(_ phase: MotionPhase, timestamp: UInt64) {}
    }

    /// A tree with a window and a child, a router (4 fingers) delivering into a recording sink, and a queue.
    final class Engine {
        let tree = ViewTree()
        let window: ViewID, child: ViewID
        let router: TouchRouter
        let queue = EventQueue(capacity: 8, batchCapacity: 8)
        let sink = CallRecorder()
        var calls: [String] { sink.calls }
        var clock: UInt64 = 100

        init() throws {
            window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            child = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            try tree.addChild(child, to: window)
            router = TouchRouter(tree: tree, configuration: .init(capacity: 4))
            router.sink = sink
        }

        func touch(_ id: UInt32, _ phase: EventRecord.TouchPhase, x: Double = 10, y: Double = 10, window w: UInt32? = nil) -> EventRecord {
            clock += 1
            return .touch(id, phase, window: w ?? TouchRouter.windowID(of: window), x: x, y: y, timestamp: clock)
        }
        func route(_ records: [EventRecord]) { records.withUnsafeBufferPointer { router.route($0) } }
        /// Router and queue counters by name.
        var counters: [String: UInt64] {
            let r = router.counters, q = queue.counters
            return ["samples": r.samples, "frames": r.frames, "deliveries": r.deliveries, "began": r.began, "ended": r.ended,
                    "cancelled": r.cancelled, "withheld": r.withheld, "ignored": r.ignored, "missed": r.missed,
                    "swallowedSamples": r.swallowedSamples, "cancelledDetached": r.cancelledDetached,
                    "tableFull": r.tableFull, "unknownTouch": r.unknownTouch, "duplicateBegan": r.duplicateBegan,
                    "unknownWindow": r.unknownWindow, "errors": r.errors, "posted": q.posted, "drained": q.drained,
                    "rejectedFull": q.rejectedFull, "rejectedInvalid": q.rejectedInvalid, "coalesced": q.coalesced,
                    "treeRefused": tree.refusedCalls]
        }
        var liveIDs: [UInt32] { (0..<router.liveTouchCount).map { router.touch(atSlot: router.liveSlot($0)).id } }
    }

    struct SwiftRow: Sendable {
        var name: String
        var item: String
        /// Brings the engine to the state the bad input meets (may deliver).
        var setup: @Sendable (Engine) throws -> Void = { _ in }
        /// The bad input: returns the error message it produced.
        var act: @Sendable (Engine) throws -> String
        /// The message must contain this.
        var message: String
        /// Counters that must change, and by how much; every other counter must stay as it was.
        var changes: [String: UInt64]
        /// Finger ids that must still be live afterwards (the bad input did not disturb them); they are lifted
        /// before the follow-up tap.
        var live: [UInt32] = []
    }

    static func routed(_ e: Engine, _ records: [EventRecord]) -> String {
        e.route(records)
        return e.router.lastError.map { "\($0)" } ?? "no error"
    }

    static func thrown(_ body: () throws -> Void) -> String {
        do { try body(); return "no error" } catch { return "\(error)" }
    }

    static let swiftRows: [SwiftRow] = [
        SwiftRow(name: "NaN coordinate posted", item: "NaN/∞ coordinates",
                 act: { e in thrown { try e.queue.post(e.touch(1, .began, x: .nan)) } },
                 message: "nonFiniteValue", changes: ["rejectedInvalid": 1]),
        SwiftRow(name: "infinite coordinate in a batch", item: "NaN/∞ coordinates",
                 act: { e in thrown { try e.queue.post(contentsOf: [e.touch(1, .began), e.touch(1, .ended, y: -.infinity)]) } },
                 // The whole batch is refused: `rejectedInvalid` counts the records refused (2), not the calls.
                 message: "nonFiniteValue", changes: ["rejectedInvalid": 2]),
        SwiftRow(name: "NaN coordinate through the coalescing producer", item: "NaN/∞ coordinates",
                 act: { e in thrown { try CoalescingProducer(queue: e.queue).post(e.touch(1, .moved, x: .infinity)) } },
                 message: "nonFiniteValue", changes: ["rejectedInvalid": 1]),
        SwiftRow(name: "NaN geometry for a view", item: "NaN/∞ coordinates",
                 act: { e in thrown { try e.tree.setCenter(CGPoint(x: Double.nan, y: 5), of: e.child) } },
                 message: "nonFiniteGeometry", changes: ["treeRefused": 1]),
        SwiftRow(name: "unknown touch id moved", item: "unknown or reused touch ids",
                 act: { e in routed(e, [e.touch(42, .moved)]) },
                 message: "touch 42 moved, ended or was cancelled without a began",
                 changes: ["samples": 1, "frames": 1, "unknownTouch": 1, "errors": 1]),
        SwiftRow(name: "reused id of a finished touch", item: "unknown or reused touch ids",
                 setup: { e in e.route([e.touch(3, .began), e.touch(3, .ended)]) },
                 act: { e in routed(e, [e.touch(3, .ended)]) },
                 message: "touch 3 moved, ended or was cancelled without a began",
                 changes: ["samples": 1, "frames": 1, "unknownTouch": 1, "errors": 1]),
        SwiftRow(name: "ended without began", item: "moved/ended without began",
                 act: { e in routed(e, [e.touch(7, .ended)]) },
                 message: "touch 7 moved", changes: ["samples": 1, "frames": 1, "unknownTouch": 1, "errors": 1]),
        SwiftRow(name: "cancelled without began", item: "moved/ended without began",
                 act: { e in routed(e, [e.touch(8, .cancelled)]) },
                 message: "touch 8 moved", changes: ["samples": 1, "frames": 1, "unknownTouch": 1, "errors": 1]),
        SwiftRow(name: "second began for a live id", item: "a second began for a live id",
                 setup: { e in e.route([e.touch(1, .began)]) },
                 act: { e in routed(e, [e.touch(1, .began, x: 50)]) },
                 message: "touch 1 began again while still live",
                 changes: ["samples": 1, "frames": 1, "duplicateBegan": 1, "errors": 1], live: [1]),
        SwiftRow(name: "a fifth finger on a 4-finger table", item: "more touches than the table holds",
                 setup: { e in e.route((1...4).map { e.touch($0, .began, x: Double($0) * 30) }) },
                 act: { e in routed(e, [e.touch(5, .began)]) },
                 message: "touch 5 began while 4 touches were live",
                 changes: ["samples": 1, "frames": 1, "tableFull": 1, "errors": 1], live: [1, 2, 3, 4]),
        SwiftRow(name: "moved for a finger whose view was removed", item: "removed or foreign views",
                 setup: { e in
                     e.route([e.touch(1, .began)])
                     try e.tree.removeFromParent(e.child)  // the router cancels its touch first
                 },
                 act: { e in e.route([e.touch(1, .moved)]); return "swallowed" },
                 message: "swallowed", changes: ["samples": 1, "frames": 1, "swallowedSamples": 1]),
        SwiftRow(name: "began naming a removed view as its window", item: "removed or foreign views",
                 setup: { e in try e.tree.removeFromParent(e.child) },
                 act: { e in routed(e, [e.touch(1, .began, window: TouchRouter.windowID(of: e.child) &+ 40)]) },
                 message: "which is not a live window", changes: ["samples": 1, "frames": 1, "unknownWindow": 1, "errors": 1]),
        SwiftRow(name: "a foreign view handle (another tree's)", item: "removed or foreign views",
                 act: { e in
                     let other = ViewTree()
                     for _ in 0..<3 { _ = try other.makeView() }
                     let foreign = try other.makeView()
                     return thrown { _ = try e.tree.frame(of: foreign) }
                 },
                 message: "invalidView", changes: ["treeRefused": 1]),
        SwiftRow(name: "a destroyed view handle", item: "destroyed handles",
                 act: { e in
                     let v = try e.tree.makeView()
                     try e.tree.destroy(v)
                     return thrown { try e.tree.setFrame(.zero, of: v) }
                 },
                 message: "invalidView", changes: ["treeRefused": 1]),
        SwiftRow(name: "began into a full queue is refused, never dropped", item: "a full queue",
                 setup: { e in for i in 0..<8 { try e.queue.post(e.touch(UInt32(100 + i), .moved)) } },
                 act: { e in thrown { try CoalescingProducer(queue: e.queue).post(e.touch(1, .began)) } },
                 message: "full", changes: ["rejectedFull": 1]),
        SwiftRow(name: "moves into a full queue are held and coalesced, then delivered", item: "a full queue",
                 setup: { e in for i in 0..<8 { try e.queue.post(e.touch(UInt32(100 + i), .moved)) } },
                 act: { e in
                     let p = CoalescingProducer(queue: e.queue)
                     let first = try p.post(e.touch(1, .moved, x: 1)), second = try p.post(e.touch(1, .moved, x: 2))
                     #expect(first == .deferred)
                     #expect(second == .coalesced)
                     #expect(p.heldCount == 1)
                     _ = e.queue.drain { _ in }
                     #expect(p.flush())
                     var last: EventRecord?
                     _ = e.queue.drain { last = $0.last }
                     return last?.x == 2 ? "coalesced to the latest move" : "lost"
                 },
                 message: "coalesced to the latest move", changes: ["coalesced": 1, "drained": 9, "posted": 1]),
    ]

    @Test("Swift layer: each bad input is refused with its error, counted once, changes nothing else, and a later tap works",
          arguments: swiftRows.map(\.name))
    func swiftLayer(_ name: String) throws {
        let row = try #require(Self.swiftRows.first { $0.name == name })
        let e = try Engine()
        try row.setup(e)
        let before = e.counters, callsBefore = e.calls.count
        let message = try row.act(e)
        let after = e.counters
        #expect(message.contains(row.message), "\(name): message \(message)")
        for (key, value) in after {
            let delta = value &- before[key]!
            #expect(delta == row.changes[key] ?? 0, "\(name): \(key) changed by \(delta)")
        }
        #expect(e.calls.count == callsBefore, "\(name): delivered \(e.calls[callsBefore...])")
        #expect(e.liveIDs.sorted() == row.live, "\(name): live fingers \(e.liveIDs)")
        // Later good input still works: lift what is down, then a tap on the window delivers began and ended.
        e.route(row.live.map { e.touch($0, .ended) })
        e.sink.calls.removeAll()
        e.route([e.touch(77, .began, x: 200, y: 300), e.touch(77, .ended, x: 200, y: 300)])
        #expect(e.calls == ["began \(e.window) [77]", "ended \(e.window) [77]"], "\(name): tap after")
    }

    // MARK: - C layer

    final class CFixture {
        let app: tactile_app
        let window: tactile_view, child: tactile_view
        var calls: [String] = []
        init() throws {
            var config = tactile_app_config()
            config.queue_capacity = 8
            config.touch_capacity = 4
            config.loop_mode = TACTILE_LOOP_DETERMINISTIC.rawValue
            var app = tactile_app(id: 0)
            try #require(tactile_app_create(&config, &app) == TACTILE_OK)
            self.app = app
            window = try ViewCAPITests.view(app, 0, 0, 320, 480)
            child = try ViewCAPITests.view(app, 0, 0, 100, 100, in: window)
            #expect(tactile_app_set_delivery_callback(app, { user, d in
                let f = Unmanaged<CFixture>.fromOpaque(user!).takeUnretainedValue()
                let p = d!.pointee
                f.calls.append("\(p.phase) \(p.view.id) \((0..<Int(p.count)).map { p.touches[$0].touch_id })")
            }, Unmanaged.passUnretained(self).toOpaque()) == TACTILE_OK)
            #expect(tactile_app_set_delivery_log(app, 1) == TACTILE_OK)
        }
        deinit { _ = tactile_app_destroy(app) }

        var clock: UInt64 = 100
        func touch(_ id: UInt32, _ phase: tactile_touch_phase, x: Double = 10, y: Double = 10, window w: UInt32? = nil) -> tactile_event {
            clock += 1
            return tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                                 window_id: w ?? tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: clock, x: x, y: y,
                                 force: 0, radius: 0)
        }
        func route(_ events: [tactile_event]) -> tactile_status {
            events.withUnsafeBufferPointer { tactile_route(app, $0.baseAddress, $0.count) }
        }
        var log: String {
            var length = 0
            _ = tactile_app_delivery_log(app, nil, 0, &length)
            var buffer = [CChar](repeating: 0, count: length + 1)
            _ = tactile_app_delivery_log(app, &buffer, buffer.count, nil)
            return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        var counters: [String: UInt64] {
            var c = tactile_counters(), r = tactile_route_counters()
            _ = tactile_app_counters(app, &c)
            _ = tactile_app_route_counters(app, &r)
            return ["posted": c.posted, "drained": c.drained, "rejected_full": c.rejected_full,
                    "rejected_invalid": c.rejected_invalid, "coalesced": c.coalesced, "errors": c.errors,
                    "delivered": c.delivered, "samples": r.samples, "frames": r.frames, "deliveries": r.deliveries,
                    "began": r.began, "ended": r.ended, "cancelled": r.cancelled, "withheld": r.withheld,
                    "ignored": r.ignored, "missed": r.missed, "swallowed_samples": r.swallowed_samples,
                    "cancelled_detached": r.cancelled_detached, "route_errors": r.errors]
        }
    }

    struct CRow: Sendable {
        var name: String
        var item: String
        var setup: @Sendable (CFixture) throws -> Void = { _ in }
        /// The bad call's status.
        var act: @Sendable (CFixture) throws -> tactile_status
        var status: tactile_status
        /// In tactile_last_error_message() for an error status; in the delivery log for routing errors
        /// (tactile_route returns OK: the good records of the batch were routed).
        var message: String
        var changes: [String: UInt64]
        var live: Int = 0
        var lift: [UInt32] = []
    }

    static let cRows: [CRow] = [
        CRow(name: "C: NaN coordinate posted", item: "NaN/∞ coordinates",
             act: { f in var e = f.touch(1, TACTILE_PHASE_BEGAN, x: .nan); return tactile_post(f.app, &e) },
             status: TACTILE_ERR_INVALID_COORDINATE, message: "", changes: ["rejected_invalid": 1, "errors": 1]),
        CRow(name: "C: infinite coordinate routed", item: "NaN/∞ coordinates",
             act: { f in f.route([f.touch(1, TACTILE_PHASE_BEGAN), f.touch(1, TACTILE_PHASE_ENDED, y: .infinity)]) },
             // tactile_route bypasses the queue: counted in `errors` only, not in the queue's rejected_invalid.
             status: TACTILE_ERR_INVALID_COORDINATE, message: "", changes: ["errors": 1]),
        CRow(name: "C: unknown touch id moved", item: "unknown or reused touch ids",
             act: { f in f.route([f.touch(42, TACTILE_PHASE_MOVED)]) },
             status: TACTILE_OK, message: "error touch 42 moved, ended or was cancelled without a began",
             changes: ["samples": 1, "frames": 1, "route_errors": 1]),
        CRow(name: "C: reused id of a finished touch", item: "unknown or reused touch ids",
             setup: { f in _ = f.route([f.touch(3, TACTILE_PHASE_BEGAN), f.touch(3, TACTILE_PHASE_ENDED)]) },
             act: { f in f.route([f.touch(3, TACTILE_PHASE_MOVED)]) },
             status: TACTILE_OK, message: "error touch 3 moved", changes: ["samples": 1, "frames": 1, "route_errors": 1]),
        CRow(name: "C: ended without began", item: "moved/ended without began",
             act: { f in f.route([f.touch(7, TACTILE_PHASE_ENDED)]) },
             status: TACTILE_OK, message: "error touch 7 moved", changes: ["samples": 1, "frames": 1, "route_errors": 1]),
        CRow(name: "C: second began for a live id", item: "a second began for a live id",
             setup: { f in _ = f.route([f.touch(1, TACTILE_PHASE_BEGAN)]) },
             act: { f in f.route([f.touch(1, TACTILE_PHASE_BEGAN, x: 50)]) },
             status: TACTILE_OK, message: "error touch 1 began again while still live",
             changes: ["samples": 1, "frames": 1, "route_errors": 1], live: 1, lift: [1]),
        CRow(name: "C: a fifth finger on a 4-finger table", item: "more touches than the table holds",
             setup: { f in _ = f.route((1...4).map { f.touch($0, TACTILE_PHASE_BEGAN, x: Double($0) * 30) }) },
             act: { f in f.route([f.touch(5, TACTILE_PHASE_BEGAN)]) },
             status: TACTILE_OK, message: "error touch 5 began while 4 touches were live",
             changes: ["samples": 1, "frames": 1, "route_errors": 1], live: 4, lift: [1, 2, 3, 4]),
        CRow(name: "C: moved for a finger whose view was removed", item: "removed or foreign views",
             setup: { f in
                 _ = f.route([f.touch(1, TACTILE_PHASE_BEGAN)])
                 #expect(tactile_view_remove_from_parent(f.app, f.child) == TACTILE_OK)
                 #expect(f.calls.last == "\(TACTILE_PHASE_CANCELLED.rawValue) \(f.child.id) [1]")
             },
             act: { f in f.route([f.touch(1, TACTILE_PHASE_MOVED)]) },
             status: TACTILE_OK, message: "", changes: ["samples": 1, "frames": 1, "swallowed_samples": 1]),
        CRow(name: "C: a removed view named as the touch's window", item: "removed or foreign views",
             setup: { f in #expect(tactile_view_destroy(f.app, f.child) == TACTILE_OK) },
             act: { f in f.route([f.touch(1, TACTILE_PHASE_BEGAN, window: tactile_window_id(f.child))]) },
             status: TACTILE_OK, message: "which is not a live window", changes: ["samples": 1, "frames": 1, "route_errors": 1]),
        CRow(name: "C: another app's view handle", item: "removed or foreign views",
             act: { f in
                 let other = try CFixture()
                 var rect = tactile_rect(x: 0, y: 0, width: 1, height: 1)
                 return tactile_view_set_frame(f.app, other.child, &rect)
             },
             status: TACTILE_ERR_INVALID_HANDLE, message: "", changes: ["errors": 1]),
        CRow(name: "C: a destroyed view handle", item: "destroyed handles",
             act: { f in
                 let v = try ViewCAPITests.view(f.app, 0, 0, 1, 1)
                 #expect(tactile_view_destroy(f.app, v) == TACTILE_OK)
                 var rect = tactile_rect(x: 0, y: 0, width: 1, height: 1)
                 return tactile_view_set_frame(f.app, v, &rect)
             },
             status: TACTILE_ERR_INVALID_HANDLE, message: "", changes: ["errors": 1]),
        // DESIGN-CONTROL-CAPI: the control calls refuse bad view handles as every view call does.
        CRow(name: "C: another app's view marked as a control", item: "removed or foreign views",
             act: { f in
                 let other = try CFixture()
                 return tactile_view_set_control(f.app, other.child, 1)
             },
             status: TACTILE_ERR_INVALID_HANDLE, message: "", changes: ["errors": 1]),
        CRow(name: "C: a moved finger of a control that was removed", item: "removed or foreign views",
             setup: { f in
                 #expect(tactile_view_set_control(f.app, f.child, 1) == TACTILE_OK)
                 _ = f.route([f.touch(1, TACTILE_PHASE_BEGAN)])
                 #expect(tactile_view_remove_from_parent(f.app, f.child) == TACTILE_OK)
                 #expect(f.calls.last == "\(TACTILE_PHASE_CANCELLED.rawValue) \(f.child.id) [1]")
             },
             act: { f in f.route([f.touch(1, TACTILE_PHASE_MOVED)]) },
             status: TACTILE_OK, message: "", changes: ["samples": 1, "frames": 1, "swallowed_samples": 1]),
        CRow(name: "C: a destroyed view marked as a control", item: "destroyed handles",
             act: { f in
                 let v = try ViewCAPITests.view(f.app, 0, 0, 1, 1)
                 #expect(tactile_view_destroy(f.app, v) == TACTILE_OK)
                 return tactile_view_set_control_enabled(f.app, v, 0)
             },
             status: TACTILE_ERR_INVALID_HANDLE, message: "", changes: ["errors": 1]),
        CRow(name: "C: a destroyed app handle", item: "destroyed handles",
             act: { _ in
                 var app = tactile_app(id: 0)
                 #expect(tactile_app_create(nil, &app) == TACTILE_OK)
                 #expect(tactile_app_destroy(app) == TACTILE_OK)
                 var event = tactile_event()
                 return tactile_post(app, &event)
             },
             status: TACTILE_ERR_INVALID_HANDLE, message: "", changes: [:]),
        CRow(name: "C: began into a full queue is refused, never dropped", item: "a full queue",
             setup: { f in
                 for i in 0..<8 { var e = f.touch(UInt32(100 + i), TACTILE_PHASE_MOVED); #expect(tactile_post(f.app, &e) == TACTILE_OK) }
             },
             act: { f in var e = f.touch(1, TACTILE_PHASE_BEGAN); return tactile_post(f.app, &e) },
             status: TACTILE_ERR_QUEUE_FULL, message: "", changes: ["rejected_full": 1]),
    ]

    @Test("C layer: each bad input is an error status or a counted routing error, changes nothing else, and a later tap works",
          arguments: cRows.map(\.name))
    func cLayer(_ name: String) throws {
        let row = try #require(Self.cRows.first { $0.name == name })
        let f = try CFixture()
        try row.setup(f)
        let before = f.counters, callsBefore = f.calls.count, logBefore = f.log
        let status = try row.act(f)
        let after = f.counters
        #expect(status == row.status, "\(name): \(String(cString: tactile_status_name(status)))")
        if status != TACTILE_OK { #expect(!CAPITests.lastError.isEmpty, "\(name): no message") }
        if !row.message.isEmpty {
            let newLog = String(f.log.dropFirst(logBefore.count))
            #expect(newLog.contains(row.message), "\(name): log \(newLog)")
        }
        for (key, value) in after {
            let delta = value &- before[key]!
            #expect(delta == row.changes[key] ?? 0, "\(name): \(key) changed by \(delta)")
        }
        #expect(f.calls.count == callsBefore, "\(name): delivered \(f.calls[callsBefore...])")
        // Drain anything queued, lift what is down, then a tap delivers began and ended to the window.
        _ = tactile_app_run_until_idle(f.app)
        _ = f.route(row.lift.map { f.touch($0, TACTILE_PHASE_ENDED) })
        f.calls.removeAll()
        #expect(f.route([f.touch(77, TACTILE_PHASE_BEGAN, x: 200, y: 300), f.touch(77, TACTILE_PHASE_ENDED, x: 200, y: 300)]) == TACTILE_OK)
        #expect(f.calls == ["\(TACTILE_PHASE_BEGAN.rawValue) \(f.window.id) [77]", "\(TACTILE_PHASE_ENDED.rawValue) \(f.window.id) [77]"],
                "\(name): tap after")
    }
}
