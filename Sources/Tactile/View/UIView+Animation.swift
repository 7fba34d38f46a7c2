import Foundation

extension UIView {
    /// `UIView.AnimationOptions`.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        public static let preferredFramesPerSecondDefault = AnimationOptions([])
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)
    }

    /// `UIView.KeyframeAnimationOptions`.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)
        public static let calculationModeLinear = Self([])
        public static let calculationModeDiscrete = Self(rawValue: 1 << 10)
        public static let calculationModePaced = Self(rawValue: 2 << 10)
        public static let calculationModeCubic = Self(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = Self(rawValue: 4 << 10)
    }

    /// `UIView.AnimationCurve`.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3
    }

    /// `UIView.AnimationTransition` (the pre-iOS 4 transitions of `setAnimationTransition(_:for:cache:)`).
    public enum AnimationTransition: Int, Sendable {
        case none = 0, flipFromLeft, flipFromRight, curlUp, curlDown
    }

    /// `UIView.SystemAnimation`.
    public enum SystemAnimation: UInt, Sendable {
        case delete = 0
    }
}

/// Block animations, headless but real (AG-U-01 … AG-U-06). As in UIKit, the block runs at once and the model
/// values (what the getters return, and where hit-testing finds the views) are the final ones right away; the
/// run loop clock drives the rest: `layer.presentation()` interpolates with the timing curve, the completion
/// runs on the main run loop when the delay and duration have passed (`true`), or at the next turn when the
/// animation is removed (`false`), and — unless `.allowUserInteraction` — the views being animated receive no
/// touches until then. A block that changes no animatable property completes at the next turn.
/// Inside an interactive transition (``UIPercentDrivenInteractiveTransition``) completions wait until the
/// interaction finishes or is cancelled.
extension UIView {
    /// Runs a block animation; `extraViews` are animated without property changes (transitions).
    static func runAnimation(duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                             timing: AnimationTiming? = nil, extraViews: [UIView] = [],
                             _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        if let context = AnimationHold.current.last {
            animations()
            if let completion { AnimationHold.held[ObjectIdentifier(context), default: []].append(completion) }
            return
        }
        let tracks = ViewAnimator.capture(animations, layingOut: options.contains(.layoutSubviews))
        guard !tracks.isEmpty || !extraViews.isEmpty, ViewAnimator.animationsEnabled else {
            if let completion {
                UIApplication.shared.mainLoop.perform(mode: .common) { MainActor.assumeIsolated { completion(true) } }
            }
            return
        }
        let animation = RunningAnimation(duration: duration, delay: delay, timing: timing ?? AnimationTiming(options: options))
        animation.repeats = options.contains(.repeat)
        animation.autoreverses = options.contains(.autoreverse)
        if let completion { animation.onEnd = { finished, _ in completion(finished) } }
        ViewAnimator.start(animation, tracks: tracks, extraViews: extraViews,
                           allowsInteraction: options.contains(.allowUserInteraction))
    }

    /// Runs `body` with the completions of the animations it starts held for `context`.
    static func holdingCompletions(for context: AnyObject, _ body: () -> Void) {
        AnimationHold.current.append(context)
        defer { AnimationHold.current.removeLast() }
        body()
    }

    /// Releases `context`'s held completions at the run loop's next turn.
    static func releaseCompletions(for context: AnyObject) {
        guard let blocks = AnimationHold.held.removeValue(forKey: ObjectIdentifier(context)) else { return }
        UIViewController.afterTransition(0) { for block in blocks { block(true) } }
    }
}

@MainActor
private enum AnimationHold {
    static var current: [AnyObject] = []
    static var held: [ObjectIdentifier: [(Bool) -> Void]] = [:]
}
