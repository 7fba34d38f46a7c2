import Foundation
import Testing
import Tactile

/// Helpers shared by the colour, font and text tests.
enum ColorTextTestSupport {
    /// A deterministic generator for the property tests (SplitMix64).
    typealias Random = FuzzSplitMix64

    /// Runs `body` in a 200×200 image context at scale 1 and answers what it drew.
    static func drawing(_ body: (CGContext) -> Void) -> [TactileDrawing.Command] {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 200, height: 200), false, 1)
        defer { UIGraphicsEndImageContext() }
        guard let context = UIGraphicsGetCurrentContext() else { return [] }
        body(context)
        return context.tactileDrawing.commands
    }

    /// Runs `body` with `traits` as `UITraitCollection.current` on this thread.
    static func withCurrentTraits<T>(_ traits: UITraitCollection, _ body: () -> T) -> T {
        let saved = UITraitCollection.current
        UITraitCollection.current = traits
        defer { UITraitCollection.current = saved }
        return body()
    }
}

private typealias Random = ColorTextTestSupport.Random

/// The components `getRed` answers, or nil when it answers false.
private func rgba(_ color: UIColor) -> [CGFloat]? {
    var r: CGFloat = -9, g: CGFloat = -9, b: CGFloat = -9, a: CGFloat = -9
    return color.getRed(&r, green: &g, blue: &b, alpha: &a) ? [r, g, b, a] : nil
}

private func hsba(_ color: UIColor) -> [CGFloat]? {
    var h: CGFloat = -9, s: CGFloat = -9, v: CGFloat = -9, a: CGFloat = -9
    return color.getHue(&h, saturation: &s, brightness: &v, alpha: &a) ? [h, s, v, a] : nil
}

