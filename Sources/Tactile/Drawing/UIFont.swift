import Foundation

/// `UIFont`: a font's name, size and metrics, as iOS reports them for the system font (San Francisco) — a
/// headless host has no font files, so nothing is rasterised. Immutable, so it is safe from any thread and
/// `Sendable`, and not main-actor isolated, as UIKit's is.
///
/// Vertical metrics are San Francisco's (SF Pro, 2048 units per em: ascender 1950, descender −494, no line
/// gap, cap height 1443, x-height 1078 — what iOS reports, e.g. 17 pt: ascender 16.1865234375, descender
/// −4.1005859375, line height 20.287109375), scaled by the point size. Named fonts (`init(name:size:)`) use the
/// same metrics: their files are not available to measure.
open class UIFont: NSObject, @unchecked Sendable {
    /// A font weight, with UIKit's raw values (`UIFontWeightRegular` is 0, `UIFontWeightBold` 0.4).
    public struct Weight: Hashable, RawRepresentable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// A Dynamic Type text style, with UIKit's raw values (`UICTFontTextStyleBody`, …).
    public struct TextStyle: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle("UICTFontTextStyleLargeTitle")
        public static let title1 = TextStyle("UICTFontTextStyleTitle1")
        public static let title2 = TextStyle("UICTFontTextStyleTitle2")
        public static let title3 = TextStyle("UICTFontTextStyleTitle3")
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        public static let body = TextStyle("UICTFontTextStyleBody")
        public static let callout = TextStyle("UICTFontTextStyleCallout")
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
        public static let footnote = TextStyle("UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

        /// The iOS default (Large) Dynamic Type size and weight (HIG, Typography › Specifications).
        var defaultSizeAndWeight: (CGFloat, Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    /// What a font is, apart from its size.
    struct Face: Hashable, Sendable {
        enum Design: Hashable, Sendable { case system, systemMonospaced, named }
        var design: Design
        var name: String
        var family: String
        /// One of UIKit's standard weights.
        var weight: CGFloat
        var isItalic: Bool
        /// Every character has the same advance (SF Mono, Menlo, Courier, …).
        var isMonospaced: Bool
        /// Digits have one advance (`monospacedDigitSystemFont`).
        var monospacedDigits: Bool = false
        var textStyle: String?

        var isBold: Bool { weight >= Weight.semibold.rawValue - 1e-9 }
    }

    let face: Face
    private let size: CGFloat

    init(face: Face, size: CGFloat) {
        self.face = face
        self.size = size > 0 ? size : 12
        super.init()
    }

    // MARK: Creating fonts

    /// The system font (San Francisco, `.SFUI-Regular`) of `fontSize` points.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

    /// The system font of `fontSize` points and a weight: UIKit picks the heaviest standard weight not heavier
    /// than `weight` (0.2 is regular, 0.25 medium), named `.SFUI-Regular`, `.SFUI-Semibold`, ….
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(face: Face.system(weight: weight.rawValue, italic: false), size: fontSize)
    }

    /// The bold system font: UIKit's is the semibold face, `.SFUI-Semibold`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .semibold) }

    /// The italic system font, `.SFUI-RegularItalic`.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(face: Face.system(weight: 0, italic: true), size: fontSize)
    }

