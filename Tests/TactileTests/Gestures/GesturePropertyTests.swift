import Foundation
import Tactile
import TactileGestureOracle
import Testing

/// Property test: random scenes of views and recognizers (the six concrete kinds, random flags, failure
/// requirements, simultaneous delegates) under random multi-finger scripts with waits, disabling, removals,
/// checked after every step by the shared ``GestureOracle`` (the `gesture-sequences` fuzzer runs the same
/// oracle on fuzzer bytes). `GESTURE_TRACE=<seed>` prints one seed's scene, steps, view calls and actions;
/// `GESTURE_DUMP=1` prints every violation of every seed.
@Suite("Gesture recognizer properties", .serialized)
@MainActor
struct GesturePropertyTests {
    static let seeds: ClosedRange<UInt64> = 1...1000
    static let steps = 100

    @Test("DESIGN-GESTURE-STATES DESIGN-GESTURE-DELAYS DESIGN-GESTURE-CANCELS DESIGN-GESTURE-FAILURE property: random recognizers under random scripts keep their state sequences, delays, cancellations and failure requirements (1000 seeds × 100 steps)")
    func randomScripts() {
        let traced = ProcessInfo.processInfo.environment["GESTURE_TRACE"].flatMap(UInt64.init)
        var counts: [GestureOracle.Kind: Int] = [:]
        var examples: [GestureOracle.Kind: String] = [:]
        var failingSeeds: [UInt64] = []
        var viewCalls = 0, actions = 0, recognitions = 0, delayChecks = 0, cancelChecks = 0, failureChecks = 0, scrolled = 0
        for seed in Self.seeds {
            let oracle = GestureScenario.run(seed: seed, steps: Self.steps, trace: traced == seed)
            viewCalls += oracle.viewCalls
            actions += oracle.actions
            recognitions += oracle.recognitions
            delayChecks += oracle.delayChecks
            cancelChecks += oracle.cancelChecks
            failureChecks += oracle.failureChecks
            scrolled += oracle.scrolledViews
            if !oracle.violations.isEmpty { failingSeeds.append(seed) }
            if ProcessInfo.processInfo.environment["GESTURE_DUMP"] != nil { for v in oracle.violations { print("VIOL " + v) } }
            for (kind, n) in oracle.counts {
                counts[kind, default: 0] += n
                if examples[kind] == nil { examples[kind] = oracle.violations.first { $0.contains(kind.rawValue) } }
            }
        }
        print("[gesture property] \(Self.seeds.count) seeds × \(Self.steps) steps: \(viewCalls) view calls, \(actions) actions, \(recognitions) recognitions (\(delayChecks) by delaysTouchesBegan, \(cancelChecks) by cancelsTouchesInView, \(failureChecks) with failure requirements; \(scrolled) scroll views scrolled)")
        #expect(scrolled > 50, "scroll views in the scenes are dragged (\(scrolled))")
        #expect(recognitions > 500, "the scripts make recognizers recognize (\(recognitions))")
        #expect(delayChecks > 50 && cancelChecks > 50 && failureChecks > 50,
                "each check has recognitions to look at (\(delayChecks), \(cancelChecks), \(failureChecks))")
        for kind in GestureOracle.Kind.allCases {
            let n = counts[kind] ?? 0
            #expect(n == 0, "\(kind.rawValue) — \(n) times; first: \(examples[kind] ?? "")")
        }
        if !failingSeeds.isEmpty {
            Issue.record("\(failingSeeds.count) of \(Self.seeds.count) seeds fail; first seeds: \(failingSeeds.prefix(10)) (GESTURE_TRACE=<seed> prints one)")
        }
    }

    /// The `gesture-sequences` fuzzer's seed corpus (hand-made inputs: a tap requiring a double tap, a long
    /// press before a pan, a simultaneous pinch and rotation, a swipe with a recognizer disabled and removed
    /// and a view removed under a finger) replayed through the same oracle; `GESTURE_TRACE=1` prints them.
    @Test("DESIGN-GESTURE-STATES DESIGN-GESTURE-DELAYS DESIGN-GESTURE-CANCELS DESIGN-GESTURE-FAILURE the gesture-sequences seed corpus replays clean")
    func seedCorpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/corpus/gesture-sequences").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 4)
        var recognitions = 0
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let oracle = GestureScenario.run(bytes: bytes, trap: false)
            recognitions += oracle.recognitions
            #expect(oracle.violations.isEmpty, "\(name): \(oracle.violations.prefix(3))")
        }
        #expect(recognitions >= names.count, "the hand-made inputs make recognizers recognize (\(recognitions))")
    }

    /// The `gesture-sequences` fuzzer's finding F9, as a reproduction: a double tap holds the end of its first tap
    /// (`delaysTouchesEnded`); removed from the view, it holds nothing any more, so the view's sequence ends.
    @Test("DESIGN-GESTURE-DELAYS a removed recognizer releases the touch end it held (fuzzer finding F9)")
    func removedRecognizerReleasesHeldEnd() {
        var stage = GestureStage()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        stage.child.addGestureRecognizer(double)
        stage.finger.tap(at: CGPoint(x: 150, y: 150))
        #expect(stage.take() == ["child.began"])
        stage.child.removeGestureRecognizer(double)
        stage.finger.wait(2)
        #expect(stage.take() == ["child.ended"], "delivered when the recognizer is removed")
    }
}
