import Foundation
import TactileCore

/// `UIControl` (AG-K-09): a view that turns the touches it tracks into control events — touch down, drags
/// across its edge, touch up inside or outside, cancel — and sends each event's action messages to its
/// targets (target-action, AG-P-07). Subclass it and override ``beginTracking(_:with:)``,
/// ``continueTracking(_:with:)``, ``endTracking(_:with:)`` and ``cancelTracking(with:)`` to follow a finger.
///
/// A disabled control (``isEnabled`` false) is passed over by hit-testing, so a touch goes to what is behind
/// it; ``isUserInteractionEnabled`` keeps its own value.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// `UIControl.State`: the bits of ``state``.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// `UIControl.Event`, with the SDK's bit values.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        init(_ events: ControlEvents) { self.init(rawValue: UInt(events.rawValue)) }
    }

    /// `UIControl.ContentVerticalAlignment`.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top = 1, bottom = 2, fill = 3
    }

    /// `UIControl.ContentHorizontalAlignment`.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left = 1, right = 2, fill = 3, leading = 4, trailing = 5
    }

    /// How long a highlight stays at least, in seconds, when a touch lifts sooner: UIKit keeps a quick tap's
    /// highlight visible for a moment (its value is private; this is Tactile's). Measured on the run loop's clock.
    public static let tactileMinimumHighlightDuration: TimeInterval = 0.12

    // MARK: - State

    /// False: the control ignores touches (hit-testing passes over it) and ``state`` has `.disabled`.
    open var isEnabled: Bool {
        get { enabledValue }
        set {
            enabledValue = newValue
            updateInteractionFlag()
            stateDidChange()
        }
    }

    /// The selected state (a subclass decides what it means).
    open var isSelected: Bool = false { didSet { stateDidChange() } }

    /// The highlighted state: true while a tracked touch is inside (and briefly after a quick tap).
    open var isHighlighted: Bool = false { didSet { stateDidChange() } }

    /// Called after ``isEnabled``, ``isSelected`` or ``isHighlighted`` is set (a button shows its state's title).
    func stateDidChange() {}

    /// The control's state: its highlighted, disabled and selected bits.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// True while the control tracks a touch.
    open var isTracking: Bool { tracker.isTracking }

    /// True while the tracked touch is inside the control's bounds grown by UIKit's touch slop
    /// (`ControlTracker.touchSlop`, 70 points).
    open var isTouchInside: Bool { tracker.isTouchInside }

    /// How the content is placed vertically.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center

    /// How the content is placed horizontally.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center

    /// ``contentHorizontalAlignment`` with `.leading`/`.trailing` resolved to `.left`/`.right` for the layout
    /// direction.
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rtl ? .right : .left
        case .trailing: return rtl ? .left : .right
        case let other: return other
        }
    }

    /// Whether a long press shows the control's context menu (iOS 14; no menus are shown here).
    open var isContextMenuInteractionEnabled: Bool = false
    /// Whether a tap shows the control's menu instead of sending its primary action (iOS 14; a model here).
    open var showsMenuAsPrimaryAction: Bool = false
    /// The tool tip (iOS 15; Mac Catalyst shows it).
    open var toolTip: String?

    /// `isUserInteractionEnabled` as set; the packed tree is told the touches are off while disabled too.
    open override var isUserInteractionEnabled: Bool {
        get { userInteractionValue }
        set {
            userInteractionValue = newValue
            updateInteractionFlag()
        }
    }

    // MARK: - Tracking (override to follow a finger)

    /// A touch went down on the control. Return false to refuse it: nothing is sent and nothing highlights.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved. Return false to stop tracking it; nothing more is sent for it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted, before its touch-up event is sent.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// The tracked touch was cancelled. The default stops tracking, removes the highlight and sends
    /// `.touchCancel`; call `super`.
    open func cancelTracking(with event: UIEvent?) {
        guard tracker.isTracking else { return }
        let events = tracker.cancelled()
        trackedTouch = nil
        setHighlight(false, waitingForMinimum: false)
        sendControlEvents(Event(events), with: event)
    }

    // MARK: - Touches (UIResponder)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard trackedTouch == nil, let touch = touches.first, isEnabled, isUserInteractionEnabled else { return }
        trackedTouch = touch
        let accepted = beginTracking(touch, with: event)
        let sends = tracker.began(accepted: accepted, tapCount: touch.tapCount)
        guard accepted else { trackedTouch = nil; return }
        setHighlight(true)
        sendControlEvents(Event(sends.first), with: event)
        if !sends.second.isEmpty, tracker.isTracking { sendControlEvents(Event(sends.second), with: event) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard tracker.isTracking, let touch = trackedTouch, touches.contains(touch) else { return }
        let accepted = continueTracking(touch, with: event)
        guard tracker.isTracking, trackedTouch === touch else { return }  // cancelled from inside the hook
        let sends = tracker.moved(accepted: accepted, inside: isInsideWithSlop(touch))
        guard accepted else {
            trackedTouch = nil
            setHighlight(false, waitingForMinimum: false)
            return
        }
        if isHighlighted != tracker.isTouchInside { isHighlighted = tracker.isTouchInside }
        if !sends.crossing.isEmpty { sendControlEvents(Event(sends.crossing), with: event) }
        if tracker.isTracking { sendControlEvents(Event(sends.drag), with: event) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        guard tracker.isTracking else { trackedTouch = nil; return }
        let crossing = tracker.lifting(inside: isInsideWithSlop(touch))
        if !crossing.isEmpty {
            isHighlighted = tracker.isTouchInside
            sendControlEvents(Event(crossing), with: event)
        }
        guard tracker.isTracking else { return }
        endTracking(touch, with: event)
        let up = tracker.ended()
        trackedTouch = nil
        willSendTouchUp(Event(up))
        sendControlEvents(Event(up), with: event)
        setHighlight(false)
        tracker.settle()
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        stopTracking(with: event)
    }

    // MARK: - Target-action

    /// Adds `action` for `target` (held weakly; nil: the responder chain) on `controlEvents`. The same target
    /// and action again merge the events into one entry, which moves to the end. An empty mask adds nothing.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        let object = target.map { $0 as AnyObject }
        var events = controlEvents
        if let i = targetActions.firstIndex(where: { $0.matches(target: object, action: action) }) {
            events.formUnion(targetActions[i].events)
            targetActions.remove(at: i)
        }
        targetActions.append(ControlTargetAction(target: object, action: action, events: events))
    }

    /// Removes `action` of `target` from `controlEvents` (a nil target or a nil action matches all); an entry
    /// left without events goes.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        for i in targetActions.indices.reversed() where targetActions[i].handler == nil {
            let entry = targetActions[i]
            guard object == nil || (entry.isNilTarget ? false : entry.target === object),
                  action == nil || entry.action == action else { continue }
            targetActions[i].events.subtract(controlEvents)
            if targetActions[i].events.isEmpty { targetActions.remove(at: i) }
        }
    }

    /// The names of the actions `target` (nil: the nil target) has on `controlEvent`; nil when none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = liveTargetActions.filter { entry in
            entry.handler == nil && !entry.events.isDisjoint(with: controlEvent)
                && (object == nil ? entry.isNilTarget : entry.target === object)
        }.compactMap { $0.action?.name }
        return names.isEmpty ? nil : names
    }

    /// Every target with an action on the control (`NSNull` stands for the nil target).
    open var allTargets: Set<AnyHashable> {
        var targets = Set<AnyHashable>()
        for entry in liveTargetActions where entry.handler == nil {
            if entry.isNilTarget {
                targets.insert(NSNull())
            } else if let target = entry.target {
                targets.insert((target as? AnyHashable) ?? AnyHashable(ObjectIdentifier(target)))
            }
        }
        return targets
    }

    /// The union of the events that have an action or a ``UIAction``.
    open var allControlEvents: Event {
        liveTargetActions.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// Sends one action message, through `UIApplication.shared.sendAction(_:to:from:for:)` (a nil target goes
    /// up the responder chain from the first responder). Override it to watch every action the control sends.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }

    /// Runs a ``UIAction``'s handler with the control as its sender.
    open func sendAction(_ action: UIAction) {
        action.perform(from: self)
    }

    /// Sends the actions of `controlEvents`, in the order they were added (and, after an event the control
    /// treats as its primary one, `.primaryActionTriggered`'s).
    open func sendActions(for controlEvents: Event) {
        sendControlEvents(controlEvents, with: nil)
    }

    /// Adds a ``UIAction`` for `controlEvents`; one with the same identifier is replaced.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        var events = controlEvents
        if let i = targetActions.firstIndex(where: { $0.handler?.identifier == action.identifier }) {
            if targetActions[i].handler === action { events.formUnion(targetActions[i].events) }
            targetActions.remove(at: i)
        }
        targetActions.append(ControlTargetAction(handler: action, events: events))
    }

    /// Removes `action` (matched by identifier) from `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the ``UIAction`` with `actionIdentifier` from `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for i in targetActions.indices.reversed() where targetActions[i].handler?.identifier == actionIdentifier {
            targetActions[i].events.subtract(controlEvents)
            if targetActions[i].events.isEmpty { targetActions.remove(at: i) }
        }
    }

    /// Performs the control's primary action as a user's activation would: sends `.primaryActionTriggered`.
    open func performPrimaryAction() {
        sendControlEvents(.primaryActionTriggered, with: nil)
    }

    // MARK: - Gesture recognizers (SBT-RSP-06)

    /// A recognizer attached elsewhere (an ancestor) would take this control's touches: UIKit's own controls
    /// keep their gesture (`keepsGesture(from:)`); a plain `UIControl` subclass does not, so its touch is
    /// cancelled (`.touchCancel`) when an ancestor's tap recognizes.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        gestureRecognizer.view === self || !keepsGesture(from: gestureRecognizer)
    }

    /// Whether the control keeps its touches from a foreign recognizer (overridden by UIKit's controls).
    func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: - Internals

    /// Called by a lifted touch just before its touch-up event is sent (a button toggling its selection).
    func willSendTouchUp(_ events: Event) {}

    /// The events after which a control also sends `.primaryActionTriggered` (`.touchUpInside` for a button,
    /// `.valueChanged` for the value controls).
    var primaryActionEvents: Event { [] }

    /// The size Interface Builder laid the control out at: its intrinsic content size when it has no other
    /// (Tactile measures no text or images).
    var storyboardDesignSize: CGSize?

    open override var intrinsicContentSize: CGSize {
        storyboardDesignSize ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    var tracker = ControlTracker()
    /// The touch being tracked (from touch down to its end; kept while `beginTracking` runs).
    private(set) var trackedTouch: UITouch?
    private var enabledValue = true
    private var userInteractionValue = true
    private var targetActions: [ControlTargetAction] = []
    private var highlightStart: UInt64 = 0
    private var pendingUnhighlight: RunLoopTimerID?

    /// The entries whose target is alive (pruning those whose target was released).
    var liveTargetActions: [ControlTargetAction] {
        targetActions.removeAll { $0.isReleased }
        return targetActions
    }

    /// Sends every action of `events` in insertion order (over a copy: a handler may add or remove entries),
    /// then, when they include a primary event, `.primaryActionTriggered`.
    func sendControlEvents(_ events: Event, with event: UIEvent?) {
        guard !events.isEmpty else { return }
        for entry in liveTargetActions where !entry.events.isDisjoint(with: events) {
            if let handler = entry.handler {
                sendAction(handler)
            } else if let action = entry.action, !entry.isReleased {
                sendAction(action, to: entry.target, for: event)
            }
        }
        if !events.contains(.primaryActionTriggered), !events.isDisjoint(with: primaryActionEvents) {
            sendControlEvents(.primaryActionTriggered, with: event)
        }
    }

    /// Whether `touch` is inside the bounds grown by the touch slop.
    func isInsideWithSlop(_ touch: UITouch) -> Bool {
        let p = touch.location(in: self), b = bounds
        return ControlTracker.isInside(x: Double(p.x), y: Double(p.y), boundsX: Double(b.minX), boundsY: Double(b.minY),
                                       width: Double(b.width), height: Double(b.height))
    }

    /// Cancels tracking (a cancelled touch, or the control leaving its window): ``cancelTracking(with:)``, and
    /// the state cleared even if an override did not call `super`.
    func stopTracking(with event: UIEvent?) {
        if tracker.isTracking { cancelTracking(with: event) }
        if tracker.isTracking { _ = tracker.cancelled() }
        trackedTouch = nil
        if isHighlighted, pendingUnhighlight == nil { setHighlight(false, waitingForMinimum: false) }
        tracker.settle()
    }

    /// Highlights at once; unhighlights at once, or — after a lifted touch shorter than the minimum highlight
    /// (`waitingForMinimum`) — when that time is up, on the run loop's clock.
    func setHighlight(_ on: Bool, waitingForMinimum: Bool = true) {
        let loop = UIApplication.shared.mainLoop
        if let pending = pendingUnhighlight {
            _ = loop.cancel(pending)
            pendingUnhighlight = nil
        }
        guard !on else {
            highlightStart = loop.now
            isHighlighted = true
            return
        }
        let minimum = UInt64(Self.tactileMinimumHighlightDuration * 1e9)
        let shown = loop.now &- highlightStart
        guard isHighlighted, waitingForMinimum, shown < minimum else { isHighlighted = false; return }
        pendingUnhighlight = loop.addTimer(after: minimum - shown, mode: .common) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.pendingUnhighlight = nil
                self?.isHighlighted = false
            }
        }
    }

    override func tactileWillMove(toWindow newWindow: UIWindow?) {
        if newWindow == nil, trackedTouch != nil { stopTracking(with: nil) }
    }

    private func updateInteractionFlag() {
        super.isUserInteractionEnabled = userInteractionValue && enabledValue
    }
}

