import Foundation
import Testing
@testable import Tactile

/// Custom transitions: animators, interaction controllers, presentation controllers (DESIGN-TRANSITION).
@MainActor
@Suite("Custom transitions")
struct CustomTransitionTests {
    let retained = Retained()

    func navOnScreen(_ log: CallbackLog, _ names: String...) -> (UIWindow, UINavigationController, LoggingNavigationDelegate,
                                                                 [LoggingViewController]) {
        navigationScene(log, names, retained: retained)
    }

    @Test("DESIGN-TRANSITION a push run by the delegate's animator: will-callbacks, animateTransition with the views, frames and container, did-callbacks at completeTransition(true), then animationEnded")
    func animatorPush() throws {
        let log = CallbackLog()
        let (_, nav, delegate, vcs) = navOnScreen(log, "a", "b")
        let animator = TestAnimator()
        delegate.animator = animator
        nav.pushViewController(vcs[1], animated: true)
        #expect(delegate.operations == [.push])
        let context = try #require(animator.context)
        #expect(context.viewController(forKey: .from) === vcs[0] && context.viewController(forKey: .to) === vcs[1])
        #expect(context.view(forKey: .to) === vcs[1].view && context.containerView === nav.view)
        #expect(context.finalFrame(for: vcs[1]) == nav.view.bounds && context.initialFrame(for: vcs[1]) == .zero)
        #expect(context.isAnimated && !context.isInteractive)
        #expect(log.take() == ["b.willMove(toParent: UINavigationController)", "b.loadView", "b.viewDidLoad",
                               "a.viewWillDisappear(true)", "b.viewWillAppear(true)[toParent]", "delegate.willShow(b, true)"])
        context.completeTransition(true)
        #expect(log.take() == ["a.viewDidDisappear(true)", "b.viewDidAppear(true)[toParent]", "delegate.didShow(b, true)",
                               "b.didMove(toParent: UINavigationController)"])
        #expect(animator.ended == [true] && vcs[0].view.superview == nil)
        context.completeTransition(true)
        #expect(TactileDiagnostics.recentMisuses.last?.reason.contains("more than once") == true)
    }

    @Test("DESIGN-TRANSITION VCG-M-02 a cancelled interactive pop (swipe back let go early): the incoming controller gets will-appear then will/did-disappear, never did-appear; the outgoing one appears again; the stack and bar go back")
    func cancelledInteractivePop() {
        let log = CallbackLog()
        let (_, nav, delegate, vcs) = navOnScreen(log, "a", "b")
        nav.pushViewController(vcs[1], animated: false)
        delegate.animator = BlockAnimator()
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        log.entries = []
        var cancelledInCompletion: Bool?
        var interactionEnded = false
        nav.popViewController(animated: true)
        let coordinator = vcs[1].transitionCoordinator
        #expect(coordinator?.isInteractive == true && coordinator?.initiallyInteractive == true)
        coordinator?.notifyWhenInteractionChanges { _ in interactionEnded = true }
        coordinator?.animate(alongsideTransition: nil) { cancelledInCompletion = $0.isCancelled }
        #expect(nav.viewControllers == [vcs[0]], "the stack changes at once")
        interaction.update(0.3)
        #expect(interaction.percentComplete == 0.3)
        interaction.cancel()
        #expect(interactionEnded)
        finishTransitions()
        #expect(log.take() == ["b.willMove(toParent: nil)", "b.viewWillDisappear(true)[fromParent]", "a.viewWillAppear(true)",
                               "delegate.willShow(a, true)", "a.viewWillDisappear(true)", "b.viewWillAppear(true)",
                               "a.viewDidDisappear(true)", "b.viewDidAppear(true)",
                               "b.didMove(toParent: UINavigationController)"])
        #expect(cancelledInCompletion == true)
        #expect(nav.viewControllers == [vcs[0], vcs[1]] && vcs[1].parent === nav && nav.navigationBar.items?.count == 2)
        #expect(vcs[1].view.superview === nav.view && vcs[0].view.superview == nil)
        nav.popViewController(animated: false)
        #expect(nav.viewControllers == [vcs[0]], "a later pop goes through")
    }

    @Test("DESIGN-TRANSITION a finished interactive push completes through the animator's UIView.animate completion")
    func finishedInteractivePush() {
        let log = CallbackLog()
        let (_, nav, delegate, vcs) = navOnScreen(log, "a", "b")
        delegate.animator = BlockAnimator()
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.pushViewController(vcs[1], animated: true)
        finishTransitions()
        #expect(!log.entries.contains { $0 == "b.viewDidAppear(true)[toParent]" }, "held until the interaction ends")
        interaction.update(0.8)
        interaction.finish()
        finishTransitions()
        #expect(log.take().suffix(4) == ["a.viewDidDisappear(true)", "b.viewDidAppear(true)[toParent]", "delegate.didShow(b, true)",
                                          "b.didMove(toParent: UINavigationController)"])
        #expect(vcs[1].view.alpha == 1)
    }

    final class SheetDelegate: NSObject, UIViewControllerTransitioningDelegate {
        let animator = TestAnimator()
        var presentation: HalfHeight?
        var interaction: UIPercentDrivenInteractiveTransition?
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { animator }
        func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { animator }
        func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)? { interaction }
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            let controller = HalfHeight(presentedViewController: presented, presenting: presenting)
            presentation = controller
            return controller
        }
    }

    final class HalfHeight: UIPresentationController {
        var log: [String] = []
        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }
        override func presentationTransitionWillBegin() { log.append("presentationWillBegin") }
        override func presentationTransitionDidEnd(_ completed: Bool) { log.append("presentationDidEnd(\(completed))") }
        override func dismissalTransitionWillBegin() { log.append("dismissalWillBegin") }
        override func dismissalTransitionDidEnd(_ completed: Bool) { log.append("dismissalDidEnd(\(completed))") }
    }

    @Test("DESIGN-TRANSITION DESIGN-PRESENT a .custom presentation: the transitioning delegate's presentation controller places the view in its container; its animator runs; the presenter stays; the order of its callbacks")
    func customPresentation() throws {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b")
        window.rootViewController = vcs[0]
        let sheet = SheetDelegate()
        vcs[1].modalPresentationStyle = .custom
        vcs[1].transitioningDelegate = sheet
        log.entries = []
        vcs[0].present(vcs[1], animated: true)
        let pc = try #require(sheet.presentation)
        #expect(vcs[1].presentationController === pc && pc.presentingViewController === vcs[0])
        #expect(pc.log == ["presentationWillBegin"])
        let context = try #require(sheet.animator.context)
        #expect(context.view(forKey: .from) == nil, "the presenter's view stays: not the animator's to move")
        #expect(context.containerView === pc.containerView && pc.containerView?.superview === window)
        #expect(vcs[1].view.frame == CGRect(x: 0, y: 240, width: 320, height: 240))
        context.completeTransition(true)
        #expect(pc.log == ["presentationWillBegin", "presentationDidEnd(true)"])
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "b.viewWillAppear(true)[presented]", "b.viewDidAppear(true)[presented]"])
        #expect(vcs[0].view.window != nil)
        vcs[0].dismiss(animated: true)
        try #require(sheet.animator.context).completeTransition(true)
        #expect(pc.log.suffix(2) == ["dismissalWillBegin", "dismissalDidEnd(true)"])
        #expect(pc.containerView?.superview == nil && vcs[0].presentedViewController == nil)
    }

    @Test("DESIGN-TRANSITION a cancelled interactive dismissal (a sheet dragged and let go): the dismissed controller disappears then appears again and stays presented; the completion does not run")
    func cancelledInteractiveDismissal() throws {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b")
        vcs[0].modalPresentationStyle = .fullScreen
        window.rootViewController = vcs[0]
        let sheet = SheetDelegate()
        sheet.animator.completesAtOnce = true
        vcs[1].modalPresentationStyle = .fullScreen
        vcs[1].transitioningDelegate = sheet
        vcs[0].present(vcs[1], animated: true)
        #expect(vcs[0].view.superview == nil)
        sheet.animator.completesAtOnce = false
        let interaction = UIPercentDrivenInteractiveTransition()
        sheet.interaction = interaction
        log.entries = []
        var completed = false
        vcs[0].dismiss(animated: true) { completed = true }
        interaction.cancel()
        try #require(sheet.animator.context).completeTransition(false)
        #expect(log.take() == ["b.viewWillDisappear(true)[dismissed]", "a.viewWillAppear(true)", "b.viewWillAppear(true)",
                               "a.viewWillDisappear(true)", "b.viewDidAppear(true)", "a.viewDidDisappear(true)"])
        #expect(!completed && vcs[0].presentedViewController === vcs[1] && vcs[0].view.superview == nil)
        #expect(!vcs[1].isBeingDismissed)
    }

    final class TabAnimatorDelegate: NSObject, UITabBarControllerDelegate {
        let animator = TestAnimator()
        func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                              to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { animator }
    }

    @Test("DESIGN-TRANSITION DESIGN-TABS a tab switch run by the delegate's animator: the appearance pairs around it; cancelled, the old tab stays selected and appears again")
    func tabSwitchAnimator() throws {
        let log = CallbackLog()
        let window = launchWithWindow()
        let vcs = loggingControllers(log, "a", "b")
        let tabs = UITabBarController()
        tabs.viewControllers = vcs
        let delegate = TabAnimatorDelegate()
        tabs.delegate = delegate
        window.rootViewController = tabs
        log.entries = []
        tabs.selectedIndex = 1
        #expect(log.take() == ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear(true)", "b.viewWillAppear(true)"])
        tabs.selectedIndex = 0
        #expect(TactileDiagnostics.misuseCount == 1, "no new selection while the switch runs")
        try #require(delegate.animator.context).completeTransition(false)
        #expect(log.take() == ["b.viewWillDisappear(true)", "a.viewWillAppear(true)", "b.viewDidDisappear(true)", "a.viewDidAppear(true)"])
        #expect(tabs.selectedIndex == 0 && vcs[1].view.superview == nil && vcs[0].view.superview === tabs.view)
        tabs.selectedIndex = 1
        try #require(delegate.animator.context).completeTransition(true)
        #expect(log.take().suffix(2) == ["a.viewDidDisappear(true)", "b.viewDidAppear(true)"])
        #expect(tabs.view.subviews.first === vcs[1].view, "below the tab bar")
    }
}
