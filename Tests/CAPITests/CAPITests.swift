import CTactile
import Foundation
import Synchronization
import TactileCAPI
import TactileCore
import Testing

/// The C API as other runtimes see it (tactile.h), including a hostile producer: every misuse is an error
/// status plus a message plus a counter, never a crash (DESIGN-BAD-INPUT).
@Suite("C API")
struct CAPITests {
    static func makeApp(capacity: UInt32 = 16, live: Bool = false) throws -> tactile_app {
        var config = tactile_app_config()
        config.queue_capacity = capacity
        config.loop_mode = (live ? TACTILE_LOOP_LIVE : TACTILE_LOOP_DETERMINISTIC).rawValue
        var app = tactile_app(id: 0)
        try #require(tactile_app_create(&config, &app) == TACTILE_OK)
        return app
    }

    static func touch(_ id: UInt32, _ phase: tactile_touch_phase, x: Double = 1, y: Double = 2, t: UInt64 = 0) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                      window_id: 1, altitude: 0, azimuth: 0, timestamp_ns: t, x: x, y: y, force: 0, radius: 0)
    }

    static func counters(_ app: tactile_app) -> tactile_counters {
        var c = tactile_counters()
        _ = tactile_app_counters(app, &c)
        return c
    }

    static var lastError: String { String(cString: tactile_last_error_message()) }

    /// Collects what the input hook receives.
    final class Sink {
        var events: [tactile_event] = []
    }

    static let collect: tactile_input_fn = { user, events, count in
        let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
        sink.events += UnsafeBufferPointer(start: events, count: count)
    }

    @Test("tactile_event and EventRecord share one memory layout (records cross the C boundary by rebinding)")
    func layout() {
        #expect(MemoryLayout<tactile_event>.size == MemoryLayout<EventRecord>.size)
        #expect(MemoryLayout<tactile_event>.stride == MemoryLayout<EventRecord>.stride)
        #expect(MemoryLayout<tactile_event>.alignment == MemoryLayout<EventRecord>.alignment)
        let pairs: [(Int?, Int?)] = [
            (MemoryLayout<tactile_event>.offset(of: \.kind), MemoryLayout<EventRecord>.offset(of: \.rawKind)),
            (MemoryLayout<tactile_event>.offset(of: \.code), MemoryLayout<EventRecord>.offset(of: \.code)),
            (MemoryLayout<tactile_event>.offset(of: \.flags), MemoryLayout<EventRecord>.offset(of: \.flags)),
            (MemoryLayout<tactile_event>.offset(of: \.touch_id), MemoryLayout<EventRecord>.offset(of: \.touchID)),
            (MemoryLayout<tactile_event>.offset(of: \.window_id), MemoryLayout<EventRecord>.offset(of: \.windowID)),
            (MemoryLayout<tactile_event>.offset(of: \.altitude), MemoryLayout<EventRecord>.offset(of: \.altitudeCode)),
            (MemoryLayout<tactile_event>.offset(of: \.azimuth), MemoryLayout<EventRecord>.offset(of: \.azimuthCode)),
            (MemoryLayout<tactile_event>.offset(of: \.timestamp_ns), MemoryLayout<EventRecord>.offset(of: \.timestamp)),
            (MemoryLayout<tactile_event>.offset(of: \.x), MemoryLayout<EventRecord>.offset(of: \.x)),
            (MemoryLayout<tactile_event>.offset(of: \.y), MemoryLayout<EventRecord>.offset(of: \.y)),
            (MemoryLayout<tactile_event>.offset(of: \.force), MemoryLayout<EventRecord>.offset(of: \.force)),
            (MemoryLayout<tactile_event>.offset(of: \.radius), MemoryLayout<EventRecord>.offset(of: \.radius)),
        ]
        for (c, swift) in pairs { #expect(c != nil && c == swift) }
    }

    @Test("tactile_touch and DeliveredTouch share one memory layout (deliveries reach C without copying)")
    func deliveredTouchLayout() {
        #expect(MemoryLayout<tactile_touch>.size == MemoryLayout<DeliveredTouch>.size)
        #expect(MemoryLayout<tactile_touch>.stride == MemoryLayout<DeliveredTouch>.stride)
        #expect(MemoryLayout<tactile_touch>.alignment == MemoryLayout<DeliveredTouch>.alignment)
        let pairs: [(Int?, Int?)] = [
            (MemoryLayout<tactile_touch>.offset(of: \.touch_id), MemoryLayout<DeliveredTouch>.offset(of: \.touchID)),
            (MemoryLayout<tactile_touch>.offset(of: \.phase), MemoryLayout<DeliveredTouch>.offset(of: \.phase)),
            (MemoryLayout<tactile_touch>.offset(of: \.tap_count), MemoryLayout<DeliveredTouch>.offset(of: \.tapCount)),
            (MemoryLayout<tactile_touch>.offset(of: \.reserved), MemoryLayout<DeliveredTouch>.offset(of: \.reserved)),
            (MemoryLayout<tactile_touch>.offset(of: \.x), MemoryLayout<DeliveredTouch>.offset(of: \.x)),
            (MemoryLayout<tactile_touch>.offset(of: \.y), MemoryLayout<DeliveredTouch>.offset(of: \.y)),
            (MemoryLayout<tactile_touch>.offset(of: \.previous_x), MemoryLayout<DeliveredTouch>.offset(of: \.previousX)),
            (MemoryLayout<tactile_touch>.offset(of: \.previous_y), MemoryLayout<DeliveredTouch>.offset(of: \.previousY)),
            (MemoryLayout<tactile_touch>.offset(of: \.timestamp_ns), MemoryLayout<DeliveredTouch>.offset(of: \.timestamp)),
        ]
        for (c, swift) in pairs { #expect(c != nil && c == swift) }
    }

    @Test("Version: the run-time version matches the header's compile-time version")
    func version() {
        #expect(tactile_version() == UInt32(TACTILE_VERSION_MAJOR * 10000 + TACTILE_VERSION_MINOR * 100 + TACTILE_VERSION_PATCH))
        #expect(String(cString: tactile_status_name(TACTILE_ERR_QUEUE_FULL)) == "TACTILE_ERR_QUEUE_FULL")
    }

    @Test("AG-F-01 posted events reach the input hook in FIFO order with every field intact")
    func postAndDrain() throws {
        let app = try Self.makeApp()
        defer { _ = tactile_app_destroy(app) }
        let sink = Sink()
        #expect(tactile_app_set_input_handler(app, Self.collect, Unmanaged.passUnretained(sink).toOpaque()) == TACTILE_OK)
        var began = Self.touch(7, TACTILE_PHASE_BEGAN, x: 10.5, y: -3, t: 100)
        began.force = 0.25
        #expect(tactile_post(app, &began) == TACTILE_OK)
        var batch = (1...5).map { Self.touch(7, TACTILE_PHASE_MOVED, x: Double($0), t: 100 + UInt64($0)) }
        var posted = 0
        #expect(tactile_post_batch(app, &batch, batch.count, &posted) == TACTILE_OK)
        #expect(posted == 5)
        #expect(tactile_app_run_until_idle(app) == TACTILE_OK)
        #expect(sink.events.map(\.timestamp_ns) == [100, 101, 102, 103, 104, 105])
        #expect(sink.events[0].force == 0.25 && sink.events[0].x == 10.5 && sink.events[0].touch_id == 7)
        let c = Self.counters(app)
        #expect(c.posted == 6 && c.drained == 6 && c.errors == 0 && c.iterations >= 1)
    }

    @Test("Null, destroyed, stale and made-up handles are errors, not crashes")
    func badHandles() throws {
        var event = Self.touch(1, TACTILE_PHASE_BEGAN)
        #expect(tactile_post(tactile_app(id: 0), &event) == TACTILE_ERR_INVALID_HANDLE)
        #expect(Self.lastError.contains("handle"))
        #expect(tactile_post(tactile_app(id: 0xFFFF_FFFF_FFFF_FFFF), &event) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_post(tactile_app(id: 1 << 16 | 1000), &event) == TACTILE_ERR_INVALID_HANDLE)
        let app = try Self.makeApp()
        #expect(tactile_app_destroy(app) == TACTILE_OK)
        #expect(tactile_app_destroy(app) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_post(app, &event) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_app_step(app) == TACTILE_ERR_INVALID_HANDLE)
        var c = tactile_counters()
        #expect(tactile_app_counters(app, &c) == TACTILE_ERR_INVALID_HANDLE)
        // The slot is reused by a new app: the old handle stays stale.
        let next = try Self.makeApp()
        defer { _ = tactile_app_destroy(next) }
        #expect(tactile_post(app, &event) == TACTILE_ERR_INVALID_HANDLE)
        #expect(tactile_post(next, &event) == TACTILE_OK)
    }

    @Test("Null pointers and out-of-range configuration are errors")
    func nullArguments() throws {
        #expect(tactile_app_create(nil, nil) == TACTILE_ERR_NULL_ARGUMENT)
        var app = tactile_app(id: 0)
        var config = tactile_app_config(queue_capacity: 1 << 30, loop_mode: 0, touch_capacity: 0, flags: 0, tap_interval_ns: 0, tap_distance: 0)
        #expect(tactile_app_create(&config, &app) == TACTILE_ERR_OUT_OF_RANGE)
        config = tactile_app_config(queue_capacity: 8, loop_mode: 9, touch_capacity: 0, flags: 0, tap_interval_ns: 0, tap_distance: 0)
        #expect(tactile_app_create(&config, &app) == TACTILE_ERR_OUT_OF_RANGE)
        #expect(app.id == 0)
        let good = try Self.makeApp()
        defer { _ = tactile_app_destroy(good) }
        #expect(tactile_post(good, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(tactile_post_batch(good, nil, 3, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(tactile_post_batch(good, nil, 0, nil) == TACTILE_OK)
        #expect(tactile_app_counters(good, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(Self.counters(good).errors == 3)
    }

    @Test("SBT-ROT-01 TACTILE_SYSTEM_DEVICE_ORIENTATION carries the UIDeviceOrientation in touch_id; values above 6 are invalid events")
    func deviceOrientationRecord() throws {
        let app = try Self.makeApp(capacity: 8)
        defer { _ = tactile_app_destroy(app) }
        var event = tactile_event(kind: UInt8(TACTILE_EVENT_SYSTEM.rawValue), code: UInt8(TACTILE_SYSTEM_DEVICE_ORIENTATION.rawValue),
                                  flags: 0, touch_id: 6, window_id: 0, altitude: 0, azimuth: 0, timestamp_ns: 1, x: 0, y: 0, force: 0, radius: 0)
        #expect(tactile_post(app, &event) == TACTILE_OK)
        event.touch_id = 7
        #expect(tactile_post(app, &event) == TACTILE_ERR_INVALID_EVENT)
        event.code = 5
        event.touch_id = 0
        #expect(tactile_post(app, &event) == TACTILE_ERR_INVALID_EVENT, "no system code 5")
    }

    @Test("A hostile producer: garbage kinds and phases, NaN/∞ coordinates, a full queue — errors and counters")
    func hostileProducer() throws {
        let app = try Self.makeApp(capacity: 4)
        defer { _ = tactile_app_destroy(app) }
        var garbageKind = Self.touch(1, TACTILE_PHASE_BEGAN)
        garbageKind.kind = 77
        #expect(tactile_post(app, &garbageKind) == TACTILE_ERR_INVALID_EVENT)
        var garbagePhase = Self.touch(1, TACTILE_PHASE_BEGAN)
        garbagePhase.code = 200
        #expect(tactile_post(app, &garbagePhase) == TACTILE_ERR_INVALID_EVENT)
        var nan = Self.touch(1, TACTILE_PHASE_BEGAN, x: .nan)
        #expect(tactile_post(app, &nan) == TACTILE_ERR_INVALID_COORDINATE)
        #expect(Self.lastError.contains("NaN"))
        var inf = Self.touch(1, TACTILE_PHASE_MOVED, y: .infinity)
        #expect(tactile_post(app, &inf) == TACTILE_ERR_INVALID_COORDINATE)
        var ok = Self.touch(1, TACTILE_PHASE_BEGAN)
        for _ in 0..<4 { #expect(tactile_post(app, &ok) == TACTILE_OK) }
        #expect(tactile_post(app, &ok) == TACTILE_ERR_QUEUE_FULL)
        #expect(Self.lastError.contains("full"))
        var batch = [Self.touch(1, TACTILE_PHASE_MOVED), Self.touch(1, TACTILE_PHASE_MOVED)]
        batch[1].kind = 0
        var posted = 99
        #expect(tactile_post_batch(app, &batch, 2, &posted) == TACTILE_ERR_INVALID_EVENT)
        #expect(posted == 0)
        var tooMany = [tactile_event](repeating: ok, count: 5)
        #expect(tactile_post_batch(app, &tooMany, 5, &posted) == TACTILE_ERR_OUT_OF_RANGE)
        let c = Self.counters(app)
        #expect(c.rejected_invalid == 6, "4 singles + a batch of 2")
        #expect(c.rejected_full == 6, "1 single + a batch of 5")
        #expect(c.posted == 4)
        #expect(c.errors == 6, "misuse only: back-pressure is counted in rejected_full")
    }

    @Test("Deterministic and live calls on the wrong kind of loop are INVALID_STATE")
    func wrongDriving() throws {
        let deterministic = try Self.makeApp()
        defer { _ = tactile_app_destroy(deterministic) }
        #expect(tactile_app_start_live(deterministic) == TACTILE_ERR_INVALID_STATE)
        let live = try Self.makeApp(live: true)
        defer { _ = tactile_app_destroy(live) }
        #expect(tactile_app_step(live) == TACTILE_ERR_INVALID_STATE)
        #expect(tactile_app_advance(live, 5) == TACTILE_ERR_INVALID_STATE)
    }

    final class AtomicSink: @unchecked Sendable {
        let count = Atomic<Int>(0)
    }

    @Test("AG-F-05 a live app wakes for posts from another thread and stops cleanly")
    func liveApp() throws {
        let app = try Self.makeApp(capacity: 256, live: true)
        let sink = AtomicSink()
        let fn: tactile_input_fn = { user, _, count in
            Unmanaged<AtomicSink>.fromOpaque(user!).takeUnretainedValue().count.add(count, ordering: .relaxed)
        }
        #expect(tactile_app_set_input_handler(app, fn, Unmanaged.passUnretained(sink).toOpaque()) == TACTILE_OK)
        #expect(tactile_app_start_live(app) == TACTILE_OK)
        #expect(tactile_app_start_live(app) == TACTILE_ERR_INVALID_STATE)
        let handle = app
        let producer = Thread {
            var event = Self.touch(1, TACTILE_PHASE_MOVED)
            for _ in 0..<10_000 { while tactile_post(handle, &event) == TACTILE_ERR_QUEUE_FULL { sched_yield() } }
        }
        producer.start()
        let deadline = Date().addingTimeInterval(10)
        while sink.count.load(ordering: .relaxed) < 10_000, Date() < deadline { usleep(1000) }
        #expect(sink.count.load(ordering: .relaxed) == 10_000)
        #expect(tactile_app_stop(app) == TACTILE_OK)
        #expect(tactile_app_destroy(app) == TACTILE_OK)
    }

    @Test("The benchmark references are callable: C-boundary no-op and the Dispatch reference queue")
    func references() {
        tactile_noop()
        let queue = tactile_ref_dispatch_create()
        let counter = AtomicSink()
        for _ in 0..<100 {
            tactile_ref_dispatch_async(queue, { ctx in
                Unmanaged<AtomicSink>.fromOpaque(ctx!).takeUnretainedValue().count.add(1, ordering: .relaxed)
            }, Unmanaged.passUnretained(counter).toOpaque())
        }
        tactile_ref_dispatch_destroy(queue)
        #expect(counter.count.load(ordering: .relaxed) == 100)
        tactile_ref_dispatch_async(nil, nil, nil)  // ignored, not a crash
    }
}
