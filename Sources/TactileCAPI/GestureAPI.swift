import CTactile
import Synchronization
import TactileCore

// The gesture-recognizer entry points of tactile.h (DESIGN-GESTURE-CAPI): the engine's gesture models
// (`TapGesture`, `PanGesture`, `LongPressGesture`, `TwoFingerGesture`, `SwipeGesture`) attached to views and fed
// by the router's deliveries, in the sink: no second dispatcher. Loop-thread state throughout.

/// `tactile_gesture_kind`.
enum GestureKind: UInt32 {
    case tap = 0, pan = 1, longPress = 2, pinch = 3, rotation = 4, swipe = 5

    var name: String {
        switch self {
        case .tap: "a tap"
        case .pan: "a pan"
        case .longPress: "a long press"
        case .pinch: "a pinch"
        case .rotation: "a rotation"
        case .swipe: "a swipe"
        }
    }
}

/// One gesture slot of `GestureEngine.slots`: the handle's generation, what it is attached to, its UIKit state
/// and its model (one of the optionals, by kind, mutated in place so following touches allocates nothing).
struct GestureSlot {
    var generation: UInt32 = 0
    var inUse = false
    var kind = GestureKind.tap
    var view = ViewID(packed: 0)
    /// `tactile_gesture_state` raw value.
    var state: UInt32 = 0
    var cancelsTouchesInView = true
    /// Ended, cancelled or failed in the present touch sequence: the model is reset and ignores the rest of it.
    var finished = false
    /// A touch of it was cancelled: the next evaluation cancels (or fails) it.
    var cancelPending = false
    /// Began or recognized, its callback not sent yet: the touches it takes are being cancelled in the view, and a
    /// callback there may cancel it; that waits until its began (or recognized) has been sent.
    var announcing = false
    /// Live touch records that list this gesture.
    var liveTouches = 0
    var timer: RunLoopTimerID?
    var armedDeadline: UInt64?
    var lastX = 0.0, lastY = 0.0
    /// The frame whose first lift set `lastX`/`lastY`.
    var liftFrame: UInt64 = .max
    var tap: TapGesture?
    var pan: PanGesture?
    var longPress: LongPressGesture?
    var twoFinger: TwoFingerGesture?
    var swipe: SwipeGesture?

    var isActive: Bool { state == 1 || state == 2 }
}

/// A touch the gestures follow: its bound view, its gestures (fixed at began) and what the view has seen.
struct GestureTouchRecord {
    var touchID: UInt32 = 0
    var view = ViewID(packed: 0)
    var window = ViewID(packed: 0)
    /// The gestures' handle ids, hit view's first (capacity kept when the record is reused).
    var gestures: [UInt64] = []
    /// The view got the touch's began (and no end yet).
    var deliveredToView = false
    /// A gesture cancelled the touch in the view: no further deliveries of it.
    var suppressed = false
    /// A gesture began or was recognized with it: a scroll view may not take it (DESIGN-CAPI-SCROLL-GESTURES).
    var claimed = false
    /// The touch as last delivered (for the cancellation delivery).
    var last: DeliveredTouch?

    init() { gestures.reserveCapacity(8) }
}

/// The app's gestures and the touches they follow. Made on the first gesture (or gesture callback); from then on
/// the sink hands it the deliveries while it has gestures or live touch records (`CallbackSink.gestureWork`).
final class GestureEngine {
    /// The sink whose delivery path this engine sits in front of (the sink owns the engine).
    unowned(unsafe) let sink: CallbackSink
    weak var loop: MainRunLoop?
    /// The first generation of this engine's slots: another app's gesture handles name no slot here.
    let base: UInt32
    private static let nextBase = Atomic<UInt32>(0x1000)

    @exclusivity(unchecked) var slots: [GestureSlot] = []
    @exclusivity(unchecked) var liveGestures = 0
    @exclusivity(unchecked) var records: [GestureTouchRecord] = []
    @exclusivity(unchecked) var liveRecords = 0
    @exclusivity(unchecked) var callback: (fn: tactile_gesture_fn, user: UnsafeMutableRawPointer?)?
    /// Scratch lists, capacity reserved once.
    @exclusivity(unchecked) private var pending: [UInt64] = []
    @exclusivity(unchecked) private var touchIDs: [UInt32] = []
    @exclusivity(unchecked) private var filtered: [DeliveredTouch] = []
    /// The touches of the delivery in hand that have records (a nested cancellation may end them meanwhile).
    @exclusivity(unchecked) private var followedIDs: [UInt32] = []
    /// The last delivery seen: the shape of the cancellation deliveries a timer's gesture makes.
    @exclusivity(unchecked) private var template: TouchDelivery?
    /// The time the gestures are evaluated at (the touch event's, or a deadline's).
    @exclusivity(unchecked) private var now: UInt64 = 0
    /// A time-out is being evaluated.
    @exclusivity(unchecked) private var firing = false

