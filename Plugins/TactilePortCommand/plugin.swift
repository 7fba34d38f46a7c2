import Foundation
import PackagePlugin

/// `swift package tactile-port [--target T]… [--output DIR] [--check] [--verbose]`: `tactile port` over the Swift
/// sources of the package's targets (all source targets when none is named). Each target's copy goes to
/// DIR/<target> (default: .build/tactile-port); the report is printed, and the command fails when constructs remain.
/// Writing needs `--allow-writing-to-package-directory` (or answering SwiftPM's prompt).
@main
struct TactilePortCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let output = extractor.extractOption(named: "output").last
            ?? context.package.directoryURL.appendingPathComponent(".build/tactile-port").path
        let check = extractor.extractFlag(named: "check") > 0
        let verbose = extractor.extractFlag(named: "verbose") > 0
        let targets = try names.isEmpty
            ? context.package.targets.compactMap { $0 as? SourceModuleTarget }
            : context.package.targets(named: names).compactMap { $0 as? SourceModuleTarget }
        let tool = try context.tool(named: "tactile-port")
        var failed: [String] = []
        for target in targets {
            guard !target.sourceFiles(withSuffix: "swift").isEmpty else { continue }
            var args = [target.directoryURL.path]
            if check { args.append("--check") } else { args += ["--output", URL(fileURLWithPath: output).appendingPathComponent(target.name).path] }
            if verbose { args.append("--verbose") }
            print("== \(target.name)")
            let process = Process()
            process.executableURL = tool.url
            process.arguments = args
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(target.name) }
        }
        if !failed.isEmpty {
            Diagnostics.error("tactile port: constructs remain in \(failed.joined(separator: ", ")) (see the report above)")
            throw ExitCode.failure
        }
    }
}

enum ExitCode: Error { case failure }
