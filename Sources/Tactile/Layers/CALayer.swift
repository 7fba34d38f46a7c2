import Foundation

/// `CALayer`: the model of Core Animation's layer. Every view has one (``UIView/layer``), and a view's geometry
/// *is* its layer's — `position` is the view's `center`, `bounds` its bounds, the affine part of `transform`
/// its transform, `opacity` its alpha, `isHidden` and `masksToBounds` its flags — so a view layer reads and
/// writes the view (and with it the packed tree that hit-tests). Other layers keep their own values.
/// Appearance (corner radius, border, shadow, contents) is plain state that code reads back: nothing is
/// rendered, but ``display()`` records what ``draw(in:)`` paints.
///
/// Not main-actor isolated, as QuartzCore's; a view's layer is used on the main thread, as its view.
open class CALayer: NSObject {
    /// The view this layer backs, if any (UIKit: the layer's delegate). Not `weak`: a weak reference gives the
    /// view a side table, which puts every retain and release of it on the runtime's slow path (+15 % of
    /// instructions on the touch path); the view clears it in its `deinit` (the view owns its layer).
    nonisolated(unsafe) unowned(unsafe) var view: UIView?

    // A standalone layer's geometry (a view layer's lives in its view).
    private var ownBounds = CGRect.zero
    private var ownPosition = CGPoint.zero
    private var ownTransform = CATransform3DIdentity
    private var ownHidden = false
    private var ownMasksToBounds = false
    private var ownOpacity: Float = 1
    private var ownBackgroundColor: CGColor?
    /// The anchor point: stored here for view layers too (the view keeps the tree's center at the bounds'
    /// center; see UIView+Layer.swift).
    var storedAnchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// A view layer's full 3D transform when it is not affine (the view keeps the affine part).
    var storedTransform3D: CATransform3D?

    nonisolated(unsafe) private weak var parent: CALayer?
    private var children: [CALayer] = []
    /// Sublayers inserted below a view layer's subviews' layers (index 0), the rest are on top.
    private var childrenBelowViews = 0

    public override init() {
        super.init()
    }

