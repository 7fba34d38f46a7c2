import Foundation

/// `CAShapeLayer`: a layer that draws a path — filled (opaque black by default, non-zero rule) and stroked
/// (no stroke colour by default). Its display records exactly that.
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor?
    /// The part of the path stroked, 0…1 of its length.
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
    open var lineWidth: CGFloat = 1
    open var miterLimit: CGFloat = 10
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?

    override func copyModel(from other: CALayer) {
        super.copyModel(from: other)
        guard let o = other as? CAShapeLayer else { return }
        path = o.path; fillColor = o.fillColor; fillRule = o.fillRule; strokeColor = o.strokeColor
        strokeStart = o.strokeStart; strokeEnd = o.strokeEnd; lineWidth = o.lineWidth; miterLimit = o.miterLimit
        lineCap = o.lineCap; lineJoin = o.lineJoin; lineDashPhase = o.lineDashPhase; lineDashPattern = o.lineDashPattern
    }

    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        guard let path else { return }
        if let fillColor {
            ctx.addPath(path)
            ctx.setFillColor(fillColor)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        if let strokeColor, lineWidth > 0, strokeEnd > strokeStart {
            ctx.addPath(path)
            ctx.setStrokeColor(strokeColor)
            ctx.setLineWidth(lineWidth)
            ctx.setMiterLimit(miterLimit)
            ctx.setLineCap(lineCap == .round ? .round : lineCap == .square ? .square : .butt)
            ctx.setLineJoin(lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
            if let pattern = lineDashPattern, !pattern.isEmpty {
                ctx.setLineDash(phase: lineDashPhase, lengths: pattern.map { CGFloat($0.doubleValue) })
            }
            ctx.strokePath()
        }
    }
}

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self("non-zero"), evenOdd = Self("even-odd")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self("butt"), round = Self("round"), square = Self("square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self("miter"), round = Self("round"), bevel = Self("bevel")
}
