/// A text record of every routing decision, one line each, for replay, fuzzing and diffing runs: the same
/// inputs give the same log, whichever API (Swift, C, Python) drove them. Off unless a router's
/// ``TouchRouter/log`` is set; a router without one pays a single nil check per delivery.
///
/// Lines (times in nanoseconds, views by table index, points in window coordinates):
/// `<t> touches<Phase> view=<v> [<id>@(<x>,<y>) tap=<n>, …]`, `<t> motion<Phase>`, `<t> system <code>`,
/// `<t> error <message>`.
public final class DeliveryLog {
    public private(set) var lines: [String] = []
    /// Lines kept at most (older ones are dropped and counted).
    public let limit: Int
    public private(set) var droppedLines = 0

    public init(limit: Int = 1_000_000) {
        self.limit = max(1, limit)
    }

    /// The log as one string, a line each.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    public func removeAll() {
        lines.removeAll()
        droppedLines = 0
    }

    func append(_ line: String) {
        if lines.count == limit {
            lines.removeFirst(limit / 2)
            droppedLines += limit / 2
        }
        lines.append(line)
    }

    func delivery(_ d: TouchDelivery, touches delivered: UnsafePointer<DeliveredTouch>, timestamp: UInt64) {
        var touches: [String] = []
        for k in 0..<Int(d.count) {
            let t = delivered[k]
            touches.append("\(t.touchID)@(\(Self.number(t.x)),\(Self.number(t.y))) tap=\(t.tapCount)")
        }
        append("\(timestamp) touches\(Self.name(d.phase)) view=\(d.view.index) [\(touches.joined(separator: ", "))]")
    }

    func motion(_ phase: MotionPhase, timestamp: UInt64) {
        append("\(timestamp) motion\(phase == .began ? "Began" : phase == .ended ? "Ended" : "Cancelled")")
    }

    func system(_ code: EventRecord.SystemCode, timestamp: UInt64) { append("\(timestamp) system \(code)") }

    func error(_ error: RoutingError, timestamp: UInt64) { append("\(timestamp) error \(error)") }

    static func name(_ phase: EventRecord.TouchPhase) -> String {
        switch phase {
        case .began: "Began"
        case .moved: "Moved"
        case .stationary: "Stationary"
        case .ended: "Ended"
        case .cancelled: "Cancelled"
        }
    }

    /// Shortest round-trip form, without a trailing ".0" for whole numbers.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }
}
