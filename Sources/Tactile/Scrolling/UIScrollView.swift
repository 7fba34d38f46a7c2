import Foundation
import TactileCore

/// `UIScrollView`: a view whose bounds origin — ``contentOffset`` — moves over a larger content, under the
/// user's drags (its ``panGestureRecognizer``), decelerating, bouncing and paging on the run loop's clock
/// (DESIGN-SCROLL-*; AG-K-09). Hit-testing and coordinate conversion follow the offset because it is the
/// bounds origin.
///
/// Content touches (DESIGN-SCROLL-CONTENT-TOUCHES): with ``delaysContentTouches`` a touch-down reaches the
/// content only after ``tactileContentTouchDelay`` (or at once when the finger lifts sooner), unless a drag
/// begins first, which the content then never sees; a drag that begins after the content got the touch cancels
/// it if ``canCancelContentTouches`` and ``touchesShouldCancel(in:)`` allow, or else does not scroll.
///
/// While the user drags, and while the content decelerates, the main run loop runs in the tracking mode
/// (`RunLoop.Mode.tracking`): timers and performs of the default mode wait, the common modes' fire
/// (DESIGN-SCROLL-TRACKING-MODE).
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// `UIScrollView.DecelerationRate`: the velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// `UIScrollView.ContentInsetAdjustmentBehavior`: how the safe area adds to ``adjustedContentInset``.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As ``scrollableAxes``, and always vertically for a controller's scroll view inside a navigation or tab
        /// bar controller.
        case automatic = 0
        /// Along the axes that scroll (content larger than the view, or always bouncing).
        case scrollableAxes
        /// Never.
        case never
        /// Always.
        case always
    }

    /// `UIScrollView.IndicatorStyle`.
    public enum IndicatorStyle: Int, Sendable { case `default` = 0, black, white }

    /// `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Int, Sendable { case none = 0, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory }

    /// How long a touch-down inside a scroll view that delays content touches is held before the content gets
    /// it (UIKit's is about 150 ms), in seconds.
    public static let tactileContentTouchDelay: TimeInterval = 0.15
    /// Duration of `setContentOffset(_:animated: true)`, `scrollRectToVisible(_:animated: true)` and the scroll to
    /// the top, in seconds (ease in, ease out).
    public static let tactileScrollAnimationDuration: TimeInterval = 0.3
    /// Frame interval of decelerations and animations, in seconds (60 Hz).
    public static let tactileFrameInterval: TimeInterval = 1.0 / 60

    // MARK: - Init

    public override init(frame: CGRect) {
        super.init(frame: frame)
        installGestures()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installGestures()
    }

    private func installGestures() {
        let pan = ScrollViewPanGestureRecognizer(scrollView: self)
        panRecognizer = pan
        let delay = ScrollViewDelayedTouchesRecognizer(scrollView: self)
        delayRecognizer = delay
        addGestureRecognizer(delay)
        addGestureRecognizer(pan)
        clipsToBounds = true
    }

    // MARK: - Delegate

    /// The delegate (held weakly).
    open weak var delegate: UIScrollViewDelegate? {
        didSet { updatePinchRecognizer() }
    }

    // MARK: - Content geometry

    /// The point of the content at the view's top-left corner: the bounds origin. Setting it scrolls at once
    /// (`scrollViewDidScroll`).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The bounds; a new origin is a scroll (`scrollViewDidScroll`, a layout pass for the content).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            super.bounds = newValue
            let now = super.bounds
            if now.origin != old.origin { didScroll() }
        }
    }

    /// Scrolls to `contentOffset`: at once, or animated over ``tactileScrollAnimationDuration``
    /// (`scrollViewDidScroll` each frame, then `scrollViewDidEndScrollingAnimation`). Not limited to the
    /// scrolling range, as in UIKit.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            return TactileDiagnostics.report("UIScrollView.contentOffset", "contentOffset contains NaN: \(contentOffset)")
        }
        if animated, contentOffset != self.contentOffset {
            animate(to: contentOffset, then: .endScrollingAnimation)
            return
        }
        if motion != nil, !animated { stopMotion(notify: false) }
        setOffset(contentOffset)
    }

    /// Moves the bounds origin (no animation bookkeeping).
    func setOffset(_ offset: CGPoint) {
        var b = super.bounds
        guard b.origin != offset else { return }
        b.origin = offset
        bounds = b
    }

    /// The size of the content (zero by default).
    open var contentSize: CGSize = .zero {
        didSet { if contentSize != oldValue { updateAdjustedContentInset() } }
    }

    /// Extra scrollable space around the content (zero by default).
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { updateAdjustedContentInset() } }
    }

    /// How the safe area adds to ``adjustedContentInset`` (``ContentInsetAdjustmentBehavior/automatic``).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { updateAdjustedContentInset() }
    }

    /// ``contentInset`` plus the safe-area insets the ``contentInsetAdjustmentBehavior`` takes (VCG-E-02).
    open private(set) var adjustedContentInset: UIEdgeInsets = .zero

    /// Called when ``adjustedContentInset`` changed.
    open func adjustedContentInsetDidChange() {}

    /// Whether the indicator insets follow the safe area (true).
    open var automaticallyAdjustsScrollIndicatorInsets = true

    /// The safe area changed: the adjusted content inset follows.
    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        updateAdjustedContentInset()
    }

    /// Recomputes ``adjustedContentInset``; an offset resting at the old top-left edge follows it to the new one
    /// (a table under a navigation bar starts below the bar).
    func updateAdjustedContentInset() {
        let safe = contentInsetAdjustmentBehavior == .never ? UIEdgeInsets.zero : safeAreaInsets
        var a = contentInset
        let (h, v) = adjustedAxes()
        if v { a.top += safe.top; a.bottom += safe.bottom }
        if let refreshControl, refreshControl.superview === self { a.top += refreshControl.heldInset }
        if h { a.left += safe.left; a.right += safe.right }
        guard a != adjustedContentInset else { return }
        let old = adjustedContentInset
        adjustedContentInset = a
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
        var offset = contentOffset
        if !isDragging, motion == nil {
            if offset.y == -old.top { offset.y = -a.top }
            if offset.x == -old.left { offset.x = -a.left }
            setOffset(offset)
        }
    }

    /// The axes (horizontal, vertical) whose safe-area insets join the adjusted inset.
    private func adjustedAxes() -> (Bool, Bool) {
        switch contentInsetAdjustmentBehavior {
        case .never: return (false, false)
        case .always: return (true, true)
        case .scrollableAxes: return (canScrollHorizontally(inset: contentInset), canScrollVertically(inset: contentInset))
        case .automatic:
            let inContainer = isContainedControllerView()
            return (canScrollHorizontally(inset: contentInset),
                    inContainer || canScrollVertically(inset: contentInset))
        }
    }

    /// This view is the root view of a controller shown by a navigation or tab bar controller.
    private func isContainedControllerView() -> Bool {
        guard let controller = owningController else { return false }
        var parent = controller.parent
        while let p = parent {
            if p is UINavigationController || p is UITabBarController { return true }
            parent = p.parent
        }
        return false
    }

    private func canScrollHorizontally(inset: UIEdgeInsets) -> Bool {
        alwaysBounceHorizontal || contentSize.width + inset.left + inset.right > bounds.width
    }

    private func canScrollVertically(inset: UIEdgeInsets) -> Bool {
        alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height
    }

    // MARK: - Behaviour

    /// False: drags do not scroll (the pan recognizer is disabled).
    open var isScrollEnabled: Bool {
        get { panRecognizer.isEnabled }
        set { panRecognizer.isEnabled = newValue }
    }
    /// Releases come to rest on multiples of the view's size.
    open var isPagingEnabled = false
    /// Past the edges the content follows the finger by the rubber band and springs back (true).
    open var bounces = true
    /// Bounces vertically even when the content is no taller than the view (false).
    open var alwaysBounceVertical = false { didSet { updateAdjustedContentInset() } }
    /// Bounces horizontally even when the content is no wider than the view (false).
    open var alwaysBounceHorizontal = false { didSet { updateAdjustedContentInset() } }
    /// A drag begun along an axis stays on it (false).
    open var isDirectionalLockEnabled = false
    /// How fast a release decelerates (``DecelerationRate/normal``).
    open var decelerationRate: DecelerationRate = .normal
    /// Touch-downs wait ``tactileContentTouchDelay`` before reaching the content (true).
    open var delaysContentTouches = true {
        didSet { delayRecognizer.delaysTouchesBegan = delaysContentTouches }
    }
    /// A drag may cancel touches the content already has (true).
    open var canCancelContentTouches = true
    /// A tap on the status bar scrolls this view to the top (true).
    open var scrollsToTop = true
    /// What dragging does to the keyboard (none).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var indicatorStyle: IndicatorStyle = .default
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    /// The pull-to-refresh control: set, it becomes a subview above the content (the previous one is removed).
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let control = refreshControl {
                control.frame = CGRect(x: 0, y: -UIRefreshControl.tactileHeight, width: bounds.width,
                                       height: UIRefreshControl.tactileHeight)
                insertSubview(control, at: 0)
            }
            updateAdjustedContentInset()
        }
    }

    /// Shows the indicators for a moment (nothing is drawn headlessly).
    open func flashScrollIndicators() {}

    /// Whether the content gets a touch-down's touches (`view` is the content view hit). Default true.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Whether a drag may cancel the touches `view` already has and scroll: true, except for a ``UIControl``.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    // MARK: - State

    /// The user touched the content (a finger is down on it), dragging or not.
    open internal(set) var isTracking = false
    /// The content is being dragged.
    open internal(set) var isDragging = false
    /// The content is moving on after a drag.
    open internal(set) var isDecelerating = false
    /// A pinch is zooming.
    open internal(set) var isZooming = false
    /// The zoom is springing back within its limits.
    open internal(set) var isZoomBouncing = false

    /// The recognizer that drags the content (its delegate is the scroll view).
    open var panGestureRecognizer: UIPanGestureRecognizer { panRecognizer }
    /// The recognizer that zooms (nil unless ``maximumZoomScale`` exceeds ``minimumZoomScale``).
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { pinchRecognizer }

    @exclusivity(unchecked) var panRecognizer: ScrollViewPanGestureRecognizer!
    @exclusivity(unchecked) var delayRecognizer: ScrollViewDelayedTouchesRecognizer!
    @exclusivity(unchecked) var pinchRecognizer: UIPinchGestureRecognizer?

    // MARK: - Zoom state (UIScrollView+Zooming.swift)

    /// The scale of the zooming view (1).
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoom(newValue) }
    }
    @exclusivity(unchecked) var storedZoomScale: CGFloat = 1
    /// The zoom scale when the pinch began.
    @exclusivity(unchecked) var zoomStart: CGFloat = 1
    /// The smallest zoom scale (1).
    open var minimumZoomScale: CGFloat = 1 { didSet { updatePinchRecognizer() } }
    /// The largest zoom scale (1).
    open var maximumZoomScale: CGFloat = 1 { didSet { updatePinchRecognizer() } }
    /// Zooming past the limits springs back (true).
    open var bouncesZoom = true

    /// Sets the zoom scale, kept within ``minimumZoomScale`` … ``maximumZoomScale`` (at once: `animated` is
    /// accepted, the headless screen shows no frames between).
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { setZoom(scale) }

    /// Zooms so that `rect` (in the zooming view's coordinates) fills the view, centred, within the limits.
    open func zoom(to rect: CGRect, animated: Bool) { zoom(into: rect, animated: animated) }

    /// Scrolls the least that makes `rect` (in the content's coordinates) visible within the adjusted insets,
    /// within the scrolling range.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) { scrollToVisible(rect, animated: animated) }

    // MARK: - Motion bookkeeping (UIScrollView+Dragging.swift)

    /// The drag in progress.
    @exclusivity(unchecked) var drag: ScrollDrag?
    /// A deceleration or animation in progress.
    @exclusivity(unchecked) var motion: ScrollViewMotion?
    /// This scroll view keeps the run loop in the tracking mode.
    @exclusivity(unchecked) var holdsTrackingMode = false

    /// Asked for the scroll view's own pan as its delegate's `gestureRecognizerShouldBegin` (a subclass may
    /// override it, calling super): the drag runs within 45° of an axis that scrolls, and no content view that
    /// has the touch refuses to let it go (DESIGN-SCROLL-CONTENT-TOUCHES).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        return panShouldBegin(movement: panRecognizer.movement())
    }

    /// The offset's resting range and the drag rules along each axis, from the current geometry.
    func axes() -> ScrollDrag {
        let a = adjustedContentInset, size = bounds.size
        let paging = isPagingEnabled
        let x = ScrollAxis(minimum: -a.left, maximum: contentSize.width + a.right - size.width, dimension: size.width,
                           scrollable: canScrollHorizontally(inset: a), bounces: bounces,
                           page: paging ? size.width : 0)
        let y = ScrollAxis(minimum: -a.top, maximum: contentSize.height + a.bottom - size.height, dimension: size.height,
                           scrollable: canScrollVertically(inset: a), bounces: bounces,
                           page: paging ? size.height : 0)
        return ScrollDrag(x: x, y: y)
    }

    // MARK: - Layout guides

    /// The content area for Auto Layout: constraints to its edges place content, and — where they determine its
    /// width or height — set ``contentSize`` at the next layout pass. Constraints from the scroll view's
    /// descendants to the scroll view's own edges mean this guide's edges, as in UIKit.
    open var contentLayoutGuide: UILayoutGuide {
        if let guide = contentGuide { return guide }
        let guide = UILayoutGuide(kind: .scrollContent, owningView: self, identifier: "UIScrollView-contentLayoutGuide")
        contentGuide = guide
        return guide
    }

    /// The scroll view's visible rectangle for Auto Layout: content constrained to it does not scroll.
    open var frameLayoutGuide: UILayoutGuide {
        if let guide = frameGuide { return guide }
        let guide = UILayoutGuide(kind: .scrollFrame, owningView: self, identifier: "UIScrollView-frameLayoutGuide")
        frameGuide = guide
        return guide
    }

    @exclusivity(unchecked) var contentGuide: UILayoutGuide?
    @exclusivity(unchecked) var frameGuide: UILayoutGuide?

    /// Lays out the content; a content guide that Auto Layout sizes sets ``contentSize`` (along the axes its
    /// constraints determine).
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let guide = contentGuide, guide.isInEngine else { return }
        let solved = guide.layoutFrameInEngine
        let ambiguous = AutoLayout.ambiguousAxes(of: guide)
        var size = contentSize
        if !ambiguous.horizontal { size.width = solved.width }
        if !ambiguous.vertical { size.height = solved.height }
        if size != contentSize { contentSize = size }
    }

    /// The offset changed: the content needs laying out; the delegate hears of it.
    func didScroll() {
        if frameGuide?.isInEngine == true { AutoLayout.insetsMayHaveChanged = true }
        setNeedsLayout()
        delegate?.scrollViewDidScroll(self)
    }
}
