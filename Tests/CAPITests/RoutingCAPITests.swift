import CTactile
import Testing

/// What the delivery callback saw, flattened to lines ("<phase> <view id> [ids]").
final class DeliveryRecorder {
    var lines: [String] = []
    var motions: [UInt32] = []
    /// Run inside the callback (to remove views mid-delivery).
    var onDelivery: ((tactile_delivery) -> Void)?
}

private let recordDelivery: tactile_delivery_fn = { user, delivery in
    let recorder = Unmanaged<DeliveryRecorder>.fromOpaque(user!).takeUnretainedValue()
    let d = delivery!.pointee
    let ids = (0..<Int(d.count)).map { d.touches[$0].touch_id }
    recorder.lines.append("\(d.phase) \(d.view.id) \(ids)")
    recorder.onDelivery?(d)
}

private let recordMotion: tactile_motion_fn = { user, phase, _ in
    Unmanaged<DeliveryRecorder>.fromOpaque(user!).takeUnretainedValue().motions.append(phase)
}

/// Touch routing through tactile.h: delivery and motion callbacks, cancellation on removal, counters, the
/// delivery log, and misuse.
@Suite("C API routing")
struct RoutingCAPITests {
    let app: tactile_app
    let window: tactile_view
    let left: tactile_view
    let right: tactile_view
    let recorder = DeliveryRecorder()

    init() throws {
        app = try CAPITests.makeApp(capacity: 64)
        window = try ViewCAPITests.view(app, 0, 0, 320, 480)
        left = try ViewCAPITests.view(app, 0, 0, 160, 480, in: window)
        right = try ViewCAPITests.view(app, 160, 0, 160, 480, in: window)
        let user = Unmanaged.passUnretained(recorder).toOpaque()
        #expect(tactile_app_set_delivery_callback(app, recordDelivery, user) == TACTILE_OK)
        #expect(tactile_app_set_motion_callback(app, recordMotion, user) == TACTILE_OK)
    }

