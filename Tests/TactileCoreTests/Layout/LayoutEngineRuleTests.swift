import Foundation
import TactileCore
import Testing

/// The layout engine through its public API (``ViewTree`` + ``LayoutEngine``: `add`, `setConstant`, `remove`,
/// `applyToTree`, `frame(of:)`, `makeGuide`), checked against UIKit's model of a constraint:
/// `item1.attribute1 = multiplier × item2.attribute2 + constant`, each attribute read in the coordinates of the
/// items' nearest common ancestor (Auto Layout Guide, "Anatomy of a Constraint"), and UIKit's autoresizing rule
/// for views that translate their frame ("When more than one option along the same axis is set, the default
/// behavior is to distribute the size difference proportionally among the flexible portions", `UIView.autoresizingMask`).
/// Every expected frame below is worked out by hand from those rules.
@Suite("Layout engine: rules")
struct LayoutEngineRuleTests {
    typealias E = LayoutEngine

    /// root (0, 0, 1000, 1000) ─ a (10, 20, 500, 500) ─ b (30, 40, 300, 300) ─ c
    ///                        └ d (100, 200, 400, 400) ─ e
    /// a, b and d keep their frames (they translate them); c and e are decided by constraints.
    struct Scene {
        let tree = ViewTree()
        let root, a, b, c, d, e: ViewID
        let engine: LayoutEngine
        init() throws {
            root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            a = try tree.makeView(frame: CGRect(x: 10, y: 20, width: 500, height: 500))
            b = try tree.makeView(frame: CGRect(x: 30, y: 40, width: 300, height: 300))
            c = try tree.makeView(frame: .zero)
            d = try tree.makeView(frame: CGRect(x: 100, y: 200, width: 400, height: 400))
            e = try tree.makeView(frame: .zero)
            try tree.addChild(a, to: root)
            try tree.addChild(b, to: a)
            try tree.addChild(c, to: b)
            try tree.addChild(d, to: root)
            try tree.addChild(e, to: d)
            engine = LayoutEngine(tree: tree)
            engine.setTranslatesFrame(c, false, mask: 0, joining: true)
            engine.setTranslatesFrame(e, false, mask: 0, joining: true)
        }
    }

    @Test("DESIGN-LAYOUT: the nearest common ancestor of views several levels apart is found, and the constraint holds in its coordinates")
    func nearestCommonAncestorThroughLevels() throws {
        let s = try Scene()
        #expect(s.engine.commonAncestor(s.c, s.e) == s.root)
        #expect(s.engine.commonAncestor(s.c, s.b) == s.b)  // a view is its own ancestor
        #expect(s.engine.commonAncestor(s.b, s.a) == s.a)
        #expect(s.engine.commonAncestor(s.e, s.d) == s.d)
        // c: 5, 6 inside b, 20 × 30.
        try s.engine.add(.init(.init(.view(s.c), .left), .equal, .init(.view(s.b), .left), constant: 5))
        try s.engine.add(.init(.init(.view(s.c), .top), .equal, .init(.view(s.b), .top), constant: 6))
        try s.engine.add(.init(.init(.view(s.c), .width), .equal, constant: 20))
        try s.engine.add(.init(.init(.view(s.c), .height), .equal, constant: 30))
        // e: its left 7 after c's right, its top at c's bottom, twice c's width, a tenth of a's height.
        try s.engine.add(.init(.init(.view(s.e), .left), .equal, .init(.view(s.c), .right), constant: 7))
        try s.engine.add(.init(.init(.view(s.e), .top), .equal, .init(.view(s.c), .bottom)))
        try s.engine.add(.init(.init(.view(s.e), .width), .equal, .init(.view(s.c), .width), multiplier: 2))
        try s.engine.add(.init(.init(.view(s.e), .height), .equal, .init(.view(s.a), .height), multiplier: 0.1))
        let written = s.engine.applyToTree()
        #expect(Set(written) == [s.c, s.e])  // a, b, d keep their frames: nothing is written into them
        #expect(try s.tree.frame(of: s.c) == CGRect(x: 5, y: 6, width: 20, height: 30))
        // In the root's coordinates c spans x 10 + 30 + 5 = 45 … 65 and y 20 + 40 + 6 = 66 … 96, so e's left is 72
        // and its top 96 there: in d's coordinates (origin 100, 200) that is −28, −104.
        #expect(try s.tree.frame(of: s.e) == CGRect(x: -28, y: -104, width: 40, height: 50))
        #expect(try s.tree.frame(of: s.a) == CGRect(x: 10, y: 20, width: 500, height: 500))
        #expect(try s.tree.frame(of: s.d) == CGRect(x: 100, y: 200, width: 400, height: 400))
    }

