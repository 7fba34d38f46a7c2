import Foundation

/// `UIScrollViewDelegate`: told about scrolling, dragging, deceleration and zooming (DESIGN-SCROLL-DELEGATE).
/// Every method is optional. The order for a drag released with a flick is: `scrollViewWillBeginDragging`,
/// `scrollViewDidScroll`… , `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// `scrollViewDidEndDragging(_:willDecelerate: true)`, `scrollViewWillBeginDecelerating`, `scrollViewDidScroll`… ,
/// `scrollViewDidEndDecelerating`.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The content offset changed (by a drag, a deceleration, an animation or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A drag is about to scroll the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifts: `velocity` in points per millisecond (in the offset's direction); the delegate may move
    /// where the deceleration comes to rest.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate`: the content goes on moving.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts decelerating after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The deceleration came to rest.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation of `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooming scales (nil: no zooming).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// A zoom ended at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// A tap on the status bar may scroll to the top (default true).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The scroll to the top ended.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
