/// The delivery protocol, one for every front end: the router opens a frame, the front end claims each of its
/// handler calls right before making it (``claim(_:of:)``: the touches whose call is still owed), and the frame
/// ends when the front end returns. A handler may change the tree meanwhile; a view leaving its window then
/// has its touches cancelled in a nested frame, delivered at once, which takes over the calls the outer frame
/// still owed those touches (a pending ended becomes a cancelled; a pending began is dropped: its view never
/// saw it), so the outer frame's later claims skip them.
extension TouchRouter {
    /// Routes a whole batch into the front end: every frame's calls in order, motions and system records
    /// between them. No per-event allocation, copy or retain.
    public func route(_ batch: UnsafeBufferPointer<EventRecord>) {
        enterRouting()
        defer { exitRouting() }
        // A front end other than the plain sink's adapter is taken by the batch's first frame (one retain per
        // batch, not per frame), again when it was replaced; the plain sink's is reached unretained.
        var batchFrontEnd: (any TouchFrontEnd)? = nil
        var batchFrontEndVersion = frontEndVersion &- 1  // not taken yet
        var index = 0
        while index < batch.count {
            // Steady state: a frame that is one finger's move skips frame building (the same decisions and
            // counters as the general path).
            if depth == 0, log == nil, tree.structureVersion == knownStructure {
                let slot = soleMovedSlot(batch, index)
                if slot >= 0 {
                    let record = batch.baseAddress.unsafelyUnwrapped + index
                    index += 1
                    if let plain = plainFrontEnd {
                        plain._withUnsafeGuaranteedRef { deliverSoleMove(record, slot: slot, to: $0.sink) }
                    } else {
                        deliver(soleMovedFrame(record, slot: slot), batchFrontEnd: &batchFrontEnd, version: &batchFrontEndVersion)
                    }
                    continue
                }
            }
            guard let step = next(batch, from: &index) else { break }
            switch step {
            case .touches(let frame): deliver(frame, batchFrontEnd: &batchFrontEnd, version: &batchFrontEndVersion)
            case .motion(let phase, let timestamp): deliverMotion(phase, timestamp: timestamp)
            case .system(let code, let value, let timestamp):
                frontEnd?.handleSystem(code, value: value, timestamp: timestamp, from: self)
            }
        }
    }

    /// Hands `frame` to the front end, then ends it.
    func deliver(_ frame: Frame) {
        var current: (any TouchFrontEnd)? = nil, version = frontEndVersion &- 1
        deliver(frame, batchFrontEnd: &current, version: &version)
    }

    /// Hands `frame` to the front end, then ends it: the plain sink's adapter unretained, any other as the caller
    /// holds it in `batchFrontEnd`, taken when `version` is not ``frontEndVersion`` (not yet taken, or replaced).
    @inline(__always)
    private func deliver(_ frame: Frame, batchFrontEnd: inout (any TouchFrontEnd)?, version: inout Int) {
        if let plain = plainFrontEnd {
            plain._withUnsafeGuaranteedRef { $0.deliverEvent(frame, from: self) }
        } else {
            if version != frontEndVersion {
                batchFrontEnd = frontEnd
                version = frontEndVersion
            }
            batchFrontEnd?.deliverEvent(frame, from: self)
        }
        endFrame(frame)
    }

    /// Hands a shake phase to the front end.
    func deliverMotion(_ phase: MotionPhase, timestamp: UInt64) {
        if let plain = plainFrontEnd {
            plain._withUnsafeGuaranteedRef { $0.deliverMotion(phase, timestamp: timestamp) }
        } else {
            frontEnd?.deliverMotion(phase, timestamp: timestamp)
        }
    }

    /// Handler call `call` of `frame` (one of ``Frame/calls``), claimed for delivery now: the touches whose
    /// call is still owed, marked delivered (possibly none: a nested cancellation took them over, or the frame
    /// has ended). The buffers stay valid until the frame ends.
    package func claim(_ call: Int, of frame: Frame) -> TouchClaim {
        guard isOpen(frame), frame.calls.contains(call) else { return .none }
        let d = deliveryBuffer[call]
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
        return TouchClaim(delivery: d, touches: UnsafeBufferPointer(start: touchBuffer.base + first, count: kept),
                          slots: UnsafeBufferPointer(start: slotBuffer.base + first, count: kept))
    }

    /// Handler call `call` of `frame` as decided (view, window, phase), before any claim.
    package func call(_ call: Int, of frame: Frame) -> TouchDelivery { deliveryBuffer[call] }

