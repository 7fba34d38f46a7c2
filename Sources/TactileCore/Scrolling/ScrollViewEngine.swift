import Foundation

/// Scroll views for a front end of plain data — the C API (`tactile.h`) and trace replays — built on
/// ``PanGesture``, ``ScrollDrag``, ``ScrollAxis`` and ``ScrollAxisMotion`` (DESIGN-CAPI-SCROLL): views of a
/// ``ViewTree`` marked as scroll views, whose `contentOffset` is their bounds origin (so hit-testing follows it).
///
/// It sits between a router's sink and the app side (``downstream``): every delivery passes through it.
///
/// - **Drags** (DESIGN-CAPI-SCROLL-DRAG): a touch that begins on a scroll view or any view inside it goes to the
///   pan of each enclosing scroll view (innermost first). A pan begins once the fingers' centroid moved 10 points
///   (``PanGesture/hysteresis``); its scroll view drags if the movement runs within 45° of an axis that scrolls,
///   scrolling is enabled, and the touches may be taken (``ScrollViewSettings/canCancelContentTouches``,
///   ``shouldBeginDrag``). The touches the views were delivered get a cancelled delivery (UIKit's
///   `cancelsTouchesInView`) and nothing more; a finger that lands while a scroll view drags joins the drag and
///   its view never sees it. The offset follows the fingers one to one from where the drag began (no jump by
///   the hysteresis), rubber-banded past the edges, locked to an axis with ``ScrollViewSettings/isDirectionalLockEnabled``.
/// - **Nesting** (DESIGN-CAPI-SCROLL-NESTED): the innermost scroll view that can scroll in the drag's direction
///   drags; the others ignore the rest of the touches.
/// - **Release** (DESIGN-CAPI-SCROLL-MOTION): the pan's velocity gives a deceleration, a bounce back or a paging
///   spring (``ScrollAxis/release(at:velocity:rate:target:)``), stepped by a common-mode timer at 60 Hz on
///   ``loop``'s clock, the offset at each frame a function of the time since the release; a touch-down on a
///   decelerating scroll view stops it (no end event, as UIKit) and its touch is the scroll view's alone. While a
///   scroll view tracks, drags or decelerates, the loop runs in ``RunLoopMode/tracking``.
/// - **Events** (DESIGN-CAPI-SCROLL-EVENTS): ``onEvent`` gets `UIScrollViewDelegate`'s calls in UIKit's order;
///   ``log`` (a router's delivery log) gets a line each.
///
/// Not UIKit's: no content-touch delay (`delaysContentTouches`): the content gets a touch at once and a drag
/// cancels it; `touchesShouldCancel(in:)` is true for every view (controls too). The pans see only the touches the
/// router delivers (a second finger on a single-touch view is not delivered, so it does not join).
///
/// Loop-thread state, like the router's.
public final class ScrollViewEngine: TouchDeliverySink {
    /// Frame interval of motions, in nanoseconds (60 Hz).
    public static let frameInterval: UInt64 = 16_666_667
    /// Duration of an animated `setContentOffset`, in seconds (ease in, ease out), as the object model's.
    public static let animationDuration = 0.3

    public let tree: ViewTree
    /// The clock and timers of motions, and the tracking mode. Without one, a motion is over at once.
    public weak var loop: MainRunLoop?
    /// Gets every delivery the scroll views leave to the views, and the cancellations of the touches they take.
    public var downstream: (any TouchDeliverySink)?
    /// The delegate-style events, in order; ``ScrollEvent/target`` of a will-end-dragging may be changed.
    public var onEvent: ((inout ScrollEvent) -> Void)?
    /// Asked before a scroll view starts dragging with these touches (their ids): false keeps it from dragging for
    /// the rest of the sequence (the C API: a C gesture holds one of them).
    public var shouldBeginDrag: ((ViewID, [UInt32]) -> Bool)?
    /// A router's delivery log: each event (``ScrollEvent/logLine``) and each touch taken from a view is a line.
    public var log: DeliveryLog?

    /// The scroll views by view index.
    private var scrollViews: [UInt32: ScrollViewRecord] = [:]
    /// Touches that began inside a scroll view, until they end (capacity kept).
    private var records: [ScrollTouchRecord] = []
    private var liveRecords = 0
    /// The last delivery's timestamp: the time of the events a programmatic change makes.
    public private(set) var lastTimestamp: UInt64 = 0
    /// Scroll views holding the tracking mode.
    private var trackingHolders = 0
    /// Scratch lists (a nested call takes its own: `take`).
    private var pendingScratch: [ScrollViewRecord] = []
    private var filteredScratch: [DeliveredTouch] = []
    private var chainScratch: [ViewID] = []

    public init(tree: ViewTree, loop: MainRunLoop? = nil) {
        self.tree = tree
        self.loop = loop
        records.reserveCapacity(16)
        pendingScratch.reserveCapacity(8)
        filteredScratch.reserveCapacity(16)
        chainScratch.reserveCapacity(8)
    }

    /// Scroll views exist or touches are followed: deliveries must pass through ``deliver(_:touches:timestamp:)``.
    public var hasWork: Bool { !scrollViews.isEmpty || liveRecords > 0 }

