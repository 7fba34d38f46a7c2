import CTactile
import Synchronization
import TactileCore

/// The table behind `tactile_app` handles: a fixed number of slots, each with a generation (the storage is
/// C's, see `tactile_internal.h`, so lookups inline into the post path).
///
/// A handle is `generation << 16 | (slot + 1)`; zero is never valid. Looking one up is lock-free (an
/// acquire load of the slot's word), so posting from any thread stays lock-free; creating and destroying
/// take a lock. A destroyed, stale (reused slot) or made-up handle fails the generation check.
enum AppRegistry {
    static let slotCount = Int(TACTILE_INTERNAL_APP_SLOTS)
    private static let lock = Mutex(())

    /// Stores `app`; returns its handle id, or nil when every slot is taken.
    static func insert(_ app: CApp) -> UInt64? {
        lock.withLock { _ in
            for slot in 0..<slotCount {
                let word = tactile_internal_app_word(Int32(slot))
                guard word & 1 == 0 else { continue }
                let generation = (word >> 1) &+ 1
                tactile_internal_app_publish(Int32(slot), generation << 1 | 1, Unmanaged.passRetained(app).toOpaque(),
                                             Unmanaged.passUnretained(app.events).toOpaque())
                return generation << 16 | UInt64(slot + 1)
            }
            return nil
        }
    }

    /// The live app for a handle id, or nil for a null, stale, destroyed or foreign id.
    static func lookup(_ id: UInt64) -> CApp? {
        tactile_internal_app_object(id).map { Unmanaged<CApp>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with the live app for a handle id without retaining it (loop-thread calls: the app cannot
    /// be destroyed meanwhile, tactile.h forbids it), or returns nil for a bad id.
    @inline(__always)
    static func withApp<R>(_ id: UInt64, _ body: (CApp) -> R) -> R? {
        guard let raw = tactile_internal_app_object(id) else { return nil }
        return Unmanaged<CApp>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// The app's event queue, unretained: the lock-free post path.
    @inline(__always)
    static func queue(_ id: UInt64) -> Unmanaged<EventQueue>? {
        tactile_internal_app_queue(id).map { Unmanaged<EventQueue>.fromOpaque($0) }
    }

    /// Removes the app for a handle id and returns it (the table's reference is released).
    static func remove(_ id: UInt64) -> CApp? {
        lock.withLock { _ -> CApp? in
            let slot = tactile_internal_app_slot(id)
            guard slot >= 0, let object = tactile_internal_app_object(id) else { return nil }
            tactile_internal_app_publish(slot, (id >> 16) << 1, nil, nil)
            return Unmanaged<CApp>.fromOpaque(object).takeRetainedValue()
        }
    }
}

/// One C-API application: its event queue, main run loop, views and touch router, whose sink is the app's
/// callbacks. The queue and the router with its tree may be a destroyed app's, made as new (``AppPool``).
final class CApp: @unchecked Sendable {
    let events: EventQueue
    let loop: MainRunLoop
    /// The app's views (the router's tree).
    let tree: ViewTree
    /// Auto Layout over the views, made on the first constraint.
    lazy var layout = LayoutEngine(tree: tree)
    var hasLayout = false
    let router: TouchRouter
    /// The delivery, motion and action callbacks, the views' user data and the controls: the router's sink.
    let callbacks: CallbackSink
    /// The raw-input tap (`tactile_app_set_input_handler`). Loop-thread state: unchecked exclusivity.
    @exclusivity(unchecked) var inputTap: ((UnsafeBufferPointer<EventRecord>) -> Void)?
    private let failures = Atomic<UInt64>(0)
    /// Handler calls and motion deliveries so far: the router's counts, published after each routed batch
    /// so `tactile_app_counters` can read them from any thread.
    let delivered = Atomic<UInt64>(0)

    /// `router`: a new one, on a new tree, or a reset one (``AppPool``). `rawInput`: input goes to the tap only,
    /// nothing is routed (TACTILE_APP_RAW_INPUT).
    init(events: EventQueue, loop: MainRunLoop, router: TouchRouter, rawInput: Bool = false) {
        self.events = events
        self.loop = loop
        self.router = router
        tree = router.tree
        callbacks = CallbackSink(tree: tree)
        router.sink = callbacks
        // Unowned(unsafe), as the loop-thread entry points hold the app (`withApp`): the loop, and so this closure,
        // never outlives the app (its deinit stops the loop; tactile.h forbids destroying an app from its own
        // callbacks). A safe `unowned` reference would write the app's reference count on every drain — the
        // cache line producers read — from the consumer's thread.
        loop.inputHandler = { [unowned(unsafe) self] batch in
            self.inputTap?(batch)
            if !rawInput { self.route(batch) }
        }
    }

    deinit {
        loop.stop()
    }

    /// Driven by the caller (its queue has no wake handler): its parts can serve another app (``AppPool``).
    var isDeterministic: Bool {
        if case .deterministic = loop.driving { return true }
        return false
    }

    /// The app's objects besides its router that hold its tree: the pool keeps the tree only once they are gone.
    var treeHolders: [AnyObject] {
        var holders: [AnyObject] = [callbacks]
        if hasLayout { holders.append(layout) }
        if let scrolls = callbacks.scrolls { holders.append(scrolls) }
        if let gestures = callbacks.gestures { holders.append(gestures) }
        return holders
    }

    func noteFailure() { failures.wrappingAdd(1, ordering: .relaxed) }
    var failureCount: UInt64 { failures.load(ordering: .relaxed) }
}
