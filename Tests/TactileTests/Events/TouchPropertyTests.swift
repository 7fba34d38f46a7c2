import Foundation
import Testing
import Tactile
import TactileCore
import TactileTestSupport

// MARK: - Helpers (names prefixed `Fuzz…` to stay unique in the module)

/// SplitMix64: a small, seedable, reproducible generator.
struct FuzzSplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func cg(_ range: ClosedRange<CGFloat>) -> CGFloat { CGFloat.random(in: range, using: &self) }
}

/// The object-model-only checks; the sequence invariants (pairing, binding, window, time, subset, staleness,
/// open sequences) are the shared ``SequenceInvariants`` of TactileTestSupport.
enum FuzzInvariant: String, CaseIterable {
    case notPartition = "touches(for:) over the views of allTouches does not partition allTouches"
    case lostFirstFinger = "a lone finger landing on an active app was not delivered to the view hitTest names"
    case oracleMismatch = "deliveries differ from the model of UIKit's rules (hit-test at began, AG-L-02 ignoring, AG-L-03, AG-L-04, AG-L-06, cancellation)"
}

/// Checks the invariants inside every handler call and between steps.
@MainActor
final class FuzzTouchChecker {
    let window: UIWindow
    var rng: FuzzSplitMix64
    /// Probability that a handler call removes a random view (0: no mutation inside handlers).
    var removeInHandler: Double = 0
    var views: [UIView] = []
    var context = ""
    var step = 0 { didSet { invariants.step = step } }

    var counts: [FuzzInvariant: Int] = [:]
    var examples: [FuzzInvariant: String] = [:]
    /// The shared sequence invariants (one copy, TactileTestSupport), keyed by object identity.
    let invariants = SequenceInvariants<ObjectIdentifier, ObjectIdentifier>()
    var calls = 0
    var beganCalls = 0
    /// A lone first finger must reach this view (AG-K-02): set before the frame, cleared by its touchesBegan.
    var expectedBegan: UIView?
    var liveChecks = 0
    /// Every (view, handler, touch, location(in: nil)) of the current step, for the oracle.
    var stepDeliveries: [(view: UIView, phase: UITouch.Phase, touch: UITouch, location: CGPoint)] = []

    /// Every touch and view seen, retained so identities cannot be recycled during the run.
    private var retained: [AnyObject] = []

    init(window: UIWindow, rng: FuzzSplitMix64) {
        self.window = window
        self.rng = rng
        invariants.name = { [unowned self] id in self.name(id.flatMap { id in self.views.first { ObjectIdentifier($0) == id } ?? (ObjectIdentifier(window) == id ? window : nil) }) }
    }

    func violate(_ kind: FuzzInvariant, _ detail: String) {
        counts[kind, default: 0] += 1
        if examples[kind] == nil { examples[kind] = "\(context) step \(step): \(detail)" }
    }

    func name(_ v: UIView?) -> String {
        guard let v else { return "nil" }
        if v === window { return "window" }
        return "v\(views.firstIndex { $0 === v } ?? -1)"
    }

    /// Set `FUZZ_TRACE=<seed>` to print one seed's steps and handler calls.
    var trace = false
    func log(_ line: @autoclosure () -> String) { if trace { print("[fuzz \(context) step \(step)] \(line())") } }

