#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

/// A screen controller that overrides every open member of `UIViewController`, calling `super` where UIKit
/// requires it (appearance, layout callbacks, memory warnings, containment, editing, size transitions).
class ProfileViewController: UIViewController {
    let userName: String
    var appearCount = 0
    var transitionSizes: [CGSize] = []
    /// Read in the nonisolated `deinit`, so not main-actor state.
    nonisolated(unsafe) private var observer: NSObjectProtocol?
    private var embedded: UIViewController?

    init(userName: String) {
        self.userName = userName
        super.init(nibName: nil, bundle: nil)
        title = userName
        modalPresentationStyle = .fullScreen
        modalTransitionStyle = .crossDissolve
        additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 44, right: 0)
    }

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        userName = "guest"
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    required init?(coder: NSCoder) {
        userName = "guest"
        super.init(coder: coder)
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        DeinitLog.shared.record("ProfileViewController")
    }

    // MARK: View loading

    override func loadView() {
        // No call to super: the override builds the view itself.
        let root = CardView(title: userName)
        root.backgroundColor = .systemBackground
        view = root
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let header = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 88))
        header.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        header.backgroundColor = UIColor.blue.withAlphaComponent(0.2)
        view.addSubview(header)
        observer = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification,
                                                          object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.view.setNeedsLayout() }
        }
        navigationItem.title = userName
        navigationItem.rightBarButtonItem = editButtonItem
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self, action: Selector("cancel:"))
        toolbarItems = [UIBarButtonItem(title: "Share", style: .plain, target: nil, action: Selector("share:"))]
        tabBarItem = UITabBarItem(title: userName, image: UIImage(named: "person"), tag: 1)
    }

    override var view: UIView! {
        get { super.view }
        set { super.view = newValue }
    }
    override var viewIfLoaded: UIView? { super.viewIfLoaded }
    override var isViewLoaded: Bool { super.isViewLoaded }
    override func loadViewIfNeeded() { super.loadViewIfNeeded() }
    override var nibName: String? { super.nibName }
    override var nibBundle: Bundle? { super.nibBundle }

    // MARK: Identity and bars

    override var title: String? {
        didSet { viewIfLoaded?.accessibilityLabel = title }
    }
    override var navigationItem: UINavigationItem { super.navigationItem }
    override var tabBarItem: UITabBarItem! {
        get { super.tabBarItem }
        set { super.tabBarItem = newValue }
    }
    override var toolbarItems: [UIBarButtonItem]? {
        get { super.toolbarItems }
        set { super.toolbarItems = newValue }
    }
    override func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        super.setToolbarItems(toolbarItems, animated: animated)
    }
    override var hidesBottomBarWhenPushed: Bool {
        get { true }
        set { super.hidesBottomBarWhenPushed = newValue }
    }
    override var edgesForExtendedLayout: UIRectEdge {
        get { [.top, .bottom] }
        set { super.edgesForExtendedLayout = newValue }
    }
    override var extendedLayoutIncludesOpaqueBars: Bool {
        get { super.extendedLayoutIncludesOpaqueBars }
        set { super.extendedLayoutIncludesOpaqueBars = newValue }
    }

    // MARK: Appearance

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearCount += 1
        transitionCoordinator?.animate(alongsideTransition: { [weak self] context in
            self?.view.alpha = context.isAnimated ? 1 : 0.99
        }, completion: { [weak self] context in
            if context.isCancelled { self?.view.alpha = 0 }
        })
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if isBeingPresented || isMovingToParent { setNeedsStatusBarAppearanceUpdate() }
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if isBeingDismissed || isMovingFromParent { view.endEditingIfPossible() }
        view.endEditing(true)
    }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated) }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews() }
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        embedded?.view.frame = view.bounds.inset(by: view.safeAreaInsets)
    }
    override func updateViewConstraints() { super.updateViewConstraints() }
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { super.shouldAutomaticallyForwardAppearanceMethods }
    override func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        super.beginAppearanceTransition(isAppearing, animated: animated)
    }
    override func endAppearanceTransition() { super.endAppearanceTransition() }
    override var isMovingToParent: Bool { super.isMovingToParent }
    override var isMovingFromParent: Bool { super.isMovingFromParent }
    override var isBeingPresented: Bool { super.isBeingPresented }
    override var isBeingDismissed: Bool { super.isBeingDismissed }

    // MARK: Safe area and margins

    override var additionalSafeAreaInsets: UIEdgeInsets {
        get { super.additionalSafeAreaInsets }
        set { super.additionalSafeAreaInsets = newValue }
    }
    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        view.setNeedsLayout()
    }
    override func viewLayoutMarginsDidChange() {
        super.viewLayoutMarginsDidChange()
        view.setNeedsLayout()
    }
    override var viewRespectsSystemMinimumLayoutMargins: Bool {
        get { super.viewRespectsSystemMinimumLayoutMargins }
        set { super.viewRespectsSystemMinimumLayoutMargins = newValue }
    }
    override var systemMinimumLayoutMargins: NSDirectionalEdgeInsets { super.systemMinimumLayoutMargins }

    // MARK: Status bar

    override var prefersStatusBarHidden: Bool { true }
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
    override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .slide }
    override var childForStatusBarStyle: UIViewController? { embedded }
    override var childForStatusBarHidden: UIViewController? { nil }
    override var modalPresentationCapturesStatusBarAppearance: Bool {
        get { super.modalPresentationCapturesStatusBarAppearance }
        set { super.modalPresentationCapturesStatusBarAppearance = newValue }
    }
    override func setNeedsStatusBarAppearanceUpdate() { super.setNeedsStatusBarAppearanceUpdate() }

    // MARK: Rotation

    override var shouldAutorotate: Bool { true }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { [.portrait, .landscape] }
    override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        transitionSizes.append(size)
        coordinator.animate(alongsideTransition: { context in
            let turn = context.targetTransform
            _ = (turn.isIdentity, context.transitionDuration, context.percentComplete, context.completionVelocity)
            _ = (context.isInteractive, context.initiallyInteractive, context.isInterruptible, context.presentationStyle)
            _ = context.containerView.bounds
            _ = context.viewController(forKey: .from)
            _ = context.view(forKey: .to)
        }, completion: { [weak self] _ in
            self?.view.setNeedsLayout()
        })
        coordinator.notifyWhenInteractionChanges { context in
            _ = context.isCancelled
        }
    }
    override var interfaceOrientation: UIInterfaceOrientation { super.interfaceOrientation }
    override class func attemptRotationToDeviceOrientation() { super.attemptRotationToDeviceOrientation() }
    override func willRotate(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        super.willRotate(to: toInterfaceOrientation, duration: duration)
    }
    override func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {
        super.willAnimateRotation(to: toInterfaceOrientation, duration: duration)
    }
    override func didRotate(from fromInterfaceOrientation: UIInterfaceOrientation) {
        super.didRotate(from: fromInterfaceOrientation)
    }
    override func rotatingHeaderView() -> UIView? { nil }
    override func rotatingFooterView() -> UIView? { nil }
    override func shouldAutomaticallyForwardRotationMethods() -> Bool { true }
    override var transitionCoordinator: UIViewControllerTransitionCoordinator? { super.transitionCoordinator }

    // MARK: Editing

    override var isEditing: Bool {
        get { super.isEditing }
        set { super.isEditing = newValue }
    }
    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        view.isUserInteractionEnabled = !editing
    }
    override var editButtonItem: UIBarButtonItem { super.editButtonItem }

    // MARK: Containment

    override var parent: UIViewController? { super.parent }
    override var children: [UIViewController] { super.children }
    override func addChild(_ childController: UIViewController) { super.addChild(childController) }
    override func removeFromParent() { super.removeFromParent() }
    override func willMove(toParent parent: UIViewController?) { super.willMove(toParent: parent) }
    override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent) }
    override func transition(from fromViewController: UIViewController, to toViewController: UIViewController,
                             duration: TimeInterval, options: UIView.AnimationOptions = [],
                             animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        super.transition(from: fromViewController, to: toViewController, duration: duration, options: options,
                         animations: animations, completion: completion)
    }

    func embed(_ child: UIViewController) {
        addChild(child)
        child.view.frame = view.bounds.inset(by: view.safeAreaInsets)
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(child.view)
        child.didMove(toParent: self)
        embedded = child
    }

    func unembed() {
        guard let child = embedded else { return }
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        embedded = nil
    }

    func swapEmbedded(for replacement: UIViewController) {
        guard let current = embedded else { return embed(replacement) }
        current.willMove(toParent: nil)
        addChild(replacement)
        transition(from: current, to: replacement, duration: 0.3, options: [.transitionCrossDissolve, .curveEaseInOut],
                   animations: { replacement.view.frame = current.view.frame }, completion: { [weak self] _ in
            current.removeFromParent()
            replacement.didMove(toParent: self)
        })
        embedded = replacement
    }

    // MARK: Presentation

    override var presentedViewController: UIViewController? { super.presentedViewController }
    override var presentingViewController: UIViewController? { super.presentingViewController }
    override var modalTransitionStyle: UIModalTransitionStyle {
        get { super.modalTransitionStyle }
        set { super.modalTransitionStyle = newValue }
    }
    override var modalPresentationStyle: UIModalPresentationStyle {
        get { super.modalPresentationStyle }
        set { super.modalPresentationStyle = newValue }
    }
    override var definesPresentationContext: Bool {
        get { true }
        set { super.definesPresentationContext = newValue }
    }
    override var providesPresentationContextTransitionStyle: Bool {
        get { super.providesPresentationContextTransitionStyle }
        set { super.providesPresentationContextTransitionStyle = newValue }
    }
    override func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        super.present(viewControllerToPresent, animated: flag, completion: completion)
    }
    override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        super.dismiss(animated: flag, completion: completion)
    }
    override func show(_ vc: UIViewController, sender: Any?) { super.show(vc, sender: sender) }
    override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        super.showDetailViewController(vc, sender: sender)
    }

    func showSettings() {
        let settings = SettingsViewController()
        settings.modalPresentationStyle = .overFullScreen
        present(settings, animated: true) { [weak settings] in
            settings?.view.accessibilityViewIsModal = true
        }
    }

    func closeSettings() {
        presentedViewController?.dismiss(animated: true, completion: nil)
    }

    // MARK: Not in Tactile: common UIViewController members on types Tactile has

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        view.setNeedsLayout()
    }
    override var isModalInPresentation: Bool {
        get { isEditing }
        set { super.isModalInPresentation = newValue }
    }
    override var preferredContentSize: CGSize {
        get { CGSize(width: 320, height: 480) }
        set { super.preferredContentSize = newValue }
    }
    override var prefersHomeIndicatorAutoHidden: Bool { true }
    func lockToPortrait() { setNeedsUpdateOfSupportedInterfaceOrientations() }

    // MARK: Memory, responder chain

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        if embedded?.viewIfLoaded?.window == nil { unembed() }
    }
    override var next: UIResponder? { super.next }
    override var canBecomeFirstResponder: Bool { true }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { showSettings() } else { super.motionEnded(motion, with: event) }
    }
}

