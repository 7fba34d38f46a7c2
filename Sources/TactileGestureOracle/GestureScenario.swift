import Foundation
import Tactile
import TactileCore

/// A random gesture scene and script, built from a ``GestureSource`` and checked by a ``GestureOracle``:
/// a launched app (`TactileHost.launch(delegate: nil)`, deterministic clock), a 320 × 480 window, 2–8 views
/// (some multi-touch, some exclusive-touch), 1–6 recognizers of the six concrete kinds on random views with
/// random `cancelsTouchesInView` / `delaysTouchesBegan` / `delaysTouchesEnded` (a quarter of the views are scroll
/// views, whose own pan and content-touch delay take part, with random content sizes and flags), random acyclic
/// `require(toFail:)` edges (later on earlier) and sometimes a delegate allowing simultaneous recognition.
/// Each ``step()`` is one of: a frame of 1–4 fingers going down, moving (a little, or far and fast enough to
/// swipe), lifting or being cancelled; a wait of 0–0.6 s (long presses and multi-tap timeouts fire); a
/// recognizer disabled, enabled or removed; a view removed. ``finish()`` lifts every finger, waits 2 s and
/// runs the end checks.
@MainActor
public final class GestureScenario {
    public let oracle: GestureOracle
    public let window: OracleWindow
    public private(set) var views: [UIView] = []
    public private(set) var recognizers: [UIGestureRecognizer] = []
    public let driver: TouchDriver
    public private(set) var stepCount = 0
    private var source: GestureSource
    /// The delegates (recognizers hold theirs weakly).
    private var delegates: [SimultaneousDelegate] = []
    private static let maxFingers = 4
    private let previousHandler: ((TactileDiagnostics.Misuse) -> Void)?
    private let previousLogs: Bool

    public init(source: GestureSource, oracle: GestureOracle) {
        self.source = source
        self.oracle = oracle
        TactileHost.launch(delegate: nil)
        // Misuse reports go to the oracle while the scenario runs (restored by finish()).
        previousHandler = TactileDiagnostics.handler
        previousLogs = TactileDiagnostics.logsToStandardError
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.handler = { [weak oracle] m in MainActor.assumeIsolated { oracle?.misuse(m) } }
        window = OracleWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.oracle = oracle
        oracle.window = window
        oracle.register(view: window, name: "w")
        window.makeKeyAndVisible()
        driver = TouchDriver(window: window)
        buildViews()
        buildRecognizers()
    }


    private func buildViews() {
        let count = source.int(2...8)
        for i in 0..<count {
            let parent: UIView = views.isEmpty || source.chance(0.3) ? window : source.pick(views)
            let pb = parent.bounds
            // Large views, so fingers land on them and their recognizers.
            let w = max(40, pb.width * (0.4 + 0.6 * source.unit())), h = max(40, pb.height * (0.4 + 0.6 * source.unit()))
            let frame = CGRect(x: (pb.width - w) * source.unit(), y: (pb.height - h) * source.unit(), width: w, height: h)
            let v: UIView
            var kind = ""
            // A quarter are scroll views (their own pan and content-touch delay take part), content 1–4 times their
            // size. Their settings come from the frame's bits, drawing nothing more from the source, so the
            // fuzzer's corpus keeps its meaning.
            let bits = Int(frame.minX * 7 + frame.minY * 13 + w * 17 + h * 19)
            if bits % 4 == 0 {
                let s = OracleScrollView(frame: frame)
                s.oracle = oracle
                s.contentSize = CGSize(width: w * CGFloat(1 + (bits >> 2) % 4), height: h * CGFloat(1 + (bits >> 4) % 4))
                s.delaysContentTouches = (bits >> 6) % 4 != 0
                s.canCancelContentTouches = (bits >> 8) % 5 != 0
                s.bounces = (bits >> 10) % 5 != 0
                s.isPagingEnabled = (bits >> 12) % 5 == 0
                kind = "s\(s.delaysContentTouches ? "" : "-delay")\(s.canCancelContentTouches ? "" : "-cancel")"
                v = s
            } else {
                let o = OracleView(frame: frame)
                o.oracle = oracle
                v = o
            }
            v.isMultipleTouchEnabled = source.chance(0.6)
            v.isExclusiveTouch = source.chance(0.15)
            parent.addSubview(v)
            views.append(v)
            oracle.register(view: v, name: "v\(i)\(kind)\(v.isMultipleTouchEnabled ? "m" : "")\(v.isExclusiveTouch ? "x" : "")")
        }
    }

