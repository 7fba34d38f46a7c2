import Foundation
import TactileCore
import TactileTestSupport
import Testing

/// The packed tree against UIKit's geometry model (``LayerModel``, written from the rules, not from the
/// engine): frames, hit-tests from the root and from any receiver, and `convert` between any two views, over
/// random trees whose views are scaled (0.5, 2, others), rotated, translated and scrolled (bounds origins), their
/// transforms set before or after their frames (AG-J-03 … AG-J-10, AG-K-03, DESIGN-HIT-TESTING).
@Suite("Geometry: the packed tree against UIKit's layer model")
struct LayerModelTests {
    /// `scenario` replayed in a fresh tree: view handles by scenario index.
    /// With `warmCaches`, every view's window transform is asked for before the steps, so the conversions after
    /// them must see through caches the steps made stale.
    static func build(_ scenario: GeometryScenario, warmCaches: Bool = false) throws -> (ViewTree, [ViewID]) {
        let tree = ViewTree()
        var ids: [ViewID] = []
        for (i, frame) in scenario.initialFrames.enumerated() {
            let v = try tree.makeView(frame: frame)
            if let p = scenario.parents[i] { try tree.addChild(v, to: ids[p]) }
            ids.append(v)
        }
        if warmCaches { for v in ids { _ = try tree.windowTransform(of: v) } }
        for (i, step) in scenario.steps {
            let v = ids[i]
            switch step {
            case .setFrame(let r): try tree.setFrame(r, of: v)
            case .setBounds(let r): try tree.setBounds(r, of: v)
            case .setCenter(let c): try tree.setCenter(c, of: v)
            case .setTransform(let a, let b, let c, let d, let tx, let ty):
                try tree.setTransform(Affine2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty), of: v)
            case .setHidden(let h): try tree.setFlags(.hidden, h, of: v)
            case .setUserInteractionEnabled(let e): try tree.setFlags(.interactionDisabled, !e, of: v)
            }
        }
        return (tree, ids)
    }

    static func close(_ a: CGPoint, _ b: CGPoint, scale: Double = 1) -> Bool {
        let tolerance = 1e-7 * max(1, scale, abs(Double(a.x)), abs(Double(a.y)))
        return abs(Double(a.x - b.x)) <= tolerance && abs(Double(a.y - b.y)) <= tolerance
    }

    static func close(_ a: CGRect, _ b: CGRect) -> Bool {
        close(CGPoint(x: a.minX, y: a.minY), CGPoint(x: b.minX, y: b.minY))
            && close(CGPoint(x: a.maxX, y: a.maxY), CGPoint(x: b.maxX, y: b.maxY))
    }

    /// Seeds: 400 random trees × 250 queries = 10^5 cases per property.
    static let seeds: Range<UInt64> = 0..<400
    static let queriesPerTree = 250
    /// Below this relative distance from an edge, which side a point falls on is a matter of rounding.
    static let ambiguous = 1e-9

    @Test("AG-J-06 AG-J-05 frame, bounds and center match the layer model after any order of frame, bounds, center and transform calls")
    func framesMatch() throws {
        var checked = 0
        for seed in Self.seeds {
            let scenario = GeometryScenario(seed: seed)
            let (tree, ids) = try Self.build(scenario)
            for layer in scenario.model() {
                let g = try tree.geometry(of: ids[layer.id])
                #expect(Self.close(try tree.frame(of: ids[layer.id]), layer.frame), "seed \(seed) view \(layer.id): frame")
                #expect(Self.close(g.bounds, layer.bounds), "seed \(seed) view \(layer.id): bounds")
                #expect(Self.close(g.center, layer.center), "seed \(seed) view \(layer.id): center")
                checked += 1
            }
        }
        #expect(checked > 3_000)
    }

    @Test("AG-K-03 DESIGN-HIT-TESTING hit-testing from the root lands where the layer model says (10^5 points, edges included)")
    func rootHitTestsMatch() throws {
        var compared = 0, skipped = 0
        for seed in Self.seeds {
            let scenario = GeometryScenario(seed: seed)
            let (tree, ids) = try Self.build(scenario)
            let layers = scenario.model()
            for p in GeometryScenario.queryPoints(layers, count: Self.queriesPerTree, seed: seed) {
                var margin = Double.infinity
                let expected = layers[0].hitTest(p, margin: &margin).map { ids[$0.id] }
                guard margin > Self.ambiguous else { skipped += 1; continue }
                let found = try tree.hitTest(p, in: ids[0])
                #expect(found == expected, "seed \(seed) point \(p): packed \(String(describing: found)), model \(String(describing: expected))")
                compared += 1
            }
        }
        #expect(compared + skipped == Self.seeds.count * Self.queriesPerTree)
        #expect(skipped * 20 < compared, "too many points on an edge: \(skipped) of \(compared + skipped)")
    }

    @Test("AG-K-03 a receiver's own transform plays no part in its own hit-test: the point is in its bounds space")
    func receiverHitTestsMatch() throws {
        var compared = 0
        for seed in Self.seeds {
            let scenario = GeometryScenario(seed: seed)
            let (tree, ids) = try Self.build(scenario)
            let layers = scenario.model()
            var rng = SceneRandom(seed: seed ^ 0xABCD)
            for p in GeometryScenario.queryPoints(layers, count: Self.queriesPerTree, seed: seed &+ 17) {
                let receiver = layers[Int(rng.next() % UInt64(layers.count))]
                guard let local = layers[0].convert(p, to: receiver) else { continue }
                var margin = Double.infinity
                let expected = receiver.hitTest(local, margin: &margin).map { ids[$0.id] }
                guard margin > Self.ambiguous else { continue }
                let found = try tree.defaultHitTest(local, at: ids[receiver.id])
                #expect(found == expected, "seed \(seed) receiver \(receiver.id) point \(local)")
                compared += 1
            }
        }
        #expect(compared > 90_000)
    }

    @Test("AG-J-09 convert(_:from:to:) between any two views matches the layer model, and round-trips (also with every window transform cached before the changes)",
          arguments: [false, true])
    func conversionsMatch(warmCaches: Bool) throws {
        var compared = 0
        for seed in Self.seeds {
            let scenario = GeometryScenario(seed: seed)
            let (tree, ids) = try Self.build(scenario, warmCaches: warmCaches)
            let layers = scenario.model()
            var rng = SceneRandom(seed: seed ^ 0x5EED)
            for _ in 0..<Self.queriesPerTree {
                let a = layers[Int(rng.next() % UInt64(layers.count))], b = layers[Int(rng.next() % UInt64(layers.count))]
                let p = CGPoint(x: rng.uniform(-300, 300), y: rng.uniform(-300, 300))
                guard let expected = a.convert(p, to: b) else { continue }  // singular on the way
                let converted = try tree.convert(p, from: ids[a.id], to: ids[b.id])
                #expect(Self.close(converted, expected, scale: 1e3), "seed \(seed) \(a.id)→\(b.id) \(p)")
                let back = try tree.convert(converted, from: ids[b.id], to: ids[a.id])
                #expect(Self.close(back, p, scale: 1e4), "seed \(seed) round trip \(a.id)→\(b.id)→\(a.id) \(p)")
                compared += 1
            }
        }
        #expect(compared > 90_000)
    }

    @Test("the naive reference of the differential tests agrees with the layer model, so it is kept")
    func naiveReferenceAgrees() throws {
        for seed in Self.seeds.prefix(100) {
            let scenario = GeometryScenario(seed: seed)
            let (tree, ids) = try Self.build(scenario)
            let layers = scenario.model()
            let naive = try ReferenceView.mirror(tree, root: ids[0])
            for p in GeometryScenario.queryPoints(layers, count: 100, seed: seed) {
                var margin = Double.infinity
                let expected = layers[0].hitTest(p, margin: &margin).map { ids[$0.id] }
                guard margin > Self.ambiguous else { continue }
                #expect(naive.hitTest(p)?.id == expected, "seed \(seed) point \(p)")
            }
        }
    }
}
