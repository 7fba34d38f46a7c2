import Foundation

/// What a `CGContext` painted, in order (a Tactile addition: nothing is rasterized headless).
///
/// Every command is resolved to device space when it was painted: the context's pixels, origin at the top left,
/// y down — the way the finished image is seen. A 10×10-point rect filled at the origin of a 2× image renderer
/// is recorded at (0, 0, 20, 20). Paths are immutable `CGPath`s in that space, so a test can ask
/// `fill.path.contains(_:)` or `fill.path.boundingBoxOfPath`; line widths and font sizes are in device units.
public struct TactileDrawing: Sendable, Equatable, CustomStringConvertible {
    /// The canvas in device pixels.
    public var size: CGSize
    /// Device pixels per point of the context's base space: the image scale of a UIKit image context or
    /// renderer, 1 for a bitmap context made with `CGContext(data:…)`.
    public var scale: CGFloat
    /// What was painted, first to last.
    public var commands: [Command]

    public init(size: CGSize = .zero, scale: CGFloat = 1, commands: [Command] = []) {
        self.size = size
        self.scale = scale
        self.commands = commands
    }

    /// True if nothing was painted (clip changes alone count as painting nothing).
    public var isEmpty: Bool {
        !commands.contains { if case .clip = $0 { return false } else { return true } }
    }

    /// One painting operation, or a change of the clip.
    public enum Command: Sendable, Equatable, CustomStringConvertible {
        /// A path filled with a colour.
        case fill(Fill)
        /// A path stroked with a colour.
        case stroke(Stroke)
        /// A rect cleared to transparent (`CGContext.clear(_:)`), as the device-space bounding box.
        case clear(CGRect)
        /// An image drawn.
        case image(Image)
        /// A string drawn (by UIKit's text drawing).
        case text(Text)
        /// The clip that holds from here on (after `clip()`, `restoreGState()`, `resetClip()`, …).
        case clip(Clip)

        public var fill: Fill? { if case .fill(let f) = self { return f } else { return nil } }
        public var stroke: Stroke? { if case .stroke(let s) = self { return s } else { return nil } }
        public var image: Image? { if case .image(let i) = self { return i } else { return nil } }
        public var text: Text? { if case .text(let t) = self { return t } else { return nil } }
        public var clip: Clip? { if case .clip(let c) = self { return c } else { return nil } }

        public var description: String {
            switch self {
            case .fill(let f): return f.description
            case .stroke(let s): return s.description
            case .clear(let r): return "clear \(TactileFormat.rect(r))"
            case .image(let i): return i.description
            case .text(let t): return t.description
            case .clip(let c): return c.description
            }
        }
    }

    /// A shadow as set with `CGContext.setShadow(offset:blur:color:)`; offset and blur as given (CoreGraphics
    /// keeps them in base space, unaffected by the CTM).
    public struct Shadow: Sendable, Equatable {
        public var offset: CGSize
        public var blur: CGFloat
        public var color: CGColor

        public init(offset: CGSize, blur: CGFloat, color: CGColor) {
            self.offset = offset
            self.blur = blur
            self.color = color
        }
    }

    /// A filled path.
    public struct Fill: Sendable, Equatable, CustomStringConvertible {
        /// The path in device space.
        public var path: CGPath
        public var rule: CGPathFillRule
        public var color: CGColor
        /// The context's alpha (`setAlpha`), on top of the colour's own alpha.
        public var alpha: CGFloat
        public var blendMode: CGBlendMode
        public var shadow: Shadow?

        public init(path: CGPath, rule: CGPathFillRule, color: CGColor, alpha: CGFloat = 1,
                    blendMode: CGBlendMode = .normal, shadow: Shadow? = nil) {
            self.path = path
            self.rule = rule
            self.color = color
            self.alpha = alpha
            self.blendMode = blendMode
            self.shadow = shadow
        }

        public var description: String {
            "fill \(rule == .evenOdd ? "evenOdd" : "winding") \(TactileDrawing.describe(color))"
                + TactileDrawing.describeExtras(alpha, blendMode, shadow)
                + " bounds \(TactileFormat.rect(path.boundingBoxOfPath))"
        }
    }

