import Foundation
import Testing
import Tactile

@Suite("UIFont")
struct FontTests {
    @Test("System font metrics are iOS's: 17 pt ascender 16.1865234375, descender −4.1005859375, capHeight 11.97802734375, xHeight 8.9482421875, lineHeight 20.287109375, leading 0 (values printed on iOS; 20.287109375 is the line height public test suites assert)")
    func metrics17() {
        let f = UIFont.systemFont(ofSize: 17)
        #expect(f.pointSize == 17)
        #expect(f.ascender == 16.1865234375)
        #expect(f.descender == -4.1005859375)
        #expect(f.capHeight == 11.97802734375)
        #expect(f.xHeight == 8.9482421875)
        #expect(f.leading == 0)
        #expect(f.lineHeight == 20.287109375)
    }

    @Test("Metrics scale with size as iOS reports them: 12 pt ascender 11.42578125, descender −2.89453125, lineHeight 14.3203125, capHeight 8.455078125, xHeight 6.31640625; 15 pt lineHeight 17.900391; 30 pt lineHeight 35.8007813 (logged on iOS in public Q&A)")
    func metricsOtherSizes() {
        let f12 = UIFont.systemFont(ofSize: 12)
        #expect(f12.ascender == 11.42578125 && f12.descender == -2.89453125 && f12.lineHeight == 14.3203125)
        #expect(f12.capHeight == 8.455078125 && f12.xHeight == 6.31640625)
        #expect(abs(UIFont.systemFont(ofSize: 15).lineHeight - 17.900391) < 1e-6)
        #expect(abs(UIFont.systemFont(ofSize: 30).lineHeight - 35.8007813) < 1e-6)
        #expect(UIFont.systemFont(ofSize: 13).lineHeight == 15.513671875)
    }

    @Test("For any size, lineHeight = ascender − descender + leading and every metric is proportional to the size (random sizes)")
    func metricsProportional() {
        var rng = ColorTextTestSupport.Random(seed: 10)
        let unit = UIFont.systemFont(ofSize: 1)
        for _ in 0..<500 {
            let size = CGFloat.random(in: 1...200, using: &rng)
            let f = UIFont.systemFont(ofSize: size)
            #expect(abs(f.lineHeight - (f.ascender - f.descender + f.leading)) < 1e-9)
            for (a, b) in [(f.ascender, unit.ascender), (f.descender, unit.descender), (f.capHeight, unit.capHeight),
                           (f.xHeight, unit.xHeight), (f.lineHeight, unit.lineHeight)] {
                #expect(abs(a - b * size) < 1e-9 * size)
            }
        }
    }

    @Test("Bold fonts have the regular font's vertical metrics but a taller x-height (iOS: 17 pt .SFUI-Bold xHeight 9.13916015625)")
    func boldMetrics() {
        let bold = UIFont.systemFont(ofSize: 17, weight: .bold)
        #expect(bold.lineHeight == 20.287109375 && bold.capHeight == 11.97802734375)
        #expect(abs(bold.xHeight - 9.13916015625) < 0.01)
    }

