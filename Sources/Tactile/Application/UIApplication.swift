import Foundation
import TactileCore

/// `UIApplication`: the app object. It owns the event queue and the main run loop, keeps the windows, tracks
/// the key window and the first responder, and runs the life-cycle state machine (AG-A, AG-B, AG-C, AG-D).
///
/// As in a hosted iOS unit test, `UIApplication.shared` exists without any launch call: it is active and its
/// run loop runs live on the main queue, so deferred work (layout and display passes, performs) runs whenever
/// someone services the main queue (`RunLoop.main`, `XCTWaiter`, an `await` on the main actor).
/// ``TactileHost`` launches a fresh app instead, deterministic or live.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// `UIApplication.State`.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// `UIApplication.LaunchOptionsKey`.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    }

    nonisolated public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    nonisolated public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    /// The app.
    open class var shared: UIApplication { current }
    /// Replaced by a launch. One replaced while it is lent (``withCurrent(_:)``: a launch from inside a touch
    /// handler) stays alive until it is given back.
    static var current = UIApplication(driving: .liveOnMain, state: .active) {
        didSet {
            if currentLendDepth > 0 { replacedWhileLent.append(oldValue) }
            currentUnretained = .passUnretained(current)
        }
    }
    @exclusivity(unchecked) private static var currentUnretained: Unmanaged<UIApplication> = .passUnretained(current)
    @exclusivity(unchecked) private static var currentLendDepth = 0
    @exclusivity(unchecked) private static var replacedWhileLent: [UIApplication] = []

    /// Calls `body` with the app, borrowed: the per-event path's `UIApplication.shared` without a retain and a
    /// release.
    static func withCurrent<Result>(_ body: (UIApplication) -> Result) -> Result {
        currentLendDepth += 1
        defer {
            currentLendDepth -= 1
            if currentLendDepth == 0, !replacedWhileLent.isEmpty { replacedWhileLent.removeAll() }
        }
        return withBorrowed(currentUnretained, body)
    }

    /// The input source.
    let events: EventQueue
    /// The main run loop.
    let mainLoop: MainRunLoop

    /// The delegate (held weakly, as UIKit does not retain it; a launch keeps the one it created).
    open weak var delegate: UIApplicationDelegate?
    var launchedDelegate: UIApplicationDelegate?

    /// Where the app is in its life cycle.
    open var applicationState: State { state }
    /// The life-cycle state (``applicationState``); the router follows it.
    var state: State {
        didSet {
            updateActivity()
            scene.transition(to: Self.sceneState(for: state, terminated: terminated))
        }
    }
    private(set) var terminated = false
    /// ``TactileHost/behavior``: which UIKit generation the object model follows.
    var behavior: TactileBehavior = .modern
    /// ``TactileHost/transitionDuration``, in seconds.
    var transitionDuration: TimeInterval = 0.3

    // Orientation (UIViewController+Rotation.swift).
    /// `UIDevice.current.orientation`.
    var deviceOrientation: UIDeviceOrientation = .portrait
    /// The interface orientation (``statusBarOrientation``).
    var currentInterfaceOrientation: UIInterfaceOrientation = .portrait
    /// `beginGeneratingDeviceOrientationNotifications` nesting; UIKit's own listener is the first.
    var orientationNotificationDepth = 1
    /// ``TactileHost/userInterfaceIdiom``.
    var idiom: UIUserInterfaceIdiom = .phone
    /// ``TactileHost/supportedInterfaceOrientations`` when set.
    var infoPlistMask: UIInterfaceOrientationMask?
    /// ``TactileHost/rotationDuration``, in seconds.
    var rotationDuration: TimeInterval = 0.4
    /// A rotation whose animation has not ended yet.
    var rotationInFlight = false
    /// A device change arrived during a rotation: re-examined when it ends.
    var rotationPending = false

    /// Shake-to-edit (undo) support. True by default, as on current iOS (the iPhone OS 3 guide, AG-D-02, said
    /// false).
    open var applicationSupportsShakeToEdit = true

    /// Keeps the device from dimming and locking while true (AG-D-01); observable state only. False by default.
    open var isIdleTimerDisabled = false

    /// The app's layout direction: left to right unless the host sets
    /// ``TactileHost/userInterfaceLayoutDirection`` (a right-to-left localization).
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { layoutDirection }
    var layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight

    // Windows: every live window, named by its slot in the tree rather than weakly (a weak reference would slow
    // every retain of the window on the touch path: see ViewWorld's pending lists); visible ones retained.
    private var allWindows: [ViewID] = []
    private var visibleWindows: [UIWindow] = []
    private var keyID: ViewID?
    private var key: UIWindow? { ViewWorld.view(keyID) as? UIWindow }
    weak var firstResponder: UIResponder?

    // Event routing (UIApplication+Events.swift).
    /// Decides every touch delivery (TactileCore); the object model turns its decisions into calls.
    let router: TouchRouter
    /// Gesture recognizers' part in touch delivery (Gestures/GestureEnvironment.swift).
    let gestures = GestureEnvironment()
    /// Scroll views tracking a touch, dragging or decelerating: while any is, the main run loop runs in the
    /// tracking mode (DESIGN-SCROLL-TRACKING-MODE).
    @exclusivity(unchecked) var trackingScrollViews = 0
    /// The frame being dispatched changed a touch no view gets (for the recognizers only).
    @exclusivity(unchecked) var undeliveredChanges = false
    /// The one touches event UIKit reuses for every dispatch.
    let touchEvent: UIEvent = {
        let event = UIEvent(type: .touches)
        event.carriesTouches = true
        return event
    }()
    /// Table slot → the finger's `UITouch` (one object per finger for its whole sequence).
    @exclusivity(unchecked) var touchObjects: [UITouch?]
    /// The storage the next frame's handler-call list reuses (UIApplication+Events.swift). Optional, so that
    /// taking it out leaves nil rather than an empty collection: an empty collection is Swift's immortal
    /// singleton, whose every retain and release takes the runtime's slow path (~125 instructions a pair).
    @exclusivity(unchecked) var callStorage: [TouchCall]? = []
    /// The previous handler call's touch set, kept with its members until the table's membership changes: the
    /// next call for the same touches (a finger moving) gets it as it is, without hashing them in again; a
    /// call for other touches refills its storage (Optional, as ``callStorage``).
    @exclusivity(unchecked) var touchSetStorage: Set<UITouch>? = []
    /// The router's live-list version when `touchObjects` was last brought in line with its table.
    @exclusivity(unchecked) var syncedLiveTouchVersion = -1
    /// Handler calls holding a set from ``claimTouches(call:of:)`` (more than one: nested frames).
    @exclusivity(unchecked) var touchSetLendDepth = 0
    /// The members of ``touchSetStorage``, in the order they were claimed.
    @exclusivity(unchecked) var touchSetMembers: [ObjectIdentifier] = {
        var members: [ObjectIdentifier] = []
        members.reserveCapacity(8)
        return members
    }()
    /// Shakes that reached the application unhandled while shake-to-edit was on (AG-O-06): UIKit would show
    /// the Undo/Redo sheet here. Tactile extension, for tests.
    @_spi(Testing) public internal(set) var shakeToEditCount = 0

    init(driving: MainRunLoop.Driving, state: State, routing: TouchRouter.Configuration = .init()) {
        events = EventQueue(capacity: 4096)
        mainLoop = MainRunLoop(events: events, driving: driving)
        self.state = state
        router = TouchRouter(tree: ViewWorld.tree, configuration: routing)
        touchObjects = Array(repeating: nil, count: router.configuration.capacity)
        super.init()
        mainLoop.layoutPass = { ViewWorld.runLayoutPass() }
        mainLoop.displayPass = { ViewWorld.runDisplayPass() }
        mainLoop.inputHandler = { [unowned self] batch in self.route(batch) }
        router.frontEnd = ObjectModelFrontEnd(app: self)
        updateActivity()
        if case .live = driving { try? mainLoop.start() }
    }

    // Nonisolated, as UIKit's, so that subclasses may declare their own `deinit`; stopping the loop is safe
    // from any thread.
    deinit {
        mainLoop.stop()
    }

    /// The application's next responder is its delegate, when the delegate is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// A shake nobody handled reaches the application: with ``applicationSupportsShakeToEdit`` UIKit offers
    /// Undo/Redo here (AG-O-06; counted in `shakeToEditCount`, a testing hook); then the delegate gets its chance.
    open override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake, applicationSupportsShakeToEdit { shakeToEditCount += 1 }
        super.motionEnded(motion, with: event)
    }

    // MARK: - Interface orientation (UIApplication+Rotation.swift)

    /// The interface orientation (SBT-ROT-10): already the new value in the layout and
    /// `willAnimateRotation(to:duration:)` of a rotation. Setting it is `setStatusBarOrientation(_:animated:)`
    /// without animation.
    @available(*, deprecated, message: "Use the window scene's interfaceOrientation")
    open var statusBarOrientation: UIInterfaceOrientation {
        get { currentInterfaceOrientation }
        set { setInterfaceOrientationByHand(newValue) }
    }

    /// Sets the interface orientation by hand (SBT-ROT-10): it takes effect only when the top full-screen
    /// controller's `supportedInterfaceOrientations` is empty; the windows then turn, without callbacks.
    @available(*, deprecated, message: "Explicit setting of the status bar orientation is more limited in iOS 6.0 and later")
    open func setStatusBarOrientation(_ interfaceOrientation: UIInterfaceOrientation, animated: Bool) {
        setInterfaceOrientationByHand(interfaceOrientation)
    }

    // MARK: - Scenes and status bar (Scenes/)

    /// The app's one scene (UIScene.swift), created with the app.
    lazy var scene = UIWindowScene(role: .windowApplication, state: Self.sceneState(for: state, terminated: false))
    /// The headless screen in points (``TactileHost/screenSize``, an iPhone 12–15-sized portrait screen by
    /// default), turned with the interface.
    var screenBounds: CGRect {
        let size = screen.size
        return currentInterfaceOrientation.isLandscape ? CGRect(x: 0, y: 0, width: size.height, height: size.width)
                                                       : CGRect(x: 0, y: 0, width: size.width, height: size.height)
    }
    /// The headless device's screen and appearance (``TactileHost/screenSize`` & co.).
    var screen = ScreenSettings()
    /// Launched with a scene delegate: the scene, not the app delegate, hears of activation.
    var usesSceneLifecycle = false
    /// The status bar as last settled (StatusBarAppearance.swift).
    var statusBar = StatusBarState()

    /// The connected scenes: the app's one window scene (none once terminated).
    open var connectedScenes: Set<UIScene> { terminated ? [] : [scene] }
    /// The sessions of the connected scenes.
    open var openSessions: Set<UISceneSession> { Set(connectedScenes.map(\.session)) }
    /// False: one scene, as on an iPhone.
    open var supportsMultipleScenes: Bool { false }

    /// The status bar's frame (`.zero` when hidden).
    @available(*, deprecated, message: "Use the statusBarManager property of the window scene instead.")
    open var statusBarFrame: CGRect { statusBarRect }

    /// Whether the status bar is hidden. Setting it is ``setStatusBarHidden(_:with:)`` without animation.
    @available(*, deprecated, message: "Use the statusBarManager property of the window scene instead.")
    open var isStatusBarHidden: Bool {
        get { statusBar.hidden }
        set { setAppStatusBar(hidden: newValue, style: statusBar.appStyle) }
    }

    /// Hides or shows the status bar — only when appearance is not view-controller based
    /// (``TactileHost/viewControllerBasedStatusBarAppearance`` false); otherwise the controllers decide and
    /// this does nothing, as in UIKit (AG-D-03).
    @available(*, deprecated, message: "Use -[UIViewController prefersStatusBarHidden]")
    open func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation) {
        setAppStatusBar(hidden: hidden, style: statusBar.appStyle)
    }

    /// The status bar style. Setting it works as ``setStatusBarHidden(_:with:)`` does.
    @available(*, deprecated, message: "Use the statusBarManager property of the window scene instead.")
    open var statusBarStyle: UIStatusBarStyle {
        get { statusBar.style }
        set { setAppStatusBar(hidden: statusBar.appHidden, style: newValue) }
    }

    /// Sets the status bar style as the ``statusBarStyle`` setter does.
    @available(*, deprecated, message: "Use -[UIViewController preferredStatusBarStyle]")
    open func setStatusBarStyle(_ statusBarStyle: UIStatusBarStyle, animated: Bool) {
        setAppStatusBar(hidden: statusBar.appHidden, style: statusBarStyle)
    }

    private func setAppStatusBar(hidden: Bool, style: UIStatusBarStyle) {
        statusBar.appHidden = hidden
        statusBar.appStyle = style
        if !statusBar.viewControllerBased { refreshStatusBar() }
    }

    static func sceneState(for state: State, terminated: Bool) -> UIScene.ActivationState {
        if terminated { return .unattached }
        switch state {
        case .active: return .foregroundActive
        case .inactive: return .foregroundInactive
        case .background: return .background
        }
    }

    // MARK: - Windows (AG-G)

    /// Every window, back to front by level (within a level, the one shown last is in front).
    open var windows: [UIWindow] {
        allWindows.compactMap { ViewWorld.view($0) as? UIWindow }.enumerated()
            .sorted { ($0.element.windowLevel.rawValue, $0.offset) < ($1.element.windowLevel.rawValue, $1.offset) }
            .map(\.element)
    }

    /// The window receiving keyboard and non-touch events.
    open var keyWindow: UIWindow? { key }

    func register(_ window: UIWindow) {
        allWindows.removeAll { !ViewWorld.tree.isValid($0) }
        allWindows.append(window.viewID)
    }

    func windowVisibilityChanged(_ window: UIWindow) {
        if window.isHidden {
            visibleWindows.removeAll { $0 === window }
            updateScreen()
            NotificationCenter.default.post(name: UIWindow.didBecomeHiddenNotification, object: window)
            if key === window { setKeyWindow(nil) }
        } else {
            if !visibleWindows.contains(where: { $0 === window }) { visibleWindows.append(window) }
            orderFront(window)
            NotificationCenter.default.post(name: UIWindow.didBecomeVisibleNotification, object: window)
        }
    }

    /// A window shown (or made key and visible) goes in front of the other windows of its level.
    func orderFront(_ window: UIWindow) {
        allWindows.removeAll { !ViewWorld.tree.isValid($0) || $0 == window.viewID }
        allWindows.append(window.viewID)
        updateScreen()
    }

    /// Tells the router which windows a screen touch (window id 0) may land in: the visible ones, front-most
    /// (highest level, latest within a level) first.
    func updateScreen() {
        router.screen = windows.reversed().filter { w in w.windowScene != nil && visibleWindows.contains { $0 === w } }
            .map(\.viewID)
    }

    func setKeyWindow(_ window: UIWindow?) {
        guard key !== window else { return }
        if let old = key {
            old.resignKey()
            NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: old)
        }
        keyID = window?.viewID
        if let window {
            window.becomeKey()
            NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: window)
        }
    }

    // MARK: - Interaction events (AG-L-02)

    /// Stops touch delivery to the whole app; calls nest.
    open func beginIgnoringInteractionEvents() { router.beginIgnoringInteractionEvents() }

    /// Undoes one ``beginIgnoringInteractionEvents()``; unbalanced calls are ignored.
    open func endIgnoringInteractionEvents() { router.endIgnoringInteractionEvents() }

    /// True between balanced begin/end calls.
    open var isIgnoringInteractionEvents: Bool { router.ignoringDepth > 0 }

    /// Dispatches an event (AG-K-01, AG-O-04): a touch event to the windows of its changed touches, a motion event
    /// to the key window (or, without one, to the app's own chain). Override it to observe every event, and
    /// call `super`.
    open func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            // Each window once, in the order of its first call; no list is built (this runs once per frame), and
            // the calls are read in place (see `UIWindow.sendTouches`).
            var i = 0
            while i < event.dispatching.count {
                defer { i += 1 }
                let id = event.dispatching[i].window
                var seen = false
                for j in 0..<i where event.dispatching[j].window == id { seen = true; break }
                if !seen, let window = ViewWorld.view(id) as? UIWindow { window.sendEvent(event) }
            }
            if event.hasUndeliveredChanges { sendToGestureOnlyWindows(event) }
        case .motion:
            if let key = keyWindow { key.sendEvent(event) } else { deliverMotion(event, to: firstResponder ?? self) }
        default:
            break
        }
    }

    /// Sends `action` to `target`, or — with a nil target — up the responder chain from the first responder
    /// (AG-P-07): the first responder whose ``UIResponder/target(forAction:withSender:)`` names a receiver gets
    /// it. Without a first responder the walk starts at the sender when it is a responder (a control: its view
    /// controller and superviews get the action), else at the key window. Returns true when someone performed
    /// it. On Linux a receiver performs an action through its ``TactileAction`` table
    /// (``UIResponder/tactileActions``, ``TactileActionTarget``), ``TactileActionHandling``, or — for the
    /// standard edit actions — its `copy(_:)`, `cut(_:)`, … overrides. A target that has no such method is
    /// UIKit's "unrecognized selector" exception, reported through ``TactileDiagnostics``.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let receiver: Any?
        if let target {
            receiver = target
        } else {
            let start = firstResponder ?? sender as? UIResponder ?? keyWindow ?? self
            receiver = start.target(forAction: action, withSender: sender)
        }
        guard let receiver else { return false }
        let object = receiver as AnyObject
        if ActionDispatch.perform(action, on: object, sender: sender, event: event) { return true }
        if target != nil, !ActionDispatch.responds(object, to: action) {
            TactileDiagnostics.report("UIApplication.sendAction(_:to:from:for:)",
                                      "-[\(type(of: object)) \(action)]: unrecognized selector sent to instance \(ObjectIdentifier(object))")
        }
        return false
    }

    // MARK: - Life cycle (AG-A-05, AG-B-01 … AG-B-04, AG-C-01)

    /// Launch: `willFinishLaunching`, `didFinishLaunching` (+ notification) while inactive, the scene's
    /// connection when there is a scene delegate, then active.
    func finishLaunching(options: [LaunchOptionsKey: Any]?, mainStoryboard: UIStoryboard?, sceneDelegate: UISceneDelegate?) {
        state = .inactive
        var mainWindow: UIWindow?
        if let mainStoryboard {
            // SBT-LCH-02: a window, the storyboard's initial controller as its root, before the delegate hears anything.
            let window = UIWindow(frame: screenBounds)
            if let root = mainStoryboard.instantiateInitialViewController() {
                window.rootViewController = root
            } else {
                TactileDiagnostics.log("UIApplication", "Failed to instantiate the default view controller for UIMainStoryboardFile '\(mainStoryboard.name)' - perhaps the designated entry point is not set?")
            }
            delegate?.window = window
            mainWindow = window
        }
        _ = delegate?.application(self, willFinishLaunchingWithOptions: options)
        _ = delegate?.application(self, didFinishLaunchingWithOptions: options)
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
        mainWindow?.makeKeyAndVisible()
        if let sceneDelegate {
            usesSceneLifecycle = true
            scene.connect(delegate: sceneDelegate, options: UIScene.ConnectionOptions(launchOptions: options))
        }
        // SBT-LCH-05: the interface was laid out in portrait; it now turns to the device's orientation through
        // the rotation machinery, without animation, before the app is active and anything is displayed.
        attemptRotation(duration: 0)
        becomeActive()
    }

    /// The delegate that hears of activation and the background: the app delegate, unless the scene's
    /// delegate does (the scene life cycle, ``TactileHost/launch(delegate:options:mainStoryboard:sceneDelegate:driving:touches:deviceOrientation:)``).
    private var appDelegateLifeCycle: UIApplicationDelegate? { usesSceneLifecycle ? nil : delegate }

    /// active → inactive: `applicationWillResignActive` + notification; touch delivery stops (AG-B-01, AG-L-06).
    func resignActive() {
        guard applicationState == .active, !terminated else { return }
        appDelegateLifeCycle?.applicationWillResignActive(self)
        NotificationCenter.default.post(name: Self.willResignActiveNotification, object: self)
        state = .inactive
        cancelAllTouchesAndMotion()
    }

    /// inactive → active: `applicationDidBecomeActive` + notification; touch delivery resumes.
    func becomeActive() {
        guard applicationState == .inactive, !terminated else { return }
        state = .active
        appDelegateLifeCycle?.applicationDidBecomeActive(self)
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }

    /// inactive (resigning first if active) → background.
    func enterBackground() {
        guard !terminated, applicationState != .background else { return }
        resignActive()
        state = .background
        appDelegateLifeCycle?.applicationDidEnterBackground(self)
        NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
    }

    /// background → inactive → active.
    func enterForeground() {
        guard !terminated, applicationState == .background else { return }
        appDelegateLifeCycle?.applicationWillEnterForeground(self)
        NotificationCenter.default.post(name: Self.willEnterForegroundNotification, object: self)
        state = .inactive
        becomeActive()
    }

    /// `applicationWillTerminate` + notification, exactly once.
    func terminate() {
        guard !terminated else { return }
        terminated = true
        updateActivity()
        scene.transition(to: .unattached)
        delegate?.applicationWillTerminate(self)
        NotificationCenter.default.post(name: Self.willTerminateNotification, object: self)
        UIPasteboard.applicationWillTerminate()  // AG-S-02: non-persistent app pasteboards go with the app
    }

    /// The delegate's `applicationDidReceiveMemoryWarning`, then every live view controller's
    /// `didReceiveMemoryWarning()` (VCG-B-07, SBT-MEM-02), then the notification (AG-C-01).
    func receiveMemoryWarning() {
        delegate?.applicationDidReceiveMemoryWarning(self)
        UIViewController.broadcastMemoryWarning()
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
    }

}
