import Foundation
import Testing
import Tactile

/// Records what UIKit tells the app delegate.
@MainActor
final class RecordingDelegate: UIResponder, UIApplicationDelegate {
    var log: [String] = []
    var window: UIWindow?
    var stateDuringLaunch: UIApplication.State?
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("willFinishLaunching")
        return true
    }
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("didFinishLaunching")
        stateDuringLaunch = application.applicationState
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { log.append("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { log.append("willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { log.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { log.append("willEnterForeground") }
    func applicationWillTerminate(_ application: UIApplication) { log.append("willTerminate") }
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { log.append("memoryWarning") }
}

/// Collects notification names in order.
@MainActor
final class NotificationLog {
    var names: [String] = []
    private var tokens: [NSObjectProtocol] = []
    init(_ names: [Notification.Name]) {
        for name in names {
            tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] n in
                let posted = n.name.rawValue
                MainActor.assumeIsolated { self?.names.append(posted) }
            })
        }
    }
    func stop() { tokens.forEach(NotificationCenter.default.removeObserver) }
}

/// UIApplication: launch, the active/inactive/background state machine, memory warnings, termination
/// (AG-A, AG-B, AG-C, AG-L-02).
@MainActor
@Suite("UIApplication")
struct ApplicationTests {
    @Test("AG-A-05 AG-B-04 launch: willFinish, didFinish while inactive, then didBecomeActive; notifications follow the delegate")
    func a05Launch() {
        let delegate = RecordingDelegate()
        let log = NotificationLog([UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification])
        defer { log.stop() }
        let app = TactileHost.launch(delegate: delegate)
        #expect(app === UIApplication.shared)
        #expect(delegate.log == ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
        #expect(delegate.stateDuringLaunch == .inactive)
        #expect(app.applicationState == .active)
        #expect(app.delegate === delegate)
        #expect(log.names == ["UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification"])
    }

    @Test("AG-B-01 AG-B-02 an interruption resigns active and resuming becomes active again; terminate is delivered exactly once")
    func b01Interruption() {
        let delegate = RecordingDelegate()
        let app = TactileHost.launch(delegate: delegate)
        delegate.log = []
        TactileHost.interrupt()
        #expect(app.applicationState == .inactive)
        TactileHost.interrupt()  // already inactive: nothing more
        TactileHost.resume()
        #expect(app.applicationState == .active)
        TactileHost.interrupt()
        TactileHost.terminate()
        TactileHost.terminate()
        #expect(delegate.log == ["willResignActive", "didBecomeActive", "willResignActive", "willTerminate"])
    }

    @Test("Background and foreground: resign, enter background; will enter foreground, become active")
    func background() {
        let delegate = RecordingDelegate()
        let app = TactileHost.launch(delegate: delegate)
        delegate.log = []
        TactileHost.enterBackground()
        #expect(app.applicationState == .background)
        TactileHost.enterForeground()
        #expect(app.applicationState == .active)
        #expect(delegate.log == ["willResignActive", "didEnterBackground", "willEnterForeground", "didBecomeActive"])
    }

    @Test("AG-C-01 a memory warning reaches the delegate, then the notification")
    func c01MemoryWarning() {
        let delegate = RecordingDelegate()
        TactileHost.launch(delegate: delegate)
        let log = NotificationLog([UIApplication.didReceiveMemoryWarningNotification])
        defer { log.stop() }
        delegate.log = []
        TactileHost.simulateMemoryWarning()
        #expect(delegate.log == ["memoryWarning"])
        #expect(log.names == ["UIApplicationDidReceiveMemoryWarningNotification"])
    }

    @Test("System events posted to the input queue drive the state machine on the main run loop")
    func systemEventsThroughQueue() throws {
        let delegate = RecordingDelegate()
        TactileHost.launch(delegate: delegate)
        delegate.log = []
        try TactileHost.events.post(.system(.willResignActive, timestamp: 1))
        try TactileHost.events.post(.system(.memoryWarning, timestamp: 2))
        try TactileHost.events.post(.system(.didBecomeActive, timestamp: 3))
        #expect(delegate.log.isEmpty, "nothing happens until the run loop takes the events")
        try TactileHost.runLoop.runUntilIdle()
        #expect(delegate.log == ["willResignActive", "memoryWarning", "didBecomeActive"])
    }