    @Test("UIFont.Weight has UIKit's raw values (UIFontWeightUltraLight −0.8 … UIFontWeightBlack 0.62)")
    func weightValues() {
        let weights: [(UIFont.Weight, CGFloat)] = [
            (.ultraLight, -0.8), (.thin, -0.6), (.light, -0.4), (.regular, 0), (.medium, 0.23), (.semibold, 0.3),
            (.bold, 0.4), (.heavy, 0.56), (.black, 0.62),
        ]
        for (w, raw) in weights { #expect(w.rawValue == raw) }
        #expect(UIFont.Weight(0.4) == .bold && UIFont.Weight(rawValue: 0.3) == .semibold)
    }

    @Test("systemFont(ofSize:weight:) picks the heaviest standard weight not above the one asked for, as iOS names them (weights −0.7…0.65 logged on iOS: −0.05 is .SFUI-Light, 0.2 .SFUI-Regular, 0.25 .SFUI-Medium, 0.6 .SFUI-Heavy)")
    func weightNames() {
        let expected: [(CGFloat, String)] = [
            (-0.7, ".SFUI-Ultralight"), (-0.65, ".SFUI-Ultralight"), (-0.6, ".SFUI-Thin"), (-0.45, ".SFUI-Thin"),
            (-0.4, ".SFUI-Light"), (-0.05, ".SFUI-Light"), (0, ".SFUI-Regular"), (0.2, ".SFUI-Regular"),
            (0.25, ".SFUI-Medium"), (0.3, ".SFUI-Semibold"), (0.35, ".SFUI-Semibold"), (0.4, ".SFUI-Bold"),
            (0.55, ".SFUI-Bold"), (0.6, ".SFUI-Heavy"), (0.65, ".SFUI-Black"),
        ]
        for (weight, name) in expected {
            #expect(UIFont.systemFont(ofSize: 30, weight: UIFont.Weight(weight)).fontName == name, "weight \(weight)")
        }
    }

    @Test("The system fonts' names, families and traits: systemFont .SFUI-Regular, boldSystemFont .SFUI-Semibold (bold), italicSystemFont .SFUI-RegularItalic, family .AppleSystemUIFont (UIKit's descriptions logged on iOS 13+)")
    func systemNames() {
        let regular = UIFont.systemFont(ofSize: 16)
        #expect(regular.fontName == ".SFUI-Regular" && regular.familyName == ".AppleSystemUIFont")
        #expect(regular.description.hasSuffix("font-family: \".SFUI-Regular\"; font-weight: normal; font-style: normal; font-size: 16.00pt"))
        let bold = UIFont.boldSystemFont(ofSize: 16)
        #expect(bold.fontName == ".SFUI-Semibold")
        #expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(bold.description.contains("font-weight: bold"))
        let italic = UIFont.italicSystemFont(ofSize: 16)
        #expect(italic.fontName == ".SFUI-RegularItalic")
        #expect(italic.fontDescriptor.symbolicTraits.contains(.traitItalic))
        #expect(italic.description.contains("font-style: italic"))
        #expect(!UIFont.systemFont(ofSize: 16, weight: .medium).fontDescriptor.symbolicTraits.contains(.traitBold))
        let mono = UIFont.monospacedSystemFont(ofSize: 12, weight: .regular)
        #expect(mono.fontName == ".SFUIMono-Regular" && mono.familyName == ".AppleSystemUIFontMonospaced")
        #expect(mono.fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        let digits = UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .medium)
        #expect(digits.fontName == ".SFUI-Medium")
        #expect(digits != UIFont.systemFont(ofSize: 17, weight: .medium))
    }

    @Test("preferredFont(forTextStyle:) has the iOS default (Large) Dynamic Type sizes: largeTitle 34, title1 28, title2 22, title3 20, headline 17 semibold, body 17, callout 16, subheadline 15, footnote 13, caption1 12, caption2 11 (HIG Typography › Specifications)")
    func textStyles() {
        let sizes: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17), (.callout, 16),
            (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, size) in sizes { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style)") }
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
        #expect(UIFont.preferredFont(forTextStyle: .body).fontName == ".SFUI-Regular")
        #expect(UIFont.TextStyle.body.rawValue == "UICTFontTextStyleBody")
        #expect(UIFont.TextStyle.subheadline.rawValue == "UICTFontTextStyleSubhead")
        #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .caption2).pointSize == 11)
    }

    @Test("UIFont's standard sizes: labelFontSize 17, buttonFontSize 18, systemFontSize 14, smallSystemFontSize 12 (UIFont docs)")
    func standardSizes() {
        #expect(UIFont.labelFontSize == 17 && UIFont.buttonFontSize == 18)
        #expect(UIFont.systemFontSize == 14 && UIFont.smallSystemFontSize == 12)
    }

