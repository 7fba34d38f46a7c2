import Foundation
import Tactile
import Testing

/// The twelve real Xcode storyboards (Xcode 4.2 to Xcode 16 formats) load, and the loader's model reproduces the
/// counts of their SOURCES.md — computed independently by the fixtures' collector with Python's `xml.etree` and
/// parsed here from the tables themselves (DESIGN-STORYBOARD).
@MainActor
@Suite("Storyboards: the real fixtures")
struct StoryboardFixtureTests {
    init() { TactileDiagnostics.logsToStandardError = false }

    nonisolated static let names = [
        "01-iqkeyboard-xcode42-v1-navpush", "02-ecsliding-ipad-xcode46-v2", "03-ecsliding-basicmenu-xcode5-unwind",
        "04-iqkeyboard-objc-demo-xcode8-large", "05-eidolon-fulfillment-embed", "06-hero-examples-presentation",
        "07-ibanimatable-demoapp-unwind-embed", "08-xlpagertabstrip-tabbar", "09-alamofire-splitview",
        "10-rxswift-references-push", "11-firebase-database-tabbar-modern", "12-netnewswire-settings-modern",
    ]

    @Test("DESIGN-STORYBOARD: every fixture loads from the test bundle by name, with nothing skipped",
          arguments: names)
    func loadsByName(_ name: String) {
        let misuses = TactileDiagnostics.misuseCount
        let storyboard = UIStoryboard(name: name, bundle: .module)
        #expect(TactileDiagnostics.misuseCount == misuses)
        let summary = storyboard.tactileSummary
        #expect(summary.problems == [])
        #expect(summary.scenes.count > 0)
    }

    @Test("SBT-SB-01: scenes, controllers by element, segues by kind and relationships are SOURCES.md's (table A)",
          arguments: names)
    func sceneAndSegueCounts(_ name: String) throws {
        let summary = try Fixtures.summary(name)
        let row = try #require(Fixtures.table("A")[Fixtures.number(name)])
        #expect(summary.scenes.count == Int(row[1]))
        #expect(summary.controllersByElement == Fixtures.counts(row[2]))
        #expect(summary.otherSceneObjects == Fixtures.counts(row[3]))
        #expect(summary.segueCount == Int(row[4]))
        #expect(summary.seguesByKind == Fixtures.counts(row[5]))
        #expect(summary.relationships == Fixtures.counts(row[6]))
        #expect("\(summary.seguesWithIdentifier) (\(summary.segueIdentifiers.count) distinct)" == row[7])
        #expect(summary.seguesByKind["unwind", default: 0] == Int(row[8]))
        #expect(summary.otherSceneObjects["exit", default: 0] == Int(row[9]))
        #expect(summary.nonSegueElements == Int(row[10].split(separator: " ").first ?? ""))
    }

    @Test("DESIGN-STORYBOARD-VIEWS: views and their attributes are SOURCES.md's (tables B and D)", arguments: names)
    func viewCounts(_ name: String) throws {
        let summary = try Fixtures.summary(name)
        let row = try #require(Fixtures.table("B")[Fixtures.number(name)])
        #expect(summary.views == Int(row[6].replacingOccurrences(of: "*", with: "")))
        let keys = ["frame", "autoresizingMask", "tag", "userInteractionEnabled=NO", "hidden=YES", "alpha",
                    "multipleTouchEnabled=YES", "exclusiveTouch=YES", "clipsSubviews=YES"]
        for (offset, key) in keys.enumerated() {
            #expect(summary.viewAttributes[key, default: 0] == Int(row[7 + offset]), "\(key)")
        }
        let elements = try #require(Fixtures.table("D")[Fixtures.number(name)])
        #expect(summary.viewsByElement == Fixtures.counts(elements[1]))
    }

    @Test("SBT-SB-03: the initial controller, the storyboard identifiers and the custom classes are SOURCES.md's (table C)",
          arguments: names)
    func identifiers(_ name: String) throws {
        let summary = try Fixtures.summary(name)
        let row = try #require(Fixtures.table("C")[Fixtures.number(name)])
        #expect("`\(summary.initialViewController ?? "")`" == row[1])
        #expect(summary.storyboardIdentifiers.count == Int(row[2]))
        #expect(summary.storyboardIdentifiers == Fixtures.codeList(row[3]))
        #expect(summary.controllersWithCustomClass == Int(row[4]))
        #expect(summary.segueIdentifiers == Fixtures.codeList(row[5]))
    }

    @Test("DESIGN-STORYBOARD: a file is parsed once, however many storyboards name it")
    func parsedOnce() throws {
        let url = try Fixtures.url("09-alamofire-splitview")
        _ = try UIStoryboard(contentsOf: url)
        let parsed = TactileStoryboardCounters.parsedFiles
        let a = try UIStoryboard(contentsOf: url)
        let b = UIStoryboard(name: "09-alamofire-splitview", bundle: .module)
        #expect(a !== b)
        #expect(a.tactileSummary == b.tactileSummary)
        #expect(TactileStoryboardCounters.parsedFiles == parsed)
    }
}

/// The fixtures and their SOURCES.md tables.
enum Fixtures {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Storyboards/\(name)", withExtension: "storyboard"))
    }

    static func summary(_ name: String) throws -> TactileStoryboardSummary {
        try MainActor.assumeIsolated { try UIStoryboard(contentsOf: url(name)).tactileSummary }
    }

    static func number(_ name: String) -> String { String(name.prefix(2)) }

    /// The rows of a section's table (`### A.`), by file number: the cells, trimmed, the first being the number.
    static func table(_ section: String) throws -> [String: [String]] {
        let url = try #require(Bundle.module.url(forResource: "Storyboards/SOURCES", withExtension: "md"))
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "### \(section)."))
        var rows: [String: [String]] = [:]
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            if line.hasPrefix("###") || line.hasPrefix("## ") { break }
            guard line.hasPrefix("| ") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if let first = cells.first, first.count == 2, Int(first) != nil { rows[first] = cells }
        }
        return rows
    }

    /// "navigationController 1, viewController 7 (= 8)" → ["navigationController": 1, "viewController": 7];
    /// "28 placeholder, tapGestureRecognizer 1" (count first) is read too; "—" or "0 …" is empty.
    static func counts(_ cell: String) -> [String: Int] {
        var result: [String: Int] = [:]
        let body = cell.components(separatedBy: " (=").first ?? cell
        for part in body.split(separator: ",") {
            let words = part.split(separator: " ").map(String.init)
            guard words.count == 2 else { continue }
            if let n = Int(words[1]) { result[words[0]] = n } else if let n = Int(words[0]) { result[words[1]] = n }
        }
        return result.filter { $0.value > 0 }
    }

    /// "`a`, `b`" → {"a", "b"}; "—" → {}.
    static func codeList(_ cell: String) -> Set<String> {
        var result = Set<String>()
        var rest = Substring(cell)
        while let open = rest.firstIndex(of: "`") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "`") else { break }
            result.insert(String(rest[after..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
