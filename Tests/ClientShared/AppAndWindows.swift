#if canImport(UIKit)
import UIKit
#else
import Tactile
#endif
import Foundation

// MARK: - App delegate and scene delegate

/// The app delegate, as Xcode's template writes it (a responder, so it ends the responder chain).
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var launchCount = 0
    private(set) var events: [String] = []

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        events.append("willFinish")
        return true
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        launchCount += 1
        if let url = launchOptions?[.url] as? URL { events.append("url \(url)") }
        if let source = launchOptions?[.sourceApplication] as? String { events.append("from \(source)") }
        let window = MainWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = ProfileViewController(userName: "launch")
        window.makeKeyAndVisible()
        self.window = window
        application.isIdleTimerDisabled = true
        application.applicationSupportsShakeToEdit = false
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { events.append("active") }
    func applicationWillResignActive(_ application: UIApplication) { events.append("resign") }
    func applicationDidEnterBackground(_ application: UIApplication) { events.append("background") }
    func applicationWillEnterForeground(_ application: UIApplication) { events.append("foreground") }
    func applicationWillTerminate(_ application: UIApplication) { events.append("terminate") }
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { events.append("memory") }
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
        .allButUpsideDown
    }

    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        events.append("unhandled motion \(motion.rawValue)")
    }

    deinit {
        DeinitLog.shared.record("AppDelegate")
    }
}

/// The scene delegate, as Xcode's template writes it.
class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var activations = 0

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        connect(to: scene, session: session)
    }

    func connect(to scene: UIScene, session: UISceneSession) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = MainWindow(windowScene: windowScene)
        window.rootViewController = ProfileViewController(userName: session.persistentIdentifier)
        window.makeKeyAndVisible()
        self.window = window
        _ = session.role == .windowApplication
    }

    func sceneDidDisconnect(_ scene: UIScene) { window = nil }
    func sceneDidBecomeActive(_ scene: UIScene) { activations += 1 }
    func sceneWillResignActive(_ scene: UIScene) {}
    func sceneWillEnterForeground(_ scene: UIScene) {}
    func sceneDidEnterBackground(_ scene: UIScene) {}

    deinit {
        DeinitLog.shared.record("SceneDelegate")
    }
}

// MARK: - Window

/// The app's window: every open member of `UIWindow` overridden.
class MainWindow: UIWindow {
    var eventCount = 0
    var keyChanges = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        windowLevel = .normal
    }

    override init(windowScene: UIWindowScene) {
        super.init(windowScene: windowScene)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    deinit {
        DeinitLog.shared.record("MainWindow")
    }

    override var windowLevel: UIWindow.Level {
        get { super.windowLevel }
        set { super.windowLevel = newValue }
    }
    override var rootViewController: UIViewController? {
        get { super.rootViewController }
        set { super.rootViewController = newValue }
    }
    override var windowScene: UIWindowScene? {
        get { super.windowScene }
        set { super.windowScene = newValue }
    }
    override func makeKeyAndVisible() { super.makeKeyAndVisible() }
    override func makeKey() { super.makeKey() }
    override var isKeyWindow: Bool { super.isKeyWindow }
    override func becomeKey() {
        super.becomeKey()
        keyChanges += 1
    }
    override func resignKey() {
        super.resignKey()
        keyChanges += 1
    }
    override func sendEvent(_ event: UIEvent) {
        eventCount += 1
        super.sendEvent(event)
    }
    override var isHidden: Bool {
        get { super.isHidden }
        set { super.isHidden = newValue }
    }
    override var next: UIResponder? { super.next }
}

/// A window above the app's, for an overlay.
final class OverlayWindow: UIWindow {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        subviews.contains { $0.frame.contains(point) }
    }
}

// MARK: - Application

/// A UIApplication subclass (the principal class): every open member overridden.
class TrackingApplication: UIApplication {
    var sentEvents = 0
    var sentActions: [Selector] = []

    deinit {
        DeinitLog.shared.record("TrackingApplication")
    }

    override class var shared: UIApplication { super.shared }

