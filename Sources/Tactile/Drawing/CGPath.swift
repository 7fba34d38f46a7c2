import Foundation
import Synchronization

/// The rule that decides which areas of a self-overlapping path are inside: non-zero winding or even-odd.
public enum CGPathFillRule: Int, Sendable, Hashable {
    /// Inside where the path winds around the point a non-zero number of times.
    case winding = 0
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd = 1
}

/// How the ends of stroked open subpaths are drawn.
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt = 0
    case round = 1
    case square = 2
}

/// How the corners of a stroked path are drawn.
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// The kind of one element of a path.
public enum CGPathElementType: Int32, Sendable, Hashable {
    /// One point: where the new subpath starts.
    case moveToPoint = 0
    /// One point: the line's end.
    case addLineToPoint = 1
    /// Two points: the control point, then the end.
    case addQuadCurveToPoint = 2
    /// Three points: two control points, then the end.
    case addCurveToPoint = 3
    /// No points.
    case closeSubpath = 4
}

/// One element of a path, as `CGPath.applyWithBlock(_:)` and `CGPath.apply(info:function:)` hand it out; the
/// points are valid only during the call.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The function `CGPath.apply(info:function:)` calls for each element.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// The closure `CGPath.applyWithBlock(_:)` calls for each element.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void

/// An immutable graphics path: subpaths of lines, quadratic and cubic Bézier curves, as CoreGraphics keeps them.
/// Arcs, ellipses and rounded rects are stored as cubic curves of at most a quarter turn each. Safe to use from
/// any thread. `CGMutablePath` is the mutable subclass.
public class CGPath: @unchecked Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    let storage: Mutex<PathElements>

    init(elements: PathElements) {
        storage = Mutex(elements)
    }

    /// The elements, copied out under the lock.
    var data: PathElements { storage.withLock { $0 } }

    /// A rectangle: a move to (minX, minY), lines counter-clockwise (in a y-up space) round the corners, a close.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(elements: PathElements(PathElements.rect(rect, transform?.pointee ?? .identity)))
    }

    /// An ellipse inscribed in `rect`: a move to (maxX, midY), four quarter-turn curves, a close.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(elements: PathElements(PathElements.ellipse(rect, transform?.pointee ?? .identity)))
    }

    /// A rectangle whose corners are quarter ellipses of radii `cornerWidth` × `cornerHeight`. CoreGraphics
    /// requires both radii to be non-negative and at most half the rect's size; Tactile logs and clamps.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let t = transform?.pointee ?? .identity
        CGPath.checkCorners(rect, cornerWidth, cornerHeight, api: "CGPathCreateWithRoundedRect")
        self.init(elements: PathElements(PathElements.roundedRect(rect, max(0, cornerWidth), max(0, cornerHeight), t)))
    }

    static func checkCorners(_ rect: CGRect, _ cw: CGFloat, _ ch: CGFloat, api: String) {
        let s = rect.standardized
        if cw < 0 || ch < 0 || 2 * cw > s.width || 2 * ch > s.height {
            TactileDiagnostics.logFromAnyThread(api, "\(api): invalid corner size \(cw)×\(ch) for rect \(rect); clamped.")
        }
    }

    /// True if the path has no elements.
    public var isEmpty: Bool { storage.withLock { $0.isEmpty } }

    /// The current point: the end of the last element, the start of the subpath after a close. An empty path has
    /// none: CoreGraphics logs "no current point" and returns `.zero`.
    public var currentPoint: CGPoint {
        if let p = storage.withLock({ $0.current }) { return p }
        TactileDiagnostics.logFromAnyThread("CGPathGetCurrentPoint", "CGPathGetCurrentPoint: no current point.")
        return .zero
    }

    /// The smallest rect holding every point of the path, control points included; `.null` when empty.
    public var boundingBox: CGRect { storage.withLock { $0.controlPointBounds } }

    /// The smallest rect holding the path itself (curves' extrema, not their control points); `.null` when empty.
    public var boundingBoxOfPath: CGRect { storage.withLock { $0.tightBounds } }

    /// True if the path is a plain rectangle (a move and three or four axis-aligned lines, closed or not); the
    /// rectangle is stored through `rect` when given.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        let elements = storage.withLock { $0.elements }
        var pts: [CGPoint] = []
        for (i, e) in elements.enumerated() {
            switch e {
            case .move(let p) where i == 0: pts.append(p)
            case .line(let p) where i > 0: pts.append(p)
            case .close where i == elements.count - 1: break
            default: return false
            }
        }
        if pts.count == 5 && pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return false }
        let horizontalFirst = pts[0].y == pts[1].y && pts[1].x == pts[2].x && pts[2].y == pts[3].y && pts[3].x == pts[0].x
        let verticalFirst = pts[0].x == pts[1].x && pts[1].y == pts[2].y && pts[2].x == pts[3].x && pts[3].y == pts[0].y
        guard horizontalFirst || verticalFirst else { return false }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        rect?.pointee = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return true
    }

    /// Whether `point` (mapped through `transform` first) is inside the area filling the path would paint under
    /// `rule`; open subpaths count as closed.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        return storage.withLock { $0.contains(p, evenOdd: rule == .evenOdd) }
    }

    /// An immutable copy (the path itself when it is immutable, as in CoreGraphics).
    public func copy() -> CGPath? {
        if self is CGMutablePath { return CGPath(elements: data) }
        return self
    }

    /// An immutable copy with every point mapped through `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: data.applying(t))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: data) }

    /// A mutable copy with every point mapped through `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(elements: data.applying(transform?.pointee ?? .identity))
    }

    /// The outline of the area a stroke of the path covers, for hit-testing a stroke with `contains(_:)` (non-zero
    /// winding). Curves are flattened finely; the outline is a union of closed pieces that all turn the same way,
    /// not CoreGraphics' single contour.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let outline = data.strokeOutline(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit)
        return CGPath(elements: outline.applying(transform))
    }

    /// Calls `block` with each element in order.
    public func applyWithBlock(_ block: CGPathApplyBlock) {
        let elements = storage.withLock { $0.elements }
        let buffer = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: .zero, count: 3)
        for e in elements {
            let pts = e.points
            for (i, p) in pts.enumerated() { buffer[i] = p }
            var element = CGPathElement(type: e.type, points: buffer)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Calls `function` with `info` and each element in order.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.data.elements == rhs.data.elements
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(data.elements) }

    /// The elements, one per line after the first, in CoreGraphics' words (`moveto`, `lineto`, `quadto`,
    /// `curveto`, `closepath`).
    public var description: String {
        let elements = data.elements
        if elements.isEmpty { return "CGPath (empty)" }
        return "CGPath:\n" + elements.map { "  " + $0.text }.joined(separator: "\n")
    }

    public var debugDescription: String { description }
}

