import Foundation
import TactileCore

/// A view's layer and the anchor point (AG-J-03, AG-J-07 [EXT]): the packed tree keeps the bounds' centre
/// (where hit-testing and conversion turn the transform about); the view translates between it and the layer's
/// `position`, which is where the anchor point lies. At the default anchor (0.5, 0.5) the two are the same.
extension UIView {
    func makeLayer() -> CALayer {
        let layer = CALayer.instantiate(Self.layerClass, for: self)
        layerStorage = layer
        return layer
    }

    /// The layer's anchor point ((0.5, 0.5) without a layer).
    var anchorPoint: CGPoint { layerStorage?.storedAnchorPoint ?? CGPoint(x: 0.5, y: 0.5) }

    /// Where the bounds' centre lies relative to the anchor, in the superview's axes (through the transform's
    /// linear part); nil at the default anchor.
    func anchorOffset() -> CGPoint? {
        guard let a = layerStorage?.storedAnchorPoint, a != CGPoint(x: 0.5, y: 0.5),
              let g = try? tree.geometry(of: viewID) else { return nil }
        let d = CGPoint(x: (0.5 - a.x) * g.bounds.width, y: (0.5 - a.y) * g.bounds.height)
        let t = g.transform
        return CGPoint(x: t.a * d.x + t.c * d.y, y: t.b * d.x + t.d * d.y)
    }

    /// Runs a change of size or transform keeping the layer's `position` where it was, as Core Animation does:
    /// with an anchor other than the centre the bounds' centre moves.
    func keepingPosition(_ change: () -> Void) {
        guard anchorOffset() != nil else { return change() }
        let position = center
        change()
        let offset = anchorOffset() ?? .zero
        try? tree.setCenter(CGPoint(x: position.x + offset.x, y: position.y + offset.y), of: viewID)
    }

    /// A new anchor point keeps `position` and moves the frame (CALayer's rule).
    func setAnchorPoint(_ anchor: CGPoint) {
        let position = center
        layer.storedAnchorPoint = anchor
        center = position
    }

    /// Renders the view's layer tree into `context`, its bounds mapped onto `rect`; views not drawn yet draw first.
    func renderHierarchy(into context: CGContext, rect: CGRect) {
        func drawPending(_ view: UIView) {
            if view.hasCustomHitTesting, view.layoutState.dirtyRect != nil || !view.layoutState.hasDrawn { view.displayNow() }
            view.subviews.forEach(drawPending)
        }
        drawPending(self)
        let b = bounds
        guard b.width > 0, b.height > 0 else { return }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / b.width, y: rect.height / b.height)
        context.translateBy(x: -b.minX, y: -b.minY)
        layer.render(in: context)
        context.restoreGState()
    }

    /// The layer's `display()`: the view draws now.
    func displayNow() {
        layoutState.dirtyRect = bounds
        runDisplay()
    }
}

/// The view is its layer's delegate; its `layoutSublayers(of:)` and `action(for:forKey:)` are main-actor methods (checked
/// at run time, as UIKit's conformance is).
extension UIView: @preconcurrency CALayerDelegate {}
