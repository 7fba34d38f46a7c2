import Foundation
import Testing
@testable import TactilePort

/// The ported fixtures build against Tactile, in Swift 5 and Swift 6 language modes (swiftc type-checks them
/// against the Tactile module this test run was built with).
@Suite struct PortCompileTests {
    /// The build folder holding Tactile's module (`Modules/Tactile.swiftmodule`): the test binary's, or a parent.
    static func folderHoldingModules() -> URL? {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules/Tactile.swiftmodule").path) { return url }
        }
        return nil
    }

    @Test(arguments: ["5", "6"]) func DESIGN_PORT_ATTRIBUTES_portedFixturesBuild(languageMode: String) throws {
        let build = try #require(Self.folderHoldingModules(), "no Tactile.swiftmodule near \(CommandLine.arguments[0])")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-port-compile-\(languageMode)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for group in PortFixtures.all {
            let (files, report) = PortFixtures.port(group)
            #expect(report.remaining.isEmpty)
            for (name, text) in files {
                let url = folder.appendingPathComponent(name)
                try text.write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
        }
        let swiftc = Process()
        swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swiftc.arguments = ["swiftc", "-typecheck", "-swift-version", languageMode, "-module-name", "PortedFixtures",
                            "-I", build.appendingPathComponent("Modules").path,
                            "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CTactileCoreSupport.build/module.modulemap").path]
            + paths
        let errors = Pipe()
        swiftc.standardError = errors
        try swiftc.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swiftc.waitUntilExit()
        #expect(swiftc.terminationStatus == 0, "\(output)")
    }
}
