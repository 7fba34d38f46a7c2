import Foundation
import Tactile

/// A navigation delegate that logs `willShow` / `didShow` into a ``CallbackLog``.
@MainActor
final class LoggingNavigationDelegate: NSObject, UINavigationControllerDelegate {
    let log: CallbackLog
    var animator: (any UIViewControllerAnimatedTransitioning)?
    var interaction: (any UIViewControllerInteractiveTransitioning)?
    var operations: [UINavigationController.Operation] = []
    init(log: CallbackLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool) {
        log.append("delegate", "willShow(\(logName(viewController)), \(animated))")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        log.append("delegate", "didShow(\(logName(viewController)), \(animated))")
    }
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)? {
        operations.append(operation)
        return animator
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { interaction }
}

/// An animator that puts the incoming view in and completes when told (or at once).
@MainActor
final class TestAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval = 0.25
    var context: (any UIViewControllerContextTransitioning)?
    var completesAtOnce = false
    var ended: [Bool] = []
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { duration }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        context = transitionContext
        if let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) {
            to.frame = transitionContext.finalFrame(for: toVC)
            transitionContext.containerView.addSubview(to)
        }
        if completesAtOnce { transitionContext.completeTransition(true) }
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// An animator written the usual way: `UIView.animate`, completing with `!transitionWasCancelled`.
@MainActor
final class BlockAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let to = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.addSubview(to)
        to.alpha = 0
        UIView.animate(withDuration: 0.3, animations: { to.alpha = 1 }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// A controller that logs with a name, for containers (no layout noise).
@MainActor
func loggingControllers(_ log: CallbackLog, _ names: String...) -> [LoggingViewController] {
    names.map { name in
        let vc = LoggingViewController(name, log: log)
        vc.logsLayout = false
        vc.title = name.uppercased()
        return vc
    }
}

/// Holds objects a test needs alive (delegates are weak).
@MainActor
final class Retained {
    var objects: [AnyObject] = []
}

/// Runs the run loop clock past any transition in flight (a second).
@MainActor
func finishTransitions() {
    _ = try? TactileHost.runLoop.advance(by: 1_000_000_000)
}

/// A window whose root is a navigation controller over the first of `names` (logging controllers titled with
/// the upper-cased names), a logging delegate kept alive by `retained`, on screen, the log cleared.
@MainActor
func navigationScene(_ log: CallbackLog, _ names: [String], retained: Retained)
    -> (UIWindow, UINavigationController, LoggingNavigationDelegate, [LoggingViewController]) {
    let window = launchWithWindow()
    let vcs = names.map { loggingControllers(log, $0)[0] }
    let nav = UINavigationController(rootViewController: vcs[0])
    let delegate = LoggingNavigationDelegate(log: log)
    nav.delegate = delegate
    retained.objects.append(delegate)
    window.rootViewController = nav
    log.entries = []
    return (window, nav, delegate, vcs)
}
