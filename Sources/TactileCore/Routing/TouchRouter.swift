import Foundation

/// Turns drained input records into UIKit's touch deliveries: which view gets `touchesBegan`, `touchesMoved`,
/// `touchesEnded` or `touchesCancelled`, with which touches, in which event (app guide K, L, M, O).
///
/// The rules it enforces:
/// - **Binding** (K-02, K-08): at `.began` a finger is hit-tested once, in the window it names (window id =
///   ``windowID(of:)``; or, for window id 0, in the front-most window of ``screen`` that a hit-test claims,
///   the point in screen coordinates), and bound to that window and view for its whole life, even when it
///   leaves the view.
/// - **Frames** (M-03, M-08): consecutive touch records with one timestamp and distinct fingers form one
///   event; a second sample of a finger starts the next. Fingers the frame did not change are
///   `.stationary`: in the event, never in a handler's `touches`. Deliveries are grouped per view (in the
///   order the views' fingers began) and, per view, by phase: began, moved, ended, cancelled.
/// - **Delivery controls**: a view with `isMultipleTouchEnabled == false` sees only the first finger of its
///   sequence (L-03); `isExclusiveTouch` in both directions (L-04); hidden, disabled and transparent views
///   are never hit (K-04); while ``acceptsNewTouches`` is false (ignoring interaction events, inactive) new
///   fingers are swallowed (L-02, L-06).
/// - **Cancellation** (F-10, M-10): ``cancelAllTouches()`` and ``cancelTouches(inSubtreeOf:)`` cancel live
///   fingers at once; every began ends in exactly one ended or cancelled. A cancelled finger's later samples
///   are swallowed until the producer lifts it.
/// - **Taps** (M-09, T-06): a began on the same view within ``Configuration/tapInterval`` of the previous
///   tap's end and within ``Configuration/tapDistance`` of it counts one more tap.
/// - **Shake** (O-05): began, then ended if it lasted less than ``Configuration/shakeMaxDuration``, else
///   cancelled.
///
/// Usage (the run loop's thread): call ``next(_:from:)`` until it returns nil; for each `.touches` frame,
/// deliver ``deliveries(of:)`` in order, then ``endFrame(_:)``. Before each handler call, keep only the
/// touches still ``isPending(slot:)`` and mark them ``willDeliver(slot:)``: handlers may remove views
/// meanwhile, and ``cancelTouches(inSubtreeOf:)`` then opens a nested frame (deliver and end it before going
/// on) that takes over those views' pending calls. ``route(_:to:)`` does all of this for a
/// ``TouchDeliverySink`` in one call, with a fast path for the steady state (a frame that is one finger's
/// move). Routing allocates nothing per event.
public final class TouchRouter {
    public struct Configuration: Sendable, Hashable {
        /// Live fingers the table holds (UIKit: the hardware's limit, 5 on iPhone, 11 on iPad).
        public var capacity: Int = 20
        /// Longest pause between one tap's end and the next tap's began that still counts up `tapCount`.
        public var tapInterval: UInt64 = 350_000_000
        /// Farthest a tap may land from the previous one (and move while down) and still count up, in points.
        public var tapDistance: Double = 10
        /// A shake shorter than this ends (`motionEnded`); a longer one is cancelled (O-05: about 1 s).
        public var shakeMaxDuration: UInt64 = 1_000_000_000

        public init(capacity: Int = 20, tapInterval: UInt64 = 350_000_000, tapDistance: Double = 10,
                    shakeMaxDuration: UInt64 = 1_000_000_000) {
            self.capacity = capacity
            self.tapInterval = tapInterval
            self.tapDistance = tapDistance
            self.shakeMaxDuration = shakeMaxDuration
        }
    }

    /// One unit of routed input.
    public enum Step: Sendable, Hashable {
        /// A touch event: deliver ``deliveries(of:)``, then ``endFrame(_:)``.
        case touches(Frame)
        /// A shake, after the timing rule.
        case motion(MotionPhase, timestamp: UInt64)
        /// A system event for the app (resign/become active, memory warning, cancel all touches, device
        /// orientation); `value` is the record's ``EventRecord/systemValue`` (the orientation).
        case system(EventRecord.SystemCode, value: UInt32, timestamp: UInt64)
    }

