import Foundation

/// `UIStoryboardSegue`: a transition between two controllers (SBT-SEG-01): its identifier, source and destination,
/// and ``perform()``, which shows the destination. A storyboard makes one each time a segue fires (SBT-SEG-02); a
/// custom segue (`kind="custom"`) is a subclass that overrides ``perform()``.
///
/// Storyboards make custom segues with ``init(identifier:source:destination:)``, which is therefore `required`
/// here (Linux has no Objective-C runtime to call an initializer by name): a subclass that overrides it writes
/// `required init(identifier:source:destination:)`.
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    /// The segue's identifier in the storyboard (SBT-SEG-01, SBT-SB-04); nil when it has none.
    open private(set) var identifier: String?
    /// The controller the segue starts from.
    open private(set) var source: UIViewController
    /// The controller the segue shows.
    open private(set) var destination: UIViewController
    private var performHandler: (() -> Void)?

    public required init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        super.init()
    }

    /// A segue whose ``perform()`` runs `performHandler` (iOS 10).
    public convenience init(identifier: String?, source: UIViewController, destination: UIViewController,
                            performHandler: @escaping () -> Void) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    /// Shows the destination. The default runs the perform handler, if any; a storyboard's segues do what their
    /// kind says (SBT-SEG-02 step 3); a custom segue overrides it.
    open func perform() {
        performHandler?()
    }
}

/// What an unwind segue starts from (iOS 9): passed to the controllers that look for its destination
/// (``UIViewController/allowedChildrenForUnwinding(from:)``, ``UIViewController/childContaining(_:)``).
@preconcurrency @MainActor
open class UIStoryboardUnwindSegueSource: NSObject {
    /// The controller the unwind starts from.
    open private(set) var source: UIViewController
    /// The action method the destination implements (`unwindToMenu:`).
    open private(set) var unwindAction: Selector
    /// What fired the segue.
    open private(set) var sender: Any?

    init(source: UIViewController, unwindAction: Selector, sender: Any?) {
        self.source = source
        self.unwindAction = unwindAction
        self.sender = sender
        super.init()
    }
}

/// A segue of a storyboard kind (`show`, `showDetail`, `presentation`, `modal`, `push`, `replace`,
/// `popoverPresentation`, `embed`, `unwind`): ``perform()`` does what the kind says, as UIKit's private segue
/// classes do.
final class StoryboardKindSegue: UIStoryboardSegue {
    enum Kind: String {
        case show, showDetail, presentation, modal, push, replace, popoverPresentation, embed, unwind
    }

    var kind: Kind = .show
    var animates = true
    var presentationStyle: UIModalPresentationStyle?
    var transitionStyle: UIModalTransitionStyle?
    /// For an embed segue: the container view the child's view goes into.
    weak var containerView: UIView?
    /// For an unwind segue: the controllers from the common ancestor down to the destination, and the presenter
    /// whose presentation the unwind leaves (dismissed first, by the runtime as in UIKit).
    var unwindPath: [UIViewController] = []
    weak var unwindPresenter: UIViewController?

    override func perform() {
        switch kind {
        case .show: source.show(destination, sender: nil)
        case .showDetail, .replace: source.showDetailViewController(destination, sender: nil)
        case .presentation, .modal, .popoverPresentation:
            if let presentationStyle { destination.modalPresentationStyle = presentationStyle }
            if let transitionStyle { destination.modalTransitionStyle = transitionStyle }
            source.present(destination, animated: animates, completion: nil)
        case .push:
            guard let navigation = source.navigationController else {
                let lead = identifier.map { "Could not find a navigation controller for segue '\($0)'. " } ?? ""
                return TactileDiagnostics.report("UIStoryboardSegue.perform()",
                                                 "NSGenericException: \(lead)Push segues can only be used when the source controller is managed by an instance of UINavigationController.")
            }
            navigation.pushViewController(destination, animated: animates)
        case .embed:
            guard let containerView else { return }
            if !containerView.subviews.isEmpty {
                return TactileDiagnostics.report("UIStoryboardSegue.perform()",
                                                 "NSInternalInconsistencyException: There are unexpected subviews in the container view. Perhaps the embed segue has already fired once or a subview was added programmatically?")
            }
            source.addChild(destination)
            destination.view.frame = containerView.bounds
            destination.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            containerView.addSubview(destination.view)
            destination.didMove(toParent: source)
        case .unwind:
            unwindPresenter?.dismiss(animated: animates, completion: nil)
            for (controller, next) in zip(unwindPath, unwindPath.dropFirst()) {
                controller.unwind(for: self, towards: next)
            }
        }
    }
}
