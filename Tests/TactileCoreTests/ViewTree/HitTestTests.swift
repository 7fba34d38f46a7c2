import Foundation
import Testing
import TactileCore
import TactileTestSupport

/// Hit-testing (AG-K-03 … AG-K-06, AG-J-05, AG-J-07, AG-J-08) and the spec fixtures AG-CC-01 … AG-CC-05.
@Suite("Hit-testing")
struct HitTestTests {
    let tree = ViewTree()

    func view(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, in parent: ViewID? = nil) throws -> ViewID {
        let v = try tree.makeView(frame: CGRect(x: x, y: y, width: w, height: h))
        if let parent { try tree.addChild(v, to: parent) }
        return v
    }

    func hit(_ x: CGFloat, _ y: CGFloat, _ window: ViewID) throws -> ViewID? {
        try tree.hitTest(CGPoint(x: x, y: y), in: window)
    }

    @Test("AG-CC-01 Listing 2-1: red and blue in a 320×480 window")
    func cc1Listing21() throws {
        let window = try view(0, 0, 320, 480)
        let red = try view(10, 10, 100, 100, in: window)
        let blue = try view(10, 150, 100, 100, in: window)
        #expect(try hit(50, 50, window) == red)
        #expect(try hit(50, 200, window) == blue)
        #expect(try hit(200, 400, window) == window)
        #expect(try tree.parent(of: red) == window)
        #expect(try tree.parent(of: window) == nil)
        #expect(try tree.root(of: red) == window)
    }

    @Test("AG-CC-02 AG-K-05 overlapping siblings: the front-most wins; bring/send/exchange change the winner")
    func cc2OverlapOrdering() throws {
        let window = try view(0, 0, 320, 480)
        let a = try view(10, 10, 100, 100, in: window)
        let b = try view(10, 10, 100, 100, in: window)
        #expect(try hit(50, 50, window) == b)
        try tree.bringChildToFront(a, of: window)
        #expect(try hit(50, 50, window) == a)
        try tree.sendChildToBack(a, of: window)
        #expect(try hit(50, 50, window) == b)
        try tree.exchangeChildren(at: 0, 1, of: window)
        #expect(try hit(50, 50, window) == a)
        #expect(try tree.children(of: window) == [b, a])
    }

    @Test("AG-CC-03 AG-K-04 hidden, interaction-disabled and transparent views (and their subtrees) are never hit",
          arguments: [ViewFlags.hidden, .interactionDisabled, .transparent])
    func cc3Exclusions(flag: ViewFlags) throws {
        let window = try view(0, 0, 320, 480)
        let back = try view(0, 0, 200, 200, in: window)
        let front = try view(0, 0, 200, 200, in: window)
        let inner = try view(10, 10, 50, 50, in: front)
        #expect(try hit(20, 20, window) == inner)
        try tree.setFlags(flag, true, of: inner)
        #expect(try hit(20, 20, window) == front)
        try tree.setFlags(flag, false, of: inner)
        try tree.setFlags(flag, true, of: front)
        #expect(try hit(20, 20, window) == back, "the flag on a parent excludes its whole subtree")
        try tree.setFlags(flag, true, of: window)
        #expect(try hit(20, 20, window) == nil)
    }

    @Test("AG-CC-04 AG-J-05 bounds origin (8,24) shifts what subviews the visible area shows")
    func cc4BoundsOrigin() throws {
        let window = try view(0, 0, 320, 480)
        let parent = try view(100, 200, 50, 50, in: window)
        try tree.setBounds(CGRect(x: 8, y: 24, width: 50, height: 50), of: parent)
        #expect(try tree.frame(of: parent) == CGRect(x: 100, y: 200, width: 50, height: 50), "frame unchanged")
        let shown = try view(8, 24, 10, 10, in: parent)
        let hiddenAboveLeft = try view(0, 0, 10, 10, in: parent)
        try tree.sendChildToBack(hiddenAboveLeft, of: parent)
        for dx in stride(from: 0.0, to: 10, by: 2.5) {
            for dy in stride(from: 0.0, to: 10, by: 2.5) {
                #expect(try hit(100 + dx, 200 + dy, window) == shown)
            }
        }
        #expect(try hit(99, 199, window) == window, "the child at (0,0) sits above-left of the visible area")
        #expect(try tree.convert(CGPoint(x: 100, y: 200), from: window, to: parent) == CGPoint(x: 8, y: 24))
    }

