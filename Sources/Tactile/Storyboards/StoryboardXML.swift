import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML element of a storyboard, kept in a flat array (``StoryboardXML/elements``): its name, attributes,
/// children and parent as indices. Immutable once parsed, so a parsed document is shared freely.
struct StoryboardXMLElement: Sendable {
    let name: String
    /// The attributes, and the element's text, if any, under `$text`.
    var attributes: [String: String]
    var children: [Int32] = []
    let parent: Int32
    /// The 1-based line of the start tag, for messages.
    let line: Int32

    subscript(_ attribute: String) -> String? { attributes[attribute] }
}

/// A parsed storyboard file: the element tree, flat. Parsing is Foundation's `XMLParser` (FoundationXML on
/// Linux, libxml2 underneath; the 500 KB fixture parses in about 8 ms). Anything that is not well-formed XML is
/// a ``UIStoryboard/LoadError/malformedXML(line:column:reason:)``; a well-formed document whose root is not
/// `<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">` is ``UIStoryboard/LoadError/notAStoryboard(rootElement:)``.
final class StoryboardXML: Sendable {
    /// The elements in document order; index 0 is the root.
    let elements: [StoryboardXMLElement]

    init(data: Data) throws(UIStoryboard.LoadError) {
        // Xcode writes storyboards as UTF-8. Bytes that are not are refused here: FoundationXML on Linux traps on
        // element and attribute names that are not valid UTF-8 (found by the storyboard-loader fuzz target).
        if let offset = Self.firstInvalidUTF8(data) {
            throw .malformedXML(line: 1 + data.prefix(offset).count { $0 == 0x0A }, column: 0,
                                reason: "not UTF-8 at byte \(offset)")
        }
        let builder = Builder()
        let parser = XMLParser(data: Self.spacingEmptyProcessingInstructions(data))
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        if !parser.parse() || builder.elements.isEmpty {
            let error = parser.parserError as NSError?
            throw .malformedXML(line: parser.lineNumber, column: parser.columnNumber,
                                reason: error?.localizedDescription ?? "no root element")
        }
        if let unclosed = builder.unclosed {
            throw .malformedXML(line: parser.lineNumber, column: parser.columnNumber,
                                reason: "the document ends inside <\(builder.elements[Int(unclosed)].name)>")
        }
        elements = builder.elements
        let root = elements[0]
        guard root.name == "document", root["type"]?.hasSuffix("CocoaTouch.Storyboard.XIB") == true else {
            throw .notAStoryboard(rootElement: root.name + (root["type"].map { " type=\"\($0)\"" } ?? ""))
        }
    }

    /// `data`, or a copy with a space before the `?>` of each processing instruction that has nothing after its
    /// target (`<?name?>`). For such an instruction libxml2 passes no data, and FoundationXML on Linux reads it with
    /// `strlen` and crashes (found by the storyboard-loader fuzz target); `<?name ?>` is the same instruction, its
    /// data empty. Comments and CDATA sections are left as they are. A column reported after such an instruction
    /// on its line counts the added space.
    static func spacingEmptyProcessingInstructions(_ data: Data) -> Data {
        let spaceBefore = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Int] in
            var offsets: [Int] = []  // of the `?>` that get a space
            func starts(_ prefix: StaticString, at i: Int) -> Bool {
                let count = prefix.utf8CodeUnitCount
                return i + count <= bytes.count && (0..<count).allSatisfy { bytes[i + $0] == prefix.utf8Start[$0] }
            }
            func end(of terminator: StaticString, from i: Int) -> Int {
                var j = i
                while j < bytes.count, !starts(terminator, at: j) { j += 1 }
                return min(j + terminator.utf8CodeUnitCount, bytes.count)
            }
            var i = 0
            while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
                if starts("<!--", at: open) {
                    i = end(of: "-->", from: open + 4)
                } else if starts("<![CDATA[", at: open) {
                    i = end(of: "]]>", from: open + 9)
                } else if starts("<?", at: open) {
                    var j = open + 2  // the target runs to white space or `?`
                    while j < bytes.count, bytes[j] != UInt8(ascii: "?"), ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) {
                        j += 1
                    }
                    if j > open + 2, starts("?>", at: j) { offsets.append(j) }
                    i = end(of: "?>", from: j)
                } else {
                    i = open + 1
                }
            }
            return offsets
        }
        guard !spaceBefore.isEmpty else { return data }
        var spaced = Data(capacity: data.count + spaceBefore.count)
        var copied = data.startIndex
        for offset in spaceBefore {
            spaced.append(data[copied..<(data.startIndex + offset)])
            spaced.append(0x20)
            copied = data.startIndex + offset
        }
        spaced.append(data[copied...])
        return spaced
    }

    /// The offset of the first byte that does not belong to valid UTF-8, nil when all do.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        if String(validating: data, as: UTF8.self) != nil { return nil }  // the fast check; the offset only on failure
        return data.withUnsafeBytes { raw -> Int? in
            var iterator = raw.makeIterator()
            var decoder = UTF8()
            var consumed = 0
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): consumed += UTF8.width(scalar)
                case .emptyInput: return nil
                case .error: return consumed
                }
            }
        }
    }

    subscript(_ index: Int32) -> StoryboardXMLElement { elements[Int(index)] }

    /// The children of `index` named `name`.
    func children(of index: Int32, named name: String) -> [Int32] {
        self[index].children.filter { self[$0].name == name }
    }

    /// The first child of `index` named `name` (and with `key` when given).
    func child(of index: Int32, named name: String? = nil, key: String? = nil) -> Int32? {
        self[index].children.first { c in
            (name == nil || self[c].name == name) && (key == nil || self[c]["key"] == key)
        }
    }

    /// The children of the child named `container` (e.g. the `<subviews>` or `<constraints>` of a view).
    func grandchildren(of index: Int32, in container: String) -> [Int32] {
        guard let holder = child(of: index, named: container) else { return [] }
        return self[holder].children
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var elements: [StoryboardXMLElement] = []
        private var open: [Int32] = []
        /// The innermost element still open at the end (a truncated file), if any.
        var unclosed: Int32? { open.last }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let index = Int32(elements.count)
            let parent = open.last ?? -1
            elements.append(StoryboardXMLElement(name: elementName, attributes: attributeDict, parent: parent,
                                                 line: Int32(clamping: parser.lineNumber)))
            if parent >= 0 { elements[Int(parent)].children.append(index) }
            open.append(index)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            open.removeLast()
        }

        /// Text content (`<string key="text">…</string>`, `<mutableString>`) is kept under the `$text` attribute.
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let current = open.last else { return }
            // Mostly the indentation between elements: skipped by bytes (Character iteration is slow).
            guard !string.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else { return }
            elements[Int(current)].attributes["$text", default: ""] += string
        }
    }
}
