import Foundation

/// `UITableViewCell`: one row's view (DESIGN-TABLE-CELL). Its content goes in ``contentView`` (sized to the cell,
/// less the accessory view); the standard ``textLabel``, ``detailTextLabel`` (not in `.default` cells) and
/// ``imageView`` are made there when first asked for. The table sets ``isSelected`` and ``isHighlighted`` through
/// ``setSelected(_:animated:)`` and ``setHighlighted(_:animated:)``, so a subclass's overrides see every change; a
/// highlighted or selected cell highlights its labels and image views (and shows ``selectedBackgroundView``), as
/// UIKit's does.
///
/// Registered classes are made with `init(style:reuseIdentifier:)` — a subclass's own override of it runs, as
/// `[[cls alloc] initWithStyle:reuseIdentifier:]` does in UIKit. Swift can call a non-`required` initializer of a
/// class known only at run time only through the class's vtable, so Tactile reads the initializer's slot from the
/// class metadata (checked against `UITableViewCell`'s own and against a probe subclass at first use) and calls it
/// with Swift's calling convention; a subclass that does not inherit or override the initializer stops with
/// Swift's "Use of unimplemented initializer" as on iOS.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// `UITableViewCell.CellStyle`: which standard labels the cell has.
    public enum CellStyle: Int, Sendable {
        /// A text label (and an image view); no detail text label.
        case `default` = 0
        /// Text on the left, detail on the right.
        case value1 = 1
        /// A small text label on the left, the detail beside it.
        case value2 = 2
        /// Text with the detail below.
        case subtitle = 3
    }

    /// `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Sendable {
        case none = 0
        case singleLine = 1
        case singleLineEtched = 2
    }

    /// `UITableViewCell.SelectionStyle`: `.none` shows nothing when selected (the selection is still recorded).
    public enum SelectionStyle: Int, Sendable {
        case none = 0
        case blue = 1
        case gray = 2
        case `default` = 3
    }

    /// `UITableViewCell.EditingStyle`: the control a row shows in editing mode.
    public enum EditingStyle: Int, Sendable {
        case none = 0
        case delete = 1
        case insert = 2
    }

    /// `UITableViewCell.AccessoryType`: the standard accessory at the trailing edge.
    public enum AccessoryType: Int, Sendable {
        case none = 0
        case disclosureIndicator = 1
        case detailDisclosureButton = 2
        case checkmark = 3
        case detailButton = 4
    }

    // MARK: - Creating

    /// A cell of `style`, 320 × 44 points, for reuse under `reuseIdentifier` (nil: not reusable).
    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        storedReuseIdentifier = reuseIdentifier
        storedContentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpCell()
    }

    /// A cell from a storyboard (a prototype or a static cell): its style, reuse identifier and attributes; its
    /// content view is the element's `contentView` (DESIGN-TABLE-STORYBOARD).
    public required init?(coder: NSCoder) {
        cellStyle = (coder.decodeObject(forKey: "style") as? String).flatMap(StoryboardValues.cellStyle) ?? .default
        storedReuseIdentifier = coder.decodeObject(forKey: "reuseIdentifier") as? String
        storedContentView = UIView(frame: .zero)
        super.init(coder: coder)
        setUpCell()
    }

    /// A `.default` cell with no reuse identifier and `frame`.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    private func setUpCell() {
        if storedContentView.superview !== self { addSubview(storedContentView) }
        storedContentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if storedContentView.bounds.size == .zero { storedContentView.frame = bounds }
        setNeedsLayout()
    }

    // MARK: - Identity

    /// The style given at creation.
    let cellStyle: CellStyle
    private let storedReuseIdentifier: String?

    /// The identifier the cell is reused under (nil: it is not reused).
    open var reuseIdentifier: String? { storedReuseIdentifier }

    /// Called by the table before it hands the cell out again (``UITableView/dequeueReusableCell(withIdentifier:)``).
    /// Reset what is not content here; overrides must call `super`. The default does nothing (the table resets the
    /// selection and highlight when it shows the cell).
    open func prepareForReuse() {}

    // MARK: - Content

    private let storedContentView: UIView
    /// The view the cell's content goes in (sized to the cell, less the accessory view).
    open var contentView: UIView { storedContentView }

    var textLabelStorage: UILabel?
    var detailTextLabelStorage: UILabel?
    var imageViewStorage: UIImageView?

    /// The main label, made in the content view when first asked for.
    open var textLabel: UILabel? { lazyPart(&textLabelStorage, in: storedContentView) { UILabel(frame: .zero) } }

    /// The secondary label (nil in `.default` cells), made when first asked for.
    open var detailTextLabel: UILabel? {
        guard detailTextLabelStorage != nil || cellStyle != .default else { return nil }
        return lazyPart(&detailTextLabelStorage, in: storedContentView) {
            let label = UILabel(frame: .zero)
            if cellStyle == .value1 || cellStyle == .value2 { label.textAlignment = cellStyle == .value1 ? .right : .left }
            return label
        }
    }

    /// The image view at the leading edge (not in `.value2` cells), made when first asked for.
    open var imageView: UIImageView? {
        guard imageViewStorage != nil || cellStyle != .value2 else { return nil }
        return lazyPart(&imageViewStorage, in: storedContentView) { UIImageView(frame: .zero) }
    }

    // MARK: - Backgrounds and accessories

    /// A view behind the content (sized to the cell).
    open var backgroundView: UIView? {
        didSet { replace(oldValue, with: backgroundView) }
    }
    /// A view behind the content while the cell is selected or highlighted (unless ``selectionStyle`` is `.none`).
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); updateSelectionAppearance() }
    }
    /// The selected background of a cell in a table that allows multiple selection (kept).
    open var multipleSelectionBackgroundView: UIView?

    /// The standard accessory (`.none`).
    open var accessoryType: AccessoryType = .none
    /// A view at the trailing edge instead of the standard accessory (the content view is narrowed by its width).
    open var accessoryView: UIView? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    /// The standard accessory in editing mode (`.none`).
    open var editingAccessoryType: AccessoryType = .none
    /// The accessory view in editing mode.
    open var editingAccessoryView: UIView?

    /// How the cell looks when selected (`.default`).
    open var selectionStyle: SelectionStyle = .default { didSet { updateSelectionAppearance() } }
    /// The indentation of the content, in levels (0).
    open var indentationLevel = 0
    /// The width of one indentation level (10).
    open var indentationWidth: CGFloat = 10
    /// The separator's inset.
    open var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
    /// The content indents in editing mode (true).
    open var shouldIndentWhileEditing = true
    /// The cell shows a reorder control in editing mode (false).
    open var showsReorderControl = false
    /// The delete confirmation button shows (never headlessly: there is no swipe to delete).
    open var showingDeleteConfirmation: Bool { false }

    // MARK: - Selection and highlight

    private var selectedState = false
    private var highlightedState = false

    /// Whether the cell is selected. Setting it calls ``setSelected(_:animated:)`` without animation.
    open var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }

    /// Whether the cell is highlighted (a finger is on it). Setting it calls ``setHighlighted(_:animated:)``.
    open var isHighlighted: Bool {
        get { highlightedState }
        set { setHighlighted(newValue, animated: false) }
    }

    /// Selects or deselects the cell: the selected background and the labels' highlight follow. The table calls
    /// it; overrides must call `super`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedState = selected
        updateSelectionAppearance()
    }

    /// Highlights the cell or removes the highlight. The table calls it; overrides must call `super`.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        highlightedState = highlighted
        updateSelectionAppearance()
    }

    /// Labels and image views in the content show the highlight while the cell is selected or highlighted, and
    /// the selected background shows behind the content.
    private func updateSelectionAppearance() {
        let on = (selectedState || highlightedState) && selectionStyle != .none
        if let selectedBackgroundView {
            if on, selectedBackgroundView.superview !== self {
                insertSubview(selectedBackgroundView, belowSubview: storedContentView)
                selectedBackgroundView.frame = bounds
            } else if !on, selectedBackgroundView.superview === self {
                selectedBackgroundView.removeFromSuperview()
            }
        }
        guard on != contentShowsHighlight else { return }
        contentShowsHighlight = on
        Self.setHighlight(on, in: storedContentView)
    }
    private var contentShowsHighlight = false

    private static func setHighlight(_ on: Bool, in view: UIView) {
        for subview in view.subviews {
            if let label = subview as? UILabel { label.isHighlighted = on }
            if let image = subview as? UIImageView { image.isHighlighted = on }
            if !(subview is UIControl) { setHighlight(on, in: subview) }
        }
    }

    // MARK: - Editing

    private var editingState = false
    /// The editing style the table gave the row (`.none` outside editing mode).
    var tableEditingStyle: EditingStyle = .none

    /// Editing mode (the table sets it for its rows). Setting it calls ``setEditing(_:animated:)``.
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }

    /// Enters or leaves editing mode; overrides must call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingState = editing
        setNeedsLayout()
    }

    /// The editing control the row shows (from the table's delegate; `.none` outside editing mode).
    open var editingStyle: EditingStyle { editingState ? tableEditingStyle : .none }

    // MARK: - The table's bookkeeping

    /// The table that last showed the cell, as an identity only: never followed, so a cell may outlive its table.
    var tableOwnerID: ObjectIdentifier?
    /// The row the cell shows while it is on screen.
    var displayedRow: IndexPath?
    /// The cell waits in its table's reuse pool.
    var isInReusePool = false
    /// A storyboard's static cell: shown for its row only, never pooled.
    var isStaticCell = false
    /// Cells that leave the screen go to the pool (unless static or without an identifier).
    var isReusable: Bool { !isStaticCell }

    // MARK: - Layout

    /// Lays out the content view (the cell less the accessory view), the backgrounds and the standard labels by
    /// style (headless approximations of UIKit's metrics: 16-point margins, the detail label half the width in
    /// `.value1`, 67 points for the text label in `.value2`, the lower half in `.subtitle`).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        if let selectedBackgroundView, selectedBackgroundView.superview === self { selectedBackgroundView.frame = b }
        var contentWidth = b.width
        if let accessoryView {
            let size = accessoryView.bounds.size
            contentWidth = max(0, b.width - size.width - 16)
            accessoryView.frame = CGRect(x: b.width - 16 - size.width, y: (b.height - size.height) / 2,
                                         width: size.width, height: size.height)
        }
        let content = CGRect(x: 0, y: 0, width: contentWidth, height: b.height)
        if storedContentView.frame != content { storedContentView.frame = content }
        layoutStandardViews(in: content.size)
    }

    private func layoutStandardViews(in size: CGSize) {
        let margin: CGFloat = 16
        var x = margin + CGFloat(indentationLevel) * indentationWidth
        if let imageViewStorage, let image = imageViewStorage.image {
            let side = min(image.size.height, size.height)
            imageViewStorage.frame = CGRect(x: x, y: (size.height - side) / 2, width: side, height: side)
            x += side + margin
        }
        let width = max(0, size.width - x - margin)
        switch cellStyle {
        case .default:
            textLabelStorage?.frame = CGRect(x: x, y: 0, width: width, height: size.height)
        case .value1:
            textLabelStorage?.frame = CGRect(x: x, y: 0, width: width / 2, height: size.height)
            detailTextLabelStorage?.frame = CGRect(x: x + width / 2, y: 0, width: width / 2, height: size.height)
        case .value2:
            let left = min(67, width)
            textLabelStorage?.frame = CGRect(x: x, y: 0, width: left, height: size.height)
            detailTextLabelStorage?.frame = CGRect(x: x + left + 6, y: 0, width: max(0, width - left - 6), height: size.height)
        case .subtitle:
            textLabelStorage?.frame = CGRect(x: x, y: 0, width: width, height: size.height * 0.55)
            detailTextLabelStorage?.frame = CGRect(x: x, y: size.height * 0.55, width: width, height: size.height * 0.45)
        }
    }

    private func replace(_ old: UIView?, with new: UIView?) {
        if old !== new { old?.removeFromSuperview() }
        if let new {
            insertSubview(new, at: 0)
            new.frame = bounds
        }
    }
}
