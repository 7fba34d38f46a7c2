import Foundation
import TactileCore

/// `UIWindow`: a root view. Windows start hidden; ``makeKeyAndVisible()`` shows one and makes it the key
/// window (app guide G). Across windows, higher ``windowLevel``s are in front.
@MainActor
open class UIWindow: UIView {
    /// `UIWindow.Level`: `.normal` (0), `.statusBar` (1000), `.alert` (2000).
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public static let didBecomeVisibleNotification = Notification.Name("UIWindowDidBecomeVisibleNotification")
    public static let didBecomeHiddenNotification = Notification.Name("UIWindowDidBecomeHiddenNotification")
    public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    public static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")

    /// Higher levels are in front of (and hit before) lower ones.
    open var windowLevel: Level = .normal

    override func didInit() {
        try? tree.setFlags(.hidden, true, of: viewID)
        UIApplication.shared.register(self)
    }

    /// Shows the window (`isHidden = false`) and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Makes the window the key window (the previous key window gets ``resignKey()``).
    open func makeKey() {
        UIApplication.shared.setKeyWindow(self)
    }

    /// True while this is the app's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Called when the window becomes the key window.
    open func becomeKey() {}
    /// Called when the window stops being the key window.
    open func resignKey() {}

    open override var isHidden: Bool {
        didSet {
            guard oldValue != isHidden else { return }
            UIApplication.shared.windowVisibilityChanged(self)
        }
    }

    /// Hands each view of this window its touches of `event`, by phase (the touch router builds the events).
    open func sendEvent(_ event: UIEvent) {
        guard event.type == .touches else { return }
        let mine = event.touchSet.filter { $0.window === self }
        var byView: [ObjectIdentifier: (view: UIView, touches: [UITouch.Phase: Set<UITouch>])] = [:]
        for touch in mine {
            guard let view = touch.view, touch.phase != .stationary else { continue }
            byView[ObjectIdentifier(view), default: (view, [:])].touches[touch.phase, default: []].insert(touch)
        }
        for (view, touches) in byView.values {
            if let t = touches[.began] { view.touchesBegan(t, with: event) }
            if let t = touches[.moved] { view.touchesMoved(t, with: event) }
            if let t = touches[.ended] { view.touchesEnded(t, with: event) }
            if let t = touches[.cancelled] { view.touchesCancelled(t, with: event) }
        }
    }

    /// A window's next responder is the application.
    open override var next: UIResponder? { UIApplication.shared }
}