private func close(_ a: [CGFloat]?, _ b: [CGFloat], _ tolerance: CGFloat = 1e-9) -> Bool {
    guard let a, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// HSB → RGB by the closed form f(n) = v − v·s·max(0, min(k, 4 − k, 1)), k = (n + 6h) mod 6 (Wikipedia,
/// "HSL and HSV", HSV to RGB alternative) — independent of the sector-by-sector form UIColor uses.
private func referenceRGB(hue h: CGFloat, saturation s: CGFloat, brightness v: CGFloat) -> [CGFloat] {
    func f(_ n: CGFloat) -> CGFloat {
        let k = (n + h * 6).truncatingRemainder(dividingBy: 6)
        return v - v * s * max(0, min(k, 4 - k, 1))
    }
    return [f(5), f(3), f(1)]
}

@Suite("UIColor and CGColor")
struct ColorTests {
    // MARK: HSB

    @Test("init(hue:saturation:brightness:alpha:) gives the HSB model's RGB (UIColor docs: HSB colour model), checked over random colours against an independent formula")
    func hsbToRGB() {
        var rng = Random(seed: 1)
        for _ in 0..<2000 {
            let h = CGFloat.random(in: 0..<1, using: &rng), s = CGFloat.random(in: 0...1, using: &rng)
            let v = CGFloat.random(in: 0...1, using: &rng), a = CGFloat.random(in: 0...1, using: &rng)
            let color = UIColor(hue: h, saturation: s, brightness: v, alpha: a)
            #expect(close(rgba(color), referenceRGB(hue: h, saturation: s, brightness: v) + [a]))
        }
    }

    @Test("getHue(_:saturation:brightness:alpha:) answers brightness = max, saturation = (max − min)/max, and a hue the independent formula maps back to the colour; RGB → HSB → RGB round-trips (random colours)")
    func rgbToHSBRoundTrip() {
        var rng = Random(seed: 2)
        for _ in 0..<2000 {
            let rgb = (0..<3).map { _ in CGFloat.random(in: 0...1, using: &rng) }
            let a = CGFloat.random(in: 0...1, using: &rng)
            let color = UIColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: a)
            guard let hsb = hsba(color) else { Issue.record("getHue answered false for an RGB colour"); continue }
            let maxC = rgb.max()!, minC = rgb.min()!
            #expect(hsb[0] >= 0 && hsb[0] < 1)
            #expect(abs(hsb[2] - maxC) < 1e-12)
            #expect(abs(hsb[1] - (maxC == 0 ? 0 : (maxC - minC) / maxC)) < 1e-12)
            #expect(hsb[3] == a)
            #expect(close(referenceRGB(hue: hsb[0], saturation: hsb[1], brightness: hsb[2]), rgb, 1e-9))
            let back = UIColor(hue: hsb[0], saturation: hsb[1], brightness: hsb[2], alpha: hsb[3])
            #expect(close(rgba(back), rgb + [a], 1e-9))
        }
    }

    @Test("A hue of 1 is the hue of 0 (red); grays have hue 0 and saturation 0")
    func hueEdges() {
        #expect(close(rgba(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1)), [1, 0, 0, 1]))
        #expect(close(hsba(.gray), [0, 0, 0.5, 1]))
        #expect(close(hsba(UIColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 1)), [0, 0, 0.3, 1]))
    }

    // MARK: Components per colour space

    @Test("getRed succeeds for RGB and gray colours (a gray's components are its white) and getWhite only for grays, leaving the pointees unchanged when it fails (UIColor docs: getWhite(_:alpha:) returns false if the colour could not be converted)")
    func componentsPerSpace() {
        #expect(close(rgba(UIColor(white: 0.25, alpha: 0.5)), [0.25, 0.25, 0.25, 0.5]))
        #expect(close(rgba(UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), [0.1, 0.2, 0.3, 0.4]))
        var w: CGFloat = -1, a: CGFloat = -1
        #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&w, alpha: &a) && w == 0.25 && a == 0.5)
        w = -1; a = -1
        #expect(!UIColor.red.getWhite(&w, alpha: &a))
        #expect(w == -1 && a == -1)
        #expect(!UIColor(displayP3Red: 0.5, green: 0.5, blue: 0.5, alpha: 1).getWhite(&w, alpha: &a))
        // Nil pointers are allowed.
        #expect(UIColor.blue.getRed(nil, green: nil, blue: nil, alpha: nil))
        // A CMYK colour has no RGB form here.
        let cmyk = UIColor(cgColor: CGColor(genericCMYKCyan: 1, magenta: 0, yellow: 0, black: 0, alpha: 1))
        #expect(rgba(cmyk) == nil && hsba(cmyk) == nil)
    }

    @Test("Components are not clamped (extended sRGB, iOS 10+) but alpha is (UIColor docs: init(red:green:blue:alpha:))")
    func extendedRange() {
        #expect(close(rgba(UIColor(red: 1.2, green: -0.1, blue: 0.5, alpha: 2)), [1.2, -0.1, 0.5, 1]))
        #expect(close(rgba(UIColor(white: 1.5, alpha: -1)), [1.5, 1.5, 1.5, 0]))
    }

    @Test("A Display P3 colour stays in Display P3 and getRed answers extended sRGB: P3 (0, 210/255, 0) is (−0.416964, 0.838774, −0.249501) (Martin R, Stack Overflow 47443647, printed on iOS)")
    func displayP3() {
        let green = UIColor(displayP3Red: 0, green: 210.0 / 255, blue: 0, alpha: 1)
        #expect(green.description == "UIDisplayP3ColorSpace 0 0.823529 0 1")
        #expect(green.cgColor.colorSpace?.name == CGColorSpace.displayP3)
        #expect(close(rgba(green), [-0.416964, 0.838774, -0.249501, 1], 5e-4))
        // UIColor(cgColor:) of it describes itself in extended sRGB, as iOS prints it.
        #expect(UIColor(cgColor: green.cgColor).description.hasPrefix("UIExtendedSRGBColorSpace -0.41"))
    }

    // MARK: withAlphaComponent, cgColor, description

    @Test("withAlphaComponent keeps the colour space and components and replaces alpha (clamped)")
    func withAlpha() {
        #expect(close(rgba(UIColor.red.withAlphaComponent(0.25)), [1, 0, 0, 0.25]))
        let gray = UIColor.darkGray.withAlphaComponent(0.5)
        #expect(gray.cgColor.colorSpace?.model == .monochrome)
        #expect(gray.cgColor.components == [1.0 / 3, 0.5])
        #expect(UIColor.blue.withAlphaComponent(3).cgColor.alpha == 1)
        #expect(UIColor.red.withAlphaComponent(0.5) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test("cgColor has the colour's space and components: extended sRGB [r, g, b, a] for RGB, extended gray [w, a] for grays")
    func cgColorComponents() {
        let red = UIColor.red.cgColor
        #expect(red.colorSpace?.name == CGColorSpace.extendedSRGB && red.colorSpace?.model == .rgb)
        #expect(red.components == [1, 0, 0, 1] && red.numberOfComponents == 4 && red.alpha == 1)
        let black = UIColor.black.cgColor
        #expect(black.colorSpace?.name == CGColorSpace.extendedGray && black.colorSpace?.model == .monochrome)
        #expect(black.components == [0, 1] && black.numberOfComponents == 2)
        let c = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(UIColor(cgColor: c.cgColor) == c)
        #expect(UIColor(cgColor: c.cgColor).cgColor == c.cgColor)
    }

    @Test("description as UIKit prints it: \"UIExtendedSRGBColorSpace 1 0 0 1\" for red, \"UIExtendedGrayColorSpace 0 1\" for black (UIKit's NSLog output)")
    func descriptions() {
        #expect(UIColor.red.description == "UIExtendedSRGBColorSpace 1 0 0 1")
        #expect(UIColor.black.description == "UIExtendedGrayColorSpace 0 1")
        #expect(UIColor.darkGray.description == "UIExtendedGrayColorSpace 0.333333 1")
        #expect(UIColor(red: 0, green: 210.0 / 255, blue: 0, alpha: 1).description == "UIExtendedSRGBColorSpace 0 0.823529 0 1")
        #expect(UIColor.systemRed.description.contains("UIDynamicSystemColor"))
        #expect(UIColor.systemRed.description.hasSuffix("name = systemRedColor>"))
    }

    // MARK: Equality

    @Test("Colours are equal when space and components are: red equals an RGB red, but black (gray) does not equal an RGB black (CGColorEqualToColor docs; valeriyvan.com TIL 2019-08-27)")
    func equality() {
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.red.hash == UIColor(red: 1, green: 0, blue: 0, alpha: 1).hash)
        #expect(UIColor.black == UIColor(white: 0, alpha: 1))
        #expect(UIColor.black != UIColor(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(UIColor.white != UIColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(UIColor.red != UIColor.red.withAlphaComponent(0.99))
        #expect(UIColor.systemBlue == UIColor.systemBlue)
        #expect(UIColor.systemBlue != UIColor.systemRed)
        let provider = UIColor { _ in .red }
        #expect(provider == provider && provider != UIColor { _ in .red })
        #expect(!UIColor.red.isEqual("red"))
        var rng = Random(seed: 3)
        for _ in 0..<500 {
            let c = (0..<4).map { _ in CGFloat(Int.random(in: 0...4, using: &rng)) / 4 }
            let a = UIColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            let b = UIColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            #expect(a == b && a.hash == b.hash)
        }
    }

    // MARK: Fixed and system colours

    @Test("The fixed class colours have UIKit's components and spaces (UIColor docs: black 0.0 white, darkGray 1/3, lightGray 2/3, orange 1.0 0.5 0.0, purple 0.5 0.0 0.5, brown 0.6 0.4 0.2, clear 0.0 white 0.0 alpha)")
    func fixedColors() {
        let grays: [(UIColor, CGFloat, CGFloat)] = [
            (.black, 0, 1), (.darkGray, 1.0 / 3, 1), (.lightGray, 2.0 / 3, 1), (.white, 1, 1), (.gray, 0.5, 1),
            (.clear, 0, 0), (.darkText, 0, 1), (.lightText, 1, 0.6),
        ]
        for (color, w, a) in grays { #expect(color.cgColor.components == [w, a], "\(color)") }
        let rgbs: [(UIColor, [CGFloat])] = [
            (.red, [1, 0, 0]), (.green, [0, 1, 0]), (.blue, [0, 0, 1]), (.cyan, [0, 1, 1]), (.yellow, [1, 1, 0]),
            (.magenta, [1, 0, 1]), (.orange, [1, 0.5, 0]), (.purple, [0.5, 0, 0.5]), (.brown, [0.6, 0.4, 0.2]),
        ]
        for (color, c) in rgbs {
            #expect(color.cgColor.components == c + [1], "\(color)")
            #expect(color.cgColor.colorSpace?.name == CGColorSpace.extendedSRGB)
        }
        #expect(UIColor(named: "AccentColor") == nil, "no asset catalogues headless; UIKit answers nil for an unknown name")
    }

    @Test("Dynamic colours resolve per interface style, unspecified as light, and read through UITraitCollection.current when no traits are given (UIColor docs: init(dynamicProvider:), resolvedColor(with:))")
    func dynamicColors() {
        let color = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .white)
        #expect(color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == .black)
        #expect(ColorTextTestSupport.withCurrentTraits(UITraitCollection(userInterfaceStyle: .dark)) { color.cgColor } == UIColor.white.cgColor)
        #expect(ColorTextTestSupport.withCurrentTraits(UITraitCollection(userInterfaceStyle: .light)) { rgba(color) } == [0, 0, 0, 1])
        #expect(ColorTextTestSupport.withCurrentTraits(UITraitCollection(userInterfaceStyle: .unspecified)) {
            UIColor.systemBackground.cgColor == UIColor.white.cgColor
        })
        // A fixed colour resolves to itself; withAlphaComponent keeps a dynamic colour dynamic.
        #expect(UIColor.red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === UIColor.red)
        let faded = color.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == UIColor(white: 1, alpha: 0.5))
        #expect(faded.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == UIColor(white: 0, alpha: 0.5))
        // Providers may return dynamic colours; they resolve all the way.
        let nested = UIColor { _ in UIColor.label }
        #expect(nested.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .white)
    }

    /// sRGB bytes and alpha of a colour resolved for a style and contrast.
    func resolved(_ color: UIColor, dark: Bool, high: Bool = false) -> [Int] {
        let traits = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceStyle: dark ? .dark : .light),
            UITraitCollection(accessibilityContrast: high ? .high : .normal),
        ])
        let c = rgba(color.resolvedColor(with: traits)) ?? []
        return c.prefix(3).map { Int(($0 * 255).rounded()) } + [Int((c[3] * 100).rounded())]
    }

    @Test("System colours have iOS's light and dark values: systemRed 255 59 48 / 255 69 58, systemBlue 0 122 255 / 10 132 255 (HIG Color › Specifications, as in flutter CupertinoColors), secondaryLabel 60 60 67 α 0.6 (iOS 13 dump, noahsark769/ColorCompatibility)")
    func systemColorValues() {
        #expect(resolved(.systemRed, dark: false) == [255, 59, 48, 100])
        #expect(resolved(.systemRed, dark: true) == [255, 69, 58, 100])
        #expect(resolved(.systemBlue, dark: false) == [0, 122, 255, 100])
        #expect(resolved(.systemBlue, dark: true) == [10, 132, 255, 100])
        #expect(resolved(.systemBlue, dark: false, high: true) == [0, 64, 221, 100])
        #expect(resolved(.systemGreen, dark: false) == [52, 199, 89, 100])
        #expect(resolved(.systemOrange, dark: true) == [255, 159, 10, 100])
        #expect(resolved(.systemTeal, dark: false) == [48, 176, 199, 100])
        #expect(resolved(.systemGray6, dark: false) == [242, 242, 247, 100])
        #expect(resolved(.systemGray6, dark: true) == [28, 28, 30, 100])
        #expect(resolved(.secondaryLabel, dark: false) == [60, 60, 67, 60])
        #expect(resolved(.tertiaryLabel, dark: false) == [60, 60, 67, 30])
        #expect(resolved(.separator, dark: false) == [60, 60, 67, 29])
        #expect(resolved(.systemFill, dark: false) == [120, 120, 128, 20])
        #expect(resolved(.opaqueSeparator, dark: false) == [198, 198, 200, 100])
        #expect(resolved(.secondarySystemBackground, dark: false) == [242, 242, 247, 100])
        #expect(resolved(.link, dark: true) == [9, 132, 255, 100])
        #expect(resolved(.tintColor, dark: true) == resolved(.systemBlue, dark: true))
        #expect(resolved(.groupTableViewBackground, dark: false) == resolved(.systemGroupedBackground, dark: false))
        // Backgrounds are lighter in dark elevated interfaces (sheets, popovers); light ones do not change.
        let elevatedDark = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark),
                                                          UITraitCollection(userInterfaceLevel: .elevated)])
        let elevatedBackground: [CGFloat] = [28 / 255.0, 28 / 255.0, 30 / 255.0, 1]
        let elevatedSecondary: [CGFloat] = [44 / 255.0, 44 / 255.0, 46 / 255.0, 1]
        #expect(rgba(UIColor.systemBackground.resolvedColor(with: elevatedDark)) == elevatedBackground)
        #expect(rgba(UIColor.secondarySystemBackground.resolvedColor(with: elevatedDark)) == elevatedSecondary)
        #expect(UIColor.systemBackground.resolvedColor(with: UITraitCollection(userInterfaceLevel: .elevated)) == .white)
        #expect(UIColor.systemRed.resolvedColor(with: elevatedDark) == UIColor.systemRed.resolvedColor(
            with: UITraitCollection(userInterfaceStyle: .dark)))
        // label and systemBackground resolve to grays, equal to black and white.
        #expect(UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == .black)
        #expect(UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .white)
        #expect(UIColor.systemBackground.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .black)
    }

    @Test("Every system colour resolves, for every style and contrast, to an sRGB colour with alpha in 0…1, and its dark value differs from its light one except systemGray, opaque label greys and the like")
    func allSystemColorsResolve() {
        let all: [UIColor] = [
            .systemRed, .systemOrange, .systemYellow, .systemGreen, .systemMint, .systemTeal, .systemCyan, .systemBlue,
            .systemIndigo, .systemPurple, .systemPink, .systemBrown, .systemGray, .systemGray2, .systemGray3, .systemGray4,
            .systemGray5, .systemGray6, .label, .secondaryLabel, .tertiaryLabel, .quaternaryLabel, .link, .placeholderText,
            .separator, .opaqueSeparator, .systemBackground, .secondarySystemBackground, .tertiarySystemBackground,
            .systemGroupedBackground, .secondarySystemGroupedBackground, .tertiarySystemGroupedBackground, .systemFill,
            .secondarySystemFill, .tertiarySystemFill, .quaternarySystemFill, .tintColor, .groupTableViewBackground,
        ]
        for color in all {
            for dark in [false, true] {
                for high in [false, true] {
                    let c = resolved(color, dark: dark, high: high)
                    #expect(c.count == 4 && c[0...2].allSatisfy { (0...255).contains($0) } && (0...100).contains(c[3]))
                }
            }
            if color != .systemGray { #expect(resolved(color, dark: false) != resolved(color, dark: true), "\(color)") }
        }
    }

    // MARK: set, setFill, setStroke

    @MainActor
    @Test("setFill() without a current context sets nothing and is logged, as CoreGraphics logs an invalid context")
    func setFillWithoutContext() {
        let before = TactileDiagnostics.logCount
        UIColor.red.setFill()
        UIColor.red.setStroke()
        UIColor.red.set()
        #expect(TactileDiagnostics.logCount == before + 3)
        #expect(TactileDiagnostics.recentLogs.last?.reason.contains("invalid context 0x0") == true)
    }

    // MARK: CGColor

    @Test("CGColor initialisers: sRGB and generic gray spaces, components with alpha last, non-extended components clamped (CGColor docs: init(colorSpace:components:) clamps to the space's range)")
    func cgColorBasics() {
        let c = CGColor(srgbRed: 0.2, green: 1.5, blue: -1, alpha: 0.5)
        #expect(c.colorSpace?.name == CGColorSpace.sRGB && c.components == [0.2, 1, 0, 0.5] && c.alpha == 0.5)
        #expect(CGColor(gray: 0.5, alpha: 1).colorSpace?.name == CGColorSpace.genericGrayGamma2_2)
        #expect(CGColor(gray: 0.5, alpha: 1).components == [0.5, 1])
        #expect(CGColor.black.components == [0, 1] && CGColor.white.components == [1, 1] && CGColor.clear.alpha == 0)
        let space = CGColorSpace(name: CGColorSpace.extendedSRGB)!
        let extended = CGColor(colorSpace: space, components: [1.5, -0.5, 0.25, 1])!
        #expect(extended.components == [1.5, -0.5, 0.25, 1])
        #expect(extended.copy(alpha: 0.3)?.components == [1.5, -0.5, 0.25, 0.3])
        #expect(extended.copy() == extended)
        #expect(CGColorSpace(name: "kCGColorSpaceNoSuchSpace") == nil)
        #expect(CGColorSpaceCreateDeviceRGB().model == .rgb && CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
        #expect(CGColorSpaceCreateDeviceGray().model == .monochrome && CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
        #expect(CGColorSpace(name: CGColorSpace.displayP3)!.isWideGamutRGB)
    }

    @Test("converted(to:) Display P3 → extended sRGB → Display P3 gives the colour back (random colours); sRGB → P3 stays inside 0…1 for sRGB colours")
    func conversionRoundTrip() {
        var rng = Random(seed: 4)
        let p3 = CGColorSpace(name: CGColorSpace.displayP3)!, srgb = CGColorSpace(name: CGColorSpace.extendedSRGB)!
        for _ in 0..<1000 {
            let c = (0..<3).map { _ in CGFloat.random(in: 0...1, using: &rng) } + [CGFloat.random(in: 0...1, using: &rng)]
            let color = CGColor(colorSpace: p3, components: c)!
            let there = color.converted(to: srgb, intent: .defaultIntent, options: nil)!
            let back = there.converted(to: p3, intent: .defaultIntent, options: nil)!
            #expect(close(back.components, c, 1e-9))
            let inside = CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3])
                .converted(to: p3, intent: .defaultIntent, options: nil)!
            #expect(inside.components!.allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 })
        }
        // White and black are the same in every space.
        let white = CGColor(gray: 1, alpha: 1).converted(to: p3, intent: .defaultIntent, options: nil)!
        #expect(close(white.components, [1, 1, 1, 1], 1e-9))
    }
}

