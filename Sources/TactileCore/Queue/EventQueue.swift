import CTactileCoreSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The app's event queue: a bounded, pre-allocated, lock-free multi-producer / single-consumer ring of
/// ``EventRecord``s.
///
/// UIKit's rules it serves (AG-F-01, AG-F-03, AG-F-05): the system places events in the app's queue from
/// any thread; the main run loop takes them from the head, FIFO, and sleeps when there is nothing to do.
///
/// Design:
/// - Each cell is one 64-byte cache line: an 8-byte sequence number followed by the 48-byte record, so a
///   producer's publication and its payload travel together.
/// - Producers claim a ticket with one compare-and-swap on `tail` (a batch claims `n` tickets with the same
///   CAS), write the payload, then publish it by storing `ticket + 1` into the cell's sequence (release).
/// - The consumer owns `head`. It copies a batch of published records out, then publishes `head` once per
///   batch (release); producers test for room against their copy of it on `tail`'s line, and read `head` itself
///   (acquire) only when the copy says the ring may be full. No per-event shared counter exists:
///   `posted` is `tail`, `drained` is `head`.
/// - On CPUs where it pays (AMD family 0x17 and later), the consumer evicts each cell it has read before it
///   publishes `head`, so a producer takes the next lap's lines from memory rather than from the consumer's core.
/// - While producers stream (records claimed during the consumer's own scans, three drains running), the consumer
///   lags: it takes only records `lagCells` behind `tail`, and the rest once the producers slow below 16 M
///   records/s (fewer than `lagMinCellsPerWindow` claimed in 2 µs, or none), so no record waits for more than
///   ~16 µs plus a window. A consumer that reads up to the cell a producer writes next has its hardware
///   prefetchers fetch the cells beyond, which the producer must then take back one transfer at a time (an AMD
///   EPYC: 128–192 cells, ~380 cycles each; single posts 6.4 -> 35-55 Meps). A drain of one record, or with no
///   producer running, never lags. Waiting, it polls `tail` once a microsecond (`lagPollNanos`), not to take the
///   line every claim writes.
/// - `tail`, `head`, the sleep flag, the failure counters and the consumer's private state each sit on their
///   own cache line; the object itself holds only immutable fields, so producers read it without contention.
/// - Wake-ups: the consumer advertises that it is about to sleep (`prepareToSleep()`); a producer that
///   sees the flag clears it and sends one signal through the wake handler (installed once, read lock-free),
///   so a burst costs one signal and an awake consumer none.
///
/// A full queue is an error value (``PostError/full``), never a trap, and is counted; nothing is enqueued.
public final class EventQueue: @unchecked Sendable {
    /// Why a post was refused. Nothing was enqueued; the failure was counted.
    public enum PostError: Error, Sendable, Hashable {
        /// No room: the consumer has not caught up. Retry later; began/ended/cancelled must not be dropped.
        case full
        /// A malformed record (the batch index of the first bad one).
        case invalid(EventRecord.Invalid, index: Int)
        /// A batch larger than the queue's capacity can never be enqueued whole.
        case batchExceedsCapacity
    }

    /// A snapshot of the queue's counters.
    public struct Counters: Sendable, Hashable {
        /// Records accepted (tickets claimed).
        public var posted: UInt64
        /// Records taken out by the consumer.
        public var drained: UInt64
        /// Records refused because the queue was full.
        public var rejectedFull: UInt64
        /// Records refused as malformed.
        public var rejectedInvalid: UInt64
        /// Moved samples merged into a later move of the same touch by a ``CoalescingProducer``.
        public var coalesced: UInt64
        /// Wake-up signals sent to a sleeping consumer.
        public var wakeSignals: UInt64
    }

    package static let cellSize = 64
    /// How many cells ahead a producer prefetches for writing.
    static let prefetchDistance: UInt64 = 4
    static let recordOffset = 8
    private static let lineSize = 64
    // Control block: one cache line each. The consumer line holds the consumer's private head and its
    // reentrancy flag.
    private static let tailLine = 0, headLine = 1, sleepLine = 2, countersLine = 3, consumerLine = 4, controlLines = 5
    // Counter slots inside the counters line.
    private static let fullSlot = 0, invalidSlot = 1, coalescedSlot = 2, signalSlot = 3, counterSlots = 4