    private func buildRecognizers() {
        let count = source.int(1...6)
        for i in 0..<count {
            let kind = source.int(0...5)
            let r: UIGestureRecognizer
            var label: String
            switch kind {
            case 0:
                let tap = OracleTap(tactileHandler: { [weak oracle] in oracle?.action($0) })
                tap.numberOfTapsRequired = source.int(1...2)
                tap.numberOfTouchesRequired = source.int(1...2)
                r = tap
                label = "tap\(tap.numberOfTapsRequired)x\(tap.numberOfTouchesRequired)"
            case 1:
                r = OraclePan(tactileHandler: { [weak oracle] in oracle?.action($0) })
                label = "pan"
            case 2:
                let press = OracleLongPress(tactileHandler: { [weak oracle] in oracle?.action($0) })
                press.numberOfTouchesRequired = source.chance(0.8) ? 1 : 2
                r = press
                label = "press\(press.numberOfTouchesRequired)"
            case 3:
                let swipe = OracleSwipe(tactileHandler: { [weak oracle] in oracle?.action($0) })
                swipe.direction = source.pick([.right, .left, .up, .down, [.left, .right], [.up, .down]])
                r = swipe
                label = "swipe"
            case 4:
                r = OraclePinch(tactileHandler: { [weak oracle] in oracle?.action($0) })
                label = "pinch"
            default:
                r = OracleRotation(tactileHandler: { [weak oracle] in oracle?.action($0) })
                label = "rotation"
            }
            (r as? any OracleRecognizer)?.oracle = oracle
            r.cancelsTouchesInView = source.chance(0.7)
            r.delaysTouchesBegan = source.chance(0.3)
            r.delaysTouchesEnded = source.chance(0.7)
            label = "r\(i):\(label)\(r.cancelsTouchesInView ? "+C" : "")\(r.delaysTouchesBegan ? "+DB" : "")\(r.delaysTouchesEnded ? "+DE" : "")"
            if source.chance(0.2) {
                let delegate = SimultaneousDelegate()
                delegates.append(delegate)
                r.delegate = delegate
                label += "+sim"
            }
            r.name = label
            oracle.register(r, name: label, discrete: kind == 0 || kind == 3)
            let host: UIView = source.chance(0.1) ? window : source.pick(views)
            host.addGestureRecognizer(r)
            // Acyclic failure requirements: a recognizer may require an earlier one to fail.
            for earlier in recognizers where source.chance(0.25) {
                r.require(toFail: earlier)
                oracle.log("\(label) requires \(oracle.name(earlier)) to fail")
                oracle.noteRequirement(r, requiresFailureOf: earlier)
            }
            recognizers.append(r)
        }
        oracle.log("scene: views \(views.map { "\(oracle.name($0))<\(oracle.name($0.superview)) \($0.frame)" }); recognizers \(recognizers.map { "\(oracle.name($0))@\(oracle.name($0.view))" })")
    }

    /// A point on a random view in the window (sometimes anywhere), in window coordinates.
    private func landingPoint() -> CGPoint {
        let live = views.filter { $0.window === window }
        if live.isEmpty || source.chance(0.1) {
            return CGPoint(x: 320 * source.unit(), y: 480 * source.unit())
        }
        let v = source.pick(live)
        let p = CGPoint(x: v.bounds.width * source.unit(), y: v.bounds.height * source.unit())
        return v.convert(p, to: window)
    }

    private func moved(_ p: CGPoint) -> CGPoint {
        switch source.int(0...3) {
        case 0: return CGPoint(x: p.x + CGFloat(source.int(-3...3)), y: p.y + CGFloat(source.int(-3...3)))
        case 1: return CGPoint(x: p.x + CGFloat(source.int(-15...15)), y: p.y + CGFloat(source.int(-15...15)))
        case 2:  // fast along an axis: swipes and pans
            let d = CGFloat(source.int(20...60)) * (source.chance(0.5) ? 1 : -1)
            return source.chance(0.5) ? CGPoint(x: p.x + d, y: p.y + CGFloat(source.int(-2...2))) : CGPoint(x: p.x + CGFloat(source.int(-2...2)), y: p.y + d)
        default: return CGPoint(x: p.x + CGFloat(source.int(-40...40)), y: p.y + CGFloat(source.int(-40...40)))
        }
    }

    private func play(_ changes: [(finger: Int, phase: UITouch.Phase, location: CGPoint)]) {
        oracle.log("frame \(changes.map { "\($0.finger) \(GestureOracle.phaseName($0.phase)) (\(Int($0.location.x)),\(Int($0.location.y)))" })")
        driver.frame(changes)
    }