    static let slotLimit = 65_535

    init(sink: CallbackSink, loop: MainRunLoop) {
        self.sink = sink
        self.loop = loop
        base = Self.nextBase.wrappingAdd(0x1_0000, ordering: .relaxed).newValue
        slots.reserveCapacity(8)
        records.reserveCapacity(32)
        pending.reserveCapacity(32)
        touchIDs.reserveCapacity(32)
        filtered.reserveCapacity(32)
        followedIDs.reserveCapacity(32)
    }

    private func publishWork() { sink.gestureWork = liveGestures + liveRecords }

    // MARK: Handles

    func handle(_ i: Int) -> UInt64 { UInt64(slots[i].generation) << 32 | UInt64(i + 1) }

    /// The slot of a live gesture handle id (its view alive), or nil.
    @inline(__always)
    func slotIndex(_ id: UInt64) -> Int? {
        let low = Int(id & 0xFFFF_FFFF)
        guard low >= 1, low <= slots.count else { return nil }
        let i = low - 1
        guard slots[i].inUse, slots[i].generation == UInt32(id >> 32) else { return nil }
        return i
    }

    enum Lookup { case live(Int), unknown, viewDestroyed }

    /// A handle from the API: a gesture whose view was destroyed is dropped here — once its cancellation has been
    /// sent, if it was active (a callback that runs between the view's destruction and that can ask for it).
    func lookup(_ id: UInt64) -> Lookup {
        guard let i = slotIndex(id) else { return .unknown }
        guard sink.tree.isValid(slots[i].view) else {
            if isDroppable(i) { free(i) }
            return .viewDestroyed
        }
        return .live(i)
    }

    /// A gesture whose view was destroyed may go: it owes no callback.
    private func isDroppable(_ i: Int) -> Bool {
        !sink.tree.isValid(slots[i].view) && !slots[i].isActive && !slots[i].announcing
    }

    /// Adds a gesture of `kind` to `view`; nil when every slot is taken.
    func add(_ kind: GestureKind, to view: ViewID) -> UInt64? {
        var index: Int?
        for i in slots.indices where !slots[i].inUse || isDroppable(i) {
            if slots[i].inUse { free(i) }
            index = i
            break
        }
        if index == nil {
            guard slots.count < Self.slotLimit else { return nil }
            slots.append(GestureSlot(generation: base))
            index = slots.count - 1
        }
        let i = index!
        var slot = GestureSlot(generation: slots[i].generation &+ 1 == 0 ? base : slots[i].generation &+ 1, inUse: true,
                               kind: kind, view: view)
        switch kind {
        case .tap: slot.tap = TapGesture()
        case .pan: slot.pan = PanGesture()
        case .longPress: slot.longPress = LongPressGesture()
        case .pinch: slot.twoFinger = TwoFingerGesture(measure: .scale, beginThreshold: TwoFingerGesture.pinchThreshold)
        case .rotation: slot.twoFinger = TwoFingerGesture(measure: .rotation, beginThreshold: TwoFingerGesture.rotationThreshold)
        case .swipe: slot.swipe = SwipeGesture()
        }
        slots[i] = slot
        liveGestures += 1
        publishWork()
        return handle(i)
    }

    /// Forgets a gesture (its timer too); records that list it skip its stale handle from now on.
    func free(_ i: Int) {
        guard slots[i].inUse else { return }
        if let timer = slots[i].timer { loop?.cancel(timer) }
        slots[i] = GestureSlot(generation: slots[i].generation)
        liveGestures -= 1
        publishWork()
    }

    // MARK: Models