/// set(), setFill() and setStroke() set the current context's colours (read back from the recording `CGContext`'s
/// `tactileDrawing.commands`).
@Suite("Drawing with colours")
struct ColorDrawingTests {
    @Test("setFill() sets the current context's fill colour, setStroke() its stroke colour, set() both (UIColor docs)")
    func setColors() {
        let rect = CGRect(x: 10, y: 10, width: 20, height: 20)
        let fill = ColorTextTestSupport.drawing { c in UIColor.red.setFill(); c.fill(rect); c.stroke(rect) }
        #expect(fill.compactMap(\.fill).first?.color == UIColor.red.cgColor)
        #expect(fill.compactMap(\.stroke).first?.color != UIColor.red.cgColor)
        let stroke = ColorTextTestSupport.drawing { c in UIColor.blue.setStroke(); c.fill(rect); c.stroke(rect) }
        #expect(stroke.compactMap(\.stroke).first?.color == UIColor.blue.cgColor)
        #expect(stroke.compactMap(\.fill).first?.color != UIColor.blue.cgColor)
        let both = ColorTextTestSupport.drawing { c in UIColor.green.set(); c.fill(rect); c.stroke(rect) }
        #expect(both.compactMap(\.fill).first?.color == UIColor.green.cgColor)
        #expect(both.compactMap(\.stroke).first?.color == UIColor.green.cgColor)
        // A dynamic colour sets its colour for the current traits.
        let dark = ColorTextTestSupport.withCurrentTraits(UITraitCollection(userInterfaceStyle: .dark)) {
            ColorTextTestSupport.drawing { c in UIColor.systemBlue.setFill(); c.fill(rect) }
        }
        #expect(dark.compactMap(\.fill).first?.color == UIColor(red: 10 / 255.0, green: 132 / 255.0, blue: 1, alpha: 1).cgColor)
    }
}
