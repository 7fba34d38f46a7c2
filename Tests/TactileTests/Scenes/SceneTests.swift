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
