import Foundation

/// The root view of a navigation or tab bar controller (UIKit's `UILayoutContainerView`): it holds the
/// displayed child's view below the bars and asks its controller to place them whenever it lays out.
final class ContainerView: UIView {
    weak var controller: UIViewController?

    override func layoutSubviews() {
        controller?.layoutContainerViews()
    }
}

extension UIViewController {
    /// The child controller whose root view is a subview of `container`.
    func displayedChild(in container: UIView) -> UIViewController? {
        for view in container.subviews {
            if let child = view.owningController, child.parentLink === self { return child }
        }
        return nil
    }

    /// Swaps the displayed child without a transition: the outgoing one disappears and the incoming one appears
    /// when the container is on screen (in the navigation order: will-disappear, will-appear, did-disappear,
    /// did-appear), `place` puts the incoming view in.
    func swapDisplayedChild(from old: UIViewController?, to new: UIViewController?, in container: UIView,
                            place: (UIView) -> Void) {
        let visible = appearState == .appeared && container.window != nil
        let newView: UIView? = new?.view
        AppearanceDriver.muted {
            if visible {
                old?.beginAppearance(false, animated: false)
                new?.beginAppearance(true, animated: false)
            } else if appearState == .appearing {
                // The container is between its will- and did-callbacks: the outgoing child ends now, the
                // incoming one ends with the container.
                old?.beginAppearance(false, animated: false)
                old?.endAppearance()
                new?.beginAppearance(true, animated: false)
            }
            if let oldView = old?.loadedView, oldView.superview === container, oldView !== newView {
                oldView.removeFromSuperview()
            }
            if let newView { place(newView) }
        }
        if visible {
            old?.endAppearance()
            new?.endAppearance()
        }
    }
}
