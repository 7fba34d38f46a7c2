/// A producer-side helper that applies Tactile's policy for a full ``EventQueue``.
///
/// The policy (DESIGN-BAD-INPUT): began, ended, cancelled, motion and system records are never
/// dropped: when the queue is full they are refused with ``EventQueue/PostError/full`` and the producer
/// retries. Only `.moved` samples may be merged: a move that finds the queue full is held here, and a later
/// move of the same finger replaces it (counted as `coalesced`), the way UIKit hands a view only the latest
/// position per frame. Held moves go out first, in the order they were first held, on the next post or
/// ``flush()``, so a finger's ended can never overtake its last move.
///
/// One instance per producing thread; it is not shared.
public final class CoalescingProducer {
    /// What happened to a posted record.
    public enum Outcome: Sendable, Hashable {
        /// Enqueued.
        case posted
        /// A move held because the queue is full; it goes out on a later post or flush.
        case deferred
        /// A move that replaced a held move of the same finger (the older one is counted as coalesced).
        case coalesced
    }

    public let queue: EventQueue
    /// How many fingers' moves can be held at once; beyond that a move is refused like any other record.
    public let maxHeldMoves: Int
    private var held: [EventRecord] = []

    public init(queue: EventQueue, maxHeldMoves: Int = 32) {
        precondition(maxHeldMoves > 0, "maxHeldMoves must be positive")
        self.queue = queue
        self.maxHeldMoves = maxHeldMoves
        held.reserveCapacity(maxHeldMoves)
    }

    /// Held moves not yet in the queue.
    public var heldCount: Int { held.count }

    /// Posts `event` under the coalescing policy.
    /// - Throws: ``EventQueue/PostError/full`` for a non-move record (or a move when the hold is full)
    ///   while the queue is full; ``EventQueue/PostError/invalid(_:index:)`` for a malformed record.
    @discardableResult
    public func post(_ event: EventRecord) throws(EventQueue.PostError) -> Outcome {
        if let bad = event.validate() {
            queue.noteInvalid()
            throw .invalid(bad, index: 0)
        }
        if flush(), queue.postValidated(event) { return .posted }
        guard event.isTouchMove else {
            queue.noteRejectedFull(1)
            throw .full
        }
        if let i = held.firstIndex(where: { $0.touchID == event.touchID && $0.windowID == event.windowID }) {
            held[i] = event
            queue.noteCoalesced(1)
            return .coalesced
        }
        guard held.count < maxHeldMoves else {
            queue.noteRejectedFull(1)
            throw .full
        }
        held.append(event)
        return .deferred
    }

    /// Posts the held moves, oldest first. Returns true when none is left.
    @discardableResult
    public func flush() -> Bool {
        var sent = 0
        while sent < held.count, queue.postValidated(held[sent]) { sent += 1 }
        if sent > 0 { held.removeFirst(sent) }
        return held.isEmpty
    }

    deinit {
        // Moves still held were never enqueued: count them as refused for lack of room, not silently lost.
        if !held.isEmpty { queue.noteRejectedFull(UInt64(held.count)) }
    }
}
