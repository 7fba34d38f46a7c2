import Dispatch
import Foundation
import Synchronization
import Testing
import TactileCore

/// The main run loop (AG-F-03 … AG-F-08), deterministic driving.
@Suite("MainRunLoop")
struct MainRunLoopTests {
    static let ms: UInt64 = 1_000_000

    static func deterministic(capacity: Int = 64) -> MainRunLoop {
        MainRunLoop(events: EventQueue(capacity: capacity), driving: .deterministic())
    }

    @Test("AG-F-07 one iteration runs input, then due timers, then layout, then display, then observers")
    func f07PhaseOrder() throws {
        let loop = Self.deterministic()
        var log: [String] = []
        loop.inputHandler = { batch in
            log.append("input \(batch.count)")
            loop.setNeedsDisplay()  // a handler's changes are drawn at the end of the same iteration
            loop.setNeedsLayout()
        }
        loop.layoutPass = { log.append("layout") }
        loop.displayPass = { log.append("display") }
        loop.perform { log.append("perform") }
        loop.addObserver { log.append("observer \($0.index)") }
        try loop.events.post(.touch(1, .began, x: 0, y: 0, timestamp: 0))
        try loop.step()
        #expect(log == ["input 1", "perform", "layout", "display", "observer 1"])
    }

    @Test("AG-F-07 layout and display requests merge: one pass per iteration, none when not requested")
    func f07PassesCoalesce() throws {
        let loop = Self.deterministic()
        var layouts = 0, displays = 0
        loop.layoutPass = { layouts += 1 }
        loop.displayPass = { displays += 1 }
        loop.setNeedsLayout(); loop.setNeedsLayout(); loop.setNeedsDisplay(); loop.setNeedsDisplay()
        try loop.runUntilIdle()
        #expect(layouts == 1 && displays == 1)
        try loop.step()
        #expect(layouts == 1 && displays == 1)
    }

    @Test("AG-F-04 the loop handles input one event batch at a time and sleeps (idles) when nothing is left")
    func f04IdleWhenNothingToDo() throws {
        let loop = Self.deterministic(capacity: 8192)
        var got = 0
        loop.inputHandler = { got += $0.count }
        try loop.events.post(contentsOf: (0..<5000).map { .touch(1, .moved, x: Double($0), y: 0, timestamp: UInt64($0)) })
        let iterations = try loop.runUntilIdle()
        #expect(got == 5000)
        #expect(iterations == 2, "4096 events per iteration, then the rest")
        #expect(try loop.runUntilIdle() == 0)
    }

    @Test("Input waits in the queue while no input handler is installed")
    func inputWaitsForHandler() throws {
        let loop = Self.deterministic()
        try loop.events.post(.touch(1, .began, x: 0, y: 0, timestamp: 0))
        #expect(try loop.runUntilIdle() == 0)
        var got: [EventRecord] = []
        loop.inputHandler = { got += $0 }
        try loop.runUntilIdle()
        #expect(got.count == 1)
    }

    @Test("Timers fire in fire-date order; equal dates fire in scheduling order")
    func timerOrderStable() throws {
        let loop = Self.deterministic()
        var log: [String] = []
        loop.addTimer(after: 5 * Self.ms) { _ in log.append("b5") }
        loop.addTimer(after: 3 * Self.ms) { _ in log.append("a3") }
        loop.addTimer(after: 5 * Self.ms) { _ in log.append("c5") }
        loop.perform(after: 5 * Self.ms) { log.append("d5") }
        loop.addTimer(after: 1 * Self.ms) { _ in log.append("z1") }
        try loop.advance(by: 10 * Self.ms)
        #expect(log == ["z1", "a3", "b5", "c5", "d5"])
    }

    @Test("run(until:) stops at each fire date: a timer sees the clock at its own date")
    func timersSeeTheirDate() throws {
        let loop = Self.deterministic()
        var seen: [UInt64] = []
        loop.addTimer(after: 7) { _ in seen.append(loop.now) }
        loop.addTimer(after: 3) { _ in seen.append(loop.now) }
        try loop.run(until: 100)
        #expect(seen == [3, 7])
        #expect(loop.now == 100)
    }

