import Foundation

/// Turns drained input records into UIKit's touch deliveries: which view gets `touchesBegan`, `touchesMoved`,
/// `touchesEnded` or `touchesCancelled`, with which touches, in which event (AG-K, AG-L, AG-M, AG-O).
///
/// The rules it enforces:
/// - **Binding** (AG-K-02, AG-K-08): at `.began` a finger is hit-tested once, in the window it names (window
///   id = ``windowID(of:)``; or, for window id 0, in the front-most window of ``screen`` that a hit-test
///   claims, the point in screen coordinates), and bound to that window and view for its whole life, even
///   when it leaves the view.
/// - **Frames** (AG-M-03, AG-M-08): consecutive touch records with one timestamp and distinct fingers form one
///   event (``EventRecord/sharesFrame(with:)``); a second sample of a finger starts the next. Fingers the
///   frame did not change are `.stationary`: in the event, never in a handler's `touches`. Calls are grouped
///   per view (in the order the views' fingers began) and, per view, by phase: began, moved, ended, cancelled.
/// - **Delivery controls**: a view with `isMultipleTouchEnabled == false` sees only the first finger of its
///   sequence (AG-L-03); `isExclusiveTouch` in both directions (AG-L-04); hidden, disabled and transparent
///   views are never hit (AG-K-04); while the app ignores interaction events or is inactive, new fingers are
///   swallowed (AG-L-02, AG-L-06): ``beginIgnoringInteractionEvents()``, ``isActive``.
/// - **Cancellation** (AG-F-10, AG-M-10): ``cancelAll(timestamp:)`` cancels every live finger and a shake; a
///   view leaving its window (removed, moved to another window, destroyed — the tree tells the router before
///   it changes) has its fingers cancelled first. Every began ends in exactly one ended or cancelled. A
///   cancelled finger's later samples are swallowed until the producer lifts it.
/// - **Taps** (AG-M-09, AG-T-06): a began on the same view within ``Configuration/tapInterval`` of the
///   previous tap's end and within ``Configuration/tapDistance`` of it counts one more tap.
/// - **Shake** (AG-O-05): began, then ended if it lasted less than ``Configuration/shakeMaxDuration``, else
///   cancelled.
///
/// Usage (the run loop's thread): set ``sink`` (the front end that carries the decisions out), then hand each
/// drained batch to ``route(_:)``. Routing allocates nothing per event; a frame that is one finger's move
/// (the steady state of a drag) takes a short lane with the same decisions.
public final class TouchRouter {
    public struct Configuration: Sendable, Hashable {
        /// Live fingers the table holds (UIKit: the hardware's limit, 5 on iPhone, 11 on iPad).
        public var capacity: Int = 20
        /// Longest pause between one tap's end and the next tap's began that still counts up `tapCount`.
        public var tapInterval: UInt64 = 350_000_000
        /// Farthest a tap may land from the previous one (and move while down) and still count up, in points.
        public var tapDistance: Double = 10
        /// A shake shorter than this ends (`motionEnded`); a longer one is cancelled (AG-O-05: about 1 s).
        public var shakeMaxDuration: UInt64 = 1_000_000_000

        public init(capacity: Int = 20, tapInterval: UInt64 = 350_000_000, tapDistance: Double = 10,
                    shakeMaxDuration: UInt64 = 1_000_000_000) {
            self.capacity = capacity
            self.tapInterval = tapInterval
            self.tapDistance = tapDistance
            self.shakeMaxDuration = shakeMaxDuration
        }
    }

    /// A touch event being delivered: its handler calls, to be claimed one at a time (``claim(_:of:)``).
    package struct Frame: Sendable, Hashable {
        let firstDelivery: Int
        let firstSlot: Int
        let endDelivery: Int
        /// Nesting level (1: outermost) and the router's stamp when the frame opened: the frame is open while
        /// the router's open-frame stack holds that stamp at that level.
        let level: Int
        let stamp: UInt64
        /// Nanoseconds (the records' timestamp).
        package let timestamp: UInt64
        /// The handler calls, in delivery order.
        package var calls: Range<Int> { firstDelivery..<endDelivery }
    }

