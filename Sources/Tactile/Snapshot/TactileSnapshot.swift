import Foundation

/// A picture of a view tree, for a failing UI test to show what the screen held: an SVG of a window or view —
/// frames, background and border colours, corner radii, what each view drew (its recorded `draw(_:)`, labels'
/// text, shape and gradient layers), hidden and non-interactive views marked, and optionally touches and the
/// hit-test target of a point. ``png(of:options:)`` converts it when `rsvg-convert` or ImageMagick is installed.
@preconcurrency @MainActor
public enum TactileSnapshot {
    /// What the picture shows besides the views.
    public struct Options: Sendable {
        /// Hidden views drawn as dashed outlines (otherwise they are left out, as on screen).
        public var showsHiddenViews = true
        /// Views that take no touches (disabled, in a non-interactive animation) outlined in dotted grey.
        public var marksNonInteractiveViews = true
        /// Touch locations to mark, in the snapshotted view's coordinates (``init(lastTouchesOf:hitTestPoint:)``
        /// takes a driver's latest gesture).
        public var touches: [CGPoint] = []
        /// A point to hit-test (in the snapshotted view's coordinates): the point and the view UIKit's hit-test
        /// finds are marked in red.
        public var hitTestPoint: CGPoint?
        public init(showsHiddenViews: Bool = true, marksNonInteractiveViews: Bool = true, touches: [CGPoint] = [],
                    hitTestPoint: CGPoint? = nil) {
            self.showsHiddenViews = showsHiddenViews
            self.marksNonInteractiveViews = marksNonInteractiveViews
            self.touches = touches
            self.hitTestPoint = hitTestPoint
        }

        /// The last touches `driver` played (its latest gesture's fingers, where they were last) marked, in its
        /// window's coordinates.
        @MainActor
        public init(lastTouchesOf driver: TouchDriver, hitTestPoint: CGPoint? = nil) {
            self.init(touches: driver.lastTouches.sorted { $0.key < $1.key }.map(\.value), hitTestPoint: hitTestPoint)
        }
    }

    /// The SVG of `view` and its subtree, in `view`'s bounds (points). Views that have not drawn yet draw first.
    public static func svg(of view: UIView, options: Options = Options()) -> String {
        var out = SVGWriter(bounds: view.bounds)
        let hit = options.hitTestPoint.flatMap { p in view.hitTest(p, with: nil) }
        write(view, root: view, into: &out, options: options, hit: hit)
        if let p = options.hitTestPoint {
            out.line("<circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"4\" fill=\"#e0182d\" class=\"hit-point\"/>")
        }
        for touch in options.touches {
            out.line("<circle cx=\"\(n(touch.x))\" cy=\"\(n(touch.y))\" r=\"11\" fill=\"#1a73e8\" fill-opacity=\"0.35\" stroke=\"#1a73e8\" class=\"touch\"/>")
        }
        return out.finish()
    }

    /// Writes the SVG to `url`.
    public static func write(_ view: UIView, to url: URL, options: Options = Options()) throws {
        try Data(svg(of: view, options: options).utf8).write(to: url)
    }

    /// The picture as PNG, through `rsvg-convert` or ImageMagick's `convert`; nil when neither is installed or
    /// the conversion fails.
    public static func png(of view: UIView, options: Options = Options()) -> Data? {
        let svg = Data(svg(of: view, options: options).utf8)
        let candidates: [(String, [String])] = [("rsvg-convert", ["-f", "png"]), ("convert", ["svg:-", "png:-"])]
        for (tool, arguments) in candidates {
            guard let path = executable(tool) else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { continue }
            input.fileHandleForWriting.write(svg)
            try? input.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0, !data.isEmpty { return data }
        }
        return nil
    }

