import Foundation
import Tactile
import TactileCore
import TactileTestSupport

/// Checks the gesture recognizers' rules over everything a ``GestureScenario`` shows it: every view handler
/// call (the scenario's views report them) and every recognizer action (a handler on every recognizer).
///
/// - (a) `DESIGN-GESTURE-STATES`: per recognizer the actions read `.began`, `.changed`*, then `.ended` or
///   `.cancelled` (continuous), or a lone `.ended` (discrete: recognized); never an action in `.possible`
///   or `.failed`; no recognizer is left active once every finger lifted.
/// - (b) `DESIGN-GESTURE-DELAYS`: a touch a `delaysTouchesBegan` recognizer recognizes with (its touches at its
///   began or recognized action, found through `UITouch.gestureRecognizers`) was never delivered began to a
///   view, and never is afterwards.
/// - (c) `DESIGN-TOUCH-BINDING`, `DESIGN-DELIVERY-SETS`: the shared ``SequenceInvariants``, fed every handler
///   call as the object model's touch property test feeds it; every delivered began ends in exactly one
///   ended or cancelled on its view, checked once every finger lifted and held touches had time to flush.
/// - (d) `DESIGN-GESTURE-FAILURE`: a recognizer that requires another to fail sends no began or recognized
///   action while that one is active, nor after that one recognized while it was engaged (since its reset).
/// - (e) `DESIGN-GESTURE-CANCELS`: after a `cancelsTouchesInView` recognizer's began or recognized action, the
///   views of its touches get no more calls for them, but at most one cancelled.
///
/// Violations are readable lines with the context (seed) and step; with ``trapOnViolation`` the first one
/// stops the process (the fuzzer).
@MainActor
public final class GestureOracle {
    public enum Kind: String, CaseIterable, Sendable {
        case states = "(a) DESIGN-GESTURE-STATES illegal action sequence"
        case delays = "(b) DESIGN-GESTURE-DELAYS a delaysTouchesBegan recognizer's touch reached a view's touchesBegan"
        case sequence = "(c) touch sequence invariant"
        case failure = "(d) DESIGN-GESTURE-FAILURE a recognizer recognized against a failure requirement"
        case cancels = "(e) DESIGN-GESTURE-CANCELS a view heard of a touch a cancelsTouchesInView recognizer took"
    }

    /// Every violation, readable, in order.
    public private(set) var violations: [String] = []
    public private(set) var counts: [Kind: Int] = [:]
    /// Stop the process at the first violation (fuzzers want a crash with the message).
    public var trapOnViolation = false
    /// Prefixed to each violation (the seed).
    public var context = ""
    public var step = 0 { didSet { invariants.step = step } }
    /// Print every view call, action and step.
    public var trace = false

    // Figures, for the tests' summaries.
    public private(set) var viewCalls = 0
    public private(set) var actions = 0
    /// Began or recognized actions (a recognition each).
    public private(set) var recognitions = 0
    /// Recognitions by `delaysTouchesBegan` / `cancelsTouchesInView` recognizers with touches, and by
    /// recognizers with a failure requirement: the checks (b), (e), (d) had something to look at.
    public private(set) var delayChecks = 0
    public private(set) var cancelChecks = 0
    public private(set) var failureChecks = 0

    /// Scroll views of the scene that were scrolled by the end (the checks covered drags on scroll views).
    public internal(set) var scrolledViews = 0
    /// The shared sequence invariants, keyed by object identity.
    public let invariants = SequenceInvariants<ObjectIdentifier, ObjectIdentifier>()
    private var seenSequenceViolations = 0