    /// The system font with digits of one width (tabular figures); its name is the system font's.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        var face = Face.system(weight: weight.rawValue, italic: false)
        face.monospacedDigits = true
        return UIFont(face: face, size: fontSize)
    }

    /// The monospaced system font (SF Mono, `.SFUIMono-Regular`, family `.AppleSystemUIFontMonospaced`).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let w = Face.standardWeight(weight.rawValue)
        return UIFont(face: Face(design: .systemMonospaced, name: ".SFUIMono-\(Face.weightName(w))",
                                 family: ".AppleSystemUIFontMonospaced", weight: w, isItalic: false, isMonospaced: true),
                      size: fontSize)
    }

    /// The font of a text style at the default (Large) Dynamic Type size: body 17, headline 17 semibold,
    /// largeTitle 34, title1 28, title2 22, title3 20, callout 16, subheadline 15, footnote 13, caption1 12,
    /// caption2 11.
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The font of a text style; Tactile has no content size category, so the size is the Large one.
    open class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let (size, weight) = style.defaultSizeAndWeight
        var face = Face.system(weight: weight.rawValue, italic: false)
        face.textStyle = style.rawValue
        return UIFont(face: face, size: size)
    }

    /// The font named `fontName` (a PostScript name such as `HelveticaNeue-Bold`, or a family name such as
    /// `Helvetica Neue`). A headless host has no font files, so any non-empty name gives a font — app fonts
    /// included — with the family and traits its name implies; nil for an empty name. The system font's own
    /// names (`.SFUI-Semibold`) give the system font.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let face = Face.named(fontName) else { return nil }
        self.init(face: face, size: fontSize)
    }

    /// The font a descriptor describes, of `pointSize` points (0 keeps the descriptor's size).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        self.init(face: descriptor.face, size: pointSize > 0 ? pointSize : descriptor.pointSize)
    }

    /// The same font of another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(face: face, size: fontSize) }

    // MARK: Names and sizes

    /// The PostScript name (`.SFUI-Regular` for the system font).
    open var fontName: String { face.name }
    /// The family name (`.AppleSystemUIFont` for the system font).
    open var familyName: String { face.family }
    /// The size in points.
    open var pointSize: CGFloat { size }
    /// The font's descriptor.
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor(face: face, size: size) }

    // MARK: Metrics

    static let unitsPerEm: CGFloat = 2048

    /// Distance from the baseline to the top of the tallest glyphs: 1950/2048 em.
    open var ascender: CGFloat { size * 1950 / UIFont.unitsPerEm }
    /// Distance from the baseline to the bottom of the lowest glyphs, negative: −494/2048 em.
    open var descender: CGFloat { -size * 494 / UIFont.unitsPerEm }
    /// Height of capitals: 1443/2048 em.
    open var capHeight: CGFloat { size * 1443 / UIFont.unitsPerEm }
    /// Height of lowercase x: 1078/2048 em, a little more for heavier weights (iOS reports 1101/2048 em for bold).
    open var xHeight: CGFloat { size * (1078 + 57.5 * max(0, min(face.weight, 0.62))) / UIFont.unitsPerEm }
    /// Extra space between lines: 0.
    open var leading: CGFloat { 0 }
    /// Ascender − descender + leading: 2444/2048 em (20.287109375 at 17 pt).
    open var lineHeight: CGFloat { ascender - descender + leading }

    /// The label font size, 17.
    open class var labelFontSize: CGFloat { 17 }
    /// The button font size, 18.
    open class var buttonFontSize: CGFloat { 18 }
    /// The standard system font size, 14.
    open class var systemFontSize: CGFloat { 14 }
    /// The small system font size, 12.
    open class var smallSystemFontSize: CGFloat { 12 }

    // MARK: Families

    /// The families a headless host reports: a subset of iOS's built-in families (the system font's family is
    /// hidden, as on iOS), sorted.
    open class var familyNames: [String] { FontCatalog.families.keys.sorted() }

    /// The PostScript names of a family's fonts, or an empty array for an unknown family.
    open class func fontNames(forFamilyName familyName: String) -> [String] { FontCatalog.families[familyName] ?? [] }

    // MARK: Equality and description

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return face == other.face && size == other.size
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(face)
        hasher.combine(size)
        return hasher.finalize()
    }

    /// As UIKit prints it: `<UICTFont: 0x…> font-family: ".SFUI-Regular"; font-weight: normal; font-style:
    /// normal; font-size: 17.00pt`.
    open override var description: String {
        let address = "\(Unmanaged.passUnretained(self).toOpaque())"
        return "<UICTFont: \(address)> font-family: \"\(fontName)\"; font-weight: \(face.isBold ? "bold" : "normal"); "
            + "font-style: \(face.isItalic ? "italic" : "normal"); font-size: \(String(format: "%.2f", Double(size)))pt"
    }
}

extension UIFont.Face {
    static let standardWeights: [(CGFloat, String)] = [
        (-0.8, "Ultralight"), (-0.6, "Thin"), (-0.4, "Light"), (0, "Regular"), (0.23, "Medium"),
        (0.3, "Semibold"), (0.4, "Bold"), (0.56, "Heavy"), (0.62, "Black"),
    ]

    /// The heaviest standard weight not heavier than `weight` (ultralight below it), as UIKit picks the face.
    static func standardWeight(_ weight: CGFloat) -> CGFloat {
        standardWeights.last { $0.0 <= weight + 1e-6 }?.0 ?? standardWeights[0].0
    }

    static func weightName(_ weight: CGFloat) -> String {
        standardWeights.first { abs($0.0 - weight) < 1e-6 }?.1 ?? "Regular"
    }

    static func system(weight: CGFloat, italic: Bool) -> Self {
        let w = standardWeight(weight)
        return Self(design: .system, name: ".SFUI-\(weightName(w))\(italic ? "Italic" : "")", family: ".AppleSystemUIFont",
                    weight: w, isItalic: italic, isMonospaced: false)
    }

