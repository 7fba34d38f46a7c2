import Foundation

/// Tactile's deterministic text measurement and line breaking, used by `UILabel` and the string drawing API
/// (`size(withAttributes:)`, `boundingRect`, `draw`). A headless host has no glyphs, so advances come from a
/// small table calibrated on San Francisco — within a few per cent of iOS for Latin text (iOS measures "Hello"
/// in the 17 pt system font at 38.8 pt; this table gives 38.4).
///
/// **Advance of a character**, in 1/2048 em of the font's size:
///
/// | class | characters | units |
/// |---|---|---|
/// | space | space, no-break space | 576 |
/// | narrow lowercase | i j l | 510 |
/// | narrow punctuation | . , : ; ' ! \| I | 594 |
/// | semi-narrow | f t r ( ) [ ] { } / \ | 746 |
/// | lowercase | a c e k s v x y z, and letters of other scripts | 1114 |
/// | round lowercase | b d g h n o p q u | 1230 |
/// | wide lowercase | m w | 1684 |
/// | narrow capitals | E F J L | 1164 |
/// | capitals | A B K P R S T V X Y Z, other capitals | 1344 |
/// | round capitals | C D G H N O Q U | 1524 |
/// | wide capitals | M W @ % | 1887 |
/// | digits | 0–9 (all digits) | 1243 (1290 with monospaced digits) |
/// | symbols | # $ + < = > ^ ~ _ & and other symbols | 1297 |
/// | other punctuation | - * " ` ? and other punctuation | 997 |
/// | ellipsis | … | 1824 (three periods) |
/// | wide | CJK ideographs, kana, Hangul, full-width forms, emoji | 2048 (1 em) |
/// | none | combining marks, format and control characters | 0 |
///
/// Each class is the mean of SF Pro Text's advances (iOS's system font at 12 pt, where tracking is 0) over its
/// members; named fonts, whose files are not available, use the same table. Heavier weights are wider
/// (× 1 + 0.19 × weight above regular, × 1 + 0.1 × weight below, spaces excepted; SF's bold measures 7.7 %
/// wider than its regular on iOS). For the system font only, larger sizes use SF's narrower Display design
/// (× 1 at 17 pt and below to × 0.92 at 28 pt and above), and each character gets SF's size-specific tracking
/// from the HIG's table (Typography › Tracking values: +12/1000 em at 10 pt, 0 at 12, −26 at 17, +14 at 28, …).
/// Monospaced fonts (SF Mono, Menlo, Courier) advance 0.6 em per character. A tab advances to the next
/// multiple of 28 points (`NSParagraphStyle`'s default tab stops); the `.kern` attribute adds its value after
/// each character.
///
/// **Lines**: explicit newlines end paragraphs (a trailing newline starts an empty last line); within a
/// paragraph lines break greedily after spaces, after a hyphen or dash inside a word, and around CJK
/// characters (`.word` wrapping), or after any character (`.character` wrapping). A word wider than the line is
/// broken between characters. Spaces at a break hang past the line and are not part of it; a line holds at
/// least one character, so only a single character wider than the width overflows. A line is as tall as the
/// tallest font on it (`lineHeight`). With `numberOfLines` > 0, the last allowed line takes the rest of its
/// paragraph, truncated with "…" at the tail, head or middle, or clipped.
enum TextMetrics {
    /// Where lines may break.
    enum Wrapping: Sendable { case word, character }
    /// How the last allowed line shows text that does not fit.
    enum Truncation: Sendable { case clip, head, middle, tail }

    /// A stretch of text in one font.
    struct Run {
        var text: String
        var font: UIFont
        var kern: CGFloat = 0
    }

    /// A laid-out line: its text, its width (without spaces hanging at a break), its height, and its pieces
    /// per run (x relative to the line's start).
    struct Line: Equatable {
        struct Piece: Equatable {
            var run: Int
            var text: String
            var x: CGFloat
            var width: CGFloat
        }
        var text: String
        var width: CGFloat
        var height: CGFloat
        var pieces: [Piece]
    }