/// A small controller presented modally.
final class SettingsViewController: UIViewController {
    var onDismiss: (() -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0, alpha: 0.4)
        view.isOpaque = false
        view.accessibilityViewIsModal = true
    }

    override var preferredStatusBarStyle: UIStatusBarStyle { .darkContent }

    func close() {
        dismiss(animated: true) { [onDismiss] in onDismiss?() }
    }

    deinit {
        DeinitLog.shared.record("SettingsViewController")
    }
}

/// A child controller that forwards appearance by hand.
final class ListViewController: UIViewController {
    var items: [String] = []

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewDidLoad() {
        super.viewDidLoad()
        let row = RowView(frame: view.bounds)
        row.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(row)
        for item in items { row.addSubview(CardView(title: item)) }
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: nil) { [weak self] _ in self?.view.setNeedsLayout() }
    }
}

extension UIView {
    /// App code's own helper (UIKit's `endEditing(_:)` belongs to text input, which Tactile does not model).
    func endEditingIfPossible() {
        if isFirstResponder { _ = resignFirstResponder() }
        for subview in subviews { subview.endEditingIfPossible() }
    }
}

extension ProfileViewController: CardViewDelegate {
    func cardViewDidTap(_ card: CardView) {
        card.isHighlighted.toggle()
        _ = card.becomeFirstResponder()  // the override is a Swift declaration: not implicitly discardable
        showSettings()
    }
}
