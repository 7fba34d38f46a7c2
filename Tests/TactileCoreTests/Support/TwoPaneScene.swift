import Foundation
import TactileCore

/// The routing tests' scene: a 320×480 window split into a left and a right pane, and a router with a
/// four-finger table.
struct TwoPaneScene {
    let tree = ViewTree()
    let window: ViewID
    let left: ViewID
    let right: ViewID
    let router: TouchRouter

    init() throws {
        window = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        left = try tree.makeView(frame: CGRect(x: 0, y: 0, width: 160, height: 480))
        right = try tree.makeView(frame: CGRect(x: 160, y: 0, width: 160, height: 480))
        try tree.addChild(left, to: window)
        try tree.addChild(right, to: window)
        router = TouchRouter(tree: tree, configuration: .init(capacity: 4))
        router.screen = [window]
    }

    /// A touch record naming the window (or `w`).
    func touch(_ id: UInt32, _ phase: EventRecord.TouchPhase, _ x: Double, _ y: Double, t: UInt64,
               window w: UInt32? = nil) -> EventRecord {
        .touch(id, phase, window: w ?? TouchRouter.windowID(of: window), x: x, y: y, timestamp: t)
    }
}