    /// The scroll views, by view index order.
    public var allScrollViews: [ViewID] { scrollViews.values.map(\.view).sorted { $0.index < $1.index } }

    // MARK: - Scroll views

    /// Makes `view` a scroll view with `settings` (a scroll view already: its settings change); its offset is its
    /// bounds origin. Returns false for an invalid view.
    @discardableResult
    public func makeScrollView(_ view: ViewID, settings: ScrollViewSettings = .init()) -> Bool {
        guard tree.isValid(view) else { return false }
        if let s = record(of: view) {
            s.settings = settings
            return true
        }
        if let stale = scrollViews[view.index] { retire(stale) }
        scrollViews[view.index] = ScrollViewRecord(view: view, settings: settings)
        return true
    }

    /// Stops `view` being a scroll view: its motion stops and its drag is dropped without events; touches it took
    /// stay away from their views until they end.
    public func removeScrollView(_ view: ViewID) {
        guard let s = scrollViews[view.index], s.view == view else { return }
        retire(s)
        scrollViews[view.index] = nil
    }

    /// Whether `view` is a live scroll view.
    public func isScrollView(_ view: ViewID) -> Bool { record(of: view) != nil }

    /// The settings of a scroll view (nil: not one).
    public func settings(of view: ViewID) -> ScrollViewSettings? { record(of: view)?.settings }

    /// Changes a scroll view's settings; false when `view` is not one. Disabling scrolling ends a drag in progress
    /// as if its fingers had been cancelled (UIKit disables the pan recognizer: cancelled).
    @discardableResult
    public func setSettings(_ settings: ScrollViewSettings, of view: ViewID, timestamp: UInt64? = nil) -> Bool {
        guard let s = record(of: view) else { return false }
        let timestamp = timestamp ?? lastTimestamp
        let wasEnabled = s.settings.isScrollEnabled
        s.settings = settings
        if wasEnabled, !settings.isScrollEnabled {
            if s.drag != nil { endDrag(s, finger: (0, 0), time: timestamp) }
            if s.live { finishPan(s) }
        }
        return true
    }

    /// What a scroll view is doing (empty for a view that is not one).
    public func activity(of view: ViewID) -> ScrollViewActivity {
        guard let s = record(of: view) else { return [] }
        var a: ScrollViewActivity = []
        if s.isTracking { a.insert(.tracking) }
        if s.drag != nil { a.insert(.dragging) }
        if s.isDecelerating { a.insert(.decelerating) }
        if let m = s.motion, m.kind == .animation { a.insert(.animating) }
        return a
    }

    /// `contentOffset` (the bounds origin); nil for a view that is not a scroll view.
    public func contentOffset(of view: ViewID) -> CGPoint? {
        guard let s = record(of: view) else { return nil }
        return currentOffset(s)
    }

    /// The resting range of the offset and whether each axis scrolls, from the present geometry and settings.
    public func axes(of view: ViewID) -> ScrollDrag? {
        guard let s = record(of: view) else { return nil }
        return scrollAxes(s)
    }

    /// `setContentOffset(_:animated:)` (DESIGN-CAPI-SCROLL-OFFSET): at once (a motion in progress stops without its
    /// end event; `didScroll` if the offset changed), or animated over ``animationDuration`` (`didScroll` each
    /// frame, then `didEndScrollingAnimation`). Not limited to the scrolling range, as UIKit. False when `view` is
    /// not a scroll view or the offset is not finite. The events carry `timestamp` (by default ``lastTimestamp``).
    @discardableResult
    public func setContentOffset(_ offset: CGPoint, of view: ViewID, animated: Bool, timestamp: UInt64? = nil) -> Bool {
        guard let s = record(of: view), offset.x.isFinite, offset.y.isFinite else { return false }
        let timestamp = timestamp ?? lastTimestamp
        let now = currentOffset(s)
        if animated {
            guard now != offset else { return true }
            if s.motion != nil { stopMotion(s, notify: false, time: timestamp) }
            guard s.live else { return true }
            let d = Self.animationDuration
            run(s, Motion(kind: .animation, x: ScrollAxisMotion(easeFrom: Double(now.x), to: Double(offset.x), duration: d),
                          y: ScrollAxisMotion(easeFrom: Double(now.y), to: Double(offset.y), duration: d),
                          startLoop: loop?.now ?? 0, startTime: timestamp), time: timestamp)
            return true
        }
        if s.motion != nil { stopMotion(s, notify: false, time: timestamp) }
        guard s.live else { return true }
        setOffset(s, offset, time: timestamp)
        return true
    }

    // MARK: - Records

    private func record(of view: ViewID) -> ScrollViewRecord? {
        guard let s = scrollViews[view.index], s.view == view else { return nil }
        guard tree.isValid(view) else {
            retire(s)
            scrollViews[view.index] = nil
            return nil
        }
        return s
    }

    /// Forgets a scroll view's state: its motion's timer, its hold on the tracking mode.
    private func retire(_ s: ScrollViewRecord) {
        s.live = false
        if let timer = s.motion?.timer { loop?.cancel(timer) }
        s.motion = nil
        s.drag = nil
        s.isTracking = false
        setTrackingMode(s, false)
    }

