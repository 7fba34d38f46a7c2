import Foundation
import TactileCore
import Testing

/// The engine over the packed tree, without UIKit's names: positions expressed through the nearest common
/// ancestor, frame pins that follow the superview along flexible mask parts, guides, constants edited in place,
/// conflicts and their conflicting set.
@Suite("Layout engine")
struct LayoutEngineTests {
    typealias E = LayoutEngine

    @Test("DESIGN-LAYOUT: a constraint between a view and its grandparent's other child goes through the common ancestor")
    func commonAncestorPath() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let panel = try tree.makeView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
        let inner = try tree.makeView(frame: .zero)
        let sibling = try tree.makeView(frame: .zero)
        try tree.addChild(panel, to: root)
        try tree.addChild(inner, to: panel)
        try tree.addChild(sibling, to: root)
        let engine = LayoutEngine(tree: tree)
        engine.setTranslatesFrame(inner, false, mask: 0, joining: true)
        engine.setTranslatesFrame(sibling, false, mask: 0, joining: true)
        // inner: 10 inside the panel; sibling: its left edge at inner's right edge (root coordinates).
        try engine.add(.init(.init(.view(inner), .left), .equal, .init(.view(panel), .left), constant: 10))
        try engine.add(.init(.init(.view(inner), .top), .equal, .init(.view(panel), .top), constant: 10))
        try engine.add(.init(.init(.view(inner), .width), .equal, constant: 30))
        try engine.add(.init(.init(.view(inner), .height), .equal, constant: 30))
        try engine.add(.init(.init(.view(sibling), .left), .equal, .init(.view(inner), .right)))
        try engine.add(.init(.init(.view(sibling), .top), .equal, .init(.view(inner), .bottom)))
        try engine.add(.init(.init(.view(sibling), .width), .equal, .init(.view(inner), .width), multiplier: 2))
        try engine.add(.init(.init(.view(sibling), .height), .equal, constant: 5))
        let written = engine.applyToTree()
        #expect(Set(written) == [inner, sibling])
        #expect(try tree.frame(of: inner) == CGRect(x: 10, y: 10, width: 30, height: 30))
        #expect(try tree.frame(of: sibling) == CGRect(x: 90, y: 100, width: 60, height: 5))
        #expect(engine.applyToTree().isEmpty)  // nothing changed since
    }

    @Test("DESIGN-LAYOUT-TAMIC: pins keep a frame and share a superview's growth among the mask's flexible parts")
    func pins() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let panel = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let child = try tree.makeView(frame: CGRect(x: 50, y: 0, width: 100, height: 10))
        try tree.addChild(panel, to: root)
        try tree.addChild(child, to: panel)
        let engine = LayoutEngine(tree: tree)
        // Flexible width and right margin: 100 and 150 share the growth 2 : 3.
        engine.setTranslatesFrame(child, true, mask: 2 | 4, joining: true)
        engine.setTranslatesFrame(panel, false, mask: 0, joining: true)
        let width = try engine.add(.init(.init(.view(panel), .width), .equal, constant: 300))
        try engine.add(.init(.init(.view(panel), .left), .equal, .init(.view(root), .left)))
        try engine.add(.init(.init(.view(panel), .top), .equal, .init(.view(root), .top)))
        try engine.add(.init(.init(.view(panel), .height), .equal, constant: 100))
        engine.applyToTree()
        try engine.setConstant(width, 550)
        engine.applyToTree()
        #expect(try tree.frame(of: child) == CGRect(x: 50, y: 0, width: 200, height: 10))
    }

    @Test("DESIGN-LAYOUT-PRIORITY: a conflicting required constraint is added broken and names the conflict; strangers are refused")
    func conflicts() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = try tree.makeView(frame: .zero)
        let stranger = try tree.makeView(frame: .zero)
        try tree.addChild(v, to: root)
        let engine = LayoutEngine(tree: tree)
        engine.setTranslatesFrame(v, false, mask: 0, joining: true)
        let first = try engine.add(.init(.init(.view(v), .width), .equal, constant: 10))
        try engine.add(.init(.init(.view(v), .width), .greaterThanOrEqual, constant: 5))
        #expect(throws: E.Failure.unsatisfiable(conflicting: [first, E.ConstraintID(rawValue: 3)], pinnedViews: [])) {
            try engine.add(.init(.init(.view(v), .width), .equal, constant: 20))
        }
        let broken = try #require(engine.lastAdded)
        #expect(engine.isBroken(broken) && !engine.isBroken(first))
        #expect(engine.frame(of: .view(v))?.width == 10)
        #expect(throws: E.Failure.noCommonAncestor) { try engine.add(.init(.init(.view(v), .left), .equal, .init(.view(stranger), .left))) }
        #expect(throws: E.Failure.nonFiniteValue) { try engine.add(.init(.init(.view(v), .height), .equal, constant: .nan)) }
        // Removing the first lets the broken one take over.
        engine.remove(first)
        _ = engine.solve()
        #expect(engine.frame(of: .view(v))?.width == 20)
    }

    @Test("DESIGN-LAYOUT-GUIDES: a guide is a frame in its owner's coordinates; forgetting a view drops its constraints")
    func guidesAndForget() throws {
        let tree = ViewTree()
        let root = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let v = try tree.makeView(frame: .zero)
        try tree.addChild(v, to: root)
        let engine = LayoutEngine(tree: tree)
        let guide = try engine.makeGuide(owner: root)
        try engine.add(.init(.init(guide, .left), .equal, .init(.view(root), .left), constant: 20))
        try engine.add(.init(.init(guide, .right), .equal, .init(.view(root), .right), constant: -20))
        try engine.add(.init(.init(guide, .top), .equal, .init(.view(root), .top)))
        try engine.add(.init(.init(guide, .height), .equal, constant: 1))
        engine.setTranslatesFrame(v, false, mask: 0, joining: true)
        let c = try engine.add(.init(.init(.view(v), .centerX), .equal, .init(guide, .centerX)))
        try engine.add(.init(.init(.view(v), .width), .equal, .init(guide, .width), multiplier: 0.5))
        try engine.add(.init(.init(.view(v), .top), .equal, .init(guide, .bottom)))
        try engine.add(.init(.init(.view(v), .height), .equal, constant: 1))
        engine.applyToTree()
        #expect(engine.frame(of: guide) == CGRect(x: 20, y: 0, width: 260, height: 1))
        #expect(try tree.frame(of: v) == CGRect(x: 85, y: 1, width: 130, height: 1))
        engine.forget(.view(v))
        #expect(!engine.contains(c) && !engine.isLaidOut(v))
        engine.removeGuide(guide)
        #expect(engine.constraintCount == 0)
    }
}
