import Foundation

/// Containment (SBT-CON-01 … SBT-CON-10, VCG-D-09, VCG-I-06): parent–child links, and `transition(from:to:…)`.
///
/// Misuse UIKit raises for — adding a controller to itself or to one of its descendants, transitioning
/// between controllers that are not both children of the receiver — is reported through
/// ``TactileDiagnostics`` and changes nothing.
extension UIViewController {
    func containmentAdd(_ child: UIViewController) {
        let api = "UIViewController.addChild(_:)"
        if child === self {
            return TactileDiagnostics.report(api, "child view controller \(child) is the receiver")
        }
        var ancestor = parentLink
        while let a = ancestor {
            if a === child {
                return TactileDiagnostics.report(api, "child view controller \(child) is an ancestor of \(self)")
            }
            ancestor = a.parentLink
        }
        if child.parentLink === self { return }
        if child.presentingLink != nil {
            return TactileDiagnostics.report(api, "child view controller \(child) is presented by \(child.presentingLink!)")
        }
        if child.parentLink != nil { child.containmentRemove() }
        child.willMove(toParent: self)
        childList.append(child)
        child.parentLink = self
        child.movingToParent = true
    }

    func containmentRemove() {
        guard let parent = parentLink else { return }
        parent.childList.removeAll { $0 === self }
        parentLink = nil
        parent.containerLostChild(self)
        movingToParent = false
        didMove(toParent: nil)
        movingFromParent = false
    }

    func containmentTransition(from: UIViewController, to: UIViewController, duration: TimeInterval,
                               animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        let api = "UIViewController.transition(from:to:duration:options:animations:completion:)"
        guard from.parentLink === self, to.parentLink === self else {
            return TactileDiagnostics.report(api, "Children view controllers \(from) and \(to) must have a common parent view controller when calling transition(from:to:)")
        }
        guard from !== to, duration.isFinite, duration >= 0 else {
            return TactileDiagnostics.report(api, "invalid transition from \(from) to \(to) (duration \(duration))")
        }
        let fromView: UIView = from.view
        let toView: UIView = to.view
        let container: UIView = fromView.superview ?? view
        let visible = shouldAutomaticallyForwardAppearanceMethods && (appearState == .appeared || appearState == .appearing)
            && fromView.window != nil
        let animated = duration > 0
        AppearanceDriver.muted {
            if visible {
                from.beginAppearance(false, animated: animated)
                to.beginAppearance(true, animated: animated)
            }
            if fromView.superview === container {
                container.insertSubview(toView, aboveSubview: fromView)
            } else {
                container.addSubview(toView)
            }
        }
        animations?()
        UIViewController.afterTransition(duration) {
            AppearanceDriver.muted { fromView.removeFromSuperview() }
            if visible {
                to.endAppearance()
                from.endAppearance()
            }
            completion?(true)
        }
    }

    /// Runs `body` `seconds` from now on the app's run loop clock (at the next iteration for 0).
    static func afterTransition(_ seconds: TimeInterval, _ body: @escaping () -> Void) {
        let ns = UInt64(max(0, seconds) * 1_000_000_000)
        nonisolated(unsafe) let work = body
        UIApplication.shared.mainLoop.perform(after: ns) {
            MainActor.assumeIsolated { work() }
        }
    }

    /// Runs `body` after `seconds` on the run loop clock; at once for 0.
    static func after(_ seconds: TimeInterval, _ body: @escaping () -> Void) {
        if seconds > 0 { afterTransition(seconds, body) } else { body() }
    }
}
