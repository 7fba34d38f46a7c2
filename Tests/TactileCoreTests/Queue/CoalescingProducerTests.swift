import Foundation
import Synchronization
import Testing
import TactileCore

/// The producer-side policy for a full queue (DESIGN-BAD-INPUT: only consecutive moves of one touch may
/// be coalesced, and that is counted).
@Suite("CoalescingProducer")
struct CoalescingProducerTests {
    @Test("Moves that meet a full queue are held; a later move of the same finger replaces the held one")
    func coalescesMoves() throws {
        let queue = EventQueue(capacity: 2)
        let producer = CoalescingProducer(queue: queue)
        #expect(try producer.post(.touch(1, .began, x: 0, y: 0, timestamp: 0)) == .posted)
        #expect(try producer.post(.touch(2, .began, x: 0, y: 0, timestamp: 1)) == .posted)
        #expect(try producer.post(.touch(1, .moved, x: 1, y: 0, timestamp: 2)) == .deferred)
        #expect(try producer.post(.touch(2, .moved, x: 1, y: 0, timestamp: 3)) == .deferred)
        #expect(try producer.post(.touch(1, .moved, x: 2, y: 0, timestamp: 4)) == .coalesced)
        #expect(producer.heldCount == 2)
        #expect(queue.counters.coalesced == 1)
        // Began/ended are never held or dropped: refused while the queue is full.
        #expect(throws: EventQueue.PostError.full) { try producer.post(.touch(1, .ended, x: 2, y: 0, timestamp: 5)) }
        #expect(queue.counters.rejectedFull == 1)
        #expect(EventQueueTests.drainAll(queue).map(\.timestamp) == [0, 1])
        // The next post sends the held moves first, in the order they were first held; the ended that
        // still finds no room is refused again, not dropped.
        #expect(throws: EventQueue.PostError.full) { try producer.post(.touch(1, .ended, x: 2, y: 0, timestamp: 5)) }
        #expect(producer.heldCount == 0)
        #expect(EventQueueTests.drainAll(queue).map(\.timestamp) == [4, 3])
        #expect(try producer.post(.touch(1, .ended, x: 2, y: 0, timestamp: 5)) == .posted)
        #expect(EventQueueTests.drainAll(queue).map(\.timestamp) == [5])
        let counters = queue.counters
        #expect(counters.posted == 5 && counters.coalesced == 1 && counters.rejectedFull == 2)
    }

    @Test("A finger's ended never overtakes its held move")
    func endedAfterHeldMove() throws {
        let queue = EventQueue(capacity: 2)
        let producer = CoalescingProducer(queue: queue)
        try producer.post(.touch(1, .began, x: 0, y: 0, timestamp: 0))
        try producer.post(.touch(1, .moved, x: 1, y: 0, timestamp: 1))
        #expect(try producer.post(.touch(1, .moved, x: 2, y: 0, timestamp: 2)) == .deferred)
        #expect(throws: EventQueue.PostError.full) { try producer.post(.touch(1, .ended, x: 2, y: 0, timestamp: 3)) }
        _ = EventQueueTests.drainAll(queue)
        #expect(try producer.post(.touch(1, .ended, x: 2, y: 0, timestamp: 3)) == .posted)
        #expect(EventQueueTests.drainAll(queue).map(\.timestamp) == [2, 3])
        #expect(producer.heldCount == 0)
    }

    @Test("Malformed records are refused by the producer helper too")
    func invalidThroughProducer() {
        let queue = EventQueue(capacity: 2)
        let producer = CoalescingProducer(queue: queue)
        #expect(throws: EventQueue.PostError.invalid(.nonFiniteValue, index: 0)) {
            try producer.post(.touch(1, .moved, x: .infinity, y: 0, timestamp: 0))
        }
        #expect(queue.counters.rejectedInvalid == 1)
    }
}
