import Foundation

/// String drawing options, with UIKit's raw values.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lay the text out in lines within the size's width, the origin being the first line's top-left corner;
    /// without it the text is one line whose origin is its baseline.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Add the font's leading to each line's height (San Francisco's is 0).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure glyph bounds rather than typographic bounds (Tactile has no glyphs: the same).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// With `usesLineFragmentOrigin`, truncate the last line that fits the size's height with "…".
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

extension NSString {
    public typealias DrawingOptions = NSStringDrawingOptions
}

/// What string drawing and measuring used: the scale factor (always 1: Tactile does not shrink text to fit)
/// and the bounds of the text.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale factor text may shrink to (kept; Tactile does not shrink text).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale factor used: 1.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the text last measured or drawn with this context.
    open internal(set) var totalBounds: CGRect = .zero

    public override init() { super.init() }
}

/// The string drawing API UIKit adds to `NSString`, `String` and `NSAttributedString`, on Tactile's text
/// metrics. Attributes: `.font` (default 12-point Helvetica Neue, as UIKit documents), `.foregroundColor`
/// (default black), `.kern`; others are kept but change nothing. Drawing records each line's text, rect, font and
/// colour into the current context.
enum StringDrawing {
    struct Styled {
        var runs: [TextMetrics.Run]
        var colors: [UIColor]
        var isEmpty: Bool { runs.allSatisfy { $0.text.isEmpty } }
    }

    static let defaultFont = UIFont(name: "HelveticaNeue", size: 12)!

    static func styled(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> Styled {
        let font = attributes?[.font] as? UIFont ?? defaultFont
        let color = attributes?[.foregroundColor] as? UIColor ?? .black
        let kern = UIFontDescriptor.number(attributes?[.kern]) ?? 0
        return Styled(runs: [TextMetrics.Run(text: string, font: font, kern: kern)], colors: [color])
    }

    static func styled(_ attributed: NSAttributedString) -> Styled {
        var styled = Styled(runs: [], colors: [])
        let string = attributed.string
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attrs, range, _ in
            guard let r = Range(range, in: string) else { return }
            let run = self.styled(String(string[r]), attrs)
            styled.runs += run.runs
            styled.colors += run.colors
        }
        return styled
    }

    /// The text's bounds: with `.usesLineFragmentOrigin`, its lines within `size.width` (and, with
    /// `.truncatesLastVisibleLine`, within `size.height`), origin zero; without, one line whose origin is the
    /// baseline (so the rect's y is minus the ascender). Sizes are fractional, as UIKit's.
    static func boundingRect(_ text: Styled, size: CGSize, options: NSStringDrawingOptions,
                             context: NSStringDrawingContext?) -> CGRect {
        guard !text.isEmpty else {
            context?.totalBounds = .zero
            return .zero
        }
        let rect: CGRect
        if options.contains(.usesLineFragmentOrigin) {
            rect = CGRect(origin: .zero, size: layout(text, size: size, options: options).exactSize)
        } else {
            let fonts = text.runs.filter { !$0.text.isEmpty }.map(\.font)
            let ascender = fonts.map(\.ascender).max() ?? 0
            let height = fonts.map(\.lineHeight).max() ?? 0
            let width = text.runs.reduce(0) { $0 + TextMetrics.width(of: $1.text, font: $1.font, kern: $1.kern) }
            rect = CGRect(x: 0, y: -ascender, width: width, height: height)
        }
        context?.actualScaleFactor = 1
        context?.totalBounds = rect
        return rect
    }

    static func layout(_ text: Styled, size: CGSize, options: NSStringDrawingOptions) -> TextMetrics.Layout {
        let full = TextMetrics.layout(text.runs, maxWidth: size.width, numberOfLines: 0)
        guard options.contains(.truncatesLastVisibleLine), size.height > 0, size.height.isFinite else { return full }
        var fitting = 0, y: CGFloat = 0
        for line in full.lineFragments {
            if y + line.height > size.height + 1e-9 { break }
            y += line.height
            fitting += 1
        }
        guard fitting < full.lineFragments.count else { return full }
        return TextMetrics.layout(text.runs, maxWidth: size.width, numberOfLines: max(fitting, 1))
    }

    /// The size the text takes on as many lines as its newlines make.
    static func size(_ text: Styled) -> CGSize {
        TextMetrics.layout(text.runs, maxWidth: .infinity, numberOfLines: 0).exactSize
    }

