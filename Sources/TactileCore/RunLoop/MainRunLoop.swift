import Dispatch
import Synchronization

/// The app's main run loop, Dispatch-based.
///
/// UIKit's rules (AG-F-03 … AG-F-08): one main thread runs the loop; input waits in the event queue
/// until the loop takes it, FIFO, one event fully dispatched before the next; when a source has data the
/// loop wakes, and when there is nothing to do it sleeps (no polling). Each iteration runs, in this order:
/// 1. drain the input source and route it (``inputHandler``; the touch router plugs in here),
/// 2. timers and delayed performs that are due in the current mode,
/// 3. the layout pass (if requested), 4. the display pass (if requested) — so a handler's changes are laid
///    out and drawn at the end of the iteration that made them (AG-F-07),
/// 5. observers.
///
/// Two drivings of the same iteration:
/// - **live**: runs on a serial Dispatch queue (the main queue by default, so `dispatchMain()` or spinning
///   Foundation's `RunLoop.main` drives it, as a host app or XCTest's waiters do). It is woken by a coalesced
///   Dispatch source that producers signal only when the loop has announced it is going to sleep, and by a
///   Dispatch timer armed for the next fire date.
/// - **deterministic**: a virtual clock that only moves when told (``step()``, ``runUntilIdle(maxIterations:)``,
///   ``advance(by:maxIterations:)``, ``run(until:maxIterations:)``): the same inputs give the same order of work, for tests, fuzzing and
///   benchmarks.
///
/// Confinement: every member except ``requestIteration()``, ``stop()`` and ``isRunning`` belongs to the loop's
/// thread (the live queue, or the caller driving a deterministic loop).
public final class MainRunLoop: @unchecked Sendable {
    /// How the loop is driven.
    public enum Driving: Sendable {
        /// Virtual clock starting at `start` nanoseconds.
        case deterministic(start: UInt64 = 0)
        /// Real clock (`DispatchTime` uptime nanoseconds); iterations run on `queue`, which must be serial.
        case live(queue: DispatchQueue)
        /// Live on the main queue.
        public static var liveOnMain: Driving { .live(queue: .main) }
    }

    /// What one iteration did; handed to observers.
    public struct Iteration: Sendable, Hashable {
        public var index: UInt64
        public var mode: RunLoopMode
        public var eventsDrained: Int
        public var timersFired: Int
        public var didLayout: Bool
        public var didDisplay: Bool
    }

    /// Identifies an observer for removal.
    public struct ObserverID: Sendable, Hashable { let rawValue: UInt64 }

    /// The input source: the app's event queue.
    public let events: EventQueue
    public let driving: Driving

    /// Handles each drained batch of input (step 1). While nil, input stays in the queue (producers see
    /// `.full` when it fills), so nothing is lost before a router is installed.
    @exclusivity(unchecked) public var inputHandler: ((UnsafeBufferPointer<EventRecord>) -> Void)? {
        didSet { workAdded() }
    }
    /// The most input records one iteration takes before it lets timers and passes run.
    @exclusivity(unchecked) public var maxEventsPerIteration = 4096
    /// The layout pass (step 3), run in an iteration after ``setNeedsLayout()``.
    @exclusivity(unchecked) public var layoutPass: (() -> Void)?
    /// The display pass (step 4), run in an iteration after ``setNeedsDisplay()``.
    @exclusivity(unchecked) public var displayPass: (() -> Void)?

    /// The mode the loop runs in: `.default` or `.tracking`.
    @exclusivity(unchecked) public private(set) var currentMode: RunLoopMode = .default
    /// Iterations run so far.
    @exclusivity(unchecked) public private(set) var iterationCount: UInt64 = 0

    @exclusivity(unchecked) private var virtualNow: UInt64
    @exclusivity(unchecked) private var timers = TimerQueue()
    /// The timers due in an iteration (kept: a 60 Hz timer allocates nothing per frame).
    @exclusivity(unchecked) private var dueScratch: [RunLoopTimerID] = []
    @exclusivity(unchecked) private var observers: [(id: UInt64, mode: RunLoopMode, body: (Iteration) -> Void)] = []
    @exclusivity(unchecked) private var nextObserverID: UInt64 = 1
    @exclusivity(unchecked) private var needsLayout = false
    @exclusivity(unchecked) private var needsDisplay = false
    @exclusivity(unchecked) private var inIteration = false

    /// Debug builds: the state above is used by one thread at a time.
    private let confinement = ConfinementCheck("MainRunLoop")

    // Live driving.
    private let live: LiveState?

    public init(events: EventQueue, driving: Driving) {
        self.events = events
        self.driving = driving
        switch driving {
        case .deterministic(let start):
            virtualNow = start
            live = nil
        case .live(let queue):
            virtualNow = 0
            let state = LiveState(queue: queue)
            live = state
            state.setHandler { [weak self] in self?.liveIteration() }
            // Producers wake the loop through the coalescing source; a stopped loop ignores the wake.
            events.installWakeHandler { [state] in state.wake() }
        }
    }

    deinit {
        live?.cancel()
    }