    /// A touch event being delivered.
    public struct Frame: Sendable, Hashable {
        let firstDelivery: Int
        let firstSlot: Int
        let endDelivery: Int
        /// Nanoseconds (the records' timestamp).
        public let timestamp: UInt64
    }

    public let tree: ViewTree
    public let configuration: Configuration

    /// The id touch records use to name `window` (a root view): its slot index + 1; 0 means the screen.
    @inlinable
    public static func windowID(of window: ViewID) -> UInt32 { window.index &+ 1 }
    /// Windows front to back, for touches posted with window id 0 (screen coordinates).
    @exclusivity(unchecked) public var screen: [ViewID] = []
    /// False while the app ignores interaction events or is inactive: new fingers are swallowed.
    @exclusivity(unchecked) public var acceptsNewTouches = true
    /// False while the app is inactive: shakes are swallowed.
    @exclusivity(unchecked) public var acceptsMotion = true
    /// Records each delivery as a line of text when set (nil: off, no cost).
    @exclusivity(unchecked) public var log: DeliveryLog?
    @exclusivity(unchecked) public internal(set) var counters = RouterCounters()
    /// Handler calls and motion deliveries so far (`counters.deliveries + counters.motions`).
    public var deliveredCount: UInt64 { counters.deliveries &+ counters.motions }
    /// The last bad input, for messages.
    @exclusivity(unchecked) public private(set) var lastError: RoutingError?

