import Foundation
import TactileCore

/// A scene plus an ordered input script: a readable, replayable record of what a producer (a test, a person,
/// a fuzzer) fed the router. The text format is described in `README.md` beside this file; ``TraceParser``
/// reads it with line-numbered errors and ``Trace/text`` prints it back in canonical form.
public struct Trace: Sendable, Hashable {
    /// The view tree a trace runs against.
    public enum Scene: Sendable, Hashable {
        /// One of the ``StandardScene``s, built by `ViewTree.build(_:viewCount:seed:)`.
        case standard(StandardScene, views: Int, seed: UInt64)
        /// An explicit list of views, in creation order (index = position; a parent precedes its children).
        case explicit([ViewSpec])
    }

    /// One view of an explicit scene.
    public struct ViewSpec: Sendable, Hashable {
        /// Index of the superview (an earlier view), or nil for a window.
        public var parent: Int?
        public var frame: CGRect
        /// The bounds origin (scrolled content), (0, 0) unless set.
        public var boundsOrigin: CGPoint
        /// A scroll view's content size (`scroll=<w>,<h>`; DESIGN-CAPI-SCROLL-TRACE): the view scrolls (its
        /// bounds origin is its content offset) under the replay's ``ScrollViewEngine``; nil for a plain view.
        public var scrollContent: CGSize?
        public var flags: TraceFlags

        public init(parent: Int?, frame: CGRect, boundsOrigin: CGPoint = .zero, scrollContent: CGSize? = nil,
                    flags: TraceFlags = []) {
            self.parent = parent
            self.frame = frame
            self.boundsOrigin = boundsOrigin
            self.scrollContent = scrollContent
            self.flags = flags
        }
    }

    /// One line of the script.
    public enum Step: Sendable, Hashable {
        /// A touch sample; `window` is the record's window id (nil: the scene's first window; 0: the screen).
        case touch(t: UInt64, id: UInt32, phase: EventRecord.TouchPhase, x: Double, y: Double, window: UInt32?)
        case motion(t: UInt64, EventRecord.MotionCode)
        /// A system event; `value` is the orientation of a device-orientation event (0 otherwise).
        case system(t: UInt64, EventRecord.SystemCode, value: UInt32)
        /// Removes view `view` (scene index) from its superview; its live touches are cancelled first.
        case remove(t: UInt64, view: Int)
        /// Turns one flag of view `view` on or off.
        case setFlag(t: UInt64, view: Int, flag: TraceFlag, on: Bool)

        /// The line's timestamp, nanoseconds.
        public var timestamp: UInt64 {
            switch self {
            case .touch(let t, _, _, _, _, _), .motion(let t, _), .system(let t, _, _), .remove(let t, _),
                 .setFlag(let t, _, _, _): t
            }
        }

        /// True for the lines that become ``EventRecord``s (not hierarchy mutations).
        public var isEvent: Bool {
            switch self {
            case .touch, .motion, .system: true
            case .remove, .setFlag: false
            }
        }
    }

    public var scene: Scene
    public var steps: [Step]

    public init(scene: Scene, steps: [Step] = []) {
        self.scene = scene
        self.steps = steps
    }

    /// Most views a trace's scene may have (the largest standard scene).
    public static let maxViews = 1_000_000
}

/// A view flag by its trace name.
public enum TraceFlag: String, Sendable, Hashable, CaseIterable {
    case hidden, disabled, transparent, clips, multitouch, exclusive
    /// In an animation without `.allowUserInteraction` (UIKit refuses touches to the views being animated).
    case animating

    /// The engine's flag.
    public var viewFlags: ViewFlags {
        switch self {
        case .hidden: .hidden
        case .disabled: .interactionDisabled
        case .transparent: .transparent
        case .clips: .clipsToBounds
        case .multitouch: .multipleTouchEnabled
        case .exclusive: .exclusiveTouch
        case .animating: .animatingWithoutInteraction
        }
    }
}

/// A set of ``TraceFlag``s (printed in ``TraceFlag/allCases`` order).
public struct TraceFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ flag: TraceFlag) { self.init(rawValue: 1 << UInt8(TraceFlag.allCases.firstIndex(of: flag)!)) }

    public var members: [TraceFlag] { TraceFlag.allCases.filter { contains(TraceFlags($0)) } }
    public var viewFlags: ViewFlags { members.reduce(into: ViewFlags()) { $0.formUnion($1.viewFlags) } }
}

// MARK: - Names used by the text format

extension EventRecord.TouchPhase {
    /// The phase's trace name (`began`, `moved`, `stationary`, `ended`, `cancelled`).
    public var traceName: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }
}

extension EventRecord.MotionCode {
    /// `shake-began`, `shake-ended`, `shake-cancelled`.
    public var traceName: String {
        switch self {
        case .shakeBegan: "shake-began"
        case .shakeEnded: "shake-ended"
        case .shakeCancelled: "shake-cancelled"
        }
    }
}

extension EventRecord.SystemCode {
    /// `cancel-all`, `resign-active`, `become-active`, `memory-warning`, `orientation`.
    public var traceName: String {
        switch self {
        case .cancelAllTouches: "cancel-all"
        case .willResignActive: "resign-active"
        case .didBecomeActive: "become-active"
        case .memoryWarning: "memory-warning"
        case .deviceOrientation: "orientation"
        }
    }
}

// MARK: - Printing

extension Trace {
    /// The canonical text: the scene line (and view lines), then one line per step; no comments, no blank
    /// lines, numbers in their shortest round-trip form. `TraceParser.parse(trace.text) == trace`.
    public var text: String {
        var out = ""
        switch scene {
        case .standard(let kind, let views, let seed):
            out += "scene \(kind.rawValue) views=\(views) seed=\(seed)\n"
        case .explicit(let views):
            out += "scene views\n"
            for v in views {
                var line = "view parent=\(v.parent.map(String.init) ?? "-") frame=\(Self.number(v.frame.origin.x)),"
                    + "\(Self.number(v.frame.origin.y)),\(Self.number(v.frame.size.width)),\(Self.number(v.frame.size.height))"
                if v.boundsOrigin != .zero {
                    line += " bounds=\(Self.number(v.boundsOrigin.x)),\(Self.number(v.boundsOrigin.y))"
                }
                if let content = v.scrollContent {
                    line += " scroll=\(Self.number(content.width)),\(Self.number(content.height))"
                }
                for f in v.flags.members { line += " \(f.rawValue)" }
                out += line + "\n"
            }
        }
        for step in steps { out += Self.line(step) + "\n" }
        return out
    }

    /// One step's canonical line.
    public static func line(_ step: Step) -> String {
        switch step {
        case .touch(let t, let id, let phase, let x, let y, let window):
            "t=\(t) touch \(id) \(phase.traceName) \(number(x)) \(number(y))" + (window.map { " window=\($0)" } ?? "")
        case .motion(let t, let code):
            "t=\(t) motion \(code.traceName)"
        case .system(let t, let code, let value):
            "t=\(t) system \(code.traceName)" + (code == .deviceOrientation ? " \(value)" : "")
        case .remove(let t, let view):
            "t=\(t) remove \(view)"
        case .setFlag(let t, let view, let flag, let on):
            "t=\(t) flag \(view) \(flag.rawValue) \(on ? "on" : "off")"
        }
    }

    /// Shortest round-trip form of a finite double, without a trailing ".0" for whole numbers.
    public static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 {
            return v == 0 ? "0" : String(Int64(v))  // -0 prints as 0
        }
        return "\(v)"
    }

    static func number(_ v: CGFloat) -> String { number(Double(v)) }
}
