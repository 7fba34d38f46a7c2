import Foundation
import TactileCore

/// `UIApplication`: the app object. It owns the event queue and the main run loop, keeps the windows, tracks
/// the key window and the first responder, and runs the life-cycle state machine (app guide A, B, C, D).
///
/// As in a hosted iOS unit test, `UIApplication.shared` exists without any launch call: it is active and its
/// run loop runs live on the main queue, so deferred work (layout and display passes, performs) runs whenever
/// someone services the main queue (`RunLoop.main`, `XCTWaiter`, an `await` on the main actor).
/// ``TactileHost`` launches a fresh app instead, deterministic or live.
@MainActor
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

    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    /// The app.
    public static var shared: UIApplication { current }
    static var current = UIApplication(driving: .liveOnMain, state: .active)

    /// The input source.
    let events: EventQueue
    /// The main run loop.
    let mainLoop: MainRunLoop

    /// The delegate (held weakly, as UIKit does not retain it; a launch keeps the one it created).
    open weak var delegate: UIApplicationDelegate?
    var launchedDelegate: UIApplicationDelegate?

    public private(set) var applicationState: State
    private var terminated = false

    /// Shake-to-edit (undo) support. True by default, as on current iOS (the iPhone OS 3 guide, D-02, said
    /// false).
    open var applicationSupportsShakeToEdit = true

    /// Keeps the device from dimming and locking while true (D-01); observable state only. False by default.
    open var isIdleTimerDisabled = false

    // Windows: every live window (weakly), visible ones retained.
    private var allWindows: [WeakWindow] = []
    private var visibleWindows: [UIWindow] = []
    private weak var key: UIWindow?
    weak var firstResponder: UIResponder?
    private var ignoringDepth = 0

    /// Input records the app could not hand to anyone yet (touch and motion routing land with the touch
    /// router); counted, not silently lost.
    public private(set) var unroutedEventCount = 0

    init(driving: MainRunLoop.Driving, state: State) {
        events = EventQueue(capacity: 4096)
        mainLoop = MainRunLoop(events: events, driving: driving)
        applicationState = state
        super.init()
        mainLoop.layoutPass = { ViewWorld.runLayoutPass() }
        mainLoop.displayPass = { ViewWorld.runDisplayPass() }
        mainLoop.inputHandler = { [unowned self] batch in
            for record in batch { self.handle(record) }
        }
        if case .live = driving { try? mainLoop.start() }
    }

    isolated deinit {
        mainLoop.stop()
    }

    /// The application's next responder is its delegate, when the delegate is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    // MARK: - Windows (app guide G)

    /// Every window, back to front by level (creation order within a level).
    open var windows: [UIWindow] {
        allWindows.compactMap(\.window).enumerated()
            .sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
            .map(\.element)
    }

    /// The window receiving keyboard and non-touch events.
    open var keyWindow: UIWindow? { key }

    func register(_ window: UIWindow) {
        allWindows.removeAll { $0.window == nil }
        allWindows.append(WeakWindow(window: window))
    }

    func windowVisibilityChanged(_ window: UIWindow) {
        if window.isHidden {
            visibleWindows.removeAll { $0 === window }
            NotificationCenter.default.post(name: UIWindow.didBecomeHiddenNotification, object: window)
            if key === window { setKeyWindow(nil) }
        } else {
            if !visibleWindows.contains(where: { $0 === window }) { visibleWindows.append(window) }
            NotificationCenter.default.post(name: UIWindow.didBecomeVisibleNotification, object: window)
        }
    }

    func setKeyWindow(_ window: UIWindow?) {
        guard key !== window else { return }
        if let old = key {
            old.resignKey()
            NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: old)
        }
        key = window
        if let window {
            window.becomeKey()
            NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: window)
        }
    }

    // MARK: - Interaction events (app guide L-02)

    /// Stops touch delivery to the whole app; calls nest.
    open func beginIgnoringInteractionEvents() { ignoringDepth += 1 }

    /// Undoes one ``beginIgnoringInteractionEvents()``; unbalanced calls are ignored.
    open func endIgnoringInteractionEvents() { ignoringDepth = max(0, ignoringDepth - 1) }

    /// True between balanced begin/end calls.
    open var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    /// Dispatches an event: a touch event goes to the windows of its touches, which hand each view its
    /// touches (UIWindow.sendEvent).
    open func sendEvent(_ event: UIEvent) {
        guard event.type == .touches else { return }
        var seen = Set<ObjectIdentifier>()
        for touch in event.touchSet {
            guard let window = touch.window, seen.insert(ObjectIdentifier(window)).inserted else { continue }
            window.sendEvent(event)
        }
    }

    /// Sends `action` to `target`, or — with a nil target — to the first responder able to perform it, up the
    /// responder chain from the first responder (or from `sender` when it is a responder). Returns true when
    /// someone performed it. On Linux the receiver performs actions through ``UIActionHandling``.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let receiver: Any?
        if let target {
            receiver = target
        } else {
            let start = firstResponder ?? (sender as? UIResponder) ?? keyWindow
            receiver = start?.target(forAction: action, withSender: sender)
        }
        guard let handler = receiver as? UIActionHandling, handler.handlesAction(action) else { return false }
        handler.performAction(action, sender: sender)
        return true
    }

    // MARK: - Life cycle (app guide A-05, B-01 … B-04, C-01)

    /// Launch: `willFinishLaunching`, `didFinishLaunching` (+ notification) while inactive, then active.
    func finishLaunching(options: [LaunchOptionsKey: Any]?) {
        applicationState = .inactive
        _ = delegate?.application(self, willFinishLaunchingWithOptions: options)
        _ = delegate?.application(self, didFinishLaunchingWithOptions: options)
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
        becomeActive()
    }

    /// active → inactive: `applicationWillResignActive` + notification; touch delivery stops (B-01, L-06).
    func resignActive() {
        guard applicationState == .active, !terminated else { return }
        delegate?.applicationWillResignActive(self)
        NotificationCenter.default.post(name: Self.willResignActiveNotification, object: self)
        applicationState = .inactive
    }

    /// inactive → active: `applicationDidBecomeActive` + notification; touch delivery resumes.
    func becomeActive() {
        guard applicationState == .inactive, !terminated else { return }
        applicationState = .active
        delegate?.applicationDidBecomeActive(self)
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }

    /// inactive (resigning first if active) → background.
    func enterBackground() {
        guard !terminated, applicationState != .background else { return }
        resignActive()
        applicationState = .background
        delegate?.applicationDidEnterBackground(self)
        NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
    }

    /// background → inactive → active.
    func enterForeground() {
        guard !terminated, applicationState == .background else { return }
        delegate?.applicationWillEnterForeground(self)
        NotificationCenter.default.post(name: Self.willEnterForegroundNotification, object: self)
        applicationState = .inactive
        becomeActive()
    }

    /// `applicationWillTerminate` + notification, exactly once.
    func terminate() {
        guard !terminated else { return }
        terminated = true
        delegate?.applicationWillTerminate(self)
        NotificationCenter.default.post(name: Self.willTerminateNotification, object: self)
    }

    /// The delegate's `applicationDidReceiveMemoryWarning`, then the notification (C-01).
    func receiveMemoryWarning() {
        delegate?.applicationDidReceiveMemoryWarning(self)
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
    }

    // MARK: - Input

    private func handle(_ record: EventRecord) {
        switch record.system {
        case .willResignActive?: resignActive()
        case .didBecomeActive?: becomeActive()
        case .memoryWarning?: receiveMemoryWarning()
        case .cancelAllTouches?, nil: unroutedEventCount += 1
        }
    }
}

private struct WeakWindow {
    weak var window: UIWindow?
}
