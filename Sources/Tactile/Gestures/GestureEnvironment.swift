import Foundation
import TactileCore

/// How a touch stands with its view while recognizers decide (DESIGN-GESTURE-DELIVERY): what the view has seen
/// and what is held back from it.
struct ViewTouchHold: OptionSet {
    let rawValue: UInt8
    /// The view got `touchesBegan` for the touch.
    static let viewBegan = ViewTouchHold(rawValue: 1 << 0)
    /// The view got `touchesEnded` or `touchesCancelled`: its part of the sequence is over.
    static let viewFinished = ViewTouchHold(rawValue: 1 << 1)
    /// The began is held (`delaysTouchesBegan`); so are later moves and the end.
    static let heldBegan = ViewTouchHold(rawValue: 1 << 2)
    static let heldMoved = ViewTouchHold(rawValue: 1 << 3)
    /// The ended is held (`delaysTouchesEnded`).
    static let heldEnded = ViewTouchHold(rawValue: 1 << 4)
    /// A recognizer took the touch from its view: nothing more goes there.
    static let withheld = ViewTouchHold(rawValue: 1 << 5)

    static let held: ViewTouchHold = [.heldBegan, .heldMoved, .heldEnded]
}

/// The application's gesture environment: recognizers take part in the touch delivery the router decided,
/// ahead of the views (DESIGN-GESTURE-DELIVERY).
///
/// - At a touch's began its recognizers are fixed: those attached to the hit-test view and its ancestors up to
///   the window (the view's first), enabled, and accepting the touch (``UIGestureRecognizer/shouldReceive(_:)``).
/// - Each event's touches go to their recognizers (per recognizer, by phase) before any view sees them; then
///   the state changes the recognizers made are acted on, in the order made (a pass): admission for a recognizer
///   leaving `.possible` (DESIGN-GESTURE-EXCLUSION, DESIGN-GESTURE-FAILURE, DESIGN-GESTURE-SHOULD-BEGIN), the
///   views' touches cancelled or withheld (DESIGN-GESTURE-CANCELS), the actions, the recognizers it prevents
///   failing, reset after a final state. Then the views get what the three flags let through
///   (``admitsToView(_:phase:)``), and held touches are delivered once no recognizer that holds them can
///   still recognize (DESIGN-GESTURE-DELAYS).
/// - State changes made outside an event (a long press's timer, an app's code) are acted on at once.
@MainActor
final class GestureEnvironment {
    /// The running application's environment.
    static var shared: GestureEnvironment { UIApplication.shared.gestures }

    /// Recognizers attached to views: while none are, touch delivery skips all of this. Recognizers of a view
    /// that died are not taken off (its `deinit` must not reach the application): the count may stay high,
    /// which costs only the filtering, until the next launch.
    @exclusivity(unchecked) var attachedCount = 0 { didSet { updateLiveness() } }
    /// Live touches that were given recognizers (their views' calls are filtered until they end).
    @exclusivity(unchecked) private var filteredTouchCount = 0 { didSet { updateLiveness() } }

    /// True while touches must go through the environment: recognizers are attached, or touches still have
    /// recognizers or held calls. Stored, as the touch path reads it twice per event.
    @exclusivity(unchecked) private(set) var isLive = false

    private func updateLiveness() { isLive = attachedCount > 0 || filteredTouchCount > 0 || !heldTouches.isEmpty }

