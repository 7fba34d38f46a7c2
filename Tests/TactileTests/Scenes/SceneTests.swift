import Foundation
import Tactile
import Testing

/// A scene delegate that records its calls.
@MainActor
private final class LoggingSceneDelegate: NSObject, UIWindowSceneDelegate {
    var window: UIWindow?
    var log: [String] = []
    func sceneDidBecomeActive(_ scene: UIScene) { log.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { log.append("willResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { log.append("willEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { log.append("didEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { log.append("didDisconnect") }
}

/// Names of posted notifications, in order.
@MainActor
private final class PostedNames: Sendable {
    var names: [String] = []
}

/// A view that counts the touches it begins.
@MainActor
private final class TouchCountingView: UIView {
    var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += touches.count }
}

/// Scenes (iOS 13): the app's one window scene, as in an app without a scene manifest. Sources: Apple's
/// documentation of `UIScene.ActivationState`, `UIWindow.windowScene` ("if you set this property to nil, UIKit
/// removes the window from the screen") and `UIApplication.supportsMultipleScenes` (false on iPhone).
@MainActor
@Suite("Scenes")
struct SceneTests {
    init() {
        TactileDiagnostics.logsToStandardError = false
    }

    @Test("The app has one connected window scene; windows join it and it lists them")
    func oneScene() {
        let window = launchWithWindow()
        let app = UIApplication.shared
        #expect(app.connectedScenes.count == 1 && app.openSessions.count == 1 && !app.supportsMultipleScenes)
        let scene = appScene()
        #expect(scene.session.role == .windowApplication)
        #expect(scene.session.scene === scene)
        #expect(!scene.session.persistentIdentifier.isEmpty)
        #expect(scene.session.persistentIdentifier == scene.session.persistentIdentifier)
        #expect(app.openSessions.first === scene.session)
        #expect(window.windowScene === scene)
        #expect(scene.windows == [window])
        #expect(scene.keyWindow === window)
        #expect(scene.interfaceOrientation == .portrait)
        #expect(scene.next === app)
    }

    @Test("UIWindow(windowScene:) and UIWindow() fill the screen")
    func screenSizedWindows() {
        _ = launchWithWindow()
        let scene = appScene()
        let w = UIWindow(windowScene: scene)
        #expect(w.windowScene === scene)
        #expect(w.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(UIWindow().frame == w.frame)
        #expect(w.isHidden)
    }

    @Test("A window taken out of its scene leaves the screen: touches no longer reach it")
    func windowWithoutScene() {
        let window = launchWithWindow()
        let target = TouchCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(target)
        TouchDriver().tap(at: CGPoint(x: 10, y: 10))
        #expect(target.began == 1)
        window.windowScene = nil
        #expect(appScene().windows.isEmpty)
        TouchDriver().tap(at: CGPoint(x: 10, y: 10))
        #expect(target.began == 1)
        window.windowScene = appScene()
        TouchDriver().tap(at: CGPoint(x: 10, y: 10))
        #expect(target.began == 2)
    }

    @Test("AG-B-01 the scene's activation state follows the app's life cycle, with its delegate and notifications")
    func activationFollowsLifeCycle() {
        _ = launchWithWindow()
        let scene = appScene()
        let delegate = LoggingSceneDelegate()
        scene.delegate = delegate
        let posted = PostedNames()
        let names: [Notification.Name] = [UIScene.didActivateNotification, UIScene.willDeactivateNotification,
                                          UIScene.willEnterForegroundNotification, UIScene.didEnterBackgroundNotification,
                                          UIScene.didDisconnectNotification]
        let tokens = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: scene, queue: nil) { note in
                let raw = note.name.rawValue
                MainActor.assumeIsolated { posted.names.append(raw) }
            }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }
        #expect(scene.activationState == .foregroundActive)
        TactileHost.interrupt()
        #expect(scene.activationState == .foregroundInactive)
        TactileHost.resume()
        TactileHost.enterBackground()
        #expect(scene.activationState == .background)
        TactileHost.enterForeground()
        #expect(scene.activationState == .foregroundActive)
        TactileHost.terminate()
        #expect(scene.activationState == .unattached)
        #expect(UIApplication.shared.connectedScenes.isEmpty)
        #expect(delegate.log == ["willResignActive", "didBecomeActive", "willResignActive", "didEnterBackground",
                                 "willEnterForeground", "didBecomeActive", "willResignActive", "didDisconnect"])
        #expect(posted.names == ["UISceneWillDeactivateNotification", "UISceneDidActivateNotification",
                           "UISceneWillDeactivateNotification", "UISceneDidEnterBackgroundNotification",
                           "UISceneWillEnterForegroundNotification", "UISceneDidActivateNotification",
                           "UISceneWillDeactivateNotification", "UISceneDidDisconnectNotification"])
    }
}

/// A scene delegate as Xcode's template writes it: the window is made when the scene connects.
@MainActor
private final class TemplateSceneDelegate: NSObject, UIWindowSceneDelegate {
    var window: UIWindow?
    var log: [String] = []
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        log.append("willConnect(\(connectionOptions.sourceApplication ?? "nil"))")
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
    func sceneWillEnterForeground(_ scene: UIScene) { log.append("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { log.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { log.append("willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { log.append("didEnterBackground") }
}

/// An app delegate that records the life-cycle calls it gets.
@MainActor
private final class RecordingAppDelegate: NSObject, UIApplicationDelegate {
    var log: [String] = []
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("didFinishLaunching")
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { log.append("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { log.append("willResignActive") }
    func applicationWillTerminate(_ application: UIApplication) { log.append("willTerminate") }
}

/// The scene life cycle (iOS 13, an app with a scene manifest). Source: Apple's "Managing your app's life
/// cycle": "If your app supports scenes, UIKit delivers separate life-cycle events for each scene … the
/// system calls scene delegate methods instead of app delegate methods"; the connection order of Xcode's
/// template (`scene(_:willConnectTo:options:)`, `sceneWillEnterForeground(_:)`, `sceneDidBecomeActive(_:)`).
@MainActor
@Suite("Scene life cycle")
struct SceneLifeCycleTests {
    @Test("AG-A-05 with a scene delegate the scene connects after didFinishLaunching and makes the window; the scene delegate, not the app delegate, hears of activation")
    func sceneLaunch() {
        let appDelegate = RecordingAppDelegate(), sceneDelegate = TemplateSceneDelegate()
        TactileHost.launch(delegate: appDelegate, options: [.sourceApplication: "com.example.mail"], sceneDelegate: sceneDelegate)
        #expect(appDelegate.log == ["didFinishLaunching"])
        #expect(sceneDelegate.log == ["willConnect(com.example.mail)", "willEnterForeground", "didBecomeActive"])
        let scene = appScene()
        #expect(scene.delegate === sceneDelegate && scene.activationState == .foregroundActive)
        let window = try! #require(sceneDelegate.window)
        #expect(window.windowScene === scene && window.isKeyWindow && scene.keyWindow === window)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.rootViewController?.view.window === window)
        TactileHost.interrupt()
        TactileHost.resume()
        TactileHost.terminate()
        #expect(appDelegate.log == ["didFinishLaunching", "willTerminate"])
        #expect(sceneDelegate.log == ["willConnect(com.example.mail)", "willEnterForeground", "didBecomeActive",
                                      "willResignActive", "didBecomeActive", "willResignActive"])
    }
}
