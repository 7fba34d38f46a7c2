import Foundation

/// The context of one custom transition (a push, pop, presentation or dismissal run by an animator).
///
/// The engine has sent the will-callbacks and put the views in place before the animator runs; it ends
/// the transition when the animator calls ``completeTransition(_:)``: with true as an uncustomised
/// transition ends, with false by undoing it — the incoming controller gets `viewWillDisappear` and
/// `viewDidDisappear` (never `viewDidAppear`), the outgoing one `viewWillAppear` and `viewDidAppear` again.
@MainActor
final class TransitionContext: NSObject, UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    let animator: any UIViewControllerAnimatedTransitioning
    private(set) var isInteractive = false
    /// Whether an interaction controller started the transition.
    private(set) var startedInteractive = false
    private(set) var transitionWasCancelled = false
    private(set) var percentComplete: CGFloat = 0
    var targetTransform: CGAffineTransform { .identity }
    private weak var fromController: UIViewController?
    private weak var toController: UIViewController?
    private let fromView: UIView?
    private let toView: UIView?
    private let frames: [ObjectIdentifier: (CGRect, CGRect)]
    /// Ends the transition in the engine (true: completed).
    private var finish: ((Bool) -> Void)?
    /// Told when the interaction ends (the coordinator's `notifyWhenInteractionChanges`).
    var interactionEnded: (() -> Void)?

    init(container: UIView, from: UIViewController?, to: UIViewController?, fromView: UIView?, toView: UIView?,
         frames: [ObjectIdentifier: (CGRect, CGRect)], animated: Bool, style: UIModalPresentationStyle,
         animator: any UIViewControllerAnimatedTransitioning, finish: @escaping (Bool) -> Void) {
        containerView = container
        fromController = from
        toController = to
        self.fromView = fromView
        self.toView = toView
        self.frames = frames
        isAnimated = animated
        presentationStyle = style
        self.animator = animator
        self.finish = finish
    }

    /// Hands the transition to `interaction` (interactive) or to the animator.
    func start(interaction: (any UIViewControllerInteractiveTransitioning)?) {
        if let interaction {
            isInteractive = interaction.wantsInteractiveStart
            startedInteractive = isInteractive
            interaction.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
        }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromController : key == .to ? toController : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromView : key == .to ? toView : nil
    }

    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.0 ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.1 ?? .zero }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard isInteractive, percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
    }

    func finishInteractiveTransition() { endInteraction(cancelled: false) }
    func cancelInteractiveTransition() { endInteraction(cancelled: true) }
    func pauseInteractiveTransition() { isInteractive = true }

    private func endInteraction(cancelled: Bool) {
        guard isInteractive else { return }
        isInteractive = false
        transitionWasCancelled = cancelled
        interactionEnded?()
    }

    func completeTransition(_ didComplete: Bool) {
        guard let finish else {
            return TactileDiagnostics.report("UIViewControllerContextTransitioning.completeTransition(_:)",
                                             "completeTransition(_:) called more than once for \(self)")
        }
        self.finish = nil
        if !didComplete { transitionWasCancelled = true }
        percentComplete = didComplete ? 1 : 0
        finish(didComplete)
        animator.animationEnded(didComplete)
    }
}
