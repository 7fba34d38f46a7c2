import Foundation

// The geometry behind CGPath, CGContext and UIBezierPath: a path's element list as CoreGraphics keeps it (every
// point already transformed), arcs as cubic Béziers, bounding boxes, point containment and stroke outlines.
// Internal: the public faces are CGPath, CGMutablePath, CGContext and UIBezierPath.

/// A path's elements, with CoreGraphics' notion of the current point.
struct PathElements: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case move(CGPoint)
        case line(CGPoint)
        /// Control point, end point.
        case quad(CGPoint, CGPoint)
        /// First control point, second control point, end point.
        case cubic(CGPoint, CGPoint, CGPoint)
        case close

        var points: [CGPoint] {
            switch self {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }

        func mapPoints(_ f: (CGPoint) -> CGPoint) -> Element {
            switch self {
            case .move(let p): return .move(f(p))
            case .line(let p): return .line(f(p))
            case .quad(let c, let p): return .quad(f(c), f(p))
            case .cubic(let c1, let c2, let p): return .cubic(f(c1), f(c2), f(p))
            case .close: return .close
            }
        }
    }

    private(set) var elements: [Element] = []
    /// The current point; nil while the path has none (it is empty).
    private(set) var current: CGPoint?
    /// Where the current subpath started (where `close` returns to).
    private(set) var subpathStart: CGPoint = .zero

    init() {}

    init(_ elements: [Element]) {
        for e in elements { append(e) }
    }

    var isEmpty: Bool { elements.isEmpty }

    mutating func append(_ e: Element) {
        switch e {
        case .move(let p):
            elements.append(e)
            current = p
            subpathStart = p
        case .line(let p), .quad(_, let p), .cubic(_, _, let p):
            if current == nil { subpathStart = .zero }
            elements.append(e)
            current = p
        case .close:
            guard current != nil else { return }
            if case .close? = elements.last { return }
            elements.append(.close)
            current = subpathStart
        }
    }

    /// Starts at `p`: a move when the path has no current point, else a line unless already there — how
    /// CoreGraphics begins an arc.
    mutating func moveOrLine(to p: CGPoint) {
        if let c = current {
            if c != p { append(.line(p)) }
        } else {
            append(.move(p))
        }
    }

    mutating func append(contentsOf other: PathElements) {
        for e in other.elements { append(e) }
    }

    mutating func removeAll() { self = PathElements() }

    func applying(_ t: CGAffineTransform) -> PathElements {
        if t.isIdentity { return self }
        return PathElements(elements.map { $0.mapPoints { $0.applying(t) } })
    }

    // MARK: Subpaths and segments

    enum Segment {
        case line(CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        var start: CGPoint {
            switch self {
            case .line(let a, _), .cubic(let a, _, _, _): return a
            }
        }
        var end: CGPoint {
            switch self {
            case .line(_, let b), .cubic(_, _, _, let b): return b
            }
        }
    }

    struct Subpath {
        var start: CGPoint
        /// The drawn segments, without the closing line of a closed subpath.
        var segments: [Segment] = []
        var closed = false
        var end: CGPoint { segments.last?.end ?? start }
    }

    /// The subpaths, quadratic curves raised to cubics.
    var subpaths: [Subpath] {
        var result: [Subpath] = []
        var open: Subpath?
        var cursor = CGPoint.zero
        var lastStart = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p):
                if let s = open { result.append(s) }
                open = Subpath(start: p)
                cursor = p
                lastStart = p
            case .line(let p):
                if open == nil { open = Subpath(start: lastStart); cursor = lastStart }
                open!.segments.append(.line(cursor, p))
                cursor = p
            case .quad(let c, let p):
                if open == nil { open = Subpath(start: lastStart); cursor = lastStart }
                let c1 = CGPoint(x: cursor.x + 2.0 / 3.0 * (c.x - cursor.x), y: cursor.y + 2.0 / 3.0 * (c.y - cursor.y))
                let c2 = CGPoint(x: p.x + 2.0 / 3.0 * (c.x - p.x), y: p.y + 2.0 / 3.0 * (c.y - p.y))
                open!.segments.append(.cubic(cursor, c1, c2, p))
                cursor = p
            case .cubic(let c1, let c2, let p):
                if open == nil { open = Subpath(start: lastStart); cursor = lastStart }
                open!.segments.append(.cubic(cursor, c1, c2, p))
                cursor = p
            case .close:
                if var s = open {
                    s.closed = true
                    result.append(s)
                    open = nil
                    cursor = s.start
                }
            }
        }
        if let s = open { result.append(s) }
        return result
    }

    // MARK: Bounding boxes

    /// Every point of the path, control points included (`CGPathGetBoundingBox`); null when empty.
    var controlPointBounds: CGRect {
        var box = BoxAccumulator()
        for e in elements { for p in e.points { box.add(p) } }
        return box.rect
    }

    /// The tight bounds: end points and the extrema of curves (`CGPathGetPathBoundingBox`); null when empty.
    var tightBounds: CGRect {
        var box = BoxAccumulator()
        for e in elements { if case .move(let p) = e { box.add(p) } }
        for sp in subpaths {
            box.add(sp.start)
            for seg in sp.segments {
                switch seg {
                case .line(_, let b):
                    box.add(b)
                case .cubic(let p0, let p1, let p2, let p3):
                    box.add(p3)
                    // Extrema, kept inside the control points' box against rounding.
                    let lo = CGPoint(x: min(p0.x, p1.x, p2.x, p3.x), y: min(p0.y, p1.y, p2.y, p3.y))
                    let hi = CGPoint(x: max(p0.x, p1.x, p2.x, p3.x), y: max(p0.y, p1.y, p2.y, p3.y))
                    for t in Bezier.extremaParameters(p0.x, p1.x, p2.x, p3.x) + Bezier.extremaParameters(p0.y, p1.y, p2.y, p3.y) {
                        let e = Bezier.point(p0, p1, p2, p3, t)
                        box.add(CGPoint(x: min(hi.x, max(lo.x, e.x)), y: min(hi.y, max(lo.y, e.y))))
                    }
                }
            }
        }
        return box.rect
    }

    // MARK: Containment

    /// The winding number of the path around `p`, every open subpath closed by a line, as filling does.
    func windingNumber(at p: CGPoint) -> Int {
        var w = 0
        for sp in subpaths {
            for seg in sp.segments {
                switch seg {
                case .line(let a, let b): w += Bezier.lineWinding(a, b, p)
                case .cubic(let a, let c1, let c2, let b): w += Bezier.cubicWinding(a, c1, c2, b, p, depth: 0)
                }
            }
            w += Bezier.lineWinding(sp.end, sp.start, p)
        }
        return w
    }

    func contains(_ p: CGPoint, evenOdd: Bool) -> Bool {
        guard p.x.isFinite, p.y.isFinite else { return false }
        let w = windingNumber(at: p)
        return evenOdd ? w % 2 != 0 : w != 0
    }

    // MARK: Reversal

    /// Each subpath traced backwards (`UIBezierPath.reversing()`): same shape, opposite direction.
    func reversed() -> PathElements {
        var out = PathElements()
        // Work per subpath on the original elements so quadratic curves stay quadratic.
        var groups: [(start: CGPoint, items: [(from: CGPoint, element: Element)], closed: Bool)] = []
        var cursor = CGPoint.zero
        var lastStart = CGPoint.zero
        var openIndex: Int?
        for e in elements {
            switch e {
            case .move(let p):
                groups.append((p, [], false))
                openIndex = groups.count - 1
                cursor = p
                lastStart = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p):
                if openIndex == nil {
                    groups.append((lastStart, [], false))
                    openIndex = groups.count - 1
                    cursor = lastStart
                }
                groups[openIndex!].items.append((cursor, e))
                cursor = p
            case .close:
                if let i = openIndex {
                    groups[i].closed = true
                    openIndex = nil
                    cursor = groups[i].start
                }
            }
        }
        for g in groups {
            let end = g.items.last.map { item -> CGPoint in
                switch item.element {
                case .line(let p), .quad(_, let p), .cubic(_, _, let p), .move(let p): return p
                case .close: return g.start
                }
            } ?? g.start
            out.append(.move(end))
            for item in g.items.reversed() {
                switch item.element {
                case .line: out.append(.line(item.from))
                case .quad(let c, _): out.append(.quad(c, item.from))
                case .cubic(let c1, let c2, _): out.append(.cubic(c2, c1, item.from))
                case .move, .close: break
                }
            }
            if g.closed { out.append(.close) }
        }
        return out
    }

    // MARK: Shapes

    /// `CGPathAddRect`: a move to the rect's minimum corner, lines through (maxX, minY), (maxX, maxY),
    /// (minX, maxY), then a close.
    static func rect(_ r: CGRect, _ t: CGAffineTransform) -> [Element] {
        if r.isNull { return [] }
        let s = r.standardized
        let pts = [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                   CGPoint(x: s.maxX, y: s.maxY), CGPoint(x: s.minX, y: s.maxY)].map { $0.applying(t) }
        return [.move(pts[0]), .line(pts[1]), .line(pts[2]), .line(pts[3]), .close]
    }

    /// `CGPathAddEllipseInRect`: a move to (maxX, midY), four quarter curves through (midX, maxY), (minX, midY),
    /// (midX, minY) and back, then a close.
    static func ellipse(_ r: CGRect, _ t: CGAffineTransform) -> [Element] {
        if r.isNull { return [] }
        let s = r.standardized
        let rx = s.width / 2, ry = s.height / 2
        let c = CGPoint(x: s.midX, y: s.midY)
        var out: [Element] = [.move(CGPoint(x: c.x + rx, y: c.y).applying(t))]
        for q in 0..<4 { out.append(quarterEllipse(c, rx, ry, quadrant: q).mapPoints { $0.applying(t) }) }
        out.append(.close)
        return out
    }

    /// The standard cubic for a quarter of an ellipse, from quadrant `q`'s first axis point to the next
    /// (quadrant 0 runs from +x to +y), with exact axis points.
    static func quarterEllipse(_ c: CGPoint, _ rx: CGFloat, _ ry: CGFloat, quadrant q: Int) -> Element {
        let axes: [(CGFloat, CGFloat)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        let e0 = axes[q % 4], e1 = axes[(q + 1) % 4]
        let k: CGFloat = 0.552_284_749_830_793_4   // 4/3·tan(π/8)
        let p0 = CGPoint(x: c.x + rx * e0.0, y: c.y + ry * e0.1)
        let p3 = CGPoint(x: c.x + rx * e1.0, y: c.y + ry * e1.1)
        let p1 = CGPoint(x: p0.x + k * rx * e1.0, y: p0.y + k * ry * e1.1)
        let p2 = CGPoint(x: p3.x + k * rx * e0.0, y: p3.y + k * ry * e0.1)
        return .cubic(p1, p2, p3)
    }

    /// `CGPathAddRoundedRect`: a closed subpath whose corners are quarter ellipses of radii `cw`, `ch`, starting on
    /// the right edge and turning in the same direction as `ellipse`.
    static func roundedRect(_ r: CGRect, _ cw: CGFloat, _ ch: CGFloat, _ t: CGAffineTransform) -> [Element] {
        if r.isNull { return [] }
        let s = r.standardized
        if cw <= 0 || ch <= 0 { return rect(s, t) }
        let rx = min(cw, s.width / 2), ry = min(ch, s.height / 2)
        var out: [Element] = [.move(CGPoint(x: s.maxX, y: s.minY + ry).applying(t))]
        // Corners in turning order (centre, quadrant, where the straight edge before it ends).
        let corners: [(CGPoint, Int, CGPoint)] = [
            (CGPoint(x: s.maxX - rx, y: s.maxY - ry), 0, CGPoint(x: s.maxX, y: s.maxY - ry)),
            (CGPoint(x: s.minX + rx, y: s.maxY - ry), 1, CGPoint(x: s.minX + rx, y: s.maxY)),
            (CGPoint(x: s.minX + rx, y: s.minY + ry), 2, CGPoint(x: s.minX, y: s.minY + ry)),
            (CGPoint(x: s.maxX - rx, y: s.minY + ry), 3, CGPoint(x: s.maxX - rx, y: s.minY)),
        ]
        var cursor = CGPoint(x: s.maxX, y: s.minY + ry)
        for (center, quadrant, lineEnd) in corners {
            if lineEnd != cursor { out.append(.line(lineEnd.applying(t))) }
            let q = quarterEllipse(center, rx, ry, quadrant: quadrant)
            out.append(q.mapPoints { $0.applying(t) })
            cursor = q.points.last!
        }
        out.append(.close)
        return out
    }
}

