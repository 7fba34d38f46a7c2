import Foundation

/// `UIColor`: a colour as UIKit keeps it — components in a colour space (extended sRGB for RGB colours,
/// extended gray for `init(white:alpha:)`, Display P3 for `init(displayP3Red:…)`), or a dynamic colour that
/// a trait collection resolves (the system colours). Nothing is drawn headless. Immutable, so it is safe from
/// any thread and `Sendable`, and not main-actor isolated — as UIKit's is; `open` for subclassing.
///
/// Components are never clamped (iOS 10 and later); alpha is clamped to 0…1. Two colours are equal when their
/// colour spaces and components are (`UIColor.black`, a gray, is not equal to an RGB black), two system
/// colours when they are the same one.
open class UIColor: NSObject, @unchecked Sendable {
    private enum Kind { case deviceRGB, deviceGray, displayP3, cgColor }

    private enum Storage {
        case fixed(CGColor, Kind)
        /// The provider is not `@Sendable`, as UIKit's is not: a colour is immutable once made, and UIKit calls
        /// the provider where it resolves (the main thread, or the caller of `resolvedColor(with:)`).
        case dynamic((UITraitCollection) -> UIColor, name: String?)
    }

    private let storage: Storage

    private init(storage: Storage) {
        self.storage = storage
        super.init()
    }

