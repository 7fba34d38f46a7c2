import Foundation

extension UIView {
    /// `UIView.AnimationOptions`: accepted where UIKit takes them (e.g. ``UIViewController/transition(from:to:duration:options:animations:completion:)``);
    /// headless, nothing is animated, so they only need to compile.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
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
    }
}

/// Block animations. Nothing is drawn: the animation block runs at once, so the views' properties (the
/// model values, as UIKit's model layer) are the final ones right away, and the completion runs with `true`
/// when the duration (plus delay) has elapsed on the app's run loop clock — at its next turn for 0.
/// Inside an interactive transition (``UIPercentDrivenInteractiveTransition``) completions wait until the
/// interaction finishes or is cancelled.
extension UIView {
    /// `UIView.AnimationCurve`.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3
    }

    static func runAnimation(duration: TimeInterval, _ animations: () -> Void, _ completion: ((Bool) -> Void)?) {
        animations()
        guard let completion else { return }
        if let context = AnimationHold.current.last {
            AnimationHold.held[ObjectIdentifier(context), default: []].append(completion)
        } else {
            UIViewController.afterTransition(duration.isFinite ? max(0, duration) : 0) { completion(true) }
        }
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
