import Foundation
import Synchronization
import Testing
import TactileCore

/// The app's event queue (AG-F-01, AG-F-05; DESIGN-BAD-INPUT).
@Suite("EventQueue")
struct EventQueueTests {
    static func move(_ id: UInt32, _ i: Int, window: UInt32 = 0) -> EventRecord {
        .touch(id, .moved, window: window, x: Double(i), y: 0, timestamp: UInt64(i))
    }

    /// Drains everything currently published.
    static func drainAll(_ queue: EventQueue) -> [EventRecord] {
        var out: [EventRecord] = []
        queue.drain { out.append(contentsOf: $0) }
        return out
    }

    @Test("AG-F-01 events leave the queue from the head, in FIFO order")
    func f01FIFO() throws {
        let queue = EventQueue(capacity: 64)
        for i in 0..<50 { try queue.post(Self.move(1, i)) }
        let out = Self.drainAll(queue)
        #expect(out.map(\.timestamp) == (0..<50).map(UInt64.init))
        #expect(queue.isEmpty)
        #expect(queue.counters.posted == 50 && queue.counters.drained == 50)
    }

    @Test("AG-M-03 a drain batch never splits a frame (touch records of one timestamp) at its end")
    func m03FramesStayWhole() throws {
        let queue = EventQueue(capacity: 1024, batchCapacity: 16)
        var records: [EventRecord] = []
        for frame in 0..<40 {
            for finger in 0..<5 { records.append(.touch(UInt32(finger), .moved, x: 1, y: 1, timestamp: UInt64(frame))) }
        }
        try queue.post(contentsOf: records)
        var batches: [[UInt64]] = []
        let drained = queue.drain { batch in batches.append(batch.map(\.timestamp)) }
        #expect(drained == 200)
        for batch in batches {
            #expect(batch.count % 5 == 0, "a batch ended inside a frame: \(batch)")
        }
        #expect(batches.flatMap { $0 } == records.map(\.timestamp))
        // A frame longer than a batch is split rather than stalled.
        let big = EventQueue(capacity: 64, batchCapacity: 4)
        try big.post(contentsOf: (0..<10).map { EventRecord.touch(UInt32($0), .moved, x: 0, y: 0, timestamp: 7) })
        #expect(big.drain { _ in } == 10)
    }

    @Test("AG-F-01 FIFO holds across many laps of the ring")
    func fifoAcrossWraparound() throws {
        let queue = EventQueue(capacity: 8, batchCapacity: 3)
        var expected: UInt64 = 0
        for lap in 0..<100 {
            for i in 0..<(lap % 8 + 1) { try queue.post(Self.move(1, lap * 8 + i)) }
            for record in Self.drainAll(queue) {
                #expect(record.timestamp == UInt64(record.x))
                #expect(record.timestamp >= expected)
                expected = record.timestamp + 1
            }
        }
    }

    /// With `lagging`, the consumer is also put into its lag (see `laggingConsumer`) at the start and every 10^5
    /// records, so frames held at the lag boundary and the still-time exit run against live producers.
    @Test("AG-F-05 enqueue is safe from any thread: N producers × 10^6 events, each consumed once, per-producer order kept",
          arguments: [(2, false), (4, false), (2, true)])
    func multiProducer(producers: Int, lagging: Bool) async throws {
        let perProducer = 1_000_000
        let queue = EventQueue(capacity: 1 << 12)
        let failures = Atomic<Int>(0)
        let threads = (0..<producers).map { p in
            Thread {
                for i in 0..<perProducer {
                    let event = EventRecord.touch(UInt32(p), .moved, x: Double(i), y: 0, timestamp: UInt64(i))
                    while true {
                        do {
                            try queue.post(event)
                            break
                        } catch EventQueue.PostError.full {
                            sched_yield()
                        } catch {
                            failures.add(1, ordering: .relaxed)
                            break
                        }
                    }
                }
            }
        }
        threads.forEach { $0.start() }
        var next = [UInt64](repeating: 0, count: producers)
        var outOfOrder = 0
        var received = 0
        let total = producers * perProducer
        var lagDrains = 0
        if lagging { queue.beginLagging() }
        while received < total {
            if queue.isLagging { lagDrains += 1 }
            let before = received
            let n = queue.drain { batch in
                for record in batch {
                    let p = Int(record.touchID)
                    if record.timestamp != next[p] { outOfOrder += 1 }
                    next[p] = record.timestamp + 1
                }
            }
            received += n
            if lagging, before / 100_000 != received / 100_000 { queue.beginLagging() }
            if n == 0 { sched_yield() }
        }
        if lagging { #expect(lagDrains > 0) }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(outOfOrder == 0)
        #expect(next.allSatisfy { $0 == UInt64(perProducer) })
        #expect(queue.isEmpty)
        let counters = queue.counters
        #expect(counters.posted == UInt64(total))
        #expect(counters.drained == UInt64(total))
    }

    @Test("A full queue refuses with .full (no trap), counts it, and enqueues nothing")
    func fullQueue() throws {
        let queue = EventQueue(capacity: 4)
        for i in 0..<4 { try queue.post(Self.move(1, i)) }
        #expect(throws: EventQueue.PostError.full) {
            try queue.post(.touch(2, .began, x: 0, y: 0, timestamp: 9))
        }
        #expect(queue.counters.rejectedFull == 1)
        #expect(queue.counters.posted == 4)
        #expect(Self.drainAll(queue).map(\.timestamp) == [0, 1, 2, 3])
        try queue.post(.touch(2, .began, x: 0, y: 0, timestamp: 9))
        #expect(Self.drainAll(queue).map(\.timestamp) == [9])
    }