    private func feed(_ i: Int, _ phase: EventRecord.TouchPhase, _ s: GestureSample) {
        switch phase {
        case .began:
            switch slots[i].kind {
            case .tap: slots[i].tap!.down(s)
            case .pan: slots[i].pan!.down(s)
            case .longPress: slots[i].longPress!.down(s)
            case .pinch, .rotation: slots[i].twoFinger!.down(s)
            case .swipe: slots[i].swipe!.down(s)
            }
        case .moved:
            switch slots[i].kind {
            case .tap: slots[i].tap!.move(s)
            case .pan: slots[i].pan!.move(s)
            case .longPress: slots[i].longPress!.move(s)
            case .pinch, .rotation: slots[i].twoFinger!.move(s)
            case .swipe: slots[i].swipe!.move(s)
            }
        case .ended:
            // Where the fingers were as they lifted (the first lift of a frame: the others lift at once).
            if slots[i].liftFrame != now, let c = centroid(i, moving: s) {
                (slots[i].lastX, slots[i].lastY) = (c.x, c.y)
                slots[i].liftFrame = now
            }
            switch slots[i].kind {
            case .tap: slots[i].tap!.up(s)
            case .pan: slots[i].pan!.up(s)
            case .longPress: slots[i].longPress!.up(s)
            case .pinch, .rotation: slots[i].twoFinger!.up(s)
            case .swipe: slots[i].swipe!.up(s)
            }
        case .cancelled:
            slots[i].cancelPending = true
        case .stationary:
            break
        }
    }

    private func evaluateModel(_ i: Int, at time: UInt64) -> GestureVerdict {
        switch slots[i].kind {
        case .tap: slots[i].tap!.evaluate(at: time)
        case .pan: slots[i].pan!.evaluate(at: time)
        case .longPress: slots[i].longPress!.evaluate(at: time)
        case .pinch, .rotation: slots[i].twoFinger!.evaluate(at: time)
        case .swipe: slots[i].swipe!.evaluate(at: time)
        }
    }

    private func deadline(_ i: Int) -> UInt64? {
        switch slots[i].kind {
        case .tap: slots[i].tap!.deadline
        case .longPress: slots[i].longPress!.deadline
        case .swipe: slots[i].swipe!.deadline
        case .pan, .pinch, .rotation: nil
        }
    }

    /// The model's touches.
    private func touches(_ i: Int) -> GestureTouchList {
        switch slots[i].kind {
        case .tap: slots[i].tap!.touches
        case .pan: slots[i].pan!.touches
        case .longPress: slots[i].longPress!.touches
        case .pinch, .rotation: slots[i].twoFinger!.touches
        case .swipe: slots[i].swipe!.touches
        }
    }

    /// The centroid of the model's touches, or nil when it has none.
    func centroid(_ i: Int) -> (x: Double, y: Double)? {
        let list = touches(i)
        return list.isEmpty ? nil : list.centroid
    }

    /// The centroid with the touch of `s` at `s`'s location, or nil when the model does not follow that touch.
    private func centroid(_ i: Int, moving s: GestureSample) -> (x: Double, y: Double)? {
        let list = touches(i)
        guard list.index(of: s.id) != nil else { return nil }
        var x = 0.0, y = 0.0
        for t in list.current {
            x += t.id == s.id ? s.x : t.x
            y += t.id == s.id ? s.y : t.y
        }
        return (x / Double(list.count), y / Double(list.count))
    }

    /// Resets the model (ended, cancelled or failed): possible again, ignoring the rest of the sequence.
    private func finish(_ i: Int) {
        switch slots[i].kind {
        case .tap: slots[i].tap!.reset()
        case .pan: slots[i].pan!.reset()
        case .longPress: slots[i].longPress!.reset()
        case .pinch, .rotation: slots[i].twoFinger!.reset()
        case .swipe: slots[i].swipe!.reset()
        }
        slots[i].state = 0
        slots[i].cancelPending = false
        slots[i].finished = slots[i].liveTouches > 0
        disarm(i)
    }

    // MARK: Timers

    private func disarm(_ i: Int) {
        if let timer = slots[i].timer { loop?.cancel(timer) }
        slots[i].timer = nil
        slots[i].armedDeadline = nil
    }