    /// A stroked path.
    public struct Stroke: Sendable, Equatable, CustomStringConvertible {
        /// The path in device space.
        public var path: CGPath
        /// The line width in device units (the user-space width scaled by the CTM).
        public var lineWidth: CGFloat
        public var color: CGColor
        public var alpha: CGFloat
        public var blendMode: CGBlendMode
        public var lineCap: CGLineCap
        public var lineJoin: CGLineJoin
        public var miterLimit: CGFloat
        /// Dash lengths in device units; empty for a solid line.
        public var dashLengths: [CGFloat]
        public var dashPhase: CGFloat
        public var shadow: Shadow?

        public init(path: CGPath, lineWidth: CGFloat, color: CGColor, alpha: CGFloat = 1, blendMode: CGBlendMode = .normal,
                    lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
                    dashLengths: [CGFloat] = [], dashPhase: CGFloat = 0, shadow: Shadow? = nil) {
            self.path = path
            self.lineWidth = lineWidth
            self.color = color
            self.alpha = alpha
            self.blendMode = blendMode
            self.lineCap = lineCap
            self.lineJoin = lineJoin
            self.miterLimit = miterLimit
            self.dashLengths = dashLengths
            self.dashPhase = dashPhase
            self.shadow = shadow
        }

        /// The device-space area the stroke covers (dashes ignored), for hit-testing it.
        public var outline: CGPath {
            path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit)
        }

