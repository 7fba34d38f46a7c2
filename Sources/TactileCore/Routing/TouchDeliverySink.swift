/// Receives a ``TouchRouter``'s decisions as plain data, in order: the front end of an embedder whose handlers
/// are plain data (the C API's callbacks, a game engine, a test's recorder, a checking oracle). Set it as the
/// router's ``TouchRouter/sink``.
public protocol TouchDeliverySink: AnyObject {
    /// One handler call: `touches` (valid during the call) for `delivery.view`, in `delivery.phase`.
    func deliver(_ delivery: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64)
    /// A shake phase after the timing rule.
    func motion(_ phase: MotionPhase, timestamp: UInt64)
    /// A system record, before the router applies its meaning for touches
    /// (``TouchRouter/applySystemEvent(_:timestamp:)``). `value` is the record's ``EventRecord/systemValue``.
    func system(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64)
}

extension TouchDeliverySink {
    /// System records need no action by default (the router applies their meaning for touches).
    public func system(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64) {}
}

/// What a ``TouchRouter`` hands its decisions to: a touch event at a time (whose calls the front end claims
/// one by one, ``TouchRouter/claim(_:of:)``), motions and system records. The object model implements it to
/// build `UIEvent`s; a plain ``TouchDeliverySink`` is wrapped in ``SinkFrontEnd``.
package protocol TouchFrontEnd: AnyObject {
    /// A touch event: claim each of `frame`'s calls right before making it, in order. The frame ends when
    /// this returns.
    func deliverEvent(_ frame: TouchRouter.Frame, from router: TouchRouter)
    func deliverMotion(_ phase: MotionPhase, timestamp: UInt64)
    /// A system record; the front end decides what it means for its app.
    func handleSystem(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64, from router: TouchRouter)
}

/// A plain ``TouchDeliverySink`` as a front end: each claimed call that still has touches goes to the sink;
/// system records go to the sink, then the router applies their meaning for touches.
final class SinkFrontEnd: TouchFrontEnd {
    let sink: any TouchDeliverySink

    init(sink: any TouchDeliverySink) { self.sink = sink }

    func deliverEvent(_ frame: TouchRouter.Frame, from router: TouchRouter) {
        for call in frame.calls {
            let claimed = router.claim(call, of: frame)
            if !claimed.touches.isEmpty { sink.deliver(claimed.delivery, touches: claimed.touches, timestamp: frame.timestamp) }
        }
    }

    func deliverMotion(_ phase: MotionPhase, timestamp: UInt64) { sink.motion(phase, timestamp: timestamp) }

    func handleSystem(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64, from router: TouchRouter) {
        sink.system(code, value: value, timestamp: timestamp)
        router.applySystemEvent(code, timestamp: timestamp)
    }
}
