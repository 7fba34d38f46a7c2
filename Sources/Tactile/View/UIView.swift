import Foundation
import TactileCore

/// `UIView`, a thin handle into the packed view tree: geometry, flags, tag and hierarchy live in the tree
/// (setters write through; there is no second copy), so hit-testing stays packed and fast.
///
/// Hit-testing an instance of `UIView` or `UIWindow` itself runs entirely in the packed search. An instance
/// of any subclass is flagged for custom hit-testing, so its own `hitTest(_:with:)` and
/// `point(inside:with:)` — overridden or not — decide for it (Swift on Linux cannot see which methods a
/// subclass overrides; asking a subclass is always correct, and its plain-`UIView` subviews are searched
/// packed again).
@preconcurrency @MainActor
open class UIView: UIResponder, UIAccessibilityIdentification {
    /// The view's handle in the packed tree.
    let viewID: ViewID
    /// An instance of a subclass: its own `hitTest` / `point(inside:)` decide for it.
    let hasCustomHitTesting: Bool
    /// `alpha` itself (the tree keeps only the `alpha < 0.01` bit it decides with).
    private var alphaValue: CGFloat = 1
    var autoresizingMaskValue: AutoresizingMask = []
    var layoutState = LayoutState()

    public init(frame: CGRect) {
        tree = ViewWorld.tree
        var initial = frame
        if !Self.isFinite(frame) {
            TactileDiagnostics.report("UIView.init(frame:)", "frame contains NaN or infinity: \(frame); using .zero")
            initial = .zero
        }
        viewID = try! tree.makeView(frame: initial)  // finite frame: cannot fail
        hasCustomHitTesting = !(type(of: self) == UIView.self || type(of: self) == UIWindow.self)
        super.init()
        ViewWorld.register(self)
        if hasCustomHitTesting { try? tree.setFlags(.customHitTest, true, of: viewID) }
        didInit()
    }

    /// `UIView()` is `UIView(frame: .zero)`.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// A view from a storyboard (or another archive): with a storyboard's coder, the element's frame, flags,
    /// margins and priorities, and its subviews, are decoded here, so a subclass sees them after
    /// `super.init(coder:)`; any other coder gives a zero frame.
    public required init?(coder: NSCoder) {
        tree = ViewWorld.tree
        viewID = try! tree.makeView(frame: .zero)
        hasCustomHitTesting = !(type(of: self) == UIView.self || type(of: self) == UIWindow.self)
        super.init()
        ViewWorld.register(self)
        if hasCustomHitTesting { try? tree.setFlags(.customHitTest, true, of: viewID) }
        didInit()
        if let coder = coder as? StoryboardCoder, let element = coder.element {
            coder.instantiator?.decode(self, from: element)
        }
    }

    /// The gesture recognizers attached to the view (nil: none, as UIKit reports); nonisolated for `deinit`,
    /// which detaches them.
    nonisolated(unsafe) var gestureRecognizerList: [UIGestureRecognizer]?

    /// The storyboard segues this view triggers (``tactileTriggerStoryboardSegues()``).
    var storyboardTrigger: StoryboardTrigger?

    /// Subclass defaults applied after registration (UIWindow starts hidden).
    func didInit() {}

    /// Tactile's own step before `willMove(toWindow:)`, which an override cannot skip (a control leaving its
    /// window stops tracking).
    func tactileWillMove(toWindow newWindow: UIWindow?) {}

    /// Frees the view's slot in the packed tree. Nonisolated, as UIKit's, so that subclasses may declare their
    /// own `deinit`. A view is released on the main actor in practice (its superview, the app and touches hold
    /// it there); one released elsewhere has its slot freed on the main queue shortly after, as nothing on the
    /// main actor can reach a view that nothing holds.
    deinit {
        layerStorage?.view = nil  // the layer may outlive the view (it holds it unowned)
        for recognizer in gestureRecognizerList ?? [] { recognizer.attachedView = nil }  // likewise a recognizer
        let id = viewID
        if MainQueueProbe.isOnMainQueue {
            MainActor.assumeIsolated { ViewWorld.destroy(id) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { ViewWorld.destroy(id) } }
        }
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }

    /// The packed tree (held directly: a static lookup costs a lazy-initialisation check per access).
    let tree: ViewTree

    // MARK: - Geometry (AG-J-03 … AG-J-07)

    /// The frame in the superview's coordinates: center and bounds.size; under a non-identity transform, the
    /// bounding box of the transformed bounds (AG-J-06). Setting it moves the center and resizes the bounds
    /// (AG-J-05); bounds.origin and the transform stay.
    open var frame: CGRect {
        get { (try? tree.frame(of: viewID)) ?? .zero }
        set {
            willAnimate(.bounds, .center)
            setRect(newValue, api: "UIView.frame") { try tree.setFrame($0, of: viewID) }
        }
    }

