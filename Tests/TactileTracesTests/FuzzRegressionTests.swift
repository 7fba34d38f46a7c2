import Foundation
import TactileCore
import TactileTestSupport
import TactileTraces
import Testing

/// What the libFuzzer targets (Fuzz/) found, kept as ordinary tests, plus the seed corpus replayed the way the
/// touch-sequences target replays it (TraceRunner with a RoutingOracle in front of the app side).
@Suite("Fuzzer findings and seed corpus")
struct FuzzRegressionTests {
    /// Replays `trace` as Fuzz/touch-sequences does, but collecting violations instead of trapping.
    static func violations(_ trace: Trace) throws -> [String] {
        var oracle: RoutingOracle?
        _ = try TraceRunner.run(trace, observe: { router, app in
            let o = RoutingOracle(router: router, inner: app)
            oracle = o
            return TraceRunner.Observer(sink: o, route: { o.route($0) })
        }, afterMutation: { _, windows in oracle?.checkWorldCache(roots: windows) })
        return oracle?.violations ?? ["no oracle"]
    }

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

    @Test("touch-sequences #2 (open): a sample older than the touch's last one is delivered with its earlier timestamp")
    func timestampBackwards() throws {
        let trace = try TraceParser.parse("""
            scene views
            view parent=- frame=0,0,320,480
            t=3000000 touch 1 began 10 10
            t=1000000 touch 1 ended 10 10
            """)
        let found = try Self.violations(trace)
        withKnownIssue("the router passes producer timestamps through unchecked; clamp or reject is a design decision") {
            #expect(found == [])
        }
    }

    @Test("touch-sequences #3 (open): a began delivers a touch whose earlier sequence closed, bound to another view")
    func viewChanged() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/findings/touch-sequences-3-view-changed.trace")
        let trace = try TraceParser.parse(try String(contentsOf: url, encoding: .utf8))
        let found = try Self.violations(trace).filter { !$0.contains("timestamp went backwards") }
        withKnownIssue("found by Fuzz/touch-sequences; not yet analysed (see the fuzzing report)") {
            #expect(found == [])
        }
    }

    @Test("every seed input of Fuzz/corpus/touch-sequences replays without an oracle violation")
    func seedCorpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/touch-sequences")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count >= 5)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            let found = try Self.violations(TraceDecoder.decode(bytes)).filter {
                !$0.contains("timestamp went backwards") && !$0.contains("view changed during") && !$0.contains("closed in an earlier")
            }
            #expect(found == [], "\(file)")  // finding #2 (timestampBackwards) set aside, as the fuzzer does
        }
    }
}
