import Foundation
import TactileCore

/// Layout and display, deferred to the end of the run-loop iteration (AG-F-07, AG-F-08, AG-I-03 … AG-I-07).
extension UIView {
    /// `UIView.AutoresizingMask` (AG-I-03).
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Pending layout and display of one view.
    struct LayoutState {
        var needsLayout = false
        /// A view below has a layout or a constraint update pending (so `layoutIfNeeded()` walks only there).
        var subtreeNeedsLayout = false
        var subtreeNeedsConstraintUpdate = false
        /// The area to redraw, nil when no redraw is pending.
        var dirtyRect: CGRect?
        var hasDrawn = false
    }

    func requestLayout() {
        // The ancestors learn of it even when it was pending (the view may have moved since).
        var ancestor = superview
        while let a = ancestor, !a.layoutState.subtreeNeedsLayout {
            a.layoutState.subtreeNeedsLayout = true
            ancestor = a.superview
        }
        if layoutState.needsLayout { return }
        layoutState.needsLayout = true
        ViewWorld.scheduleLayout(self)
    }

    /// `layoutIfNeeded()`: the pending constraint updates of the subtree, then (with Auto Layout) the solve,
    /// then the subtree laid out, parents first, where layout is pending.
    func runLayoutIfNeeded() {
        if AutoLayout.isInUse {
            runConstraintUpdatesIfNeeded()
            AutoLayout.prepareLayout()
        }
        layOutPendingSubtree()
    }

    /// Parents first; only into subtrees with something pending.
    func layOutPendingSubtree() {
        if layoutState.needsLayout {
            layoutState.needsLayout = false
            performLayout()
        }
        guard layoutState.subtreeNeedsLayout else { return }
        layoutState.subtreeNeedsLayout = false
        for subview in subviews where subview.layoutState.needsLayout || subview.layoutState.subtreeNeedsLayout {
            subview.layOutPendingSubtree()
        }
    }

    /// `layoutSubviews()`, bracketed by the owning view controller's `viewWillLayoutSubviews()` and
    /// `viewDidLayoutSubviews()` when this is a controller's root view (SBT-LAY-01).
    func performLayout() {
        reportInsetChanges()
        guard let controller = owningController else { return layoutSubviews() }
        controller.sendIsAppearingIfDue()
        controller.viewWillLayoutSubviews()
        layoutSubviews()
        controller.viewDidLayoutSubviews()
    }

    func requestConstraintUpdate() {
        requestConstraintUpdateMarks()
        if needsConstraintUpdate { return }
        needsConstraintUpdate = true
        ViewWorld.scheduleConstraintUpdate(self)
    }

    /// Tells the ancestors that this subtree has a constraint update pending.
    func requestConstraintUpdateMarks() {
        var ancestor = superview
        while let a = ancestor, !a.layoutState.subtreeNeedsConstraintUpdate {
            a.layoutState.subtreeNeedsConstraintUpdate = true
            ancestor = a.superview
        }
    }

    /// `updateConstraintsIfNeeded()`: the pending updates of the receiver's subtree, subviews first (only into
    /// subtrees with one pending).
    func runConstraintUpdatesIfNeeded() {
        if layoutState.subtreeNeedsConstraintUpdate {
            layoutState.subtreeNeedsConstraintUpdate = false
            for subview in subviews where subview.needsConstraintUpdate || subview.layoutState.subtreeNeedsConstraintUpdate {
                subview.runConstraintUpdatesIfNeeded()
            }
        }
        if needsConstraintUpdate { performConstraintUpdate() }
    }

    /// One update: `updateViewConstraints()` of the controller whose root view this is (its default calls
    /// the view's `updateConstraints()`), else `updateConstraints()`. An override that did not call `super`
    /// leaves the update pending: reported (UIKit raises), and the request is dropped.
    func performConstraintUpdate() {
        if let controller = owningController {
            controller.updateViewConstraints()
            if needsConstraintUpdate {
                TactileDiagnostics.report("UIViewController.updateViewConstraints()",
                                          "The layout constraints still need update after sending updateViewConstraints() to \(controller). \(type(of: controller)) or one of its superclasses may have overridden updateViewConstraints() (or its view's updateConstraints()) without calling super")
            }
        } else {
            updateConstraints()
            if needsConstraintUpdate {
                TactileDiagnostics.report("UIView.updateConstraints()",
                                          "The layout constraints still need update after sending updateConstraints() to \(self). \(type(of: self)) or one of its superclasses may have overridden updateConstraints() without calling super")
            }
        }
        needsConstraintUpdate = false
    }

    func requestDisplay(_ rect: CGRect?) {
        let area = rect ?? bounds
        layoutState.dirtyRect = layoutState.dirtyRect.map { $0.union(area) } ?? area
        ViewWorld.scheduleDisplay(self)
    }