    /// Draws the text's lines from `origin` (their top-left corner), those starting above `maxY`.
    static func draw(_ text: Styled, layout: TextMetrics.Layout, origin: CGPoint, maxY: CGFloat = .infinity, api: String) {
        guard !text.isEmpty else { return }
        guard let context = UIGraphicsGetCurrentContext() else {
            TactileDiagnostics.logFromAnyThread(api, "\(api): no current graphics context; nothing is drawn")
            return
        }
        var y = origin.y
        for line in layout.lineFragments {
            if y >= maxY { break }
            for piece in line.pieces where !piece.text.allSatisfy(\.isWhitespace) {
                let run = text.runs[piece.run]
                context.recordText(piece.text, in: CGRect(x: origin.x + piece.x, y: y, width: piece.width, height: line.height),
                                   fontName: run.font.fontName, pointSize: run.font.pointSize,
                                   color: text.colors[piece.run].cgColor)
            }
            y += line.height
        }
    }

    static func draw(_ text: Styled, at point: CGPoint, api: String) {
        draw(text, layout: TextMetrics.layout(text.runs, maxWidth: .infinity, numberOfLines: 0), origin: point, api: api)
    }

    static func draw(_ text: Styled, in rect: CGRect, api: String) {
        let layout = TextMetrics.layout(text.runs, maxWidth: rect.width, numberOfLines: 0)
        draw(text, layout: layout, origin: rect.origin, maxY: rect.maxY, api: api)
    }

    static func draw(_ text: Styled, with rect: CGRect, options: NSStringDrawingOptions, context: NSStringDrawingContext?,
                     api: String) {
        let bounds = boundingRect(text, size: rect.size, options: options, context: context)
        if options.contains(.usesLineFragmentOrigin) {
            draw(text, layout: layout(text, size: rect.size, options: options), origin: rect.origin, api: api)
        } else {
            let layout = TextMetrics.layout(text.runs.map { TextMetrics.Run(text: $0.text.filter { !$0.isNewline },
                                                                           font: $0.font, kern: $0.kern) },
                                            maxWidth: .infinity, numberOfLines: 0)
            draw(text, layout: layout, origin: CGPoint(x: rect.minX, y: rect.minY + bounds.minY), api: api)
        }
    }
}

extension NSString {
    /// The size the string takes drawn with `attrs`, fractional (round it up with `ceil` to size a view).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(StringDrawing.styled(self as String, attrs))
    }

    /// The string's bounds laid out in `size` (see `NSStringDrawingOptions`).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(StringDrawing.styled(self as String, attributes), size: size, options: options,
                                   context: context)
    }

    /// Draws the string with its top-left corner at `point` in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(StringDrawing.styled(self as String, attrs), at: point, api: "NSString.draw(at:withAttributes:)")
    }

    /// Draws the string wrapped to `rect`'s width, the lines that start inside it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(StringDrawing.styled(self as String, attrs), in: rect, api: "NSString.draw(in:withAttributes:)")
    }

    /// Draws the string in `rect` with options (see `boundingRect(with:options:attributes:context:)`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        StringDrawing.draw(StringDrawing.styled(self as String, attributes), with: rect, options: options, context: context,
                           api: "NSString.draw(with:options:attributes:context:)")
    }
}

extension StringProtocol {
    /// The size the string takes drawn with `attrs`, fractional (round it up with `ceil` to size a view).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(StringDrawing.styled(String(self), attrs))
    }

    /// The string's bounds laid out in `size` (see `NSStringDrawingOptions`).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(StringDrawing.styled(String(self), attributes), size: size, options: options,
                                   context: context)
    }

    /// Draws the string with its top-left corner at `point` in the current context.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(StringDrawing.styled(String(self), attrs), at: point, api: "NSString.draw(at:withAttributes:)")
    }

    /// Draws the string wrapped to `rect`'s width, the lines that start inside it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(StringDrawing.styled(String(self), attrs), in: rect, api: "NSString.draw(in:withAttributes:)")
    }

    /// Draws the string in `rect` with options (see `boundingRect(with:options:attributes:context:)`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        StringDrawing.draw(StringDrawing.styled(String(self), attributes), with: rect, options: options, context: context,
                           api: "NSString.draw(with:options:attributes:context:)")
    }
}

extension NSAttributedString {
    /// The size the string takes, fractional.
    public func size() -> CGSize { StringDrawing.size(StringDrawing.styled(self)) }

    /// The string's bounds laid out in `size` (see `NSStringDrawingOptions`).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(StringDrawing.styled(self), size: size, options: options, context: context)
    }

    /// Draws the string with its top-left corner at `point` in the current context.
    public func draw(at point: CGPoint) {
        StringDrawing.draw(StringDrawing.styled(self), at: point, api: "NSAttributedString.draw(at:)")
    }

    /// Draws the string wrapped to `rect`'s width, the lines that start inside it.
    public func draw(in rect: CGRect) {
        StringDrawing.draw(StringDrawing.styled(self), in: rect, api: "NSAttributedString.draw(in:)")
    }

    /// Draws the string in `rect` with options (see `boundingRect(with:options:context:)`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        StringDrawing.draw(StringDrawing.styled(self), with: rect, options: options, context: context,
                           api: "NSAttributedString.draw(with:options:context:)")
    }
}