    @Test("AG-CC-05 AG-J-07 a 2× scale about the center doubles the hit region around it; convert round-trips")
    func cc5Transform() throws {
        let window = try view(0, 0, 320, 480)
        let v = try view(100, 100, 20, 20, in: window)  // center (110, 110)
        #expect(try hit(95, 95, window) == window)
        try tree.setTransform(Affine2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0), of: v)
        #expect(try hit(95, 95, window) == v)
        #expect(try hit(129.9, 129.9, window) == v)
        #expect(try hit(130, 110, window) == window, "max edge is exclusive, as CGRect.contains")
        #expect(try tree.frame(of: v) == CGRect(x: 90, y: 90, width: 40, height: 40))
        #expect(try tree.geometry(of: v).center == CGPoint(x: 110, y: 110))
        let p = CGPoint(x: 97.25, y: 121.5)
        let local = try tree.convert(p, from: window, to: v)
        #expect(local == CGPoint(x: (97.25 - 90) / 2, y: (121.5 - 90) / 2))
        let back = try tree.convert(local, from: v, to: window)
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
    }

    @Test("AG-K-03 AG-J-08 a point outside the parent's bounds misses the whole subtree, even with clipsToBounds off")
    func j08OutsideParentMisses() throws {
        let window = try view(0, 0, 320, 480)
        let parent = try view(0, 0, 100, 100, in: window)
        let child = try view(50, 50, 100, 100, in: parent)  // sticks out of the parent
        #expect(try tree.flags(of: parent).contains(.clipsToBounds) == false)
        #expect(try hit(75, 75, window) == child)
        #expect(try hit(125, 125, window) == window)
        try tree.setFlags(.clipsToBounds, true, of: parent)
        #expect(try hit(125, 125, window) == window)
        #expect(try hit(75, 75, window) == child)
    }

    @Test("AG-K-03 rotated views: hit inside the rotated square, miss in the corners of its frame box")
    func rotation() throws {
        let window = try view(0, 0, 320, 480)
        let v = try view(100, 100, 100, 100, in: window)  // center (150, 150)
        let angle = Double.pi / 4
        try tree.setTransform(Affine2D(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0), of: v)
        #expect(try hit(150, 150 - 70, window) == v, "the top vertex reaches 150 − 70.7")
        #expect(try hit(150 - 68, 150 - 68, window) == window, "a corner of the frame box is outside the diamond")
        let frame = try tree.frame(of: v)
        #expect(abs(frame.width - 100 * 2.0.squareRoot()) < 1e-9)
    }

    @Test("AG-K-03 AG-K-06 custom hit-test: the override decides for its subtree, and can claim every touch")
    func customHitTest() throws {
        let window = try view(0, 0, 320, 480)
        let parent = try view(0, 0, 200, 200, in: window)
        let child = try view(0, 0, 100, 100, in: parent)
        try tree.setFlags(.customHitTest, true, of: parent)
        var asked: [CGPoint] = []
        // An override that returns self for every point inside (AG-K-06) and extends its area by 20 points.
        let custom: ViewTree.CustomHitTest = { view, point in
            asked.append(point)
            return point.x < 220 && point.y < 220 ? view : nil
        }
        #expect(try tree.hitTest(CGPoint(x: 50, y: 50), in: window, custom: custom) == parent)
        #expect(try tree.hitTest(CGPoint(x: 210, y: 210), in: window, custom: custom) == parent)
        #expect(asked == [CGPoint(x: 50, y: 50), CGPoint(x: 210, y: 210)])
        // super.hitTest inside the override: the default algorithm from that view down.
        let callsSuper: ViewTree.CustomHitTest = { view, point in try? self.tree.defaultHitTest(point, at: view) }
        #expect(try tree.hitTest(CGPoint(x: 50, y: 50), in: window, custom: callsSuper) == child)
        // Without a callback the flag is ignored and the default applies.
        #expect(try hit(50, 50, window) == child)
    }

    @Test("Non-finite points hit nothing; a zero-size view and a singular transform are never hit")
    func degenerate() throws {
        let window = try view(0, 0, 320, 480)
        let zero = try view(10, 10, 0, 0, in: window)
        let squashed = try view(50, 50, 20, 20, in: window)
        try tree.setTransform(Affine2D(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), of: squashed)
        #expect(try hit(.nan, 5, window) == nil)
        #expect(try hit(5, .infinity, window) == nil)
        #expect(try hit(10, 10, window) == window)
        #expect(try hit(60, 60, window) == window)
        _ = zero
    }
}

/// Differential tests: the packed search against the naive UIKit-style reference.
@Suite("Hit-testing differential")
struct HitTestDifferentialTests {
    /// Random points over the window plus points on (and next to) view edges.
    static func queryPoints(_ tree: ViewTree, _ scene: BuiltScene, count: Int, rng: inout SceneRandom) throws -> [CGPoint] {
        let size = try tree.geometry(of: scene.window).bounds.size
        var points: [CGPoint] = []
        points.reserveCapacity(count)
        while points.count < count {
            switch rng.next() % 3 {
            case 0:
                points.append(CGPoint(x: rng.uniform(-10, Double(size.width) + 10), y: rng.uniform(-10, Double(size.height) + 10)))
            default:
                let v = scene.views[Int(rng.next() % UInt64(scene.views.count))]
                guard tree.isValid(v), try tree.root(of: v) == scene.window else { continue }
                let b = try tree.geometry(of: v).bounds
                let edgeX = [b.minX, b.maxX, b.midX][Int(rng.next() % 3)]
                let edgeY = [b.minY, b.maxY, b.midY][Int(rng.next() % 3)]
                points.append(try tree.convert(CGPoint(x: edgeX, y: edgeY), from: v, to: scene.window))
            }
        }
        return points
    }

    static func compare(_ tree: ViewTree, _ scene: BuiltScene, points: [CGPoint]) throws -> Int {
        let reference = try ReferenceView.mirror(tree, root: scene.window)
        var mismatches = 0
        for p in points {
            let packed = try tree.hitTest(p, in: scene.window)
            let expected = reference.hitTest(p)?.id
            if packed != expected {
                mismatches += 1
                if mismatches <= 3 { Issue.record("point \(p): packed \(String(describing: packed)), reference \(String(describing: expected))") }
            }
        }
        return mismatches
    }

