/// What the port did to each file and what it left: the report `tactile port` prints.
public struct PortReport: Sendable {
    public enum Kind: String, Sendable {
        /// A construct rewritten for Linux.
        case rewritten
        /// A construct left as it is that will not build or behave on Linux: the port is incomplete.
        case remains
        /// Rewritten or left with something worth knowing (a selector whose method is not in the sources).
        case note
    }

    public struct Entry: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var kind: Kind
        /// Short name of the construct (`#selector`, `@IBOutlet`, `optional requirement`).
        public var construct: String
        public var message: String
    }

    public var entries: [Entry] = []
    public var files: [String] = []

    public var remaining: [Entry] { entries.filter { $0.kind == .remains } }

    /// Counts of rewritten constructs by name.
    public func rewrittenCounts(in file: String? = nil) -> [(String, Int)] {
        var counts: [String: Int] = [:]
        for e in entries where e.kind == .rewritten && (file == nil || e.file == file) { counts[e.construct, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }
    }

    /// The report as text: per file, the rewritten constructs counted, then what remains and the notes, each with
    /// file:line and the reason; a summary line last.
    public func rendered(verbose: Bool = false) -> String {
        var out = ""
        for file in files {
            let mine = entries.filter { $0.file == file }
            let counts = rewrittenCounts(in: file)
            let remains = mine.filter { $0.kind == .remains }
            out += "\(file): " + (counts.isEmpty ? "nothing to rewrite" : counts.map { "\($0.0) ×\($0.1)" }.joined(separator: ", "))
            out += remains.isEmpty ? "\n" : " — \(remains.count) left\n"
            for e in mine where e.kind == .remains || e.kind == .note || (verbose && e.kind == .rewritten) {
                out += "  \(e.file):\(e.line): \(e.kind.rawValue): \(e.construct): \(e.message)\n"
            }
        }
        let rewritten = entries.filter { $0.kind == .rewritten }.count
        let cleanFiles = files.filter { f in !remaining.contains { $0.file == f } }.count
        out += "\(files.count) files: \(rewritten) constructs rewritten, \(remaining.count) left; \(cleanFiles) of \(files.count) files fully ported\n"
        return out
    }
}
