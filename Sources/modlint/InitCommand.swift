import ArgumentParser
import ModlintGraph
import ModlintRules
import ModlintWorkspace

/// `modlint init`: a commented starter `.modlint.yml`, inferred from the workspace.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .modlint.yml into PATH, with layers guessed from the folder structure."
    )

    @Argument(help: "The workspace directory (default: the current directory).")
    var path: String = "."

    @Flag(help: "Overwrite an existing .modlint.yml.")
    var force = false

    func run() throws {
        guard FileSystem.kind(of: path) == .directory else { throw UsageError(message: "not a directory: \(path)") }
        let directory = FileSystem.absolute(path)
        let file = Paths.join(directory, ConfigurationLoader.fileName)
        if FileSystem.kind(of: file) != .missing && !force {
            throw UsageError(message: "\(file) already exists; use --force to overwrite it")
        }
        let workspace = try WorkspaceLoader().load(paths: [directory])
        let text = StarterConfiguration(workspace: workspace, graph: ModuleGraph(workspace: workspace),
                                        rules: BuiltinRules.all.map(\.description)).text
        try Output.writeFile(Array(text.utf8), to: file, analysing: [path])
        Output.standardOutput("wrote \(file)\n")
    }
}
