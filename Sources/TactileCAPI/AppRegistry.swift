import Synchronization
import TactileCore

/// The table behind `tactile_app` handles: a fixed number of slots, each with a generation.
///
/// A handle is `generation << 16 | (slot + 1)`; zero is never valid. Looking one up is lock-free (an
/// acquire load of the slot's word), so posting from any thread stays lock-free; creating and destroying
/// take a lock. A destroyed, stale (reused slot) or made-up handle fails the generation check.
final class AppRegistry: @unchecked Sendable {
    static let shared = AppRegistry()
    static let slotCount = 1024

    /// Per slot: `generation << 1 | live`.
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let objects: UnsafeMutablePointer<Unmanaged<CApp>?>
    private let lock = Mutex(())

    private init() {
        words = .allocate(capacity: Self.slotCount)
        objects = .allocate(capacity: Self.slotCount)
        for i in 0..<Self.slotCount {
            (words + i).initialize(to: Atomic(0))
            (objects + i).initialize(to: nil)
        }
    }

    /// Stores `app`; returns its handle id, or nil when every slot is taken.
    func insert(_ app: CApp) -> UInt64? {
        lock.withLock { _ in
            for slot in 0..<Self.slotCount {
                let word = words[slot].load(ordering: .relaxed)
                guard word & 1 == 0 else { continue }
                let generation = (word >> 1) &+ 1
                objects[slot] = .passRetained(app)
                words[slot].store(generation << 1 | 1, ordering: .releasing)
                return generation << 16 | UInt64(slot + 1)
            }
            return nil
        }
    }

    /// The live app for a handle id, or nil for a null, stale, destroyed or foreign id.
    @inline(__always)
    func lookup(_ id: UInt64) -> CApp? {
        let slot = Int(truncatingIfNeeded: id & 0xFFFF) &- 1
        guard slot >= 0, slot < Self.slotCount else { return nil }
        let generation = id >> 16
        guard generation != 0, words[slot].load(ordering: .acquiring) == generation << 1 | 1 else { return nil }
        return objects[slot]?.takeUnretainedValue()
    }

    /// Removes and returns the app for a handle id (the caller releases it).
    func remove(_ id: UInt64) -> CApp? {
        lock.withLock { _ -> CApp? in
            guard let app = lookup(id) else { return nil }
            let slot = Int(id & 0xFFFF) - 1
            words[slot].store((id >> 16) << 1, ordering: .releasing)
            let object = objects[slot]
            objects[slot] = nil
            object?.release()
            return app
        }
    }
}

/// One C-API application: its event queue and main run loop.
final class CApp: @unchecked Sendable {
    let events: EventQueue
    let loop: MainRunLoop
    /// The app's views (loop thread only).
    let tree = ViewTree()
    private let failures = Atomic<UInt64>(0)
    /// Scratch for converting a drained batch to `tactile_event`s for the input hook (loop thread only).
    let inputScratch: UnsafeMutableRawPointer

    init(events: EventQueue, loop: MainRunLoop, scratchBytes: Int) {
        self.events = events
        self.loop = loop
        inputScratch = .allocate(byteCount: scratchBytes, alignment: 16)
    }

    deinit {
        loop.stop()
        inputScratch.deallocate()
    }

    func noteFailure() { failures.wrappingAdd(1, ordering: .relaxed) }
    var failureCount: UInt64 { failures.load(ordering: .relaxed) }
}
