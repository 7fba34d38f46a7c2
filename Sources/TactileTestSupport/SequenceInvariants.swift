import TactileCore

/// The per-touch invariants of UIKit touch delivery, checked over a stream of handler calls, independent of
/// how touches and views are represented (router ids and ``ViewID``s for the engine, `UITouch`/`UIView`
/// objects for the object model). One copy, shared by ``RoutingOracle``, the property tests and the fuzzers.
///
/// Rules (DESIGN-TOUCH-BINDING, DESIGN-DELIVERY-SETS; AG-K-08, AG-M-01 … AG-M-06):
/// - every began ends in exactly one ended or cancelled, on the view that got began;
/// - per touch, phases follow began → (moved | stationary)* → ended | cancelled;
/// - a touch's view and window never change;
/// - a handler's touches are in the receiver's handler phase, bound to the receiver, and a subset of the
///   event's touches (when the caller knows them);
/// - timestamps never go backwards per touch;
/// - a handler runs only while its view is in the touch's window.
public final class SequenceInvariants<Touch: Hashable, View: Hashable> {
    public enum Kind: String, CaseIterable, Sendable {
        case notInWindow = "a handler ran while its view was not in the touch's window"
        case notSubsetOfAll = "a handler's touches are not a subset of the event's touches"
        case wrongView = "a touch in a handler's touches is bound to another view"
        case wrongPhase = "a touch in a handler's touches has a phase other than the handler's (stationary included)"
        case wrongWindow = "a touch's window changed or is not the handler's window"
        case viewChanged = "a touch's view changed during its sequence"
        case beganTwice = "began for a touch whose sequence is already open (or reused after it closed)"
        case withoutBegan = "moved/ended/cancelled for a touch with no open began on that view"
        case staleInEvent = "the event holds a touch whose sequence closed in an earlier step"
        case timeBackwards = "a touch's timestamp went backwards"
        case openAfterRemoval = "a view left the window with a sequence still open (no cancelled)"
        case openAtEnd = "a sequence is still open after every finger lifted"
        /// Checks outside the sequence rules, by the caller (``RoutingOracle``: table, AG-L-03/AG-L-04, counters, caches).
        case rule = "a routing rule, table or counter identity failed"
    }

    /// A touch as a handler call sees it.
    public struct Seen {
        public var touch: Touch
        public var view: View?
        public var window: View?
        public var phase: EventRecord.TouchPhase
        public var timestamp: UInt64
        public init(touch: Touch, view: View?, window: View?, phase: EventRecord.TouchPhase, timestamp: UInt64) {
            self.touch = touch
            self.view = view
            self.window = window
            self.phase = phase
            self.timestamp = timestamp
        }
    }

    /// Every violation, readable, in order.
    public private(set) var violations: [String] = []
    public private(set) var counts: [Kind: Int] = [:]
    /// Stop the process at the first violation (fuzzers want a crash with the message).
    public var trapOnViolation = false
    /// Prefixed to each violation (seed, step).
    public var context = ""
    /// Step number, for staleness (a sequence closed in an earlier step must not be in an event).
    public var step = 0
    /// Describes a view in messages.
    public var name: (View?) -> String = { $0.map { "\($0)" } ?? "nil" }
    /// Handler calls checked.
    public private(set) var calls = 0

    /// What is known of a touch: the view and window it is bound to, its latest timestamp, the step its
    /// sequence closed in (one record per touch: one lookup where four dictionaries took six).
    private struct Track {
        var view: View?
        var window: View?
        var lastTime: UInt64
        var closedAt: Int?
    }
    private var tracks: [Touch: Track] = [:]
    private var open: [Touch: View] = [:]

    public init() {
        // Room for a fuzz input's touches from the start (a dictionary grown one doubling at a time allocates
        // at every step; one oracle is made per input).
        tracks.reserveCapacity(16); open.reserveCapacity(16)
    }

