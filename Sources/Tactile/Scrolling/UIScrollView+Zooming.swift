import Foundation
import TactileCore

/// Zooming (DESIGN-SCROLL-ZOOM): the delegate's ``UIScrollViewDelegate/viewForZooming(in:)`` is scaled by
/// ``UIScrollView/zoomScale`` (its transform), kept at the content's origin, and the content size follows its
/// frame. A pinch (the ``UIScrollView/pinchGestureRecognizer``, present while the maximum scale exceeds the
/// minimum) zooms about the fingers' centroid — the content point under it stays under it — within the limits,
/// together with the pan.
extension UIScrollView {
    func setZoom(_ scale: CGFloat) {
        guard scale.isFinite, scale > 0 else {
            return TactileDiagnostics.report("UIScrollView.zoomScale", "zoom scale must be a positive number: \(scale)")
        }
        applyZoom(min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale)))
    }

    func zoom(into rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite else { return }
        let b = bounds.size
        setZoom(min(b.width / rect.width, b.height / rect.height))
        let s = zoomScale, axes = self.axes()
        setContentOffset(CGPoint(x: axes.x.clamped(rect.midX * s - b.width / 2),
                                 y: axes.y.clamped(rect.midY * s - b.height / 2)), animated: animated)
    }

    /// Scales the zooming view to `scale` and updates the content size (`scrollViewDidZoom`).
    func applyZoom(_ scale: CGFloat) {
        guard let view = delegate?.viewForZooming(in: self) else {
            storedZoomScale = scale
            return
        }
        storedZoomScale = scale
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let size = view.frame.size
        view.center = CGPoint(x: size.width / 2, y: size.height / 2)
        contentSize = size
        delegate?.scrollViewDidZoom(self)
    }

    /// The pinch exists while zooming is possible.
    func updatePinchRecognizer() {
        let zooms = maximumZoomScale > minimumZoomScale
        if zooms, pinchRecognizer == nil {
            let pinch = UIPinchGestureRecognizer(tactileHandler: { [unowned self] r in
                self.pinchChanged(r as! UIPinchGestureRecognizer)  // swiftlint:disable:this force_cast
            })
            pinchRecognizer = pinch
            addGestureRecognizer(pinch)
        } else if !zooms, let pinch = pinchRecognizer {
            removeGestureRecognizer(pinch)
            pinchRecognizer = nil
        }
    }

    private func pinchChanged(_ pinch: UIPinchGestureRecognizer) {
        let view = delegate?.viewForZooming(in: self)
        switch pinch.state {
        case .began:
            guard view != nil else { return }
            zoomStart = zoomScale
            isZooming = true
            delegate?.scrollViewWillBeginZooming(self, with: view)
            fallthrough
        case .changed:
            guard isZooming, pinch.numberOfTouches > 0 else { return }
            let old = zoomScale, p = pinch.location(in: self), o = contentOffset
            let scale = min(max(zoomStart * pinch.scale, minimumZoomScale), maximumZoomScale)
            guard scale != old else { return }
            // The content point under the fingers stays there.
            let c = CGPoint(x: p.x / old, y: p.y / old)
            applyZoom(scale)
            setOffset(CGPoint(x: c.x * scale - (p.x - o.x), y: c.y * scale - (p.y - o.y)))
        case .ended, .cancelled:
            guard isZooming else { return }
            isZooming = false
            let axes = self.axes(), o = contentOffset
            setOffset(CGPoint(x: axes.x.clamped(o.x), y: axes.y.clamped(o.y)))
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale)
        default:
            break
        }
    }
}