    /// Number of cells (a power of two).
    public let capacity: Int
    private let mask: UInt64
    private let cells: UnsafeMutableRawPointer
    /// Bytes mapped for the cells (whole pages); 0 when the cells are a heap block (less than a page).
    private let cellBytes: Int
    private let control: UnsafeMutableRawPointer
    /// The installed wake handler: a retained ``WakeHandler`` pointer, set once (0: none).
    private let wakeHandler = Atomic<UInt>(0)
    /// The consumer's copy-out buffer.
    private let batch: UnsafeMutablePointer<EventRecord>
    /// Largest number of records handed to the drain handler at once.
    public let batchCapacity: Int
    /// Whether the consumer evicts each cell it has read from the caches (see ``drain(limit:_:)``): on AMD
    /// family 0x17 and later with CLFLUSHOPT (`tactile_cpu_prefers_consumed_line_eviction`).
    package let evictsConsumedCells = EventQueue.cpuPrefersEviction
    /// Read once per process: on a VM each CPUID exits to the hypervisor (the three here cost ~20 µs on the EPYC VM).
    private static let cpuPrefersEviction = tactile_cpu_prefers_consumed_line_eviction() != 0

    /// The cells a queue made with `capacity` has: the next power of two, at least 2.
    package static func roundedCapacity(_ capacity: Int) -> Int {
        var cap = 2
        while cap < capacity { cap <<= 1 }
        return cap
    }

