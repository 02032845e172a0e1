import ArgumentParser
import ModlintRuleEngine
import ModlintWorkspace

/// `--dependencies FOLDER` (repeatable): package checkouts read as context.
struct DependencyOptions: ParsableArguments {
    @Option(name: .customLong("dependencies"), help: ArgumentHelp(
        "A folder of resolved package checkouts (one folder per package, e.g. a CI cache) whose sources are read as context: what their modules require is checked, nothing inside them is reported. Repeatable; searched before .build/checkouts and SourcePackages/checkouts.",
        valueName: "folder"))
    var folders: [String] = []

    /// Adds the folders (before those of the configuration); a missing one is a usage error.
    func apply(to linter: inout Linter) throws {
        for folder in folders where FileSystem.kind(of: folder) != .directory {
            throw UsageError(message: "--dependencies: not a folder: \(folder)")
        }
        linter.loaderOptions.dependencyFolders = folders.map(FileSystem.absolute) + linter.loaderOptions.dependencyFolders
    }
}
