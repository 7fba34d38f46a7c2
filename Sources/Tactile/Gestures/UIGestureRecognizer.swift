import Foundation
import TactileCore

/// `UIGestureRecognizer`: turns the touches hit-tested to its view (and the view's subviews) into a gesture,
/// before the views see them (DESIGN-GESTURE-DELIVERY). Subclass it and override the touch methods, setting
/// ``state`` (`import UIKit.UIGestureRecognizerSubclass` on iOS; here ``state`` is settable as it is).
///
/// States (DESIGN-GESTURE-STATES): a discrete gesture goes `.possible` → `.recognized` (the same value as
/// `.ended`) or `.failed`; a continuous one `.possible` → `.began` → `.changed`* → `.ended` or `.cancelled`, or
/// `.failed`. Actions are sent, synchronously, on recognized, began, changed, ended and cancelled — never on
/// failed. After ended, recognized, cancelled or failed the recognizer is ``reset()`` to `.possible` and sees no
/// more of the touches it had.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    /// `UIGestureRecognizer.State`, with UIKit's raw values.
    public enum State: Int, Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        /// A discrete gesture happened: the same value as ``ended``.
        public static var recognized: State { .ended }
    }

    /// A new recognizer sending `action` to `target` (nil: none) when its state changes.
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer without a target (add one with ``addTarget(_:action:)``).
    public override convenience init() { self.init(target: nil, action: nil) }

    /// A recognizer whose actions run `handler` (a Tactile convenience; iOS has no closure initializer).
    public convenience init(tactileHandler handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        targets.append(GestureTarget(handler: handler))
    }

    /// A recognizer archived in a storyboard: no target until its connections are made.
    public convenience init?(coder: NSCoder) { self.init(target: nil, action: nil) }

    // MARK: - State

    /// The recognizer's state. Subclasses set it from their touch methods; setting it is checked against the
    /// legal transitions (an illegal one is reported and ignored, DESIGN-GESTURE-STATES).
    open var state: State {
        get { stateValue }
        set { GestureEnvironment.shared.setState(newValue, of: self) }
    }

    /// False: the recognizer gets no touches; disabling it while it recognizes cancels it (a discrete or
    /// not-yet-begun one fails).
    open var isEnabled: Bool = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            GestureEnvironment.shared.disabled(self)
        }
    }

    /// The recognizer's delegate (held weakly).
    open weak var delegate: UIGestureRecognizerDelegate?

    /// The view the recognizer is attached to (``UIView/addGestureRecognizer(_:)``).
    open var view: UIView? { attachedView }

    /// True (the default): once recognized, the touches of the gesture are withheld from their views and the
    /// views' delivered ones are cancelled (`touchesCancelled`) before the action (DESIGN-GESTURE-CANCELS).
    open var cancelsTouchesInView = true
    /// False (the default): began touches go to the view at once. True: began (and moved) touches are held
    /// until the recognizer fails, then delivered; a recognition discards them (DESIGN-GESTURE-DELAYS).
    open var delaysTouchesBegan = false
    /// True (the default): an ended touch is held while the recognizer may still recognize; it is cancelled if
    /// the recognizer recognizes and delivered if it fails (DESIGN-GESTURE-DELAYS).
    open var delaysTouchesEnded = true
    /// The touch types (`UITouch.TouchType` raw values) the recognizer takes: all by default.
    open var allowedTouchTypes: [NSNumber] = [0, 1, 2, 3].map { NSNumber(value: $0) }
    /// The press types it takes (no presses reach a headless app).
    open var allowedPressTypes: [NSNumber] = []
    /// True (the default): once the recognizer has a touch, it takes no touch of another type.
    open var requiresExclusiveTouchType = true
    /// A name for debugging.
    open var name: String?

    // MARK: - Targets and actions

    /// Adds an action for `target`; the same pair twice is one entry. Actions are found as controls' are
    /// (``TactileAction``): `"handle"`, `"handle:"` (the recognizer is the sender) or a standard edit action
    /// a responder overrides.
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        guard !targets.contains(where: { $0.target === object && $0.action == action }) else { return }
        targets.append(GestureTarget(target: object, action: action))
    }

    /// Removes the action of `target` (nil: every target) named `action` (nil: every action).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targets.removeAll { entry in
            entry.handler == nil && (object == nil || entry.target === object) && (action == nil || entry.action == action)
        }
    }

    // MARK: - Dependencies

    /// Keeps this recognizer from recognizing until `otherGestureRecognizer` fails; if the other recognizes,
    /// this one fails (DESIGN-GESTURE-FAILURE).
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self, !failureRequirements.contains(where: { $0 === otherGestureRecognizer })
        else { return }
        failureRequirements.append(otherGestureRecognizer)
    }

    // MARK: - Touches

    /// The number of touches the recognizer is following.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the followed touches in `view`'s coordinates (nil: the window's); while none are
    /// followed, where the last ones were.
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation(in: view) }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in trackedTouches {
            let p = touch.location(in: view)
            x += p.x
            y += p.y
        }
        let n = CGFloat(trackedTouches.count)
        return CGPoint(x: x / n, y: y / n)
    }

    /// The location of followed touch `touchIndex` in `view`'s coordinates. An index out of range raises in
    /// UIKit: here it is reported and the centroid returned.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else {
            TactileDiagnostics.report("UIGestureRecognizer.location(ofTouch:in:)",
                                      "-[\(type(of: self)) locationOfTouch:inView:]: index (\(touchIndex)) beyond bounds (\(trackedTouches.count)).")
            return location(in: view)
        }
        return trackedTouches[touchIndex].location(in: view)
    }

    // MARK: - For subclasses

    /// Called after the recognizer reached ended, recognized, cancelled or failed, before it is `.possible`
    /// again: forget the gesture's state here. Call `super`.
    open func reset() {}

    /// Stops delivering `touch` to the recognizer for the rest of its sequence; an ignored touch is not
    /// withheld from, nor cancelled in, its view.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        GestureEnvironment.shared.ignore(touch, by: self)
    }

    /// Whether this recognizer, recognizing, may make `preventedGestureRecognizer` fail. Default true.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, recognizing, may make this one fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (besides ``require(toFail:)``).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` waits for this one to fail.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether the recognizer takes part in `event` at all. Default true.
    open func shouldReceive(_ event: UIEvent) -> Bool { true }

    /// Whether the recognizer takes `touch` (asked at its began): the touch's type must be allowed and the
    /// delegate must agree.
    open func shouldReceive(_ touch: UITouch) -> Bool {
        guard allowedTouchTypes.contains(where: { $0.intValue == touch.type.rawValue }) else { return false }
        if requiresExclusiveTouchType, let other = trackedTouches.first, other.type != touch.type { return false }
        return delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true
    }

    /// The touch methods: a subclass overrides them and sets ``state``; UIKit's recognizers apply their rules
    /// here, so an override of theirs calls `super`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { handleTouches(touches, .began, event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { handleTouches(touches, .moved, event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { handleTouches(touches, .ended, event) }
    /// A discrete recognizer should fail here, a continuous one cancel (a custom recognizer left with no touch
    /// after a cancellation and no new state fails, or is cancelled if it had begun).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { handleTouches(touches, .cancelled, event) }
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    // MARK: - Internals

    @exclusivity(unchecked) var stateValue: State = .possible
    /// The state last acted on by the gesture environment (a transition is handled once).
    @exclusivity(unchecked) var handledState: State = .possible
    /// The state the recognizer reached while a recognizer it must wait for was still possible.
    @exclusivity(unchecked) var awaitedState: State?
    /// It began (or changed) while waiting for a recognizer to fail: a continuous gesture, which begins before it
    /// ends.
    @exclusivity(unchecked) var waitsAsContinuous = false
    /// Queued for the environment's pass.
    @exclusivity(unchecked) var isQueued = false
    /// The environment's delivery stamp when it last listed the recognizer for an event.
    @exclusivity(unchecked) var deliveryStamp: UInt64 = 0
    /// Took part in the present gesture (was given a touch) and has not been reset since: a recognizer others
    /// wait for only while it is engaged.
    @exclusivity(unchecked) var isEngaged = false
    /// Unowned: a weak reference would give the view a side table, putting every retain and release of it
    /// on the runtime's slow path (the view's `deinit` clears this instead).
    nonisolated(unsafe) unowned(unsafe) var attachedView: UIView?
    @exclusivity(unchecked) var targets: [GestureTarget] = []
    @exclusivity(unchecked) var failureRequirements: [UIGestureRecognizer] = []
    /// The touches the recognizer follows, in the order they began (the ones it was given and not ignored,
    /// until they end or it resets).
    @exclusivity(unchecked) var trackedTouches: [UITouch] = {
        var list: [UITouch] = []
        list.reserveCapacity(4)
        return list
    }()
    /// Every touch given to the recognizer since its last reset, ended ones included (a recognition takes
    /// them all from their views, held ends too).
    @exclusivity(unchecked) var boundTouches: [UITouch] = []
    /// The last followed touches' centroid in window coordinates, for ``location(in:)`` after they lifted.
    var lastWindowLocation: CGPoint = .zero

    private func lastLocation(in view: UIView?) -> CGPoint {
        guard let view, let window = view.window, view !== window else { return lastWindowLocation }
        return view.convertPoint(lastWindowLocation, from: window, to: view)
    }

    /// A followed touch ended or was cancelled: it is no longer followed (its centroid is kept for
    /// ``location(in:)``).
    func stopTracking(_ touch: UITouch) {
        guard let i = trackedTouches.firstIndex(where: { $0 === touch }) else { return }
        lastWindowLocation = location(in: nil)
        trackedTouches.remove(at: i)
    }

    /// The recognizer begins only now that the recognizers it waited for failed (a pan starts its
    /// translation over).
    func beganAfterWaiting() {}

    // MARK: - For the concrete recognizers

    /// The rules of UIKit's concrete recognizers, which override this (nothing for a custom subclass).
    func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {}

    /// Forgets a concrete recognizer's model; called before ``reset()`` (so an override of `reset` that does not
    /// call `super` cannot leave it stale).
    func resetModel() {}

    /// The state a model's verdict asks for (nothing for `.none`).
    func apply(_ verdict: GestureVerdict) {
        switch verdict {
        case .none: break
        case .recognize, .end: state = .ended
        case .begin: state = .began
        case .change: state = .changed
        case .cancel: state = .cancelled
        case .fail: state = .failed
        }
    }

    /// Hands `model` the recognizer's touches among `touches` (in the order they began) in `phase`, then makes
    /// the transition it asks for and arranges its deadline.
    func feed<Model: GestureModel>(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent, into model: inout Model) {
        guard phase != .cancelled else {  // a continuous gesture that began is cancelled, an undecided one fails
            switch stateValue {
            case .began, .changed: state = .cancelled
            case .possible: state = .failed
            default: break  // already ended in this event (another of its touches lifted)
            }
            return
        }
        func hand(_ t: UITouch) {
            switch phase {
            case .began: model.down(t.gestureSample)
            case .moved: model.move(t.gestureSample)
            default: model.up(t.gestureSample)
            }
        }
        if touches.count == 1, trackedTouches.count == 1 {
            hand(trackedTouches[0])  // the environment hands a recognizer only touches it follows
        } else {
            for t in trackedTouches where touches.contains(t) { hand(t) }
        }
        let now = Self.nanoseconds(event.timestamp)
        schedule(model.deadline, now: now)
        apply(model.evaluate(at: now))
    }

    /// The event's time in the touches' clock (nanoseconds).
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        seconds > 0 ? UInt64((seconds * 1e9).rounded()) : 0
    }

    @exclusivity(unchecked) private var timer: RunLoopTimerID?
    @exclusivity(unchecked) private var timerDeadline: UInt64 = 0

    /// Arranges for ``deadlineReached(_:)`` at `deadline` (touch clock; `now` is the present event's time), on
    /// the run loop's clock in every mode; nil cancels. A deadline already arranged stays as it is.
    func schedule(_ deadline: UInt64?, now: UInt64) {
        if let deadline, timer != nil, deadline == timerDeadline { return }
        cancelTimer()
        guard let deadline else { return }
        timerDeadline = deadline
        timer = UIApplication.shared.mainLoop.addTimer(after: deadline > now ? deadline - now : 0, mode: .common) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.timer = nil
                self.deadlineReached(deadline)
            }
        }
    }

    func cancelTimer() {
        if let timer { _ = UIApplication.shared.mainLoop.cancel(timer) }
        timer = nil
    }

    /// A deadline arranged with ``schedule(_:now:)`` passed (`time` in the touch clock).
    func deadlineReached(_ time: UInt64) {}

    /// Sends the actions, in the order added (an action may add or remove targets: the list is read afresh at
    /// each step). Each entry keeps the method its target's class resolved to, so a gesture's stream of
    /// `.changed` actions looks nothing up.
    func sendActions() {
        var i = 0
        while i < targets.count {
            defer { i += 1 }
            if let handler = targets[i].handler {
                handler(self)
                continue
            }
            guard let target = targets[i].target else { continue }
            let cls = ObjectIdentifier(type(of: target))
            if targets[i].resolvedClass != cls {
                targets[i].resolvedClass = cls
                targets[i].resolved = ActionDispatch.method(targets[i].action, of: target)
            }
            if let method = targets[i].resolved, method.invoke(target, self, self, nil) { continue }
            _ = ActionDispatch.perform(targets[i].action, on: target, sender: self, event: nil)
        }
    }

    /// Whether the transition from the handled state to `next` is one UIKit allows.
    static func isLegal(from current: State, to next: State) -> Bool {
        switch (current, next) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed), (.possible, .changed), (.possible, .cancelled):
            return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled),
             (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            return true
        case (_, .possible): return true
        default: return false
        }
    }
}

/// One action of a gesture recognizer: a target (held weakly) and its action, or a handler. A class: the
/// action loop reads its fields in place.
@MainActor
final class GestureTarget {
    weak var target: AnyObject?
    let action: Selector
    let handler: (@MainActor (UIGestureRecognizer) -> Void)?
    /// The class the target had when its method was last resolved, and that method (nil: not in its table).
    var resolvedClass: ObjectIdentifier?
    var resolved: TactileAction?

    init(target: AnyObject, action: Selector) {
        self.target = target
        self.action = action
        handler = nil
    }

    init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        action = ""
        self.handler = handler
    }
}
