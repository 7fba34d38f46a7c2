import Foundation

/// The navigation stack's changes (VCG-L, VCG-M, DESIGN-NAV).
///
/// Every change — push, pop, popTo, setViewControllers — is one `changeStack(to:)`:
/// 1. Misuse changes nothing and is reported with UIKit's reason (VCG-L-02, VCG-L-03: a controller twice, a
///    navigation or tab bar controller pushed); so is a change while a transition runs (iOS 13+ logs it and
///    drops the change: "the navigation stack will not be updated").
/// 2. Controllers leaving the stack get `willMove(toParent: nil)` first; new ones are added as children
///    (`willMove(toParent:)`, before their view loads). The stack, `children`, and the bar's items change at once.
/// 3. On screen, the top change is a transition (DESIGN-NAV), logged on devices as: incoming `viewDidLoad` (if
///    needed), outgoing `viewWillDisappear`, incoming `viewWillAppear`, delegate `willShow`, [the animation:
///    ``TactileHost/transitionDuration`` on the run loop clock when animated, or a custom animator], outgoing
///    `viewDidDisappear`, incoming `viewDidAppear`, delegate `didShow`, then `didMove(toParent:)` for the
///    added controllers and `didMove(toParent: nil)` for the removed ones. Intermediate controllers of a
///    popTo get no appearance callbacks (VCG-L-06).
/// 4. Off screen the views swap without callbacks; a new top's `didMove(toParent:)` waits for its first
///    appearance, so `isMovingToParent` is true then (as for the root when the navigation controller first
///    appears).
extension UINavigationController {
    /// Pushes `vc`: O(1) in the depth of the stack.
    @discardableResult
    func pushOne(_ vc: UIViewController, animated: Bool, api: String) -> Bool {
        guard validate(vc, api: api), !(vc.parentLink === self && stack.contains(where: { $0 === vc })) || reportDuplicate(vc, api),
              allowedNow(api) else { return false }
        let item = vc.navigationItem
        apply(removed: [], added: [vc], animated: animated, oldTop: stack.last, operation: .push, mutate: {
            stack.append(vc)
            bar.itemStack.append(item)
        }, undo: { [unowned self] in
            stack.removeLast()
            bar.itemStack.removeLast()
        })
        return true
    }

    /// Pops the top (there is one above the root): O(1) in the depth of the stack.
    @discardableResult
    func popOne(animated: Bool, api: String) -> Bool {
        guard allowedNow(api), stack.count > 1 else { return false }
        let top = stack[stack.count - 1]
        let item = bar.itemStack.last
        apply(removed: [top], added: [], animated: animated, oldTop: top, operation: .pop, mutate: {
            stack.removeLast()
            bar.itemStack.removeLast()
        }, undo: { [unowned self] in
            stack.append(top)
            if let item { bar.itemStack.append(item) }
        })
        return true
    }

    /// Applies any new stack (setViewControllers, popTo); false when it was refused (misuse or a transition
    /// in flight). O(n).
    @discardableResult
    func changeStack(to newStack: [UIViewController], animated: Bool, api: String) -> Bool {
        var seen = Set<ObjectIdentifier>()
        for vc in newStack {
            guard validate(vc, api: api) else { return false }
            guard seen.insert(ObjectIdentifier(vc)).inserted || reportDuplicate(vc, api) else { return false }
        }
        guard allowedNow(api) else { return false }
        let oldStack = stack
        let oldIDs = Set(oldStack.map(ObjectIdentifier.init))
        let oldTop = stack.last, newTop = newStack.last
        let removed = oldStack.filter { !seen.contains(ObjectIdentifier($0)) }
        let added = newStack.filter { !oldIDs.contains(ObjectIdentifier($0)) }
        let operation: Operation = newTop === oldTop ? .none
            : newTop.map { oldIDs.contains(ObjectIdentifier($0)) } == true ? .pop : .push
        apply(removed: removed, added: added, animated: animated, oldTop: oldTop, operation: operation, mutate: {
            stack = newStack
            childList = newStack + removed
            refreshBarItems()
        }, undo: { [unowned self] in
            stack = oldStack
            childList = oldStack + added
            refreshBarItems()
        })
        return true
    }

