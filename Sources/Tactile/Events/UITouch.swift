import Foundation

/// `UITouch`: one finger for the whole of its sequence. UIKit keeps the same object from began to ended or
/// cancelled and mutates it in place (app guide F-02, M); the touch router fills it in.
@MainActor
open class UITouch: NSObject {
    /// `UITouch.Phase` with UIKit's raw values.
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    public internal(set) var phase: Phase = .began
    /// Taps counted on the same spot within the multi-tap interval.
    public internal(set) var tapCount: Int = 1
    /// Seconds (system uptime) of the last change.
    public internal(set) var timestamp: TimeInterval = 0
    /// The view the touch was bound to at began (it stays, even when the finger leaves it).
    public internal(set) var view: UIView?
    public internal(set) var window: UIWindow?
    public internal(set) var force: CGFloat = 0
    public internal(set) var majorRadius: CGFloat = 0

    /// Locations in the window's coordinates.
    var windowLocation: CGPoint = .zero
    var previousWindowLocation: CGPoint = .zero

    public override init() { super.init() }

    /// The location in `view`'s coordinates (`nil`: the touch's window).
    open func location(in view: UIView?) -> CGPoint { convertFromWindow(windowLocation, to: view) }

    /// The previous location in `view`'s coordinates (`nil`: the touch's window).
    open func previousLocation(in view: UIView?) -> CGPoint { convertFromWindow(previousWindowLocation, to: view) }

    private func convertFromWindow(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window else { return p }
        return view.convert(p, from: window)
    }
}