    /// Arms (or moves) the gesture's time-out on the run loop: `deadline − now` from the loop's present time.
    /// Allocates only when the deadline changes (a touch going down or up), never on a move.
    private func rearm(_ i: Int) {
        let d = slots[i].finished ? nil : deadline(i)
        guard d != slots[i].armedDeadline else { return }
        disarm(i)
        // A deadline the model has been evaluated at (or past) without acting on it never fires again: no loop.
        guard let d, d > now || !firing, let loop else { return }
        slots[i].armedDeadline = d
        let id = handle(i)
        slots[i].timer = loop.addTimer(after: d > now ? d - now : 0, mode: .common) { [weak self] _ in
            self?.fire(id, deadline: d)
        }
    }

    private func fire(_ id: UInt64, deadline d: UInt64) {
        guard let i = slotIndex(id), slots[i].armedDeadline == d else { return }
        slots[i].timer = nil
        slots[i].armedDeadline = nil
        now = max(now, d)
        firing = true
        defer { firing = false }
        // A swipe fails once its time is strictly over; the others act at the deadline itself.
        evaluate(id, at: d, modelTime: slots[i].kind == .swipe ? d &+ 1 : d)
        publishWork()
    }

    // MARK: Routing

    /// The record of a live touch.
    @inline(__always)
    private func record(of touchID: UInt32) -> Int? {
        for r in 0..<liveRecords where records[r].touchID == touchID { return r }
        return nil
    }

    /// Starts following a touch that began on `d.view`: its gestures are the view's and its ancestors'. Nil when
    /// it has none.
    private func beginRecord(_ t: DeliveredTouch, _ d: TouchDelivery) -> Int? {
        if let stale = record(of: t.touchID) { removeRecord(stale) }  // a began for a live id: start over
        if liveRecords == records.count { records.append(GestureTouchRecord()) }
        let r = liveRecords
        records[r].gestures.removeAll(keepingCapacity: true)
        var v: ViewID? = d.view
        var depth = 0
        while let view = v, depth < 100_000 {
            for i in slots.indices where slots[i].inUse && slots[i].view == view {
                records[r].gestures.append(handle(i))
            }
            v = (try? sink.tree.parent(of: view)) ?? nil
            depth += 1
        }
        guard !records[r].gestures.isEmpty else { return nil }
        records[r].touchID = t.touchID
        records[r].view = d.view
        records[r].window = d.window
        records[r].deliveredToView = false
        records[r].suppressed = false
        records[r].claimed = false
        records[r].last = t
        liveRecords += 1
        for id in records[r].gestures {
            if let i = slotIndex(id) { slots[i].liveTouches += 1 }
        }
        return r
    }

    /// Stops following the touch at `r`; a gesture left without touches takes part in the next sequence.
    private func removeRecord(_ r: Int) {
        for id in records[r].gestures {
            guard let i = slotIndex(id) else { continue }
            slots[i].liveTouches -= 1
            if slots[i].liveTouches <= 0 {
                slots[i].liveTouches = 0
                slots[i].finished = false
            }
        }
        liveRecords -= 1
        if r != liveRecords { records.swapAt(r, liveRecords) }
    }

    /// Whether a gesture began or was recognized with one of these touches in their present sequences: the
    /// scroll views may not take them (DESIGN-CAPI-SCROLL-GESTURES; UIKit's exclusion of recognizers).
    func claimsAny(_ touchIDs: [UInt32]) -> Bool {
        for id in touchIDs { if let r = record(of: id), records[r].claimed { return true } }
        return false
    }

    private func addPending(_ id: UInt64) {
        for p in pending where p == id { return }
        pending.append(id)
    }

    /// A delivery while the app has gestures: the touches go to their gestures, the gestures are evaluated (their
    /// callbacks, and the cancellations they make), then the view gets the touches no gesture took.
    @inline(never)
    func route(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        template = d
        now = timestamp
        pending.removeAll(keepingCapacity: true)
        followedIDs.removeAll(keepingCapacity: true)
        var followed = false
        for k in 0..<touches.count {
            let t = touches[k]
            let r: Int
            if d.phase == .began {
                guard let began = beginRecord(t, d) else { continue }
                r = began
            } else {
                guard let known = record(of: t.touchID) else { continue }
                r = known
            }
            followed = true
            followedIDs.append(t.touchID)
            records[r].last = t
            let sample = GestureSample(id: t.touchID, x: t.x, y: t.y, timestamp: t.timestamp)
            for id in records[r].gestures {
                guard let i = slotIndex(id), !slots[i].finished else { continue }
                feed(i, d.phase, sample)
                addPending(id)
            }
        }
        guard followed else {
            publishWork()
            return sink.deliverPlain(d, touches: touches, timestamp: timestamp)
        }
        let followedHere = followedIDs  // a callback may route again (nested) and reuse the scratch lists
        if !pending.isEmpty {
            let evaluating = pending
            for id in evaluating { evaluate(id, at: timestamp) }
        }
        // A callback may have destroyed the view, or ended a touch through a nested cancellation.
        if sink.tree.isValid(d.view) { deliverUnclaimed(d, touches: touches, timestamp: timestamp, followed: followedHere) }
        if d.phase == .ended || d.phase == .cancelled {
            for k in 0..<touches.count {
                if let r = record(of: touches[k].touchID) { removeRecord(r) }
            }
        }
        publishWork()
    }

