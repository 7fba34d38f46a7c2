import Foundation

/// `UIImage`: an immutable image model — its size in points, scale, orientation, rendering mode and, when it
/// was drawn with a renderer or image context, the drawing commands (its `cgImage`'s `tactileDrawing`). Nothing is
/// decoded to pixels: image data is read for its dimensions (PNG, JPEG, GIF). Safe from any thread and
/// `Sendable`, and not main-actor isolated, as UIKit's.
///
/// Named images: a headless host has no asset catalogues, so `init(named:)` looks for `name.png` (or
/// `@2x`/`@3x`, `.jpg`) in the bundle, then for an image registered with ``tactileRegister(_:named:)``; any other
/// name yields an empty image — not nil — because the app's catalogue has it on a device.
open class UIImage: NSObject, @unchecked Sendable {
    /// Everything an image is (immutable); every initializer is designated, as UIKit's, so subclasses inherit them.
    struct Model {
        var name: String?
        var pixelSize: CGSize
        var scale: CGFloat
        var cgImage: CGImage?
        var symbol = false
        var orientation: Orientation = .up
        var renderingMode: RenderingMode = .automatic
        var capInsets: UIEdgeInsets = .zero
        var resizingMode: ResizingMode = .tile
        var images: [UIImage]?
        var duration: TimeInterval = 0
        var tint: UIColor?
        var configuration: SymbolConfiguration?

        init(name: String? = nil, pixelSize: CGSize = .zero, scale: CGFloat = 1, cgImage: CGImage? = nil) {
            self.name = name
            self.pixelSize = pixelSize
            self.scale = scale > 0 && scale.isFinite ? scale : 1
            self.cgImage = cgImage
        }
    }

    let model: Model

    init(model: Model) {
        self.model = model
        super.init()
    }

    /// The name the image was created with, if any (a testing hook: UIKit keeps it private).
    @_spi(Testing) public var name: String? { model.name }
    private var pixelSize: CGSize { model.pixelSize }
    private var storedScale: CGFloat { model.scale }
    /// The orientation the image's pixels are shown in.
    open var imageOrientation: Orientation { model.orientation }
    /// How the image is drawn: as is, or as a template tinted with the tint colour.
    open var renderingMode: RenderingMode { model.renderingMode }
    /// The insets of a resizable image (zero otherwise).
    open var capInsets: UIEdgeInsets { model.capInsets }
    open var resizingMode: ResizingMode { model.resizingMode }
    /// The frames of an animated image.
    open var images: [UIImage]? { model.images }
    /// An animated image's duration.
    open var duration: TimeInterval { model.duration }
    /// A symbol image's configuration.
    open var symbolConfiguration: SymbolConfiguration? { model.configuration }

    /// A copy with some attributes changed.
    private func with(_ change: (inout Model) -> Void) -> UIImage {
        var m = model
        change(&m)
        return UIImage(model: m)
    }

    /// An empty image.
    public override init() {
        model = Model()
        super.init()
    }

    /// An image model of the given size in points at scale 1 (Tactile's: UIKit makes sized images with a renderer).
    @_spi(Testing) public init(size: CGSize) {
        model = Model(pixelSize: size)
        super.init()
    }

