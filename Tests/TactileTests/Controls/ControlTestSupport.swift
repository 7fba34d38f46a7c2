import Foundation
import Tactile

/// The control events by name, in bit order (UIKit's `UIControl.Event` values).
let controlEventNames: [(UIControl.Event, String)] = [
    (.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragInside, "dragIn"), (.touchDragOutside, "dragOut"),
    (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upIn"), (.touchUpOutside, "upOut"),
    (.touchCancel, "cancel"), (.valueChanged, "value"), (.primaryActionTriggered, "primary"),
]

/// A target that logs every action it receives by name (it handles any action: ``TactileActionHandling``),
/// with the control's highlight and tracking state at the time.
@MainActor
final class ControlEventLog: TactileActionHandling {
    var names: [String] = []
    var highlightedAt: [String: Bool] = [:]
    var trackingAt: [String: Bool] = [:]
    var senders: [ObjectIdentifier] = []

    /// Registers one action per control event on `control`.
    func observe(_ control: UIControl) {
        for (event, name) in controlEventNames { control.addTarget(self, action: Selector(name), for: event) }
    }

    func handlesAction(_ action: Selector) -> Bool { true }

    func performAction(_ action: Selector, sender: Any?) {
        names.append(action.name)
        if let control = sender as? UIControl {
            highlightedAt[action.name] = control.isHighlighted
            trackingAt[action.name] = control.isTracking
            senders.append(ObjectIdentifier(control))
        }
    }

    /// The names with consecutive repeats of drag events collapsed (`dragIn` × 5 → one `dragIn`).
    var collapsed: [String] {
        names.reduce(into: []) { out, name in
            if out.last == name, name.hasPrefix("drag") { return }
            out.append(name)
        }
    }
}

/// A control whose tracking hooks can refuse, and which logs the hook calls into the same list.
@MainActor
final class HookedControl: UIControl {
    var acceptsBegin = true
    var continueAnswers: [Bool] = []
    var hooks: [String] = []
    weak var log: ControlEventLog?

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        log?.names.append("beginTracking")
        return acceptsBegin
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        log?.names.append("continueTracking")
        return continueAnswers.isEmpty ? true : continueAnswers.removeFirst()
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        log?.names.append("endTracking(tracking=\(isTracking))")
    }

    override func cancelTracking(with event: UIEvent?) {
        log?.names.append("cancelTracking")
        super.cancelTracking(with: event)
    }
}

/// A window with one control at (100, 100, 100, 50), and a driver; kept alive by the caller.
@MainActor
struct ControlStage {
    let window: UIWindow
    let behind: UIView
    let driver: TouchDriver

    init<Control: UIControl>(_ control: Control, frame: CGRect = CGRect(x: 100, y: 100, width: 100, height: 50)) {
        TactileHost.launch(delegate: nil)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        behind = UIView(frame: window.bounds)
        window.addSubview(behind)
        control.frame = frame
        behind.addSubview(control)
        window.makeKeyAndVisible()
        driver = TouchDriver(window: window)
    }

    /// Lets the run loop's clock pass the minimum highlight.
    func settle() { driver.wait(0.25) }
}
