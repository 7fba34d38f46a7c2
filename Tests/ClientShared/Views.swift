#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

/// A card: overrides every open member of `UIView` (and the `UIResponder` / accessibility members a view
/// inherits), calling `super` as UIKit expects.
class CardView: UIView {
    var title: String
    var touchCount = 0
    var lastTouchLocation: CGPoint = .zero
    private(set) var layoutCount = 0
    private(set) var drawnRects: [CGRect] = []
    private var customLabel: String?

    init(title: String) {
        self.title = title
        super.init(frame: CGRect(x: 0, y: 0, width: 240, height: 120))
        configure()
    }

    override init(frame: CGRect) {
        title = ""
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        title = ""
        super.init(coder: coder)
    }

    deinit {
        DeinitLog.shared.record("CardView")
    }

    private func configure() {
        backgroundColor = .white
        isMultipleTouchEnabled = true
        contentMode = .redraw
        layoutMargins = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        accessibilityIdentifier = "card"
        isAccessibilityElement = true
        accessibilityTraits = [.button, .header]
    }

    // MARK: Geometry

    override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue }
    }
    override var bounds: CGRect {
        didSet { if bounds.size != oldValue.size { setNeedsLayout() } }
    }
    override var center: CGPoint {
        get { super.center }
        set { super.center = newValue }
    }
    override var transform: CGAffineTransform {
        get { super.transform }
        set { super.transform = newValue }
    }

    // MARK: Flags and appearance

    override var isHidden: Bool {
        didSet { if isHidden != oldValue { setNeedsLayout() } }
    }
    override var alpha: CGFloat {
        get { super.alpha }
        set { super.alpha = min(1, max(0, newValue)) }
    }
    override var isUserInteractionEnabled: Bool {
        get { super.isUserInteractionEnabled }
        set { super.isUserInteractionEnabled = newValue }
    }
    override var clipsToBounds: Bool {
        get { super.clipsToBounds }
        set { super.clipsToBounds = newValue }
    }
    override var isMultipleTouchEnabled: Bool {
        get { super.isMultipleTouchEnabled }
        set { super.isMultipleTouchEnabled = newValue }
    }
    override var isExclusiveTouch: Bool {
        get { super.isExclusiveTouch }
        set { super.isExclusiveTouch = newValue }
    }
    override var tag: Int {
        get { super.tag }
        set { super.tag = newValue }
    }
    override var backgroundColor: UIColor? {
        didSet { setNeedsDisplay() }
    }
    override var isOpaque: Bool {
        get { super.isOpaque }
        set { super.isOpaque = newValue }
    }
    override var clearsContextBeforeDrawing: Bool {
        get { super.clearsContextBeforeDrawing }
        set { super.clearsContextBeforeDrawing = newValue }
    }
    override var contentMode: UIView.ContentMode {
        get { super.contentMode }
        set { super.contentMode = newValue }
    }

    // MARK: Hierarchy

    override var superview: UIView? { super.superview }
    override var subviews: [UIView] { super.subviews }
    override var window: UIWindow? { super.window }

    override func addSubview(_ view: UIView) { super.addSubview(view) }
    override func insertSubview(_ view: UIView, at index: Int) { super.insertSubview(view, at: index) }
    override func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        super.insertSubview(view, aboveSubview: siblingSubview)
    }
    override func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        super.insertSubview(view, belowSubview: siblingSubview)
    }
    override func removeFromSuperview() { super.removeFromSuperview() }
    override func bringSubviewToFront(_ view: UIView) { super.bringSubviewToFront(view) }
    override func sendSubviewToBack(_ view: UIView) { super.sendSubviewToBack(view) }
    override func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        super.exchangeSubview(at: index1, withSubviewAt: index2)
    }
    override func isDescendant(of view: UIView) -> Bool { super.isDescendant(of: view) }
    override func viewWithTag(_ tag: Int) -> UIView? { super.viewWithTag(tag) }

    override func willMove(toSuperview newSuperview: UIView?) { super.willMove(toSuperview: newSuperview) }
    override func didMoveToSuperview() { super.didMoveToSuperview() }
    override func willMove(toWindow newWindow: UIWindow?) { super.willMove(toWindow: newWindow) }
    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { setNeedsLayout() }
    }
    override func didAddSubview(_ subview: UIView) { super.didAddSubview(subview) }
    override func willRemoveSubview(_ subview: UIView) { super.willRemoveSubview(subview) }

    // MARK: Hit-testing and conversion

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self && !isUserInteractionEnabled ? nil : hit
    }
    /// A larger touch target than the card's bounds, the classic reason to override this.
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -10, dy: -10).contains(point)
    }
    override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { super.convert(point, to: view) }
    override func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { super.convert(point, from: view) }
    override func convert(_ rect: CGRect, to view: UIView?) -> CGRect { super.convert(rect, to: view) }
    override func convert(_ rect: CGRect, from view: UIView?) -> CGRect { super.convert(rect, from: view) }

    // MARK: Constraints, layout and display

    override func setNeedsUpdateConstraints() { super.setNeedsUpdateConstraints() }
    override func needsUpdateConstraints() -> Bool { super.needsUpdateConstraints() }
    override func updateConstraintsIfNeeded() { super.updateConstraintsIfNeeded() }
    override func updateConstraints() {
        // update own constraints here, then:
        super.updateConstraints()
    }
    override var translatesAutoresizingMaskIntoConstraints: Bool {
        get { super.translatesAutoresizingMaskIntoConstraints }
        set { super.translatesAutoresizingMaskIntoConstraints = newValue }
    }
    override var autoresizingMask: UIView.AutoresizingMask {
        get { super.autoresizingMask }
        set { super.autoresizingMask = newValue }
    }
    override var autoresizesSubviews: Bool {
        get { super.autoresizesSubviews }
        set { super.autoresizesSubviews = newValue }
    }
    override func setNeedsLayout() { super.setNeedsLayout() }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCount += 1
        let content = bounds.inset(by: layoutMargins)
        for (index, subview) in subviews.enumerated() {
            subview.frame = CGRect(x: content.minX, y: content.minY + CGFloat(index) * 24, width: content.width, height: 20)
        }
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: min(size.width, 320), height: CGFloat(max(1, subviews.count)) * 24 + layoutMargins.top + layoutMargins.bottom)
    }
    override func sizeToFit() { super.sizeToFit() }
    override func setNeedsDisplay() { super.setNeedsDisplay() }
    override func setNeedsDisplay(_ rect: CGRect) { super.setNeedsDisplay(rect) }
    override func draw(_ rect: CGRect) {
        super.draw(rect)
        drawnRects.append(rect)
    }

    // MARK: Safe area and margins

    override var safeAreaInsets: UIEdgeInsets { super.safeAreaInsets }
    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        setNeedsLayout()
    }
    override var safeAreaLayoutGuide: UILayoutGuide { super.safeAreaLayoutGuide }
    override var layoutMargins: UIEdgeInsets {
        get { super.layoutMargins }
        set { super.layoutMargins = newValue }
    }
    override var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { super.directionalLayoutMargins }
        set { super.directionalLayoutMargins = newValue }
    }
    override var insetsLayoutMarginsFromSafeArea: Bool {
        get { super.insetsLayoutMarginsFromSafeArea }
        set { super.insetsLayoutMarginsFromSafeArea = newValue }
    }
    override var preservesSuperviewLayoutMargins: Bool {
        get { super.preservesSuperviewLayoutMargins }
        set { super.preservesSuperviewLayoutMargins = newValue }
    }
    override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        setNeedsLayout()
    }
    override var layoutMarginsGuide: UILayoutGuide { super.layoutMarginsGuide }

    // MARK: Accessibility

    override var accessibilityIdentifier: String? {
        get { super.accessibilityIdentifier }
        set { super.accessibilityIdentifier = newValue }
    }
    override var accessibilityLabel: String? {
        get { customLabel ?? title }
        set { customLabel = newValue }
    }
    override var accessibilityHint: String? {
        get { "Opens \(title)" }
        set { super.accessibilityHint = newValue }
    }
    override var accessibilityValue: String? {
        get { touchCount == 0 ? nil : "\(touchCount) taps" }
        set { super.accessibilityValue = newValue }
    }
    override var isAccessibilityElement: Bool {
        get { super.isAccessibilityElement }
        set { super.isAccessibilityElement = newValue }
    }
    override var accessibilityTraits: UIAccessibilityTraits {
        get { isUserInteractionEnabled ? super.accessibilityTraits : super.accessibilityTraits.union(.notEnabled) }
        set { super.accessibilityTraits = newValue }
    }
    override var accessibilityFrame: CGRect {
        get { super.accessibilityFrame }
        set { super.accessibilityFrame = newValue }
    }
    override var accessibilityElementsHidden: Bool {
        get { super.accessibilityElementsHidden }
        set { super.accessibilityElementsHidden = newValue }
    }
    override var accessibilityViewIsModal: Bool {
        get { super.accessibilityViewIsModal }
        set { super.accessibilityViewIsModal = newValue }
    }
    override var accessibilityLanguage: String? {
        get { super.accessibilityLanguage ?? "en" }
        set { super.accessibilityLanguage = newValue }
    }
    override var accessibilityElements: [Any]? {
        get { super.accessibilityElements }
        set { super.accessibilityElements = newValue }
    }
    override var shouldGroupAccessibilityChildren: Bool {
        get { true }
        set { super.shouldGroupAccessibilityChildren = newValue }
    }

    // MARK: Responder

    override var next: UIResponder? { super.next }
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { super.canResignFirstResponder }
    override var isFirstResponder: Bool { super.isFirstResponder }
    override func becomeFirstResponder() -> Bool { super.becomeFirstResponder() }
    override func resignFirstResponder() -> Bool { super.resignFirstResponder() }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        touchCount += 1
        lastTouchLocation = touch.location(in: self)
        let inWindow = touch.location(in: nil)
        let previous = touch.previousLocation(in: self)
        let precise = touch.preciseLocation(in: self)
        let precisePrevious = touch.precisePreviousLocation(in: self)
        let pressure = touch.maximumPossibleForce > 0 ? touch.force / touch.maximumPossibleForce : 1
        if touch.type == .pencil {
            let altitude = touch.altitudeAngle
            let azimuth = touch.azimuthAngle(in: self)
            let direction = touch.azimuthUnitVector(in: self)
            _ = (altitude, azimuth, direction.dx, direction.dy)
        }
        if touch.estimatedProperties.contains(.force) { setNeedsDisplay() }
        _ = (inWindow, previous, precise, precisePrevious, pressure, touch.majorRadius, touch.majorRadiusTolerance)
        _ = (touch.tapCount, touch.timestamp, touch.phase == .began, touch.view === self, touch.window === window)
        if let event {
            _ = (event.type == .touches, event.subtype == .none, event.timestamp)
            _ = event.allTouches?.count
            _ = event.touches(for: self)
            if let window { _ = event.touches(for: window) }
            _ = event.coalescedTouches(for: touch)
            _ = event.predictedTouches(for: touch)
        }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first {
            let delta = CGPoint(x: touch.location(in: self).x - touch.previousLocation(in: self).x,
                                y: touch.location(in: self).y - touch.previousLocation(in: self).y)
            transform = transform.translatedBy(x: delta.x, y: delta.y)
        }
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touches.contains(where: { $0.tapCount == 2 }) { transform = .identity }
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        transform = .identity
        super.touchesCancelled(touches, with: event)
    }
    override func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {
        super.touchesEstimatedPropertiesUpdated(touches)
    }

    override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        super.motionBegan(motion, with: event)
    }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { touchCount = 0 } else { super.motionEnded(motion, with: event) }
    }
    override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        super.motionCancelled(motion, with: event)
    }
    override func remoteControlReceived(with event: UIEvent?) {
        guard let event, event.type == .remoteControl else { return super.remoteControlReceived(with: event) }
        switch event.subtype {
        case .remoteControlPlay, .remoteControlPause, .remoteControlTogglePlayPause: break
        default: super.remoteControlReceived(with: event)
        }
    }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        if action == Selector("copy:") { return true }
        return super.canPerformAction(action, withSender: sender)
    }
    override func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        super.target(forAction: action, withSender: sender)
    }
    override func copy(_ sender: Any?) { UIPasteboard.general.string = title }
    override func cut(_ sender: Any?) { super.cut(sender) }
    override func paste(_ sender: Any?) {
        if let text = UIPasteboard.general.string { title = text }
    }
    override func select(_ sender: Any?) { super.select(sender) }
    override func selectAll(_ sender: Any?) { super.selectAll(sender) }
    override func delete(_ sender: Any?) { super.delete(sender) }

    // Not in Tactile: common UIView members on types Tactile has.
    // TACTILE-GAP (issue 21): UIView.tintColor missing — UIKit: open var tintColor: UIColor! (iOS 7)
    // override var tintColor: UIColor! {
    //     get { super.tintColor }
    //     set { super.tintColor = newValue }
    // }
    // TACTILE-GAP (issue 21): UIView.tintColorDidChange() missing — UIKit: open func tintColorDidChange() (iOS 7)
    // override func tintColorDidChange() {
    //     super.tintColorDidChange()
    //     setNeedsDisplay()
    // }
}