    final class Record {
        let recognizer: UIGestureRecognizer
        let name: String
        let discrete: Bool
        /// A began action was seen, with no ended or cancelled yet.
        var open = false
        var removed = false
        /// Touches handed to it since its last reset.
        var received: [UITouch] = []
        /// The recognizers it requires to fail (`require(toFail:)`).
        var requires: [UIGestureRecognizer] = []
        /// Set when a recognizer it requires recognized while it was engaged; cleared by its reset.
        var failedBy: String?
        init(_ recognizer: UIGestureRecognizer, name: String, discrete: Bool) {
            self.recognizer = recognizer
            self.name = name
            self.discrete = discrete
        }
    }

    private var records: [ObjectIdentifier: Record] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    /// Every touch and view seen, kept so identities cannot be recycled during the run.
    private var retained: [AnyObject] = []
    private var retainedTouches: Set<ObjectIdentifier> = []
    private var viewBegan: Set<ObjectIdentifier> = []
    /// Touches handed to some recognizer.
    private var gestureTouches: Set<ObjectIdentifier> = []
    /// Touches a view got cancelled for while the finger stayed down (a recognizer took them).
    private var closedByGesture: Set<ObjectIdentifier> = []
    /// Touches a `delaysTouchesBegan` recognizer recognized with → its name.
    private var forbiddenBegan: [ObjectIdentifier: String] = [:]
    /// Touches a `cancelsTouchesInView` recognizer took → its name and the cancelled calls still allowed.
    private var taken: [ObjectIdentifier: (by: String, cancels: Int)] = [:]
    weak var window: UIWindow?

    public init() {
        invariants.name = { [unowned self] id in id.map { self.names[$0] ?? "?" } ?? "nil" }
    }

    // MARK: - Registration (by the scenario)

    func register(view: UIView, name: String) {
        names[ObjectIdentifier(view)] = name
        retained.append(view)
    }

    func register(_ r: UIGestureRecognizer, name: String, discrete: Bool) {
        records[ObjectIdentifier(r)] = Record(r, name: name, discrete: discrete)
        names[ObjectIdentifier(r)] = name
        retained.append(r)
    }

    func noteRequirement(_ r: UIGestureRecognizer, requiresFailureOf o: UIGestureRecognizer) {
        records[ObjectIdentifier(r)]?.requires.append(o)
    }

    /// `r` is about to be removed from its view: its open sequence (if any) is over without an action.
    func recognizerRemoved(_ r: UIGestureRecognizer) {
        guard let rec = records[ObjectIdentifier(r)] else { return }
        rec.removed = true
        rec.open = false
    }

    func name(_ object: AnyObject?) -> String {
        guard let object else { return "nil" }
        return names[ObjectIdentifier(object)] ?? "?"
    }

    func touchName(_ t: UITouch) -> String { "t\(UInt(bitPattern: ObjectIdentifier(t).hashValue) >> 4 & 0xfff)" }

    /// With ``trace``, one line to standard error (unbuffered: a trapping fuzzer's trace is complete).
    public func log(_ line: @autoclosure () -> String) {
        if trace { FileHandle.standardError.write(Data("[gesture \(context) step \(step)] \(line())\n".utf8)) }
    }

    func violate(_ kind: Kind, _ detail: String) {
        counts[kind, default: 0] += 1
        let line = "\(context.isEmpty ? "" : context + " ")step \(step): \(kind.rawValue): \(detail)"
        violations.append(line)
        log("VIOLATION " + line)
        if trapOnViolation { fatalError("gesture invariant violated: \(line)") }
    }

    private func keep(_ t: UITouch) {
        if retainedTouches.insert(ObjectIdentifier(t)).inserted {
            retained.append(t)
        }
    }

    // MARK: - What the objects report

    /// A misuse report (`TactileDiagnostics.handler`): the scenario's recognizers are UIKit's own classes, so an
    /// illegal state transition is the engine's (DESIGN-GESTURE-STATES).
    func misuse(_ m: TactileDiagnostics.Misuse) {
        log("misuse \(m)")
        guard m.api == "UIGestureRecognizer.state" else { return }
        violate(.states, "a recognizer of Tactile's own made a state change it reports as misuse: \(m)")
    }

