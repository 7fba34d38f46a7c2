import Foundation
import Testing
import Tactile

// References used below, each computed differently from the code under test (which counts signed crossings of a
// ray, halving curves where the point is near them):
// - even-odd: the PNPOLY crossing test (W. R. Franklin) on a polygon;
// - non-zero winding: the sum of the signed angles the polygon's edges subtend at the point;
// - curves: the polygon of 2,000 samples per cubic, evaluated from the Bernstein form;
// - circles, ellipses, rounded rects: their equations.

/// A seeded generator (SplitMix64), so failures reproduce.
private func SeededRandom(_ seed: Int) -> FuzzSplitMix64 { FuzzSplitMix64(seed: UInt64(bitPattern: Int64(seed))) }

private extension FuzzSplitMix64 {
    mutating func point(in r: CGRect) -> CGPoint {
        CGPoint(x: .random(in: r.minX...r.maxX, using: &self), y: .random(in: r.minY...r.maxY, using: &self))
    }
}

/// The path's elements, read back through `applyWithBlock`.
private func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var out: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { e in
        let n: Int
        switch e.pointee.type {
        case .moveToPoint, .addLineToPoint: n = 1
        case .addQuadCurveToPoint: n = 2
        case .addCurveToPoint: n = 3
        case .closeSubpath: n = 0
        }
        out.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
    }
    return out
}

private func bernstein(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
    let u = 1 - t
    return CGPoint(x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                   y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
}

/// Closed polygons (one per subpath) sampling the path densely: lines as they are, each curve by `samples` points.
private func samplePolygons(_ path: CGPath, samples: Int = 2_000) -> [[CGPoint]] {
    var polys: [[CGPoint]] = []
    var current: [CGPoint] = []
    var start = CGPoint.zero
    for (type, pts) in elements(of: path) {
        switch type {
        case .moveToPoint:
            if current.count > 1 { polys.append(current) }
            current = [pts[0]]
            start = pts[0]
        case .addLineToPoint:
            if current.isEmpty { current = [start] }
            current.append(pts[0])
        case .addQuadCurveToPoint:
            if current.isEmpty { current = [start] }
            let p0 = current.last!
            let c1 = CGPoint(x: p0.x + 2 / 3 * (pts[0].x - p0.x), y: p0.y + 2 / 3 * (pts[0].y - p0.y))
            let c2 = CGPoint(x: pts[1].x + 2 / 3 * (pts[0].x - pts[1].x), y: pts[1].y + 2 / 3 * (pts[0].y - pts[1].y))
            for i in 1...samples { current.append(bernstein(p0, c1, c2, pts[1], CGFloat(i) / CGFloat(samples))) }
        case .addCurveToPoint:
            if current.isEmpty { current = [start] }
            let p0 = current.last!
            for i in 1...samples { current.append(bernstein(p0, pts[0], pts[1], pts[2], CGFloat(i) / CGFloat(samples))) }
        case .closeSubpath:
            if current.count > 1 { polys.append(current) }
            current = []
        }
    }
    if current.count > 1 { polys.append(current) }
    return polys
}

/// Winding number by the sum of subtended angles.
private func angleSumWinding(_ polys: [[CGPoint]], _ p: CGPoint) -> Int {
    var total = 0.0
    for poly in polys {
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ax = a.x - p.x, ay = a.y - p.y, bx = b.x - p.x, by = b.y - p.y
            total += atan2(ax * by - ay * bx, ax * bx + ay * by)
        }
    }
    return Int((total / (2 * .pi)).rounded())
}