/// A custom view with no control behaviour: a count drawn in a circle.
final class BadgeView: UIView {
    var count = 0 {
        didSet {
            isHidden = count == 0
            accessibilityValue = "\(count)"
            setNeedsDisplay()
        }
    }

    override func draw(_ rect: CGRect) {
        // nothing is drawn headless; UIKit would fill a circle here
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: max(24, CGFloat(String(count).count) * 10 + 12), height: 24)
    }

    deinit {
        DeinitLog.shared.record("BadgeView")
    }
}

/// A container that lays its subviews out in a row, inside its layout margins and safe area.
final class RowView: UIView {
    var spacing: CGFloat = 8 {
        didSet { setNeedsLayout() }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let content = bounds.inset(by: layoutMargins)
        let count = CGFloat(subviews.count)
        guard count > 0 else { return }
        let width = (content.width - spacing * (count - 1)) / count
        for (index, subview) in subviews.enumerated() {
            subview.frame = CGRect(x: content.minX + CGFloat(index) * (width + spacing), y: content.minY,
                                   width: width, height: content.height)
        }
    }
}

extension CardView: Highlightable {
    var isHighlighted: Bool {
        get { alpha < 1 }
        set { alpha = newValue ? 0.8 : 1 }
    }
}

/// An adjustable control-like view for VoiceOver (no UIControl: Tactile has none yet).
final class RatingView: UIView {
    var rating = 3 {
        didSet { accessibilityValue = "\(rating) of 5" }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isAccessibilityElement = true
        accessibilityLabel = "Rating"
        accessibilityTraits = .adjustable
    }

