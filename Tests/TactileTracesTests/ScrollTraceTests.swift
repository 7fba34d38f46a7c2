import Foundation
import TactileCore
import TactileTestSupport
import TactileTraces
import Testing

/// Drags, flicks, taps and catches on the table scene: fingers 1…3, each lifted before the trace ends, moving in
/// 16 ms steps of up to 60 points (flicks) or resting first (drags), with gaps that let motions run.
private func randomTableTrace(_ rng: inout SceneRandom, rows: Int = 60) -> Trace {
    var steps: [Trace.Step] = []
    var t: UInt64 = 1_000_000
    for _ in 0..<(1 + Int(rng.next() % 6)) {
        let id = UInt32(1 + rng.next() % 3)
        var x = rng.uniform(0, 320).rounded(), y = rng.uniform(64, 480).rounded()
        steps.append(.touch(t: t, id: id, phase: .began, x: x, y: y, window: nil))
        let moves = Int(rng.next() % 8)
        let dx = rng.chance(0.3) ? rng.uniform(-60, 60).rounded() : 0, dy = rng.uniform(-60, 60).rounded()
        for _ in 0..<moves {
            t += 16_000_000
            x += dx
            y += dy
            steps.append(.touch(t: t, id: id, phase: .moved, x: x, y: y, window: nil))
        }
        t += rng.chance(0.3) ? 200_000_000 : 8_000_000  // resting first: no fling
        steps.append(.touch(t: t, id: id, phase: rng.chance(0.1) ? .cancelled : .ended, x: x, y: y, window: nil))
        t += UInt64(rng.next() % 1500) * 1_000_000  // maybe a catch, maybe at rest
    }
    return Trace(scene: .standard(.table, views: 6 + 3 * rows, seed: 1), steps: steps)
}