    @inline(__always)
    private func touchRecord(_ touchID: UInt32) -> Int? {
        for r in 0..<liveRecords where records[r].touchID == touchID { return r }
        return nil
    }

    private func removeTouchRecord(_ r: Int) {
        liveRecords -= 1
        if r != liveRecords { records.swapAt(r, liveRecords) }
    }

    /// The scroll views `view` is in (itself included), innermost first.
    private func chain(of view: ViewID, into out: inout [ViewID]) {
        var v: ViewID? = view
        var depth = 0
        while let current = v, depth < 100_000 {
            if let s = scrollViews[current.index], s.view == current, s.live { out.append(current) }
            v = (try? tree.parent(of: current)) ?? nil
            depth += 1
        }
    }

    // MARK: - Geometry

    private func currentOffset(_ s: ScrollViewRecord) -> CGPoint {
        (try? tree.geometry(of: s.view).bounds.origin) ?? .zero
    }

    private func scrollAxes(_ s: ScrollViewRecord) -> ScrollDrag {
        let size = (try? tree.geometry(of: s.view).bounds.size) ?? .zero
        let c = s.settings, a = c.contentInset
        let w = Double(size.width), h = Double(size.height)
        let cw = Double(c.contentSize.width), ch = Double(c.contentSize.height)
        let x = ScrollAxis(minimum: -a.left, maximum: cw + a.right - w, dimension: w,
                           scrollable: c.alwaysBounceHorizontal || cw + a.left + a.right > w, bounces: c.bounces,
                           page: c.isPagingEnabled ? w : 0)
        let y = ScrollAxis(minimum: -a.top, maximum: ch + a.bottom - h, dimension: h,
                           scrollable: c.alwaysBounceVertical || ch + a.top + a.bottom > h, bounces: c.bounces,
                           page: c.isPagingEnabled ? h : 0)
        return ScrollDrag(x: x, y: y)
    }

    /// A window-space vector in the scroll view's bounds space (its own and its ancestors' transforms undone).
    private func vector(_ x: Double, _ y: Double, in s: ScrollViewRecord) -> (x: Double, y: Double) {
        guard let t = try? tree.windowTransform(of: s.view), !t.isIdentity, let inverse = t.inverted() else { return (x, y) }
        let p = inverse.apply(x, y), o = inverse.apply(0, 0)
        let v = (x: p.x - o.x, y: p.y - o.y)
        return v.x.isFinite && v.y.isFinite ? v : (0, 0)
    }

    /// Moves the offset (the bounds origin); `didScroll` when it changed.
    private func setOffset(_ s: ScrollViewRecord, _ offset: CGPoint, time: UInt64) {
        guard offset.x.isFinite, offset.y.isFinite, var b = try? tree.geometry(of: s.view).bounds, b.origin != offset else { return }
        b.origin = offset
        guard (try? tree.setBounds(b, of: s.view)) != nil else { return }
        var event = ScrollEvent(kind: .didScroll, view: s.view, offset: offset, timestamp: time)
        emit(&event)
    }

    private func emit(_ event: inout ScrollEvent) {
        log?.append(event.logLine)
        onEvent?(&event)
    }

    // MARK: - Tracking mode

    private func setTrackingMode(_ s: ScrollViewRecord, _ on: Bool) {
        guard on != s.holdsTrackingMode else { return }
        s.holdsTrackingMode = on
        trackingHolders += on ? 1 : -1
        guard let loop else { return }
        let mode: RunLoopMode = trackingHolders > 0 ? .tracking : .default
        if loop.currentMode != mode { try? loop.setCurrentMode(mode) }
    }

    /// The scroll view holds the tracking mode while it tracks, drags or decelerates.
    private func updateTrackingMode(_ s: ScrollViewRecord) {
        setTrackingMode(s, s.live && (s.isTracking || s.drag != nil || s.isDecelerating))
    }

    // MARK: - Deliveries

    public func motion(_ phase: MotionPhase, timestamp: UInt64) { downstream?.motion(phase, timestamp: timestamp) }

    public func system(_ code: EventRecord.SystemCode, value: UInt32, timestamp: UInt64) {
        downstream?.system(code, value: value, timestamp: timestamp)
    }