    private static func executable(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    // MARK: Views

    private static func write(_ view: UIView, root: UIView, into out: inout SVGWriter, options: Options, hit: UIView?) {
        let hidden = view.isHidden || view.alpha < 0.01
        if hidden && !options.showsHiddenViews { return }
        // The view's bounds to its superview's coordinates (the group it is in), read off three converted points.
        let parent = view === root ? view : view.superview ?? view
        let o = view.convert(CGPoint.zero, to: parent), x = view.convert(CGPoint(x: 1, y: 0), to: parent),
            y = view.convert(CGPoint(x: 0, y: 1), to: parent)
        let matrix = "matrix(\(n(x.x - o.x)) \(n(x.y - o.y)) \(n(y.x - o.x)) \(n(y.y - o.y)) \(n(o.x)) \(n(o.y)))"
        let layer = view.layer
        let b = view.bounds
        var classes = ["view", String(describing: type(of: view))]
        if hidden { classes.append("hidden") }
        out.open("<g transform=\"\(matrix)\" class=\"\(classes.joined(separator: " "))\"\(view.alpha < 1 && !hidden ? " opacity=\"\(n(view.alpha))\"" : "")\(hidden ? " opacity=\"0.35\"" : "")>")
        let radius = layer.cornerRadius > 0 ? " rx=\"\(n(layer.cornerRadius))\"" : ""
        let box = "x=\"\(n(b.minX))\" y=\"\(n(b.minY))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\"\(radius)"
        if let gradient = layer as? CAGradientLayer, let paint = out.gradient(gradient) {
            out.line("<rect \(box) fill=\"\(paint)\"/>")
        } else if let color = view.backgroundColor?.cgColor, color.alpha > 0 {
            out.line("<rect \(box) \(fill(color))/>")
        }
        if view.clipsToBounds { out.open("<g clip-path=\"url(#\(out.clip(b, radius: layer.cornerRadius)))\">") }
        if view.layer.tactileDrawing == nil, view.window != nil { view.displayNow() }
        if let drawing = layer.tactileDrawing { drawingSVG(drawing, origin: b.origin, into: &out) }
        if let imageView = view as? UIImageView, let image = imageView.image ?? imageView.highlightedImage {
            out.line("<rect \(box) fill=\"#c8d3e0\" fill-opacity=\"0.6\" class=\"image\"><title>image\(image.name.map { " " + escape($0) } ?? "") \(n(image.size.width))×\(n(image.size.height))</title></rect>")
        }
        if let button = view as? UIButton, let title = button.currentTitle, !title.isEmpty {
            let color = (button.currentTitleColor ?? button.tintColor).cgColor
            out.line("<text x=\"\(n(b.midX))\" y=\"\(n(b.midY + 6))\" text-anchor=\"middle\" font-family=\"-apple-system, Helvetica, sans-serif\" font-size=\"17\" \(fill(color))>\(escape(title))</text>")
        }
        for sublayer in layer.sublayers ?? [] where sublayer.view == nil { sublayerSVG(sublayer, into: &out) }
        for subview in view.subviews { write(subview, root: root, into: &out, options: options, hit: hit) }
        if view.clipsToBounds { out.close("</g>") }
        if layer.borderWidth > 0, let border = layer.borderColor {
            let w = layer.borderWidth
            out.line("<rect x=\"\(n(b.minX + w / 2))\" y=\"\(n(b.minY + w / 2))\" width=\"\(n(max(0, b.width - w)))\" height=\"\(n(max(0, b.height - w)))\"\(radius) fill=\"none\" \(stroke(border, width: w))/>")
        }
        if hidden {
            out.line("<rect \(box) fill=\"none\" stroke=\"#888\" stroke-dasharray=\"4 3\" stroke-width=\"1\" class=\"hidden-outline\"/>")
        } else if options.marksNonInteractiveViews, !takesTouches(view), view !== root {
            out.line("<rect \(box) fill=\"none\" stroke=\"#999\" stroke-dasharray=\"1 2\" stroke-width=\"0.75\" class=\"non-interactive\"/>")
        }
        if view === hit {
            out.line("<rect \(box) fill=\"none\" stroke=\"#e0182d\" stroke-width=\"2\" class=\"hit-view\"/>")
        }
        out.close("</g>")
    }

    private static func takesTouches(_ view: UIView) -> Bool {
        view.isUserInteractionEnabled && !view.flag(.interactionDisabled) && !view.flag(.animatingWithoutInteraction)
    }

    /// A standalone layer: placed by its frame; a shape layer's path, a gradient, or its recorded drawing.
    private static func sublayerSVG(_ layer: CALayer, into out: inout SVGWriter) {
        guard !layer.isHidden else { return }
        let t = layer.toSuperlayer
        out.open("<g transform=\"matrix(\(n(t.a)) \(n(t.b)) \(n(t.c)) \(n(t.d)) \(n(t.tx)) \(n(t.ty)))\" class=\"layer\"\(layer.opacity < 1 ? " opacity=\"\(n(CGFloat(layer.opacity)))\"" : "")>")
        let b = layer.bounds
        let box = "x=\"\(n(b.minX))\" y=\"\(n(b.minY))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\"\(layer.cornerRadius > 0 ? " rx=\"\(n(layer.cornerRadius))\"" : "")"
        if let gradient = layer as? CAGradientLayer, let paint = out.gradient(gradient) {
            out.line("<rect \(box) fill=\"\(paint)\"/>")
        } else if let color = layer.backgroundColor, color.alpha > 0 {
            out.line("<rect \(box) \(fill(color))/>")
        }
        if let drawing = layer.tactileDrawing {
            drawingSVG(drawing, origin: b.origin, into: &out)
        } else {
            let context = CGContext.uikitContext(size: b.size, scale: 1, opaque: false, origin: b.origin)
            layer.draw(in: context)
            drawingSVG(context.tactileDrawing, origin: b.origin, into: &out)
        }
        for sublayer in layer.sublayers ?? [] { sublayerSVG(sublayer, into: &out) }
        if layer.borderWidth > 0, let border = layer.borderColor {
            out.line("<rect \(box) fill=\"none\" \(stroke(border, width: layer.borderWidth))/>")
        }
        out.close("</g>")
    }

