import CTactile
import TactileCore

// The touch-routing entry points of tactile.h: the app's TouchRouter turned into C callbacks.

extension CApp {
    /// The input step: routes a drained (or directly injected) batch into the callbacks.
    func route(_ batch: UnsafeBufferPointer<EventRecord>) {
        router.route(batch)
        publishDelivered()
    }

    /// Publishes the delivery count for `tactile_app_counters` (any thread): after routing, and after a view
    /// call that may have cancelled touches (a view leaving its window).
    func publishDelivered() {
        delivered.store(router.deliveredCount, ordering: .relaxed)
    }
}

/// Runs `body` with the live app for `handle` (unretained: these are loop-thread calls), or fails.
private func withApp(_ handle: tactile_app, _ body: (CApp) -> tactile_status) -> tactile_status {
    AppRegistry.withApp(handle.id, body) ?? invalidHandle(handle)
}

@_cdecl("tactile_app_set_delivery_callback")
public func capiSetDeliveryCallback(_ handle: tactile_app, _ fn: tactile_delivery_fn?, _ user: UnsafeMutableRawPointer?)
    -> tactile_status {
    withApp(handle) { app in
        app.callbacks.delivery = fn.map { ($0, user) }
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_set_motion_callback")
public func capiSetMotionCallback(_ handle: tactile_app, _ fn: tactile_motion_fn?, _ user: UnsafeMutableRawPointer?)
    -> tactile_status {
    withApp(handle) { app in
        app.callbacks.motion = fn.map { ($0, user) }
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_set_screen")
public func capiSetScreen(_ handle: tactile_app, _ windows: UnsafePointer<tactile_view>?, _ count: Int) -> tactile_status {
    withApp(handle) { app in
        guard count == 0 || windows != nil else { return fail(TACTILE_ERR_NULL_ARGUMENT, "windows is NULL", app: app) }
        guard count >= 0, count <= 1 << 16 else { return fail(TACTILE_ERR_OUT_OF_RANGE, "count \(count) is too large", app: app) }
        var screen: [ViewID] = []
        for k in 0..<count {
            let w = ViewID(windows![k])
            guard app.tree.isValid(w), (try? app.tree.parent(of: w)) == .some(nil) else {
                return fail(TACTILE_ERR_INVALID_HANDLE, "windows[\(k)] (\(w.packed)) is not a live root view", app: app)
            }
            screen.append(w)
        }
        app.router.screen = screen
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_begin_ignoring_interaction")
public func capiBeginIgnoring(_ handle: tactile_app) -> tactile_status {
    withApp(handle) { app in
        app.router.beginIgnoringInteractionEvents()
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_end_ignoring_interaction")
public func capiEndIgnoring(_ handle: tactile_app) -> tactile_status {
    withApp(handle) { app in
        app.router.endIgnoringInteractionEvents()
        return TACTILE_OK
    }
}

@_cdecl("tactile_route")
public func capiRoute(_ handle: tactile_app, _ events: UnsafePointer<tactile_event>?, _ count: Int) -> tactile_status {
    withApp(handle) { app in
        if count == 0 { return TACTILE_OK }
        guard let events else { return fail(TACTILE_ERR_NULL_ARGUMENT, "events is NULL", app: app) }
        guard count > 0 else { return fail(TACTILE_ERR_OUT_OF_RANGE, "count \(count) is too large", app: app) }
        return withRecords(events, count) { records in
            for (i, record) in records.enumerated() {
                if let invalid = record.validate() { return fail(.invalid(invalid, index: i), app: app) }
            }
            app.route(records)
            return TACTILE_OK
        }
    }
}

@_cdecl("tactile_app_route_counters")
public func capiRouteCounters(_ handle: tactile_app, _ out: UnsafeMutablePointer<tactile_route_counters>?) -> tactile_status {
    withApp(handle) { app in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_counters is NULL", app: app) }
        let c = app.router.counters
        out.pointee = tactile_route_counters(
            samples: c.samples, frames: c.frames, deliveries: c.deliveries, began: c.began, ended: c.ended,
            cancelled: c.cancelled, withheld: c.withheld, ignored: c.ignored, missed: c.missed,
            swallowed_samples: c.swallowedSamples, cancelled_detached: c.cancelledDetached, motions: c.motions,
            errors: c.errors)
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_set_delivery_log")
public func capiSetDeliveryLog(_ handle: tactile_app, _ enabled: Int32) -> tactile_status {
    withApp(handle) { app in
        app.router.log = enabled != 0 ? (app.router.log ?? DeliveryLog()) : nil
        app.callbacks.scrolls?.log = app.router.log  // the scroll views' lines go into the same log
        return TACTILE_OK
    }
}

@_cdecl("tactile_app_delivery_log")
public func capiDeliveryLog(_ handle: tactile_app, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                            _ outLength: UnsafeMutablePointer<Int>?) -> tactile_status {
    withApp(handle) { app in
        guard capacity == 0 || buffer != nil else { return fail(TACTILE_ERR_NULL_ARGUMENT, "buffer is NULL", app: app) }
        let bytes = Array((app.router.log?.text ?? "").utf8)
        outLength?.pointee = bytes.count
        if let buffer, capacity > 0 {
            let n = min(bytes.count, capacity - 1)
            bytes.withUnsafeBufferPointer { src in
                UnsafeMutableRawPointer(buffer).copyMemory(from: src.baseAddress!, byteCount: n)
            }
            buffer[n] = 0
        }
        return TACTILE_OK
    }
}