    func recognizerReceived(_ r: UIGestureRecognizer, _ touches: Set<UITouch>) {
        guard let rec = records[ObjectIdentifier(r)] else { return }
        for t in touches where !rec.received.contains(where: { $0 === t }) {
            keep(t)
            gestureTouches.insert(ObjectIdentifier(t))
            rec.received.append(t)
        }
    }

    func recognizerReset(_ r: UIGestureRecognizer) {
        guard let rec = records[ObjectIdentifier(r)] else { return }
        if rec.open, !rec.removed {
            violate(.states, "\(rec.name) was reset while active, with no ended or cancelled action")
            rec.open = false
        }
        rec.received.removeAll()
        rec.failedBy = nil
    }

    /// A recognizer's action (its handler; the recognizer's state is the one the action is for).
    func action(_ r: UIGestureRecognizer) {
        actions += 1
        guard let rec = records[ObjectIdentifier(r)] else { return }
        let state = r.state
        log("\(rec.name).\(Self.stateName(state)) touches \(rec.received.map(touchName))")
        switch state {
        case .possible, .failed:
            violate(.states, "\(rec.name): an action in .\(Self.stateName(state))")
        case .began:
            if rec.discrete { violate(.states, "\(rec.name): a discrete recognizer began") }
            if rec.open { violate(.states, "\(rec.name): began again with no ended or cancelled") }
            rec.open = true
            recognized(rec, as: "began")
        case .changed:
            if !rec.open { violate(.states, "\(rec.name): changed without began") }
        case .ended:
            if rec.open {
                rec.open = false
            } else {
                if !rec.discrete { violate(.states, "\(rec.name): a continuous recognizer ended without began") }
                recognized(rec, as: "recognized")
            }
        case .cancelled:
            if !rec.open { violate(.states, "\(rec.name): cancelled without began") }
            rec.open = false
        @unknown default:
            violate(.states, "\(rec.name): an unknown state")
        }
    }

    /// `rec` began or was recognized: (b), (d), (e).
    private func recognized(_ rec: Record, as how: String) {
        recognitions += 1
        let r = rec.recognizer
        let touches = rec.received.filter { t in t.gestureRecognizers?.contains { $0 === r } ?? false }
        if r.delaysTouchesBegan, !touches.isEmpty {
            delayChecks += 1
            for t in touches {
                let id = ObjectIdentifier(t)
                if viewBegan.contains(id) {
                    violate(.delays, "\(rec.name) \(how) with \(touchName(t)), whose began \(name(t.view)) already got")
                }
                forbiddenBegan[id] = rec.name
            }
        }
        if r.cancelsTouchesInView, !touches.isEmpty {
            cancelChecks += 1
            for t in touches where taken[ObjectIdentifier(t)] == nil { taken[ObjectIdentifier(t)] = (rec.name, 1) }
        }
        let live = rec.requires.filter { o in !(records[ObjectIdentifier(o)]?.removed ?? true) && o.view != nil }
        if !live.isEmpty { failureChecks += 1 }
        for o in live where records[ObjectIdentifier(o)]?.open == true {
            violate(.failure, "\(rec.name) \(how) while \(name(o)), which it requires to fail, is active")
        }
        if let by = rec.failedBy { violate(.failure, "\(rec.name) \(how) after \(by)") }
        // The recognizers engaged now that require this one to fail must not recognize before their reset.
        for other in records.values where other !== rec && !other.received.isEmpty
            && other.requires.contains(where: { $0 === r }) && other.failedBy == nil {
            other.failedBy = "\(rec.name), which it requires to fail, \(how) at step \(step) while it was engaged"
        }
    }