    /// The image named `name`: a file in the bundle (`name.png`, `name@2x.png`, `name@3x.png`, `.jpg`), an
    /// image registered under the name, or else an empty image (see the type's documentation).
    public init?(named name: String) {
        model = NamedImages.model(named: name, in: .main)
        super.init()
    }

    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        model = NamedImages.model(named: name, in: bundle ?? .main)
        super.init()
    }

    public init?(named name: String, in bundle: Bundle?, with configuration: Configuration?) {
        model = NamedImages.model(named: name, in: bundle ?? .main)
        super.init()
    }

    /// A system symbol (SF Symbols). There is no symbol catalogue headless: every non-empty name gives a
    /// template symbol image, square, sized for the configuration's point size (17 points, UIKit's default
    /// body size, when none): 1.2 × the point size on each side at the main screen's scale.
    public init?(systemName name: String) {
        guard let m = Self.symbolModel(name, nil) else { return nil }
        model = m
        super.init()
    }

    public init?(systemName name: String, withConfiguration configuration: Configuration?) {
        guard let m = Self.symbolModel(name, configuration as? SymbolConfiguration) else { return nil }
        model = m
        super.init()
    }

    public init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        guard let m = Self.symbolModel(name, nil) else { return nil }
        model = m
        super.init()
    }

    private static func symbolModel(_ name: String, _ configuration: SymbolConfiguration?) -> Model? {
        guard !name.isEmpty else { return nil }
        let side = (configuration?.pointSize ?? 17) * 1.2 * (configuration?.scaleFactor ?? 1)
        let scale = TactileGraphicsHooks.mainScreenScale
        var m = Model(name: name, pixelSize: CGSize(width: side * scale, height: side * scale), scale: scale)
        m.symbol = true
        m.renderingMode = .alwaysTemplate
        m.configuration = configuration
        return m
    }

    /// An image of a `CGImage`'s pixels at scale 1.
    public init(cgImage: CGImage) {
        model = Model(pixelSize: CGSize(width: cgImage.width, height: cgImage.height), cgImage: cgImage)
        super.init()
    }

    /// An image of a `CGImage`'s pixels at `scale` pixels per point, shown in `orientation`.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        var m = Model(pixelSize: CGSize(width: cgImage.width, height: cgImage.height), scale: scale, cgImage: cgImage)
        m.orientation = orientation
        model = m
        super.init()
    }

    /// An image from PNG, JPEG or GIF data (its dimensions are read; pixels are not decoded); nil for data in
    /// another or a broken format.
    public init?(data: Data) {
        guard let size = ImageDataHeader.pixelSize(of: data) else { return nil }
        model = Model(pixelSize: size, cgImage: CGImage(width: Int(size.width), height: Int(size.height)))
        super.init()
    }

    public init?(data: Data, scale: CGFloat) {
        guard let size = ImageDataHeader.pixelSize(of: data) else { return nil }
        model = Model(pixelSize: size, scale: scale, cgImage: CGImage(width: Int(size.width), height: Int(size.height)))
        super.init()
    }

    /// An image from a file (`@2x`/`@3x` in the name sets the scale); nil when it cannot be read.
    public init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path), let size = ImageDataHeader.pixelSize(of: data) else { return nil }
        model = Model(pixelSize: size, scale: NamedImages.scale(inFileName: path),
                      cgImage: CGImage(width: Int(size.width), height: Int(size.height)))
        super.init()
    }

    /// An animated image of `images`, shown over `duration`.
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        var m = first.model
        m.images = images
        m.duration = duration
        return UIImage(model: m)
    }

    // MARK: - Size

    /// The size in points: pixels over ``scale``, turned for the left and right orientations.
    open var size: CGSize {
        let w = pixelSize.width / storedScale, h = pixelSize.height / storedScale
        switch imageOrientation {
        case .left, .leftMirrored, .right, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// Pixels per point.
    open var scale: CGFloat { storedScale }
    /// The pixels, when the image has them (drawn, loaded or made from a `CGImage`).
    open var cgImage: CGImage? { model.cgImage }
    /// Whether the image is a system or custom symbol.
    open var isSymbolImage: Bool { model.symbol }
    open var flipsForRightToLeftLayoutDirection: Bool { false }
    open var configuration: Configuration? { model.configuration }

    // MARK: - Variants

    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage { with { $0.renderingMode = renderingMode } }
    /// The image drawn in `color` (an original-rendering copy that keeps the tint).
    open func withTintColor(_ color: UIColor) -> UIImage { withTintColor(color, renderingMode: .alwaysOriginal) }
    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        with { $0.renderingMode = renderingMode; $0.tint = color }
    }
    /// The tint a `withTintColor(_:)` image is drawn in.
    var tint: UIColor? { model.tint }
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage { with { $0.capInsets = capInsets } }
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        with { $0.capInsets = capInsets; $0.resizingMode = resizingMode }
    }
    open func withHorizontallyFlippedOrientation() -> UIImage {
        let flipped: Orientation = switch imageOrientation {
        case .up: .upMirrored
        case .upMirrored: .up
        case .down: .downMirrored
        case .downMirrored: .down
        case .left: .rightMirrored
        case .rightMirrored: .left
        case .right: .leftMirrored
        case .leftMirrored: .right
        }
        return with { $0.orientation = flipped }
    }
    open func imageFlippedForRightToLeftLayoutDirection() -> UIImage { self }
    open func withConfiguration(_ configuration: Configuration) -> UIImage {
        guard model.symbol, let c = configuration as? SymbolConfiguration else { return self }
        let side = c.pointSize * 1.2 * c.scaleFactor * storedScale
        return with { $0.configuration = c; $0.pixelSize = CGSize(width: side, height: side) }
    }
    open func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? { withConfiguration(configuration) }

    // MARK: - Drawing

    /// Draws the image with its top-left corner at `point` (recorded in the current context; nothing happens
    /// without one).
    open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
    open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }
    /// Draws the image scaled into `rect` (recorded in the current context; nothing happens without one).
    open func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }
    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.drawUpright(model.cgImage ?? CGImage(width: Int(pixelSize.width), height: Int(pixelSize.height)), in: rect)
        context.restoreGState()
    }
    open func drawAsPattern(in rect: CGRect) { draw(in: rect) }

    /// The image as PNG data: a blank PNG of its pixel size (pixels are not rasterized headless).
    open func pngData() -> Data? {
        TactilePNG.blank(width: Int(pixelSize.width), height: Int(pixelSize.height), opaque: false)
    }

    /// Tactile has no JPEG encoder: the PNG data (its dimensions are what a headless test can check).
    open func jpegData(compressionQuality: CGFloat) -> Data? { pngData() }

    /// A smaller copy that fits `size` (pixels; the aspect ratio kept).
    open func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard pixelSize.width > 0, pixelSize.height > 0 else { return nil }
        let k = min(size.width / pixelSize.width, size.height / pixelSize.height)
        return with { $0.pixelSize = CGSize(width: (pixelSize.width * k).rounded(), height: (pixelSize.height * k).rounded()) }
    }

    // MARK: - Registry

    /// Registers `image` under `name` for `init(named:)` (Tactile: the host's stand-in for an asset catalogue).
    public static func tactileRegister(_ image: UIImage, named name: String) { NamedImages.register(image, named: name) }

    open override var description: String {
        "<UIImage: \(Unmanaged.passUnretained(self).toOpaque())>\(name.map { " named(\($0))" } ?? "") {\(size.width), \(size.height)}"
    }
}

