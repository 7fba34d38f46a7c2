import Foundation

/// `CAGradientLayer`: a gradient over the layer's bounds, as a model (colours, stops, start and end in unit
/// coordinates — top centre to bottom centre by default).
open class CAGradientLayer: CALayer {
    /// The colours (`CGColor`s).
    open var colors: [Any]?
    /// The stops, 0…1, one per colour; nil spreads the colours evenly.
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
    open var type: CAGradientLayerType = .axial

    /// The colours as `CGColor`s (what `colors` holds that is one).
    var gradientColors: [CGColor] { (colors ?? []).compactMap { $0 as? CGColor } }

    override func copyModel(from other: CALayer) {
        super.copyModel(from: other)
        guard let o = other as? CAGradientLayer else { return }
        colors = o.colors; locations = o.locations; startPoint = o.startPoint; endPoint = o.endPoint; type = o.type
    }
}

public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self("axial"), radial = Self("radial"), conic = Self("conic")
}

/// `CATextLayer`: text as a model (36-point white text by default).
open class CATextLayer: CALayer {
    /// A `String` or an `NSAttributedString`.
    open var string: Any?
    /// A font (`UIFont`, or a font name).
    open var font: Any?
    open var fontSize: CGFloat = 36
    open var foregroundColor: CGColor? = CGColor(gray: 1, alpha: 1)
    open var isWrapped = false
    open var truncationMode: CATextLayerTruncationMode = .none
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var allowsFontSubpixelQuantization = false

    override func copyModel(from other: CALayer) {
        super.copyModel(from: other)
        guard let o = other as? CATextLayer else { return }
        string = o.string; font = o.font; fontSize = o.fontSize; foregroundColor = o.foregroundColor
        isWrapped = o.isWrapped; truncationMode = o.truncationMode; alignmentMode = o.alignmentMode
    }
}

public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let none = Self("none"), start = Self("start"), end = Self("end"), middle = Self("middle")
}

public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let natural = Self("natural"), left = Self("left"), right = Self("right"), center = Self("center"),
                      justified = Self("justified")
}

/// `CAReplicatorLayer`: copies of its sublayers, as a model.
open class CAReplicatorLayer: CALayer {
    open var instanceCount = 1
    open var preservesDepth = false
    open var instanceDelay: CFTimeInterval = 0
    open var instanceTransform = CATransform3DIdentity
    open var instanceColor: CGColor?
    open var instanceRedOffset: Float = 0
    open var instanceGreenOffset: Float = 0
    open var instanceBlueOffset: Float = 0
    open var instanceAlphaOffset: Float = 0
}

/// `CATransformLayer`: a layer that only groups its sublayers in 3D.
open class CATransformLayer: CALayer {}

public typealias CFTimeInterval = Double
