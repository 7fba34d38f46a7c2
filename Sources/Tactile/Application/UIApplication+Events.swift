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
    /// claims each call as it makes it (``claimTouches(of:)``). The frame ends here, and the event's touch list
    /// drops the touches that finished.
    func dispatch(_ frame: TouchRouter.Frame) {
        syncTouches()
        touchEvent.storedTimestamp = TimeInterval(frame.timestamp) / 1e9
        // The call list reuses its storage frame after frame (taken out while in use: a nested frame gets its own).
        var calls = callStorage.take() ?? []
        calls.removeAll(keepingCapacity: true)
        for i in frame.calls {
            let d = router.call(i, of: frame)
            guard let view = ViewWorld.view(d.view) else { continue }
            calls.append(TouchCall(view: view, window: ViewWorld.view(d.window) as? UIWindow,
                                   phase: UITouch.Phase(rawValue: Int(d.phase.rawValue)) ?? .cancelled, frame: frame, index: i))
        }
        // In and out by swapping (no retain or release; the outer list is a nested frame's, usually empty).
        swap(&touchEvent.dispatching, &calls)
        if !touchEvent.dispatching.isEmpty { sendEvent(touchEvent) }
        swap(&touchEvent.dispatching, &calls)
        calls.removeAll(keepingCapacity: true)  // the views go now, the storage stays
        callStorage = calls
        router.endFrame(frame)
        syncTouches()
    }

    /// The touches of `call` whose handler call is still owed, claimed now (a handler that removed a view had
    /// that view's touches cancelled at once, and their calls here are skipped).
    ///
    /// The set reuses the storage of the previous call's set, emptied when that call returned
    /// (``recycleTouches(_:)``).
    func claimTouches(of call: TouchCall) -> Set<UITouch> {
        let claimed = router.claim(call.index, of: call.frame)
        var touches = touchSetStorage.take() ?? []
        for slot in claimed.slots {
            if let touch = touchObjects[Int(slot)] { touches.insert(touch) }
        }
        return touches
    }

    /// Takes back a handler call's set once the call returned (see ``claimTouches(of:)``): emptied now — its
    /// touches (and through them their views) are not kept alive — in place when nothing else holds it, else
    /// (the handler kept it) into new storage, leaving the handler's set as it was.
    func recycleTouches(_ touches: inout Set<UITouch>) {
        touches.removeAll(keepingCapacity: true)
        touchSetStorage = touches
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
                touch.storedView = ViewWorld.view(t.view)
                touch.storedWindow = ViewWorld.view(t.window) as? UIWindow
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
/// (the application owns the router, which owns this), so the reference back is unowned.
///
/// A main-actor class with a `@preconcurrency` conformance: the router calls it on the main actor, which the
/// conformance checks at run time (Swift's dynamic isolation check) — `MainActor.assumeIsolated` around each
/// frame allocated a closure context per event.
@MainActor
final class ObjectModelFrontEnd: @preconcurrency TouchFrontEnd {
    unowned(unsafe) let app: UIApplication

    init(app: UIApplication) { self.app = app }

    func deliverEvent(_ frame: TouchRouter.Frame, from router: TouchRouter) { app.dispatch(frame) }

    func deliverMotion(_ phase: MotionPhase, timestamp: UInt64) { app.dispatchMotion(phase, timestamp: timestamp) }

    func handleSystem(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64, from router: TouchRouter) {
        app.handleSystem(code, value: value)
    }
}