    @Test("Packed hit-test equals the reference on random scenes (10^5 queries, edges included)",
          arguments: 0..<20)
    func randomScenes(seed: UInt64) throws {
        let tree = ViewTree()
        let spec = SceneSpec(viewCount: 200 + Int(seed) * 150, maxDepth: 2 + Int(seed % 4), fanOut: 3 + Int(seed % 40),
                             overlapShare: Double(seed % 5) / 4, transformShare: 0.2, boundsOriginShare: 0.2, seed: seed)
        let scene = try tree.build(spec)
        var rng = SceneRandom(seed: seed &* 7919)
        let points = try Self.queryPoints(tree, scene, count: 5_000, rng: &rng)
        #expect(try Self.compare(tree, scene, points: points) == 0, "seed \(seed)")
    }

    @Test("Packed hit-test equals the reference on the standard scenes", arguments: StandardScene.allCases)
    func standardScenes(scene kind: StandardScene) throws {
        let tree = ViewTree()
        let scene = try tree.build(kind, viewCount: kind == .gridOfGrids ? 10_000 : nil, seed: 3)
        var rng = SceneRandom(seed: 11)
        let points = try Self.queryPoints(tree, scene, count: 5_000, rng: &rng)
        #expect(try Self.compare(tree, scene, points: points) == 0)
    }