    override func sendEvent(_ event: UIEvent) {
        sentEvents += 1
        super.sendEvent(event)
    }
    override func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        sentActions.append(action)
        return super.sendAction(action, to: target, from: sender, for: event)
    }
    override var applicationState: UIApplication.State { super.applicationState }
    override var applicationSupportsShakeToEdit: Bool {
        get { super.applicationSupportsShakeToEdit }
        set { super.applicationSupportsShakeToEdit = newValue }
    }
    override var isIdleTimerDisabled: Bool {
        get { super.isIdleTimerDisabled }
        set { super.isIdleTimerDisabled = newValue }
    }
    override var delegate: UIApplicationDelegate? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
    override func beginIgnoringInteractionEvents() { super.beginIgnoringInteractionEvents() }
    override func endIgnoringInteractionEvents() { super.endIgnoringInteractionEvents() }
    override var isIgnoringInteractionEvents: Bool { super.isIgnoringInteractionEvents }
    override var keyWindow: UIWindow? { super.keyWindow }
    override var windows: [UIWindow] { super.windows }
    override var next: UIResponder? { super.next }
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        super.motionEnded(motion, with: event)
    }
    override var statusBarOrientation: UIInterfaceOrientation {
        get { super.statusBarOrientation }
        set { super.statusBarOrientation = newValue }
    }
    override func setStatusBarOrientation(_ interfaceOrientation: UIInterfaceOrientation, animated: Bool) {
        super.setStatusBarOrientation(interfaceOrientation, animated: animated)
    }
    override var connectedScenes: Set<UIScene> { super.connectedScenes }
    override var openSessions: Set<UISceneSession> { super.openSessions }
    override var supportsMultipleScenes: Bool { super.supportsMultipleScenes }
    override var statusBarFrame: CGRect { super.statusBarFrame }
    override var isStatusBarHidden: Bool {
        get { super.isStatusBarHidden }
        set { super.isStatusBarHidden = newValue }
    }
    override var statusBarStyle: UIStatusBarStyle {
        get { super.statusBarStyle }
        set { super.statusBarStyle = newValue }
    }
    override func setStatusBarHidden(_ hidden: Bool, with animation: UIStatusBarAnimation) {
        super.setStatusBarHidden(hidden, with: animation)
    }
    override func setStatusBarStyle(_ statusBarStyle: UIStatusBarStyle, animated: Bool) {
        super.setStatusBarStyle(statusBarStyle, animated: animated)
    }
}

/// How `main.swift` launches an app with a principal class and a delegate (never called here: it does not return).
func launchTheApp() -> Int32 {
    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
                      NSStringFromClass(TrackingApplication.self), NSStringFromClass(AppDelegate.self))
}

/// What `@main` on the app delegate generates (Xcode's template: `@main class AppDelegate: UIResponder,
/// UIApplicationDelegate`). A test target cannot declare `@main` itself, so the call is written out.
@MainActor
func startLikeAtMain() {
    AppDelegate.main()
}

// MARK: - Scenes, device, status bar

/// A window scene subclass with its open members overridden (UIKit creates scenes; apps rarely subclass them).
class GameWindowScene: UIWindowScene {
    override var windows: [UIWindow] { super.windows }
    override var keyWindow: UIWindow? { super.keyWindow }
    override var interfaceOrientation: UIInterfaceOrientation { super.interfaceOrientation }
    override var statusBarManager: UIStatusBarManager? { super.statusBarManager }
    override var session: UISceneSession { super.session }
    override var activationState: UIScene.ActivationState { super.activationState }
    override var delegate: UISceneDelegate? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
    override var title: String! {
        get { super.title }
        set { super.title = newValue }
    }
    override var next: UIResponder? { super.next }

    deinit {
        DeinitLog.shared.record("GameWindowScene")
    }
}

class GameSceneSession: UISceneSession {
    override var role: UISceneSession.Role { super.role }
    override var persistentIdentifier: String { super.persistentIdentifier }
    override var scene: UIScene? { super.scene }
    override var userInfo: [String: Any]? {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }
}

class QuietStatusBarManager: UIStatusBarManager {
    override var statusBarFrame: CGRect { super.statusBarFrame }
    override var isStatusBarHidden: Bool { super.isStatusBarHidden }
    override var statusBarStyle: UIStatusBarStyle { super.statusBarStyle }
}

