import Foundation
import Tactile
import TactileCore
import Testing

/// Property tests: random view trees with random satisfiable constraints. The reference is UIKit's model of a
/// constraint — `item1.attr1 (relation) m × item2.attr2 + c`, each attribute read from the item's frame in the
/// coordinates of the nearest common ancestor (`convert(_:to:)`) — evaluated on the frames the layout pass
/// wrote, independently of how the engine expresses them.
@MainActor
@Suite("Auto Layout: properties")
struct LayoutPropertyTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }


    typealias A = NSLayoutConstraint.Attribute

    /// An attribute of a rectangle (leading is left: the layout is left to right).
    static func value(_ r: CGRect, _ a: A) -> CGFloat {
        switch a {
        case .left, .leading: r.minX
        case .right, .trailing: r.maxX
        case .top: r.minY
        case .bottom: r.maxY
        case .width: r.width
        case .height: r.height
        case .centerX: r.midX
        case .centerY: r.midY
        default: .nan
        }
    }

    /// The item's frame in `ancestor`'s coordinates.
    static func rect(_ view: UIView, in ancestor: UIView) -> CGRect { view.convert(view.bounds, to: ancestor) }

    static func commonAncestor(_ a: UIView, _ b: UIView) -> UIView {
        var x: UIView? = a
        while let v = x {
            if b === v || b.isDescendant(of: v) { return v }
            x = v.superview
        }
        fatalError("no common ancestor")
    }

    /// How far a constraint is from holding (0 when it holds), in UIKit's model.
    static func violation(_ c: NSLayoutConstraint) -> CGFloat {
        let first = c.firstItem as! UIView
        let common = (c.secondItem as? UIView).map { commonAncestor(first, $0) } ?? first
        let lhs = value(rect(first, in: common), c.firstAttribute)
        let rhs = (c.secondItem as? UIView).map { c.multiplier * value(rect($0, in: common), c.secondAttribute) } ?? 0
        let d = lhs - (rhs + c.constant)
        switch c.relation {
        case .equal: return abs(d)
        case .lessThanOrEqual: return max(0, d)
        case .greaterThanOrEqual: return max(0, -d)
        }
    }

    @Test("DESIGN-LAYOUT: 150 random trees — every required constraint holds within 1e-6; determined frames are the targets, whatever optional constraints pull")
    func randomTrees() {
        var failures = 0
        for seed in UInt64(1)...150 where failures < 3 {
            var rng = SceneRandom(seed: seed)
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            var views: [UIView] = []
            var targets: [ObjectIdentifier: CGRect] = [:]  // in the superview's coordinates
            for _ in 0..<Int.random(in: 3...24, using: &rng) {
                let parent = ([root] + views).filter { v in
                    var depth = 0, x: UIView? = v
                    while let s = x?.superview { depth += 1; x = s }
                    return depth < 4
                }.randomElement(using: &rng)!
                let bounds = targets[ObjectIdentifier(parent)]?.size ?? root.bounds.size
                let w = CGFloat(Int.random(in: 1...max(1, Int(bounds.width)), using: &rng))
                let h = CGFloat(Int.random(in: 1...max(1, Int(bounds.height)), using: &rng))
                let x = CGFloat(Int.random(in: 0...Int(bounds.width - w), using: &rng))
                let y = CGFloat(Int.random(in: 0...Int(bounds.height - h), using: &rng))
                let v = constrainedView(in: parent)
                views.append(v)
                targets[ObjectIdentifier(v)] = CGRect(x: x, y: y, width: w, height: h)
            }
            // A target in the root's coordinates: the superviews' target origins summed.
            func global(_ v: UIView) -> CGRect {
                guard v !== root, let t = targets[ObjectIdentifier(v)] else { return root.bounds }
                let origin = global(v.superview!).origin
                return t.offsetBy(dx: origin.x, dy: origin.y)
            }
            var required: [NSLayoutConstraint] = []
            for (index, v) in views.enumerated() {
                // Only items placed before (the superview, earlier views): every frame is determined.
                let others = [v.superview!] + views[..<index]
                for axis in 0..<2 {
                    let (lead, trail, size, center): (A, A, A, A) = axis == 0 ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
                    let mine = global(v)
                    // One position relative to another item, one size (a constant or a multiple of another size).
                    let other = others.randomElement(using: &rng)!
                    let theirs = global(other)
                    let (myAttr, theirAttr): (A, A) = [(lead, lead), (lead, trail), (trail, trail), (center, center), (trail, lead)].randomElement(using: &rng)!
                    required.append(NSLayoutConstraint(item: v, attribute: myAttr, relatedBy: .equal, toItem: other, attribute: theirAttr, multiplier: 1,
                                                       constant: Self.value(mine, myAttr) - Self.value(theirs, theirAttr)))
                    if Bool.random(using: &rng) {
                        required.append(NSLayoutConstraint(item: v, attribute: size, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                                           multiplier: 1, constant: Self.value(mine, size)))
                    } else {
                        let sizer = others.randomElement(using: &rng)!
                        let m = [0.5, 1, 2].randomElement(using: &rng)!
                        required.append(NSLayoutConstraint(item: v, attribute: size, relatedBy: .equal, toItem: sizer, attribute: size, multiplier: m,
                                                           constant: Self.value(mine, size) - m * Self.value(global(sizer), size)))
                    }
                    // A redundant inequality that holds at the target.
                    let slack = CGFloat(Int.random(in: 0...30, using: &rng))
                    required.append(NSLayoutConstraint(item: v, attribute: trail, relatedBy: .lessThanOrEqual, toItem: other, attribute: theirAttr,
                                                       multiplier: 1, constant: Self.value(mine, trail) - Self.value(theirs, theirAttr) + slack))
                }
            }
            var optional: [NSLayoutConstraint] = []
            for _ in 0..<Int.random(in: 0...10, using: &rng) {
                let v = views.randomElement(using: &rng)!
                let c = NSLayoutConstraint(item: v, attribute: [.width, .height].randomElement(using: &rng)!, relatedBy: .equal, toItem: nil,
                                           attribute: .notAnAttribute, multiplier: 1, constant: CGFloat(Int.random(in: 0...500, using: &rng)))
                c.priority = UILayoutPriority(Float(Int.random(in: 1...999, using: &rng)))
                optional.append(c)
            }
            let logs = TactileDiagnostics.logCount
            NSLayoutConstraint.activate(required.shuffled(using: &rng) + optional)
            root.layoutIfNeeded()
            #expect(TactileDiagnostics.logCount == logs, "seed \(seed): satisfiable constraints were reported unsatisfiable")
            let broken = required.filter { Self.violation($0) > 1e-6 }
            let misplaced = views.filter { v in
                let t = targets[ObjectIdentifier(v)]!, f = v.frame
                return abs(f.minX - t.minX) > 1e-6 || abs(f.minY - t.minY) > 1e-6 || abs(f.width - t.width) > 1e-6 || abs(f.height - t.height) > 1e-6
            }
            if !broken.isEmpty || !misplaced.isEmpty {
                failures += 1
                Issue.record("seed \(seed): \(broken.count) required constraints broken, \(misplaced.count) views off target")
            }
            // A constant edit re-solves incrementally and the required constraints still hold.
            // (Unless the edit makes the system unsatisfiable: then one constraint is broken, and logged.)
            if let c = required.first(where: { $0.firstAttribute == .width && $0.secondItem == nil }) {
                let before = TactileDiagnostics.logCount
                c.constant += 7
                root.layoutIfNeeded()
                if TactileDiagnostics.logCount == before {
                    #expect(required.allSatisfy { Self.violation($0) <= 1e-6 }, "seed \(seed): after a constant edit")
                }
            }
        }
    }
}
