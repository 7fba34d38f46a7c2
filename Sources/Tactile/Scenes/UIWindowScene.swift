import Foundation

/// `UIWindowScene`: the scene that holds the app's windows. Its ``windows`` are those whose
/// ``UIWindow/windowScene`` is this scene — every window made with `UIWindow(frame:)` joins the app's scene, as
/// on iOS 13 and later in an app without a scene manifest.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The scene's windows, back to front.
    open var windows: [UIWindow] { UIApplication.shared.windows.filter { $0.windowScene === self } }
    /// The scene's key window.
    open var keyWindow: UIWindow? {
        let key = UIApplication.shared.keyWindow
        return key?.windowScene === self ? key : nil
    }
    /// The interface orientation (the app's; SBT-ROT-12).
    open var interfaceOrientation: UIInterfaceOrientation { UIApplication.shared.currentInterfaceOrientation }
    /// The scene's screen (the host's one screen).
    open var screen: UIScreen { UIScreen.main }
    /// The scene's traits: the screen's.
    open var traitCollection: UITraitCollection { UIApplication.shared.screenTraits }
    /// The scene's status bar.
    open var statusBarManager: UIStatusBarManager? { manager }
    private lazy var manager = UIStatusBarManager(scene: self)
}

/// `UIWindowSceneDelegate`: a scene delegate that keeps the scene's main window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
