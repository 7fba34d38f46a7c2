import CTactile
import Foundation
import TactileCore

// The scroll-view entry points of tactile.h (DESIGN-CAPI-SCROLL): views marked scrollable are scroll views of the
// engine's `ScrollViewEngine`, which sits in the sink's delivery path ahead of the gestures (one dispatcher: the
// router's), steps its motions on the app's run loop and reports UIScrollViewDelegate's calls through the scroll
// callback. Loop-thread state throughout.

/// What the scroll views leave to the views, and the cancellations of the touches they take: the gestures and
/// the view, as any delivery.
final class AfterScrollSink: TouchDeliverySink {
    unowned(unsafe) let sink: CallbackSink

    init(sink: CallbackSink) { self.sink = sink }

    func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        sink.deliverAfterScrolls(delivery, touches: touches, timestamp: timestamp)
    }

    func motion(_ phase: MotionPhase, timestamp: UInt64) {}
}

extension CallbackSink {
    /// The app's scroll views, made on first use: fed ahead of the gestures, stepped on the app's loop, logging
    /// into the router's delivery log, kept from touches a C gesture holds.
    func scrollEngine(app: CApp) -> ScrollViewEngine {
        if let scrolls { return scrolls }
        let engine = ScrollViewEngine(tree: tree, loop: app.loop)
        engine.downstream = AfterScrollSink(sink: self)
        engine.log = app.router.log
        engine.onEvent = { [unowned(unsafe) self] event in self.sendScroll(&event) }
        // DESIGN-CAPI-SCROLL-GESTURES: a C gesture that began or was recognized with a touch keeps it.
        engine.shouldBeginDrag = { [unowned(unsafe) self] _, touchIDs in !(self.gestures?.claimsAny(touchIDs) ?? false) }
        scrolls = engine
        return engine
    }

    /// One scroll callback call; the callback may move the target of a will-end-dragging.
    func sendScroll(_ event: inout ScrollEvent) {
        guard let callback = scrollCallback else { return }
        var e = tactile_scroll_event(
            view: event.view.c, kind: event.kind.rawValue, decelerate: event.decelerate ? 1 : 0,
            offset: tactile_point(x: Double(event.offset.x), y: Double(event.offset.y)),
            velocity: tactile_point(x: Double(event.velocity.x), y: Double(event.velocity.y)),
            target: tactile_point(x: Double(event.target.x), y: Double(event.target.y)),
            timestamp_ns: event.timestamp, user_data: userData(at: Int(event.view.index)))
        callback.fn(callback.user, &e)
        if event.kind == .willEndDragging { event.target = CGPoint(x: e.target.x, y: e.target.y) }
    }
}

/// Runs `body` with the live app, its scroll engine and a live scroll view, or fails: INVALID_HANDLE for the app
/// or the view, INVALID_STATE for a view that is not a scroll view.
private func withScrollView(_ handle: tactile_app, _ view: tactile_view,
                            _ body: (CApp, ScrollViewEngine, ViewID) -> tactile_status) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    let v = ViewID(view)
    guard app.tree.isValid(v) else {
        return invalidHandle("view", view.id, app: app)
    }
    guard let engine = app.callbacks.scrolls, engine.isScrollView(v) else {
        return fail(TACTILE_ERR_INVALID_STATE, "view \(view.id) is not a scroll view (tactile_view_set_scrollable)", app: app)
    }
    return body(app, engine, v)
}

/// Changes a scroll view's settings through `change`.
private func updateSettings(_ handle: tactile_app, _ view: tactile_view,
                            _ change: (CApp, inout ScrollViewSettings) -> tactile_status) -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard var settings = engine.settings(of: v) else { return TACTILE_ERR_INVALID_STATE }
        let status = change(app, &settings)
        if status == TACTILE_OK { engine.setSettings(settings, of: v) }
        return status
    }
}

/// The `tactile_scroll_option` bits.
private let scrollOptionBits: UInt32 = 0x7F

