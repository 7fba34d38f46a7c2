import Foundation
import Testing
import TactileCore

/// The packed view tree's hierarchy and geometry rules (AG-H, AG-J) and its handling of bad input.
@Suite("ViewTree")
struct ViewTreeTests {
    let tree = ViewTree()

    func make(_ n: Int, in parent: ViewID) throws -> [ViewID] {
        try (0..<n).map { _ in
            let v = try tree.makeView()
            try tree.addChild(v, to: parent)
            return v
        }
    }

    @Test("AG-H-02 addSubview appends to the end (front); re-adding a subview moves it to the front")
    func h02AddSubview() throws {
        let root = try tree.makeView()
        let vs = try make(3, in: root)
        #expect(try tree.children(of: root) == vs)
        try tree.addChild(vs[0], to: root)
        #expect(try tree.children(of: root) == [vs[1], vs[2], vs[0]])
        #expect(try tree.indexInParent(vs[0]) == 2)
    }

    @Test("AG-H-03 insertSubview at: (clamped), above: and below: a sibling")
    func h03Insert() throws {
        let root = try tree.makeView()
        let vs = try make(3, in: root)
        let x = try tree.makeView(), y = try tree.makeView(), z = try tree.makeView(), w = try tree.makeView()
        try tree.insertChild(x, at: 1, of: root)
        try tree.insertChild(y, at: 99, of: root)
        try tree.insertChild(z, at: -5, of: root)
        #expect(try tree.children(of: root) == [z, vs[0], x, vs[1], vs[2], y])
        try tree.insertChild(w, above: vs[1], of: root)
        #expect(try tree.children(of: root) == [z, vs[0], x, vs[1], w, vs[2], y])
        try tree.insertChild(w, below: vs[0], of: root)
        #expect(try tree.children(of: root) == [z, w, vs[0], x, vs[1], vs[2], y])
        try tree.insertChild(z, above: y, of: root)
        #expect(try tree.children(of: root) == [w, vs[0], x, vs[1], vs[2], y, z])
        // A sibling that is not a subview (a stranger, the parent itself) puts the view on top, as UIKit does.
        let stranger = try tree.makeView()
        try tree.insertChild(x, below: stranger, of: root)
        #expect(try tree.children(of: root) == [w, vs[0], vs[1], vs[2], y, z, x])
        try tree.insertChild(vs[0], above: root, of: root)
        #expect(try tree.children(of: root) == [w, vs[1], vs[2], y, z, x, vs[0]])
        #expect(try tree.childCount(of: stranger) == 0)
    }

    @Test("AG-H-04 bringSubviewToFront, sendSubviewToBack, exchangeSubview; non-subviews are ignored")
    func h04Reorder() throws {
        let root = try tree.makeView()
        let vs = try make(4, in: root)
        try tree.bringChildToFront(vs[1], of: root)
        #expect(try tree.children(of: root) == [vs[0], vs[2], vs[3], vs[1]])
        try tree.sendChildToBack(vs[3], of: root)
        #expect(try tree.children(of: root) == [vs[3], vs[0], vs[2], vs[1]])
        try tree.exchangeChildren(at: 0, 3, of: root)
        #expect(try tree.children(of: root) == [vs[1], vs[0], vs[2], vs[3]])
        let stranger = try tree.makeView()
        try tree.bringChildToFront(stranger, of: root)
        #expect(try tree.childCount(of: root) == 4)
        #expect(throws: ViewTreeError.indexOutOfRange(4)) { try tree.exchangeChildren(at: 0, 4, of: root) }
    }

    @Test("AG-H-05 removeFromSuperview takes the whole subtree; reparenting leaves the old parent first")
    func h05RemoveAndReparent() throws {
        let a = try tree.makeView(), b = try tree.makeView()
        let child = try make(1, in: a)[0]
        let grandchild = try make(1, in: child)[0]
        try tree.addChild(child, to: b)
        #expect(try tree.children(of: a).isEmpty)
        #expect(try tree.parent(of: child) == b)
        #expect(try tree.root(of: grandchild) == b)
        try tree.removeFromParent(child)
        #expect(try tree.parent(of: child) == nil)
        #expect(try tree.root(of: grandchild) == child)
        try tree.removeFromParent(child)  // a root: no-op
    }

    @Test("AG-H-09 isDescendant(of:) and root")
    func h09Queries() throws {
        let root = try tree.makeView()
        let a = try make(1, in: root)[0]
        let b = try make(1, in: a)[0]
        #expect(try tree.isDescendant(b, of: root))
        #expect(try tree.isDescendant(b, of: b))
        #expect(try !tree.isDescendant(root, of: b))
    }

    @Test("AG-H-10 viewWithTag searches depth-first from the receiver itself, in subviews order")
    func h10Tags() throws {
        let root = try tree.makeView()
        let a = try make(2, in: root)
        let deep = try make(1, in: a[0])[0]
        try tree.setTag(7, of: deep)
        try tree.setTag(7, of: a[1])
        #expect(try tree.view(withTag: 7, in: root) == deep, "pre-order: a[0]'s subtree before a[1]")
        #expect(try tree.view(withTag: 0, in: root) == root, "the receiver is tested first")
        #expect(try tree.view(withTag: 9, in: root) == nil)
        // Tags live in a side table by slot: a slot reused after a destroy starts at 0 again; 0 removes a tag.
        try tree.setTag(-3, of: a[1])
        #expect(try tree.view(withTag: -3, in: root) == a[1])
        try tree.destroy(deep)
        let reused = try tree.makeView()
        #expect(reused.index == deep.index && reused != deep)
        #expect(try tree.tag(of: reused) == 0)
        try tree.setTag(0, of: a[1])
        #expect(try tree.view(withTag: -3, in: root) == nil)
        #expect(try tree.view(withTag: 0, in: a[1]) == a[1])
    }

