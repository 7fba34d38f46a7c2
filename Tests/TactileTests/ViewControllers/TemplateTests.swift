import Foundation
import Testing
import Tactile

// MARK: - Xcode 4.6.2 "Single View Application" (non-storyboard), as it would read in Swift (SBT-TPL-01 … SBT-TPL-11)

/// The new template's controller (SBT-TPL-01: named `ViewController`; SBT-TPL-02/SBT-TPL-03: no ivars in the interface,
/// private declarations in the implementation). SBT-TPL-11: only `viewDidLoad` and `didReceiveMemoryWarning`,
/// both calling `super` first — no `init(nibName:bundle:)` (SBT-TPL-04), `loadView` (SBT-TPL-05), autorotation
/// (SBT-TPL-07), `viewDidUnload` (SBT-TPL-09) or `deinit` (SBT-TPL-10).
@MainActor
final class ViewController: UIViewController {
    /// Test hook (not in the template): what the two methods saw.
    var trace: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // Do any additional setup after loading the view, typically from a nib.
        trace.append("viewDidLoad(loaded: \(isViewLoaded))")
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        // Dispose of any resources that can be recreated.
        trace.append("didReceiveMemoryWarning")
    }
}

/// The new template's app delegate: creates the window and the root controller in
/// `application(_:didFinishLaunchingWithOptions:)` (SBT-LCH-06, SBT-TPL-04) and shows the window (VCG-T-01).
@MainActor
final class AppDelegate: UIResponder, TactileLaunchableDelegate {
    var window: UIWindow?
    var viewController: ViewController?

    override init() { super.init() }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        // Override point for customization after application launch.
        viewController = ViewController(nibName: "ViewController", bundle: nil)
        window?.rootViewController = viewController
        window?.makeKeyAndVisible()
        return true
    }
}

// MARK: - Xcode 3.2.6 "View-based Application", as it would read in Swift

/// The old template's controller (SBT-TPL-01: prefixed with the project name), with its stubs active.
@MainActor
final class HelloWorldViewController: UIViewController {
    var trace: [String] = []
    /// An outlet, released in `viewDidUnload` as the old stub's comment says (SBT-TPL-09).
    var myOutlet: UIView?

    override func viewDidLoad() {
        super.viewDidLoad()
        let outlet = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 30))
        view.addSubview(outlet)
        myOutlet = outlet
    }

    override func didReceiveMemoryWarning() {
        // Releases the view if it doesn't have a superview.
        super.didReceiveMemoryWarning()
        // Release any cached data, images, etc that aren't in use.
        trace.append("didReceiveMemoryWarning")
    }

    @available(*, deprecated)
    override func viewDidUnload() {
        // Release any retained subviews of the main view, e.g. self.myOutlet = nil
        myOutlet = nil
        trace.append("viewDidUnload")
    }
}

/// The old template's delegate: the controller is installed with `window.addSubview(viewController.view)`.
@MainActor
final class HelloWorldAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var viewController: HelloWorldViewController?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let viewController = HelloWorldViewController(nibName: "HelloWorldViewController", bundle: nil)
        window.addSubview(viewController.view)
        window.makeKeyAndVisible()
        self.window = window
        self.viewController = viewController
        return true
    }
}

/// The Xcode templates as example apps (VCG-T-04, SBT-TPL, SBT-LCH-06): they launch and behave as the rules say.
@MainActor
@Suite("Xcode templates")
struct XcodeTemplateTests {
    /// What `UIApplicationMain(argc, argv, nil, "AppDelegate")` does before it runs the main loop (which never
    /// returns): find the delegate class by name, create it, launch.
    private func launchLikeUIApplicationMain(_ delegateClassName: String) -> UIApplicationDelegate? {
        guard let type = NSClassFromString(delegateClassName) as? TactileLaunchableDelegate.Type else { return nil }
        let delegate = type.init()
        TactileHost.launch(delegate: delegate)
        return delegate
    }