    struct Layout: Equatable {
        var lineFragments: [Line]
        /// The size rounded up (to whole points, or to pixels of the scale given), as `sizeThatFits` answers.
        var size: CGSize
        /// The exact size, as `boundingRect` and `size(withAttributes:)` answer.
        var exactSize: CGSize
        /// Whether text was left out because of `numberOfLines`.
        var isTruncated: Bool
        var lines: [String] { lineFragments.map(\.text) }
    }

    static let ellipsis: Character = "\u{2026}"
    static let tabInterval: CGFloat = 28

    // MARK: Advances

    /// The width of one character (a tab's is its minimum, see `layout`).
    static func advance(of ch: Character, font: UIFont) -> CGFloat {
        let size = font.pointSize, face = font.face
        guard let scalar = ch.unicodeScalars.first, !ch.isNewline else { return 0 }
        if scalar == "\t" { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control: return 0
        default: break
        }
        if isWide(ch, scalar) { return size }
        if face.isMonospaced { return size * 0.6 }
        var units: CGFloat
        if face.monospacedDigits, scalar.properties.numericType == .decimal { units = 1290 } else { units = classUnits(ch, scalar) }
        if !scalar.properties.isWhitespace {
            let w = face.weight
            units *= w >= 0 ? 1 + 0.19 * w : 1 + 0.1 * w
        }
        guard face.design == .system else { return size * units / UIFont.unitsPerEm }
        units *= opticalWidthFactor(size)
        return size * (units / UIFont.unitsPerEm + tracking(size) / 1000)
    }

    /// The width of `text` on one line (newlines measure nothing, tabs advance to the next tab stop).
    static func width<S: StringProtocol>(of text: S, font: UIFont, kern: CGFloat = 0) -> CGFloat {
        var x: CGFloat = 0
        for ch in text where !ch.isNewline {
            x += ch == "\t" ? tabAdvance(at: x) : advance(of: ch, font: font)
            x += kern
        }
        return x
    }

    static func tabAdvance(at x: CGFloat) -> CGFloat {
        let r = x.truncatingRemainder(dividingBy: tabInterval)
        return r < 1e-9 ? tabInterval : tabInterval - r
    }

    private static let asciiClasses: [(String, CGFloat)] = [
        (" ", 576), ("ijl", 510), (".,:;'!|I", 594), ("ftr()[]{}/\\", 746), ("acesvxyzk", 1114),
        ("bdghnopqu", 1230), ("mw", 1684), ("EFJL", 1164), ("ABKPRSTVXYZ", 1344), ("CDGHNOQU", 1524),
        ("MW@%", 1887), ("0123456789", 1243), ("#$+<=>^~_&", 1297), ("-*\"`?", 997),
    ]

    private static let asciiUnits: [Character: CGFloat] = {
        var table: [Character: CGFloat] = [:]
        for (chars, units) in asciiClasses { for c in chars { table[c] = units } }
        return table
    }()