    /// The display pass's work for one view: one `draw(_:)` with the merged area; the first draw gets the
    /// whole bounds (AG-F-08). During the call `UIGraphicsGetCurrentContext()` is a recording context whose CTM
    /// maps the view's bounds, origin at the top left, y down (AG-J-01, AG-J-12, AG-V-06), and
    /// `UITraitCollection.current` is the view's traits; what it paints becomes the layer's `tactileDrawing`. (A
    /// view whose class does not override `draw(_:)` — a plain `UIView`, a table's cells — draws nothing, so it
    /// gets no context and no call, as in UIKit.)
    func runDisplay() {
        guard let dirty = layoutState.dirtyRect else { return }
        layoutState.dirtyRect = nil
        let rect = layoutState.hasDrawn ? dirty : bounds
        layoutState.hasDrawn = true
        guard hasCustomHitTesting, DrawOverride.overridesDraw(type(of: self)) else { return }
        let b = bounds
        let context = CGContext.uikitContext(size: b.size, scale: UIApplication.shared.screen.scale, opaque: isOpaque, origin: b.origin)
        UIGraphicsPushContext(context)
        traitCollection.performAsCurrent { draw(rect) }
        UIGraphicsPopContext()
        layer.tactileDrawing = context.tactileDrawing
    }

    /// After a bounds size change (AG-I-07): autoresize the subviews now (AG-I-03, AG-I-04), lay out at the end of the
    /// iteration, and redraw under `.redraw` (AG-I-01).
    func boundsSizeDidChange(from oldSize: CGSize) {
        let newSize = bounds.size
        guard newSize != oldSize else { return }
        if autoresizesSubviews {
            for subview in subviews { subview.autoresize(oldSuperviewSize: oldSize, newSuperviewSize: newSize) }
        }
        setNeedsLayout()
        if contentMode == .redraw { setNeedsDisplay() }
        (self as? UIScrollView)?.updateAdjustedContentInset()  // (which axes scroll may have changed)
    }

    /// Applies the autoresizing mask for a superview resized from `old` to `new`. Along each axis the change
    /// is shared by the flexible parts (margins and size) in proportion to their current lengths, as UIKit
    /// does (AG-I-03 [EXT]); when those lengths are all zero it is split evenly.
    func autoresize(oldSuperviewSize old: CGSize, newSuperviewSize new: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        var f = frame
        let x = Self.distribute(delta: new.width - old.width, lead: f.minX, size: f.width, trail: old.width - f.maxX,
                                flexLead: mask.contains(.flexibleLeftMargin), flexSize: mask.contains(.flexibleWidth),
                                flexTrail: mask.contains(.flexibleRightMargin))
        let y = Self.distribute(delta: new.height - old.height, lead: f.minY, size: f.height, trail: old.height - f.maxY,
                                flexLead: mask.contains(.flexibleTopMargin), flexSize: mask.contains(.flexibleHeight),
                                flexTrail: mask.contains(.flexibleBottomMargin))
        f.origin = CGPoint(x: x.lead, y: y.lead)
        f.size = CGSize(width: x.size, height: y.size)
        if f != frame { frame = f }
    }

    static func distribute(delta: CGFloat, lead: CGFloat, size: CGFloat, trail: CGFloat,
                           flexLead: Bool, flexSize: Bool, flexTrail: Bool) -> (lead: CGFloat, size: CGFloat) {
        let parts = [(flexLead, lead), (flexSize, size), (flexTrail, trail)]
        let flexible = parts.filter(\.0)
        guard !flexible.isEmpty, delta != 0 else { return (lead, size) }
        let total = flexible.reduce(0) { $0 + max($1.1, 0) }
        func share(_ flex: Bool, _ length: CGFloat) -> CGFloat {
            guard flex else { return 0 }
            return total > 0 ? delta * max(length, 0) / total : delta / CGFloat(flexible.count)
        }
        return (lead + share(flexLead, lead), size + share(flexSize, size))
    }
}

extension ViewWorld {
    // A pending request does not keep a view alive: it names the view by its slot in the tree, not by a weak
    // reference (a weakly referenced object keeps its reference count in a side table for good, which makes
    // every retain and release of the view on the touch path take the runtime's slow path).
    private static var pendingLayout: [ViewID] = []
    private static var pendingDisplay: [ViewID] = []
    private static var pendingConstraints: [ViewID] = []

    static func scheduleConstraintUpdate(_ view: UIView) {
        pendingConstraints.append(view.viewID)
        UIApplication.shared.mainLoop.setNeedsLayout()
    }

    /// The constraint-update part of the layout pass (SBT-LAY-02): every pending view in a window, subviews
    /// before superviews, before any view is laid out. Views outside a window keep their request.
    private static func runConstraintPass() {
        guard !pendingConstraints.isEmpty else { return }
        let views = pendingConstraints.compactMap { view($0) }
        pendingConstraints.removeAll()
        var waiting: [UIView] = []
        let inWindows = views.filter { view in
            guard view.needsConstraintUpdate else { return false }
            if view.window == nil { waiting.append(view) }
            return view.window != nil
        }
        for view in inWindows.sorted(by: { $0.depth > $1.depth }) where view.needsConstraintUpdate {
            view.performConstraintUpdate()
        }
        pendingConstraints.append(contentsOf: waiting.map(\.viewID))
    }

