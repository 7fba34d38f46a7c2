import Foundation

/// `UISlider`: a value in `minimumValue … maximumValue` set by dragging its thumb. Tracking begins only on the
/// thumb (a touch elsewhere on the track changes nothing); the thumb then follows the finger, keeping the offset
/// it was grabbed at. With ``isContinuous`` (the default) `.valueChanged` is sent whenever a move (or the lift)
/// changes the value, otherwise once when the finger lifts, if the value changed. Setting ``value`` from code
/// sends nothing.
///
/// UIKit's thumb geometry is private: the thumb is ``tactileThumbSize`` and a touch within
/// ``tactileThumbTouchSlop`` of it grabs it.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The thumb's size, in points.
    public static let tactileThumbSize = CGSize(width: 28, height: 28)
    /// How far outside the thumb a touch still grabs it, in points.
    public static let tactileThumbTouchSlop: CGFloat = 10
    /// The slider's height on iOS (its intrinsic height), in points.
    public static let tactileHeight: CGFloat = 31

    /// The value, kept within the limits.
    open var value: Float {
        get { storedValue }
        set { storedValue = min(max(newValue.isNaN ? minimumValue : newValue, minimumValue), maximumValue) }
    }
    /// The lower limit (0). Raising it above the value moves the value; above the upper limit, moves that too.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }
    /// The upper limit (1). Lowering it below the value moves the value; below the lower limit, moves that too.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }
    /// Whether `.valueChanged` is sent during a drag (true) or only at its end.
    open var isContinuous: Bool = true
    /// The image at the minimum end.
    open var minimumValueImage: UIImage?
    /// The image at the maximum end.
    open var maximumValueImage: UIImage?
    /// The tint of the track below the thumb.
    open var minimumTrackTintColor: UIColor?
    /// The tint of the track above the thumb.
    open var maximumTrackTintColor: UIColor?
    /// The thumb's tint.
    open var thumbTintColor: UIColor?

    /// Sets the value (kept within the limits); no action is sent.
    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// Sets the thumb image for `state`.
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) { thumbImages[state.rawValue] = image }
    /// The thumb image for `state` (else the `.normal` one).
    open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state.rawValue] ?? thumbImages[0] }
    /// The thumb image for the current state.
    open var currentThumbImage: UIImage? { thumbImage(for: state) }
    /// Sets the track image below the thumb for `state`.
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) { minimumTrackImages[state.rawValue] = image }
    /// The track image below the thumb for `state`.
    open func minimumTrackImage(for state: UIControl.State) -> UIImage? {
        minimumTrackImages[state.rawValue] ?? minimumTrackImages[0]
    }
    /// Sets the track image above the thumb for `state`.
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) { maximumTrackImages[state.rawValue] = image }
    /// The track image above the thumb for `state`.
    open func maximumTrackImage(for state: UIControl.State) -> UIImage? {
        maximumTrackImages[state.rawValue] ?? maximumTrackImages[0]
    }

    // MARK: - Geometry

    /// Where the minimum value image goes (an empty rect without one).
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let image = minimumValueImage else { return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.minX, y: bounds.midY - image.size.height / 2, width: image.size.width, height: image.size.height)
    }

    /// Where the maximum value image goes (an empty rect without one).
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let image = maximumValueImage else { return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.maxX - image.size.width, y: bounds.midY - image.size.height / 2,
                      width: image.size.width, height: image.size.height)
    }

    /// The track: the bounds' width between the value images, 2 points high, centred.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        let left = minimumValueImageRect(forBounds: bounds).maxX, right = maximumValueImageRect(forBounds: bounds).minX
        return CGRect(x: left, y: bounds.midY - 1, width: max(0, right - left), height: 2)
    }

    /// The thumb for `value` on `rect` (the track): its centre runs from the track's start to its end.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = Self.tactileThumbSize
        let travel = max(0, rect.width - size.width)
        let x = rect.minX + travel * CGFloat(fraction(of: value))
        let leading = effectiveUserInterfaceLayoutDirection == .rightToLeft ? rect.maxX - size.width - (x - rect.minX) : x
        return CGRect(x: leading, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.tactileHeight) }

    // MARK: - Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let thumb = currentThumbRect
        let point = touch.location(in: self)
        let slop = Self.tactileThumbTouchSlop
        guard thumb.insetBy(dx: -slop, dy: -slop).contains(point) else { return false }
        grabX = point.x
        valueAtStart = value
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let old = value
        value = value(forFingerAt: touch.location(in: self).x)
        if isContinuous, value != old { sendControlEvents(.valueChanged, with: event) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let old = value
        if let touch { value = value(forFingerAt: touch.location(in: self).x) }
        // Continuous: the lift may move the thumb once more (the finger moved after its last move event).
        if isContinuous ? value != old : value != valueAtStart { sendControlEvents(.valueChanged, with: event) }
    }

    override var primaryActionEvents: UIControl.Event { .valueChanged }

    private var currentThumbRect: CGRect {
        thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: value)
    }

    /// The value with the thumb moved along the track as far as the finger moved from where it grabbed the thumb
    /// (``value`` clamps it). Measured from the grab, not mapped back from the thumb's position, so a finger that
    /// did not move along the track leaves the value exactly as it was (no rounding drift).
    private func value(forFingerAt x: CGFloat) -> Float {
        let travel = trackRect(forBounds: bounds).width - Self.tactileThumbSize.width
        guard travel > 0 else { return value }
        var moved = Float((x - grabX) / travel)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { moved = -moved }
        return valueAtStart + moved * (maximumValue - minimumValue)
    }

    private func fraction(of value: Float) -> Float {
        maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
    }

    private var storedValue: Float = 0
    /// Where the finger grabbed the thumb, along the track (the control's x).
    private var grabX: CGFloat = 0
    private var valueAtStart: Float = 0
    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]

    /// A swipe or pan along the track that began on the thumb stays the slider's (SBT-RSP-06).
    override func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool { isTracking && recognizer.isHorizontalSwipeOrPan }
}