    @Test("Repeating timers keep their cadence; missed dates are skipped, not replayed")
    func repeatingTimer() throws {
        let loop = Self.deterministic()
        var fires: [UInt64] = []
        let id = loop.addTimer(after: 10, repeating: 10) { _ in fires.append(loop.now) }
        try loop.advance(by: 35)
        #expect(fires == [10, 20, 30])
        // A busy iteration: the clock jumps past several dates inside a handler's work.
        loop.perform { }
        try loop.runUntilIdle()
        #expect(loop.cancel(id))
        #expect(!loop.cancel(id), "cancelling twice reports that nothing was scheduled")
        try loop.advance(by: 100)
        #expect(fires == [10, 20, 30])
    }

    @Test("A repeating timer that missed dates fires once, then at its next date on the original grid")
    func repeatingSkipsMissed() throws {
        let loop = Self.deterministic()
        var fires: [UInt64] = []
        loop.addTimer(after: 10, repeating: 10, mode: .default) { _ in fires.append(loop.now) }
        try loop.setCurrentMode(.tracking)
        try loop.advance(by: 45)
        #expect(fires.isEmpty, "a default-mode timer does not fire while tracking")
        try loop.setCurrentMode(.default)
        try loop.runUntilIdle()
        #expect(fires == [45])
        try loop.advance(by: 10)
        #expect(fires == [45, 50])
    }

    @Test("Cancelling a timer that is already due stops it, even from another timer in the same iteration")
    func cancelDueTimer() throws {
        let loop = Self.deterministic()
        var log: [String] = []
        var second: RunLoopTimerID?
        loop.addTimer(after: 5) { _ in
            log.append("first")
            if let second { loop.cancel(second) }
        }
        second = loop.addTimer(after: 5) { _ in log.append("second") }
        let third = loop.perform(after: 5) { log.append("third") }
        loop.cancel(third)
        try loop.advance(by: 5)
        #expect(log == ["first"])
        #expect(loop.scheduledTimerCount == 0)
    }

    @Test("AG-F-06 modes: default-mode timers wait during tracking; common-mode timers fire in both")
    func f06Modes() throws {
        let loop = Self.deterministic()
        var log: [String] = []
        loop.addTimer(after: 1, mode: .default) { _ in log.append("default") }
        loop.addTimer(after: 1, mode: .tracking) { _ in log.append("tracking") }
        loop.addTimer(after: 1, mode: .common) { _ in log.append("common") }
        try loop.setCurrentMode(.tracking)
        try loop.advance(by: 2)
        #expect(log == ["tracking", "common"])
        try loop.setCurrentMode(.default)
        try loop.runUntilIdle()
        #expect(log == ["tracking", "common", "default"])
        #expect(throws: RunLoopError.cannotRunInCommonMode) { try loop.setCurrentMode(.common) }
    }

    @Test("AG-F-06 observers run only in the modes they were added for")
    func observersByMode() throws {
        let loop = Self.deterministic()
        var log: [RunLoopMode] = []
        loop.addObserver(mode: .tracking) { log.append($0.mode) }
        let common = loop.addObserver(mode: .common) { _ in log.append(.common) }
        try loop.step()
        try loop.setCurrentMode(.tracking)
        try loop.step()
        loop.removeObserver(common)
        try loop.step()
        #expect(log == [.common, .tracking, .common, .tracking])
    }

    @Test("AG-F-05 input is drained in every mode (the event source is in the common modes)")
    func inputInTracking() throws {
        let loop = Self.deterministic()
        var got = 0
        loop.inputHandler = { got += $0.count }
        try loop.setCurrentMode(.tracking)
        try loop.events.post(.touch(1, .moved, x: 0, y: 0, timestamp: 0))
        try loop.step()
        #expect(got == 1)
    }

    @Test("runUntilIdle reports a loop that never idles instead of spinning forever")
    func neverIdle() throws {
        let loop = Self.deterministic()
        func again() { loop.perform { again() } }
        again()
        #expect(throws: RunLoopError.didNotBecomeIdle(iterations: 50)) { try loop.runUntilIdle(maxIterations: 50) }
    }

    @Test("Deterministic driving: the same inputs give the same order of work")
    func determinism() throws {
        func run() throws -> [String] {
            let loop = Self.deterministic()
            var log: [String] = []
            loop.inputHandler = { batch in
                for e in batch {
                    log.append("in\(e.touchID)@\(loop.now)")
                    loop.perform(after: UInt64(e.touchID)) { log.append("p\(e.touchID)@\(loop.now)") }
                }
            }
            loop.addTimer(after: 2, repeating: 3) { _ in log.append("t@\(loop.now)") }
            for id in [3, 1, 2] as [UInt32] { try loop.events.post(.touch(id, .began, x: 0, y: 0, timestamp: 0)) }
            try loop.advance(by: 10)
            return log
        }
        let first = try run()
        #expect(first == ["in3@0", "in1@0", "in2@0", "p1@1", "t@2", "p2@2", "p3@3", "t@5", "t@8"])
        #expect(try run() == first)
    }