    public let tree: ViewTree
    /// Set when made (its capacity clamped to 1…1,024); the C API's app pool may change all but the capacity
    /// (`reconfigure`) when a reset router serves another app.
    @exclusivity(unchecked) public private(set) var configuration: Configuration

    /// The id touch records use to name `window` (a root view): its slot index + 1; 0 means the screen.
    @inlinable
    public static func windowID(of window: ViewID) -> UInt32 { window.index &+ 1 }

    /// Windows front to back, for touches posted with window id 0 (screen coordinates).
    @exclusivity(unchecked) public var screen: [ViewID] = []
    /// Records each delivery as a line of text when set (nil: off, no cost).
    @exclusivity(unchecked) public var log: DeliveryLog?
    @exclusivity(unchecked) public internal(set) var counters = RouterCounters()
    /// Handler calls and motion deliveries so far (`counters.deliveries + counters.motions`).
    public var deliveredCount: UInt64 { counters.deliveries &+ counters.motions }
    /// The last bad input, for messages.
    @exclusivity(unchecked) public internal(set) var lastError: RoutingError?

    // MARK: - The front end

    /// Carries the decisions out: every frame's handler calls, motions, system records and the cancellations
    /// a change of the tree causes. Held strongly (it must not hold the router strongly); one replaced while a
    /// batch is being routed stays alive until the batch is done.
    package var frontEnd: (any TouchFrontEnd)? {
        get { heldFrontEnd }
        set {
            if routingDepth > 0, let old = heldFrontEnd { retiredFrontEnds.append(old) }
            heldFrontEnd = newValue
            frontEndVersion &+= 1
            plainFrontEnd = (newValue as? SinkFrontEnd).map(Unmanaged.passUnretained)
        }
    }

    /// The plain-data front end (the C API's callbacks, a test's recorder, an oracle). The router delivers
    /// every handler call, motion and system record to it; for system records it then applies their meaning
    /// for touches itself (``applySystemEvent(_:timestamp:)``). Held strongly: a sink must not hold its router
    /// strongly. Nil (the default): decisions are made and counted, nothing is called.
    public var sink: (any TouchDeliverySink)? {
        get { (heldFrontEnd as? SinkFrontEnd)?.sink }
        set { frontEnd = newValue.map { SinkFrontEnd(sink: $0) } }
    }

    @exclusivity(unchecked) private var heldFrontEnd: (any TouchFrontEnd)?
    /// Counts replacements of the front end: a batch takes the front end once (``route(_:)``) and again only
    /// when this changed.
    @exclusivity(unchecked) private(set) var frontEndVersion = 0
    @exclusivity(unchecked) private var retiredFrontEnds: [any TouchFrontEnd] = []
    /// The front end when it is a plain sink's adapter, unretained (`heldFrontEnd` keeps it alive): the per-event
    /// path reaches it without reference counting.
    @exclusivity(unchecked) var plainFrontEnd: Unmanaged<SinkFrontEnd>?
    /// ``route(_:)`` calls in progress (a handler may route again).
    @exclusivity(unchecked) var routingDepth = 0
    /// A ``route(_:)`` call is in progress (a handler is running).
    package var isRouting: Bool { routingDepth > 0 }

    /// A routing call begins.
    @inline(__always)
    func enterRouting() {
        confinement.enter()
        routingDepth += 1
    }

    /// A routing call ends: front ends replaced meanwhile may go now.
    @inline(__always)
    func exitRouting() {
        routingDepth -= 1
        if routingDepth == 0, !retiredFrontEnds.isEmpty { retiredFrontEnds.removeAll() }
        confinement.exit()
    }

    // MARK: - Acceptance (AG-L-02, AG-L-06, AG-B-04)

    /// False while the app is not active (inactive, in the background, terminated): new fingers and shakes
    /// are swallowed. Live fingers go on; resigning active cancels them (``applySystemEvent(_:timestamp:)``,
    /// or the front end's own ``cancelAll(timestamp:)``).
    @exclusivity(unchecked) public var isActive = true
    /// `beginIgnoringInteractionEvents` nesting.
    @exclusivity(unchecked) public private(set) var ignoringDepth = 0

    /// Stops new touches app-wide (`UIApplication.beginIgnoringInteractionEvents`); calls nest.
    public func beginIgnoringInteractionEvents() { ignoringDepth += 1 }

