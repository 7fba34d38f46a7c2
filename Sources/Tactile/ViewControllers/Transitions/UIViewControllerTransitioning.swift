import Foundation

/// `UIViewControllerContextTransitioning`: what an animator is told about a custom transition — the
/// controllers, their views and frames, the container — and how it reports the end
/// (``completeTransition(_:)``, exactly once).
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    /// The view the transition takes place in; the animator adds the incoming view to it.
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    /// True while an interaction controller drives the transition.
    var isInteractive: Bool { get }
    /// True once the transition was cancelled (an interactive one, or `completeTransition(false)`).
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    /// The interactive driver's progress.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The interaction ends and the transition will complete.
    func finishInteractiveTransition()
    /// The interaction ends and the transition will be undone.
    func cancelInteractiveTransition()
    /// Pauses an interruptible transition.
    func pauseInteractiveTransition()
    /// Ends the transition: true keeps it, false undoes it (the controllers' appearance callbacks balance).
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view to animate; nil when the animator must leave it alone (a presenter a sheet does not remove).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var targetTransform: CGAffineTransform { get }
    /// The frame of `vc`'s view at the start (`.zero` for the incoming controller).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// The frame of `vc`'s view at the end (`.zero` for the outgoing controller).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// `UIViewControllerAnimatedTransitioning`: an animator for a presentation, dismissal, push or pop.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Puts the incoming view in the container, animates, and calls `completeTransition(_:)` when done.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// After `completeTransition(_:)` (optional).
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// `UIViewControllerInteractiveTransitioning`: drives a transition from user input.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// How fast the rest runs after the interaction ends (optional; 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest after the interaction ends (optional; stored only, nothing is drawn).
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive (optional; true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// `UIViewControllerTransitioningDelegate`: a presented controller's source of animators and of its
/// presentation controller (`.custom` style). Every method is optional.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}