    /// The face a name gives: the system font for its own names, a catalogued family's first font for a family
    /// name, else a font of that name whose family is the name before its first "-" and whose traits its name
    /// implies (Bold, Semibold, Light, Italic, Oblique, …).
    static func named(_ name: String) -> Self? {
        guard !name.isEmpty else { return nil }
        if name.hasPrefix(".SFUIMono") || name.hasPrefix(".AppleSystemUIFontMonospaced") {
            let (w, italic) = traits(of: name)
            return Self(design: .systemMonospaced, name: ".SFUIMono-\(weightName(w))\(italic ? "Italic" : "")",
                        family: ".AppleSystemUIFontMonospaced", weight: w, isItalic: italic, isMonospaced: true)
        }
        if name.hasPrefix(".SFUI") || name.hasPrefix(".SFNS") || name.hasPrefix(".AppleSystemUIFont") {
            let (w, italic) = traits(of: name)
            return system(weight: w, italic: italic)
        }
        var fontName = name
        if let faces = FontCatalog.families[name], let first = faces.first { fontName = first }
        let family = FontCatalog.family(ofFont: fontName)
            ?? String(fontName.split(separator: "-", maxSplits: 1).first ?? Substring(fontName))
        let (w, italic) = traits(of: fontName)
        let mono = FontCatalog.monospacedFamilies.contains(family) || fontName.contains("Mono")
        return Self(design: .named, name: fontName, family: family, weight: w, isItalic: italic, isMonospaced: mono)
    }

