import Foundation
import Synchronization

/// How `CGContext.drawPath(using:)` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable, Hashable {
    case fill = 0
    case eoFill = 1
    case stroke = 2
    case fillStroke = 3
    case eoFillStroke = 4
}

/// How painted pixels combine with those already there.
public enum CGBlendMode: Int32, Sendable, Hashable {
    case normal = 0
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
         exclusion, hue, saturation, color, luminosity
    case clear = 16
    case copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop,
         xor, plusDarker, plusLighter
}

/// How much care image scaling takes.
public enum CGInterpolationQuality: Int32, Sendable, Hashable {
    case `default` = 0
    case none = 1
    case low = 2
    case high = 3
    case medium = 4
}

/// How glyphs are painted.
public enum CGTextDrawingMode: Int32, Sendable, Hashable {
    case fill = 0
    case stroke, fillStroke, invisible, fillClip, strokeClip, fillStrokeClip, clip
}

/// A Quartz drawing destination that records instead of rasterizing (see `tactileDrawing`).
///
/// As in CoreGraphics: a graphics state (CTM, colours, line attributes, alpha, blend mode, shadow, clip) saved and
/// restored as a stack; a current path built in device space (points are transformed by the CTM when added) and
/// consumed by painting and clipping. A bitmap context's device space has its origin at the bottom left, y up;
/// UIKit's image contexts flip their CTM so user space has the origin at the top left, y down (AG-J-12).
/// A context is meant for one thread at a time, as CoreGraphics'; it is locked, so misuse cannot corrupt it.
public final class CGContext: @unchecked Sendable {
    struct Bitmap {
        var bitsPerComponent: Int
        var bitsPerPixel: Int
        var bytesPerRow: Int
        var colorSpace: CGColorSpace?
        var bitmapInfo: CGBitmapInfo
        var data: UnsafeMutableRawPointer?
    }

    struct GState {
        var ctm: CGAffineTransform
        var fillColor = CGColor(gray: 0, alpha: 1)
        var strokeColor = CGColor(gray: 0, alpha: 1)
        var lineWidth: CGFloat = 1
        var lineCap: CGLineCap = .butt
        var lineJoin: CGLineJoin = .miter
        var miterLimit: CGFloat = 10
        var dashPhase: CGFloat = 0
        var dashLengths: [CGFloat] = []
        var flatness: CGFloat = 1
        var alpha: CGFloat = 1
        var blendMode: CGBlendMode = .normal
        var shadow: TactileDrawing.Shadow?
        var clip: [TactileDrawing.ClipPath] = []
        var shouldAntialias = true
        var allowsAntialiasing = true
        var interpolationQuality: CGInterpolationQuality = .default
        var fontSize: CGFloat = 0
        var characterSpacing: CGFloat = 0
        var textDrawingMode: CGTextDrawingMode = .fill
        /// The product of the alphas of the transparency layers the painting is inside.
        var layerAlpha: CGFloat = 1
    }

    struct State {
        var gstate: GState
        var saved: [GState] = []
        /// The current path, in device space.
        var path = PathElements()
        var commands: [TactileDrawing.Command] = []
        var textMatrix = CGAffineTransform.identity
        var textPosition = CGPoint.zero
    }

    /// Pixel width and height (0 for contexts without a bitmap).
    public let width: Int
    public let height: Int
    let bitmap: Bitmap?
    /// Device space (CoreGraphics', y up) → recording space (pixels, y down).
    let deviceToRecording: CGAffineTransform
    /// Pixels per point of the base space (a UIKit context's scale; 1 for plain bitmap contexts).
    let baseScale: CGFloat
    let state: Mutex<State>

    // MARK: Creating

