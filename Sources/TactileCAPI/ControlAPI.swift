import CTactile
import Foundation
import TactileCore

// The control entry points of tactile.h (DESIGN-CONTROL-CAPI): views marked as controls track touches with the
// engine's `ControlTracker`, as `UIControl` does, and report their control events through the action callback.

/// One control's state in `CallbackSink.controls`, by view index.
struct ControlState {
    /// The control's packed `ViewID`; 0 (never a view) when the slot holds no control.
    var view: UInt64 = 0
    /// `tactile_view_set_control_enabled` (DESIGN-CONTROL-DISABLED).
    var enabled = true
    /// The view's own TACTILE_VIEW_INTERACTION_DISABLED, as set by the user; the tree's flag is this or disabled.
    var userDisabled = false
    /// The tracked touch's id (meaningful while `tracker.isTracking`).
    var touchID: UInt32 = 0
    /// Counts the cancellations delivered to the control: a touch cancelled while its began's delivery callback
    /// ran (the callback removed the control) is not tracked afterwards.
    var epoch: UInt32 = 0
    var tracker = ControlTracker()

    /// Whether the tree should pass over the view in hit-testing.
    var interactionDisabled: Bool { userDisabled || !enabled }
}

extension CallbackSink {
    /// The control state index for `v`, when `v` is a control.
    @inline(__always)
    func controlIndex(of v: ViewID) -> Int? {
        let index = Int(v.index)
        return index < controls.count && controls[index].view == v.packed ? index : nil
    }

    /// Makes `v` a control (enabled, not tracking) with the user's interaction flag; a no-op for a control.
    func makeControl(_ v: ViewID, userDisabled: Bool) {
        guard controlIndex(of: v) == nil else { return }
        let index = Int(v.index)
        if index >= controls.count {
            controls.append(contentsOf: repeatElement(ControlState(), count: index + 1 - controls.count))
        }
        controls[index] = ControlState(view: v.packed, userDisabled: userDisabled)
        controlCount += 1
    }

    /// Forgets the control state at `index` (the view stopped being a control or was destroyed).
    func forgetControl(at index: Int) {
        guard index < controls.count, controls[index].view != 0 else { return }
        controls[index] = ControlState()
        controlCount -= 1
    }

    /// A delivery to the control at `index`: the delivery callback first, then the control tracks the touches
    /// (the callback may change the tree, the control, anything).
    @inline(never)
    func deliverToControl(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64, index: Int) {
        let epoch = controls[index].epoch
        if let callback = delivery { callDelivery(callback, d, touches: touches, timestamp: timestamp) }
        track(d, touches: touches, timestamp: timestamp, index: index, epoch: epoch)
    }

    /// Whether the control at `index` is still `view`, tracking `touchID` (an action callback may have changed it).
    @inline(__always)
    private func isTracking(_ index: Int, _ view: UInt64, _ touchID: UInt32) -> Bool {
        index < controls.count && controls[index].view == view && controls[index].tracker.isTracking
            && controls[index].touchID == touchID
    }

    /// One action callback call.
    private func send(_ events: ControlEvents, _ view: ViewID, _ timestamp: UInt64) {
        guard !events.isEmpty, let action else { return }
        action.fn(action.user, view.c, events.rawValue, timestamp)
    }

    /// The touch with `id` among `touches`.
    private func find(_ id: UInt32, in touches: UnsafeBufferPointer<DeliveredTouch>) -> DeliveredTouch? {
        for k in 0..<touches.count where touches[k].touchID == id { return touches[k] }
        return nil
    }

    /// Whether `touch` (in `window`'s coordinates) is inside `control`'s bounds grown by the touch slop, in the
    /// control's coordinates (DESIGN-CONTROL-MOVE).
    private func isInside(_ touch: DeliveredTouch, control: ViewID, window: ViewID) -> Bool {
        do throws(ViewTreeError) {
            let p = try tree.convert(CGPoint(x: touch.x, y: touch.y), from: window, to: control)
            let b = try tree.geometry(of: control).bounds
            return ControlTracker.isInside(x: Double(p.x), y: Double(p.y), boundsX: Double(b.minX), boundsY: Double(b.minY),
                                           width: Double(b.width), height: Double(b.height))
        } catch {
            return false
        }
    }

