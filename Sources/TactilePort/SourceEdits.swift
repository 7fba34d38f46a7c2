/// Byte-range edits on one source file: replacements, deletions and insertions, applied back to front so that
/// every range refers to the original text. Everything the port does not touch — comments, layout — is kept
/// byte for byte.
struct SourceEdits {
    struct Edit {
        var start: Int
        var end: Int
        var text: String
        /// Insertions at the same offset keep the order they were added in.
        var order: Int
    }

    private(set) var edits: [Edit] = []

    mutating func replace(_ start: Int, _ end: Int, with text: String) {
        edits.append(Edit(start: start, end: end, text: text, order: edits.count))
    }

    mutating func insert(_ text: String, at offset: Int) { replace(offset, offset, with: text) }

    /// Removes the edits strictly inside `start..<end` and returns that range of `source` with them applied: the
    /// text of a declaration that moves elsewhere, rewritten as it would have been in place.
    mutating func extract(_ start: Int, _ end: Int, from source: [UInt8]) -> String {
        let inner = edits.filter { $0.start >= start && $0.end <= end && !($0.start == $0.end && ($0.start == start || $0.start == end)) }
        edits.removeAll { e in inner.contains { $0.order == e.order } }
        return SourceEdits.apply(inner, to: source, start: start, end: end)
    }

    /// `source` with every edit applied.
    func applied(to source: [UInt8]) -> String { SourceEdits.apply(edits, to: source, start: 0, end: source.count) }

    private static func apply(_ edits: [Edit], to source: [UInt8], start: Int, end: Int) -> String {
        // Front to back; a later edit overlapping an earlier one is dropped (the earlier, enclosing one wins).
        let sorted = edits.sorted { ($0.start, $0.end, $0.order) < ($1.start, $1.end, $1.order) }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var cursor = start
        for e in sorted where e.start >= cursor {
            out += source[cursor..<e.start]
            out += Array(e.text.utf8)
            cursor = e.end
        }
        out += source[cursor..<end]
        return String(decoding: out, as: UTF8.self)
    }
}

/// Offsets in a source's bytes widened to whole lines where that reads better.
enum SourceLines {
    /// `start..<end` widened to the whole line when nothing else is on it (an attribute on a line of its own), else
    /// extended over the spaces after it (`@objc func` → `func`).
    static func removal(_ start: Int, _ end: Int, in source: [UInt8]) -> (Int, Int) {
        var e = end
        while e < source.count, source[e] == 0x20 || source[e] == 0x09 { e += 1 }
        var s = start
        while s > 0, source[s - 1] == 0x20 || source[s - 1] == 0x09 { s -= 1 }
        let atLineStart = s == 0 || source[s - 1] == 0x0A
        if atLineStart, e < source.count, source[e] == 0x0A { return (s, e + 1) }
        if atLineStart, e == source.count { return (s, e) }
        return (start, e)
    }

    /// The indentation of the line holding `offset`.
    static func indentation(at offset: Int, in source: [UInt8]) -> String {
        var s = min(offset, source.count)
        while s > 0, source[s - 1] != 0x0A { s -= 1 }
        var e = s
        while e < source.count, source[e] == 0x20 || source[e] == 0x09 { e += 1 }
        return String(decoding: source[s..<e], as: UTF8.self)
    }

    /// The start of the line holding `offset`.
    static func lineStart(_ offset: Int, in source: [UInt8]) -> Int {
        var s = min(offset, source.count)
        while s > 0, source[s - 1] != 0x0A { s -= 1 }
        return s
    }
}
