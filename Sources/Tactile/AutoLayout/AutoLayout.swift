import Foundation
import TactileCore

/// The bridge between UIKit's constraint objects and the engine over the packed tree (``LayoutEngine``):
/// installing and removing constraints, resolving UIKit's attributes (leading/trailing by layout direction,
/// margins, baselines) into the engine's physical ones, the intrinsic-size constraints, the system guides,
/// UIKit's console log for unsatisfiable constraints, and the layout pass's part (solve, then every superview
/// of a moved view lays out again; `layoutSubviews()` applies the solved frames).
@MainActor
enum AutoLayout {
    static let engine: LayoutEngine = {
        let engine = LayoutEngine(tree: ViewWorld.tree)
        engine.viewJoined = { id in
            guard let view = ViewWorld.view(id) else { return (true, 0) }
            view.autoLayout.inEngine = true
            view.superview?.autoLayout.hasEngineSubviews = true
            joined.append(view)
            return (view.translatesAutoresizingMaskIntoConstraints, UInt8(truncatingIfNeeded: view.autoresizingMask.rawValue))
        }
        return engine
    }()

    /// UIKit's standard spacing between sibling views (and the unit of the system-spacing anchors).
    static let systemSpacing: CGFloat = 8
    /// Views that joined the engine and still need their intrinsic-size constraints.
    static var joined: [UIView] = []
    /// Active constraints by engine id (the engine keeps no objects).
    static var active: [LayoutEngine.ConstraintID: NSLayoutConstraint] = [:]
    /// Active constraints whose constant depends on margins (re-checked each pass).
    static var marginDependent: [ObjectIdentifier: NSLayoutConstraint] = [:]
    /// System guides (safe area, margins) that take part, re-pinned each pass.
    static var systemGuides: [ObjectIdentifier: UILayoutGuide] = [:]
    /// Intrinsic-size constraints: engine id → the view and axis (for logs).
    static var intrinsicOwners: [LayoutEngine.ConstraintID: (view: Weak<UIView>, axis: NSLayoutConstraint.Axis)] = [:]

    /// Whether anything takes part in Auto Layout (else every hook returns at once).
    static var isInUse: Bool { !engine.isEmpty }

    // MARK: - Activation