    /// Undoes one ``beginIgnoringInteractionEvents()``; unbalanced calls are ignored.
    public func endIgnoringInteractionEvents() { ignoringDepth = max(0, ignoringDepth - 1) }

    /// New fingers are bound only while active and not ignoring interaction events.
    var acceptsNewTouches: Bool { isActive && ignoringDepth == 0 }

    // MARK: - State

    /// The table: `capacity` slots and the live ones in began order.
    let table: TouchTable
    // Delivery buffers: frames stack (a nested frame appends after its parent and is cut off at its end).
    @exclusivity(unchecked) var deliveryBuffer: Column<TouchDelivery>
    @exclusivity(unchecked) var slotBuffer: Column<Int32>
    /// Each delivery's touches as plain data, parallel to `slotBuffer`.
    @exclusivity(unchecked) var touchBuffer: Column<DeliveredTouch>
    /// The stamps of the open frames, outermost first (``Frame/level`` − 1 indexes it).
    @exclusivity(unchecked) var openFrames = Column<UInt64>(capacity: 8)
    /// A finger ended or was cancelled since the last retirement.
    @exclusivity(unchecked) var needsRetire = false
    // Grouping scratch (capacity entries each): the frame's views in began order, and per due finger its
    // sort key (view rank · 8 + phase) and slot.
    let viewScratch: ScratchBuffer<ViewID>
    let keyScratch: ScratchBuffer<Int32>
    let slotScratch: ScratchBuffer<Int32>
    @exclusivity(unchecked) var stamp: UInt64 = 0
    @exclusivity(unchecked) var nextSerial: UInt64 = 1
    @exclusivity(unchecked) var lastTimestamp: UInt64 = 0
    @exclusivity(unchecked) var knownStructure: UInt64 = 0
    // Taps: the last completed tap per view (most recent last).
    @exclusivity(unchecked) var taps: [(view: ViewID, x: Double, y: Double, endedAt: UInt64, count: UInt32)] = []
    // Shake in progress: its began timestamp; `shakeSwallowed` when it began while motion was not accepted.
    @exclusivity(unchecked) var shakeBeganAt: UInt64?
    @exclusivity(unchecked) var shakeSwallowed = false
    /// Debug builds: the state above is used by one thread at a time.
    let confinement = ConfinementCheck("TouchRouter")

    /// The touch table's size for a configured capacity: 1…1,024.
    package static func clampedCapacity(_ capacity: Int) -> Int { max(1, min(capacity, 1024)) }

    public init(tree: ViewTree, configuration: Configuration = Configuration()) {
        let capacity = Self.clampedCapacity(configuration.capacity)
        var configuration = configuration
        configuration.capacity = capacity
        self.tree = tree
        self.configuration = configuration
        table = TouchTable(capacity: capacity)
        deliveryBuffer = Column(capacity: 4 * capacity)
        slotBuffer = Column(capacity: 4 * capacity)
        touchBuffer = Column(capacity: 4 * capacity)
        viewScratch = ScratchBuffer(capacity: capacity)
        keyScratch = ScratchBuffer(capacity: capacity)
        slotScratch = ScratchBuffer(capacity: capacity)
        taps.reserveCapacity(capacity)
        knownStructure = tree.structureVersion
        tree.addObserver(self)
    }

    deinit {
        tree.removeObserver(self)
        table.deallocate()
        deliveryBuffer.deallocate()
        slotBuffer.deallocate()
        touchBuffer.deallocate()
        openFrames.deallocate()
        viewScratch.deallocate()
        keyScratch.deallocate()
        slotScratch.deallocate()
    }

    /// Handler calls are being made (a frame is open).
    var depth: Int { openFrames.count }

    // MARK: - Reading the table (the object model mirrors it into `UITouch` objects)

    /// Live fingers (the event's `allTouches`), in began order.
    package var liveTouchCount: Int { table.liveCount }

    /// Changes whenever a finger joins or leaves the live list.
    package var liveTouchVersion: Int { table.liveVersion }

    /// The table slot of the `k`-th live finger (began order).
    package func liveSlot(_ k: Int) -> Int { table.liveSlot(k) }

    /// The finger in table slot `slot`.
    package func touch(atSlot slot: Int) -> RoutedTouch { table[slot] }