    /// Creates a queue with at least `capacity` cells (rounded up to a power of two, minimum 2).
    /// - Parameter capacity: the cells (records) the ring holds; a post that finds it full fails.
    /// - Parameter batchCapacity: the most records one drain batch hands over (and one `head` publication frees).
    public init(capacity: Int = 4096, batchCapacity: Int = 256) {
        precondition(capacity > 0 && capacity <= 1 << 26, "EventQueue capacity must be in 1...2^26")
        precondition(batchCapacity > 0, "batchCapacity must be positive")
        let cap = Self.roundedCapacity(capacity)
        self.capacity = cap
        self.mask = UInt64(cap - 1)
        self.batchCapacity = batchCapacity
        // Zeroed memory is an empty ring (sequence 0 = not published: a published cell holds its ticket + 1), so
        // the cells are an anonymous mapping, untouched: its zero pages cost nothing until a post writes them.
        // Initializing 4,096 cells touched 256 KB per queue; `calloc` of the same size still cost the c-api fuzzer
        // 37 µs per queue under AddressSanitizer (poisoning 32 KB of shadow, then quarantine and unmapping on
        // free) against 8 µs for a mapping, which also faults on any access after the queue is gone. Less than a
        // page of cells is a zeroed heap block instead: a mapping's two system calls cost more than that (the trace
        // runner's 2-cell motion queue, made per fuzz input, was 1.7% of the touch-sequences fuzzer).
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        if cap * Self.cellSize < page {
            cellBytes = 0
            cells = UnsafeMutableRawPointer.allocate(byteCount: cap * Self.cellSize, alignment: Self.lineSize)
            cells.initializeMemory(as: UInt8.self, repeating: 0, count: cap * Self.cellSize)
        } else {
            cellBytes = (cap * Self.cellSize + page - 1) / page * page
            let mapped = mmap(nil, cellBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let mapped, mapped != MAP_FAILED else { fatalError("EventQueue: cannot map \(cap) cells") }
            cells = mapped  // page-aligned, so every cell is one cache line
        }
        for i in 0..<cap {  // binding only: the zero bytes are each cell's Atomic(0) sequence and a blank record
            (cells + i * Self.cellSize).bindMemory(to: Atomic<UInt64>.self, capacity: 1)
            (cells + i * Self.cellSize + Self.recordOffset).bindMemory(to: EventRecord.self, capacity: 1)
        }
        control = UnsafeMutableRawPointer.allocate(byteCount: Self.controlLines * Self.lineSize, alignment: Self.lineSize)
        memset(control, 0, Self.controlLines * Self.lineSize)  // padding too: a new control block is all zero
        for line in [Self.tailLine, Self.headLine, Self.sleepLine, Self.consumerLine] {
            (control + line * Self.lineSize).bindMemory(to: Atomic<UInt64>.self, capacity: 1).initialize(to: Atomic(0))
        }
        (control + Self.tailLine * Self.lineSize + 8).bindMemory(to: Atomic<UInt64>.self, capacity: 1).initialize(to: Atomic(0))
        (control + Self.consumerLine * Self.lineSize + 8).bindMemory(to: Bool.self, capacity: 1).initialize(to: false)
        let counters = (control + Self.countersLine * Self.lineSize).bindMemory(to: Atomic<UInt64>.self, capacity: Self.counterSlots)
        for i in 0..<Self.counterSlots { (counters + i).initialize(to: Atomic(0)) }
        batch = .allocate(capacity: batchCapacity)
    }

    deinit {
        let handler = wakeHandler.load(ordering: .acquiring)
        if handler != 0 { Unmanaged<WakeHandler>.fromOpaque(UnsafeRawPointer(bitPattern: handler)!).release() }
        if cellBytes > 0 { munmap(cells, cellBytes) } else { cells.deallocate() }
        control.deallocate()
        batch.deallocate()
    }

    // MARK: - Shared words

    @inline(__always) private func word(_ line: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        (control + line * Self.lineSize).assumingMemoryBound(to: Atomic<UInt64>.self)
    }
    @inline(__always) private var tail: UnsafeMutablePointer<Atomic<UInt64>> { word(Self.tailLine) }
    @inline(__always) private var head: UnsafeMutablePointer<Atomic<UInt64>> { word(Self.headLine) }
    @inline(__always) private var sleeping: UnsafeMutablePointer<Atomic<UInt64>> { word(Self.sleepLine) }
    /// The producers' last copy of `head` (on `tail`'s line; never ahead of `head`).
    @inline(__always) private var knownHead: UnsafeMutablePointer<Atomic<UInt64>> {
        (control + Self.tailLine * Self.lineSize + 8).assumingMemoryBound(to: Atomic<UInt64>.self)
    }
    /// The consumer's head: how far it has taken records (consumer only; `head` is its published copy).
    private var consumerHead: UInt64 {
        get { (control + Self.consumerLine * Self.lineSize).assumingMemoryBound(to: UInt64.self).pointee }
        set { (control + Self.consumerLine * Self.lineSize).assumingMemoryBound(to: UInt64.self).pointee = newValue }
    }
    private var draining: Bool {
        get { (control + Self.consumerLine * Self.lineSize + 8).assumingMemoryBound(to: Bool.self).pointee }
        set { (control + Self.consumerLine * Self.lineSize + 8).assumingMemoryBound(to: Bool.self).pointee = newValue }
    }
    /// The consumer's lag state (see ``drain(limit:_:)``), in the consumer's line: slot 2 counts consecutive drains
    /// that saw a producer post during their scan (`lagEvidence`); slot 3 is 1 while the consumer lags; slots 4 and
    /// 5 are the `tail` and the time (monotonic ns) at which the current rate window began. Zero in a new queue.
    @inline(__always) private func consumerSlot(_ i: Int) -> UnsafeMutablePointer<UInt64> {
        (control + Self.consumerLine * Self.lineSize + 8 * i).assumingMemoryBound(to: UInt64.self)
    }
    /// Whether the consumer is lagging behind a streaming producer (see ``drain(limit:_:)``). Consumer only.
    package var isLagging: Bool { consumerSlot(3).pointee != 0 }
    /// Starts lagging as if producers had been seen posting during `lagEvidence` drains (a ring too small to lag
    /// ignores it). For tests, which cannot time a post into a drain's scan. Consumer only.
    package func beginLagging() {
        if mayLag { consumerSlot(3).pointee = 1 }
    }
    @inline(__always) private func counter(_ slot: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        word(Self.countersLine) + slot
    }
    @inline(__always) private func sequence(_ position: UInt64) -> UnsafeMutablePointer<Atomic<UInt64>> {
        (cells + Int(position & mask) * Self.cellSize).assumingMemoryBound(to: Atomic<UInt64>.self)
    }
    @inline(__always) private func record(_ position: UInt64) -> UnsafeMutablePointer<EventRecord> {
        (cells + Int(position & mask) * Self.cellSize + Self.recordOffset).assumingMemoryBound(to: EventRecord.self)
    }

    // MARK: - Reuse

    /// Makes the queue as a new one: empty, every counter zero, each cell ever written zeroed again (as the new
    /// mapping's pages were), in the memory it has. The C API's app pool hands a destroyed app's queue to the next
    /// app this way. Only with no producer and no consumer at work, and never on a queue with a wake handler (it
    /// is installed once, by a live loop). ``differenceFromNew(thorough:)`` checks the result.
    package func reset() {
        precondition(wakeHandler.load(ordering: .acquiring) == 0, "EventQueue.reset(): the queue has a wake handler")
        // Positions 0 ..< tail were claimed; they name cells 0 ..< min(tail, capacity).
        let written = Int(min(tail.pointee.load(ordering: .acquiring), UInt64(capacity)))
        memset(cells, 0, written * Self.cellSize)
        memset(control, 0, Self.controlLines * Self.lineSize)
        cellsZeroedByReset = written
    }

    /// The cells are a mapping of their own, not a heap block (a ring of a page or more).
    package var cellsAreMapped: Bool { cellBytes > 0 }

    /// Cells the last ``reset()`` zeroed (the others were zero already: untouched since the one before).
    private var cellsZeroedByReset = 0

    /// The first way this queue differs from a new one (nil: none): no wake handler, its control block zero and
    /// its cells zero, byte by byte — every cell when `thorough`, else those the last reset zeroed. The check
    /// behind ``reset()``.
    package func differenceFromNew(thorough: Bool) -> String? {
        if wakeHandler.load(ordering: .acquiring) != 0 { return "the queue has a wake handler" }
        func isZero(_ p: UnsafeMutableRawPointer, _ bytes: Int) -> Bool {
            let words = UnsafeBufferPointer(start: p.assumingMemoryBound(to: UInt64.self), count: bytes / 8)
            return words.allSatisfy { $0 == 0 }
        }
        if !isZero(control, Self.controlLines * Self.lineSize) { return "the control block is not zero (positions or counters)" }
        if !isZero(cells, (thorough ? capacity : cellsZeroedByReset) * Self.cellSize) { return "a cell is not zero" }
        return nil
    }

    // MARK: - Producers (any thread)

    /// The outcome of ``tryPost(_:)``: the non-throwing form of ``post(_:)`` for front ends (the C API).
    @usableFromInline package enum PostOutcome: UInt8, Sendable {
        case posted, full, unknownCode, nonFiniteValue
    }

    /// Posts one record. Lock-free; safe from any thread.
    /// - Throws: ``PostError/full`` when there is no room, ``PostError/invalid(_:index:)`` for a malformed
    ///   record. Either way nothing was enqueued and the failure was counted.
    @inlinable @inline(__always)
    public func post(_ event: EventRecord) throws(PostError) {
        switch tryPost(event) {
        case .posted: return
        case .full: throw .full
        case .unknownCode: throw .invalid(.unknownCode, index: 0)
        case .nonFiniteValue: throw .invalid(.nonFiniteValue, index: 0)
        }
    }

    /// Posts one record and reports the outcome as a value (failures counted, nothing enqueued).
    @inlinable @inline(__always)
    package func tryPost(_ event: EventRecord) -> PostOutcome {
        if let bad = event.validate() {
            noteInvalid()
            return bad == .unknownCode ? .unknownCode : .nonFiniteValue
        }
        guard postValidated(event) else {
            noteRejectedFull(1)
            return .full
        }
        return .posted
    }

    /// Enqueues a record already checked with ``EventRecord/validate()``; false when full (not counted:
    /// the caller decides whether the record is refused or held).
    @usableFromInline
    func postValidated(_ event: EventRecord) -> Bool {
        guard let ticket = claim(1) else { return false }
        // Take ownership of a cell a few posts ahead now, so that line's transfer from the consumer's core
        // overlaps this post instead of stalling a later one.
        tactile_prefetch_for_write(sequence(ticket &+ Self.prefetchDistance))
        withUnsafePointer(to: event) { tactile_store_record(record(ticket), $0) }
        sequence(ticket).pointee.store(ticket &+ 1, ordering: .releasing)
        wakeConsumerIfSleeping()
        return true
    }

    /// Posts `events` as one contiguous, ordered batch: all of them or none. One CAS claims the batch.
    /// - Throws: ``PostError/invalid(_:index:)`` if any record is malformed (the batch is refused whole),
    ///   ``PostError/full`` if the batch does not fit now, ``PostError/batchExceedsCapacity`` if it never can.
    public func post(contentsOf events: UnsafeBufferPointer<EventRecord>) throws(PostError) {
        let n = events.count
        if n == 0 { return }
        for i in 0..<n {
            if let bad = events[i].validate() {
                counter(Self.invalidSlot).pointee.wrappingAdd(UInt64(n), ordering: .relaxed)
                throw .invalid(bad, index: i)
            }
        }
        guard n <= capacity else {
            noteRejectedFull(UInt64(n))
            throw .batchExceedsCapacity
        }
        guard let first = claim(UInt64(n)) else {
            noteRejectedFull(UInt64(n))
            throw .full
        }
        // Each record's parts in ascending address order (`tactile_store_record`: Swift's copy stored them last
        // first, which cost 1.6x on an AMD EPYC while the consumer's core held the cells).
        let source = events.baseAddress!
        for i in 0..<n { tactile_store_record(record(first &+ UInt64(i)), source + i) }
        // Publish in order so the consumer can take a prefix while the rest is still being written.
        for i in 0..<n {
            let ticket = first &+ UInt64(i)
            sequence(ticket).pointee.store(ticket &+ 1, ordering: .releasing)
        }
        wakeConsumerIfSleeping()
    }

    /// Posts `events` as one ordered batch, all or none; see ``post(contentsOf:)-(UnsafeBufferPointer<EventRecord>)``.
    public func post(contentsOf events: [EventRecord]) throws(PostError) {
        var failure: PostError?
        events.withUnsafeBufferPointer { buffer in
            do throws(PostError) { try post(contentsOf: buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Claims `n` consecutive tickets with one CAS, or returns nil when they do not fit.
    ///
    /// Room is tested against the producers' copy of `head` (``knownHead``, on `tail`'s line, which the CAS owns
    /// anyway), and `head` itself — a line the consumer writes once per drain — is read only when that copy says
    /// the ring may be full. Reading `head` on every post cost a cross-core miss per post whenever the consumer
    /// kept up (small drains): half the single-post throughput on an AMD EPYC.
    @inline(__always)
    private func claim(_ n: UInt64) -> UInt64? {
        var position = tail.pointee.load(ordering: .relaxed)
        // Acquire pairs with the release below: the copy's cells were read by the consumer (transitively, through
        // the producer that copied `head` with acquire).
        var consumed = knownHead.pointee.load(ordering: .acquiring)
        while true {
            if position &+ n &- consumed > UInt64(capacity) {
                // Acquire pairs with the consumer's release of `head`: those cells' records have been read.
                let fresh = head.pointee.load(ordering: .acquiring)
                if fresh != consumed {
                    consumed = fresh
                    knownHead.pointee.store(fresh, ordering: .releasing)
                    continue
                }
                let current = tail.pointee.load(ordering: .relaxed)
                if current != position { position = current; continue }
                return nil
            }
            // Sequentially consistent: pairs with the consumer's flag store + tail load in prepareToSleep().
            let (won, seen) = tail.pointee.compareExchange(
                expected: position, desired: position &+ n, ordering: .sequentiallyConsistent)
            if won { return position }
            position = seen
        }
    }

    @inline(__always)
    private func wakeConsumerIfSleeping() {
        guard sleeping.pointee.load(ordering: .sequentiallyConsistent) != 0 else { return }
        guard sleeping.pointee.exchange(0, ordering: .sequentiallyConsistent) != 0 else { return }
        counter(Self.signalSlot).pointee.wrappingAdd(1, ordering: .relaxed)
        let handler = wakeHandler.load(ordering: .acquiring)
        guard handler != 0 else { return }
        Unmanaged<WakeHandler>.fromOpaque(UnsafeRawPointer(bitPattern: handler)!)._withUnsafeGuaranteedRef { $0.wake() }
    }

    @usableFromInline func noteInvalid() { counter(Self.invalidSlot).pointee.wrappingAdd(1, ordering: .relaxed) }
    /// Counts `n` records refused for lack of room.
    @usableFromInline func noteRejectedFull(_ n: UInt64) { counter(Self.fullSlot).pointee.wrappingAdd(n, ordering: .relaxed) }
    /// Counts `n` moved samples merged by a producer-side coalescer.
    func noteCoalesced(_ n: UInt64) { counter(Self.coalescedSlot).pointee.wrappingAdd(n, ordering: .relaxed) }

    // MARK: - Consumer (one thread or serial queue at a time)

    /// Installs the closure a producer calls (once per burst) to wake a sleeping consumer. It can be installed
    /// once per queue, so producers read it without a lock; returns false if one was already installed.
    /// Any thread.
    @discardableResult
    package func installWakeHandler(_ wake: @escaping @Sendable () -> Void) -> Bool {
        let handler = Unmanaged.passRetained(WakeHandler(wake))
        let bits = UInt(bitPattern: handler.toOpaque())
        guard wakeHandler.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged else {
            handler.release()
            return false
        }
        return true
    }

    /// True when no record is claimed or published beyond what the consumer has taken. Consumer only.
    public var isEmpty: Bool { tail.pointee.load(ordering: .acquiring) == consumerHead }

    /// True when the record at the head is published and ready to drain. Unlike ``isEmpty`` it reads the head
    /// cell, which a producer writes once per record, not `tail`, which every post claims: a consumer polling
    /// it in a tight loop does not slow the producers down. Consumer only.
    @inline(__always)
    package var hasPublishedRecord: Bool {
        sequence(consumerHead).pointee.load(ordering: .acquiring) == consumerHead &+ 1
    }

    /// The longest trailing frame a drain batch holds back rather than split (see ``drain(limit:_:)``).
    static let maxHeldFrame = 64

    /// How far behind `tail` a lagging consumer stays: past the 128–192 cells an AMD EPYC's prefetchers fetch
    /// beyond a consumer's last read (perf/results/queue-amd-2026-11-29.md, "Single posts and the consumer's
    /// prefetchers").
    package static let lagCells: UInt64 = 256
    /// Only a ring of at least four lags' worth of cells lags: in a smaller one a producer that fills it would wait
    /// out a rate window of the consumer's.
    private var mayLag: Bool { UInt64(capacity) >= 4 * Self.lagCells }
    /// Consecutive drains that must see a producer post during their scan before the consumer lags.
    static let lagEvidence: UInt64 = 3
    /// The window over which a lagging consumer measures the producers' rate.
    static let lagWindowNanos: UInt64 = 2_000
    /// Fewer records claimed in a window (16 M/s) and the lag ends: a producer that slow gains nothing from it (a
    /// post to a caught-up consumer costs ~130 ns at worst), and a record held until `lagCells` more arrive would
    /// wait more than 16 µs. Under the still-time rule this replaced, a steady post every 3 µs (`latency.spin`'s
    /// producer) would have each record held ~770 µs.
    static let lagMinCellsPerWindow: UInt64 = lagCells / 8

    /// After a scan that took more than one record and stopped at the first unpublished cell (`position`; not one
    /// that stopped at the batch's size): a record claimed there now means a producer posted while the consumer
    /// scanned. Read before the handler runs, since a handler may post itself. A drain of one record (an isolated
    /// event: the consumer is idle between them) skips the read, which would delay its delivery by a transfer.
    @inline(__always)
    private func noteProducerActivity(after position: UInt64) {
        if tail.pointee.load(ordering: .relaxed) == position {
            consumerSlot(2).pointee = 0
        } else {
            consumerSlot(2).pointee &+= 1
            if consumerSlot(2).pointee >= Self.lagEvidence { consumerSlot(3).pointee = 1 }
        }
    }

    private func stopLagging() {
        for slot in 2...5 { consumerSlot(slot).pointee = 0 }
    }

    /// A lagging consumer within `lagCells` of `tail` (`claimed`), or held at a frame: true once a window of
    /// `lagWindowNanos` has passed in which producers claimed fewer than `lagMinCellsPerWindow` records
    /// (stopped or slow), so the records held back are taken. A window with more starts the next one.
    private func producersHaveSlowed(_ claimed: UInt64) -> Bool {
        let now = Self.monotonicNanos()
        let windowStart = consumerSlot(5).pointee
        if windowStart != 0 {
            if now &- windowStart < Self.lagWindowNanos { return false }
            if claimed &- consumerSlot(4).pointee < Self.lagMinCellsPerWindow { return true }
        }
        consumerSlot(4).pointee = claimed
        consumerSlot(5).pointee = now
        return false
    }

    /// How long a lagging consumer waiting within `lagCells` of `tail` spins before it polls `tail` again. Each
    /// poll takes the line every claim writes; polled every few hundred ns (a routing loop calling `drain` again
    /// at once), the producers queue behind the consumer on that line (`route.e2e` 42 -> 1.4 Meps with 8 `PAUSE`s).
    static let lagPollNanos: UInt64 = 1_000

    @inline(__always) private static func monotonicNanos() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }

    /// Spins (PAUSE, the clock) for `lagPollNanos`, touching no shared line.
    private static func waitBeforePollingTail() {
        let until = monotonicNanos() &+ lagPollNanos
        repeat {
            for _ in 0..<8 { tactile_cpu_relax() }
        } while monotonicNanos() < until
    }

    /// Takes up to `limit` published records in FIFO order, handing them to `handler` in batches of at most
    /// ``batchCapacity``. Each batch's cells are freed (one `head` publication) before `handler` runs, so
    /// producers can refill while it works. Returns the number taken. Consumer only; not reentrant.
    /// With no producer posting meanwhile it takes every published record (up to `limit`); while producers stream,
    /// it may leave the last `lagCells` claimed records for a later drain (see the type's design notes).
    @discardableResult
    public func drain(limit: Int = .max, _ handler: (UnsafeBufferPointer<EventRecord>) -> Void) -> Int {
        precondition(!draining, "EventQueue.drain is not reentrant (single consumer)")
        draining = true
        defer { draining = false }
        var total = 0
        while total < limit {
            let want = min(batchCapacity, limit - total)
            var n = 0
            var position = consumerHead
            var end = position &+ UInt64(want)  // where this batch stops at the latest
            var lagBound = false                // it stops there to stay behind a streaming producer
            var claimed: UInt64 = 0
            if isLagging {
                claimed = tail.pointee.load(ordering: .acquiring)
                if claimed &- position > Self.lagCells {
                    if claimed &- Self.lagCells &- position < UInt64(want) {
                        end = claimed &- Self.lagCells
                        lagBound = true
                    }
                } else if !producersHaveSlowed(claimed) {
                    Self.waitBeforePollingTail()
                    break
                } else {
                    stopLagging()
                }
            }
            while position != end, sequence(position).pointee.load(ordering: .acquiring) == position &+ 1 {
                batch[n] = record(position).pointee
                n += 1
                position &+= 1
            }
            if n == 0 { break }
            if mayLag, !isLagging, n > 1, position != end { noteProducerActivity(after: position) }
            // Touch records with one timestamp are one frame (one UIEvent). When a full batch ends inside one
            // (the next record is published and continues it), the frame's records here (up to
            // `maxHeldFrame`) wait for the next batch instead of being split. A batch that ends because the
            // queue ran dry is not checked: peeking at cells a producer is still writing would cost the
            // consumer a cache-line transfer per drain (latency); a frame caught half-published is rare and
            // is then delivered as two events with one timestamp.
            // A lagging consumer's batch that stops at its lag boundary is held to the same rule: more records follow.
            let full = n == want
            let last = batch[n - 1]
            if full || (lagBound && position == end), last.rawKind == EventRecord.Kind.touch.rawValue,
               sequence(position).pointee.load(ordering: .acquiring) == position &+ 1 {
                let next = record(position).pointee
                if next.sharesFrame(with: last) {
                    var k = n - 1
                    let floor = max(0, n - Self.maxHeldFrame)
                    while k > floor, batch[k - 1].sharesFrame(with: last) { k -= 1 }
                    if k > floor {
                        position &-= UInt64(n - k)
                        n = k
                    } else if !full, k == 0 {
                        // The batch is the first part of one frame: wait for the boundary to pass it, or, once the
                        // producers have slowed or stopped (the boundary may not move), stop lagging and take it whole.
                        guard producersHaveSlowed(claimed) else {
                            Self.waitBeforePollingTail()
                            break
                        }
                        stopLagging()
                        continue
                    }
                }
            }
            // The cells read are evicted where the CPU prefers it: a producer writing a line the consumer's core
            // still holds waits for that core to give it up, one line at a time (~37 ns a line on an AMD EPYC's
            // far cores); from memory its prefetchers stream the lines. Batched 1p1c, pinned, C API: 23 -> 128
            // Meps far, 92 -> 180 near; both threads on one vCPU 120-170 -> 75-100 (queue-amd-2026-11-29.md).
            if evictsConsumedCells {
                var cell = consumerHead
                while cell != position { tactile_evict_line(sequence(cell)); cell &+= 1 }
            }
            consumerHead = position
            head.pointee.store(position, ordering: .releasing)
            total += n
            handler(UnsafeBufferPointer(start: batch, count: n))
            if !full { break }
        }
        return total
    }

    /// The consumer announces it is about to sleep. Returns false (and stays awake) if a record is already
    /// claimed; otherwise the next producer to post sends exactly one wake signal. Consumer only.
    package func prepareToSleep() -> Bool {
        sleeping.pointee.store(1, ordering: .sequentiallyConsistent)
        if tail.pointee.load(ordering: .sequentiallyConsistent) != consumerHead {
            sleeping.pointee.store(0, ordering: .relaxed)
            return false
        }
        return true
    }

    /// The consumer woke for another reason (a timer); producers need not signal it. Consumer only.
    package func cancelSleep() {
        sleeping.pointee.store(0, ordering: .relaxed)
    }

    /// A snapshot of the counters. Any thread.
    public var counters: Counters {
        Counters(
            posted: tail.pointee.load(ordering: .relaxed),
            drained: head.pointee.load(ordering: .relaxed),
            rejectedFull: counter(Self.fullSlot).pointee.load(ordering: .relaxed),
            rejectedInvalid: counter(Self.invalidSlot).pointee.load(ordering: .relaxed),
            coalesced: counter(Self.coalescedSlot).pointee.load(ordering: .relaxed),
            wakeSignals: counter(Self.signalSlot).pointee.load(ordering: .relaxed))
    }
}

/// The wake-up closure of a queue's consumer.
final class WakeHandler: Sendable {
    let wake: @Sendable () -> Void
    init(_ wake: @escaping @Sendable () -> Void) { self.wake = wake }
}