    /// Steps 2–4 of the type's rules: containment, the new stack (`mutate`), then a transition or a swap.
    private func apply(removed: [UIViewController], added: [UIViewController], animated: Bool, oldTop: UIViewController?,
                       operation: Operation, mutate: () -> Void, undo: @escaping () -> Void) {
        for vc in removed { vc.willMove(toParent: nil) }
        for vc in added { containmentAdd(vc) }
        mutate()
        noteBottomBarHiders(removed: removed, added: added)
        let newTop = stack.last
        let container = viewIfLoaded
        let onScreen = appearState == .appeared && container?.window != nil
        guard onScreen, operation != .none, let container else {
            // Off screen (or the top did not change): no transition.
            if operation != .none, let container {
                swapDisplayedChild(from: displayedChild(in: container), to: appearState == .disappeared ? nil : newTop,
                                   in: container) { placeContent($0, in: container, at: 0) }
            }
            for vc in removed { vc.containmentRemove() }
            if !awaitingDidMove.isEmpty { awaitingDidMove.removeAll { vc in removed.contains { $0 === vc } } }
            for vc in added where vc !== newTop || appearState == .appeared { sendDidMove(vc) }
            if let newTop, appearState != .appeared, added.contains(where: { $0 === newTop }) {
                awaitingDidMove.append(newTop)
            }
            // A controller covered before it ever appeared has moved all the same.
            for vc in awaitingDidMove where vc !== newTop { sendDidMove(vc) }
            barsChanged()
            return
        }
        runTransition(from: oldTop, to: newTop, operation: operation, animated: animated, container: container,
                      removed: removed, added: added, undo: undo)
    }

    /// VCG-L-03, misuse of containment: a controller that cannot be on a navigation stack.
    private func validate(_ vc: UIViewController, api: String) -> Bool {
        if vc is UITabBarController {
            TactileDiagnostics.report(api, "Pushing a tab bar controller is not supported")
            return false
        }
        if vc is UINavigationController {
            TactileDiagnostics.report(api, "Pushing a navigation controller is not supported")
            return false
        }
        if vc === self || vc.presentingLink != nil || isDescendant(ofController: vc) {
            TactileDiagnostics.report(api, "\(vc) cannot be a child of \(self)")
            return false
        }
        return true
    }

    /// VCG-L-02: reports a controller that would be on the stack twice; false.
    private func reportDuplicate(_ vc: UIViewController, _ api: String) -> Bool {
        TactileDiagnostics.report(api, "Pushing the same view controller instance more than once is not supported (\(vc))")
        return false
    }

    /// No change while a transition runs (iOS 13+ logs it and drops the change).
    private func allowedNow(_ api: String) -> Bool {
        guard transitionRunning else { return true }
        TactileDiagnostics.report(api, "\(api) called on \(self) while an existing transition or presentation is occurring; the navigation stack will not be updated.")
        return false
    }

    private func isDescendant(ofController vc: UIViewController) -> Bool {
        var c = parentLink
        while let x = c {
            if x === vc { return true }
            c = x.parentLink
        }
        return false
    }

    // MARK: - The transition

