import Foundation
import PackagePlugin

/// Lints the package (or the Xcode project) before each build of a target that uses the
/// plugin: findings print as compiler diagnostics (`--reporter xcode`), and an error fails
/// the build as a compile error would. modlint is the release binary of the artifact
/// bundle — a prebuild command may only run a binary, never a tool the build itself makes.
/// The cache lives in the plugin's work folder, the one place a sandboxed plugin may write;
/// an unchanged tree answers from it in milliseconds.
@main
struct ModlintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let tool = try context.tool(named: "modlint")
        return [Self.lint(tool: tool.url, root: context.package.directoryURL, work: context.pluginWorkDirectoryURL)]
    }

    static func lint(tool: URL, root: URL, work: URL) -> Command {
        .prebuildCommand(
            displayName: "modlint lint \(root.lastPathComponent)",
            executable: tool,
            arguments: ["lint", "--reporter", "xcode", "--cache-dir", work.appendingPathComponent("cache").path, root.path],
            outputFilesDirectory: work.appendingPathComponent("output"))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ModlintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tool = try context.tool(named: "modlint")
        return [Self.lint(tool: tool.url, root: context.xcodeProject.directoryURL, work: context.pluginWorkDirectoryURL)]
    }
}
#endif
