import CTactile
import Dispatch
import TactileCore

// The application, run-loop and input entry points of tactile.h. Every failure returns a status, sets the
// thread's last-error message and counts an error on the app; none traps.

/// Records a refused call: message for `tactile_last_error_message`, misuse counter on `app`, status.
@inline(never)
func fail(_ status: tactile_status, _ message: String, app: CApp? = nil) -> tactile_status {
    message.withCString { tactile_internal_set_error($0) }
    app?.noteFailure()
    return status
}

/// Back-pressure (a full queue): a fixed message and no misuse count (the queue counts `rejected_full`),
/// so a producer retrying against a full queue pays no allocation.
@inline(never)
func backPressure(_ status: tactile_status, _ message: StaticString) -> tactile_status {
    tactile_internal_set_error(UnsafeRawPointer(message.utf8Start).assumingMemoryBound(to: CChar.self))
    return status
}

func invalidHandle(_ app: tactile_app) -> tactile_status { invalidHandle("tactile_app", app.id) }

/// TACTILE_ERR_INVALID_HANDLE with "<what> handle <id> is null, <gone>, stale or foreign", formatted without an
/// allocation (a String per failing call was most of a misusing caller's allocations).
func invalidHandle(_ what: StaticString, _ id: UInt64, gone: StaticString = "destroyed", app: CApp? = nil) -> tactile_status {
    func text(_ s: StaticString) -> UnsafePointer<CChar> { UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self) }
    tactile_internal_set_handle_error(text(what), id, text(gone))
    app?.noteFailure()
    return TACTILE_ERR_INVALID_HANDLE
}

/// The status and message for a refused post.
func fail(_ error: EventQueue.PostError, app: CApp) -> tactile_status {
    switch error {
    case .full:
        return backPressure(TACTILE_ERR_QUEUE_FULL, "event queue full; nothing enqueued (retry later)")
    case .batchExceedsCapacity:
        return fail(TACTILE_ERR_OUT_OF_RANGE, "batch larger than the queue capacity \(app.events.capacity)", app: app)
    case .invalid(.unknownCode, let index):
        return fail(TACTILE_ERR_INVALID_EVENT, "event \(index): unknown kind, phase or code", app: app)
    case .invalid(.nonFiniteValue, let index):
        return fail(TACTILE_ERR_INVALID_COORDINATE, "event \(index): NaN or infinite coordinate, force or radius", app: app)
    }
}

/// `tactile_event` and ``EventRecord`` share one memory layout (checked by the C API tests), so records cross
/// the C boundary by rebinding, without conversion; the queue validates them like any other.
@inline(__always)
func withRecords<R>(_ events: UnsafePointer<tactile_event>, _ count: Int, _ body: (UnsafeBufferPointer<EventRecord>) -> R) -> R {
    events.withMemoryRebound(to: EventRecord.self, capacity: count) { body(UnsafeBufferPointer(start: $0, count: count)) }
}

@_cdecl("tactile_app_create")
public func capiAppCreate(_ config: UnsafePointer<tactile_app_config>?, _ out: UnsafeMutablePointer<tactile_app>?)
    -> tactile_status {
    createApp(config, out, reuse: true)
}