    static func scheduleLayout(_ view: UIView) {
        pendingLayout.append(view.viewID)
        UIApplication.shared.mainLoop.setNeedsLayout()
    }

    static func scheduleDisplay(_ view: UIView) {
        pendingDisplay.append(view.viewID)
        UIApplication.shared.mainLoop.setNeedsDisplay()
    }

    /// The run loop's layout pass: every pending view in a window, parents before children. Views outside a
    /// window keep their request until they enter one or someone calls `layoutIfNeeded()`. The pass reuses its
    /// lists, so a steady stream of passes (a drag scrolling a table) allocates nothing.
    static func runLayoutPass() {
        runConstraintPass()
        AutoLayout.prepareLayout()
        guard !pendingLayout.isEmpty else { return }
        // Take the requests (new ones made while laying out wait for the next pass, as before).
        swap(&pendingLayout, &layoutRequests)
        var views = layoutViews.take() ?? []
        for id in layoutRequests {
            guard let view = view(id), view.layoutState.needsLayout else { continue }
            if view.window == nil { pendingLayout.append(id) } else { views.append(view) }
        }
        while layoutRequests.popLast() != nil {}
        sortByDepth(&views)
        for view in views where view.layoutState.needsLayout {
            view.layoutState.needsLayout = false
            view.performLayout()
        }
        while views.popLast() != nil {}
        layoutViews = views
    }

    /// The requests being served, and the views to lay out (kept between passes for their capacity).
    private static var layoutRequests: [ViewID] = []
    private static var layoutViews: [UIView]? = []

    /// Parents before children: an insertion sort by depth for the few views of a pass (stable, no buffer), the
    /// standard sort for many.
    private static func sortByDepth(_ views: inout [UIView]) {
        guard views.count > 1 else { return }
        guard views.count <= 32 else {
            views.sort { $0.depth < $1.depth }
            return
        }
        for i in 1..<views.count {
            let v = views[i], d = v.depth
            var j = i - 1
            while j >= 0, views[j].depth > d {
                views[j + 1] = views[j]
                j -= 1
            }
            views[j + 1] = v
        }
    }

    /// The run loop's display pass: one `draw(_:)` per pending view of a visible window, windows in order,
    /// each from its root down, back to front (AG-F-08). Only the pending views are visited; those whose class
    /// does not override `draw(_:)` are settled at once, with nothing built for them (so a table's reused cells,
    /// shown again while scrolling, cost no allocation).
    static func runDisplayPass() {
        guard !pendingDisplay.isEmpty else { return LayerDisplay.run() }
        swap(&pendingDisplay, &displayRequests)
        var ready: [(key: [Int], view: UIView)] = []
        var seen: Set<ObjectIdentifier> = []
        var windows: [UIWindow]?
        for id in displayRequests {
            guard let view = view(id), view.layoutState.dirtyRect != nil else { continue }
            if !view.hasCustomHitTesting || !DrawOverride.overridesDraw(type(of: view)) {
                view.runDisplay()  // (settles the request; draws nothing)
                continue
            }
            guard seen.insert(ObjectIdentifier(view)).inserted else { continue }
            if windows == nil { windows = UIApplication.shared.windows }
            guard view.isVisibleInWindow, let window = view.window,
                  let w = windows?.firstIndex(where: { $0 === window }) else {
                pendingDisplay.append(id)  // drawn once it is shown
                continue
            }
            ready.append(([w] + view.pathFromRoot, view))
        }
        while displayRequests.popLast() != nil {}
        if !ready.isEmpty {
            for (_, view) in ready.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) { view.runDisplay() }
        }
        LayerDisplay.run()
    }

    /// The display requests being served (kept between passes for its capacity).
    private static var displayRequests: [ViewID] = []
}

extension UIView {
    /// Number of superviews above the view.
    var depth: Int {
        var n = 0
        var v = superview
        while let s = v { n += 1; v = s.superview }
        return n
    }

    /// Subview indices from the root down to the view: pre-order (root down, back to front) sorts by it.
    var pathFromRoot: [Int] {
        var path: [Int] = []
        var v: UIView? = self
        while let current = v, let index = current.indexInSuperview {
            path.append(index)
            v = current.superview
        }
        return path.reversed()
    }

    /// In a window that is shown, with no hidden view on the way up.
    var isVisibleInWindow: Bool {
        var v: UIView? = self
        while let current = v {
            if current.isHidden { return false }
            if current is UIWindow { return true }
            v = current.superview
        }
        return false
    }
}
