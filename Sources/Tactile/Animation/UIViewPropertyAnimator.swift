import Foundation

/// `UIViewAnimatingState`.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0, active, stopped
}

/// `UIViewAnimatingPosition`: where an animation ended.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start, current
}

/// `UITimingCurveType`.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic, spring, composed
}

/// `UIViewAnimating`: an animation that can be started, paused, scrubbed, reversed, stopped and finished.
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// `UIViewImplicitlyAnimating`: an animating object that takes more animation and completion blocks.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

/// `UITimingCurveProvider`: a cubic or spring pacing.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// `UICubicTimingParameters`: a Bézier pacing (ease-in-out by default).
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint

    public override convenience init() { self.init(animationCurve: .easeInOut) }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        switch curve {
        case .easeInOut: (controlPoint1, controlPoint2) = (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: (controlPoint1, controlPoint2) = (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (controlPoint1, controlPoint2) = (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (controlPoint1, controlPoint2) = (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        }
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        super.init()
    }

    open var timingCurveType: UITimingCurveType { .cubic }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    open var springTimingParameters: UISpringTimingParameters? { nil }
}

/// `UISpringTimingParameters`: a spring pacing (critically damped by default).
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public let initialVelocity: CGVector
    let dampingRatio: CGFloat

    public override convenience init() { self.init(dampingRatio: 1) }
    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        initialVelocity = velocity
        super.init()
    }

    /// A spring from physical constants: its damping ratio is `damping / (2 √(stiffness · mass))`.
    public convenience init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        self.init(dampingRatio: damping / (2 * (max(stiffness, 1e-9) * max(mass, 1e-9)).squareRoot()), initialVelocity: velocity)
    }

    open var timingCurveType: UITimingCurveType { .spring }
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    open var springTimingParameters: UISpringTimingParameters? { self }
}

