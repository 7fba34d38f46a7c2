#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif

// Auto Layout as app code writes it: anchors, NSLayoutConstraint.activate, the item/attribute initializer,
// priorities, an intrinsic-size view, a stack view, updateConstraints with a stored constraint, layout guides.

/// A pill-shaped tag whose size comes from its content.
final class TagView: UIView {
    var text: String = "" {
        didSet { invalidateIntrinsicContentSize() }
    }

    override var intrinsicContentSize: CGSize {
        CGSize(width: CGFloat(text.count) * 8 + 16, height: 24)
    }

    override func updateConstraints() {
        // Custom constraint work goes before the call to super.
        super.updateConstraints()
    }
}

/// A login form laid out in code.
final class LoginViewController: UIViewController {
    let header = UIView()
    let fields = UIStackView()
    let tagView = TagView()
    private var headerHeight: NSLayoutConstraint?
    private var compact = false

    override func viewDidLoad() {
        super.viewDidLoad()
        for subview in [header, fields, tagView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        fields.axis = .vertical
        fields.spacing = 12
        fields.alignment = .fill
        fields.distribution = .fillEqually
        fields.isLayoutMarginsRelativeArrangement = true
        fields.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        for _ in 0..<2 { fields.addArrangedSubview(UIView()) }
        fields.setCustomSpacing(20, after: fields.arrangedSubviews[0])

        let height = header.heightAnchor.constraint(equalToConstant: 120)
        height.priority = .defaultHigh
        height.identifier = "header.height"
        headerHeight = height
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: guide.topAnchor),
            header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            height,
            fields.topAnchor.constraint(equalToSystemSpacingBelow: header.bottomAnchor, multiplier: 1),
            fields.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            fields.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            fields.heightAnchor.constraint(greaterThanOrEqualToConstant: 88),
            tagView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            tagView.topAnchor.constraint(equalTo: fields.bottomAnchor, constant: 8),
            tagView.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, multiplier: 0.8),
        ])
        view.addConstraint(NSLayoutConstraint(item: tagView, attribute: .bottom, relatedBy: .lessThanOrEqual, toItem: view,
                                              attribute: .bottomMargin, multiplier: 1, constant: -8))
        tagView.setContentHuggingPriority(.required, for: .horizontal)
        tagView.setContentCompressionResistancePriority(UILayoutPriority(rawValue: 740), for: .horizontal)
        tagView.text = "new"
    }

    func toggleCompact() {
        compact.toggle()
        view.setNeedsUpdateConstraints()
    }

    override func updateViewConstraints() {
        headerHeight?.constant = compact ? 60 : 120
        super.updateViewConstraints()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if view.hasAmbiguousLayout { view.exerciseAmbiguityInLayout() }
        _ = header.constraintsAffectingLayout(for: .vertical)
        _ = tagView.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        _ = fields.systemLayoutSizeFitting(CGSize(width: view.bounds.width, height: 0), withHorizontalFittingPriority: .required,
                                           verticalFittingPriority: .fittingSizeLevel)
    }
}
/// Visual format, as older code writes it.
func visualFormatConstraints(in container: UIView, left: UIView, right: UIView) -> [NSLayoutConstraint] {
    let views = ["left": left, "right": right]
    var constraints = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[left(>=40)]-8-[right(==left)]-|",
                                                     options: [.alignAllTop], metrics: nil, views: views)
    constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:|-(margin)-[left(44@750)]", options: [],
                                                  metrics: ["margin": 20], views: views)
    return constraints
}
