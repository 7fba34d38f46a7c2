import Foundation
import Testing
@testable import TactileCore
import TactileTestSupport

/// A container's grid files each child by the exact set of points that pass its bounds test, and its cells' edges
/// move onto the children's edges, so a child of a regular layout lies in one cell (DESIGN-HIT-TESTING; issue 19's
/// `viewtree.bytes_per_view` ≤ 168, the naive tree's). Hit-testing stays exact: the reference is UIKit's recursive
/// `hitTest(_:with:)` (`ReferenceView`, AG-K-03 … AG-K-05).
@Suite("Hit-testing: grid cells on the children's edges")
struct GridEdgeTests {
    /// Doubles of every scale, signs and ulp-level neighbours of round numbers.
    static func value(_ rng: inout SceneRandom) -> Double {
        switch rng.next() % 5 {
        case 0: return rng.uniform(-1_000, 1_000)
        case 1: return rng.uniform(-1e-3, 1e-3)
        case 2: return rng.uniform(-1e16, 1e16)
        case 3: return Double(Int(rng.next() % 101) - 50) / 7
        default:
            let v = Double(Int(rng.next() % 2001) - 1000) * 0.1
            return rng.chance(0.5) ? v.nextUp : v
        }
    }

    @Test("DESIGN-HIT-TESTING a child's box is exactly the points that pass its bounds test: lo ≤ p + t < hi, and no point beyond")
    func passingIntervalIsExact() {
        var rng = SceneRandom(seed: 17)
        var found = 0
        for _ in 0..<100_000 {
            let t = Self.value(&rng), lo = Self.value(&rng), size = abs(Self.value(&rng))
            let hi = lo + size
            guard let (a, b) = ViewTree.passingInterval(t, lo, hi) else {
                // Nil only for an interval narrower than the sums' ulp (no p may pass), or when an end p of the box
                // is much smaller than t or the edge (p + t then moves in steps of many of p's ulps, and the end is
                // not found in four): the caller pads instead.
                func coarse(_ edge: Double) -> Bool { max(abs(t), abs(edge)) > 2 * abs(edge - t) }
                let narrow = hi - lo < 4 * max(t.ulp, lo.ulp, hi.ulp)
                #expect(!(lo < hi) || narrow || coarse(lo) || coarse(hi), "t \(t) lo \(lo) hi \(hi)")
                continue
            }
            found += 1
            #expect(a + t >= lo && a + t < hi, "a \(a) passes")
            #expect(b + t >= lo && b + t < hi, "b \(b) passes")
            #expect(!(a.nextDown + t >= lo), "the point before a \(a) fails (t \(t), lo \(lo))")
            #expect(!(b.nextUp + t < hi), "the point after b \(b) fails (t \(t), hi \(hi))")
        }
        #expect(found > 75_000, "exact boxes for most views (\(found))")
    }

    @Test("DESIGN-HIT-TESTING AG-J-03 a rect's minX, maxX and midX as the hit-test derives them are CGRect's, negative sizes included")
    func extentMatchesCGRect() {
        var rng = SceneRandom(seed: 23)
        for _ in 0..<100_000 {
            let o = Self.value(&rng), s = Self.value(&rng)
            let r = CGRect(x: o, y: 0, width: s, height: 1)
            let e = ViewGeometry.extent(o, s)
            #expect(e.min == Double(r.minX) && e.max == Double(r.maxX) && e.mid == Double(r.midX), "origin \(o) size \(s)")
        }
    }

