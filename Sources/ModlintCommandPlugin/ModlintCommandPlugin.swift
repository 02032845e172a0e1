import Foundation
import PackagePlugin

/// `swift package modlint [ARGUMENTS…]`: runs the `modlint` tool on the package the command
/// is invoked in. Without a subcommand it lints the package directory
/// (`swift package modlint --reporter sarif:modlint.sarif`); a leading subcommand is passed
/// through (`swift package modlint graph --format mermaid`). modlint's exit status becomes
/// the command's, so CI gates work the same as with the binary.
@main
struct ModlintCommandPlugin: CommandPlugin {
    /// modlint's subcommands; anything else is an argument of the default `lint`.
    static let subcommands: Set<String> = ["lint", "graph", "rules", "explain", "init", "version", "help"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "modlint")
        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = Self.modlintArguments(arguments)
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .exit && process.terminationStatus == 0 { return }
        Diagnostics.error("modlint exited with status \(process.terminationStatus)")
        // Keep modlint's exit code (1 = findings, 2 = usage, 3 = internal) for scripts.
        exit(process.terminationStatus)
    }

    static func modlintArguments(_ arguments: [String]) -> [String] {
        if let first = arguments.first, subcommands.contains(first) || first == "--help" || first == "-h" {
            return arguments
        }
        return ["lint"] + arguments
    }
}
