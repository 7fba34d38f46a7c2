import ArgumentParser
import Foundation
import Testing
@testable import TactilePort

/// `tactile port SRC… --output DIR` as a user runs it: the copy keeps the folder layout, the originals stay, the
/// exit status says whether anything is left, `--check` writes nothing.
@Suite struct PortCommandTests {
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-port-cmd-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func DESIGN_PORT_REPORT_exitStatusZeroWhenEverythingPorted() throws {
        let root = try folder(["App/Views/Knob.swift": PortFixtures.attributes, "App/Pager.swift": PortFixtures.optionalRequirements])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("Ported")
        let command = try PortCommand.parse([root.appendingPathComponent("App").path, "--output", out.path, "--quiet"])
        try command.run()
        let ported = try String(contentsOf: out.appendingPathComponent("Views/Knob.swift"), encoding: .utf8)
        #expect(ported.contains("import Tactile"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Pager.swift").path))
        let original = try String(contentsOf: root.appendingPathComponent("App/Views/Knob.swift"), encoding: .utf8)
        #expect(original == PortFixtures.attributes, "the originals are not touched")
    }

    @Test func DESIGN_PORT_REPORT_exitStatusOneWhenSomethingIsLeft_andCheckWritesNothing() throws {
        let root = try folder(["Swizzle.swift": "import UIKit\nlet m = class_getInstanceMethod(UIView.self, Selector(\"layoutSubviews\"))\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("Ported")
        let check = try PortCommand.parse([root.appendingPathComponent("Swizzle.swift").path, "--check"])
        #expect(throws: ExitCode(1)) { try check.run() }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let write = try PortCommand.parse([root.appendingPathComponent("Swizzle.swift").path, "-o", out.path])
        #expect(throws: ExitCode(1)) { try write.run() }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Swizzle.swift").path), "what ported is still written")
    }

    @Test func DESIGN_PORT_REPORT_badArgumentsAreClearErrors() throws {
        #expect(throws: (any Error).self) { try PortCommand.parse(["x.swift"]) }  // neither --output nor --check
        let missing = try PortCommand.parse(["/nonexistent/file.swift", "--check"])
        #expect(throws: ValidationError.self) { try missing.run() }
    }
}
