import Foundation

/// `UIViewController`: manages one view hierarchy and takes part in the responder chain (A, B, H, I, J;
/// VL, EDT, RSP). Its pieces live beside this file: appearance callbacks (`+Appearance`), containment
/// (`+Containment`), modal presentation (`+Presentation`) and memory warnings (`+MemoryWarnings`).
///
/// - The view loads lazily (VCG-B-01, VCG-B-02, SBT-VL-01): the first ``view`` access calls ``loadView()`` and then
///   ``viewDidLoad()``, once per load.
/// - The controller sits in the responder chain between its root view and that view's superview (VCG-I-02,
///   SBT-RSP-02); the link cannot be changed by the app (VCG-I-04).
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    // MARK: - Creating (VCG-B-14, SBT-VL-09, SBT-VL-10)

    /// The nib name given at init (nil: none). Headless there are no nibs: the default ``loadView()`` makes
    /// an empty view (VCG-B-03 (c)).
    open internal(set) var nibName: String?
    /// The bundle given at init (nil: the main bundle).
    open private(set) var nibBundle: Bundle?

    /// The designated initializer (SBT-VL-09): records the nib name and bundle; nothing is loaded until ``view``
    /// is read.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
        Self.registerLive(self)
    }

    /// `UIViewController()` is `init(nibName: nil, bundle: nil)`.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Controllers decoded from an archive start like `init(nibName: nil, bundle: nil)` (there is no nib
    /// loading here).
    /// From a storyboard (SBT-SB-11), the coder carries the scene's attributes — title, navigation and tab bar
    /// items, presentation styles, user-defined runtime attributes — which are set here, so that a subclass sees
    /// them after `super.init(coder:)`.
    public required init?(coder: NSCoder) {
        super.init()
        Self.registerLive(self)
        if let coder = coder as? StoryboardCoder { coder.instantiator?.configure(self, from: coder) }
    }

    // MARK: - The view (VCG-B-01 … VCG-B-06, VCG-B-09, SBT-VL-01 … SBT-VL-07)

    /// The loaded root view, nil while none is loaded.
    var loadedView: UIView?

    /// The root view. Reading it loads it when needed (``loadView()`` then ``viewDidLoad()``, VCG-B-02); later
    /// reads return the same object (VCG-B-01). Assigning nil drops the view, so the next read loads again
    /// (SBT-VL-07). A view can belong to one controller only (SBT-VL-08): assigning another controller's root view
    /// is misuse (UIKit raises).
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { setView(newValue) }
    }

    /// The root view if it is loaded, else nil; never loads (SBT-VL-06).
    open var viewIfLoaded: UIView? { loadedView }

    /// True while the view is in memory; never loads it (SBT-VL-06).
    open var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded yet (VCG-B-02).
    open func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        if loadedView == nil {
            // VCG-B-06: modern UIKit raises when loadView leaves no view; Tactile reports it and installs an empty one.
            TactileDiagnostics.report("UIViewController.loadView()",
                                      "\(type(of: self)) loadView did not assign a view; using an empty UIView")
            setView(UIView(frame: .zero))
        }
        viewDidLoad()
    }

    private var isLoadingView = false

    /// Creates the view (VCG-B-03, SBT-VL-02). The default builds a storyboard controller's scene (SBT-SB-14: its
    /// own copy of the views, then its embed segues) and otherwise makes an empty `UIView` (headless: no nibs). An override
    /// builds the hierarchy, assigns its root to ``view`` and must not call `super` (VCG-B-04, SBT-VL-03). Never call
    /// it directly (SBT-VL-04).
    open func loadView() {
        if let link = storyboardLink, StoryboardInstantiator.loadScene(link, for: self) { return }
        setView(UIView(frame: .zero))
    }

    /// Called once after each load, with the view in memory (VCG-B-02, VCG-G-03, SBT-VL-05). The default does nothing.
    open func viewDidLoad() {}

    func setView(_ newView: UIView?) {
        if newView === loadedView { return }
        if let newView, let other = newView.owningController, other !== self {
            return TactileDiagnostics.report("UIViewController.view",
                                             "\(newView) is the view of \(other); a view belongs to one view controller (SBT-VL-08)")
        }
        loadedView?.owningController = nil
        loadedView = newView
        newView?.owningController = self
    }

    // MARK: - Identity and bar models (VCG-J, SBT-NAV-01, SBT-VL-12)

    /// A human-readable title (VCG-J-01, SBT-VL-12). Setting it also titles the navigation item and the tab bar item
    /// when they exist, as UIKit does.
    open var title: String? {
        didSet {
            storedNavigationItem?.title = title
            storedTabBarItem?.title = title
        }
    }

    private var storedNavigationItem: UINavigationItem?
    private var storedTabBarItem: UITabBarItem?

    /// The controller's navigation item, created on first access, titled with ``title`` (VCG-J-02, SBT-NAV-01).
    open var navigationItem: UINavigationItem {
        if let item = storedNavigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        storedNavigationItem = item
        return item
    }

    /// True once ``navigationItem`` has been created (Tactile extension, for tests of VCG-J-02).
    @_spi(Testing) public var hasNavigationItem: Bool { storedNavigationItem != nil }

    /// The tab's item: by default the controller's title and no image (VCG-J-04). Replaceable.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = storedTabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            (parentLink as? UITabBarController)?.refreshTabItems()  // the bar shows the new item
        }
    }

    /// The items a navigation controller's toolbar shows while this controller is on top (VCG-J-03, VCG-O-03); nil
    /// by default.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet {
            if let nav = parentLink as? UINavigationController, nav.topViewController === self {
                nav.toolbarView.items = toolbarItems
            }
        }
    }

    /// Sets ``toolbarItems`` (VCG-O-03).
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        self.toolbarItems = toolbarItems
    }

    /// Whether the bottom bars (a navigation controller's toolbar, a tab bar controller's tab bar) hide while
    /// this controller is on a navigation stack (VCG-J-07, VCG-O-04). False by default.
    open var hidesBottomBarWhenPushed = false

    // MARK: - Traits (UIView+Appearance.swift)

    /// The controller's traits: its view's (the screen's with the nearest style override), or the screen's
    /// with its own override before the view is loaded.
    open var traitCollection: UITraitCollection {
        if let view = loadedView { return view.traitCollection }
        return UIApplication.shared.screenTraits.with(style: overrideUserInterfaceStyle)
    }

    /// Called when the traits change, before the view's `traitCollectionDidChange(_:)`.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Forces the appearance of the controller's view and its children (`.unspecified`, the default, inherits).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet {
            guard oldValue != overrideUserInterfaceStyle, let view = loadedView else { return }
            view.deliverTraits(from: view.traits(withControllerStyle: oldValue), to: view.traitCollection, overridesApplied: true)
        }
    }

    // MARK: - Containers (VCG-J-06, SBT-CON-10)

    /// The nearest navigation controller among the controller's container ancestors (VCG-J-06); nil when there is
    /// none.
    open var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }

    /// The nearest tab bar controller among the controller's container ancestors (VCG-J-06); nil when there is none.
    open var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }

    /// The controller that handles `action` for this one: itself if its class overrides the method (of
    /// `show(_:sender:)` and `showDetailViewController(_:sender:)`, the ones UIKit routes this way), else the
    /// nearest container ancestor or presenter that does; nil when none does.
    open func targetViewController(forAction action: Selector, sender: Any?) -> UIViewController? {
        var c: UIViewController? = self
        while let x = c {
            if ShowOverrides.overrides(type(of: x), action) { return x }
            c = x.parentLink ?? x.presentingLink
        }
        return nil
    }

    /// Whether the view may extend under a translucent status bar (VCG-E-01; deprecated in iOS 7). False by
    /// default.
    @available(*, deprecated, message: "Use edgesForExtendedLayout")
    open var wantsFullScreenLayout: Bool {
        get { storedWantsFullScreenLayout }
        set { storedWantsFullScreenLayout = newValue }
    }
    var storedWantsFullScreenLayout = false

    /// The edges of the view that may extend under bars (VCG-E-01, VCG-E-04; iOS 7's successor of
    /// ``wantsFullScreenLayout``). `.all` by default. Stored: the containers that read it are not built yet.
    open var edgesForExtendedLayout: UIRectEdge = .all
    /// Whether the extended layout also goes under opaque bars (VCG-E-04). False by default. Stored.
    open var extendedLayoutIncludesOpaqueBars = false

    // MARK: - Safe area and margins (UIView+SafeArea.swift)

    /// Insets added to the view's safe area (iOS 11), as a container does for the bars it adds. Setting it lays
    /// the view out again; its views' `safeAreaInsets` include it.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if oldValue != additionalSafeAreaInsets { viewIfLoaded?.setNeedsLayoutInSubtree() } }
    }
    /// Called in the layout pass, before `viewWillLayoutSubviews()`, when the view's safe area changed.
    open func viewSafeAreaInsetsDidChange() {}
    /// Called when the view's layout margins changed.
    open func viewLayoutMarginsDidChange() {}
    /// Whether the root view's margins are at least ``systemMinimumLayoutMargins`` (true by default).
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { if oldValue != viewRespectsSystemMinimumLayoutMargins { viewIfLoaded?.marginsMayHaveChanged() } }
    }
    /// The least margins the root view gets: 16 points leading and trailing, none at the top and bottom
    /// (UIKit's value for a compact-width iPhone screen).
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
    }

    // MARK: - Status bar and home indicator (StatusBarAppearance.swift)

    /// Whether this controller wants the status bar hidden, when it decides: false, except on an iPhone in
    /// landscape (a vertically compact screen), where UIKit hides it by default.
    open var prefersStatusBarHidden: Bool {
        UIApplication.shared.idiom == .phone && UIApplication.shared.currentInterfaceOrientation.isLandscape
    }
    /// The status bar style this controller wants, when it decides. `.default`.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// How the status bar shows or hides after ``setNeedsStatusBarAppearanceUpdate()``. `.fade`.
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// The child that decides the status bar style in this controller's place; nil: this one decides.
    open var childForStatusBarStyle: UIViewController? { nil }
    /// The child that decides whether the status bar is hidden in this controller's place; nil: this one.
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Whether a controller presented not full screen still takes over the status bar. False.
    open var modalPresentationCapturesStatusBarAppearance = false
    /// Asks the app to settle the status bar again from the controllers' answers.
    open func setNeedsStatusBarAppearanceUpdate() { UIApplication.shared.refreshStatusBar() }
    /// Whether this controller would like the home indicator hidden. False. (The headless screen has no
    /// home indicator: the answer changes nothing.)
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// The child that answers ``prefersHomeIndicatorAutoHidden`` in this controller's place; nil.
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Tells the system the answer may have changed; with no home indicator here, nothing follows.
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}

    /// A presented controller that takes over the status bar: full screen, or asked to.
    var capturesStatusBarAppearance: Bool {
        modalPresentationCapturesStatusBarAppearance || Self.covers(self) && modalPresentationStyle != .currentContext
    }

    /// The current interface orientation (SBT-ROT-12): the app's (``UIApplication/statusBarOrientation``),
    /// portrait at launch (VCG-F-01). During a two-step rotation it is still the old value in
    /// `willAnimateFirstHalfOfRotation(to:duration:)` and the new one in
    /// `willAnimateSecondHalfOfRotation(from:duration:)`; in `willAnimateRotation(to:duration:)` it is new.
    @available(*, deprecated, message: "Use the window scene's interfaceOrientation")
    open var interfaceOrientation: UIInterfaceOrientation { UIApplication.shared.currentInterfaceOrientation }

    // MARK: - Rotation (UIViewController+Rotation.swift; VCG-F, SBT-ROT)

    /// Asks the top full-screen controller again whether the interface may turn to the device's orientation
    /// (SBT-ROT-09), e.g. after its masks changed.
    open class func attemptRotationToDeviceOrientation() {
        UIApplication.shared.attemptRotation()
    }

    /// Asks for the supported orientations again after they changed (iOS 16): the interface turns to the
    /// device's orientation when the top full-screen controller now allows it, as with
    /// ``attemptRotationToDeviceOrientation()``.
    open func setNeedsUpdateOfSupportedInterfaceOrientations() {
        UIApplication.shared.attemptRotation()
    }

    /// Whether the controller lets the interface rotate (SBT-ROT-06 step 1; iOS 6+). Asked only of the top
    /// full-screen controller. True by default.
    open var shouldAutorotate: Bool { true }

    /// The orientations the controller supports (SBT-ROT-06 step 2), intersected with the app's mask. Read only
    /// of the top full-screen controller, and only when ``shouldAutorotate`` is true. Default (SBT-ROT-08):
    /// `.allButUpsideDown` for the phone idiom, `.all` for the pad.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        UIApplication.shared.idiom == .pad ? .all : .allButUpsideDown
    }

    /// The orientation a full-screen presentation of this controller shows in when the current one is not
    /// supported (SBT-ROT-04, SBT-ROT-05). Default: the current interface orientation (the first supported one is
    /// used when that is not supported).
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        UIApplication.shared.currentInterfaceOrientation
    }

    /// The root view is about to change size (a rotation swaps its width and height). The default forwards
    /// the message to the visible children; overrides must call `super`. `coordinator` runs the blocks given
    /// to `animate(alongsideTransition:completion:)`: animations with the new size and orientation in place,
    /// completions when the rotation ends.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in rotationChildren { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// iPhone OS 3's autorotation question (VCG-F-01, VCG-F-02, VCG-F-07, SBT-ROT-17), asked of the top full-screen
    /// controller under ``TactileBehavior/iPhoneOS3`` only. The default answers true for `.portrait` only.
    @available(*, deprecated, message: "Override supportedInterfaceOrientations and shouldAutorotate")
    open func shouldAutorotate(to interfaceOrientation: UIInterfaceOrientation) -> Bool {
        interfaceOrientation == .portrait
    }

    /// The interface is about to rotate (VCG-F-07 (3), SBT-ROT-11 (1)); the orientation and bounds are still the old
    /// ones. The default does nothing.
    @available(*, deprecated, message: "Implement viewWillTransition(to:with:) instead")
    open func willRotate(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}

    /// One-step rotation, inside the animation (SBT-ROT-11 (3)): the orientation and the bounds are already the
    /// new ones. The default does nothing.
    @available(*, deprecated, message: "Implement viewWillTransition(to:with:) instead")
    open func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}

    /// The rotation ended (VCG-F-07 (5), VCG-F-08 (9), SBT-ROT-11 (5)); the argument is the **old** orientation. The
    /// default does nothing.
    @available(*, deprecated, message: "Implement viewWillTransition(to:with:) instead")
    open func didRotate(from fromInterfaceOrientation: UIInterfaceOrientation) {}

    /// Two-step rotation, first half (VCG-F-08 (4)); ``interfaceOrientation`` is still the old one (SBT-ROT-12).
    /// Overriding it (or either other half-step method) selects the two-step path (VCG-F-06) under
    /// ``TactileBehavior/iPhoneOS3``.
    @available(*, deprecated, message: "Use willAnimateRotation(to:duration:) or viewWillTransition(to:with:)")
    open func willAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}

    /// Two-step rotation: the first half ended (VCG-F-08 (6)).
    @available(*, deprecated, message: "Use willAnimateRotation(to:duration:) or viewWillTransition(to:with:)")
    open func didAnimateFirstHalfOfRotation(to toInterfaceOrientation: UIInterfaceOrientation) {}

    /// Two-step rotation, second half (VCG-F-08 (7)); the argument is the old orientation and
    /// ``interfaceOrientation`` is already the new one (SBT-ROT-12).
    @available(*, deprecated, message: "Use willAnimateRotation(to:duration:) or viewWillTransition(to:with:)")
    open func willAnimateSecondHalfOfRotation(from fromInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}

    /// The view to slide out and back in during a two-step rotation's halves, as a header (SBT-ROT-21; iPhone OS 3:
    /// navigation and tab bar controllers return their bars). nil by default. Headless nothing slides; the
    /// value is only reported.
    @available(*, deprecated, message: "Header and footer views are animated with the rest of the view")
    open func rotatingHeaderView() -> UIView? { nil }

    /// The footer counterpart of ``rotatingHeaderView()`` (SBT-ROT-21). nil by default.
    @available(*, deprecated, message: "Header and footer views are animated with the rest of the view")
    open func rotatingFooterView() -> UIView? { nil }

    /// The coordinator of the transition the controller takes part in (DESIGN-COORDINATOR): while it is being
    /// presented or dismissed, presents or is uncovered by a dismissal (from the will-callbacks until the
    /// coordinator's completion blocks have run), and while it rotates (from `viewWillTransition(to:with:)` on,
    /// VCG-F-09). A child answers its parent's coordinator. nil otherwise (UIKit: "if the view controller is not
    /// involved in a transition, this property may be nil").
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        activeCoordinator ?? parentLink?.transitionCoordinator
    }

    /// Whether the legacy rotation callbacks reach the visible children (SBT-ROT-13, SBT-APR-07). True by default.
    @available(*, deprecated, message: "Manually forward viewWillTransition(to:with:)")
    open func shouldAutomaticallyForwardRotationMethods() -> Bool { true }

    // MARK: - Editing (VCG-H-01 … VCG-H-03, SBT-EDT-01 … SBT-EDT-03)

    /// True in edit mode. Setting it calls ``setEditing(_:animated:)`` without animation (VCG-H-02, SBT-EDT-03).
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }
    private var editingState = false

    /// Switches edit mode (VCG-H-01). Overrides must call `super`, which records the state in ``isEditing`` and
    /// keeps ``editButtonItem`` in step (Edit / Done).
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingState = editing
        if let item = storedEditButtonItem { Self.configureEditButton(item, editing: editing) }
    }

    private var storedEditButtonItem: UIBarButtonItem?
    private var editButtonTarget: EditButtonTarget?

    /// A bar button item that toggles edit mode (VCG-H-03, SBT-EDT-02): titled "Edit" (style `.plain`) outside edit
    /// mode and "Done" (style `.done`) in it; a tap calls ``setEditing(_:animated:)`` with the negated state,
    /// animated. The same item is returned every time.
    open var editButtonItem: UIBarButtonItem {
        if let item = storedEditButtonItem { return item }
        let target = EditButtonTarget(controller: self)
        let item = UIBarButtonItem(title: nil, style: .plain, target: target, action: EditButtonTarget.action)
        Self.configureEditButton(item, editing: isEditing)
        editButtonTarget = target
        storedEditButtonItem = item
        return item
    }

    static func configureEditButton(_ item: UIBarButtonItem, editing: Bool) {
        item.title = editing ? "Done" : "Edit"
        item.style = editing ? .done : .plain
        item.possibleTitles = ["Edit", "Done"]
    }

    // MARK: - Responder chain (VCG-I-01 … VCG-I-06, SBT-RSP-01 … SBT-RSP-03)

    /// The next responder (SBT-RSP-02): the root view's superview (for a window's root controller, the window).
    /// A presented controller continues at its presenting controller (UIKit's documented rule); a controller
    /// whose view is in no hierarchy continues at its parent.
    open override var next: UIResponder? {
        if let presenter = presentingLink { return presenter }
        return loadedView?.superview ?? parent
    }

    // MARK: - Appearance (UIViewController+Appearance.swift; VCG-D-02 … VCG-D-05, SBT-APR-01 … SBT-APR-08, SBT-LAY-01)

    /// True during the appear callbacks of a controller being added to a container (until `didMove(toParent:)`)
    /// (SBT-APR-05).
    open var isMovingToParent: Bool { movingToParent }
    /// True during the disappear callbacks of a controller being removed from a container (SBT-APR-05).
    open var isMovingFromParent: Bool { movingFromParent }
    /// True during the appear callbacks of a controller being presented (VCG-Q-08).
    open var isBeingPresented: Bool { beingPresented }
    /// True during the disappear callbacks of a controller being dismissed (VCG-Q-08).
    open var isBeingDismissed: Bool { beingDismissed }
    //
    // Overridable methods live in the class body (Swift cannot override members declared in extensions);
    // the machinery is in the extension files.

    /// The view is about to be added to a view hierarchy (VCG-D-02, SBT-APR-01). The default does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view was added to a view hierarchy (VCG-D-02, SBT-APR-02). The default does nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called once per appearance, after ``viewWillAppear(_:)``, when the view is in its window with its
    /// geometry and safe area up to date and before its own layout (iOS 17, back-deployed to iOS 13): the
    /// place for layout-dependent setup.
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view is about to be removed or covered (VCG-D-03, SBT-APR-03). The default does nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view was removed or covered (VCG-D-03, SBT-APR-04). The default does nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the root view lays out its subviews (SBT-LAY-01 step 3). The default does nothing.
    open func viewWillLayoutSubviews() {}
    /// Called after the root view laid out its subviews (SBT-LAY-01 step 5). The default does nothing.
    open func viewDidLayoutSubviews() {}
    /// Updates the constraints of the controller's view (SBT-LAY-01, SBT-LAY-02): called instead of the root view's
    /// `updateConstraints()` when an update is pending. Overrides must call `super`, which calls the view's
    /// `updateConstraints()`; one that does not is reported (UIKit raises).
    open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }

    /// Whether this controller forwards its appearance callbacks to its children (true by default, SBT-APR-07).
    /// A container that returns false drives its children with ``beginAppearanceTransition(_:animated:)``
    /// and ``endAppearanceTransition()``.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts an appearance change (DESIGN-APPEARANCE): `viewWillAppear(_:)` (true) or `viewWillDisappear(_:)`
    /// (false), unless the controller is already in that state.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        beginAppearance(isAppearing, animated: animated)
    }

    /// Ends the change begun by ``beginAppearanceTransition(_:animated:)``: `viewDidAppear(_:)` or
    /// `viewDidDisappear(_:)`.
    open func endAppearanceTransition() {
        endAppearance()
    }

    // MARK: - Containment (UIViewController+Containment.swift; SBT-CON-01 … SBT-CON-10)

    /// The container this controller is a child of (SBT-CON-09).
    open var parent: UIViewController? { parentLink }

    /// The children, in the order they were added (SBT-CON-09).
    open var children: [UIViewController] { childList }

    /// Makes `childController` a child (SBT-CON-06): calls its `willMove(toParent: self)` first (not
    /// `didMove(toParent:)`, which the container calls after adding the view). Adding the receiver itself
    /// or one of its ancestors is misuse (UIKit raises): reported, nothing changes.
    open func addChild(_ childController: UIViewController) {
        containmentAdd(childController)
    }

    /// Removes the receiver from its parent (SBT-CON-07) and then calls `didMove(toParent: nil)`. Without a
    /// parent it does nothing.
    open func removeFromParent() {
        containmentRemove()
    }

    /// Called before the controller is added to (or, with nil, removed from) a container. The default
    /// marks the removal for ``isMovingFromParent``.
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, parentLink != nil { movingFromParent = true }
    }

    /// Called after the controller was added to (or removed from) a container. The default ends
    /// ``isMovingToParent``.
    open func didMove(toParent parent: UIViewController?) {
        if parent != nil { movingToParent = false }
    }

    /// Swaps two children (SBT-CON-08): `fromViewController`'s view is replaced in its superview by
    /// `toViewController`'s, `animations` runs at once, and — after `duration` seconds on the run loop
    /// clock (at the next iteration for 0) — the appearance callbacks end and `completion(true)` runs. Both
    /// must be children of the receiver (UIKit raises otherwise): reported, nothing happens.
    open func transition(from fromViewController: UIViewController, to toViewController: UIViewController,
                         duration: TimeInterval, options: UIView.AnimationOptions = [],
                         animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        containmentTransition(from: fromViewController, to: toViewController, duration: duration,
                              animations: animations, completion: completion)
    }

    // MARK: - Presentation (UIViewController+Presentation.swift; VCG-Q, SBT-PRS)

    /// The controller this one (or its nearest ancestor) presented (SBT-PRS-08).
    open var presentedViewController: UIViewController? { nearest(\.presentedLink) }
    /// The controller that presented this one (or its nearest presented ancestor) (SBT-PRS-08).
    open var presentingViewController: UIViewController? { nearest(\.presentingLink) }

    /// How the controller animates when presented (VCG-Q-07, SBT-PRS-05); `.coverVertical` by default.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// How the controller covers its presenter (SBT-PRS-09); `.automatic` by default.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// Whether a `.currentContext` presentation from a descendant covers this controller's view (SBT-PRS-09).
    open var definesPresentationContext = false
    /// Whether the controller refuses interactive dismissal (iOS 13; a sheet swiped down). Stored: no
    /// dismissal here is interactive.
    open var isModalInPresentation = false
    /// The size the controller would like its view to have in a container or popover. `.zero` by default;
    /// stored (the containers that read it are not built yet).
    open var preferredContentSize: CGSize = .zero
    /// Whether this presentation context's transition style overrides the presented one's (SBT-PRS-09).
    open var providesPresentationContextTransitionStyle = false
    /// The source of custom animators and of a `.custom` presentation's presentation controller (held weakly).
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// The presentation controller that manages (or will manage) the controller's presentation: a child
    /// answers its nearest presented ancestor's. Made on first access — so that its delegate can be set before
    /// presenting — and used by the next presentation; a `.custom` presentation asks ``transitioningDelegate``.
    open var presentationController: UIPresentationController? {
        if let parent = parentLink { return parent.presentationController }
        if let existing = presentationLink { return existing }
        let made = modalPresentationStyle == .custom
            ? transitioningDelegate?.presentationController(forPresented: self, presenting: nil, source: self)
                ?? UIPresentationController(presentedViewController: self, presenting: nil)
            : SystemPresentationController(presentedViewController: self, presenting: nil)
        presentationLink = made
        return made
    }

    /// Presents `viewControllerToPresent` (SBT-PRS-01, VCG-Q-01 … VCG-Q-08). See the Presentation extension for the
    /// rules and the callback order. `completion` runs after the presented controller's `viewDidAppear(_:)`.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        presentationPresent(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller the receiver presented, with everything above it (VCG-Q-05, SBT-PRS-03); sent to
    /// a presented controller that presents nothing, it dismisses the receiver itself (SBT-PRS-02).
    /// `completion` runs after the did-callbacks.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        presentationDismiss(animated: flag, completion: completion)
    }

    /// Shows `vc` in the primary context (DESIGN-SHOW). UIKit's default asks
    /// `targetViewController(forAction:sender:)` for an ancestor (container parent, else presenter) that
    /// overrides this method — a navigation controller pushes; without one the controller is presented
    /// modally, animated, with no completion (UIKit's documentation:
    /// "if the targetViewController(forAction:sender:) method returns nil, this method … present[s] vc
    /// modally"). The presentation rules and diagnostics are ``present(_:animated:completion:)``'s.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let target = (parentLink ?? presentingLink)?.targetViewController(forAction: ShowOverrides.show, sender: sender) {
            return target.show(vc, sender: sender)
        }
        present(vc, animated: true, completion: nil)
    }

    /// Shows `vc` in the secondary (detail) context (DESIGN-SHOW). Without a split view controller to handle it,
    /// UIKit presents `vc` modally, animated, as ``show(_:sender:)`` does.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let target = (parentLink ?? presentingLink)?.targetViewController(forAction: ShowOverrides.showDetail,
                                                                              sender: sender) {
            return target.showDetailViewController(vc, sender: sender)
        }
        present(vc, animated: true, completion: nil)
    }

    // MARK: - Storyboards and segues (Storyboards/UIViewController+Segues.swift; SBT-SB, SBT-SEG)

    /// The storyboard the controller was instantiated from (SBT-SB-07); nil for a controller made in code.
    open var storyboard: UIStoryboard? { storyboardLink?.storyboard }
    var storyboardLink: StoryboardSceneLink?

    /// Fires the storyboard segue with `identifier` that starts from this controller (SBT-SEG-03): the destination
    /// is instantiated, ``prepare(for:sender:)`` runs, the segue performs (SBT-SEG-02).
    /// ``shouldPerformSegue(withIdentifier:sender:)`` is not asked. An unknown identifier is UIKit's
    /// `NSInvalidArgumentException`, reported through ``TactileDiagnostics``.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        segueByIdentifier(identifier, sender: sender)
    }

    /// Whether a segue a control or cell triggers may fire; true by default (not asked by
    /// ``performSegue(withIdentifier:sender:)``).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Called on the source before a segue performs, with the destination made and its view not loaded
    /// (SBT-SEG-02 step 2). The default does nothing.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Whether this controller is the destination of an unwind segue with `action`: by default, whether it
    /// implements the action (its ``UIResponder/tactileActions`` or ``TactileActionHandling``; Linux has no Objective-C runtime to look a method up) and
    /// is not the source itself.
    open func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: UIViewController,
                                          sender: Any?) -> Bool {
        fromViewController !== self && ActionDispatch.responds(self, to: action)
    }

    /// The children an unwind may look into for its destination: by default all but the one containing the
    /// source (``childContaining(_:)``).
    open func allowedChildrenForUnwinding(from source: UIStoryboardUnwindSegueSource) -> [UIViewController] {
        let containing = childContaining(source)
        return children.filter { $0 !== containing }
    }

    /// The child that is, or leads to, an unwind's source; nil when none does.
    open func childContaining(_ source: UIStoryboardUnwindSegueSource) -> UIViewController? {
        unwindChildContaining(source)
    }

    /// One hop of an unwind segue, on each controller from the common ancestor towards the destination
    /// (`subsequentVC`: the next one on the way). The default does nothing (a presentation the unwind leaves is
    /// dismissed by the segue); a navigation controller pops to `subsequentVC`, a tab bar controller selects it.
    open func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {}

    // MARK: - Memory warnings (UIViewController+MemoryWarnings.swift; VCG-B-07 … VCG-B-12, SBT-MEM-01 … SBT-MEM-05)

    /// Sent to every live controller on a low-memory warning, visible or not (VCG-B-07, SBT-MEM-02). Overrides must
    /// call `super`. Under ``TactileBehavior/iPhoneOS3`` the default releases the view when it is loaded
    /// and not in a window, then calls `viewWillUnload()` and `viewDidUnload()` (VCG-B-08, VCG-B-09, SBT-MEM-04); under
    /// ``TactileBehavior/modern`` it does nothing (SBT-MEM-01).
    open func didReceiveMemoryWarning() {
        memoryWarningDefault()
    }

    /// Called before the view is released on a memory warning (iPhone OS 3 behaviour only; SBT-MEM-04).
    @available(*, deprecated, message: "Views are no longer unloaded on memory warnings (iOS 6)")
    open func viewWillUnload() {}

    /// Called after the view was released on a memory warning (VCG-B-09; iPhone OS 3 behaviour only).
    @available(*, deprecated, message: "Views are no longer unloaded on memory warnings (iOS 6)")
    open func viewDidUnload() {}

    // MARK: - Container hooks (internal; the navigation and tab bar controllers override them)

    /// Before a container forwards its will-callback to its children: where the displayed child's view goes in.
    func containerWillForwardAppearance(_ appearing: Bool) {}
    /// After the children got their will-callback (the navigation delegate's `willShow`).
    func containerDidForwardAppearance(_ appearing: Bool, animated: Bool) {}
    /// After the children got their did-callback (`didShow`, the first top's `didMove(toParent:)`).
    func containerDidEndAppearance(_ appeared: Bool) {}
    /// The container's root view lays out: place the bars and the displayed child.
    func layoutContainerViews() {}
    /// `child` left this container by a route other than the container's own (`removeFromParent()`, or
    /// `addChild(_:)` on another container): the container forgets it.
    func containerLostChild(_ child: UIViewController) {}

    // MARK: - State shared with the other files

    var appearanceAnimated = false
    /// The safe-area insets a container adds to this child's view for the bars it extends under (UIKit's
    /// private counterpart of `additionalSafeAreaInsets`, which stays the app's). They count only while the
    /// container that set them is the parent, so a controller that leaves keeps them, unused, and a push of
    /// the same controller again changes nothing.
    var containerSafeAreaInsets: UIEdgeInsets {
        guard let parent = parentLink, containerInsets.owner === parent else { return .zero }
        return containerInsets.value
    }

    /// Sets ``containerSafeAreaInsets`` for `container`; the view is laid out again when they change.
    func setContainerSafeAreaInsets(_ insets: UIEdgeInsets, by container: UIViewController) {
        guard insets != containerInsets.value || containerInsets.owner !== container else { return }
        containerInsets.value = insets
        containerInsets.owner = container
        viewIfLoaded?.setNeedsLayoutInSubtree()
    }

    struct ContainerInsets {
        var value = UIEdgeInsets.zero
        weak var owner: UIViewController?
    }
    var containerInsets = ContainerInsets()
    /// The current appearance change was started by the root view's window move.
    var appearanceFromWindow = false
    /// `viewIsAppearing(_:)` was sent in the current appearance.
    var isAppearingSent = false

    /// The coordinator of the transition in progress (``transitionCoordinator``).
    var activeCoordinator: TransitionCoordinator?
    /// The container parent (``parent``), held weakly: the parent holds its children.
    weak var parentLink: UIViewController?
    /// The children, in the order they were added.
    var childList: [UIViewController] = []
    /// The controller this one presented (held strongly: the presenter owns it, VCG-Q-16).
    var presentedLink: UIViewController?
    /// The controller that presented this one.
    weak var presentingLink: UIViewController?
    /// The presentation controller of this controller's presentation (made early by ``presentationController``).
    var presentationLink: UIPresentationController?

    /// The appearance state (UIKit's `_appearState`).
    var appearState: AppearState = .disappeared
    var movingToParent = false
    var movingFromParent = false
    var beingPresented = false
    var beingDismissed = false
    /// A presentation or dismissal this controller's presentation is in the middle of (animated).
    var transitionInFlight = false
    /// Set on a presented controller: its presentation removed the presenter's view (a covering style).
    var coversPresenter = false
    /// Set on a presented controller: the view its presented view was added to (the window, or the
    /// presentation context's superview).
    weak var presentationContainer: UIView?
}

/// The edit button's target: toggles its controller's edit mode (VCG-H-03).
@MainActor
final class EditButtonTarget: NSObject, TactileActionHandling {
    static let action = Selector("_toggleEditing:")
    weak var controller: UIViewController?
    init(controller: UIViewController) { self.controller = controller }
    func handlesAction(_ action: Selector) -> Bool { action == Self.action }
    func performAction(_ action: Selector, sender: Any?) {
        guard let controller else { return }
        controller.setEditing(!controller.isEditing, animated: true)
    }
}
