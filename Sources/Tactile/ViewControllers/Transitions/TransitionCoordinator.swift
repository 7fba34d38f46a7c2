import Foundation

/// `UITransitionContextViewControllerKey`: names the controllers of a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller visible at the start of the transition (a presentation's presenter, a dismissal's
    /// dismissed controller; for a rotation, the rotating controller).
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller visible at the end (a presentation's presented controller; for a rotation, the rotating
    /// controller).
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// `UITransitionContextViewKey`: names the views of a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// `UIViewControllerTransitionCoordinatorContext`: what a transition's coordinator blocks are told.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    /// True when the change is animated (a non-zero duration).
    var isAnimated: Bool { get }
    /// The duration, in seconds.
    var transitionDuration: TimeInterval { get }
    /// True once a custom transition was cancelled (its animator completed it with false).
    var isCancelled: Bool { get }
    /// True while an interaction controller drives the transition.
    var isInteractive: Bool { get }
    /// Whether the transition started interactive.
    var initiallyInteractive: Bool { get }
    /// Always false.
    var isInterruptible: Bool { get }
    /// The interactive progress while the transition runs; 1 once it has ended (0 if cancelled).
    var percentComplete: CGFloat { get }
    /// 1 (UIKit's value for a non-interactive transition).
    var completionVelocity: CGFloat { get }
    /// The presented controller's style for a presentation or dismissal; `.none` for a rotation.
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation of the interface (VCG-F-09): identity for a presentation or dismissal; for a rotation a
    /// quarter turn (portrait ↔ landscape, ±90°) or a half turn (landscape left ↔ right, portrait ↔ upside
    /// down, 180°).
    var targetTransform: CGAffineTransform { get }
    /// The view the transition takes place in (the window, or a presentation context's view).
    var containerView: UIView { get }
    /// The controllers of the transition (``UITransitionContextViewControllerKey``).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// Their views (``UITransitionContextViewKey``).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// `UIViewControllerTransitionCoordinator`: passed to `viewWillTransition(to:with:)` and returned by
/// ``UIViewController/transitionCoordinator`` during a presentation, dismissal or rotation.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` inside the transition's animation — for a rotation after
    /// `willAnimateRotation(to:duration:)`, for a presentation or dismissal after the will-callbacks, with the
    /// views in place — and `completion` when the transition has ended (after `didRotate(from:)`, or after the
    /// did-callbacks and before the present/dismiss completion handler), each in the order registered. A block
    /// registered after its moment has passed runs at once. Returns true.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool

    /// As ``animate(alongsideTransition:completion:)``, for animations of views outside the transition's
    /// container (`view`; nothing is drawn, so the timing is the same).
    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool

    /// Registers `handler` for when an interactive transition stops being interactive (the user lets go:
    /// finished or cancelled). A transition that is not interactive never calls it, as in UIKit.
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)

    /// The iOS 7–9 form of ``notifyWhenInteractionChanges(_:)``.
    @available(*, deprecated, message: "Use notifyWhenInteractionChanges(_:)")
    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// ``animate(alongsideTransition:completion:)`` without a completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// The coordinator of one transition (rotation, presentation or dismissal).
@MainActor
final class TransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    let transitionDuration: TimeInterval
    let targetTransform: CGAffineTransform
    let presentationStyle: UIModalPresentationStyle
    private weak var fromController: UIViewController?
    private weak var toController: UIViewController?
    private weak var container: UIView?
    var isAnimated: Bool { transitionDuration > 0 }
    var isCancelled: Bool { context?.transitionWasCancelled ?? false }
    var isInteractive: Bool { context?.isInteractive ?? false }
    var initiallyInteractive: Bool { context?.startedInteractive ?? false }
    var isInterruptible: Bool { false }
    var percentComplete: CGFloat { ended ? (isCancelled ? 0 : 1) : context?.percentComplete ?? 0 }
    var completionVelocity: CGFloat { 1 }
    var containerView: UIView { container ?? UIView(frame: .zero) }
    private var animations: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    /// Set once the animations ran: later animation blocks run at once.
    private var animating = false
    private var ended = false

    init(duration: TimeInterval, from: UIViewController?, to: UIViewController?, container: UIView?,
         style: UIModalPresentationStyle = .none, targetTransform: CGAffineTransform = .identity) {
        transitionDuration = duration
        fromController = from
        toController = to
        self.container = container
        presentationStyle = style
        self.targetTransform = targetTransform
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromController : key == .to ? toController : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromController?.viewIfLoaded : key == .to ? toController?.viewIfLoaded : nil
    }

    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation { if animating && !ended { animation(self) } else if !ended { animations.append(animation) } }
        if let completion { if ended { completion(self) } else { completions.append(completion) } }
        return true
    }

    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// The custom transition's context, when an animator runs the transition.
    var context: TransitionContext? {
        didSet {
            context?.interactionEnded = { [weak self] in self?.interactionEnded() }
        }
    }
    private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    /// `handler` runs when an interactive transition stops being interactive (finished or cancelled).
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    private func interactionEnded() {
        let handlers = interactionHandlers
        interactionHandlers = []
        for handler in handlers { handler(self) }
    }

    func runAnimations() {
        animating = true
        let blocks = animations
        animations = []
        for block in blocks { block(self) }
    }

    func runCompletions() {
        ended = true
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }

    /// The rotation of the interface from `old` to `new` (VCG-F-09): the difference of the orientations' angles
    /// in UIKit's coordinates (y down, positive clockwise) — portrait 0°, landscape left −90°, landscape right
    /// +90°, upside down 180° (the transforms iOS ≤ 7 put on the root view: `[0, -1, 1, 0]` for landscape
    /// left, `[0, 1, -1, 0]` for landscape right). Quarter and half turns are built exactly (no sin/cos
    /// rounding).
    static func rotation(from old: UIInterfaceOrientation, to new: UIInterfaceOrientation) -> CGAffineTransform {
        func quarters(_ o: UIInterfaceOrientation) -> Int {
            switch o {
            case .landscapeLeft: -1
            case .landscapeRight: 1
            case .portraitUpsideDown: 2
            default: 0
            }
        }
        switch ((quarters(new) - quarters(old)) % 4 + 4) % 4 {
        case 1: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)    // +90°
        case 2: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)   // 180°
        case 3: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)    // −90°
        default: return .identity
        }
    }
}
