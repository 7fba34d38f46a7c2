import Foundation
import Tactile
import Testing

/// Guides added with `addLayoutGuide(_:)` and distances made with `anchorWithOffset(to:)` (DESIGN-LAYOUT-GUIDES).
/// Expected values from Apple's documentation: `UILayoutGuide` — "Use layout guides to replace the dummy views
/// you may have created to represent inter-view spaces … To create spacers … equal spacing between views",
/// `layoutFrame` — "The layout guide's frame in its owning view's coordinate system"; `anchorWithOffset(to:)`
/// — "a layout dimension object from two anchors … the distance between the receiver and the other anchor",
/// so that `constraint(equalTo:)` between two such dimensions makes equal gaps (Auto Layout Guide, "Anatomy of a
/// Constraint": constraints are linear equations in the item attributes).
@MainActor
@Suite("Auto Layout rules: layout guides and offsets")
struct LayoutGuideRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @Test("DESIGN-LAYOUT-GUIDES: equal-width spacer guides share the free width around three views, and follow the container's size")
    func spacerGuides() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 300))
        let container = UIView(frame: CGRect(x: 10, y: 20, width: 320, height: 100))
        root.addSubview(container)
        let views = [40, 60, 20].map { w -> UIView in
            let v = constrainedView(in: container)
            NSLayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: CGFloat(w)), v.heightAnchor.constraint(equalToConstant: 10),
                                         v.centerYAnchor.constraint(equalTo: container.centerYAnchor)])
            return v
        }
        let spacers = (0..<4).map { i -> UILayoutGuide in
            let g = UILayoutGuide()
            g.identifier = "spacer\(i)"
            container.addLayoutGuide(g)
            return g
        }
        let edges: [(NSLayoutXAxisAnchor, NSLayoutXAxisAnchor)] = [
            (container.leadingAnchor, views[0].leadingAnchor), (views[0].trailingAnchor, views[1].leadingAnchor),
            (views[1].trailingAnchor, views[2].leadingAnchor), (views[2].trailingAnchor, container.trailingAnchor),
        ]
        var cs: [NSLayoutConstraint] = []
        for (g, (from, to)) in zip(spacers, edges) {
            cs += [g.leadingAnchor.constraint(equalTo: from), g.trailingAnchor.constraint(equalTo: to),
                   g.topAnchor.constraint(equalTo: container.topAnchor), g.heightAnchor.constraint(equalTo: container.heightAnchor)]
        }
        cs += spacers.dropFirst().map { $0.widthAnchor.constraint(equalTo: spacers[0].widthAnchor) }
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        #expect(container.layoutGuides.count == 4)
        #expect(spacers.allSatisfy { $0.owningView === container })
        // 320 − 120 = 200 of free width, 50 a gap.
        #expect(views.map(\.frame.minX) == [50, 140, 250])
        #expect(views[0].frame.minY == 45)  // centred in the container's 100
        #expect(spacers[1].layoutFrame == CGRect(x: 90, y: 0, width: 50, height: 100))  // in the container's coordinates
        #expect(!spacers[1].hasAmbiguousLayout)
        // The app widens the container (its frame, translated into constraints): (420 − 120) / 4 = 75.
        container.frame = CGRect(x: 10, y: 20, width: 420, height: 100)
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [75, 190, 325])
        #expect(spacers[3].layoutFrame == CGRect(x: 345, y: 0, width: 75, height: 100))
    }

    @Test("DESIGN-LAYOUT-GUIDES: a guide of an ancestor aligns views that live in different subviews")
    func columnGuideAcrossBranches() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let top = UIView(frame: CGRect(x: 20, y: 0, width: 360, height: 100))
        let bottom = UIView(frame: CGRect(x: 50, y: 200, width: 300, height: 100))
        root.addSubview(top)
        root.addSubview(bottom)
        let column = UILayoutGuide()
        root.addLayoutGuide(column)
        let a = constrainedView(in: top), b = constrainedView(in: bottom)
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 100),
            column.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.25),
            column.topAnchor.constraint(equalTo: root.topAnchor), column.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            a.leadingAnchor.constraint(equalTo: column.leadingAnchor), a.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            b.leadingAnchor.constraint(equalTo: column.leadingAnchor), b.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            a.topAnchor.constraint(equalTo: top.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            b.topAnchor.constraint(equalTo: bottom.topAnchor), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(column.layoutFrame == CGRect(x: 100, y: 0, width: 100, height: 400))
        #expect(a.frame == CGRect(x: 80, y: 0, width: 100, height: 10))  // 100 − 20 in top's coordinates
        #expect(b.frame == CGRect(x: 50, y: 0, width: 100, height: 10))  // 100 − 50 in bottom's coordinates
        // The column's constraints are held by its owning view, the nearest common ancestor.
        #expect(root.constraints.count == 8)
        #expect(a.convert(a.bounds, to: root).minX == b.convert(b.bounds, to: root).minX)
    }

    @Test("DESIGN-LAYOUT-GUIDES: anchorWithOffset makes equal gaps down a column, and a gap twice another")
    func offsetsAsDimensions() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let a = constrainedView(in: root), b = constrainedView(in: root), c = constrainedView(in: root)
        var cs: [NSLayoutConstraint] = []
        for v in [a, b, c] {
            cs += [v.heightAnchor.constraint(equalToConstant: 40), v.widthAnchor.constraint(equalToConstant: 40), v.leftAnchor.constraint(equalTo: root.leftAnchor)]
        }
        let gaps = [root.topAnchor.anchorWithOffset(to: a.topAnchor), a.bottomAnchor.anchorWithOffset(to: b.topAnchor),
                    b.bottomAnchor.anchorWithOffset(to: c.topAnchor), c.bottomAnchor.anchorWithOffset(to: root.bottomAnchor)]
        cs += gaps.dropFirst().map { $0.constraint(equalTo: gaps[0]) }
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        // 400 − 120 = 280 of gaps, 70 each.
        #expect([a, b, c].map(\.frame.minY) == [70, 180, 290])

        // Horizontally: the second gap twice the first, the outer margins fixed by constants.
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 250, height: 50))
        let p = constrainedView(in: row), q = constrainedView(in: row), r = constrainedView(in: row)
        var rs: [NSLayoutConstraint] = []
        for v in [p, q, r] {
            rs += [v.widthAnchor.constraint(equalToConstant: 30), v.heightAnchor.constraint(equalToConstant: 30), v.topAnchor.constraint(equalTo: row.topAnchor)]
        }
        rs += [row.leadingAnchor.anchorWithOffset(to: p.leadingAnchor).constraint(equalToConstant: 10),
               r.trailingAnchor.anchorWithOffset(to: row.trailingAnchor).constraint(equalToConstant: 10),
               q.leadingAnchor.anchorWithOffset(to: r.leadingAnchor)
                   .constraint(equalTo: p.trailingAnchor.anchorWithOffset(to: q.leadingAnchor), multiplier: 2, constant: 30)]
        NSLayoutConstraint.activate(rs)
        row.layoutIfNeeded()
        // 250 − 20 − 90 = 140 of gaps g1 + g2, with q.leading→r.leading = 30 + g2 = 2 g1 + 30: g1 = 140 / 3.
        #expect(p.frame.minX == 10)
        #expect(r.frame.maxX == 240)
        let g1 = q.frame.minX - p.frame.maxX, g2 = r.frame.minX - q.frame.maxX
        #expect(abs(g1 - 140.0 / 3) < 1e-9)
        #expect(abs(g2 - 2 * g1) < 1e-9)
    }

    @Test("DESIGN-LAYOUT-GUIDES: an offset between views in different superviews is measured in their common ancestor")
    func offsetAcrossSuperviews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let right = UIView(frame: CGRect(x: 200, y: 0, width: 200, height: 200))
        root.addSubview(left)
        root.addSubview(right)
        let a = constrainedView(in: left), b = constrainedView(in: right)
        let gap = a.trailingAnchor.anchorWithOffset(to: b.leadingAnchor).constraint(equalToConstant: 30)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 150), a.widthAnchor.constraint(equalToConstant: 20),
            gap, b.widthAnchor.constraint(equalToConstant: 20),
            a.topAnchor.constraint(equalTo: left.topAnchor), a.heightAnchor.constraint(equalToConstant: 20),
            b.topAnchor.constraint(equalTo: right.topAnchor), b.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        // a ends at 170 in the root; b starts at 200 there, 0 in right's coordinates.
        #expect(b.frame.minX == 0)
        #expect(root.constraints.contains { $0 === gap })
        gap.constant = 60
        root.layoutIfNeeded()
        #expect(b.frame.minX == 30)
        // Removing b takes the constraint that measures to it (it is held above b, by the common ancestor).
        b.removeFromSuperview()
        #expect(!gap.isActive)
    }
}
