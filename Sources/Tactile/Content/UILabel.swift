import Foundation

/// `UILabel`: read-only text. Its size comes from Tactile's documented deterministic text metric (San
/// Francisco's vertical metrics, calibrated advance widths; see the DocC article on drawing) rounded up to the
/// screen's pixels; it does not take touches by default (`isUserInteractionEnabled` is false); its
/// `draw(_:)` records the laid-out lines, vertically centred as UIKit centres them.
@preconcurrency @MainActor
open class UILabel: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func didInit() {
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    // MARK: Text

    /// The text (setting it replaces ``attributedText`` with plain text in the label's style).
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue
            storedAttributedText = nil
            textDidChange()
        }
    }

    /// The styled text; its runs' `.font`, `.foregroundColor` and `.kern` count, the label's style fills the rest.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? storedText.map { NSAttributedString(string: $0, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) } }
        set {
            storedAttributedText = newValue
            storedText = newValue?.string
            textDidChange()
        }
    }

    private var storedText: String?
    private var storedAttributedText: NSAttributedString?

    /// 17-point system font by default.
    open var font: UIFont! = .systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = .systemFont(ofSize: 17) }
            textDidChange()
        }
    }

    /// `.label` by default.
    open var textColor: UIColor! = .label {
        didSet {
            if textColor == nil { textColor = .label }
            setNeedsDisplay()
        }
    }

    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The most lines shown (1 by default; 0: as many as needed).
    open var numberOfLines = 1 { didSet { textDidChange() } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textDidChange() } }
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    open var isHighlighted = false { didSet { setNeedsDisplay() } }
    open var highlightedTextColor: UIColor?
    open var shadowColor: UIColor?
    open var shadowOffset = CGSize(width: 0, height: -1)
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    open var allowsDefaultTighteningForTruncation = false
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines
    open var adjustsFontForContentSizeCategory = false
    open var showsExpansionTextWhenTruncated = false
    /// The width a multi-line label wraps at for its intrinsic size (0: its current width).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { if oldValue != preferredMaxLayoutWidth { invalidateIntrinsicContentSize() } } }

    /// The size Interface Builder measured for a storyboard label's text, used until the text or font changes
    /// (Tactile's metric only approximates the device's fonts).
    var designSize: CGSize?

    private func textDidChange() {
        designSize = nil
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    // MARK: Layout

    /// The text's runs in the label's style.
    private var runs: [TextMetrics.Run] {
        guard let attributed = storedAttributedText else { return [TextMetrics.Run(text: storedText ?? "", font: font)] }
        var runs: [TextMetrics.Run] = []
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            let text = (attributed.string as NSString).substring(with: range)
            let runFont = attributes[.font] as? UIFont ?? font!
            let kern = (attributes[.kern] as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0
            runs.append(TextMetrics.Run(text: text, font: runFont, kern: kern))
        }
        return runs
    }

    /// The text laid out at most `width` wide in at most `lines` lines.
    private func layout(width: CGFloat, lines: Int) -> TextMetrics.Layout {
        let mode = lineBreakMode.layout
        return TextMetrics.layout(runs, maxWidth: width, numberOfLines: lines, wrapping: mode.wrapping,
                                  truncation: mode.truncation, scale: UIApplication.shared.screen.scale)
    }

    private var isEmpty: Bool { (storedText ?? "").isEmpty }

    /// The text's size: one line as wide as it needs, or — with more lines — wrapped at
    /// ``preferredMaxLayoutWidth`` (else the current width); zero without text.
    open override var intrinsicContentSize: CGSize {
        if let designSize { return designSize }
        guard !isEmpty else { return .zero }
        let width = numberOfLines == 1 ? CGFloat.infinity : preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth
            : bounds.width > 0 ? bounds.width : .infinity
        return layout(width: width, lines: numberOfLines).size
    }

    /// The text's size wrapped at `size.width` (a single-line label ignores it), rounded up to pixels.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard !isEmpty else { return .zero }
        return layout(width: numberOfLines == 1 ? .infinity : size.width, lines: numberOfLines).size
    }

    /// Where the text lies in `bounds`: its size (limited to `numberOfLines`) at the bounds' origin.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard !isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let size = layout(width: bounds.width, lines: numberOfLines).size
        return CGRect(origin: bounds.origin, size: CGSize(width: min(size.width, bounds.width), height: min(size.height, bounds.height)))
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) { drawText(in: bounds) }

    /// Records the text's lines in `rect`, vertically centred, each aligned by ``textAlignment``.
    open func drawText(in rect: CGRect) {
        guard !isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        let laidOut = layout(width: rect.width, lines: numberOfLines)
        var y = rect.minY + ((rect.height - laidOut.exactSize.height) / 2).rounded(.down)
        let color = (isHighlighted ? highlightedTextColor : nil) ?? textColor ?? .label
        let shown = isEnabled ? color : color.withAlphaComponent(0.5)
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for line in laidOut.lineFragments {
            let x: CGFloat = switch textAlignment {
            case .center: rect.minX + (rect.width - line.width) / 2
            case .right: rect.maxX - line.width
            case .natural where rtl: rect.maxX - line.width
            default: rect.minX
            }
            let runs = self.runs
            for piece in line.pieces {
                let runFont = runs.indices.contains(piece.run) ? runs[piece.run].font : font!
                context.recordText(piece.text, in: CGRect(x: x + piece.x, y: y, width: piece.width, height: line.height),
                                   fontName: runFont.fontName, pointSize: runFont.pointSize, color: shown.cgColor)
            }
            y += line.height
        }
    }

    // MARK: Baselines

    override var firstBaselineOffsetFromBottom: CGFloat { baselineOffset(last: false) }
    override var lastBaselineOffsetFromBottom: CGFloat { baselineOffset(last: true) }

    /// How far above the bottom edge the first or last line's baseline lies, the text centred vertically.
    private func baselineOffset(last: Bool) -> CGFloat {
        let h = bounds.height
        let laidOut = layout(width: bounds.width, lines: numberOfLines)
        let lines = max(1, laidOut.lineFragments.count)
        let lineHeight = font.lineHeight
        let top = (h - laidOut.exactSize.height) / 2
        let baseline = top + CGFloat(last ? lines - 1 : 0) * lineHeight + font.ascender
        return h - baseline
    }
}
