import CTactile
import Foundation
import TactileCore
import TactileTraces
import Testing

/// The same scroll views behind two front ends (DESIGN-CAPI-SCROLL-TRACE): a trace of the `table` scene replayed by
/// `TraceRunner` and the same records routed through tactile.h (`TACTILE_SCENE_TABLE`, `tactile_route`, the run
/// loop advanced to each event's time) give the same delivery log, scroll lines included, line for line. (A
/// `flag 0 clips off` line 20 s after the last touch lets every motion run out on both sides.)
@Suite("Scroll views: C API = trace replay")
struct ScrollTraceDifferentialTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    /// The C API's log for `trace` (a `table` scene trace of touch lines).
    static func cLog(_ trace: Trace) throws -> [String] {
        guard case .standard(.table, let views, let seed) = trace.scene else { throw CocoaError(.featureUnsupported) }
        let app = try CAPITests.makeApp(capacity: 64)
        defer { _ = tactile_app_destroy(app) }
        var window = tactile_view(id: 0)
        try #require(tactile_scene_build(app, TACTILE_SCENE_TABLE.rawValue, views, seed, &window) == TACTILE_OK)
        try #require(tactile_app_set_delivery_log(app, 1) == TACTILE_OK)
        var now: UInt64 = 0
        var pending: [tactile_event] = []
        func flush() {
            guard let t = pending.first?.timestamp_ns else { return }
            if t > now { _ = tactile_app_advance(app, t - now); now = t }
            #expect(tactile_route(app, pending, pending.count) == TACTILE_OK)
            pending.removeAll()
        }
        for step in trace.steps {
            if case .setFlag(let t, 0, .clips, let on) = step {  // a quiet line: the motions run until then
                flush()
                if t > now { _ = tactile_app_advance(app, t - now); now = t }
                #expect(tactile_view_set_flags(app, window, TACTILE_VIEW_CLIPS_TO_BOUNDS.rawValue, on ? 1 : 0) == TACTILE_OK)
                continue
            }
            guard case .touch(let t, let id, let phase, let x, let y, nil) = step else { throw CocoaError(.featureUnsupported) }
            if let last = pending.last, last.timestamp_ns != t { flush() }
            pending.append(tactile_event(kind: UInt8(TACTILE_EVENT_TOUCH.rawValue), code: phase.rawValue, flags: 0, touch_id: id,
                                         window_id: tactile_window_id(window), altitude: 0, azimuth: 0, timestamp_ns: t,
                                         x: x, y: y, force: 0, radius: 0))
        }
        flush()
        #expect(tactile_app_advance(app, TraceRunner.tailDuration) == TACTILE_OK)
        var length = 0
        #expect(tactile_app_delivery_log(app, nil, 0, &length) == TACTILE_OK)
        var buffer = [CChar](repeating: 0, count: length + 1)
        #expect(tactile_app_delivery_log(app, &buffer, buffer.count, nil) == TACTILE_OK)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE Tests/Traces/table-fling.trace logs the same through tactile.h as through tactile replay")
    func tableFling() throws {
        // DESIGN-CAPI-SCROLL-TRACE
        let trace = try TraceParser.parse(String(contentsOf: Self.traces.appendingPathComponent("table-fling.trace"), encoding: .utf8))
        let replayed = try TraceRunner.run(trace).log
        let viaC = try Self.cLog(trace)
        #expect(viaC == replayed)
        #expect(replayed.contains { $0.contains("didEndDecelerating") } && replayed.count > 60)
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE random flicks on the table (30 traces): the C API and the replay log alike")
    func randomFlicks() throws {
        // DESIGN-CAPI-SCROLL-TRACE
        for seed in 0..<30 as Range<UInt64> {
            var rng = SceneRandom(seed: seed)
            var steps: [Trace.Step] = []
            var t: UInt64 = 1_000_000
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                var y = rng.uniform(80, 470).rounded()
                let x = rng.uniform(0, 320).rounded(), dy = rng.uniform(-50, 50).rounded()
                steps.append(.touch(t: t, id: 1, phase: .began, x: x, y: y, window: nil))
                for _ in 0..<Int(rng.next() % 6) {
                    t += 16_000_000
                    y += dy
                    steps.append(.touch(t: t, id: 1, phase: .moved, x: x, y: y, window: nil))
                }
                t += 8_000_000
                steps.append(.touch(t: t, id: 1, phase: .ended, x: x, y: y, window: nil))
                t += UInt64(rng.next() % 2000) * 1_000_000
            }
            steps.append(.setFlag(t: t + 20_000_000_000, view: 0, flag: .clips, on: false))  // every motion is over by then
            let trace = Trace(scene: .standard(.table, views: 156, seed: 1), steps: steps)
            #expect(try Self.cLog(trace) == TraceRunner.run(trace).log, "seed \(seed)")
        }
    }
}
