import Foundation
import Tactile
import Testing

/// Ambiguity debugging (DESIGN-LAYOUT-AMBIGUITY). Expected behaviour from Apple's documentation:
/// `UIView.hasAmbiguousLayout` — "A Boolean value that determines whether the constraints impacting the layout of
/// the view incompletely specify the location of the view"; `NSLayoutAnchor.hasAmbiguousLayout` — the same for the
/// anchor's axis; `exerciseAmbiguityInLayout()` — "Randomly changes the frame of a view with an ambiguous layout
/// between the different valid values"; `constraintsAffectingLayout(for:)` — "Returns the constraints impacting
/// the layout of the view for a given axis"; Auto Layout Guide, "Ambiguous Layouts": a layout is ambiguous when
/// the constraints have more than one solution, including when optional constraints of the same priority leave a
/// range equally good ("… two or more nonrequired constraints with the same priority …"); a view that translates
/// its autoresizing mask is fully specified by its frame.
@MainActor
@Suite("Auto Layout rules: ambiguity")
struct AmbiguityRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: a width alone is ambiguous on both axes; each pin removes an axis's ambiguity")
    func widthAloneThenPinned() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let v = constrainedView(in: root)
        v.widthAnchor.constraint(equalToConstant: 50).isActive = true
        root.layoutIfNeeded()
        #expect(v.hasAmbiguousLayout)
        #expect(v.leftAnchor.hasAmbiguousLayout)
        #expect(v.topAnchor.hasAmbiguousLayout)
        v.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
        #expect(!v.leftAnchor.hasAmbiguousLayout)
        #expect(!v.centerXAnchor.hasAmbiguousLayout)
        #expect(v.topAnchor.hasAmbiguousLayout)
        #expect(v.hasAmbiguousLayout)
        NSLayoutConstraint.activate([v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)])
        #expect(!v.hasAmbiguousLayout)
        #expect(!v.topAnchor.hasAmbiguousLayout)
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: a view pinned to an ambiguous sibling is ambiguous too; frames and intrinsic sizes settle things")
    func ambiguityPropagates() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let loose = constrainedView(in: root), follower = constrainedView(in: root)
        NSLayoutConstraint.activate([
            loose.widthAnchor.constraint(equalToConstant: 50), loose.heightAnchor.constraint(equalToConstant: 10),
            loose.topAnchor.constraint(equalTo: root.topAnchor),
            follower.leftAnchor.constraint(equalTo: loose.rightAnchor), follower.widthAnchor.constraint(equalToConstant: 10),
            follower.topAnchor.constraint(equalTo: root.topAnchor), follower.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(follower.hasAmbiguousLayout)
        #expect(follower.leftAnchor.hasAmbiguousLayout && !follower.topAnchor.hasAmbiguousLayout)
        // A frame-based view (its mask translated) is fully specified; a view pinned to it is not ambiguous.
        let framed = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        root.addSubview(framed)
        let tied = constrainedView(in: root)
        NSLayoutConstraint.activate([tied.leftAnchor.constraint(equalTo: framed.rightAnchor), tied.topAnchor.constraint(equalTo: framed.bottomAnchor),
                                     tied.widthAnchor.constraint(equalTo: framed.widthAnchor), tied.heightAnchor.constraint(equalToConstant: 3)])
        root.layoutIfNeeded()
        #expect(!framed.hasAmbiguousLayout)
        #expect(!tied.hasAmbiguousLayout)
        #expect(tied.frame == CGRect(x: 25, y: 25, width: 20, height: 3))
        // An intrinsic size fixes the dimensions: pinning the position is enough.
        let label = IntrinsicView(CGSize(width: 30, height: 12))
        root.addSubview(label)
        NSLayoutConstraint.activate([label.leftAnchor.constraint(equalTo: root.leftAnchor), label.topAnchor.constraint(equalTo: root.topAnchor, constant: 100)])
        root.layoutIfNeeded()
        #expect(!label.hasAmbiguousLayout)
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: an optional constraint picks one place in a range; two equal opposite ones leave it ambiguous")
    func optionalConstraintsAndRanges() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        func boxed() -> UIView {
            let v = constrainedView(in: root)
            NSLayoutConstraint.activate([v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor),
                                         v.leftAnchor.constraint(lessThanOrEqualTo: root.leftAnchor, constant: 100),
                                         v.widthAnchor.constraint(equalToConstant: 10), v.topAnchor.constraint(equalTo: root.topAnchor),
                                         v.heightAnchor.constraint(equalToConstant: 10)])
            return v
        }
        let settled = boxed()
        let wish = settled.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 30)
        wish.priority = .defaultLow
        wish.isActive = true
        root.layoutIfNeeded()
        #expect(settled.frame.minX == 30)
        #expect(!settled.hasAmbiguousLayout)
        settled.exerciseAmbiguityInLayout()
        root.layoutIfNeeded()
        #expect(settled.frame.minX == 30)  // nothing else is valid

        let torn = boxed()
        let toLeft = torn.leftAnchor.constraint(equalTo: root.leftAnchor), toRight = torn.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 100)
        toLeft.priority = UILayoutPriority(500)
        toRight.priority = UILayoutPriority(500)
        NSLayoutConstraint.activate([toLeft, toRight])
        root.layoutIfNeeded()
        #expect(torn.hasAmbiguousLayout)
        #expect(torn.frame.minX >= 0 && torn.frame.minX <= 100)
        let before = torn.frame.minX
        torn.exerciseAmbiguityInLayout()
        root.layoutIfNeeded()
        #expect(torn.frame.minX != before)
        #expect(torn.frame.minX >= 0 && torn.frame.minX <= 100)  // still within what the required constraints allow
        #expect(torn.frame.width == 10)
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: constraintsAffectingLayout lists the view's constraints on that axis only")
    func affectingConstraints() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let v = constrainedView(in: root), other = constrainedView(in: root)
        let left = v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 4), width = v.widthAnchor.constraint(equalToConstant: 40)
        let top = v.topAnchor.constraint(equalTo: root.topAnchor), height = v.heightAnchor.constraint(equalToConstant: 40)
        let otherLeft = other.leftAnchor.constraint(equalTo: root.leftAnchor), otherWidth = other.widthAnchor.constraint(equalToConstant: 5)
        let otherTop = other.topAnchor.constraint(equalTo: root.topAnchor), otherHeight = other.heightAnchor.constraint(equalToConstant: 5)
        NSLayoutConstraint.activate([left, width, top, height, otherLeft, otherWidth, otherTop, otherHeight])
        root.layoutIfNeeded()
        let horizontal = v.constraintsAffectingLayout(for: .horizontal), vertical = v.constraintsAffectingLayout(for: .vertical)
        func has(_ list: [NSLayoutConstraint], _ c: NSLayoutConstraint) -> Bool { list.contains { $0 === c } }
        #expect(has(horizontal, left) && has(horizontal, width))
        #expect(!has(horizontal, top) && !has(horizontal, height))
        #expect(has(vertical, top) && has(vertical, height))
        #expect(!has(vertical, left) && !has(vertical, width))
        for c in [otherLeft, otherWidth, otherTop, otherHeight] {
            #expect(!has(horizontal, c) && !has(vertical, c))  // an unrelated sibling's constraints
        }
        #expect(has(v.leadingAnchor.constraintsAffectingLayout, left))
        #expect(has(v.bottomAnchor.constraintsAffectingLayout, height))
    }

    @Test("DESIGN-LAYOUT-AMBIGUITY: a layout guide with a width only is ambiguous; pinned, it is not, and lists its constraints")
    func guideAmbiguity() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let g = UILayoutGuide()
        root.addLayoutGuide(g)
        let width = g.widthAnchor.constraint(equalToConstant: 40)
        width.isActive = true
        root.layoutIfNeeded()
        #expect(g.hasAmbiguousLayout)
        let left = g.leftAnchor.constraint(equalTo: root.leftAnchor), top = g.topAnchor.constraint(equalTo: root.topAnchor)
        NSLayoutConstraint.activate([left, top, g.heightAnchor.constraint(equalToConstant: 4)])
        #expect(!g.hasAmbiguousLayout)
        #expect(g.layoutFrame == CGRect(x: 0, y: 0, width: 40, height: 4))
        let horizontal = g.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.contains { $0 === left } && horizontal.contains { $0 === width } && !horizontal.contains { $0 === top })
    }
}
