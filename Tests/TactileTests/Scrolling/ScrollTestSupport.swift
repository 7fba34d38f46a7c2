import Foundation
import Tactile
import Testing

/// Logs a scroll view's delegate calls by name (`"willBeginDragging"`, `"didScroll"`, …), with the offsets seen.
@MainActor
final class ScrollLog: NSObject, UIScrollViewDelegate {
    var lines: [String] = []
    var offsets: [CGPoint] = []
    /// A target the delegate sets in `scrollViewWillEndDragging` (nil: left alone).
    var retarget: CGPoint?
    var lastVelocity: CGPoint?
    var proposedTarget: CGPoint?
    var zoomView: UIView?
    var allowsScrollToTop = true

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if lines.last != "didScroll" { lines.append("didScroll") }
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { lines.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        lines.append("willEndDragging")
        lastVelocity = velocity
        proposedTarget = targetContentOffset.pointee
        if let retarget { targetContentOffset.pointee = retarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        lines.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { lines.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { lines.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { lines.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { lines.append("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { if lines.last != "didZoom" { lines.append("didZoom") } }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        lines.append("didEndZooming")
    }
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { allowsScrollToTop }
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { lines.append("didScrollToTop") }
}

/// A view that logs its touch calls into a shared list (`"name.began"` …).
@MainActor
final class ScrollContentView: UIView {
    var name = ""
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name).cancelled") }
}

/// A launched app with a 320×480 window holding a 320×480 vertical scroll view of 320×2000 content.
@MainActor
struct ScrollStage {
    let window: UIWindow
    let scrollView: UIScrollView
    let log = ScrollLog()
    let finger: TouchDriver

    /// `make` builds the scroll view once the app is launched.
    init(contentSize: CGSize = CGSize(width: 320, height: 2000), make: () -> UIScrollView = { UIScrollView() }) {
        window = launchWithWindow()
        let scrollView = make()
        self.scrollView = scrollView
        scrollView.frame = window.bounds
        scrollView.contentSize = contentSize
        scrollView.delegate = log
        window.addSubview(scrollView)
        finger = TouchDriver(window: window)
        settle()
    }

    /// Lets the run loop run until the scroll view is at rest (at most `seconds`).
    func settleMotion(_ seconds: TimeInterval = 10) {
        var waited = 0.0
        while (scrollView.isDecelerating || scrollView.isTracking) && waited < seconds {
            finger.wait(1.0 / 60)
            waited += 1.0 / 60
        }
        finger.wait(0.5)
    }

    /// Delegate calls, with repeated didScrolls folded into one.
    func take() -> [String] {
        defer { log.lines.removeAll() }
        return log.lines
    }
}