/// A mutable graphics path. Adding to it transforms the given points by the optional `transform` first. Misuse
/// CoreGraphics only logs — a line or curve without a current point, NaN coordinates — is logged and ignored.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() {
        super.init(elements: PathElements())
    }

    override init(elements: PathElements) {
        super.init(elements: elements)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathMoveToPoint", point, transform) else { return }
        storage.withLock { $0.append(.move(point.applying(transform))) }
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddLineToPoint", point, transform) else { return }
        let ok = storage.withLock { d -> Bool in
            guard d.current != nil else { return false }
            d.append(.line(point.applying(transform)))
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGPathAddLineToPoint") }
    }

    /// A move to the first point, then lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first, CGMutablePath.valid("CGPathAddLines", points, transform) else { return }
        storage.withLock { d in
            d.append(.move(first.applying(transform)))
            for p in points.dropFirst() { d.append(.line(p.applying(transform))) }
        }
    }

    /// A cubic Bézier curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddCurveToPoint", [control1, control2, end], transform) else { return }
        let ok = storage.withLock { d -> Bool in
            guard d.current != nil else { return false }
            d.append(.cubic(control1.applying(transform), control2.applying(transform), end.applying(transform)))
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGPathAddCurveToPoint") }
    }

    /// A quadratic Bézier curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddQuadCurveToPoint", [control, end], transform) else { return }
        let ok = storage.withLock { d -> Bool in
            guard d.current != nil else { return false }
            d.append(.quad(control.applying(transform), end.applying(transform)))
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGPathAddQuadCurveToPoint") }
    }

    /// An arc of a circle from `startAngle` to `endAngle` (radians from the +x axis towards +y). `clockwise` is
    /// meant in a y-up space: clockwise decreases the angle, so in UIKit's flipped (y-down) space a clockwise arc
    /// turns counter-clockwise on screen. A line joins the current point to the arc's start (a move when the
    /// path is empty).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddArc", [center], transform),
              CGMutablePath.valid("CGPathAddArc", [radius, startAngle, endAngle]) else { return }
        let delta = PathElements.arcDelta(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        storage.withLock { $0.addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform) }
    }

    /// An arc of a circle starting at `startAngle` and turning by `delta` radians (positive: towards +y).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddRelativeArc", [center], transform),
              CGMutablePath.valid("CGPathAddRelativeArc", [radius, startAngle, delta]) else { return }
        storage.withLock { $0.addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform) }
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the line from
    /// `tangent1End` to `tangent2End`, preceded by a line to the first tangent point.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddArcToPoint", [tangent1End, tangent2End], transform),
              CGMutablePath.valid("CGPathAddArcToPoint", [radius]) else { return }
        let ok = storage.withLock { d -> Bool in
            guard d.current != nil else { return false }
            d.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: transform)
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGPathAddArcToPoint") }
    }

    /// A closed rectangular subpath (see `CGPath(rect:transform:)`).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddRect", rect) else { return }
        let elements = PathElements.rect(rect, transform)
        storage.withLock { d in for e in elements { d.append(e) } }
    }

    /// A closed rectangular subpath per rect.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// A closed elliptical subpath inscribed in `rect` (see `CGPath(ellipseIn:transform:)`).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddEllipseInRect", rect) else { return }
        let elements = PathElements.ellipse(rect, transform)
        storage.withLock { d in for e in elements { d.append(e) } }
    }

    /// A closed rounded-rectangle subpath (see `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard CGMutablePath.valid("CGPathAddRoundedRect", rect),
              CGMutablePath.valid("CGPathAddRoundedRect", [cornerWidth, cornerHeight]) else { return }
        CGPath.checkCorners(rect, cornerWidth, cornerHeight, api: "CGPathAddRoundedRect")
        let elements = PathElements.roundedRect(rect, max(0, cornerWidth), max(0, cornerHeight), transform)
        storage.withLock { d in for e in elements { d.append(e) } }
    }

    /// Appends `path`'s elements, mapped through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let other = path.data.applying(transform)
        storage.withLock { $0.append(contentsOf: other) }
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        let ok = storage.withLock { d -> Bool in
            guard d.current != nil else { return false }
            d.append(.close)
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGPathCloseSubpath") }
    }

    // MARK: Misuse

    static func noCurrentPoint(_ function: String) {
        TactileDiagnostics.logFromAnyThread(function, "\(function): no current point.")
    }

    /// CoreGraphics' console text for a NaN argument, which it ignores.
    static let invalidNumericValue = "Error: this application, or a library it uses, has passed an invalid numeric value (NaN, or not-a-number) to CoreGraphics API and this value is being ignored. Please fix this problem."

    static func valid(_ function: String, _ values: [CGFloat]) -> Bool {
        if values.contains(where: \.isNaN) {
            TactileDiagnostics.logFromAnyThread(function, invalidNumericValue)
            return false
        }
        return true
    }

    static func valid(_ function: String, _ point: CGPoint, _ t: CGAffineTransform) -> Bool {
        valid(function, [point.x, point.y, t.a, t.b, t.c, t.d, t.tx, t.ty])
    }

    static func valid(_ function: String, _ points: [CGPoint], _ t: CGAffineTransform) -> Bool {
        valid(function, points.flatMap { [$0.x, $0.y] } + [t.a, t.b, t.c, t.d, t.tx, t.ty])
    }

    static func valid(_ function: String, _ rect: CGRect) -> Bool {
        if rect.isNull { return true }
        return valid(function, [rect.origin.x, rect.origin.y, rect.width, rect.height])
    }
}

extension PathElements.Element {
    var type: CGPathElementType {
        switch self {
        case .move: return .moveToPoint
        case .line: return .addLineToPoint
        case .quad: return .addQuadCurveToPoint
        case .cubic: return .addCurveToPoint
        case .close: return .closeSubpath
        }
    }

    var text: String {
        func f(_ p: CGPoint) -> String { "(\(TactileFormat.number(p.x)), \(TactileFormat.number(p.y)))" }
        switch self {
        case .move(let p): return "moveto \(f(p))"
        case .line(let p): return "lineto \(f(p))"
        case .quad(let c, let p): return "quadto \(f(c)) \(f(p))"
        case .cubic(let c1, let c2, let p): return "curveto \(f(c1)) \(f(c2)) \(f(p))"
        case .close: return "closepath"
        }
    }
}

/// Short number formatting for descriptions: up to 3 decimals, no trailing zeros.
enum TactileFormat {
    static func number(_ v: CGFloat) -> String {
        if v.isNaN { return "nan" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        var s = String(format: "%.3f", Double(r))
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    static func rect(_ r: CGRect) -> String {
        if r.isNull { return "null" }
        return "(\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height)))"
    }
}
