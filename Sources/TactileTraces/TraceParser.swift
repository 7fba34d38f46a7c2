import Foundation
import TactileCore

/// Why a trace's text was refused: the 1-based line, what was wrong, and the offending text.
public struct TraceError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The first line that is not a comment is not a `scene` line, or there is none.
        case missingScene
        /// A second `scene` line, or a `view` line after the script began or in a standard scene.
        case misplacedLine
        /// The line's keyword (after `t=<ns>` for a script line) is none the format knows.
        case unknownDirective
        /// A script line without its `t=<ns>` timestamp.
        case missingTimestamp
        /// Too few or too many fields for the directive.
        case wrongFieldCount
        /// A field that should be a number is not one (or is out of its range).
        case badNumber
        /// A coordinate is NaN or infinite.
        case nonFiniteNumber
        /// A touch phase other than began, moved, stationary, ended, cancelled.
        case unknownPhase
        /// A motion other than shake-began, shake-ended, shake-cancelled.
        case unknownMotion
        /// A system event the format does not name, or an orientation above 6.
        case unknownSystemEvent
        /// A scene kind other than the standard scenes and `views`.
        case unknownScene
        /// A flag name other than hidden, disabled, transparent, clips, multitouch, exclusive, animating (or not on/off).
        case unknownFlag
        /// A `key=value` option the directive does not take.
        case unknownOption
        /// A view index outside the scene (a parent that is not an earlier view, a view count out of range).
        case viewOutOfRange
    }

    public let line: Int
    public let kind: Kind
    public let message: String

    public init(line: Int, kind: Kind, message: String) {
        self.line = line
        self.kind = kind
        self.message = message
    }

    public var description: String { "line \(line): \(kind.rawValue): \(message)" }
}

/// Reads the trace text format (see `README.md` in this folder). Total: any text gives a ``Trace`` or a
/// ``TraceError``, never a crash.
public enum TraceParser {
    public static func parse(_ text: String) throws(TraceError) -> Trace {
        var scene: Trace.Scene?
        var views: [Trace.ViewSpec] = []
        var explicit = false
        var steps: [Trace.Step] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = fields.first else { continue }
            let p = LineParser(line: lineNumber, text: String(line), fields: fields)
            if first == "scene" {
                guard scene == nil, !explicit else { throw p.fail(.misplacedLine, "a second scene line") }
                let s = try p.scene()
                if case .explicit = s { explicit = true } else { scene = s }
                continue
            }
            if first == "view" {
                guard explicit, steps.isEmpty else {
                    throw p.fail(.misplacedLine, "a view line belongs right after `scene views`")
                }
                views.append(try p.view(index: views.count))
                continue
            }
            guard scene != nil || explicit else { throw p.fail(.missingScene, "the trace must start with a scene line") }
            steps.append(try p.step())
        }
        if explicit {
            guard !views.isEmpty else {
                throw TraceError(line: lineNumber, kind: .viewOutOfRange, message: "`scene views` needs at least one view line")
            }
            scene = .explicit(views)
        }
        guard let scene else { throw TraceError(line: max(1, lineNumber), kind: .missingScene, message: "no scene line") }
        return Trace(scene: scene, steps: steps)
    }
}

private struct LineParser {
    let line: Int
    let text: String
    let fields: [Substring]

    func fail(_ kind: TraceError.Kind, _ message: String) -> TraceError {
        TraceError(line: line, kind: kind, message: "\(message) in `\(text.trimmingCharacters(in: .whitespaces))`")
    }

    func scene() throws(TraceError) -> Trace.Scene {
        guard fields.count >= 2 else { throw fail(.wrongFieldCount, "`scene` needs a kind") }
        if fields[1] == "views" {
            guard fields.count == 2 else { throw fail(.wrongFieldCount, "`scene views` takes no options") }
            return .explicit([])
        }
        guard let kind = StandardScene(rawValue: String(fields[1])) else {
            let names = StandardScene.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(.unknownScene, "unknown scene `\(fields[1])` (one of \(names), views)")
        }
        var count = kind.defaultViewCount, seed: UInt64 = 1
        for option in fields.dropFirst(2) {
            let (key, value) = try keyValue(option)
            switch key {
            case "views":
                count = try integer(value, Int.self, "view count")
                guard (1...Trace.maxViews).contains(count) else {
                    throw fail(.viewOutOfRange, "view count \(count) outside 1…\(Trace.maxViews)")
                }
            case "seed": seed = try integer(value, UInt64.self, "seed")
            default: throw fail(.unknownOption, "unknown scene option `\(key)`")
            }
        }
        return .standard(kind, views: count, seed: seed)
    }

    func view(index: Int) throws(TraceError) -> Trace.ViewSpec {
        var spec = Trace.ViewSpec(parent: nil, frame: .zero)
        var sawFrame = false
        for option in fields.dropFirst() {
            if let flag = TraceFlag(rawValue: String(option)) {
                spec.flags.insert(TraceFlags(flag))
                continue
            }
            guard option.contains("=") else { throw fail(.unknownFlag, "unknown view flag `\(option)`") }
            let (key, value) = try keyValue(option)
            switch key {
            case "parent":
                if value == "-" { spec.parent = nil; continue }
                let p = try integer(value, Int.self, "parent")
                guard p >= 0, p < index else { throw fail(.viewOutOfRange, "parent \(p) is not an earlier view") }
                spec.parent = p
            case "frame":
                let n = try numbers(value, count: 4)
                guard n[2] >= 0, n[3] >= 0 else { throw fail(.badNumber, "negative frame size") }
                spec.frame = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
                sawFrame = true
            case "bounds":
                let n = try numbers(value, count: 2)
                spec.boundsOrigin = CGPoint(x: n[0], y: n[1])
            case "scroll":
                let n = try numbers(value, count: 2)
                guard n[0] >= 0, n[1] >= 0 else { throw fail(.badNumber, "negative scroll content size") }
                spec.scrollContent = CGSize(width: n[0], height: n[1])
            default: throw fail(.unknownOption, "unknown view option `\(key)`")
            }
        }
        guard sawFrame else { throw fail(.wrongFieldCount, "a view needs frame=x,y,w,h") }
        return spec
    }