    /// One delivery: the touches go to the scroll views' pans, the pans are evaluated (drags, their events, the
    /// cancellations of taken touches), then the views get the touches no scroll view took.
    public func deliver(_ d: TouchDelivery, touches: UnsafeBufferPointer<DeliveredTouch>, timestamp: UInt64) {
        lastTimestamp = max(lastTimestamp, timestamp)
        guard !scrollViews.isEmpty || liveRecords > 0 else { return forward(d, touches, timestamp) }
        var pending = pendingScratch
        pendingScratch = []
        pending.removeAll(keepingCapacity: true)
        var chainIDs = chainScratch
        chainScratch = []
        chainIDs.removeAll(keepingCapacity: true)
        defer {
            pending.removeAll(keepingCapacity: true)
            pendingScratch = pending
            chainIDs.removeAll(keepingCapacity: true)
            chainScratch = chainIDs
        }
        var followed = false
        for k in 0..<touches.count {
            let t = touches[k]
            let sample = GestureSample(id: t.touchID, x: t.x, y: t.y, timestamp: t.timestamp)
            if d.phase == .began {
                if chainIDs.isEmpty { chain(of: d.view, into: &chainIDs) }
                guard !chainIDs.isEmpty else { continue }
                began(t, sample, d, chainIDs, &pending)
                followed = true
                continue
            }
            guard let r = touchRecord(t.touchID) else { continue }
            followed = true
            records[r].latest = t
            for id in records[r].chain {
                guard let s = record(of: id), !s.panFinished, s.followed(t.touchID) else { continue }
                switch d.phase {
                case .moved, .stationary: s.pan.move(sample)
                case .ended: s.pan.up(sample)
                case .cancelled: s.cancelPending = true
                case .began: break
                }
                if !pending.contains(where: { $0 === s }) { pending.append(s) }
            }
        }
        guard followed else { return forward(d, touches, timestamp) }
        for s in pending where s.live { evaluate(s, time: timestamp) }
        forwardUntaken(d, touches, timestamp)
        if d.phase == .ended || d.phase == .cancelled {
            for k in 0..<touches.count { if let r = touchRecord(touches[k].touchID) { endTouch(r, time: timestamp) } }
        }
    }

    /// A touch began inside the scroll views `chainIDs` (innermost first).
    private func began(_ t: DeliveredTouch, _ sample: GestureSample, _ d: TouchDelivery, _ chainIDs: [ViewID],
                       _ pending: inout [ScrollViewRecord]) {
        if let stale = touchRecord(t.touchID) { endTouch(stale, time: sample.timestamp) }  // a began for a live id
        if liveRecords == records.count { records.append(ScrollTouchRecord()) }
        let r = liveRecords
        liveRecords += 1
        records[r].touchID = t.touchID
        records[r].view = d.view
        records[r].window = d.window
        records[r].chain.removeAll(keepingCapacity: true)
        records[r].chain.append(contentsOf: chainIDs)
        records[r].taken = false
        records[r].deliveredToView = false
        records[r].latest = t
        // A scroll view already dragging takes the new finger (it joins the drag; its view never sees it).
        if let dragging = chainIDs.lazy.compactMap({ self.record(of: $0) }).first(where: { $0.drag != nil && !$0.panFinished }) {
            records[r].taken = true
            dragging.follow(t.touchID)
            dragging.pan.down(sample)
            log?.append("\(sample.timestamp) scroll view=\(dragging.view.index) joins touch \(t.touchID) view=\(d.view.index)")
            if !pending.contains(where: { $0 === dragging }) { pending.append(dragging) }
            return
        }
        for id in chainIDs {
            guard let s = record(of: id), s.settings.isScrollEnabled, !s.panFinished else { continue }
            if s.touchCount == 0 {
                // The first finger: tracking; a touch-down on a decelerating scroll view stops it (no end event)
                // and is the scroll view's alone.
                s.isTracking = true
                if let motion = s.motion {
                    stopMotion(s, notify: false, time: sample.timestamp)
                    if motion.kind == .deceleration, !records[r].taken {
                        records[r].taken = true
                        log?.append("\(sample.timestamp) scroll view=\(s.view.index) catches touch \(t.touchID) view=\(d.view.index)")
                    }
                }
                updateTrackingMode(s)
            }
            s.follow(t.touchID)
            s.pan.down(sample)
            if !pending.contains(where: { $0 === s }) { pending.append(s) }
        }
    }

    /// The touch at `r` ended or was cancelled: the scroll views that followed it drop it; one left without
    /// fingers stops tracking (and springs back if it was caught out of its range).
    private func endTouch(_ r: Int, time: UInt64) {
        let touchID = records[r].touchID
        let chainIDs = records[r].chain
        removeTouchRecord(r)
        for id in chainIDs {
            guard let s = record(of: id), s.unfollow(touchID) else { continue }
            if s.touchCount == 0 { touchesLifted(s, time: time) }
        }
    }

    private func touchesLifted(_ s: ScrollViewRecord, time: UInt64) {
        s.pan.reset()
        s.panFinished = false
        s.cancelPending = false
        s.isTracking = false
        // (A callback of a release in progress may end the last touch, nested: the release goes on, the outer call
        // finishes it.)
        if s.drag != nil, !s.releasing { endDrag(s, finger: (0, 0), time: time) }  // (the pan ended without a verdict)
        guard s.live else { return }
        if s.motion == nil, !s.releasing { settleIfOutOfRange(s, time: time) }
        updateTrackingMode(s)
    }