/// `tactile_app_create`; with `reuse` false the app's parts are new whatever the pool keeps (the pool's tests).
package func createApp(_ config: UnsafePointer<tactile_app_config>?, _ out: UnsafeMutablePointer<tactile_app>?, reuse: Bool)
    -> tactile_status {
    guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_app is NULL") }
    out.pointee = tactile_app(id: 0)
    let capacity = Int(config?.pointee.queue_capacity ?? 0)
    guard capacity <= 1 << 24 else {
        return fail(TACTILE_ERR_OUT_OF_RANGE, "queue_capacity \(capacity) exceeds 2^24")
    }
    let driving: MainRunLoop.Driving
    switch config?.pointee.loop_mode ?? TACTILE_LOOP_DETERMINISTIC.rawValue {
    case TACTILE_LOOP_DETERMINISTIC.rawValue: driving = .deterministic()
    case TACTILE_LOOP_LIVE.rawValue: driving = .live(queue: DispatchQueue(label: "tactile.app.loop", qos: .userInteractive))
    case let mode: return fail(TACTILE_ERR_OUT_OF_RANGE, "unknown loop_mode \(mode)")
    }
    var routing = TouchRouter.Configuration()
    var rawInput = false
    if let c = config?.pointee {
        guard c.flags & ~UInt32(TACTILE_APP_RAW_INPUT.rawValue) == 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "unknown flags \(c.flags)")
        }
        rawInput = c.flags & UInt32(TACTILE_APP_RAW_INPUT.rawValue) != 0
        guard c.touch_capacity <= 1024 else { return fail(TACTILE_ERR_OUT_OF_RANGE, "touch_capacity \(c.touch_capacity) exceeds 1024") }
        guard c.tap_distance.isFinite, c.tap_distance >= 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "tap_distance \(c.tap_distance) is not a finite distance")
        }
        if c.touch_capacity > 0 { routing.capacity = Int(c.touch_capacity) }
        if c.tap_interval_ns > 0 { routing.tapInterval = c.tap_interval_ns }
        if c.tap_distance > 0 { routing.tapDistance = c.tap_distance }
    }
    let app = makeApp(queueCapacity: capacity == 0 ? 4096 : capacity, driving: driving, routing: routing, rawInput: rawInput,
                      reuse: reuse)
    guard let id = AppRegistry.insert(app) else {
        return fail(TACTILE_ERR_LIMIT, "too many live apps (\(AppRegistry.slotCount))")
    }
    out.pointee = tactile_app(id: id)
    return TACTILE_OK
}

/// A new app; a deterministic one gets a destroyed app's queue and router when the pool keeps them (`reuse`).
private func makeApp(queueCapacity: Int, driving: MainRunLoop.Driving, routing: TouchRouter.Configuration, rawInput: Bool,
                     reuse: Bool) -> CApp {
    var kept: AppPool.Parts?
    if reuse, case .deterministic = driving { kept = AppPool.take(queueCapacity: queueCapacity, routing: routing) }
    let events = kept?.events ?? EventQueue(capacity: queueCapacity)
    let router = kept?.router ?? TouchRouter(tree: ViewTree(), configuration: routing)
    return CApp(events: events, loop: MainRunLoop(events: events, driving: driving), router: router, rawInput: rawInput)
}

@_cdecl("tactile_app_destroy")
public func capiAppDestroy(_ app: tactile_app) -> tactile_status {
    guard let removed = AppRegistry.remove(app.id) else { return invalidHandle(app) }
    removed.loop.stop()
    AppPool.retire(removed)
    return TACTILE_OK
}

@_cdecl("tactile_app_set_input_handler")
public func capiSetInputHandler(_ handle: tactile_app, _ fn: tactile_input_fn?, _ user: UnsafeMutableRawPointer?)
    -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    app.inputTap = fn.map { fn in
        { batch in batch.withMemoryRebound(to: tactile_event.self) { fn(user, $0.baseAddress, $0.count) } }
    }
    return TACTILE_OK
}

/// Runs a deterministic-loop call, mapping misuse to statuses. The app is not retained (the step path is what
/// a spinning consumer pays per idle iteration).
private func drive(_ handle: tactile_app, _ body: (MainRunLoop) throws(RunLoopError) -> Void) -> tactile_status {
    let status = AppRegistry.withApp(handle.id) { app -> tactile_status in
        do throws(RunLoopError) {
            try body(app.loop)
            return TACTILE_OK
        } catch .wrongDriving {
            return fail(TACTILE_ERR_INVALID_STATE, "the app's loop is live; step/advance need a deterministic loop", app: app)
        } catch .reentrantCall {
            return fail(TACTILE_ERR_INVALID_STATE, "the loop cannot be stepped from inside its own callback", app: app)
        } catch .didNotBecomeIdle(let n) {
            return fail(TACTILE_ERR_INVALID_STATE, "the loop still had work after \(n) iterations", app: app)
        } catch {
            return fail(TACTILE_ERR_INVALID_STATE, "\(error)", app: app)
        }
    }
    return status ?? invalidHandle(handle)
}

@_cdecl("tactile_app_step")
public func capiStep(_ app: tactile_app) -> tactile_status { drive(app) { loop throws(RunLoopError) in try loop.step() } }