    @Test("Deterministic calls on a live loop, and reentrant steps, are errors")
    func misuse() throws {
        let live = MainRunLoop(events: EventQueue(capacity: 8), driving: .live(queue: DispatchQueue(label: "t")))
        #expect(throws: RunLoopError.wrongDriving) { try live.step() }
        let loop = Self.deterministic()
        #expect(throws: RunLoopError.wrongDriving) { try loop.start() }
        var inner: RunLoopError?
        loop.perform {
            do { try loop.step() } catch { inner = error as? RunLoopError }
        }
        try loop.runUntilIdle()
        #expect(inner == .reentrantCall)
    }
}

/// Live driving: a serial Dispatch queue, a coalesced wake source, a Dispatch timer.
@Suite("MainRunLoop live")
struct LiveRunLoopTests {
    /// Waits (polling) until `condition` holds or `seconds` pass.
    static func wait(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1000)
        }
        return true
    }

    final class Log: @unchecked Sendable {
        let lock = Mutex<[UInt64]>([])
        func append(contentsOf values: [UInt64]) { lock.withLock { $0 += values } }
        var values: [UInt64] { lock.withLock { $0 } }
    }

    @Test("AG-F-05 events posted from other threads are dispatched on the loop's queue, FIFO, none dropped")
    func f05LiveDelivery() throws {
        let queue = DispatchQueue(label: "tactile.test.loop")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 42)
        let loop = MainRunLoop(events: EventQueue(capacity: 1024), driving: .live(queue: queue))
        let log = Log()
        let offQueue = Atomic<Int>(0)
        queue.sync {
            loop.inputHandler = { batch in
                if DispatchQueue.getSpecific(key: key) != 42 { offQueue.add(1, ordering: .relaxed) }
                log.append(contentsOf: batch.map(\.timestamp))
            }
        }
        try loop.start()
        defer { loop.stop() }
        let producer = Thread {
            for i in 0..<20_000 {
                while (try? loop.events.post(.touch(1, .moved, x: 0, y: 0, timestamp: UInt64(i)))) == nil { sched_yield() }
            }
        }
        producer.start()
        #expect(Self.wait { log.values.count == 20_000 })
        #expect(log.values == (0..<20_000).map(UInt64.init))
        #expect(offQueue.load(ordering: .relaxed) == 0)
    }

    @Test("AG-F-04 an idle live loop sleeps: no iterations while nothing happens")
    func f04SleepsWhenIdle() throws {
        let queue = DispatchQueue(label: "tactile.test.sleep")
        let loop = MainRunLoop(events: EventQueue(capacity: 64), driving: .live(queue: queue))
        queue.sync { loop.inputHandler = { _ in } }
        try loop.start()
        defer { loop.stop() }
        #expect(Self.wait { queue.sync { loop.iterationCount } >= 1 })
        usleep(20_000)
        let idleStart = queue.sync { loop.iterationCount }
        usleep(50_000)
        #expect(queue.sync { loop.iterationCount } == idleStart, "no polling while idle")
        try loop.events.post(.touch(1, .began, x: 0, y: 0, timestamp: 0))
        #expect(Self.wait { queue.sync { loop.iterationCount } > idleStart }, "a post wakes it")
    }

    @Test("Wake-ups: a burst of 10^5 posts while the loop is awake costs one signal (the one that woke it)")
    func burstWhileAwakeCostsOneSignal() throws {
        let queue = DispatchQueue(label: "tactile.test.burst")
        let loop = MainRunLoop(events: EventQueue(capacity: 1 << 17), driving: .live(queue: queue))
        let received = Atomic<Int>(0)
        let producerDone = DispatchSemaphore(value: 0)
        queue.sync {
            loop.inputHandler = { batch in
                // The first batch keeps the loop awake (inside its iteration) until the burst is posted.
                if received.add(batch.count, ordering: .relaxed).oldValue == 0 { producerDone.wait() }
            }
        }
        try loop.start()
        defer { loop.stop() }
        #expect(Self.wait { queue.sync { loop.iterationCount } >= 1 })
        usleep(10_000)  // let it go to sleep
        for i in 0..<100_000 { try loop.events.post(.touch(1, .moved, x: 0, y: 0, timestamp: UInt64(i))) }
        producerDone.signal()
        #expect(Self.wait { received.load(ordering: .relaxed) == 100_000 })
        #expect(loop.events.counters.wakeSignals == 1)
    }

    @Test("Wake-ups: a free-running producer against a live loop sends far fewer signals than posts")
    func freeRunningSignals() throws {
        let queue = DispatchQueue(label: "tactile.test.free")
        let loop = MainRunLoop(events: EventQueue(capacity: 1 << 12), driving: .live(queue: queue))
        let received = Atomic<Int>(0)
        queue.sync { loop.inputHandler = { received.add($0.count, ordering: .relaxed) } }
        try loop.start()
        defer { loop.stop() }
        // Let it go to sleep first, so the first post must wake it (one signal at least). A loop still awake from
        // start() may never sleep while a fast producer keeps it busy, and then needs no signal at all.
        #expect(Self.wait { queue.sync { loop.iterationCount } >= 1 })
        usleep(10_000)
        let posts = 100_000
        for i in 0..<posts {
            while (try? loop.events.post(.touch(1, .moved, x: 0, y: 0, timestamp: UInt64(i)))) == nil { sched_yield() }
        }
        #expect(Self.wait { received.load(ordering: .relaxed) == posts })
        let signals = loop.events.counters.wakeSignals
        #expect(signals >= 1 && signals <= UInt64(posts / 10), "signals: \(signals) for \(posts) posts")
    }

    @Test("Live timers fire on the loop's queue at (or after) their dates, in order")
    func liveTimers() throws {
        let queue = DispatchQueue(label: "tactile.test.timers")
        let loop = MainRunLoop(events: EventQueue(capacity: 8), driving: .live(queue: queue))
        let log = Log()
        try loop.start()
        defer { loop.stop() }
        let start = DispatchTime.now().uptimeNanoseconds
        queue.async {
            loop.addTimer(after: 20_000_000) { _ in log.append(contentsOf: [2]) }
            loop.perform(after: 5_000_000) { log.append(contentsOf: [1]) }
        }
        #expect(Self.wait { log.values.count == 2 })
        #expect(log.values == [1, 2])
        #expect(DispatchTime.now().uptimeNanoseconds - start >= 20_000_000)
    }

    @Test("stop() ends a live loop: later posts are not dispatched; start() twice is an error")
    func stopAndRestart() throws {
        let queue = DispatchQueue(label: "tactile.test.stop")
        let loop = MainRunLoop(events: EventQueue(capacity: 64), driving: .live(queue: queue))
        let received = Atomic<Int>(0)
        queue.sync { loop.inputHandler = { received.add($0.count, ordering: .relaxed) } }
        try loop.start()
        #expect(throws: RunLoopError.alreadyRunning) { try loop.start() }
        try loop.events.post(.touch(1, .began, x: 0, y: 0, timestamp: 0))
        #expect(Self.wait { received.load(ordering: .relaxed) == 1 })
        loop.stop()
        #expect(!loop.isRunning)
        try loop.events.post(.touch(1, .ended, x: 0, y: 0, timestamp: 1))
        usleep(20_000)
        #expect(received.load(ordering: .relaxed) == 1)
        try loop.start()
        defer { loop.stop() }
        #expect(Self.wait { received.load(ordering: .relaxed) == 2 }, "the event waited in the queue, not lost")
    }

    @MainActor
    @Test("AG-F-03 live on the main queue: input is handled on the main queue while it is serviced")
    func liveOnMain() async throws {
        let key = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: key, value: 7)
        let loop = MainRunLoop(events: EventQueue(capacity: 64), driving: .liveOnMain)
        let onMain = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        loop.inputHandler = { batch in
            if DispatchQueue.getSpecific(key: key) == 7 { onMain.add(batch.count, ordering: .relaxed) }
            received.add(batch.count, ordering: .relaxed)
        }
        try loop.start()
        defer { loop.stop() }
        let events = loop.events
        Thread {
            for i in 0..<1000 {
                while (try? events.post(.touch(1, .moved, x: 0, y: 0, timestamp: UInt64(i)))) == nil { sched_yield() }
            }
        }.start()
        for _ in 0..<5000 where received.load(ordering: .relaxed) < 1000 {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(received.load(ordering: .relaxed) == 1000)
        #expect(onMain.load(ordering: .relaxed) == 1000)
    }
}