    func handle(_ view: UIView, _ phase: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent?) {
        log("\(name(view)).\(touchPhaseName(phase)) \(touches.map { ObjectIdentifier($0).hashValue & 0xffff }) all \(event?.allTouches?.count ?? -1) inWindow \(view.window === window)")
        calls += 1
        if phase == .began { beganCalls += 1 }
        for t in touches { stepDeliveries.append((view, phase, t, t.location(in: nil))) }
        let what = "\(name(view)).\(touchPhaseName(phase))(\(touches.count))"
        invariants.context = context
        let all = event?.allTouches ?? []
        retained.append(contentsOf: all.map { $0 as AnyObject })
        func seen(_ t: UITouch) -> SequenceInvariants<ObjectIdentifier, ObjectIdentifier>.Seen {
            .init(touch: ObjectIdentifier(t), view: t.view.map(ObjectIdentifier.init), window: t.window.map(ObjectIdentifier.init),
                  phase: Self.phase(t.phase), timestamp: UInt64((t.timestamp * 1e9).rounded()))
        }
        invariants.handlerCall(view: ObjectIdentifier(view), window: ObjectIdentifier(window), phase: Self.phase(phase),
                               touches: touches.map(seen), all: event == nil ? nil : all.map(seen), inWindow: view.window === window)
        if phase == .began, view === expectedBegan { expectedBegan = nil }
        // touches(for:) partitions allTouches (object model only).
        if let event {
            var distinct: [UIView] = []
            for t in all { if let v = t.view, !distinct.contains(where: { $0 === v }) { distinct.append(v) } }
            var union = Set<UITouch>()
            var total = 0
            for v in distinct {
                let part = event.touches(for: v) ?? []
                if !part.allSatisfy({ $0.view === v }) { violate(.notPartition, "\(what): touches(for: \(name(v))) has foreign touches") }
                union.formUnion(part)
                total += part.count
            }
            let unbound = all.filter { $0.view == nil }
            if union.union(unbound) != all || total != union.count {
                violate(.notPartition, "\(what): union \(union.count) / sum \(total) vs allTouches \(all.count)")
            }
            if !touches.isSubset(of: event.touches(for: view) ?? []) {
                violate(.notPartition, "\(what): touches not within touches(for: self)")
            }
        }
        // Hostile handlers: remove a random view (maybe the receiver) from inside the call.
        if removeInHandler > 0, rng.chance(removeInHandler), !views.isEmpty {
            let victim = views[rng.int(0...(views.count - 1))]
            log("  handler removes \(name(victim))")
            victim.removeFromSuperview()
        }
    }

    static func phase(_ p: UITouch.Phase) -> EventRecord.TouchPhase {
        switch p {
        case .began: .began
        case .moved: .moved
        case .ended: .ended
        case .cancelled: .cancelled
        default: .stationary
        }
    }

    /// Between steps: a view out of the window has no open sequence.
    func checkStep() {
        let inWindow = Set(([window] + views).filter { $0.window === window }.map(ObjectIdentifier.init))
        invariants.checkStep { _, view in inWindow.contains(view) }
    }

    func checkEnd() { invariants.checkEnd() }
}

/// An independent model of which finger each view should hear about (used when handlers do not mutate the
/// tree, so the tree is fixed during a frame): hit-test once at began (AG-K-02), nothing new while ignoring or
/// inactive (AG-L-02, AG-L-06), AG-L-03 (a single-touch view hears only the first finger of its sequence), AG-L-04 (both
/// directions, per window), cancellation by the system, an interruption or the view leaving the window.
@MainActor
final class FuzzOracle {
    enum Finger {
        /// Bound to `view`; `delivered` false when AG-L-03/AG-L-04 keep it out; `touch` once seen.
        case live(view: UIView, delivered: Bool, touch: UITouch?)
    }
    let window: UIWindow
    var fingers: [Int: Finger] = [:]
    /// Began order of the live fingers.
    var order: [Int] = []
    init(window: UIWindow) { self.window = window }

    func kill(_ id: Int) {
        fingers[id] = nil
        order.removeAll { $0 == id }
    }

    func admits(_ view: UIView) -> Bool {
        for id in order {
            guard case .live(let other, let delivered, _)? = fingers[id] else { continue }
            if other === view, !view.isMultipleTouchEnabled { return false }
            guard delivered else { continue }
            if view.isExclusiveTouch {
                if other !== view { return false }
            } else if other.isExclusiveTouch {
                return false
            }
        }
        return true
    }

