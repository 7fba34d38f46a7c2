import Foundation
import TactileCore

/// `UITouch`: one finger for the whole of its sequence. UIKit keeps the same object from began to ended or
/// cancelled and mutates it in place (AG-F-02, AG-M-05, AG-M-06); a new finger always gets a new object.
/// Touches are hashable by identity, so they can key a dictionary for the length of a sequence (AG-T-10).
/// Main-actor confined: its stored state skips Swift's dynamic exclusivity checks (a runtime call per access,
/// the largest cost of a delivery otherwise).
@MainActor
open class UITouch: NSObject {
    /// `UITouch.Phase` with UIKit's raw values.
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// `UITouch.TouchType`: every headless touch is a direct (finger) touch.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// The phase in the event being delivered (`.stationary` when this event did not change the finger).
    @exclusivity(unchecked) public internal(set) var phase: Phase = .began
    /// Taps counted on the same view within the multi-tap interval and distance (AG-T-06); at least 1 for a
    /// routed touch, 0 for one made with `UITouch()`.
    @exclusivity(unchecked) public internal(set) var tapCount: Int = 0
    /// Seconds (system uptime) of the finger's last change.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval = 0
    /// The view the touch was bound to at began; it stays, even when the finger leaves it (AG-K-08).
    @exclusivity(unchecked) public internal(set) var view: UIView?
    /// The window the touch was bound to at began.
    @exclusivity(unchecked) public internal(set) var window: UIWindow?
    @exclusivity(unchecked) public internal(set) var force: CGFloat = 0
    /// 0: force is not reported.
    public internal(set) var maximumPossibleForce: CGFloat = 0
    @exclusivity(unchecked) public internal(set) var majorRadius: CGFloat = 0
    public internal(set) var majorRadiusTolerance: CGFloat = 0
    public let type: TouchType = .direct

    /// Locations in the window's coordinates.
    @exclusivity(unchecked) var windowLocation: CGPoint = .zero
    @exclusivity(unchecked) var previousWindowLocation: CGPoint = .zero
    /// The router's sequence number for this finger.
    @exclusivity(unchecked) var serial: UInt64 = 0
    /// False when the view never sees this touch (a second finger on a single-touch view, an exclusive-touch
    /// conflict): it is in the event but in no handler's `touches`.
    @exclusivity(unchecked) var isDelivered = true

    public override init() { super.init() }

    /// The location in `view`'s coordinates (`nil`: the touch's window).
    open func location(in view: UIView?) -> CGPoint { convertFromWindow(windowLocation, to: view) }

    /// The previous location in `view`'s coordinates (`nil`: the touch's window); equal to the location at
    /// began.
    open func previousLocation(in view: UIView?) -> CGPoint { convertFromWindow(previousWindowLocation, to: view) }

    /// `preciseLocation(in:)`: the digitizer reports points, so the same as ``location(in:)``.
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

    /// `precisePreviousLocation(in:)`: the same as ``previousLocation(in:)``.
    open func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    private func convertFromWindow(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return p }
        return view.convert(p, from: window)
    }

    /// Copies the router's view of the finger into the object.
    func update(from t: RoutedTouch) {
        phase = Phase(rawValue: Int(t.phase.rawValue)) ?? .cancelled
        timestamp = TimeInterval(t.timestamp) / 1e9
        tapCount = Int(t.tapCount)
        windowLocation = CGPoint(x: t.x, y: t.y)
        previousWindowLocation = CGPoint(x: t.previousX, y: t.previousY)
        force = CGFloat(t.force)
        majorRadius = CGFloat(t.radius)
        isDelivered = t.isDelivered
    }
}
