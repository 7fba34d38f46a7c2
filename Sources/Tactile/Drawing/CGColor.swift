import Foundation

/// CoreGraphics' colour-space models, with CoreGraphics' raw values.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// How CoreGraphics maps colours between colour spaces, with CoreGraphics' raw values. Tactile converts
/// colorimetrically (same white point, D65) whatever the intent.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}

/// A CoreGraphics colour space, named by CoreGraphics' constants (`CGColorSpace.sRGB` is
/// `"kCGColorSpaceSRGB"`; Swift on Linux has no `CFString`, so the names are `String`s). Immutable and `Sendable`.
///
/// The RGB spaces use sRGB's or Display P3's primaries (both D65) with the sRGB or a linear transfer function;
/// the gray spaces gamma 2.2 or linear. "Extended" spaces keep components outside 0…1 (negative values mirror
/// the transfer function), the others clamp them.
public final class CGColorSpace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// sRGB IEC61966-2.1.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// sRGB with components below 0 and above 1: UIKit's colour space for RGB colours since iOS 10.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB primaries with a linear transfer function.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// ``linearSRGB`` with components below 0 and above 1.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Display P3: the P3 primaries, D65, the sRGB transfer function.
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// ``displayP3`` with components below 0 and above 1.
    public static let extendedDisplayP3 = "kCGColorSpaceExtendedDisplayP3"
    /// Linear RGB (Tactile uses sRGB's primaries for it).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// Gray with a 2.2 gamma.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gray with a linear transfer function.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// ``genericGrayGamma2_2`` with components below 0 and above 1: UIKit's colour space for gray colours.
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// ``linearGray`` with components below 0 and above 1.
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"
    /// Generic CMYK.
    public static let genericCMYK = "kCGColorSpaceGenericCMYK"

    enum Primaries: Hashable { case sRGB, displayP3 }
    enum Transfer: Hashable { case sRGB, gamma22, linear }
    enum Kind: Hashable {
        case rgb(Primaries, Transfer)
        case gray(Transfer)
        case cmyk
    }

    /// The space's CoreGraphics name.
    public let name: String?
    let kind: Kind
    let isExtended: Bool

    init(name: String, kind: Kind, extended: Bool) {
        self.name = name
        self.kind = kind
        isExtended = extended
    }

    /// The named colour space, or nil for a name CoreGraphics does not know.
    public convenience init?(name: String) {
        guard let (kind, extended) = CGColorSpace.known[name] else { return nil }
        self.init(name: name, kind: kind, extended: extended)
    }

    private static let known: [String: (Kind, Bool)] = [
        sRGB: (.rgb(.sRGB, .sRGB), false),
        extendedSRGB: (.rgb(.sRGB, .sRGB), true),
        linearSRGB: (.rgb(.sRGB, .linear), false),
        extendedLinearSRGB: (.rgb(.sRGB, .linear), true),
        displayP3: (.rgb(.displayP3, .sRGB), false),
        extendedDisplayP3: (.rgb(.displayP3, .sRGB), true),
        genericRGBLinear: (.rgb(.sRGB, .linear), false),
        genericGrayGamma2_2: (.gray(.gamma22), false),
        linearGray: (.gray(.linear), false),
        extendedGray: (.gray(.gamma22), true),
        extendedLinearGray: (.gray(.linear), true),
        genericCMYK: (.cmyk, false),
        deviceRGBName: (.rgb(.sRGB, .sRGB), false),
        deviceGrayName: (.gray(.gamma22), false),
        deviceCMYKName: (.cmyk, false),
    ]

    static let deviceRGBName = "kCGColorSpaceDeviceRGB"
    static let deviceGrayName = "kCGColorSpaceDeviceGray"
    static let deviceCMYKName = "kCGColorSpaceDeviceCMYK"

    static let sRGBSpace = CGColorSpace(name: sRGB, kind: .rgb(.sRGB, .sRGB), extended: false)
    static let extendedSRGBSpace = CGColorSpace(name: extendedSRGB, kind: .rgb(.sRGB, .sRGB), extended: true)
    static let displayP3Space = CGColorSpace(name: displayP3, kind: .rgb(.displayP3, .sRGB), extended: false)
    static let extendedGraySpace = CGColorSpace(name: extendedGray, kind: .gray(.gamma22), extended: true)
    static let genericGraySpace = CGColorSpace(name: genericGrayGamma2_2, kind: .gray(.gamma22), extended: false)
    static let genericCMYKSpace = CGColorSpace(name: genericCMYK, kind: .cmyk, extended: false)

    /// The space's model: monochrome, RGB or CMYK.
    public var model: CGColorSpaceModel {
        switch kind {
        case .rgb: .rgb
        case .gray: .monochrome
        case .cmyk: .cmyk
        }
    }

    /// The number of colour components, alpha excluded.
    public var numberOfComponents: Int {
        switch kind {
        case .rgb: 3
        case .gray: 1
        case .cmyk: 4
        }
    }

    /// Whether the space's gamut is wider than sRGB's (Display P3).
    public var isWideGamutRGB: Bool {
        if case .rgb(.displayP3, _) = kind { return true }
        return false
    }

    /// Always true: every space here can be drawn to.
    public var supportsOutput: Bool { true }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public var description: String {
        let modelName = switch model {
        case .rgb: "kCGColorSpaceModelRGB"
        case .monochrome: "kCGColorSpaceModelMonochrome"
        case .cmyk: "kCGColorSpaceModelCMYK"
        default: "kCGColorSpaceModelUnknown"
        }
        return "<CGColorSpace> (\(modelName); \(name ?? "unnamed")\(isExtended ? "; extended range" : ""))"
    }
}

