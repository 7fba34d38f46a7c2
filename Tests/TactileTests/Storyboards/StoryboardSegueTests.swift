import Foundation
import Tactile
import Testing

/// Instantiation and segues, on a storyboard written as Xcode 15 writes them (safe-area guides, constraints,
/// `customModule`), with recording classes. Expected orders: Apple's "Dismissing a view controller with an unwind
/// segue" and TN2298 ("The Unwind Process": locate the destination, the source's prepareForSegue, the destination's
/// unwind action, then the transition); WWDC 2015 session 215 (unwind(for:towards:) on each hop; the navigation
/// controller pops); awakeFromNib after init(coder:) for the controller, before viewDidLoad for its views (Apple's
/// NSObject.awakeFromNib: "after all the objects in the archive have been loaded and initialized"); embed segues
/// before the parent's viewDidLoad; shouldPerformSegue "is not invoked when -performSegueWithIdentifier:sender: is
/// used" (UIViewController.h).
@MainActor
@Suite("Storyboards: instantiation and segues", .serialized)
struct StoryboardSegueTests {
    let storyboard: UIStoryboard

    /// Parsing only. The app is launched by each test (`newApp()`): Swift Testing may run another suite's test
    /// between a suite's initializer and its test, and that test launches an app of its own.
    init() throws {
        storyboard = try TestStoryboard.load(TestStoryboard.app)
    }

    /// A new app, diagnostics quiet and not trapping, the log empty: each test's first step.
    private func newApp() {
        TactileDiagnostics.logsToStandardError = false
        TactileDiagnostics.trapsOnMisuse = false
        TactileHost.launch(delegate: nil)
        Recorder.log = []
    }

