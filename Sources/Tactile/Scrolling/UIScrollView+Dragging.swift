import Foundation
import TactileCore

/// A deceleration or an animation of a scroll view, stepped by a common-mode timer at
/// ``UIScrollView/tactileFrameInterval`` on the run loop's clock: the offset at each frame is a function of the
/// time since the start only (DESIGN-SCROLL-MOTION).
@MainActor
final class ScrollViewMotion {
    enum Kind {
        /// After a drag (`isDecelerating`; tracking mode): ends with `scrollViewDidEndDecelerating`.
        case deceleration
        /// `setContentOffset(_:animated:)` / `scrollRectToVisible`: ends with `scrollViewDidEndScrollingAnimation`.
        case endScrollingAnimation
        /// A status-bar tap: ends with `scrollViewDidScrollToTop`.
        case scrollToTop
    }

    let kind: Kind
    let x: ScrollAxisMotion
    let y: ScrollAxisMotion
    /// Start (run-loop clock, ns).
    let start: UInt64
    var timer: RunLoopTimerID?

    init(kind: Kind, x: ScrollAxisMotion, y: ScrollAxisMotion, start: UInt64) {
        self.kind = kind
        self.x = x
        self.y = y
        self.start = start
    }

    var duration: Double { max(x.duration, y.duration) }

    func offset(at t: Double) -> CGPoint { CGPoint(x: x.offset(at: t), y: y.offset(at: t)) }
}

extension UIScrollView {
    // MARK: - Tracking mode

    /// Enters or leaves the tracking run-loop mode for this scroll view (DESIGN-SCROLL-TRACKING-MODE).
    func setTrackingMode(_ on: Bool) {
        guard on != holdsTrackingMode else { return }
        holdsTrackingMode = on
        let app = UIApplication.shared
        app.trackingScrollViews += on ? 1 : -1
        let loop = app.mainLoop
        let mode: RunLoopMode = app.trackingScrollViews > 0 ? .tracking : .default
        if loop.currentMode != mode { try? loop.setCurrentMode(mode) }
    }

    // MARK: - Touches

    /// A finger touched down on the scroll view (its pan's first touch).
    func touchDown() {
        isTracking = true
        setTrackingMode(true)
    }

    /// A touch-down on a moving scroll view stops it where it is (without `scrollViewDidEndDecelerating`, as
    /// UIKit). Returns true if it was moving.
    func stopsMotionOnTouchDown() -> Bool {
        guard let motion else { return false }
        let wasDeceleration = motion.kind == .deceleration
        stopMotion(notify: false)
        if !wasDeceleration { return false }
        // The offset stays where it is, even past an edge: the next drag or lift brings it back.
        return true
    }

    /// The last finger lifted.
    func touchesLifted() {
        isTracking = false
        if drag == nil {
            settleIfOutOfRange()
            if motion == nil { setTrackingMode(false) }
        }
    }

    /// A caught scroll view released outside its range springs back.
    private func settleIfOutOfRange() {
        let axes = self.axes(), o = contentOffset
        guard axes.x.clamped(o.x) != o.x || axes.y.clamped(o.y) != o.y || isPagingEnabled else { return }
        let x = axes.x.release(at: o.x, velocity: 0, rate: decelerationRate.rawValue)
        let y = axes.y.release(at: o.y, velocity: 0, rate: decelerationRate.rawValue)
        guard x.kind != .rest || y.kind != .rest else { return }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        run(ScrollViewMotion(kind: .deceleration, x: x, y: y, start: UIApplication.shared.mainLoop.now))
    }

    // MARK: - The pan

