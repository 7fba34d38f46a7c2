import Foundation

/// `UITabBarController`: one root controller per tab, a tab bar to choose among them (VCG-P).
///
/// - Every controller of ``viewControllers`` is a child; only the selected one's view is in the tab bar
///   controller's view, below the tab bar. Switching gives the old one its disappear pair and the new one its
///   appear pair, in the navigation order (will-disappear, will-appear, did-disappear, did-appear).
/// - Selection in code (``selectedIndex``, ``selectedViewController``) asks and tells the delegate nothing; a
///   user's tap on the bar (``UITabBar``) asks `shouldSelect` and tells `didSelect`, also when the tab was
///   already selected — which pops a navigation controller there to its root.
/// - On a phone (compact width) at most five tabs show (VCG-P-04, VCG-P-05): with more controllers the bar shows
///   the first four and More, whose ``moreNavigationController`` lists the rest; it is not in
///   ``viewControllers``, and ``selectedIndex`` is `NSNotFound` while its list shows. Selecting an overflow
///   controller shows it pushed on the More navigation controller (it becomes that controller's child; a
///   navigation controller's stack moves there instead) until another one is shown or the tabs change.
/// - Layout: the tab bar spans the bottom, ``TactileHost/tabBarHeight`` high plus the bottom safe area; the
///   selected view fills the controller's view and the bar is added to its safe area, when the bar is
///   translucent and the bottom edge is in its `edgesForExtendedLayout` (iOS 7+); otherwise — and always under
///   ``TactileBehavior/iPhoneOS3`` (VCG-E-08) — it stops at the bar. The bar hides while the selected navigation
///   controller's stack has a controller with `hidesBottomBarWhenPushed`.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    // MARK: - Tabs (VCG-P-01, VCG-P-09)

    /// The tabs' root controllers in display order. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty && !hasTabs ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs (VCG-P-09): the old controllers leave first, then the new ones are added; the previously
    /// selected controller stays selected if it is still there, else the same index, else index 0 (UIKit's
    /// documentation). ``customizableViewControllers`` becomes all of them (VCG-P-14).
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        replaceTabs(viewControllers ?? [], isNil: viewControllers == nil)
    }

    /// The selected tab's controller (an overflow controller when one is shown in More; the More navigation
    /// controller while its list shows). Setting it to a controller not in ``viewControllers`` is misuse.
    open var selectedViewController: UIViewController? {
        get { selectedController }
        set {
            guard let newValue else { return }
            guard newValue === moreController && overflows || tabs.contains(where: { $0 === newValue }) else {
                return TactileDiagnostics.report("UITabBarController.selectedViewController",
                                                 "-[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected.")
            }
            select(newValue)
        }
    }

    /// An unwind segue passing through: selects `subsequentVC`'s tab (DESIGN-SEGUE-UNWIND).
    open override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        if tabs.contains(where: { $0 === subsequentVC }), selectedController !== subsequentVC {
            selectedViewController = subsequentVC
        }
    }

    /// The selected tab's index in ``viewControllers``; `NSNotFound` while the More list shows. An index out of
    /// range is ignored.
    open var selectedIndex: Int {
        get {
            guard let selected = selectedController else { return NSNotFound }
            return tabs.firstIndex { $0 === selected } ?? NSNotFound
        }
        set {
            guard tabs.indices.contains(newValue) else { return }
            select(tabs[newValue])
        }
    }

    /// The navigation controller that lists the tabs that do not fit (VCG-P-05); not in ``viewControllers``.
    open var moreNavigationController: UINavigationController {
        if let moreController { return moreController }
        let list = MoreListViewController()
        let nav = UINavigationController(rootViewController: list)
        nav.tabBarItem = UITabBarItem(tabBarSystemItem: .more, tag: 0)
        nav.tabBarItem.title = "More"
        moreController = nav
        return nav
    }

    /// The controllers the user may rearrange (VCG-P-13); all of them after every change of
    /// ``viewControllers`` (VCG-P-14).
    open var customizableViewControllers: [UIViewController]?

    /// The tab bar (VCG-P-06); only the tab bar controller changes it.
    open var tabBar: UITabBar { bar }

    /// The delegate (VCG-P-10, VCG-P-11).
    open weak var delegate: (any UITabBarControllerDelegate)?

    // MARK: - UITabBarDelegate (a user's tap)

    /// The user tapped `item`: asks `shouldSelect`, selects, tells `didSelect` (VCG-P-03, VCG-P-10). Tapping the
    /// selected tab again pops a navigation controller there to its root.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard tabBar === bar, let target = controller(for: item) else { return }
        if let delegate, !delegate.tabBarController(self, shouldSelect: target) { return }
        let shown = selectedController === target
            || (target === moreController && selectedController.map { isOverflow($0) } == true)
        if shown {
            (target as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            select(target)
        }
        delegate?.tabBarController(self, didSelect: target)
    }

    open func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {
        delegate?.tabBarController(self, willBeginCustomizing: tabs)
    }

    open func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {}

    open func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {
        delegate?.tabBarController(self, willEndCustomizing: tabs, changed: changed)
    }

    open func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {
        delegate?.tabBarController(self, didEndCustomizing: tabs, changed: changed)
    }

    // MARK: - Rotation (VCG-F-10, VCG-F-12, VCG-P-17)

    /// The selected controller's answer.
    open override var shouldAutorotate: Bool { selectedController?.shouldAutorotate ?? true }

    /// The delegate's answer, else the selected controller's (iOS 6+).
    open override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        if let delegate { return delegate.tabBarControllerSupportedInterfaceOrientations(self) }
        return defaultSupportedOrientations
    }

    /// The selected controller's orientations (or the default when nothing is selected).
    var defaultSupportedOrientations: UIInterfaceOrientationMask {
        selectedController?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }

    open override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        if let delegate { return delegate.tabBarControllerPreferredInterfaceOrientationForPresentation(self) }
        return selectedController?.preferredInterfaceOrientationForPresentation
            ?? super.preferredInterfaceOrientationForPresentation
    }

    /// iPhone OS 3: an orientation only when every tab's controller supports it (VCG-F-12, VCG-P-17).
    @available(*, deprecated, message: "Override supportedInterfaceOrientations and shouldAutorotate")
    open override func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool {
        guard !tabs.isEmpty else { return interfaceOrientation == .portrait }
        return tabs.allSatisfy { $0.shouldAutorotate(to: interfaceOrientation) }
    }

    // MARK: - Status bar

    open override var childForStatusBarStyle: UIViewController? { selectedController }
    open override var childForStatusBarHidden: UIViewController? { selectedController }

    // MARK: - The view

    /// A container holding the selected view below the tab bar.
    open override func loadView() {
        let container = ContainerView(frame: UIApplication.shared.screenBounds)
        container.controller = self
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        container.addSubview(bar)
        view = container
    }

    /// An empty tab bar controller (set ``viewControllers`` before showing it, VCG-P-01).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        bar.owner = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bar.owner = self
    }

    // MARK: - State

    let bar = UITabBar(frame: .zero)
    var tabs: [UIViewController] = []
    /// Whether ``viewControllers`` was set to an array (nil until then).
    var hasTabs = false
    /// The selected controller (see ``selectedViewController``).
    weak var selectedController: UIViewController?
    var moreController: UINavigationController?
    /// A tab switch run by an animator is in flight.
    var switchRunning = false
    /// The overflow controller More shows (pushed there, or whose stack moved there).
    var shownInMore: UIViewController?

    override func containerWillForwardAppearance(_ appearing: Bool) {
        if appearing { installSelectedView() }
    }

    override func containerLostChild(_ child: UIViewController) {
        guard tabs.contains(where: { $0 === child }), child !== shownInMore else { return }
        setViewControllers(tabs.filter { $0 !== child }, animated: false)
    }

    override func layoutContainerViews() {
        installSelectedView()
        layoutTabBarAndContent()
    }
}

/// The More navigation controller's list (UIKit's private `UIMoreListController`): it stands for the tabs
/// that do not fit; its Edit button starts customising the tab bar with the customisable controllers' items.
final class MoreListViewController: UIViewController, TactileActionHandling {
    static let edit = Selector("_beginCustomizing:")

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = "More"
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: self, action: Self.edit)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "More"
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .edit, target: self, action: Self.edit)
    }

    func handlesAction(_ action: Selector) -> Bool { action == Self.edit }

    func performAction(_ action: Selector, sender: Any?) {
        guard let tabs = tabBarController else { return }
        tabs.tabBar.beginCustomizingItems((tabs.customizableViewControllers ?? []).map { $0.tabBarItem })
    }
}