    @exclusivity(unchecked) private var queue: [UIGestureRecognizer] = {
        var list: [UIGestureRecognizer] = []
        list.reserveCapacity(8)
        return list
    }()
    /// Recognizers given a touch since their last reset (the ones a recognition may fail through a requirement).
    @exclusivity(unchecked) private var engaged: [UIGestureRecognizer] = []
    /// Recognizers that reached a state while a recognizer they wait for was still undecided.
    @exclusivity(unchecked) private var waiting: [UIGestureRecognizer] = []
    /// Touches whose view has something held.
    @exclusivity(unchecked) private var heldTouches: [UITouch] = [] {
        didSet {
            updateLiveness()
            Self.holdsTouches = !heldTouches.isEmpty
        }
    }
    /// Some view has something held (read by the hierarchy, which must not reach the application on every move).
    @exclusivity(unchecked) static var holdsTouches = false
    /// An event's recognizers in the order they get touches (scratch, reused).
    @exclusivity(unchecked) private var order: [UIGestureRecognizer] = {
        var list: [UIGestureRecognizer] = []
        list.reserveCapacity(8)
        return list
    }()
    /// The set handed to a recognizer's touch method (reused; Optional so taking it out leaves nil).
    @exclusivity(unchecked) private var touchSet: Set<UITouch>? = Set(minimumCapacity: 4)
    /// The members of ``touchSet``, in the order they were added.
    @exclusivity(unchecked) private var touchSetMembers: [ObjectIdentifier] = {
        var members: [ObjectIdentifier] = []
        members.reserveCapacity(4)
        return members
    }()
    /// Withheld touches `admitsToView` just admitted for the cancellation their view is owed (viewTouches' scratch).
    @exclusivity(unchecked) private var owedCancellations: [UITouch] = []
    @exclusivity(unchecked) private var passDepth = 0
    /// An event is being delivered (its view calls follow the pass).
    @exclusivity(unchecked) private var deliveringEvent = 0
    @exclusivity(unchecked) private var stamp: UInt64 = 0

    // MARK: - Attaching

    func attach(_ recognizer: UIGestureRecognizer, to view: UIView) {
        recognizer.attachedView = view
        attachedCount += 1
    }

    /// A recognizer leaves its view: it lets go of its touches without an action (what it held for views is
    /// delivered), and recognizers waiting for it are looked at again, as after a failure.
    func detach(_ recognizer: UIGestureRecognizer) {
        recognizer.attachedView = nil
        attachedCount -= 1
        guard recognizer.isEngaged || recognizer.stateValue != .possible || recognizer.awaitedState != nil else { return }
        fail(recognizer)
        runPass()
    }

    /// `view` is about to leave its window: a touch it saw begin and whose end is held is cancelled now (the view
    /// must not be left with an open sequence); a touch it never saw is dropped.
    func viewWillLeaveWindow(_ view: UIView) {
        var cancelled: [UITouch] = []
        for touch in heldTouches where touch.storedView === view {
            let hold = touch.viewHold
            touch.viewHold.subtract(.held)
            touch.viewHold.insert(.withheld)
            if hold.contains(.viewBegan), !hold.contains(.viewFinished) {
                touch.viewHold.insert(.viewFinished)
                cancelled.append(touch)
            }
        }
        heldTouches.removeAll { $0.storedView === view }
        if !cancelled.isEmpty { cancelInView(view, cancelled) }
    }

    // MARK: - Events

    /// Binds the began touches of `window` in `event` to their recognizers and gives every recognizer its
    /// touches of the event, then acts on the state changes.
    func deliver(_ event: UIEvent, in window: UIWindow) {
        deliveringEvent += 1
        defer { deliveringEvent -= 1 }
        passDepth += 1
        stamp &+= 1
        while order.popLast() != nil {}  // (removeAll(keepingCapacity:) goes through the generic replaceSubrange)
        for touch in event.touchList where touch.changedInFrame && touch.storedWindow === window {
            if touch.storedPhase == .began, !touch.gesturesBound { bind(touch) }
            for r in touch.recognizers where r.deliveryStamp != stamp {
                r.deliveryStamp = stamp
                order.append(r)
            }
        }
        var k = 0
        while k < order.count {
            let r = order[k]
            k += 1
            guard r.shouldReceive(event), r.delegate?.gestureRecognizer(r, shouldReceive: event) ?? true else { continue }
            // The phases r has touches in, then one call per phase, in UIKit's order.
            var phases: UInt8 = 0
            for touch in event.touchList where touch.changedInFrame && touch.storedWindow === window && touch.lists(r) {
                phases |= 1 << UInt8(touch.storedPhase.rawValue)
            }
            for raw in 0...4 where phases & (1 << UInt8(raw)) != 0 {  // began, moved, (stationary), ended, cancelled
                send(UITouch.Phase(rawValue: raw) ?? .cancelled, of: event, in: window, to: r)
            }
            if phases & (1 << UInt8(UITouch.Phase.cancelled.rawValue)) != 0 { settleAfterCancellation(of: r) }
        }
        passDepth -= 1
        runPass()
        // Finished touches leave their recognizers (after the actions, which may still ask for their locations).
        for touch in event.touchList where touch.changedInFrame && touch.storedWindow === window
            && (touch.storedPhase == .ended || touch.storedPhase == .cancelled) {
            for r in touch.recognizers { r.stopTracking(touch) }
            if touch.isFiltered {
                touch.isFiltered = false
                filteredTouchCount -= 1
            }
            forgetTouchSet()
        }
    }