extension UIImage {
    /// `UIImage.Orientation`.
    public enum Orientation: Int, Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// `UIImage.RenderingMode`.
    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal, alwaysTemplate
    }

    /// `UIImage.ResizingMode`.
    public enum ResizingMode: Int, Sendable {
        case tile = 0, stretch
    }

    /// `UIImage.SymbolWeight`.
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// `UIImage.SymbolScale`.
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified = 0, small, medium, large
    }

    /// `UIImage.Configuration`.
    open class Configuration: NSObject, @unchecked Sendable {
        public let traitCollection: UITraitCollection?
        init(traitCollection: UITraitCollection?) {
            self.traitCollection = traitCollection
            super.init()
        }
    }

    /// `UIImage.SymbolConfiguration`: point size (17 by default), weight and scale of a symbol.
    open class SymbolConfiguration: Configuration, @unchecked Sendable {
        let pointSize: CGFloat
        let weight: SymbolWeight
        let symbolScale: SymbolScale

        init(pointSize: CGFloat = 17, weight: SymbolWeight = .unspecified, scale: SymbolScale = .unspecified) {
            self.pointSize = pointSize > 0 && pointSize.isFinite ? pointSize : 17
            self.weight = weight
            symbolScale = scale
            super.init(traitCollection: nil)
        }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize: pointSize, weight: weight, scale: .unspecified) }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: 17, weight: weight, scale: .unspecified) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: 17, weight: .unspecified, scale: scale) }
        public convenience init(font: UIFont) { self.init(pointSize: font.pointSize, weight: .unspecified, scale: .unspecified) }
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: textStyle).pointSize, weight: .unspecified, scale: .unspecified)
        }

        /// Small symbols are 0.8 of the medium size, large ones 1.3 (an approximation of SF Symbols' scales).
        var scaleFactor: CGFloat {
            switch symbolScale {
            case .small: 0.8
            case .large: 1.3
            default: 1
            }
        }

        open override func isEqual(_ object: Any?) -> Bool {
            guard let o = object as? SymbolConfiguration else { return false }
            return o.pointSize == pointSize && o.weight == weight && o.symbolScale == symbolScale
        }
    }
}