    @Test("DESIGN-LAYOUT: a view constrained to a distant ancestor is placed in its own superview's coordinates")
    func constraintToAnAncestor() throws {
        let s = try Scene()
        let f = try s.tree.makeView(frame: .zero)
        try s.tree.addChild(f, to: s.c)
        s.engine.setTranslatesFrame(f, false, mask: 0, joining: true)
        try s.engine.add(.init(.init(.view(s.c), .left), .equal, .init(.view(s.b), .left), constant: 5))
        try s.engine.add(.init(.init(.view(s.c), .top), .equal, .init(.view(s.b), .top), constant: 6))
        try s.engine.add(.init(.init(.view(s.c), .width), .equal, constant: 20))
        try s.engine.add(.init(.init(.view(s.c), .height), .equal, constant: 30))
        // f (inside c): 100 from the root's left edge, at a's top, half b's width, 1 high.
        try s.engine.add(.init(.init(.view(f), .left), .equal, .init(.view(s.root), .left), constant: 100))
        try s.engine.add(.init(.init(.view(f), .top), .equal, .init(.view(s.a), .top)))
        try s.engine.add(.init(.init(.view(f), .width), .equal, .init(.view(s.b), .width), multiplier: 0.5))
        try s.engine.add(.init(.init(.view(f), .height), .equal, constant: 1))
        s.engine.applyToTree()
        // c's origin in the root's coordinates is (45, 66): f's left 100 is 55 in c; a's top (20) is −46 in c.
        #expect(try s.tree.frame(of: f) == CGRect(x: 55, y: -46, width: 150, height: 1))
        // The app moves a (a view that translates its frame): c keeps its place inside b, f its place on screen.
        try s.tree.setFrame(CGRect(x: 110, y: 20, width: 500, height: 500), of: s.a)
        s.engine.viewGeometryDidChange(s.a)
        s.engine.applyToTree()
        #expect(try s.tree.frame(of: s.c) == CGRect(x: 5, y: 6, width: 20, height: 30))
        #expect(try s.tree.frame(of: f) == CGRect(x: -45, y: -46, width: 150, height: 1))  // 100 − (110 + 30 + 5)
    }

