import Foundation
import Synchronization

// UIKit's graphics-context stack and image contexts. The stack is per thread, as UIKit's: drawing on a background
// thread (an image renderer, say) never sees the main thread's contexts.

/// Hooks the rest of Tactile sets.
enum TactileGraphicsHooks {
    private static let scale = Mutex<CGFloat>(3)

    /// The main screen's scale: what a scale of 0 means to `UIGraphicsBeginImageContextWithOptions` and the
    /// default of `UIGraphicsImageRendererFormat.scale`. 3 until UIScreen sets it.
    static var mainScreenScale: CGFloat {
        get { scale.withLock { $0 } }
        set { scale.withLock { $0 = newValue } }
    }
}

/// The current thread's UIKit context stack.
final class GraphicsContextStack {
    struct Entry {
        let context: CGContext
        /// Points per pixel for an image context (`UIGraphicsBeginImageContext…`); nil for a pushed context.
        let imageScale: CGFloat?
    }

    var entries: [Entry] = []

    private static let key = "TactileUIGraphicsContextStack"

    static var current: GraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        dictionary[key] = stack
        return stack
    }

    static func push(_ context: CGContext, imageScale: CGFloat? = nil) {
        current.entries.append(Entry(context: context, imageScale: imageScale))
    }

    @discardableResult
    static func pop() -> Entry? { current.entries.popLast() }
}

/// The graphics context on top of the current thread's UIKit stack: the one `draw(_:)`, an image context or an
/// image renderer set up; nil outside of any.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.entries.last?.context
}

/// Makes `context` the current context (push onto the current thread's stack).
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.push(context)
}

/// Restores the context that was current before the last push; with an empty stack, nothing happens.
public func UIGraphicsPopContext() {
    GraphicsContextStack.pop()
}

/// Starts a bitmap image context of `size` points at scale 1, not opaque, and makes it current.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Starts a bitmap image context of `size` points and makes it current. A `scale` of 0 means the main screen's.
/// The context's user space has its origin at the top left, y down, in points (AG-J-12). A size with no pixels
/// is logged, as UIKit does; the context is still pushed, so the matching end call stays balanced.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale == 0 ? TactileGraphicsHooks.mainScreenScale : scale
    let context = CGContext.uikitContext(size: size, scale: s, opaque: opaque)
    if context.width == 0 || context.height == 0 {
        TactileDiagnostics.logFromAnyThread("UIGraphicsBeginImageContext",
            "UIGraphicsBeginImageContext() failed to allocate CGBitampContext: size={\(size.width), \(size.height)}, "
            + "scale=\(s), bitsPerComponent=8, bytesPerRow=\(context.bytesPerRow)")
    }
    GraphicsContextStack.push(context, imageScale: s)
}

/// An image of what has been drawn into the current image context; nil when the current context is not one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.current.entries.last, let scale = entry.imageScale,
          let cgImage = entry.context.makeImage() else { return nil }
    return UIImage(cgImage: cgImage, scale: scale, orientation: .up)
}

/// Ends the current image context (pops it); when the current context is not an image context, nothing happens.
public func UIGraphicsEndImageContext() {
    guard let entry = GraphicsContextStack.current.entries.last, entry.imageScale != nil else { return }
    GraphicsContextStack.pop()
}

/// Fills `rect` in the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Fills `rect` in the current context with its fill colour and `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let c = UIGraphicsGetCurrentContext() else { return }
    c.saveGState()
    c.setBlendMode(blendMode)
    c.fill(rect)
    c.restoreGState()
}

/// Draws a one-point frame just inside `rect` with the current fill colour.
public func UIRectFrame(_ rect: CGRect) {
    UIRectFrameUsingBlendMode(rect, .normal)
}