    /// A scroll view at rest out of its range (caught while bouncing, then let go) springs back.
    private func settleIfOutOfRange(_ s: ScrollViewRecord, time: UInt64) {
        let axes = scrollAxes(s), o = currentOffset(s), rate = s.settings.decelerationRate
        let outside = (axes.x.scrollable && axes.x.clamped(Double(o.x)) != Double(o.x))
            || (axes.y.scrollable && axes.y.clamped(Double(o.y)) != Double(o.y))
        guard outside || s.settings.isPagingEnabled else { return }
        let x = axes.x.release(at: Double(o.x), velocity: 0, rate: rate)
        let y = axes.y.release(at: Double(o.y), velocity: 0, rate: rate)
        guard Motion.moves(x) || Motion.moves(y) else { return snapIntoRange(s, time: time) }
        run(s, Motion(kind: .deceleration, x: x, y: y, startLoop: loop?.now ?? 0, startTime: time), time: time)
        guard s.live, s.motion != nil else { return }
        var event = ScrollEvent(kind: .willBeginDecelerating, view: s.view, offset: o, timestamp: time)
        emit(&event)
    }

    /// An offset left out of the range by less than a motion's rest distance goes to the edge at once (along the
    /// axes that scroll; `didScroll`).
    private func snapIntoRange(_ s: ScrollViewRecord, time: UInt64) {
        let axes = scrollAxes(s), o = currentOffset(s)
        let x = axes.x.scrollable ? axes.x.clamped(Double(o.x)) : Double(o.x)
        let y = axes.y.scrollable ? axes.y.clamped(Double(o.y)) : Double(o.y)
        setOffset(s, CGPoint(x: x, y: y), time: time)
    }

    /// The pan's verdict after an event.
    private func evaluate(_ s: ScrollViewRecord, time: UInt64) {
        guard s.live, !s.panFinished else { return }
        if s.cancelPending {
            s.cancelPending = false
            finishPan(s)
            if s.drag != nil { endDrag(s, finger: (0, 0), time: time) }
            return
        }
        switch s.pan.evaluate(at: time) {
        case .begin:
            guard mayDrag(s) else { return finishPan(s) }
            beginDrag(s, time: time)
        case .change:
            dragMoved(s, time: time)
        case .end:
            dragMoved(s, time: time)
            guard s.live, s.drag != nil else { return }
            let v = s.pan.velocity
            finishPan(s)  // (before the release's callbacks: a nested delivery of these touches must not feed it)
            endDrag(s, finger: vector(v.x, v.y, in: s), time: time)
        case .fail, .cancel:
            finishPan(s)
        case .none, .recognize:
            break
        }
    }

    /// The pan ignores the rest of this sequence.
    private func finishPan(_ s: ScrollViewRecord) {
        s.panFinished = true
        s.pan.reset()
    }

    /// The drag may begin: scrolling is enabled, the movement runs within 45° of an axis that scrolls, and the
    /// touches may be taken from their views.
    private func mayDrag(_ s: ScrollViewRecord) -> Bool {
        guard s.settings.isScrollEnabled else { return false }
        let m = movement(of: s)
        let axes = scrollAxes(s)
        let ax = abs(m.x), ay = abs(m.y)
        let along = (axes.x.scrollable && ax >= ay) || (axes.y.scrollable && ay >= ax) || (axes.x.scrollable && axes.y.scrollable)
        guard along else { return false }
        var ids: [UInt32] = []
        for r in 0..<liveRecords where s.follows(records[r].touchID) {
            if records[r].taken { continue }
            if !s.settings.canCancelContentTouches, records[r].deliveredToView, records[r].view != s.view { return false }
            if shouldBeginDrag != nil { ids.append(records[r].touchID) }  // (no array without a delegate)
        }
        if let shouldBeginDrag, !ids.isEmpty, !shouldBeginDrag(s.view, ids) { return false }
        return true
    }

    /// The fingers' mean movement since they touched down, in the scroll view's space.
    private func movement(of s: ScrollViewRecord) -> (x: Double, y: Double) {
        let list = s.pan.touches
        var dx = 0.0, dy = 0.0
        for k in list.current.indices {
            dx += list.current[k].x - list.start[k].x
            dy += list.current[k].y - list.start[k].y
        }
        let n = Double(max(list.count, 1))
        return vector(dx / n, dy / n, in: s)
    }

    private func beginDrag(_ s: ScrollViewRecord, time: UInt64) {
        // Exclusion: the other scroll views following these touches give them up.
        for r in 0..<liveRecords where s.follows(records[r].touchID) {
            for id in records[r].chain where id != s.view {
                guard let other = record(of: id), !other.panFinished, other.drag == nil else { continue }
                finishPan(other)
            }
        }
        if s.motion != nil { stopMotion(s, notify: false, time: time) }
        guard s.live else { return }
        var drag = scrollAxes(s)
        // The directional lock is decided on the fingers' whole movement since touch-down (the pan's translation at
        // its begin has the hysteresis taken off, and can be (0, 0)); later translations are shifted to match, so
        // the offset still follows from here without a jump.
        let t = s.pan.translation, o = currentOffset(s)
        let tv = vector(t.x, t.y, in: s), m = movement(of: s)
        drag.begin(offset: (Double(o.x), Double(o.y)), translation: m, directionalLock: s.settings.isDirectionalLockEnabled)
        s.dragShift = (m.x - tv.x, m.y - tv.y)
        s.drag = drag
        updateTrackingMode(s)
        s.dragAnnounced = false
        // cancelsTouchesInView: the touches the views have are cancelled there, before the delegate hears of it.
        cancelTakenTouches(of: s, time: time)
        guard s.live, s.drag != nil else { return }
        announceDrag(s, time: time)
    }