    /// Fixes `touch`'s recognizers: the hit view's, then each ancestor's up to the window.
    private func bind(_ touch: UITouch) {
        touch.gesturesBound = true
        var view = touch.storedView
        while let v = view {
            if let list = v.gestureRecognizerList {
                for r in list where r.isEnabled && (r.stateValue == .possible || r.stateValue == .began || r.stateValue == .changed) {
                    guard r.shouldReceive(touch) else { continue }
                    if !touch.isFiltered {
                        touch.isFiltered = true
                        filteredTouchCount += 1
                    }
                    touch.recognizers.append(r)
                    r.trackedTouches.append(touch)
                    r.boundTouches.append(touch)
                    if !r.isEngaged {
                        r.isEngaged = true
                        engaged.append(r)
                    }
                }
            }
            if v is UIWindow { break }
            view = v.superview
        }
    }

    /// Calls `r`'s touch method for its touches of `event` in `phase`, if any. The set is the previous call's
    /// when it holds the same touches (a finger moving: nothing is hashed again), else refilled.
    private func send(_ phase: UITouch.Phase, of event: UIEvent, in window: UIWindow, to r: UIGestureRecognizer) {
        var set = touchSet.take() ?? Set(minimumCapacity: 2)
        var same = true, count = 0
        for touch in event.touchList
            where touch.changedInFrame && touch.storedPhase == phase && touch.storedWindow === window && touch.lists(r) {
            if count >= touchSetMembers.count || touchSetMembers[count] != ObjectIdentifier(touch) { same = false }
            count += 1
        }
        if !same || count != touchSetMembers.count || set.count != count {
            set.removeAll(keepingCapacity: true)
            while touchSetMembers.popLast() != nil {}
            for touch in event.touchList
                where touch.changedInFrame && touch.storedPhase == phase && touch.storedWindow === window && touch.lists(r) {
                set.insert(touch)
                touchSetMembers.append(ObjectIdentifier(touch))
            }
        }
        if !set.isEmpty, r.attachedView != nil {
            switch phase {
            case .began: r.touchesBegan(set, with: event)
            case .moved: r.touchesMoved(set, with: event)
            case .ended: r.touchesEnded(set, with: event)
            default: r.touchesCancelled(set, with: event)
            }
        }
        touchSet = set
    }

    /// Lets go of the kept set's touches (they are not kept alive past their sequence).
    private func forgetTouchSet() {
        touchSet?.removeAll(keepingCapacity: true)
        while touchSetMembers.popLast() != nil {}
    }

    /// Touches of `r` were cancelled and it set no new state: if none of its touches is left, it fails (or, had
    /// it begun, is cancelled) rather than wait for touches that will not come.
    private func settleAfterCancellation(of r: UIGestureRecognizer) {
        guard !r.isQueued else { return }
        for touch in r.trackedTouches where touch.storedPhase != .cancelled && touch.storedPhase != .ended { return }
        switch r.stateValue {
        case .possible: setState(.failed, of: r)
        case .began, .changed: setState(.cancelled, of: r)
        default: break
        }
    }

    // MARK: - State changes

    /// A recognizer's state set (by itself, a subclass, a timer or the app): checked, recorded, acted on in
    /// the pass.
    func setState(_ next: UIGestureRecognizer.State, of r: UIGestureRecognizer) {
        let current = r.stateValue
        if next == current, next != .changed { return }
        guard UIGestureRecognizer.isLegal(from: current, to: next) else {
            TactileDiagnostics.report("UIGestureRecognizer.state",
                                      "-[\(type(of: r)) setState:]: illegal transition from \(current) to \(next); ignored")
            return
        }
        if r.awaitedState != nil {
            // Waiting for another recognizer to fail: only an end or a failure changes what it waits to become.
            switch next {
            case .failed, .cancelled: r.awaitedState = .failed
            case .ended: r.awaitedState = .ended
            default: return
            }
            enqueue(r)
            runPass()
            return
        }
        r.stateValue = next
        guard next != .possible else { return }
        if !r.isQueued {
            r.isQueued = true
            queue.append(r)
        }
        runPass()
    }

