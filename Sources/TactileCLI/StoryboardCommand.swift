import ArgumentParser
import Foundation
import Tactile

/// `tactile storyboard FILE`: what Tactile makes of a storyboard — its scenes, controllers, segues and views — so a
/// user can see it before running their controller code against it; `--check` compares with expected counts.
struct Storyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a storyboard's scenes, controllers, segues and views as Tactile loads them.",
        discussion: """
            --check takes comma-separated expectations, e.g. scenes=8,controllers=8,segues=9,views=82,push=8: \
            scenes, controllers, segues, views, identifiers (segues with one), a controller element \
            (navigationController), a segue kind (push), a relationship (rootViewController), a view element \
            (button) or a view attribute (frame, tag, userInteractionEnabled=NO, …). Exit status 1 when one \
            differs, 2 when the file cannot be loaded.
            """
    )

    @Argument(help: "The .storyboard file.")
    var file: String

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Option(help: "Expected counts (key=value,…); exits 1 on a mismatch.")
    var check: String?

    func run() throws {
        let loaded: Result<TactileStoryboardSummary, UIStoryboard.LoadError> = MainActor.assumeIsolated {
            do throws(UIStoryboard.LoadError) {
                return .success(try UIStoryboard(contentsOf: URL(fileURLWithPath: file)).tactileSummary)
            } catch {
                return .failure(error)
            }
        }
        let summary: TactileStoryboardSummary
        switch loaded {
        case .success(let s): summary = s
        case .failure(let error):
            FileHandle.standardError.write(Data("tactile storyboard: \(file): \(error)\n".utf8))
            throw ExitCode(2)
        }
        if let check { return try compare(summary, check) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            return
        }
        print(Self.render(summary))
    }

    static func render(_ s: TactileStoryboardSummary) -> String {
        func list(_ counts: [String: Int]) -> String {
            counts.isEmpty ? "—" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        var initial = s.initialViewController ?? "none"
        if let id = s.initialViewController, let scene = s.scenes.first(where: { $0.controllerID == id }) {
            initial += " (\(scene.controllerElement ?? "?")\(scene.customClass.map { " \($0)" } ?? ""))"
        }
        var lines = ["initial view controller: \(initial)", ""]
        for scene in s.scenes {
            var head = "scene \(scene.sceneID): \(scene.controllerElement ?? "no controller")"
            if let id = scene.controllerID { head += " \(id)" }
            if let cls = scene.customClass { head += " (\(cls))" }
            if let identifier = scene.storyboardIdentifier { head += " storyboardIdentifier=\"\(identifier)\"" }
            lines.append(head + ", \(scene.views) view\(scene.views == 1 ? "" : "s")")
            lines += scene.segues.map { "  segue \($0)" }
        }
        lines += ["", "scenes: \(s.scenes.count)", "controllers: \(s.controllers) (\(list(s.controllersByElement)))",
                  "segues: \(s.segueCount) (\(list(s.seguesByKind)))", "relationships: \(list(s.relationships))",
                  "segues with an identifier: \(s.seguesWithIdentifier) (\(s.segueIdentifiers.count) distinct)",
                  "views: \(s.views) (\(list(s.viewsByElement)))", "view attributes: \(list(s.viewAttributes))",
                  "other scene objects: \(list(s.otherSceneObjects))"]
        lines += s.problems.map { "problem: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The actual value of a `--check` key.
    static func value(_ key: String, in s: TactileStoryboardSummary) -> Int? {
        switch key {
        case "scenes": return s.scenes.count
        case "controllers": return s.controllers
        case "segues": return s.segueCount
        case "views": return s.views
        case "identifiers": return s.seguesWithIdentifier
        case "problems": return s.problems.count
        default:
            for table in [s.controllersByElement, s.seguesByKind, s.relationships, s.viewsByElement, s.viewAttributes,
                          s.otherSceneObjects] where table[key] != nil {
                return table[key]
            }
            return 0
        }
    }

    private func compare(_ summary: TactileStoryboardSummary, _ expectations: String) throws {
        // Every expectation is read before any is compared: a malformed one fails alone (exit 64), with no mismatches.
        let parsed = try expectations.split(separator: ",").map { item -> (key: String, expected: Int) in
            // A key may itself hold "=" (userInteractionEnabled=NO=38): the count is after the last one.
            guard let equals = item.lastIndex(of: "="), equals != item.startIndex,
                  let expected = Int(item[item.index(after: equals)...]) else {
                throw ValidationError("bad expectation '\(item)': expected key=count")
            }
            return (String(item[..<equals]), expected)
        }
        var mismatches = 0
        for (key, expected) in parsed {
            let actual = Self.value(key, in: summary) ?? 0
            if actual != expected {
                print("\(key): expected \(expected), found \(actual)")
                mismatches += 1
            }
        }
        if mismatches > 0 { throw ExitCode(1) }
        print("ok")
    }
}
