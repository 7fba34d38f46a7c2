import Dispatch
import Foundation
import TactileCore

/// Launching and driving the app without a device: the headless equivalents of what iOS does to an app.
///
/// `UIApplication.shared` already exists, active and live on the main queue, like a hosted unit test's app.
/// ``launch(delegate:options:mainStoryboard:sceneDelegate:driving:touches:deviceOrientation:)`` replaces it with a freshly launched one — deterministic by default,
/// so a test steps the main run loop itself (``runLoop``) — and plays UIKit's launch sequence.
@preconcurrency @MainActor
public enum TactileHost {
    /// How the launched app's main run loop is driven.
    public enum Driving: Sendable {
        /// A virtual clock stepped through ``runLoop`` (`step()`, `runUntilIdle()`, `advance(by:)`).
        case deterministic
        /// The main queue, serviced by `dispatchMain()` or whoever spins `RunLoop.main`.
        case liveOnMain
    }

    /// Launches a new app: creates it with `delegate`, calls `application(_:willFinishLaunchingWithOptions:)`,
    /// `application(_:didFinishLaunchingWithOptions:)` (and posts `didFinishLaunchingNotification`) while
    /// inactive, then `applicationDidBecomeActive(_:)` (and its notification). The previous app stops.
    /// `touches` sets the touch router's table capacity, multi-tap interval and distance, and shake timing.
    ///
    /// With a `sceneDelegate` the app has the scene life cycle of iOS 13 and later (an app whose Info.plist
    /// has a scene manifest): after `didFinishLaunching` the scene connects —
    /// `scene(_:willConnectTo:options:)` (the place to make the window), `sceneWillEnterForeground(_:)`,
    /// `sceneDidBecomeActive(_:)` — and from then on the scene delegate, not the app delegate, hears of
    /// activation and the background (the application's notifications are still posted; the app delegate
    /// still gets `applicationWillTerminate(_:)` and memory warnings).
    ///
    /// `deviceOrientation` is how the device is held at launch (portrait by default). The interface always
    /// starts in portrait; when the device is turned, the rotation machinery turns the interface to the
    /// device's orientation right after `application(_:didFinishLaunchingWithOptions:)` returns and before
    /// `applicationDidBecomeActive(_:)` — a rotation without animation (duration 0), with the usual decision
    /// and callbacks (SBT-LCH-05), done before the run loop's first display pass.
    ///
    /// With a `mainStoryboard` (an app whose Info.plist names `UIMainStoryboardFile`, SBT-LCH-01, SBT-LCH-02), UIKit's
    /// steps for it come first: a window the size of the screen, the storyboard's initial controller as its
    /// `rootViewController`, the window in the delegate's `window` — all before
    /// `application(_:willFinishLaunchingWithOptions:)`, so the delegate can configure the controller (SBT-LCH-03) —
    /// and the window made key and visible after `application(_:didFinishLaunchingWithOptions:)`. A storyboard
    /// without an initial controller logs UIKit's "Failed to instantiate the default view controller …" and the
    /// window has no root.
    @discardableResult
    public static func launch(delegate: UIApplicationDelegate?, options: [UIApplication.LaunchOptionsKey: Any]? = nil,
                              mainStoryboard: UIStoryboard? = nil,
                              sceneDelegate: UISceneDelegate? = nil,
                              driving: Driving = .deterministic,
                              touches: TouchRouter.Configuration = .init(),
                              deviceOrientation: UIDeviceOrientation = .portrait) -> UIApplication {
        UIApplication.current.mainLoop.stop()
        ViewAnimator.reset()
        Transactions.reset()
        let app = UIApplication(driving: driving == .deterministic ? .deterministic() : .liveOnMain, state: .inactive,
                                routing: touches)
        UIApplication.current = app
        TactileGraphicsHooks.mainScreenScale = app.screen.scale
        app.deviceOrientation = deviceOrientation
        app.launchedDelegate = delegate
        app.delegate = delegate
        app.finishLaunching(options: options, mainStoryboard: mainStoryboard, sceneDelegate: sceneDelegate)
        return app
    }