    @Test("SBT-SB-11: a storyboard controller comes from init(coder:) with its attributes, then awakeFromNib; its views load later")
    func initPath() throws {
        newApp()
        let first = try #require(storyboard.instantiateViewController(withIdentifier: "First") as? RecordingController)
        #expect(Recorder.log == ["First init(coder:) title=First", "First awakeFromNib"])
        #expect(!first.isViewLoaded)
        #expect(first.storyboard === storyboard)                                 // SBT-SB-07
        #expect(first.nibName == "A-view-Av")                                     // SBT-SB-13
        #expect(UIViewController().storyboard == nil)
        Recorder.log = []
        _ = first.view
        #expect(Recorder.log == ["Embedded init(coder:) title=Embedded", "Embedded awakeFromNib",
                                 "First shouldPerform  sender=nil", "First prepare embed dest-loaded=false", "Embedded viewDidLoad", "First viewDidLoad children=1"])
        #expect(first.box?.tag == 7)                                              // the outlet
        #expect(first.box?.superview === first.view)
    }

    @Test("SBT-SB-14: each instantiation makes a new controller with its own views; SBT-SB-02: segue destinations are new each time")
    func newInstances() throws {
        newApp()
        let a = storyboard.instantiateViewController(withIdentifier: "First")
        let b = storyboard.instantiateViewController(withIdentifier: "First")
        #expect(a !== b)
        #expect(a.view !== b.view)
        let nav = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let root = try #require(nav.viewControllers.first as? RecordingController)
        _ = root.view
        root.performSegue(withIdentifier: "pushB", sender: nil)
        root.performSegue(withIdentifier: "pushB", sender: nil)
        #expect(nav.viewControllers.count == 3)
        #expect(nav.viewControllers[1] !== nav.viewControllers[2])
    }

    @Test("SBT-SB-10: the initial navigation controller comes with its root controller; SBT-SB-06: an unknown identifier is UIKit's exception")
    func initialAndUnknown() throws {
        newApp()
        let nav = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        #expect(nav.viewControllers.count == 1)
        #expect((nav.viewControllers.first as? RecordingController)?.title == "First")
        let typed: UINavigationController? = storyboard.instantiateInitialViewController { coder in
            UINavigationController(coder: coder)
        }
        #expect(typed?.viewControllers.count == 1)
        let misuses = TactileDiagnostics.misuseCount
        _ = storyboard.instantiateViewController(withIdentifier: "Nope")
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        let reason = TactileDiagnostics.recentMisuses.last?.reason ?? ""
        #expect(reason.hasPrefix("NSInvalidArgumentException: Storyboard (<UIStoryboard: 0x"))
        #expect(reason.hasSuffix(">) doesn't contain a view controller with identifier 'Nope'"))
    }

    @Test("SBT-SEG-02: performSegue instantiates the destination, the source prepares it with its view unloaded, then it performs (show pushes)")
    func showOrder() throws {
        let (nav, first) = try navigation()
        Recorder.log = []
        first.performSegue(withIdentifier: "toB", sender: "code")
        #expect(Recorder.log == ["Second init(coder:) title=Second", "Second awakeFromNib",
                                 "First prepare toB dest-loaded=false sender=code", "Second viewDidLoad"])
        #expect(nav.topViewController is RecordingController)
        #expect(nav.topViewController?.title == "Second")
        #expect(!Recorder.log.contains { $0.contains("shouldPerform") })          // DESIGN-SEGUE-TRIGGER
    }

    @Test("DESIGN-SEGUE-TRIGGER: a segue a view triggers asks shouldPerformSegue first, with the view as sender; no means nothing happens")
    func triggered() throws {
        let (nav, first) = try navigation()
        let box = try #require(first.box)
        first.refuse = true
        Recorder.log = []
        #expect(box.tactileTriggerStoryboardSegues() == 0)
        #expect(Recorder.log == ["First shouldPerform toB sender=box"])
        #expect(nav.viewControllers.count == 1)
        first.refuse = false
        #expect(box.tactileTriggerStoryboardSegues() == 1)
        #expect(nav.viewControllers.count == 2)
    }

    @Test("DESIGN-SEGUE-KINDS: presentation uses the segue's style; push needs a navigation controller (UIKit's NSGenericException)")
    func presentationAndPush() throws {
        let (_, first) = try navigation()
        first.performSegue(withIdentifier: "present", sender: nil)
        let presented = try #require(first.presentedViewController)
        #expect(presented.title == "Presented")
        #expect(presented.modalPresentationStyle == .fullScreen)
        #expect(presented.modalTransitionStyle == .crossDissolve)
        let alone = storyboard.instantiateViewController(withIdentifier: "First")
        let misuses = TactileDiagnostics.misuseCount
        alone.performSegue(withIdentifier: "pushB", sender: nil)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        #expect(TactileDiagnostics.recentMisuses.last?.reason == "NSGenericException: Could not find a navigation controller for segue 'pushB'. Push segues can only be used when the source controller is managed by an instance of UINavigationController.")
    }

    @Test("DESIGN-SEGUE-KINDS: showDetail without a split view controller presents (UIKit's fallback); a storyboard reference loads the other storyboard's controller")
    func showDetailAndReference() throws {
        let (nav, first) = try navigation()
        first.performSegue(withIdentifier: "detail", sender: nil)
        #expect(first.presentedViewController?.title == "Second")
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        first.dismiss(animated: false)
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        let other = try TestStoryboard.load(TestStoryboard.other, name: "Other", exactly: true)
        first.performSegue(withIdentifier: "toOther", sender: nil)
        let pushed = try #require(nav.topViewController as? RecordingController)
        #expect(pushed.title == "Other First")
        #expect(pushed.storyboard?.tactileSummary == other.tactileSummary)
    }

    @Test("DESIGN-SEGUE-KINDS: a custom segue is the storyboard's UIStoryboardSegue subclass, and its perform() is called after prepare")
    func custom() throws {
        let (_, first) = try navigation()
        Recorder.log = []
        first.performSegue(withIdentifier: "custom", sender: nil)
        #expect(Recorder.log.suffix(2) == ["First prepare custom dest-loaded=false", "RecordingSegue perform Second"])
    }

    @Test("DESIGN-SEGUE-TRIGGER: an unknown segue identifier is UIKit's NSInvalidArgumentException text")
    func unknownSegue() throws {
        let (_, first) = try navigation()
        let misuses = TactileDiagnostics.misuseCount
        first.performSegue(withIdentifier: "nope", sender: nil)
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        let reason = TactileDiagnostics.recentMisuses.last?.reason ?? ""
        #expect(reason.hasPrefix("NSInvalidArgumentException: Receiver (<"))
        #expect(reason.hasSuffix(") has no segue with identifier 'nope'"))
    }

    @Test("DESIGN-SEGUE-UNWIND: unwinding through a navigation stack: prepare, the destination's action, then the pop")
    func unwindNavigation() throws {
        let (nav, first) = try navigation()
        first.performSegue(withIdentifier: "toB", sender: nil)
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        let second = try #require(nav.topViewController as? RecordingController)
        Recorder.log = []
        second.performSegue(withIdentifier: "back", sender: nil)
        #expect(Recorder.log == ["Second prepare back dest=First", "First unwindToFirst: from=Second"])
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(nav.topViewController === first)
        #expect(nav.viewControllers.count == 1)
    }

    @Test("DESIGN-SEGUE-UNWIND: unwinding from a presentation dismisses it; a destination nobody implements does nothing")
    func unwindPresentation() throws {
        let (nav, first) = try navigation()
        first.performSegue(withIdentifier: "present", sender: nil)
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        let presented = try #require(first.presentedViewController as? RecordingController)
        Recorder.log = []
        presented.performSegue(withIdentifier: "close", sender: nil)
        #expect(Recorder.log == ["Presented prepare close dest=First", "First unwindToFirst: from=Presented"])
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        #expect(first.presentedViewController == nil)
        #expect(nav.presentedViewController == nil)
        first.performSegue(withIdentifier: "present", sender: nil)
        try TactileHost.runLoop.advance(by: 1_000_000_000)
        let again = try #require(first.presentedViewController as? RecordingController)
        Recorder.log = []
        again.performSegue(withIdentifier: "nowhere", sender: nil)
        #expect(Recorder.log == [])
        #expect(first.presentedViewController === again)
    }

    @Test("DESIGN-STORYBOARD-VIEWS: constraints against the safe area place the views; a hit-test lands where they are")
    func layoutAndHitTest() throws {
        let (nav, first) = try navigation()
        let window = try #require(nav.view.window)
        window.layoutIfNeeded()
        let box = try #require(first.box)
        let safe = first.view.safeAreaLayoutGuide.layoutFrame
        #expect(box.frame == CGRect(x: safe.minX + 20, y: safe.minY + 17, width: 100, height: 50))
        #expect(!box.translatesAutoresizingMaskIntoConstraints)
        #expect(first.view.translatesAutoresizingMaskIntoConstraints)
        let center = box.convert(CGPoint(x: 50, y: 25), to: window)
        #expect(window.hitTest(center, with: nil) === box)
        let container = try #require(first.children.first?.view?.superview)
        #expect(container.frame == CGRect(x: 0, y: first.view.bounds.height - 200, width: first.view.bounds.width, height: 200))
        #expect(first.children.first?.view.frame == container.bounds)
    }

    @Test("DESIGN-STORYBOARD-CLASSES: an unknown custom class falls back to the UIKit class with UIKit's log line")
    func unknownClass() throws {
        newApp()
        let logs = TactileDiagnostics.logCount
        let vc = storyboard.instantiateViewController(withIdentifier: "Ghost")
        #expect(type(of: vc) == UIViewController.self)
        #expect(TactileDiagnostics.logCount == logs + 1)
        #expect(TactileDiagnostics.recentLogs.last?.reason == "Unknown class NoSuchController in Interface Builder file.")
    }

    @Test("DESIGN-STORYBOARD-OUTLETS: an outlet the class does not list is UIKit's NSUnknownKeyException text")
    func unknownOutlet() throws {
        newApp()
        let misuses = TactileDiagnostics.misuseCount
        let vc = storyboard.instantiateViewController(withIdentifier: "Ghost")
        _ = vc.view
        #expect(TactileDiagnostics.misuseCount == misuses + 1)
        let reason = TactileDiagnostics.recentMisuses.last?.reason ?? ""
        #expect(reason.hasPrefix("NSUnknownKeyException: [<Tactile.UIViewController 0x"))
        #expect(reason.hasSuffix("> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key label."))
    }

    /// A new app whose window shows the initial navigation controller, its root loaded.
    private func navigation() throws -> (UINavigationController, RecordingController) {
        newApp()
        let nav = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = nav
        window.makeKeyAndVisible()
        TestStoryboard.windows.append(window)
        let first = try #require(nav.viewControllers.first as? RecordingController)
        return (nav, first)
    }
}