@_cdecl("tactile_app_run_until_idle")
public func capiRunUntilIdle(_ app: tactile_app) -> tactile_status {
    drive(app) { loop throws(RunLoopError) in try loop.runUntilIdle() }
}

@_cdecl("tactile_app_advance")
public func capiAdvance(_ app: tactile_app, _ ns: UInt64) -> tactile_status {
    drive(app) { loop throws(RunLoopError) in try loop.advance(by: ns) }
}

@_cdecl("tactile_app_start_live")
public func capiStartLive(_ handle: tactile_app) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    do {
        try app.loop.start()
        return TACTILE_OK
    } catch .alreadyRunning {
        return fail(TACTILE_ERR_INVALID_STATE, "the loop is already running", app: app)
    } catch {
        return fail(TACTILE_ERR_INVALID_STATE, "the app was created with a deterministic loop", app: app)
    }
}

@_cdecl("tactile_app_stop")
public func capiStop(_ handle: tactile_app) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    app.loop.stop()
    return TACTILE_OK
}

@_cdecl("tactile_post")
public func capiPost(_ handle: tactile_app, _ event: UnsafePointer<tactile_event>?) -> tactile_status {
    guard let queue = AppRegistry.queue(handle.id), let event else { return refusePost(handle, event, .posted) }
    let outcome = event.withMemoryRebound(to: EventRecord.self, capacity: 1) { record in
        queue._withUnsafeGuaranteedRef { $0.tryPost(record.pointee) }
    }
    return outcome == .posted ? TACTILE_OK : refusePost(handle, event, outcome)
}

/// The slow path of `tactile_post`: a bad handle, a NULL event, or a refused record.
@inline(never)
private func refusePost(_ handle: tactile_app, _ event: UnsafePointer<tactile_event>?, _ outcome: EventQueue.PostOutcome)
    -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    guard event != nil else { return fail(TACTILE_ERR_NULL_ARGUMENT, "event is NULL", app: app) }
    switch outcome {
    case .posted: return TACTILE_OK
    case .full: return fail(EventQueue.PostError.full, app: app)
    case .unknownCode: return fail(.invalid(.unknownCode, index: 0), app: app)
    case .nonFiniteValue: return fail(.invalid(.nonFiniteValue, index: 0), app: app)
    }
}

@_cdecl("tactile_post_batch")
public func capiPostBatch(_ handle: tactile_app, _ events: UnsafePointer<tactile_event>?, _ count: Int,
                          _ posted: UnsafeMutablePointer<Int>?) -> tactile_status {
    posted?.pointee = 0
    // The queue unretained, as in `tactile_post`: retaining the app would write its reference count — on the
    // cache line holding the fields the consumer reads on every step — from the producer's thread on every call
    // (and on every retry against a full queue), slowing the consumer exactly when it needs to catch up.
    guard let queue = AppRegistry.queue(handle.id), let events, count > 0 else {
        guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
        if count == 0 { return TACTILE_OK }
        guard events != nil else { return fail(TACTILE_ERR_NULL_ARGUMENT, "events is NULL", app: app) }
        return fail(TACTILE_ERR_OUT_OF_RANGE, "count \(count) is too large", app: app)
    }
    let refused = withRecords(events, count) { records in
        queue._withUnsafeGuaranteedRef { q -> EventQueue.PostError? in
            do throws(EventQueue.PostError) {
                try q.post(contentsOf: records)
                return nil
            } catch {
                return error
            }
        }
    }
    if let refused {
        guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
        return fail(refused, app: app)
    }
    posted?.pointee = count
    return TACTILE_OK
}

@_cdecl("tactile_app_counters")
public func capiCounters(_ handle: tactile_app, _ out: UnsafeMutablePointer<tactile_counters>?) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_counters is NULL", app: app) }
    let c = app.events.counters
    out.pointee = tactile_counters(
        posted: c.posted, drained: c.drained, rejected_full: c.rejectedFull, rejected_invalid: c.rejectedInvalid,
        coalesced: c.coalesced, wake_signals: c.wakeSignals, iterations: app.loop.iterationCount,
        errors: app.failureCount, delivered: app.delivered.load(ordering: .relaxed))
    return TACTILE_OK
}

@_cdecl("tactile_noop")
public func capiNoop() {}