    /// The app's main run loop (step it when the app was launched deterministic).
    public static var runLoop: MainRunLoop { UIApplication.shared.mainLoop }

    /// The app's input queue: post touch, motion and system records from any thread.
    public static var events: EventQueue { UIApplication.shared.events }

    /// The app's touch router: its counters (bad input included), configuration and delivery log
    /// (`touchRouter.log = DeliveryLog()` turns it on).
    public static var touchRouter: TouchRouter { UIApplication.shared.router }

    /// An interruption begins (incoming call, Sleep button): `applicationWillResignActive` (AG-B-01, AG-B-02).
    public static func interrupt() { UIApplication.shared.resignActive() }
    /// The interruption ends: `applicationDidBecomeActive`.
    public static func resume() { UIApplication.shared.becomeActive() }
    /// The user leaves the app: it resigns active and enters the background.
    public static func enterBackground() { UIApplication.shared.enterBackground() }
    /// The user returns to the app.
    public static func enterForeground() { UIApplication.shared.enterForeground() }
    /// The app is terminated: `applicationWillTerminate` exactly once.
    public static func terminate() { UIApplication.shared.terminate() }
    /// A low-memory warning: the delegate, then `didReceiveMemoryWarningNotification` (AG-C-01).
    public static func simulateMemoryWarning() { UIApplication.shared.receiveMemoryWarning() }
}

/// A delegate class `UIApplicationMain` can create by name: a `UIApplicationDelegate` with an `init()`.
/// (Tactile's own protocol: Linux has no Objective-C runtime to create an arbitrary class by name.)
@preconcurrency @MainActor
public protocol TactileLaunchableDelegate: UIApplicationDelegate {
    init()
}

/// The name ``TactileLaunchableDelegate`` had before it took Tactile's prefix.
@available(*, deprecated, renamed: "TactileLaunchableDelegate")
public typealias UIApplicationDelegateLaunchable = TactileLaunchableDelegate

/// UIKit's entry point: creates the application and its delegate (`delegateClassName`: the module-qualified
/// name of a class conforming to ``TactileLaunchableDelegate``; Linux has no Objective-C runtime to
/// create arbitrary classes by name), plays the launch sequence and runs the main run loop on the main queue.
/// It never returns; a name that names no such class stops the process with a message.
/// Call it from the main thread (top-level code), as UIKit requires.
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    MainActor.assumeIsolated {
        var delegate: UIApplicationDelegate?
        if let delegateClassName {
            guard let type = NSClassFromString(delegateClassName) as? TactileLaunchableDelegate.Type else {
                fatalError("UIApplicationMain: no class conforming to TactileLaunchableDelegate named \(delegateClassName)")
            }
            delegate = type.init()
        }
        let storyboardName = Bundle.main.object(forInfoDictionaryKey: "UIMainStoryboardFile") as? String
        TactileHost.launch(delegate: delegate, mainStoryboard: storyboardName.map { UIStoryboard(name: $0, bundle: nil) },
                           driving: .liveOnMain)
    }
    dispatchMain()
}

extension UIApplicationDelegate {
    /// The entry point `@main` gives an app delegate class (`@main class AppDelegate: UIResponder,
    /// UIApplicationDelegate`), as UIKit's does: creates the delegate, launches the app live on the main
    /// queue and never returns. On Linux the class must also conform to ``TactileLaunchableDelegate`` (a
    /// `required init()`): Swift cannot create an arbitrary class from its type; otherwise the process stops
    /// with a message saying so.
    public static func main() {
        guard let type = Self.self as? TactileLaunchableDelegate.Type else {
            fatalError("\(Self.self).main(): on Linux, @main needs the app delegate to conform to TactileLaunchableDelegate (add `required override init()`)")
        }
        TactileHost.launch(delegate: type.init(), driving: .liveOnMain)
        dispatchMain()
    }
}