    /// The bounds in the view's own coordinates. A new size resizes the frame about the fixed center (AG-J-05);
    /// a new origin shifts what the subviews show, not where the view is.
    open var bounds: CGRect {
        get { (try? tree.geometry(of: viewID).bounds) ?? .zero }
        set {
            willAnimate(.bounds)
            keepingPosition { setRect(newValue, api: "UIView.bounds") { try tree.setBounds($0, of: viewID) } }
        }
    }

    /// Writes a frame or bounds (NaN/∞ is misuse: CALayer raises), then reacts to a size change.
    private func setRect(_ rect: CGRect, api: String, _ write: (CGRect) throws -> Void) {
        guard Self.isFinite(rect) else {
            return TactileDiagnostics.report(api, "CALayer geometry contains NaN or infinity: \(rect)")
        }
        let oldSize = bounds.size
        try? write(rect)
        if autoLayoutBox?.inEngine == true { AutoLayout.viewGeometryDidChange(self) }
        boundsSizeDidChange(from: oldSize)
    }

    /// The center in the superview's coordinates. Setting it moves the frame; the size is unchanged.
    /// With a layer ``CALayer/anchorPoint`` other than the centre, this is where the anchor lies (the layer's
    /// `position`), not the frame's midpoint.
    open var center: CGPoint {
        get {
            let c = (try? tree.geometry(of: viewID).center) ?? .zero
            guard let offset = anchorOffset() else { return c }
            return CGPoint(x: c.x - offset.x, y: c.y - offset.y)
        }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                return TactileDiagnostics.report("UIView.center", "CALayer position contains NaN: \(newValue)")
            }
            willAnimate(.center)
            let offset = anchorOffset() ?? .zero
            try? tree.setCenter(CGPoint(x: newValue.x + offset.x, y: newValue.y + offset.y), of: viewID)
            if autoLayoutBox?.inEngine == true { AutoLayout.viewGeometryDidChange(self) }
        }
    }

    /// The transform, applied about the center (AG-J-07) — about the layer's ``CALayer/anchorPoint``, the
    /// center by default. Identity by default.
    open var transform: CGAffineTransform {
        get { CGAffineTransform((try? tree.geometry(of: viewID).transform) ?? .identity) }
        set {
            guard newValue.affine.isFinite else {
                return TactileDiagnostics.report("UIView.transform", "transform contains NaN: \(newValue)")
            }
            willAnimate(.transform)
            layerStorage?.storedTransform3D = nil
            keepingPosition { try? tree.setTransform(newValue.affine, of: viewID) }
            setNeedsLayout()
        }
    }

    // MARK: - Layer (UIView+Layer.swift)

    /// The class of the view's layer (`CALayer` by default); override it to back the view with a
    /// `CAShapeLayer`, a `CAGradientLayer`, …
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer, made on first use. Its geometry is the view's: `position` is ``center``, `bounds`
    /// ``bounds``, `transform` ``transform``, `opacity` ``alpha``; setting its `anchorPoint` moves the frame.
    open var layer: CALayer { layerStorage ?? makeLayer() }

    /// The layer, once made (nonisolated for `deinit`, which detaches it).
    nonisolated(unsafe) var layerStorage: CALayer?

    /// `CALayerDelegate`: called when the view's layer (or a layer whose delegate the view is) lays out its
    /// sublayers; override it to place sublayers you added, calling `super`. UIView's does nothing further here
    /// (Tactile lays out views in its own layout pass).
    open func layoutSublayers(of layer: CALayer) {}

    /// `CALayerDelegate`: the action for a change of `event` on `layer`; nil, no implicit animation (UIKit's
    /// answer outside animation blocks). Override it to return an animation.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }

    // MARK: - Tint and traits (UIView+Appearance.swift)

    /// The tint: the view's own, else its superview's, else the system blue; desaturated while the effective
    /// ``tintAdjustmentMode`` is `.dimmed`.
    open var tintColor: UIColor! {
        get { effectiveTintColor }
        set { setOwnTint(newValue) }
    }

    /// The first mode other than `.automatic` up the superview chain (`.normal` when none); a view behind a
    /// presented sheet or alert is `.dimmed`.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { effectiveTintAdjustmentMode }
        set { setOwnTintAdjustmentMode(newValue) }
    }

    /// Called when the view's tint colour or adjustment mode changes — set on it, or inherited from a
    /// superview.
    open func tintColorDidChange() {}

    /// The view's traits: its window's screen's, with the nearest `overrideUserInterfaceStyle` up the chain
    /// (views and their view controllers) applied.
    open var traitCollection: UITraitCollection { computeTraitCollection() }

    /// Called when the view's traits change (a rotation that changes size classes, the appearance switching
    /// between light and dark, an override style set above it).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Forces the appearance of the view and its subtree (`.unspecified`, the default, inherits).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { appearanceBox?.styleOverride ?? .unspecified }
        set { setStyleOverride(newValue) }
    }

    /// Tint, adjustment mode and style override, made when one is set.
    var appearanceBox: AppearanceBox?

    /// Tells an animation block being captured that animatable properties are about to change.
    @inline(__always)
    func willAnimate(_ key: AnimatedKey) {
        if !ViewAnimator.captures.isEmpty { ViewAnimator.willChange(self, key) }
    }

    @inline(__always)
    func willAnimate(_ key: AnimatedKey, _ other: AnimatedKey) {
        if !ViewAnimator.captures.isEmpty {
            ViewAnimator.willChange(self, key)
            ViewAnimator.willChange(self, other)
        }
    }

    // MARK: - Flags (AG-K-04, AG-L, AG-V)

    func flag(_ f: ViewFlags) -> Bool { (try? tree.flags(of: viewID).contains(f)) ?? false }
    private func setFlag(_ f: ViewFlags, _ on: Bool) { try? tree.setFlags(f, on, of: viewID) }

    /// A hidden view and its subviews are not hit and receive no touches.
    open var isHidden: Bool {
        get { flag(.hidden) }
        set {
            let wasHidden = flag(.hidden)
            setFlag(.hidden, newValue)
            if wasHidden, !newValue { setNeedsDisplay() }  // AG-F-08: unhidden views redraw
            if wasHidden != newValue, autoLayoutBox?.isArranged == true, let stack = superview as? UIStackView {
                stack.arrangedViewVisibilityChanged(self)  // a hidden arranged view collapses
            }
        }
    }

    /// Views with alpha below 0.01 are not hit.
    open var alpha: CGFloat {
        get { alphaValue }
        set {
            willAnimate(.alpha)
            alphaValue = newValue
            setFlag(.transparent, !(newValue >= 0.01))
        }
    }

    /// False: the view (and its subtree) receives no touches (AG-L-01).
    open var isUserInteractionEnabled: Bool {
        get { !flag(.interactionDisabled) }
        set { setFlag(.interactionDisabled, !newValue) }
    }

    /// Clips drawing to the bounds; hit-testing is the same either way (AG-J-08).
    open var clipsToBounds: Bool {
        get { flag(.clipsToBounds) }
        set { setFlag(.clipsToBounds, newValue) }
    }

    /// False by default: the view sees only the first touch of a multi-touch sequence (AG-L-03).
    open var isMultipleTouchEnabled: Bool {
        get { flag(.multipleTouchEnabled) }
        set { setFlag(.multipleTouchEnabled, newValue) }
    }

    /// While this view tracks a touch it is the only one in its window that does (AG-L-04).
    open var isExclusiveTouch: Bool {
        get { flag(.exclusiveTouch) }
        set { setFlag(.exclusiveTouch, newValue) }
    }

    /// An integer identifying the view (0 by default), found with ``viewWithTag(_:)`` (AG-H-10).
    open var tag: Int {
        get { (try? tree.tag(of: viewID)) ?? 0 }
        set { try? tree.setTag(newValue, of: viewID) }
    }

    /// The background colour (the layer's `backgroundColor`); nothing is rendered, snapshots show it.
    open var backgroundColor: UIColor? {
        willSet { willAnimate(.backgroundColor) }
    }
    /// Kept for source compatibility; nothing is rendered (AG-V-03).
    open var isOpaque: Bool = true
    /// Kept for source compatibility; nothing is rendered (AG-V-04). True by default.
    open var clearsContextBeforeDrawing: Bool = true

    /// How content follows bounds changes; `.redraw` redraws on every bounds size change (AG-I-01, AG-I-02).
    open var contentMode: ContentMode = .scaleToFill

    /// `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight
    }

    // MARK: - Hierarchy (AG-H; implemented in UIView+Hierarchy.swift)

    /// The superview; nil for a window or a detached view (AG-H-09).
    open var superview: UIView? { hierarchySuperview() }
    /// The subviews, back to front (the last is front-most).
    open var subviews: [UIView] { hierarchySubviews() }
    /// The window the view is in, or nil.
    open var window: UIWindow? { hierarchyWindow() }

    /// Appends `view` as the front-most subview, removing it from its old superview first (AG-H-02). Adding a
    /// current subview again brings it to the front. Adding a view to itself or to one of its descendants is
    /// misuse (UIKit raises): reported, nothing changes.
    open func addSubview(_ view: UIView) { move(view, to: nil, api: "UIView.addSubview(_:)") }
    /// Inserts `view` at `index` in ``subviews``, clamped to the valid range (AG-H-03).
    open func insertSubview(_ view: UIView, at index: Int) { move(view, to: max(0, index), api: "UIView.insertSubview(_:at:)") }
    /// Inserts `view` directly in front of `siblingSubview`; when that is not a subview (a stranger, the
    /// receiver itself), on top — iOS is lenient here (AG-H-03).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insert(view, nextTo: siblingSubview, offset: 1, api: "UIView.insertSubview(_:aboveSubview:)")
    }
    /// Inserts `view` directly behind `siblingSubview`; when that is not a subview, on top (AG-H-03).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, nextTo: siblingSubview, offset: 0, api: "UIView.insertSubview(_:belowSubview:)")
    }
    /// Removes the view (with its subtree) from its superview (AG-H-05); a no-op without one.
    open func removeFromSuperview() { hierarchyRemoveFromSuperview() }

    // MARK: - Gesture recognizers (UIView+Gestures.swift)

    /// The recognizers attached to the view, in the order added; nil when there are none.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { gestureRecognizersValue }
        set { gestureRecognizersValue = newValue }
    }

    /// Attaches a recognizer: it gets the touches hit-tested to this view and its subviews first.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { attachGestureRecognizer(gestureRecognizer) }

    /// Detaches a recognizer.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { detachGestureRecognizer(gestureRecognizer) }

    /// Asked, for a recognizer about to leave `.possible` that would cancel touches hit-tested to this view,
    /// whether it may (DESIGN-GESTURE-SHOULD-BEGIN): false makes the recognizer fail. Default true; UIKit's
    /// controls refuse the recognizers that would take their own gesture.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Moves `view` to the front (AG-H-04); nothing happens when it is not a subview.
    open func bringSubviewToFront(_ view: UIView) { try? tree.bringChildToFront(view.viewID, of: viewID) }
    /// Moves `view` to the back (AG-H-04); nothing happens when it is not a subview.
    open func sendSubviewToBack(_ view: UIView) { try? tree.sendChildToBack(view.viewID, of: viewID) }
    /// Swaps the subviews at two indices (AG-H-04). An index out of range is misuse (UIKit raises): reported,
    /// nothing changes.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { hierarchyExchange(index1, index2) }
    /// True when the receiver is `view` or inside its subtree.
    open func isDescendant(of view: UIView) -> Bool { (try? tree.isDescendant(viewID, of: view.viewID)) ?? false }
    /// The first view with `tag`, depth-first from the receiver itself (AG-H-10).
    open func viewWithTag(_ tag: Int) -> UIView? { ViewWorld.view(try? tree.view(withTag: tag, in: viewID)) }

    // Notifications (AG-H-08), in UIKit's order (see UIView+Hierarchy.swift). The defaults do nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: - Hit-testing and conversion (AG-K, AG-J-09; UIView+HitTesting.swift)

    /// UIKit's default (AG-K-03): nil when hidden, interaction-disabled or alpha < 0.01, or when
    /// ``point(inside:with:)`` says no; else the first subview, front-most first, that returns a hit for the
    /// converted point; else self. Subclasses may override it (AG-K-06, AG-L-05).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { defaultHitTest(point, with: event) }

    /// True when ``bounds`` contains `point` (half-open on the max edges, as `CGRect.contains`).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        ViewGeometry.contains(bounds, Double(point.x), Double(point.y))
    }

    /// Converts a point from the receiver's coordinates to `view`'s (nil: the window's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { convertPoint(point, from: self, to: view ?? window) }
    /// Converts a point from `view`'s coordinates (nil: the window's) to the receiver's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { convertPoint(point, from: view ?? window, to: self) }
    /// Converts a rect to `view`'s coordinates: the bounding box of the converted corners (AG-J-10).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { convertRect(rect, from: self, to: view ?? window) }
    /// Converts a rect from `view`'s coordinates: the bounding box of the converted corners (AG-J-10).
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { convertRect(rect, from: view ?? window, to: self) }

    /// Converts a point to another coordinate space (a view, or a screen's); views convert through their
    /// windows and the screen.
    open func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convertPoint(point, from: self, to: view) }
        return screenPointToSpace(spacePointToScreen(point, self), coordinateSpace)
    }
    open func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convertPoint(point, from: view, to: self) }
        return screenPointToSpace(spacePointToScreen(point, coordinateSpace), self)
    }
    open func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convertRect(rect, from: self, to: view) }
        return boundingBox(rect) { self.convert($0, to: coordinateSpace) }
    }
    open func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convertRect(rect, from: view, to: self) }
        return boundingBox(rect) { self.convert($0, from: coordinateSpace) }
    }

    // MARK: - Constraint updates (SBT-LAY-01, SBT-LAY-02; UIView+Layout.swift)
    //
    // The update requests and callbacks, in UIKit's order; the constraints themselves live in the Auto Layout
    // engine (AutoLayout/).

    /// Marks the view's constraints as needing an update. The next layout pass (or
    /// ``updateConstraintsIfNeeded()``) calls ``updateConstraints()`` — or, for a view controller's root view,
    /// the controller's `updateViewConstraints()` — subviews before their superviews, before any layout.
    open func setNeedsUpdateConstraints() { requestConstraintUpdate() }
    /// True while a constraint update is pending.
    open func needsUpdateConstraints() -> Bool { needsConstraintUpdate }
    /// Runs the pending constraint updates of the receiver's subtree now, subviews first.
    open func updateConstraintsIfNeeded() { runConstraintUpdatesIfNeeded() }
    /// Updates the view's constraints. Overrides must call `super` (as their last step): it is what marks the
    /// update done; an override that does not is reported, as UIKit raises.
    open func updateConstraints() { needsConstraintUpdate = false }
    /// Whether the view's frame and autoresizing mask are turned into constraints (true by default, as for
    /// every view made in code; SBT-LAY-04): a view in Auto Layout keeps the frame it is given, following its
    /// superview's size as the mask says. Set it false for a view whose constraints decide its frame.
    open var translatesAutoresizingMaskIntoConstraints: Bool = true {
        didSet { if oldValue != translatesAutoresizingMaskIntoConstraints { autoresizingTranslationDidChange() } }
    }
    /// A constraint update is pending.
    var needsConstraintUpdate = false
    /// Auto Layout's state of the view, made on first use (UIView+AutoLayout.swift).
    var autoLayoutBox: AutoLayoutBox?

    func autoresizingTranslationDidChange() {
        guard autoLayoutBox?.inEngine == true else { return }
        AutoLayout.engine.setTranslatesFrame(viewID, translatesAutoresizingMaskIntoConstraints,
                                             mask: UInt8(truncatingIfNeeded: autoresizingMask.rawValue))
        AutoLayout.requestLayoutPass()
    }

    // MARK: - Auto Layout (UIView+AutoLayout.swift, AutoLayout/)

    /// The size the content needs, per axis (``UIView/noIntrinsicMetric`` where it has none — the default).
    /// Auto Layout holds the view at it with the hugging and compression resistance priorities.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Tells Auto Layout that ``intrinsicContentSize`` changed.
    open func invalidateIntrinsicContentSize() {
        guard autoLayoutBox?.inEngine == true else { return }
        AutoLayout.refreshIntrinsicConstraints(self)
    }
    /// How strongly the view resists growing past its intrinsic size along `axis` (250 by default).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayoutBox?.hugging[axis.rawValue] ?? .defaultLow
    }
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard autoLayout.hugging[axis.rawValue] != priority else { return }
        autoLayout.hugging[axis.rawValue] = priority
        autoLayout.intrinsicPrioritiesChanged = true
        AutoLayout.refreshIntrinsicConstraints(self)
    }
    /// How strongly the view resists shrinking below its intrinsic size along `axis` (750 by default).
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayoutBox?.compression[axis.rawValue] ?? .defaultHigh
    }
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        guard autoLayout.compression[axis.rawValue] != priority else { return }
        autoLayout.compression[axis.rawValue] = priority
        autoLayout.intrinsicPrioritiesChanged = true
        AutoLayout.refreshIntrinsicConstraints(self)
    }
    /// The size closest to `targetSize` that the view's constraints allow, the target held at
    /// ``UILayoutPriority/fittingSizeLevel``.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
    /// The size the view's constraints give it with its width held at `targetSize.width` at one priority and
    /// its height at another (`.required` fixes that dimension). The constraints tying it to its superview are
    /// set aside.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        guard targetSize.width.isFinite, targetSize.height.isFinite else {
            TactileDiagnostics.report("UIView.systemLayoutSizeFitting(_:)", "target size contains NaN or infinity: \(targetSize)")
            return .zero
        }
        updateConstraintsIfNeeded()
        AutoLayout.engine.join(viewID)  // its intrinsic size counts even without constraints
        AutoLayout.prepareLayout()
        let size = AutoLayout.engine.fittingSize(of: viewID, target: targetSize, horizontalPriority: horizontalFittingPriority.rawValue,
                                                 verticalPriority: verticalFittingPriority.rawValue)
        AutoLayout.drainJoined()
        return size
    }
    /// Insets from the frame to the rectangle Auto Layout aligns (zero by default).
    open var alignmentRectInsets: UIEdgeInsets { .zero }
    /// The rectangle Auto Layout aligns for a frame: the frame less ``alignmentRectInsets``.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }
    /// The frame for an aligned rectangle: it grown by ``alignmentRectInsets``.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return CGRect(x: alignmentRect.minX - i.left, y: alignmentRect.minY - i.top,
                      width: alignmentRect.width + i.left + i.right, height: alignmentRect.height + i.top + i.bottom)
    }
    /// The view whose first baseline the view's first-baseline constraints use (the view itself by default).
    open var forFirstBaselineLayout: UIView { self }
    /// The view whose last baseline the view's last-baseline constraints use (the view itself by default).
    open var forLastBaselineLayout: UIView { self }
    /// How far above the bottom edge the first and last baselines lie: 0 for a view without text.
    var firstBaselineOffsetFromBottom: CGFloat { 0 }
    var lastBaselineOffsetFromBottom: CGFloat { 0 }
    // MARK: Auto Layout — Anchors

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
    /// A view without text has its baselines at its bottom edge.
    open var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Auto Layout — Installing constraints

    /// The constraints installed on the view (by `addConstraint(_:)`, or by activation on the nearest common
    /// ancestor of their items).
    open var constraints: [NSLayoutConstraint] { autoLayoutBox?.installed ?? [] }

    /// Installs and activates `constraint`; its items must be the view or inside its subtree.
    open func addConstraint(_ constraint: NSLayoutConstraint) {
        AutoLayout.activate(constraint, on: self, api: "UIView.addConstraint(_:)")
    }

    open func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { AutoLayout.activate(c, on: self, api: "UIView.addConstraints(_:)") }
    }

    /// Deactivates `constraint` if it is installed on the view; otherwise nothing happens.
    open func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.container === self { AutoLayout.deactivate(constraint) }
    }

    open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        AutoLayout.deactivate(constraints.filter { $0.container === self })
    }

    // MARK: Auto Layout — Layout guides

    /// The guides added with ``addLayoutGuide(_:)``.
    open var layoutGuides: [UILayoutGuide] { autoLayoutBox?.guides ?? [] }

    /// Adds a guide whose frame the engine decides (it leaves any view it belonged to first).
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.kind == .own else {
            return TactileDiagnostics.report("UIView.addLayoutGuide(_:)", "A system layout guide cannot be added to another view: \(layoutGuide)")
        }
        if layoutGuide.owningView === self { return }
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        autoLayout.guides.append(layoutGuide)
    }

    /// Removes a guide and the constraints on it.
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard let box = autoLayoutBox, box.guides.contains(where: { $0 === layoutGuide }) else { return }
        layoutGuide.detach()
        box.guides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
    }

    // MARK: Auto Layout — Sizes from content

    /// `UIView.noIntrinsicMetric`: an axis without an intrinsic size.
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size ``systemLayoutSizeFitting(_:)`` can find.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size ``systemLayoutSizeFitting(_:)`` can find.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// Whether the view's class needs constraint-based layout (false by default).
    open class var requiresConstraintBasedLayout: Bool { false }

    // MARK: Auto Layout — Debugging (UIConstraintBasedLayoutDebugging)

    /// Whether the constraints leave the view's frame undetermined (more than one frame satisfies them
    /// equally well).
    open var hasAmbiguousLayout: Bool {
        let axes = AutoLayout.ambiguousAxes(of: self)
        return axes.horizontal || axes.vertical
    }

    /// Moves an ambiguous view to another frame its constraints allow (the next layout pass applies it).
    open func exerciseAmbiguityInLayout() {
        guard AutoLayout.isInUse, autoLayoutBox?.inEngine == true else { return }
        AutoLayout.engine.exerciseAmbiguity(of: .view(viewID))
        superview?.setNeedsLayout()
    }

    /// The constraints that affect the view's layout along `axis`.
    open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        AutoLayout.constraints(affecting: self, axis: axis)
    }

    // MARK: Auto Layout — Layout direction

    /// The direction the view lays out in: its ``semanticContentAttribute`` forcing one, else the app's.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute)
    }

    /// The direction a semantic content attribute implies: forced ones theirs, playback and spatial
    /// left-to-right, unspecified the app's (`UIApplication.userInterfaceLayoutDirection`).
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: UIApplication.shared.userInterfaceLayoutDirection
        }
    }

    /// The direction of `attribute` relative to `layoutDirection` (iOS 10).
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute,
                                                 relativeTo layoutDirection: UIUserInterfaceLayoutDirection) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: layoutDirection
        }
    }

    /// Whether the view's content flips in a right-to-left layout; it decides which edge leading is.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { if oldValue != semanticContentAttribute { AutoLayout.layoutDirectionDidChange(self) } }
    }

    // MARK: - Safe area and layout margins (UIView+SafeArea.swift)

    /// The insets that keep content clear of what covers the view: the window's (the headless screen's
    /// ``TactileHost/screenSafeAreaInsets`` and the status bar), the parts of the superview's unsafe area the
    /// view overlaps, and — for a view controller's root view — the controller's `additionalSafeAreaInsets`.
    /// Zero for a view outside a visible window.
    open var safeAreaInsets: UIEdgeInsets { computeSafeAreaInsets() }
    /// Called (in the layout pass, before `layoutSubviews()`) when ``UIView/safeAreaInsets`` changed.
    open func safeAreaInsetsDidChange() {}
    /// The view's bounds less its ``safeAreaInsets``, as a guide.
    open var safeAreaLayoutGuide: UILayoutGuide { layoutGuide(.safeArea) }
    /// The spacing layout keeps from the edges: 8 points on each side by default (a view controller's root view: 0 at the top and bottom, the controller's `systemMinimumLayoutMargins` at the sides); when
    /// ``insetsLayoutMarginsFromSafeArea`` (the default) the safe area insets are added, and with
    /// ``preservesSuperviewLayoutMargins`` the superview's margins the view overlaps count too. Setting it sets
    /// the view's own part.
    open var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins() }
        set { setOwnLayoutMargins(newValue) }
    }
    /// ``layoutMargins`` by reading direction: leading is the left margin in a left-to-right layout, the right
    /// one in a right-to-left layout (``effectiveUserInterfaceLayoutDirection``).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return effectiveUserInterfaceLayoutDirection == .rightToLeft
                ? NSDirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
                : NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set {
            let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
            layoutMargins = UIEdgeInsets(top: newValue.top, left: rtl ? newValue.trailing : newValue.leading, bottom: newValue.bottom,
                                         right: rtl ? newValue.leading : newValue.trailing)
        }
    }
    /// Whether the margins are measured from the safe area (true by default).
    open var insetsLayoutMarginsFromSafeArea: Bool = true {
        didSet { if oldValue != insetsLayoutMarginsFromSafeArea { marginsMayHaveChanged() } }
    }
    /// Whether the superview's margins, where the view overlaps them, count towards its own (false by
    /// default).
    open var preservesSuperviewLayoutMargins: Bool = false {
        didSet { if oldValue != preservesSuperviewLayoutMargins { marginsMayHaveChanged() } }
    }
    /// Called when ``layoutMargins`` changed.
    open func layoutMarginsDidChange() {}
    /// The view's bounds less its ``layoutMargins``, as a guide.
    open var layoutMarginsGuide: UILayoutGuide { layoutGuide(.margins) }
    /// What the callbacks last reported, and the system guides once made.
    var insetsState = InsetsState()

    // MARK: - Layout and display (AG-F-07, AG-F-08, AG-I; UIView+Layout.swift)

    /// Marks the view as needing layout; the layout pass at the end of the run-loop iteration calls
    /// ``layoutSubviews()``. Requests merge.
    open func setNeedsLayout() { requestLayout() }
    /// Runs pending layout of the receiver's subtree now.
    open func layoutIfNeeded() { runLayoutIfNeeded() }
    /// Lays out subviews. The default gives the subviews in Auto Layout the frames their constraints solve to
    /// (autoresizing has already run); an override that lays out by hand need not call `super`.
    open func layoutSubviews() { AutoLayout.applyFrames(toSubviewsOf: self) }

    // MARK: - Animations (UIView+Animation.swift, Animation/)

    /// Animates the changes `animations` makes to animatable properties (frame, bounds, center, transform,
    /// alpha, backgroundColor) after `delay`, over `duration`, with the curve `options` pick.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        runAnimation(duration: duration, delay: delay, options: options, animations, completion)
    }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        runAnimation(duration: duration, animations, completion)
    }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        runAnimation(duration: duration, animations, nil)
    }

    /// A spring animation: `dampingRatio` 1 settles without oscillating, smaller values oscillate; the spring
    /// settles within `duration`.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        runAnimation(duration: duration, delay: delay, options: options,
                     timing: .spring(damping: Double(dampingRatio), velocity: Double(velocity), duration: duration), animations, completion)
    }

    /// iOS 17's spring animation: `bounce` 0 is critically damped, positive values oscillate (damping ratio
    /// 1 − bounce).
    open class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
                            delay: TimeInterval = 0, options: AnimationOptions = [], animations: () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        runAnimation(duration: duration, delay: delay, options: options,
                     timing: .spring(damping: Double(1 - min(max(bounce, -1), 0.99)), velocity: Double(velocity), duration: duration),
                     animations, completion)
    }

    /// A transition of `view`'s content: `animations` take effect at once, unanimated; the view is animating
    /// (and refuses touches unless `.allowUserInteraction`) until the completion after `duration`.
    open class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runAnimation(duration: duration, options: options, extraViews: [view],
                     { ViewAnimator.withoutAnimation { animations?() } }, completion)
    }

    /// Replaces `fromView` with `toView` in its superview (at its place), or with `.showHideTransitionViews`
    /// hides `fromView` and shows `toView`; completes after `duration`.
    open class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                               options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let container = fromView.superview
        runAnimation(duration: duration, options: options, extraViews: container.map { [$0] } ?? [toView], {
            ViewAnimator.withoutAnimation {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else if let container {
                    container.insertSubview(toView, aboveSubview: fromView)
                    fromView.removeFromSuperview()
                }
            }
        }, completion)
    }

    /// A keyframe animation: changes made directly in `animations` run over the whole duration; each
    /// ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)`` animates its changes over its part.
    open class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                     options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                     completion: ((Bool) -> Void)? = nil) {
        runKeyframes(duration: duration, delay: delay, options: options, animations, completion)
    }

    /// One keyframe of the enclosing ``animateKeyframes(withDuration:delay:options:animations:completion:)``;
    /// start and duration are fractions (0…1) of its duration. Outside one, the changes are made at once.
    open class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        addKeyframeToCurrent(start: frameStartTime, duration: frameDuration, animations)
    }

    /// Runs `actionsWithoutAnimation` without animating its changes, even inside an animation block.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        ViewAnimator.withoutAnimation(actionsWithoutAnimation)
    }

    /// Runs a system animation on `views`: `.delete` fades them out and removes them from their superviews at
    /// the end; `parallelAnimations` animate alongside.
    open class func perform(_ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
                            animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runAnimation(duration: 0.3, options: options, extraViews: views, {
            for view in views { view.alpha = 0 }
            parallelAnimations?()
        }, { finished in
            for view in views { view.removeFromSuperview() }
            completion?(finished)
        })
    }

    /// Whether animation blocks animate (true by default).
    open class var areAnimationsEnabled: Bool { ViewAnimator.animationsEnabled }
    open class func setAnimationsEnabled(_ enabled: Bool) { ViewAnimator.animationsEnabled = enabled }
    /// The duration of the animation block being run (0 outside one).
    open class var inheritedAnimationDuration: TimeInterval { LegacyAnimations.currentDuration }

    // The pre-block animation API (AG-U-02, AG-U-03): ``beginAnimations(_:context:)`` … ``commitAnimations()``.

    /// Begins an animation block: changes made until the matching ``commitAnimations()`` animate with the
    /// parameters set in between. Blocks nest; nested blocks start when the outermost commits (AG-U-02).
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) { LegacyAnimations.begin() }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func commitAnimations() { LegacyAnimations.commit() }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationDuration(_ duration: TimeInterval) { LegacyAnimations.top?.duration = duration }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationDelay(_ delay: TimeInterval) { LegacyAnimations.top?.delay = delay }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationStart(_ startDate: Date) { LegacyAnimations.top?.delay = max(0, startDate.timeIntervalSinceNow) }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationCurve(_ curve: AnimationCurve) { LegacyAnimations.top?.timing = AnimationTiming(curve: curve) }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationRepeatCount(_ repeatCount: Float) { LegacyAnimations.top?.repeatCount = Double(repeatCount) }
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) { LegacyAnimations.top?.autoreverses = repeatAutoreverses }
    /// Accepted; animations here always start from the current presentation values (iOS 8's additive
    /// animations), which is what `true` asks for.
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {}
    @available(*, deprecated, message: "Use the block-based animation API instead")
    open class func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        if transition != .none { LegacyAnimations.top?.transitionViews.append(view) }
    }

    /// The autoresizing rules applied to this view when its superview's bounds size changes (AG-I-03).
    open var autoresizingMask: AutoresizingMask {
        get { autoresizingMaskValue }
        set {
            guard newValue != autoresizingMaskValue else { return }
            autoresizingMaskValue = newValue
            autoresizingTranslationDidChange()
        }
    }
    /// When true (the default), a bounds size change resizes the subviews by their masks (AG-I-03, AG-I-04).
    open var autoresizesSubviews: Bool = true
    /// The size that fits `size`; the default is the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to ``sizeThatFits(_:)`` of its current size.
    open func sizeToFit() {
        var b = bounds
        b.size = sizeThatFits(b.size)
        bounds = b
    }
    /// Marks the whole view for redrawing at the end of the iteration.
    open func setNeedsDisplay() { requestDisplay(nil) }
    /// Marks `rect` for redrawing; several requests in one iteration merge into one ``draw(_:)`` with their
    /// union (AG-F-08).
    open func setNeedsDisplay(_ rect: CGRect) { requestDisplay(rect) }
    /// Draws the view's content in `rect`; the default draws nothing.
    open func draw(_ rect: CGRect) {}

    /// Renders the view and its subviews — backgrounds, borders, what each drew — into the current context,
    /// scaled from the bounds into `rect`; false without a context. With `afterScreenUpdates`, pending layout
    /// and drawing run first.
    @discardableResult
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        if afterUpdates { layoutIfNeeded() }
        renderHierarchy(into: context, rect: rect)
        return true
    }

    /// A view showing what the view shows now: a plain view of the same frame whose layer's contents are the
    /// rendered hierarchy.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        if afterUpdates { layoutIfNeeded() }
        let snapshot = UIView(frame: frame)
        snapshot.layer.contents = UIGraphicsImageRenderer(bounds: bounds).image { renderHierarchy(into: $0.cgContext, rect: bounds) }.cgImage
        return snapshot
    }

    // MARK: - Accessibility (UIAccessibility.swift)

    /// An identifier for UI automation (UIAccessibilityIdentification).
    open var accessibilityIdentifier: String? {
        get { accessibility?.identifier }
        set { accessibilityStore.identifier = newValue }
    }
    /// The view's frame on the screen unless set.
    open override var accessibilityFrame: CGRect {
        get { accessibility?.frame ?? screenFrame }
        set { accessibilityStore.frame = newValue }
    }
    /// The view's bounds in screen coordinates (a window's frame is in screen coordinates).
    var screenFrame: CGRect {
        guard let window else { return convert(bounds, to: nil) }
        let inWindow = convert(bounds, to: window)
        return inWindow.offsetBy(dx: window.frame.minX, dy: window.frame.minY)
    }

    // MARK: - Responder chain

    /// A view's next responder is its view controller when it is one's root view, else its superview
    /// (AG-P).
    open override var next: UIResponder? { owningController ?? superview }

    /// The view controller whose root view this is (set by the controller; its own `next` continues at
    /// this view's superview). Private to the controller (VCG-I-04): there is no public setter.
    weak var owningController: UIViewController?

    override var isEligibleFirstResponder: Bool { window != nil }

    /// Makes the first responder give up its status if it is this view or one of its subviews (a text field
    /// being edited). With `force`, it does regardless of its `canResignFirstResponder`. True when no
    /// responder in the subtree is left first responder.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        let app = UIApplication.shared
        guard let view = app.firstResponder as? UIView, view === self || view.isDescendant(of: self) else { return true }
        if view.resignFirstResponder() { return true }
        guard force else { return false }
        app.firstResponder = nil
        return true
    }
}
