import CTactile
import Dispatch

// The benchmark reference consumer: `DispatchQueue.async` of one closure per event on a serial queue,
// exported so the C++ harness compares Tactile's queue against Dispatch in the same process.

private final class ReferenceQueue {
    let queue = DispatchQueue(label: "tactile.reference.dispatch", qos: .userInteractive)
}

/// A C function pointer and its context, carried into a Dispatch closure.
private struct Callback: @unchecked Sendable {
    let fn: tactile_ref_fn
    let context: UnsafeMutableRawPointer?
}

@_cdecl("tactile_ref_dispatch_create")
public func capiRefDispatchCreate() -> OpaquePointer? {
    OpaquePointer(Unmanaged.passRetained(ReferenceQueue()).toOpaque())
}

@_cdecl("tactile_ref_dispatch_async")
public func capiRefDispatchAsync(_ queue: OpaquePointer?, _ fn: tactile_ref_fn?, _ context: UnsafeMutableRawPointer?) {
    guard let queue, let fn else { return }
    let callback = Callback(fn: fn, context: context)
    Unmanaged<ReferenceQueue>.fromOpaque(UnsafeRawPointer(queue)).takeUnretainedValue().queue.async {
        callback.fn(callback.context)
    }
}

@_cdecl("tactile_ref_dispatch_destroy")
public func capiRefDispatchDestroy(_ queue: OpaquePointer?) {
    guard let queue else { return }
    let reference = Unmanaged<ReferenceQueue>.fromOpaque(UnsafeRawPointer(queue))
    reference.takeUnretainedValue().queue.sync {}
    reference.release()
}
