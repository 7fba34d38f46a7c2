import Foundation
import Testing
@testable import Tactile

/// Random text: words of 1–14 letters (some capitals, digits, punctuation), now and then a very long word, a
/// hyphenated word, CJK characters, emoji, a tab or a paragraph break (some indented with spaces).
private func randomText(using rng: inout ColorTextTestSupport.Random) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;!?'")
    var words: [String] = []
    for _ in 0..<Int.random(in: 0...30, using: &rng) {
        let roll = Int.random(in: 0..<100, using: &rng)
        var word: String
        if roll < 4 {
            word = String((0..<Int.random(in: 20...40, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
        } else if roll < 8 {
            word = "well-known"
        } else if roll < 11 {
            word = "日本語のテキスト"
        } else if roll < 13 {
            word = "😀👍🏽"
        } else if roll < 15 {
            word = "\tindented"
        } else {
            word = String((0..<Int.random(in: 1...14, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
        }
        words.append(word)
    }
    var text = ""
    for (i, word) in words.enumerated() {
        if i > 0 {
            switch Int.random(in: 0..<14, using: &rng) {
            case 0: text += "\n"
            case 1: text += "\n  "
            default: text += String(repeating: " ", count: Int.random(in: 1...2, using: &rng))
            }
        }
        text += word
    }
    return text
}

/// Whether `lines` give `text` back when joined by what the layout consumed at each break: one newline at a
/// paragraph end, else only spaces and tabs (possibly none).
private func joinsBack(_ lines: [String], _ text: String) -> Bool {
    var rest = Substring(text)
    for (i, line) in lines.enumerated() {
        guard rest.hasPrefix(line) else { return false }
        rest = rest.dropFirst(line.count)
        if i == lines.count - 1 { break }
        if rest.first?.isNewline == true { rest = rest.dropFirst() } else { rest = rest.drop { $0 == " " || $0 == "\t" } }
    }
    return rest.isEmpty
}

@Suite("Text metrics and string drawing")
struct TextMetricsTests {
    let body = UIFont.systemFont(ofSize: 17)

    @Test("Widths are within 2 % of iOS's: \"Hello\" at 17 pt is 38.814453125 (CTLine width on iOS), \"This is a test string\" at 17 pt 144.09326171875 (an NSAttributedString test suite's expectation), \"gyjq\" at 30 pt 56.8652344 (sizeWithAttributes logged on iOS)")
    func widthsNearIOS() {
        func within(_ measured: CGFloat, _ ios: CGFloat) -> Bool { abs(measured - ios) / ios < 0.02 }
        #expect(within(TextMetrics.width(of: "Hello", font: body), 38.814453125))
        #expect(within(TextMetrics.width(of: "This is a test string", font: body), 144.09326171875))
        #expect(within(TextMetrics.width(of: "gyjq", font: .systemFont(ofSize: 30)), 56.8652344))
    }

    @Test("Advances: wider for heavier weights, one em for CJK and emoji, 0.6 em for monospaced fonts, none for combining marks; digits share one width in monospaced-digit fonts")
    func advances() {
        let bold = UIFont.systemFont(ofSize: 17, weight: .bold)
        #expect(TextMetrics.width(of: "Settings", font: bold) > TextMetrics.width(of: "Settings", font: body))
        #expect(TextMetrics.advance(of: "日", font: body) == 17 && TextMetrics.advance(of: "😀", font: body) == 17)
        let mono = UIFont.monospacedSystemFont(ofSize: 10, weight: .regular)
        #expect(abs(TextMetrics.width(of: "iiii", font: mono) - 24) < 1e-9 && abs(TextMetrics.width(of: "WWWW", font: mono) - 24) < 1e-9)
        #expect(TextMetrics.width(of: "e\u{301}", font: body) == TextMetrics.width(of: "e", font: body))
        let digits = UIFont.monospacedDigitSystemFont(ofSize: 17, weight: .regular)
        let widths = Set("0123456789".map { TextMetrics.advance(of: $0, font: digits) })
        #expect(widths.count == 1)
        #expect(TextMetrics.width(of: "", font: body) == 0)
    }

    @Test("A tab advances to the next multiple of 28 points (NSParagraphStyle's default tab stops)")
    func tabs() {
        let a = TextMetrics.width(of: "a", font: body)
        #expect(abs(TextMetrics.width(of: "a\t", font: body) - 28) < 1e-9)
        #expect(abs(TextMetrics.width(of: "a\tb", font: body) - 28 - TextMetrics.width(of: "b", font: body)) < 1e-9)
        #expect(abs(TextMetrics.width(of: "\t\t", font: body) - 56) < 1e-9)
        #expect(a < 28)
    }

    @Test("Wrapping properties over random texts and widths: every line fits unless it is a single character, lines never exceed numberOfLines, joining the lines gives the text back (modulo break spaces), sizes are the exact sizes rounded up, height is lines × lineHeight")
    func wrappingProperties() {
        var rng = ColorTextTestSupport.Random(seed: 20)
        for _ in 0..<1000 {
            let text = randomText(using: &rng)
            let font = UIFont.systemFont(ofSize: CGFloat(Int.random(in: 9...34, using: &rng)))
            let width = CGFloat.random(in: 8...400, using: &rng)
            let lines = [0, 0, 1, 2, 3].randomElement(using: &rng)!
            let wrapping: TextMetrics.Wrapping = Bool.random(using: &rng) ? .word : .character
            let truncation = [TextMetrics.Truncation.tail, .tail, .head, .middle, .clip].randomElement(using: &rng)!
            let layout = TextMetrics.layout(text, font: font, maxWidth: width, numberOfLines: lines, wrapping: wrapping,
                                            truncation: truncation)
            for line in layout.lineFragments {
                #expect(line.width <= width + 1e-9 || line.text.count == 1, "\(line.text) \(line.width) > \(width)")
                #expect(abs(line.width - TextMetrics.width(of: line.text, font: font)) < 1e-6
                        || line.text.last?.isWhitespace == true, "a line's width is its text's (trailing spaces may be cut)")
            }
            if lines > 0 { #expect(layout.lines.count <= lines) }
            if !layout.isTruncated { #expect(joinsBack(layout.lines, text), "\(layout.lines) from \(text)") }
            if layout.isTruncated && truncation != .clip { #expect(layout.lines.last?.contains("…") == true) }
            for (rounded, exact) in [(layout.size.width, layout.exactSize.width), (layout.size.height, layout.exactSize.height)] {
                // Rounded up to whole points (within floating-point noise of 1e-9).
                #expect(rounded == rounded.rounded() && rounded >= exact - 1e-9 && rounded < exact + 1)
            }
            #expect(abs(layout.exactSize.height - CGFloat(layout.lines.count) * font.lineHeight) < 1e-9)
            #expect(text.isEmpty == layout.lines.isEmpty)
        }
    }

    @Test("Word wrapping breaks at spaces, keeps words whole when they fit, and breaks a word longer than the line between characters")
    func wordWrapping() {
        let w = max(TextMetrics.width(of: "The quick", font: body), TextMetrics.width(of: "brown fox", font: body))
        #expect(w < TextMetrics.width(of: "The quick brown", font: body))
        let layout = TextMetrics.layout("The quick brown fox", font: body, maxWidth: w, numberOfLines: 0)
        #expect(layout.lines == ["The quick", "brown fox"])
        let long = TextMetrics.layout("abcdefghijklmnopqrstuvwxyz", font: body, maxWidth: 40, numberOfLines: 0)
        #expect(long.lines.count > 1 && long.lines.joined() == "abcdefghijklmnopqrstuvwxyz")
        #expect(long.lineFragments.allSatisfy { $0.width <= 40 })
        let hyphen = TextMetrics.layout("a well-known fact", font: body,
                                        maxWidth: TextMetrics.width(of: "a well-known", font: body) - 1, numberOfLines: 0)
        #expect(hyphen.lines == ["a well-", "known fact"])
        let unlimited = TextMetrics.layout("one two three", font: body, maxWidth: 0, numberOfLines: 0)
        #expect(unlimited.lines == ["one two three"])
    }

    @Test("Explicit newlines end lines; an empty paragraph is an empty line of the font's height; a trailing newline starts an empty last line")
    func newlines() {
        let layout = TextMetrics.layout("one\n\ntwo\n", font: body, maxWidth: .infinity, numberOfLines: 0)
        #expect(layout.lines == ["one", "", "two", ""])
        #expect(layout.exactSize.height == 4 * body.lineHeight)
        #expect(TextMetrics.layout("a\r\nb", font: body, maxWidth: .infinity, numberOfLines: 0).lines == ["a", "b"])
    }

    @Test("numberOfLines truncates the last line with an ellipsis at the tail (UILabel's default byTruncatingTail), head or middle, or clips it")
    func truncation() {
        let text = "The quick brown fox jumps over the lazy dog"
        let width = TextMetrics.width(of: "The quick brown", font: body)
        let tail = TextMetrics.layout(text, font: body, maxWidth: width, numberOfLines: 2)
        #expect(tail.isTruncated && tail.lines.count == 2 && tail.lines[0] == "The quick brown")
        #expect(tail.lines[1].hasPrefix("fox jumps") && tail.lines[1].hasSuffix("…"))
        #expect(tail.lineFragments[1].width <= width)
        let head = TextMetrics.layout(text, font: body, maxWidth: width, numberOfLines: 1, truncation: .head)
        #expect(head.lines.count == 1 && head.lines[0].hasPrefix("…") && head.lines[0].hasSuffix("lazy dog"))
        let middle = TextMetrics.layout(text, font: body, maxWidth: width, numberOfLines: 1, truncation: .middle)
        #expect(middle.lines[0].hasPrefix("The") && middle.lines[0].hasSuffix("dog") && middle.lines[0].contains("…"))
        let clip = TextMetrics.layout(text, font: body, maxWidth: width, numberOfLines: 1, truncation: .clip)
        #expect(clip.lines == ["The quick brown"] && clip.isTruncated)
        let emptyLast = TextMetrics.layout("a\n\nb", font: body, maxWidth: 200, numberOfLines: 2)
        #expect(emptyLast.lines == ["a", "…"] && emptyLast.isTruncated)
        let newlines = TextMetrics.layout("one\ntwo\nthree", font: body, maxWidth: .infinity, numberOfLines: 2)
        #expect(newlines.lines == ["one", "two…"])
        let fits = TextMetrics.layout("short", font: body, maxWidth: 200, numberOfLines: 1)
        #expect(!fits.isTruncated && fits.lines == ["short"])
    }

    @Test("Sizes round up to whole points, or to pixels at a screen scale")
    func rounding() {
        let layout = TextMetrics.layout("Hello", font: body, maxWidth: .infinity, numberOfLines: 1)
        #expect(layout.size == CGSize(width: ceil(layout.exactSize.width), height: 21))
        let retina = TextMetrics.layout("Hello", font: body, maxWidth: .infinity, numberOfLines: 1, scale: 3)
        #expect(abs(retina.size.height - 61.0 / 3) < 1e-9)
    }

    // MARK: NSString drawing

    @Test("size(withAttributes:) equals boundingRect(.usesLineFragmentOrigin) with an unlimited size, for String, NSString and NSAttributedString alike (random texts)")
    func sizeMatchesBoundingRect() {
        var rng = ColorTextTestSupport.Random(seed: 21)
        for _ in 0..<200 {
            let text = randomText(using: &rng)
            let font = UIFont.systemFont(ofSize: CGFloat(Int.random(in: 9...30, using: &rng)))
            let attrs: [NSAttributedString.Key: Any] = [.font: font]
            let size = text.size(withAttributes: attrs)
            let big = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
            let rect = text.boundingRect(with: big, options: .usesLineFragmentOrigin, attributes: attrs, context: nil)
            #expect(rect.origin == .zero && rect.size == size)
            #expect((text as NSString).size(withAttributes: attrs) == size)
            #expect(NSAttributedString(string: text, attributes: attrs).size() == size)
            let width = CGFloat.random(in: 20...300, using: &rng)
            let wrapped = text.boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                            options: .usesLineFragmentOrigin, attributes: attrs, context: nil)
            #expect(wrapped.size == TextMetrics.layout(text, font: font, maxWidth: width, numberOfLines: 0).exactSize)
            #expect(NSAttributedString(string: text, attributes: attrs).boundingRect(
                with: CGSize(width: width, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin, context: nil) == wrapped)
        }
    }

    @Test("Without .usesLineFragmentOrigin boundingRect is one line whose origin is the baseline (NSString docs: the origin is the baseline of the only line)")
    func singleLineMode() {
        let attrs: [NSAttributedString.Key: Any] = [.font: body]
        let rect = "Hello world".boundingRect(with: CGSize(width: 10, height: 10), options: [], attributes: attrs, context: nil)
        #expect(rect.minY == -body.ascender && rect.height == body.lineHeight)
        #expect(rect.width == "Hello world".size(withAttributes: attrs).width)
        #expect("".boundingRect(with: .zero, options: [], attributes: attrs, context: nil) == .zero)
    }

    @Test("The default font is 12-point Helvetica Neue and the default colour black (NSAttributedString.Key.font docs); .kern adds after each character")
    func defaultsAndKern() {
        let helvetica = UIFont(name: "HelveticaNeue", size: 12)!
        #expect("Hello".size(withAttributes: nil) == "Hello".size(withAttributes: [.font: helvetica]))
        let kerned = "Hello".size(withAttributes: [.font: body, .kern: 2.0]).width
        #expect(abs(kerned - "Hello".size(withAttributes: [.font: body]).width - 10) < 1e-9)
    }

    @Test("An attributed string with runs in several fonts measures the sum of its runs, as tall as its tallest font")
    func attributedRuns() {
        let big = UIFont.systemFont(ofSize: 30)
        let s = NSMutableAttributedString(string: "Hello ", attributes: [.font: body])
        s.append(NSAttributedString(string: "World", attributes: [.font: big]))
        let size = s.size()
        #expect(abs(size.width - TextMetrics.width(of: "Hello ", font: body) - TextMetrics.width(of: "World", font: big)) < 1e-9)
        #expect(size.height == big.lineHeight)
    }

    @Test("boundingRect with .truncatesLastVisibleLine keeps the lines that fit the height, the last truncated; the context reports its bounds")
    func truncatesLastVisibleLine() {
        let attrs: [NSAttributedString.Key: Any] = [.font: body]
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let size = CGSize(width: 100, height: body.lineHeight * 2.5)
        let context = NSStringDrawingContext()
        let rect = text.boundingRect(with: size, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
                                     attributes: attrs, context: context)
        #expect(rect.height == 2 * body.lineHeight)
        #expect(context.totalBounds == rect && context.actualScaleFactor == 1)
        let untruncated = text.boundingRect(with: size, options: .usesLineFragmentOrigin, attributes: attrs, context: nil)
        #expect(untruncated.height > size.height, "the height constraint is a hint: the text takes the height it needs")
    }

    @Test("draw(at:withAttributes:) records each line's text, font and colour at the point, lines a line height apart; draw(in:) wraps to the rect's width")
    func drawStrings() {
        let font = UIFont.systemFont(ofSize: 17)
        let attrs: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.red]
        let texts = ColorTextTestSupport.drawing { _ in "Hello\nWorld".draw(at: CGPoint(x: 5, y: 7), withAttributes: attrs) }.compactMap(\.text)
        #expect(texts.map(\.string) == ["Hello", "World"])
        #expect(texts.allSatisfy { $0.fontName == ".SFUI-Regular" && $0.pointSize == 17 && $0.color == UIColor.red.cgColor })
        let first = texts.first?.rect ?? .null, size = "Hello".size(withAttributes: attrs)
        #expect(abs(first.minX - 5) < 1e-9 && abs(first.minY - 7) < 1e-9)
        #expect(abs(first.width - size.width) < 1e-9 && abs(first.height - size.height) < 1e-9)
        if texts.count == 2 { #expect(abs(abs(texts[1].rect.minY - texts[0].rect.minY) - font.lineHeight) < 1e-9) }
        let plain = ColorTextTestSupport.drawing { _ in "Hello".draw(at: .zero, withAttributes: nil) }.compactMap(\.text)
        #expect(plain.first?.fontName == "HelveticaNeue" && plain.first?.pointSize == 12)
        #expect(plain.first?.color == UIColor.black.cgColor)
        let width = TextMetrics.width(of: "The quick brown", font: font)
        let wrapped = ColorTextTestSupport.drawing { _ in
            "The quick brown fox jumps".draw(in: CGRect(x: 0, y: 0, width: width, height: 100), withAttributes: attrs)
        }.compactMap(\.text)
        #expect(wrapped.map(\.string) == TextMetrics.layout("The quick brown fox jumps", font: font, maxWidth: width,
                                                              numberOfLines: 0).lines)
        let clipped = ColorTextTestSupport.drawing { _ in
            "The quick brown fox jumps".draw(in: CGRect(x: 0, y: 0, width: width, height: 10), withAttributes: attrs)
        }.compactMap(\.text)
        #expect(clipped.map(\.string) == ["The quick brown"], "only the lines that start inside the rect")
        let attributed = NSMutableAttributedString(string: "Red ", attributes: [.font: font, .foregroundColor: UIColor.red])
        attributed.append(NSAttributedString(string: "Blue", attributes: [.font: font, .foregroundColor: UIColor.blue]))
        let runs = ColorTextTestSupport.drawing { _ in attributed.draw(at: .zero) }.compactMap(\.text)
        #expect(runs.map(\.string) == ["Red ", "Blue"])
        #expect(runs.map(\.color) == [UIColor.red.cgColor, UIColor.blue.cgColor])
    }

    @MainActor
    @Test("Drawing without a current context draws nothing and is logged")
    func drawWithoutContext() {
        let before = TactileDiagnostics.logCount
        "Hello".draw(at: .zero, withAttributes: nil)
        #expect(TactileDiagnostics.logCount == before + 1)
    }
}
