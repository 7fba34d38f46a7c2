import Foundation

/// `UINavigationController`: a stack of controllers with a navigation bar and an optional toolbar (VCG-K,
/// VCG-L, VCG-M, VCG-N, VCG-O). The stack mechanics — transitions, their callback order, misuse — are in
/// `UINavigationController+Stack.swift`, the layout of the bars and the content in
/// `UINavigationController+Layout.swift`.
///
/// - The root (index 0) is never popped (VCG-K-07); ``topViewController`` is the last controller,
///   ``visibleViewController`` the controller presented over the navigation controller if any, else the top
///   (VCG-K-09).
/// - Its root view holds the top controller's view below the bars (VCG-K-02); the bar's items mirror the
///   stack's navigation items (VCG-N-01); the toolbar, hidden by default (VCG-O-01), shows the top controller's
///   `toolbarItems` (VCG-O-02).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// How long showing or hiding a bar animates (UIKit's `UINavigationControllerHideShowBarDuration`).
    public static let hideShowBarDuration: CGFloat = 0.2

    // MARK: - Creating (VCG-K-08)

    /// A navigation controller whose stack is `[rootViewController]` (VCG-K-08).
    public init(rootViewController: UIViewController) {
        bar = UINavigationBar(frame: .zero)
        toolbarView = UIToolbar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        adoptBars()
        changeStack(to: [rootViewController], animated: false, api: "UINavigationController.init(rootViewController:)")
    }

    /// A navigation controller whose bars are instances of the given classes (subclasses of
    /// ``UINavigationBar`` and ``UIToolbar``; nil or another class: the standard one).
    public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        bar = (navigationBarClass as? UINavigationBar.Type)?.init(tactileBarFrame: .zero) ?? UINavigationBar(frame: .zero)
        toolbarView = (toolbarClass as? UIToolbar.Type)?.init(tactileBarFrame: .zero) ?? UIToolbar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        adoptBars()
    }

    /// An empty navigation controller (set ``viewControllers`` before showing it, VCG-L-11).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        bar = UINavigationBar(frame: .zero)
        toolbarView = UIToolbar(frame: .zero)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        adoptBars()
    }

    public required init?(coder: NSCoder) {
        bar = UINavigationBar(frame: .zero)
        toolbarView = UIToolbar(frame: .zero)
        super.init(coder: coder)
        adoptBars()
    }

    private func adoptBars() {
        bar.owner = self
        bar.autoresizingMask = [.flexibleWidth]
        toolbarView.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        toolbarView.isHidden = true
    }

    // MARK: - The stack (VCG-L)

    /// The stack, root first (VCG-L-09). Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the stack (VCG-L-08): a pop when the new top is below the current top, nothing when it is the
    /// top, a push otherwise; controllers no longer on the stack leave it.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        changeStack(to: viewControllers, animated: animated, api: "UINavigationController.setViewControllers(_:animated:)")
    }

    /// Pushes `viewController` (VCG-L-01 … VCG-L-03).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        pushOne(viewController, animated: animated, api: "UINavigationController.pushViewController(_:animated:)")
    }

    /// Pops the top controller and returns it; nil, and nothing changes, when only the root is left (VCG-L-04).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        let top = stack[stack.count - 1]
        return popOne(animated: animated, api: "UINavigationController.popViewController(animated:)") ? top : nil
    }

    /// Pops until `viewController` is on top and returns the popped controllers, bottom first (VCG-L-06);
    /// a controller not on the stack is misuse (UIKit raises).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        let api = "UINavigationController.popToViewController(_:animated:)"
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            TactileDiagnostics.report(api, "Tried to pop to a view controller that doesn't exist.")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        return changeStack(to: Array(stack[...index]), animated: animated, api: api) ? popped : nil
    }

    /// Pops everything above the root and returns it, bottom first (VCG-L-05).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// The last controller of the stack (VCG-K-09).
    open var topViewController: UIViewController? { stack.last }

    /// The controller presented over the navigation controller, if any, else the top (VCG-K-09).
    open var visibleViewController: UIViewController? {
        if let presented = presentedLink ?? topViewController?.presentedLink { return presented }
        return topViewController
    }

    /// The navigation controller's delegate (VCG-K-12).
    open weak var delegate: (any UINavigationControllerDelegate)?

    // MARK: - Bars (VCG-N-09, VCG-O)

    /// The bar; it mirrors the stack and only the navigation controller drives it (VCG-K-05).
    open var navigationBar: UINavigationBar { bar }

    /// Whether the bar is hidden (false). Setting it is `setNavigationBarHidden(_:animated: false)`.
    open var isNavigationBarHidden: Bool {
        get { navigationBarHiddenState }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// Shows or hides the bar (VCG-N-09); the content is laid out again.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBarHiddenState else { return }
        navigationBarHiddenState = hidden
        barsChanged()
    }

    /// The toolbar (VCG-O-01).
    open var toolbar: UIToolbar! { toolbarView }

    /// Whether the toolbar is hidden (true by default, VCG-O-01).
    open var isToolbarHidden: Bool {
        get { toolbarHiddenState }
        set { setToolbarHidden(newValue, animated: false) }
    }

    /// Shows or hides the toolbar (VCG-O-01, VCG-O-05).
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHiddenState else { return }
        toolbarHiddenState = hidden
        barsChanged()
    }

    /// Stored: bars hide on a tap only with gesture recognizers, which Tactile does not have yet.
    open var hidesBarsOnTap = false
    /// Stored (no gesture recognizers yet).
    open var hidesBarsOnSwipe = false
    /// Stored (no gesture recognizers yet).
    open var hidesBarsWhenVerticallyCompact = false
    /// Stored (no keyboard).
    open var hidesBarsWhenKeyboardAppears = false

    // MARK: - Showing (DESIGN-SHOW)

    /// Pushes `vc`, animated: a navigation controller is where `show(_:sender:)` of its descendants lands.
    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    /// The stack below the top controller, top first: an unwind looks nearest first (DESIGN-SEGUE-UNWIND).
    open override func allowedChildrenForUnwinding(from source: UIStoryboardUnwindSegueSource) -> [UIViewController] {
        super.allowedChildrenForUnwinding(from: source).reversed()
    }

    /// An unwind segue passing through: pops to `subsequentVC` when it is on the stack below the top
    /// (DESIGN-SEGUE-UNWIND).
    open override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        if viewControllers.contains(where: { $0 === subsequentVC }), topViewController !== subsequentVC {
            _ = popToViewController(subsequentVC, animated: true)
        }
    }

    // MARK: - Rotation (VCG-F-10, VCG-F-11)

    /// The top controller's answer.
    open override var shouldAutorotate: Bool { topViewController?.shouldAutorotate ?? true }

    /// The delegate's `navigationControllerSupportedInterfaceOrientations(_:)`, else the top controller's.
    open override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        if let delegate { return delegate.navigationControllerSupportedInterfaceOrientations(self) }
        return topViewController?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }

    /// The delegate's answer, else the top controller's.
    open override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        if let delegate { return delegate.navigationControllerPreferredInterfaceOrientationForPresentation(self) }
        return topViewController?.preferredInterfaceOrientationForPresentation ?? super.preferredInterfaceOrientationForPresentation
    }

    /// iPhone OS 3: the top controller decides (VCG-F-10).
    @available(*, deprecated, message: "Override supportedInterfaceOrientations and shouldAutorotate")
    open override func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool {
        topViewController?.shouldAutorotate(to: interfaceOrientation) ?? (interfaceOrientation == .portrait)
    }

    // MARK: - Status bar

    /// The top controller decides whether the status bar hides.
    open override var childForStatusBarHidden: UIViewController? { topViewController }
    /// The top controller decides the style while the bar is hidden; otherwise the bar's style does.
    open override var childForStatusBarStyle: UIViewController? { navigationBarHiddenState ? topViewController : nil }
    /// Light content over a `.black` bar, else the default.
    open override var preferredStatusBarStyle: UIStatusBarStyle { bar.barStyle == .default ? .default : .lightContent }

    // MARK: - The view

    /// A container holding the top controller's view below the bars (VCG-K-02).
    open override func loadView() {
        let container = ContainerView(frame: UIApplication.shared.screenBounds)
        container.controller = self
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(toolbarView)
        container.addSubview(bar)
        view = container
    }

    // MARK: - State

    let bar: UINavigationBar
    let toolbarView: UIToolbar
    /// The stack (VCG-L-09).
    var stack: [UIViewController] = []
    var navigationBarHiddenState = false
    var toolbarHiddenState = true
    /// The push or pop in flight (animated, or run by an animator).
    var transitionRunning = false
    /// Controllers added to the stack whose `didMove(toParent:)` waits for their first appearance.
    var awaitingDidMove: [UIViewController] = []
    /// The controllers on the stack that had `hidesBottomBarWhenPushed` when they were added (VCG-J-07).
    var bottomBarHiders = Set<ObjectIdentifier>()

    // MARK: - Appearance hooks

    override func containerWillForwardAppearance(_ appearing: Bool) {
        if appearing { installTopView() }
    }

    override func containerDidForwardAppearance(_ appearing: Bool, animated: Bool) {
        // VCG-M-06: the delegate hears of the first top when the navigation controller appears.
        if appearing, let top = topViewController { delegate?.navigationController(self, willShow: top, animated: animated) }
    }

    override func containerDidEndAppearance(_ appeared: Bool) {
        guard appeared, let top = topViewController else { return }
        delegate?.navigationController(self, didShow: top, animated: appearanceAnimated)
        sendAwaitedDidMove(top)
    }

    override func containerLostChild(_ child: UIViewController) {
        guard let index = stack.firstIndex(where: { $0 === child }) else { return }
        stack.remove(at: index)
        refreshBarItems()
        noteBottomBarHiders(removed: [child], added: [])
        awaitingDidMove.removeAll { $0 === child }
        if let container = viewIfLoaded, let childView = child.loadedView, childView.superview === container {
            // It was on top: the new top takes its place.
            swapDisplayedChild(from: child, to: appearState == .disappeared ? nil : topViewController, in: container) {
                placeContent($0, in: container, at: 0)
            }
        }
        barsChanged()
    }

    override func layoutContainerViews() {
        if !transitionRunning { installTopView() }
        layoutBarsAndContent()
    }
}
