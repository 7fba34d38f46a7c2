import Foundation
import Tactile
import TactileCore
import Testing

/// A property test over random view trees (DESIGN-LAYOUT, DESIGN-LAYOUT-PRIORITY, DESIGN-LAYOUT-TAMIC,
/// DESIGN-LAYOUT-GUIDES). The reference is UIKit's model of a constraint (Auto Layout Guide, "Anatomy of a
/// Constraint"): `item1.attribute1 (relation) multiplier × item2.attribute2 + constant`, each attribute read from
/// the item's rectangle in the coordinates of the items' nearest common ancestor (`convert(_:to:)`; a guide's
/// `layoutFrame` is in its owning view's coordinates); required constraints must all hold, optional ones only as
/// well as they can ("Priority", same guide). Frames of views that translate their autoresizing mask are the ones
/// the app set (`translatesAutoresizingMaskIntoConstraints`).
///
/// Each seed first draws a target frame for every view (and for some layout guides), then emits required
/// constraints the targets satisfy — edges against the superview, siblings, cousins or ancestors with the
/// matching constants, fixed sizes, sizes proportional to another item's width or height, edge pairs, and
/// redundant inequalities with slack — and optional constraints at random priorities that pull against them.
/// In "determined" seeds every constrained view gets a position and a size on each axis from items placed
/// before it, so the targets are the only solution; in the others some views lack one, and only the required
/// constraints are checked.
@MainActor
@Suite("Auto Layout rules: random trees")
struct RandomTreeLayoutRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    typealias A = NSLayoutConstraint.Attribute

    /// A view or a layout guide, with its target in its superview's (a guide: its owner's) coordinates.
    struct Item {
        let object: AnyObject
        /// The view whose coordinates the item's rectangle is in: the superview, or a guide's owner.
        let frameOwner: UIView?
        let target: CGRect
        var view: UIView? { object as? UIView }
        /// The view standing for the item when finding common ancestors: the view, or a guide's owner.
        var anchorView: UIView { view ?? frameOwner! }
    }

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

    static func commonAncestor(_ a: UIView, _ b: UIView) -> UIView? {
        var x: UIView? = a
        while let v = x {
            if b === v || b.isDescendant(of: v) { return v }
            x = v.superview
        }
        return nil
    }

    /// The object's current rectangle in `ancestor`'s coordinates.
    static func rect(_ object: AnyObject, in ancestor: UIView) -> CGRect {
        if let view = object as? UIView { return view.convert(view.bounds, to: ancestor) }
        let guide = object as! UILayoutGuide
        return guide.owningView!.convert(guide.layoutFrame, to: ancestor)
    }

    static func anchorView(_ object: AnyObject) -> UIView {
        (object as? UIView) ?? (object as! UILayoutGuide).owningView!
    }

    /// How far a constraint is from holding on the current frames (0 when it holds).
    static func violation(_ c: NSLayoutConstraint) -> CGFloat {
        let first = c.firstItem!
        var common = anchorView(first)
        if let second = c.secondItem { common = commonAncestor(common, anchorView(second))! }
        let lhs = value(rect(first, in: common), c.firstAttribute)
        let rhs = c.secondItem.map { c.multiplier * value(rect($0, in: common), c.secondAttribute) } ?? 0
        let d = lhs - (rhs + c.constant)
        switch c.relation {
        case .equal: return abs(d)
        case .lessThanOrEqual: return max(0, d)
        case .greaterThanOrEqual: return max(0, -d)
        }
    }

    /// One seed's scene: the root, the items in creation order, their targets in the root's coordinates.
    struct Scene {
        let root: UIView
        var items: [Item] = []
        var required: [NSLayoutConstraint] = []
        var optional: [NSLayoutConstraint] = []
        var determined = true
        /// Targets in the root's coordinates, by object.
        var global: [ObjectIdentifier: CGRect] = [:]
    }

    static func depth(_ v: UIView, below root: UIView) -> Int {
        var d = 0, x = v
        while x !== root, let s = x.superview { d += 1; x = s }
        return d
    }

    static func makeScene(seed: UInt64) -> Scene {
        var rng = SceneRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 17)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var s = Scene(root: root)
        s.global[ObjectIdentifier(root)] = root.bounds
        s.determined = rng.chance(0.7)
        var bounds: [ObjectIdentifier: CGSize] = [ObjectIdentifier(root): root.bounds.size]
        func draw(in size: CGSize) -> CGRect {
            // Whole or half points, inside the parent.
            let w = CGFloat(Int.random(in: 2...max(2, Int(size.width)), using: &rng)) / (rng.chance(0.3) ? 2 : 1)
            let h = CGFloat(Int.random(in: 2...max(2, Int(size.height)), using: &rng)) / (rng.chance(0.3) ? 2 : 1)
            let x = CGFloat(Int.random(in: 0...max(0, Int(size.width - w)), using: &rng))
            let y = CGFloat(Int.random(in: 0...max(0, Int(size.height - h)), using: &rng))
            return CGRect(x: x, y: y, width: w, height: h)
        }
        let count = Int.random(in: 2...30, using: &rng)
        var views: [UIView] = []
        for _ in 0..<count {
            let parents = ([root] + views).filter { depth($0, below: root) < 4 }
            let parent = parents.randomElement(using: &rng)!
            let target = draw(in: bounds[ObjectIdentifier(parent)]!)
            let v: UIView
            if rng.chance(0.15) {
                v = UIView(frame: target)  // the app's frame, translated into constraints
                parent.addSubview(v)
            } else {
                v = constrainedView(in: parent)
            }
            views.append(v)
            bounds[ObjectIdentifier(v)] = target.size
            let origin = s.global[ObjectIdentifier(parent)]!.origin
            s.global[ObjectIdentifier(v)] = target.offsetBy(dx: origin.x, dy: origin.y)
            s.items.append(Item(object: v, frameOwner: parent, target: target))
            // Now and then a layout guide of a random view, later items may refer to it.
            if rng.chance(0.1) {
                let owner = ([root] + views).randomElement(using: &rng)!
                let g = UILayoutGuide()
                owner.addLayoutGuide(g)
                let gt = draw(in: bounds[ObjectIdentifier(owner)]!)
                let o = s.global[ObjectIdentifier(owner)]!.origin
                s.global[ObjectIdentifier(g)] = gt.offsetBy(dx: o.x, dy: o.y)
                s.items.append(Item(object: g, frameOwner: owner, target: gt))
                s.required += [
                    g.leftAnchor.constraint(equalTo: owner.leftAnchor, constant: gt.minX), g.topAnchor.constraint(equalTo: owner.topAnchor, constant: gt.minY),
                    g.widthAnchor.constraint(equalToConstant: gt.width), g.heightAnchor.constraint(equalToConstant: gt.height),
                ]
            }
        }
        // Constraints for every constrained view, referring only to items placed before it (or its superview).
        for (index, item) in s.items.enumerated() {
            guard let v = item.view, !v.translatesAutoresizingMaskIntoConstraints else { continue }
            let earlier = [Item(object: root, frameOwner: nil, target: root.bounds)] + s.items[..<index]
            let mine = s.global[ObjectIdentifier(v)]!
            func g(_ o: AnyObject) -> CGRect { s.global[ObjectIdentifier(o)]! }
            // Sizes are never negative (neither UIKit's engine nor Tactile's assumes it: a view left without a size
            // could be solved to a negative one, whose frame CGRect reports with its edges swapped).
            s.required += [v.widthAnchor.constraint(greaterThanOrEqualToConstant: 0), v.heightAnchor.constraint(greaterThanOrEqualToConstant: 0)]
            for axis in 0..<2 {
                let lead: A = axis == 0 ? (rng.chance(0.5) ? .leading : .left) : .top
                let trail: A = axis == 0 ? (lead == .leading ? .trailing : .right) : .bottom
                let center: A = axis == 0 ? .centerX : .centerY
                let size: A = axis == 0 ? .width : .height
                let crossSize: A = axis == 0 ? .height : .width
                // Undetermined seeds leave some axes without a position or a size.
                let skipPosition = !s.determined && rng.chance(0.25)
                let skipSize = !s.determined && rng.chance(0.25)
                func edge(_ myAttr: A) {
                    let other = rng.chance(0.4) ? v.superview! : earlier.randomElement(using: &rng)!.object
                    let theirAttr: A = [lead, trail, center].randomElement(using: &rng)!
                    s.required.append(NSLayoutConstraint(item: v, attribute: myAttr, relatedBy: .equal, toItem: other, attribute: theirAttr,
                                                         multiplier: 1, constant: value(mine, myAttr) - value(g(other), theirAttr)))
                }
                var firstEdge: A?
                if !skipPosition {
                    let a = [lead, trail, center].randomElement(using: &rng)!
                    firstEdge = a
                    edge(a)
                }
                if !skipSize {
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0:
                        s.required.append(NSLayoutConstraint(item: v, attribute: size, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                                             multiplier: 1, constant: value(mine, size)))
                    case 1, 2:
                        // Proportional to another item's width or height (the same axis or the other).
                        let other = earlier.randomElement(using: &rng)!.object
                        let otherAttr = Int.random(in: 0..<2, using: &rng) == 0 ? size : crossSize
                        let m: CGFloat = [0.5, 1, 2].randomElement(using: &rng)!
                        s.required.append(NSLayoutConstraint(item: v, attribute: size, relatedBy: .equal, toItem: other, attribute: otherAttr,
                                                             multiplier: m, constant: value(mine, size) - m * value(g(other), otherAttr)))
                    default:
                        // A second edge (or, without a first one, a fixed size).
                        if let firstEdge {
                            // Another of the item's edges or its centre: with the first, it decides the size.
                            edge([lead, trail, center].filter { $0 != firstEdge }.randomElement(using: &rng)!)
                        } else {
                            s.required.append(NSLayoutConstraint(item: v, attribute: size, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                                                 multiplier: 1, constant: value(mine, size)))
                        }
                    }
                }
                // A redundant inequality that holds at the target.
                if rng.chance(0.5) {
                    let other = earlier.randomElement(using: &rng)!.object
                    let slack = CGFloat(Int.random(in: 0...20, using: &rng))
                    let theirAttr: A = [lead, trail, center].randomElement(using: &rng)!
                    let less = rng.chance(0.5)
                    let d = value(mine, trail) - value(g(other), theirAttr)
                    s.required.append(NSLayoutConstraint(item: v, attribute: trail, relatedBy: less ? .lessThanOrEqual : .greaterThanOrEqual,
                                                         toItem: other, attribute: theirAttr, multiplier: 1, constant: less ? d + slack : d - slack))
                }
            }
        }
        // Optional constraints pulling elsewhere, at random priorities.
        let constrained = s.items.compactMap { $0.view }.filter { !$0.translatesAutoresizingMaskIntoConstraints }
        if !constrained.isEmpty {
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let v = constrained.randomElement(using: &rng)!
                let c: NSLayoutConstraint
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    c = NSLayoutConstraint(item: v, attribute: [.width, .height].randomElement(using: &rng)!, relatedBy: .equal, toItem: nil,
                                           attribute: .notAnAttribute, multiplier: 1, constant: CGFloat(Int.random(in: 0...600, using: &rng)))
                case 1:
                    let a: A = [.left, .centerX, .top, .bottom].randomElement(using: &rng)!
                    c = NSLayoutConstraint(item: v, attribute: a, relatedBy: .equal, toItem: root, attribute: a, multiplier: 1,
                                           constant: CGFloat(Int.random(in: -200...900, using: &rng)))
                default:
                    let w = constrained.randomElement(using: &rng)!
                    c = NSLayoutConstraint(item: v, attribute: .width, relatedBy: .greaterThanOrEqual, toItem: w, attribute: .height,
                                           multiplier: 1.5, constant: CGFloat(Int.random(in: 0...100, using: &rng)))
                }
                c.priority = UILayoutPriority(Float(Int.random(in: 1...999, using: &rng)))
                s.optional.append(c)
            }
        }
        // Activation in a random order.
        s.required.shuffle(using: &rng)
        return s
    }

    @Test("DESIGN-LAYOUT: 200 random trees (depth ≤ 4, ≤ 30 views) — every required constraint holds within 1e-6; determined frames are the targets")
    func randomTrees() {
        var failures = 0
        var determinedSeeds = 0
        for seed in UInt64(1)...200 where failures < 5 {
            let s = Self.makeScene(seed: seed)
            let logs = TactileDiagnostics.logCount
            NSLayoutConstraint.activate(s.required + s.optional)
            s.root.layoutIfNeeded()
            #expect(TactileDiagnostics.logCount == logs, "seed \(seed): satisfiable required constraints were reported unsatisfiable")
            #expect((s.required + s.optional).allSatisfy { $0.isActive }, "seed \(seed): a constraint did not activate")
            let broken = s.required.filter { Self.violation($0) > 1e-6 }
            var misplaced: [String] = []
            if s.determined {
                determinedSeeds += 1
                for item in s.items {
                    let now = item.view?.frame ?? (item.object as! UILayoutGuide).layoutFrame
                    let t = item.target
                    if abs(now.minX - t.minX) > 1e-6 || abs(now.minY - t.minY) > 1e-6 || abs(now.width - t.width) > 1e-6
                        || abs(now.height - t.height) > 1e-6 {
                        misplaced.append("\(type(of: item.object)) at \(now), target \(t)")
                    }
                }
            }
            if !broken.isEmpty || !misplaced.isEmpty {
                failures += 1
                Issue.record("""
                    seed \(seed) (\(s.determined ? "determined" : "undetermined"), \(s.items.count) items, \(s.required.count) required, \
                    \(s.optional.count) optional): \(broken.count) required constraints broken \
                    (\(broken.prefix(3).map { "\($0) off by \(Self.violation($0))" })), misplaced: \(misplaced.prefix(3))
                    """)
            }
            NSLayoutConstraint.deactivate(s.required + s.optional)
        }
        if failures == 0 { #expect(determinedSeeds > 100) }
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: in determined random trees no constrained view is ambiguous")
    func determinedTreesAreUnambiguous() {
        var checked = 0
        for seed in UInt64(1)...40 {
            let s = Self.makeScene(seed: seed)
            guard s.determined else { continue }
            NSLayoutConstraint.activate(s.required + s.optional)
            s.root.layoutIfNeeded()
            for item in s.items {
                guard let v = item.view, !v.translatesAutoresizingMaskIntoConstraints else { continue }
                #expect(!v.hasAmbiguousLayout, "seed \(seed): \(v.frame) is ambiguous")
                checked += 1
            }
            NSLayoutConstraint.deactivate(s.required + s.optional)
        }
        #expect(checked > 0)
    }
}
