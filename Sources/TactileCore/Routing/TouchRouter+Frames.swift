import Foundation

/// Building touch events from records: binding at began, the frame rule, the delivery controls and the
/// grouping of a frame's handler calls (AG-K-02, AG-K-08, AG-L-03, AG-L-04, AG-M-03, AG-M-08).
extension TouchRouter {
    /// One unit of routed input.
    enum Step {
        /// A touch event: deliver its calls, then end it.
        case touches(Frame)
        /// A shake, after the timing rule.
        case motion(MotionPhase, timestamp: UInt64)
        /// A system event for the app; `value` is the record's ``EventRecord/systemValue`` (the orientation).
        case system(EventRecord.SystemCode, value: UInt32, timestamp: UInt64)
    }

    /// Routes records from `batch[index...]` up to the next unit of work and returns it (nil when the batch
    /// is used up). Bad records are counted (``counters``, ``lastError``) and skipped.
    func next(_ batch: UnsafeBufferPointer<EventRecord>, from index: inout Int) -> Step? {
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

    // MARK: - Frames

    /// Opens a frame of handler calls (nested inside the open one, if any) at `timestamp`.
    @inline(__always)
    func openFrame(timestamp: UInt64) -> (firstDelivery: Int, firstSlot: Int) {
        stamp &+= 1
        openFrames.append(stamp)
        lastTimestamp = timestamp
        return (deliveryBuffer.count, slotBuffer.count)
    }

    /// The frame whose calls are `firstDelivery` up to the buffer's end.
    @inline(__always)
    func frame(from start: (firstDelivery: Int, firstSlot: Int), timestamp: UInt64) -> Frame {
        Frame(firstDelivery: start.firstDelivery, firstSlot: start.firstSlot, endDelivery: deliveryBuffer.count,
              level: depth, stamp: stamp, timestamp: timestamp)
    }

    /// True while `frame`'s calls may still be made.
    @inline(__always)
    func isOpen(_ frame: Frame) -> Bool {
        frame.level <= depth && openFrames[frame.level - 1] == frame.stamp
    }

    /// Closes the innermost frame; fingers that ended or were cancelled leave the table when the outermost one
    /// closes.
    @inline(__always)
    func closeFrame() {
        openFrames.truncate(to: depth - 1)
        if depth == 0 {
            deliveryBuffer.truncate(to: 0)
            slotBuffer.truncate(to: 0)
            touchBuffer.truncate(to: 0)
            if needsRetire { retireFinished() }
        }
    }

    private func buildFrame(_ batch: UnsafeBufferPointer<EventRecord>, _ index: inout Int) -> Frame {
        // Event time never goes backwards: a frame stamped earlier than the last one is delivered at the last one.
        let first = batch[index]
        let timestamp = max(first.timestamp, lastTimestamp)
        let start = openFrame(timestamp: timestamp)
        for k in 0..<table.liveCount {
            table[live: k].pendingStamp = 0  // a call the caller never claimed is not owed any more
            if !table[live: k].isFinished { table[live: k].phase = .stationary }
        }
        while index < batch.count {
            let record = batch[index]
            guard record.sharesFrame(with: first) else { break }
            let slot = table.find(record.touchID)
            if slot >= 0, table[slot].frameStamp == stamp { break }  // a second sample of a finger: next frame
            index += 1
            counters.samples &+= 1
            if first.timestamp < timestamp {
                refuse(.timestampBackwards(touchID: record.touchID, timestamp: first.timestamp, last: timestamp))
            }
            route(record, slot: slot)
        }
        collectDeliveries()
        counters.frames &+= 1
        return frame(from: start, timestamp: timestamp)
    }

    private func route(_ record: EventRecord, slot: Int) {
        let phase = EventRecord.TouchPhase(rawValue: record.code) ?? .cancelled
        if phase == .began { return begin(record, existing: slot) }
        guard slot >= 0 else { return refuse(.unknownTouch(touchID: record.touchID)) }
        guard table[slot].state == .live, !table[slot].isFinished else {
            counters.swallowedSamples &+= 1
            if phase == .ended || phase == .cancelled, table[slot].state != .live {
                table.free(slot)
                table.parkedCount -= 1
            }
            return
        }
        table[slot].frameStamp = stamp
        table[slot].timestamp = lastTimestamp  // the frame's
        if phase == .stationary { return }
        let (x, y) = windowPoint(record, table[slot].window!, screen: table[slot].screenCoordinates)
        table[slot].move(to: x, y, record)
        table[slot].phase = phase
        switch phase {
        case .ended:
            needsRetire = true
            counters.ended &+= 1
            noteTapEnded(table[slot])
        case .cancelled:
            needsRetire = true
            counters.cancelled &+= 1
            forgetTap(on: table[slot].view!)
        default: break
        }
    }

    private func begin(_ record: EventRecord, existing: Int) {
        if existing >= 0 { return refuse(.duplicateBegan(touchID: record.touchID)) }
        guard let slot = table.freeSlot() else {
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
            if t.state != .live { table.parkedCount += 1 }
        }
        guard acceptsNewTouches else {
            counters.ignored &+= 1
            return
        }
        // Hit-test once (AG-K-02): the named window, or the front-most window of the screen that claims the point.
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
        t.type = record.touchType
        (t.altitudeCode, t.azimuthCode) = (record.altitudeCode, record.azimuthCode)
        t.isDelivered = admits(view, in: window)
        if !t.isDelivered { counters.withheld &+= 1 }
        t.tapCount = tapCount(on: view, x: x, y: y, at: lastTimestamp)
        counters.began &+= 1
        table.appendLive(slot)
    }

    /// AG-L-03 and AG-L-04: may `view` see a new finger?
    private func admits(_ view: ViewID, in window: ViewID) -> Bool {
        let flags = (try? tree.flags(of: view)) ?? []
        for k in 0..<table.liveCount {
            let other = table[live: k]
            guard !other.isFinished, let otherView = other.view else { continue }
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

    /// Counts a bad record, keeps it as ``lastError`` and logs it.
    func refuse(_ error: RoutingError) {
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

    // MARK: - Grouping (AG-M-08)

    /// Groups the frame's changed, delivered fingers per view (views in began order) and phase (began,
    /// moved, ended, cancelled): one pass to key them, a stable insertion sort (at most `capacity` keys),
    /// one call per run of equal keys. Each grouped finger's call is owed (pending) until claimed.
    func collectDeliveries() {
        var due = 0, views = 0
        for k in 0..<table.liveCount {
            guard table[live: k].frameStamp == stamp, table[live: k].isDelivered, table[live: k].state == .live,
                  table[live: k].phase != .stationary else { continue }
            let view = table[live: k].view.unsafelyUnwrapped
            var rank = 0
            while rank < views, viewScratch[rank] != view { rank += 1 }
            if rank == views {
                viewScratch[rank] = view
                views += 1
            }
            var i = due
            let key = Int32(rank) << 3 | Int32(table[live: k].phase.rawValue)
            while i > 0, keyScratch[i - 1] > key {
                keyScratch[i] = keyScratch[i - 1]
                slotScratch[i] = slotScratch[i - 1]
                i -= 1
            }
            keyScratch[i] = key
            slotScratch[i] = Int32(table.liveSlot(k))
            table[live: k].pendingStamp = stamp
            due += 1
        }
        var i = 0
        while i < due {
            var j = i + 1
            while j < due, keyScratch[j] == keyScratch[i] { j += 1 }
            let first = slotBuffer.count
            for k in i..<j {
                let slot = Int(slotScratch[k])
                slotBuffer.append(Int32(slot))
                touchBuffer.append(table[slot].delivered)
            }
            let lead = table[Int(slotScratch[i])]
            let delivery = TouchDelivery(view: lead.view.unsafelyUnwrapped, window: lead.window.unsafelyUnwrapped,
                                         phase: lead.phase, first: Int32(first), count: Int32(j - i))
            deliveryBuffer.append(delivery)
            counters.deliveries &+= 1
            if let log { log.delivery(delivery, touches: touchBuffer.base + first, timestamp: lastTimestamp) }
            i = j
        }
    }

    /// Fingers that ended or were cancelled leave the event; system-cancelled ones wait for the producer.
    func retireFinished() {
        needsRetire = false
        table.retainLive { slot in
            table[slot].pendingStamp = 0  // a call never made is not owed any more
            guard table[slot].isFinished else { return true }
            if table[slot].awaitsProducerLift {
                table[slot].state = .awaitingLift
                table.parkedCount += 1
            } else {
                table.free(slot)
            }
            return false
        }
    }
}

extension RoutedTouch {
    /// Ended or cancelled in the current frame: the sequence is over (the call may still be owed).
    @inline(__always)
    var isFinished: Bool { phase == .ended || phase == .cancelled }

    /// A new location (window coordinates) and the sample's force, radius and angles; the old location
    /// becomes the previous one.
    @inline(__always)
    mutating func move(to x: Double, _ y: Double, _ sample: EventRecord) {
        previousX = self.x
        previousY = self.y
        self.x = x
        self.y = y
        force = sample.force
        radius = sample.radius
        altitudeCode = sample.altitudeCode
        azimuthCode = sample.azimuthCode
    }

    /// The finger as a handler call sees it.
    @inline(__always)
    var delivered: DeliveredTouch {
        DeliveredTouch(touchID: id, phase: UInt32(phase.rawValue), tapCount: tapCount, reserved: 0, x: x, y: y,
                       previousX: previousX, previousY: previousY, timestamp: timestamp)
    }
}