    // The table: `capacity` slots (serial 0 = free); `order` lists the live slots in began order.
    let table: UnsafeMutablePointer<RoutedTouch>
    let order: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) var liveCount = 0
    // Delivery buffers: frames stack (a nested frame appends after its parent and is cut off at its end).
    @exclusivity(unchecked) var deliveryBuffer: Column<TouchDelivery>
    @exclusivity(unchecked) var slotBuffer: Column<Int32>
    /// Each delivery's touches as plain data, parallel to `slotBuffer`.
    @exclusivity(unchecked) var touchBuffer: Column<DeliveredTouch>
    /// Occupied slots that are not live (swallowed, awaiting the producer's lift): `find` scans the whole
    /// table only while there are some.
    @exclusivity(unchecked) var parkedCount = 0
    /// A finger ended or was cancelled since the last retirement.
    @exclusivity(unchecked) var needsRetire = false
    // Grouping scratch (capacity entries each): the frame's views in began order, and per due finger its
    // sort key (view rank · 8 + phase) and slot.
    let viewScratch: UnsafeMutablePointer<ViewID>
    let keyScratch: UnsafeMutablePointer<Int32>
    let slotScratch: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var stamp: UInt64 = 0
    @exclusivity(unchecked) var nextSerial: UInt64 = 1
    @exclusivity(unchecked) var lastTimestamp: UInt64 = 0
    @exclusivity(unchecked) var knownStructure: UInt64 = 0
    // Taps: the last completed tap per view (most recent last).
    @exclusivity(unchecked) private var taps: [(view: ViewID, x: Double, y: Double, endedAt: UInt64, count: UInt32)] = []
    // Shake in progress: its began timestamp; `shakeSwallowed` when it began while motion was not accepted.
    @exclusivity(unchecked) private var shakeBeganAt: UInt64?
    @exclusivity(unchecked) private var shakeSwallowed = false

    public init(tree: ViewTree, configuration: Configuration = Configuration()) {
        let capacity = max(1, min(configuration.capacity, 1024))
        var configuration = configuration
        configuration.capacity = capacity
        self.tree = tree
        self.configuration = configuration
        table = .allocate(capacity: capacity)
        table.initialize(repeating: RoutedTouch.free, count: capacity)
        order = .allocate(capacity: capacity)
        deliveryBuffer = Column(capacity: 4 * capacity)
        slotBuffer = Column(capacity: 4 * capacity)
        touchBuffer = Column(capacity: 4 * capacity)
        viewScratch = .allocate(capacity: capacity)
        keyScratch = .allocate(capacity: capacity)
        slotScratch = .allocate(capacity: capacity)
        taps.reserveCapacity(capacity)
        knownStructure = tree.structureVersion
    }

    deinit {
        table.deinitialize(count: configuration.capacity)
        table.deallocate()
        order.deallocate()
        deliveryBuffer.deallocate()
        slotBuffer.deallocate()
        touchBuffer.deallocate()
        viewScratch.deallocate()
        keyScratch.deallocate()
        slotScratch.deallocate()
    }

    // MARK: - Reading the table

    /// Live fingers (the event's `allTouches`), in began order.
    public var liveTouchCount: Int { liveCount }

    /// The table slot of the `k`-th live finger (began order).
    @inline(__always)
    public func liveSlot(_ k: Int) -> Int { Int(order[k]) }

    /// The finger in table slot `slot`.
    @inline(__always)
    public func touch(atSlot slot: Int) -> RoutedTouch { table[slot] }

    /// The handler calls of `frame`, in delivery order.
    public func deliveries(of frame: Frame) -> Range<Int> { frame.firstDelivery..<frame.endDelivery }

    /// Handler call `index` (from ``deliveries(of:)``).
    @inline(__always)
    public func delivery(_ index: Int) -> TouchDelivery { deliveryBuffer[index] }

    /// The table slots of a delivery's touches.
    @inline(__always)
    public func deliverySlot(_ delivery: TouchDelivery, _ k: Int) -> Int { Int(slotBuffer[Int(delivery.first) + k]) }

    /// Claims handler call `index` for delivery now: returns it with the touches whose call is still owed
    /// (all of them unless a nested cancellation took some over; possibly none), marked delivered. Their
    /// data is valid until the frame ends.
    public func claim(_ index: Int) -> (delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>) {
        let d = deliveryBuffer[index]
        let first = Int(d.first)
        var kept = 0
        for k in 0..<Int(d.count) {
            let slot = Int(slotBuffer[first + k])
            guard table[slot].pendingStamp != 0 else { continue }
            table[slot].pendingStamp = 0
            if kept != k {
                slotBuffer[first + kept] = slotBuffer[first + k]
                touchBuffer[first + kept] = touchBuffer[first + k]
            }
            kept += 1
        }
        return (d, UnsafeBufferPointer(start: touchBuffer.base + first, count: kept))
    }

    /// True while the handler call for the finger in `slot` is still to be made in the frame being
    /// delivered. A nested cancellation (a handler removed the finger's view) takes the call over; the outer
    /// frame must then skip it.
    @inline(__always)
    public func isPending(slot: Int) -> Bool { table[slot].pendingStamp != 0 }

    /// The caller is making the handler call for the finger in `slot` now.
    @inline(__always)
    public func willDeliver(slot: Int) { table[slot].pendingStamp = 0 }

    // MARK: - Routing input

    /// Routes records from `batch[index...]` up to the next unit of work and returns it (nil when the batch
    /// is used up). Bad records are counted (``counters``, ``lastError``) and skipped.
    public func next(_ batch: UnsafeBufferPointer<EventRecord>, from index: inout Int) -> Step? {
        while depth > 0 { closeFrame() }
        if tree.structureVersion != knownStructure { dropDetachedTouches() }
        while index < batch.count {
            let record = batch[index]
            switch record.rawKind {
            case EventRecord.Kind.touch.rawValue:
                return .touches(buildFrame(batch, &index))
            case EventRecord.Kind.motion.rawValue:
                index += 1
                if let phase = routeMotion(record) {
                    log?.motion(phase, timestamp: record.timestamp)
                    return .motion(phase, timestamp: record.timestamp)
                }
            case EventRecord.Kind.system.rawValue:
                index += 1
                guard let code = record.system else { continue }
                log?.system(code, timestamp: record.timestamp)
                return .system(code, value: record.systemValue, timestamp: record.timestamp)
            default:
                index += 1  // The queue validates records; nothing else can get here.
            }
        }
        return nil
    }

    /// Ends a frame: its deliveries are done. Fingers that ended or were cancelled leave the table when the
    /// outermost frame ends.
    public func endFrame(_ frame: Frame) {
        guard depth > 0 else { return }
        deliveryBuffer.truncate(to: frame.firstDelivery)
        slotBuffer.truncate(to: frame.firstSlot)
        touchBuffer.truncate(to: frame.firstSlot)
        closeFrame()
    }

    private func closeFrame() {
        depth -= 1
        if depth == 0 {
            deliveryBuffer.truncate(to: 0)
            slotBuffer.truncate(to: 0)
            touchBuffer.truncate(to: 0)
            if needsRetire { retireFinished() }
        }
    }

    func openFrame(timestamp: UInt64) -> (Int, Int) {
        depth += 1
        stamp &+= 1
        lastTimestamp = timestamp
        return (deliveryBuffer.count, slotBuffer.count)
    }

    private func buildFrame(_ batch: UnsafeBufferPointer<EventRecord>, _ index: inout Int) -> Frame {
        // Event time never goes backwards: a frame stamped earlier than the last one is delivered at the last one.
        let raw = batch[index].timestamp
        let timestamp = max(raw, lastTimestamp)
        let (firstDelivery, firstSlot) = openFrame(timestamp: timestamp)
        for k in 0..<liveCount {
            let t = table + Int(order[k])
            t.pointee.pendingStamp = 0  // a call the caller never claimed is not owed any more
            if t.pointee.phase != .ended, t.pointee.phase != .cancelled { t.pointee.phase = .stationary }
        }
        while index < batch.count {
            let record = batch[index]
            guard record.rawKind == EventRecord.Kind.touch.rawValue, record.timestamp == raw else { break }
            let slot = find(record.touchID)
            if slot >= 0, table[slot].frameStamp == stamp { break }  // a second sample of a finger: next frame
            index += 1
            counters.samples &+= 1
            if raw < timestamp { refuse(.timestampBackwards(touchID: record.touchID, timestamp: raw, last: timestamp)) }
            route(record, slot: slot)
        }
        collectDeliveries()
        counters.frames &+= 1
        return Frame(firstDelivery: firstDelivery, firstSlot: firstSlot, endDelivery: deliveryBuffer.count,
                     timestamp: timestamp)
    }

    /// The slot of the finger when `batch[index]` is a frame of its own holding one moved sample of a live,
    /// delivered finger in window coordinates; else -1 (``route(_:to:)``'s steady-state lane).
    @inline(__always)
    func soleMovedSlot(_ batch: UnsafeBufferPointer<EventRecord>, _ index: Int) -> Int {
        let record = batch.baseAddress.unsafelyUnwrapped + index
        guard record.pointee.rawKind == EventRecord.Kind.touch.rawValue,
              record.pointee.code == EventRecord.TouchPhase.moved.rawValue,
              record.pointee.timestamp >= lastTimestamp else { return -1 }
        if index + 1 < batch.count {
            let next = record + 1
            if next.pointee.rawKind == EventRecord.Kind.touch.rawValue, next.pointee.timestamp == record.pointee.timestamp {
                return -1
            }
        }
        for k in 0..<liveCount where table[Int(order[k])].id == record.pointee.touchID {
            let t = table + Int(order[k])
            let ready = t.pointee.isDelivered && !t.pointee.screenCoordinates
                && t.pointee.phase != .ended && t.pointee.phase != .cancelled
            return ready ? Int(order[k]) : -1
        }
        return -1
    }

    @inline(__always)
    func applyMoved(_ record: UnsafePointer<EventRecord>, to t: UnsafeMutablePointer<RoutedTouch>) {
        counters.samples &+= 1
        t.pointee.previousX = t.pointee.x
        t.pointee.previousY = t.pointee.y
        t.pointee.x = record.pointee.x
        t.pointee.y = record.pointee.y
        t.pointee.force = record.pointee.force
        t.pointee.radius = record.pointee.radius
        t.pointee.timestamp = record.pointee.timestamp
        t.pointee.phase = .moved
    }

    @inline(__always)
    func snapshot(_ u: UnsafeMutablePointer<RoutedTouch>) -> DeliveredTouch {
        DeliveredTouch(touchID: u.pointee.id, phase: UInt32(u.pointee.phase.rawValue), tapCount: u.pointee.tapCount,
                       reserved: 0, x: u.pointee.x, y: u.pointee.y, previousX: u.pointee.previousX,
                       previousY: u.pointee.previousY, timestamp: u.pointee.timestamp)
    }

    @inline(__always)
    private func find(_ id: UInt32) -> Int {
        for k in 0..<liveCount where table[Int(order[k])].id == id { return Int(order[k]) }
        guard parkedCount > 0 else { return -1 }
        for s in 0..<configuration.capacity where table[s].serial != 0 && table[s].state != .live && table[s].id == id {
            return s
        }
        return -1
    }

    private func route(_ record: EventRecord, slot: Int) {
        let phase = EventRecord.TouchPhase(rawValue: record.code) ?? .cancelled
        if phase == .began { return begin(record, existing: slot) }
        guard slot >= 0 else { return refuse(.unknownTouch(touchID: record.touchID)) }
        let t = table + slot
        guard t.pointee.state == .live, t.pointee.phase != .ended, t.pointee.phase != .cancelled else {
            counters.swallowedSamples &+= 1
            if phase == .ended || phase == .cancelled, t.pointee.state != .live {
                free(slot)
                parkedCount -= 1
            }
            return
        }
        t.pointee.frameStamp = stamp
        t.pointee.timestamp = lastTimestamp  // the frame's
        if phase == .stationary { return }
        let (x, y) = windowPoint(record, t.pointee.window!, screen: t.pointee.screenCoordinates)
        t.pointee.previousX = t.pointee.x
        t.pointee.previousY = t.pointee.y
        t.pointee.x = x
        t.pointee.y = y
        t.pointee.force = record.force
        t.pointee.radius = record.radius
        t.pointee.phase = phase
        if phase == .ended || phase == .cancelled { needsRetire = true }
        switch phase {
        case .ended:
            counters.ended &+= 1
            noteTapEnded(t.pointee)
        case .cancelled:
            counters.cancelled &+= 1
            forgetTap(on: t.pointee.view!)
        default: break
        }
    }

    private func begin(_ record: EventRecord, existing: Int) {
        if existing >= 0 { return refuse(.duplicateBegan(touchID: record.touchID)) }
        guard let slot = freeSlot() else {
            return refuse(.tableFull(touchID: record.touchID, capacity: configuration.capacity))
        }
        var t = RoutedTouch.free
        t.id = record.touchID
        t.serial = nextSerial
        nextSerial &+= 1
        t.state = .swallowed
        t.timestamp = lastTimestamp  // the frame's
        t.frameStamp = stamp
        defer {
            table[slot] = t
            if t.state != .live { parkedCount += 1 }
        }
        guard acceptsNewTouches else {
            counters.ignored &+= 1
            return
        }
        // Hit-test once (K-02): the named window, or the front-most window of the screen that claims the point.
        var window: ViewID?, view: ViewID?
        var x = record.x, y = record.y
        if record.windowID == 0 {
            for w in screen {
                guard let local = try? tree.convertFromSuperviewSpace(record.x, record.y, of: w),
                      let hit = try? tree.hitTest(CGPoint(x: local.x, y: local.y), in: w) else { continue }
                (window, view, x, y) = (w, hit, local.x, local.y)
                t.screenCoordinates = true
                break
            }
        } else {
            guard let w = tree.view(atIndex: record.windowID &- 1), (try? tree.parent(of: w)) == .some(nil) else {
                return refuse(.unknownWindow(touchID: record.touchID, windowID: record.windowID))
            }
            window = w
            view = try? tree.hitTest(CGPoint(x: x, y: y), in: w)
        }
        guard let window, let view else {
            counters.missed &+= 1
            return
        }
        t.state = .live
        t.window = window
        t.view = view
        t.phase = .began
        (t.x, t.y, t.previousX, t.previousY, t.startX, t.startY) = (x, y, x, y, x, y)
        t.force = record.force
        t.radius = record.radius
        t.isDelivered = admits(view, in: window)
        if !t.isDelivered { counters.withheld &+= 1 }
        t.tapCount = tapCount(on: view, x: x, y: y, at: lastTimestamp)
        counters.began &+= 1
        order[liveCount] = Int32(slot)
        liveCount += 1
    }

    /// L-03 and L-04: may `view` see a new finger?
    private func admits(_ view: ViewID, in window: ViewID) -> Bool {
        let flags = (try? tree.flags(of: view)) ?? []
        for k in 0..<liveCount {
            let other = table[Int(order[k])]
            guard other.phase != .ended, other.phase != .cancelled, let otherView = other.view else { continue }
            // Only the first finger of a single-touch view's sequence is reported to it.
            if otherView == view, !flags.contains(.multipleTouchEnabled) { return false }
            guard other.isDelivered, other.window == window else { continue }
            if flags.contains(.exclusiveTouch) {
                // An exclusive view gets a finger only while no other view of its window tracks one.
                if otherView != view { return false }
            } else if (try? tree.flags(of: otherView).contains(.exclusiveTouch)) == true {
                // No view gets a finger while an exclusive view of its window tracks one.
                return false
            }
        }
        return true
    }

    private func windowPoint(_ record: EventRecord, _ window: ViewID, screen: Bool) -> (Double, Double) {
        guard screen, let local = try? tree.convertFromSuperviewSpace(record.x, record.y, of: window) else {
            return (record.x, record.y)
        }
        return local
    }

    private func freeSlot() -> Int? {
        for s in 0..<configuration.capacity where table[s].serial == 0 { return s }
        return nil
    }

    private func free(_ slot: Int) { table[slot] = .free }

    private func refuse(_ error: RoutingError) {
        switch error {
        case .tableFull: counters.tableFull &+= 1
        case .unknownTouch: counters.unknownTouch &+= 1
        case .duplicateBegan: counters.duplicateBegan &+= 1
        case .unknownWindow: counters.unknownWindow &+= 1
        case .unmatchedMotion: counters.unmatchedMotion &+= 1
        case .timestampBackwards: counters.timestampBackwards &+= 1
        }
        lastError = error
        log?.error(error, timestamp: lastTimestamp)
    }

    /// Groups the frame's changed, delivered fingers per view (views in began order) and phase (began,
    /// moved, ended, cancelled): one pass to key them, a stable insertion sort (at most `capacity` keys),
    /// one delivery per run of equal keys.
    func collectDeliveries() {
        var due = 0, views = 0
        for k in 0..<liveCount {
            let t = table + Int(order[k])
            guard t.pointee.frameStamp == stamp, t.pointee.isDelivered, t.pointee.state == .live,
                  t.pointee.phase != .stationary else { continue }
            let view = t.pointee.view.unsafelyUnwrapped
            var rank = 0
            while rank < views, viewScratch[rank] != view { rank += 1 }
            if rank == views {
                viewScratch[rank] = view
                views += 1
            }
            var i = due
            let key = Int32(rank) << 3 | Int32(t.pointee.phase.rawValue)
            while i > 0, keyScratch[i - 1] > key {
                keyScratch[i] = keyScratch[i - 1]
                slotScratch[i] = slotScratch[i - 1]
                i -= 1
            }
            keyScratch[i] = key
            slotScratch[i] = order[k]
            t.pointee.pendingStamp = stamp
            due += 1
        }
        var i = 0
        while i < due {
            var j = i + 1
            while j < due, keyScratch[j] == keyScratch[i] { j += 1 }
            let first = slotBuffer.count
            for k in i..<j {
                let slot = slotScratch[k]
                slotBuffer.append(slot)
                touchBuffer.append(snapshot(table + Int(slot)))
            }
            let t = table + Int(slotScratch[i])
            let delivery = TouchDelivery(view: t.pointee.view.unsafelyUnwrapped, window: t.pointee.window.unsafelyUnwrapped,
                                         phase: t.pointee.phase, first: Int32(first), count: Int32(j - i))
            deliveryBuffer.append(delivery)
            counters.deliveries &+= 1
            if let log { log.delivery(delivery, router: self, timestamp: lastTimestamp) }
            i = j
        }
    }

    /// Fingers that ended or were cancelled leave the event; system-cancelled ones wait for the producer.
    func retireFinished() {
        needsRetire = false
        var kept = 0
        for k in 0..<liveCount {
            let slot = Int(order[k])
            table[slot].pendingStamp = 0  // a call the caller never made is not owed any more
            let t = table[slot]
            if t.phase == .ended || t.phase == .cancelled {
                if t.awaitsProducerLift {
                    table[slot].state = .awaitingLift
                    parkedCount += 1
                } else {
                    free(slot)
                }
            } else {
                order[kept] = order[k]
                kept += 1
            }
        }
        liveCount = kept
    }

    // MARK: - Taps (M-09, T-06)

    private func tapCount(on view: ViewID, x: Double, y: Double, at time: UInt64) -> UInt32 {
        guard let last = taps.lastIndex(where: { $0.view == view }) else { return 1 }
        let tap = taps[last]
        guard time >= tap.endedAt, time - tap.endedAt <= configuration.tapInterval,
              hypot(x - tap.x, y - tap.y) <= configuration.tapDistance else { return 1 }
        return tap.count &+ 1
    }

    /// A finger lifted: it was a tap when it stayed near where it landed.
    private func noteTapEnded(_ t: RoutedTouch) {
        let view = t.view!
        forgetTap(on: view)
        guard hypot(t.x - t.startX, t.y - t.startY) <= configuration.tapDistance else { return }
        if taps.count == configuration.capacity { taps.removeFirst() }
        taps.append((view, t.x, t.y, t.timestamp, t.tapCount))
    }

    func forgetTap(on view: ViewID) {
        if let i = taps.firstIndex(where: { $0.view == view }) { taps.remove(at: i) }
    }

    // MARK: - Motion (O-05)

    private func routeMotion(_ record: EventRecord) -> MotionPhase? {
        guard let code = record.motion else { return nil }
        switch code {
        case .shakeBegan:
            if shakeBeganAt != nil {
                refuse(.unmatchedMotion(.began))
                return nil
            }
            shakeBeganAt = record.timestamp
            shakeSwallowed = !acceptsMotion
            if shakeSwallowed {
                counters.motionsIgnored &+= 1
                return nil
            }
            counters.motions &+= 1
            return .began
        case .shakeEnded, .shakeCancelled:
            guard let began = shakeBeganAt else {
                refuse(.unmatchedMotion(code == .shakeEnded ? .ended : .cancelled))
                return nil
            }
            shakeBeganAt = nil
            if shakeSwallowed {
                counters.motionsIgnored &+= 1
                return nil
            }
            counters.motions &+= 1
            let lasted = record.timestamp >= began ? record.timestamp - began : 0
            return code == .shakeEnded && lasted < configuration.shakeMaxDuration ? .ended : .cancelled
        }
    }

    /// Cancels a shake in progress (the app resigned active): true when one was, and its handlers must get
    /// `motionCancelled`; the shake's later records are swallowed.
    public func cancelMotion() -> Bool {
        guard shakeBeganAt != nil, !shakeSwallowed else { return false }
        shakeSwallowed = true
        counters.motions &+= 1
        log?.motion(.cancelled, timestamp: lastTimestamp)
        return true
    }
}

extension RoutedTouch {
    static let free = RoutedTouch(
        id: 0, serial: 0, state: .swallowed, view: nil, window: nil, phase: .began, isDelivered: false,
        x: 0, y: 0, previousX: 0, previousY: 0, timestamp: 0, tapCount: 1, force: 0, radius: 0,
        screenCoordinates: false, frameStamp: 0, awaitsProducerLift: false, startX: 0, startY: 0, pendingStamp: 0)
}
