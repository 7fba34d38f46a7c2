/// The Objective-C selector Swift gives an `@objc` method, which is what `#selector(...)`, storyboards' action
/// connections and string selectors name: `tap()` → `tap`, `tap(_:)` → `tap:`, `move(_:to:)` → `move:to:`,
/// `tap(sender:)` → `tapWithSender:`, `scroll(to:)` → `scrollTo:` (no "With" when the first label starts with a
/// preposition or the base name ends with one), `@objc(custom:)` → `custom:`; a property's getter is its name and its
/// setter `setName:`.
enum ObjCSelectorName {
    /// `labels` are the argument labels, nil for `_`.
    static func method(_ base: String, labels: [String?]) -> String {
        guard let first = labels.first else { return base }
        var head = base
        if let label = first, !label.isEmpty {
            if !isPreposition(firstWord(label)) && !isPreposition(lastWord(base)) { head += "With" }
            head += capitalized(label)
        }
        return head + ":" + labels.dropFirst().map { ($0 ?? "") + ":" }.joined()
    }

    static func getter(_ name: String) -> String { name }
    static func setter(_ name: String) -> String { "set" + capitalized(name) + ":" }

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// The camel-case words of an identifier (`scrollViewDidScroll` → scroll, View, Did, Scroll).
    static func words(_ s: String) -> [String] {
        var words: [String] = []
        var current = ""
        for c in s {
            if c.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = ""
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func firstWord(_ s: String) -> String { words(s).first ?? s }
    static func lastWord(_ s: String) -> String { words(s).last ?? s }

    /// Swift's list of English prepositions for this rule (lib/Basic/PartsOfSpeech.def).
    static func isPreposition(_ word: String) -> Bool { prepositions.contains(word.lowercased()) }

    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within",
    ]
}