    @Test("Packed hit-test equals the reference after random mutation sequences", arguments: 0..<8)
    func afterMutations(seed: UInt64) throws {
        let tree = ViewTree()
        let scene = try tree.build(SceneSpec(viewCount: 400, maxDepth: 3, fanOut: 30, seed: seed + 100))
        var rng = SceneRandom(seed: seed)
        var views = scene.views
        for round in 0..<40 {
            for _ in 0..<25 { try Self.mutate(tree, window: scene.window, views: &views, rng: &rng) }
            let points = try Self.queryPoints(tree, BuiltScene(window: scene.window, views: views), count: 300, rng: &rng)
            #expect(try Self.compare(tree, BuiltScene(window: scene.window, views: views), points: points) == 0,
                    "seed \(seed) round \(round)")
        }
    }

    /// One random mutation: insert, remove, reorder, reparent, hide, move, transform, bounds origin, destroy.
    static func mutate(_ tree: ViewTree, window: ViewID, views: inout [ViewID], rng: inout SceneRandom) throws {
        func any() -> ViewID { views[Int(rng.next() % UInt64(views.count))] }
        let v = any()
        guard tree.isValid(v), v != window else { return }
        switch rng.next() % 10 {
        case 0:
            let child = try tree.makeView(frame: CGRect(x: rng.uniform(-20, 300), y: rng.uniform(-20, 400),
                                                        width: rng.uniform(1, 200), height: rng.uniform(1, 200)))
            try tree.insertChild(child, at: Int(rng.next() % 40), of: any())
            views.append(child)
        case 1: try tree.removeFromParent(v)
        case 2:
            if let p = try tree.parent(of: v) { try tree.bringChildToFront(v, of: p) }
        case 3:
            if let p = try tree.parent(of: v) { try tree.sendChildToBack(v, of: p) }
        case 4:
            let target = any()
            do { try tree.addChild(v, to: target) } catch ViewTreeError.cycle {}
        case 5: try tree.setFlags([.hidden, .interactionDisabled, .transparent][Int(rng.next() % 3)], rng.chance(0.5), of: v)
        case 6: try tree.setCenter(CGPoint(x: rng.uniform(-50, 350), y: rng.uniform(-50, 500)), of: v)
        case 7:
            let angle = rng.uniform(-3, 3), s = rng.uniform(0.3, 2.5)
            try tree.setTransform(Affine2D(a: s * cos(angle), b: s * sin(angle), c: -s * sin(angle), d: s * cos(angle),
                                           tx: rng.uniform(-5, 5), ty: 0), of: v)
        case 8:
            var b = try tree.geometry(of: v).bounds
            b.origin = CGPoint(x: rng.uniform(-30, 30), y: rng.uniform(-30, 30))
            try tree.setBounds(b, of: v)
        default:
            if let p = try tree.parent(of: v), try tree.childCount(of: p) >= 2 {
                let n = try tree.childCount(of: p)
                try tree.exchangeChildren(at: Int(rng.next() % UInt64(n)), Int(rng.next() % UInt64(n)), of: p)
            }
        }
    }

    @Test("DESIGN-HIT-TESTING AG-K-03 the Float32 child boxes only filter: exact at edges Float32 cannot represent, and beyond its range")
    func float32Filter() throws {
        let tree = ViewTree()
        let window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var rng = SceneRandom(seed: 9)
        var views = [window]
        // A wide container (grid-indexed) and a narrow one (a plain child list), each with edges between Float32
        // values and with children far beyond Float32's range (their boxes' Float32 bounds are infinite).
        let wide = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 500))
        let narrow = try tree.makeView(frame: CGRect(x: 0, y: 500, width: 1000, height: 500))
        try tree.addChild(wide, to: window)
        try tree.addChild(narrow, to: window)
        views += [wide, narrow]
        for (container, count) in [(wide, 60), (narrow, 12)] {
            for k in 0..<count {
                let frame = k % 10 == 3
                    ? CGRect(x: -1e39, y: rng.uniform(0, 450), width: 2e39 + 1000, height: 0.1 + 1e-9)
                    : CGRect(x: rng.uniform(0, 900) + 1e-7, y: rng.uniform(0, 450) + 1e-7, width: 33.333333333, height: 0.1 + 1e-12)
                let v = try tree.makeView(frame: frame)
                try tree.addChild(v, to: container)
                views.append(v)
            }
        }
        let scene = BuiltScene(window: window, views: views)
        #expect(try Self.compare(tree, scene, points: try Self.queryPoints(tree, scene, count: 4000, rng: &rng)) == 0)
        // Small moves keep a child in its grid cells (its entries are rewritten in place); large ones re-file it.
        for _ in 0..<300 {
            let v = views[3 + Int(rng.next() % UInt64(views.count - 3))]
            let c = try tree.geometry(of: v).center
            let step = rng.chance(0.8) ? rng.uniform(-0.5, 0.5) : rng.uniform(-400, 400)
            try tree.setCenter(CGPoint(x: c.x + step, y: c.y + step / 3), of: v)
        }
        #expect(try Self.compare(tree, scene, points: try Self.queryPoints(tree, scene, count: 4000, rng: &rng)) == 0)
    }

    @Test("DESIGN-HIT-TESTING a container's grid comes and goes (children moved while it indexes them, then most removed, then one added) and every search stays exact")
    func gridComesAndGoes() throws {
        let tree = ViewTree()
        let window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var rng = SceneRandom(seed: 21)
        var kids: [ViewID] = []
        for _ in 0..<(ViewTree.gridThreshold + 6) {
            let v = try tree.makeView(frame: CGRect(x: rng.uniform(0, 900), y: rng.uniform(0, 900), width: 80, height: 80))
            try tree.addChild(v, to: window)
            kids.append(v)
        }
        func check(_ what: String) throws {
            let scene = BuiltScene(window: window, views: [window] + kids)
            #expect(try Self.compare(tree, scene, points: try Self.queryPoints(tree, scene, count: 1500, rng: &rng)) == 0, "\(what)")
        }
        try check("grid built")  // the first search builds the grid
        for v in kids { try tree.setCenter(CGPoint(x: rng.uniform(0, 1000), y: rng.uniform(0, 1000)), of: v) }
        try check("children moved while the grid indexes them")
        while kids.count > ViewTree.gridThreshold / 2 - 2 { try tree.removeFromParent(kids.removeLast()) }
        try check("most children removed, the grid kept")
        let added = try tree.makeView(frame: CGRect(x: 400, y: 400, width: 300, height: 300))
        try tree.addChild(added, to: window)  // few children left: the grid is dropped, the list takes over
        kids.append(added)
        try check("grid dropped")
        for v in kids { try tree.setCenter(CGPoint(x: rng.uniform(0, 1000), y: rng.uniform(0, 1000)), of: v) }
        try check("children moved without a grid")
    }

    /// A 1000×1000 window with `children` subviews framed by `frame`; the window comes first in `views`.
    static func wideWindow(_ tree: ViewTree, children: Int, rng: inout SceneRandom,
                           frame: (inout SceneRandom) -> CGRect) throws -> (window: ViewID, views: [ViewID]) {
        let window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var views = [window]
        for _ in 0..<children {
            let v = try tree.makeView(frame: frame(&rng))
            try tree.addChild(v, to: window)
            views.append(v)
        }
        return (window, views)
    }

    @Test("A wide container (grid-indexed) stays exact while its children move, reorder and leave")
    func wideContainer() throws {
        let tree = ViewTree()
        var rng = SceneRandom(seed: 5)
        let (window, views) = try Self.wideWindow(tree, children: 2000, rng: &rng) { rng in
            CGRect(x: rng.uniform(-50, 1000), y: rng.uniform(-50, 1000), width: rng.uniform(1, 120), height: rng.uniform(1, 120))
        }
        let scene = BuiltScene(window: window, views: views)
        let points = try HitTestDifferentialTests.queryPoints(tree, scene, count: 3000, rng: &rng)
        #expect(try Self.compare(tree, scene, points: points) == 0)
        for _ in 0..<500 {
            let v = views[1 + Int(rng.next() % 2000)]
            switch rng.next() % 4 {
            case 0: try tree.setCenter(CGPoint(x: rng.uniform(-200, 1200), y: rng.uniform(-200, 1200)), of: v)
            case 1: try tree.bringChildToFront(v, of: window)
            case 2: try tree.insertChild(v, at: Int(rng.next() % 2000), of: window)
            default: try tree.setBounds(CGRect(x: 0, y: 0, width: rng.uniform(1, 400), height: rng.uniform(1, 400)), of: v)
            }
        }
        #expect(try Self.compare(tree, scene, points: try Self.queryPoints(tree, scene, count: 3000, rng: &rng)) == 0)
    }
}

