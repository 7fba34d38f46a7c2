import ArgumentParser
import Foundation

/// `tactile port SRC… --output DIR` (also the `tactile-port` tool the SwiftPM command plugin runs).
public struct PortCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite UIKit sources so that they build against Tactile on Linux.",
        discussion: """
        Reads Swift files (or folders of them) and writes a ported copy under --output, keeping the folder layout;
        the originals are not touched. Rewrites imports (UIKit, CoreGraphics, QuartzCore → Foundation + Tactile),
        removes @objc, dynamic and the Interface Builder attributes, turns #selector into Tactile's Selector and
        generates each class's action table (tactileActions) and outlet table (tactileOutlets), gives @objc optional
        protocol requirements default implementations (their ?() calls rewritten), and moves overrides out of
        extensions into their class. What it cannot port is left as it is and reported with file:line.
        Exit status: 0 when everything ported, 1 when some constructs remain.
        """
    )

    @Argument(help: "Swift files or folders to port.")
    public var sources: [String]

    @Option(name: .shortAndLong, help: "Where the ported copy goes (required unless --check).")
    public var output: String?

    @Flag(help: "Print the report only; write nothing.")
    public var check = false

    @Flag(name: .shortAndLong, help: "List every rewrite in the report, not only what remains.")
    public var verbose = false

    @Flag(help: "Print nothing when everything ported.")
    public var quiet = false

    public init() {}

    public func validate() throws {
        if !check && output == nil { throw ValidationError("--output DIR is required (or --check to only report)") }
    }

    public func run() throws {
        let inputs = try PortInputs.collect(sources)
        let result = Porter.port(inputs.map { Porter.File(path: $0.display, text: $0.text) })
        if !check, let output {
            for (input, file) in zip(inputs, result.files) {
                let url = URL(fileURLWithPath: output).appendingPathComponent(input.relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Rewrite only what changed, so that a build that ports on every run does not recompile everything.
                if (try? String(contentsOf: url, encoding: .utf8)) != file.text {
                    try file.text.write(to: url, atomically: true, encoding: .utf8)
                }
            }
        }
        if !(quiet && result.report.remaining.isEmpty) { print(result.report.rendered(verbose: verbose), terminator: "") }
        if !result.report.remaining.isEmpty { throw ExitCode(1) }
    }
}

/// The Swift files named on the command line: files as given, folders walked (sorted), each with the path it gets
/// under --output (relative to its folder argument, or its file name).
enum PortInputs {
    struct Input {
        var display: String
        var relative: String
        var text: String
    }

    static func collect(_ arguments: [String]) throws -> [Input] {
        var inputs: [Input] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw ValidationError("no such file or folder: \(argument)")
            }
            if isDirectory.boolValue {
                let root = URL(fileURLWithPath: argument).standardizedFileURL
                let files = (fm.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
                    .filter { $0.pathExtension == "swift" }
                    .map { $0.standardizedFileURL.path }
                    .sorted()
                for path in files {
                    let relative = String(path.dropFirst(root.path.count).drop { $0 == "/" })
                    inputs.append(Input(display: (argument as NSString).appendingPathComponent(relative), relative: relative,
                                        text: try String(contentsOfFile: path, encoding: .utf8)))
                }
            } else {
                inputs.append(Input(display: argument, relative: (argument as NSString).lastPathComponent,
                                    text: try String(contentsOfFile: argument, encoding: .utf8)))
            }
        }
        return inputs
    }
}