    /// Plays one frame against the model and compares with what the handlers got.
    func check(_ changes: [(finger: Int, phase: UITouch.Phase, location: CGPoint)], accepting: Bool,
               deliveries: [(view: UIView, phase: UITouch.Phase, touch: UITouch, location: CGPoint)],
               checker: FuzzTouchChecker) {
        var expected: [(view: UIView, phase: UITouch.Phase, finger: Int, location: CGPoint)] = []
        for c in changes {
            switch c.phase {
            case .began:
                guard accepting, let hit = window.hitTest(c.location, with: nil) else { continue }
                let delivered = admits(hit)
                fingers[c.finger] = .live(view: hit, delivered: delivered, touch: nil)
                order.append(c.finger)
                if delivered { expected.append((hit, .began, c.finger, c.location)) }
            case .moved, .ended, .cancelled:
                guard case .live(let view, let delivered, _)? = fingers[c.finger] else { continue }
                if delivered { expected.append((view, c.phase, c.finger, c.location)) }
                if c.phase != .moved { kill(c.finger) }
            default:
                break
            }
        }
        var unmatched = deliveries
        for e in expected {
            let known: UITouch? = { if case .live(_, _, let t)? = fingers[e.finger] { return t }; return nil }()
            guard let k = unmatched.firstIndex(where: { d in
                d.view === e.view && d.phase == e.phase && d.location == e.location && (known == nil || d.touch === known)
            }) else {
                checker.violate(.oracleMismatch, "expected \(checker.name(e.view)).\(touchPhaseName(e.phase)) for finger \(e.finger) at \(e.location); got \(deliveries.map { "\(checker.name($0.view)).\(touchPhaseName($0.phase))@\($0.location)" })")
                continue
            }
            if e.phase == .began, case .live(let v, let d, nil)? = fingers[e.finger] {
                fingers[e.finger] = .live(view: v, delivered: d, touch: unmatched[k].touch)
            }
            unmatched.remove(at: k)
        }
        for d in unmatched {
            checker.violate(.oracleMismatch, "unexpected \(checker.name(d.view)).\(touchPhaseName(d.phase)) at \(d.location)")
        }
    }

    /// The system cancelled every live touch (system cancel, interruption).
    func cancelAll() { for id in order { kill(id) } }

    /// `root` is about to leave the window: its subtree's fingers end.
    func removing(_ root: UIView) {
        for id in order {
            if case .live(let v, _, _)? = fingers[id], v.isDescendant(of: root) { kill(id) }
        }
    }
}

@MainActor
final class FuzzTouchView: UIView {
    weak var checker: FuzzTouchChecker?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .began, touches, event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .moved, touches, event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .ended, touches, event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .cancelled, touches, event) }
}

@MainActor
final class FuzzTouchWindow: UIWindow {
    weak var checker: FuzzTouchChecker?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .began, touches, event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .moved, touches, event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .ended, touches, event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { checker?.handle(self, .cancelled, touches, event) }
}

// MARK: - Tests

/// Property tests: random touch scripts on random scenes, invariants checked in every handler call and after
/// every step (DESIGN-TOUCH-BINDING, DESIGN-DELIVERY-SETS; AG-K-08, AG-L-02 … AG-L-06, AG-M-01 … AG-M-10, AG-F-10).
@MainActor
@Suite("Touch delivery properties")
struct TouchPropertyTests {
    static let seeds: ClosedRange<UInt64> = 1...200
    static let steps = 60
    static let maxFingers = 5

    struct Totals {
        var counts: [String: Int] = [:]
        var examples: [String: String] = [:]
        var calls = 0
        var beganCalls = 0
        var liveChecks = 0
        var failingSeeds: [UInt64] = []
    }

    /// A window with a random tree of recording views.
    static func makeScene(_ rng: inout FuzzSplitMix64) -> (FuzzTouchWindow, [FuzzTouchView]) {
        let w = FuzzTouchWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        w.makeKeyAndVisible()
        var views: [FuzzTouchView] = []
        let count = rng.int(4...14)
        for _ in 0..<count {
            let parent: UIView = views.isEmpty || rng.chance(0.35) ? w : views[rng.int(0...(views.count - 1))]
            let pb = parent.bounds
            let width = rng.cg(20...max(21, pb.width * 0.8)), height = rng.cg(20...max(21, pb.height * 0.8))
            let v = FuzzTouchView(frame: CGRect(x: rng.cg(-10...max(-9, pb.width - 10)), y: rng.cg(-10...max(-9, pb.height - 10)),
                                                width: width, height: height))
            if rng.chance(0.08) { v.isHidden = true }
            if rng.chance(0.08) { v.isUserInteractionEnabled = false }
            if rng.chance(0.06) { v.alpha = 0 }
            v.isMultipleTouchEnabled = rng.chance(0.5)
            v.isExclusiveTouch = rng.chance(0.2)
            parent.addSubview(v)
            views.append(v)
        }
        return (w, views)
    }