        public var description: String {
            var s = "stroke width \(TactileFormat.number(lineWidth)) \(TactileDrawing.describe(color))"
            if lineCap != .butt { s += " cap \(lineCap)" }
            if lineJoin != .miter { s += " join \(lineJoin)" }
            if !dashLengths.isEmpty { s += " dash \(dashLengths.map(TactileFormat.number)) phase \(TactileFormat.number(dashPhase))" }
            return s + TactileDrawing.describeExtras(alpha, blendMode, shadow) + " bounds \(TactileFormat.rect(path.boundingBoxOfPath))"
        }
    }

    /// A drawn image.
    public struct Image: Sendable, Equatable, CustomStringConvertible {
        public var image: CGImage
        /// The image's size in pixels.
        public var width: Int
        public var height: Int
        /// The device-space bounding box of where it landed.
        public var rect: CGRect
        /// Maps the image's pixel grid (origin top left, y down, `width` × `height`) to device space.
        public var transform: CGAffineTransform
        public var alpha: CGFloat
        public var blendMode: CGBlendMode
        public var interpolationQuality: CGInterpolationQuality
        /// True if the image came out upside down in device space — what `CGContext.draw(_:in:)` does under
        /// UIKit's flipped CTM unless the caller flips back (AG-J-12).
        public var isFlippedVertically: Bool { transform.d < 0 }

        public init(image: CGImage, rect: CGRect, transform: CGAffineTransform, alpha: CGFloat = 1,
                    blendMode: CGBlendMode = .normal, interpolationQuality: CGInterpolationQuality = .default) {
            self.image = image
            self.width = image.width
            self.height = image.height
            self.rect = rect
            self.transform = transform
            self.alpha = alpha
            self.blendMode = blendMode
            self.interpolationQuality = interpolationQuality
        }

        public var description: String {
            "image \(width)×\(height) px in \(TactileFormat.rect(rect))" + (isFlippedVertically ? " flipped" : "")
                + TactileDrawing.describeExtras(alpha, blendMode, nil)
        }
    }

    /// A drawn string.
    public struct Text: Sendable, Equatable, CustomStringConvertible {
        public var string: String
        /// The device-space bounding box of the text's layout rect.
        public var rect: CGRect
        public var fontName: String
        /// The font's point size, as given.
        public var pointSize: CGFloat
        /// The font size in device units (the point size scaled by the CTM).
        public var fontSize: CGFloat
        public var color: CGColor?
        public var alpha: CGFloat

        public init(string: String, rect: CGRect, fontName: String, pointSize: CGFloat, fontSize: CGFloat,
                    color: CGColor?, alpha: CGFloat = 1) {
            self.string = string
            self.rect = rect
            self.fontName = fontName
            self.pointSize = pointSize
            self.fontSize = fontSize
            self.color = color
            self.alpha = alpha
        }

        public var description: String {
            "text \(string.debugDescription) \(fontName) \(TactileFormat.number(pointSize))pt"
                + (color.map { " " + TactileDrawing.describe($0) } ?? "") + " in \(TactileFormat.rect(rect))"
        }
    }

    /// One clipping path in device space.
    public struct ClipPath: Sendable, Equatable {
        public var path: CGPath
        public var rule: CGPathFillRule

        public init(path: CGPath, rule: CGPathFillRule) {
            self.path = path
            self.rule = rule
        }
    }

    /// The clip in force: painting shows only inside every one of `paths`; none means unclipped.
    public struct Clip: Sendable, Equatable, CustomStringConvertible {
        public var paths: [ClipPath]

        public init(paths: [ClipPath] = []) { self.paths = paths }

        /// Whether a device-space point survives the clip.
        public func contains(_ point: CGPoint) -> Bool {
            paths.allSatisfy { $0.path.contains(point, using: $0.rule) }
        }

        public var description: String {
            paths.isEmpty ? "clip none"
                : "clip " + paths.map { TactileFormat.rect($0.path.boundingBoxOfPath) }.joined(separator: " ∩ ")
        }
    }

    // MARK: Queries

    public var fills: [Fill] { commands.compactMap(\.fill) }
    public var strokes: [Stroke] { commands.compactMap(\.stroke) }
    public var images: [Image] { commands.compactMap(\.image) }
    public var texts: [Text] { commands.compactMap(\.text) }

    /// The same drawing with every device-space coordinate mapped through `t` (for placing it into a larger
    /// canvas); widths and font sizes scale by the transform's area factor.
    public func applying(_ t: CGAffineTransform) -> TactileDrawing {
        let k = abs(t.a * t.d - t.b * t.c).squareRoot()
        func path(_ p: CGPath) -> CGPath { CGPath(elements: p.data.applying(t)) }
        let mapped: [Command] = commands.map { c in
            switch c {
            case .fill(var f):
                f.path = path(f.path)
                return .fill(f)
            case .stroke(var s):
                s.path = path(s.path)
                s.lineWidth *= k
                s.dashLengths = s.dashLengths.map { $0 * k }
                s.dashPhase *= k
                return .stroke(s)
            case .clear(let r):
                return .clear(r.applying(t))
            case .image(var i):
                i.transform = i.transform.concatenating(t)
                i.rect = i.rect.applying(t)
                return .image(i)
            case .text(var x):
                x.rect = x.rect.applying(t)
                x.fontSize *= k
                return .text(x)
            case .clip(var clip):
                clip.paths = clip.paths.map { ClipPath(path: path($0.path), rule: $0.rule) }
                return .clip(clip)
            }
        }
        return TactileDrawing(size: size, scale: scale, commands: mapped)
    }

    public var description: String {
        var lines = ["TactileDrawing \(TactileFormat.number(size.width))×\(TactileFormat.number(size.height)) px @\(TactileFormat.number(scale))x, "
                     + "\(commands.count) command\(commands.count == 1 ? "" : "s")"]
        for c in commands { lines.append("  " + c.description) }
        return lines.joined(separator: "\n")
    }

    static func describe(_ color: CGColor) -> String {
        guard let c = color.components else { return "\(color)" }
        let n = c.map(TactileFormat.number)
        switch c.count {
        case 2: return "gray(\(n[0]), \(n[1]))"
        case 4: return "rgba(\(n[0]), \(n[1]), \(n[2]), \(n[3]))"
        default: return "color(\(n.joined(separator: ", ")))"
        }
    }

    static func describeExtras(_ alpha: CGFloat, _ blend: CGBlendMode, _ shadow: Shadow?) -> String {
        var s = ""
        if alpha != 1 { s += " alpha \(TactileFormat.number(alpha))" }
        if blend != .normal { s += " blend \(blend)" }
        if let sh = shadow {
            s += " shadow (\(TactileFormat.number(sh.offset.width)), \(TactileFormat.number(sh.offset.height))) blur \(TactileFormat.number(sh.blur))"
        }
        return s
    }
}