    /// One random step; false once a byte source ran out (nothing was done).
    @discardableResult
    public func step() -> Bool {
        guard !source.isExhausted else { return false }
        oracle.step = stepCount
        defer {
            oracle.checkStep(views: views)
            stepCount += 1
        }
        let r = source.byte()
        switch r {
        case 0..<170:
            var changes: [(finger: Int, phase: UITouch.Phase, location: CGPoint)] = []
            // Most frames change one finger; some change several at once (two-finger taps, pinches).
            let several = source.chance(0.35)
            let ids = several ? Array(0..<Self.maxFingers) : [source.int(0...(Self.maxFingers - 1))]
            for id in ids {
                if let p = driver.fingers[id] {
                    let q = source.byte()
                    if q < 150 {
                        changes.append((id, .moved, moved(p)))
                    } else if q < 245 {
                        changes.append((id, .ended, p))
                    } else {
                        changes.append((id, .cancelled, p))
                    }
                } else if !several || source.chance(0.5) {
                    changes.append((id, .began, landingPoint()))
                }
            }
            if !changes.isEmpty { play(changes) }
        case 170..<220:
            let seconds = source.pick([0.02, 0.1, 0.2, 0.3, 0.36, 0.45, 0.55, 0.6])
            oracle.log("wait \(seconds)")
            driver.wait(seconds)
        case 220..<232:
            guard !recognizers.isEmpty else { break }
            let g = source.pick(recognizers)
            oracle.log("\(oracle.name(g)).isEnabled = \(!g.isEnabled)")
            g.isEnabled.toggle()
        case 232..<238:
            let attached = recognizers.filter { $0.view != nil }
            guard !attached.isEmpty else { break }
            let g = source.pick(attached)
            oracle.log("remove \(oracle.name(g)) from \(oracle.name(g.view))")
            oracle.recognizerRemoved(g)
            g.view?.removeGestureRecognizer(g)
        case 238..<242:
            let live = views.filter { $0.window === window }
            guard !live.isEmpty else { break }
            let v = source.pick(live)
            oracle.log("remove view \(oracle.name(v))")
            v.removeFromSuperview()
        case 242:
            let live = views.compactMap { $0 as? OracleView }.filter { $0.window === window }
            guard !live.isEmpty else { break }
            let v = source.pick(live)
            oracle.log("\(oracle.name(v)) will leave its window in its next touchesCancelled")
            v.leavesOnCancel = true
        default:
            // Every finger lifts at once.
            let up = driver.fingers.sorted { $0.key < $1.key }.map { (finger: $0.key, phase: UITouch.Phase.ended, location: $0.value) }
            if !up.isEmpty { play(up) }
        }
        return true
    }

    /// Every finger lifts, 2 s pass (held touches flush, timers fire), then the end checks.
    public func finish() {
        oracle.step = stepCount
        oracle.scrolledViews += views.filter { ($0 as? UIScrollView)?.contentOffset ?? .zero != .zero }.count
        let up = driver.fingers.sorted { $0.key < $1.key }.map { (finger: $0.key, phase: UITouch.Phase.ended, location: $0.value) }
        if !up.isEmpty { play(up) }
        driver.wait(2)
        oracle.checkStep(views: views)
        oracle.checkEnd()
        TactileDiagnostics.handler = previousHandler
        TactileDiagnostics.logsToStandardError = previousLogs
    }

    /// One seeded run of `steps` steps; the oracle holds the verdict.
    public static func run(seed: UInt64, steps: Int, trace: Bool = false, trap: Bool = false) -> GestureOracle {
        let oracle = GestureOracle()
        oracle.context = "seed \(seed)"
        oracle.trace = trace
        oracle.trapOnViolation = trap
        let scenario = GestureScenario(source: GestureSource(seed: seed), oracle: oracle)
        for _ in 0..<steps { scenario.step() }
        scenario.finish()
        return oracle
    }

    /// One run from a fuzzer's bytes (at most `maxSteps` steps), trapping on the first violation.
    public static func run(bytes: [UInt8], maxSteps: Int = 400, trap: Bool = true) -> GestureOracle {
        let oracle = GestureOracle()
        oracle.context = "input of \(bytes.count) bytes"
        oracle.trapOnViolation = trap
        oracle.trace = getenv("GESTURE_TRACE") != nil  // not ProcessInfo.environment: a dictionary per input, 4 % of a fuzz run
        let scenario = GestureScenario(source: GestureSource(bytes: bytes), oracle: oracle)
        while scenario.stepCount < maxSteps, scenario.step() {}
        scenario.finish()
        return oracle
    }
}