/// A grid's cells keep their candidates in `subviews` order (front-most last) through every change of the order —
/// a child inserted, removed or destroyed anywhere, two exchanged, one sent back or brought forward — and through
/// moves within a child's cells and across them.
struct GridOrderTests {
    @Test("DESIGN-HIT-TESTING AG-K-05 a grid's cells follow every change of its container's subviews order",
          arguments: 0..<3)
    func entriesFollowTheOrder(seed: UInt64) throws {
        let tree = ViewTree()
        var rng = SceneRandom(seed: seed &+ 77)
        let (window, built) = try HitTestDifferentialTests.wideWindow(tree, children: 300, rng: &rng) { rng in
            CGRect(x: rng.uniform(0, 950), y: rng.uniform(0, 950), width: rng.uniform(20, 90), height: rng.uniform(20, 90))
        }
        var views = built
        func check(_ step: String) throws {
            let scene = BuiltScene(window: window, views: views.filter(tree.isValid))
            #expect(try HitTestDifferentialTests.compare(tree, scene, points: try HitTestDifferentialTests.queryPoints(tree, scene, count: 400, rng: &rng)) == 0,
                    "\(step)")
        }
        try check("built")
        for round in 0..<40 {
            let kids = try tree.children(of: window)
            let v = kids[Int(rng.next() % UInt64(kids.count))]
            let n = kids.count
            switch round % 8 {
            case 0:
                let added = try tree.makeView(frame: CGRect(x: rng.uniform(0, 900), y: rng.uniform(0, 900), width: 60, height: 60))
                try tree.insertChild(added, at: Int(rng.next() % UInt64(n + 1)), of: window)
                views.append(added)
            case 1: try tree.removeFromParent(v)
            case 2: try tree.destroy(v)
            case 3: try tree.exchangeChildren(at: Int(rng.next() % UInt64(n)), Int(rng.next() % UInt64(n)), of: window)
            case 4: try tree.sendChildToBack(v, of: window)
            case 5: try tree.bringChildToFront(v, of: window)
            case 6: try tree.insertChild(v, at: Int(rng.next() % UInt64(n)), of: window)
            default:  // a small move (within its cells, mostly) and a big one
                let c = try tree.geometry(of: v).center
                try tree.setCenter(CGPoint(x: c.x + 0.5, y: c.y - 0.5), of: v)
                try tree.setCenter(CGPoint(x: rng.uniform(0, 1000), y: rng.uniform(0, 1000)), of: kids[Int(rng.next() % UInt64(n))])
            }
            try check("round \(round)")
        }
    }

    /// Exchanges count as grid updates; past the limit the grid is dropped, which must not happen between the two
    /// children's re-filing (the second would be filed in a grid that is gone).
    @Test("DESIGN-HIT-TESTING AG-K-05 exchanging subviews many times in a gridded container drops and rebuilds its grid safely")
    func manyExchanges() throws {
        let tree = ViewTree()
        var rng = SceneRandom(seed: 13)
        let (window, views) = try HitTestDifferentialTests.wideWindow(tree, children: 40, rng: &rng) { rng in
            CGRect(x: rng.uniform(0, 900), y: rng.uniform(0, 900), width: 100, height: 100)
        }
        _ = try tree.hitTest(CGPoint(x: 500, y: 500), in: window)  // builds the grid
        for _ in 0..<1_000 { try tree.exchangeChildren(at: Int(rng.next() % 40), Int(rng.next() % 40), of: window) }
        let scene = BuiltScene(window: window, views: views)
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: try HitTestDifferentialTests.queryPoints(tree, scene, count: 1000, rng: &rng)) == 0)
    }
}

/// What the tree holds in memory once its grids exist (deterministic: `memoryBytes` counts capacities).
struct ViewTreeMemoryTests {
    /// A grid's cells are shaped like the average child: a table's full-width rows get one column of cells, each
    /// row filed in its own cell (the cells' edges on the rows'), where square cells filed every row in each of
    /// three columns (92 bytes per row) and padded boxes in the neighbours' cells as well (80). Now: the entry (20
    /// bytes), the cell (12) and the row's edge (8).
    @Test("DESIGN-HIT-TESTING a table's grid has one column, a cell per row: about 40 bytes per row (square cells took 92)")
    func tableGridShape() throws {
        let tree = ViewTree()
        let table = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 44_000))
        var views = [table]
        for k in 0..<1000 {
            let row = try tree.makeView(frame: CGRect(x: 0, y: Double(k) * 44, width: 320, height: 44))
            try tree.addChild(row, to: table)
            views.append(row)
        }
        let before = tree.memoryBytes
        _ = try tree.hitTest(CGPoint(x: 160, y: 22), in: table)  // builds the grid
        let perRow = Double(tree.memoryBytes - before) / 1000
        #expect(perRow < 41, "\(perRow) bytes per row")
        var rng = SceneRandom(seed: 4)
        let scene = BuiltScene(window: table, views: views)
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: try HitTestDifferentialTests.queryPoints(tree, scene, count: 2000, rng: &rng)) == 0)
    }

    /// Children moving in and out of full cells move those cells' runs to the arena's end; the runs left behind
    /// are bounded (a grid with more waste than twice its live entries is rebuilt), so churn cannot grow the tree
    /// without limit, and every answer stays exact.
    @Test("DESIGN-HIT-TESTING a grid's abandoned runs stay bounded while its children move")
    func gridWasteBounded() throws {
        let tree = ViewTree()
        var rng = SceneRandom(seed: 9)
        let (window, views) = try HitTestDifferentialTests.wideWindow(tree, children: 1000, rng: &rng) { rng in
            CGRect(x: rng.uniform(0, 950), y: rng.uniform(0, 950), width: 50, height: 50)
        }
        _ = try tree.hitTest(CGPoint(x: 500, y: 500), in: window)
        let built = tree.memoryBytes
        var most = built
        for _ in 0..<20_000 {
            let v = views[1 + Int(rng.next() % 1000)]
            try tree.setCenter(CGPoint(x: rng.uniform(0, 1000), y: rng.uniform(0, 1000)), of: v)
            _ = try tree.hitTest(CGPoint(x: rng.uniform(0, 1000), y: rng.uniform(0, 1000)), in: window)
            most = max(most, tree.memoryBytes)
        }
        #expect(Double(most) <= 3 * Double(built), "\(most) bytes at most against \(built) when built")
        let scene = BuiltScene(window: window, views: views)
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: try HitTestDifferentialTests.queryPoints(tree, scene, count: 3000, rng: &rng)) == 0)
    }
}

