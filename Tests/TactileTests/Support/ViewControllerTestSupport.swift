import Foundation
import Testing
import Tactile

/// The recorded `(controller, callback)` pairs of one test, in order.
@MainActor
final class CallbackLog {
    var entries: [String] = []
    func append(_ who: String, _ what: String) { entries.append("\(who).\(what)") }
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that records every life-cycle callback as `name.callback` (appearance entries carry the
/// `animated` flag, and `isBeingPresented` / `isBeingDismissed` / `isMovingToParent` / `isMovingFromParent`
/// when set).
@MainActor
class LoggingViewController: UIViewController {
    let name: String
    let log: CallbackLog
    var logsLayout = true

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("unused") }

    private var why: String {
        var flags: [String] = []
        if isBeingPresented { flags.append("presented") }
        if isBeingDismissed { flags.append("dismissed") }
        if isMovingToParent { flags.append("toParent") }
        if isMovingFromParent { flags.append("fromParent") }
        return flags.isEmpty ? "" : "[" + flags.joined(separator: ",") + "]"
    }

    override func loadView() {
        log.append(name, "loadView")
        view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }
    override func viewDidLoad() { super.viewDidLoad(); log.append(name, "viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.append(name, "viewWillAppear(\(animated))\(why)") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.append(name, "viewDidAppear(\(animated))\(why)") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.append(name, "viewWillDisappear(\(animated))\(why)") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.append(name, "viewDidDisappear(\(animated))\(why)") }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); if logsLayout { log.append(name, "viewWillLayoutSubviews") } }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); if logsLayout { log.append(name, "viewDidLayoutSubviews") } }
    override func willMove(toParent parent: UIViewController?) { super.willMove(toParent: parent); log.append(name, "willMove(toParent: \(logName(parent)))") }
    override func didMove(toParent parent: UIViewController?) { super.didMove(toParent: parent); log.append(name, "didMove(toParent: \(logName(parent)))") }
    override func didReceiveMemoryWarning() { log.append(name, "didReceiveMemoryWarning"); super.didReceiveMemoryWarning() }
    @available(*, deprecated)
    override func viewWillUnload() { super.viewWillUnload(); log.append(name, "viewWillUnload(loaded: \(isViewLoaded))") }
    @available(*, deprecated)
    override func viewDidUnload() { super.viewDidUnload(); log.append(name, "viewDidUnload(loaded: \(isViewLoaded))") }
}

/// How logs name a controller: a logging controller's name, "nil", or the class (`UINavigationController`).
@MainActor
func logName(_ vc: UIViewController?) -> String {
    guard let vc else { return "nil" }
    return (vc as? LoggingViewController)?.name ?? String(describing: type(of: vc))
}

/// A launched deterministic app with a visible 320×480 key window.
@MainActor
func launchWithWindow() -> UIWindow {
    TactileHost.launch(delegate: nil)
    TactileDiagnostics.reset()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    return window
}

/// Runs the deterministic run loop until nothing is due.
@MainActor
func settle() {
    _ = try? TactileHost.runLoop.runUntilIdle()
}

/// The app's one window scene.
@MainActor
func appScene() -> UIWindowScene {
    UIApplication.shared.connectedScenes.first as! UIWindowScene
}
