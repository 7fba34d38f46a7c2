import Foundation
import Tactile
import TactileCore
import TactileTestSupport
import Testing

/// A plain subclass: its instances hit-test through their own (inherited) `hitTest(_:with:)` and
/// `point(inside:with:)`, the object model's custom path.
private final class SubclassedView: UIView {}

/// Hit-testing and conversion through `UIView` under scale, rotation and translation transforms. The first
/// tests are cases whose answers were checked on iOS devices and simulators (the `UIKitTests` of
/// flowkey/UIKit-cross-platform, a UIKit re-implementation whose test suite also runs against Apple's UIKit);
/// the last ones compare random view trees with UIKit's layer model (`LayerModel`).
@Suite("Transformed geometry through UIView")
@MainActor
struct TransformedGeometryTests {
    // MARK: - Cases verified on iOS

    @Test("AG-J-06 AG-K-03 a receiver scaled by 0.5 before its frame is set has bounds twice its frame and hit-tests in them")
    func receiverWithItsOwnScale() {
        let root = UIView(), child = UIView()
        root.addSubview(child)
        root.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        #expect(root.bounds.size == CGSize(width: 200, height: 200))
        #expect(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 74, y: 74), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 20, y: 20), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 199, y: 199), with: nil) === root)  // inside the doubled bounds
        root.bounds.origin = CGPoint(x: 0, y: 25)
        #expect(root.hitTest(CGPoint(x: 74, y: 74), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 199, y: 199), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 200, y: 200), with: nil) == nil)
    }

    @Test("AG-J-06 AG-K-03 a child scaled by 0.5 before its frame is set is hit inside its frame only")
    func childWithAScale() {
        let root = UIView(), child = UIView()
        root.addSubview(child)
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        child.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        #expect(child.frame == CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(child.bounds.size == CGSize(width: 100, height: 100))
        #expect(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 74, y: 74), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 20, y: 20), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) == nil)
    }

