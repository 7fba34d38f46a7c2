import Foundation
import Synchronization

/// The corners of a rectangle, in UIKit's top-left-origin space.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// A path of lines and curves with the attributes to draw it, over a `CGMutablePath`.
///
/// Angles are in radians from the +x axis; in UIKit's default (y-down) coordinates `clockwise: true` turns
/// clockwise on screen — from 0 to π clockwise is the bottom half of the circle. Drawing (`fill()`, `stroke()`,
/// `addClip()`) goes to `UIGraphicsGetCurrentContext()`; without a current context nothing happens. Not
/// main-actor bound, as UIKit's; the path and attributes are locked.
open class UIBezierPath: NSObject, NSCopying, @unchecked Sendable {
    private struct Attributes {
        var lineWidth: CGFloat = 1
        var lineCapStyle: CGLineCap = .butt
        var lineJoinStyle: CGLineJoin = .miter
        var miterLimit: CGFloat = 10
        var flatness: CGFloat = 0.6
        var usesEvenOddFillRule = false
        var dashPattern: [CGFloat] = []
        var dashPhase: CGFloat = 0
    }

    private let path = Mutex(CGMutablePath())
    private let attributes = Mutex(Attributes())

    private var mutablePath: CGMutablePath { path.withLock { $0 } }

    /// An empty path.
    public override init() {
        super.init()
    }