    /// The delivery callback for the touches no gesture cancelled in the view.
    private func deliverUnclaimed(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64,
                                  followed: [UInt32]) {
        var suppressed = 0
        for k in 0..<touches.count where isWithheld(touches[k].touchID, followed) { suppressed += 1 }
        if suppressed == 0 {
            markDelivered(d, touches)
            return sink.deliverPlain(d, touches: touches, timestamp: timestamp)
        }
        guard suppressed < touches.count else { return }
        filtered.removeAll(keepingCapacity: true)
        for k in 0..<touches.count where !isWithheld(touches[k].touchID, followed) { filtered.append(touches[k]) }
        let kept = filtered  // the callback may route again (nested)
        kept.withUnsafeBufferPointer { kept in
            markDelivered(d, kept)
            sink.deliverPlain(d, touches: kept, timestamp: timestamp)
        }
    }

    /// Whether the view must not get this touch now: a gesture cancelled it in the view, or it was followed
    /// and has ended meanwhile (a nested cancellation delivered its end).
    private func isWithheld(_ touchID: UInt32, _ followed: [UInt32]) -> Bool {
        if let r = record(of: touchID) { return records[r].suppressed }
        return followed.contains(touchID)
    }

    private func markDelivered(_ d: TouchDelivery, _ touches: UnsafeBufferPointer<DeliveredTouch>) {
        guard d.phase == .began else { return }
        for k in 0..<touches.count {
            if let r = record(of: touches[k].touchID) { records[r].deliveredToView = true }
        }
    }

    /// Evaluates one gesture at `time` and makes its transition: DESIGN-GESTURE-CAPI.
    private func evaluate(_ id: UInt64, at time: UInt64, modelTime: UInt64? = nil) {
        guard let i = slotIndex(id), !slots[i].finished, !slots[i].announcing else { return }
        let verdict: GestureVerdict
        if slots[i].cancelPending {
            slots[i].cancelPending = false
            verdict = slots[i].isActive ? .cancel : .fail
        } else {
            verdict = evaluateModel(i, at: modelTime ?? time)
        }
        if let c = centroid(i) { (slots[i].lastX, slots[i].lastY) = (c.x, c.y) }
        switch verdict {
        case .none:
            break
        case .fail:
            finish(i)
        case .begin, .recognize:
            slots[i].state = verdict == .begin ? 1 : 3
            failOthers(id)
            if slots[i].cancelsTouchesInView {
                // The view's touchesCancelled comes before the gesture's action, as UIKit's; a cancellation made in
                // that callback is acted on after the action (UIKit's gesture environment queues it), never before.
                slots[i].announcing = true
                cancelTouches(of: id)
                guard slotIndex(id) == i else { return }  // removed by a delivery callback
                slots[i].announcing = false
            }
            send(id, verdict == .begin ? 1 : 3, time)
            if verdict == .recognize, let i = slotIndex(id) { finish(i) }
            if let i = slotIndex(id), slots[i].cancelPending { return evaluate(id, at: time) }  // cancelled meanwhile
        case .change:
            slots[i].state = 2
            send(id, 2, time)
        case .end:
            slots[i].state = 3
            send(id, 3, time)
            if let i = slotIndex(id) { finish(i) }
        case .cancel:
            slots[i].state = 4
            send(id, 4, time)
            if let i = slotIndex(id) { finish(i) }
        }
        if let i = slotIndex(id) {
            rearm(i)
            if isDroppable(i) { free(i) }  // its view was destroyed
        }
    }