    /// Whether `frame` changed the finger in table slot `slot` (it is not stationary in that frame).
    package func changes(slot: Int, in frame: Frame) -> Bool {
        table[slot].frameStamp == frame.stamp && table[slot].phase != .stationary
    }

    // MARK: - Reuse (replay tools)

    /// Makes the router as it was when made on `template`'s copy: its tree restored to `template`
    /// (`ViewTree.restore(from:)`), no fingers, counts, taps, shake, front end, screen or log, active and not
    /// ignoring, serials and stamps from the start — in the memory it has. A replay tool that runs many inputs
    /// on one scene (the touch-sequences fuzzer's `SceneCache`) reuses one router instead of making one per
    /// input (a dozen allocations). Not while routing. ``differenceFromNew()`` checks the result.
    package func reset(restoringTreeFrom template: ViewTree) {
        precondition(routingDepth == 0, "TouchRouter.reset(restoringTreeFrom:): called while routing")
        tree.removeObserver(self)  // (restore refuses a tree with observers; the table below is emptied anyway)
        tree.restore(from: template)
        tree.addObserver(self)
        resetState()
    }

    /// Makes the router as a new one on a new tree: its tree emptied as new (``ViewTree/reset()``: no views, a
    /// handle space of its own) and everything ``reset(restoringTreeFrom:)`` resets. The C API's app pool keeps a
    /// destroyed app's router this way for the next app. Not while routing; the tree must have no other observer.
    /// ``differenceFromNew()`` checks the result.
    package func resetEmptyingTree() {
        precondition(routingDepth == 0, "TouchRouter.resetEmptyingTree(): called while routing")
        tree.removeObserver(self)
        tree.reset()
        tree.addObserver(self)
        resetState()
    }

    /// Changes all of the configuration but the capacity (the touch table's size): a router made as new
    /// (``resetEmptyingTree()``) serving another app's configuration. Not while fingers are down.
    package func reconfigure(_ configuration: Configuration) {
        precondition(configuration.capacity == self.configuration.capacity, "TouchRouter.reconfigure: another capacity")
        precondition(table.liveCount == 0 && routingDepth == 0, "TouchRouter.reconfigure: fingers are down")
        self.configuration = configuration
    }

    /// Everything but the tree and the configuration, as in a new router.
    private func resetState() {
        confinement.enter()
        defer { confinement.exit() }
        table.reset()
        deliveryBuffer.truncate(to: 0); slotBuffer.truncate(to: 0); touchBuffer.truncate(to: 0)
        openFrames.truncate(to: 0)
        needsRetire = false
        stamp = 0; nextSerial = 1; lastTimestamp = 0
        knownStructure = tree.structureVersion
        taps.removeAll(keepingCapacity: true)
        shakeBeganAt = nil; shakeSwallowed = false
        isActive = true; ignoringDepth = 0
        counters = RouterCounters(); lastError = nil
        screen = []; log = nil
        heldFrontEnd = nil; plainFrontEnd = nil; retiredFrontEnds.removeAll(); frontEndVersion = 0
    }

    /// The first way this router differs from a new one on its tree (nil: none) — the check behind
    /// ``reset(restoringTreeFrom:)``.
    package func differenceFromNew() -> String? {
        if !table.isNew { return "the touch table holds fingers" }
        if deliveryBuffer.count + slotBuffer.count + touchBuffer.count + openFrames.count != 0 { return "a delivery buffer is not empty" }
        if needsRetire || stamp != 0 || nextSerial != 1 || lastTimestamp != 0 { return "stamps or serials were not reset" }
        if knownStructure != tree.structureVersion { return "the tree's structure version is not the known one" }
        if !taps.isEmpty || shakeBeganAt != nil || shakeSwallowed { return "taps or a shake are left" }
        if !isActive || ignoringDepth != 0 { return "inactive or ignoring interaction" }
        if counters != RouterCounters() || lastError != nil { return "counters or the last error were not reset" }
        if !screen.isEmpty || log != nil { return "a screen or log is left" }
        if heldFrontEnd != nil || plainFrontEnd != nil || !retiredFrontEnds.isEmpty || frontEndVersion != 0 || routingDepth != 0 {
            return "a front end is left"
        }
        return nil
    }
}