    // MARK: Drawings

    /// A recorded drawing (device pixels, top-left origin) in user space at `origin`.
    private static func drawingSVG(_ drawing: TactileDrawing, origin: CGPoint, into out: inout SVGWriter) {
        guard !drawing.isEmpty else { return }
        let k = drawing.scale > 0 ? 1 / drawing.scale : 1
        out.open("<g transform=\"translate(\(n(origin.x)) \(n(origin.y))) scale(\(n(k)))\" class=\"drawing\">")
        for command in drawing.commands {
            if let f = command.fill {
                out.line("<path d=\"\(pathData(f.path))\" \(fill(f.color, alpha: f.alpha))\(f.rule == .evenOdd ? " fill-rule=\"evenodd\"" : "")/>")
            } else if let s = command.stroke {
                out.line("<path d=\"\(pathData(s.path))\" fill=\"none\" \(stroke(s.color, width: s.lineWidth, alpha: s.alpha))/>")
            } else if let t = command.text {
                let color = t.color.map { fill($0, alpha: t.alpha) } ?? "fill=\"#000\""
                out.line("<text x=\"\(n(t.rect.minX))\" y=\"\(n(t.rect.minY + t.fontSize * 0.95))\" font-family=\"-apple-system, Helvetica, sans-serif\" font-size=\"\(n(t.fontSize))\" \(color)>\(escape(t.string))</text>")
            } else if let i = command.image {
                let r = i.rect
                out.line("<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" fill=\"#c8d3e0\" fill-opacity=\"0.6\" class=\"image\"/>")
            }
        }
        out.close("</g>")
    }

    static func pathData(_ path: CGPath) -> String {
        var d: [String] = []
        path.applyWithBlock { element in
            let e = element.pointee
            func p(_ i: Int) -> String { "\(n(e.points[i].x)) \(n(e.points[i].y))" }
            switch e.type {
            case .moveToPoint: d.append("M\(p(0))")
            case .addLineToPoint: d.append("L\(p(0))")
            case .addQuadCurveToPoint: d.append("Q\(p(0)) \(p(1))")
            case .addCurveToPoint: d.append("C\(p(0)) \(p(1)) \(p(2))")
            case .closeSubpath: d.append("Z")
            @unknown default: break
            }
        }
        return d.joined(separator: " ")
    }