    private static func classUnits(_ ch: Character, _ scalar: Unicode.Scalar) -> CGFloat {
        if let units = asciiUnits[ch] { return units }
        if scalar == "\u{2026}" { return 1824 }
        let props = scalar.properties
        if props.isWhitespace { return 576 }
        if props.numericType == .decimal { return 1243 }
        switch props.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return 1344
        case .lowercaseLetter, .otherLetter, .modifierLetter, .letterNumber, .otherNumber: return 1114
        case .mathSymbol, .currencySymbol, .otherSymbol, .modifierSymbol: return 1297
        default: return 997
        }
    }

    /// CJK ideographs, kana, Hangul, full-width forms and emoji: one em.
    static func isWide(_ ch: Character, _ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x1100 { return false }
        if wideRanges.contains(where: { $0.contains(v) }) { return true }
        if scalar.properties.isEmojiPresentation { return true }
        return scalar.properties.isEmoji && ch.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]

    /// SF's Display design is narrower than its Text design; iOS moves from one to the other between 17 and
    /// 28 points.
    static func opticalWidthFactor(_ size: CGFloat) -> CGFloat {
        if size <= 17 { return 1 }
        if size >= 28 { return 0.92 }
        return 1 - 0.08 * (size - 17) / 11
    }

    /// SF Pro's tracking in 1/1000 em for a size (HIG, Typography › Tracking values), interpolated between
    /// listed sizes and held beyond the ends.
    static func tracking(_ size: CGFloat) -> CGFloat {
        let table = trackingTable
        if size <= table[0].0 { return table[0].1 }
        for (a, b) in zip(table, table.dropFirst()) where size <= b.0 {
            return a.1 + (b.1 - a.1) * (size - a.0) / (b.0 - a.0)
        }
        return 0
    }

    private static let trackingTable: [(CGFloat, CGFloat)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6),
        (26, 8), (27, 11), (28, 14), (30, 14), (31, 13), (33, 12), (35, 11), (36, 10), (40, 10), (41, 9),
        (44, 8), (49, 7), (52, 6), (58, 5), (60, 4), (66, 3), (68, 2), (76, 1), (80, 0),
    ]

    // MARK: Layout

    /// Lays `text` out in one font.
    static func layout(_ text: String, font: UIFont, maxWidth: CGFloat, numberOfLines: Int,
                       wrapping: Wrapping = .word, truncation: Truncation = .tail, scale: CGFloat = 1) -> Layout {
        layout([Run(text: text, font: font)], maxWidth: maxWidth, numberOfLines: numberOfLines,
               wrapping: wrapping, truncation: truncation, scale: scale)
    }

    private struct Glyph {
        var ch: Character
        var run: Int
        var advance: CGFloat
        var kern: CGFloat
        var isSpace: Bool
        var isTab: Bool
        var breakBefore: Bool
        var breakAfter: Bool
        var font: UIFont
        var lineHeight: CGFloat { font.lineHeight }
    }

    /// Lays runs of text out in lines at most `maxWidth` wide (no limit when it is not positive or infinite),
    /// at most `numberOfLines` lines (0: no limit).
    static func layout(_ runs: [Run], maxWidth: CGFloat, numberOfLines: Int, wrapping: Wrapping = .word,
                       truncation: Truncation = .tail, scale: CGFloat = 1) -> Layout {
        let limit = maxWidth > 0 && maxWidth.isFinite ? maxWidth : .infinity
        var glyphs: [Glyph] = []
        for (index, run) in runs.enumerated() {
            for ch in run.text {
                let scalar = ch.unicodeScalars.first!
                let wide = isWide(ch, scalar)
                let isTab = ch == "\t"
                let isSpace = !ch.isNewline && (scalar.properties.isWhitespace && scalar.value != 0xA0 && scalar.value != 0x202F)
                glyphs.append(Glyph(ch: ch, run: index, advance: advance(of: ch, font: run.font), kern: run.kern,
                                    isSpace: isSpace, isTab: isTab, breakBefore: wide, breakAfter: wide,
                                    font: run.font))
            }
        }
        guard !glyphs.isEmpty else {
            return Layout(lineFragments: [], size: .zero, exactSize: .zero, isTruncated: false)
        }
        let defaultHeight = runs.first { !$0.text.isEmpty }?.font.lineHeight ?? 0

        // Paragraphs: glyph ranges between newlines, with the height of an empty one.
        var paragraphs: [(range: Range<Int>, emptyHeight: CGFloat)] = []
        var start = 0
        for (i, g) in glyphs.enumerated() where g.ch.isNewline {
            paragraphs.append((start..<i, g.lineHeight))
            start = i + 1
        }
        paragraphs.append((start..<glyphs.count, glyphs.last!.ch.isNewline ? glyphs.last!.lineHeight : defaultHeight))
        // Hyphens and dashes inside a word allow a break after them.
        for p in paragraphs {
            for i in p.range where i > p.range.lowerBound && "-\u{2010}\u{2013}\u{2014}".contains(glyphs[i].ch)
                && !glyphs[i - 1].isSpace && !glyphs[i - 1].ch.isNewline {
                glyphs[i].breakAfter = true
            }
        }

        // Lines: the paragraph each belongs to and its glyphs (without the spaces hanging at its break).
        var lineRanges: [(paragraph: Int, content: Range<Int>)] = []
        for (pi, p) in paragraphs.enumerated() {
            for r in wrap(glyphs, p.range, limit: limit, wrapping: wrapping) { lineRanges.append((pi, r)) }
        }

        var isTruncated = false
        var lines: [[Glyph]] = lineRanges.map { Array(glyphs[$0.content]) }
        var lineParagraphs = lineRanges.map(\.paragraph)
        if numberOfLines > 0 && lines.count > numberOfLines {
            isTruncated = true
            let last = numberOfLines - 1
            let p = paragraphs[lineRanges[last].paragraph]
            let rest = Array(glyphs[lineRanges[last].content.lowerBound..<p.range.upperBound])
            lines = Array(lines[..<last])
            lineParagraphs = Array(lineParagraphs[..<numberOfLines])
            switch truncation {
            case .clip: lines.append(Array(glyphs[lineRanges[last].content]))
            case .tail, .head, .middle:
                // An empty last line takes its ellipsis in the font of the newline that ends it.
                let template = rest.last ?? glyphs[min(p.range.upperBound, glyphs.count - 1)]
                lines.append(truncated(rest, template: template, limit: limit, mode: truncation))
            }
        }

        var fragments: [Line] = []
        for (i, line) in lines.enumerated() {
            let emptyHeight = paragraphs[lineParagraphs[i]].emptyHeight
            fragments.append(makeLine(line, emptyHeight: emptyHeight, limit: limit))
        }
        let exact = CGSize(width: fragments.map(\.width).max() ?? 0, height: fragments.reduce(0) { $0 + $1.height })
        let s = max(scale, 1)
        func up(_ v: CGFloat) -> CGFloat { (v * s - 1e-9).rounded(.up) / s }
        return Layout(lineFragments: fragments, size: CGSize(width: up(exact.width), height: up(exact.height)),
                      exactSize: exact, isTruncated: isTruncated)
    }

    /// Breaks one paragraph into lines; each range is a line's glyphs without the spaces hanging at its break.
    private static func wrap(_ glyphs: [Glyph], _ paragraph: Range<Int>, limit: CGFloat, wrapping: Wrapping) -> [Range<Int>] {
        guard !paragraph.isEmpty else { return [paragraph] }
        // Segments: a word (breakable only between characters) and the spaces after it.
        var segments: [(word: Range<Int>, spaces: Range<Int>)] = []
        var i = paragraph.lowerBound
        while i < paragraph.upperBound {
            let wordStart = i
            while i < paragraph.upperBound && !glyphs[i].isSpace {
                i += 1
                if wrapping == .character || glyphs[i - 1].breakAfter { break }
                if i < paragraph.upperBound && glyphs[i].breakBefore { break }
            }
            let wordEnd = i
            while i < paragraph.upperBound && glyphs[i].isSpace { i += 1 }
            segments.append((wordStart..<wordEnd, wordEnd..<i))
        }

        var lines: [Range<Int>] = []
        var lineStart = paragraph.lowerBound
        var contentEnd = paragraph.lowerBound
        var hasContent = false
        var x: CGFloat = 0
        func width(of g: Glyph, at x: CGFloat) -> CGFloat { (g.isTab ? tabAdvance(at: x) : g.advance) + g.kern }
        func endLine(at next: Int) {
            lines.append(lineStart..<contentEnd)
            lineStart = next
            contentEnd = next
            hasContent = false
            x = 0
        }
        for seg in segments {
            var wordWidth: CGFloat = 0
            for k in seg.word { wordWidth += width(of: glyphs[k], at: x + wordWidth) }
            // Break before a word that does not fit after the line's words, or after its leading spaces.
            if (hasContent || x > 0) && x + wordWidth > limit + 1e-9 {
                endLine(at: seg.word.lowerBound)
                wordWidth = 0
                for k in seg.word { wordWidth += width(of: glyphs[k], at: wordWidth) }
            }
            if x + wordWidth <= limit + 1e-9 {
                x += wordWidth
                if !seg.word.isEmpty { contentEnd = seg.word.upperBound; hasContent = true }
            } else {
                // The word alone is too wide: break it between characters, at least one per line.
                for k in seg.word {
                    let w = width(of: glyphs[k], at: x)
                    if hasContent && x + w > limit + 1e-9 { endLine(at: k) }
                    x += width(of: glyphs[k], at: x)
                    contentEnd = k + 1
                    hasContent = true
                }
            }
            for k in seg.spaces { x += width(of: glyphs[k], at: x) }
            if !hasContent { contentEnd = seg.spaces.upperBound }
        }
        // The paragraph's last line keeps its trailing spaces.
        lines.append(lineStart..<paragraph.upperBound)
        return lines
    }

    /// The rest of a paragraph on one line, with an ellipsis at its tail, head or middle, keeping as much of
    /// the text as fits beside it.
    private static func truncated(_ rest: [Glyph], template: Glyph, limit: CGFloat, mode: Truncation) -> [Glyph] {
        func glyphWidth(_ g: Glyph) -> CGFloat { (g.isTab ? tabInterval : g.advance) + g.kern }
        var ell = template
        ell.ch = ellipsis
        ell.isSpace = false
        ell.isTab = false
        ell.advance = advance(of: ellipsis, font: template.font)
        let available = limit - glyphWidth(ell)
        func trimmed(_ g: ArraySlice<Glyph>, atEnd: Bool) -> [Glyph] {
            var a = Array(g)
            if atEnd {
                while a.last?.isSpace == true { a.removeLast() }
            } else {
                while a.first?.isSpace == true { a.removeFirst() }
            }
            return a
        }
        switch mode {
        case .head:
            var w: CGFloat = 0, k = rest.count
            while k > 0 && w + glyphWidth(rest[k - 1]) <= available + 1e-9 { w += glyphWidth(rest[k - 1]); k -= 1 }
            return [ell] + trimmed(rest[k...], atEnd: false)
        case .middle:
            var head = 0, tail = rest.count, w: CGFloat = 0, takeHead = true
            while head < tail {
                let g = takeHead ? rest[head] : rest[tail - 1]
                if w + glyphWidth(g) > available + 1e-9 { break }
                w += glyphWidth(g)
                if takeHead { head += 1 } else { tail -= 1 }
                takeHead.toggle()
            }
            return trimmed(rest[..<head], atEnd: true) + [ell] + trimmed(rest[tail...], atEnd: false)
        case .tail, .clip:
            var w: CGFloat = 0, k = 0
            while k < rest.count && w + glyphWidth(rest[k]) <= available + 1e-9 { w += glyphWidth(rest[k]); k += 1 }
            return trimmed(rest[..<k], atEnd: true) + [ell]
        }
    }

    private static func makeLine(_ glyphs: [Glyph], emptyHeight: CGFloat, limit: CGFloat) -> Line {
        var text = "", x: CGFloat = 0, contentWidth: CGFloat = 0
        var pieces: [Line.Piece] = []
        var height: CGFloat = 0
        for g in glyphs {
            let w = (g.isTab ? tabAdvance(at: x) : g.advance) + g.kern
            if pieces.last?.run == g.run {
                pieces[pieces.count - 1].text.append(g.ch)
                pieces[pieces.count - 1].width += w
            } else {
                pieces.append(Line.Piece(run: g.run, text: String(g.ch), x: x, width: w))
            }
            text.append(g.ch)
            x += w
            if !g.isSpace { contentWidth = x }
            height = max(height, g.lineHeight)
        }
        // Trailing spaces count, but only up to the width they may overhang into.
        let width = max(contentWidth, min(x, limit))
        return Line(text: text, width: width, height: glyphs.isEmpty ? emptyHeight : height, pieces: pieces)
    }
}
