import Foundation

/// `UIPercentDrivenInteractiveTransition`: drives an animator's transition by a fraction the app updates
/// (from a pan, say). ``startInteractiveTransition(_:)`` runs the animator's `animateTransition(using:)`;
/// completions of the animations it starts with `UIView.animate` wait until ``finish()`` or ``cancel()``, which
/// release them (at the next run loop turn), so the animator's usual
/// `completeTransition(!context.transitionWasCancelled)` ends the transition.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// The transition's duration: the animator's.
    open var duration: CGFloat {
        guard let context else { return 0 }
        return CGFloat(context.animator.transitionDuration(using: context))
    }
    /// The fraction set by ``update(_:)``.
    open private(set) var percentComplete: CGFloat = 0
    /// How fast the rest runs after ``finish()`` or ``cancel()`` (1).
    open var completionSpeed: CGFloat = 1
    /// Whether the transition starts interactive (true).
    open var wantsInteractiveStart = true
    /// Stored; nothing is drawn.
    open var completionCurve: UIView.AnimationCurve = .easeInOut

    private var context: TransitionContext?

    public override init() {
        super.init()
    }

    /// Starts the animator with the animations' completions held.
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else { return }
        self.context = context
        percentComplete = 0
        UIView.holdingCompletions(for: context) {
            context.animator.animateTransition(using: context)
        }
    }

    /// Sets the progress (clamped to 0…1).
    open func update(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
        context?.updateInteractiveTransition(self.percentComplete)
    }

    /// Ends the interaction; the transition completes.
    open func finish() { end(cancelled: false) }
    /// Ends the interaction; the transition is undone.
    open func cancel() { end(cancelled: true) }
    /// Pauses (interruptible transitions).
    open func pause() { context?.pauseInteractiveTransition() }

    private func end(cancelled: Bool) {
        guard let context else { return }
        self.context = nil
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        UIView.releaseCompletions(for: context)
    }
}