    /// Tiles `columns` × `rows` of size `w` × `h` from `origin` in a container, row by row (`count` of them: the
    /// last row may be partial); returns the tree, the scene and the grid's bytes per tile once built.
    static func tiled(columns: Int, rows: Int, w: Double, h: Double, origin: CGPoint, count: Int? = nil) throws -> (ViewTree, BuiltScene, Double) {
        let tree = ViewTree()
        let window = try tree.makeView()
        let width = Double(columns) * w, height = Double(rows) * h
        try tree.setGeometry(ViewGeometry(center: CGPoint(x: width / 2, y: height / 2),
                                          bounds: CGRect(x: origin.x, y: origin.y, width: width, height: height)), of: window)
        var views = [window]
        for r in 0..<rows {
            for c in 0..<columns where views.count <= count ?? columns * rows {
                let v = try tree.makeView(frame: CGRect(x: origin.x + Double(c) * w, y: origin.y + Double(r) * h, width: w, height: h))
                try tree.addChild(v, to: window)
                views.append(v)
            }
        }
        let before = tree.memoryBytes
        tree.buildGrids()
        return (tree, BuiltScene(window: window, views: views), Double(tree.memoryBytes - before) / Double(views.count - 1))
    }

    /// Points on every tile's edges and corners, and the Doubles just either side of them, in window space.
    static func edgePoints(_ tree: ViewTree, _ scene: BuiltScene) throws -> [CGPoint] {
        var points: [CGPoint] = []
        for v in scene.views.dropFirst() {
            let f = try tree.frame(of: v)
            for x in [f.minX, f.maxX] {
                for y in [f.minY, f.midY] {
                    for (dx, dy) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let px = dx < 0 ? Double(x).nextDown : dx > 0 ? Double(x).nextUp : Double(x)
                        let py = dy < 0 ? Double(y).nextDown : dy > 0 ? Double(y).nextUp : Double(y)
                        points.append(CGPoint(x: px, y: py))  // the window's bounds space: the tiles' superview
                    }
                }
            }
        }
        return points
    }

    /// Tiles whose edges are exact in binary (10, 7.25, 19.5) share no cells. Where they are not (1000/7, 0.1), two
    /// neighbours may both pass at the Double on their shared edge — each tile's offset is rounded on its own — so
    /// one of them reaches one ulp into the other's cell: about two entries per tile and axis at worst, where the
    /// padded boxes gave three.
    @Test("DESIGN-HIT-TESTING AG-K-05 tiles side by side lie in one cell each, and every point on and beside their shared edges hits as UIKit's hitTest does",
          arguments: [(10, 10, 10.0, 10.0, 40.0), (24, 50, 7.25, 19.5, 40.0), (33, 17, 1000.0 / 7, 44.0 / 3, 80.0), (40, 25, 0.1, 0.3, 80.0)])
    func tilesShareNoCells(columns: Int, rows: Int, w: Double, h: Double, bound: Double) throws {
        try tiles(columns: columns, rows: rows, w: w, h: h, bound: bound)
    }

    /// The grid scene's containers at 10^6 views: 999 tiles in rows of 32 (the last one partial) get 31 rows of
    /// cells for their 32 rows, so the rows' edges move up to half a cell onto the tiles' — and a point's row, first
    /// estimated on the uniform edges, is corrected by one.
    @Test("DESIGN-HIT-TESTING cell edges moved up to half a cell onto the tiles' still find every point's cell",
          arguments: [999, 990, 1_000])
    func snappedEdgesFarFromUniform(count: Int) throws {
        try tiles(columns: 32, rows: 32, w: 0.9765625, h: 0.9765625, bound: 40, count: count)
    }

    func tiles(columns: Int, rows: Int, w: Double, h: Double, bound: Double, count: Int? = nil) throws {
        for origin in [CGPoint.zero, CGPoint(x: -3.3, y: 1e4 / 3)] {
            let (tree, scene, gridBytes) = try Self.tiled(columns: columns, rows: rows, w: w, h: h, origin: origin, count: count)
            // An entry is 20 bytes and a cell 12; each tile entered in its neighbours' cells too (the padded boxes)
            // took 100–200.
            #expect(gridBytes < bound, "\(gridBytes) grid bytes per tile, \(columns)×\(rows) tiles of \(w)×\(h) from \(origin)")
            #expect(try HitTestDifferentialTests.compare(tree, scene, points: try Self.edgePoints(tree, scene)) == 0)
        }
    }

    static let overlappingLayouts: [(Int, Int, Double, Double)] = {
        let sceneTile = 1000.0 / 18 / 18  // a leaf of the grid scene at 10^5 views: 18 × 18 in a 1000/18 container
        return [(33, 17, 1000.0 / 7, 44.0 / 3), (40, 25, 0.1, 0.3), (18, 18, sceneTile, sceneTile)]
    }()

    /// Where two tiles' exact boxes overlap by an ulp (widths not exact in binary: 1000/7, 0.1, and the grid scene's
    /// 10^5-view containers, 1000/18/18), the edge between their cells is the front-more tile's (the later subview,
    /// which wins the overlap, AG-K-05): the other's sliver lies behind it, and each tile is the front entry of its
    /// own cell — what a query reads without the cell's run in the arena. With the nearer end taken instead, 61 % of
    /// the 10^5 scene's cells had their own tile behind a neighbour's sliver.
    @Test("DESIGN-HIT-TESTING AG-K-05 where neighbours' boxes overlap, the edge is the front-more one's: every tile is its own cell's front entry",
          arguments: overlappingLayouts)
    func tileIsItsCellsFrontEntry(columns: Int, rows: Int, w: Double, h: Double) throws {
        for origin in [CGPoint.zero, CGPoint(x: -3.3, y: 1e4 / 3)] {
            let (tree, scene, _) = try Self.tiled(columns: columns, rows: rows, w: w, h: h, origin: origin)
            let window = try tree.slot(scene.window)
            let g = Int(tree.hit[Int(window)].grid)
            #expect(g >= 0, "the container has a grid")
            guard g >= 0 else { return }
            let grid = tree.grids[g]
            var behindSliver = 0, overlapping = 0
            for v in scene.views.dropFirst() {
                let f = try tree.frame(of: v)
                let cell = grid.cell(Double(f.midX), Double(f.midY)).pointee
                let slot = try tree.slot(v)
                if cell.front.slot != slot { behindSliver += 1 }
                if cell.count > 1 { overlapping += 1 }
            }
            let layout = "\(columns)×\(rows) tiles of \(w)×\(h) from \(origin)"
            #expect(behindSliver == 0, "\(behindSliver) tiles behind another entry in their cell, \(layout)")
            #expect(try HitTestDifferentialTests.compare(tree, scene, points: try Self.edgePoints(tree, scene)) == 0)
            if w == 0.1 { #expect(overlapping > 0, "the layout has overlapping neighbours (the case this is about)") }
        }
    }

    @Test("DESIGN-HIT-TESTING tiles far from the origin (ulps of 2^-19 and coarser) and tiles moved off the snapped edges still hit exactly",
          arguments: [1e6, 1e12, 3e15])
    func farTilesStayExact(offset: Double) throws {
        let (tree, scene, _) = try Self.tiled(columns: 30, rows: 30, w: 1.5, h: 0.75, origin: CGPoint(x: offset, y: -offset / 3))
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: try Self.edgePoints(tree, scene)) == 0)
        // Moving tiles by fractions of an ulp-sized step and by a third of a tile re-files them across the edges.
        var rng = SceneRandom(seed: UInt64(offset.exponent))
        for v in scene.views.dropFirst() where rng.chance(0.3) {
            let c = try tree.geometry(of: v).center
            let step = rng.chance(0.5) ? 0.5 : Double(c.x).ulp * Double(rng.next() % 5)
            try tree.setCenter(CGPoint(x: Double(c.x) + step, y: Double(c.y) - step / 2), of: v)
        }
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: try Self.edgePoints(tree, scene)) == 0)
    }

    @Test("DESIGN-HIT-TESTING the grid scene's memory with its grids built is within the naive tree's 168 bytes per view (issue 19)")
    func gridSceneWithinNaiveTree() throws {
        let tree = ViewTree()
        let scene = try tree.build(.gridOfGrids, viewCount: 10_000, seed: 1)
        tree.buildGrids()
        let perView = Double(tree.memoryBytes) / Double(tree.count)
        #expect(perView <= 168, "\(perView) bytes per view")
        var rng = SceneRandom(seed: 8)
        #expect(try HitTestDifferentialTests.compare(tree, scene, points: try HitTestDifferentialTests.queryPoints(tree, scene, count: 20_000, rng: &rng)) == 0)
    }
}