    /// The control at `index` tracks a delivery, after the delivery callback; `epoch` is its cancellation count
    /// from before that callback. State is re-read after each action call, which may change anything.
    private func track(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64, index: Int, epoch: UInt32) {
        let view = d.view.packed
        guard index < controls.count, controls[index].view == view else { return }  // unmarked or destroyed meanwhile
        switch d.phase {
        case .began:
            // DESIGN-CONTROL-BEGIN: the first touch, on an enabled control that was not cancelled meanwhile.
            let s = controls[index]
            guard !s.tracker.isTracking, s.enabled, !s.userDisabled, s.epoch == epoch, touches.count > 0 else { return }
            let touch = touches[0]
            controls[index].touchID = touch.touchID
            let sends = controls[index].tracker.began(accepted: true, tapCount: Int(touch.tapCount))
            send(sends.first, d.view, timestamp)
            if !sends.second.isEmpty, isTracking(index, view, touch.touchID) { send(sends.second, d.view, timestamp) }
        case .moved:
            // DESIGN-CONTROL-MOVE: the crossing event first, then the drag.
            let id = controls[index].touchID
            guard controls[index].tracker.isTracking, let touch = find(id, in: touches) else { return }
            let inside = isInside(touch, control: d.view, window: d.window)
            let sends = controls[index].tracker.moved(accepted: true, inside: inside)
            send(sends.crossing, d.view, timestamp)
            if isTracking(index, view, id) { send(sends.drag, d.view, timestamp) }
        case .ended:
            // DESIGN-CONTROL-END: the crossing event, then touch up inside (and the primary action) or outside.
            let id = controls[index].touchID
            guard controls[index].tracker.isTracking, let touch = find(id, in: touches) else { return }
            let inside = isInside(touch, control: d.view, window: d.window)
            send(controls[index].tracker.lifting(inside: inside), d.view, timestamp)
            guard isTracking(index, view, id) else { return }
            let up = controls[index].tracker.ended()
            send(up, d.view, timestamp)
            // DESIGN-CONTROL-PRIMARY: after touch up inside, as a button — unless the control was destroyed or
            // unmarked by the touch-up action (its handle may be stale for the caller by now).
            guard index < controls.count, controls[index].view == view else { return }
            if up == .touchUpInside { send(.primaryActionTriggered, d.view, timestamp) }
            if index < controls.count, controls[index].view == view, !controls[index].tracker.isTracking {
                controls[index].tracker.settle()
            }
        case .cancelled:
            // DESIGN-CONTROL-CANCEL: a system cancel, resign active, or the control leaving its window.
            controls[index].epoch &+= 1
            let id = controls[index].touchID
            guard controls[index].tracker.isTracking, find(id, in: touches) != nil else { return }
            let cancel = controls[index].tracker.cancelled()
            controls[index].tracker.settle()
            send(cancel, d.view, timestamp)
        case .stationary:
            return
        }
    }
}

/// Runs `body` with the live app and a live view, or fails with INVALID_HANDLE (app or view).
private func withView(_ handle: tactile_app, _ view: tactile_view, _ body: (CApp, ViewID) -> tactile_status) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    let v = ViewID(view)
    guard app.tree.isValid(v) else {
        return invalidHandle("view", view.id, app: app)
    }
    return body(app, v)
}

@_cdecl("tactile_app_set_action_callback")
public func capiSetActionCallback(_ handle: tactile_app, _ fn: tactile_action_fn?, _ user: UnsafeMutableRawPointer?)
    -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    app.callbacks.action = fn.map { ($0, user) }
    return TACTILE_OK
}

/// DESIGN-CONTROL-CAPI: marks or unmarks a control. Its state is allocated here, so tracking allocates nothing.
@_cdecl("tactile_view_set_control")
public func capiViewSetControl(_ handle: tactile_app, _ view: tactile_view, _ isControl: Int32) -> tactile_status {
    withView(handle, view) { app, v in
        let sink = app.callbacks
        if isControl != 0 {
            guard sink.controlIndex(of: v) == nil else { return TACTILE_OK }
            let userDisabled = (try? app.tree.flags(of: v).contains(.interactionDisabled)) ?? false
            sink.makeControl(v, userDisabled: userDisabled)
        } else if let index = sink.controlIndex(of: v) {
            let userDisabled = sink.controls[index].userDisabled
            sink.forgetControl(at: index)
            try? app.tree.setFlags(.interactionDisabled, userDisabled, of: v)  // a disabled control takes touches again
        }
        return TACTILE_OK
    }
}

/// DESIGN-CONTROL-DISABLED: a disabled control is passed over by hit-testing; the user's interaction flag is kept.
@_cdecl("tactile_view_set_control_enabled")
public func capiViewSetControlEnabled(_ handle: tactile_app, _ view: tactile_view, _ enabled: Int32) -> tactile_status {
    withView(handle, view) { app, v in
        let sink = app.callbacks
        guard let index = sink.controlIndex(of: v) else {
            return fail(TACTILE_ERR_INVALID_STATE, "view \(view.id) is not a control (tactile_view_set_control)", app: app)
        }
        sink.controls[index].enabled = enabled != 0
        try? app.tree.setFlags(.interactionDisabled, sink.controls[index].interactionDisabled, of: v)
        return TACTILE_OK
    }
}