/// The device-dependent RGB space (sRGB on iOS).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceRGBName, kind: .rgb(.sRGB, .sRGB), extended: false)
}

/// The device-dependent gray space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceGrayName, kind: .gray(.gamma22), extended: false)
}

/// The device-dependent CMYK space.
public func CGColorSpaceCreateDeviceCMYK() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceCMYKName, kind: .cmyk, extended: false)
}

/// A CoreGraphics colour: a colour space and its components, alpha last (`[r, g, b, a]` for RGB spaces,
/// `[w, a]` for gray ones). Immutable and `Sendable`. Two colours are equal when their spaces and components
/// are (`CGColorEqualToColor`). Components of spaces that are not extended, and alpha, are clamped to 0…1.
public final class CGColor: @unchecked Sendable, Hashable, CustomStringConvertible {
    private let space: CGColorSpace
    private let values: [CGFloat]

    init(space: CGColorSpace, values: [CGFloat]) {
        precondition(values.count == space.numberOfComponents + 1)
        self.space = space
        var values = values
        for i in values.indices {
            let isAlpha = i == values.count - 1
            if isAlpha || !space.isExtended { values[i] = min(max(values[i], 0), 1) }
        }
        self.values = values
    }

    /// An RGB colour. CoreGraphics documents the Generic RGB space; iOS has no such profile, and Tactile uses sRGB.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, values: [red, green, blue, alpha])
    }

    /// A colour in the sRGB space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, values: [red, green, blue, alpha])
    }

    /// A gray in the Generic Gray Gamma 2.2 space.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .genericGraySpace, values: [gray, alpha])
    }

    /// A gray in the Generic Gray Gamma 2.2 space.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(space: .genericGraySpace, values: [gray, alpha])
    }

    /// A colour in the Generic CMYK space.
    public convenience init(genericCMYKCyan cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat,
                            alpha: CGFloat) {
        self.init(space: .genericCMYKSpace, values: [cyan, magenta, yellow, black, alpha])
    }

    /// A colour from `space`'s components followed by alpha (`numberOfComponents + 1` values are read).
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let values = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        self.init(space: space, values: values)
    }

    /// Opaque black in the Generic Gray Gamma 2.2 space.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white in the Generic Gray Gamma 2.2 space.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black in the Generic Gray Gamma 2.2 space.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The colour's space.
    public var colorSpace: CGColorSpace? { space }
    /// The components, alpha last.
    public var components: [CGFloat]? { values }
    /// The number of components, alpha included.
    public var numberOfComponents: Int { values.count }
    /// The alpha component.
    public var alpha: CGFloat { values[values.count - 1] }
    /// A copy of the colour.
    public func copy() -> CGColor? { CGColor(space: space, values: values) }

    /// The same colour with another alpha (clamped to 0…1).
    public func copy(alpha: CGFloat) -> CGColor? {
        var v = values
        v[v.count - 1] = alpha
        return CGColor(space: space, values: v)
    }

    /// The colour converted to `space`: through linear light (both families use the D65 white point), gray
    /// mapping to and from RGB by Rec. 709 luminance; nil to or from CMYK (Tactile has no CMYK profile).
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent,
                          options: [AnyHashable: Any]?) -> CGColor? {
        if space == self.space { return CGColor(space: space, values: values) }
        guard let linear = linearSRGB() else { return nil }
        switch space.kind {
        case .cmyk:
            return nil
        case .gray(let transfer):
            let y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
            return CGColor(space: space, values: [ColorMath.encode(y, transfer), alpha])
        case .rgb(let primaries, let transfer):
            let rgb = primaries == .sRGB ? linear : ColorMath.multiply(ColorMath.sRGBToP3, linear)
            return CGColor(space: space, values: rgb.map { ColorMath.encode($0, transfer) } + [alpha])
        }
    }

    /// The colour's linear-light sRGB components (extended), or nil for CMYK.
    func linearSRGB() -> [CGFloat]? {
        switch space.kind {
        case .cmyk:
            return nil
        case .gray(let transfer):
            let y = ColorMath.decode(values[0], transfer)
            return [y, y, y]
        case .rgb(let primaries, let transfer):
            let linear = values[0..<3].map { ColorMath.decode($0, transfer) }
            return primaries == .sRGB ? linear : ColorMath.multiply(ColorMath.p3ToSRGB, linear)
        }
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.space == rhs.space && lhs.values == rhs.values }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        hasher.combine(values)
    }

    public var description: String {
        "<CGColor> [\(space)] ( \(values.map(ColorMath.format).joined(separator: " ")) )"
    }
}

