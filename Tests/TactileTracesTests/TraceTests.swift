import Foundation
import TactileCore
import TactileTraces
import Testing

/// A random trace: a standard or explicit scene and a script using every line kind.
private func randomTrace(_ rng: inout SceneRandom) -> Trace {
    let scene: Trace.Scene
    if rng.chance(0.5) {
        let kind = StandardScene.allCases[Int(rng.next() % UInt64(StandardScene.allCases.count))]
        scene = .standard(kind, views: 1 + Int(rng.next() % 2000), seed: rng.next() >> UInt64(rng.next() % 64))
    } else {
        var views: [Trace.ViewSpec] = []
        for k in 0..<(1 + Int(rng.next() % 8)) {
            let parent: Int? = k == 0 || rng.chance(0.1) ? nil : Int(rng.next() % UInt64(k))
            let frame = CGRect(x: rng.uniform(-50, 300).rounded(), y: rng.uniform(-50, 400), width: rng.uniform(0, 320),
                               height: rng.uniform(0, 480).rounded())
            let origin = rng.chance(0.3) ? CGPoint(x: rng.uniform(-20, 20), y: 7) : .zero
            let content = rng.chance(0.3) ? CGSize(width: rng.uniform(0, 1000).rounded(), height: rng.uniform(0, 5000)) : nil
            views.append(Trace.ViewSpec(parent: parent, frame: frame, boundsOrigin: origin, scrollContent: content,
                                        flags: TraceFlags(rawValue: UInt8(rng.next() % 64))))
        }
        scene = .explicit(views)
    }
    var steps: [Trace.Step] = []
    var t: UInt64 = rng.next() % 1000
    for _ in 0..<Int(rng.next() % 40) {
        t += rng.next() % 3 * 1000
        switch rng.next() % 6 {
        case 0, 1:
            let x = rng.chance(0.5) ? rng.uniform(-1e6, 1e6) : rng.uniform(-20, 400).rounded()
            steps.append(.touch(t: t, id: UInt32(rng.next() % 10), phase: EventRecord.TouchPhase.allCases[Int(rng.next() % 5)],
                                x: x, y: rng.uniform(-1, 1) * 1e-7, window: rng.chance(0.3) ? UInt32(rng.next() % 4) : nil))
        case 2: steps.append(.motion(t: t, EventRecord.MotionCode.allCases[Int(rng.next() % 3)]))
        case 3:
            let code = EventRecord.SystemCode.allCases[Int(rng.next() % 5)]
            steps.append(.system(t: t, code, value: code == .deviceOrientation ? UInt32(rng.next() % 7) : 0))
        case 4: steps.append(.remove(t: t, view: Int(rng.next() % 500)))
        default:
            steps.append(.setFlag(t: t, view: Int(rng.next() % 500), flag: TraceFlag.allCases[Int(rng.next() % 6)],
                                  on: rng.chance(0.5)))
        }
    }
    return Trace(scene: scene, steps: steps)
}

/// The repository's `Tests/Traces` folder.
private let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Traces")

@Suite("Traces: text format, replay, minimize, fuzzer bytes")
struct TraceTests {
    @Test("print then parse gives the same trace, and the printed text is a fixed point (500 random traces)")
    func roundTripProperty() throws {
        for seed in 0..<500 as Range<UInt64> {
            var rng = SceneRandom(seed: seed)
            let trace = randomTrace(&rng)
            let text = trace.text
            let parsed = try TraceParser.parse(text)
            #expect(parsed == trace, "seed \(seed)")
            #expect(parsed.text == text, "seed \(seed)")
        }
    }

