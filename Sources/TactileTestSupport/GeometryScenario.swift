import Foundation
import TactileCore

/// Random geometry for property tests: a tree of views described as a sequence of UIKit calls, replayed on
/// whatever implements them (the engine, the object model) and on ``LayerModel`` (UIKit's rules), so the two
/// can be compared call for call.
public struct GeometryScenario: Sendable {
    /// One UIKit call on view `view` (an index into the scenario's views).
    public enum Step: Sendable {
        case setFrame(CGRect)
        case setBounds(CGRect)
        case setCenter(CGPoint)
        /// `transform` as CoreGraphics' (a, b, c, d, tx, ty).
        case setTransform(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
        case setHidden(Bool)
        case setUserInteractionEnabled(Bool)
    }

    /// View `i`'s superview (nil for the root, view 0) and the calls made on it, in order, after it was
    /// created with `init(frame:)` and added to its superview.
    public var parents: [Int?]
    public var initialFrames: [CGRect]
    public var steps: [(view: Int, step: Step)]

    /// A random tree of 2…`maxViews` views whose geometry mixes scales (0.5, 2 and others), rotations (right
    /// angles and others), translations and non-zero bounds origins, set in random orders (a transform before
    /// or after the frame).
    public init(seed: UInt64, maxViews: Int = 24) {
        var rng = SceneRandom(seed: seed)
        let count = 2 + Int(rng.next() % UInt64(max(1, maxViews - 1)))
        parents = [nil]
        initialFrames = [CGRect(x: 0, y: 0, width: 400, height: 600)]
        steps = []
        for i in 1..<count {
            parents.append(Int(rng.next() % UInt64(i)))
            initialFrames.append(Self.randomRect(&rng))
        }
        for i in 0..<count {
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                switch rng.next() % 10 {
                case 0, 1, 2: steps.append((i, Self.randomTransform(&rng)))
                case 3, 4: steps.append((i, .setFrame(Self.randomRect(&rng))))
                case 5:
                    var b = CGRect(origin: .zero, size: Self.randomRect(&rng).size)
                    if rng.chance(0.6) { b.origin = CGPoint(x: rng.uniform(-60, 60).rounded(), y: rng.uniform(-60, 60).rounded()) }
                    steps.append((i, .setBounds(b)))
                case 6: steps.append((i, .setCenter(CGPoint(x: rng.uniform(-50, 450).rounded(), y: rng.uniform(-50, 650).rounded()))))
                case 7 where i > 0: steps.append((i, .setHidden(rng.chance(0.3))))
                case 8 where i > 0: steps.append((i, .setUserInteractionEnabled(!rng.chance(0.3))))
                default: break
                }
            }
        }
        // Most transforms come before a frame in real code (`transform = …; frame = …`): make sure it happens.
        if rng.chance(0.5), count > 1 {
            let v = 1 + Int(rng.next() % UInt64(count - 1))
            steps.append((v, .setTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)))
            steps.append((v, .setFrame(Self.randomRect(&rng))))
        }
    }

    static func randomRect(_ rng: inout SceneRandom) -> CGRect {
        CGRect(x: rng.uniform(-40, 360).rounded(), y: rng.uniform(-40, 560).rounded(),
               width: rng.uniform(4, 300).rounded(), height: rng.uniform(4, 300).rounded())
    }

    static func randomTransform(_ rng: inout SceneRandom) -> Step {
        var m = LayerModel.Matrix.identity
        for _ in 0..<(1 + Int(rng.next() % 3)) {
            switch rng.next() % 6 {
            case 0: m = .scale(0.5, 0.5) * m
            case 1: m = .scale(2, 2) * m
            case 2: m = .scale(rng.uniform(0.3, 3), rng.uniform(0.3, 3)) * m
            case 3: m = .rotation(Double(rng.next() % 4) * .pi / 2) * m
            case 4: m = .rotation(rng.uniform(-Double.pi, Double.pi)) * m
            default: m = .translation(rng.uniform(-40, 40).rounded(), rng.uniform(-40, 40).rounded()) * m
            }
        }
        return .setTransform(a: m.m11, b: m.m21, c: m.m12, d: m.m22, tx: m.m13, ty: m.m23)
    }

    /// The scenario in ``LayerModel``: one layer per view, `id` = its index.
    public func model() -> [LayerModel] {
        var layers: [LayerModel] = []
        for (i, frame) in initialFrames.enumerated() {
            let layer = LayerModel(frame: frame)
            layer.id = i
            if let p = parents[i] { layers[p].addSublayer(layer) }
            layers.append(layer)
        }
        for (i, step) in steps {
            let layer = layers[i]
            switch step {
            case .setFrame(let r): layer.frame = r
            case .setBounds(let r): layer.bounds = r
            case .setCenter(let c): layer.center = c
            case .setTransform(let a, let b, let c, let d, let tx, let ty):
                layer.transform = LayerModel.Matrix(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
            case .setHidden(let h): layer.isHidden = h
            case .setUserInteractionEnabled(let e): layer.isUserInteractionEnabled = e
            }
        }
        return layers
    }

    /// Query points for `layers` (in the root's bounds space): random points over and around the root, and
    /// points on and just beside the corners, edges and middles of random views' bounds.
    public static func queryPoints(_ layers: [LayerModel], count: Int, seed: UInt64) -> [CGPoint] {
        var rng = SceneRandom(seed: seed &* 0x9E37_79B9)
        let root = layers[0]
        var points: [CGPoint] = []
        while points.count < count {
            if rng.chance(0.4) {
                points.append(CGPoint(x: rng.uniform(-20, Double(root.bounds.width) + 20),
                                      y: rng.uniform(-20, Double(root.bounds.height) + 20)))
                continue
            }
            let layer = layers[Int(rng.next() % UInt64(layers.count))]
            let b = layer.bounds
            let nudge = [0, 1e-3, -1e-3, 0.5, -0.5][Int(rng.next() % 5)]
            let local = CGPoint(x: [b.minX, b.maxX, b.midX][Int(rng.next() % 3)] + nudge,
                                y: [b.minY, b.maxY, b.midY][Int(rng.next() % 3)] + nudge)
            points.append(layer.toRoot.apply(local))
        }
        return points
    }
}
