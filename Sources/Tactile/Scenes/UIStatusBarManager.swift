import Foundation

/// `UIStatusBarStyle`. (iPhone OS 3's `blackTranslucent` and `blackOpaque` are unavailable in Swift.)
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark content (before iOS 13), or content that follows the interface style.
    case `default` = 0
    /// Light content, for dark backgrounds.
    case lightContent = 1
    /// Dark content, for light backgrounds (iOS 13).
    case darkContent = 3
}

/// `UIStatusBarAnimation`: how the status bar shows or hides.
public enum UIStatusBarAnimation: Int, Sendable {
    case none = 0
    case fade = 1
    case slide = 2
}

/// `UIStatusBarManager`: the status bar of a window scene, as the app last settled it (see
/// ``UIViewController/setNeedsStatusBarAppearanceUpdate()``).
@preconcurrency @MainActor
open class UIStatusBarManager: NSObject {
    private unowned let scene: UIWindowScene

    init(scene: UIWindowScene) {
        self.scene = scene
        super.init()
    }

    /// The style in effect.
    open var statusBarStyle: UIStatusBarStyle { UIApplication.shared.statusBar.style }
    /// Whether the status bar is hidden.
    open var isStatusBarHidden: Bool { UIApplication.shared.statusBar.hidden }
    /// The status bar's frame in screen coordinates: across the top of the screen, ``TactileHost/statusBarHeight``
    /// high; `.zero` when it is hidden or has no height.
    open var statusBarFrame: CGRect { UIApplication.shared.statusBarRect }
}