    @Test("VCG-T-04 SBT-LCH-06 SBT-TPL-04 SBT-TPL-05 SBT-TPL-06 SBT-TPL-11 the 4.6.2 template launches through its delegate class: the root controller is made with init(nibName:bundle:) in didFinishLaunching, gets the default (empty) view, and viewDidLoad runs once with the view loaded")
    func tpl04Launch() throws {
        let found = launchLikeUIApplicationMain(NSStringFromClass(AppDelegate.self))
        let delegate = try #require(found as? AppDelegate, "UIApplicationMain finds the delegate class by name")
        let vc = try #require(delegate.viewController)
        let window = try #require(delegate.window)
        #expect(vc.nibName == "ViewController" && vc.nibBundle == nil)
        #expect(window.isKeyWindow && window.rootViewController === vc)
        #expect(vc.trace == ["viewDidLoad(loaded: true)"])
        #expect(type(of: vc.view!) == UIView.self && vc.view.subviews.isEmpty, "SBT-TPL-05: no loadView: the default view (no nibs headless)")
        #expect(vc.view.frame == window.bounds && vc.view.window === window)
        #expect(UIApplication.shared.delegate === delegate)
    }

    @Test("SBT-TPL-08 SBT-TPL-09 the 4.6.2 template on iOS 6 and later: didReceiveMemoryWarning calls super and the view stays, so nothing needs viewDidUnload")
    func tpl08ModernMemoryWarning() throws {
        let delegate = try #require(launchLikeUIApplicationMain(NSStringFromClass(AppDelegate.self)) as? AppDelegate)
        let vc = try #require(delegate.viewController)
        delegate.window?.rootViewController = nil
        let view: UIView = vc.view
        #expect(view.window == nil)
        TactileHost.simulateMemoryWarning()
        #expect(vc.trace == ["viewDidLoad(loaded: true)", "didReceiveMemoryWarning"])
        #expect(vc.isViewLoaded && vc.view === view, "SBT-MEM-01: not unloaded even off screen")
    }

    @Test("SBT-TPL-10 SBT-MEM-06 no deinit in the template: dropping the last references frees the controller and its view")
    func tpl10NoDealloc() throws {
        weak var weakController: ViewController?
        weak var weakView: UIView?
        do {
            let delegate = try #require(launchLikeUIApplicationMain(NSStringFromClass(AppDelegate.self)) as? AppDelegate)
            weakController = delegate.viewController
            weakView = delegate.viewController?.view
            delegate.window?.rootViewController = nil
            delegate.viewController = nil
        }
        #expect(weakController == nil && weakView == nil)
    }

    @Test("SBT-TPL-08 SBT-TPL-09 VCG-T-04 the 3.2.6 template under iPhone OS 3: its view added to the window directly appears; a memory warning releases the view only once it has left the window, then viewDidUnload clears the outlet")
    @available(*, deprecated)
    func tpl08LegacyTemplate() throws {
        let delegate = HelloWorldAppDelegate()
        TactileHost.launch(delegate: delegate)
        TactileHost.behavior = .iPhoneOS3
        let vc = try #require(delegate.viewController)
        #expect(vc.view.superview === delegate.window && vc.myOutlet != nil)
        TactileHost.simulateMemoryWarning()
        #expect(vc.trace == ["didReceiveMemoryWarning"] && vc.isViewLoaded, "on screen: kept")
        vc.view.removeFromSuperview()
        TactileHost.simulateMemoryWarning()
        #expect(vc.trace == ["didReceiveMemoryWarning", "viewDidUnload", "didReceiveMemoryWarning"], "super releases the view (viewDidUnload) before the override goes on")
        #expect(!vc.isViewLoaded && vc.myOutlet == nil)
        _ = vc.view
        #expect(vc.myOutlet != nil, "the next access loads again")
    }
}