/// Transfer functions and the Display P3 ↔ sRGB matrices (both D65, so no chromatic adaptation).
enum ColorMath {
    /// The sRGB transfer function (IEC 61966-2-1), mirrored for negative values as extended spaces do.
    static func encode(_ x: CGFloat, _ transfer: CGColorSpace.Transfer) -> CGFloat {
        let m = abs(x), s: CGFloat = x < 0 ? -1 : 1
        switch transfer {
        case .linear: return x
        case .gamma22: return s * pow(m, 1 / 2.2)
        case .sRGB: return s * (m <= 0.0031308 ? 12.92 * m : 1.055 * pow(m, 1 / 2.4) - 0.055)
        }
    }

    static func decode(_ v: CGFloat, _ transfer: CGColorSpace.Transfer) -> CGFloat {
        let m = abs(v), s: CGFloat = v < 0 ? -1 : 1
        switch transfer {
        case .linear: return v
        case .gamma22: return s * pow(m, 2.2)
        case .sRGB: return s * (m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4))
        }
    }

    /// RGB → XYZ for primaries (x, y) and the D65 white point, the standard derivation (e.g. SMPTE RP 177).
    private static func rgbToXYZ(_ r: (CGFloat, CGFloat), _ g: (CGFloat, CGFloat), _ b: (CGFloat, CGFloat)) -> [[CGFloat]] {
        let white: (CGFloat, CGFloat) = (0.3127, 0.3290)
        func xyz(_ p: (CGFloat, CGFloat)) -> [CGFloat] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let pr = xyz(r), pg = xyz(g), pb = xyz(b), w = xyz(white)
        let m = [[pr[0], pg[0], pb[0]], [pr[1], pg[1], pb[1]], [pr[2], pg[2], pb[2]]]
        let s = multiply(invert(m), w)
        return m.map { row in [row[0] * s[0], row[1] * s[1], row[2] * s[2]] }
    }

    static let sRGBToXYZ = rgbToXYZ((0.64, 0.33), (0.30, 0.60), (0.15, 0.06))
    static let p3ToXYZ = rgbToXYZ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060))
    static let p3ToSRGB = multiply(invert(sRGBToXYZ), p3ToXYZ)
    static let sRGBToP3 = invert(p3ToSRGB)

    static func multiply(_ m: [[CGFloat]], _ v: [CGFloat]) -> [CGFloat] {
        m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] }
    }

    static func multiply(_ a: [[CGFloat]], _ b: [[CGFloat]]) -> [[CGFloat]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func invert(_ m: [[CGFloat]]) -> [[CGFloat]] {
        let a = m[0][0], b = m[0][1], c = m[0][2], d = m[1][0], e = m[1][1], f = m[1][2]
        let g = m[2][0], h = m[2][1], i = m[2][2]
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }

    /// A component as UIKit and CoreGraphics print it (`%g`: six significant digits).
    static func format(_ x: CGFloat) -> String { String(format: "%g", Double(x)) }
}