/// `ViewTree.copy()` (the fuzzers replay each input on a copy of a cached scene): the copy is the same tree, with
/// the same handles, in memory of its own.
struct ViewTreeCopyTests {
    /// Everything a caller can observe of `views` in `tree`, as comparable text.
    static func snapshot(_ tree: ViewTree, _ views: [ViewID]) throws -> [String] {
        try views.map { v in
            guard tree.isValid(v) else { return "\(v) destroyed" }
            let g = try tree.geometry(of: v)
            let parent = try tree.parent(of: v).map { "\($0)" } ?? "root"
            return "\(v) \(g.center) \(g.bounds) \(g.transform) \(try tree.flags(of: v).rawValue) \(parent) "
                + "\(try tree.children(of: v)) \(try tree.windowTransform(of: v)) \(try tree.windowBoundingBox(of: v))"
        }
    }

    @Test("DESIGN-HIT-TESTING a copied tree answers like the original, and the two never share memory", arguments: 0..<4)
    func copyIsIndependent(seed: UInt64) throws {
        var tree: ViewTree? = ViewTree()
        let scene = try tree!.build(SceneSpec(viewCount: 600, maxDepth: 3, fanOut: 40, transformShare: 0.2,
                                              boundsOriginShare: 0.2, seed: seed))
        var rng = SceneRandom(seed: seed &+ 77)
        var views = scene.views
        // Mutations first, so the copy has free slots, grids built and dropped, transforms freed and caches stale.
        for _ in 0..<150 { try HitTestDifferentialTests.mutate(tree!, window: scene.window, views: &views, rng: &rng) }
        for v in views.prefix(40) where tree!.isValid(v) && v != scene.window { try tree!.destroy(v) }
        let original = try Self.snapshot(tree!, views)
        let copy = tree!.copy()
        #expect(copy.count == tree!.count)
        #expect(copy.memoryBytes == tree!.memoryBytes)
        #expect(try Self.snapshot(copy, views) == original)
        let built = BuiltScene(window: scene.window, views: views)
        let points = try HitTestDifferentialTests.queryPoints(tree!, built, count: 2_000, rng: &rng)
        for p in points { #expect(try copy.hitTest(p, in: scene.window) == tree!.hitTest(p, in: scene.window)) }
        // Changing the copy leaves the original as it was.
        var copyViews = views.filter(copy.isValid)
        for _ in 0..<200 { try HitTestDifferentialTests.mutate(copy, window: scene.window, views: &copyViews, rng: &rng) }
        #expect(try Self.snapshot(tree!, views) == original)
        #expect(try HitTestDifferentialTests.compare(tree!, built, points: points) == 0)
        // The original gone (its memory freed), the copy still answers as the reference says.
        tree = nil
        #expect(try HitTestDifferentialTests.compare(copy, BuiltScene(window: scene.window, views: copyViews), points: points) == 0)
    }
}

/// `ViewTree.restore(from:)` (the fuzzers' scene cache starts each input on the previous input's tree, restored):
/// whatever was done to a copy, restoring it leaves the state a fresh copy has, which ``firstDifference(from:)``
/// checks, and a tree that answers like the template.
struct ViewTreeRestoreTests {
    @Test("DESIGN-HIT-TESTING a restored tree is a fresh copy of its template again, after any mutations", arguments: 0..<4)
    func restoreUndoesEverything(seed: UInt64) throws {
        let template = ViewTree()
        let scene = try template.build(SceneSpec(viewCount: 400, maxDepth: 3, fanOut: 30, transformShare: 0.2,
                                                 boundsOriginShare: 0.2, seed: seed))
        template.buildGrids()
        for v in scene.views { _ = try template.windowTransform(of: v) }
        let original = try ViewTreeCopyTests.snapshot(template, scene.views)
        let tree = template.copy()
        var rng = SceneRandom(seed: seed &+ 5)
        for round in 0..<6 {
            // Views made, moved, reparented, transformed, destroyed; grids grown and dropped; caches made stale.
            var views = scene.views
            for _ in 0..<(40 * (round + 1)) { try HitTestDifferentialTests.mutate(tree, window: scene.window, views: &views, rng: &rng) }
            for v in views.shuffled(using: &rng).prefix(round * 10) where tree.isValid(v) && v != scene.window { try tree.destroy(v) }
            _ = try? tree.setCenter(.zero, of: ViewID(packed: 0))  // a refused call: counted
            #expect(tree.firstDifference(from: template) != nil, "round \(round): the mutations changed nothing")
            tree.restore(from: template)
            #expect(tree.firstDifference(from: template) == nil, "round \(round)")
            #expect(tree.firstDifference(from: template.copy()) == nil, "round \(round)")
            #expect(try ViewTreeCopyTests.snapshot(tree, scene.views) == original, "round \(round)")
            #expect(tree.count == template.count && tree.refusedCalls == template.refusedCalls)
        }
        let points = try HitTestDifferentialTests.queryPoints(template, scene, count: 1_500, rng: &rng)
        for p in points { #expect(try tree.hitTest(p, in: scene.window) == template.hitTest(p, in: scene.window)) }
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: points) == 0)
    }

