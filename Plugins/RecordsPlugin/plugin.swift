import Foundation
import PackagePlugin

/// Runs `generate-records` on a target's `.sql` files and SQLite database
/// files, before the target compiles. The generated Swift files go into
/// the plugin's work directory, the only place a build plugin may write
/// (macOS sandboxes it; Linux does not, but the rule is the same).
///
/// A build command, not a prebuild command: SwiftPM runs it only when an
/// input changed, and knows its outputs are sources to compile.
@main
struct RecordsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // Resources and unhandled files alike: a .sql may also be a resource.
        let inputs = target.sourceFiles.map(\.url).filter(isSchema).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedRecords")
        let outputs = inputs.map { output.appendingPathComponent(outputName(for: $0)) }
        return [
            .buildCommand(
                displayName: "Generating records from \(inputs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: try context.tool(named: "generate-records").url,
                arguments: ["--output", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: outputs
            )
        ]
    }

    /// `.sql`, or a database file by its usual extensions.
    func isSchema(_ url: URL) -> Bool {
        ["sql", "sqlite", "sqlite3", "db"].contains(url.pathExtension.lowercased())
    }

    /// The same rule as the generator's (`BodiesDB-001.sql` → `BodiesDB-001.records.swift`).
    func outputName(for input: URL) -> String {
        input.deletingPathExtension().lastPathComponent + ".records.swift"
    }
}
