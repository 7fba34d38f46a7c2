import Foundation
import TactileCore

/// `UIPanGestureRecognizer`, continuous (DESIGN-GESTURE-PAN): begins once the fingers (between
/// ``minimumNumberOfTouches`` and ``maximumNumberOfTouches``) have moved 10 points, with that hysteresis taken
/// off each axis of the translation (a 20-point drag along x begins at (10, 0)); changes with every move; ends
/// when fewer than the minimum fingers are left. The translation is the fingers' centroid's movement in the
/// given view's coordinates; the velocity blends 0.2 × the newest sample's rate with 0.8 × the previous one's.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Fewest fingers that pan (1).
    open var minimumNumberOfTouches: Int = 1
    /// Most fingers that pan (unlimited); more are not followed.
    open var maximumNumberOfTouches: Int = .max

    /// The fingers in window coordinates (translations are kept in them and converted through the given
    /// view's window).
    @exclusivity(unchecked) var model = PanGesture()

    /// The translation in `view`'s coordinates (nil: the window's).
    open func translation(in view: UIView?) -> CGPoint {
        let t = model.translation
        return vector(CGPoint(x: t.x, y: t.y), toward: view)
    }

    /// Sets the translation, as measured in `view`'s coordinates (the velocity, which follows the fingers, goes on).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let t = vector(translation, from: view)
        model.setTranslation(x: Double(t.x), y: Double(t.y))
    }

    /// The velocity in points per second in `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint {
        let v = model.velocity
        return vector(CGPoint(x: v.x, y: v.y), toward: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if model.touches.isEmpty {
            model.minimumTouches = max(1, minimumNumberOfTouches)
            model.maximumTouches = max(model.minimumTouches, maximumNumberOfTouches)
        }
        feed(touches, .began, event, into: &model)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .moved, event, into: &model)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        feed(touches, .ended, event, into: &model)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = model.began ? .cancelled : .failed
    }

    open override func reset() {
        super.reset()
        model.reset()
    }

    override func beganAfterWaiting() { model.rebase() }


    /// A window-space vector in `view`'s coordinates.
    private func vector(_ v: CGPoint, toward view: UIView?) -> CGPoint {
        guard let view, let window = view.window, view !== window else { return v }
        let a = view.convertPoint(.zero, from: window, to: view), b = view.convertPoint(v, from: window, to: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// A vector in `view`'s coordinates in window space.
    private func vector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = view.window, view !== window else { return v }
        let a = view.convertPoint(.zero, from: view, to: window), b = view.convertPoint(v, from: view, to: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}

/// `UIScreenEdgePanGestureRecognizer` (DESIGN-GESTURE-PAN): a pan that only begins from a finger that went down
/// within 20 points of one of ``edges`` of its window (Tactile's margin; UIKit's is private).
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a pan may start from (none by default: set them).
    open var edges: UIRectEdge = []

    /// How far from the edge the finger must go down, in points.
    public static let tactileEdgeMargin: CGFloat = 20

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if model.touches.isEmpty, let touch = trackedTouches.first(where: { touches.contains($0) }), let window = touch.window {
            let p = touch.location(in: window), b = window.bounds, m = Self.tactileEdgeMargin
            let near = (edges.contains(.left) && p.x - b.minX <= m) || (edges.contains(.right) && b.maxX - p.x <= m)
                || (edges.contains(.top) && p.y - b.minY <= m) || (edges.contains(.bottom) && b.maxY - p.y <= m)
            guard near else { state = .failed; return }
        }
        super.touchesBegan(touches, with: event)
    }
}