/// `UIViewPropertyAnimator`: an interruptible view animation. The animation blocks run when it starts (the
/// model values change then, as with block animations); it can be paused, scrubbed (``fractionComplete``),
/// reversed, stopped and finished, on the run loop clock. Views it animates keep receiving touches unless
/// ``isUserInteractionEnabled`` is false. When it reaches its end (or its start, reversed) the completions
/// run with that position; ending at the start puts the properties back to their starting values.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    open private(set) var timingParameters: (any UITimingCurveProvider)?
    open private(set) var duration: TimeInterval
    open private(set) var delay: TimeInterval = 0
    /// True by default: the animated views take touches (at their model frames).
    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false
    open var isInterruptible = true
    open var scrubsLinearly = true
    /// Stay active and paused at the end instead of completing.
    open var pausesOnCompletion = false
    open private(set) var state: UIViewAnimatingState = .inactive

    private var pendingAnimations: [(block: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var animations: [RunningAnimation] = []
    private var reversed = false
    private var pausedFraction: Double = 0

    public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = max(0, duration.isFinite ? duration : 0)
        timingParameters = parameters
        super.init()
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator started at once (after `delay`), with `options`' curve; not interruptible.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let curve: UIView.AnimationCurve = switch options.rawValue & (3 << 16) {
        case 1 << 16: .easeIn
        case 2 << 16: .easeOut
        case 3 << 16: .linear
        default: .easeInOut
        }
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        animator.isInterruptible = false
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private var timing: AnimationTiming {
        if let spring = timingParameters?.springTimingParameters {
            return .spring(damping: Double(spring.dampingRatio), velocity: Double(spring.initialVelocity.dx), duration: duration)
        }
        if let cubic = timingParameters?.cubicTimingParameters {
            return .curve(CubicBezierCurve((Double(cubic.controlPoint1.x), Double(cubic.controlPoint1.y)),
                                           (Double(cubic.controlPoint2.x), Double(cubic.controlPoint2.y))))
        }
        return .easeInOut
    }

    // MARK: UIViewAnimating

    open var isRunning: Bool { state == .active && !(animations.first?.isPaused ?? true) }

    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            for animation in animations {
                animation.reanchor()
                animation.direction = newValue ? -1 : 1
                animation.scheduleEnd()
            }
        }
    }

    /// The time fraction (0…1) reached; setting it (an inactive animator becomes active and paused) scrubs.
    open var fractionComplete: CGFloat {
        get { CGFloat(animations.first.map { $0.fraction(at: ViewAnimator.now) } ?? pausedFraction) }
        set {
            let f = min(1, max(0, Double(newValue.isFinite ? newValue : 0)))
            if state == .inactive { pauseAnimation() }
            guard state == .active, animations.first?.isPaused == true else { return }
            pausedFraction = f
            for animation in animations { animation.anchorFraction = f }
        }
    }

    open func startAnimation() { start(delay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) { start(delay: max(0, delay.isFinite ? delay : 0)) }

    private func start(delay: TimeInterval) {
        switch state {
        case .inactive:
            self.delay = delay
            activate(paused: false, delay: delay)
        case .active:
            for animation in animations where animation.isPaused {
                animation.isPaused = false
                animation.anchorTime = ViewAnimator.now &+ ViewAnimator.nanoseconds(delay)
                animation.scheduleEnd()
            }
        case .stopped:
            TactileDiagnostics.report("UIViewPropertyAnimator.startAnimation()", "It is an error to start a stopped property animator (\(self)); call finishAnimation(at:) first")
        }
    }

    /// Runs the animation blocks and starts the animation.
    private func activate(paused: Bool, delay: TimeInterval) {
        state = .active
        let blocks = pendingAnimations
        pendingAnimations = []
        let tracks = ViewAnimator.capture { for block in blocks { block.block() } }
        let animation = RunningAnimation(duration: duration, delay: delay, timing: timing)
        animation.isPaused = paused
        animation.anchorFraction = paused ? pausedFraction : 0
        animation.direction = reversed ? -1 : 1
        animation.onEnd = { [weak self] _, atStart in self?.reachedEnd(atStart: atStart) }
        animations = [animation]
        ViewAnimator.start(animation, tracks: tracks, allowsInteraction: isUserInteractionEnabled)
    }

    private func reachedEnd(atStart: Bool) {
        if pausesOnCompletion {
            pausedFraction = atStart ? 0 : 1
            return
        }
        finish(at: atStart ? .start : .end)
    }

    open func pauseAnimation() {
        switch state {
        case .inactive: activate(paused: true, delay: 0)
        case .active:
            for animation in animations where !animation.isPaused {
                animation.reanchor()
                animation.isPaused = true
                animation.scheduleEnd()
            }
        case .stopped:
            TactileDiagnostics.report("UIViewPropertyAnimator.pauseAnimation()", "It is an error to pause a stopped property animator (\(self))")
        }
    }

    /// Stops where it is: the properties keep their current (presentation) values. Without finishing, the
    /// animator becomes inactive and no completion runs; otherwise it is stopped until
    /// ``finishAnimation(at:)``.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let current = animations.flatMap { a in a.tracks.map { ($0, ViewAnimator.presentationValue(of: $0.view, $0.key)) } }
        for animation in animations {
            animation.onEnd = nil
            animation.end(finished: false)
        }
        for (track, value) in current { track.key.setModel(value, on: track.view) }
        stoppedTracks = current.map(\.0)
        animations = []
        state = withoutFinishing ? .inactive : .stopped
    }

    private var stoppedTracks: [AnimationTrack] = []

    /// Finishes a stopped animator at `finalPosition` (the properties go to their end or start values, or stay)
    /// and runs the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            return TactileDiagnostics.report("UIViewPropertyAnimator.finishAnimation(at:)",
                                             "finishAnimation(at:) must be called on a stopped animator (\(self))")
        }
        for track in stoppedTracks {
            switch finalPosition {
            case .end: track.key.setModel(track.to, on: track.view)
            case .start: track.key.setModel(track.from, on: track.view)
            case .current: break
            }
        }
        stoppedTracks = []
        complete(at: finalPosition)
    }

    private func finish(at position: UIViewAnimatingPosition) {
        let tracks = animations.flatMap(\.tracks)
        if position == .start { for track in tracks { track.key.setModel(track.from, on: track.view) } }
        animations = []
        complete(at: position)
    }

    private func complete(at position: UIViewAnimatingPosition) {
        state = .inactive
        reversed = false
        pausedFraction = 0
        let blocks = completions
        completions = []
        for block in blocks { block(position) }
    }

    // MARK: UIViewImplicitlyAnimating

    /// Adds an animation block: run at start, or — while active — at once, animating over the remaining time.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        guard state == .active, let main = animations.first else {
            pendingAnimations.append((animation, delayFactor))
            return
        }
        let f = main.fraction(at: ViewAnimator.now)
        let remaining = (reversed ? f : 1 - f) * duration
        let tracks = ViewAnimator.capture(animation)
        let extra = RunningAnimation(duration: remaining * (1 - Double(min(max(delayFactor, 0), 1))),
                                     delay: remaining * Double(min(max(delayFactor, 0), 1)), timing: timing)
        extra.isPaused = main.isPaused
        animations.append(extra)
        ViewAnimator.start(extra, tracks: tracks, allowsInteraction: isUserInteractionEnabled)
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Resumes a paused animator with new timing, its remaining duration scaled by `durationFactor`.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        if let parameters { timingParameters = parameters }
        if durationFactor > 0, durationFactor.isFinite { duration *= Double(durationFactor) }
        startAnimation()
    }
}