    @Test("Malformed records (NaN/∞ coordinates, unknown codes) are refused and counted")
    func invalidRecords() throws {
        let queue = EventQueue(capacity: 8)
        #expect(throws: EventQueue.PostError.invalid(.nonFiniteValue, index: 0)) {
            try queue.post(.touch(1, .began, x: .nan, y: 0, timestamp: 0))
        }
        #expect(throws: EventQueue.PostError.invalid(.nonFiniteValue, index: 0)) {
            try queue.post(.touch(1, .began, x: 0, y: -.infinity, timestamp: 0))
        }
        #expect(throws: EventQueue.PostError.invalid(.nonFiniteValue, index: 0)) {
            try queue.post(.touch(1, .began, x: 0, y: 0, timestamp: 0, force: .nan))
        }
        for kind in [EventRecord.Kind.touch, .motion, .system] {
            #expect(throws: EventQueue.PostError.invalid(.unknownCode, index: 0)) {
                try queue.post(EventRecord(kind: kind, code: 200, timestamp: 0))
            }
        }
        #expect(queue.counters.rejectedInvalid == 6)
        #expect(queue.counters.posted == 0)
        #expect(queue.isEmpty)
    }

    @Test("A batch is posted whole, in order, with one claim; a bad record rejects the whole batch")
    func batchPost() throws {
        let queue = EventQueue(capacity: 16, batchCapacity: 4)
        try queue.post(contentsOf: (0..<10).map { Self.move(1, $0) })
        var bad = (0..<5).map { Self.move(1, 100 + $0) }
        bad[3].y = .nan
        #expect(throws: EventQueue.PostError.invalid(.nonFiniteValue, index: 3)) { try queue.post(contentsOf: bad) }
        #expect(throws: EventQueue.PostError.full) {
            try queue.post(contentsOf: (0..<7).map { Self.move(1, 200 + $0) })
        }
        #expect(throws: EventQueue.PostError.batchExceedsCapacity) {
            try queue.post(contentsOf: (0..<17).map { Self.move(1, 300 + $0) })
        }
        var batches: [Int] = []
        var seen: [UInt64] = []
        queue.drain { batch in
            batches.append(batch.count)
            seen += batch.map(\.timestamp)
        }
        #expect(seen == (0..<10).map(UInt64.init))
        #expect(batches == [4, 4, 2], "drains in batches of at most batchCapacity")
        let counters = queue.counters
        #expect(counters.rejectedInvalid == 5 && counters.rejectedFull == 24 && counters.posted == 10)
    }

    @Test("drain(limit:) takes at most the limit and leaves the rest in order")
    func drainLimit() throws {
        let queue = EventQueue(capacity: 16, batchCapacity: 4)
        try queue.post(contentsOf: (0..<10).map { Self.move(1, $0) })
        var first: [UInt64] = []
        #expect(queue.drain(limit: 6) { first += $0.map(\.timestamp) } == 6)
        #expect(first == [0, 1, 2, 3, 4, 5])
        #expect(Self.drainAll(queue).map(\.timestamp) == [6, 7, 8, 9])
    }

    @Test("Wake-ups: an awake consumer gets no signal; a sleeping one gets one per burst (10^5 posts)")
    func wakeCoalescing() throws {
        let queue = EventQueue(capacity: 1 << 17)
        let signals = Atomic<Int>(0)
        #expect(queue.installWakeHandler { signals.add(1, ordering: .relaxed) })
        #expect(!queue.installWakeHandler {}, "the wake handler is installed once (producers read it lock-free)")
        for i in 0..<100_000 { try queue.post(Self.move(1, i)) }
        #expect(signals.load(ordering: .relaxed) == 0, "no signal while the consumer is awake")
        #expect(!queue.prepareToSleep(), "pending work keeps the consumer awake")
        _ = Self.drainAll(queue)
        #expect(queue.prepareToSleep())
        for i in 0..<100_000 { try queue.post(Self.move(1, i)) }
        #expect(signals.load(ordering: .relaxed) == 1, "one signal for the whole burst")
        #expect(queue.counters.wakeSignals == 1)
        _ = Self.drainAll(queue)
        #expect(queue.prepareToSleep())
        queue.cancelSleep()
        try queue.post(Self.move(1, 0))
        #expect(signals.load(ordering: .relaxed) == 1, "a consumer that cancelled its sleep is not signalled")
    }

    @Test("Records keep every field through the queue")
    func fieldsRoundTrip() throws {
        let queue = EventQueue(capacity: 4)
        let record = EventRecord.touch(0xDEAD_BEEF, .stationary, window: 7, x: -12.5, y: 1e9, timestamp: .max,
                                       force: 0.5, radius: 3)
        try queue.post(record)
        try queue.post(.motion(.shakeCancelled, timestamp: 3))
        try queue.post(.system(.memoryWarning, timestamp: 4))
        let out = Self.drainAll(queue)
        #expect(out == [record, .motion(.shakeCancelled, timestamp: 3), .system(.memoryWarning, timestamp: 4)])
        #expect(out[0].phase == .stationary && out[1].motion == .shakeCancelled && out[2].system == .memoryWarning)
        #expect(out[0].motion == nil && out[1].phase == nil)
        #expect(MemoryLayout<EventRecord>.size == 48)
    }

    /// The CPU as /proc/cpuinfo describes it: vendor, family and whether CLFLUSHOPT is among its flags.
    static func cpuinfo() -> (vendor: String, family: Int, clflushopt: Bool)? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if line.isEmpty { break }  // the first processor's block
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        guard let vendor = fields["vendor_id"], let family = fields["cpu family"].flatMap({ Int($0) }) else { return nil }
        return (vendor, family, (fields["flags"] ?? "").split(separator: " ").contains("clflushopt"))
    }

    /// A consumer that keeps up with single posts reads up to the cell the producer writes next, and its hardware
    /// prefetchers then fetch the 128–192 cells beyond, each of which the producer must take back from the
    /// consumer's core (perf/results/queue-amd-2026-11-29.md). Lagging, the consumer takes only records
    /// `lagCells` behind `tail` while producers stream, and the rest once they slow down or stop.
    @Test("A lagging consumer stays lagCells behind tail, keeps frames whole, and takes the rest once producers stop")
    func laggingConsumer() throws {
        let lag = Int(EventQueue.lagCells)
        let queue = EventQueue(capacity: 4096, batchCapacity: 256)
        #expect(!queue.isLagging)
        queue.beginLagging()
        #expect(queue.isLagging)
        // Frames of five touches: the lag boundary (300 - 256 = 44) falls inside frame 8 (records 40–44).
        let records = (0..<300).map { EventRecord.touch(UInt32($0 % 5), .moved, x: 1, y: 1, timestamp: UInt64($0 / 5)) }
        for record in records { try queue.post(record) }
        var out: [EventRecord] = []
        queue.drain { out.append(contentsOf: $0) }
        #expect(out.count == 40, "lag \(lag): took \(out.count) of 300, the frame across the boundary held back")
        // Now the boundary (44) cuts the batch's only frame: nothing is taken while the producer may move it on...
        #expect(queue.drain { out.append(contentsOf: $0) } == 0)
        #expect(queue.isLagging)
        // ... and once a rate window passes with no record claimed (the producer stopped), the consumer stops
        // lagging and takes the rest.
        var waited = 0
        while queue.isLagging && waited < 1_000 {
            usleep(100)
            waited += 1
            queue.drain { out.append(contentsOf: $0) }
        }
        #expect(!queue.isLagging)
        #expect(out.map(\.timestamp) == records.map(\.timestamp))
        // Within lagCells of tail, records wait the same way: lagging again, a 20-record backlog is held, then taken.
        queue.beginLagging()
        let more = (0..<20).map { EventRecord.touch(0, .moved, x: 1, y: 1, timestamp: UInt64(100 + $0)) }
        for record in more { try queue.post(record) }
        #expect(queue.drain { out.append(contentsOf: $0) } == 0)
        waited = 0
        while queue.isLagging && waited < 1_000 {
            usleep(100)
            waited += 1
            queue.drain { out.append(contentsOf: $0) }
        }
        #expect(!queue.isLagging)
        #expect(out.map(\.timestamp) == (records + more).map(\.timestamp))
        #expect(queue.isEmpty)
        // A ring smaller than four lags never lags: a producer that fills it would wait out a rate window.
        let small = EventQueue(capacity: 2 * lag)
        small.beginLagging()
        #expect(!small.isLagging)
    }

    /// A producer that keeps posting, but slowly, ends the lag too: a record must not wait for `lagCells` more
    /// (under the still-time rule this replaced, a steady post every 3 µs would hold each record ~770 µs).
    @Test("A lagging consumer stops lagging when producers post slower than lagMinCellsPerWindow per window")
    func lagEndsForASlowProducer() throws {
        let queue = EventQueue(capacity: 4096, batchCapacity: 256)
        queue.beginLagging()
        #expect(queue.isLagging)
        var next = 0
        var out: [UInt64] = []
        for _ in 0..<20 { try queue.post(Self.move(1, next)); next += 1 }
        // One post per drain: each waiting drain spins `lagPollNanos`, so tail moves ~1 record a microsecond,
        // far below the window's minimum, and never stands still for a whole window.
        var drains = 0
        while queue.isLagging && drains < 10_000 {
            try queue.post(Self.move(1, next)); next += 1
            queue.drain { out.append(contentsOf: $0.map(\.timestamp)) }
            drains += 1
        }
        #expect(!queue.isLagging, "still lagging after \(drains) drains")
        #expect(next < Int(EventQueue.lagCells), "the lag ended before lagCells records arrived (\(next))")
        queue.drain { out.append(contentsOf: $0.map(\.timestamp)) }
        #expect(out == (0..<UInt64(next)).map { $0 })
    }

    /// The lag needs proof of a producer posting during the consumer's own scan: a thread that posts and then drains
    /// (a test driving the run loop by hand, a handler that posts) sees every record it posted, every time.
    @Test("A consumer that posts and drains on one thread never lags and always takes everything published")
    func noLagWithoutAConcurrentProducer() throws {
        let queue = EventQueue(capacity: 4096, batchCapacity: 256)
        var next = 0
        for lap in 0..<200 {
            let count = 1 + (lap * 37) % 700
            for _ in 0..<count { try queue.post(Self.move(1, next)); next += 1 }
            var taken: [UInt64] = []
            // The handler posts too, as a responder may: those records are taken by this drain (after a full
            // batch) or the next one, never held.
            let drained = queue.drain { batch in
                taken.append(contentsOf: batch.map(\.timestamp))
                if lap % 3 == 0, taken.count == batch.count { try? queue.post(Self.move(2, next)); next += 1 }
            }
            #expect(drained == taken.count)
            #expect(!queue.isLagging, "lap \(lap)")
            if !queue.isEmpty { queue.drain { _ in } }
            #expect(queue.isEmpty, "lap \(lap)")
        }
    }

    @Test("The consumer evicts the cells it read only on AMD family 0x17 and later with CLFLUSHOPT (per /proc/cpuinfo)")
    func consumedCellEvictionFollowsTheCPU() throws {
        #if arch(x86_64)
        let cpu = try #require(Self.cpuinfo())
        let expected = cpu.vendor == "AuthenticAMD" && cpu.family >= 0x17 && cpu.clflushopt
        #else
        let expected = false
        #endif
        let queue = EventQueue(capacity: 8)
        #expect(queue.evictsConsumedCells == expected)
        // Whatever the CPU, draining is unchanged: many laps of posts and drains keep every record, in order.
        var out: [UInt64] = []
        for lap in 0..<64 {
            for i in 0..<6 { try queue.post(Self.move(1, lap * 6 + i)) }
            queue.drain { out.append(contentsOf: $0.map(\.timestamp)) }
        }
        #expect(out == (0..<384).map(UInt64.init))
    }
}
