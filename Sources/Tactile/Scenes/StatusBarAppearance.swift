import Foundation

/// The status bar: which controller decides its appearance, and what it covers.
///
/// With view-controller-based appearance (UIKit's default, Info.plist `UIViewControllerBasedStatusBarAppearance`),
/// the key window's root view controller decides — or the last controller presented over it that captures
/// the status bar (a full-screen style, or `modalPresentationCapturesStatusBarAppearance`) — each passing
/// the question on through `childForStatusBarHidden` / `childForStatusBarStyle`. The answer is settled when a
/// controller calls `setNeedsStatusBarAppearanceUpdate()`, when a window becomes key and visible or gets a
/// new root, when a presentation or dismissal ends and when the interface rotates; in between, what a
/// controller's overrides return is not looked at. Without it, the app's deprecated
/// `setStatusBarHidden(_:with:)` / `statusBarStyle` decide (AG-D-03).
///
/// A visible status bar is part of the windows' safe area (its height, ``TactileHost/statusBarHeight``, is 0
/// on the headless screen unless the host sets it); when it shows, hides or changes height the windows lay
/// out again and views whose safe area changed are told (AG-B-05).
struct StatusBarState {
    var hidden = false
    var style = UIStatusBarStyle.default
    /// The app-level values, used when appearance is not view-controller based.
    var appHidden = false
    var appStyle = UIStatusBarStyle.default
    var viewControllerBased = true
    /// The bar's height when shown (`TactileHost.statusBarHeight`).
    var height: CGFloat = 0
    /// The screen's own insets: notch, rounded corners, home indicator (`TactileHost.screenSafeAreaInsets`).
    var screenInsets = UIEdgeInsets.zero
}

extension UIApplication {
    /// The controller that decides the status bar: the key window's root, or the last full-screen (capturing)
    /// controller presented over it.
    func statusBarDecider() -> UIViewController? {
        guard let window = keyWindow ?? windows.last(where: { !$0.isHidden }), var decider = window.rootViewController
        else { return nil }
        var next = decider.presentedLink
        while let presented = next {
            if presented.capturesStatusBarAppearance { decider = presented }
            next = presented.presentedLink
        }
        return decider
    }

    /// Settles the status bar again; lays the windows out when what it covers changed.
    func refreshStatusBar() {
        let oldRect = statusBarRect
        if statusBar.viewControllerBased {
            if let decider = statusBarDecider() {
                var hiding = decider, styling = decider
                for _ in 0..<64 {  // a cycle of childFor… answers stops somewhere
                    guard let child = hiding.childForStatusBarHidden, child !== hiding else { break }
                    hiding = child
                }
                for _ in 0..<64 {
                    guard let child = styling.childForStatusBarStyle, child !== styling else { break }
                    styling = child
                }
                statusBar.hidden = hiding.prefersStatusBarHidden
                statusBar.style = styling.preferredStatusBarStyle
            }
        } else {
            statusBar.hidden = statusBar.appHidden
            statusBar.style = statusBar.appStyle
        }
        if statusBarRect != oldRect { windowInsetsChanged() }
    }

    /// The status bar's rectangle on the screen: across its top, `.zero` when hidden.
    var statusBarRect: CGRect {
        guard !statusBar.hidden, statusBar.height > 0 else { return .zero }
        return CGRect(x: 0, y: 0, width: screenBounds.width, height: statusBar.height)
    }

    /// True when nothing on the screen insets a window: no screen insets, no visible status bar.
    var screenHasNoInsets: Bool { statusBar.screenInsets == .zero && (statusBar.hidden || statusBar.height == 0) }

    /// A window's safe area insets: the screen's insets, with the visible status bar at the top (each window
    /// is taken to fill the headless screen), at most the window's size.
    func windowSafeAreaInsets(for window: UIWindow) -> UIEdgeInsets {
        var screen = statusBar.screenInsets
        screen.top = max(screen.top, statusBarRect.height)
        guard screen != .zero else { return .zero }
        let size = window.bounds.size
        return UIEdgeInsets(top: min(screen.top, size.height), left: min(screen.left, size.width),
                            bottom: min(screen.bottom, size.height), right: min(screen.right, size.width))
    }

    /// The screen's insets or the status bar changed: every window lays out again and reports the change.
    func windowInsetsChanged() {
        for window in windows { window.setNeedsLayoutInSubtree() }
    }
}

extension TactileHost {
    /// The status bar's height when it is shown, in points (UIKit: 20 on classic iPhones, 40 during a call —
    /// AG-B-05 —, 44–59 on notched ones). 0 by default: the headless screen has no status bar unless a test
    /// gives it one. Changing it lays the windows out again (their safe areas change).
    public static var statusBarHeight: CGFloat {
        get { UIApplication.shared.statusBar.height }
        set {
            let app = UIApplication.shared
            app.statusBar.height = max(0, newValue.isFinite ? newValue : 0)
            app.windowInsetsChanged()
        }
    }

    /// The app's layout direction (`UIApplication.userInterfaceLayoutDirection`): `.rightToLeft` as under an
    /// Arabic or Hebrew localization. Leading and trailing constraints follow it; changing it lays every
    /// window out again.
    public static var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        get { UIApplication.shared.layoutDirection }
        set {
            let app = UIApplication.shared
            guard app.layoutDirection != newValue else { return }
            app.layoutDirection = newValue
            AutoLayout.appLayoutDirectionDidChange()
        }
    }

    /// The screen's own safe area insets (sensor housing, rounded corners, home indicator); zero by default.
    public static var screenSafeAreaInsets: UIEdgeInsets {
        get { UIApplication.shared.statusBar.screenInsets }
        set {
            let app = UIApplication.shared
            app.statusBar.screenInsets = newValue
            app.windowInsetsChanged()
        }
    }

    /// Info.plist's `UIViewControllerBasedStatusBarAppearance` (true by default): whether view controllers
    /// decide the status bar, or the app's deprecated setters.
    public static var viewControllerBasedStatusBarAppearance: Bool {
        get { UIApplication.shared.statusBar.viewControllerBased }
        set {
            let app = UIApplication.shared
            app.statusBar.viewControllerBased = newValue
            app.refreshStatusBar()
        }
    }
}
