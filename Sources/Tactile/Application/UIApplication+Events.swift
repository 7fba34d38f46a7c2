import Foundation
import TactileCore

/// Event routing in the application: the main run loop hands each drained batch to ``TouchRouter``, which
/// decides; the application is the router's front end and turns its decisions into `UITouch` / `UIEvent` state
/// and `sendEvent(_:)` calls (AG-F-01, AG-K-01, AG-M, AG-O, AG-B-04).
extension UIApplication {
    /// The input step of the main run loop.
    func route(_ batch: UnsafeBufferPointer<EventRecord>) {
        let outer = ViewWorld.currentEvent
        ViewWorld.currentEvent = touchEvent  // overridden hitTest(_:with:) receives the touches event
        defer { ViewWorld.currentEvent = outer }
        router.route(batch)
    }

    /// Mirrors a frame into the touch objects and the event, then sends the event: `UIWindow.sendEvent(_:)`
    /// claims each call as it makes it (``claimTouches(call:of:)``). The frame ends here, and the event's touch list
    /// drops the touches that finished.
    func dispatch(_ frame: TouchRouter.Frame) {
        syncTouches()
        touchEvent.storedTimestamp = TimeInterval(frame.timestamp) / 1e9
        // The call list reuses its storage frame after frame (taken out while in use: a nested frame gets its own).
        var calls = callStorage.take() ?? []
        for i in frame.calls {
            let d = router.call(i, of: frame)
            calls.append(TouchCall(view: d.view, window: d.window,
                                   phase: UITouch.Phase(rawValue: Int(d.phase.rawValue)) ?? .cancelled, frame: frame, index: i))
        }
        // Recognizers see every touch the frame changed, even one no view gets (a second finger on a
        // single-touch view): such a frame is sent too.
        let gesturesChanged = gestures.isLive && markChangedTouches(frame)
        touchEvent.hasUndeliveredChanges = gesturesChanged && undeliveredChanges
        // In and out by swapping (no retain or release; the outer list is a nested frame's, usually empty).
        swap(&touchEvent.dispatching, &calls)
        if !touchEvent.dispatching.isEmpty || gesturesChanged { sendEvent(touchEvent) }
        swap(&touchEvent.dispatching, &calls)
        // The storage stays (one call at a time: `removeAll(keepingCapacity:)` goes through the generic
        // `replaceSubrange`, ~260 instructions per frame).
        while calls.popLast() != nil {}
        callStorage = consume calls
        router.endFrame(frame)
        // Fingers that finished leave the event now; when none joined or left, the objects are already in line.
        if router.liveTouchVersion != syncedLiveTouchVersion { syncTouches() }
    }

    /// Marks which touches `frame` changed, for the gesture recognizers; true when any did. Notes in
    /// `undeliveredChanges` whether a changed touch is one no view gets.
    private func markChangedTouches(_ frame: TouchRouter.Frame) -> Bool {
        var any = false
        undeliveredChanges = false
        for k in 0..<router.liveTouchCount {
            let slot = router.liveSlot(k)
            guard let touch = touchObjects[slot] else { continue }
            touch.changedInFrame = router.changes(slot: slot, in: frame)
            any = any || touch.changedInFrame
            if touch.changedInFrame, !touch.isDelivered { undeliveredChanges = true }
        }
        return any
    }

    /// The touches of `call` whose handler call is still owed, claimed now (a handler that removed a view had
    /// that view's touches cancelled at once, and their calls here are skipped). Give the set back with
    /// ``recycleTouches(_:)`` when the handler returns.
    ///
    /// The previous call's set is handed over again when it holds exactly these touches (sets are values: a
    /// handler that kept the previous one holds an equal set); otherwise its storage is refilled — in place
    /// when nothing else holds it. A call made from inside a handler (a nested frame) gets a set of its own.
    func claimTouches(call: Int, of frame: TouchRouter.Frame) -> Set<UITouch> {
        let claimed = router.claim(call, of: frame)
        touchSetLendDepth += 1
        guard touchSetLendDepth == 1, var touches = touchSetStorage.take() else {
            if touchSetLendDepth == 1 { touchSetMembers.removeAll(keepingCapacity: true) }  // (no storage: not kept)
            var touches = Set<UITouch>(minimumCapacity: claimed.slots.count)
            for slot in claimed.slots { if let touch = touchObjects[Int(slot)] { touches.insert(touch) } }
            return touches
        }
        if claimed.slots.count == touchSetMembers.count, touches.count == touchSetMembers.count {
            var same = true
            for (k, slot) in claimed.slots.enumerated() {
                guard let touch = touchObjects[Int(slot)], ObjectIdentifier(touch) == touchSetMembers[k] else {
                    same = false
                    break
                }
            }
            if same { return touches }
        }
        touches.removeAll(keepingCapacity: true)
        touchSetMembers.removeAll(keepingCapacity: true)
        for slot in claimed.slots {
            if let touch = touchObjects[Int(slot)], touches.insert(touch).inserted {
                touchSetMembers.append(ObjectIdentifier(touch))
            }
        }
        return touches
    }

    /// Takes back a handler call's set once the call returned (see ``claimTouches(call:of:)``): the outermost
    /// call's set is kept for the next call.
    func recycleTouches(_ touches: consuming Set<UITouch>) {
        touchSetLendDepth -= 1
        guard touchSetLendDepth == 0 else { return }
        var touches = touches
        // Forgotten while it was out (a nested frame changed the table): emptied now.
        if touches.count != touchSetMembers.count { touches.removeAll(keepingCapacity: true) }
        touchSetStorage = touches
    }

