import Foundation

/// `UISwitch`: an on/off control. A tap toggles it; a drag along it leaves it on the side the finger ends on.
/// Either way `.valueChanged` (then `.primaryActionTriggered`) is sent only when the value changed, before the
/// touch-up event. Setting ``isOn`` or calling ``setOn(_:animated:)`` from code sends nothing.
///
/// The switch keeps UIKit's size, 51 × 31 points, whatever frame it is given (``tactileSize``).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// `UISwitch.Style` (iOS 14).
    public enum Style: Int, Sendable {
        case automatic = 0, checkbox = 1, sliding = 2
    }

    /// The switch's size on iOS, which its frame keeps.
    public static let tactileSize = CGSize(width: 51, height: 31)
    /// How far a finger must move along the switch before the touch is a drag rather than a tap, in points.
    public static let tactileDragThreshold: CGFloat = 4

    /// Whether the switch is on.
    open var isOn: Bool = false
    /// The tint of the on side.
    open var onTintColor: UIColor?
    /// The tint of the thumb.
    open var thumbTintColor: UIColor?
    /// The image of the on side (unused since iOS 7, kept).
    open var onImage: UIImage?
    /// The image of the off side (unused since iOS 7, kept).
    open var offImage: UIImage?
    /// The style asked for.
    open var preferredStyle: Style = .automatic
    /// The style shown (`.sliding` on iPhone).
    open var style: Style { preferredStyle == .checkbox ? .checkbox : .sliding }

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.tactileSize))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Sets the state; no action is sent.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.tactileSize) }
    }

    open override var intrinsicContentSize: CGSize { Self.tactileSize }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.tactileSize }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        dragStartX = touch.location(in: self).x
        isDragging = false
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if abs(touch.location(in: self).x - dragStartX) >= Self.tactileDragThreshold { isDragging = true }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch else { return }
        let on: Bool
        if isDragging {
            let rightSide = touch.location(in: self).x >= bounds.midX
            on = effectiveUserInterfaceLayoutDirection == .rightToLeft ? !rightSide : rightSide
        } else {
            guard isTouchInside else { return }  // a tap that ends outside changes nothing
            on = !isOn
        }
        guard on != isOn else { return }
        isOn = on
        sendControlEvents(.valueChanged, with: event)
    }

    override var primaryActionEvents: UIControl.Event { .valueChanged }

    private var dragStartX: CGFloat = 0
    private var isDragging = false

    /// A single-finger single tap, and a swipe or pan along the switch that began on it, stay the switch's
    /// (SBT-RSP-06).
    override func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool {
        recognizer.isSingleFingerSingleTap || (isTracking && recognizer.isHorizontalSwipeOrPan)
    }
}
