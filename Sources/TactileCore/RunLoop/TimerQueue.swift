import HeapModule

/// Identifies a scheduled timer or delayed perform, for cancellation.
public struct RunLoopTimerID: Sendable, Hashable {
    public let rawValue: UInt64
}

/// Timers and delayed performs of one run loop, ordered by fire date.
///
/// Rules (as `Timer` / `perform(_:with:afterDelay:)` on a run loop, AG-F-06 and AG-T-07):
/// - a timer fires only while the loop runs in one of its modes; one registered for `.common` fires in both;
/// - timers due at the same date fire in the order they were scheduled (stable);
/// - a repeating timer that missed fire dates (the loop was busy or in another mode) fires once, then keeps
///   its cadence from its original schedule, skipping the missed dates, as `Timer` does;
/// - a cancelled timer never fires again, even if it was already due.
///
/// One heap per concrete mode; a common timer sits in both and its stale entry is discarded lazily
/// (each entry carries the timer's arm count).
struct TimerQueue {
    struct Timer {
        var fireDate: UInt64
        let interval: UInt64?  // nil: one-shot
        let mode: RunLoopMode
        let action: (RunLoopTimerID) -> Void
        var arm: UInt64
    }

    private struct Entry: Comparable {
        let fireDate: UInt64
        let order: UInt64  // schedule order, for stability among equal dates
        let id: UInt64
        let arm: UInt64
        static func < (a: Entry, b: Entry) -> Bool {
            (a.fireDate, a.order) < (b.fireDate, b.order)
        }
    }

    private var timers: [UInt64: Timer] = [:]
    private var defaultHeap = Heap<Entry>()
    private var trackingHeap = Heap<Entry>()
    private var nextID: UInt64 = 1
    private var nextOrder: UInt64 = 0

    var count: Int { timers.count }

    mutating func add(fireDate: UInt64, interval: UInt64?, mode: RunLoopMode,
                      action: @escaping (RunLoopTimerID) -> Void) -> RunLoopTimerID {
        let id = nextID
        nextID += 1
        timers[id] = Timer(fireDate: fireDate, interval: interval, mode: mode, action: action, arm: 0)
        push(id)
        return RunLoopTimerID(rawValue: id)
    }

    /// Removes a timer; returns false if it was unknown (already fired one-shot, or cancelled).
    @discardableResult
    mutating func cancel(_ id: RunLoopTimerID) -> Bool {
        timers.removeValue(forKey: id.rawValue) != nil
    }

    /// The earliest fire date of a timer that runs in `mode`.
    mutating func nextFireDate(in mode: RunLoopMode) -> UInt64? {
        dropStale(in: mode)
        return heapForMode(mode) { $0.min?.fireDate }
    }

    /// Appends every timer due at `now` in `mode` to `due`, in firing order, and reschedules the repeating ones.
    /// The caller runs each through ``actionToFire(_:)``, which skips a timer cancelled in the meantime.
    mutating func takeDue(at now: UInt64, in mode: RunLoopMode, into due: inout [RunLoopTimerID]) {
        while true {
            dropStale(in: mode)
            guard let top = heapForMode(mode, { $0.min }), top.fireDate <= now else { break }
            _ = heapForMode(mode) { $0.removeMin() }
            guard var timer = timers[top.id] else { continue }
            due.append(RunLoopTimerID(rawValue: top.id))
            timer.arm += 1  // the fired entry is consumed in every mode's heap
            if let interval = timer.interval {
                let missed = (now - timer.fireDate) / interval
                timer.fireDate += (missed + 1) * interval
                timers[top.id] = timer
                push(top.id)
            } else {
                timers[top.id] = timer  // stays cancellable until it fires
            }
        }
    }

    /// The action of a timer taken by ``takeDue(at:in:into:)``, or nil if it was cancelled since; a one-shot is
    /// finished by this call. The caller runs the action (which may add or cancel timers).
    mutating func actionToFire(_ id: RunLoopTimerID) -> ((RunLoopTimerID) -> Void)? {
        guard let timer = timers[id.rawValue] else { return nil }
        if timer.interval == nil { timers[id.rawValue] = nil }
        return timer.action
    }

    private mutating func push(_ id: UInt64) {
        guard let timer = timers[id] else { return }
        let entry = Entry(fireDate: timer.fireDate, order: nextOrder, id: id, arm: timer.arm)
        nextOrder += 1
        for mode in timer.mode.concreteModes {
            heapForMode(mode) { $0.insert(entry) }
        }
    }

    private mutating func dropStale(in mode: RunLoopMode) {
        while let top = heapForMode(mode, { $0.min }) {
            if let timer = timers[top.id], timer.arm == top.arm { return }
            _ = heapForMode(mode) { $0.removeMin() }
        }
    }

    private mutating func heapForMode<R>(_ mode: RunLoopMode, _ body: (inout Heap<Entry>) -> R) -> R {
        switch mode {
        case .tracking: return body(&trackingHeap)
        case .default, .common: return body(&defaultHeap)
        }
    }
}