    @Test("AG-J-04 init(frame:): bounds (0,0,size), center the midpoint")
    func j04InitFrame() throws {
        let v = try tree.makeView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        let g = try tree.geometry(of: v)
        #expect(g.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(g.center == CGPoint(x: 25, y: 40))
        #expect(try tree.frame(of: v) == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test("AG-J-05 frame/center/bounds coupling: frame sets center and size; bounds.origin never moves the frame",
          arguments: 0..<50)
    func j05Coupling(seed: UInt64) throws {
        var rng = SceneRandom(seed: seed)
        let v = try tree.makeView()
        let frame = CGRect(x: rng.uniform(-100, 100), y: rng.uniform(-100, 100), width: rng.uniform(0, 300), height: rng.uniform(0, 300))
        try tree.setFrame(frame, of: v)
        var g = try tree.geometry(of: v)
        #expect(g.bounds.size == frame.size)
        #expect(abs(g.center.x - frame.midX) < 1e-9 && abs(g.center.y - frame.midY) < 1e-9)
        let before = try tree.frame(of: v)
        g.bounds.origin = CGPoint(x: rng.uniform(-50, 50), y: rng.uniform(-50, 50))
        try tree.setBounds(g.bounds, of: v)
        #expect(try tree.frame(of: v) == before)
        let newSize = CGSize(width: rng.uniform(0, 100), height: rng.uniform(0, 100))
        try tree.setBounds(CGRect(origin: g.bounds.origin, size: newSize), of: v)
        #expect(try tree.frame(of: v).size == newSize, "AG-J-05 [ERRATUM]: bounds.size changes frame.size")
        #expect(try tree.geometry(of: v).center == g.center, "about the fixed center")
        try tree.setCenter(CGPoint(x: 5, y: 6), of: v)
        #expect(try tree.frame(of: v).size == newSize)
    }

    @Test("Window transforms and boxes follow ancestor changes (lazy invalidation)")
    func windowCache() throws {
        let window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = try tree.makeView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let b = try tree.makeView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        try tree.addChild(a, to: window)
        try tree.addChild(b, to: a)
        #expect(try tree.windowBoundingBox(of: b) == CGRect(x: 15, y: 15, width: 10, height: 10))
        try tree.setCenter(CGPoint(x: 160, y: 160), of: a)  // a's frame origin becomes (110, 110)
        #expect(try tree.windowBoundingBox(of: b) == CGRect(x: 115, y: 115, width: 10, height: 10))
        try tree.setBounds(CGRect(x: 5, y: 0, width: 100, height: 100), of: a)
        #expect(try tree.convert(CGPoint(x: 0, y: 0), from: b, to: window) == CGPoint(x: 110, y: 115))
        let other = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        try tree.addChild(b, to: other)
        #expect(try tree.windowBoundingBox(of: b) == CGRect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test("Stale, destroyed and foreign handles are errors; the slot's next view gets a new generation")
    func staleHandles() throws {
        let v = try tree.makeView()
        try tree.destroy(v)
        #expect(throws: ViewTreeError.invalidView(v)) { try tree.frame(of: v) }
        #expect(throws: ViewTreeError.invalidView(v)) { try tree.destroy(v) }
        let reused = try tree.makeView()
        #expect(reused.index == v.index && reused.generation != v.generation)
        #expect(!tree.isValid(v))
        let other = ViewTree()
        let foreign = try other.makeView()
        #expect(!tree.isValid(foreign))
        #expect(throws: ViewTreeError.invalidView(foreign)) { try tree.addChild(foreign, to: reused) }
        #expect(throws: ViewTreeError.invalidView(ViewID(index: 1_000_000, generation: 1))) {
            try tree.hitTest(.zero, in: ViewID(index: 1_000_000, generation: 1))
        }
    }

    @Test("Destroying a view detaches it and orphans its subviews")
    func destroyOrphans() throws {
        let root = try tree.makeView(), v = try tree.makeView()
        try tree.addChild(v, to: root)
        let kids = try make(3, in: v)
        try tree.destroy(v)
        #expect(try tree.children(of: root).isEmpty)
        for k in kids { #expect(try tree.parent(of: k) == nil) }
        #expect(tree.count == 4)
    }

    @Test("Cycles are refused and leave the tree unchanged")
    func cycles() throws {
        let a = try tree.makeView()
        let b = try make(1, in: a)[0]
        let c = try make(1, in: b)[0]
        #expect(throws: ViewTreeError.cycle) { try tree.addChild(a, to: c) }
        #expect(throws: ViewTreeError.cycle) { try tree.addChild(a, to: a) }
        #expect(throws: ViewTreeError.cycle) { try tree.insertChild(b, at: 0, of: c) }
        #expect(try tree.parent(of: a) == nil && tree.parent(of: c) == b && tree.children(of: a) == [b])
    }

    @Test("NaN/∞ geometry is refused and leaves the view unchanged")
    func nonFinite() throws {
        let v = try tree.makeView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(throws: ViewTreeError.nonFiniteGeometry) { try tree.makeView(frame: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) }
        #expect(throws: ViewTreeError.nonFiniteGeometry) { try tree.setCenter(CGPoint(x: CGFloat.infinity, y: 0), of: v) }
        #expect(throws: ViewTreeError.nonFiniteGeometry) { try tree.setFrame(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1), of: v) }
        #expect(throws: ViewTreeError.nonFiniteGeometry) {
            try tree.setTransform(Affine2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), of: v)
        }
        #expect(try tree.frame(of: v) == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(try tree.geometry(of: v).transform == .identity)
    }
}