    /// One state callback.
    private func send(_ id: UInt64, _ state: UInt32, _ time: UInt64) {
        guard let callback, let i = slotIndex(id) else { return }
        callback.fn(callback.user, tactile_gesture(id: id), slots[i].view.c, state, time)
    }

    /// No simultaneous recognition: every other gesture of the winner's touches that is still possible fails.
    private func failOthers(_ winner: UInt64) {
        for r in 0..<liveRecords where records[r].gestures.contains(winner) {
            records[r].claimed = true
            for other in records[r].gestures where other != winner {
                guard let j = slotIndex(other), !slots[j].finished, slots[j].state == 0 else { continue }
                finish(j)
                slots[j].finished = true
            }
        }
    }

    /// cancelsTouchesInView: the winner's touches that the view was delivered and that have not ended get a
    /// cancelled delivery, and no further ones.
    private func cancelTouches(of winner: UInt64) {
        touchIDs.removeAll(keepingCapacity: true)
        for r in 0..<liveRecords where !records[r].suppressed && records[r].gestures.contains(winner) {
            records[r].suppressed = true
            if records[r].deliveredToView { touchIDs.append(records[r].touchID) }
        }
        guard !touchIDs.isEmpty, var delivery = template else { return }
        let cancelling = touchIDs  // a delivery callback may route again (nested)
        for touchID in cancelling {
            guard let r = record(of: touchID), records[r].deliveredToView else { continue }
            records[r].deliveredToView = false
            guard sink.tree.isValid(records[r].view) else { continue }
            delivery.view = records[r].view
            delivery.window = records[r].window
            delivery.phase = .cancelled
            guard var touch = records[r].last else { continue }
            touch.phase = UInt32(EventRecord.TouchPhase.cancelled.rawValue)
            touch.previousX = touch.x
            touch.previousY = touch.y
            withUnsafePointer(to: touch) { sink.deliverPlain(delivery, touches: UnsafeBufferPointer(start: $0, count: 1), timestamp: now) }
        }
    }
}

extension CallbackSink {
    /// The app's gesture engine, made on first use.
    func gestureEngine(loop: MainRunLoop) -> GestureEngine {
        if let gestures { return gestures }
        let engine = GestureEngine(sink: self, loop: loop)
        gestures = engine
        return engine
    }
}

// MARK: - Entry points

/// Runs `body` with the live app and the gesture's slot, or fails with INVALID_HANDLE.
private func withGesture(_ handle: tactile_app, _ gesture: tactile_gesture,
                         _ body: (CApp, GestureEngine, Int) -> tactile_status) -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    guard let engine = app.callbacks.gestures else {
        return invalidHandle("gesture", gesture.id, gone: "removed", app: app)
    }
    switch engine.lookup(gesture.id) {
    case .live(let i): return body(app, engine, i)
    case .unknown:
        return invalidHandle("gesture", gesture.id, gone: "removed", app: app)
    case .viewDestroyed:
        return fail(TACTILE_ERR_INVALID_HANDLE, "gesture handle \(gesture.id): its view was destroyed", app: app)
    }
}

/// Runs `body` for a gesture of one of `kinds`, or fails with INVALID_STATE naming what the call needs.
private func withGesture(_ handle: tactile_app, _ gesture: tactile_gesture, kinds: (GestureKind) -> Bool,
                         _ what: @autoclosure () -> String,
                         _ body: (CApp, GestureEngine, Int) -> tactile_status) -> tactile_status {
    // (`kinds` a test and `what` an autoclosure: a `Set` literal and the message were made on every call.)
    withGesture(handle, gesture) { app, engine, i in
        let kind = engine.slots[i].kind
        guard kinds(kind) else {
            return fail(TACTILE_ERR_INVALID_STATE, "gesture \(gesture.id) is \(kind.name); \(what())", app: app)
        }
        return body(app, engine, i)
    }
}

@_cdecl("tactile_app_set_gesture_callback")
public func capiSetGestureCallback(_ handle: tactile_app, _ fn: tactile_gesture_fn?, _ user: UnsafeMutableRawPointer?)
    -> tactile_status {
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    if fn == nil, app.callbacks.gestures == nil { return TACTILE_OK }
    app.callbacks.gestureEngine(loop: app.loop).callback = fn.map { ($0, user) }
    return TACTILE_OK
}