    /// The weight and slant a font's name states.
    static func traits(of name: String) -> (CGFloat, Bool) {
        let style = name.split(separator: "-", maxSplits: 1).dropFirst().first.map(String.init)?.lowercased() ?? ""
        let italic = style.contains("italic") || style.contains("oblique") || style.hasSuffix("ita")
        let keywords: [(String, UIFont.Weight)] = [
            ("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin), ("light", .light),
            ("medium", .medium), ("semibold", .semibold), ("demibold", .semibold), ("extrabold", .heavy),
            ("ultrabold", .heavy), ("heavy", .heavy), ("black", .black), ("bold", .bold),
        ]
        let weight = keywords.first { style.contains($0.0) }?.1.rawValue ?? 0
        return (weight, italic)
    }

    /// This face with other bold and italic traits: the system font's bold is its semibold face; a named
    /// font's is the catalogued font of the family with those traits, else its name with `-Bold`, `-Italic`
    /// or `-BoldItalic`.
    func with(bold: Bool, italic: Bool) -> Self {
        switch design {
        case .system:
            var f = Self.system(weight: bold ? max(weight, UIFont.Weight.semibold.rawValue) : (isBold ? 0 : weight),
                                italic: italic)
            f.monospacedDigits = monospacedDigits
            f.textStyle = textStyle
            return f
        case .systemMonospaced:
            let w = bold ? max(weight, UIFont.Weight.bold.rawValue) : (isBold ? 0 : weight)
            return Self(design: .systemMonospaced, name: ".SFUIMono-\(Self.weightName(w))\(italic ? "Italic" : "")",
                        family: family, weight: w, isItalic: italic, isMonospaced: true)
        case .named:
            let target = bold ? UIFont.Weight.bold.rawValue : 0
            let candidates = (FontCatalog.families[family] ?? []).compactMap { name -> (String, CGFloat)? in
                let (w, i) = Self.traits(of: name)
                return (w >= UIFont.Weight.semibold.rawValue) == bold && i == italic && (bold || w == 0) ? (name, w) : nil
            }
            if let match = candidates.min(by: { abs($0.1 - target) < abs($1.1 - target) }) {
                return Self.named(match.0) ?? self
            }
            let base = String(name.split(separator: "-", maxSplits: 1).first ?? Substring(name))
            let suffix = bold ? (italic ? "-BoldItalic" : "-Bold") : (italic ? "-Italic" : "")
            var f = Self.named(base + suffix) ?? self
            f.family = family
            return f
        }
    }
}

/// A subset of the font families iOS 17 installs, with their fonts' PostScript names (as `UIFont.familyNames`
/// and `fontNames(forFamilyName:)` list them on iOS).
enum FontCatalog {
    static let families: [String: [String]] = [
        "American Typewriter": ["AmericanTypewriter", "AmericanTypewriter-Light", "AmericanTypewriter-Semibold",
                                "AmericanTypewriter-Bold", "AmericanTypewriter-Condensed",
                                "AmericanTypewriter-CondensedLight", "AmericanTypewriter-CondensedBold"],
        "Arial": ["ArialMT", "Arial-BoldMT", "Arial-ItalicMT", "Arial-BoldItalicMT"],
        "Avenir": ["Avenir-Book", "Avenir-Roman", "Avenir-Light", "Avenir-Medium", "Avenir-Heavy", "Avenir-Black",
                   "Avenir-BookOblique", "Avenir-Oblique", "Avenir-LightOblique", "Avenir-MediumOblique",
                   "Avenir-HeavyOblique", "Avenir-BlackOblique"],
        "Avenir Next": ["AvenirNext-Regular", "AvenirNext-Italic", "AvenirNext-UltraLight", "AvenirNext-UltraLightItalic",
                        "AvenirNext-Medium", "AvenirNext-MediumItalic", "AvenirNext-DemiBold", "AvenirNext-DemiBoldItalic",
                        "AvenirNext-Bold", "AvenirNext-BoldItalic", "AvenirNext-Heavy", "AvenirNext-HeavyItalic"],
        "Baskerville": ["Baskerville", "Baskerville-Italic", "Baskerville-SemiBold", "Baskerville-SemiBoldItalic",
                        "Baskerville-Bold", "Baskerville-BoldItalic"],
        "Chalkboard SE": ["ChalkboardSE-Regular", "ChalkboardSE-Light", "ChalkboardSE-Bold"],
        "Courier": ["Courier", "Courier-Oblique", "Courier-Bold", "Courier-BoldOblique"],
        "Courier New": ["CourierNewPSMT", "CourierNewPS-ItalicMT", "CourierNewPS-BoldMT", "CourierNewPS-BoldItalicMT"],
        "Didot": ["Didot", "Didot-Italic", "Didot-Bold"],
        "Futura": ["Futura-Medium", "Futura-MediumItalic", "Futura-Bold", "Futura-CondensedMedium",
                   "Futura-CondensedExtraBold"],
        "Georgia": ["Georgia", "Georgia-Italic", "Georgia-Bold", "Georgia-BoldItalic"],
        "Gill Sans": ["GillSans", "GillSans-Italic", "GillSans-Light", "GillSans-LightItalic", "GillSans-SemiBold",
                      "GillSans-SemiBoldItalic", "GillSans-Bold", "GillSans-BoldItalic", "GillSans-UltraBold"],
        "Helvetica": ["Helvetica", "Helvetica-Oblique", "Helvetica-Light", "Helvetica-LightOblique", "Helvetica-Bold",
                      "Helvetica-BoldOblique"],
        "Helvetica Neue": ["HelveticaNeue", "HelveticaNeue-Italic", "HelveticaNeue-UltraLight",
                           "HelveticaNeue-UltraLightItalic", "HelveticaNeue-Thin", "HelveticaNeue-ThinItalic",
                           "HelveticaNeue-Light", "HelveticaNeue-LightItalic", "HelveticaNeue-Medium",
                           "HelveticaNeue-MediumItalic", "HelveticaNeue-Bold", "HelveticaNeue-BoldItalic",
                           "HelveticaNeue-CondensedBold", "HelveticaNeue-CondensedBlack"],
        "Marker Felt": ["MarkerFelt-Thin", "MarkerFelt-Wide"],
        "Menlo": ["Menlo-Regular", "Menlo-Italic", "Menlo-Bold", "Menlo-BoldItalic"],
        "Noteworthy": ["Noteworthy-Light", "Noteworthy-Bold"],
        "Optima": ["Optima-Regular", "Optima-Italic", "Optima-Bold", "Optima-BoldItalic", "Optima-ExtraBlack"],
        "Palatino": ["Palatino-Roman", "Palatino-Italic", "Palatino-Bold", "Palatino-BoldItalic"],
        "Times New Roman": ["TimesNewRomanPSMT", "TimesNewRomanPS-ItalicMT", "TimesNewRomanPS-BoldMT",
                            "TimesNewRomanPS-BoldItalicMT"],
        "Trebuchet MS": ["TrebuchetMS", "TrebuchetMS-Italic", "TrebuchetMS-Bold", "Trebuchet-BoldItalic"],
        "Verdana": ["Verdana", "Verdana-Italic", "Verdana-Bold", "Verdana-BoldItalic"],
        "Zapfino": ["Zapfino"],
    ]

    static let monospacedFamilies: Set<String> = ["Courier", "Courier New", "Menlo", ".AppleSystemUIFontMonospaced"]

    private static let familyOfFont: [String: String] = {
        var map: [String: String] = [:]
        for (family, fonts) in families { for font in fonts { map[font] = family } }
        return map
    }()

