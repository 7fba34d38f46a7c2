import Foundation

/// Modal presentation (VCG-Q-01 … VCG-Q-16, SBT-PRS-01 … SBT-PRS-09, DESIGN-PRESENT).
///
/// - The presenting controller is the root of the receiver's container chain (for `.currentContext` /
///   `.overCurrentContext`: the nearest one with ``UIViewController/definesPresentationContext``, else that
///   root). It owns the presented controller (VCG-Q-16); `presentedViewController` / `presentingViewController`
///   link them (VCG-Q-02, VCG-Q-04) and are also answered for the controllers' descendants.
/// - The presented view is sized to the window (to the context's frame for the context styles) and added to
///   the window above the presenter's view.
/// - A covering presentation (``UIModalPresentationStyle`` `.fullScreen` / `.currentContext`, or any style
///   under ``TactileBehavior/iPhoneOS3``) removes the presenter's view when it completes, and the order is
///   VCG-Q-08's: presenter `viewWillDisappear` → presented `viewWillAppear` → presented `viewDidAppear` →
///   presenter `viewDidDisappear` → completion. A sheet style leaves the presenter alone.
/// - Dismissal (VCG-Q-05, SBT-PRS-02, SBT-PRS-03): sent to a controller that presented, it dismisses its presented
///   controller and everything that one presented; sent to a presented controller that presents nothing,
///   it is forwarded to the presenter. Order: the dismissed controllers that are visible
///   `viewWillDisappear` (top first) → presenter `viewWillAppear` → (links cleared) → presenter
///   `viewDidAppear` → dismissed `viewDidDisappear` → completion.
/// - Transition coordinator (DESIGN-COORDINATOR): the presenter and the presented (on dismissal, the presenter
///   and every dismissed controller) answer ``UIViewController/transitionCoordinator`` from the
///   will-callbacks on; its alongside blocks run right after the will-callbacks, its completion blocks after
///   the did-callbacks and before the completion handler, and then it is cleared.
/// - `animated: false` completes synchronously. `animated: true` sends the will-callbacks at once and the
///   rest when ``TactileHost/transitionDuration`` has elapsed on the run loop clock.
///
/// Misuse — presenting a controller that is already presented, has a parent, is on screen, or is the
/// receiver; presenting from a controller whose view is not in a window, that is already presenting, that
/// was presented with `.partialCurl`, or while a transition is in progress — is reported through
/// ``TactileDiagnostics`` (UIKit raises or logs) and changes nothing.
extension UIViewController {
    /// `link` of this controller or of its nearest container ancestor that has one.
    func nearest(_ link: KeyPath<UIViewController, UIViewController?>) -> UIViewController? {
        var c: UIViewController? = self
        while let x = c {
            if let found = x[keyPath: link] { return found }
            c = x.parentLink
        }
        return nil
    }

    // MARK: - Deprecated API (VCG-Q-02 … VCG-Q-06, SBT-PRS-04)

    /// The presented controller (iPhone OS 3's name for ``presentedViewController``).
    @available(*, deprecated, renamed: "presentedViewController")
    public var modalViewController: UIViewController? { presentedViewController }

    /// iPhone OS 3's parent link: under ``TactileBehavior/iPhoneOS3`` the container parent, else the
    /// presenting controller (VCG-Q-02); under ``TactileBehavior/modern`` the container parent only (iOS 5+).
    @available(*, deprecated, renamed: "parent")
    public var parentViewController: UIViewController? {
        if UIApplication.shared.behavior == .iPhoneOS3 { return parentLink ?? presentingViewController }
        return parentLink
    }

    /// iPhone OS 3's `presentModalViewController:animated:` (VCG-Q-02, SBT-PRS-04): ``present(_:animated:completion:)``
    /// without a completion.
    @available(*, deprecated, renamed: "present(_:animated:completion:)")
    public func presentModalViewController(_ modalViewController: UIViewController, animated: Bool) {
        present(modalViewController, animated: animated, completion: nil)
    }

    /// iPhone OS 3's `dismissModalViewControllerAnimated:` (VCG-Q-06, SBT-PRS-02): ``dismiss(animated:completion:)``
    /// without a completion.
    @available(*, deprecated, renamed: "dismiss(animated:completion:)")
    public func dismissModalViewController(animated: Bool) {
        dismiss(animated: animated, completion: nil)
    }

    // MARK: - Present