    /// Runs one seed; returns its checker.
    static func run(seed: UInt64, removeInHandler: Double) -> FuzzTouchChecker {
        TactileHost.launch(delegate: nil)
        var rng = FuzzSplitMix64(seed: seed)
        let (w, views) = makeScene(&rng)
        let checker = FuzzTouchChecker(window: w, rng: FuzzSplitMix64(seed: seed &* 31 &+ 7))
        checker.removeInHandler = removeInHandler
        checker.views = views
        checker.context = "seed \(seed)"
        checker.trace = ProcessInfo.processInfo.environment["FUZZ_TRACE"] == String(seed)
        w.checker = checker
        for v in views { v.checker = checker }
        let app = UIApplication.shared
        let driver = TouchDriver(window: w)
        var ignoring = 0
        var inactive = false
        // The oracle needs a tree that handlers do not change mid-frame.
        let oracle: FuzzOracle? = removeInHandler == 0 ? FuzzOracle(window: w) : nil
        func play(_ changes: [(finger: Int, phase: UITouch.Phase, location: CGPoint)]) {
            checker.log("frame \(changes.map { "\($0.finger) \(touchPhaseName($0.phase)) (\(Int($0.location.x)),\(Int($0.location.y)))" })")
            checker.stepDeliveries = []
            let accepting = !inactive && ignoring == 0
            driver.frame(changes)
            oracle?.check(changes, accepting: accepting, deliveries: checker.stepDeliveries, checker: checker)
        }
        func randomPoint() -> CGPoint { CGPoint(x: rng.cg(-20...340), y: rng.cg(-20...500)) }

        for step in 0..<steps {
            checker.step = step
            // Interruptions and ignoring are short: resume / end soon.
            if inactive, rng.chance(0.4) { TactileHost.resume(); inactive = false }
            if ignoring > 0, rng.chance(0.3) { app.endIgnoringInteractionEvents(); ignoring -= 1 }
            // Sometimes every finger lifts: sequences end and new ones start from an idle screen.
            if !driver.fingers.isEmpty, rng.chance(0.1) {
                let up = driver.fingers.sorted { $0.key < $1.key }.map { (finger: $0.key, phase: UITouch.Phase.ended, location: $0.value) }
                checker.log("lift all")
                play(up)
            }
            let r = Double.random(in: 0..<1, using: &rng)
            if r < 0.70 {
                var changes: [(finger: Int, phase: UITouch.Phase, location: CGPoint)] = []
                for id in 0..<maxFingers {
                    if let p = driver.fingers[id] {
                        let q = Double.random(in: 0..<1, using: &rng)
                        if q < 0.5 {
                            let d: CGFloat = rng.chance(0.5) ? 3 : 40
                            changes.append((id, .moved, CGPoint(x: p.x + rng.cg(-d...d), y: p.y + rng.cg(-d...d))))
                        } else if q < 0.64 {
                            changes.append((id, .ended, p))
                        } else if q < 0.67 {
                            changes.append((id, .cancelled, p))
                        }
                    } else if rng.chance(0.45) {
                        changes.append((id, .began, randomPoint()))
                    }
                }
                // Liveness: a lone finger on an idle, active, attentive app reaches the hit-test view.
                if driver.fingers.isEmpty, changes.count == 1, changes[0].phase == .began, !inactive, ignoring == 0 {
                    checker.expectedBegan = w.hitTest(changes[0].location, with: nil)
                    if checker.expectedBegan != nil { checker.liveChecks += 1 }
                }
                if !changes.isEmpty { play(changes) }
                if let missed = checker.expectedBegan {
                    checker.violate(.lostFirstFinger, "\(checker.name(missed)) got no touchesBegan")
                    checker.expectedBegan = nil
                }
            } else if r < 0.75 {
                checker.log("systemCancel")
                driver.systemCancel()
                oracle?.cancelAll()
            } else if r < 0.81 {
                let v = views[rng.int(0...(views.count - 1))]
                checker.log("remove \(checker.name(v))")
                if v.window === w { oracle?.removing(v) }
                v.removeFromSuperview()
            } else if r < 0.85 {
                // Put a removed view back somewhere in the window.
                let detached = views.filter { $0.window == nil && $0.superview == nil }
                if let v = detached.randomElement(using: &rng) {
                    let hosts = [w as UIView] + views.filter { $0.window === w }
                    hosts[rng.int(0...(hosts.count - 1))].addSubview(v)
                }
            } else if r < 0.90 {
                if ignoring > 0, rng.chance(0.7) {
                    app.endIgnoringInteractionEvents()
                    ignoring -= 1
                } else {
                    app.beginIgnoringInteractionEvents()
                    ignoring += 1
                }
            } else if r < 0.94 {
                let v = views[rng.int(0...(views.count - 1))]
                switch rng.int(0...4) {
                case 0: v.isHidden.toggle()
                case 1: v.isUserInteractionEnabled.toggle()
                case 2: v.isMultipleTouchEnabled.toggle()
                case 3: v.isExclusiveTouch.toggle()
                default: v.alpha = v.alpha < 0.01 ? 1 : 0
                }
            } else if r < 0.96 {
                if inactive { TactileHost.resume() } else { TactileHost.interrupt(); oracle?.cancelAll() }
                inactive.toggle()
            } else {
                driver.wait(rng.chance(0.5) ? 0.05 : 0.5)
            }
            checker.checkStep()
        }
        // Wind down: balance ignoring, become active, lift every finger.
        checker.step = steps
        while ignoring > 0 { app.endIgnoringInteractionEvents(); ignoring -= 1 }
        if inactive { TactileHost.resume() }
        let down = driver.fingers.sorted { $0.key < $1.key }.map { (finger: $0.key, phase: UITouch.Phase.ended, location: $0.value) }
        if !down.isEmpty { play(down) }
        checker.checkStep()
        checker.checkEnd()
        return checker
    }

