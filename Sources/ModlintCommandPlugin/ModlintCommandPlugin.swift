import Foundation
import PackagePlugin

/// `swift package modlint [ARGUMENTS…]`: runs the `modlint` tool on the package the command
/// is invoked in. Without a subcommand it lints the package directory
/// (`swift package modlint --reporter sarif:modlint.sarif`); a leading subcommand is passed
/// through (`swift package modlint graph --format mermaid`).
///
/// modlint's output is printed first, then — when it failed — one plugin error line that
/// says what the status means. SwiftPM reports any failing plugin as `swift package`'s own
/// exit status 1, so the line is what tells findings (modlint's 1) from a usage or input
/// error (2) or an internal error (3); scripts that need the exact code run the binary.
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
        // Through pipes, so that everything modlint printed is out before the error line.
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complained = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        FileHandle.standardOutput.write(printed)
        FileHandle.standardError.write(complained)
        if process.terminationReason == .exit && process.terminationStatus == 0 { return }
        Diagnostics.error(Self.explanation(status: process.terminationStatus))
        exit(process.terminationStatus)
    }

    /// The plugin error line: SwiftPM exits 1 whatever the status, so it is spelled out.
    static func explanation(status: Int32) -> String {
        switch status {
        case 1: return "modlint: findings at error severity (modlint exit status 1)"
        case 2: return "modlint: usage, configuration or input error (modlint exit status 2)"
        case 3: return "modlint: internal error (modlint exit status 3)"
        default: return "modlint exited with status \(status)"
        }
    }

    static func modlintArguments(_ arguments: [String]) -> [String] {
        if let first = arguments.first, subcommands.contains(first) || first == "--help" || first == "-h" {
            return arguments
        }
        return ["lint"] + arguments
    }
}