    /// A bitmap context of `width` × `height` pixels. Returns nil, logging CoreGraphics' message, for a pixel format
    /// CoreGraphics does not support (e.g. 8-bit RGB with non-premultiplied alpha) or a `bytesPerRow` too small.
    /// Nothing is rasterized: the buffer given stays as it was, and with `data` nil no buffer is made.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let colorComponents = space.numberOfComponents
        guard width > 0, height > 0, let alpha,
              let bpp = CGContext.bitsPerPixel(components: colorComponents, bitsPerComponent: bitsPerComponent,
                                               alpha: alpha, float: info.contains(.floatComponents)) else {
            TactileDiagnostics.logFromAnyThread("CGBitmapContextCreate",
                "CGBitmapContextCreate: unsupported parameter combination: \(bitsPerComponent) bits/component; "
                + "\(colorComponents) components; \(width)×\(height); bitmapInfo 0x\(String(bitmapInfo, radix: 16)).")
            return nil
        }
        let minimum = (width * bpp + 7) / 8
        if bytesPerRow != 0 && bytesPerRow < minimum {
            TactileDiagnostics.logFromAnyThread("CGBitmapContextCreate",
                "CGBitmapContextCreate: invalid data bytes/row: should be at least \(minimum) for \(bitsPerComponent) "
                + "integer bits/component, \(colorComponents) components, \(alpha).")
            return nil
        }
        self.width = width
        self.height = height
        bitmap = Bitmap(bitsPerComponent: bitsPerComponent, bitsPerPixel: bpp,
                        bytesPerRow: bytesPerRow == 0 ? minimum : bytesPerRow, colorSpace: space, bitmapInfo: info,
                        data: data)
        deviceToRecording = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        baseScale = 1
        state = Mutex(State(gstate: GState(ctm: .identity)))
    }

    /// A bitmap context of any pixel size (zero included) in 8-bit premultiplied RGBA with sRGB, its CTM set to
    /// `ctm` — how UIKit's image contexts and renderers are made.
    init(tactilePixelWidth w: Int, height h: Int, opaque: Bool, ctm: CGAffineTransform, scale: CGFloat = 1) {
        width = max(0, w)
        height = max(0, h)
        let info = CGBitmapInfo(rawValue: (opaque ? CGImageAlphaInfo.noneSkipFirst : .premultipliedFirst).rawValue)
            .union(.byteOrder32Little)
        bitmap = Bitmap(bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: max(0, w) * 4,
                        colorSpace: CGColorSpace(name: CGColorSpace.sRGB), bitmapInfo: info, data: nil)
        deviceToRecording = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        baseScale = scale
        state = Mutex(State(gstate: GState(ctm: ctm)))
    }

    /// A context as UIKit sets one up for drawing `size` points at `scale` pixels per point: the CTM maps user space
    /// (origin at `origin`'s top left, y down, points) to the bitmap's pixels (AG-J-12). For views' `draw(_:)`
    /// and image contexts.
    static func uikitContext(size: CGSize, scale: CGFloat, opaque: Bool, origin: CGPoint = .zero) -> CGContext {
        let s = scale > 0 && scale.isFinite ? scale : 1
        let w = pixelCount(size.width * s), h = pixelCount(size.height * s)
        let ctm = CGAffineTransform(translationX: -origin.x, y: -origin.y)
            .concatenating(CGAffineTransform(scaleX: s, y: -s))
            .concatenating(CGAffineTransform(translationX: 0, y: CGFloat(h)))
        return CGContext(tactilePixelWidth: w, height: h, opaque: opaque, ctm: ctm, scale: s)
    }

    static func pixelCount(_ v: CGFloat) -> Int {
        guard v.isFinite, v > 0 else { return 0 }
        return Int((v - 1e-6).rounded(.up))
    }

    /// CoreGraphics' supported bitmap formats: bits per pixel, or nil for an unsupported combination.
    static func bitsPerPixel(components: Int, bitsPerComponent bpc: Int, alpha: CGImageAlphaInfo, float: Bool) -> Int? {
        switch (components, alpha) {
        case (_, .alphaOnly) where bpc == 8:
            return 8
        case (1, .none) where bpc == 8 || bpc == 16 || (bpc == 32 && float):
            return bpc
        case (3, .noneSkipFirst) where bpc == 5:
            return 16
        case (3, .noneSkipFirst), (3, .noneSkipLast), (3, .premultipliedFirst), (3, .premultipliedLast):
            if bpc == 8 { return 32 }
            if bpc == 16 && (alpha == .premultipliedLast || alpha == .noneSkipLast) { return 64 }
            if bpc == 32 && float && (alpha == .premultipliedLast || alpha == .noneSkipLast) { return 128 }
            return nil
        default:
            return nil
        }
    }

    // MARK: Bitmap attributes

    public var bitsPerComponent: Int { bitmap?.bitsPerComponent ?? 0 }
    public var bitsPerPixel: Int { bitmap?.bitsPerPixel ?? 0 }
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    public var colorSpace: CGColorSpace? { bitmap?.colorSpace }
    public var bitmapInfo: CGBitmapInfo { bitmap?.bitmapInfo ?? [] }
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }
    /// The buffer given at creation (nothing is rasterized into it).
    public var data: UnsafeMutableRawPointer? { bitmap?.data }

    /// An image of the bitmap: its format and size, and what has been drawn so far; nil for a context without a
    /// bitmap.
    public func makeImage() -> CGImage? {
        guard let b = bitmap else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: b.bitsPerComponent, bitsPerPixel: b.bitsPerPixel,
                       bytesPerRow: b.bytesPerRow, colorSpace: b.colorSpace, bitmapInfo: b.bitmapInfo,
                       drawing: tactileDrawing)
    }

    /// What has been painted so far (a Tactile addition), in device pixels with the origin at the top left.
    public var tactileDrawing: TactileDrawing {
        let commands = state.withLock { $0.commands }
        return TactileDrawing(size: CGSize(width: width, height: height), scale: baseScale, commands: commands)
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() {
        state.withLock { $0.saved.append($0.gstate) }
    }

    /// Pops the graphics state last saved; without one, nothing happens.
    public func restoreGState() {
        state.withLock { s in
            guard let g = s.saved.popLast() else { return }
            let clipChanged = g.clip != s.gstate.clip
            s.gstate = g
            if clipChanged { s.commands.append(.clip(TactileDrawing.Clip(paths: g.clip))) }
        }
    }

    /// The current transformation matrix: user space → device space.
    public var ctm: CGAffineTransform { state.withLock { $0.gstate.ctm } }

    /// User space → device space (the CTM).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    /// Applies `transform` before the CTM (`CGContextConcatCTM`).
    public func concatenate(_ transform: CGAffineTransform) {
        state.withLock { $0.gstate.ctm = transform.concatenating($0.gstate.ctm) }
    }

    public func translateBy(x: CGFloat, y: CGFloat) {
        state.withLock { $0.gstate.ctm = $0.gstate.ctm.translatedBy(x: x, y: y) }
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        state.withLock { $0.gstate.ctm = $0.gstate.ctm.scaledBy(x: x, y: y) }
    }

    /// Rotates user space by `angle` radians (from +x towards +y).
    public func rotate(by angle: CGFloat) {
        state.withLock { $0.gstate.ctm = $0.gstate.ctm.rotated(by: angle) }
    }

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(ctm) }
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(ctm.inverted()) }
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm.inverted()) }

    public func setFillColor(_ color: CGColor) { state.withLock { $0.gstate.fillColor = color } }
    public func setStrokeColor(_ color: CGColor) { state.withLock { $0.gstate.strokeColor = color } }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }

    /// A CMYK fill colour, kept as its naive RGB equivalent.
    public func setFillColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: (1 - cyan) * (1 - black), green: (1 - magenta) * (1 - black),
                             blue: (1 - yellow) * (1 - black), alpha: alpha))
    }

    /// A CMYK stroke colour, kept as its naive RGB equivalent.
    public func setStrokeColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: (1 - cyan) * (1 - black), green: (1 - magenta) * (1 - black),
                               blue: (1 - yellow) * (1 - black), alpha: alpha))
    }

    public func setLineWidth(_ width: CGFloat) {
        guard CGMutablePath.valid("CGContextSetLineWidth", [width]) else { return }
        state.withLock { $0.gstate.lineWidth = width }
    }

    public func setLineCap(_ cap: CGLineCap) { state.withLock { $0.gstate.lineCap = cap } }
    public func setLineJoin(_ join: CGLineJoin) { state.withLock { $0.gstate.lineJoin = join } }
    public func setMiterLimit(_ limit: CGFloat) { state.withLock { $0.gstate.miterLimit = limit } }
    public func setFlatness(_ flatness: CGFloat) { state.withLock { $0.gstate.flatness = flatness } }

    /// The dash pattern (`lengths` empty: solid). CoreGraphics refuses negative lengths and all-zero patterns with a
    /// log, keeping the previous pattern.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        if lengths.contains(where: { $0 < 0 }) {
            TactileDiagnostics.logFromAnyThread("CGContextSetLineDash",
                "CGContextSetLineDash: invalid dash array: negative lengths are not allowed.")
            return
        }
        if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
            TactileDiagnostics.logFromAnyThread("CGContextSetLineDash",
                "CGContextSetLineDash: invalid dash array: at least one element must be non-zero.")
            return
        }
        state.withLock {
            $0.gstate.dashPhase = phase
            $0.gstate.dashLengths = lengths
        }
    }

    /// The alpha applied to everything painted, clamped to 0…1.
    public func setAlpha(_ alpha: CGFloat) {
        guard CGMutablePath.valid("CGContextSetAlpha", [alpha]) else { return }
        state.withLock { $0.gstate.alpha = min(1, max(0, alpha)) }
    }

    public func setBlendMode(_ mode: CGBlendMode) { state.withLock { $0.gstate.blendMode = mode } }

    /// A shadow under everything painted; a nil colour turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.withLock { s in
            s.gstate.shadow = color.map { TactileDrawing.Shadow(offset: offset, blur: blur, color: $0) }
        }
    }

    /// A shadow in black at one-third alpha, CoreGraphics' default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    public func setShouldAntialias(_ shouldAntialias: Bool) { state.withLock { $0.gstate.shouldAntialias = shouldAntialias } }
    public func setAllowsAntialiasing(_ allows: Bool) { state.withLock { $0.gstate.allowsAntialiasing = allows } }
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {}
    public func setAllowsFontSmoothing(_ allows: Bool) {}
    public func setShouldSubpixelPositionFonts(_ should: Bool) {}
    public func setAllowsFontSubpixelPositioning(_ allows: Bool) {}

    public var interpolationQuality: CGInterpolationQuality {
        get { state.withLock { $0.gstate.interpolationQuality } }
        set { state.withLock { $0.gstate.interpolationQuality = newValue } }
    }

    /// The text matrix (not part of the graphics state, as in CoreGraphics).
    public var textMatrix: CGAffineTransform {
        get { state.withLock { $0.textMatrix } }
        set { state.withLock { $0.textMatrix = newValue } }
    }

    public var textPosition: CGPoint {
        get { state.withLock { $0.textPosition } }
        set { state.withLock { $0.textPosition = newValue } }
    }

    public func setFontSize(_ size: CGFloat) { state.withLock { $0.gstate.fontSize = size } }
    public func setCharacterSpacing(_ spacing: CGFloat) { state.withLock { $0.gstate.characterSpacing = spacing } }
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.withLock { $0.gstate.textDrawingMode = mode } }

    /// Starts a transparency layer: what is painted until `endTransparencyLayer()` is composited as a whole with
    /// the current alpha (recorded as that alpha applied to each command inside).
    public func beginTransparencyLayer(auxiliaryInfo: [AnyHashable: Any]?) {
        state.withLock { s in
            s.saved.append(s.gstate)
            s.gstate.layerAlpha *= s.gstate.alpha
            s.gstate.alpha = 1
            s.gstate.shadow = nil
        }
    }

    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [AnyHashable: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    }

    public func endTransparencyLayer() { restoreGState() }

    public func flush() {}
    public func synchronize() {}

    // MARK: Current path

    /// Discards the current path.
    public func beginPath() { state.withLock { $0.path.removeAll() } }

    public func move(to point: CGPoint) {
        guard CGMutablePath.valid("CGContextMoveToPoint", [point.x, point.y]) else { return }
        state.withLock { $0.path.append(.move(point.applying($0.gstate.ctm))) }
    }

    public func addLine(to point: CGPoint) {
        guard CGMutablePath.valid("CGContextAddLineToPoint", [point.x, point.y]) else { return }
        let ok = state.withLock { s -> Bool in
            guard s.path.current != nil else { return false }
            s.path.append(.line(point.applying(s.gstate.ctm)))
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGContextAddLineToPoint") }
    }

    /// A move to the first point, then lines through the others.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first,
              CGMutablePath.valid("CGContextAddLines", points.flatMap { [$0.x, $0.y] }) else { return }
        state.withLock { s in
            s.path.append(.move(first.applying(s.gstate.ctm)))
            for p in points.dropFirst() { s.path.append(.line(p.applying(s.gstate.ctm))) }
        }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard CGMutablePath.valid("CGContextAddCurveToPoint", [end.x, end.y, control1.x, control1.y, control2.x, control2.y])
        else { return }
        let ok = state.withLock { s -> Bool in
            guard s.path.current != nil else { return false }
            let t = s.gstate.ctm
            s.path.append(.cubic(control1.applying(t), control2.applying(t), end.applying(t)))
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGContextAddCurveToPoint") }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard CGMutablePath.valid("CGContextAddQuadCurveToPoint", [end.x, end.y, control.x, control.y]) else { return }
        let ok = state.withLock { s -> Bool in
            guard s.path.current != nil else { return false }
            s.path.append(.quad(control.applying(s.gstate.ctm), end.applying(s.gstate.ctm)))
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGContextAddQuadCurveToPoint") }
    }

    /// An arc as `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)` adds one, in user
    /// space; under UIKit's flipped CTM `clockwise: true` turns counter-clockwise on screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard CGMutablePath.valid("CGContextAddArc", [center.x, center.y, radius, startAngle, endAngle]) else { return }
        let delta = PathElements.arcDelta(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        state.withLock { s in
            s.path.addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: s.gstate.ctm)
        }
    }

    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard CGMutablePath.valid("CGContextAddArcToPoint", [tangent1End.x, tangent1End.y, tangent2End.x, tangent2End.y, radius])
        else { return }
        let ok = state.withLock { s -> Bool in
            guard s.path.current != nil else { return false }
            s.path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: s.gstate.ctm)
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGContextAddArcToPoint") }
    }

    public func addRect(_ rect: CGRect) { addElements(PathElements.rect(rect, .identity), "CGContextAddRect", rect) }

    public func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }

    public func addEllipse(in rect: CGRect) { addElements(PathElements.ellipse(rect, .identity), "CGContextAddEllipseInRect", rect) }

    /// Adds `path` (in user space) to the current path.
    public func addPath(_ path: CGPath) {
        let elements = path.data
        state.withLock { $0.path.append(contentsOf: elements.applying($0.gstate.ctm)) }
    }

    public func closePath() {
        let ok = state.withLock { s -> Bool in
            guard s.path.current != nil else { return false }
            s.path.append(.close)
            return true
        }
        if !ok { CGMutablePath.noCurrentPoint("CGContextClosePath") }
    }

    /// Replaces the current path with the outline a stroke of it would cover.
    public func replacePathWithStrokedPath() {
        state.withLock { s in
            let g = s.gstate
            let w = g.lineWidth * CGContext.scaleFactor(g.ctm)
            s.path = s.path.strokeOutline(width: w, cap: g.lineCap, join: g.lineJoin, miterLimit: g.miterLimit)
        }
    }

    /// A copy of the current path in user space; nil when it is empty.
    public var path: CGPath? {
        state.withLock { s -> CGPath? in
            s.path.isEmpty ? nil : CGPath(elements: s.path.applying(s.gstate.ctm.inverted()))
        }
    }

    /// The current point in user space; `.zero` when the path is empty.
    public var currentPointOfPath: CGPoint {
        state.withLock { s in s.path.current.map { $0.applying(s.gstate.ctm.inverted()) } ?? .zero }
    }

    public var isPathEmpty: Bool { state.withLock { $0.path.isEmpty } }

    /// The current path's tight bounding box in user space; `.null` when empty.
    public var boundingBoxOfPath: CGRect {
        state.withLock { s in
            s.path.isEmpty ? .null : s.path.applying(s.gstate.ctm.inverted()).tightBounds
        }
    }

    /// Whether painting the current path with `mode` would cover `point` (user space).
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        state.withLock { s in
            let p = point.applying(s.gstate.ctm)
            let g = s.gstate
            func stroked() -> Bool {
                s.path.strokeOutline(width: g.lineWidth * CGContext.scaleFactor(g.ctm), cap: g.lineCap, join: g.lineJoin,
                                     miterLimit: g.miterLimit).contains(p, evenOdd: false)
            }
            switch mode {
            case .fill: return s.path.contains(p, evenOdd: false)
            case .eoFill: return s.path.contains(p, evenOdd: true)
            case .stroke: return stroked()
            case .fillStroke: return s.path.contains(p, evenOdd: false) || stroked()
            case .eoFillStroke: return s.path.contains(p, evenOdd: true) || stroked()
            }
        }
    }

    private func addElements(_ elements: [PathElements.Element], _ function: String, _ rect: CGRect) {
        guard CGMutablePath.valid(function, rect) else { return }
        state.withLock { s in for e in elements { s.path.append(e.mapPoints { $0.applying(s.gstate.ctm) }) } }
    }

    // MARK: Painting

    /// Fills the current path under `rule` with the fill colour, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        state.withLock { s in
            let current = s.path
            paintFill(&s, current, rule)
            s.path.removeAll()
        }
    }

    /// Strokes the current path with the stroke colour and line attributes, then clears the path.
    public func strokePath() {
        state.withLock { s in
            let current = s.path
            paintStroke(&s, current, widthOverride: nil)
            s.path.removeAll()
        }
    }

    /// Paints the current path as `mode` says (fill first, then stroke), then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        state.withLock { s in
            let current = s.path
            switch mode {
            case .fill: paintFill(&s, current, .winding)
            case .eoFill: paintFill(&s, current, .evenOdd)
            case .stroke: paintStroke(&s, current, widthOverride: nil)
            case .fillStroke:
                paintFill(&s, current, .winding)
                paintStroke(&s, current, widthOverride: nil)
            case .eoFillStroke:
                paintFill(&s, current, .evenOdd)
                paintStroke(&s, current, widthOverride: nil)
            }
            s.path.removeAll()
        }
    }

    /// Fills `rect` with the fill colour (clearing the current path, as CoreGraphics does).
    public func fill(_ rect: CGRect) { fill([rect]) }

    /// Fills the rects with the fill colour, as one painting.
    public func fill(_ rects: [CGRect]) { paintShape(rects.flatMap { PathElements.rect($0, .identity) }, stroke: false) }

    /// Strokes the outline of `rect`.
    public func stroke(_ rect: CGRect) { paintShape(PathElements.rect(rect, .identity), stroke: true) }

    /// Strokes the outline of `rect` with line width `width`.
    public func stroke(_ rect: CGRect, width: CGFloat) { paintShape(PathElements.rect(rect, .identity), stroke: true, width: width) }

    public func fillEllipse(in rect: CGRect) { paintShape(PathElements.ellipse(rect, .identity), stroke: false) }

    public func strokeEllipse(in rect: CGRect) { paintShape(PathElements.ellipse(rect, .identity), stroke: true) }

    /// Paints a shape given in user space — filled (non-zero) or stroked — and clears the current path, as
    /// CoreGraphics' rect and ellipse conveniences do.
    private func paintShape(_ elements: [PathElements.Element], stroke: Bool, width: CGFloat? = nil) {
        state.withLock { s in
            let shape = userShape(s, elements)
            if stroke { paintStroke(&s, shape, widthOverride: width) } else { paintFill(&s, shape, .winding) }
            s.path.removeAll()
        }
    }

    /// Strokes a line from each even-indexed point to the next (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        var elements: [PathElements.Element] = []
        var i = 0
        while i + 1 < points.count {
            elements.append(.move(points[i]))
            elements.append(.line(points[i + 1]))
            i += 2
        }
        state.withLock { s in
            let shape = userShape(s, elements)
            paintStroke(&s, shape, widthOverride: nil)
            s.path.removeAll()
        }
    }

    /// Clears `rect` to transparent.
    public func clear(_ rect: CGRect) {
        state.withLock { s in
            let device = rect.applying(s.gstate.ctm).applying(deviceToRecording)
            s.commands.append(.clear(device))
        }
    }

    /// Draws `image` to fill `rect`: its top row at `rect.maxY` in user space, as CoreGraphics' y-up convention
    /// has it — upside down under UIKit's flipped CTM (AG-J-12).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard CGMutablePath.valid("CGContextDrawImage", rect) else { return }
        state.withLock { s in
            let w = CGFloat(max(1, image.width)), h = CGFloat(max(1, image.height))
            let local = CGAffineTransform(a: rect.width / w, b: 0, c: 0, d: -rect.height / h, tx: rect.minX, ty: rect.maxY)
            let toDevice = local.concatenating(s.gstate.ctm).concatenating(deviceToRecording)
            let g = s.gstate
            s.commands.append(.image(TactileDrawing.Image(
                image: image, rect: rect.applying(g.ctm).applying(deviceToRecording), transform: toDevice,
                alpha: g.alpha * g.layerAlpha, blendMode: g.blendMode, interpolationQuality: g.interpolationQuality)))
        }
    }

    /// Draws `image` upright in `rect` of UIKit's flipped user space, as `UIImage.draw(in:)` does.
    func drawUpright(_ image: CGImage, in rect: CGRect) {
        saveGState()
        translateBy(x: 0, y: rect.minY + rect.maxY)
        scaleBy(x: 1, y: -1)
        draw(image, in: rect)
        restoreGState()
    }

    /// Records `string` drawn in `rect` (user space) with the given font — UIKit's text drawing calls this.
    func recordText(_ string: String, in rect: CGRect, fontName: String, pointSize: CGFloat, color: CGColor?) {
        state.withLock { s in
            let g = s.gstate
            s.commands.append(.text(TactileDrawing.Text(
                string: string, rect: rect.applying(g.ctm).applying(deviceToRecording), fontName: fontName,
                pointSize: pointSize, fontSize: pointSize * CGContext.scaleFactor(g.ctm), color: color,
                alpha: g.alpha * g.layerAlpha)))
        }
    }

    /// Paints another context's `drawing` into this one (compositing a layer tree): the drawing's pixels are
    /// mapped to user space at 1/`drawing.scale` points each — its top-left pixel at the user-space origin — and
    /// from there through the CTM. Alphas are multiplied by this context's alpha; the drawing's clips are
    /// intersected with this context's clip, which holds again afterwards.
    func tactileReplay(_ drawing: TactileDrawing) {
        state.withLock { s in
            let g = s.gstate
            let k = drawing.scale > 0 ? 1 / drawing.scale : 1
            let mapped = drawing.applying(CGAffineTransform(scaleX: k, y: k).concatenating(g.ctm).concatenating(deviceToRecording))
            let alpha = g.alpha * g.layerAlpha
            var clipped = false
            for command in mapped.commands {
                switch command {
                case .fill(var f):
                    f.alpha *= alpha
                    s.commands.append(.fill(f))
                case .stroke(var x):
                    x.alpha *= alpha
                    s.commands.append(.stroke(x))
                case .image(var i):
                    i.alpha *= alpha
                    s.commands.append(.image(i))
                case .text(var t):
                    t.alpha *= alpha
                    s.commands.append(.text(t))
                case .clear:
                    s.commands.append(command)
                case .clip(let c):
                    clipped = true
                    s.commands.append(.clip(TactileDrawing.Clip(paths: g.clip + c.paths)))
                }
            }
            if clipped { s.commands.append(.clip(TactileDrawing.Clip(paths: g.clip))) }
        }
    }

    // MARK: Clipping

    /// Intersects the clip with the current path (non-zero winding or even-odd), then clears the path. An empty
    /// path clips everything away.
    public func clip(using rule: CGPathFillRule = .winding) {
        state.withLock { s in
            let current = s.path
            addClip(&s, current, rule)
            s.path.removeAll()
        }
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        state.withLock { s in
            let shape = userShape(s, rects.flatMap { PathElements.rect($0, .identity) })
            addClip(&s, shape, .winding)
            s.path.removeAll()
        }
    }

    /// Intersects the clip with `rect` (the mask image's pixels are not modelled).
    public func clip(to rect: CGRect, mask: CGImage) { clip(to: rect) }

    /// Removes all clipping.
    public func resetClip() {
        state.withLock { s in
            guard !s.gstate.clip.isEmpty else { return }
            s.gstate.clip = []
            s.commands.append(.clip(TactileDrawing.Clip()))
        }
    }

    /// The bounding box of the clip in user space (the whole bitmap when unclipped).
    public var boundingBoxOfClipPath: CGRect {
        state.withLock { s in
            var box = CGRect(x: 0, y: 0, width: width, height: height)
            for c in s.gstate.clip { box = box.intersection(c.path.boundingBoxOfPath) }
            if box.isNull { return .zero }
            let recordingToUser = s.gstate.ctm.concatenating(deviceToRecording).inverted()
            return box.applying(recordingToUser)
        }
    }

    // MARK: Recording (lock held)

    private func userShape(_ s: State, _ elements: [PathElements.Element]) -> PathElements {
        PathElements(elements).applying(s.gstate.ctm)
    }

    private func paintFill(_ s: inout State, _ devicePath: PathElements, _ rule: CGPathFillRule) {
        guard !devicePath.isEmpty else { return }
        let g = s.gstate
        s.commands.append(.fill(TactileDrawing.Fill(
            path: CGPath(elements: devicePath.applying(deviceToRecording)), rule: rule, color: g.fillColor,
            alpha: g.alpha * g.layerAlpha, blendMode: g.blendMode, shadow: g.shadow)))
    }

    private func paintStroke(_ s: inout State, _ devicePath: PathElements, widthOverride: CGFloat?) {
        guard !devicePath.isEmpty else { return }
        let g = s.gstate
        let k = CGContext.scaleFactor(g.ctm)
        s.commands.append(.stroke(TactileDrawing.Stroke(
            path: CGPath(elements: devicePath.applying(deviceToRecording)), lineWidth: (widthOverride ?? g.lineWidth) * k,
            color: g.strokeColor, alpha: g.alpha * g.layerAlpha, blendMode: g.blendMode, lineCap: g.lineCap,
            lineJoin: g.lineJoin, miterLimit: g.miterLimit, dashLengths: g.dashLengths.map { $0 * k },
            dashPhase: g.dashPhase * k, shadow: g.shadow)))
    }

    private func addClip(_ s: inout State, _ devicePath: PathElements, _ rule: CGPathFillRule) {
        s.gstate.clip.append(TactileDrawing.ClipPath(path: CGPath(elements: devicePath.applying(deviceToRecording)), rule: rule))
        s.commands.append(.clip(TactileDrawing.Clip(paths: s.gstate.clip)))
    }

    /// How much the CTM scales lengths (the square root of its area factor).
    static func scaleFactor(_ t: CGAffineTransform) -> CGFloat {
        abs(t.a * t.d - t.b * t.c).squareRoot()
    }
}