    /// The pan may begin (its delegate's answer, asked through ``gestureRecognizerShouldBegin(_:)``): the drag
    /// runs within 45° of an axis that scrolls, and no content view that has the touch refuses to let it go.
    func panShouldBegin(movement: CGPoint) -> Bool {
        let axes = self.axes()
        let dx = abs(movement.x), dy = abs(movement.y)
        let alongScrollable = (axes.x.scrollable && dx >= dy) || (axes.y.scrollable && dy >= dx)
            || (axes.x.scrollable && axes.y.scrollable)
        guard alongScrollable else { return false }
        for touch in panRecognizer.trackedTouches {
            let hold = touch.viewHold
            guard hold.contains(.viewBegan), !hold.contains(.viewFinished), !hold.contains(.withheld),
                  let view = touch.storedView, view !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    /// The pan's state changed (before its targets hear of it): the drag follows it.
    func panChanged(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began: beginDragging(pan)
        case .changed: dragMoved(pan)
        case .ended, .cancelled: endDragging(pan)
        default: break
        }
    }

    private func beginDragging(_ pan: UIPanGestureRecognizer) {
        if motion != nil { stopMotion(notify: false) }
        var drag = axes()
        let t = pan.translation(in: self), o = contentOffset
        let m = panRecognizer.movement()
        drag.begin(offset: (Double(o.x), Double(o.y)), translation: (Double(t.x), Double(t.y)),
                   directionalLock: isDirectionalLockEnabled, direction: (Double(m.x), Double(m.y)))
        self.drag = drag
        isTracking = true
        isDragging = true
        setTrackingMode(true)
        // `.onDrag` (and the interactive modes, which have no keyboard to follow headlessly) dismiss the keyboard.
        if keyboardDismissMode != .none { _ = window?.endEditing(true) }
        delegate?.scrollViewWillBeginDragging(self)
    }

    private func dragMoved(_ pan: UIPanGestureRecognizer) {
        guard let drag else { return }
        let t = pan.translation(in: self), o = contentOffset
        let next = drag.offset(for: (Double(t.x), Double(t.y)), current: (Double(o.x), Double(o.y)))
        setOffset(CGPoint(x: next.x, y: next.y))
        if let refreshControl, !refreshControl.isRefreshing,
           contentOffset.y <= -adjustedContentInset.top - UIRefreshControl.tactileTriggerDistance {
            refreshControl.pulled()
        }
    }

    private func endDragging(_ pan: UIPanGestureRecognizer) {
        guard let drag else { return }
        if pan.state == .ended { dragMoved(pan) }
        self.drag = nil
        let v = pan.state == .ended ? pan.velocity(in: self) : .zero
        let velocity = drag.scrollVelocity(finger: (Double(v.x), Double(v.y)))
        let rate = decelerationRate.rawValue, o = contentOffset
        let axes = self.axes()  // (geometry may have changed during the drag)
        var x = axes.x.release(at: o.x, velocity: velocity.x, rate: rate)
        var y = axes.y.release(at: o.y, velocity: velocity.y, rate: rate)
        var target = CGPoint(x: x.target, y: y.target)
        let proposed = target
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        if target != proposed, !isPagingEnabled {
            if target.x != proposed.x {
                x = axes.x.release(at: o.x, velocity: velocity.x, rate: rate, target: target.x)
            }
            if target.y != proposed.y {
                y = axes.y.release(at: o.y, velocity: velocity.y, rate: rate, target: target.y)
            }
        }
        let decelerate = x.kind != .rest || y.kind != .rest
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        guard decelerate else {
            if !isTracking { setTrackingMode(false) }
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        run(ScrollViewMotion(kind: .deceleration, x: x, y: y, start: UIApplication.shared.mainLoop.now))
    }

    // MARK: - Motions

    /// Animates the offset to `offset` over ``tactileScrollAnimationDuration`` (ease in, ease out).
    func animate(to offset: CGPoint, then kind: ScrollViewMotion.Kind) {
        if motion != nil { stopMotion(notify: false) }
        let d = Self.tactileScrollAnimationDuration, o = contentOffset
        run(ScrollViewMotion(kind: kind, x: ScrollAxisMotion(easingFrom: o.x, to: offset.x, duration: d),
                             y: ScrollAxisMotion(easingFrom: o.y, to: offset.y, duration: d),
                             start: UIApplication.shared.mainLoop.now))
    }

    /// Starts `motion`: a frame timer in the common modes until it is over.
    private func run(_ motion: ScrollViewMotion) {
        self.motion = motion
        let loop = UIApplication.shared.mainLoop
        let frame = UInt64((Self.tactileFrameInterval * 1e9).rounded())
        motion.timer = loop.addTimer(after: frame, repeating: frame, mode: .common) { [weak self, weak motion] _ in
            MainActor.assumeIsolated {
                guard let self, let motion, self.motion === motion else { return }
                self.step(motion)
            }
        }
    }

    private func step(_ motion: ScrollViewMotion) {
        let t = Double(UIApplication.shared.mainLoop.now &- motion.start) / 1e9
        setOffset(motion.offset(at: t))
        if t >= motion.duration, self.motion === motion { stopMotion(notify: true) }
    }

    /// Ends the motion in progress: at its target when `notify` (and the delegate hears of the end), else where it
    /// is now.
    func stopMotion(notify: Bool) {
        guard let motion else { return }
        if let timer = motion.timer { UIApplication.shared.mainLoop.cancel(timer) }
        self.motion = nil
        if notify { setOffset(CGPoint(x: motion.x.target, y: motion.y.target)) }
        switch motion.kind {
        case .deceleration:
            isDecelerating = false
            if !isTracking { setTrackingMode(false) }
            if notify { delegate?.scrollViewDidEndDecelerating(self) }
        case .endScrollingAnimation:
            if notify { delegate?.scrollViewDidEndScrollingAnimation(self) }
        case .scrollToTop:
            if notify { delegate?.scrollViewDidScrollToTop(self) }
        }
    }

    // MARK: - Programmatic scrolling

    /// Scrolls the least that makes `rect` (in the content's coordinates) visible within the adjusted insets,
    /// kept within the scrolling range.
    func scrollToVisible(_ rect: CGRect, animated: Bool) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite else { return }
        let a = adjustedContentInset, b = bounds
        let visible = CGRect(x: b.minX + a.left, y: b.minY + a.top,
                             width: max(0, b.width - a.left - a.right), height: max(0, b.height - a.top - a.bottom))
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ vlo: CGFloat, _ vhi: CGFloat) -> CGFloat {
            if lo < vlo || hi - lo > vhi - vlo { return lo - vlo }
            if hi > vhi { return hi - vhi }
            return 0
        }
        let axes = self.axes()
        var target = contentOffset
        target.x = axes.x.clamped(target.x + axis(rect.minX, rect.maxX, visible.minX, visible.maxX))
        target.y = axes.y.clamped(target.y + axis(rect.minY, rect.maxY, visible.minY, visible.maxY))
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }

    /// A tap on the status bar: scrolls to the top if ``scrollsToTop`` and the delegate agrees (animated,
    /// then `scrollViewDidScrollToTop`). Returns whether it scrolls.
    @discardableResult
    func scrollToTopFromStatusBar() -> Bool {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
        animate(to: CGPoint(x: contentOffset.x, y: -adjustedContentInset.top), then: .scrollToTop)
        return true
    }
}

extension ScrollAxisMotion {
    init(easingFrom start: CGFloat, to target: CGFloat, duration: Double) {
        self.init(easeFrom: Double(start), to: Double(target), duration: duration)
    }
}