    /// A closed rectangle: from the rect's origin clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        mutablePath.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, starting at its right and turning clockwise on screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        mutablePath.addEllipse(in: rect)
    }

    /// A closed rectangle with circular corners of `cornerRadius` (clamped to half the shorter side), starting at
    /// the top edge and running clockwise on screen. UIKit's corners are "continuous" curves; these are circular
    /// quarter arcs.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A closed rectangle whose chosen corners are rounded with radius `cornerRadii.width` (UIKit ignores the
    /// height), clamped to half the shorter side.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = max(0, min(cornerRadii.width, r.width / 2, r.height / 2))
        func rad(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let tl = rad(.topLeft), tr = rad(.topRight), br = rad(.bottomRight), bl = rad(.bottomLeft)
        var elements: [PathElements.Element] = [.move(CGPoint(x: r.minX + tl, y: r.minY))]
        // Corners clockwise on screen (y down): top right, bottom right, bottom left, top left.
        let corners: [(CGFloat, CGPoint, Int, CGPoint)] = [
            (tr, CGPoint(x: r.maxX - tr, y: r.minY + tr), 3, CGPoint(x: r.maxX - tr, y: r.minY)),
            (br, CGPoint(x: r.maxX - br, y: r.maxY - br), 0, CGPoint(x: r.maxX, y: r.maxY - br)),
            (bl, CGPoint(x: r.minX + bl, y: r.maxY - bl), 1, CGPoint(x: r.minX + bl, y: r.maxY)),
            (tl, CGPoint(x: r.minX + tl, y: r.minY + tl), 2, CGPoint(x: r.minX, y: r.minY + tl)),
        ]
        var cursor = CGPoint(x: r.minX + tl, y: r.minY)
        for (radius, center, quadrant, edgeEnd) in corners {
            if edgeEnd != cursor { elements.append(.line(edgeEnd)); cursor = edgeEnd }
            if radius > 0 {
                let q = PathElements.quarterEllipse(center, radius, radius, quadrant: quadrant)
                elements.append(q)
                cursor = q.points.last!
            }
        }
        elements.append(.close)
        mutablePath.storage.withLock { d in for e in elements { d.append(e) } }
    }

    /// An open arc of a circle. `clockwise` is as seen on screen in UIKit's y-down space: from 0 to π clockwise
    /// is the bottom half.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with a copy of `cgPath`'s elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        mutablePath.addPath(cgPath)
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.path.withLock { $0 = mutablePath.mutableCopy() ?? CGMutablePath() }
        let a = attributes.withLock { $0 }
        copy.attributes.withLock { $0 = a }
        return copy
    }

    // MARK: The path

    /// An immutable copy of the path; setting it replaces the path with a copy.
    open var cgPath: CGPath {
        get { mutablePath.copy() ?? CGPath(elements: PathElements()) }
        set {
            let replacement = newValue.mutableCopy() ?? CGMutablePath()
            path.withLock { $0 = replacement }
        }
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { mutablePath.move(to: point) }

    /// A line from the current point; without one, CoreGraphics logs "no current point" and nothing is added.
    open func addLine(to point: CGPoint) { mutablePath.addLine(to: point) }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        mutablePath.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        mutablePath.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc, joined by a line to the current point if there is one. `clockwise` is as seen on screen in UIKit's
    /// y-down space (the opposite of `CGMutablePath.addArc`'s y-up sense).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        mutablePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath.
    open func close() { mutablePath.closeSubpath() }

    /// Removes every element.
    open func removeAllPoints() {
        path.withLock { $0 = CGMutablePath() }
    }

    /// Appends `bezierPath`'s elements.
    open func append(_ bezierPath: UIBezierPath) {
        mutablePath.addPath(bezierPath.cgPath)
    }

    /// A new path with each subpath traced in the opposite direction.
    open func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.path.withLock { $0 = CGMutablePath(elements: mutablePath.data.reversed()) }
        let a = attributes.withLock { $0 }
        reversed.attributes.withLock { $0 = a }
        return reversed
    }

    /// Maps every point through `transform`.
    open func apply(_ transform: CGAffineTransform) {
        let p = mutablePath
        let moved = p.data.applying(transform)
        p.storage.withLock { $0 = moved }
    }

    open var isEmpty: Bool { mutablePath.isEmpty }

    /// The smallest rect holding every point of the path, control points included.
    open var bounds: CGRect { mutablePath.boundingBox }

    /// The current point; `.zero` for an empty path.
    open var currentPoint: CGPoint {
        mutablePath.storage.withLock { $0.current } ?? .zero
    }

    /// Whether filling the path would cover `point` (under `usesEvenOddFillRule`); open subpaths count as closed.
    open func contains(_ point: CGPoint) -> Bool {
        mutablePath.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Drawing attributes

    /// Default 1.
    open var lineWidth: CGFloat {
        get { attributes.withLock { $0.lineWidth } }
        set { attributes.withLock { $0.lineWidth = newValue } }
    }

    /// Default `.butt`.
    open var lineCapStyle: CGLineCap {
        get { attributes.withLock { $0.lineCapStyle } }
        set { attributes.withLock { $0.lineCapStyle = newValue } }
    }

    /// Default `.miter`.
    open var lineJoinStyle: CGLineJoin {
        get { attributes.withLock { $0.lineJoinStyle } }
        set { attributes.withLock { $0.lineJoinStyle = newValue } }
    }

    /// Default 10.
    open var miterLimit: CGFloat {
        get { attributes.withLock { $0.miterLimit } }
        set { attributes.withLock { $0.miterLimit = newValue } }
    }

    /// Default 0.6.
    open var flatness: CGFloat {
        get { attributes.withLock { $0.flatness } }
        set { attributes.withLock { $0.flatness = newValue } }
    }

    /// Default false (non-zero winding).
    open var usesEvenOddFillRule: Bool {
        get { attributes.withLock { $0.usesEvenOddFillRule } }
        set { attributes.withLock { $0.usesEvenOddFillRule = newValue } }
    }

    /// The dash pattern: `count` lengths from `pattern` (nil or 0: solid), starting `phase` into it.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        let lengths = pattern.map { p in (0..<max(0, count)).map { p[$0] } } ?? []
        attributes.withLock {
            $0.dashPattern = lengths
            $0.dashPhase = phase
        }
    }

    /// Copies the dash pattern into `pattern` (which must hold it), its length into `count`, the phase into `phase`.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        let a = attributes.withLock { $0 }
        if let pattern { for (i, v) in a.dashPattern.enumerated() { pattern[i] = v } }
        count?.pointee = a.dashPattern.count
        phase?.pointee = a.dashPhase
    }

    // MARK: Drawing

    /// Fills the path's area in the current context with its fill colour (graphics state left as it was).
    open func fill() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        c.addPath(cgPath)
        c.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        c.restoreGState()
    }

    /// Fills with `blendMode` and `alpha`.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        c.setBlendMode(blendMode)
        c.setAlpha(alpha)
        fill()
        c.restoreGState()
    }

    /// Strokes the path in the current context with its stroke colour and the path's line attributes.
    open func stroke() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        let a = attributes.withLock { $0 }
        c.saveGState()
        c.setLineWidth(a.lineWidth)
        c.setLineCap(a.lineCapStyle)
        c.setLineJoin(a.lineJoinStyle)
        c.setMiterLimit(a.miterLimit)
        c.setFlatness(a.flatness)
        c.setLineDash(phase: a.dashPhase, lengths: a.dashPattern)
        c.addPath(cgPath)
        c.strokePath()
        c.restoreGState()
    }

    /// Strokes with `blendMode` and `alpha`.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        c.setBlendMode(blendMode)
        c.setAlpha(alpha)
        stroke()
        c.restoreGState()
    }

    /// Intersects the current context's clip with the path's area (not undone until the caller restores the
    /// graphics state).
    open func addClip() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.addPath(cgPath)
        c.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    open override var description: String {
        "<UIBezierPath: \(Unmanaged.passUnretained(self).toOpaque())> " + cgPath.description
    }
}
