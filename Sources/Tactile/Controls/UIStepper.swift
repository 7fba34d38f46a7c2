import Foundation
import TactileCore

/// `UIStepper`: a value changed in steps by its − and + halves (− on the leading half). A touch down on a half
/// steps at once — `.valueChanged`, then `.primaryActionTriggered` — after `.touchDown`; held, it repeats
/// (``autorepeat``) after ``tactileAutorepeatDelay`` every ``tactileAutorepeatInterval`` on the run loop's
/// clock while the finger stays on the control. Without ``isContinuous`` one `.valueChanged` is sent when the
/// finger lifts, if the value changed. At a limit its half is off (a touch there starts nothing) unless
/// ``wraps``, which carries the value round to the other limit. Setting ``value`` from code sends nothing.
///
/// UIKit's repeat timing is private ("accelerates"); Tactile repeats at a steady rate. The stepper keeps
/// UIKit's size, 94 × 32 points (``tactileSize``).
@preconcurrency @MainActor
open class UIStepper: UIControl {
    /// The stepper's size on iOS, which its frame keeps.
    public static let tactileSize = CGSize(width: 94, height: 32)
    /// How long a press is held before it repeats, in seconds.
    public static let tactileAutorepeatDelay: TimeInterval = 0.5
    /// The time between repeats, in seconds.
    public static let tactileAutorepeatInterval: TimeInterval = 0.1

    /// The value (0), kept within the limits.
    open var value: Double {
        get { storedValue }
        set { storedValue = min(max(newValue.isNaN ? minimumValue : newValue, minimumValue), maximumValue) }
    }
    /// The lower limit (0). It must stay below ``maximumValue``: UIKit raises `NSInvalidArgumentException`
    /// otherwise (reported; the limit is left as it was).
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            guard newValue < storedMaximum else {
                TactileDiagnostics.report("UIStepper.minimumValue", "NSInvalidArgumentException: minimumValue \(newValue) must be less than maximumValue \(storedMaximum)")
                return
            }
            storedMinimum = newValue
            value = storedValue
        }
    }
    /// The upper limit (100). It must stay above ``minimumValue`` (UIKit raises otherwise; reported).
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            guard newValue > storedMinimum else {
                TactileDiagnostics.report("UIStepper.maximumValue", "NSInvalidArgumentException: maximumValue \(newValue) must be greater than minimumValue \(storedMinimum)")
                return
            }
            storedMaximum = newValue
            value = storedValue
        }
    }
    /// The step (1). It must be positive (UIKit raises otherwise; reported).
    open var stepValue: Double {
        get { storedStep }
        set {
            guard newValue > 0 else {
                TactileDiagnostics.report("UIStepper.stepValue", "NSInvalidArgumentException: stepValue \(newValue) must be greater than 0")
                return
            }
            storedStep = newValue
        }
    }
    /// Whether a held half repeats (true).
    open var autorepeat: Bool = true
    /// Whether `.valueChanged` is sent at each step (true) or once at the end.
    open var isContinuous: Bool = true
    /// Whether stepping past a limit carries on from the other (false).
    open var wraps: Bool = false

    /// Sets the image of the + half for `state`.
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) { incrementImages[state.rawValue] = image }
    /// The image of the + half for `state` (else the `.normal` one).
    open func incrementImage(for state: UIControl.State) -> UIImage? { incrementImages[state.rawValue] ?? incrementImages[0] }
    /// Sets the image of the − half for `state`.
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) { decrementImages[state.rawValue] = image }
    /// The image of the − half for `state` (else the `.normal` one).
    open func decrementImage(for state: UIControl.State) -> UIImage? { decrementImages[state.rawValue] ?? decrementImages[0] }
    /// Sets the background image for `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { backgroundImages[state.rawValue] = image }
    /// The background image for `state` (else the `.normal` one).
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages[state.rawValue] ?? backgroundImages[0] }

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.tactileSize))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.tactileSize) }
    }

    open override var intrinsicContentSize: CGSize { Self.tactileSize }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.tactileSize }

    // MARK: - Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let leadingHalf = touch.location(in: self).x < bounds.midX
        let decrements = effectiveUserInterfaceLayoutDirection == .rightToLeft ? !leadingHalf : leadingHalf
        direction = decrements ? -1 : 1
        valueAtStart = value
        return canStep
    }

    /// Steps once the touch down was sent, and starts the repeat. Another finger landing while one is tracked
    /// (a multi-touch stepper) is ignored, as the control ignores it.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasTracking = isTracking
        super.touchesBegan(touches, with: event)
        guard !wasTracking, isTracking else { return }
        step(with: event)
        guard autorepeat else { return }
        let loop = UIApplication.shared.mainLoop
        repeatTimer = loop.addTimer(after: UInt64(Self.tactileAutorepeatDelay * 1e9),
                                    repeating: UInt64(Self.tactileAutorepeatInterval * 1e9), mode: .common) { [weak self] timer in
            MainActor.assumeIsolated {
                if let self { self.repeatStep() } else { _ = UIApplication.shared.mainLoop.cancel(timer) }  // a stepper released mid-press
            }
        }
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        stopRepeating()
        if !isContinuous, value != valueAtStart { sendControlEvents(.valueChanged, with: event) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        stopRepeating()
        super.cancelTracking(with: event)
    }

    override var primaryActionEvents: UIControl.Event { .valueChanged }

    /// Whether the half being pressed can step (not at its limit, unless wrapping).
    private var canStep: Bool {
        wraps || (direction < 0 ? value > minimumValue : value < maximumValue)
    }

    private func step(with event: UIEvent?) {
        guard canStep else { return }
        var next = value + direction * stepValue
        if next > maximumValue { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue { next = wraps ? maximumValue : minimumValue }
        value = next
        if isContinuous { sendControlEvents(.valueChanged, with: event) }
    }

    private func repeatStep() {
        guard isTracking else { stopRepeating(); return }
        guard isTouchInside else { return }
        step(with: nil)
    }

    private func stopRepeating() {
        if let timer = repeatTimer { _ = UIApplication.shared.mainLoop.cancel(timer) }
        repeatTimer = nil
    }

    private var incrementImages: [UInt: UIImage] = [:]
    private var decrementImages: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private var storedValue: Double = 0
    private var storedMinimum: Double = 0
    private var storedMaximum: Double = 100
    private var storedStep: Double = 1
    private var direction: Double = 1
    private var valueAtStart: Double = 0
    private var repeatTimer: RunLoopTimerID?

    /// A single-finger single tap stays the control's, not an ancestor's tap recognizer's (SBT-RSP-06).
    override func keepsGesture(from recognizer: UIGestureRecognizer) -> Bool { recognizer.isSingleFingerSingleTap }
}