    @Test("DESIGN-LAYOUT-TAMIC: a view that translates its frame is pinned to it; a frame set by the app moves the views constrained to it")
    func pinsFollowTheAppsFrame() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let panel = try tree.makeView(frame: CGRect(x: 20, y: 30, width: 200, height: 100))
        let v = try tree.makeView(frame: .zero)
        try tree.addChild(panel, to: root)
        try tree.addChild(v, to: root)
        let engine = LayoutEngine(tree: tree)
        engine.setTranslatesFrame(v, false, mask: 0, joining: true)
        try engine.add(.init(.init(.view(v), .left), .equal, .init(.view(panel), .right), constant: 10))
        try engine.add(.init(.init(.view(v), .top), .equal, .init(.view(panel), .top)))
        try engine.add(.init(.init(.view(v), .width), .equal, constant: 50))
        try engine.add(.init(.init(.view(v), .height), .equal, .init(.view(panel), .height)))
        #expect(engine.applyToTree() == [v])
        #expect(try tree.frame(of: v) == CGRect(x: 230, y: 30, width: 50, height: 100))
        #expect(engine.frame(of: .view(panel)) == CGRect(x: 20, y: 30, width: 200, height: 100))
        try tree.setFrame(CGRect(x: 40, y: 50, width: 100, height: 80), of: panel)
        engine.viewGeometryDidChange(panel)
        #expect(engine.applyToTree() == [v])
        #expect(try tree.frame(of: panel) == CGRect(x: 40, y: 50, width: 100, height: 80))
        #expect(try tree.frame(of: v) == CGRect(x: 150, y: 50, width: 50, height: 80))
    }

    @Test("DESIGN-LAYOUT-TAMIC: pins follow the superview's size along the mask's flexible parts, in proportion to their lengths")
    func pinsFollowTheMask() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let parent = try tree.makeView(frame: .zero)
        let left = try tree.makeView(frame: CGRect(x: 150, y: 10, width: 40, height: 20))  // right margin 10 of 200
        let tall = try tree.makeView(frame: CGRect(x: 0, y: 10, width: 10, height: 20))    // bottom margin 70 of 100
        let fixed = try tree.makeView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
        try tree.addChild(parent, to: root)
        for v in [left, tall, fixed] { try tree.addChild(v, to: parent) }
        let engine = LayoutEngine(tree: tree)
        engine.setTranslatesFrame(parent, false, mask: 0, joining: true)
        let width = try engine.add(.init(.init(.view(parent), .width), .equal, constant: 200))
        let height = try engine.add(.init(.init(.view(parent), .height), .equal, constant: 100))
        try engine.add(.init(.init(.view(parent), .left), .equal, .init(.view(root), .left)))
        try engine.add(.init(.init(.view(parent), .top), .equal, .init(.view(root), .top)))
        engine.applyToTree()
        try tree.setFrame(CGRect(x: 0, y: 0, width: 200, height: 100), of: parent)  // as the UIKit front end does
        engine.setTranslatesFrame(left, true, mask: 1, joining: true)        // flexible left margin
        engine.setTranslatesFrame(tall, true, mask: 16 | 32, joining: true)  // flexible height and bottom margin
        engine.setTranslatesFrame(fixed, true, mask: 0, joining: true)
        engine.applyToTree()
        #expect(try tree.frame(of: left) == CGRect(x: 150, y: 10, width: 40, height: 20))
        try engine.setConstant(width, 300)
        try engine.setConstant(height, 190)
        engine.applyToTree()
        #expect(try tree.frame(of: parent) == CGRect(x: 0, y: 0, width: 300, height: 190))
        // The left margin takes the whole 100 of growth: the right margin stays 10.
        #expect(try tree.frame(of: left) == CGRect(x: 250, y: 10, width: 40, height: 20))
        // Height 20 and bottom margin 70 share 90 of growth 20 : 70.
        #expect(try tree.frame(of: tall) == CGRect(x: 0, y: 10, width: 10, height: 40))
        #expect(try tree.frame(of: fixed) == CGRect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test("DESIGN-LAYOUT-GUIDES: a guide of a nested view has a frame in its owner's coordinates and places views of another branch")
    func guideInANestedView() throws {
        let s = try Scene()
        let guide = try s.engine.makeGuide(owner: s.b)
        try s.engine.add(.init(.init(guide, .left), .equal, .init(.view(s.b), .left), constant: 10))
        try s.engine.add(.init(.init(guide, .top), .equal, .init(.view(s.b), .top), constant: 10))
        let guideWidth = try s.engine.add(.init(.init(guide, .width), .equal, constant: 100))
        try s.engine.add(.init(.init(guide, .height), .equal, constant: 50))
        // e (under d) is centred on the guide, half its width, 10 high.
        let centerX = try s.engine.add(.init(.init(.view(s.e), .centerX), .equal, .init(guide, .centerX)))
        try s.engine.add(.init(.init(.view(s.e), .centerY), .equal, .init(guide, .centerY)))
        try s.engine.add(.init(.init(.view(s.e), .width), .equal, .init(guide, .width), multiplier: 0.5))
        try s.engine.add(.init(.init(.view(s.e), .height), .equal, constant: 10))
        #expect(s.engine.applyToTree() == [s.e])  // a guide is no view: nothing of it is written into the tree
        #expect(s.engine.frame(of: guide) == CGRect(x: 10, y: 10, width: 100, height: 50))
        // b's origin in the root is (40, 60): the guide's centre there is (100, 95); e is 50 × 10 around it,
        // (75, 90) in the root, (−25, −110) in d.
        #expect(try s.tree.frame(of: s.e) == CGRect(x: -25, y: -110, width: 50, height: 10))
        // A constant edited in place moves what depends on it.
        try s.engine.setConstant(guideWidth, 200)
        #expect(s.engine.applyToTree() == [s.e])
        #expect(s.engine.frame(of: guide) == CGRect(x: 10, y: 10, width: 200, height: 50))
        #expect(try s.tree.frame(of: s.e) == CGRect(x: 0, y: -110, width: 100, height: 10))  // centre x 150 in the root
        // Replaced by an edge constraint: e's right edge at the guide's left edge.
        s.engine.remove(centerX)
        #expect(!s.engine.contains(centerX))
        try s.engine.add(.init(.init(.view(s.e), .right), .equal, .init(guide, .left)))
        s.engine.applyToTree()
        #expect(try s.tree.frame(of: s.e) == CGRect(x: -150, y: -110, width: 100, height: 10))  // right at 50 in the root
    }

    @Test("DESIGN-LAYOUT: setConstant re-solves; applyToTree writes only the views that moved; items not referred to have no frame")
    func constantsAndApply() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = try tree.makeView(frame: .zero), b = try tree.makeView(frame: .zero), bystander = try tree.makeView(frame: .zero)
        for v in [a, b, bystander] { try tree.addChild(v, to: root) }
        let engine = LayoutEngine(tree: tree)
        for v in [a, b] { engine.setTranslatesFrame(v, false, mask: 0, joining: true) }
        let aLeft = try engine.add(.init(.init(.view(a), .left), .equal, .init(.view(root), .left), constant: 10))
        try engine.add(.init(.init(.view(a), .top), .equal, .init(.view(root), .top)))
        try engine.add(.init(.init(.view(a), .width), .equal, constant: 10))
        try engine.add(.init(.init(.view(a), .height), .equal, constant: 10))
        try engine.add(.init(.init(.view(b), .left), .equal, .init(.view(root), .left)))
        let bTop = try engine.add(.init(.init(.view(b), .top), .equal, .init(.view(root), .top), constant: 50))
        try engine.add(.init(.init(.view(b), .width), .equal, constant: 10))
        try engine.add(.init(.init(.view(b), .height), .equal, constant: 10))
        #expect(Set(engine.applyToTree()) == [a, b])
        #expect(engine.applyToTree().isEmpty)
        try engine.setConstant(aLeft, 40)
        #expect(engine.applyToTree() == [a])  // b did not move
        #expect(try tree.frame(of: a) == CGRect(x: 40, y: 0, width: 10, height: 10))
        try engine.setConstant(bTop, 60)
        #expect(engine.applyToTree() == [b])
        #expect(try tree.frame(of: b) == CGRect(x: 0, y: 60, width: 10, height: 10))
        #expect(engine.frame(of: .view(bystander)) == nil)
        #expect(!engine.isLaidOut(bystander))
        #expect(throws: E.Failure.nonFiniteValue) { try engine.setConstant(aLeft, .infinity) }
        #expect(try tree.frame(of: a).minX == 40)
        engine.remove(aLeft)
        #expect(throws: E.Failure.unknownConstraint) { try engine.setConstant(aLeft, 1) }
    }

    @Test("DESIGN-LAYOUT-PRIORITY: required holds; among optional constraints the higher priority wins; setPriority changes the winner")
    func priorities() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let v = try tree.makeView(frame: .zero)
        try tree.addChild(v, to: root)
        let engine = LayoutEngine(tree: tree)
        engine.setTranslatesFrame(v, false, mask: 0, joining: true)
        try engine.add(.init(.init(.view(v), .left), .equal, .init(.view(root), .left)))
        try engine.add(.init(.init(.view(v), .top), .equal, .init(.view(root), .top)))
        try engine.add(.init(.init(.view(v), .height), .equal, constant: 10))
        try engine.add(.init(.init(.view(v), .width), .lessThanOrEqual, constant: 150))  // required
        let low = try engine.add(.init(.init(.view(v), .width), .equal, constant: 100, priority: 250))
        try engine.add(.init(.init(.view(v), .width), .equal, constant: 200, priority: 750))
        engine.applyToTree()
        #expect(try tree.frame(of: v).width == 150)  // 200 is wanted more, but the required maximum holds
        try engine.setPriority(low, 999)
        engine.applyToTree()
        #expect(try tree.frame(of: v).width == 100)
    }

    @Test("DESIGN-LAYOUT-PRIORITY: a required constraint against a view's frame pins is added broken and names the pinned view")
    func conflictWithPins() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let framed = try tree.makeView(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        try tree.addChild(framed, to: root)
        let engine = LayoutEngine(tree: tree)
        do {
            try engine.add(.init(.init(.view(framed), .width), .equal, constant: 50))
            Issue.record("a width against the frame's pins should not be satisfiable")
        } catch .unsatisfiable(let conflicting, let pinnedViews) {
            #expect(pinnedViews == [framed])
            #expect(conflicting.last == engine.lastAdded)  // the new constraint is listed, and is the one broken
        } catch {
            Issue.record("unexpected \(error)")
        }
        let broken = try #require(engine.lastAdded)
        #expect(engine.isBroken(broken))
        engine.applyToTree()
        #expect(try tree.frame(of: framed) == CGRect(x: 10, y: 10, width: 100, height: 20))
    }
}