    @Test("DESIGN-HIT-TESTING the difference check names what differs: one moved view, one flag, one view more")
    func differencesAreFound() throws {
        let template = ViewTree()
        let scene = try template.build(.phone, seed: 3)
        let moved = template.copy(), flagged = template.copy(), grown = template.copy()
        try moved.setCenter(CGPoint(x: 1, y: 2), of: scene.views[40])
        try flagged.setFlags(.hidden, true, of: scene.views[41])
        try grown.addChild(try grown.makeView(frame: CGRect(x: 0, y: 0, width: 5, height: 5)), to: scene.window)
        for tree in [moved, flagged, grown] {
            #expect(tree.firstDifference(from: template) != nil)
            tree.restore(from: template)
            #expect(tree.firstDifference(from: template) == nil)
        }
    }
}

/// The standard scenes' builders append each new view directly (`ViewTree.appendNewView`), and the fuzzers' scene
/// cache makes a template's grids before copying it (`ViewTree.buildGrids`): neither may leave a tree other than
/// the public calls would.
struct SceneBuilderTests {
    static let scenes: [(StandardScene, Int)] = [(.phone, 300), (.list, 400), (.gridOfGrids, 700), (.random, 500), (.table, 120)]

    @Test("DESIGN-HIT-TESTING a built scene is the tree makeView, setGeometry, setFlags and addChild make, view by view",
          arguments: 0..<scenes.count)
    func builderMatchesPublicCalls(k: Int) throws {
        let (kind, n) = Self.scenes[k]
        let built = ViewTree(), byHand = ViewTree()
        let scene = try built.build(kind, viewCount: n, seed: UInt64(k) + 3)
        var twin: [ViewID: ViewID] = [:]
        for v in scene.views {  // creation order: every superview before its subviews, subviews in order
            let w = try byHand.makeView()
            try byHand.setGeometry(built.geometry(of: v), of: w)
            try byHand.setFlags(built.flags(of: v), true, of: w)
            if let p = try built.parent(of: v) { try byHand.addChild(w, to: #require(twin[p])) }
            twin[v] = w
        }
        for v in scene.views {
            let w = try #require(twin[v])
            #expect(try byHand.parent(of: w) == built.parent(of: v).flatMap { twin[$0] })
            #expect(try byHand.children(of: w) == built.children(of: v).map { twin[$0] })
            #expect(try byHand.indexInParent(w) == built.indexInParent(v))
            #expect(try byHand.windowTransform(of: w) == built.windowTransform(of: v))
            #expect(try byHand.windowBoundingBox(of: w) == built.windowBoundingBox(of: v))
        }
        var rng = SceneRandom(seed: 11)
        for p in try HitTestDifferentialTests.queryPoints(built, scene, count: 1_500, rng: &rng) {
            #expect(try byHand.hitTest(p, in: #require(twin[scene.window])) == built.hitTest(p, in: scene.window).flatMap { twin[$0] })
        }
    }

    @Test("DESIGN-HIT-TESTING a copy of a tree whose grids were made ahead answers as the reference does, and its grids follow mutations",
          arguments: 0..<scenes.count)
    func gridsMadeAhead(k: Int) throws {
        let (kind, n) = Self.scenes[k]
        let template = ViewTree()
        let scene = try template.build(kind, viewCount: n, seed: UInt64(k) + 5)
        let before = template.memoryBytes
        template.buildGrids()
        if kind != .random { #expect(template.memoryBytes > before, "no container of \(kind) got a grid") }
        let tree = template.copy()
        var rng = SceneRandom(seed: UInt64(k) + 17)
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: HitTestDifferentialTests.queryPoints(tree, scene, count: 1_500, rng: &rng)) == 0)
        var views = scene.views
        for _ in 0..<150 { try HitTestDifferentialTests.mutate(tree, window: scene.window, views: &views, rng: &rng) }
        let after = BuiltScene(window: scene.window, views: views)
        #expect(try HitTestDifferentialTests.compare(tree, after, points: HitTestDifferentialTests.queryPoints(tree, after, count: 1_500, rng: &rng)) == 0)
    }
}

/// The lazily validated window-space cache (`convert`, `windowTransform`, `windowBoundingBox`): whatever changed
/// and in whatever order views are asked for, it answers what the geometry says now.
struct WindowCacheTests {
    /// `v`'s bounds space → its root's bounds space, from the local geometry alone (the root's own transform and
    /// position are not applied: a window's bounds space is the window space).
    static func recomputed(_ tree: ViewTree, _ v: ViewID) throws -> Affine2D {
        var t = Affine2D.identity
        var a = v
        while let p = try tree.parent(of: a) {
            t = t.concatenating(try tree.geometry(of: a).localToParent)
            a = p
        }
        return t
    }