    @Test("AG-L-02 begin/endIgnoringInteractionEvents nest; unbalanced ends are ignored")
    func l02Ignoring() {
        let app = TactileHost.launch(delegate: nil)
        app.beginIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()
        app.endIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents)
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
    }

    @Test("G windows: hidden until shown, makeKeyAndVisible, key window changes, ordering by level")
    func windows() {
        let app = TactileHost.launch(delegate: nil)
        let log = NotificationLog([UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification])
        defer { log.stop() }
        let main = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        alert.windowLevel = .alert
        let status = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        status.windowLevel = .statusBar
        #expect(main.isHidden && !main.isKeyWindow && app.keyWindow == nil)
        main.makeKeyAndVisible()
        #expect(!main.isHidden && main.isKeyWindow && app.keyWindow === main)
        alert.makeKeyAndVisible()
        #expect(alert.isKeyWindow && !main.isKeyWindow)
        #expect(log.names == ["UIWindowDidBecomeKeyNotification", "UIWindowDidResignKeyNotification", "UIWindowDidBecomeKeyNotification"])
        #expect(app.windows.suffix(3).map(\.windowLevel) == [.normal, .statusBar, .alert])
        #expect(main.window === main)
    }
}

/// A responder that handles `copy:` (Linux: through TactileActionHandling).
@MainActor
final class CopyingView: UIView, TactileActionHandling {
    var copied = 0
    override var canBecomeFirstResponder: Bool { true }
    func handlesAction(_ action: Selector) -> Bool { action == "copy:" }
    func performAction(_ action: Selector, sender: Any?) { copied += 1 }
}

/// The responder chain and first responder (AG-P).
@MainActor
@Suite("UIResponder")
struct ResponderTests {
    @Test("P view → superview → window → application → app delegate (a responder) → nil")
    func chain() {
        let delegate = RecordingDelegate()
        let app = TactileHost.launch(delegate: delegate)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = UIView(), child = UIView()
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.next === parent)
        #expect(parent.next === window)
        #expect(window.next === app)
        #expect(app.next === delegate)
        #expect(delegate.next == nil)
    }

    @Test("P first responder: opt-in, must be in a window, one at a time, resigning on removal")
    func firstResponder() {
        TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let plain = UIView(), a = CopyingView(), b = CopyingView()
        window.addSubview(plain)
        #expect(!plain.becomeFirstResponder(), "canBecomeFirstResponder is false by default")
        #expect(!a.becomeFirstResponder(), "not in a window")
        window.addSubview(a); window.addSubview(b)
        #expect(a.becomeFirstResponder() && a.isFirstResponder)
        #expect(b.becomeFirstResponder() && b.isFirstResponder && !a.isFirstResponder)
        b.removeFromSuperview()
        #expect(!b.isFirstResponder)
    }

    @Test("P actions: target(forAction:) walks the chain; sendAction with a nil target reaches the first responder's chain")
    func actions() {
        let app = TactileHost.launch(delegate: nil)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let handler = CopyingView()
        let inner = CopyingView()
        window.addSubview(handler)
        let plain = UIView()
        handler.addSubview(plain)
        #expect(plain.target(forAction: "copy:", withSender: nil) as? CopyingView === handler)
        #expect(plain.target(forAction: "paste:", withSender: nil) == nil)
        handler.addSubview(inner)
        #expect(inner.becomeFirstResponder())
        #expect(app.sendAction("copy:", to: nil, from: nil, for: nil))
        #expect(inner.copied == 1 && handler.copied == 0)
        #expect(app.sendAction("copy:", to: handler, from: nil, for: nil) && handler.copied == 1)
        #expect(!app.sendAction("paste:", to: nil, from: nil, for: nil))
    }
}