    /// An RGB colour in the extended sRGB space.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .fixed(CGColor(space: .extendedSRGBSpace, values: [red, green, blue, alpha]), .deviceRGB)
        super.init()
    }

    /// A gray in the extended gray space: `white` 0 is black, 1 white.
    public init(white: CGFloat, alpha: CGFloat) {
        storage = .fixed(CGColor(space: .extendedGraySpace, values: [white, alpha]), .deviceGray)
        super.init()
    }

    /// An RGB colour from hue, saturation and brightness (HSB, also called HSV; hue 0…1 wraps around).
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = UIColor.rgb(hue: hue, saturation: saturation, brightness: brightness)
        storage = .fixed(CGColor(space: .extendedSRGBSpace, values: [r, g, b, alpha]), .deviceRGB)
        super.init()
    }

    /// A colour in the Display P3 space, kept there as UIKit keeps it (its description names
    /// `UIDisplayP3ColorSpace`); `getRed` answers its extended sRGB components.
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .fixed(CGColor(space: .displayP3Space, values: [red, green, blue, alpha]), .displayP3)
        super.init()
    }

    /// The colour of a CoreGraphics colour, in its colour space.
    public init(cgColor: CGColor) {
        storage = .fixed(cgColor, .cgColor)
        super.init()
    }

    /// A dynamic colour: `dynamicProvider` answers the colour for a trait collection. Read without one (its
    /// components, `cgColor`), it resolves against `UITraitCollection.current`.
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        storage = .dynamic(dynamicProvider, name: nil)
        super.init()
    }

    /// The colour of an asset catalogue: nil, as a headless host has no asset catalogues (UIKit answers nil
    /// for a name it cannot find).

    /// The colour named `name` in the app's asset catalogue. A headless host has no catalogues: the colour
    /// registered under the name with ``tactileRegister(_:named:)``, else nil (UIKit's answer for a name it
    /// cannot find).
    public convenience init?(named name: String) {
        guard let color = NamedColors.lookup(name) else { return nil }
        self.init(storage: color.storage)
    }

    /// The colour of an asset catalogue in `bundle`: as ``init(named:)``.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let color = NamedColors.lookup(name) else { return nil }
        self.init(storage: color.storage)
    }

    /// Registers `color` under `name` for ``init(named:)`` (Tactile: the host's stand-in for an asset
    /// catalogue's colour sets).
    public static func tactileRegister(_ color: UIColor, named name: String) { NamedColors.register(color, named: name) }

    // MARK: Resolving

    /// The colour for `traitCollection`: a dynamic colour's provider answer (itself resolved), else the colour.
    /// An unspecified interface style resolves as light.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        switch storage {
        case .fixed: return self
        case .dynamic(let provider, _): return provider(traitCollection).resolvedColor(with: traitCollection)
        }
    }

    /// The colour and colour space of a fixed colour, resolving a dynamic one against the current traits.
    private var fixed: (CGColor, Kind) {
        switch storage {
        case .fixed(let cg, let kind): return (cg, kind)
        case .dynamic: return resolvedColor(with: UITraitCollection.current).fixed
        }
    }

    /// The colour as a CoreGraphics colour, in the same space with the same components (a dynamic colour
    /// resolved against `UITraitCollection.current`).
    open var cgColor: CGColor { fixed.0 }

    // MARK: Components

    /// The same colour with another alpha (clamped to 0…1). A dynamic colour stays dynamic.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case .fixed(let cg, let kind):
            return UIColor(storage: .fixed(cg.copy(alpha: alpha) ?? cg, kind))
        case .dynamic:
            return UIColor(dynamicProvider: { [self] traits in
                self.resolvedColor(with: traits).withAlphaComponent(alpha)
            })
        }
    }

    /// The colour's red, green, blue and alpha components in the extended sRGB space (each pointer may be
    /// nil): true for RGB and gray colours (a gray's three components are its white), false otherwise, leaving
    /// the pointees unchanged.
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let c = rgba else { return false }
        red?.pointee = c.0
        green?.pointee = c.1
        blue?.pointee = c.2
        alpha?.pointee = c.3
        return true
    }

    /// The colour's grayscale value and alpha: true only for a colour in a gray space, as UIKit converts no
    /// RGB colour to gray here; otherwise false, leaving the pointees unchanged.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let cg = cgColor
        guard cg.colorSpace?.model == .monochrome, let c = cg.components else { return false }
        white?.pointee = c[0]
        alpha?.pointee = c[1]
        return true
    }

    /// The colour's hue (0…1, 0 for grays), saturation, brightness and alpha, from its extended sRGB
    /// components: true for RGB and gray colours, else false, leaving the pointees unchanged.
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let c = rgba else { return false }
        let (h, s, v) = UIColor.hsb(red: c.0, green: c.1, blue: c.2)
        hue?.pointee = h
        saturation?.pointee = s
        brightness?.pointee = v
        alpha?.pointee = c.3
        return true
    }

    /// Extended sRGB components and alpha, or nil for a colour with no RGB form (CMYK).
    private var rgba: (CGFloat, CGFloat, CGFloat, CGFloat)? {
        let cg = cgColor
        guard let c = cg.components, let space = cg.colorSpace else { return nil }
        switch space.kind {
        case .gray: return (c[0], c[0], c[0], c[1])
        case .rgb(.sRGB, .sRGB): return (c[0], c[1], c[2], c[3])
        case .rgb:
            let converted = cg.converted(to: .extendedSRGBSpace, intent: .defaultIntent, options: nil)
            guard let e = converted?.components else { return nil }
            return (e[0], e[1], e[2], e[3])
        case .cmyk: return nil
        }
    }

    static func rgb(hue: CGFloat, saturation s: CGFloat, brightness v: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        var h = hue.truncatingRemainder(dividingBy: 1)
        if h < 0 { h += 1 }
        let h6 = h * 6, sector = min(Int(h6), 5), f = h6 - CGFloat(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    static func hsb(red r: CGFloat, green g: CGFloat, blue b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
        let s = maxC == 0 ? 0 : delta / maxC
        guard delta > 0 else { return (0, s, maxC) }
        var h: CGFloat
        if maxC == r { h = (g - b) / delta } else if maxC == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
        h /= 6
        if h < 0 { h += 1 }
        if h >= 1 { h -= 1 }
        return (h, s, maxC)
    }

    // MARK: Drawing

    /// Sets the current context's fill and stroke colour to this colour. Without a current context nothing is
    /// set (CoreGraphics logs an invalid context).
    open func set() {
        guard let context = currentContext("CGContextSetFillColorWithColor") else { return }
        let cg = cgColor
        context.setFillColor(cg)
        context.setStrokeColor(cg)
    }

    /// Sets the current context's fill colour to this colour (nothing without a current context).
    open func setFill() {
        currentContext("CGContextSetFillColorWithColor")?.setFillColor(cgColor)
    }

    /// Sets the current context's stroke colour to this colour (nothing without a current context).
    open func setStroke() {
        currentContext("CGContextSetStrokeColorWithColor")?.setStrokeColor(cgColor)
    }

    private func currentContext(_ api: String) -> CGContext? {
        if let context = UIGraphicsGetCurrentContext() { return context }
        TactileDiagnostics.logFromAnyThread(api, "\(api): invalid context 0x0. If you want to see the backtrace, "
                                            + "please set CG_CONTEXT_SHOW_BACKTRACE environmental variable.")
        return nil
    }

    // MARK: Equality and description

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        if other === self { return true }
        switch (storage, other.storage) {
        case (.fixed(let a, _), .fixed(let b, _)): return a == b
        case (.dynamic(_, let a?), .dynamic(_, let b?)): return a == b
        default: return false
        }
    }

    open override var hash: Int {
        switch storage {
        case .fixed(let cg, _): return cg.hashValue
        case .dynamic(_, let name?): return name.hashValue
        case .dynamic: return ObjectIdentifier(self).hashValue
        }
    }

    /// As UIKit prints it: `UIExtendedSRGBColorSpace 1 0 0 1` for `.red`, `UIExtendedGrayColorSpace 0 1` for
    /// `.black`, `UIDisplayP3ColorSpace …` for a Display P3 colour, `<UIDynamicSystemColor: …; name = …>` for a
    /// system colour.
    open override var description: String {
        let address = "\(Unmanaged.passUnretained(self).toOpaque())"
        switch storage {
        case .dynamic(_, let name?):
            return "<UIDynamicSystemColor: \(address); name = \(name)>"
        case .dynamic:
            return "<UIDynamicProviderColor: \(address); provider = <__NSMallocBlock__>>"
        case .fixed(let cg, let kind):
            let c = cg.components ?? []
            func line(_ space: String, _ values: [CGFloat]) -> String {
                ([space] + values.map(ColorMath.format)).joined(separator: " ")
            }
            switch (kind, cg.colorSpace?.model) {
            case (.displayP3, _): return line("UIDisplayP3ColorSpace", c)
            case (_, .monochrome?): return line("UIExtendedGrayColorSpace", c)
            case (_, .rgb?):
                guard let e = rgba else { return "\(cg)" }
                return line("UIExtendedSRGBColorSpace", [e.0, e.1, e.2, e.3])
            default: return "<UICGColor: \(address)> \(cg)"
            }
        }
    }

    // MARK: Fixed colours (UIKit's component values)

    private enum Fixed {
        static let black = UIColor(white: 0, alpha: 1)
        static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
        static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
        static let white = UIColor(white: 1, alpha: 1)
        static let gray = UIColor(white: 0.5, alpha: 1)
        static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
        static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
        static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
        static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
        static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
        static let clear = UIColor(white: 0, alpha: 0)
        static let lightText = UIColor(white: 1, alpha: 0.6)
    }

    /// Gray 0.
    open class var black: UIColor { Fixed.black }
    /// Gray 1/3.
    open class var darkGray: UIColor { Fixed.darkGray }
    /// Gray 2/3.
    open class var lightGray: UIColor { Fixed.lightGray }
    /// Gray 1.
    open class var white: UIColor { Fixed.white }
    /// Gray 0.5.
    open class var gray: UIColor { Fixed.gray }
    /// RGB 1, 0, 0.
    open class var red: UIColor { Fixed.red }
    /// RGB 0, 1, 0.
    open class var green: UIColor { Fixed.green }
    /// RGB 0, 0, 1.
    open class var blue: UIColor { Fixed.blue }
    /// RGB 0, 1, 1.
    open class var cyan: UIColor { Fixed.cyan }
    /// RGB 1, 1, 0.
    open class var yellow: UIColor { Fixed.yellow }
    /// RGB 1, 0, 1.
    open class var magenta: UIColor { Fixed.magenta }
    /// RGB 1, 0.5, 0.
    open class var orange: UIColor { Fixed.orange }
    /// RGB 0.5, 0, 0.5.
    open class var purple: UIColor { Fixed.purple }
    /// RGB 0.6, 0.4, 0.2.
    open class var brown: UIColor { Fixed.brown }
    /// Gray 0 with alpha 0.
    open class var clear: UIColor { Fixed.clear }
    /// Text on a light background: black.
    open class var darkText: UIColor { Fixed.black }
    /// Text on a dark background: white with alpha 0.6.
    open class var lightText: UIColor { Fixed.lightText }

    // MARK: System colours (dynamic)

    /// A system colour's sRGB values (0–255) and alpha (in hundredths) for light, dark, and the two
    /// increased-contrast appearances; the background colours also for dark elevated interfaces (light elevated
    /// ones use the light values).
    ///
    /// Values: the iOS 15–17 tables of Apple's Human Interface Guidelines (Color › Specifications: default and
    /// accessible, light and dark) as reproduced in flutter/flutter `packages/flutter/lib/src/cupertino/colors.dart`
    /// (`CupertinoColors`, alphas stored ×255 there), with systemTeal, systemCyan and the increased-contrast
    /// systemYellow of the iOS 15 HIG table (Flutter keeps iOS 13's teal). Apple's alphas are two-decimal
    /// fractions (iOS 13's `UIColor.secondaryLabel` is 60, 60, 67 with alpha 0.6, `separator` alpha 0.29, as
    /// dumped in noahsark769/ColorCompatibility); the table keeps them in hundredths.
    private struct SystemColor: Sendable {
        typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
        let light: RGBA, dark: RGBA, lightHigh: RGBA, darkHigh: RGBA, darkElevated: RGBA, darkHighElevated: RGBA

        init(_ light: RGBA, _ dark: RGBA, _ lightHigh: RGBA? = nil, _ darkHigh: RGBA? = nil,
             elevated darkElevated: RGBA? = nil, _ darkHighElevated: RGBA? = nil) {
            self.light = light
            self.dark = dark
            self.lightHigh = lightHigh ?? light
            self.darkHigh = darkHigh ?? dark
            self.darkElevated = darkElevated ?? dark
            self.darkHighElevated = darkHighElevated ?? darkHigh ?? dark
        }

        func resolve(_ traits: UITraitCollection) -> UIColor {
            let high = traits.accessibilityContrast == .high, elevated = traits.userInterfaceLevel == .elevated
            let c = traits.userInterfaceStyle == .dark
                ? (elevated ? (high ? darkHighElevated : darkElevated) : (high ? darkHigh : dark))
                : (high ? lightHigh : light)
            let alpha = CGFloat(c.a) / 100
            if c.r == c.g && c.g == c.b { return UIColor(white: CGFloat(c.r) / 255, alpha: alpha) }
            return UIColor(red: CGFloat(c.r) / 255, green: CGFloat(c.g) / 255, blue: CGFloat(c.b) / 255, alpha: alpha)
        }
    }

    private static func opaque(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> SystemColor.RGBA { (r, g, b, 100) }

    private static let systemTable: [String: SystemColor] = {
        let o = opaque
        return [
            "systemRedColor": SystemColor(o(255, 59, 48), o(255, 69, 58), o(215, 0, 21), o(255, 105, 97)),
            "systemOrangeColor": SystemColor(o(255, 149, 0), o(255, 159, 10), o(201, 52, 0), o(255, 179, 64)),
            "systemYellowColor": SystemColor(o(255, 204, 0), o(255, 214, 10), o(178, 80, 0), o(255, 212, 38)),
            "systemGreenColor": SystemColor(o(52, 199, 89), o(48, 209, 88), o(36, 138, 61), o(48, 219, 91)),
            "systemMintColor": SystemColor(o(0, 199, 190), o(99, 230, 226), o(12, 129, 123), o(102, 212, 207)),
            "systemTealColor": SystemColor(o(48, 176, 199), o(64, 200, 224), o(0, 130, 153), o(93, 230, 255)),
            "systemCyanColor": SystemColor(o(50, 173, 230), o(100, 210, 255), o(0, 113, 164), o(112, 215, 255)),
            "systemBlueColor": SystemColor(o(0, 122, 255), o(10, 132, 255), o(0, 64, 221), o(64, 156, 255)),
            "systemIndigoColor": SystemColor(o(88, 86, 214), o(94, 92, 230), o(54, 52, 163), o(125, 122, 255)),
            "systemPurpleColor": SystemColor(o(175, 82, 222), o(191, 90, 242), o(137, 68, 171), o(218, 143, 255)),
            "systemPinkColor": SystemColor(o(255, 45, 85), o(255, 55, 95), o(211, 15, 69), o(255, 100, 130)),
            "systemBrownColor": SystemColor(o(162, 132, 94), o(172, 142, 104), o(127, 101, 69), o(181, 148, 105)),
            "systemGrayColor": SystemColor(o(142, 142, 147), o(142, 142, 147), o(108, 108, 112), o(174, 174, 178)),
            "systemGray2Color": SystemColor(o(174, 174, 178), o(99, 99, 102), o(142, 142, 147), o(124, 124, 128)),
            "systemGray3Color": SystemColor(o(199, 199, 204), o(72, 72, 74), o(174, 174, 178), o(84, 84, 86)),
            "systemGray4Color": SystemColor(o(209, 209, 214), o(58, 58, 60), o(188, 188, 192), o(68, 68, 70)),
            "systemGray5Color": SystemColor(o(229, 229, 234), o(44, 44, 46), o(216, 216, 220), o(54, 54, 56)),
            "systemGray6Color": SystemColor(o(242, 242, 247), o(28, 28, 30), o(235, 235, 240), o(36, 36, 38)),
            "labelColor": SystemColor(o(0, 0, 0), o(255, 255, 255)),
            "secondaryLabelColor": SystemColor((60, 60, 67, 60), (235, 235, 245, 60), (60, 60, 67, 68), (235, 235, 245, 68)),
            "tertiaryLabelColor": SystemColor((60, 60, 67, 30), (235, 235, 245, 30), (60, 60, 67, 38), (235, 235, 245, 38)),
            "quaternaryLabelColor": SystemColor((60, 60, 67, 18), (235, 235, 245, 16), (60, 60, 67, 26), (235, 235, 245, 24)),
            "linkColor": SystemColor(o(0, 122, 255), o(9, 132, 255)),
            "placeholderTextColor": SystemColor((60, 60, 67, 30), (235, 235, 245, 30), (60, 60, 67, 38), (235, 235, 245, 38)),
            "separatorColor": SystemColor((60, 60, 67, 29), (84, 84, 88, 60), (60, 60, 67, 37), (84, 84, 88, 68)),
            "opaqueSeparatorColor": SystemColor(o(198, 198, 200), o(56, 56, 58)),
            "systemBackgroundColor": SystemColor(o(255, 255, 255), o(0, 0, 0), nil, nil, elevated: o(28, 28, 30), o(36, 36, 38)),
            "secondarySystemBackgroundColor": SystemColor(o(242, 242, 247), o(28, 28, 30), o(235, 235, 240), o(36, 36, 38),
                                                          elevated: o(44, 44, 46), o(54, 54, 56)),
            "tertiarySystemBackgroundColor": SystemColor(o(255, 255, 255), o(44, 44, 46), o(255, 255, 255), o(54, 54, 56),
                                                         elevated: o(58, 58, 60), o(68, 68, 70)),
            "systemGroupedBackgroundColor": SystemColor(o(242, 242, 247), o(0, 0, 0), o(235, 235, 240), o(0, 0, 0),
                                                        elevated: o(28, 28, 30), o(36, 36, 38)),
            "secondarySystemGroupedBackgroundColor": SystemColor(o(255, 255, 255), o(28, 28, 30), o(255, 255, 255), o(36, 36, 38),
                                                                 elevated: o(44, 44, 46), o(54, 54, 56)),
            "tertiarySystemGroupedBackgroundColor": SystemColor(o(242, 242, 247), o(44, 44, 46), o(235, 235, 240), o(54, 54, 56),
                                                                elevated: o(58, 58, 60), o(68, 68, 70)),
            "systemFillColor": SystemColor((120, 120, 128, 20), (120, 120, 128, 36), (120, 120, 128, 28), (120, 120, 128, 44)),
            "secondarySystemFillColor": SystemColor((120, 120, 128, 16), (120, 120, 128, 32), (120, 120, 128, 24), (120, 120, 128, 40)),
            "tertiarySystemFillColor": SystemColor((118, 118, 128, 12), (118, 118, 128, 24), (118, 118, 128, 20), (118, 118, 128, 32)),
            "quaternarySystemFillColor": SystemColor((116, 116, 128, 8), (118, 118, 128, 18), (116, 116, 128, 16), (118, 118, 128, 26)),
        ]
    }()

    private static let systemColors: [String: UIColor] = {
        var colors: [String: UIColor] = [:]
        for (name, entry) in systemTable {
            colors[name] = UIColor(storage: .dynamic({ entry.resolve($0) }, name: name))
        }
        let blue = colors["systemBlueColor"]!
        colors["tintColor"] = UIColor(storage: .dynamic({ blue.resolvedColor(with: $0) }, name: "tintColor"))
        let grouped = colors["systemGroupedBackgroundColor"]!
        colors["groupTableViewBackgroundColor"] = UIColor(
            storage: .dynamic({ grouped.resolvedColor(with: $0) }, name: "groupTableViewBackgroundColor"))
        return colors
    }()

    private static func system(_ name: String) -> UIColor { systemColors[name]! }

    /// The colour UIKit names `name` in Objective-C and storyboards (`systemBackgroundColor`, `labelColor`,
    /// `blackColor`, `tintColor`, …), or nil.
    static func tactileSystemColor(named name: String) -> UIColor? {
        if let color = systemColors[name] { return color }
        let fixed: [String: UIColor] = [
            "blackColor": .black, "darkGrayColor": .darkGray, "lightGrayColor": .lightGray, "whiteColor": .white,
            "grayColor": .gray, "redColor": .red, "greenColor": .green, "blueColor": .blue, "cyanColor": .cyan,
            "yellowColor": .yellow, "magentaColor": .magenta, "orangeColor": .orange, "purpleColor": .purple,
            "brownColor": .brown, "clearColor": .clear, "darkTextColor": .darkText, "lightTextColor": .lightText,
        ]
        return fixed[name]
    }

    open class var systemRed: UIColor { system("systemRedColor") }
    open class var systemOrange: UIColor { system("systemOrangeColor") }
    open class var systemYellow: UIColor { system("systemYellowColor") }
    open class var systemGreen: UIColor { system("systemGreenColor") }
    open class var systemMint: UIColor { system("systemMintColor") }
    open class var systemTeal: UIColor { system("systemTealColor") }
    open class var systemCyan: UIColor { system("systemCyanColor") }
    open class var systemBlue: UIColor { system("systemBlueColor") }
    open class var systemIndigo: UIColor { system("systemIndigoColor") }
    open class var systemPurple: UIColor { system("systemPurpleColor") }
    open class var systemPink: UIColor { system("systemPinkColor") }
    open class var systemBrown: UIColor { system("systemBrownColor") }
    open class var systemGray: UIColor { system("systemGrayColor") }
    open class var systemGray2: UIColor { system("systemGray2Color") }
    open class var systemGray3: UIColor { system("systemGray3Color") }
    open class var systemGray4: UIColor { system("systemGray4Color") }
    open class var systemGray5: UIColor { system("systemGray5Color") }
    open class var systemGray6: UIColor { system("systemGray6Color") }
    /// The tint colour; headless, with no view to ask, it resolves to ``systemBlue``.
    open class var tintColor: UIColor { system("tintColor") }
    open class var label: UIColor { system("labelColor") }
    open class var secondaryLabel: UIColor { system("secondaryLabelColor") }
    open class var tertiaryLabel: UIColor { system("tertiaryLabelColor") }
    open class var quaternaryLabel: UIColor { system("quaternaryLabelColor") }
    open class var link: UIColor { system("linkColor") }
    open class var placeholderText: UIColor { system("placeholderTextColor") }
    open class var separator: UIColor { system("separatorColor") }
    open class var opaqueSeparator: UIColor { system("opaqueSeparatorColor") }
    open class var systemBackground: UIColor { system("systemBackgroundColor") }
    open class var secondarySystemBackground: UIColor { system("secondarySystemBackgroundColor") }
    open class var tertiarySystemBackground: UIColor { system("tertiarySystemBackgroundColor") }
    open class var systemGroupedBackground: UIColor { system("systemGroupedBackgroundColor") }
    open class var secondarySystemGroupedBackground: UIColor { system("secondarySystemGroupedBackgroundColor") }
    open class var tertiarySystemGroupedBackground: UIColor { system("tertiarySystemGroupedBackgroundColor") }
    open class var systemFill: UIColor { system("systemFillColor") }
    open class var secondarySystemFill: UIColor { system("secondarySystemFillColor") }
    open class var tertiarySystemFill: UIColor { system("tertiarySystemFillColor") }
    open class var quaternarySystemFill: UIColor { system("quaternarySystemFillColor") }
    /// Deprecated in UIKit; ``systemGroupedBackground`` since iOS 13.
    open class var groupTableViewBackground: UIColor { system("groupTableViewBackgroundColor") }
}

/// Colours registered for `UIColor(named:)`.
private enum NamedColors {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var colors: [String: UIColor] = [:]

    static func register(_ color: UIColor, named name: String) {
        lock.lock()
        colors[name] = color
        lock.unlock()
    }

    static func lookup(_ name: String) -> UIColor? {
        lock.lock()
        defer { lock.unlock() }
        return colors[name]
    }
}