/// DESIGN-GESTURE-CAPI: `addGestureRecognizer(_:)`.
@_cdecl("tactile_view_add_gesture")
public func capiViewAddGesture(_ handle: tactile_app, _ view: tactile_view, _ kind: UInt32,
                               _ out: UnsafeMutablePointer<tactile_gesture>?) -> tactile_status {
    out?.pointee = tactile_gesture(id: 0)
    guard let app = AppRegistry.lookup(handle.id) else { return invalidHandle(handle) }
    let v = ViewID(view)
    guard app.tree.isValid(v) else {
        return invalidHandle("view", view.id, app: app)
    }
    guard let gestureKind = GestureKind(rawValue: kind) else {
        return fail(TACTILE_ERR_OUT_OF_RANGE, "unknown gesture kind \(kind)", app: app)
    }
    guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_gesture is NULL", app: app) }
    guard let id = app.callbacks.gestureEngine(loop: app.loop).add(gestureKind, to: v) else {
        return fail(TACTILE_ERR_LIMIT, "too many gestures (\(GestureEngine.slotLimit))", app: app)
    }
    out.pointee = tactile_gesture(id: id)
    return TACTILE_OK
}

@_cdecl("tactile_gesture_remove")
public func capiGestureRemove(_ handle: tactile_app, _ gesture: tactile_gesture) -> tactile_status {
    withGesture(handle, gesture) { _, engine, i in
        engine.free(i)
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_taps_required")
public func capiGestureSetTapsRequired(_ handle: tactile_app, _ gesture: tactile_gesture, _ taps: UInt32) -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .tap || $0 == .longPress }, "only taps and long presses count taps") {
        app, engine, i in
        let minimum: UInt32 = engine.slots[i].kind == .tap ? 1 : 0
        guard taps >= minimum, taps <= 64 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "taps \(taps) outside \(minimum) … 64", app: app)
        }
        if engine.slots[i].kind == .tap { engine.slots[i].tap!.tapsRequired = Int(taps) } else { engine.slots[i].longPress!.tapsRequired = Int(taps) }
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_touches_required")
public func capiGestureSetTouchesRequired(_ handle: tactile_app, _ gesture: tactile_gesture, _ touches: UInt32) -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .tap || $0 == .longPress || $0 == .swipe },
                "only taps, long presses and swipes require a number of touches") { app, engine, i in
        guard touches >= 1, touches <= 1024 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "touches \(touches) outside 1 … 1024", app: app)
        }
        switch engine.slots[i].kind {
        case .tap: engine.slots[i].tap!.touchesRequired = Int(touches)
        case .longPress: engine.slots[i].longPress!.touchesRequired = Int(touches)
        default: engine.slots[i].swipe!.touchesRequired = Int(touches)
        }
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_touch_range")
public func capiGestureSetTouchRange(_ handle: tactile_app, _ gesture: tactile_gesture, _ minimum: UInt32, _ maximum: UInt32)
    -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .pan }, "only pans have a touch range") { app, engine, i in
        guard minimum >= 1, maximum >= minimum else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "touch range \(minimum) … \(maximum) is not 1 ≤ minimum ≤ maximum", app: app)
        }
        engine.slots[i].pan!.minimumTouches = Int(minimum)
        engine.slots[i].pan!.maximumTouches = maximum == .max ? .max : Int(maximum)
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_minimum_press_duration")
public func capiGestureSetMinimumPressDuration(_ handle: tactile_app, _ gesture: tactile_gesture, _ seconds: Double) -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .longPress }, "only long presses have a minimum press duration") { app, engine, i in
        guard seconds.isFinite, seconds >= 0, seconds <= 1e6 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "minimum press duration \(seconds) s is not within 0 … 1e6", app: app)
        }
        engine.slots[i].longPress!.minimumPressDuration = UInt64((seconds * 1e9).rounded())
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_allowable_movement")
public func capiGestureSetAllowableMovement(_ handle: tactile_app, _ gesture: tactile_gesture, _ points: Double) -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .longPress }, "only long presses have a settable allowable movement") { app, engine, i in
        guard points.isFinite, points >= 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "allowable movement \(points) is not a finite distance", app: app)
        }
        engine.slots[i].longPress!.allowableMovement = points
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_direction")
public func capiGestureSetDirection(_ handle: tactile_app, _ gesture: tactile_gesture, _ directions: UInt32) -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .swipe }, "only swipes have a direction") { app, engine, i in
        guard directions != 0, directions & ~0xF == 0 else {
            return fail(TACTILE_ERR_OUT_OF_RANGE, "directions \(directions) are not tactile_swipe_direction bits", app: app)
        }
        engine.slots[i].swipe!.direction = SwipeGesture.Direction(rawValue: UInt(directions))
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_set_cancels_touches_in_view")
public func capiGestureSetCancelsTouchesInView(_ handle: tactile_app, _ gesture: tactile_gesture, _ cancels: Int32) -> tactile_status {
    withGesture(handle, gesture) { _, engine, i in
        engine.slots[i].cancelsTouchesInView = cancels != 0
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_get_state")
public func capiGestureGetState(_ handle: tactile_app, _ gesture: tactile_gesture, _ out: UnsafeMutablePointer<UInt32>?) -> tactile_status {
    withGesture(handle, gesture) { app, engine, i in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_state is NULL", app: app) }
        out.pointee = engine.slots[i].state
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_get_view")
public func capiGestureGetView(_ handle: tactile_app, _ gesture: tactile_gesture, _ out: UnsafeMutablePointer<tactile_view>?)
    -> tactile_status {
    withGesture(handle, gesture) { app, engine, i in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_view is NULL", app: app) }
        out.pointee = engine.slots[i].view.c
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_get_location")
public func capiGestureGetLocation(_ handle: tactile_app, _ gesture: tactile_gesture, _ out: UnsafeMutablePointer<tactile_point>?)
    -> tactile_status {
    withGesture(handle, gesture) { app, engine, i in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_location is NULL", app: app) }
        let c = engine.centroid(i) ?? (engine.slots[i].lastX, engine.slots[i].lastY)
        out.pointee = tactile_point(x: c.x, y: c.y)
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_get_translation")
public func capiGestureGetTranslation(_ handle: tactile_app, _ gesture: tactile_gesture, _ out: UnsafeMutablePointer<tactile_point>?)
    -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .pan }, "only pans have a translation") { app, engine, i in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_translation is NULL", app: app) }
        let t = engine.slots[i].pan!.translation
        out.pointee = tactile_point(x: t.x, y: t.y)
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_get_velocity")
public func capiGestureGetVelocity(_ handle: tactile_app, _ gesture: tactile_gesture, _ out: UnsafeMutablePointer<tactile_point>?)
    -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == .pan }, "only pans have a velocity in points") { app, engine, i in
        guard let out else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_velocity is NULL", app: app) }
        let v = engine.slots[i].pan!.velocity
        out.pointee = tactile_point(x: v.x, y: v.y)
        return TACTILE_OK
    }
}

private func twoFingerValue(_ handle: tactile_app, _ gesture: tactile_gesture, _ kind: GestureKind, _ name: String,
                            _ value: UnsafeMutablePointer<Double>?, _ velocity: UnsafeMutablePointer<Double>?) -> tactile_status {
    withGesture(handle, gesture, kinds: { $0 == kind }, "only \(kind == .pinch ? "pinches" : "rotations") have a \(name)") { app, engine, i in
        guard let value else { return fail(TACTILE_ERR_NULL_ARGUMENT, "out_\(name) is NULL", app: app) }
        value.pointee = engine.slots[i].twoFinger!.value
        velocity?.pointee = engine.slots[i].twoFinger!.velocity.value
        return TACTILE_OK
    }
}

@_cdecl("tactile_gesture_get_scale")
public func capiGestureGetScale(_ handle: tactile_app, _ gesture: tactile_gesture, _ scale: UnsafeMutablePointer<Double>?,
                                _ velocity: UnsafeMutablePointer<Double>?) -> tactile_status {
    twoFingerValue(handle, gesture, .pinch, "scale", scale, velocity)
}

@_cdecl("tactile_gesture_get_rotation")
public func capiGestureGetRotation(_ handle: tactile_app, _ gesture: tactile_gesture, _ rotation: UnsafeMutablePointer<Double>?,
                                   _ velocity: UnsafeMutablePointer<Double>?) -> tactile_status {
    twoFingerValue(handle, gesture, .rotation, "rotation", rotation, velocity)
}