    // MARK: Attributes

    nonisolated static func n(_ v: CGFloat) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(describing: Double(r))
    }

    private static func rgb(_ color: CGColor) -> (String, CGFloat) {
        let c = color.components ?? [0, 1]
        let (r, g, b, a) = c.count >= 4 ? (c[0], c[1], c[2], c[3]) : (c[0], c[0], c[0], c.count > 1 ? c[1] : 1)
        func byte(_ v: CGFloat) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }
        return ("rgb(\(byte(r)),\(byte(g)),\(byte(b)))", a)
    }

    static func fill(_ color: CGColor, alpha: CGFloat = 1) -> String {
        let (paint, a) = rgb(color)
        return "fill=\"\(paint)\"\(a * alpha < 1 ? " fill-opacity=\"\(n(a * alpha))\"" : "")"
    }

    static func stroke(_ color: CGColor, width: CGFloat, alpha: CGFloat = 1) -> String {
        let (paint, a) = rgb(color)
        return "stroke=\"\(paint)\" stroke-width=\"\(n(width))\"\(a * alpha < 1 ? " stroke-opacity=\"\(n(a * alpha))\"" : "")"
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// The SVG document being written: the body, and the definitions (clips, gradients) it refers to.
@MainActor
struct SVGWriter {
    let bounds: CGRect
    private var body: [String] = []
    private var defs: [String] = []
    private var depth = 1

    init(bounds: CGRect) { self.bounds = bounds }

    mutating func line(_ s: String) { body.append(String(repeating: "  ", count: depth) + s) }
    mutating func open(_ s: String) {
        line(s)
        depth += 1
    }
    mutating func close(_ s: String) {
        depth -= 1
        line(s)
    }

    mutating func clip(_ r: CGRect, radius: CGFloat) -> String {
        let id = "clip\(defs.count)"
        let n = TactileSnapshot.n
        defs.append("<clipPath id=\"\(id)\"><rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"\(radius > 0 ? " rx=\"\(n(radius))\"" : "")/></clipPath>")
        return id
    }

    /// A gradient definition for an axial gradient layer; the paint that refers to it.
    mutating func gradient(_ layer: CAGradientLayer) -> String? {
        let colors = layer.gradientColors
        guard colors.count >= 2 else { return nil }
        let id = "gradient\(defs.count)"
        let n = TactileSnapshot.n
        let locations = layer.locations?.map { CGFloat($0.doubleValue) }
        var stops = ""
        for (i, color) in colors.enumerated() {
            let offset = locations.flatMap { $0.indices.contains(i) ? $0[i] : nil } ?? CGFloat(i) / CGFloat(colors.count - 1)
            let c = color.components ?? [0, 1]
            let (r, g, b, a) = c.count >= 4 ? (c[0], c[1], c[2], c[3]) : (c[0], c[0], c[0], c.count > 1 ? c[1] : 1)
            stops += "<stop offset=\"\(n(offset))\" stop-color=\"rgb(\(Int(r * 255)),\(Int(g * 255)),\(Int(b * 255)))\" stop-opacity=\"\(n(a))\"/>"
        }
        let s = layer.startPoint, e = layer.endPoint
        defs.append("<linearGradient id=\"\(id)\" x1=\"\(n(s.x))\" y1=\"\(n(s.y))\" x2=\"\(n(e.x))\" y2=\"\(n(e.y))\">\(stops)</linearGradient>")
        return "url(#\(id))"
    }

    func finish() -> String {
        let n = TactileSnapshot.n
        var lines = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(bounds.width))\" height=\"\(n(bounds.height))\" viewBox=\"\(n(bounds.minX)) \(n(bounds.minY)) \(n(bounds.width)) \(n(bounds.height))\">"]
        if !defs.isEmpty { lines.append("  <defs>" + defs.joined() + "</defs>") }
        lines.append(contentsOf: body)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