    convenience init(rating: Int) {
        self.init(frame: CGRect(x: 0, y: 0, width: 120, height: 24))
        self.rating = rating
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func accessibilityIncrement() { rating = min(5, rating + 1) }
    override func accessibilityDecrement() { rating = max(0, rating - 1) }

    deinit {
        DeinitLog.shared.record("RatingView")
    }
}

/// A layout guide of the app's own, with UILayoutGuide's open members overridden.
final class ContentGuide: UILayoutGuide {
    var inset: CGFloat = 20

    override var layoutFrame: CGRect {
        guard let view = owningView else { return super.layoutFrame }
        return view.bounds.insetBy(dx: inset, dy: inset)
    }
    override var owningView: UIView? {
        get { super.owningView }
        set { super.owningView = newValue }
    }
    override var identifier: String {
        get { super.identifier }
        set { super.identifier = "content." + newValue }
    }

    deinit {
        DeinitLog.shared.record("ContentGuide")
    }
}

/// Typical main-actor code: a whole hierarchy, built and inspected.
@MainActor
func buildDashboard(in window: UIWindow) -> RowView {
    let row = RowView(frame: window.bounds.inset(by: window.safeAreaInsets))
    row.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    row.backgroundColor = UIColor.systemBackground
    row.insetsLayoutMarginsFromSafeArea = true
    window.addSubview(row)

    let factory = ViewFactory()
    for (index, title) in ["Inbox", "Today", "Later"].enumerated() {
        let card = factory.makeCard(title: title, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        card.backgroundColor = UIColor(red: 0.2, green: 0.4 + CGFloat(index) * 0.1, blue: 0.8, alpha: 1)
        row.addSubview(card)
        if index == 0 { _ = factory.makeBadge(count: 3, in: card) }
    }
    row.insertSubview(BadgeView(), at: 0)
    row.bringSubviewToFront(row.subviews[0])
    row.sendSubviewToBack(row.subviews[0])
    if row.subviews.count > 2 { row.exchangeSubview(at: 1, withSubviewAt: 2) }
    row.setNeedsLayout()
    row.layoutIfNeeded()

    let guide = ContentGuide()
    guide.identifier = "dashboard"
    row.addLayoutGuide(guide)
    _ = row.layoutGuides
    _ = guide.layoutFrame
    _ = row.safeAreaLayoutGuide.layoutFrame
    _ = row.layoutMarginsGuide.layoutFrame
    _ = row.viewWithTag(42)?.convert(CGPoint(x: 1, y: 1), to: window)
    _ = row.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: nil)
    _ = row.hitTest(CGPoint(x: 5, y: 5), with: nil)
    _ = row.point(inside: .zero, with: nil)
    _ = row.subviews.first?.isDescendant(of: window)

    UIView.animate(withDuration: 0.25, animations: { row.alpha = 1 }, completion: { _ in row.setNeedsLayout() })
    UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: { row.alpha = 1 })
    UIView.transition(with: row, duration: 0.3, options: .transitionCrossDissolve, animations: { row.alpha = 1 })
    UIView.performWithoutAnimation { row.layoutIfNeeded() }
    return row
}