    /// Whether presenting `vc` covers (and removes) the presenter's view.
    static func covers(_ vc: UIViewController) -> Bool {
        if UIApplication.shared.behavior == .iPhoneOS3 { return true }
        switch vc.modalPresentationStyle {
        case .fullScreen, .currentContext: return true
        default: return false
        }
    }

    private var rootOfContainerChain: UIViewController {
        var c = self
        while let p = c.parentLink { c = p }
        return c
    }

    func presentationPresent(_ vc: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let api = "UIViewController.present(_:animated:completion:)"
        if vc === self {
            return TactileDiagnostics.report(api, "Application tried to present modal view controller on itself. Presenting controller is \(self)")
        }
        if let presenter = vc.presentingLink {
            return TactileDiagnostics.report(api, "Application tried to present modally a view controller \(vc) that is already being presented by \(presenter)")
        }
        if vc.parentLink != nil {
            return TactileDiagnostics.report(api, "Application tried to present modally a view controller \(vc) that has a parent view controller \(vc.parentLink!)")
        }
        if vc.appearState != .disappeared || vc.loadedView?.window != nil {
            return TactileDiagnostics.report(api, "Application tried to present modally an active controller \(vc)")
        }
        var host = rootOfContainerChain
        if vc.modalPresentationStyle == .currentContext || vc.modalPresentationStyle == .overCurrentContext {
            var c: UIViewController? = self
            while let x = c, !x.definesPresentationContext { c = x.parentLink }
            host = c ?? host
        }
        if host.modalTransitionStyle == .partialCurl, host.presentingLink != nil {
            return TactileDiagnostics.report(api, "\(host) was presented with UIModalTransitionStylePartialCurl and cannot present (SBT-PRS-07)")
        }
        if vc.modalTransitionStyle == .partialCurl, !Self.covers(vc) || vc.modalPresentationStyle == .currentContext {
            return TactileDiagnostics.report(api, "UIModalTransitionStylePartialCurl requires UIModalPresentationFullScreen (SBT-PRS-07)")
        }
        if let already = host.presentedLink {
            return TactileDiagnostics.report(api, "Attempt to present \(vc) on \(host) which is already presenting \(already)")
        }
        if host.transitionInFlight || host.presentingLink?.transitionInFlight == true {
            return TactileDiagnostics.report(api, "Attempt to present \(vc) on \(host) while a presentation is in progress")
        }
        guard let hostView = host.loadedView, let window = hostView.window else {
            return TactileDiagnostics.report(api, "Attempt to present \(vc) on \(host) whose view is not in the window hierarchy")
        }
        // SBT-PRS-10, SBT-ROT-04, SBT-ROT-16: a full-screen presentation makes `vc` the orientation decider.
        if Self.covers(vc), vc.modalPresentationStyle != .currentContext,
           !UIApplication.shared.prepareOrientation(forPresenting: vc, in: window) {
            return
        }

        host.presentedLink = vc
        vc.presentingLink = host
        vc.beingPresented = true
        let presentation = makePresentationController(for: vc, presenting: host)
        let custom = vc.modalPresentationStyle == .custom
        let covers = custom ? presentation.shouldRemovePresentersView : Self.covers(vc)
        vc.coversPresenter = covers
        let presentedView: UIView = vc.view
        let container: UIView
        if custom {
            let transitionView = PresentationContainerView(frame: window.bounds)
            transitionView.presentationController = presentation
            transitionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            AppearanceDriver.muted { window.addSubview(transitionView) }
            container = transitionView
        } else if vc.modalPresentationStyle == .currentContext || vc.modalPresentationStyle == .overCurrentContext,
           let superview = hostView.superview, UIApplication.shared.behavior == .modern {
            container = superview
            presentedView.frame = hostView.frame
        } else {
            container = window
            presentedView.frame = window.bounds
        }
        presentation.container = container
        if custom { presentedView.frame = presentation.frameOfPresentedViewInContainerView }
        presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        vc.presentationContainer = container
        // A custom animator runs animated presentations when the transitioning delegate gives one.
        let animator = animated
            ? vc.transitioningDelegate?.animationController(forPresented: vc, presenting: host, source: self) : nil
        let duration = animator.map { $0.transitionDuration(using: nil) } ?? UIApplication.shared.transitionDuration
        // DESIGN-COORDINATOR: both controllers answer `transitionCoordinator` from their will-callbacks until the
        // coordinator's completion blocks have run (UIKit: "when you present or dismiss a view controller,
        // UIKit creates a transition coordinator object automatically … it lasts for the duration of the
        // transition"; also for `animated: false`, with `isAnimated` false).
        let coordinator = TransitionCoordinator(duration: animated ? duration : 0,
                                                from: host, to: vc, container: container,
                                                style: vc.modalPresentationStyle)
        host.activeCoordinator = coordinator
        vc.activeCoordinator = coordinator
        AppearanceDriver.muted {
            if covers { host.beginAppearance(false, animated: animated) }
            vc.beginAppearance(true, animated: animated)
            if animator == nil { container.addSubview(presentedView) }
        }
        presentation.presentationTransitionWillBegin()
        coordinator.runAnimations()
        let finish: (Bool) -> Void = { completed in
            presentation.presentationTransitionDidEnd(completed)
            if completed {
                AppearanceDriver.muted {
                    if presentedView.superview !== container { container.addSubview(presentedView) }
                    if covers { hostView.removeFromSuperview() }
                }
                vc.endAppearance()
                vc.beingPresented = false
                if covers { host.endAppearance() }
            } else {
                // Cancelled (DESIGN-TRANSITION): the presented controller disappears again, the presenter stays.
                vc.beingPresented = false
                AppearanceDriver.muted {
                    vc.beginAppearance(false, animated: animated)
                    if covers { host.beginAppearance(true, animated: animated) }
                    presentedView.removeFromSuperview()
                    if custom { container.removeFromSuperview() }
                    if covers, hostView.superview == nil { window.addSubview(hostView) }
                }
                host.presentedLink = nil
                vc.presentingLink = nil
                vc.presentationLink = nil
                vc.beingPresented = false
                vc.endAppearance()
                if covers { host.endAppearance() }
            }
            host.transitionInFlight = false
            UIApplication.shared.refreshStatusBar()
            coordinator.runCompletions()
            for c in [host, vc] where c.activeCoordinator === coordinator { c.activeCoordinator = nil }
            if completed { completion?() }
        }
        if let animator {
            host.transitionInFlight = true
            let context = TransitionContext(
                container: container, from: host, to: vc, fromView: covers ? hostView : nil, toView: presentedView,
                frames: [ObjectIdentifier(host): (hostView.frame, covers ? .zero : hostView.frame),
                         ObjectIdentifier(vc): (.zero, presentedView.frame)],
                animated: true, style: vc.modalPresentationStyle, animator: animator, finish: finish)
            coordinator.context = context
            context.start(interaction: vc.transitioningDelegate?.interactionControllerForPresentation(using: animator))
        } else {
            Self.runModalTransition(animated: animated, host: host) { finish(true) }
        }
    }