/// Draws a one-point frame just inside `rect` with the current fill colour and `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let c = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    let t = min(1, r.height), l = min(1, r.width)
    c.saveGState()
    c.setBlendMode(blendMode)
    c.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: t),
            CGRect(x: r.minX, y: r.maxY - t, width: r.width, height: t),
            CGRect(x: r.minX, y: r.minY + t, width: l, height: max(0, r.height - 2 * t)),
            CGRect(x: r.maxX - l, y: r.minY + t, width: l, height: max(0, r.height - 2 * t))])
    c.restoreGState()
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.clip(to: rect)
}

// MARK: - Renderers

/// The configuration of a graphics renderer's contexts. Not main-actor bound: renderers work on any thread.
open class UIGraphicsRendererFormat: NSObject, @unchecked Sendable {
    var rendererBounds: CGRect = .zero

    public required override init() {
        super.init()
    }

    /// The bounds of the renderer this format belongs to (zero until it is given to one).
    open var bounds: CGRect { rendererBounds }

    /// A format for the device's highest fidelity.
    open class func `default`() -> Self { self.init() }

    /// The format that suits the main screen's current configuration.
    open class func preferred() -> Self { self.init() }

    func copyFormat() -> UIGraphicsRendererFormat {
        let copy = type(of: self).init()
        copy.rendererBounds = rendererBounds
        return copy
    }
}