@MainActor
enum Recorder {
    static var log: [String] = []
}

/// A controller that records its storyboard life (found through `customModule="TactileTests"`).
final class RecordingController: UIViewController, TactileActionHandling {
    weak var box: UIView?
    var refuse = false

    override class var tactileOutlets: [String: AnyKeyPath] { ["box": \RecordingController.box] }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        Recorder.log.append("\(title ?? "?") init(coder:) title=\(title ?? "nil")")
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        Recorder.log.append("\(title ?? "?") awakeFromNib")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        Recorder.log.append("\(title ?? "?") viewDidLoad" + (title == "First" ? " children=\(children.count)" : ""))
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        Recorder.log.append("\(title ?? "?") shouldPerform \(identifier) sender=\((sender as? UIView)?.tag == 7 ? "box" : "\(sender ?? "nil")")")
        return !refuse
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "back" || segue.identifier == "close" {
            Recorder.log.append("\(title ?? "?") prepare \(segue.identifier ?? "") dest=\(segue.destination.title ?? "?")")
            return
        }
        Recorder.log.append("\(title ?? "?") prepare \(segue.identifier ?? "embed") dest-loaded=\(segue.destination.isViewLoaded)"
                            + (sender.map { " sender=\($0)" } ?? ""))
    }

    func handlesAction(_ action: Selector) -> Bool { action == Selector("unwindToFirst:") && title == "First" }

    func performAction(_ action: Selector, sender: Any?) {
        Recorder.log.append("\(title ?? "?") \(action) from=\((sender as? UIStoryboardSegue)?.source.title ?? "?")")
    }
}

