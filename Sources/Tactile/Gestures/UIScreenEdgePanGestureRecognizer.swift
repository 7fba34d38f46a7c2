import Foundation

/// `UIScreenEdgePanGestureRecognizer` (DESIGN-GESTURE-PAN): a pan that only begins from a finger that went down
/// within ``tactileEdgeMargin`` of one of ``edges`` of its window (UIKit's margin is private).
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a pan may start from (none by default: set them).
    open var edges: UIRectEdge = []

    /// How far from the edge the finger must go down, in points.
    public static let tactileEdgeMargin: CGFloat = 20

    override func handleTouches(_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ event: UIEvent) {
        if phase == .began, model.touches.isEmpty, let touch = trackedTouches.first(where: { touches.contains($0) }),
           let window = touch.window {
            let p = touch.location(in: window), b = window.bounds, m = Self.tactileEdgeMargin
            let near = (edges.contains(.left) && p.x - b.minX <= m) || (edges.contains(.right) && b.maxX - p.x <= m)
                || (edges.contains(.top) && p.y - b.minY <= m) || (edges.contains(.bottom) && b.maxY - p.y <= m)
            guard near else {
                state = .failed
                return
            }
        }
        super.handleTouches(touches, phase, event)
    }
}
