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
    /// Most fingers that pan (unlimited; a negative value — `NSUIntegerMax` seen as an `Int` — too); more are not
    /// followed.
    open var maximumNumberOfTouches: Int = .max

    /// The fingers in window coordinates (translations are kept in them and converted through the given
    /// view's window).
    @exclusivity(unchecked) var model = PanGesture()

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        if phase == .began, model.touches.isEmpty {
            model.minimumTouches = max(1, minimumNumberOfTouches)
            // NSUIntegerMax, as Objective-C writes "no limit", reads -1 in Swift.
            model.maximumTouches = maximumNumberOfTouches < 0 ? .max : max(model.minimumTouches, maximumNumberOfTouches)
        }
        feed(touches, phase, event, into: &model)
    }

    override func resetModel() { model.reset() }

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