    static func runAll(removeInHandler: Double) -> Totals {
        var totals = Totals()
        for seed in seeds {
            let checker = run(seed: seed, removeInHandler: removeInHandler)
            totals.calls += checker.calls
            totals.beganCalls += checker.beganCalls
            totals.liveChecks += checker.liveChecks
            if !checker.counts.isEmpty || !checker.invariants.violations.isEmpty { totals.failingSeeds.append(seed) }
            for (k, n) in checker.counts { totals.counts[k.rawValue, default: 0] += n }
            for (k, e) in checker.examples where totals.examples[k.rawValue] == nil { totals.examples[k.rawValue] = e }
            for (k, n) in checker.invariants.counts { totals.counts[k.rawValue, default: 0] += n }
            for line in checker.invariants.violations {
                for k in SequenceInvariants<ObjectIdentifier, ObjectIdentifier>.Kind.allCases
                where line.contains(k.rawValue) && totals.examples[k.rawValue] == nil { totals.examples[k.rawValue] = line }
            }
        }
        return totals
    }

    static func expectClean(_ totals: Totals, _ label: String) {
        print("[\(label)] \(seeds.count) seeds × \(steps) steps: \(totals.calls) handler calls, \(totals.beganCalls) touchesBegan, \(totals.liveChecks) lone-finger delivery checks")
        #expect(totals.beganCalls > 1000, "the scripts exercise delivery (\(totals.beganCalls) touchesBegan calls)")
        let kinds = FuzzInvariant.allCases.map(\.rawValue) + SequenceInvariants<ObjectIdentifier, ObjectIdentifier>.Kind.allCases.map(\.rawValue)
        for kind in kinds {
            let n = totals.counts[kind] ?? 0
            #expect(n == 0, "\(label): \(kind) — \(n) times; first: \(totals.examples[kind] ?? "")")
        }
        if !totals.failingSeeds.isEmpty {
            Issue.record("\(label): \(totals.failingSeeds.count) of \(seeds.count) seeds fail; first seeds: \(totals.failingSeeds.prefix(10))")
        }
    }

    @Test("AG-M AG-K-08 AG-L property: random scripts on random scenes keep every delivery invariant (200 seeds × 60 steps)")
    func randomScripts() {
        let totals = Self.runAll(removeInHandler: 0)
        Self.expectClean(totals, "no mutation in handlers")
    }

    @Test("AG-M AG-H-05 property: same, with handlers that remove random views from inside touch handlers")
    func randomScriptsWithHostileHandlers() {
        let totals = Self.runAll(removeInHandler: 0.08)
        Self.expectClean(totals, "removals inside handlers")
    }
}