/// Even-odd by PNPOLY.
private func pnpoly(_ polys: [[CGPoint]], _ p: CGPoint) -> Bool {
    var inside = false
    for poly in polys {
        var j = poly.count - 1
        for i in 0..<poly.count {
            let a = poly[i], b = poly[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
    }
    return inside
}

private func distance(_ p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = b.x - a.x, dy = b.y - a.y
    let l2 = dx * dx + dy * dy
    let t = l2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2))
    return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

private func distance(_ p: CGPoint, toPolygons polys: [[CGPoint]], closed: Bool = true) -> CGFloat {
    var d = CGFloat.infinity
    for poly in polys {
        let n = closed ? poly.count : poly.count - 1
        for i in 0..<n { d = min(d, distance(p, toSegment: poly[i], poly[(i + 1) % poly.count])) }
    }
    return d
}

@Suite("CGPath and UIBezierPath geometry")
struct PathTests {
    // MARK: Containment against analytic shapes

    @Test("CGPath(ellipseIn:) contains exactly the ellipse's interior, up to the Bézier approximation (CGPathContainsPoint; ellipse equation)",
          arguments: 0..<8)
    func ellipseContainment(seed: Int) {
        var rng = SeededRandom(seed)
        let rect = CGRect(x: .random(in: -200...200, using: &rng), y: .random(in: -200...200, using: &rng),
                          width: .random(in: 1...300, using: &rng), height: .random(in: 1...300, using: &rng))
        let path = CGPath(ellipseIn: rect, transform: nil)
        let oval = UIBezierPath(ovalIn: rect)
        let rx = rect.width / 2, ry = rect.height / 2
        var checked = 0
        for _ in 0..<500 {
            let p = rng.point(in: rect.insetBy(dx: -20, dy: -20))
            let v = pow((p.x - rect.midX) / rx, 2) + pow((p.y - rect.midY) / ry, 2)
            // The standard 4-cubic ellipse strays at most 0.03% of the radius from the true one.
            guard abs(v.squareRoot() - 1) > 1e-3 else { continue }
            checked += 1
            #expect(path.contains(p) == (v < 1), "\(p) in \(rect)")
            #expect(path.contains(p, using: .evenOdd) == (v < 1))
            #expect(oval.contains(p) == (v < 1))
        }
        #expect(checked > 400)
    }

    @Test("A full UIBezierPath arc (0 to 2π) contains the disc; its element list is a move and four quarter-turn curves (UIBezierPath init(arcCenter:…); circle equation)",
          arguments: 0..<8)
    func circleContainment(seed: Int) {
        var rng = SeededRandom(seed)
        let c = rng.point(in: CGRect(x: -100, y: -100, width: 200, height: 200))
        let r = CGFloat.random(in: 0.5...150, using: &rng)
        let start = CGFloat.random(in: -10...10, using: &rng)
        let circle = UIBezierPath(arcCenter: c, radius: r, startAngle: start, endAngle: start + 2 * .pi, clockwise: true)
        let kinds = elements(of: circle.cgPath).map(\.0)
        #expect(kinds == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        for _ in 0..<500 {
            let p = rng.point(in: CGRect(x: c.x - 1.2 * r, y: c.y - 1.2 * r, width: 2.4 * r, height: 2.4 * r))
            let d = hypot(p.x - c.x, p.y - c.y)
            guard abs(d - r) > 1e-3 * r else { continue }
            #expect(circle.contains(p) == (d < r))
        }
    }

    @Test("CGPath(roundedRect:cornerWidth:cornerHeight:) is the rect minus what lies outside its quarter-ellipse corners (CGPathAddRoundedRect docs: each corner one-quarter of an ellipse)",
          arguments: 0..<8)
    func roundedRectContainment(seed: Int) {
        var rng = SeededRandom(seed)
        let rect = CGRect(x: .random(in: -100...100, using: &rng), y: .random(in: -100...100, using: &rng),
                          width: .random(in: 10...200, using: &rng), height: .random(in: 10...200, using: &rng))
        let cw = CGFloat.random(in: 1...(rect.width / 2), using: &rng)
        let ch = CGFloat.random(in: 1...(rect.height / 2), using: &rng)
        let path = CGPath(roundedRect: rect, cornerWidth: cw, cornerHeight: ch, transform: nil)
        func reference(_ p: CGPoint) -> (inside: Bool, nearEdge: Bool) {
            guard p.x > rect.minX, p.x < rect.maxX, p.y > rect.minY, p.y < rect.maxY else {
                let near = distance(p, toPolygons: [[CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                                                     CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]]) < 1e-6
                return (false, near)
            }
            let cx = p.x < rect.minX + cw ? rect.minX + cw : (p.x > rect.maxX - cw ? rect.maxX - cw : nil as CGFloat?)
            let cy = p.y < rect.minY + ch ? rect.minY + ch : (p.y > rect.maxY - ch ? rect.maxY - ch : nil as CGFloat?)
            guard let cx, let cy else {
                let edge = min(p.x - rect.minX, rect.maxX - p.x, p.y - rect.minY, rect.maxY - p.y)
                return (true, edge < 1e-6)
            }
            let v = (pow((p.x - cx) / cw, 2) + pow((p.y - cy) / ch, 2)).squareRoot()
            return (v < 1, abs(v - 1) < 1e-3)
        }
        var inCorners = 0
        for _ in 0..<800 {
            let p = rng.point(in: rect.insetBy(dx: -5, dy: -5))
            let ref = reference(p)
            guard !ref.nearEdge else { continue }
            if (p.x < rect.minX + cw || p.x > rect.maxX - cw) && (p.y < rect.minY + ch || p.y > rect.maxY - ch) { inCorners += 1 }
            #expect(path.contains(p) == ref.inside, "\(p)")
        }
        #expect(inCorners > 0)
    }

    @Test("UIBezierPath(roundedRect:cornerRadius:) and (byRoundingCorners:) round only the chosen corners, with circular corners of the clamped radius (UIBezierPath docs)",
          arguments: 0..<6)
    func bezierRoundedRect(seed: Int) {
        var rng = SeededRandom(seed)
        let rect = CGRect(x: 0, y: 0, width: .random(in: 20...200, using: &rng), height: .random(in: 20...200, using: &rng))
        let radius = CGFloat.random(in: 1...200, using: &rng)
        let r = min(radius, rect.width / 2, rect.height / 2)
        let corners = UIRectCorner(rawValue: UInt.random(in: 0...15, using: &rng))
        let path = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: CGSize(width: radius, height: radius))
        #expect(abs(path.bounds.width - rect.width) < 1e-9 && abs(path.bounds.height - rect.height) < 1e-9)
        // Just inside each corner point: inside iff the corner is not rounded.
        let probes: [(UIRectCorner, CGPoint, CGPoint)] = [
            (.topLeft, CGPoint(x: 0.01, y: 0.01), CGPoint(x: r, y: r)),
            (.topRight, CGPoint(x: rect.maxX - 0.01, y: 0.01), CGPoint(x: rect.maxX - r, y: r)),
            (.bottomLeft, CGPoint(x: 0.01, y: rect.maxY - 0.01), CGPoint(x: r, y: rect.maxY - r)),
            (.bottomRight, CGPoint(x: rect.maxX - 0.01, y: rect.maxY - 0.01), CGPoint(x: rect.maxX - r, y: rect.maxY - r)),
        ]
        for (corner, probe, center) in probes {
            #expect(path.contains(probe) == !corners.contains(corner) || r < 0.02, "\(corner)")
            if corners.contains(corner) {
                // On the diagonal through the corner's centre: inside up to the radius, outside past it.
                let dir = CGPoint(x: (probe.x - center.x) / hypot(probe.x - center.x, probe.y - center.y),
                                  y: (probe.y - center.y) / hypot(probe.x - center.x, probe.y - center.y))
                #expect(path.contains(CGPoint(x: center.x + dir.x * r * 0.998, y: center.y + dir.y * r * 0.998)))
                #expect(!path.contains(CGPoint(x: center.x + dir.x * r * 1.002, y: center.y + dir.y * r * 1.002)))
            }
        }
        let plain = UIBezierPath(roundedRect: rect, cornerRadius: radius)
        #expect(plain.contains(CGPoint(x: rect.midX, y: 0.001)))
        #expect(!plain.contains(CGPoint(x: 0.01, y: 0.01)))
    }

    // MARK: Containment against polygon references

    @Test("Paths of lines: non-zero winding matches the angle-sum winding number and even-odd matches PNPOLY, for random self-intersecting polygons (CGPathFillRule)",
          arguments: 0..<12)
    func polygonContainment(seed: Int) {
        var rng = SeededRandom(seed)
        let box = CGRect(x: -50, y: -50, width: 100, height: 100)
        let subpaths = Int.random(in: 1...3, using: &rng)
        var polys: [[CGPoint]] = []
        let path = CGMutablePath()
        for _ in 0..<subpaths {
            let poly = (0..<Int.random(in: 3...12, using: &rng)).map { _ in rng.point(in: box) }
            polys.append(poly)
            path.addLines(between: poly)
            if Bool.random(using: &rng) { path.closeSubpath() }   // open subpaths fill as if closed
        }
        for _ in 0..<400 {
            let p = rng.point(in: box.insetBy(dx: -5, dy: -5))
            guard distance(p, toPolygons: polys) > 1e-9 else { continue }
            #expect(path.contains(p, using: .winding) == (angleSumWinding(polys, p) != 0), "\(p)")
            #expect(path.contains(p, using: .evenOdd) == pnpoly(polys, p), "\(p)")
        }
    }

    @Test("A self-intersecting five-pointed star: its centre is inside under non-zero winding and outside under even-odd; its points are inside under both (CGPathFillRule)")
    func starFillRules() {
        let star = CGMutablePath()
        let pts = (0..<5).map { i -> CGPoint in
            let a = CGFloat(i) * 4 * .pi / 5 - .pi / 2
            return CGPoint(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a))
        }
        star.addLines(between: pts)
        star.closeSubpath()
        let centre = CGPoint(x: 100, y: 100)
        #expect(star.contains(centre, using: .winding))
        #expect(!star.contains(centre, using: .evenOdd))
        let tip = CGPoint(x: 100, y: 55)   // inside the top point's triangle
        #expect(star.contains(tip, using: .winding) && star.contains(tip, using: .evenOdd))
        #expect(!star.contains(CGPoint(x: 100, y: 160)))
        let bezier = UIBezierPath(cgPath: star)
        #expect(bezier.contains(centre))
        bezier.usesEvenOddFillRule = true
        #expect(!bezier.contains(centre))
        // And at random points, against the references.
        var rng = SeededRandom(99)
        for _ in 0..<500 {
            let p = rng.point(in: CGRect(x: 40, y: 40, width: 120, height: 120))
            guard distance(p, toPolygons: [pts]) > 1e-9 else { continue }
            #expect(star.contains(p) == (angleSumWinding([pts], p) != 0))
            #expect(star.contains(p, using: .evenOdd) == pnpoly([pts], p))
        }
    }

    @Test("Two nested rects: wound the same way the hole is filled under non-zero winding and empty under even-odd; wound oppositely it is empty under both (CGPathFillRule)")
    func nestedRects() {
        let outer = CGRect(x: 0, y: 0, width: 100, height: 100), inner = CGRect(x: 25, y: 25, width: 50, height: 50)
        let same = CGMutablePath()
        same.addRect(outer)
        same.addRect(inner)
        let hole = CGPoint(x: 50, y: 50), ring = CGPoint(x: 10, y: 50), outside = CGPoint(x: 150, y: 50)
        #expect(same.contains(hole, using: .winding))
        #expect(!same.contains(hole, using: .evenOdd))
        #expect(same.contains(ring, using: .winding) && same.contains(ring, using: .evenOdd))
        #expect(!same.contains(outside) && !same.contains(outside, using: .evenOdd))
        let opposite = UIBezierPath(rect: outer)
        opposite.append(UIBezierPath(rect: inner).reversing())
        #expect(!opposite.contains(hole))
        opposite.usesEvenOddFillRule = true
        #expect(!opposite.contains(hole))
        #expect(opposite.contains(ring))
    }

    // MARK: Curves

    @Test("Paths of random cubic and quadratic curves: containment under both rules matches the 2,000-samples-per-curve polygon away from the curve (CGPathContainsPoint)",
          arguments: 0..<10)
    func curveContainment(seed: Int) {
        var rng = SeededRandom(seed)
        let box = CGRect(x: 0, y: 0, width: 100, height: 100)
        let path = CGMutablePath()
        path.move(to: rng.point(in: box))
        for _ in 0..<Int.random(in: 2...5, using: &rng) {
            if Bool.random(using: &rng) {
                path.addCurve(to: rng.point(in: box), control1: rng.point(in: box), control2: rng.point(in: box))
            } else {
                path.addQuadCurve(to: rng.point(in: box), control: rng.point(in: box))
            }
        }
        path.closeSubpath()
        let polys = samplePolygons(path)
        var checked = 0
        for _ in 0..<300 {
            let p = rng.point(in: box)
            guard distance(p, toPolygons: polys) > 0.01 else { continue }
            checked += 1
            #expect(path.contains(p) == (angleSumWinding(polys, p) != 0), "\(p)")
            #expect(path.contains(p, using: .evenOdd) == pnpoly(polys, p), "\(p)")
        }
        #expect(checked > 200)
    }

    @Test("Containment is exact to far below 1e-3 pt: points 1e-6 pt inside and outside a curved convex outline, along its normal, are classified correctly (CGPathContainsPoint)",
          arguments: 0..<6)
    func curvePrecision(seed: Int) {
        var rng = SeededRandom(seed)
        let rect = CGRect(x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng),
                          width: .random(in: 5...800, using: &rng), height: .random(in: 5...800, using: &rng))
        let path = CGPath(ellipseIn: rect, transform: nil)
        // The path's own curves (not the ideal ellipse): positive orientation, so the left normal points in.
        let curves = elements(of: path).filter { $0.0 == .addCurveToPoint }
        var start = CGPoint(x: rect.maxX, y: rect.midY)
        let eps: CGFloat = 1e-6
        for (_, pts) in curves {
            for _ in 0..<25 {
                let t = CGFloat.random(in: 0.01...0.99, using: &rng)
                let p = bernstein(start, pts[0], pts[1], pts[2], t)
                let q = bernstein(start, pts[0], pts[1], pts[2], t + 1e-7)
                let len = hypot(q.x - p.x, q.y - p.y)
                let n = CGPoint(x: -(q.y - p.y) / len, y: (q.x - p.x) / len)
                #expect(path.contains(CGPoint(x: p.x + eps * n.x, y: p.y + eps * n.y)), "just inside at t=\(t)")
                #expect(!path.contains(CGPoint(x: p.x - eps * n.x, y: p.y - eps * n.y)), "just outside at t=\(t)")
            }
            start = pts[2]
        }
    }

    @Test("boundingBoxOfPath is the tight box of the curves (matches dense sampling); boundingBox also holds the control points (CGPathGetPathBoundingBox, CGPathGetBoundingBox)",
          arguments: 0..<10)
    func boundingBoxes(seed: Int) {
        var rng = SeededRandom(seed)
        let box = CGRect(x: -100, y: -100, width: 200, height: 200)
        let path = CGMutablePath()
        path.move(to: rng.point(in: box))
        path.addCurve(to: rng.point(in: box), control1: rng.point(in: box), control2: rng.point(in: box))
        path.addQuadCurve(to: rng.point(in: box), control: rng.point(in: box))
        path.addArc(center: rng.point(in: box), radius: .random(in: 1...50, using: &rng),
                    startAngle: .random(in: -7...7, using: &rng), endAngle: .random(in: -7...7, using: &rng),
                    clockwise: Bool.random(using: &rng))
        let sampled = samplePolygons(path, samples: 20_000).flatMap { $0 }
        let xs = sampled.map(\.x), ys = sampled.map(\.y)
        let tight = path.boundingBoxOfPath
        #expect(abs(tight.minX - xs.min()!) < 1e-6 && abs(tight.maxX - xs.max()!) < 1e-6)
        #expect(abs(tight.minY - ys.min()!) < 1e-6 && abs(tight.maxY - ys.max()!) < 1e-6)
        let loose = path.boundingBox
        #expect(loose.insetBy(dx: -1e-6, dy: -1e-6).contains(tight), "\(loose) \(tight)")  // extrema solved numerically: 1e-6
        for (_, pts) in elements(of: path) { for p in pts { #expect(loose.insetBy(dx: -1e-9, dy: -1e-9).contains(p)) } }
        #expect(CGMutablePath().boundingBox.isNull && CGMutablePath().boundingBoxOfPath.isNull)
    }

    @Test("A quarter arc's tight box is the quarter square; a half-circle arc's reaches the extreme at 90° (CGPathGetPathBoundingBox)")
    func arcBoundingBox() {
        let quarter = CGMutablePath()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let q = quarter.boundingBoxOfPath
        #expect(abs(q.minX) < 1e-9 && abs(q.minY) < 1e-9 && abs(q.maxX - 10) < 1e-9 && abs(q.maxY - 10) < 1e-9)
        let half = CGMutablePath()
        half.addArc(center: CGPoint(x: 5, y: 5), radius: 10, startAngle: .pi / 4, endAngle: 3 * .pi / 4, clockwise: false)
        let h = half.boundingBoxOfPath
        #expect(abs(h.maxY - 15) < 1e-9, "the top of the arc, at 90°")
        #expect(abs(h.minY - (5 + 10 * sin(.pi / 4))) < 1e-9)
        #expect(half.boundingBox.maxY > h.maxY, "control points stick out")
    }

    // MARK: Arcs and direction

    @Test("UIBezierPath clockwise: true from 0 to π is the bottom half of the circle on a y-down screen, false the top half (UIBezierPath init(arcCenter:…) docs)")
    func uikitArcDirection() {
        let c = CGPoint(x: 50, y: 50)
        let bottom = UIBezierPath(arcCenter: c, radius: 20, startAngle: 0, endAngle: .pi, clockwise: true)
        let top = UIBezierPath(arcCenter: c, radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
        // Each is two quarter curves; the first ends halfway, at 90° along the arc.
        let mid = { (p: UIBezierPath) -> CGPoint in elements(of: p.cgPath)[1].1[2] }
        #expect(abs(mid(bottom).x - 50) < 1e-9 && abs(mid(bottom).y - 70) < 1e-9, "below the centre: y grows down")
        #expect(abs(mid(top).x - 50) < 1e-9 && abs(mid(top).y - 30) < 1e-9)
        #expect(bottom.bounds.minY >= 50 - 1e-9 && top.bounds.maxY <= 50 + 1e-9)
        #expect(abs(bottom.currentPoint.x - 30) < 1e-9 && abs(bottom.currentPoint.y - 50) < 1e-9)
    }

    @Test("Random arcs: UIBezierPath clockwise turns the angle up (clockwise on a y-down screen), the reverse of CGPath's clockwise, and the path ends at the end angle (UIBezierPath and CGMutablePath addArc docs)",
          arguments: 0..<20)
    func arcDirectionProperty(seed: Int) {
        var rng = SeededRandom(seed)
        let c = rng.point(in: CGRect(x: -50, y: -50, width: 100, height: 100))
        let r = CGFloat.random(in: 1...100, using: &rng)
        let a0 = CGFloat.random(in: -10...10, using: &rng)
        let sweep = CGFloat.random(in: 0.2...(2 * .pi - 0.2), using: &rng)
        let clockwise = Bool.random(using: &rng)
        let a1 = clockwise ? a0 + sweep : a0 - sweep
        let ui = UIBezierPath(arcCenter: c, radius: r, startAngle: a0, endAngle: a1, clockwise: clockwise)
        let cg = CGMutablePath()
        cg.addArc(center: c, radius: r, startAngle: a0, endAngle: a1, clockwise: !clockwise)
        #expect(ui.cgPath == cg, "UIKit's clockwise is CoreGraphics' counter-clockwise")
        // The middle of the arc is at a0 ± sweep/2: sample the path's curves and find the point nearest there.
        let expectedMid = a0 + (clockwise ? sweep / 2 : -sweep / 2)
        let target = CGPoint(x: c.x + r * cos(expectedMid), y: c.y + r * sin(expectedMid))
        let samples = samplePolygons(ui.cgPath, samples: 400).flatMap { $0 }
        #expect(samples.map { hypot($0.x - target.x, $0.y - target.y) }.min()! < 1e-3 * r)
        let opposite = a0 + (clockwise ? -(2 * .pi - sweep) / 2 : (2 * .pi - sweep) / 2)
        let away = CGPoint(x: c.x + r * cos(opposite), y: c.y + r * sin(opposite))
        #expect(samples.map { hypot($0.x - away.x, $0.y - away.y) }.min()! > 0.05 * r, "the other way round is not drawn")
        #expect(abs(ui.currentPoint.x - (c.x + r * cos(a1))) < 1e-9 * (1 + r) + 1e-9)
        #expect(abs(ui.currentPoint.y - (c.y + r * sin(a1))) < 1e-9 * (1 + r) + 1e-9)
        // Curves of at most a quarter turn, as CoreGraphics.
        let curves = elements(of: ui.cgPath).filter { $0.0 == .addCurveToPoint }.count
        #expect(curves == Int((sweep / (.pi / 2)).rounded(.up)))
    }

    @Test("Element lists as CoreGraphics builds them: rect = move, 3 lines, close; ellipse = move, 4 curves, close; an arc after a point joins it with a line (CGPathAddRect, CGPathAddEllipseInRect, CGPathAddArc docs)")
    func elementLists() {
        let rect = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        let r = elements(of: rect)
        #expect(r.map(\.0) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        #expect(r.map(\.1) == [[CGPoint(x: 1, y: 2)], [CGPoint(x: 4, y: 2)], [CGPoint(x: 4, y: 6)], [CGPoint(x: 1, y: 6)], []])
        var found = CGRect.zero
        #expect(rect.isRect(&found) && found == CGRect(x: 1, y: 2, width: 3, height: 4))
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
        let e = elements(of: ellipse)
        #expect(e.map(\.0) == [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4) + [.closeSubpath])
        #expect(e[0].1 == [CGPoint(x: 10, y: 10)])
        #expect(e.map { $0.1.last }.compactMap { $0 } == [CGPoint(x: 10, y: 10), CGPoint(x: 5, y: 20), CGPoint(x: 0, y: 10),
                                                          CGPoint(x: 5, y: 0), CGPoint(x: 10, y: 10)])
        #expect(!ellipse.isRect(nil))
        let arc = CGMutablePath()
        arc.move(to: .zero)
        arc.addArc(center: CGPoint(x: 10, y: 0), radius: 5, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: false)
        #expect(elements(of: arc).map(\.0) == [.moveToPoint, .addLineToPoint] + Array(repeating: .addCurveToPoint, count: 3))
        #expect(elements(of: arc)[1].1 == [CGPoint(x: 15, y: 0)])
        var t = CGAffineTransform(translationX: 5, y: 5)
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t).boundingBox == CGRect(x: 5, y: 5, width: 1, height: 1))
    }

    @Test("addArc(tangent1End:tangent2End:radius:) draws a line to the first tangent point, then an arc of the radius tangent to both lines (CGPathAddArcToPoint docs)",
          arguments: 0..<10)
    func arcToPoint(seed: Int) {
        var rng = SeededRandom(seed)
        let box = CGRect(x: -100, y: -100, width: 200, height: 200)
        let p0 = rng.point(in: box), p1 = rng.point(in: box), p2 = rng.point(in: box)
        let r = CGFloat.random(in: 1...20, using: &rng)
        let path = CGMutablePath()
        path.move(to: p0)
        path.addArc(tangent1End: p1, tangent2End: p2, radius: r)
        let els = elements(of: path)
        #expect(els[1].0 == .addLineToPoint)
        let t1 = els[1].1[0], t2 = els.last!.1.last!
        // The tangent points lie on the two lines, at equal distances from the corner.
        #expect(distance(t1, toSegment: p0, p1) < 1e-6 || hypot(t1.x - p1.x, t1.y - p1.y) > hypot(p0.x - p1.x, p0.y - p1.y))
        #expect(abs(hypot(t1.x - p1.x, t1.y - p1.y) - hypot(t2.x - p1.x, t2.y - p1.y)) < 1e-6)
        // The arc's points are all at distance r from one centre, which is r from both lines.
        let samples = samplePolygons(path, samples: 50).flatMap { $0 }.dropFirst(2)
        let u1 = CGPoint(x: (p0.x - p1.x) / hypot(p0.x - p1.x, p0.y - p1.y), y: (p0.y - p1.y) / hypot(p0.x - p1.x, p0.y - p1.y))
        let n1 = CGPoint(x: -u1.y, y: u1.x)
        let sideSign: CGFloat = ((p2.x - p1.x) * n1.x + (p2.y - p1.y) * n1.y) > 0 ? 1 : -1
        let centre = CGPoint(x: t1.x + n1.x * r * sideSign, y: t1.y + n1.y * r * sideSign)
        for s in samples { #expect(abs(hypot(s.x - centre.x, s.y - centre.y) - r) < 1e-3 * r) }
        #expect(abs(hypot(t2.x - centre.x, t2.y - centre.y) - r) < 1e-6)
    }

    // MARK: Misuse, copies, equality

    @MainActor
    @Test("A line, curve or close without a current point is logged as CoreGraphics logs it (\"CGPathAddLineToPoint: no current point.\") and ignored, never a crash")
    func noCurrentPoint() {
        let before = TactileDiagnostics.logCount
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 10, y: 10))
        #expect(TactileDiagnostics.logCount == before + 1)
        #expect(TactileDiagnostics.recentLogs.last?.reason == "CGPathAddLineToPoint: no current point.")
        path.addCurve(to: .zero, control1: .zero, control2: .zero)
        #expect(TactileDiagnostics.recentLogs.last?.reason == "CGPathAddCurveToPoint: no current point.")
        path.addQuadCurve(to: .zero, control: .zero)
        path.addArc(tangent1End: .zero, tangent2End: CGPoint(x: 1, y: 1), radius: 3)
        path.closeSubpath()
        #expect(TactileDiagnostics.logCount == before + 5)
        #expect(path.isEmpty)
        let bezier = UIBezierPath()
        bezier.addLine(to: CGPoint(x: 1, y: 1))
        #expect(bezier.isEmpty && TactileDiagnostics.logCount == before + 6)
        // An arc needs no current point: it starts its own subpath.
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(!path.isEmpty && TactileDiagnostics.logCount == before + 6)
    }

    @MainActor
    @Test("NaN coordinates are refused with CoreGraphics' invalid-numeric-value log; the path is unchanged")
    func nanRefused() {
        let before = TactileDiagnostics.logCount
        let path = CGMutablePath()
        path.move(to: CGPoint(x: CGFloat.nan, y: 0))
        path.addRect(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1))
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(path.isEmpty)
        #expect(TactileDiagnostics.logCount == before + 3)
        #expect(TactileDiagnostics.recentLogs.last?.reason.contains("NaN") == true)
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).contains(CGPoint(x: CGFloat.nan, y: 0)))
    }

    @Test("Copies, equality, transforms and element enumeration (CGPath copy/mutableCopy, ==, applyWithBlock, apply(info:function:))")
    func copiesAndEquality() {
        let a = CGMutablePath()
        a.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 5)
        a.move(to: CGPoint(x: 100, y: 100))
        a.addQuadCurve(to: CGPoint(x: 120, y: 100), control: CGPoint(x: 110, y: 80))
        let frozen = a.copy()!
        #expect(frozen == a && !(frozen is CGMutablePath))
        #expect(frozen.copy()! === frozen, "an immutable path copies as itself")
        let b = frozen.mutableCopy()!
        b.addLine(to: .zero)
        #expect(b != frozen && frozen == a)
        var t = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = a.copy(using: &t)!
        #expect(scaled.boundingBox == a.boundingBox.applying(t))
        #expect(a.contains(CGPoint(x: 5, y: 2.5), transform: CGAffineTransform(scaleX: 4, y: 4)), "the point is transformed: (20, 10)")
        #expect(!a.contains(CGPoint(x: 5, y: 5), transform: CGAffineTransform(translationX: 100, y: 0)))
        var count = 0
        withUnsafeMutablePointer(to: &count) { ptr in
            a.apply(info: UnsafeMutableRawPointer(ptr)) { info, _ in info!.assumingMemoryBound(to: Int.self).pointee += 1 }
        }
        #expect(count == elements(of: a).count)
        #expect(Set([a.copy()!, frozen]).count == 1, "equal paths hash alike")
        let added = CGMutablePath()
        added.addPath(a, transform: CGAffineTransform(translationX: 1, y: 0))
        #expect(added.boundingBox == a.boundingBox.offsetBy(dx: 1, dy: 0))
        #expect(a.currentPoint == CGPoint(x: 120, y: 100))
        let closed = CGMutablePath()
        closed.addRect(CGRect(x: 3, y: 4, width: 5, height: 6))
        #expect(closed.currentPoint == CGPoint(x: 3, y: 4), "after a close, the subpath's start")
    }

    @Test("UIBezierPath: defaults, removeAllPoints, append, reversing keeps the shape and reverses the direction, apply(_:) transforms (UIBezierPath docs)")
    func bezierBasics() {
        let p = UIBezierPath()
        #expect(p.lineWidth == 1 && p.miterLimit == 10 && p.flatness == 0.6)
        #expect(p.lineCapStyle == .butt && p.lineJoinStyle == .miter && !p.usesEvenOddFillRule)
        #expect(p.isEmpty && p.bounds.isNull && p.currentPoint == .zero)
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addCurve(to: CGPoint(x: 10, y: 10), controlPoint1: CGPoint(x: 15, y: 0), controlPoint2: CGPoint(x: 15, y: 10))
        p.addQuadCurve(to: CGPoint(x: 0, y: 10), controlPoint: CGPoint(x: 5, y: 15))
        p.close()
        let r = p.reversing()
        #expect(r.bounds == p.bounds)
        #expect(elements(of: r.cgPath).first!.1 == [CGPoint(x: 0, y: 10)], "starts where the original ended")
        var rng = SeededRandom(7)
        for _ in 0..<200 {
            let q = rng.point(in: CGRect(x: -2, y: -2, width: 20, height: 20))
            #expect(r.contains(q) == p.contains(q))
        }
        let copy = p.copy() as! UIBezierPath
        p.apply(CGAffineTransform(translationX: 100, y: 0))
        #expect(p.bounds == copy.bounds.offsetBy(dx: 100, dy: 0))
        copy.append(p)
        #expect(copy.bounds.maxX == p.bounds.maxX)
        copy.removeAllPoints()
        #expect(copy.isEmpty)
        p.setLineDash([4, 2], count: 2, phase: 1)
        var pattern = [CGFloat](repeating: 0, count: 2)
        var n = 0
        var phase: CGFloat = 0
        p.getLineDash(&pattern, count: &n, phase: &phase)
        #expect(pattern == [4, 2] && n == 2 && phase == 1)
        let set = UIBezierPath()
        set.cgPath = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
        #expect(set.contains(CGPoint(x: 1, y: 1)))
    }

    @Test("A stroke outline with round caps and joins covers exactly the points within half the line width of the polyline (CGPath copy(strokingWithWidth:…))",
          arguments: 0..<8)
    func strokeOutline(seed: Int) {
        var rng = SeededRandom(seed)
        let box = CGRect(x: 0, y: 0, width: 100, height: 100)
        let pts = (0..<Int.random(in: 2...6, using: &rng)).map { _ in rng.point(in: box) }
        let path = CGMutablePath()
        path.addLines(between: pts)
        let w = CGFloat.random(in: 1...20, using: &rng)
        let outline = path.copy(strokingWithWidth: w, lineCap: .round, lineJoin: .round, miterLimit: 10)
        for _ in 0..<400 {
            let p = rng.point(in: box.insetBy(dx: -10, dy: -10))
            let d = distance(p, toPolygons: [pts], closed: false)
            guard abs(d - w / 2) > 1e-3 * w else { continue }
            #expect(outline.contains(p) == (d < w / 2), "\(p) at \(d) from a \(w)-wide line")
        }
        // Butt caps stop at the ends; square caps reach half the width past them.
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 10, y: 0))
        let butt = line.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let square = line.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(butt.contains(CGPoint(x: 5, y: 1.9)) && !butt.contains(CGPoint(x: 5, y: 2.1)))
        #expect(!butt.contains(CGPoint(x: -0.5, y: 0)) && square.contains(CGPoint(x: -1.9, y: 0)) && !square.contains(CGPoint(x: -2.1, y: 0)))
        // A right-angle miter reaches the corner of the offset lines; a bevel does not.
        let corner = CGMutablePath()
        corner.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let miter = corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let bevel = corner.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(miter.contains(CGPoint(x: 11.9, y: -1.9)) && !bevel.contains(CGPoint(x: 11.9, y: -1.9)))
    }
}