    func touch(_ id: UInt32, _ phase: tactile_touch_phase, _ x: Double, _ y: Double, t: UInt64, window w: UInt32? = nil) -> tactile_event {
        tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: UInt8(phase.rawValue), flags: 0, touch_id: id,
                      window_id: w ?? tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: t, x: x, y: y, force: 0, radius: 0)
    }

    func route(_ events: [tactile_event]) -> tactile_status {
        events.withUnsafeBufferPointer { tactile_route(app, $0.baseAddress, $0.count) }
    }

    @Test("AG-K-08 AG-M-08 tactile_route and the queue deliver the same calls: began, moved, ended to the bound view")
    func deliveries() throws {
        defer { _ = tactile_app_destroy(app) }
        #expect(route([touch(1, TACTILE_PHASE_BEGAN, 10, 10, t: 1), touch(2, TACTILE_PHASE_BEGAN, 200, 10, t: 1)]) == TACTILE_OK)
        let events = [touch(1, TACTILE_PHASE_MOVED, 300, 10, t: 2), touch(1, TACTILE_PHASE_ENDED, 300, 10, t: 3),
                      touch(2, TACTILE_PHASE_ENDED, 200, 10, t: 3)]
        var posted = 0
        #expect(events.withUnsafeBufferPointer { tactile_post_batch(app, $0.baseAddress, $0.count, &posted) } == TACTILE_OK)
        #expect(tactile_app_run_until_idle(app) == TACTILE_OK)
        #expect(recorder.lines == ["0 \(left.id) [1]", "0 \(right.id) [2]", "1 \(left.id) [1]", "3 \(left.id) [1]", "3 \(right.id) [2]"])
        var c = tactile_route_counters()
        #expect(tactile_app_route_counters(app, &c) == TACTILE_OK)
        #expect(c.samples == 5 && c.frames == 3 && c.deliveries == 5 && c.began == 2 && c.ended == 2 && c.errors == 0)
    }

    @Test("a view removed or destroyed mid-sequence gets touchesCancelled first, even from inside a callback")
    func cancellationOnRemoval() throws {
        defer { _ = tactile_app_destroy(app) }
        _ = route([touch(1, TACTILE_PHASE_BEGAN, 10, 10, t: 1), touch(2, TACTILE_PHASE_BEGAN, 200, 10, t: 1)])
        recorder.lines = []
        let (app, right) = (self.app, self.right)
        recorder.onDelivery = { d in
            if d.phase == UInt32(TACTILE_PHASE_MOVED.rawValue) { _ = tactile_view_remove_from_parent(app, right) }
        }
        _ = route([touch(1, TACTILE_PHASE_MOVED, 11, 10, t: 2), touch(2, TACTILE_PHASE_MOVED, 201, 10, t: 2)])
        // The right view's pending touchesMoved was overtaken by its cancellation.
        #expect(recorder.lines == ["1 \(left.id) [1]", "4 \(right.id) [2]"])
        recorder.onDelivery = nil
        recorder.lines = []
        #expect(tactile_view_destroy(app, left) == TACTILE_OK)
        #expect(recorder.lines == ["4 \(left.id) [1]"])
        _ = route([touch(1, TACTILE_PHASE_ENDED, 11, 10, t: 3), touch(2, TACTILE_PHASE_ENDED, 201, 10, t: 3)])
        #expect(recorder.lines == ["4 \(left.id) [1]"])
    }

    @Test("AG-L-02 ignoring interaction nests; AG-B-04 resign active cancels live touches and drops new ones")
    func ignoringAndInterruption() throws {
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_app_begin_ignoring_interaction(app) == TACTILE_OK)
        #expect(tactile_app_begin_ignoring_interaction(app) == TACTILE_OK)
        #expect(tactile_app_end_ignoring_interaction(app) == TACTILE_OK)
        _ = route([touch(1, TACTILE_PHASE_BEGAN, 10, 10, t: 1), touch(1, TACTILE_PHASE_ENDED, 10, 10, t: 2)])
        #expect(tactile_app_end_ignoring_interaction(app) == TACTILE_OK)
        #expect(tactile_app_end_ignoring_interaction(app) == TACTILE_OK)  // unbalanced: ignored
        _ = route([touch(2, TACTILE_PHASE_BEGAN, 10, 10, t: 3)])
        let resign = tactile_event(kind: UInt8(TACTILE_EVENT_SYSTEM.rawValue), code: UInt8(TACTILE_SYSTEM_WILL_RESIGN_ACTIVE.rawValue),
                                   flags: 0, touch_id: 0, window_id: 0, altitude: 0, azimuth: 0, timestamp_ns: 4, x: 0, y: 0, force: 0, radius: 0)
        var become = resign
        become.code = UInt8(TACTILE_SYSTEM_DID_BECOME_ACTIVE.rawValue)
        _ = route([resign, touch(3, TACTILE_PHASE_BEGAN, 10, 10, t: 5), touch(2, TACTILE_PHASE_ENDED, 10, 10, t: 6),
                   touch(3, TACTILE_PHASE_ENDED, 10, 10, t: 6), become, touch(4, TACTILE_PHASE_BEGAN, 200, 10, t: 7)])
        #expect(recorder.lines == ["0 \(left.id) [2]", "4 \(left.id) [2]", "0 \(right.id) [4]"])
        var c = tactile_route_counters()
        _ = tactile_app_route_counters(app, &c)
        #expect(c.ignored == 2 && c.errors == 0)
    }

    @Test("AG-O-05 shakes reach the motion callback: ended under a second, cancelled after")
    func motion() throws {
        defer { _ = tactile_app_destroy(app) }
        func shake(_ code: tactile_motion_code, _ t: UInt64) -> tactile_event {
            tactile_event(kind: UInt8(TACTILE_EVENT_MOTION.rawValue), code: UInt8(code.rawValue), flags: 0, touch_id: 0,
                          window_id: 0, altitude: 0, azimuth: 0, timestamp_ns: t, x: 0, y: 0, force: 0, radius: 0)
        }
        _ = route([shake(TACTILE_MOTION_SHAKE_BEGAN, 0), shake(TACTILE_MOTION_SHAKE_ENDED, 500_000_000),
                   shake(TACTILE_MOTION_SHAKE_BEGAN, 1_000_000_000), shake(TACTILE_MOTION_SHAKE_ENDED, 2_500_000_000)])
        #expect(recorder.motions == [TACTILE_MOTION_BEGAN.rawValue, TACTILE_MOTION_ENDED.rawValue,
                                     TACTILE_MOTION_BEGAN.rawValue, TACTILE_MOTION_CANCELLED.rawValue])
    }

    @Test("screen touches (window id 0) land in the front-most screen window; the delivery log reads back")
    func screenAndLog() throws {
        defer { _ = tactile_app_destroy(app) }
        #expect(tactile_app_set_delivery_log(app, 1) == TACTILE_OK)
        var screen = [window]
        #expect(tactile_app_set_screen(app, &screen, 1) == TACTILE_OK)
        _ = route([touch(7, TACTILE_PHASE_BEGAN, 200, 20, t: 42, window: 0)])
        #expect(recorder.lines == ["0 \(right.id) [7]"])
        var length = 0
        #expect(tactile_app_delivery_log(app, nil, 0, &length) == TACTILE_OK)
        var buffer = [CChar](repeating: 1, count: length + 1)
        #expect(tactile_app_delivery_log(app, &buffer, buffer.count, nil) == TACTILE_OK)
        let text = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(buffer[length] == 0)
        #expect(text == "42 touchesBegan view=\(UInt32(truncatingIfNeeded: right.id)) [7@(200,20) tap=1]\n")
    }

    @Test("misuse: bad events, screens, callbacks args and configs return errors and are counted")
    func misuse() throws {
        defer { _ = tactile_app_destroy(app) }
        var bad = touch(1, TACTILE_PHASE_BEGAN, .nan, 0, t: 1)
        #expect(tactile_route(app, &bad, 1) == TACTILE_ERR_INVALID_COORDINATE)
        bad = touch(1, tactile_touch_phase(rawValue: 9), 0, 0, t: 1)
        #expect(tactile_route(app, &bad, 1) == TACTILE_ERR_INVALID_EVENT)
        #expect(tactile_route(app, nil, 2) == TACTILE_ERR_NULL_ARGUMENT)
        var screen = [left]
        #expect(tactile_app_set_screen(app, &screen, 1) == TACTILE_ERR_INVALID_HANDLE)  // not a root
        #expect(tactile_app_set_screen(app, nil, 1) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(tactile_app_route_counters(app, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(tactile_app_delivery_log(app, nil, 5, nil) == TACTILE_ERR_NULL_ARGUMENT)
        #expect(tactile_app_set_delivery_callback(tactile_app(id: 12345), nil, nil) == TACTILE_ERR_INVALID_HANDLE)
        var counters = tactile_counters()
        _ = tactile_app_counters(app, &counters)
        #expect(counters.errors == 7)
        // Bad input the router sees is counted there.
        _ = route([touch(5, TACTILE_PHASE_MOVED, 1, 1, t: 2), touch(6, TACTILE_PHASE_BEGAN, 1, 1, t: 3, window: 999_999)])
        var rc = tactile_route_counters()
        _ = tactile_app_route_counters(app, &rc)
        #expect(rc.errors == 2)
        var config = tactile_app_config()
        config.touch_capacity = 5000
        var other = tactile_app(id: 0)
        #expect(tactile_app_create(&config, &other) == TACTILE_ERR_OUT_OF_RANGE)
        config = tactile_app_config()
        config.tap_distance = .nan
        #expect(tactile_app_create(&config, &other) == TACTILE_ERR_OUT_OF_RANGE)
    }

    @Test("tactile_app_config sets the touch table's capacity")
    func capacity() throws {
        var config = tactile_app_config()
        config.touch_capacity = 2
        var small = tactile_app(id: 0)
        try #require(tactile_app_create(&config, &small) == TACTILE_OK)
        defer { _ = tactile_app_destroy(small); _ = tactile_app_destroy(app) }
        let w = try ViewCAPITests.view(small, 0, 0, 100, 100)
        var events = (1...3).map { i in
            tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: 0, flags: 0, touch_id: UInt32(i),
                          window_id: tactile_window_id(w), altitude: 0, azimuth: 0, timestamp_ns: 1, x: 5, y: 5, force: 0, radius: 0)
        }
        #expect(tactile_route(small, &events, 3) == TACTILE_OK)
        var rc = tactile_route_counters()
        _ = tactile_app_route_counters(small, &rc)
        #expect(rc.began == 2 && rc.errors == 1)
    }
}
