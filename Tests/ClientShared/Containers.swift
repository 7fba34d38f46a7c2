#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

/// A navigation controller subclass as apps write them: the bar configured once, the top controller deciding
/// the status bar and rotation, a custom push animation, and interception of the back button.
final class AppNavigationController: UINavigationController, UINavigationControllerDelegate {
    private let fade = FadeAnimator()

    override init(rootViewController: UIViewController) {
        super.init(rootViewController: rootViewController)
        delegate = self
        navigationBar.prefersLargeTitles = true
        navigationBar.isTranslucent = false
        navigationBar.barStyle = .black
        toolbar.isTranslucent = true
        hidesBarsOnSwipe = false
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .black
        appearance.shadowColor = nil
        navigationBar.standardAppearance = appearance
        navigationBar.scrollEdgeAppearance = appearance
        navigationBar.compactAppearance = appearance
        navigationBar.setBackgroundImage(UIImage(), for: .default)
        navigationBar.shadowImage = UIImage()
        rootViewController.navigationItem.backButtonDisplayMode = .minimal
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override var childForStatusBarStyle: UIViewController? { topViewController }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        topViewController?.supportedInterfaceOrientations ?? .portrait
    }

    override func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewController.hidesBottomBarWhenPushed = viewControllers.count >= 1
        super.pushViewController(viewController, animated: animated)
    }

    @discardableResult
    override func popViewController(animated: Bool) -> UIViewController? {
        super.popViewController(animated: animated)
    }

    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool) {
        navigationController.setToolbarHidden(viewController.toolbarItems?.isEmpty ?? true, animated: animated)
    }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .push ? fade : nil
    }
}

/// A cross-fade animator written the usual way.
final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toView = transitionContext.view(forKey: .to),
              let toViewController = transitionContext.viewController(forKey: .to) else { return }
        toView.frame = transitionContext.finalFrame(for: toViewController)
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            toView.alpha = 1
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) {}
}

/// A bottom sheet: a custom presentation controller with a dimming view, and its transitioning delegate.
final class SheetPresentationController: UIPresentationController {
    private let dimming = UIView()

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: bounds.height * 0.4, width: bounds.width, height: bounds.height * 0.6)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimming.frame = containerView.bounds
        containerView.insertSubview(dimming, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0.4 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimming.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}

final class SheetTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let interaction = UIPercentDrivenInteractiveTransition()
    var interactive = false

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        SheetPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        FadeAnimator()
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        interactive ? interaction : nil
    }
}

/// A tab bar controller subclass: tabs built in code, a delegate that guards one tab and re-selects.
final class MainTabBarController: UITabBarController, UITabBarControllerDelegate {
    var lockedTab: UIViewController?

    func build() {
        let feed = UINavigationController(rootViewController: ProfileViewController(userName: "feed"))
        feed.tabBarItem = UITabBarItem(title: "Feed", image: nil, tag: 0)
        let settings = UIViewController()
        settings.tabBarItem = UITabBarItem(tabBarSystemItem: .more, tag: 1)
        settings.tabBarItem.badgeValue = "1"
        settings.tabBarItem.badgeColor = .red
        tabBar.unselectedItemTintColor = .gray
        setViewControllers([feed, settings], animated: false)
        selectedIndex = 0
        delegate = self
        tabBar.isTranslucent = false
        let appearance = UITabBarAppearance()
        appearance.configureWithDefaultBackground()
        tabBar.standardAppearance = appearance
        tabBar.scrollEdgeAppearance = tabBar.standardAppearance
    }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        viewController !== lockedTab
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        (viewController as? UINavigationController)?.topViewController?.title = "selected"
    }
}

/// Container code in a plain controller: pushing through `navigationController`, showing, presenting a sheet.
extension ProfileViewController {
    func openDetail() {
        let detail = UIViewController()
        detail.navigationItem.largeTitleDisplayModeIfAvailable()
        if let navigationController {
            navigationController.pushViewController(detail, animated: true)
        } else {
            show(detail, sender: self)
        }
        _ = tabBarController?.selectedIndex
        _ = navigationController?.visibleViewController
    }

    func presentSheet(_ transitioningDelegate: SheetTransitioningDelegate) {
        let sheet = UIViewController()
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = transitioningDelegate
        sheet.presentationController?.delegate = nil
        present(sheet, animated: true)
    }
}

extension UINavigationItem {
    /// Apps set the large-title mode in helpers like this.
    func largeTitleDisplayModeIfAvailable() {
        largeTitleDisplayMode = .never
    }
}
