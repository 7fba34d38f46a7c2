import Foundation

/// `CAAnimationDelegate`: when an explicit layer animation starts and stops.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is true when the animation ran its full duration, false when it was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// `CAMediaTimingFillMode`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let removed = Self("removed"), forwards = Self("forwards"), backwards = Self("backwards"), both = Self("both")
}

/// `CAAnimation`: an explicit layer animation, run on the run loop clock. Adding one to a layer
/// (`add(_:forKey:)`) tells its delegate `animationDidStart(_:)` at the next turn and
/// `animationDidStop(_:finished: true)` when its active duration (duration × repeats, doubled when it
/// autoreverses) has passed — `false`, at the next turn, if it is removed first; an infinitely repeating one
/// runs until removed. The layer's `presentation()` shows the interpolated value meanwhile. The layer keeps
/// the instance it is given (Core Animation keeps a copy).
open class CAAnimation: NSObject, CAAction {
    /// 0 means Core Animation's default, 0.25 s.
    open var duration: CFTimeInterval = 0
    open var beginTime: CFTimeInterval = 0
    open var timeOffset: CFTimeInterval = 0
    open var speed: Float = 1
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    open var isRemovedOnCompletion = true
    /// Strong, as Core Animation's.
    open var delegate: (any CAAnimationDelegate)?

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open class func defaultValue(forKey key: String) -> Any? { nil }
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// One pass's duration in seconds.
    var simpleDuration: Double { duration > 0 ? duration : 0.25 }

    /// The active duration (nil: forever).
    var activeDuration: Double? {
        let pass = simpleDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount.isInfinite { return nil }
        return pass * Double(max(1, repeatCount)) / Double(speed > 0 ? speed : 1)
    }

    /// The eased fraction (0…1) at `elapsed` seconds into the animation.
    func fraction(elapsed: Double) -> Double {
        let pass = simpleDuration
        var t = max(0, elapsed * Double(speed > 0 ? speed : 1) + timeOffset)
        if let active = activeDuration, t >= active * Double(speed > 0 ? speed : 1) {
            t = active * Double(speed > 0 ? speed : 1)
            let end = autoreverses ? 0.0 : 1.0
            return (timingFunction?.progress(end)) ?? end
        }
        var f = t / pass
        if autoreverses {
            f = f.truncatingRemainder(dividingBy: 2)
            if f > 1 { f = 2 - f }
        } else if f > 1 {
            f = f.truncatingRemainder(dividingBy: 1)
        }
        return timingFunction?.progress(f) ?? f
    }
}

/// `CAPropertyAnimation`: an animation of one key path (`"opacity"`, `"position"`, `"transform.scale"`,
/// `"strokeEnd"`, …).
open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?
    open var isAdditive = false
    open var isCumulative = false

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// `CABasicAnimation`: from `fromValue` to `toValue` (or by `byValue`); a missing end is the layer's model
/// value.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?
}

/// `CASpringAnimation`: a basic animation paced by a spring (`settlingDuration` is its natural length).
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    open var allowsOverdamping = false

    /// The time the spring takes to settle (its envelope within 0.1 %).
    open var settlingDuration: CFTimeInterval {
        let omega0 = (stiffness / max(mass, 1e-9)).squareRoot()
        let zeta = damping / (2 * (stiffness * max(mass, 1e-9)).squareRoot())
        return Double(log(1000) / max(zeta * omega0, 1e-9))
    }
}

/// `CAKeyframeAnimation`: through `values` at `keyTimes` (evenly spaced when nil).
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var rotationMode: CAAnimationRotationMode?
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
}

/// `CAAnimationGroup`: animations run together for the group's duration.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?
}

/// `CATransition`: a transition of the layer's content.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1
}

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let linear = Self("linear"), discrete = Self("discrete"), paced = Self("paced"), cubic = Self("cubic"),
                      cubicPaced = Self("cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = Self("auto"), rotateAutoReverse = Self("autoReverse")
}

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self("fade"), moveIn = Self("moveIn"), push = Self("push"), reveal = Self("reveal")
}

public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = Self("fromRight"), fromLeft = Self("fromLeft"), fromTop = Self("fromTop"),
                      fromBottom = Self("fromBottom")
}
