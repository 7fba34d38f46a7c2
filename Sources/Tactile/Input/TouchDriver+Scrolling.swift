import Foundation
import TactileCore

/// Scrolling gestures for tests: a flick with a given velocity, a drag that scrolls a scroll view by an exact
/// amount, a tap on the status bar.
extension TouchDriver {
    /// A flick: touches down at `start`, moves at `velocity` (points per second) for `duration` seconds, one
    /// sample per frame, and lifts at once (so the release has that velocity and the content decelerates from it).
    public func flick(from start: CGPoint, velocity: CGPoint, duration: TimeInterval = 0.1, finger: Int = 0) {
        let frames = max(1, Int((duration / frameInterval).rounded()))
        var path = [start]
        for k in 1...frames {
            let t = CGFloat(Double(k) * frameInterval)
            path.append(CGPoint(x: start.x + velocity.x * t, y: start.y + velocity.y * t))
        }
        drag(along: path, finger: finger)
    }

    /// Drags `scrollView`'s content by `delta` (the offset changes by `delta` while within its range) and lifts
    /// after a rest, so nothing decelerates: a finger touches down at the view's centre, moves 12 points to begin
    /// the pan, then against `delta` in `steps` steps, rests 0.15 s and lifts.
    public func scroll(_ scrollView: UIScrollView, by delta: CGPoint, steps: Int = 10, finger: Int = 0) {
        let length = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        guard length > 0 else { return }
        let b = scrollView.bounds
        let start = scrollView.convert(CGPoint(x: b.midX, y: b.midY), to: window)
        let u = CGPoint(x: -delta.x / length, y: -delta.y / length)
        let begun = CGPoint(x: start.x + u.x * 12, y: start.y + u.y * 12)
        down(finger, at: start)
        let n = max(1, steps)
        for k in 0...n {
            let f = CGFloat(k) / CGFloat(n)
            move(finger, to: CGPoint(x: begun.x - delta.x * f, y: begun.y - delta.y * f))
        }
        wait(0.15)
        up(finger)
    }

    /// A tap on the status bar (DESIGN-SCROLL-ANIMATION): the one visible scroll view of the window (the key
    /// window without one) whose `scrollsToTop` is true scrolls to its top — none if there are several, as on
    /// iPhone. Returns whether one scrolls.
    @discardableResult
    public func tapStatusBar() -> Bool {
        guard let root = window ?? UIApplication.shared.keyWindow else { return false }
        var found: [UIScrollView] = []
        func walk(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if let scrollView = view as? UIScrollView, scrollView.scrollsToTop { found.append(scrollView) }
            for subview in view.subviews { walk(subview) }
        }
        walk(root)
        guard found.count == 1 else { return false }
        return found[0].scrollToTopFromStatusBar()
    }
}
