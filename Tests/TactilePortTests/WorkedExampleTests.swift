import Foundation
import Testing
@testable import TactilePort

/// The worked example (Examples/SketchPad): the Linux copy the root package builds and tests is exactly what
/// `tactile port` makes of the iOS sources (scripts/port-example regenerates it), and porting it again changes
/// nothing.
@Suite struct WorkedExampleTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/SketchPad")

    static func files(in folder: String) throws -> [Porter.File] {
        let url = example.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { Porter.File(path: $0, text: try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test(arguments: [("Sources/SketchPad", "Linux/SketchPad"), ("Tests/SketchPadTests", "Linux/SketchPadTests")])
    func DESIGN_PORT_REPORT_theCommittedLinuxCopyIsThePortsOutput(ios: String, linux: String) throws {
        let result = Porter.port(try Self.files(in: ios))
        #expect(result.report.remaining.isEmpty)
        let committed = try Self.files(in: linux)
        #expect(committed.map(\.path) == result.files.map(\.path))
        for (ported, file) in zip(result.files, committed) {
            #expect(ported.text == file.text, "Examples/SketchPad/\(linux)/\(file.path) is stale: run scripts/port-example")
        }
        // Idempotent: the ported copy ports to itself.
        let again = Porter.port(committed)
        #expect(again.report.remaining.isEmpty)
        #expect(again.files.map(\.text) == committed.map(\.text))
    }
}