    /// A view handler call.
    func viewCall(_ view: UIView, _ phase: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent?) {
        viewCalls += 1
        let all = event?.allTouches ?? []
        for t in touches { keep(t) }
        for t in all { keep(t) }
        log("\(name(view)).\(Self.phaseName(phase)) \(touches.map { "\(touchName($0))(\(Self.phaseName($0.phase)))" }.sorted()) all \(all.count)")
        // (c): the shared sequence invariants. A touch a recognizer took from its view stays in the app's event
        // while its finger is down (UIKit's allTouches): it is left out of `all`, where it would read as stale.
        func seen(_ t: UITouch) -> SequenceInvariants<ObjectIdentifier, ObjectIdentifier>.Seen {
            .init(touch: ObjectIdentifier(t), view: t.view.map(ObjectIdentifier.init), window: t.window.map(ObjectIdentifier.init),
                  phase: Self.recordPhase(t.phase), timestamp: UInt64((t.timestamp * 1e9).rounded()))
        }
        let visibleAll = all.filter { touches.contains($0) || !closedByGesture.contains(ObjectIdentifier($0)) }
        let seenTouches = touches.map(seen)
        let inWindow = window != nil && view.window === window
        invariants.context = context
        invariants.handlerCall(view: ObjectIdentifier(view), window: window.map(ObjectIdentifier.init), phase: Self.recordPhase(phase),
                               touches: seenTouches, all: event == nil ? nil : visibleAll.map(seen), inWindow: inWindow)
        takeSequenceViolations()
        for t in touches {
            let id = ObjectIdentifier(t)
            // (b)
            if phase == .began {
                if let by = forbiddenBegan[id] {
                    let detail = "\(name(view)) got began for \(touchName(t)) after \(by) (delaysTouchesBegan) recognized with it"
                    violate(.delays, detail)
                }
                viewBegan.insert(id)
            }
            // (e)
            if let take = taken[id] {
                if phase == .cancelled, take.cancels > 0 {
                    taken[id] = (take.by, take.cancels - 1)
                } else {
                    violate(.cancels, "\(name(view)) got \(Self.phaseName(phase)) for \(touchName(t)) after \(take.by) (cancelsTouchesInView) took it")
                }
            }
            // (it may stay in the event; a scroll view's own recognizers take touches too)
            if phase == .cancelled, gestureTouches.contains(id) || !(t.gestureRecognizers ?? []).isEmpty {
                closedByGesture.insert(id)
            }
        }
    }

    private func takeSequenceViolations() {
        let all = invariants.violations
        while seenSequenceViolations < all.count {
            let line = all[seenSequenceViolations]
            seenSequenceViolations += 1
            violate(.sequence, line)
        }
    }

    // MARK: - Between steps, at the end

    /// Between steps: no view out of the window holds an open sequence.
    func checkStep(views: [UIView]) {
        guard let window else { return }
        let inWindow = Set(([window] + views).filter { $0.window === window }.map(ObjectIdentifier.init))
        invariants.checkStep { _, view in inWindow.contains(view) }
        takeSequenceViolations()
    }

    /// Every finger lifted and held touches had time to flush: nothing is open, no recognizer active.
    func checkEnd() {
        invariants.checkEnd()
        takeSequenceViolations()
        for rec in records.values.sorted(by: { $0.name < $1.name }) where rec.open && !rec.removed {
            violate(.states, "\(rec.name) is still active (no ended or cancelled) after every finger lifted")
        }
    }

    // MARK: - Names

    static func recordPhase(_ p: UITouch.Phase) -> EventRecord.TouchPhase {
        switch p {
        case .began: .began
        case .moved: .moved
        case .ended: .ended
        case .cancelled: .cancelled
        default: .stationary
        }
    }

    static func phaseName(_ p: UITouch.Phase) -> String {
        switch p {
        case .began: "began"
        case .moved: "moved"
        case .ended: "ended"
        case .cancelled: "cancelled"
        default: "stationary"
        }
    }

    /// A state's name, as logs print it (the gesture tests' logs too).
    public static func stateName(_ s: UIGestureRecognizer.State) -> String {
        switch s {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        @unknown default: "unknown"
        }
    }
}
