import Foundation
import Tactile
import TactileGestureOracle
import Testing

/// One log for a scene: views' touch calls (`"v.began"`) and recognizers' actions (`"pan.began"`), in order.
@MainActor
final class GestureLog {
    var lines: [String] = []

    /// A recognizer whose every action logs `name.state`.
    func track(_ recognizer: UIGestureRecognizer, _ name: String) {
        recognizer.name = name
        recognizer.addTarget(GestureActionTarget(log: self), action: "handle:")
    }

    func clear() { lines.removeAll() }
}

/// Logs each action of a recognizer as `"name.state"` (the recognizer's state at the time).
@MainActor
final class GestureActionTarget: NSObject, TactileActionTarget {
    // The recognizer holds its targets weakly, as UIKit does: the targets are kept here.
    static var kept: [GestureActionTarget] = []
    unowned let log: GestureLog

    init(log: GestureLog) {
        self.log = log
        super.init()
        Self.kept.append(self)
    }

    static var tactileActions: [TactileAction] { [TactileAction("handle:", GestureActionTarget.handle)] }

    func handle(_ recognizer: UIGestureRecognizer) {
        log.lines.append("\(recognizer.name ?? "?").\(GestureOracle.stateName(recognizer.state))")
    }
}


/// A view logging its touch calls as `"name.phase"` (and the touch count when more than one).
@MainActor
class TouchLogView: UIView {
    let name: String
    let log: GestureLog

    init(_ name: String, log: GestureLog, frame: CGRect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { fatalError() }

    private func note(_ phase: String, _ touches: Set<UITouch>) {
        log.lines.append(touches.count == 1 ? "\(name).\(phase)" : "\(name).\(phase)×\(touches.count)")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches) }
}

/// A launched app with a 320 × 480 window holding `parent` (0, 0, 320, 480) and `child` (100, 100, 100, 100).
@MainActor
struct GestureStage {
    let log = GestureLog()
    let window: UIWindow
    let parent: TouchLogView
    let child: TouchLogView
    let finger: TouchDriver

    init() {
        TactileHost.launch(delegate: nil)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        parent = TouchLogView("parent", log: log, frame: window.bounds)
        child = TouchLogView("child", log: log, frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(child)
        window.makeKeyAndVisible()
        finger = TouchDriver(window: window)
    }

    /// The log since the last call, cleared.
    mutating func take() -> [String] {
        defer { log.clear() }
        return log.lines
    }
}
