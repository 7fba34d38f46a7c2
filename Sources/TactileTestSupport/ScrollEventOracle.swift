/// The grammar of a scroll view's delegate events (DESIGN-CAPI-SCROLL-EVENTS), checked per scroll view over a
/// stream of events, independent of how views and events are represented (``ScrollEvent`` for the engine, the C
/// API's `tactile_scroll_event` for its fuzzer): one copy, shared by the trace checker and the `c-api` fuzzer.
///
/// Rules (kinds by their `tactile_scroll_event_kind` values):
/// - will-begin-dragging (0) starts a drag: not while one is in progress (from rest, or while decelerating: a
///   touch-down catches a moving scroll view silently);
/// - will-end-dragging (2) only during a drag; did-end-dragging (3) only right after it (did-scrolls aside); with
///   `decelerate` the next event is will-begin-decelerating (4), otherwise the scroll view is at rest;
/// - will-begin-decelerating (4) after a decelerating did-end-dragging, or from rest (a caught scroll view let go
///   out of its range springs back), never during a drag; did-end-decelerating (5) only while decelerating;
/// - did-end-scrolling-animation (6) never during a drag or a deceleration;
/// - did-scroll (1) anywhere but between a decelerating did-end-dragging and its will-begin-decelerating;
/// - at rest (did-end-decelerating, a non-decelerating did-end-dragging) the offset is within the scrolling range
///   along every axis that scrolls (`range`, when the caller knows it), unless the phase was unknown: UIKit keeps
///   an offset the app sets (`setContentOffset` does not clamp), also one set from a did-scroll while a drag ends.
///
/// A programmatic change the caller made (a set offset, a scroll view unmarked or destroyed) is reported with
/// ``interrupted(_:)``: the scroll view's phase is unknown until its next event that fixes it. A scroll view the
/// oracle has not heard of is in `initialPhase`: at rest for a checker that listens from the start, unknown for
/// one that starts listening at any time (a callback installed mid-drag).
public final class ScrollEventOracle<View: Hashable> {
    public enum Phase: Equatable, Sendable {
        case rest, dragging, endingDrag, willDecelerate, decelerating, unknown
    }

    /// One axis's resting range, when the axis scrolls.
    public struct Range: Sendable {
        public var x: ClosedRange<Double>?
        public var y: ClosedRange<Double>?
        public init(x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
            self.x = x
            self.y = y
        }
    }

    public private(set) var violations: [String] = []
    /// Stop the process at the first violation (fuzzers).
    public var trapOnViolation = false
    /// Prefixed to each violation.
    public var context = ""
    /// Events checked.
    public private(set) var events = 0
    private var phases: [View: Phase] = [:]
    /// The phase of a scroll view not heard of yet (also after ``forget(_:)`` and ``forgetAll()``).
    public let initialPhase: Phase

    public init(initialPhase: Phase = .rest) { self.initialPhase = initialPhase }

    public func phase(of view: View) -> Phase { phases[view] ?? initialPhase }

    /// The caller changed the scroll view outside a touch (or forgot it): its phase is unknown.
    public func interrupted(_ view: View) { phases[view] = .unknown }

    public func forget(_ view: View) { phases[view] = nil }
    public func forgetAll() { phases.removeAll() }

    private func violate(_ view: View, _ kind: UInt32, _ why: String) {
        let line = "\(context.isEmpty ? "" : context + " ")scroll view \(view): event \(kind) in \(phase(of: view)): \(why)"
        violations.append(line)
        if trapOnViolation { fatalError("scroll event grammar violated: \(line)") }
    }

    /// One event: `kind` (a `tactile_scroll_event_kind` value), the scroll view, `decelerate` (did-end-dragging),
    /// the offset and, when known, the resting range.
    public func event(_ kind: UInt32, view: View, decelerate: Bool, offset: (x: Double, y: Double), range: Range?) {
        events += 1
        let phase = self.phase(of: view)
        func atRest() {
            guard let range else { return }
            let tolerance = 1e-9
            if let r = range.x, !(offset.x >= r.lowerBound - tolerance && offset.x <= r.upperBound + tolerance) {
                violate(view, kind, "at rest at x \(offset.x), outside \(r)")
            }
            if let r = range.y, !(offset.y >= r.lowerBound - tolerance && offset.y <= r.upperBound + tolerance) {
                violate(view, kind, "at rest at y \(offset.y), outside \(r)")
            }
        }
        switch kind {
        case 0:  // will begin dragging
            if [.dragging, .endingDrag, .willDecelerate].contains(phase) { violate(view, kind, "a drag began during another") }
            phases[view] = .dragging
        case 1:  // did scroll
            if phase == .willDecelerate { violate(view, kind, "did-scroll between did-end-dragging and will-begin-decelerating") }
        case 2:  // will end dragging
            if phase != .dragging, phase != .unknown { violate(view, kind, "will-end-dragging without a drag") }
            phases[view] = .endingDrag
        case 3:  // did end dragging
            if phase != .endingDrag, phase != .unknown { violate(view, kind, "did-end-dragging not right after will-end-dragging") }
            phases[view] = decelerate ? .willDecelerate : .rest
            if !decelerate, phase != .unknown { atRest() }
        case 4:  // will begin decelerating
            if [.dragging, .endingDrag].contains(phase) { violate(view, kind, "will-begin-decelerating during a drag") }
            phases[view] = .decelerating
        case 5:  // did end decelerating
            if phase != .decelerating, phase != .unknown { violate(view, kind, "did-end-decelerating without a deceleration") }
            phases[view] = .rest
            if phase != .unknown { atRest() }
        case 6:  // did end scrolling animation
            if [.dragging, .endingDrag, .willDecelerate, .decelerating].contains(phase) {
                violate(view, kind, "an animation ended during a drag or a deceleration")
            }
            phases[view] = .rest
        default:
            violate(view, kind, "not a scroll event kind")
        }
    }
}