/// A growing bounding box; null until a point is added.
struct BoxAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }
    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

// MARK: - Bézier arithmetic

enum Bezier {
    static func point(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has a zero derivative.
    static func extremaParameters(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [CGFloat] = []
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return [] }
        if abs(a) < 1e-12 * scale {
            if abs(b) > 1e-12 * scale { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let sq = disc.squareRoot()
                let q = -0.5 * (b + (b < 0 ? -sq : sq))
                roots.append(q / a)
                if q != 0 { roots.append(c / q) }
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// de Casteljau split at 1/2.
    static func split(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint)
        -> ((CGPoint, CGPoint, CGPoint, CGPoint), (CGPoint, CGPoint, CGPoint, CGPoint)) {
        func mid(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        let p01 = mid(p0, p1), p12 = mid(p1, p2), p23 = mid(p2, p3)
        let p012 = mid(p01, p12), p123 = mid(p12, p23)
        let m = mid(p012, p123)
        return ((p0, p01, p012, m), (m, p123, p23, p3))
    }

    /// The crossing contribution of the segment a→b to the winding number around p (Sunday's half-open rule:
    /// a point on a left or bottom edge is inside, on a right or top edge outside, as `CGRect.contains`).
    @inline(__always)
    static func lineWinding(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Int {
        if a.y <= p.y {
            if b.y > p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { return 1 }
        } else if b.y <= p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
            return -1
        }
        return 0
    }

    /// The winding contribution of a cubic, exact: where `p` lies outside the control-point box, the curve and
    /// its chord wind around `p` alike (the loop they form stays inside the box), so the chord is counted;
    /// elsewhere the curve is halved until its box is below 1e-9 of its size.
    static func cubicWinding(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ p: CGPoint, depth: Int) -> Int {
        let minY = min(p0.y, p1.y, p2.y, p3.y), maxY = max(p0.y, p1.y, p2.y, p3.y)
        if p.y < minY || p.y > maxY { return lineWinding(p0, p3, p) }
        let minX = min(p0.x, p1.x, p2.x, p3.x), maxX = max(p0.x, p1.x, p2.x, p3.x)
        if p.x < minX || p.x > maxX { return lineWinding(p0, p3, p) }
        let size = max(maxX - minX, maxY - minY)
        if depth >= 48 || size <= 1e-9 * (1 + abs(p.x) + abs(p.y)) { return lineWinding(p0, p3, p) }
        let (l, r) = split(p0, p1, p2, p3)
        return cubicWinding(l.0, l.1, l.2, l.3, p, depth: depth + 1) + cubicWinding(r.0, r.1, r.2, r.3, p, depth: depth + 1)
    }

    /// An arc of the ellipse (centre, rx, ry) from `start` turning by `delta` radians (positive: towards +y), as
    /// `segments` cubic Béziers: (control 1, control 2, end) each.
    static func arc(center c: CGPoint, radiusX rx: CGFloat, radiusY ry: CGFloat, start: CGFloat, delta: CGFloat,
                    segments n: Int) -> [(CGPoint, CGPoint, CGPoint)] {
        guard n > 0 else { return [] }
        let step = delta / CGFloat(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var out: [(CGPoint, CGPoint, CGPoint)] = []
        out.reserveCapacity(n)
        var a = start
        for i in 0..<n {
            let b = i == n - 1 ? start + delta : a + step
            let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
            let c1 = CGPoint(x: c.x + rx * (ca - k * sa), y: c.y + ry * (sa + k * ca))
            let c2 = CGPoint(x: c.x + rx * (cb + k * sb), y: c.y + ry * (sb - k * cb))
            let e = CGPoint(x: c.x + rx * cb, y: c.y + ry * sb)
            out.append((c1, c2, e))
            a = b
        }
        return out
    }

    /// The number of cubic segments CoreGraphics-style arcs use: at most a quarter turn each.
    static func arcSegmentCount(_ delta: CGFloat) -> Int {
        let quarters = abs(delta) / (.pi / 2)
        return max(1, Int((quarters - 1e-9).rounded(.up)))
    }

    /// Points along a cubic, to within `tolerance` of it, excluding the start point.
    static func flatten(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat,
                        into out: inout [CGPoint], depth: Int = 0) {
        let dx = p3.x - p0.x, dy = p3.y - p0.y
        let len = (dx * dx + dy * dy).squareRoot()
        let d1: CGFloat, d2: CGFloat
        if len > 1e-12 {
            d1 = abs((p1.x - p0.x) * dy - (p1.y - p0.y) * dx) / len
            d2 = abs((p2.x - p0.x) * dy - (p2.y - p0.y) * dx) / len
        } else {
            d1 = hypot(p1.x - p0.x, p1.y - p0.y)
            d2 = hypot(p2.x - p0.x, p2.y - p0.y)
        }
        // The curve lies within 3/4 of the control points' distance from the chord.
        if depth >= 18 || 0.75 * max(d1, d2) <= tolerance {
            out.append(p3)
            return
        }
        let (l, r) = split(p0, p1, p2, p3)
        flatten(l.0, l.1, l.2, l.3, tolerance: tolerance, into: &out, depth: depth + 1)
        flatten(r.0, r.1, r.2, r.3, tolerance: tolerance, into: &out, depth: depth + 1)
    }
}

// MARK: - Arcs as CoreGraphics builds them

extension PathElements {
    /// `CGPathAddRelativeArc`: a move (empty path) or a line (otherwise) to the arc's start, then cubic curves of
    /// at most 90° each; positive `delta` turns from +x towards +y.
    mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                                 transform t: CGAffineTransform) {
        let r = radius
        let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        moveOrLine(to: start.applying(t))
        if delta == 0 || r == 0 { return }
        for (c1, c2, p) in Bezier.arc(center: center, radiusX: r, radiusY: r, start: startAngle, delta: delta,
                                      segments: Bezier.arcSegmentCount(delta)) {
            append(.cubic(c1.applying(t), c2.applying(t), p.applying(t)))
        }
    }

    /// `CGPathAddArc`'s angle span: counter-clockwise (in user space, y up) the end angle is reached by
    /// increasing the angle, at most one full turn; clockwise by decreasing it. Equal angles (mod 2π) in the
    /// clockwise direction span nothing.
    static func arcDelta(startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        let raw = endAngle - startAngle
        if clockwise {
            if raw <= -twoPi { return -twoPi }
            var d = fmod(raw, twoPi)
            if d > 0 { d -= twoPi }
            return d
        } else {
            if raw >= twoPi { return twoPi }
            var d = fmod(raw, twoPi)
            if d < 0 { d += twoPi }
            return d
        }
    }

    /// `CGPathAddArcToPoint`: a line from the current point to the first tangent point, then the arc of `radius`
    /// tangent to both lines. Degenerate cases (collinear points, zero radius) add a line to `p1`.
    /// The current point must exist (the caller checks). `t` maps user space to the path's space.
    mutating func addArc(tangent1End p1u: CGPoint, tangent2End p2u: CGPoint, radius: CGFloat, transform t: CGAffineTransform) {
        guard let cur = current else { return }
        let p0 = cur.applying(t.inverted())
        let v1 = CGPoint(x: p0.x - p1u.x, y: p0.y - p1u.y), v2 = CGPoint(x: p2u.x - p1u.x, y: p2u.y - p1u.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        if radius == 0 || l1 == 0 || l2 == 0 || abs(cross) <= 1e-12 * l1 * l2 {
            append(.line(p1u.applying(t)))
            return
        }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let cosPhi = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let phi = acos(cosPhi)                           // angle at p1 between the two lines
        let dist = radius / tan(phi / 2)                 // from p1 to each tangent point
        let t1 = CGPoint(x: p1u.x + u1.x * dist, y: p1u.y + u1.y * dist)
        let bis = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = hypot(bis.x, bis.y)
        let cd = radius / sin(phi / 2)
        let center = CGPoint(x: p1u.x + bis.x / bl * cd, y: p1u.y + bis.y / bl * cd)
        let a1 = atan2(t1.y - center.y, t1.x - center.x)
        // Travelling p0 → p1 → p2 turns left when (p1 - p0) × (p2 - p1) > 0; the arc turns the same way.
        let turn = (p1u.x - p0.x) * v2.y - (p1u.y - p0.y) * v2.x
        let sweep = (CGFloat.pi - phi) * (turn > 0 ? 1 : -1)
        let t1d = t1.applying(t)
        if t1d != cur { append(.line(t1d)) }
        for (c1, c2, p) in Bezier.arc(center: center, radiusX: radius, radiusY: radius, start: a1, delta: sweep,
                                      segments: Bezier.arcSegmentCount(sweep)) {
            append(.cubic(c1.applying(t), c2.applying(t), p.applying(t)))
        }
    }
}

// MARK: - Stroke outlines

extension PathElements {
    /// The area a stroke of this path covers, as closed subpaths that all turn the same way, so that filling
    /// with the non-zero winding rule gives their union (`CGPath.copy(strokingWithWidth:…)`). Curves are
    /// flattened to `tolerance`; dashes are not applied.
    func strokeOutline(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                       tolerance: CGFloat = 1e-3) -> PathElements {
        var out = PathElements()
        let hw = abs(width) / 2
        guard hw > 0, hw.isFinite else { return out }

        func polygon(_ pts: [CGPoint]) {
            guard pts.count >= 3 else { return }
            var area: CGFloat = 0
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                area += a.x * b.y - b.x * a.y
            }
            let ordered = area < 0 ? Array(pts.reversed()) : pts
            out.append(.move(ordered[0]))
            for p in ordered.dropFirst() { out.append(.line(p)) }
            out.append(.close)
        }
        func circle(_ c: CGPoint) {
            for e in PathElements.ellipse(CGRect(x: c.x - hw, y: c.y - hw, width: 2 * hw, height: 2 * hw), .identity) {
                out.append(e)
            }
        }
        func unit(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            let l = hypot(b.x - a.x, b.y - a.y)
            return CGPoint(x: (b.x - a.x) / l, y: (b.y - a.y) / l)
        }
        func band(_ a: CGPoint, _ b: CGPoint) {
            let d = unit(a, b)
            let n = CGPoint(x: -d.y * hw, y: d.x * hw)
            polygon([CGPoint(x: a.x + n.x, y: a.y + n.y), CGPoint(x: b.x + n.x, y: b.y + n.y),
                     CGPoint(x: b.x - n.x, y: b.y - n.y), CGPoint(x: a.x - n.x, y: a.y - n.y)])
        }
        func joinAt(_ v: CGPoint, _ d1: CGPoint, _ d2: CGPoint, corner: Bool) {
            let cross = d1.x * d2.y - d1.y * d2.x
            let dot = d1.x * d2.x + d1.y * d2.y
            if abs(cross) < 1e-12 && dot > 0 { return }
            let style: CGLineJoin = corner ? join : .bevel
            if style == .round { circle(v); return }
            // The outer side: right of the direction when turning left, left when turning right.
            let s: CGFloat = cross > 0 ? -1 : 1
            let o1 = CGPoint(x: -d1.y * hw * s, y: d1.x * hw * s)
            let o2 = CGPoint(x: -d2.y * hw * s, y: d2.x * hw * s)
            let a = CGPoint(x: v.x + o1.x, y: v.y + o1.y), b = CGPoint(x: v.x + o2.x, y: v.y + o2.y)
            if style == .miter && dot > -1 + 1e-12 {
                let halfTurnCos = ((1 + dot) / 2).squareRoot()      // cos of half the turning angle
                let ratio = 1 / halfTurnCos                          // miter length / line width
                if ratio <= miterLimit {
                    let m = CGPoint(x: o1.x + o2.x, y: o1.y + o2.y)
                    let ml = hypot(m.x, m.y)
                    if ml > 0 {
                        let tip = CGPoint(x: v.x + m.x / ml * hw * ratio, y: v.y + m.y / ml * hw * ratio)
                        polygon([v, a, tip, b])
                        return
                    }
                }
            }
            polygon([v, a, b])
        }

        for sp in subpaths {
            guard !sp.segments.isEmpty else { continue }
            // Flatten, remembering which vertices are corners between elements.
            var pts: [CGPoint] = [sp.start]
            var isCorner: [Bool] = [true]
            for seg in sp.segments {
                switch seg {
                case .line(_, let b):
                    pts.append(b); isCorner.append(true)
                case .cubic(let a, let c1, let c2, let b):
                    var flat: [CGPoint] = []
                    Bezier.flatten(a, c1, c2, b, tolerance: tolerance, into: &flat)
                    for (i, p) in flat.enumerated() { pts.append(p); isCorner.append(i == flat.count - 1) }
                }
            }
            if sp.closed, let first = pts.first, pts.last != first { pts.append(first); isCorner.append(true) }
            // Drop zero-length steps.
            var clean: [CGPoint] = [], corner: [Bool] = []
            for (p, c) in zip(pts, isCorner) {
                if let last = clean.last, last == p { corner[corner.count - 1] = corner[corner.count - 1] || c; continue }
                clean.append(p); corner.append(c)
            }
            if clean.count == 1 {
                // A zero-length stroke: a dot for round caps, a square for square caps, nothing for butt caps.
                let c = clean[0]
                switch cap {
                case .round: circle(c)
                case .square: polygon([CGPoint(x: c.x - hw, y: c.y - hw), CGPoint(x: c.x + hw, y: c.y - hw),
                                       CGPoint(x: c.x + hw, y: c.y + hw), CGPoint(x: c.x - hw, y: c.y + hw)])
                case .butt: break
                }
                continue
            }
            for i in 0..<(clean.count - 1) { band(clean[i], clean[i + 1]) }
            let closedLoop = sp.closed && clean.count >= 3 && clean.first == clean.last
            let n = clean.count
            if n >= 3 {
                for i in 1..<(n - 1) {
                    joinAt(clean[i], unit(clean[i - 1], clean[i]), unit(clean[i], clean[i + 1]), corner: corner[i])
                }
            }
            if closedLoop {
                joinAt(clean[0], unit(clean[n - 2], clean[0]), unit(clean[0], clean[1]), corner: corner[0])
            } else {
                let d0 = unit(clean[0], clean[1]), d1 = unit(clean[n - 2], clean[n - 1])
                switch cap {
                case .butt: break
                case .round: circle(clean[0]); circle(clean[n - 1])
                case .square:
                    band(CGPoint(x: clean[0].x - d0.x * hw, y: clean[0].y - d0.y * hw), clean[0])
                    band(clean[n - 1], CGPoint(x: clean[n - 1].x + d1.x * hw, y: clean[n - 1].y + d1.y * hw))
                }
            }
        }
        return out
    }
}