/// A custom segue class (`kind="custom"`).
final class RecordingSegue: UIStoryboardSegue {
    override func perform() {
        Recorder.log.append("RecordingSegue perform \(destination.title ?? "?")")
    }
}

@MainActor
enum TestStoryboard {
    /// Windows kept alive for the duration of the run (views are released on the main actor).
    static var windows: [UIWindow] = []

    /// Writes `xml` to a temporary folder (as `name.storyboard` when `exactly`, else a name unique to the text, so
    /// that the parse cache never mixes two texts) and loads it.
    static func load(_ xml: String, name: String = "App", exactly: Bool = false) throws -> UIStoryboard {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-storyboards-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(exactly ? "\(name).storyboard" : "\(name)-\(xml.hashValue).storyboard")
        if !FileManager.default.fileExists(atPath: url.path) { try Data(xml.utf8).write(to: url) }
        return try UIStoryboard(contentsOf: url)
    }

    static func scene(_ id: String, _ body: String) -> String {
        """
        <scene sceneID="\(id)"><objects>\(body)
        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
        </objects></scene>
        """
    }

    static func controller(_ id: String, title: String, identifier: String? = nil, `class` cls: String = "RecordingController",
                           view: String = "", connections: String = "") -> String {
        """
        <viewController \(identifier.map { "storyboardIdentifier=\"\($0)\" " } ?? "")title="\(title)" id="\(id)" customClass="\(cls)" customModule="TactileTests" sceneMemberID="viewController">
        <view key="view" contentMode="scaleToFill" id="\(id)v"><rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>\(view)</view>
        <connections>\(connections)</connections>
        </viewController>
        """
    }