/// The drawing environment a renderer hands its actions.
open class UIGraphicsRendererContext: NSObject, @unchecked Sendable {
    /// The Core Graphics context to draw into.
    public let cgContext: CGContext
    let baseFormat: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        baseFormat = format
        super.init()
    }

    open var format: UIGraphicsRendererFormat { baseFormat }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the current fill colour and `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes the outline of `rect` with the current stroke colour and line width.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Strokes the outline of `rect` with the current stroke colour, line width and `blendMode`.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// The base of UIKit's graphics renderers.
open class UIGraphicsRenderer: NSObject, @unchecked Sendable {
    let rendererFormat: UIGraphicsRendererFormat

    /// A renderer for `bounds` with the default format.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    /// A renderer for `bounds`; the format is copied.
    public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
        rendererFormat = format.copyFormat()
        rendererFormat.rendererBounds = bounds
        super.init()
    }

    /// The renderer's format (its `bounds` are the renderer's).
    open var format: UIGraphicsRendererFormat { rendererFormat }

    /// Whether the renderer makes images.
    open var allowsImageOutput: Bool { false }
}

/// An image renderer's format: scale (the main screen's by default), opacity and colour range.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat, @unchecked Sendable {
    /// The colour range of the renderer's images.
    public enum Range: Int, Sendable {
        case unspecified = -1
        case automatic = 0
        case extended = 1
        case standard = 2
    }

    /// Pixels per point; the main screen's scale by default.
    open var scale: CGFloat = TactileGraphicsHooks.mainScreenScale
    /// True if the images have no alpha channel (an undrawn opaque pixel is black). Default false.
    open var opaque = false
    /// Default `.automatic`.
    open var preferredRange: Range = .automatic

    @available(*, deprecated, message: "Use preferredRange")
    open var prefersExtendedRange: Bool {
        get { preferredRange == .extended }
        set { preferredRange = newValue ? .extended : .standard }
    }

    public required init() {
        super.init()
    }

    override func copyFormat() -> UIGraphicsRendererFormat {
        let copy = UIGraphicsImageRendererFormat()
        copy.rendererBounds = rendererBounds
        copy.scale = scale
        copy.opaque = opaque
        copy.preferredRange = preferredRange
        return copy
    }
}

/// The context an image renderer's actions draw into.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext, @unchecked Sendable {
    let imageFormat: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, imageFormat: UIGraphicsImageRendererFormat) {
        self.imageFormat = imageFormat
        super.init(cgContext: cgContext, format: imageFormat)
    }

    open override var format: UIGraphicsImageRendererFormat { imageFormat }

    /// An image of what has been drawn so far.
    open var currentImage: UIImage {
        let cg = cgContext.makeImage() ?? CGImage(width: 0, height: 0)
        return UIImage(cgImage: cg, scale: imageFormat.scale, orientation: .up)
    }
}

/// Makes images by running drawing actions in a bitmap context whose user space is the renderer's bounds in
/// points, origin at the top left, y down, scaled by the format's scale (AG-J-12). Safe from any thread: each
/// call has its own context, current on the calling thread for the duration of the actions.
open class UIGraphicsImageRenderer: UIGraphicsRenderer, @unchecked Sendable {
    /// A renderer for images of `size` points with the default format.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: UIGraphicsImageRendererFormat.default())
    }

    /// A renderer for images of `bounds` with the default format: the bounds' origin is the image's top-left corner.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsImageRendererFormat.default())
    }

    /// A renderer for images of `size` points.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer for images of `bounds`: the bounds' origin is the image's top-left corner.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        super.init(bounds: bounds, format: format)
    }

    open override var format: UIGraphicsImageRendererFormat {
        rendererFormat as? UIGraphicsImageRendererFormat ?? UIGraphicsImageRendererFormat()
    }

    open override var allowsImageOutput: Bool { true }

    /// Runs `actions` and returns the image: `bounds.size` points at the format's scale, with what they drew.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let (context, rendererContext) = run(actions)
        let cg = context.makeImage() ?? CGImage(width: 0, height: 0)
        return UIImage(cgImage: cg, scale: rendererContext.format.scale, orientation: .up)
    }

    /// Runs `actions` and returns the image as PNG data (pixels are not rasterized: a blank PNG of the image's
    /// pixel size — transparent, or black when the format is opaque).
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        let (context, _) = run(actions)
        return TactilePNG.blank(width: context.width, height: context.height, opaque: format.opaque)
    }

    private func run(_ actions: (UIGraphicsImageRendererContext) -> Void) -> (CGContext, UIGraphicsImageRendererContext) {
        let f = format
        let b = f.bounds
        let context = CGContext.uikitContext(size: b.size, scale: f.scale, opaque: f.opaque, origin: b.origin)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, imageFormat: f)
        GraphicsContextStack.push(context)
        let depth = GraphicsContextStack.current.entries.count
        actions(rendererContext)
        // Pop back to (and including) our context, even if the actions left pushes unbalanced.
        while GraphicsContextStack.current.entries.count >= depth { GraphicsContextStack.pop() }
        return (context, rendererContext)
    }
}

// MARK: - PNG

/// A minimal PNG writer for blank images (stored deflate blocks, no compression).
enum TactilePNG {
    static func blank(width: Int, height: Int, opaque: Bool) -> Data {
        let w = max(0, width), h = max(0, height)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data()
        ihdr.append(bigEndian: UInt32(w))
        ihdr.append(bigEndian: UInt32(h))
        ihdr.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])     // 8-bit RGB or RGBA
        chunk("IHDR", ihdr, into: &png)
        let rowBytes = 1 + w * (opaque ? 3 : 4)
        let raw = [UInt8](repeating: 0, count: rowBytes * h)      // filter 0, all-zero pixels
        chunk("IDAT", zlibStored(raw), into: &png)
        chunk("IEND", Data(), into: &png)
        return png
    }

    private static func chunk(_ type: String, _ body: Data, into png: inout Data) {
        png.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        png.append(typed)
        png.append(bigEndian: crc32(typed))
    }

    private static func zlibStored(_ bytes: [UInt8]) -> Data {
        var out = Data([0x78, 0x01])
        var i = 0
        repeat {
            let n = min(65_535, bytes.count - i)
            let last = i + n >= bytes.count
            out.append(last ? 1 : 0)
            out.append(UInt8(n & 0xFF)); out.append(UInt8(n >> 8))
            out.append(UInt8(~n & 0xFF)); out.append(UInt8((~n >> 8) & 0xFF))
            out.append(contentsOf: bytes[i..<(i + n)])
            i += n
        } while i < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.append(bigEndian: (b << 16) | a)
        return out
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

private extension Data {
    mutating func append(bigEndian v: UInt32) {
        append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)])
    }
}