    /// `willBeginDragging`, once per drag, before anything else of it (a delivery callback of the cancellations
    /// may move or end the drag, nested, before `beginDrag` gets to it).
    private func announceDrag(_ s: ScrollViewRecord, time: UInt64) {
        guard s.live, s.drag != nil, !s.dragAnnounced else { return }
        s.dragAnnounced = true
        var event = ScrollEvent(kind: .willBeginDragging, view: s.view, offset: currentOffset(s), timestamp: time)
        emit(&event)
    }

    /// Takes the drag's touches from their views: those a view was delivered get a cancelled delivery.
    private func cancelTakenTouches(of s: ScrollViewRecord, time: UInt64) {
        var cancelling: [UInt32] = []
        for r in 0..<liveRecords where s.follows(records[r].touchID) && !records[r].taken {
            records[r].taken = true
            if records[r].deliveredToView { cancelling.append(records[r].touchID) }
        }
        for touchID in cancelling {
            // A delivery callback may have ended the touch or destroyed its view meanwhile (nested).
            guard let r = touchRecord(touchID), records[r].deliveredToView else { continue }
            records[r].deliveredToView = false
            let view = records[r].view, window = records[r].window
            guard tree.isValid(view) else { continue }
            var touch = records[r].latest
            touch.phase = UInt32(EventRecord.TouchPhase.cancelled.rawValue)
            touch.previousX = touch.x
            touch.previousY = touch.y
            log?.append("\(time) scroll view=\(s.view.index) cancels touch \(touchID) view=\(view.index)")
            let delivery = TouchDelivery(view: view, window: window, phase: .cancelled, first: 0, count: 1)
            withUnsafePointer(to: touch) { downstream?.deliver(delivery, touches: UnsafeBufferPointer(start: $0, count: 1), timestamp: time) }
        }
    }

    private func dragMoved(_ s: ScrollViewRecord, time: UInt64) {
        guard s.drag != nil else { return }
        if s.motion != nil { stopMotion(s, notify: false, time: time) }  // (an animated set during the drag)
        announceDrag(s, time: time)
        guard s.live, let drag = s.drag else { return }
        let t = s.pan.translation, o = currentOffset(s)
        let v = vector(t.x, t.y, in: s)
        let next = drag.offset(for: (v.x + s.dragShift.x, v.y + s.dragShift.y), current: (Double(o.x), Double(o.y)))
        setOffset(s, CGPoint(x: next.x, y: next.y), time: time)
    }