    /// The storyboard the app's reference names (beside it, as Xcode copies them into the bundle).
    static let other = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
    <scenes>
    \(scene("o1", controller("OF", title: "Other First", identifier: "OtherFirst")))
    </scenes>
    </document>
    """

    /// Xcode 15's format: a navigation controller, a root with a constrained box (a show segue on it), a container
    /// view (embed), presentation, push, custom and unwind segues; a controller of an unknown class.
    static let app = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="NAV">
    <device id="retina6_12" orientation="portrait" appearance="light"/>
    <scenes>
    \(scene("s1", """
    <navigationController id="NAV" sceneMemberID="viewController">
    <navigationBar key="navigationBar" contentMode="scaleToFill" id="nb"><rect key="frame" x="0.0" y="59" width="393" height="44"/><autoresizingMask key="autoresizingMask"/></navigationBar>
    <connections><segue destination="A" kind="relationship" relationship="rootViewController" id="r1"/></connections>
    </navigationController>
    """))
    \(scene("s2", """
    <viewController storyboardIdentifier="First" title="First" id="A" customClass="RecordingController" customModule="TactileTests" sceneMemberID="viewController">
    <view key="view" contentMode="scaleToFill" id="Av">
    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
    <subviews>
    <view tag="7" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
    <rect key="frame" x="20" y="120" width="100" height="50"/>
    <constraints><constraint firstAttribute="width" constant="100" id="c1"/><constraint firstAttribute="height" constant="50" id="c2"/></constraints>
    <connections><segue destination="B" kind="show" identifier="toB" id="sAB"/></connections>
    </view>
    <containerView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cv">
    <rect key="frame" x="0.0" y="652" width="393" height="200"/>
    <connections><segue destination="E" kind="embed" id="emb"/></connections>
    </containerView>
    </subviews>
    <viewLayoutGuide key="safeArea" id="sa"/>
    <constraints>
    <constraint firstItem="box" firstAttribute="leading" secondItem="sa" secondAttribute="leading" constant="20" id="c3"/>
    <constraint firstItem="box" firstAttribute="top" secondItem="sa" secondAttribute="top" constant="17" id="c4"/>
    <constraint firstItem="cv" firstAttribute="leading" secondItem="Av" secondAttribute="leading" id="c5"/>
    <constraint firstAttribute="trailing" secondItem="cv" secondAttribute="trailing" id="c6"/>
    <constraint firstAttribute="bottom" secondItem="cv" secondAttribute="bottom" id="c7"/>
    <constraint firstItem="cv" firstAttribute="height" constant="200" id="c8"/>
    </constraints>
    </view>
    <connections>
    <outlet property="box" destination="box" id="o1"/>
    <segue destination="P" kind="presentation" identifier="present" modalPresentationStyle="fullScreen" modalTransitionStyle="crossDissolve" id="sAP"/>
    <segue destination="B" kind="push" identifier="pushB" id="sAPush"/>
    <segue destination="B" kind="showDetail" identifier="detail" id="sAD"/>
    <segue destination="R" kind="show" identifier="toOther" id="sAR"/>
    <segue destination="B" kind="custom" identifier="custom" customClass="RecordingSegue" customModule="TactileTests" id="sAX"/>
    </connections>
    </viewController>
    """))
    \(scene("s3", controller("B", title: "Second", connections: #"<segue destination="xB" kind="unwind" identifier="back" unwindAction="unwindToFirst:" id="u1"/>"#)
        + #"<exit id="xB" userLabel="Exit" sceneMemberID="exit"/>"#))
    \(scene("s4", controller("P", title: "Presented", connections: #"<segue destination="xP" kind="unwind" identifier="close" unwindAction="unwindToFirst:" id="u2"/><segue destination="xP" kind="unwind" identifier="nowhere" unwindAction="unwindToNowhere:" id="u3"/>"#)
        + #"<exit id="xP" userLabel="Exit" sceneMemberID="exit"/>"#))
    \(scene("s5", controller("E", title: "Embedded")))
    \(scene("s7", #"<viewControllerPlaceholder storyboardName="Other" referencedIdentifier="OtherFirst" id="R" sceneMemberID="viewController"/>"#))
    \(scene("s6", controller("G", title: "Ghost", identifier: "Ghost", class: "NoSuchController",
                             view: #"<subviews><view contentMode="scaleToFill" id="gl"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>"#,
                             connections: #"<outlet property="label" destination="gl" id="o2"/>"#)))
    </scenes>
    </document>
    """
}

/// The main storyboard at launch (SBT-LCH-02, SBT-LCH-03): the window and its root exist when the delegate is
/// called, and the window is shown after didFinishLaunching.
extension StoryboardSegueTests {
    final class Delegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var seen: [String] = []
        func application(_ application: UIApplication,
                         willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            seen.append("will root=\(window?.rootViewController.map { "\(type(of: $0))" } ?? "nil") visible=\(window?.isKeyWindow == true)")
            return true
        }
        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            seen.append("did visible=\(window?.isKeyWindow == true)")
            return true
        }
    }

    @Test("SBT-LCH-02: window, initial controller as root, delegate, then key and visible; SBT-LCH-03: the delegate sees the root first")
    func launch() throws {
        TactileDiagnostics.logsToStandardError = false
        let storyboard = try TestStoryboard.load(TestStoryboard.app)
        let delegate = Delegate()
        TactileHost.launch(delegate: delegate, mainStoryboard: storyboard)
        #expect(delegate.seen == ["will root=UINavigationController visible=false", "did visible=false"])
        let window = try #require(delegate.window)
        #expect(window.isKeyWindow)
        #expect((window.rootViewController as? UINavigationController)?.viewControllers.first?.title == "First")
        TestStoryboard.windows.append(window)
    }

    @Test("SBT-LCH-02: a storyboard without an entry point logs UIKit's line and the window has no root")
    func noEntryPoint() throws {
        TactileDiagnostics.logsToStandardError = false
        let storyboard = try TestStoryboard.load(TestStoryboard.app.replacingOccurrences(of: #"initialViewController="NAV""#, with: ""),
                                                 name: "NoEntry")
        let logs = TactileDiagnostics.logCount
        let delegate = Delegate()
        TactileHost.launch(delegate: delegate, mainStoryboard: storyboard)
        #expect(delegate.window?.rootViewController == nil)
        #expect(TactileDiagnostics.logCount == logs + 1)
        #expect(TactileDiagnostics.recentLogs.last?.reason.hasPrefix("Failed to instantiate the default view controller for UIMainStoryboardFile 'NoEntry-") == true)
    }
}