    /// Ends `frame` (and any frame still open inside it): its calls can no longer be claimed. Fingers that
    /// ended or were cancelled leave the table when the outermost frame ends. Ending a frame that has already
    /// ended does nothing, so a front end may end its frame itself (to see the table after retirement)
    /// before the router does.
    @inline(__always)
    package func endFrame(_ frame: Frame) {
        guard isOpen(frame) else { return }
        while depth > frame.level { closeFrame() }
        deliveryBuffer.truncate(to: frame.firstDelivery)
        slotBuffer.truncate(to: frame.firstSlot)
        touchBuffer.truncate(to: frame.firstSlot)
        closeFrame()
    }

    // MARK: - The steady-state lane

    /// The slot of the finger when `batch[index]` is a frame of its own holding one moved sample of a live,
    /// delivered finger in window coordinates; else -1.
    @inline(__always)
    private func soleMovedSlot(_ batch: UnsafeBufferPointer<EventRecord>, _ index: Int) -> Int {
        let record = batch.baseAddress.unsafelyUnwrapped + index
        guard record.pointee.isTouchMove, record.pointee.timestamp >= lastTimestamp else { return -1 }
        if index + 1 < batch.count, (record + 1).pointee.sharesFrame(with: record.pointee) { return -1 }
        for k in 0..<table.liveCount where table[live: k].id == record.pointee.touchID {
            let ready = table[live: k].isDelivered && !table[live: k].screenCoordinates && !table[live: k].isFinished
            return ready ? table.liveSlot(k) : -1
        }
        return -1
    }

    /// Moves the finger in `slot` by one sample (the frame's only change): the decisions of the general path
    /// without the grouping.
    @inline(__always)
    private func applySoleMove(_ record: UnsafePointer<EventRecord>, slot: Int) {
        for k in 0..<table.liveCount {
            table[live: k].pendingStamp = 0
            table[live: k].phase = .stationary  // none ended or cancelled: retired before
        }
        counters.samples &+= 1
        counters.frames &+= 1
        counters.deliveries &+= 1
        table[slot].move(to: record.pointee.x, record.pointee.y, record.pointee)
        table[slot].timestamp = record.pointee.timestamp
        table[slot].phase = .moved
        table[slot].frameStamp = stamp
    }

    /// A plain sink gets the sole moved sample's one call straight away, the touch handed over from the stack
    /// (one call, made at once: nothing to claim). A handler that removes the view meanwhile has its touch
    /// cancelled in a frame of its own, as anywhere else.
    private func deliverSoleMove(_ record: UnsafePointer<EventRecord>, slot: Int, to sink: any TouchDeliverySink) {
        if needsRetire { retireFinished() }
        stamp &+= 1
        lastTimestamp = record.pointee.timestamp
        applySoleMove(record, slot: slot)
        var touch = table[slot].delivered
        let delivery = TouchDelivery(view: table[slot].view.unsafelyUnwrapped, window: table[slot].window.unsafelyUnwrapped,
                                     phase: .moved, first: 0, count: 1)
        withUnsafePointer(to: &touch) { p in
            sink.deliver(delivery, touches: UnsafeBufferPointer(start: p, count: 1), timestamp: record.pointee.timestamp)
        }
    }

    /// The frame of the sole moved sample for a front end that claims (no frame is open, so its call is the
    /// buffers' first).
    private func soleMovedFrame(_ record: UnsafePointer<EventRecord>, slot: Int) -> Frame {
        if needsRetire { retireFinished() }
        let start = openFrame(timestamp: record.pointee.timestamp)
        applySoleMove(record, slot: slot)
        table[slot].pendingStamp = stamp
        slotBuffer.append(Int32(slot))
        touchBuffer.append(table[slot].delivered)
        deliveryBuffer.append(TouchDelivery(view: table[slot].view.unsafelyUnwrapped,
                                            window: table[slot].window.unsafelyUnwrapped, phase: .moved, first: 0, count: 1))
        return frame(from: start, timestamp: record.pointee.timestamp)
    }
}

/// A handler call claimed for delivery (``TouchRouter/claim(_:of:)``): the touches whose call is owed now, as
/// plain data, and their table slots. Valid until the frame ends.
package struct TouchClaim {
    package let delivery: TouchDelivery
    package let touches: UnsafeBufferPointer<DeliveredTouch>
    package let slots: UnsafeBufferPointer<Int32>

    init(delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, slots: UnsafeBufferPointer<Int32>) {
        self.delivery = delivery
        self.touches = touches
        self.slots = slots
    }

    /// Nothing to deliver: the frame has ended (a stale claim).
    static var none: TouchClaim {
        TouchClaim(
            delivery: TouchDelivery(view: ViewID(index: 0, generation: 0), window: ViewID(index: 0, generation: 0),
                                    phase: .cancelled, first: 0, count: 0),
            touches: UnsafeBufferPointer(start: nil, count: 0), slots: UnsafeBufferPointer(start: nil, count: 0))
    }
}