class FakeDevice: UIDevice {
    override class var current: UIDevice { super.current }
    override var orientation: UIDeviceOrientation { .landscapeLeft }
    override var userInterfaceIdiom: UIUserInterfaceIdiom { .pad }
    override var isGeneratingDeviceOrientationNotifications: Bool { super.isGeneratingDeviceOrientationNotifications }
    override func beginGeneratingDeviceOrientationNotifications() { super.beginGeneratingDeviceOrientationNotifications() }
    override func endGeneratingDeviceOrientationNotifications() { super.endGeneratingDeviceOrientationNotifications() }
}

// MARK: - Typical app-level code

/// Finding the key window and the status bar, as iOS 13+ code does.
@MainActor
func currentKeyWindow() -> UIWindow? {
    UIApplication.shared.connectedScenes
        .compactMap { $0 as? UIWindowScene }
        .flatMap { $0.windows }
        .first { $0.isKeyWindow }
}

@MainActor
func statusBarHeight() -> CGFloat {
    guard let windowScene = UIApplication.shared.connectedScenes.first as? UIWindowScene else { return 0 }
    let frame = windowScene.statusBarManager?.statusBarFrame ?? .zero
    _ = windowScene.statusBarManager?.isStatusBarHidden
    _ = windowScene.statusBarManager?.statusBarStyle == .lightContent
    _ = windowScene.keyWindow
    _ = windowScene.interfaceOrientation.isLandscape
    _ = windowScene.activationState == .foregroundActive
    _ = windowScene.session.persistentIdentifier
    return frame.height
}

@MainActor
func showOverlay(text: String) -> UIWindow? {
    guard let windowScene = UIApplication.shared.connectedScenes.first as? UIWindowScene else { return nil }
    let overlay = OverlayWindow(windowScene: windowScene)
    overlay.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.statusBar.rawValue + 1)
    overlay.rootViewController = SettingsViewController()
    overlay.isHidden = false
    overlay.accessibilityLabel = text
    return overlay
}

@MainActor
func appLevelChecks() {
    let app = UIApplication.shared
    _ = app.applicationState == .active
    _ = app.keyWindow?.rootViewController
    _ = app.windows.count
    _ = app.supportsMultipleScenes
    _ = app.openSessions.count
    _ = (app.delegate as? AppDelegate)?.window
    // TACTILE-GAP (Linux): UIApplicationDelegate.window is an @objc optional requirement in UIKit, so `delegate?.window` is `UIWindow??`; Tactile's plain requirement makes it `UIWindow?` and the usual `??` fails — UIKit: @objc optional var window: UIWindow? { get set }
    // _ = app.delegate?.window??.rootViewController
    app.sendAction(Selector("copy:"), to: nil, from: nil, for: nil)
    let device = UIDevice.current
    if device.orientation.isValidInterfaceOrientation, device.orientation.isLandscape || device.orientation.isFlat {
        _ = device.userInterfaceIdiom == .pad
    }
    device.beginGeneratingDeviceOrientationNotifications()
    device.endGeneratingDeviceOrientationNotifications()
    UIViewController.attemptRotationToDeviceOrientation()
}

/// Life-cycle observation from nonisolated code: UIKit's notification names are nonisolated.
final class LifecycleObserver {
    private var tokens: [NSObjectProtocol] = []
    private(set) var names: [Notification.Name] = []

    init(center: NotificationCenter = .default) {
        let watched: [Notification.Name] = [
            UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
            UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
            UIApplication.willEnterForegroundNotification, UIApplication.willTerminateNotification,
            UIApplication.didReceiveMemoryWarningNotification, UIWindow.didBecomeKeyNotification,
            UIWindow.didResignKeyNotification, UIWindow.didBecomeVisibleNotification, UIWindow.didBecomeHiddenNotification,
            UIDevice.orientationDidChangeNotification,
        ]
        names = watched
        for name in watched {
            tokens.append(center.addObserver(forName: name, object: nil, queue: .main) { note in
                _ = note.name
            })
        }
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        DeinitLog.shared.record("LifecycleObserver")
    }
}