    @Test("AG-J-09 converting into and out of a child scaled by 2 works in the child's bounds units")
    func intoAndOutOfAScaledChild() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 40)), child = UIView()
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        child.frame = CGRect(x: 10, y: 10, width: 60, height: 40)
        view.addSubview(child)
        #expect(view.convert(CGPoint(x: 60, y: 20), to: child) == CGPoint(x: 25, y: 5))
        #expect(child.convert(CGPoint(x: 25, y: 5), to: view) == CGPoint(x: 60, y: 20))
        #expect(child.convert(CGPoint(x: 60, y: 20), from: view) == CGPoint(x: 25, y: 5))
    }

    @Test("AG-J-09 a scaled panel holding a scaled leaf: the leaf's origin in the root composes both scales and the bounds origin")
    func nestedScales() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 512, height: 512))
        let panel = UIView()
        panel.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        panel.frame = CGRect(x: 128, y: 128, width: 256, height: 256)
        panel.bounds.origin = CGPoint(x: 32, y: 32)
        root.addSubview(panel)
        let leaf = UIView()
        leaf.transform = CGAffineTransform(scaleX: 2, y: 2)
        leaf.frame = CGRect(x: 128, y: 128, width: 128, height: 128)
        panel.addSubview(leaf)
        #expect(leaf.convert(.zero, to: root) == CGPoint(x: 176, y: 176))
        #expect(root.convert(CGPoint(x: 176, y: 176), to: leaf) == .zero)
    }

    @Test("AG-J-09 converting into a view under a scaled grandparent undoes the whole chain of transforms")
    func underAScaledGrandparent() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let scaled = UIView()
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        scaled.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.addSubview(scaled)
        let middle = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        scaled.addSubview(middle)
        let inner = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        middle.addSubview(inner)
        #expect(root.convert(CGPoint(x: 100, y: 100), to: inner) == CGPoint(x: 35, y: 35))
    }

    @Test("AG-J-09 convert with a nil view converts to and from the root when the view has no window")
    func nilTargetWithoutAWindow() {
        let root = UIView(frame: CGRect(x: 3, y: 4, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 20, width: 10, height: 10))
        root.addSubview(child)
        #expect(root.convert(CGPoint(x: 10, y: 10), to: nil) == CGPoint(x: 10, y: 10))
        #expect(child.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 11, y: 21))
        #expect(child.convert(CGPoint(x: 11, y: 21), from: nil) == CGPoint(x: 1, y: 1))
    }

    // MARK: - Random trees against the layer model

    /// `scenario` built with `UIView`s (every third view an instance of a subclass: hit-tested through its own
    /// methods).
    static func build(_ scenario: GeometryScenario) -> [UIView] {
        var views: [UIView] = []
        for (i, frame) in scenario.initialFrames.enumerated() {
            let view: UIView = i % 3 == 2 ? SubclassedView(frame: frame) : UIView(frame: frame)
            if let p = scenario.parents[i] { views[p].addSubview(view) }
            views.append(view)
        }
        for (i, step) in scenario.steps {
            let view = views[i]
            switch step {
            case .setFrame(let r): view.frame = r
            case .setBounds(let r): view.bounds = r
            case .setCenter(let c): view.center = c
            case .setTransform(let a, let b, let c, let d, let tx, let ty):
                view.transform = CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
            case .setHidden(let h): view.isHidden = h
            case .setUserInteractionEnabled(let e): view.isUserInteractionEnabled = e
            }
        }
        return views
    }

    static func close(_ a: CGPoint, _ b: CGPoint, scale: Double) -> Bool {
        let tolerance = 1e-7 * max(1, scale, abs(Double(a.x)), abs(Double(a.y)))
        return abs(Double(a.x - b.x)) <= tolerance && abs(Double(a.y - b.y)) <= tolerance
    }

    @Test("AG-K-03 AG-J-09 UIView hit-tests (from the root and from any receiver) and conversions match the layer model on random trees")
    func randomTreesMatch() {
        var hits = 0, conversions = 0
        for seed: UInt64 in 0..<150 {
            let scenario = GeometryScenario(seed: seed &+ 10_000)
            let views = Self.build(scenario)
            let layers = scenario.model()
            var rng = SceneRandom(seed: seed)
            for layer in layers {
                let f = views[layer.id].frame, g = layer.frame
                #expect(Self.close(CGPoint(x: f.minX, y: f.minY), CGPoint(x: g.minX, y: g.minY), scale: 1)
                        && Self.close(CGPoint(x: f.maxX, y: f.maxY), CGPoint(x: g.maxX, y: g.maxY), scale: 1),
                        "seed \(seed) view \(layer.id): frame \(f), model \(g)")
            }
            for p in GeometryScenario.queryPoints(layers, count: 200, seed: seed) {
                let receiver = layers[Int(rng.next() % UInt64(layers.count))]
                guard let local = layers[0].convert(p, to: receiver) else { continue }
                var margin = Double.infinity
                let expected = receiver.hitTest(local, margin: &margin).map { views[$0.id] }
                if margin > 1e-9 {
                    let found = views[receiver.id].hitTest(local, with: nil)
                    #expect(found === expected, "seed \(seed) receiver \(receiver.id) point \(local)")
                    hits += 1
                }
                let other = layers[Int(rng.next() % UInt64(layers.count))]
                if let expectedPoint = receiver.convert(local, to: other) {
                    let converted = views[receiver.id].convert(local, to: views[other.id])
                    #expect(Self.close(converted, expectedPoint, scale: 1e3), "seed \(seed) \(receiver.id)→\(other.id)")
                    let back = views[receiver.id].convert(converted, from: views[other.id])
                    #expect(Self.close(back, local, scale: 1e4), "seed \(seed) round trip")
                    conversions += 1
                }
            }
        }
        #expect(hits > 25_000 && conversions > 25_000)
    }
}
