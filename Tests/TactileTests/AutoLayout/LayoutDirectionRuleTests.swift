import Foundation
import Tactile
import Testing

/// Leading and trailing under the app's right-to-left direction (DESIGN-LAYOUT-DIRECTION). Expected values from
/// UIKit's documentation: NSLayoutConstraint.Attribute `.leading` — "the leading edge of the object's alignment
/// rectangle. For left-to-right layouts it is the left edge, for right-to-left layouts it is the right edge" (and
/// `.trailing` the opposite); `.left`, `.right` and `.centerX` do not depend on the direction; constants of
/// leading/trailing constraints are measured in the reading direction (Auto Layout Guide, "Anatomy of a
/// Constraint": "leading … In a right-to-left language the value increases as you move towards the left");
/// `directionalLayoutMargins`: "the leading margin is applied to the right edge of the view in right-to-left
/// layouts"; `UISemanticContentAttribute`: `.forceLeftToRight` lays out left to right whatever the language,
/// `.playback` and `.spatial` content is never flipped.
/// Each test switches the app to right-to-left with `TactileHost.userInterfaceLayoutDirection` and restores
/// `.leftToRight` on the way out.
@MainActor
@Suite("Auto Layout rules: layout direction")
struct LayoutDirectionRuleTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @Test("DESIGN-LAYOUT-DIRECTION: a leading-to-trailing chain runs from the right edge; left, right and centerX stay put")
    func chainRightToLeft() {
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(in: root), b = constrainedView(in: root), c = constrainedView(in: root)
        let fixedLeft = constrainedView(in: root), centred = constrainedView(in: root), tail = constrainedView(in: root)
        var cs: [NSLayoutConstraint] = [
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), a.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8), b.widthAnchor.constraint(equalToConstant: 40),
            c.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8), c.widthAnchor.constraint(equalToConstant: 30),
            fixedLeft.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5), fixedLeft.widthAnchor.constraint(equalToConstant: 20),
            centred.centerXAnchor.constraint(equalTo: root.centerXAnchor, constant: 20), centred.widthAnchor.constraint(equalToConstant: 20),
            // A trailing edge 20 before the superview's trailing edge: 20 in from the left in right-to-left.
            tail.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20), tail.widthAnchor.constraint(equalToConstant: 20),
        ]
        for v in [a, b, c, fixedLeft, centred, tail] {
            cs += [v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)]
        }
        NSLayoutConstraint.activate(cs)
        root.layoutIfNeeded()
        #expect(a.frame.minX == 240)  // 300 − 10 − 50
        #expect(b.frame.minX == 192)  // 240 − 8 − 40
        #expect(c.frame.minX == 154)  // 192 − 8 − 30
        #expect(fixedLeft.frame.minX == 5)
        #expect(centred.frame.midX == 170)
        #expect(tail.frame.minX == 20)
        // Back to left to right at run time: the same constraints, mirrored.
        TactileHost.userInterfaceLayoutDirection = .leftToRight
        root.layoutIfNeeded()
        #expect(a.frame.minX == 10)
        #expect(b.frame.minX == 68)
        #expect(c.frame.minX == 116)
        #expect(fixedLeft.frame.minX == 5)
        #expect(centred.frame.midX == 170)
        #expect(tail.frame.minX == 260)
    }

    @Test("DESIGN-LAYOUT-DIRECTION: views forced left to right keep a left-to-right layout in a right-to-left app")
    func forcedLeftToRight() {
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        let v = constrainedView(in: root)
        #expect(v.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        root.semanticContentAttribute = .forceLeftToRight
        v.semanticContentAttribute = .forceLeftToRight
        #expect(v.effectiveUserInterfaceLayoutDirection == .leftToRight)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), v.widthAnchor.constraint(equalToConstant: 20),
            v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(v.frame.minX == 10)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .playback) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
    }

    @Test("DESIGN-LAYOUT-DIRECTION: leadingMargin and trailingMargin use the right and left margins in a right-to-left layout")
    func marginAttributesRightToLeft() {
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        root.layoutMargins = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 30)
        let first = constrainedView(in: root), last = constrainedView(in: root)
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor), first.widthAnchor.constraint(equalToConstant: 50),
            NSLayoutConstraint(item: last, attribute: .trailing, relatedBy: .equal, toItem: root, attribute: .trailingMargin, multiplier: 1, constant: 0),
            last.widthAnchor.constraint(equalToConstant: 50),
            first.topAnchor.constraint(equalTo: root.topAnchor), first.heightAnchor.constraint(equalToConstant: 5),
            last.topAnchor.constraint(equalTo: root.topAnchor), last.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(first.frame.maxX == 270)  // the leading margin is the right one, 30
        #expect(last.frame.minX == 10)    // the trailing margin is the left one, 10
    }

    @Test("DESIGN-LAYOUT-DIRECTION: directionalLayoutMargins put the leading margin on the right edge in a right-to-left layout")
    func directionalMarginsRightToLeft() {
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10)
        #expect(root.layoutMargins.right == 30)
        #expect(root.layoutMargins.left == 10)
        #expect(root.directionalLayoutMargins.leading == 30)
        let v = constrainedView(in: root)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor), v.widthAnchor.constraint(equalToConstant: 50),
            v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(v.frame.minX == 220)  // its right edge 30 in from the right
    }

    @Test("DESIGN-LAYOUT-DIRECTION: anchorWithOffset between leading-side edges measures in the reading direction")
    func offsetRightToLeft() {
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(in: root), b = constrainedView(in: root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.widthAnchor.constraint(equalToConstant: 50),
            // From a's trailing edge to b's leading edge: 25 points further along the reading direction.
            a.trailingAnchor.anchorWithOffset(to: b.leadingAnchor).constraint(equalToConstant: 25), b.widthAnchor.constraint(equalToConstant: 50),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 5),
            b.topAnchor.constraint(equalTo: root.topAnchor), b.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 250)
        #expect(b.frame.maxX == 225)
    }

    @Test("DESIGN-LAYOUT-DIRECTION: a horizontal stack view arranges from the right in a right-to-left app, with equal gaps and equal centre distances")
    func stackViewRightToLeft() {
        // UIStackView: horizontal stacks lay out in the leading-to-trailing direction; "equalSpacing … maintains an
        // equal spacing between the arranged views", "equalCentering … equal center-to-center spacing".
        TactileHost.userInterfaceLayoutDirection = .rightToLeft
        defer { TactileHost.userInterfaceLayoutDirection = .leftToRight }
        func arranged(_ distribution: UIStackView.Distribution) -> [IntrinsicView] {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let views = [IntrinsicView(CGSize(width: 40, height: 20)), IntrinsicView(CGSize(width: 60, height: 30)),
                         IntrinsicView(CGSize(width: 100, height: 10))]
            let stack = UIStackView(arrangedSubviews: views)
            stack.frame = CGRect(x: 0, y: 0, width: 300, height: 50)
            stack.distribution = distribution
            root.addSubview(stack)
            root.layoutIfNeeded()
            withExtendedLifetime(root) {}
            return views
        }
        let fill = arranged(.fill)
        #expect(fill[0].frame.maxX == 300)  // the first arranged view at the leading (right) edge
        #expect(fill[2].frame.minX == 0)
        let spaced = arranged(.equalSpacing)
        #expect(spaced.map(\.frame.width) == [40, 60, 100])
        #expect(spaced.map(\.frame.minX) == [260, 150, 0])  // 100 of gaps, 50 each, from the right
        let centred = arranged(.equalCentering)
        // Centres from 280 (the first, at the right edge) to 50 (the last, at the left edge): 115 apart.
        #expect(centred.map(\.frame.midX) == [280, 165, 50])
    }
}