    private func runTransition(from old: UIViewController?, to new: UIViewController?, operation: Operation,
                               animated: Bool, container: UIView, removed: [UIViewController], added: [UIViewController],
                               undo: @escaping () -> Void) {
        guard let new else {
            // Everything was removed: the old top just disappears.
            swapDisplayedChild(from: old, to: nil, in: container) { _ in }
            for vc in removed { vc.containmentRemove() }
            return barsChanged()
        }
        transitionRunning = true
        let newView: UIView = new.view
        let targetFrame = contentLayout(for: new).frame
        // Only an animated change asks for an animator (as UIKit).
        let animator = animated
            ? old.flatMap { delegate?.navigationController(self, animationControllerFor: operation, from: $0, to: new) } : nil
        let duration = animator.map { $0.transitionDuration(using: nil) } ?? UIApplication.shared.transitionDuration
        let coordinator = TransitionCoordinator(duration: animated ? duration : 0, from: old, to: new, container: container)
        activeCoordinator = coordinator
        let oldFrame = old?.loadedView?.frame ?? .zero
        AppearanceDriver.muted {
            old?.beginAppearance(false, animated: animated)
            new.beginAppearance(true, animated: animated)
            if animator == nil {
                let oldView = old?.loadedView
                let index = oldView.flatMap { v in container.subviews.firstIndex { $0 === v } } ?? 0
                placeContent(newView, in: container, at: operation == .push ? index + 1 : index)
            }
        }
        delegate?.navigationController(self, willShow: new, animated: animated)
        barsChanged()
        coordinator.runAnimations()

        let finish: (Bool) -> Void = { [weak self] completed in
            guard let self else { return }
            if completed {
                self.completeTransition(from: old, to: new, animated: animated, removed: removed, added: added)
            } else {
                self.undoTransition(from: old, to: new, animated: animated, removed: removed, added: added, undo: undo)
            }
            self.transitionRunning = false
            self.barsChanged()
            UIApplication.shared.refreshStatusBar()
            coordinator.runCompletions()
            if self.activeCoordinator === coordinator { self.activeCoordinator = nil }
        }
        if let animator, let old {
            let context = TransitionContext(
                container: container, from: old, to: new, fromView: old.loadedView, toView: newView,
                frames: [ObjectIdentifier(old): (oldFrame, .zero), ObjectIdentifier(new): (.zero, targetFrame)],
                animated: animated, style: .none, animator: animator, finish: finish)
            coordinator.context = context
            context.start(interaction: delegate?.navigationController(self, interactionControllerFor: animator))
        } else {
            UIViewController.after(animated ? duration : 0) { finish(true) }
        }
    }

    private func completeTransition(from old: UIViewController?, to new: UIViewController, animated: Bool,
                                    removed: [UIViewController], added: [UIViewController]) {
        if let container = viewIfLoaded, let newView = new.loadedView,
           newView.superview !== container || container.subviews.last === newView {
            // An animator puts the incoming view in the container (on top): it goes below the bars.
            AppearanceDriver.muted { placeContent(newView, in: container, at: 0) }
        }
        AppearanceDriver.muted {
            if let oldView = old?.loadedView, oldView !== new.loadedView { oldView.removeFromSuperview() }
        }
        old?.endAppearance()
        new.endAppearance()
        delegate?.navigationController(self, didShow: new, animated: animated)
        for vc in added { sendDidMove(vc) }
        for vc in removed { vc.containmentRemove() }
    }

    /// A cancelled custom transition (VCG-M-02, DESIGN-NAV): the stack, children and bar go back, the incoming
    /// controller disappears and the outgoing one appears again; a controller that was being popped stays
    /// (`didMove(toParent:)` with this controller), one that was being pushed leaves.
    private func undoTransition(from old: UIViewController?, to new: UIViewController, animated: Bool,
                                removed: [UIViewController], added: [UIViewController], undo: () -> Void) {
        undo()
        noteBottomBarHiders(removed: added, added: removed)
        for vc in removed { vc.movingFromParent = false }
        AppearanceDriver.muted {
            new.beginAppearance(false, animated: animated)
            old?.beginAppearance(true, animated: animated)
        }
        AppearanceDriver.muted {
            if new.loadedView !== old?.loadedView { new.loadedView?.removeFromSuperview() }
            if let container = viewIfLoaded, let oldView = old?.loadedView, oldView.superview !== container {
                placeContent(oldView, in: container, at: 0)
            }
        }
        new.endAppearance()
        old?.endAppearance()
        for vc in removed { vc.didMove(toParent: self) }
        for vc in added {
            vc.willMove(toParent: nil)
            vc.containmentRemove()
        }
    }

    // MARK: - didMove(toParent:)

    func sendDidMove(_ vc: UIViewController) {
        awaitingDidMove.removeAll { $0 === vc }
        guard vc.parentLink === self else { return }
        vc.didMove(toParent: self)
    }

    /// The top's `didMove(toParent:)`, after its first appearance (VCG-M-06).
    func sendAwaitedDidMove(_ top: UIViewController) {
        if awaitingDidMove.contains(where: { $0 === top }) { sendDidMove(top) }
    }

    // MARK: - Back button

    /// The bar's back button was tapped (VCG-L-07): pop, animated.
    func backButtonTapped() {
        popViewController(animated: true)
    }
}