extension UIControl {
    /// Calls `iterator` with each entry, in the order added: a ``UIAction`` or a target and action, its events,
    /// and a flag to set to stop.
    public func enumerateEventHandlers(_ iterator: (_ actionHandler: UIAction?, _ targetAction: (Any?, Selector)?,
                                                    _ controlEvents: UIControl.Event, _ stop: inout Bool) -> Void) {
        var stop = false
        for entry in liveTargetActions {
            if let handler = entry.handler {
                iterator(handler, nil, entry.events, &stop)
            } else if let action = entry.action {
                iterator(nil, (entry.target, action), entry.events, &stop)
            }
            if stop { return }
        }
    }
}

/// One entry of a control's dispatch table: a target and action, or a ``UIAction``, with its events.
@MainActor
struct ControlTargetAction {
    /// Held weakly, as UIKit does.
    weak var target: AnyObject?
    let isNilTarget: Bool
    let action: Selector?
    let handler: UIAction?
    var events: UIControl.Event

    init(target: AnyObject?, action: Selector, events: UIControl.Event) {
        self.target = target
        isNilTarget = target == nil
        self.action = action
        handler = nil
        self.events = events
    }

    init(handler: UIAction, events: UIControl.Event) {
        isNilTarget = true
        action = nil
        self.handler = handler
        self.events = events
    }

    /// A target-action whose target was released.
    var isReleased: Bool { handler == nil && !isNilTarget && target == nil }

    func matches(target object: AnyObject?, action: Selector) -> Bool {
        handler == nil && self.action == action && (object == nil ? isNilTarget : (!isNilTarget && target === object))
    }
}

extension UIGestureRecognizer {
    /// A single-finger single tap: what UIKit's buttons, switches, steppers, segmented and page controls keep
    /// for themselves (SBT-RSP-06).
    var isSingleFingerSingleTap: Bool {
        guard let tap = self as? UITapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    /// A swipe or pan along the x axis (a slider's or switch's travel).
    var isHorizontalSwipeOrPan: Bool {
        if let swipe = self as? UISwipeGestureRecognizer { return !swipe.direction.isDisjoint(with: [.left, .right]) }
        if let pan = self as? UIPanGestureRecognizer {
            let t = pan.translation(in: nil)
            return abs(t.x) >= abs(t.y)
        }
        return false
    }
}