    func step() throws(TraceError) -> Trace.Step {
        guard fields[0].hasPrefix("t=") else {
            if ["touch", "motion", "system", "remove", "flag"].contains(fields[0]) {
                throw fail(.missingTimestamp, "a script line starts with t=<nanoseconds>")
            }
            throw fail(.unknownDirective, "unknown line `\(fields[0])`")
        }
        let t = try integer(fields[0].dropFirst(2), UInt64.self, "timestamp")
        guard fields.count >= 2 else { throw fail(.wrongFieldCount, "nothing after the timestamp") }
        let args = fields.dropFirst(2)
        switch fields[1] {
        case "touch":
            guard args.count == 4 || args.count == 5 else {
                throw fail(.wrongFieldCount, "touch takes <id> <phase> <x> <y> [window=<n>]")
            }
            let a = Array(args)
            let id = try integer(a[0], UInt32.self, "touch id")
            guard let phase = EventRecord.TouchPhase.allCases.first(where: { $0.traceName == a[1] }) else {
                throw fail(.unknownPhase, "unknown phase `\(a[1])` (began, moved, stationary, ended, cancelled)")
            }
            let x = try coordinate(a[2]), y = try coordinate(a[3])
            var window: UInt32?
            if a.count == 5 {
                let (key, value) = try keyValue(a[4])
                guard key == "window" else { throw fail(.unknownOption, "unknown touch option `\(key)`") }
                window = try integer(value, UInt32.self, "window id")
            }
            return .touch(t: t, id: id, phase: phase, x: x, y: y, window: window)
        case "motion":
            guard args.count == 1 else { throw fail(.wrongFieldCount, "motion takes one of shake-began|ended|cancelled") }
            guard let code = EventRecord.MotionCode.allCases.first(where: { $0.traceName == args.first! }) else {
                throw fail(.unknownMotion, "unknown motion `\(args.first!)`")
            }
            return .motion(t: t, code)
        case "system":
            guard let name = args.first,
                  let code = EventRecord.SystemCode.allCases.first(where: { $0.traceName == name }) else {
                throw fail(args.isEmpty ? .wrongFieldCount : .unknownSystemEvent,
                           "system takes cancel-all, resign-active, become-active, memory-warning or orientation <0…6>")
            }
            if code == .deviceOrientation {
                guard args.count == 2 else { throw fail(.wrongFieldCount, "orientation takes a value 0…6") }
                let value = try integer(args.last!, UInt32.self, "orientation")
                guard value <= EventRecord.maxDeviceOrientation else {
                    throw fail(.unknownSystemEvent, "orientation \(value) above \(EventRecord.maxDeviceOrientation)")
                }
                return .system(t: t, code, value: value)
            }
            guard args.count == 1 else { throw fail(.wrongFieldCount, "`system \(name)` takes no value") }
            return .system(t: t, code, value: 0)
        case "remove":
            guard args.count == 1 else { throw fail(.wrongFieldCount, "remove takes a view index") }
            return .remove(t: t, view: try viewIndex(args.first!))
        case "flag":
            guard args.count == 3 else { throw fail(.wrongFieldCount, "flag takes <view> <flag> on|off") }
            let a = Array(args)
            let view = try viewIndex(a[0])
            guard let flag = TraceFlag(rawValue: String(a[1])), a[2] == "on" || a[2] == "off" else {
                throw fail(.unknownFlag, "flag takes one of \(TraceFlag.allCases.map(\.rawValue).joined(separator: ", ")) and on|off")
            }
            return .setFlag(t: t, view: view, flag: flag, on: a[2] == "on")
        default:
            throw fail(.unknownDirective, "unknown event `\(fields[1])` (touch, motion, system, remove, flag)")
        }
    }

    func viewIndex(_ s: Substring) throws(TraceError) -> Int {
        let v = try integer(s, Int.self, "view index")
        guard v >= 0, v < Trace.maxViews else { throw fail(.viewOutOfRange, "view index \(v) outside 0…\(Trace.maxViews - 1)") }
        return v
    }

    func keyValue(_ s: Substring) throws(TraceError) -> (Substring, Substring) {
        guard let eq = s.firstIndex(of: "=") else { throw fail(.unknownOption, "expected key=value, got `\(s)`") }
        return (s[..<eq], s[s.index(after: eq)...])
    }

    func integer<I: FixedWidthInteger>(_ s: Substring, _: I.Type, _ what: String) throws(TraceError) -> I {
        guard let v = I(s, radix: 10) else { throw fail(.badNumber, "\(what) `\(s)` is not an integer in range") }
        return v
    }

    func coordinate(_ s: Substring) throws(TraceError) -> Double {
        if let v = Double(s), !v.isFinite { throw fail(.nonFiniteNumber, "`\(s)` is not finite") }
        // Only decimal forms: digits, sign, point, exponent (no hex floats).
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let v = Double(s) else {
            throw fail(.badNumber, "`\(s)` is not a number")
        }
        return v
    }

    func numbers(_ s: Substring, count: Int) throws(TraceError) -> [Double] {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else { throw fail(.wrongFieldCount, "expected \(count) comma-separated numbers in `\(s)`") }
        var out: [Double] = []
        for p in parts { out.append(try coordinate(p)) }
        return out
    }
}