    @Test("comments, blank lines, spacing and defaults parse to the canonical text")
    func canonicalForm() throws {
        let text = """
            # a comment
            scene   phone

            t=5 touch 1 began 10.50 2e1   # trailing comment
            \tt=6 system orientation 3
            t=7 flag 2 exclusive on
            """
        let trace = try TraceParser.parse(text)
        #expect(trace.text == """
            scene phone views=300 seed=1
            t=5 touch 1 began 10.5 20
            t=6 system orientation 3
            t=7 flag 2 exclusive on

            """)
    }

    @Test("each kind of bad line is refused with its line number and kind, never a crash")
    func badLines() {
        let scene = "scene phone\n"
        let cases: [(String, Int, TraceError.Kind)] = [
            ("t=1 touch 1 began 1 1\n", 1, .missingScene),
            ("", 1, .missingScene),
            (scene + "scene list\n", 2, .misplacedLine),
            (scene + "view parent=- frame=0,0,1,1\n", 2, .misplacedLine),
            (scene + "t=1 jump 3\n", 2, .unknownDirective),
            (scene + "garbage\n", 2, .unknownDirective),
            (scene + "touch 1 began 1 1\n", 2, .missingTimestamp),
            (scene + "t=1 touch 1 began 1\n", 2, .wrongFieldCount),
            (scene + "\n\nt=x touch 1 began 1 1\n", 4, .badNumber),
            (scene + "t=1 touch -1 began 1 1\n", 2, .badNumber),
            (scene + "t=1 touch 1 began 0x10 1\n", 2, .badNumber),
            (scene + "t=1 touch 1 began NaN 1\n", 2, .nonFiniteNumber),
            (scene + "t=1 touch 1 began 1 -inf\n", 2, .nonFiniteNumber),
            (scene + "t=1 touch 1 began 1e999 1\n", 2, .nonFiniteNumber),
            (scene + "t=1 touch 1 lifted 1 1\n", 2, .unknownPhase),
            (scene + "t=1 motion wiggle\n", 2, .unknownMotion),
            (scene + "t=1 system reboot\n", 2, .unknownSystemEvent),
            (scene + "t=1 system orientation 7\n", 2, .unknownSystemEvent),
            ("scene tablet\n", 1, .unknownScene),
            (scene + "t=1 flag 3 sticky on\n", 2, .unknownFlag),
            ("scene views\nview parent=- frame=0,0,1,1 shiny\n", 2, .unknownFlag),
            ("scene phone color=red\n", 1, .unknownOption),
            (scene + "t=1 touch 1 began 1 1 screen=2\n", 2, .unknownOption),
            ("scene views\nview parent=0 frame=0,0,1,1\n", 2, .viewOutOfRange),
            ("scene list views=0\n", 1, .viewOutOfRange),
            (scene + "t=1 remove -3\n", 2, .viewOutOfRange),
        ]
        for (text, line, kind) in cases {
            #expect(throws: TraceError.self) { try TraceParser.parse(text) }
            do {
                _ = try TraceParser.parse(text)
            } catch {
                #expect(error.line == line && error.kind == kind, "\(text.debugDescription): \(error)")
                #expect(error.description.hasPrefix("line \(line): "))
            }
        }
        #expect(Set(cases.map(\.2)) == Set(TraceError.Kind.allCases))
    }

    @Test("random garbage text gives a trace or a TraceError, never a crash")
    func garbageText() {
        let alphabet = Array("scene phone views= t=1 touch began moved 0123456789.-eE nan # \n\t,=window flag remove system")
        for seed in 0..<300 as Range<UInt64> {
            var rng = SceneRandom(seed: seed)
            let text = String((0..<Int(rng.next() % 200)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            _ = try? TraceParser.parse("scene phone\n" + text)
            _ = try? TraceParser.parse(text)
        }
    }

    @Test("replaying a trace logs what routing the same records directly logs")
    func replayEqualsDirectRouting() throws {
        var rng = SceneRandom(seed: 42)
        var steps: [Trace.Step] = []
        var t: UInt64 = 0
        for _ in 0..<300 {
            t += rng.next() % 2 * 1_000_000
            steps.append(.touch(t: t, id: UInt32(rng.next() % 4 + 1), phase: EventRecord.TouchPhase.allCases[Int(rng.next() % 5)],
                                x: rng.uniform(0, 320).rounded(), y: rng.uniform(0, 480), window: nil))
        }
        let trace = Trace(scene: .standard(.phone, views: 300, seed: 3), steps: steps)
        let replayed = try TraceRunner.run(trace)

        let tree = ViewTree()
        let built = try tree.build(.phone, viewCount: 300, seed: 3)
        let router = TouchRouter(tree: tree)
        router.log = DeliveryLog()
        let records = steps.compactMap { TraceRunner.record($0, defaultWindow: TouchRouter.windowID(of: built.window)) }
        records.withUnsafeBufferPointer { router.route($0) }
        #expect(replayed.log == router.log!.lines)
        #expect(replayed.counters == router.counters)
        #expect(replayed.counters.deliveries > 20)
        #expect(try TraceRunner.run(trace) == replayed)  // deterministic
    }

    @Test("minimize shrinks a trace with a planted condition to exactly the planted lines")
    func minimizePlanted() throws {
        var rng = SceneRandom(seed: 7)
        var steps: [Trace.Step] = []
        var t: UInt64 = 0
        // Noise: well-formed taps of fingers 1…5 all over the phone scene.
        for _ in 0..<30 {
            let id = UInt32(rng.next() % 5 + 1), x = rng.uniform(0, 320).rounded(), y = rng.uniform(0, 480).rounded()
            t += 1_000_000
            steps.append(.touch(t: t, id: id, phase: .began, x: x, y: y, window: nil))
            t += 1_000_000
            steps.append(.touch(t: t, id: id, phase: .ended, x: x, y: y, window: nil))
        }
        // Planted: a second began for live finger 9, with noise between the two lines.
        let first = Trace.Step.touch(t: 100, id: 9, phase: .began, x: 160, y: 300, window: nil)
        let second = Trace.Step.touch(t: 40_000_000, id: 9, phase: .began, x: 10, y: 10, window: nil)
        steps.insert(first, at: 3)
        steps.insert(second, at: 40)
        steps.insert(.system(t: 41_000_000, .memoryWarning, value: 0), at: 50)
        let trace = Trace(scene: .standard(.phone, views: 300, seed: 1), steps: steps)

        let condition = try #require(TraceCondition.counter(parsing: "duplicateBegan>=1"))
        let result = try #require(TraceMinimizer.minimize(trace, until: condition.holds(for:)))
        #expect(result.trace.steps == [first, second])

        let byLog = try #require(TraceMinimizer.minimize(trace, until: TraceCondition.logContains("system memoryWarning").holds(for:)))
        #expect(byLog.trace.steps == [.system(t: 41_000_000, .memoryWarning, value: 0)])

        #expect(TraceMinimizer.minimize(trace, until: TraceCondition.logContains("no such line").holds(for:)) == nil)
        #expect(TraceCondition.counter(parsing: "bogus>1") == nil)
        #expect(TraceCondition.counter(parsing: "errors>=x") == nil)
    }

    @Test("any bytes decode to a valid trace that prints, parses back and replays (400 random inputs)")
    func decoderTotal() throws {
        #expect(TraceDecoder.decode([UInt8]()).steps.isEmpty)
        for seed in 0..<400 as Range<UInt64> {
            var rng = SceneRandom(seed: seed)
            let bytes = (0..<Int(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let trace = TraceDecoder.decode(bytes)
            #expect(trace.steps.count == max(0, bytes.count - TraceDecoder.headerSize) / TraceDecoder.chunkSize)
            #expect(try TraceParser.parse(trace.text) == trace, "seed \(seed)")
            if seed % 4 == 0 {
                let a = try TraceRunner.run(trace)
                #expect(try TraceRunner.run(trace) == a)
                #expect(a.counters.began == a.counters.ended + a.counters.cancelled + UInt64(liveAtEnd(trace, a)))
            }
        }
    }

    @Test("the checked-in example traces replay to their expected logs and counters")
    func examples() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesFolder.path).filter { $0.hasSuffix(".trace") }.sorted()
        #expect(files.count >= 3)
        for file in files {
            let url = examplesFolder.appendingPathComponent(file)
            let trace = try TraceParser.parse(try String(contentsOf: url, encoding: .utf8))
            let result = try TraceRunner.run(trace)
            let expected = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
            #expect(result.logText + "# counters\n" + result.countersText == expected, "\(file)")
        }
    }
}

/// Fingers still down when the trace ends (began, not yet ended or cancelled): replay the script to its end
/// and count the live table through a final cancel-all.
private func liveAtEnd(_ trace: Trace, _ result: TraceRunResult) -> Int {
    var closed = trace
    closed.steps.append(.system(t: (trace.steps.last?.timestamp ?? 0) + 1, .cancelAllTouches, value: 0))
    guard let after = try? TraceRunner.run(closed) else { return -1 }
    return Int(after.counters.cancelled - result.counters.cancelled)
}