    @Test("DESIGN-HIT-TESTING AG-J-09 cached window transforms follow every change, asked for parents first, children first or at random",
          arguments: 0..<6)
    func cacheFollowsChanges(seed: UInt64) throws {
        let tree = ViewTree()
        let scene = try tree.build(SceneSpec(viewCount: 300, maxDepth: 7, fanOut: 3, transformShare: 0.3, boundsOriginShare: 0.3, seed: seed))
        var views = scene.views
        var rng = SceneRandom(seed: seed &+ 99)
        for round in 0..<120 {
            for _ in 0..<Int(rng.next() % 3) { try HitTestDifferentialTests.mutate(tree, window: scene.window, views: &views, rng: &rng) }
            var order = views.filter(tree.isValid)
            switch round % 3 {
            case 0: break  // creation order: mostly parents first
            case 1: order.reverse()  // mostly children first
            default: order.shuffle(using: &rng)
            }
            for v in order.prefix(60) {
                let expected = try Self.recomputed(tree, v), cached = try tree.windowTransform(of: v)
                for (e, c) in [(expected.a, cached.a), (expected.b, cached.b), (expected.c, cached.c), (expected.d, cached.d),
                               (expected.tx, cached.tx), (expected.ty, cached.ty)] {
                    #expect(abs(e - c) <= 1e-9 * max(1, abs(e)), "round \(round), view \(v): cached \(cached), recomputed \(expected)")
                }
            }
        }
    }
}

/// Plain leaves (no subviews, identity transform, nothing excluding them, no custom hit-test) are decided from
/// their superview's entry when the point lies well inside: each condition's change must rewrite the entry, in a
/// child list and in a grid alike.
struct PlainLeafTests {
    @Test("DESIGN-HIT-TESTING AG-K-03 AG-K-04 a leaf's entry follows its subviews, flags, transform and geometry: each change hit-tests as the reference does",
          arguments: [5, 40])
    func entryFollowsChanges(children: Int) throws {
        let tree = ViewTree()
        let window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let container = try tree.makeView(frame: CGRect(x: 10.25, y: 20.5, width: 900, height: 900))
        try tree.addChild(container, to: window)
        var views = [window, container]
        for k in 0..<children {  // tiled, fractional edges; 40 children get a grid on the first query
            let leaf = try tree.makeView(frame: CGRect(x: Double(k % 8) * 110 + 0.1, y: Double(k / 8) * 110 + 0.3, width: 100.7, height: 100.2))
            try tree.addChild(leaf, to: container)
            views.append(leaf)
        }
        var rng = SceneRandom(seed: UInt64(children))
        func check(_ step: String) throws {
            let scene = BuiltScene(window: window, views: views.filter(tree.isValid))
            let points = try HitTestDifferentialTests.queryPoints(tree, scene, count: 600, rng: &rng)
            #expect(try HitTestDifferentialTests.compare(tree, scene, points: points) == 0, "\(step)")
        }
        try check("built")
        for leaf in views[2...].prefix(4) {
            let inner = try tree.makeView(frame: CGRect(x: -5, y: -5, width: 200, height: 200))  // covers the leaf and more
            try tree.addChild(inner, to: leaf)
            views.append(inner)
            try check("a subview added")
            try tree.removeFromParent(inner)
            try check("the subview removed")
            try tree.addChild(inner, to: leaf)
            try tree.destroy(inner)
            try check("the subview destroyed")
            for flag: ViewFlags in [.hidden, .interactionDisabled, .transparent, .animatingWithoutInteraction] {
                try tree.setFlags(flag, true, of: leaf)
                try check("\(flag) set")
                try tree.setFlags(flag, false, of: leaf)
                try check("\(flag) cleared")
            }
            try tree.setTransform(Affine2D(a: 0.7071, b: 0.7071, c: -0.7071, d: 0.7071, tx: 0, ty: 0), of: leaf)
            try check("rotated")
            try tree.setTransform(.identity, of: leaf)
            try check("the identity again")
            var b = try tree.geometry(of: leaf).bounds
            b.origin = CGPoint(x: 5e4, y: -5e4)  // beyond ±2^15: decided exactly, from the record
            try tree.setBounds(b, of: leaf)
            try check("a far bounds origin")
            b.origin = .zero
            try tree.setBounds(b, of: leaf)
            try check("bounds origin back")
        }
    }

    @Test("DESIGN-HIT-TESTING AG-K-03 a point 1/8 point or more inside a plain leaf's Float box is inside its exact frame, up to the limit's coordinates",
          arguments: 0..<4)
    func marginHoldsAtTheLimit(seed: UInt64) throws {
        var rng = SceneRandom(seed: seed &+ 41)
        let limit = 32_768.0
        let tree = ViewTree()
        let window = try tree.makeView()  // its bounds span every leaf
        try tree.setGeometry(ViewGeometry(center: .zero, bounds: CGRect(x: -3 * limit, y: -3 * limit, width: 6 * limit, height: 6 * limit)), of: window)
        var leaves: [ViewID] = []
        for _ in 0..<(seed % 2 == 0 ? 12 : 60) {  // a child list, or a grid
            // Centers, sizes and bounds origins anywhere within the limit, at fractions Float cannot represent.
            let w = rng.uniform(0.3, 4_000) + 1 / 3, h = rng.uniform(0.3, 4_000) + 1 / 7
            let leaf = try tree.makeView()
            try tree.setGeometry(ViewGeometry(center: CGPoint(x: rng.uniform(-limit, limit), y: rng.uniform(-limit, limit)),
                                              bounds: CGRect(x: rng.uniform(-limit, limit), y: rng.uniform(-limit, limit), width: w, height: h),
                                              transform: .identity), of: leaf)
            try tree.addChild(leaf, to: window)
            leaves.append(leaf)
        }
        var points: [CGPoint] = []
        for leaf in leaves {
            let f = try tree.frame(of: leaf)
            for _ in 0..<40 {  // within ±0.3 point of an edge, on both sides of the margin
                let dx = rng.uniform(-0.3, 0.3), dy = rng.uniform(-0.3, 0.3)
                let x = [f.minX + dx, f.maxX + dx, f.midX][Int(rng.next() % 3)]
                let y = [f.minY + dy, f.maxY + dy, f.midY][Int(rng.next() % 3)]
                points.append(CGPoint(x: x, y: y))
            }
        }
        let scene = BuiltScene(window: window, views: [window] + leaves)
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: points) == 0)
    }
}
