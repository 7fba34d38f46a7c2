import Foundation

/// `UIAdaptivePresentationControllerDelegate`: a presentation controller's delegate. Every method is optional.
/// The dismissal-by-swipe messages are never sent: no dismissal here is interactive by the system.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle { .none }
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// `UIPresentationController`: manages one presentation — where the presented view goes and what surrounds
/// it (DESIGN-PRESENT).
///
/// A `.custom` presentation takes its presentation controller from the presented controller's
/// `transitioningDelegate` (``UIViewControllerTransitioningDelegate/presentationController(forPresented:presenting:source:)``,
/// else this class). Its ``containerView`` — a view over the whole window — holds the presented view at
/// ``frameOfPresentedViewInContainerView``; the presenter's view is removed only when
/// ``shouldRemovePresentersView``. The other styles use a presentation controller of UIKit's own rules.
///
/// Order: the will-callbacks, ``presentationTransitionWillBegin()`` (or ``dismissalTransitionWillBegin()``), the
/// animation, ``presentationTransitionDidEnd(_:)`` (``dismissalTransitionDidEnd(_:)``) with whether it completed,
/// then the did-callbacks.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
    /// Creates the presentation controller of `presentedViewController`, presented by `presentingViewController`.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        presented = presentedViewController
        presenting = presentingViewController
        super.init()
    }

    /// The controller being presented.
    open var presentedViewController: UIViewController { presented }
    /// The controller that presents (the container that defines the presentation context).
    open var presentingViewController: UIViewController { presenting ?? presented }
    /// The style: the presented controller's.
    open var presentationStyle: UIModalPresentationStyle { presented.modalPresentationStyle }
    /// The view the presentation takes place in (nil before it starts).
    open var containerView: UIView? { container }
    /// The view that is presented: the presented controller's view.
    open var presentedView: UIView? { presented.viewIfLoaded }
    /// Where the presented view goes in the container: all of it by default.
    open var frameOfPresentedViewInContainerView: CGRect { container?.bounds ?? .zero }
    /// Whether the presentation covers the whole screen (true).
    open var shouldPresentInFullscreen: Bool { true }
    /// Whether the presenter's view is removed once the presentation ends (false: it stays under).
    open var shouldRemovePresentersView: Bool { false }
    /// The style in a compact environment (`.none`: no adaptation).
    open var adaptivePresentationStyle: UIModalPresentationStyle { .none }
    /// The delegate.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// The presentation begins: add the chrome (dimming views) here.
    open func presentationTransitionWillBegin() {}
    /// The presentation ended; `completed` is false when it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal begins.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal ended; `completed` is false when it was cancelled.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    /// Before the container view lays out its subviews.
    open func containerViewWillLayoutSubviews() {}
    /// After the container view laid out its subviews.
    open func containerViewDidLayoutSubviews() {}

    let presented: UIViewController
    weak var presenting: UIViewController?
    var container: UIView?
}

/// The presentation controller of the built-in styles: UIKit's rules (``UIModalPresentationStyle``).
final class SystemPresentationController: UIPresentationController {
    override var shouldRemovePresentersView: Bool { UIViewController.covers(presented) }
    override var frameOfPresentedViewInContainerView: CGRect { presented.viewIfLoaded?.frame ?? container?.bounds ?? .zero }
}

/// The container of a `.custom` presentation (UIKit's `UITransitionView`): it tells the presentation
/// controller about its layout.
final class PresentationContainerView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        guard let pc = presentationController else { return }
        pc.containerViewWillLayoutSubviews()
        if let presentedView = pc.presentedView, presentedView.superview === self {
            presentedView.frame = pc.frameOfPresentedViewInContainerView
        }
        pc.containerViewDidLayoutSubviews()
    }
}