    /// Installs `c` on `view` (`addConstraint`) or, when nil, on the nearest common ancestor of its items.
    static func activate(_ c: NSLayoutConstraint, on view: UIView?, api: String) {
        if let reason = c.invalidReason { return TactileDiagnostics.report(api, reason) }
        guard let first = c.firstItem else { return TactileDiagnostics.report(api, "Constraint items must each be a view or layout guide.") }
        // The nearest common ancestor of every item (a distance's two ends included).
        var common: UIView?
        for (index, item) in c.allItems.enumerated() {
            guard let view = owner(of: item) else {
                return TactileDiagnostics.report(api, "A layout guide must be added to a view (addLayoutGuide(_:)) before it can be constrained: \(c)")
            }
            if index == 0 { common = view; continue }
            common = common.flatMap { engine.commonAncestor($0.viewID, view.viewID) }.flatMap { ViewWorld.view($0) }
            if common == nil { break }
        }
        guard let common else {
            return TactileDiagnostics.report(api, "Unable to activate constraint with anchors \(anchorName(first, c.firstAttribute)) and \(anchorName(c.secondItem, c.secondAttribute)) because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
        }
        let target = view ?? common
        if let view, view !== common, !common.isDescendant(of: view) {
            return TactileDiagnostics.report(api, "The view hierarchy is not prepared for the constraint: \(c)\n\tWhen added to a view, the constraint's items must be descendants of that view (or the view itself). This will crash if the constraint needs to be resolved before the view hierarchy is assembled.")
        }
        if let container = c.container {
            if container === target { return }
            deactivate(c)
        }
        let spec = self.spec(for: c)
        c.engineConstant = spec.constant
        c.container = target
        target.autoLayout.installed.append(c)
        if c.usesMargins { marginDependent[ObjectIdentifier(c)] = c }
        addToEngine(c, spec)
        drainJoined()
        requestLayoutPass()
    }

    static func addToEngine(_ c: NSLayoutConstraint, _ spec: LayoutEngine.Spec) {
        do {
            let id = try engine.add(spec)
            c.engineID = id
            active[id] = c
        } catch .unsatisfiable(let conflicting, let pinnedViews) {
            let id = engine.lastAdded!
            c.engineID = id
            active[id] = c
            logUnsatisfiable(conflicting, pinnedViews: pinnedViews, breaking: c)
        } catch {
            c.container?.autoLayout.installed.removeAll { $0 === c }
            c.container = nil
            marginDependent[ObjectIdentifier(c)] = nil
            TactileDiagnostics.report("NSLayoutConstraint.isActive", "Unable to install constraint \(c): \(error)")
        }
    }

    /// Deactivates many at once: each container's list is filtered once (not once per constraint).
    static func deactivate(_ constraints: [NSLayoutConstraint]) {
        var leaving: [ObjectIdentifier: (container: UIView, constraints: Set<ObjectIdentifier>)] = [:]
        for c in constraints {
            guard let container = c.container else { continue }
            leaving[ObjectIdentifier(container), default: (container, [])].constraints.insert(ObjectIdentifier(c))
        }
        for (container, gone) in leaving.values {
            container.autoLayout.installed.removeAll { gone.contains(ObjectIdentifier($0)) }
        }
        for c in constraints where c.container != nil { release(c) }
    }

    static func deactivate(_ c: NSLayoutConstraint) {
        guard let container = c.container else { return }
        container.autoLayout.installed.removeAll { $0 === c }
        release(c)
    }

    /// Takes an uninstalled constraint out of the engine.
    private static func release(_ c: NSLayoutConstraint) {
        c.container = nil
        marginDependent[ObjectIdentifier(c)] = nil
        if let id = c.engineID {
            engine.remove(id)
            active[id] = nil
            c.engineID = nil
        }
        requestLayoutPass()
    }

    static func constantDidChange(_ c: NSLayoutConstraint) {
        guard let id = c.engineID else { return }
        let constant = spec(for: c).constant
        c.engineConstant = constant
        do {
            try engine.setConstant(id, constant)
        } catch .unsatisfiable(let conflicting, let pinnedViews) {
            logUnsatisfiable(conflicting, pinnedViews: pinnedViews, breaking: c)
        } catch {}
        requestLayoutPass()
    }

    static func priorityDidChange(_ c: NSLayoutConstraint) {
        guard let id = c.engineID else { return }
        try? engine.setPriority(id, c.priority.rawValue)
        requestLayoutPass()
    }

    /// The view whose coordinates an item is measured in: the view, or a guide's owning view.
    static func owner(of item: AnyObject) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    static func anchorName(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> String {
        guard let item else { return "(nil)" }
        let kind = attribute.isSize ? "NSLayoutDimension" : attribute.isHorizontal ? "NSLayoutXAxisAnchor" : "NSLayoutYAxisAnchor"
        let name = (item as? UILayoutGuide).map { "\($0.identifier).\(attribute.name)" }
            ?? "\(type(of: item)):\(NSLayoutConstraint.address(item)).\(attribute.name)"
        return "<\(kind):\(NSLayoutConstraint.address(item)) \"\(name)\">"
    }

    static func requestLayoutPass() { UIApplication.shared.mainLoop.setNeedsLayout() }

    // MARK: - Translation

    /// The engine item of a view or guide (a guide's on first use).
    static func item(for object: AnyObject) -> LayoutEngine.Item? {
        if let view = object as? UIView { return .view(view.viewID) }
        guard let guide = object as? UILayoutGuide else { return nil }
        return guide.engineItem()
    }

    /// One side's anchor and the offset its margin or baseline adds.
    static func resolve(_ object: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, mirrored: Bool)
        -> (anchor: LayoutEngine.Anchor, offset: Double)? {
        guard let object, let item = item(for: object) else { return nil }
        let margins = (object as? UIView)?.layoutMargins ?? .zero
        let m = (left: Double(margins.left), right: Double(margins.right), top: Double(margins.top), bottom: Double(margins.bottom))
        let x = mirrored ? -1.0 : 1.0
        func a(_ attr: LayoutEngine.Attribute, _ k: Double = 1) -> LayoutEngine.Anchor { .init(item, attr, coefficient: k) }
        switch attribute {
        case .left: return (a(.left), 0)
        case .right: return (a(.right), 0)
        case .top: return (a(.top), 0)
        case .bottom: return (a(.bottom), 0)
        case .width: return (a(.width), 0)
        case .height: return (a(.height), 0)
        case .centerX: return (a(.centerX, x), 0)
        case .centerY: return (a(.centerY), 0)
        // A right-to-left layout measures leading positions leftwards: leading is −right.
        case .leading: return mirrored ? (a(.right, -1), 0) : (a(.left), 0)
        case .trailing: return mirrored ? (a(.left, -1), 0) : (a(.right), 0)
        case .leftMargin: return (a(.left), m.left)
        case .rightMargin: return (a(.right), -m.right)
        case .topMargin: return (a(.top), m.top)
        case .bottomMargin: return (a(.bottom), -m.bottom)
        case .leadingMargin: return mirrored ? (a(.right, -1), m.right) : (a(.left), m.left)
        case .trailingMargin: return mirrored ? (a(.left, -1), -m.left) : (a(.right), -m.right)
        case .centerXWithinMargins: return (a(.centerX, x), x * (m.left - m.right) / 2)
        case .centerYWithinMargins: return (a(.centerY), (m.top - m.bottom) / 2)
        // A view without text has its baselines at its bottom edge.
        case .lastBaseline, .firstBaseline:
            let view = object as? UIView
            let fromBottom = view.map { attribute == .lastBaseline ? $0.lastBaselineOffsetFromBottom : $0.firstBaselineOffsetFromBottom } ?? 0
            return (a(.bottom), -Double(fromBottom))
        case .notAnAttribute: return nil
        }
    }

    /// The engine's form of a constraint: `Σ lhs (relation) m × Σ rhs + c`, with offsets folded into c.
    static func spec(for c: NSLayoutConstraint) -> LayoutEngine.Spec {
        let mirrored = c.isDirectional && (c.allItems.first.flatMap(owner(of:))?.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        var lhs: [LayoutEngine.Anchor] = [], rhs: [LayoutEngine.Anchor] = []
        var constant = Double(c.constant)
        let m = Double(c.multiplier)
        func side(_ object: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, _ offset: OffsetAnchor?,
                  into anchors: inout [LayoutEngine.Anchor], sign: Double) {
            if let offset {
                // A distance between two positions: to − from.
                if let to = resolve(offset.to, offset.toAttribute, mirrored: mirrored),
                   let from = resolve(offset.from, offset.fromAttribute, mirrored: mirrored) {
                    anchors.append(to.anchor)
                    var negated = from.anchor
                    negated.coefficient = -negated.coefficient
                    anchors.append(negated)
                    constant -= sign * (to.offset - from.offset)
                }
            } else if let r = resolve(object, attribute, mirrored: mirrored) {
                anchors.append(r.anchor)
                constant -= sign * r.offset
            }
        }
        side(contentArea(c.firstItem, c.firstAttribute, other: c.secondItem), c.firstAttribute, c.offsetAnchors.0,
             into: &lhs, sign: 1)
        side(contentArea(c.secondItem, c.secondAttribute, other: c.firstItem), c.secondAttribute, c.offsetAnchors.1,
             into: &rhs, sign: -m)
        let relation: LinearSolver.Relation = switch c.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return LayoutEngine.Spec(lhs: lhs, relation, rhs: rhs, multiplier: m, constant: constant, priority: c.priority.rawValue)
    }

    /// UIKit's scroll-view rule: an edge of a scroll view constrained to something inside it is its content
    /// area's edge (`contentLayoutGuide`); its width, height and centres stay its frame's (DESIGN-SCROLL-LAYOUT).
    static func contentArea(_ object: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, other: AnyObject?) -> AnyObject? {
        guard let scrollView = object as? UIScrollView, let other, let inside = owner(of: other), inside !== scrollView else {
            return object
        }
        switch attribute {
        case .left, .right, .top, .bottom, .leading, .trailing:
            return inside.isDescendant(of: scrollView) ? scrollView.contentLayoutGuide : object
        default:
            return object
        }
    }

    // MARK: - Intrinsic content size

    /// Installs the intrinsic-size constraints of views that just joined.
    static func drainJoined() {
        while let view = joined.popLast() { refreshIntrinsicConstraints(view) }
    }

    /// The intrinsic-size constraints of a view in the engine: per axis with a size, `size >= intrinsic` at the
    /// compression resistance and `size <= intrinsic` at the hugging priority (UIKit's
    /// NSContentSizeLayoutConstraint).
    static func refreshIntrinsicConstraints(_ view: UIView) {
        let box = view.autoLayout
        guard box.inEngine else { return }
        let size = view.intrinsicContentSize
        guard size != box.intrinsicSize || box.intrinsicPrioritiesChanged else { return }
        box.intrinsicPrioritiesChanged = false
        for id in box.intrinsicIDs {
            engine.remove(id)
            intrinsicOwners[id] = nil
        }
        box.intrinsicIDs = []
        box.intrinsicSize = size
        let item = LayoutEngine.Item.view(view.viewID)
        for (axis, value, attribute) in [(NSLayoutConstraint.Axis.horizontal, size.width, LayoutEngine.Attribute.width),
                                         (.vertical, size.height, .height)] {
            guard value != UIView.noIntrinsicMetric else { continue }
            guard value.isFinite, value >= 0 else {
                TactileDiagnostics.report("UIView.intrinsicContentSize", "\(view) returned an invalid intrinsic size \(size) (NaN, infinite or negative); ignored")
                continue
            }
            let index = axis == .horizontal ? 0 : 1
            for (relation, priority) in [(LinearSolver.Relation.greaterThanOrEqual, box.compression[index]),
                                         (.lessThanOrEqual, box.hugging[index])] {
                do {
                    let id = try engine.add(.init(.init(item, attribute), relation, constant: Double(value), priority: priority.rawValue))
                    box.intrinsicIDs.append(id)
                    intrinsicOwners[id] = (Weak(view), axis)
                } catch .unsatisfiable(let conflicting, let pinnedViews) {
                    let id = engine.lastAdded!
                    box.intrinsicIDs.append(id)
                    intrinsicOwners[id] = (Weak(view), axis)
                    logUnsatisfiable(conflicting, pinnedViews: pinnedViews, breakingID: id)
                } catch {}
            }
        }
        requestLayoutPass()
    }

    // MARK: - The layout pass

    /// Before the layout pass lays views out: margins and system guides brought up to date, the system
    /// solved, and the superview of every view whose frame changed marked for layout (its
    /// `layoutSubviews()` applies the frames).
    static func prepareLayout() {
        guard isInUse else { return }
        drainJoined()
        if insetsMayHaveChanged {
            insetsMayHaveChanged = false
            for c in marginDependent.values {
                let constant = spec(for: c).constant
                if constant != c.engineConstant, let id = c.engineID {
                    c.engineConstant = constant
                    try? engine.setConstant(id, constant)
                }
            }
            for guide in systemGuides.values { guide.refreshSystemPins() }
        }
        for item in engine.solve() {
            guard case .view(let id) = item, let view = ViewWorld.view(id) else { continue }
            if let superview = view.superview { superview.setNeedsLayout() } else { applyOwnFrame(view) }
        }
    }

    /// A root view (no superview) whose frame the engine decides: nothing else would apply it.
    static func applyOwnFrame(_ view: UIView) {
        guard !view.translatesAutoresizingMaskIntoConstraints, let f = engine.frame(of: .view(view.viewID)) else { return }
        view.applyEngineFrame(f)
    }

    /// UIView's default `layoutSubviews()`: the subviews take the frames the engine solved for them.
    static func applyFrames(toSubviewsOf view: UIView) {
        guard isInUse, view.autoLayoutBox?.hasEngineSubviews == true else { return }
        prepareLayout()
        for subview in view.subviews where subview.autoLayoutBox?.inEngine == true {
            if let f = engine.frame(of: .view(subview.viewID)) { subview.applyEngineFrame(f) }
        }
    }

    // MARK: - Hierarchy and geometry hooks

    /// Before `view` leaves its superview: the constraints held above it that name views or guides inside its
    /// subtree are removed, as UIKit does.
    static func viewWillLeaveSuperview(_ view: UIView) {
        guard isInUse else { return }
        var ancestor = view.superview
        while let a = ancestor {
            if let box = a.autoLayoutBox {
                for c in box.installed where c.involves(subtreeOf: view) { deactivate(c) }
            }
            ancestor = a.superview
        }
    }

    static func viewDidMove(_ view: UIView) {
        if type(of: view).requiresConstraintBasedLayout { view.setNeedsUpdateConstraints() }
        guard isInUse, view.autoLayoutBox?.inEngine == true else { return }
        view.superview?.autoLayout.hasEngineSubviews = true
        insetsMayHaveChanged = true
        engine.viewGeometryDidChange(view.viewID, superviewChanged: true)
        requestLayoutPass()
    }

    /// The app set the view's frame, bounds or center: its pins follow (when it translates its mask).
    static func viewGeometryDidChange(_ view: UIView) {
        guard view.autoLayoutBox?.inEngine == true else { return }
        insetsMayHaveChanged = true
        engine.viewGeometryDidChange(view.viewID)
        requestLayoutPass()
    }

    /// A view's slot is freed (it deinitialised): the constraints naming it leave the engine and the table of
    /// active constraints (the view object itself is gone and is not touched).
    static func viewDestroyed(_ id: ViewID) {
        guard isInUse else { return }
        for removed in engine.forget(.view(id)) {
            guard let c = active.removeValue(forKey: removed) else { continue }
            c.engineID = nil
            marginDependent[ObjectIdentifier(c)] = nil
            if let container = c.container, container.viewID != id { container.autoLayout.installed.removeAll { $0 === c } }
            c.container = nil
        }
    }

    // MARK: - Debugging

    static func ambiguousAxes(of object: AnyObject) -> (horizontal: Bool, vertical: Bool) {
        guard isInUse, let item = item(for: object) else { return (false, false) }
        drainJoined()
        return engine.ambiguousAxes(of: item)
    }

    static func constraints(affecting object: AnyObject, axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        guard isInUse, let item = item(for: object) else { return [] }
        return engine.constraints(affecting: item, horizontal: axis == .horizontal).compactMap { active[$0] }
    }

    // MARK: - Unsatisfiable constraints (UIKit's console log)

    static func logUnsatisfiable(_ conflicting: [LayoutEngine.ConstraintID], pinnedViews: [ViewID], breaking c: NSLayoutConstraint) {
        logUnsatisfiable(conflicting, pinnedViews: pinnedViews, breakingID: c.engineID, breakingText: c.logDescription)
    }

    static func logUnsatisfiable(_ conflicting: [LayoutEngine.ConstraintID], pinnedViews: [ViewID],
                                 breakingID: LayoutEngine.ConstraintID?, breakingText: String? = nil) {
        var lines: [String] = []
        for id in conflicting { lines.append(describe(id)) }
        for id in pinnedViews { if let view = ViewWorld.view(id) { lines.append(contentsOf: autoresizingDescriptions(view)) } }
        let broken = breakingText ?? breakingID.map(describe) ?? "(unknown)"
        var text = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
            """
        if !pinnedViews.isEmpty {
            text += "\n\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) "
        }
        text += "\n(\n" + lines.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\nWill attempt to recover by breaking constraint \n\(broken)\n\n"
        text += "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\nThe methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful."
        TactileDiagnostics.log("LayoutConstraints", text)
    }

    /// A view's safe area or margins may have changed since the margin constraints and system guides were
    /// last brought up to date (set by the inset checks of the layout pass, and by any frame change).
    static var insetsMayHaveChanged = true

    static func describe(_ id: LayoutEngine.ConstraintID) -> String {
        if let c = active[id] { return c.logDescription }
        if let owner = intrinsicOwners[id], let view = owner.view.value {
            let box = view.autoLayout
            let index = owner.axis == .horizontal ? 0 : 1
            let size = owner.axis == .horizontal ? box.intrinsicSize?.width : box.intrinsicSize?.height
            return "<NSContentSizeLayoutConstraint:\(NSLayoutConstraint.address(view)) \(type(of: view)):\(NSLayoutConstraint.address(view)).\(owner.axis == .horizontal ? "width" : "height") == \(NSLayoutConstraint.number(size ?? 0)) Hug:\(Int(box.hugging[index].rawValue)) CompressionResistance:\(Int(box.compression[index].rawValue))   (active)>"
        }
        return "<NSLayoutConstraint (system)>"
    }

    /// UIKit's listing of a view's autoresizing constraints: `h=` and `v=` give the mask (`-` fixed, `&`
    /// flexible) for the left margin, width, right margin and the top margin, height, bottom margin.
    static func autoresizingDescriptions(_ view: UIView) -> [String] {
        let mask = view.autoresizingMask
        func flag(_ m: UIView.AutoresizingMask) -> String { mask.contains(m) ? "&" : "-" }
        let h = "h=" + flag(.flexibleLeftMargin) + flag(.flexibleWidth) + flag(.flexibleRightMargin)
        let v = "v=" + flag(.flexibleTopMargin) + flag(.flexibleHeight) + flag(.flexibleBottomMargin)
        let name = "\(type(of: view)):\(NSLayoutConstraint.address(view))"
        let f = view.frame
        return [("minX", f.minX), ("minY", f.minY), ("width", f.width), ("height", f.height)].map {
            "<NSAutoresizingMaskLayoutConstraint:\(NSLayoutConstraint.address(view)) \(h) \(v) \(name).\($0.0) == \(NSLayoutConstraint.number($0.1))   (active)>"
        }
    }
}

/// A weak reference in a collection.
struct Weak<T: AnyObject> {
    weak var value: T?
    init(_ value: T) { self.value = value }
}

extension NSLayoutConstraint {
    /// Margins (or the within-margins centres) are used on either side.
    var usesMargins: Bool {
        let attributes: [Attribute] = [.leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
                                       .centerXWithinMargins, .centerYWithinMargins]
        return attributes.contains(firstAttribute) || attributes.contains(secondAttribute) || offsetAnchors.0 != nil
            || offsetAnchors.1 != nil
    }

    /// Whether an item (a view, or a guide's owner) is `view` or inside its subtree.
    func involves(subtreeOf view: UIView) -> Bool {
        allItems.contains { item in
            guard let owner = AutoLayout.owner(of: item) else { return false }
            return owner === view || owner.isDescendant(of: view)
        }
    }
}

extension AutoLayout {
    /// The view's layout direction changed: its leading/trailing constraints are expressed again.
    static func layoutDirectionDidChange(_ view: UIView?) {
        guard isInUse else { return }
        for c in Array(active.values) where c.isDirectional && (view == nil || c.allItems.first.flatMap(owner(of:)) === view) {
            guard let container = c.container else { continue }
            deactivate(c)
            activate(c, on: container, api: "UIView.semanticContentAttribute")
        }
    }
}

extension AutoLayout {
    /// The app's direction changed: every leading/trailing constraint is expressed again.
    static func appLayoutDirectionDidChange() { layoutDirectionDidChange(nil) }
}
