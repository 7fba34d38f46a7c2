import Foundation
import SwiftSyntax

/// `tactile port`: UIKit sources in, sources that build against Tactile on Linux out, with a report.
///
/// Two passes over all the files together: the first indexes classes (with the members their extensions add) and
/// protocols; the second rewrites each file (imports, Objective-C attributes, `#selector`, optional requirements
/// and their calls, extension overrides) and generates, in each class's body, the tables Tactile's Linux-safe
/// dispatch reads: `tactileActions` (the methods selectors name — target-action, `perform(_:with:afterDelay:)`,
/// `sendAction`, the responder chain) and `tactileOutlets` (what storyboards set by name).
public enum Porter {
    public struct File: Sendable {
        public var path: String
        public var text: String
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    public struct Result: Sendable {
        public var files: [File]
        public var report: PortReport
    }

    public static func port(_ files: [File]) -> Result {
        let sources = files.map { PortSource(path: $0.path, text: $0.text) }
        let index = ModuleIndex(sources)
        var rewriters: [FileRewriter] = []
        for (i, source) in sources.enumerated() {
            let rewriter = FileRewriter(file: i, source: source, index: index)
            rewriter.walk(source.tree)
            rewriters.append(rewriter)
        }
        var report = PortReport(files: files.map(\.path))
        for r in rewriters { report.entries += r.entries }

        // Moves: the member's rewritten text leaves its extension for its class's body.
        var insertions: [String: [String]] = [:]  // class → member texts, in order
        for r in rewriters {
            for (type, start, end) in r.moves {
                let text = r.edits.extract(start, end, from: r.source.bytes)
                r.edits.replace(start, end, with: "")
                insertions[type, default: []].append(trimmedBlock(text))
            }
        }

        // The action and outlet tables.
        let referenced = Dictionary(grouping: rewriters.flatMap(\.referenced), by: { $0.0 }).mapValues { Set($0.map(\.1)) }
        let stringSelectors = rewriters.reduce(into: Set<String>()) { $0.formUnion($1.stringSelectors) }
        for c in index.classes.values.sorted(by: { $0.name < $1.name }) {
            let generated = ActionTable.members(for: c, index: index, referenced: referenced,
                                                stringSelectors: stringSelectors, report: &report, path: { sources[$0].path },
                                                widen: { file, range in rewriters[file].edits.replace(range.0, range.1, with: "") })
            insertions[c.name, default: []] += generated.members
            if let conformance = generated.extensionAfterClass {
                rewriters[c.file].edits.insert("\n\n" + conformance, at: c.declEnd)
            }
        }
        for (type, members) in insertions where !members.isEmpty {
            guard let c = index.classes[type] else { continue }
            let bytes = sources[c.file].bytes
            let lineStart = SourceLines.lineStart(c.bodyEnd, in: bytes)
            let braceAlone = bytes[lineStart..<c.bodyEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            let block = members.map { indent($0, to: c.memberIndent) }.joined(separator: "\n\n")
            if braceAlone {
                rewriters[c.file].edits.insert("\n" + block + "\n", at: lineStart)
            } else {
                rewriters[c.file].edits.insert("\n" + block + "\n" + SourceLines.indentation(at: c.bodyEnd, in: bytes), at: c.bodyEnd)
            }
        }
        let out = zip(sources, rewriters).map { File(path: $0.path, text: $1.edits.applied(to: $0.bytes)) }
        return Result(files: out, report: report)
    }

    /// A declaration's text without the blank lines before it and the spaces after it.
    static func trimmedBlock(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// `block` re-indented so that its least indented line starts at `indentation`.
    static func indent(_ block: String, to indentation: String) -> String {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let common = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : indentation + $0.dropFirst(common) }
            .joined(separator: "\n")
    }
}
