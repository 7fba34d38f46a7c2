/// Receives what ``TouchRouter/route(_:to:)`` decides, in order. Embedders with plain-data handlers (the C
/// API) implement it; the object model uses ``TouchRouter/next(_:from:)`` to keep `UITouch` objects in step.
public protocol TouchDeliverySink: AnyObject {
    /// One handler call: `touches` (valid during the call) for `delivery.view`, in `delivery.phase`.
    func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64)
    /// A shake phase after the timing rule.
    func motion(_ phase: MotionPhase, timestamp: UInt64)
    /// A system record: the sink decides what it means for its app (the router has not acted on it).
    func system(_ code: EventRecord.SystemCode, timestamp: UInt64)
}

extension TouchRouter {
    /// Routes a whole batch into `sink`: every frame's owed calls in order, motions and system records
    /// between them. The tight loop for plain-data consumers: no per-delivery allocation, copy or retain.
    public func route(_ batch: UnsafeBufferPointer<EventRecord>, to sink: any TouchDeliverySink) {
        var index = 0
        while index < batch.count {
            // Steady state: a frame that is one finger's move goes straight to the sink, with no frame
            // buffers (the same decisions and counters as the general path).
            if depth == 0, log == nil, tree.structureVersion == knownStructure {
                let slot = soleMovedSlot(batch, index)
                if slot >= 0 {
                    let record = batch.baseAddress.unsafelyUnwrapped + index
                    index += 1
                    deliverMovedAlone(record, slot: slot, to: sink)
                    continue
                }
            }
            guard let step = next(batch, from: &index) else { break }
            switch step {
            case .touches(let frame): deliver(frame, to: sink)
            case .motion(let phase, let timestamp): sink.motion(phase, timestamp: timestamp)
            case .system(let code, _, let timestamp): sink.system(code, timestamp: timestamp)
            }
        }
    }

    private func deliverMovedAlone(_ record: UnsafePointer<EventRecord>, slot: Int, to sink: any TouchDeliverySink) {
        if needsRetire { retireFinished() }
        stamp &+= 1
        lastTimestamp = record.pointee.timestamp
        for k in 0..<liveCount {
            let t = table + Int(order[k])
            t.pointee.pendingStamp = 0
            t.pointee.phase = .stationary  // none ended or cancelled: retired above
        }
        let t = table + slot
        applyMoved(record, to: t)
        t.pointee.frameStamp = stamp
        counters.frames &+= 1
        counters.deliveries &+= 1
        var touch = snapshot(t)
        let delivery = TouchDelivery(view: t.pointee.view.unsafelyUnwrapped, window: t.pointee.window.unsafelyUnwrapped,
                                     phase: .moved, first: 0, count: 1)
        withUnsafePointer(to: &touch) { p in
            sink.deliver(delivery, touches: UnsafeBufferPointer(start: p, count: 1), timestamp: record.pointee.timestamp)
        }
    }

    /// Delivers `frame`'s owed calls to `sink` (a handler may open nested frames meanwhile), then ends it.
    public func deliver(_ frame: Frame, to sink: any TouchDeliverySink) {
        for i in deliveries(of: frame) {
            let (delivery, touches) = claim(i)
            if !touches.isEmpty { sink.deliver(delivery, touches: touches, timestamp: frame.timestamp) }
        }
        endFrame(frame)
    }
}
