import Foundation

/// `CALayerDelegate`: what a layer asks its delegate (a view is its layer's). Every method has a default, as
/// the Objective-C protocol's are optional: `display(_:)`'s draws the layer with `draw(_:in:)`.
public protocol CALayerDelegate: AnyObject {
    /// Updates the layer's content; the default draws it through ``draw(_:in:)``.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`; the default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layerWillDraw(_ layer: CALayer)
    func layoutSublayers(of layer: CALayer)
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.drawContents() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// `CAAction`: what runs when a layer property changes (an animation is one).
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// Which corners `CALayer.cornerRadius` rounds.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// Which edges of a layer are antialiased.
public struct CAEdgeAntialiasingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// Declares a `String`-backed name type as QuartzCore's (`CALayerContentsGravity.resize`, …).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let center = Self("center"), top = Self("top"), bottom = Self("bottom"), left = Self("left"),
                      right = Self("right"), topLeft = Self("topLeft"), topRight = Self("topRight"),
                      bottomLeft = Self("bottomLeft"), bottomRight = Self("bottomRight"), resize = Self("resize"),
                      resizeAspect = Self("resizeAspect"), resizeAspectFill = Self("resizeAspectFill")
}

public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let circular = Self("circular"), continuous = Self("continuous")
}

public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = Self("RGBA8"), RGBA16Float = Self("RGBAh"), gray8Uint = Self("Gray8")
}

public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let nearest = Self("nearest"), linear = Self("linear"), trilinear = Self("trilinear")
}