    /// The presentation controller of `vc`'s presentation: the transitioning delegate's for `.custom`, else
    /// one of UIKit's rules.
    private func makePresentationController(for vc: UIViewController, presenting host: UIViewController) -> UIPresentationController {
        let controller: UIPresentationController
        if let early = vc.presentationLink, early.container == nil,
           (vc.modalPresentationStyle == .custom) != (early is SystemPresentationController) {
            controller = early  // made by an early `presentationController` access (its delegate may be set)
            controller.presenting = host
        } else if vc.modalPresentationStyle == .custom {
            controller = vc.transitioningDelegate?.presentationController(forPresented: vc, presenting: host, source: self)
                ?? UIPresentationController(presentedViewController: vc, presenting: host)
        } else {
            controller = SystemPresentationController(presentedViewController: vc, presenting: host)
        }
        vc.presentationLink = controller
        return controller
    }

    // MARK: - Dismiss

    func presentationDismiss(animated: Bool, completion: (() -> Void)?) {
        let api = "UIViewController.dismiss(animated:completion:)"
        var host: UIViewController?
        var c: UIViewController? = self
        while let x = c, host == nil {
            if x.presentedLink != nil { host = x }
            c = x.parentLink
        }
        if host == nil { host = presentingViewController }  // SBT-PRS-02: forwarded to the presenter
        guard let host, let first = host.presentedLink else { return }
        var chain = [first]
        while let next = chain.last!.presentedLink { chain.append(next) }
        if host.transitionInFlight || chain.contains(where: \.transitionInFlight) {
            return TactileDiagnostics.report(api, "Attempt to dismiss from \(self) while a presentation or dismiss is in progress")
        }
        let covers = first.coversPresenter
        // A covered presenter's view may have been unloaded meanwhile (iPhone OS 3, VCG-B-08): it loads again here,
        // before its viewWillAppear, in the place the presented view had.
        let hostView: UIView? = covers ? host.view : host.loadedView
        // SBT-ROT-14: the uncovered view takes the current size (the interface may have turned meanwhile).
        if covers, let hostView, let container = first.presentationContainer {
            hostView.frame = first.loadedView?.frame ?? container.bounds
            hostView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        let dismissedViews = chain.reversed().compactMap(\.loadedView)
        let visible = chain.reversed().filter { $0.appearState == .appeared || $0.appearState == .appearing }
        let presentation = first.presentationLink
        let animator = animated ? first.transitioningDelegate?.animationController(forDismissed: first) : nil
        let duration = animator.map { $0.transitionDuration(using: nil) } ?? UIApplication.shared.transitionDuration
        for vc in chain { vc.beingDismissed = true }
        let coordinator = TransitionCoordinator(duration: animated ? duration : 0,
                                                from: chain.last, to: host, container: first.presentationContainer,
                                                style: first.modalPresentationStyle)
        for vc in [host] + chain { vc.activeCoordinator = coordinator }
        AppearanceDriver.muted {
            for vc in visible { vc.beginAppearance(false, animated: animated) }
            if covers, let hostView {
                host.beginAppearance(true, animated: animated)
                // Back where it was: below the lowest dismissed view still in the presentation's container.
                if let container = first.presentationContainer {
                    if let below = chain.compactMap(\.loadedView).first(where: { $0.superview === container }) {
                        container.insertSubview(hostView, belowSubview: below)
                    } else if let transitionView = container as? PresentationContainerView, let window = container.window {
                        window.insertSubview(hostView, belowSubview: transitionView)
                    } else {
                        container.addSubview(hostView)
                    }
                }
            }
        }
        presentation?.dismissalTransitionWillBegin()
        coordinator.runAnimations()
        let finish: (Bool) -> Void = { completed in
            presentation?.dismissalTransitionDidEnd(completed)
            if completed {
                AppearanceDriver.muted {
                    for view in dismissedViews { view.removeFromSuperview() }
                    if let transitionView = first.presentationContainer as? PresentationContainerView {
                        transitionView.removeFromSuperview()
                    }
                }
                host.presentedLink = nil
                for vc in chain {
                    vc.presentingLink = nil
                    vc.presentedLink = nil
                    vc.presentationLink = nil
                }
                if covers { host.endAppearance() }
                for vc in visible { vc.endAppearance() }
            } else {
                // Cancelled (DESIGN-TRANSITION): the dismissed controllers appear again, the presenter goes back under.
                for vc in chain { vc.beingDismissed = false }
                AppearanceDriver.muted {
                    for vc in visible.reversed() { vc.beginAppearance(true, animated: animated) }
                    if covers {
                        host.beginAppearance(false, animated: animated)
                        hostView?.removeFromSuperview()
                    }
                }
                for vc in visible.reversed() { vc.endAppearance() }
                if covers { host.endAppearance() }
            }
            for vc in chain { vc.beingDismissed = false }
            host.transitionInFlight = false
            UIApplication.shared.refreshStatusBar()
            coordinator.runCompletions()
            for vc in [host] + chain where vc.activeCoordinator === coordinator { vc.activeCoordinator = nil }
            if completed, covers { UIApplication.shared.orientationAfterDismissal() }
            if completed { completion?() }
        }
        if let animator, let container = first.presentationContainer {
            host.transitionInFlight = true
            let dismissed = chain.last ?? first
            let context = TransitionContext(
                container: container, from: dismissed, to: host, fromView: dismissed.loadedView,
                toView: covers ? hostView : nil,
                frames: [ObjectIdentifier(dismissed): (dismissed.loadedView?.frame ?? .zero, .zero),
                         ObjectIdentifier(host): (.zero, hostView?.frame ?? .zero)],
                animated: true, style: first.modalPresentationStyle, animator: animator, finish: finish)
            coordinator.context = context
            context.start(interaction: first.transitioningDelegate?.interactionControllerForDismissal(using: animator))
        } else {
            Self.runModalTransition(animated: animated, host: host) { finish(true) }
        }
    }
}

extension UIViewController {
    /// Ends a presentation or dismissal: at once, or when animated after `TactileHost.transitionDuration` on the
    /// run loop clock, with `host` marked in a transition meanwhile (`finish` clears the mark).
    static func runModalTransition(animated: Bool, host: UIViewController, _ finish: @escaping () -> Void) {
        guard animated else { return finish() }
        host.transitionInFlight = true
        afterTransition(UIApplication.shared.transitionDuration, finish)
    }
}