    /// Lets go of the kept touch set's members (their touches, and through them their views, are not kept
    /// alive past their sequence), keeping its storage. A set lent to a handler at the time is emptied when it
    /// comes back (``recycleTouches(_:)``).
    private func forgetKeptTouches() {
        guard !touchSetMembers.isEmpty else { return }
        touchSetMembers.removeAll(keepingCapacity: true)
        touchSetStorage?.removeAll(keepingCapacity: true)
    }

    /// Brings `touchObjects` and the event's touch list in line with the router's table: a new finger gets a
    /// new `UITouch`; a finished one leaves the event. The list is rebuilt only when its membership changed.
    private func syncTouches() {
        syncedLiveTouchVersion = router.liveTouchVersion
        let live = router.liveTouchCount
        var same = touchEvent.touchList.count == live
        for k in 0..<live {
            let slot = router.liveSlot(k)
            let t = router.touch(atSlot: slot)
            if let existing = touchObjects[slot], existing.serial == t.serial {
                existing.update(from: t)
                if same, touchEvent.touchList[k] !== existing { same = false }
            } else {
                let touch = UITouch()
                touch.serial = t.serial
                touch.storedView = ViewWorld.view(t.view)
                touch.storedWindow = ViewWorld.view(t.window) as? UIWindow
                touch.update(from: t)
                touchObjects[slot] = touch
                same = false
            }
        }
        guard !same else { return }
        forgetKeptTouches()
        var list: [UITouch] = []
        list.reserveCapacity(live)
        for k in 0..<live { list.append(touchObjects[router.liveSlot(k)]!) }
        for slot in touchObjects.indices {
            guard let touch = touchObjects[slot] else { continue }
            let t = router.touch(atSlot: slot)
            if t.serial != touch.serial || t.state != .live { touchObjects[slot] = nil }
        }
        touchEvent.touchList = list
    }

    /// A system cancel or an interruption (AG-F-10, AG-B-04): every live touch gets `touchesCancelled`, a
    /// shake in progress gets `motionCancelled`.
    func cancelAllTouchesAndMotion() {
        router.cancelAll(timestamp: mainLoop.now)
    }

    func dispatchMotion(_ phase: MotionPhase, timestamp: UInt64) {
        let event = UIEvent(type: .motion, subtype: .motionShake, timestamp: TimeInterval(timestamp) / 1e9)
        event.motionPhase = phase
        sendEvent(event)
    }

    /// A system record: UIKit's life cycle for it (the app delegate's callbacks around the state change).
    func handleSystem(_ code: EventRecord.SystemCode, value: UInt32) {
        switch code {
        case .cancelAllTouches: cancelAllTouchesAndMotion()
        case .willResignActive: resignActive()
        case .didBecomeActive: becomeActive()
        case .memoryWarning: receiveMemoryWarning()
        case .deviceOrientation:
            // The queue validated the value (0 … 6).
            deviceOrientationChanged(to: UIDeviceOrientation(rawValue: Int(value)) ?? .unknown)
        }
    }

    /// Motion for a responder (AG-O-04): began, ended or cancelled, as the event says.
    func deliverMotion(_ event: UIEvent, to responder: UIResponder) {
        switch event.motionPhase {
        case .began: responder.motionBegan(event.subtype, with: event)
        case .ended: responder.motionEnded(event.subtype, with: event)
        case .cancelled: responder.motionCancelled(event.subtype, with: event)
        }
    }

    /// The router takes new touches only while the app is active (AG-L-06); ignoring interaction events
    /// nests in the router (AG-L-02).
    func updateActivity() {
        router.isActive = applicationState == .active && !terminated
    }
}

/// The object model as the touch router's front end. The router and the application live and die together
/// (the application owns the router, which owns this), so the reference back is unretained, and borrowed for
/// each call: no reference counting per event.
///
/// A main-actor class with an isolated conformance (SE-0470): the router, which the application drives on the
/// main actor, calls it there. Unlike a `@preconcurrency` conformance, whose witnesses check the executor at
/// run time (~220 instructions per event, a fifth of the delivery path), an isolated one is checked statically.
@MainActor
final class ObjectModelFrontEnd: @MainActor TouchFrontEnd {
    let app: Unmanaged<UIApplication>

    init(app: UIApplication) { self.app = .passUnretained(app) }

    func deliverEvent(_ frame: TouchRouter.Frame, from router: TouchRouter) { withBorrowed(app) { $0.dispatch(frame) } }

    func deliverMotion(_ phase: MotionPhase, timestamp: UInt64) {
        withBorrowed(app) { $0.dispatchMotion(phase, timestamp: timestamp) }
    }

    func handleSystem(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64, from router: TouchRouter) {
        withBorrowed(app) { $0.handleSystem(code, value: value) }
    }
}

extension UIApplication {
    /// Sends the event to the windows whose changed touches only recognizers may see (no handler call of the
    /// frame is theirs), each once.
    func sendToGestureOnlyWindows(_ event: UIEvent) {
        var k = 0
        while k < event.touchList.count {
            defer { k += 1 }
            let touch = event.touchList[k]
            guard touch.changedInFrame, let window = touch.storedWindow,
                  !event.dispatching.contains(where: { $0.window == window.viewID }) else { continue }
            var seen = false
            for j in 0..<k where event.touchList[j].changedInFrame && event.touchList[j].storedWindow === window {
                seen = true
                break
            }
            if !seen { window.sendEvent(event) }
        }
    }
}