/// Scroll views in traces (DESIGN-CAPI-SCROLL-TRACE): the `table` scene and `scroll=` views replay through the
/// engine's scroll views, with the routing oracle, the app side's sequence invariants and the scroll-event
/// grammar holding.
@Suite("Traces with scroll views")
struct ScrollTraceTests {
    @Test("DESIGN-CAPI-SCROLL-TRACE `scene table` and `view … scroll=<w>,<h>` print and parse back")
    func textForm() throws {
        // DESIGN-CAPI-SCROLL-TRACE
        let text = """
            scene views
            view parent=- frame=0,0,320,480
            view parent=0 frame=0,0,320,480 bounds=0,12.5 scroll=960,480 clips
            t=1 touch 1 began 10 10

            """
        let trace = try TraceParser.parse(text)
        guard case .explicit(let views) = trace.scene else { Issue.record("not explicit"); return }
        #expect(views[1].scrollContent == CGSize(width: 960, height: 480) && views[0].scrollContent == nil)
        #expect(trace.text == text)
        #expect(try TraceParser.parse("scene table views=306 seed=2").scene == .standard(.table, views: 306, seed: 2))
        #expect(throws: TraceError.self) { try TraceParser.parse("scene views\nview parent=- frame=0,0,1,1 scroll=-1,2") }
        #expect(throws: TraceError.self) { try TraceParser.parse("scene views\nview parent=- frame=0,0,1,1 scroll=1") }
        #expect(throws: TraceError.self) { try TraceParser.parse("scene views\nview parent=- frame=0,0,1,1 scroll=nan,2") }
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE a flick on the table scrolls it: the row's touch is cancelled, the offset comes to rest at Apple's projection, the same on every run")
    func flick() throws {
        // DESIGN-CAPI-SCROLL-TRACE, DESIGN-CAPI-SCROLL-MOTION
        var steps: [Trace.Step] = [.touch(t: 1_000_000_000, id: 1, phase: .began, x: 100, y: 400, window: nil)]
        for k in 1...6 { steps.append(.touch(t: 1_000_000_000 + UInt64(k) * 16_000_000, id: 1, phase: .moved, x: 100, y: 400 - 32 * Double(k), window: nil)) }
        steps.append(.touch(t: 1_104_000_000, id: 1, phase: .ended, x: 100, y: 208 - 16, window: nil))
        let trace = Trace(scene: .standard(.table, views: 306, seed: 1), steps: steps)
        let (result, violations) = try TraceChecker.check(trace)
        #expect(violations == [])
        #expect(result.log.contains("1016000000 scroll view=5 cancels touch 1 view=\(6 + 3 * 7)"))
        // 2000 points per second up; the content follows the finger from where the drag began (400 − 32) to the
        // lift (192).
        let willEnd = try #require(result.log.first { $0.contains("willEndDragging") })
        #expect(willEnd.hasPrefix("1104000000 scroll view=5 willEndDragging offset=(0,176) velocity=(0,2) target=("))
        let p = 0.998 / (1 - 0.998) / 1000  // Apple's projection per point per second
        let rest = try #require(result.scrollOffsets.first)
        #expect(rest.view == 5 && rest.x == 0 && abs(rest.y - (176 + 2000 * p)) < 1e-9)
        let shown = ((176 + 2000 * p) * 1000).rounded() / 1000  // the log's 1/1000-point rounding
        #expect(result.log.last?.hasSuffix("didEndDecelerating offset=(0,\(shown == shown.rounded() ? String(Int(shown)) : "\(shown)"))") == true)
        #expect(try TraceRunner.run(trace) == result, "deterministic")
        #expect(try TraceRunner.run(trace, scenes: SceneCache()) == result, "the same on a cached scene")
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE DESIGN-CAPI-SCROLL-EVENTS random drags, flicks and catches on the table (200 traces): no routing, app-side or scroll-event violation; at rest within the range")
    func randomTableTraces() throws {
        // DESIGN-CAPI-SCROLL-TRACE, DESIGN-CAPI-SCROLL-EVENTS, DESIGN-CAPI-SCROLL-DRAG
        var scrolled = 0
        for seed in 0..<200 as Range<UInt64> {
            var rng = SceneRandom(seed: seed)
            let trace = randomTableTrace(&rng)
            let (result, violations) = try TraceChecker.check(trace)
            #expect(violations == [], "seed \(seed): \(violations.prefix(3))")
            let rest = try #require(result.scrollOffsets.first)
            #expect(rest.y >= 0 && rest.y <= Double(60 * 44 - 416), "seed \(seed): at rest at \(rest.y)")
            #expect(rest.x == 0)
            if rest.y != 0 { scrolled += 1 }
            #expect(try TraceRunner.run(trace) == result, "seed \(seed): deterministic")
        }
        #expect(scrolled > 50, "the traces scroll (\(scrolled) of 200)")
    }

    @Test("DESIGN-CAPI-SCROLL-TRACE the decoder makes table scenes from headers ≥ 0xC0, and any such bytes replay under the checker without a violation")
    func decoder() throws {
        // DESIGN-CAPI-SCROLL-TRACE
        #expect(TraceDecoder.decode([0xC0, 0, 7]).scene == .standard(.table, views: 60, seed: 7))
        #expect(TraceDecoder.decode([0xFF, 255, 0]).scene == .standard(.table, views: 315, seed: 0))
        #expect(TraceDecoder.decode([0xBF, 0, 0]).scene == .standard(.random, views: 16, seed: 0), "below 0xC0: b0 % 3 as before")
        let scenes = SceneCache()
        for seed in 0..<150 as Range<UInt64> {
            var rng = SceneRandom(seed: seed)
            var bytes: [UInt8] = [0xC0 | UInt8(rng.next() % 64), UInt8(truncatingIfNeeded: rng.next()), UInt8(seed)]
            bytes += (0..<Int(rng.next() % 400)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let trace = TraceDecoder.decode(bytes)
            #expect(try TraceParser.parse(trace.text) == trace)
            #expect(try TraceChecker.check(trace, log: false, scenes: scenes).violations == [], "seed \(seed)")
        }
    }

    @Test("DESIGN-CAPI-SCROLL-EVENTS the scroll-event oracle refuses events out of UIKit's order and an offset at rest out of range")
    func oracleCatches() {
        // DESIGN-CAPI-SCROLL-EVENTS: the oracle itself, on hand-made streams.
        let range = ScrollEventOracle<Int>.Range(x: nil, y: 0...100)
        func run(_ events: [(UInt32, Bool, Double)]) -> [String] {
            let o = ScrollEventOracle<Int>()
            for (kind, decelerate, y) in events { o.event(kind, view: 1, decelerate: decelerate, offset: (0, y), range: range) }
            return o.violations
        }
        #expect(run([(0, false, 0), (1, false, 5), (2, false, 5), (3, true, 5), (4, false, 5), (1, false, 50), (5, false, 50)]) == [])
        #expect(run([(0, false, 0), (2, false, 0), (3, false, 0)]) == [])
        #expect(run([(4, false, 120), (5, false, 100)]) == [], "a caught scroll view let go springs back")
        #expect(run([(0, false, 0), (0, false, 0)]).count == 1, "two drags at once")
        #expect(run([(2, false, 0)]).count == 1, "will-end without a drag")
        #expect(run([(0, false, 0), (3, false, 0)]).count == 1, "did-end without will-end")
        #expect(run([(0, false, 0), (2, false, 0), (3, true, 0), (1, false, 3)]).count == 1, "did-scroll before will-begin-decelerating")
        #expect(run([(5, false, 0)]).count == 1, "did-end-decelerating at rest")
        #expect(run([(0, false, 0), (6, false, 0)]).count == 1, "an animation ends during a drag")
        #expect(run([(0, false, 0), (2, false, 0), (3, true, 0), (4, false, 0), (5, false, 130)]).count == 1, "at rest out of range")
        #expect(run([(0, false, -10), (2, false, -10), (3, false, -10)]).count == 1, "a drag ended out of range without a motion")
        #expect(run([(9, false, 0)]).count == 1)
        let o = ScrollEventOracle<Int>()
        o.event(0, view: 1, decelerate: false, offset: (0, 0), range: nil)
        o.interrupted(1)
        o.event(5, view: 1, decelerate: false, offset: (0, 0), range: nil)
        #expect(o.violations == [], "after an interruption the phase is unknown")
        // c-api fuzzer finding (Fuzz/corpus/c-api/scroll-set-while-drag-ends): a did-scroll handler sets the offset
        // out of range while the drag ends; the drag then ends at rest there, as UIKit keeps a set offset.
        let p = ScrollEventOracle<Int>()
        for kind: UInt32 in [0, 2, 1] { p.event(kind, view: 1, decelerate: false, offset: (0, 50), range: range) }
        p.interrupted(1)
        p.event(1, view: 1, decelerate: false, offset: (0, 300), range: range)
        p.event(3, view: 1, decelerate: false, offset: (0, 300), range: range)
        #expect(p.violations == [], "an offset the app set is not checked against the range")
        p.event(0, view: 1, decelerate: false, offset: (0, 300), range: range)
        p.event(2, view: 1, decelerate: false, offset: (0, 300), range: range)
        p.event(3, view: 1, decelerate: false, offset: (0, 300), range: range)
        #expect(p.violations.count == 1, "the next drag ending there is")
    }
}
