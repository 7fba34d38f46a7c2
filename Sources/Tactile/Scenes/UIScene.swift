import Foundation

/// `UIScene`: one instance of the app's user interface (iOS 13). Tactile's app has exactly one, a
/// ``UIWindowScene`` created with the app, connected for the app's whole life and never disconnected before
/// termination; every window belongs to it unless its ``UIWindow/windowScene`` is set to nil. Its
/// ``activationState`` follows the app's life cycle (AG-B): active → `.foregroundActive`, inactive →
/// `.foregroundInactive`, background → `.background`, terminated → `.unattached`, and each change calls the
/// scene's ``delegate`` and posts the scene's notification beside the application's.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// `UIScene.ActivationState`.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// `UIScene.ConnectionOptions`: why the scene is connecting (a launch: the launch options' source app).
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {
        /// The bundle identifier of the app that asked for the launch, if any.
        open var sourceApplication: String? { source }
        private let source: String?

        init(launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {
            source = launchOptions?[.sourceApplication] as? String
            super.init()
        }
    }

    nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")

    /// The session the scene belongs to.
    open var session: UISceneSession { sceneSession }
    private let sceneSession: UISceneSession
    /// The scene's delegate, held strongly as UIKit does.
    open var delegate: UISceneDelegate?
    /// A title the system may show for the scene.
    open var title: String! = ""
    /// Where the scene is in its life cycle.
    open var activationState: ActivationState { state }
    var state: ActivationState

    init(role: UISceneSession.Role, state: ActivationState) {
        self.state = state
        sceneSession = UISceneSession(role: role)
        super.init()
        sceneSession.attachedScene = self
    }

    /// The scene's responder chain ends at the application.
    open override var next: UIResponder? { UIApplication.shared }

    /// Connects the scene at launch (the scene life cycle): the delegate's `scene(_:willConnectTo:options:)`
    /// and the notification, then the scene enters the foreground (inactive) — becoming active follows the
    /// app's.
    func connect(delegate: UISceneDelegate, options: ConnectionOptions) {
        state = .unattached
        self.delegate = delegate
        delegate.scene(self, willConnectTo: session, options: options)
        NotificationCenter.default.post(name: Self.willConnectNotification, object: self)
        transition(to: .foregroundInactive)
    }

    /// Moves the scene to `newState`, telling the delegate and posting the scene notification of the step.
    func transition(to newState: ActivationState) {
        guard newState != state else { return }
        let old = state
        switch (old, newState) {
        case (.foregroundActive, _):
            delegate?.sceneWillResignActive(self)
            NotificationCenter.default.post(name: Self.willDeactivateNotification, object: self)
        case (.background, .foregroundInactive), (.background, .foregroundActive), (.unattached, .foregroundInactive):
            delegate?.sceneWillEnterForeground(self)
            NotificationCenter.default.post(name: Self.willEnterForegroundNotification, object: self)
        default: break
        }
        state = newState
        switch newState {
        case .foregroundActive:
            delegate?.sceneDidBecomeActive(self)
            NotificationCenter.default.post(name: Self.didActivateNotification, object: self)
        case .background:
            delegate?.sceneDidEnterBackground(self)
            NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
        case .unattached:
            delegate?.sceneDidDisconnect(self)
            NotificationCenter.default.post(name: Self.didDisconnectNotification, object: self)
        case .foregroundInactive: break
        }
    }
}

/// `UISceneDelegate`: told of the scene's life-cycle steps (every method optional, as in UIKit).
@preconcurrency @MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// `UISceneSession`: the persistent record of a scene.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
    /// `UISceneSession.Role`: the kind of scene.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The app's main, interactive content on the device's screen.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// Non-interactive content on an external display.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// The scene of the session while it is connected.
    open var scene: UIScene? { attachedScene }
    weak var attachedScene: UIScene?
    /// The session's role.
    open var role: Role { sessionRole }
    private let sessionRole: Role
    /// A unique identifier that stays the same for the session's life.
    open var persistentIdentifier: String { identifier }
    private let identifier = UUID().uuidString
    /// App state to restore the scene with.
    open var userInfo: [String: Any]?

    init(role: Role) {
        sessionRole = role
        super.init()
    }
}