    /// Forgets every call and violation, as a new checker (`trapOnViolation`, `context` and `name` stay),
    /// keeping the memory.
    public func reset() {
        violations.removeAll(keepingCapacity: true); counts.removeAll(keepingCapacity: true)
        step = 0; calls = 0
        tracks.removeAll(keepingCapacity: true); open.removeAll(keepingCapacity: true)
    }

    /// Touches whose sequence is open (began delivered, no ended/cancelled yet), with their view.
    public var openTouches: [Touch: View] { open }

    public func violate(_ kind: Kind, _ detail: String) {
        counts[kind, default: 0] += 1
        let line = "\(context.isEmpty ? "" : context + " ")step \(step): \(kind.rawValue): \(detail)"
        violations.append(line)
        if trapOnViolation { fatalError("invariant violated: \(line)") }
    }

    /// Forgets a touch key (engines that reuse ids for new sequences call this once a sequence closed).
    public func forget(_ touch: Touch) {
        tracks[touch] = nil
    }

    /// One handler call: `view` got `phase` with `touches`. `all` is the event's touches (nil: unknown),
    /// `inWindow` whether `view` is in `window` now.
    public func handlerCall(view: View, window: View?, phase: EventRecord.TouchPhase, touches: [Seen], all: [Seen]?,
                            inWindow: Bool) {
        calls += 1
        var what: String { "\(name(view)).touches\(phase)(\(touches.count))" }  // formatted only for a violation
        if !inWindow { violate(.notInWindow, what) }
        if phase == .stationary { violate(.wrongPhase, "\(what): a handler call for stationary touches") }
        if let all, !touches.allSatisfy({ t in all.contains { $0.touch == t.touch } }) {  // a few fingers: no set
            violate(.notSubsetOfAll, what)
        }
        for t in touches {
            if t.view != view { violate(.wrongView, "\(what): touch bound to \(name(t.view))") }
            if t.phase != phase { violate(.wrongPhase, "\(what): touch phase \(t.phase)") }
            if let window, t.window != window { violate(.wrongWindow, "\(what): touch window \(name(t.window))") }
        }
        // Binding, time and staleness over every touch the call can see.
        func visit(_ t: Seen) {
            guard var track = tracks[t.touch] else {
                tracks[t.touch] = Track(view: t.view, window: t.window, lastTime: t.timestamp, closedAt: nil)
                return
            }
            if track.view != t.view { violate(.viewChanged, "\(what): a touch's view became \(name(t.view)) (was \(name(track.view)))") }
            if track.window != t.window { violate(.wrongWindow, "\(what): a touch's window became \(name(t.window))") }
            if t.timestamp < track.lastTime { violate(.timeBackwards, "\(what): \(t.timestamp) after \(track.lastTime)") }
            if let closed = track.closedAt, closed < step { violate(.staleInEvent, "\(what): closed at step \(closed)") }
            if t.timestamp > track.lastTime {
                track.lastTime = t.timestamp
                tracks[t.touch] = track
            }
        }
        for t in touches { visit(t) }
        for t in all ?? [] { visit(t) }
        // Sequence pairing.
        for t in touches {
            switch phase {
            case .began:
                if open[t.touch] != nil || tracks[t.touch]?.closedAt != nil { violate(.beganTwice, what) }
                open[t.touch] = view
            case .moved, .stationary:
                if open[t.touch] != view { violate(.withoutBegan, what) }
            case .ended, .cancelled:
                if open[t.touch] != view { violate(.withoutBegan, what) }
                open[t.touch] = nil
                tracks[t.touch]?.closedAt = step  // (visited above: it has a record)
            }
        }
    }

    /// Between steps: no view out of its window holds an open sequence.
    public func checkStep(isInWindow: (Touch, View) -> Bool) {
        for (touch, view) in open where !isInWindow(touch, view) {
            violate(.openAfterRemoval, "\(name(view)) is out of its window with an open touch")
        }
    }

    /// After every finger lifted: nothing is open.
    public func checkEnd() {
        if !open.isEmpty {
            violate(.openAtEnd, "\(open.count) open: " + open.values.map { name($0) }.joined(separator: ","))
        }
    }
}