    /// The drag ends with the fingers' velocity `finger` (points per second in the scroll view's space; zero for a
    /// cancelled drag): `willEndDragging` (whose target the handler may move), `didEndDragging`, and a motion
    /// with `willBeginDecelerating` when one follows.
    private func endDrag(_ s: ScrollViewRecord, finger: (x: Double, y: Double), time: UInt64) {
        announceDrag(s, time: time)
        guard let drag = s.drag, !s.releasing else { return }
        s.releasing = true
        defer { s.releasing = false }
        // (Fingers at 1e300 points can make the pan's velocity infinite: such an axis releases at rest.)
        let velocity = drag.scrollVelocity(finger: (finger.x.isFinite ? finger.x : 0, finger.y.isFinite ? finger.y : 0))
        let rate = s.settings.decelerationRate
        var axes = scrollAxes(s), o = currentOffset(s)
        var x = axes.x.release(at: Double(o.x), velocity: velocity.x, rate: rate)
        var y = axes.y.release(at: Double(o.y), velocity: velocity.y, rate: rate)
        let proposed = CGPoint(x: x.target, y: y.target)
        var event = ScrollEvent(kind: .willEndDragging, view: s.view, offset: o,
                                velocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000), target: proposed, timestamp: time)
        emit(&event)
        guard s.live, s.drag != nil else { return }
        // The release from the offset after the call (the handler may have moved it), to its target; an animated
        // set the handler started is dropped (the release takes over; the handler sets `target` instead).
        if s.motion != nil { stopMotion(s, notify: false, time: time) }
        guard s.live, s.drag != nil else { return }
        axes = scrollAxes(s)
        o = currentOffset(s)
        let paging = s.settings.isPagingEnabled
        let tx = !paging && event.target.x != proposed.x ? Double(event.target.x) : nil
        let ty = !paging && event.target.y != proposed.y ? Double(event.target.y) : nil
        x = axes.x.release(at: Double(o.x), velocity: velocity.x, rate: rate, target: tx)
        y = axes.y.release(at: Double(o.y), velocity: velocity.y, rate: rate, target: ty)
        let decelerate = Motion.moves(x) || Motion.moves(y)
        s.drag = nil
        if !decelerate {
            snapIntoRange(s, time: time)  // (less than half a point out: no spring, the edge at once)
            guard s.live, s.drag == nil else { return updateTrackingMode(s) }
            o = currentOffset(s)
        }
        var ended = ScrollEvent(kind: .didEndDragging, view: s.view, offset: o, decelerate: decelerate, timestamp: time)
        emit(&ended)
        guard s.live, decelerate, s.drag == nil, s.motion == nil else { return updateTrackingMode(s) }
        let now = currentOffset(s)
        if now != o {
            // The handler moved the offset: the deceleration goes from there (or there is none).
            let axes = scrollAxes(s)
            x = axes.x.release(at: Double(now.x), velocity: velocity.x, rate: rate, target: tx)
            y = axes.y.release(at: Double(now.y), velocity: velocity.y, rate: rate, target: ty)
            guard Motion.moves(x) || Motion.moves(y) else { return updateTrackingMode(s) }
        }
        run(s, Motion(kind: .deceleration, x: x, y: y, startLoop: loop?.now ?? 0, startTime: time), time: time)
        guard s.live, s.motion != nil else { return }
        var begin = ScrollEvent(kind: .willBeginDecelerating, view: s.view, offset: currentOffset(s), timestamp: time)
        emit(&begin)
    }

    // MARK: - Motions

    /// Starts a motion: a common-mode frame timer on the loop until it is over (without a loop: over at once).
    private func run(_ s: ScrollViewRecord, _ motion: Motion, time: UInt64) {
        if let old = s.motion?.timer { loop?.cancel(old) }
        var motion = motion
        s.motion = motion
        guard let loop else { return }  // no clock: it waits for finishMotions
        let view = s.view
        motion.timer = loop.addTimer(after: Self.frameInterval, repeating: Self.frameInterval, mode: .common) { [weak self] id in
            self?.frame(view, timer: id)
        }
        s.motion = motion
        updateTrackingMode(s)
    }

    private func frame(_ view: ViewID, timer: RunLoopTimerID) {
        guard let s = record(of: view), let motion = s.motion, motion.timer == timer, let loop else {
            loop?.cancel(timer)
            return
        }
        let elapsed = loop.now &- motion.startLoop
        let t = Double(elapsed) / 1e9
        let time = motion.startTime &+ elapsed
        setOffset(s, motion.offset(at: t), time: time)
        guard s.live, let current = s.motion, current.timer == timer else { return }
        if t >= current.duration { stopMotion(s, notify: true, time: time) }
    }

    /// Ends the motion in progress: at its target with its end event when `notify` (a deceleration that ends out
    /// of the range — the geometry changed meanwhile — springs back first), else where it is, silently. A callback
    /// that starts a drag or another motion meanwhile takes over (no end event).
    private func stopMotion(_ s: ScrollViewRecord, notify: Bool, time: UInt64) {
        guard let motion = s.motion else { return }
        if let timer = motion.timer { loop?.cancel(timer) }
        s.motion = nil
        defer { updateTrackingMode(s) }
        guard notify else { return }
        setOffset(s, CGPoint(x: motion.x.target, y: motion.y.target), time: time)
        guard s.live, s.motion == nil, s.drag == nil else { return }
        switch motion.kind {
        case .deceleration:
            let axes = scrollAxes(s), o = currentOffset(s)
            let outside = (axes.x.scrollable && axes.x.clamped(Double(o.x)) != Double(o.x))
                || (axes.y.scrollable && axes.y.clamped(Double(o.y)) != Double(o.y))
            if outside {
                if let loop {
                    let rate = s.settings.decelerationRate
                    let x = axes.x.release(at: Double(o.x), velocity: 0, rate: rate)
                    let y = axes.y.release(at: Double(o.y), velocity: 0, rate: rate)
                    return run(s, Motion(kind: .deceleration, x: x, y: y, startLoop: loop.now, startTime: time), time: time)
                }
                snapIntoRange(s, time: time)
                guard s.live, s.motion == nil, s.drag == nil else { return }
            }
            updateTrackingMode(s)  // (isDecelerating is over before its end event)
            var event = ScrollEvent(kind: .didEndDecelerating, view: s.view, offset: currentOffset(s), timestamp: time)
            emit(&event)
        case .animation:
            var event = ScrollEvent(kind: .didEndScrollingAnimation, view: s.view, offset: currentOffset(s), timestamp: time)
            emit(&event)
        }
    }

    /// Runs every motion on until it is over, without a loop's timers (the motions of a loop-less engine).
    public func finishMotions(timestamp: UInt64) {
        for s in scrollViews.values.sorted(by: { $0.view.index < $1.view.index }) where s.motion != nil && s.live {
            stopMotion(s, notify: true, time: timestamp)
        }
    }

    /// Whether any scroll view has a motion in progress.
    public var isMoving: Bool { scrollViews.values.contains { $0.motion != nil } }

    // MARK: - Forwarding

    private func forward(_ d: TouchDelivery, _ touches: UnsafeBufferPointer<DeliveredTouch>, _ timestamp: UInt64) {
        downstream?.deliver(d, touches: touches, timestamp: timestamp)
    }

    /// The views get the touches no scroll view took (a began marks them delivered).
    private func forwardUntaken(_ d: TouchDelivery, _ touches: UnsafeBufferPointer<DeliveredTouch>, _ timestamp: UInt64) {
        guard tree.isValid(d.view) else { return }  // destroyed by a callback meanwhile
        var taken = 0
        for k in 0..<touches.count where isTaken(touches[k].touchID, phase: d.phase) { taken += 1 }
        if taken == 0 {
            markDelivered(d, touches)
            return forward(d, touches, timestamp)
        }
        guard taken < touches.count else { return }
        var filtered = filteredScratch
        filteredScratch = []
        filtered.removeAll(keepingCapacity: true)
        for k in 0..<touches.count where !isTaken(touches[k].touchID, phase: d.phase) { filtered.append(touches[k]) }
        filtered.withUnsafeBufferPointer { kept in
            markDelivered(d, kept)
            forward(d, kept, timestamp)
        }
        filtered.removeAll(keepingCapacity: true)
        filteredScratch = filtered
    }

    /// A touch the views must not get now: a scroll view took it, or its view never got its began.
    private func isTaken(_ touchID: UInt32, phase: EventRecord.TouchPhase) -> Bool {
        guard let r = touchRecord(touchID) else { return false }
        return records[r].taken || (phase != .began && !records[r].deliveredToView)
    }

    private func markDelivered(_ d: TouchDelivery, _ touches: UnsafeBufferPointer<DeliveredTouch>) {
        guard d.phase == .began else { return }
        for k in 0..<touches.count { if let r = touchRecord(touches[k].touchID) { records[r].deliveredToView = true } }
    }
}