    /// Acts on the queued state changes, in order, until none are left (unless a pass is already running, or
    /// touches are being handed out: then it runs when that is done).
    func runPass() {
        guard passDepth == 0 else { return }
        passDepth += 1
        var k = 0
        while k < queue.count {
            let r = queue[k]
            k += 1
            r.isQueued = false
            process(r)
        }
        while queue.popLast() != nil {}
        flushHolds()
        passDepth -= 1
    }

    private func enqueue(_ r: UIGestureRecognizer) {
        guard !r.isQueued else { return }
        r.isQueued = true
        queue.append(r)
    }

    /// One recognizer's transition from the state last acted on to its present (or awaited) one.
    private func process(_ r: UIGestureRecognizer) {
        let from = r.handledState
        let to = r.awaitedState ?? r.stateValue
        switch to {
        case .possible:
            return
        case .failed:
            fail(r)
        case .began, .changed, .ended, .cancelled:
            guard from == .possible else {
                guard from != to || to == .changed else { return }
                r.handledState = to
                r.sendActions()
                if to == .ended || to == .cancelled { finish(r) }
                return
            }
            if to == .cancelled { fail(r); return }
            switch admission(of: r) {
            case .wait:
                r.awaitedState = to
                if to == .began || to == .changed { r.waitsAsContinuous = true }
                r.stateValue = .possible
                if !waiting.contains(where: { $0 === r }) { waiting.append(r) }
            case .fail:
                r.stateValue = .failed
                fail(r)
            case .go:
                let waited = r.awaitedState != nil
                r.awaitedState = nil
                waiting.removeAll { $0 === r }
                if waited { r.beganAfterWaiting() }
                if to == .changed || (to == .ended && r.waitsAsContinuous) {
                    // A continuous gesture that changed or ended before it was acted on (while it waited, or
                    // between two of its touch methods in one event): it begins, then changes or ends — its first
                    // action is never a change or a lone end (DESIGN-GESTURE-STATES).
                    r.stateValue = .began
                    begin(r, as: .began)
                    guard r.handledState == .began, r.stateValue == .began else { return }  // (its action may have moved it on)
                    r.stateValue = to
                    r.handledState = to
                    r.sendActions()
                    if to == .ended { finish(r) }
                    return
                }
                r.stateValue = to
                begin(r, as: to)
            }
        }
    }

    private enum Admission { case go, wait, fail }

    /// May `r` leave `.possible` now? Prevented by an active recognizer it cannot recognize alongside
    /// (DESIGN-GESTURE-EXCLUSION); waiting for, or failed by, the recognizers it requires to fail
    /// (DESIGN-GESTURE-FAILURE); vetoed by a touched view or its delegate (DESIGN-GESTURE-SHOULD-BEGIN).
    private func admission(of r: UIGestureRecognizer) -> Admission {
        for touch in r.trackedTouches {
            for o in touch.recognizers where o !== r && (o.handledState == .began || o.handledState == .changed) {
                if !simultaneous(r, o), o.canPrevent(r), r.canBePrevented(by: o) { return .fail }
            }
        }
        var mustWait = false
        for o in requirements(of: r) {
            switch o.handledState {
            case .possible where o.isEngaged && o.isEnabled && o.attachedView != nil: mustWait = true
            case .began, .changed, .ended: return .fail
            default: break
            }
        }
        if mustWait { return .wait }
        if r.cancelsTouchesInView {
            var asked: [ObjectIdentifier] = []
            for touch in r.trackedTouches {
                guard let view = touch.storedView, !asked.contains(ObjectIdentifier(view)) else { continue }
                asked.append(ObjectIdentifier(view))
                if !view.gestureRecognizerShouldBegin(r) { return .fail }
            }
        }
        if let delegate = r.delegate, !delegate.gestureRecognizerShouldBegin(r) { return .fail }
        return .go
    }

