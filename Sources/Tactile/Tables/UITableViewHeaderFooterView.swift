import Foundation

/// `UITableViewHeaderFooterView`: a reusable header or footer of a table section. The table makes one for a
/// section title (its ``textLabel`` holds the title); a delegate may return its own from
/// `tableView(_:viewForHeaderInSection:)`, dequeued with
/// ``UITableView/dequeueReusableHeaderFooterView(withIdentifier:)`` after
/// ``UITableView/register(_:forHeaderFooterViewReuseIdentifier:)``.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// A header or footer view for reuse under `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        storedReuseIdentifier = reuseIdentifier
        storedContentView = UIView(frame: .zero)
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        setUp()
    }

    public required init?(coder: NSCoder) {
        storedReuseIdentifier = coder.decodeObject(forKey: "reuseIdentifier") as? String
        storedContentView = UIView(frame: .zero)
        super.init(coder: coder)
        setUp()
    }

    /// A header-footer view with no reuse identifier and `frame`.
    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    private func setUp() {
        addSubview(storedContentView)
        storedContentView.frame = bounds
        storedContentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    }

    private let storedReuseIdentifier: String?
    private let storedContentView: UIView
    private var textLabelStorage: UILabel?
    private var detailTextLabelStorage: UILabel?

    /// The identifier it is reused under.
    open var reuseIdentifier: String? { storedReuseIdentifier }

    /// The view its content goes in (sized to it).
    open var contentView: UIView { storedContentView }

    /// The title label, made when first asked for.
    open var textLabel: UILabel? { lazyPart(&textLabelStorage, in: storedContentView) { UILabel(frame: .zero) } }

    /// A second label, made when first asked for.
    open var detailTextLabel: UILabel? { lazyPart(&detailTextLabelStorage, in: storedContentView) { UILabel(frame: .zero) } }

    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0); backgroundView.frame = bounds }
        }
    }

    /// Called before the table hands it out again; overrides must call `super`.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        let inner = storedContentView.bounds.insetBy(dx: 16, dy: 0)
        if let detailTextLabelStorage {
            textLabelStorage?.frame = CGRect(x: inner.minX, y: 0, width: inner.width, height: inner.height / 2)
            detailTextLabelStorage.frame = CGRect(x: inner.minX, y: inner.height / 2, width: inner.width, height: inner.height / 2)
        } else {
            textLabelStorage?.frame = CGRect(x: inner.minX, y: 0, width: inner.width, height: storedContentView.bounds.height)
        }
    }
}

extension UIView {
    /// A part made when first asked for (a cell's or header's label, image view): `storage` once made, else a new
    /// one from `make`, added to `container`, kept, and the view laid out again.
    func lazyPart<Part: UIView>(_ storage: inout Part?, in container: UIView, _ make: () -> Part) -> Part {
        if let storage { return storage }
        let part = make()
        container.addSubview(part)
        storage = part
        setNeedsLayout()
        return part
    }
}
