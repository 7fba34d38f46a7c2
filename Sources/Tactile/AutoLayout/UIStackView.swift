import Foundation

/// `UIStackView`: lays out its arranged subviews in a row or a column with constraints it makes itself
/// (named `UISV-…` in logs, as UIKit's). A hidden arranged view collapses: no size along the axis and no
/// spacing. The stack view draws nothing.
///
/// Along the axis, the first view starts at the stack's leading (top) edge and the last ends at its trailing
/// (bottom) edge; between them ``spacing`` (or a custom spacing) as the ``distribution`` says. Across it, each
/// view is placed by the ``alignment``; with any alignment but `.fill` the stack hugs its largest view at a
/// low priority, and views without a size across are held at zero at a lower one (UIKit's ambiguity
/// suppression).
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the views share the length along the axis.
    public enum Distribution: Int, @unchecked Sendable {
        /// Views keep their sizes; the room left over or missing goes to the view with the lowest hugging or
        /// compression-resistance priority.
        case fill = 0
        /// Every view the same size.
        case fillEqually
        /// Sizes in proportion to the views' intrinsic sizes.
        case fillProportionally
        /// Views keep their sizes; the gaps between them are equal (at least ``spacing``).
        case equalSpacing
        /// The distances between the views' centres are equal (gaps at least ``spacing``).
        case equalCentering
    }

    /// How the views are placed across the axis.
    public enum Alignment: Int, @unchecked Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        /// `.leading` of a horizontal stack.
        public static var top: Alignment { .leading }
        /// `.trailing` of a horizontal stack.
        public static var bottom: Alignment { .trailing }
    }

    /// The spacing after a view when no custom spacing is set (``customSpacing(after:)``).
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The system's spacing (8 points here).
    public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init(coder: NSCoder) {
        super.init(coder: coder)!
    }

    /// A horizontal stack of `views` (they become subviews).
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// The views the stack arranges, in order (a subset of its subviews).
    open private(set) var arrangedSubviews: [UIView] = []

    /// Arranges `view` last, adding it as a subview (front-most) if it is not one.
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Stops arranging `view`; it stays a subview (remove it from the superview to take it away).
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        rebuild()
    }

    /// Arranges `view` at `stackIndex` (UIKit raises beyond the count: reported, nothing changes).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else {
            return TactileDiagnostics.report("UIStackView.insertArrangedSubview(_:at:)", "Can't add self as subview")
        }
        var index = stackIndex
        if let existing = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: existing)
            if existing < index { index -= 1 }
        }
        guard index >= 0, index <= arrangedSubviews.count else {
            return TactileDiagnostics.report("UIStackView.insertArrangedSubview(_:at:)", "Specified view index \(stackIndex) is out of bounds of the arranged subviews (\(arrangedSubviews.count))")
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        view.autoLayout.isArranged = true
        if view.superview !== self { addSubview(view) }
        arrangedSubviews.insert(view, at: index)
        rebuild()
    }

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { if oldValue != axis { rebuild() } } }
    open var distribution: Distribution = .fill { didSet { if oldValue != distribution { rebuild() } } }
    open var alignment: Alignment = .fill { didSet { if oldValue != alignment { rebuild() } } }
    /// The gap between adjacent views (0 by default); with `.equalSpacing` and `.equalCentering`, the least.
    open var spacing: CGFloat = 0 { didSet { if oldValue != spacing { rebuild() } } }
    /// Whether baseline alignment measures spacing between baselines (stored; spacing is edge to edge here).
    open var isBaselineRelativeArrangement = false
    /// Whether the views are laid out inside the stack's layout margins instead of its edges.
    open var isLayoutMarginsRelativeArrangement = false { didSet { if oldValue != isLayoutMarginsRelativeArrangement { rebuild() } } }

    /// Sets the gap after `arrangedSubview` (``spacingUseDefault`` goes back to ``spacing``).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        rebuild()
    }

    /// The gap after `arrangedSubview`, or ``spacingUseDefault`` when none was set.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            // A view removed from the stack's subviews is no longer arranged (UIKit).
            arrangedSubviews.removeAll { $0 === subview }
            customSpacings[ObjectIdentifier(subview)] = nil
            rebuildSoon()
        }
    }

    // MARK: - The constraints it makes

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var managed: [NSLayoutConstraint] = []
    private var rebuildPending = false

    /// An arranged view was hidden or shown.
    func arrangedViewVisibilityChanged(_ view: UIView) {
        if arrangedSubviews.contains(where: { $0 === view }) { rebuild() }
    }

    /// Rebuilds after the current removal has finished (a view leaving is still a subview during the call).
    private func rebuildSoon() {
        guard !rebuildPending else { return }
        rebuildPending = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.rebuildPending else { return }
                self.rebuild()
            }
        }
    }

    private func rebuild() {
        rebuildPending = false
        NSLayoutConstraint.deactivate(managed)
        managed = makeConstraints()
        NSLayoutConstraint.activate(managed)
        setNeedsLayout()
    }

    private func gap(after view: UIView) -> CGFloat {
        let custom = customSpacings[ObjectIdentifier(view)]
        let value = custom ?? spacing
        return value == Self.spacingUseSystem ? AutoLayout.systemSpacing : value
    }

    private func makeConstraints() -> [NSLayoutConstraint] {
        let views = arrangedSubviews.filter { $0.superview === self }
        guard !views.isEmpty else { return [] }
        let horizontal = axis == .horizontal
        let margins = isLayoutMarginsRelativeArrangement
        typealias A = NSLayoutConstraint.Attribute
        // Along the axis, and across it.
        let lead: A = horizontal ? .leading : .top, trail: A = horizontal ? .trailing : .bottom
        let size: A = horizontal ? .width : .height, center: A = horizontal ? .centerX : .centerY
        let crossLead: A = horizontal ? .top : .leading, crossTrail: A = horizontal ? .bottom : .trailing
        let crossSize: A = horizontal ? .height : .width, crossCenter: A = horizontal ? .centerY : .centerX
        func edge(_ a: A) -> A {
            guard margins else { return a }
            switch a {
            case .leading: return .leadingMargin
            case .trailing: return .trailingMargin
            case .top: return .topMargin
            case .bottom: return .bottomMargin
            case .centerX: return .centerXWithinMargins
            case .centerY: return .centerYWithinMargins
            default: return a
            }
        }
        var made: [NSLayoutConstraint] = []
        func add(_ id: String, _ a: UIView, _ attrA: A, _ relation: NSLayoutConstraint.Relation, _ b: UIView?, _ attrB: A,
                 multiplier: CGFloat = 1, constant: CGFloat = 0, priority: UILayoutPriority = .required) {
            let c = NSLayoutConstraint(first: a, attrA, relation, second: b, attrB, multiplier: multiplier, constant: constant,
                                       priority: priority)
            c.identifier = id
            made.append(c)
        }
        let visible = views.filter { !$0.isHidden }
        // A hidden view collapses where it would be.
        for view in views where view.isHidden {
            add("UISV-hiding", view, size, .equal, nil, .notAnAttribute, constant: 0)
            add("UISV-hiding", view, lead, .equal, self, edge(lead))
        }
        if let first = visible.first, let last = visible.last {
            add("UISV-canvas-connection", first, lead, .equal, self, edge(lead))
            add("UISV-canvas-connection", last, trail, .equal, self, edge(trail))
        }
        for (prev, next) in zip(visible, visible.dropFirst()) {
            let space = gap(after: prev)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add("UISV-spacing", next, lead, .equal, prev, trail, constant: space)
            case .equalSpacing, .equalCentering:
                add("UISV-spacing", next, lead, .greaterThanOrEqual, prev, trail, constant: space)
            }
        }
        switch distribution {
        case .fill: break
        case .fillEqually:
            for view in visible.dropFirst() { add("UISV-fill-equally", view, size, .equal, visible[0], size) }
        case .fillProportionally:
            let intrinsic = visible.map { max(0, horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height) }
            let total = intrinsic.reduce(0, +)
            if total > 0 {
                let spaces = zip(visible, visible.dropFirst()).reduce(CGFloat(0)) { $0 + gap(after: $1.0) }
                for (view, share) in zip(visible, intrinsic) {
                    let m = share / total
                    add("UISV-fill-proportionally", view, size, .equal, self, size, multiplier: m, constant: -m * spaces,
                        priority: UILayoutPriority(999))
                }
            }
        case .equalSpacing, .equalCentering:
            // Equal distances between consecutive trailing/leading edges (or centres), as guides between them.
            let pairs = Array(zip(visible, visible.dropFirst()))
            if let (p0, n0) = pairs.first {
                func distance(_ p: UIView, _ n: UIView) -> NSLayoutDimension {
                    distribution == .equalSpacing ? NSLayoutDimension(offsetFrom: anchor(p, trail), to: anchor(n, lead))
                                                  : NSLayoutDimension(offsetFrom: anchor(p, center), to: anchor(n, center))
                }
                let firstDistance = distance(p0, n0)
                for (p, n) in pairs.dropFirst() {
                    let d = distance(p, n)
                    let c = d.constraint(equalTo: firstDistance)
                    c.identifier = distribution == .equalSpacing ? "UISV-fill-equally" : "UISV-distributing-edge"
                    c.priority = distribution == .equalSpacing ? .required : UILayoutPriority(999)
                    made.append(c)
                }
            }
        }
        // Across the axis.
        for view in views {
            switch alignment {
            case .fill:
                add("UISV-alignment", view, crossLead, .equal, self, edge(crossLead))
                add("UISV-alignment", view, crossTrail, .equal, self, edge(crossTrail))
            case .leading:
                add("UISV-alignment", view, crossLead, .equal, self, edge(crossLead))
                add("UISV-spanning-boundary", view, crossTrail, .lessThanOrEqual, self, edge(crossTrail))
            case .trailing:
                add("UISV-alignment", view, crossTrail, .equal, self, edge(crossTrail))
                add("UISV-spanning-boundary", view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
            case .center:
                add("UISV-alignment", view, crossCenter, .equal, self, edge(crossCenter))
                add("UISV-spanning-boundary", view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
                add("UISV-spanning-boundary", view, crossTrail, .lessThanOrEqual, self, edge(crossTrail))
            case .firstBaseline, .lastBaseline:
                let baseline: A = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if horizontal, view !== views[0] {
                    add("UISV-alignment", view, baseline, .equal, views[0], baseline)
                } else if horizontal {
                    add("UISV-alignment", view, crossLead, .equal, self, edge(crossLead), priority: .defaultLow)
                } else {
                    add("UISV-alignment", view, crossLead, .equal, self, edge(crossLead))
                }
                add("UISV-spanning-boundary", view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
                add("UISV-spanning-boundary", view, crossTrail, .lessThanOrEqual, self, edge(crossTrail))
            }
            if alignment != .fill {
                add("UISV-ambiguity-suppression", view, crossSize, .equal, nil, .notAnAttribute, priority: UILayoutPriority(25))
            }
        }
        if alignment != .fill {
            // The stack hugs its largest view across the axis.
            add("UISV-spanning-fit", self, crossSize, .equal, nil, .notAnAttribute, priority: UILayoutPriority(49))
        }
        return made
    }

    private func anchor(_ view: UIView, _ attribute: NSLayoutConstraint.Attribute) -> NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor<AnyObject>(item: view, attribute: attribute)
    }
}