    /// The recognizers `r` must wait for: `require(toFail:)`, and the recognizers sharing its touches or
    /// waiting that it (or its delegate) requires, or that require (or whose delegate requires) to be failed by it.
    private func requirements(of r: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = r.failureRequirements
        func consider(_ o: UIGestureRecognizer) {
            guard o !== r, !result.contains(where: { $0 === o }) else { return }
            if r.shouldRequireFailure(of: o) || o.shouldBeRequiredToFail(by: r)
                || r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: o) == true
                || o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: r) == true {
                result.append(o)
            }
        }
        for touch in r.trackedTouches { for o in touch.recognizers { consider(o) } }
        return result
    }

    /// Either recognizer's delegate lets them recognize at once.
    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// `r` begins (or is recognized): the recognizers it prevents fail, its touches leave their views, its
    /// action is sent, the recognizers that required it to fail fail.
    private func begin(_ r: UIGestureRecognizer, as state: UIGestureRecognizer.State) {
        r.handledState = state
        for touch in r.trackedTouches {
            for o in touch.recognizers where o !== r && o.handledState == .possible {
                if !simultaneous(r, o), r.canPrevent(o), o.canBePrevented(by: r) { failLater(o) }
            }
        }
        takeTouchesFromViews(of: r)
        // A view's touchesCancelled there may have moved r on (the view left its window: r is cancelled, queued);
        // the action for `state` comes first and shows `state`, and the change is acted on after it.
        let next = r.stateValue
        r.stateValue = state
        r.sendActions()
        if r.stateValue == state { r.stateValue = next }
        // The engaged recognizers that require r to fail fail (waiting already, or not yet asking).
        for o in engaged where o !== r && o.handledState == .possible && requirements(of: o).contains(where: { $0 === r }) {
            failLater(o)
        }
        if state == .ended { finish(r) }
    }

    /// Queues `o`'s failure.
    private func failLater(_ o: UIGestureRecognizer) {
        o.awaitedState = nil
        o.stateValue = .failed
        enqueue(o)
    }

    /// A recognizer failed: no action; it resets; those waiting for it are looked at again.
    private func fail(_ r: UIGestureRecognizer) {
        r.handledState = .failed
        r.awaitedState = nil
        waiting.removeAll { $0 === r }
        finish(r)
        for o in waiting { enqueue(o) }
    }

    /// After a final state: the recognizer lets go of its touches, is reset and is `.possible` again.
    func finish(_ r: UIGestureRecognizer) {
        r.cancelTimer()
        for touch in r.boundTouches { detachTouch(touch, from: r) }
        r.trackedTouches.removeAll(keepingCapacity: true)
        r.boundTouches.removeAll(keepingCapacity: true)
        r.awaitedState = nil
        waiting.removeAll { $0 === r }
        if r.isEngaged { engaged.removeAll { $0 === r } }
        r.isEngaged = false
        r.waitsAsContinuous = false
        r.stateValue = .possible
        r.handledState = .possible
        r.resetModel()
        r.reset()
    }

    /// `touch` no longer goes to `r`.
    private func detachTouch(_ touch: UITouch, from r: UIGestureRecognizer) {
        guard let i = touch.recognizers.firstIndex(where: { $0 === r }) else { return }
        touch.recognizers.remove(at: i)
    }

    /// `ignore(_:for:)`: the touch leaves the recognizer and is never withheld from its view by it.
    func ignore(_ touch: UITouch, by r: UIGestureRecognizer) {
        detachTouch(touch, from: r)
        r.trackedTouches.removeAll { $0 === touch }
        r.boundTouches.removeAll { $0 === touch }
    }

    /// The touch's view gets nothing more of it (a scroll view's `touchesShouldBegin(_:with:in:)` said no, or the
    /// touch stopped a moving scroll view); a view that saw it begin gets `touchesCancelled`.
    func withhold(_ touch: UITouch) {
        let hold = touch.viewHold
        guard !hold.contains(.withheld) else { return }
        touch.viewHold.subtract(.held)
        touch.viewHold.insert(.withheld)
        if hold.contains(.viewBegan), !hold.contains(.viewFinished), let view = touch.storedView {
            touch.viewHold.insert(.viewFinished)
            cancelInView(view, [touch])
        }
    }

    /// `isEnabled` turned off: an active recognizer is cancelled, an engaged one fails.
    func disabled(_ r: UIGestureRecognizer) {
        if r.handledState == .began || r.handledState == .changed {
            r.stateValue = .cancelled
            enqueue(r)
        } else if r.isEngaged || r.awaitedState != nil {
            failLater(r)
        }
        runPass()
    }

    // MARK: - The views' side

    /// On a recognition: with `cancelsTouchesInView`, every touch of the recognizer leaves its view (a view
    /// that saw it begin gets `touchesCancelled` now; a held began is dropped). Without it, touches whose end is
    /// held are cancelled (`delaysTouchesEnded`) and touches whose began is held are dropped (`delaysTouchesBegan`).
    private func takeTouchesFromViews(of r: UIGestureRecognizer) {
        var cancelled: [UITouch] = []
        for touch in r.boundTouches {
            let hold = touch.viewHold
            guard !hold.contains(.withheld) else { continue }
            // (A delaying recognizer takes every touch whose began its view has not seen: held, or beginning in this
            // very event, before the views' calls.)
            let take = r.cancelsTouchesInView || (r.delaysTouchesEnded && hold.contains(.heldEnded))
                || (r.delaysTouchesBegan && !hold.contains(.viewBegan))
            guard take else { continue }
            touch.viewHold.insert(.withheld)
            touch.viewHold.subtract(.held)
            if hold.contains(.viewBegan), !hold.contains(.viewFinished) { cancelled.append(touch) }
        }
        // One call per view, views in the order their touches began. A call may remove views from their window;
        // the router cancels their touches before they go (admitsToView), so a touch finished meanwhile is not
        // cancelled again, and no view gets a call outside its touches' window.
        while let view = cancelled.first?.storedView {
            let touches = cancelled.filter { $0.storedView === view && !$0.viewHold.contains(.viewFinished) }
            cancelled.removeAll { $0.storedView === view }
            for touch in touches { touch.viewHold.insert(.viewFinished) }
            if let first = touches.first, view.window === first.storedWindow { cancelInView(view, touches) }
        }
    }

    /// `touchesCancelled` to `view` for `touches`, shown in the cancelled phase for the call (DESIGN-DELIVERY-SETS:
    /// a handler's touches are in its phase), then as they are.
    private func cancelInView(_ view: UIView, _ touches: [UITouch]) {
        let phases = touches.map(\.storedPhase)
        for touch in touches { touch.storedPhase = .cancelled }
        view.touchesCancelled(Set(touches), with: event(carrying: touches))
        for (touch, phase) in zip(touches, phases) { touch.storedPhase = phase }
    }

    /// Whether a recognizer of `touch` that delays its began and is active has taken it (a touch joining it is
    /// its, discarded for the view like the ones it held).
    private func swallowsBegan(_ touch: UITouch) -> Bool {
        for r in touch.recognizers where r.delaysTouchesBegan && (r.handledState == .began || r.handledState == .changed) {
            return true
        }
        return false
    }

    /// Whether a recognizer of `touch` that delays its began (or its end) may still recognize.
    private func holdsBack(_ touch: UITouch, began: Bool) -> Bool {
        for r in touch.recognizers where r.handledState == .possible {
            if began ? r.delaysTouchesBegan : r.delaysTouchesEnded { return true }
        }
        return false
    }

    /// Whether the view gets `touch` in `phase` now (DESIGN-GESTURE-DELAYS, DESIGN-GESTURE-CANCELS); a held
    /// phase is recorded to be delivered later.
    func admitsToView(_ touch: UITouch, phase: UITouch.Phase) -> Bool {
        var hold = touch.viewHold
        if touch.recognizers.isEmpty, hold.isEmpty { return true }
        guard !hold.contains(.withheld) else {
            // Taken by a recognizer that is still sending its views their touchesCancelled, one of which removed
            // this touch's view from its window: the router's cancellation, made before the view leaves, is the
            // one the view is owed (takeTouchesFromViews).
            guard phase == .cancelled, hold.contains(.viewBegan), !hold.contains(.viewFinished) else { return false }
            touch.viewHold.insert(.viewFinished)
            owedCancellations.append(touch)
            return true
        }
        defer { touch.viewHold = hold }
        switch phase {
        case .began:
            if swallowsBegan(touch) {
                hold.insert(.withheld)
                return false
            }
            if holdsBack(touch, began: true) {
                hold.insert(.heldBegan)
                touch.heldBeganLocation = touch.windowLocation
                noteHeld(touch)
                return false
            }
            hold.insert(.viewBegan)
            return true
        case .moved:
            if hold.contains(.heldBegan) { hold.insert(.heldMoved); return false }
            return true
        case .ended:
            if hold.contains(.heldBegan) || holdsBack(touch, began: false) {
                hold.insert(.heldEnded)
                noteHeld(touch)
                return false
            }
            hold.insert(.viewFinished)
            return true
        default:
            let unseen = hold.contains(.heldBegan)
            hold.subtract(.held)
            if unseen {
                hold.insert(.withheld)  // (so a mixed call's subset leaves it out too)
                return false
            }
            hold.insert(.viewFinished)
            return true
        }
    }

    /// The touches of a view's handler call that it gets now: the set itself when all pass, nil when none do.
    func viewTouches(_ touches: Set<UITouch>, phase: UITouch.Phase) -> Set<UITouch>? {
        var passing = 0
        for touch in touches where admitsToView(touch, phase: phase) { passing += 1 }
        defer { if !owedCancellations.isEmpty { owedCancellations.removeAll(keepingCapacity: true) } }
        if passing == touches.count { return touches }
        guard passing > 0 else { return nil }
        // Some pass (rare): the subset is what was admitted, built here rather than in the loop above (which every
        // call pays for).
        var subset = Set<UITouch>()
        for touch in touches where (!touch.viewHold.contains(.withheld) && touch.viewHold.intersection(.held).isEmpty)
            || owedCancellations.contains(where: { $0 === touch }) {
            subset.insert(touch)
        }
        return subset.isEmpty ? nil : subset
    }

    /// The app's touches event when it holds `touches` (an event being delivered); otherwise an event of their
    /// own (a held touch delivered after its finger lifted, or from a timer).
    private func event(carrying touches: [UITouch]) -> UIEvent {
        let shared = UIApplication.shared.touchEvent
        if touches.allSatisfy({ t in shared.touchList.contains { $0 === t } }) { return shared }
        let event = UIEvent(type: .touches, timestamp: touches.map(\.timestamp).max() ?? 0)
        event.carriesTouches = true
        event.touchList = touches
        return event
    }

    private func noteHeld(_ touch: UITouch) {
        if !heldTouches.contains(where: { $0 === touch }) { heldTouches.append(touch) }
    }

    /// Delivers what is held for views once no recognizer that holds it may still recognize: a held began
    /// (with a follow-up move, when it moved meanwhile), then a held end.
    private func flushHolds() {
        guard !heldTouches.isEmpty else { return }
        var k = 0
        while k < heldTouches.count {
            let touch = heldTouches[k]
            var hold = touch.viewHold
            if hold.contains(.withheld) || hold.intersection(.held).isEmpty {
                heldTouches.remove(at: k)
                continue
            }
            guard let view = touch.storedView, view.window === touch.storedWindow else {
                heldTouches.remove(at: k)  // (its view left: settled by viewWillLeaveWindow)
                continue
            }
            if hold.contains(.heldBegan), swallowsBegan(touch) {
                touch.viewHold.subtract(.held)
                touch.viewHold.insert(.withheld)
                heldTouches.remove(at: k)
                continue
            }
            let event = event(carrying: [touch])
            // The touch is shown as it was in the phase delivered (UIKit keeps a delayed touch's state).
            let now = (phase: touch.storedPhase, location: touch.windowLocation, previous: touch.previousWindowLocation)
            defer { (touch.storedPhase, touch.windowLocation, touch.previousWindowLocation) = now }
            if hold.contains(.heldBegan) {
                if holdsBack(touch, began: true) { k += 1; continue }
                let moved = hold.contains(.heldMoved)
                hold.subtract([.heldBegan, .heldMoved])
                hold.insert(.viewBegan)
                touch.viewHold = hold
                (touch.storedPhase, touch.windowLocation, touch.previousWindowLocation) =
                    (.began, touch.heldBeganLocation, touch.heldBeganLocation)
                view.touchesBegan([touch], with: event)
                // The follow-up move tells the view where the finger is now, unless the event being delivered
                // moves it anyway.
                if moved, !(deliveringEvent > 0 && touch.changedInFrame && now.phase == .moved) {
                    (touch.storedPhase, touch.windowLocation, touch.previousWindowLocation) =
                        (.moved, now.location, touch.heldBeganLocation)
                    view.touchesMoved([touch], with: event)
                }
                (touch.storedPhase, touch.windowLocation, touch.previousWindowLocation) = now
                hold = touch.viewHold
            }
            if hold.contains(.heldEnded), !hold.contains(.withheld) {
                if holdsBack(touch, began: false) { k += 1; continue }
                hold.remove(.heldEnded)
                hold.insert(.viewFinished)
                touch.viewHold = hold
                touch.storedPhase = .ended
                view.touchesEnded([touch], with: event)
            }
            heldTouches.remove(at: k)
        }
    }
}
