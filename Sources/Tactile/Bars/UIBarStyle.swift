import Foundation

/// `UIBarStyle`: a bar's look. `.black` bars ask for a light status bar.
public enum UIBarStyle: Int, Sendable {
    case `default` = 0
    case black = 1
    @available(*, deprecated, message: "Use UIBarStyle.black and set the translucent property to true")
    case blackTranslucent = 2

    /// The same value as `.black` (UIKit imports the duplicate as an alias).
    @available(*, deprecated, message: "Use UIBarStyle.black")
    public static var blackOpaque: UIBarStyle { .black }
}

/// `UIBarMetrics`: the bar height a background image is for.
public enum UIBarMetrics: Int, Sendable {
    case `default` = 0
    case compact = 1
    case defaultPrompt = 101
    case compactPrompt = 102
}

/// `UIBarPosition`: where a bar sits.
public enum UIBarPosition: Int, Sendable {
    case any = 0
    case bottom = 1
    case top = 2
    /// At the top of the screen, its background extending under the status bar.
    case topAttached = 3
}

/// `UIBarPositioning`: a bar that knows its position.
@preconcurrency @MainActor
public protocol UIBarPositioning: NSObjectProtocol {
    var barPosition: UIBarPosition { get }
}

/// `UIBarPositioningDelegate`: a bar's delegate may place it (`position(for:)`, optional).
@preconcurrency @MainActor
public protocol UIBarPositioningDelegate: NSObjectProtocol {
    func position(for bar: any UIBarPositioning) -> UIBarPosition
}

extension UIBarPositioningDelegate {
    /// Optional in UIKit: the bar's default position.
    public func position(for bar: any UIBarPositioning) -> UIBarPosition { .any }
}

/// The heights of the simulated iPhone's bars (UIKit's values, without the safe area a bar's background
/// extends into): navigation bars and toolbars are 44 points high, 32 when the phone is in landscape
/// (vertically compact); tab bars 49, 32 in landscape, plus the bottom safe-area inset.
extension TactileHost {
    public static let navigationBarHeight: CGFloat = 44
    public static let compactNavigationBarHeight: CGFloat = 32
    public static let toolbarHeight: CGFloat = 44
    public static let compactToolbarHeight: CGFloat = 32
    public static let tabBarHeight: CGFloat = 49
    public static let compactTabBarHeight: CGFloat = 32

    /// Whether bars take their compact heights: a phone in landscape.
    static var barsAreCompact: Bool {
        UIApplication.shared.idiom == .phone && UIApplication.shared.currentInterfaceOrientation.isLandscape
    }
}