    /// Current time in nanoseconds: virtual in deterministic driving, `DispatchTime` uptime when live.
    public var now: UInt64 {
        live == nil ? virtualNow : DispatchTime.now().uptimeNanoseconds
    }

    // MARK: - Modes, timers, performs, passes, observers (loop thread)

    /// Runs the loop in `mode` from the next iteration on (UIKit enters `.tracking` while tracking a drag).
    public func setCurrentMode(_ mode: RunLoopMode) throws(RunLoopError) {
        guard mode != .common else { throw .cannotRunInCommonMode }
        currentMode = mode
        workAdded()
    }

    /// Schedules `action` to fire `delay` ns from now, once or every `interval` ns, in `mode`.
    @discardableResult
    public func addTimer(after delay: UInt64, repeating interval: UInt64? = nil, mode: RunLoopMode = .default,
                         _ action: @escaping (RunLoopTimerID) -> Void) -> RunLoopTimerID {
        confinement.enter()
        defer { confinement.exit() }
        let interval = interval.map { max($0, 1) }
        let id = timers.add(fireDate: now &+ delay, interval: interval, mode: mode, action: action)
        workAdded()
        return id
    }

    /// `perform(_:with:afterDelay:)`: runs `action` once, `delay` ns from now, in `mode`.
    @discardableResult
    public func perform(after delay: UInt64 = 0, mode: RunLoopMode = .default, _ action: @escaping () -> Void)
        -> RunLoopTimerID {
        addTimer(after: delay, mode: mode) { _ in action() }
    }

    /// Cancels a timer or perform (`invalidate()`, `cancelPreviousPerformRequests`). Returns false if it had
    /// already finished or was cancelled.
    @discardableResult
    public func cancel(_ id: RunLoopTimerID) -> Bool {
        confinement.enter()
        defer { confinement.exit() }
        return timers.cancel(id)
    }

    /// Number of scheduled timers and performs.
    public var scheduledTimerCount: Int { timers.count }

    /// Requests the layout pass at the end of the current (or next) iteration; requests merge.
    public func setNeedsLayout() {
        needsLayout = true
        workAdded()
    }

    /// Requests the display pass at the end of the current (or next) iteration; requests merge.
    public func setNeedsDisplay() {
        needsDisplay = true
        workAdded()
    }

