import Foundation
import PackagePlugin

/// Ports iOS sources at build time: a target whose folder holds a `tactile-port-sources` file (one line, a folder
/// relative to the package) gets that folder's Swift files, ported by `tactile port`, as its sources. The build
/// fails when constructs remain. Used by the worked example (Examples/SketchPad).
@main
struct TactilePortBuild: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let pointer = target.directoryURL.appendingPathComponent("tactile-port-sources")
        guard let line = try? String(contentsOf: pointer, encoding: .utf8) else { return [] }
        let folder = context.package.directoryURL.appendingPathComponent(line.trimmingCharacters(in: .whitespacesAndNewlines))
        let inputs = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "swift" }
            .map(\.standardizedFileURL)
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Ported")
        let outputs = inputs.map { output.appendingPathComponent(String($0.path.dropFirst(folder.standardizedFileURL.path.count + 1))) }
        return [.buildCommand(
            displayName: "tactile port \(line.trimmingCharacters(in: .whitespacesAndNewlines)) (\(target.name))",
            executable: try context.tool(named: "tactile-port").url,
            arguments: [folder.path, "--output", output.path, "--quiet"],
            inputFiles: inputs + [pointer],
            outputFiles: outputs
        )]
    }
}