    @Test("init(name:size:): nil for an empty name; a catalogued font gets its family, a family name its first font, any other name a font of that name (app fonts); the system font's names give the system font")
    func namedFonts() {
        #expect(UIFont(name: "", size: 12) == nil)
        let helvetica = UIFont(name: "HelveticaNeue-Bold", size: 20)!
        #expect(helvetica.fontName == "HelveticaNeue-Bold" && helvetica.familyName == "Helvetica Neue" && helvetica.pointSize == 20)
        #expect(helvetica.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(UIFont(name: "Helvetica Neue", size: 12)?.fontName == "HelveticaNeue")
        let custom = UIFont(name: "Montserrat-SemiBoldItalic", size: 14)!
        #expect(custom.fontName == "Montserrat-SemiBoldItalic" && custom.familyName == "Montserrat")
        #expect(custom.fontDescriptor.symbolicTraits.isSuperset(of: [.traitBold, .traitItalic]))
        #expect(UIFont(name: ".SFUI-Semibold", size: 17) == UIFont.boldSystemFont(ofSize: 17))
        #expect(UIFont(name: "Menlo-Regular", size: 12)!.fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        #expect(UIFont.familyNames.contains("Helvetica Neue") && UIFont.familyNames == UIFont.familyNames.sorted())
        #expect(UIFont.fontNames(forFamilyName: "Georgia") == ["Georgia", "Georgia-Italic", "Georgia-Bold", "Georgia-BoldItalic"])
        #expect(UIFont.fontNames(forFamilyName: "No Such Family").isEmpty)
        for family in UIFont.familyNames {
            for name in UIFont.fontNames(forFamilyName: family) {
                #expect(UIFont(name: name, size: 10)?.familyName == family)
            }
        }
    }

    @Test("withSize and font descriptors: withSymbolicTraits(.traitBold) on the system font gives its bold (semibold) face, UIFont(descriptor:size: 0) keeps the descriptor's size (UIFontDescriptor docs)")
    func descriptors() {
        let body = UIFont.systemFont(ofSize: 17)
        #expect(body.withSize(20).pointSize == 20 && body.withSize(20).fontName == body.fontName)
        let d = body.fontDescriptor
        #expect(d.pointSize == 17 && d.postscriptName == ".SFUI-Regular")
        let bold = d.withSymbolicTraits(.traitBold)!
        #expect(UIFont(descriptor: bold, size: 0) == UIFont.boldSystemFont(ofSize: 17))
        let boldItalic = UIFont(descriptor: d.withSymbolicTraits([.traitBold, .traitItalic])!, size: 12)
        #expect(boldItalic.fontName == ".SFUI-SemiboldItalic" && boldItalic.pointSize == 12)
        #expect(UIFont(descriptor: bold.withSymbolicTraits([])!, size: 0) == body)
        let georgia = UIFont(name: "Georgia", size: 12)!.fontDescriptor
        #expect(georgia.withSymbolicTraits(.traitBold)?.postscriptName == "Georgia-Bold")
        #expect(georgia.withSymbolicTraits([.traitBold, .traitItalic])?.postscriptName == "Georgia-BoldItalic")
        #expect(UIFontDescriptor(name: "Avenir Next", size: 15).withSymbolicTraits(.traitBold)?.postscriptName == "AvenirNext-Bold")
        let fromAttributes = UIFontDescriptor(fontAttributes: [.family: "Georgia", .size: CGFloat(19)])
        #expect(UIFont(descriptor: fromAttributes, size: 0).fontName == "Georgia")
        #expect(UIFont(descriptor: fromAttributes, size: 0).pointSize == 19)
        #expect(d.fontAttributes[.name] as? String == ".SFUI-Regular")
    }

    @Test("Fonts are equal when name, size and digit style are (random sizes and weights)")
    func equality() {
        var rng = ColorTextTestSupport.Random(seed: 11)
        for _ in 0..<300 {
            let size = CGFloat(Int.random(in: 8...40, using: &rng))
            let weight = UIFont.Weight([-0.8, -0.4, 0, 0.23, 0.3, 0.4, 0.62].randomElement(using: &rng)!)
            let a = UIFont.systemFont(ofSize: size, weight: weight), b = UIFont.systemFont(ofSize: size, weight: weight)
            #expect(a == b && a.hash == b.hash)
            #expect(a != a.withSize(size + 1))
        }
    }
}