    /// Adds an observer called at the end of every iteration run in a mode `mode` includes.
    @discardableResult
    public func addObserver(mode: RunLoopMode = .common, _ body: @escaping (Iteration) -> Void) -> ObserverID {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, mode, body))
        return ObserverID(rawValue: id)
    }

    public func removeObserver(_ id: ObserverID) {
        observers.removeAll { $0.id == id.rawValue }
    }

    // MARK: - The iteration

    /// True when an iteration at the current time would do something.
    private var hasWorkNow: Bool {
        (inputHandler != nil && !events.isEmpty) || needsLayout || needsDisplay
            || (timers.nextFireDate(in: currentMode).map { $0 <= now } ?? false)
    }

    private func iterate() {
        confinement.enter()
        inIteration = true
        defer {
            inIteration = false
            confinement.exit()
        }
        iterationCount += 1
        let mode = currentMode
        var info = Iteration(index: iterationCount, mode: mode, eventsDrained: 0, timersFired: 0,
                             didLayout: false, didDisplay: false)
        // 1. Input. (Each step is skipped outright when it has nothing to do: an idle iteration is what a
        // spinning or freshly woken loop pays before it sees the next event.)
        if events.hasPublishedRecord, let handler = inputHandler {
            info.eventsDrained = events.drain(limit: maxEventsPerIteration, handler)
        }
        // 2. Timers and performs due now, in fire-date order.
        if timers.count > 0 {
            var due = dueScratch  // (a nested iteration, from inside an action, takes an empty one)
            dueScratch = []
            timers.takeDue(at: now, in: mode, into: &due)
            for id in due {
                guard let action = timers.actionToFire(id) else { continue }
                action(id)
                info.timersFired += 1
            }
            due.removeAll(keepingCapacity: true)
            dueScratch = due
        }
        // 3. Layout, 4. display.
        if needsLayout {
            needsLayout = false
            info.didLayout = true
            layoutPass?()
        }
        if needsDisplay {
            needsDisplay = false
            info.didDisplay = true
            displayPass?()
        }
        // 5. Observers.
        if !observers.isEmpty {
            for observer in observers where observer.mode.includes(mode) { observer.body(info) }
        }
    }

    // MARK: - Deterministic driving (the caller's thread)

    /// Runs one iteration at the current virtual time.
    public func step() throws(RunLoopError) {
        try checkDeterministic()
        iterate()
    }

    /// Runs iterations until nothing is due at the current virtual time. Returns the number run.
    @discardableResult
    public func runUntilIdle(maxIterations: Int = 100_000) throws(RunLoopError) -> Int {
        try checkDeterministic()
        var n = 0
        while hasWorkNow {
            if n == maxIterations { throw .didNotBecomeIdle(iterations: n) }
            iterate()
            n += 1
        }
        return n
    }

    /// Moves the virtual clock forward to `date`, stopping at each fire date on the way and running until
    /// idle there, so timers fire at their own dates and in order.
    public func run(until date: UInt64, maxIterations: Int = 100_000) throws(RunLoopError) {
        try checkDeterministic()
        try runUntilIdle(maxIterations: maxIterations)
        while let next = timers.nextFireDate(in: currentMode), next <= date {
            virtualNow = max(virtualNow, next)
            try runUntilIdle(maxIterations: maxIterations)
        }
        virtualNow = max(virtualNow, date)
        try runUntilIdle(maxIterations: maxIterations)
    }

    /// ``run(until:maxIterations:)`` `now + duration`.
    public func advance(by duration: UInt64, maxIterations: Int = 100_000) throws(RunLoopError) {
        try run(until: virtualNow &+ duration, maxIterations: maxIterations)
    }

    /// Runs one iteration now on the calling thread, which must be the loop's own: the driver of a
    /// deterministic loop, or code running on a live loop's queue (a main-actor test driving the hosted app's
    /// live main loop). Input posted before the call has been routed when it returns.
    package func iterateNow() throws(RunLoopError) {
        guard !inIteration else { throw .reentrantCall }
        if let live, !live.isCurrent { throw .wrongThread }
        iterate()
    }

    private func checkDeterministic() throws(RunLoopError) {
        guard live == nil else { throw .wrongDriving }
        guard !inIteration else { throw .reentrantCall }
    }

    // MARK: - Live driving

    /// True between ``start()`` and ``stop()`` of a live loop. Any thread.
    public var isRunning: Bool { live?.running.load(ordering: .acquiring) ?? false }

    /// Starts a live loop on its queue; returns at once. Any thread.
    public func start() throws(RunLoopError) {
        guard let live else { throw .wrongDriving }
        guard live.running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw .alreadyRunning
        }
        live.queue.async { self.liveIteration() }
    }

    /// Stops a live loop and waits for an iteration in progress to finish. Any thread, including the loop's
    /// own queue (then it takes effect when the current callback returns). Input posted while stopped waits in
    /// the queue for the next ``start()``.
    public func stop() {
        guard let live, live.running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        live.armTimer(at: nil)
        if !live.isCurrent { live.queue.sync {} }
    }

    /// Asks a live loop for an iteration soon (a cross-thread nudge); a no-op for a deterministic loop,
    /// whose driver decides when to step. Any thread.
    public func requestIteration() {
        live?.wake()
    }

    /// Called when the loop thread adds work outside an iteration: a sleeping live loop must wake for it.
    private func workAdded() {
        if live != nil, !inIteration { requestIteration() }
    }

    private func liveIteration() {
        guard let live, live.running.load(ordering: .acquiring) else { return }
        events.cancelSleep()
        iterate()
        // Go around again, or arm the timer and sleep.
        if hasWorkNow {
            live.queue.async { self.liveIteration() }
            return
        }
        live.armTimer(at: timers.nextFireDate(in: currentMode))
        // Without a handler, input waits in the queue: no need to be woken for it.
        guard inputHandler != nil else { return }
        if !events.prepareToSleep() {
            live.queue.async { self.liveIteration() }
        }
    }
}

/// Live-driving state: the queue, the coalescing wake source and the timer source, made once with the loop.
private final class LiveState: Sendable {
    /// Dispatch sources are thread-safe objects; the SDK does not mark them Sendable.
    private struct Sources: @unchecked Sendable {
        let wake: DispatchSourceUserDataAdd
        let timer: DispatchSourceTimer
    }

    let queue: DispatchQueue
    let running = Atomic<Bool>(false)
    private let key = DispatchSpecificKey<ObjectIdentifier>()
    private let sources: Sources
    /// The date the timer source is armed for (uptime ns; 0: disarmed).
    private let armedDate = Atomic<UInt64>(0)

    init(queue: DispatchQueue) {
        self.queue = queue
        sources = Sources(wake: DispatchSource.makeUserDataAddSource(queue: queue),
                          timer: DispatchSource.makeTimerSource(queue: queue))
        sources.timer.schedule(deadline: .distantFuture)
        queue.setSpecific(key: key, value: ObjectIdentifier(self))
    }

    /// Sets the iteration both sources run, and activates them.
    func setHandler(_ handler: @escaping @Sendable () -> Void) {
        sources.wake.setEventHandler(handler: handler)
        sources.timer.setEventHandler(handler: handler)
        sources.wake.activate()
        sources.timer.activate()
    }

    /// True when called on this loop's queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == ObjectIdentifier(self) }

    /// Asks for an iteration; wakes coalesce into one. Any thread.
    func wake() { sources.wake.add(data: 1) }

    /// Arms the timer source for `date` (uptime ns), or disarms it (nil). Any thread.
    func armTimer(at date: UInt64?) {
        let bits = date.map { max($0, 1) } ?? 0
        guard armedDate.exchange(bits, ordering: .relaxed) != bits else { return }
        sources.timer.schedule(deadline: date.map { DispatchTime(uptimeNanoseconds: $0) } ?? .distantFuture,
                               leeway: .nanoseconds(0))
    }

    func cancel() {
        sources.wake.cancel()
        sources.timer.cancel()
    }
}