    static func family(ofFont name: String) -> String? { familyOfFont[name] }
}

/// `UIFontDescriptor`: a font's attributes — name, size, traits — from which ``UIFont`` makes fonts.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// Symbolic traits, with Core Text's bit values.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// Font attribute names, with UIKit's raw values.
    public struct AttributeName: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let family = AttributeName("NSFontFamilyAttribute")
        public static let name = AttributeName("NSFontNameAttribute")
        public static let face = AttributeName("NSFontFaceAttribute")
        public static let size = AttributeName("NSFontSizeAttribute")
        public static let visibleName = AttributeName("NSFontVisibleNameAttribute")
        public static let traits = AttributeName("NSCTFontTraitsAttribute")
        public static let fixedAdvance = AttributeName("NSFontFixedAdvanceAttribute")
        public static let textStyle = AttributeName("NSCTFontUIUsageAttribute")
    }

    /// Keys of the `traits` attribute's dictionary, with UIKit's raw values.
    public struct TraitKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let symbolic = TraitKey("NSCTFontSymbolicTrait")
        public static let weight = TraitKey("NSCTFontWeightTrait")
        public static let width = TraitKey("NSCTFontProportionTrait")
        public static let slant = TraitKey("NSCTFontSlantTrait")
    }

    let face: UIFont.Face
    private let size: CGFloat

    init(face: UIFont.Face, size: CGFloat) {
        self.face = face
        self.size = size
        super.init()
    }

    /// An empty descriptor: the system font, with no size.
    public override convenience init() {
        self.init(face: .system(weight: 0, italic: false), size: 0)
    }

    /// A descriptor of the font named `fontName` (see ``UIFont/init(name:size:)``; an empty name gives the
    /// system font).
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(face: UIFont.Face.named(fontName) ?? .system(weight: 0, italic: false), size: size)
    }

    /// A descriptor from attributes: `.name`, or `.family`; `.size`; `.traits` with `.symbolic` (bold, italic)
    /// and `.weight`; `.textStyle`.
    public convenience init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        var face = (attributes[.name] as? String).flatMap(UIFont.Face.named)
            ?? (attributes[.family] as? String).flatMap(UIFont.Face.named)
            ?? .system(weight: 0, italic: false)
        let size = UIFontDescriptor.number(attributes[.size]) ?? 0
        if let traits = attributes[.traits] as? [TraitKey: Any] {
            if let w = UIFontDescriptor.number(traits[.weight]), face.design == .system {
                face = .system(weight: w, italic: face.isItalic)
            }
            if let s = UIFontDescriptor.number(traits[.symbolic]) {
                let symbolic = SymbolicTraits(rawValue: UInt32(s))
                face = face.with(bold: symbolic.contains(.traitBold) || face.isBold,
                                 italic: symbolic.contains(.traitItalic) || face.isItalic)
            }
        }
        if let style = attributes[.textStyle] as? String { face.textStyle = style }
        self.init(face: face, size: size)
    }

    /// The descriptor of a text style's font at the default (Large) size.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Float: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as UInt32: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }

    /// The size in points (0 when unspecified).
    open var pointSize: CGFloat { size }
    /// The PostScript name.
    open var postscriptName: String { face.name }
    /// Bold (the system font's semibold and heavier), italic and monospace traits.
    open var symbolicTraits: SymbolicTraits {
        var traits: SymbolicTraits = []
        if face.isBold { traits.insert(.traitBold) }
        if face.isItalic { traits.insert(.traitItalic) }
        if face.isMonospaced { traits.insert(.traitMonoSpace) }
        if face.design != .named { traits.insert(.traitUIOptimized) }
        return traits
    }

    /// The descriptor's attributes: name, family, size, traits (symbolic and weight), text style.
    open var fontAttributes: [AttributeName: Any] {
        var attributes: [AttributeName: Any] = [
            .name: face.name, .family: face.family,
            .traits: [TraitKey.symbolic: symbolicTraits.rawValue, TraitKey.weight: face.weight] as [TraitKey: Any],
        ]
        if size > 0 { attributes[.size] = size }
        if let style = face.textStyle { attributes[.textStyle] = style }
        return attributes
    }

    /// One attribute's value.
    open func object(forKey anAttribute: AttributeName) -> Any? { fontAttributes[anAttribute] }

    /// The same descriptor with the given symbolic traits (bold and italic) replacing its own.
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        UIFontDescriptor(face: face.with(bold: symbolicTraits.contains(.traitBold),
                                         italic: symbolicTraits.contains(.traitItalic)), size: size)
    }

    /// The same descriptor of another size.
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor { UIFontDescriptor(face: face, size: newPointSize) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFontDescriptor else { return false }
        return face == other.face && size == other.size
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(face)
        hasher.combine(size)
        return hasher.finalize()
    }
}