/// The host's named images: bundle files, then registered images.
enum NamedImages {
    struct Found {
        let pixelSize: CGSize
        let scale: CGFloat
        let cgImage: CGImage?
    }

    private static let registry = NSLock()
    nonisolated(unsafe) private static var registered: [String: UIImage] = [:]

    static func register(_ image: UIImage, named name: String) {
        registry.lock()
        registered[name] = image
        registry.unlock()
    }

    /// The model for `init(named:)`: the image found, or an empty one under the name.
    static func model(named name: String, in bundle: Bundle) -> UIImage.Model {
        guard let found = lookup(name, in: bundle) else { return UIImage.Model(name: name) }
        return UIImage.Model(name: name, pixelSize: found.pixelSize, scale: found.scale, cgImage: found.cgImage)
    }

    static func lookup(_ name: String, in bundle: Bundle) -> Found? {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        for suffix in ["@3x", "@2x", ""] {
            for type in ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext] {
                if let path = bundle.path(forResource: base + suffix, ofType: type),
                   let data = FileManager.default.contents(atPath: path),
                   let size = ImageDataHeader.pixelSize(of: data) {
                    return Found(pixelSize: size, scale: scale(inFileName: path),
                                 cgImage: CGImage(width: Int(size.width), height: Int(size.height)))
                }
            }
        }
        registry.lock()
        defer { registry.unlock() }
        guard let image = registered[name] else { return nil }
        return Found(pixelSize: CGSize(width: image.size.width * image.scale, height: image.size.height * image.scale),
                     scale: image.scale, cgImage: image.cgImage)
    }

    static func scale(inFileName path: String) -> CGFloat {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }
}

/// Image dimensions from a file's header: PNG (IHDR), GIF (logical screen), JPEG (the first start-of-frame).
enum ImageDataHeader {
    static func pixelSize(of data: Data) -> CGSize? {
        let b = [UInt8](data.prefix(65_536))
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if b.count >= 24, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
           b[12..<16].elementsEqual(Array("IHDR".utf8)) {
            let w = be32(16), h = be32(20)
            return w > 0 && h > 0 ? CGSize(width: w, height: h) : nil
        }
        if b.count >= 10, b[0..<4].elementsEqual(Array("GIF8".utf8)) {
            let w = Int(b[6]) | Int(b[7]) << 8, h = Int(b[8]) | Int(b[9]) << 8
            return w > 0 && h > 0 ? CGSize(width: w, height: h) : nil
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    let h = be16(i + 5), w = be16(i + 7)
                    return w > 0 && h > 0 ? CGSize(width: w, height: h) : nil
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }
}