    /// A copy of `layer`'s model values, as Core Animation makes presentation layers.
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer { copyModel(from: other) }
    }

    public required init?(coder: NSCoder) {
        super.init()
    }

    init(backing view: UIView) {
        self.view = view
        super.init()
    }

    /// The class of a view's layer when the view's `layerClass` is not one Tactile can make: Swift on Linux
    /// cannot call a non-required `init()` through a metatype, so the nearest Core Animation class is used.
    static func instantiate(_ type: AnyClass, for view: UIView) -> CALayer {
        var cls: AnyClass? = type
        while let c = cls {
            if c == CALayer.self { return CALayer(backing: view) }
            if c == CAShapeLayer.self { return CAShapeLayer(backing: view) }
            if c == CAGradientLayer.self { return CAGradientLayer(backing: view) }
            if c == CATextLayer.self { return CATextLayer(backing: view) }
            if c == CAReplicatorLayer.self { return CAReplicatorLayer(backing: view) }
            if c == CATransformLayer.self { return CATransformLayer(backing: view) }
            if let factory = (c as? CALayer.Type)?.tactileMakeBacking {
                let layer = factory(view)
                layer.view = view
                return layer
            }
            cls = _getSuperclass(c)
        }
        return CALayer(backing: view)
    }

    /// A subclass that can be a view's `layerClass` on Linux provides this (Tactile: Swift cannot call a
    /// non-required `init()` through a metatype): a new instance of the subclass, which then backs the view.
    open class var tactileMakeBacking: ((UIView) -> CALayer)? { nil }

    /// Runs `body` on the view this layer backs (the main thread's, where a view layer is used).
    private func onView<T: Sendable>(_ body: @MainActor (UIView) -> T) -> T? {
        guard let view else { return nil }
        return MainActor.assumeIsolated { body(view) }
    }

    // MARK: - Geometry

    /// The bounds in the layer's own coordinates.
    open var bounds: CGRect {
        get { onView { $0.bounds } ?? ownBounds }
        set {
            guard CALayer.isFinite(newValue) else { return CALayer.refuse("CALayer.bounds", newValue) }
            if onView({ $0.bounds = newValue }) == nil {
                let old = ownBounds.size
                ownBounds = newValue
                if old != newValue.size {
                    setNeedsLayout()
                    if needsDisplayOnBoundsChange { setNeedsDisplay() }
                }
            }
        }
    }

    /// Where the anchor point lies in the superlayer's coordinates (a view layer's is the view's `center`).
    open var position: CGPoint {
        get { onView { $0.center } ?? ownPosition }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return CALayer.refuse("CALayer.position", newValue) }
            if onView({ $0.center = newValue }) == nil { ownPosition = newValue }
        }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and `transform` turns about
    /// ((0.5, 0.5), the centre, by default). Changing it keeps `position` and moves the frame.
    open var anchorPoint: CGPoint {
        get { storedAnchorPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return CALayer.refuse("CALayer.anchorPoint", newValue) }
            if let view {
                MainActor.assumeIsolated { view.setAnchorPoint(newValue) }
            } else {
                storedAnchorPoint = newValue
            }
        }
    }

    open var anchorPointZ: CGFloat = 0
    open var zPosition: CGFloat = 0

    /// The transform, applied about the anchor point. A view layer's affine part is the view's `transform`.
    open var transform: CATransform3D {
        get {
            if let view {
                return storedTransform3D ?? CATransform3DMakeAffineTransform(MainActor.assumeIsolated { view.transform })
            }
            return ownTransform
        }
        set {
            guard newValue.isFinite else { return CALayer.refuse("CALayer.transform", newValue) }
            if let view {
                let affine = CATransform3DGetAffineTransform(newValue)
                MainActor.assumeIsolated { view.transform = affine }  // clears the 3D part
                if !CATransform3DIsAffine(newValue) { storedTransform3D = newValue }
            } else {
                ownTransform = newValue
            }
        }
    }

    /// The affine part of ``transform``.
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The transform applied to the sublayers (about the layer's centre); kept as state.
    open var sublayerTransform = CATransform3DIdentity

    /// The frame in the superlayer's coordinates: the bounding box of the transformed bounds. Setting it sets
    /// `position` (from the anchor point) and the bounds' size.
    open var frame: CGRect {
        get {
            if let frame = onView({ $0.frame }) { return frame }
            return ownBounds.applying(toSuperlayer)
        }
        set {
            guard CALayer.isFinite(newValue) else { return CALayer.refuse("CALayer.frame", newValue) }
            if onView({ $0.frame = newValue }) != nil { return }
            let r = newValue.standardized
            ownBounds.size = r.size
            ownPosition = CGPoint(x: r.minX + storedAnchorPoint.x * r.width, y: r.minY + storedAnchorPoint.y * r.height)
        }
    }

    /// The map from the layer's coordinates to its superlayer's: the bounds point at the anchor goes to
    /// `position`, the affine part of `transform` turns about it.
    var toSuperlayer: CGAffineTransform {
        let b = bounds, a = storedAnchorPoint
        let anchor = CGPoint(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)
        let p = position
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(affineTransform())
            .concatenating(CGAffineTransform(translationX: p.x, y: p.y))
    }

    // MARK: - Visibility

    /// A hidden layer (a view layer: the view's `isHidden`) is not shown and not hit.
    open var isHidden: Bool {
        get { onView { $0.isHidden } ?? ownHidden }
        set { if onView({ $0.isHidden = newValue }) == nil { ownHidden = newValue } }
    }

    /// Clips the sublayers to the bounds (a view layer: the view's `clipsToBounds`).
    open var masksToBounds: Bool {
        get { onView { $0.clipsToBounds } ?? ownMasksToBounds }
        set { if onView({ $0.clipsToBounds = newValue }) == nil { ownMasksToBounds = newValue } }
    }

    /// The opacity, 0…1 (a view layer: the view's `alpha`).
    open var opacity: Float {
        get { onView { Float($0.alpha) } ?? ownOpacity }
        set { if onView({ $0.alpha = CGFloat(newValue) }) == nil { ownOpacity = newValue } }
    }

    open var isDoubleSided = true
    open var isGeometryFlipped = false
    open var isOpaque = false
    open var allowsGroupOpacity = true
    open var allowsEdgeAntialiasing = false
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    open var drawsAsynchronously = false
    open var name: String?
    open var style: [AnyHashable: Any]?
    /// A layer whose alpha masks this one.
    open var mask: CALayer?

    // MARK: - Appearance

    /// The background colour (a view layer: the view's `backgroundColor`).
    open var backgroundColor: CGColor? {
        get {
            if let view { return MainActor.assumeIsolated { Unchecked(view.backgroundColor?.cgColor) }.value }
            return ownBackgroundColor
        }
        set {
            if let view {
                let box = Unchecked(newValue)
                MainActor.assumeIsolated { view.backgroundColor = box.value.map { UIColor(cgColor: $0) } }
            } else {
                ownBackgroundColor = newValue
            }
        }
    }

    open var cornerRadius: CGFloat = 0
    /// Which corners `cornerRadius` rounds (all by default).
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    open var cornerCurve: CALayerCornerCurve = .circular
    open var borderWidth: CGFloat = 0
    /// Opaque black by default.
    open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    /// Opaque black by default.
    open var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
    /// 0 (no shadow) by default.
    open var shadowOpacity: Float = 0
    /// (0, −3) by default.
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// 3 by default.
    open var shadowRadius: CGFloat = 3
    open var shadowPath: CGPath?

    /// The layer's content, usually a `CGImage`.
    open var contents: Any?
    /// The part of `contents` shown, in unit coordinates.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    open var minificationFilter: CALayerContentsFilter = .linear
    open var magnificationFilter: CALayerContentsFilter = .linear
    open var minificationFilterBias: Float = 0
    /// Redraw when the bounds' size changes (false by default).
    open var needsDisplayOnBoundsChange = false
    open var actions: [String: any CAAction]?
    /// The delegate (a view layer's is its view). Weak, as Core Animation's.
    open var delegate: (any CALayerDelegate)? {
        get { assignedDelegate ?? view }
        set { assignedDelegate = newValue }
    }
    private weak var assignedDelegate: (any CALayerDelegate)?

    /// Copies the model values of `other` (presentation layers, `init(layer:)`).
    func copyModel(from other: CALayer) {
        ownBounds = other.bounds
        ownPosition = other.position
        ownTransform = other.transform
        storedAnchorPoint = other.storedAnchorPoint
        ownHidden = other.isHidden
        ownMasksToBounds = other.masksToBounds
        ownOpacity = other.opacity
        ownBackgroundColor = other.backgroundColor
        anchorPointZ = other.anchorPointZ
        zPosition = other.zPosition
        sublayerTransform = other.sublayerTransform
        cornerRadius = other.cornerRadius
        maskedCorners = other.maskedCorners
        cornerCurve = other.cornerCurve
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        contents = other.contents
        contentsRect = other.contentsRect
        contentsGravity = other.contentsGravity
        contentsScale = other.contentsScale
        name = other.name
        isOpaque = other.isOpaque
        tactileDrawing = other.tactileDrawing
        modelLayer = other.modelLayer ?? other
    }

    // MARK: - Sublayers

    /// The superlayer (a view layer's: its superview's layer).
    open var superlayer: CALayer? {
        if let view { return MainActor.assumeIsolated { Unchecked(view.superview?.layer) }.value }
        return parent
    }

    /// The sublayers, back to front. A view layer's are those inserted at the back, its subviews' layers,
    /// then the rest added.
    open var sublayers: [CALayer]? {
        get {
            var all = children
            if let view {
                let viewLayers = MainActor.assumeIsolated { Unchecked(view.subviews.map(\.layer)) }.value
                all.insert(contentsOf: viewLayers, at: childrenBelowViews)
            }
            return all.isEmpty ? nil : all
        }
        set {
            for child in children { child.parent = nil }
            children = []
            childrenBelowViews = 0
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// Appends `layer` on top of the other sublayers, removing it from its old superlayer first.
    open func addSublayer(_ layer: CALayer) { insert(layer, at: Int.max) }

    /// Inserts `layer` at `idx` among the sublayers (clamped).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { insert(layer, at: Int(idx)) }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let i = sublayers?.firstIndex(where: { $0 === sibling }) else { return insert(layer, at: 0) }
        insert(layer, at: i)
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let i = sublayers?.firstIndex(where: { $0 === sibling }) else { return insert(layer, at: Int.max) }
        insert(layer, at: i + 1)
    }

    /// Replaces `oldLayer` (a sublayer) with `newLayer` at its place.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = children.firstIndex(where: { $0 === oldLayer }) else {
            return TactileDiagnostics.logFromAnyThread("CALayer.replaceSublayer(_:with:)", "the layer to replace is not a sublayer of \(self)")
        }
        newLayer.removeFromSuperlayer()
        children[i].parent = nil
        children[i] = newLayer
        newLayer.parent = self
        setNeedsLayout()
    }

    /// Detaches the layer from its superlayer. A view's layer leaves with its view (`removeFromSuperview()`).
    open func removeFromSuperlayer() {
        if let view {
            MainActor.assumeIsolated { view.removeFromSuperview() }
            return
        }
        guard let parent, let i = parent.children.firstIndex(where: { $0 === self }) else { return }
        parent.children.remove(at: i)
        if i < parent.childrenBelowViews { parent.childrenBelowViews -= 1 }
        self.parent = nil
        parent.setNeedsLayout()
    }

    private func insert(_ layer: CALayer, at index: Int) {
        guard layer !== self, !isAncestor(layer) else {
            return TactileDiagnostics.logFromAnyThread("CALayer.addSublayer(_:)", "adding \(layer) to itself or to one of its sublayers")
        }
        if let layerView = layer.view {
            // A view's layer moves with its view.
            guard let view else {
                return TactileDiagnostics.logFromAnyThread("CALayer.addSublayer(_:)",
                                                           "a view's layer can only be a sublayer of another view's layer here")
            }
            let at = max(0, index - childrenBelowViews)
            MainActor.assumeIsolated { view.insertSubview(layerView, at: at) }
            return
        }
        layer.removeFromSuperlayer()
        let viewCount = view.map { v in MainActor.assumeIsolated { v.subviews.count } } ?? 0
        let total = children.count + viewCount
        let at = max(0, min(index, total))
        if view != nil, at <= childrenBelowViews {
            children.insert(layer, at: at)
            childrenBelowViews += 1
        } else if view != nil {
            children.insert(layer, at: max(childrenBelowViews, min(children.count, at - viewCount)))
        } else {
            children.insert(layer, at: min(at, children.count))
        }
        layer.parent = self
        setNeedsLayout()
    }

    private func isAncestor(_ layer: CALayer) -> Bool {
        var p = superlayer
        while let l = p {
            if l === layer { return true }
            p = l.superlayer
        }
        return false
    }

    // MARK: - Hit-testing and conversion

    /// Whether `p` (in the layer's coordinates) is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The farthest descendant (or the layer itself) that contains `p`, given in the superlayer's coordinates;
    /// nil when the layer is hidden or does not contain it. Front-most sublayers first; a layer that masks to
    /// its bounds hides its sublayers outside them.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, opacity > 0 else { return nil }
        let local = p.applying(toSuperlayer.inverted())
        if masksToBounds, !contains(local) { return nil }
        for layer in (sublayers ?? []).reversed() {
            if let hit = layer.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }

    /// The map from the layer's coordinates to the root of its layer tree.
    private var toRoot: (root: CALayer, transform: CGAffineTransform) {
        var t = CGAffineTransform.identity
        var layer: CALayer = self
        while let up = layer.superlayer {
            t = t.concatenating(layer.toSuperlayer)
            layer = up
        }
        return (layer, t)
    }

    /// The map from `layer`'s coordinates (nil: the root's) to the receiver's; nil for layers in different trees.
    private func transform(from layer: CALayer?) -> CGAffineTransform? {
        let mine = toRoot
        guard let layer else { return mine.transform.inverted() }
        let theirs = layer.toRoot
        guard theirs.root === mine.root else { return nil }
        return theirs.transform.concatenating(mine.transform.inverted())
    }

    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { transform(from: l).map { p.applying($0) } ?? p }
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        guard let l else { return p.applying(toRoot.transform) }
        return l.convert(p, from: self)
    }
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect { transform(from: l).map { r.applying($0) } ?? r }
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        guard let l else { return r.applying(toRoot.transform) }
        return l.convert(r, from: self)
    }

    // MARK: - Layout

    private var layoutRequested = false

    /// Requests ``layoutSublayers()`` at the end of the run loop iteration (a view layer: the view's
    /// `setNeedsLayout()`).
    open func setNeedsLayout() {
        if let view { return MainActor.assumeIsolated { view.setNeedsLayout() } }
        layoutRequested = true
    }
    open func needsLayout() -> Bool { layoutRequested }
    open func layoutIfNeeded() {
        if let view { return MainActor.assumeIsolated { view.layoutIfNeeded() } }
        guard layoutRequested else { return }
        layoutRequested = false
        layoutSublayers()
    }
    /// Lays out the sublayers: asks the delegate (`layoutSublayers(of:)`); does nothing itself.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }
    open func preferredFrameSize() -> CGSize { bounds.size }

    // MARK: - Display

    private var displayRequested = false
    /// What the layer's last display painted (Tactile: nothing is rendered, the drawing commands are kept).
    public internal(set) var tactileDrawing: TactileDrawing?

    /// Marks the layer's content for redisplay at the end of the iteration (a view layer: the view's
    /// `setNeedsDisplay()`).
    open func setNeedsDisplay() {
        if let view { return MainActor.assumeIsolated { view.setNeedsDisplay() } }
        displayRequested = true
        let me = Unchecked(self)
        if MainQueueProbe.isOnMainQueue { MainActor.assumeIsolated { LayerDisplay.schedule(me.value) } }
    }
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }
    open func needsDisplay() -> Bool { displayRequested }
    open func displayIfNeeded() {
        guard displayRequested else { return }
        display()
    }

    /// Updates the content: the delegate's `display(_:)` if it has one, else ``draw(in:)`` (and the delegate's
    /// `draw(_:in:)`) into a recording context whose commands become ``tactileDrawing``.
    open func display() {
        displayRequested = false
        if let view { return MainActor.assumeIsolated { view.displayNow() } }
        if let delegate { return delegate.display(self) }
        drawContents()
    }

    /// Records ``draw(in:)`` into a new context: what a layer without a delegate's `display(_:)` shows.
    func drawContents() {
        let b = bounds
        let context = CGContext.uikitContext(size: b.size, scale: contentsScale, opaque: isOpaque, origin: b.origin)
        draw(in: context)
        tactileDrawing = context.tactileDrawing
    }

    /// Draws the content into `ctx`; the default asks the delegate (`draw(_:in:)`).
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Renders the layer and its sublayers into `ctx`, in the layer's coordinates: its background colour and
    /// border (with the corner radius), its recorded drawing — a shape layer's path when it has not displayed
    /// — and its sublayers at their frames. Hidden layers are skipped; `masksToBounds` clips.
    open func render(in ctx: CGContext) {
        guard !isHidden else { return }
        ctx.saveGState()
        let b = bounds
        let outline = cornerRadius > 0 ? CGPath(roundedRect: b, cornerWidth: min(cornerRadius, b.width / 2),
                                                cornerHeight: min(cornerRadius, b.height / 2), transform: nil)
                                       : CGPath(rect: b, transform: nil)
        if opacity < 1 { ctx.setAlpha(CGFloat(opacity)) }
        if let background = backgroundColor, background.alpha > 0 {
            ctx.addPath(outline)
            ctx.setFillColor(background)
            ctx.fillPath()
        }
        if masksToBounds {
            ctx.addPath(outline)
            ctx.clip()
        }
        if tactileDrawing == nil, view == nil {
            draw(in: ctx)
        } else if let drawing = tactileDrawing {
            let b = bounds
            ctx.saveGState()
            ctx.translateBy(x: b.minX, y: b.minY)  // the drawing's top-left pixel is the bounds' origin
            ctx.tactileReplay(drawing)
            ctx.restoreGState()
        }
        for layer in sublayers ?? [] {
            ctx.saveGState()
            ctx.concatenate(layer.toSuperlayer)
            layer.render(in: ctx)
            ctx.restoreGState()
        }
        if borderWidth > 0, let border = borderColor {
            ctx.setStrokeColor(border)
            ctx.setLineWidth(borderWidth * 2)  // the border lies inside the bounds: the outer half is clipped away
            ctx.saveGState()
            ctx.addPath(outline)
            ctx.clip()
            ctx.addPath(outline)
            ctx.strokePath()
            ctx.restoreGState()
        }
        ctx.restoreGState()
    }

    // MARK: - Actions

    open class func defaultValue(forKey key: String) -> Any? { nil }
    open class func needsDisplay(forKey key: String) -> Bool { false }
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }
    /// The action for `event`: the delegate's, then `actions`, then the class default (nil: none — nothing is
    /// implicitly animated headless unless an animation block says so).
    open func action(forKey event: String) -> (any CAAction)? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a }
        return actions?[event] ?? Self.defaultAction(forKey: event)
    }

    // MARK: - Animations (CALayer+Animations.swift)

    /// The explicit animations attached, in order.
    var attachedAnimations: [LayerAnimationEntry] = []

    /// Attaches `anim` under `key` (replacing one with that key), timed on the run loop clock.
    open func add(_ anim: CAAnimation, forKey key: String?) { attach(anim, forKey: key) }
    /// The animation under `key`. A view's block animations appear under their property's key (`position`,
    /// `bounds.size`, `bounds.origin`, `transform`, `opacity`, `backgroundColor`) as additive basic animations,
    /// as UIKit adds them.
    open func animation(forKey key: String) -> CAAnimation? {
        if let entry = attachedAnimations.first(where: { $0.key == key }) { return entry.animation }
        guard let view else { return nil }
        return MainActor.assumeIsolated { Unchecked(ViewAnimator.layerAnimation(of: view, forKey: key)) }.value
    }

    /// The keys of the running animations (nil when there are none): explicit ones, then a view's block
    /// animations by property.
    open func animationKeys() -> [String]? {
        var keys = attachedAnimations.map(\.key)
        if let view { keys += MainActor.assumeIsolated { ViewAnimator.animationKeys(of: view) } }
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key` — for a view's layer, a block animation's property too. A layer
    /// animation's delegate hears `animationDidStop(_:finished: false)`; a block animation left with nothing to
    /// animate completes with `false`.
    open func removeAnimation(forKey key: String) {
        detach(forKey: key, finished: false)
        if let view { MainActor.assumeIsolated { ViewAnimator.removeAnimations(of: view, key: key) } }
    }

    /// Removes every animation — for a view's layer, the view's block animations too, whose completions then
    /// run with `false`.
    open func removeAllAnimations() {
        for key in attachedAnimations.map(\.key) { detach(forKey: key, finished: false) }
        if let view { MainActor.assumeIsolated { ViewAnimator.removeAnimations(of: view) } }
    }

    /// A copy of the layer as it is shown now: the model values with the running animations applied at the
    /// run loop clock's current time. (For an instance of a custom subclass, which Swift on Linux cannot copy
    /// through its metatype, the model layer itself.)
    open func presentation() -> Self? { makePresentation() as? Self ?? self }

    // MARK: - Model and presentation

    /// The model layer a presentation layer was made from.
    nonisolated(unsafe) weak var modelLayer: CALayer?

    /// The model layer (self for a model layer).
    open func model() -> Self {
        guard let m = modelLayer as? Self else { return self }
        return m
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }

    static func refuse(_ api: String, _ value: Any) {
        TactileDiagnostics.logFromAnyThread(api, "CALayer geometry contains NaN or infinity: \(value); ignored")
    }

    open override var description: String {
        "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())>"
    }
}

/// Displays the standalone layers that asked for it in the display pass (view layers display with their
/// views).
@MainActor
enum LayerDisplay {
    private static var pending: [CALayer] = []

    static func schedule(_ layer: CALayer) {
        if pending.isEmpty { UIApplication.shared.mainLoop.setNeedsDisplay() }
        pending.append(layer)
    }

    static func run() {
        let layers = pending
        pending = []
        for layer in layers { layer.displayIfNeeded() }
    }
}