/// One scroll view's state.
final class ScrollViewRecord {
    let view: ViewID
    var settings: ScrollViewSettings
    var live = true
    var pan = PanGesture()
    /// The pan failed, ended or was taken over in this sequence: it ignores the rest until every finger lifts.
    var panFinished = false
    /// A followed touch was cancelled by the router: the next evaluation ends the drag (or the pan fails).
    var cancelPending = false
    /// The touches this scroll view follows (capacity kept).
    private var touchIDs: [UInt32] = []
    var isTracking = false
    var drag: ScrollDrag?
    /// Added to the pan's translation for the drag (see `beginDrag`).
    var dragShift = (x: 0.0, y: 0.0)
    /// `willBeginDragging` was sent for the drag in progress.
    var dragAnnounced = false
    /// `endDrag` is running (its callbacks may deliver nested).
    var releasing = false
    var motion: Motion?
    var holdsTrackingMode = false
    /// `isDecelerating`: a deceleration (bounce, paging spring) is in progress.
    var isDecelerating: Bool { motion?.kind == .deceleration }

    init(view: ViewID, settings: ScrollViewSettings) {
        self.view = view
        self.settings = settings
        touchIDs.reserveCapacity(4)
    }

    var touchCount: Int { touchIDs.count }
    func follows(_ id: UInt32) -> Bool { touchIDs.contains(id) }
    /// Follows `id` (its pan got, or ignored, the touch's began).
    func follow(_ id: UInt32) { if !touchIDs.contains(id) { touchIDs.append(id) } }
    func followed(_ id: UInt32) -> Bool { touchIDs.contains(id) }
    /// Stops following `id`; false when it did not.
    func unfollow(_ id: UInt32) -> Bool {
        guard let k = touchIDs.firstIndex(of: id) else { return false }
        touchIDs.remove(at: k)
        return true
    }
}

/// A motion in progress: a deceleration (bounce, paging) after a drag, or an animated `setContentOffset`.
struct Motion {
    enum Kind { case deceleration, animation }
    let kind: Kind
    let x: ScrollAxisMotion
    let y: ScrollAxisMotion
    /// Its start on the loop's clock, and on the touches' clock.
    let startLoop: UInt64
    let startTime: UInt64
    var timer: RunLoopTimerID?

    init(kind: Kind, x: ScrollAxisMotion, y: ScrollAxisMotion, startLoop: UInt64, startTime: UInt64) {
        self.kind = kind
        self.x = x
        self.y = y
        self.startLoop = startLoop
        self.startTime = startTime
    }

    var duration: Double { max(x.duration, y.duration) }

    /// An axis motion that goes somewhere (a deceleration against an edge it cannot pass lasts 0 s: none).
    static func moves(_ m: ScrollAxisMotion) -> Bool { m.kind != .rest && m.duration > 0 }

    func offset(at t: Double) -> CGPoint { CGPoint(x: x.offset(at: t), y: y.offset(at: t)) }
}

/// A touch that began inside at least one scroll view.
struct ScrollTouchRecord {
    var touchID: UInt32 = 0
    var view = ViewID(packed: 0)
    var window = ViewID(packed: 0)
    /// The scroll views it began in, innermost first (capacity kept).
    var chain: [ViewID] = []
    /// A scroll view took it: its view gets nothing more of it.
    var taken = false
    /// Its view got its began (and no end yet).
    var deliveredToView = false
    /// Its latest sample.
    var latest = DeliveredTouch(touchID: 0, phase: 0, tapCount: 0, reserved: 0, x: 0, y: 0, previousX: 0, previousY: 0, timestamp: 0)

    init() { chain.reserveCapacity(4) }
}
