import Foundation
import TactileCore

/// Hit-testing and coordinate conversion (AG-K-03 … AG-K-06, AG-J-09, AG-J-10).
extension UIView {
    /// UIKit's default `hitTest(_:with:)`. For a plain `UIView` / `UIWindow` the whole search is packed; for
    /// a subclass the view's own checks go through its (possibly overridden) `point(inside:with:)`, and the
    /// subviews are searched packed, subclass subviews again through their own `hitTest`.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let outer = ViewWorld.currentEvent
        ViewWorld.currentEvent = event
        defer { ViewWorld.currentEvent = outer }
        guard hasCustomHitTesting else {
            return ViewWorld.found(try? tree.defaultHitTest(point, at: viewID))
        }
        // The tree's bits, not `isUserInteractionEnabled`: a disabled control keeps that property but takes no touches,
        // and a view in a non-interactive animation keeps it too.
        let flags = (try? tree.flags(of: viewID)) ?? []
        guard flags.isDisjoint(with: .excludedFromHitTesting), self.point(inside: point, with: event) else { return nil }
        return ViewWorld.found(try? tree.hitTestSubviews(of: viewID, at: point)) ?? self
    }

    /// The root of the receiver's hierarchy: the space `nil` names when the view has no window.
    private var rootView: UIView { ViewWorld.view(try? tree.root(of: viewID)) ?? self }

    func convertPoint(_ point: CGPoint, from source: UIView?, to target: UIView?) -> CGPoint {
        let from = source ?? rootView, to = target ?? rootView
        return (try? tree.convert(point, from: from.viewID, to: to.viewID)) ?? point
    }

    func convertRect(_ rect: CGRect, from source: UIView?, to target: UIView?) -> CGRect {
        boundingBox(rect) { convertPoint($0, from: source, to: target) }
    }
}
