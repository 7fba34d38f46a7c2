import Foundation
import Testing
import Tactile

/// Layers: a view's geometry is its layer's (AG-J-03 … AG-J-07 with Core Animation's anchor point [EXT]).
/// Reference: Core Animation Programming Guide, "Layers Use Two Types of Coordinate Systems" — a layer's point
/// p lies in its superlayer at `position + T(p − anchor)`, where anchor = bounds.origin + anchorPoint × size and
/// T is the transform. The tests compute that formula here, independently of the packed tree.
@MainActor
@Suite("Layers")
struct LayerTests {
    /// Core Animation's model: `p` in the layer's coordinates to its superlayer's.
    static func reference(_ p: CGPoint, bounds: CGRect, position: CGPoint, anchor: CGPoint, t: CGAffineTransform) -> CGPoint {
        let ax = bounds.minX + anchor.x * bounds.width, ay = bounds.minY + anchor.y * bounds.height
        let dx = p.x - ax, dy = p.y - ay
        return CGPoint(x: position.x + t.a * dx + t.c * dy + t.tx, y: position.y + t.b * dx + t.d * dy + t.ty)
    }

    @Test("AG-J-03 [EXT] a view's layer is its geometry: position is center, bounds are bounds, opacity is alpha, masksToBounds is clipsToBounds")
    func viewLayerIsTheView() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.layer.position == v.center)
        #expect(v.layer.bounds == v.bounds)
        #expect(v.layer.frame == v.frame)
        #expect(v.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        v.layer.position = CGPoint(x: 100, y: 100)
        #expect(v.center == CGPoint(x: 100, y: 100))
        v.alpha = 0.25
        #expect(v.layer.opacity == 0.25)
        v.layer.masksToBounds = true
        #expect(v.clipsToBounds)
        v.layer.isHidden = true
        #expect(v.isHidden)
        v.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(CATransform3DGetAffineTransform(v.layer.transform) == CGAffineTransform(scaleX: 2, y: 3))
        v.layer.setAffineTransform(.identity)
        #expect(v.transform == .identity)
        #expect(v.layer.delegate === v, "a view is its layer's delegate")
    }

    @Test("AG-J-07 [EXT] changing anchorPoint keeps position (the view's center) and moves the frame; the transform turns about the anchor")
    func anchorPointMovesTheFrame() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(v)
        v.layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(v.center == CGPoint(x: 50, y: 50), "position stays")
        #expect(v.frame == CGRect(x: 50, y: 50, width: 100, height: 100), "the frame moves so the anchor lies at position")
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let corner = v.convert(CGPoint(x: 100, y: 0), to: container)
        #expect(abs(corner.x - 50) < 1e-9 && abs(corner.y - 150) < 1e-9, "turned about the top-left corner")
        #expect(v.center == CGPoint(x: 50, y: 50))
        v.transform = .identity
        v.bounds.size = CGSize(width: 20, height: 20)
        #expect(v.frame == CGRect(x: 50, y: 50, width: 20, height: 20), "a size change keeps the anchor at position")
        v.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(v.center == CGPoint(x: 0, y: 0), "setting the frame places the anchor: position = origin + anchor × size")
    }

    @Test("AG-K-03 AG-J-09 [EXT] hit-testing and conversion honour the anchor point: random anchors, transforms and bounds against Core Animation's formula")
    func anchorPointProperty() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            window.isHidden = false
            let v = UIView(frame: CGRect(x: .random(in: 0...200, using: &rng), y: .random(in: 0...200, using: &rng),
                                         width: .random(in: 10...100, using: &rng), height: .random(in: 10...100, using: &rng)))
            window.addSubview(v)
            let anchor = CGPoint(x: .random(in: -0.5...1.5, using: &rng), y: .random(in: -0.5...1.5, using: &rng))
            let t = CGAffineTransform(rotationAngle: .random(in: -3...3, using: &rng))
                .scaledBy(x: .random(in: 0.5...2, using: &rng), y: .random(in: 0.5...2, using: &rng))
            v.bounds.origin = CGPoint(x: .random(in: -20...20, using: &rng), y: 0)
            v.layer.anchorPoint = anchor
            v.transform = t
            v.center = CGPoint(x: .random(in: 100...300, using: &rng), y: .random(in: 100...300, using: &rng))
            let b = v.bounds
            for _ in 0..<10 {
                let p = CGPoint(x: .random(in: b.minX...b.maxX, using: &rng), y: .random(in: b.minY...b.maxY, using: &rng))
                let expected = Self.reference(p, bounds: b, position: v.layer.position, anchor: anchor, t: t)
                let got = v.convert(p, to: window)
                #expect(abs(got.x - expected.x) < 1e-6 && abs(got.y - expected.y) < 1e-6)
                let inset = CGPoint(x: b.minX + (p.x - b.minX) * 0.9 + b.width * 0.05, y: b.minY + (p.y - b.minY) * 0.9 + b.height * 0.05)
                let target = Self.reference(inset, bounds: b, position: v.layer.position, anchor: anchor, t: t)
                if window.bounds.contains(target) {
                    #expect(window.hitTest(target, with: nil) === v, "a point well inside the turned bounds hits the view")
                }
            }
        }
    }

    @Test("Standalone layers: frame from position and anchor, hitTest front-most first, convert between sibling layers")
    func standaloneLayers() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)  // hitTest takes points in the superlayer's space
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        b.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        #expect(a.position == CGPoint(x: 60, y: 60))
        root.addSublayer(a)
        root.addSublayer(b)
        #expect(root.sublayers?.count == 2 && a.superlayer === root)
        #expect(root.hitTest(CGPoint(x: 80, y: 80)) === b, "front-most first")
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === a)
        #expect(root.hitTest(CGPoint(x: 190, y: 20)) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 20)) == nil)
        #expect(b.convert(CGPoint(x: 0, y: 0), from: a) == CGPoint(x: -40, y: -40))
        #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: b) == CGRect(x: -40, y: -40, width: 10, height: 10))
        a.anchorPoint = .zero
        #expect(a.frame.origin == CGPoint(x: 60, y: 60), "anchor change keeps position")
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 155, y: 155)) === a, "a hidden layer is not hit: the one behind is")
        a.removeFromSuperlayer()
        #expect(root.sublayers?.count == 1 && a.superlayer == nil)
        root.insertSublayer(a, at: 0)
        #expect(root.sublayers?.first === a)
        root.addSublayer(root.sublayers![0])
        #expect(root.sublayers?.last === a, "adding again moves it to the top")
    }

    @Test("A view layer's sublayers: those inserted at 0 lie behind the subviews' layers, those added in front")
    func viewLayerSublayers() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let sub = UIView()
        v.addSubview(sub)
        let gradient = CAGradientLayer()
        let overlay = CALayer()
        v.layer.insertSublayer(gradient, at: 0)
        v.layer.addSublayer(overlay)
        #expect(v.layer.sublayers?.map { ObjectIdentifier($0) } == [gradient, sub.layer, overlay].map { ObjectIdentifier($0) })
        #expect(sub.layer.superlayer === v.layer)
    }

    @Test("layerClass decides the view's layer: CAShapeLayer and CAGradientLayer with Core Animation's defaults")
    func layerClass() {
        final class ShapeView: UIView { override class var layerClass: AnyClass { CAShapeLayer.self } }
        let v = ShapeView()
        let shape = v.layer as? CAShapeLayer
        #expect(shape != nil)
        #expect(shape?.fillColor?.components == [0, 1], "opaque black fill by default")
        #expect(shape?.strokeColor == nil && shape?.lineWidth == 1 && shape?.strokeEnd == 1 && shape?.fillRule == .nonZero)
        let g = CAGradientLayer()
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1) && g.type == .axial)
        let plain = CALayer()
        #expect(plain.shadowOffset == CGSize(width: 0, height: -3) && plain.shadowRadius == 3 && plain.shadowOpacity == 0)
        #expect(plain.cornerRadius == 0 && plain.borderWidth == 0 && plain.contentsScale == 1)
    }

    @Test("A custom layerClass: its own instance when it provides tactileMakeBacking (Linux cannot call init() through a metatype), else the nearest Core Animation class")
    func customLayerClass() {
        final class RingLayer: CAShapeLayer {
            override class var tactileMakeBacking: ((UIView) -> CALayer)? { { _ in RingLayer() } }
        }
        final class PlainSubclass: CAGradientLayer {}
        final class RingView: UIView { override class var layerClass: AnyClass { RingLayer.self } }
        final class FallbackView: UIView { override class var layerClass: AnyClass { PlainSubclass.self } }
        let ring = RingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ring.layer is RingLayer)
        #expect(ring.layer.delegate === ring && ring.layer.frame == ring.frame, "it backs the view")
        ring.layer.position = CGPoint(x: 20, y: 20)
        #expect(ring.center == CGPoint(x: 20, y: 20))
        let fallback = FallbackView()
        #expect(fallback.layer is CAGradientLayer && !(fallback.layer is PlainSubclass))
    }

    @Test("A view's layer may outlive its view: it no longer reaches it (no delegate), and keeps working on its own")
    func layerOutlivesItsView() {
        var layer: CALayer?
        weak var gone: UIView?
        do {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            gone = v
            layer = v.layer
            #expect(layer?.delegate === v)
        }
        #expect(gone == nil)
        #expect(layer?.delegate == nil)
        layer?.position = CGPoint(x: 1, y: 2)
        #expect(layer?.position == CGPoint(x: 1, y: 2))
    }

    @Test("CATransform3D: affine round trip, concatenation order, inversion (property test)")
    func transform3D() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let t = CGAffineTransform(rotationAngle: .random(in: -3...3, using: &rng))
                .translatedBy(x: .random(in: -50...50, using: &rng), y: .random(in: -50...50, using: &rng))
                .scaledBy(x: .random(in: 0.5...2, using: &rng), y: .random(in: 0.5...2, using: &rng))
            let m = CATransform3DMakeAffineTransform(t)
            #expect(CATransform3DIsAffine(m))
            #expect(CATransform3DGetAffineTransform(m) == t)
            let product = CATransform3DMultiplyCheck(CATransform3DConcat(m, CATransform3DInvert(m)))
            #expect(product, "m · m⁻¹ is the identity")
        }
        let a = CATransform3DMakeTranslation(10, 0, 0), s = CATransform3DMakeScale(2, 2, 1)
        // Concat(a, b): a first, then b — as CGAffineTransform.concatenating.
        #expect(CATransform3DGetAffineTransform(CATransform3DConcat(a, s)) == CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2)))
        #expect(CATransform3DScale(a, 2, 2, 1) == CATransform3DConcat(s, a))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(0, 0, 0, 1)))
    }

    func CATransform3DMultiplyCheck(_ m: CATransform3D) -> Bool {
        let i = CATransform3DIdentity
        let pairs: [(CGFloat, CGFloat)] = [(m.m11, i.m11), (m.m12, i.m12), (m.m21, i.m21), (m.m22, i.m22), (m.m41, i.m41), (m.m42, i.m42), (m.m44, i.m44)]
        return pairs.allSatisfy { abs($0.0 - $0.1) < 1e-9 }
    }

    @Test("Explicit layer animations: the delegate hears start at the next turn and stop(true) after the duration, stop(false) when removed; presentation interpolates")
    func basicAnimation() throws {
        TactileHost.launch(delegate: nil)
        final class Delegate: CAAnimationDelegate {
            var log: [String] = []
            func animationDidStart(_ anim: CAAnimation) { log.append("start") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("stop \(flag)") }
        }
        let layer = CAShapeLayer()
        let delegate = Delegate()
        let anim = CABasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 2
        anim.timingFunction = CAMediaTimingFunction(name: .linear)
        anim.delegate = delegate
        layer.add(anim, forKey: "draw")
        #expect(layer.animationKeys() == ["draw"])
        try TactileHost.runLoop.step()
        #expect(delegate.log == ["start"])
        try TactileHost.runLoop.advance(by: 500_000_000)
        #expect(abs((layer.presentation() as CAShapeLayer?)!.strokeEnd - 0.25) < 1e-9)
        #expect(layer.strokeEnd == 1, "the model is untouched")
        try TactileHost.runLoop.advance(by: 1_500_000_000)
        #expect(delegate.log == ["start", "stop true"])
        #expect(layer.animationKeys() == nil, "removed on completion")

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = Double.pi * 2
        spin.repeatCount = .infinity
        spin.delegate = delegate
        layer.add(spin, forKey: "spin")
        try TactileHost.runLoop.advance(by: 10_000_000_000)
        #expect(delegate.log.last == "start", "an infinite animation runs until removed")
        layer.removeAnimation(forKey: "spin")
        try TactileHost.runLoop.step()
        #expect(delegate.log.last == "stop false")
    }
}