private func options(of s: ScrollViewSettings) -> UInt32 {
    var o: UInt32 = 0
    if s.isPagingEnabled { o |= UInt32(TACTILE_SCROLL_PAGING.rawValue) }
    if s.bounces { o |= UInt32(TACTILE_SCROLL_BOUNCES.rawValue) }
    if s.alwaysBounceHorizontal { o |= UInt32(TACTILE_SCROLL_ALWAYS_BOUNCE_HORIZONTAL.rawValue) }
    if s.alwaysBounceVertical { o |= UInt32(TACTILE_SCROLL_ALWAYS_BOUNCE_VERTICAL.rawValue) }
    if s.isScrollEnabled { o |= UInt32(TACTILE_SCROLL_SCROLL_ENABLED.rawValue) }
    if s.isDirectionalLockEnabled { o |= UInt32(TACTILE_SCROLL_DIRECTIONAL_LOCK.rawValue) }
    if s.canCancelContentTouches { o |= UInt32(TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES.rawValue) }
    return o
}

private func apply(_ options: UInt32, _ on: Bool, to s: inout ScrollViewSettings) {
    func set(_ bit: tactile_scroll_option, _ value: inout Bool) { if options & UInt32(bit.rawValue) != 0 { value = on } }
    set(TACTILE_SCROLL_PAGING, &s.isPagingEnabled)
    set(TACTILE_SCROLL_BOUNCES, &s.bounces)
    set(TACTILE_SCROLL_ALWAYS_BOUNCE_HORIZONTAL, &s.alwaysBounceHorizontal)
    set(TACTILE_SCROLL_ALWAYS_BOUNCE_VERTICAL, &s.alwaysBounceVertical)
    set(TACTILE_SCROLL_SCROLL_ENABLED, &s.isScrollEnabled)
    set(TACTILE_SCROLL_DIRECTIONAL_LOCK, &s.isDirectionalLockEnabled)
    set(TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES, &s.canCancelContentTouches)
}

@_cdecl("tactile_app_set_scroll_callback")
public func capiSetScrollCallback(_ handle: tactile_app, _ fn: tactile_scroll_fn?, _ user: UnsafeMutableRawPointer?)
    -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    app.callbacks.scrollCallback = fn.map { ($0, user) }
    return TACTILE_OK
}

/// DESIGN-CAPI-SCROLL: marks or unmarks a scroll view.
@_cdecl("tactile_view_set_scrollable")
public func capiViewSetScrollable(_ handle: tactile_app, _ view: tactile_view, _ scrollable: Int32) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    let v = ViewID(view)
    guard app.tree.isValid(v) else {
        return invalidHandle("view", view.id, app: app)
    }
    if scrollable != 0 {
        let engine = app.callbacks.scrollEngine(app: app)
        guard !engine.isScrollView(v) else { return TACTILE_OK }
        engine.makeScrollView(v)
        try? app.tree.setFlags(.clipsToBounds, true, of: v)  // UIScrollView's init
    } else {
        app.callbacks.scrolls?.removeScrollView(v)
    }
    return TACTILE_OK
}

