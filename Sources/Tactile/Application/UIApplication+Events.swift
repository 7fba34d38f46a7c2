import Foundation
import TactileCore

/// Event routing in the application: the main run loop hands each drained batch to ``TouchRouter``, which
/// decides; the application turns its decisions into `UITouch` / `UIEvent` state and `sendEvent(_:)` calls
/// (app guide F-01, K-01, M, O, B-04).
extension UIApplication {
    /// The input step of the main run loop.
    func route(_ batch: UnsafeBufferPointer<EventRecord>) {
        let outer = ViewWorld.currentEvent
        ViewWorld.currentEvent = touchEvent  // overridden hitTest(_:with:) receives the touches event
        defer { ViewWorld.currentEvent = outer }
        var index = 0
        while let step = router.next(batch, from: &index) {
            switch step {
            case .touches(let frame):
                dispatch(frame)
            case .motion(let phase, let timestamp):
                dispatchMotion(phase, timestamp: timestamp)
            case .system(let code, let value, _):
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
        }
    }

    /// Mirrors a frame into the touch objects and the event, then sends the event; the frame ends after.
    func dispatch(_ frame: TouchRouter.Frame) {
        syncTouches()
        touchEvent.timestamp = TimeInterval(frame.timestamp) / 1e9
        var calls: [TouchCall] = []
        for i in router.deliveries(of: frame) {
            let d = router.delivery(i)
            var touches: [UITouch] = []
            for k in 0..<Int(d.count) {
                if let touch = touchObjects[router.deliverySlot(d, k)] { touches.append(touch) }
            }
            guard let view = touches.first?.view else { continue }
            calls.append(TouchCall(view: view, window: touches[0].window,
                                   phase: UITouch.Phase(rawValue: Int(d.phase.rawValue)) ?? .cancelled, touches: touches))
        }
        let outer = touchEvent.dispatching
        touchEvent.dispatching = calls
        if !calls.isEmpty { sendEvent(touchEvent) }
        touchEvent.dispatching = outer
        router.endFrame(frame)
        syncTouches()
    }

    /// Brings `touchObjects` and the event's touch list in line with the router's table: a new finger gets a
    /// new `UITouch`; a finished one leaves the event. The list is rebuilt only when its membership changed.
    private func syncTouches() {
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
                touch.slot = slot
                touch.view = ViewWorld.view(t.view)
                touch.window = ViewWorld.view(t.window) as? UIWindow
                touch.update(from: t)
                touchObjects[slot] = touch
                same = false
            }
        }
        guard !same else { return }
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

    /// A subtree is about to leave its window: its views' touches are cancelled now, while the views are
    /// still there to hear it; afterwards no event reaches them.
    func cancelTouches(inSubtreeOf view: UIView) {
        guard let frame = router.cancelTouches(inSubtreeOf: view.viewID) else { return }
        dispatch(frame)
    }

    /// A system cancel or an interruption (F-10, B-04): every live touch gets `touchesCancelled`, a shake in
    /// progress gets `motionCancelled`.
    func cancelAllTouchesAndMotion() {
        if let frame = router.cancelAllTouches() { dispatch(frame) }
        if router.cancelMotion() { dispatchMotion(.cancelled, timestamp: mainLoop.now) }
    }

    private func dispatchMotion(_ phase: MotionPhase, timestamp: UInt64) {
        let event = UIEvent(type: .motion, subtype: .motionShake, timestamp: TimeInterval(timestamp) / 1e9)
        event.motionPhase = phase
        sendEvent(event)
    }

    /// Motion for a responder (O-04): began, ended or cancelled, as the event says.
    func deliverMotion(_ event: UIEvent, to responder: UIResponder) {
        switch event.motionPhase {
        case .began: responder.motionBegan(event.subtype, with: event)
        case .ended: responder.motionEnded(event.subtype, with: event)
        case .cancelled: responder.motionCancelled(event.subtype, with: event)
        }
    }

    /// New touches are delivered only while the app is active and not ignoring interaction events (L-02,
    /// L-06); shakes only while it is active.
    func updateAcceptance() {
        let active = applicationState == .active && !terminated
        router.acceptsNewTouches = active && !isIgnoringInteractionEvents
        router.acceptsMotion = active
    }
}
