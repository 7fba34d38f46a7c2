import Foundation

/// `UIButton`: a control that sends its action on a tap — `.touchUpInside`, then `.primaryActionTriggered` —
/// with a title, title colour and images per ``UIControl/State`` (models; nothing is drawn).
///
/// A state without its own title (or colour, or image) shows the `.normal` one (``title(for:)``).
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// `UIButton.ButtonType`, with the SDK's raw values.
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case plain = 6
        case close = 7
        /// The old name of `.system`.
        @available(*, deprecated, renamed: "system")
        public static var roundedRect: ButtonType { .system }
    }

    /// The type the button was made with (`.custom` for `UIButton(frame:)`).
    open internal(set) var buttonType: ButtonType = .custom

    /// A button of `buttonType` (`UIButton(type: .system)`).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A button of `buttonType` that runs `primaryAction` when tapped (iOS 14); its title and image come from the action.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }

    /// A custom-type button that runs `primaryAction` when tapped (iOS 14); its title and image come from the action.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        adopt(primaryAction)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private func adopt(_ primaryAction: UIAction?) {
        guard let primaryAction else { return }
        if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
        if let image = primaryAction.image { setImage(image, for: .normal) }
        addAction(primaryAction, for: .primaryActionTriggered)
    }

    // MARK: - Content per state

    /// Sets the title shown in `state` (nil: fall back to the `.normal` title).
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        updateParts()
    }
    /// The title for `state`: its own, else the `.normal` title.
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }
    /// Sets the title colour for `state`.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        updateParts()
    }
    /// The title colour for `state`: its own, else the `.normal` one.
    open func titleColor(for state: UIControl.State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[0] }
    /// Sets the title's shadow colour for `state`.
    open func setTitleShadowColor(_ color: UIColor?, for state: UIControl.State) { shadowColors[state.rawValue] = color }
    /// The title's shadow colour for `state`: its own, else the `.normal` one.
    open func titleShadowColor(for state: UIControl.State) -> UIColor? { shadowColors[state.rawValue] ?? shadowColors[0] }
    /// Sets the attributed title for `state`.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        attributedTitles[state.rawValue] = title
    }
    /// The attributed title for `state`: its own, else the `.normal` one.
    open func attributedTitle(for state: UIControl.State) -> NSAttributedString? {
        attributedTitles[state.rawValue] ?? attributedTitles[0]
    }
    /// Sets the image for `state`.
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        updateParts()
    }
    /// The image for `state`: its own, else the `.normal` one.
    open func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[0] }
    /// Sets the background image for `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { backgroundImages[state.rawValue] = image }
    /// The background image for `state`: its own, else the `.normal` one.
    open func backgroundImage(for state: UIControl.State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[0]
    }

    /// The title for the current ``UIControl/state``.
    open var currentTitle: String? { title(for: state) }
    /// The title colour for the current state.
    open var currentTitleColor: UIColor? { titleColor(for: state) }
    /// The title shadow colour for the current state.
    open var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }
    /// The attributed title for the current state.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    /// The image for the current state.
    open var currentImage: UIImage? { image(for: state) }
    /// The background image for the current state.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    // MARK: - Presentation properties (kept; nothing is drawn)

    /// Insets around the title and image.
    open var contentEdgeInsets: UIEdgeInsets = .zero
    /// Insets of the title.
    open var titleEdgeInsets: UIEdgeInsets = .zero
    /// Insets of the image.
    open var imageEdgeInsets: UIEdgeInsets = .zero
    /// Whether the image darkens while highlighted.
    open var adjustsImageWhenHighlighted: Bool = true
    /// Whether the image dims while disabled.
    open var adjustsImageWhenDisabled: Bool = true
    /// Whether a glow shows where the button is touched.
    open var showsTouchWhenHighlighted: Bool = false
    /// Whether the title shadow flips while highlighted.
    open var reversesTitleShadowWhenHighlighted: Bool = false

    /// `UIButton.Role` (iOS 14): how the system styles the button.
    public enum Role: Int, Sendable {
        case normal = 0, primary = 1, cancel = 2, destructive = 3
    }

    /// The button's role (iOS 14).
    open var role: Role = .normal
    /// The menu a tap or long press shows (iOS 14; a model here: no menu is shown).
    open var menu: UIMenu?
    /// Whether the pointer (iPad) highlights the button (iOS 13.4).
    open var isPointerInteractionEnabled: Bool = false
    /// Whether a tap toggles ``UIControl/isSelected`` before the button's actions run (iOS 15).
    open var changesSelectionAsPrimaryAction: Bool = false

    // MARK: - Title label and image view

    /// The label that shows the current state's title in its title colour, made on first use (UIKit's is
    /// read-only, its own properties read/write: set its font, alignment, line breaks). A system-font 15-pt label.
    open var titleLabel: UILabel? {
        lazyPart(&titleLabelStorage, in: self) {
            let label = UILabel()
            label.font = .systemFont(ofSize: 15)
            label.text = currentTitle
            if let color = currentTitleColor { label.textColor = color }
            return label
        }
    }

    /// The image view that shows the current state's image, made on first use.
    open var imageView: UIImageView? {
        lazyPart(&imageViewStorage, in: self) { UIImageView(image: currentImage) }
    }

    private var titleLabelStorage: UILabel?
    private var imageViewStorage: UIImageView?

    /// The title label and image view follow the state's title, colour and image.
    private func updateParts() {
        if let label = titleLabelStorage {
            label.text = currentTitle
            if let color = currentTitleColor { label.textColor = color }
        }
        imageViewStorage?.image = currentImage
    }

    override func stateDidChange() { updateParts() }

    /// The title label and image view, side by side (image first) and centred within the content edge insets,
    /// each at its intrinsic size, as a button of content alignment `.center` lays them out.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let content = bounds.inset(by: contentEdgeInsets)
        let imageSize = imageViewStorage.map { $0.image == nil ? .zero : $0.intrinsicContentSize } ?? .zero
        let titleSize = titleLabelStorage.map { ($0.text ?? "").isEmpty ? .zero : $0.intrinsicContentSize } ?? .zero
        var x = content.midX - (imageSize.width + titleSize.width) / 2
        imageViewStorage?.frame = CGRect(x: x, y: content.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
            .offsetBy(dx: (imageEdgeInsets.left - imageEdgeInsets.right) / 2, dy: (imageEdgeInsets.top - imageEdgeInsets.bottom) / 2)
        x += imageSize.width
        titleLabelStorage?.frame = CGRect(x: x, y: content.midY - titleSize.height / 2, width: titleSize.width, height: titleSize.height)
            .offsetBy(dx: (titleEdgeInsets.left - titleEdgeInsets.right) / 2, dy: (titleEdgeInsets.top - titleEdgeInsets.bottom) / 2)
    }

    /// With ``changesSelectionAsPrimaryAction``, a tap toggles the selection before its actions.
    override func willSendTouchUp(_ events: UIControl.Event) {
        if changesSelectionAsPrimaryAction, events == .touchUpInside { isSelected.toggle() }
    }

    override var primaryActionEvents: UIControl.Event { .touchUpInside }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var shadowColors: [UInt: UIColor] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// A single-finger single tap stays the control's, not an ancestor's tap recognizer's (SBT-RSP-06).
    override func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool { recognizer.isSingleFingerSingleTap }
}