@_cdecl("tactile_scroll_set_content_size")
public func capiScrollSetContentSize(_ handle: tactile_app, _ view: tactile_view, _ width: Double, _ height: Double) -> tactile_status {
    updateSettings(handle, view) { app, s in
        guard width.isFinite, height.isFinite else {
            return fail(TACTILE_ERR_INVALID_COORDINATE, "content size (\(width), \(height)) is not finite", app: app)
        }
        guard width >= 0, height >= 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "content size (\(width), \(height)) is negative", app: app)
        }
        s.contentSize = CGSize(width: width, height: height)
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_get_content_size")
public func capiScrollGetContentSize(_ handle: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_size>?)
    -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_size is NULL", app: app) }
        let size = engine.settings(of: v)?.contentSize ?? .zero
        out.pointee = tactile_size(width: Double(size.width), height: Double(size.height))
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_set_content_inset")
public func capiScrollSetContentInset(_ handle: tactile_app, _ view: tactile_view, _ inset: UnsafePointer<tactile_insets>?)
    -> tactile_status {
    updateSettings(handle, view) { app, s in
        guard let inset else { return fail(TACTILE_ERR_NULL_ARGUMENT, "inset is NULL", app: app) }
        let i = inset.pointee
        let insets = ScrollInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
        guard insets.isFinite else {
            return fail(TACTILE_ERR_INVALID_COORDINATE, "content inset (\(i.top), \(i.left), \(i.bottom), \(i.right)) is not finite", app: app)
        }
        s.contentInset = insets
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_get_content_inset")
public func capiScrollGetContentInset(_ handle: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_insets>?)
    -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_inset is NULL", app: app) }
        let i = engine.settings(of: v)?.contentInset ?? ScrollInsets()
        out.pointee = tactile_insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
        return TACTILE_OK
    }
}

/// DESIGN-CAPI-SCROLL-OFFSET: `setContentOffset(_:animated:)`.
@_cdecl("tactile_scroll_set_content_offset")
public func capiScrollSetContentOffset(_ handle: tactile_app, _ view: tactile_view, _ x: Double, _ y: Double, _ animated: Int32)
    -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard x.isFinite, y.isFinite else {
            return fail(TACTILE_ERR_INVALID_COORDINATE, "content offset (\(x), \(y)) is not finite", app: app)
        }
        engine.setContentOffset(CGPoint(x: x, y: y), of: v, animated: animated != 0)
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_get_content_offset")
public func capiScrollGetContentOffset(_ handle: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<tactile_point>?)
    -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_offset is NULL", app: app) }
        let o = engine.contentOffset(of: v) ?? .zero
        out.pointee = tactile_point(x: Double(o.x), y: Double(o.y))
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_set_options")
public func capiScrollSetOptions(_ handle: tactile_app, _ view: tactile_view, _ options: UInt32, _ on: Int32) -> tactile_status {
    updateSettings(handle, view) { app, s in
        guard options & ~scrollOptionBits == 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "unknown scroll option bits 0x\(String(options & ~scrollOptionBits, radix: 16))", app: app)
        }
        apply(options, on != 0, to: &s)
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_get_options")
public func capiScrollGetOptions(_ handle: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<UInt32>?) -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_options is NULL", app: app) }
        out.pointee = engine.settings(of: v).map(options(of:)) ?? 0
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_set_deceleration_rate")
public func capiScrollSetDecelerationRate(_ handle: tactile_app, _ view: tactile_view, _ rate: Double) -> tactile_status {
    updateSettings(handle, view) { app, s in
        guard rate.isFinite, rate > 0, rate < 1 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "deceleration rate \(rate) is not within 0 < rate < 1", app: app)
        }
        s.decelerationRate = rate
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_get_deceleration_rate")
public func capiScrollGetDecelerationRate(_ handle: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<Double>?)
    -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_rate is NULL", app: app) }
        out.pointee = engine.settings(of: v)?.decelerationRate ?? ScrollViewSettings.normalDecelerationRate
        return TACTILE_OK
    }
}

@_cdecl("tactile_scroll_get_state")
public func capiScrollGetState(_ handle: tactile_app, _ view: tactile_view, _ out: UnsafeMutablePointer<UInt32>?) -> tactile_status {
    withScrollView(handle, view) { app, engine, v in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_state is NULL", app: app) }
        out.pointee = engine.activity(of: v).rawValue  // the tactile_scroll_state bits
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_get_run_loop_mode")
public func capiAppGetRunLoopMode(_ handle: tactile_app, _ out: UnsafeMutablePointer<UInt32>?) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_mode is NULL", app: app) }
    out.pointee = app.loop.currentMode == .tracking ? UInt32(TACTILE_RUN_LOOP_TRACKING.rawValue) : UInt32(TACTILE_RUN_LOOP_DEFAULT.rawValue)
    return TACTILE_OK
}
