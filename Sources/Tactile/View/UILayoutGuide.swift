import Foundation
import TactileCore

/// `UILayoutGuide`: a rectangular area of a view's bounds that constraints can refer to, without a view of
/// its own. A view's `safeAreaLayoutGuide` and `layoutMarginsGuide` follow its safe area and margins; a guide
/// added with `addLayoutGuide(_:)` gets its frame from its constraints.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// What a system guide's frame follows.
    enum Kind {
        case own, safeArea, margins
        /// A scroll view's `contentLayoutGuide`: its origin pinned to the content's, its size the content size.
        case scrollContent
        /// A scroll view's `frameLayoutGuide`: the visible rectangle, moving with the content offset.
        case scrollFrame
    }

    let kind: Kind
    /// The view the guide belongs to.
    open weak var owningView: UIView?
    /// A name for debugging.
    open var identifier: String = ""
    /// The guide's item in the layout engine, once constrained.
    private var item: LayoutEngine.Item?
    /// A system guide's pins to its view's insets (left, top, right, bottom) and the insets they hold.
    private var pins: [LayoutEngine.ConstraintID] = []
    private var pinnedInsets: UIEdgeInsets?

    public override init() {
        kind = .own
        super.init()
    }

    init(kind: Kind, owningView: UIView, identifier: String) {
        self.kind = kind
        self.owningView = owningView
        self.identifier = identifier
        super.init()
    }

    /// The guide's rectangle in its owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        switch kind {
        case .own: return layoutFrameInEngine
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .margins: return view.bounds.inset(by: view.layoutMargins)
        case .scrollContent: return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame: return view.bounds
        }
    }

    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }

    /// Whether the guide's constraints leave its frame undetermined.
    open var hasAmbiguousLayout: Bool {
        let axes = AutoLayout.ambiguousAxes(of: self)
        return axes.horizontal || axes.vertical
    }

    /// The constraints that affect the guide along `axis`.
    open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        AutoLayout.constraints(affecting: self, axis: axis)
    }

    open override var description: String {
        MainQueueProbe.isOnMainQueue ? MainActor.assumeIsolated {
            "<\(type(of: self)): \(NSLayoutConstraint.address(self)) - identifier=\"\(identifier)\", owningView=\(owningView.map { "\(type(of: $0)):\(NSLayoutConstraint.address($0))" } ?? "nil")>"
        } : super.description
    }

    // MARK: - In the engine

    /// Whether the guide takes part in Auto Layout.
    var isInEngine: Bool { item != nil }

    /// The guide's solved rectangle (a guide in the engine).
    var layoutFrameInEngine: CGRect {
        guard let item else { return .zero }
        AutoLayout.prepareLayout()
        return AutoLayout.engine.frame(of: item) ?? .zero
    }

    /// The engine item, made on first use; a system guide is pinned to its view's insets.
    func engineItem() -> LayoutEngine.Item? {
        if let item { return item }
        guard let view = owningView, let made = try? AutoLayout.engine.makeGuide(owner: view.viewID) else { return nil }
        item = made
        if kind != .own {
            AutoLayout.systemGuides[ObjectIdentifier(self)] = self
            refreshSystemPins()
        }
        return made
    }

    /// A system guide: its rectangle is the owning view's bounds less the safe area insets or the margins; a
    /// scroll view's frame guide is its frame rectangle moved by the content offset (the engine measures from
    /// frame origins); its content guide has only its origin pinned (its size comes from the app's constraints).
    func refreshSystemPins() {
        guard kind != .own, let item, let view = owningView else { return }
        let insets: UIEdgeInsets
        switch kind {
        case .own, .scrollContent: insets = .zero
        case .safeArea: insets = view.safeAreaInsets
        case .margins: insets = view.layoutMargins
        case .scrollFrame:
            let o = view.bounds.origin
            insets = UIEdgeInsets(top: o.y, left: o.x, bottom: -o.y, right: -o.x)
        }
        guard insets != pinnedInsets else { return }
        let engine = AutoLayout.engine
        let owner = LayoutEngine.Item.view(view.viewID)
        if pins.isEmpty {
            // guide.left = view.left + l, guide.top = view.top + t, guide.right = view.right − r, guide.bottom = view.bottom − b
            var sides: [(LayoutEngine.Attribute, CGFloat)] = [(.left, insets.left), (.top, insets.top),
                                                              (.right, -insets.right), (.bottom, -insets.bottom)]
            if kind == .scrollContent { sides.removeLast(2) }
            pins = sides.compactMap { attribute, constant in
                try? engine.add(.init(.init(item, attribute), .equal, .init(owner, attribute), constant: Double(constant)))
            }
        } else {
            let constants = [insets.left, insets.top, -insets.right, -insets.bottom]
            for (id, constant) in zip(pins, constants) { try? engine.setConstant(id, Double(constant)) }  // (zip: 2 pins for content)
        }
        pinnedInsets = insets
    }

    /// Leaves the engine: its constraints and pins go.
    func detach() {
        for c in AutoLayout.active.values where c.firstItem === self || c.secondItem === self { AutoLayout.deactivate(c) }
        if let item { AutoLayout.engine.removeGuide(item) }
        AutoLayout.systemGuides[ObjectIdentifier(self)] = nil
        item = nil
        pins = []
        pinnedInsets = nil
    }
}
