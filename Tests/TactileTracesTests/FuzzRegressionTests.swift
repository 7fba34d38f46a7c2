import Foundation
import TactileCore
import TactileTestSupport
import TactileTraces
import Testing

/// What the libFuzzer targets (Fuzz/) found, kept as ordinary tests, plus the seed corpus replayed the way the
/// touch-sequences target replays it (TraceRunner with a RoutingOracle in front of the app side).
@Suite("Fuzzer findings and seed corpus")
struct FuzzRegressionTests {
    /// Replays `trace` as Fuzz/touch-sequences does (``TraceChecker``), collecting violations instead of trapping.
    static func violations(_ trace: Trace) throws -> [String] { try TraceChecker.check(trace).violations }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("touch-sequences #1: cancel-all during a shake delivers motionCancelled (Δmotions = motion calls)")
    func shakeCancelledBySystem() throws {
        for code in ["cancel-all", "resign-active"] {
            let trace = try TraceParser.parse("""
                scene list views=16 seed=0
                t=1000000 motion shake-began
                t=1000000 system \(code)
                t=2000000 motion shake-ended
                """)
            #expect(try Self.violations(trace) == [], "\(code)")
            #expect(try TraceRunner.run(trace).counters.motions == 2)
        }
    }

    @Test("touch-sequences #2: a sample older than the last touch event is delivered at the last event's time, and counted")
    func timestampBackwards() throws {
        let trace = try TraceParser.parse("""
            scene views
            view parent=- frame=0,0,320,480
            t=3000000 touch 1 began 10 10
            t=1000000 touch 1 ended 10 10
            """)
        let (result, found) = try TraceChecker.check(trace)
        #expect(found == [])
        #expect(result.counters.timestampBackwards == 1)
        #expect(result.counters.ended == 1)  // delivered, not dropped
        #expect(result.log.contains("3000000 touchesEnded view=0 [1@(10,10) tap=1]"), "\(result.log)")
        #expect(result.log.contains { $0.contains("older than the last touch event") }, "\(result.log)")
    }

    @Test("touch-sequences #3: a finger id reused while another finger begins in the same event keeps its new binding")
    func reusedIDInSameEvent() throws {
        // Minimized from Fuzz/findings/touch-sequences-3-view-changed.trace (`tactile minimize --until-violation`):
        // the oracle keyed touch 1 by its old, cancelled sequence while touch 12's began was delivered. The
        // router was right; the oracle now keys touches by the router's per-sequence serial.
        let trace = try TraceParser.parse("""
            scene phone views=300 seed=5
            t=0 touch 1 began 80 319.75
            t=28000000 touch 1 cancelled 124 445
            t=34000000 touch 12 began 170 79
            t=34000000 touch 1 began 306 20
            """)
        #expect(try Self.violations(trace) == [])
    }

    @Test("every finding kept in Fuzz/findings replays without an oracle violation")
    func findings() throws {
        let folder = Self.repository.appendingPathComponent("Fuzz/findings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".trace") }.sorted()
        #expect(files.count >= 2)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(try Self.violations(TraceParser.parse(text)) == [], "\(file)")
        }
    }

    @Test("a replay on a cached scene (the fuzzer's SceneCache) gives the same log, counters and violations as a fresh build")
    func sceneCacheReplaysAlike() throws {
        let folder = Self.repository.appendingPathComponent("Fuzz/corpus/touch-sequences")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let cache = SceneCache(capacity: 2)  // small: entries are evicted and built again along the way
        var traces: [Trace] = []
        for file in files { traces.append(TraceDecoder.decode(try [UInt8](Data(contentsOf: folder.appendingPathComponent(file))))) }
        let findings = Self.repository.appendingPathComponent("Fuzz/findings")
        for file in try FileManager.default.contentsOfDirectory(atPath: findings.path).sorted() where file.hasSuffix(".trace") {
            traces.append(try TraceParser.parse(String(contentsOf: findings.appendingPathComponent(file), encoding: .utf8)))
        }
        for (k, trace) in (traces + traces).enumerated() {
            let fresh = try TraceChecker.check(trace)
            for _ in 0..<2 {  // the second replay is on a copy of the scene the first one cached
                let cached = try TraceChecker.check(trace, scenes: cache)
                #expect(cached.result == fresh.result, "trace \(k)")
                #expect(cached.violations == fresh.violations, "trace \(k)")
            }
        }
        #expect(cache.hits > 0 && cache.builds > 0 && cache.restores > 0)
        #expect(cache.routerReuses > 0 && cache.oracleReuses > 0)
    }

    @Test("random inputs replayed on reused routers and oracles (the fuzzer's SceneCache) give what fresh ones give (300 inputs, few scenes)")
    func reusedRoutersReplayAlike() throws {
        var rng = SystemRandomNumberGenerator()
        let cache = SceneCache(capacity: 3)
        for k in 0..<300 {
            // Headers from a few values, so that scenes repeat and routers and oracles are reused across inputs.
            var bytes = (0..<Int.random(in: 8...120, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes[0] = [0x00, 0x41, 0xC3, 0x80][k % 4]
            bytes[1] = 7
            bytes[2] = 1
            let trace = TraceDecoder.decode(bytes)
            let fresh = try TraceChecker.check(trace)
            let reused = try TraceChecker.check(trace, scenes: cache)
            #expect(reused.result == fresh.result, "input \(k): \(bytes)")
            #expect(reused.violations == fresh.violations, "input \(k): \(bytes)")
        }
        #expect(cache.routerReuses > 100 && cache.oracleReuses > 100)
    }

    @Test("a reused oracle keeps nothing of the replay before: violations, calls and tracks start empty")
    func reusedOracleStartsEmpty() throws {
        let cache = SceneCache()
        let trace = try TraceParser.parse("scene phone views=300 seed=1\nt=1000000 touch 1 began 100 200\n")
        let fresh = try TraceChecker.check(trace)
        _ = try TraceChecker.check(trace, scenes: cache)  // builds the scene, makes a router and an oracle
        do {
            let (router, _) = try cache.replay(of: trace.scene, configuration: .init())
            let oracle = cache.routingOracle(for: router, trapOnViolation: false)
            router.sink = oracle
            oracle.route([.touch(2, .began, window: 1, x: 50, y: 100, timestamp: 5)])
            oracle.violate(.rule, "planted")
            #expect(oracle.deliverCalls == 1 && oracle.violations.count == 1 && !oracle.invariants.openTouches.isEmpty)
        }
        let reuses = (cache.routerReuses, cache.oracleReuses)
        let again = try TraceChecker.check(trace, scenes: cache)
        #expect(cache.routerReuses == reuses.0 + 1 && cache.oracleReuses == reuses.1 + 1, "router and oracle reused")
        #expect(again.result == fresh.result && again.violations.isEmpty)
    }

    @Test("every seed input of Fuzz/corpus/touch-sequences replays without an oracle violation")
    func seedCorpus() throws {
        let folder = Self.repository.appendingPathComponent("Fuzz/corpus/touch-sequences")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count >= 5)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            #expect(try Self.violations(TraceDecoder.decode(bytes)) == [], "\(file)")
        }
    }
}
