import ArgumentParser
import ModlintConfiguration
import ModlintRules
import ModlintWorkspace

/// `--dependencies FOLDER` (repeatable): package checkouts read as context; `--platform
/// NAME` (repeatable): the platforms manifests are evaluated for.
struct DependencyOptions: ParsableArguments {
    @Option(name: .customLong("dependencies"), help: ArgumentHelp(
        "A folder of resolved package checkouts (one folder per package, e.g. a CI cache) whose sources are read as context: what their modules require is checked, nothing inside them is reported. Repeatable; searched before .build/checkouts and SourcePackages/checkouts.",
        valueName: "folder"))
    var folders: [String] = []

    @Option(name: .customLong("platform"), help: ArgumentHelp(
        "A platform manifests' #if os(…) and canImport(…) are evaluated for (macos, ios, linux …). Repeatable: the results are merged, and a dependency that only some platforms have is conditional on them. Default: 'platforms:' in .modlint.yml, else each manifest's declared platforms, else linux — never the machine modlint runs on.",
        valueName: "name"))
    var platforms: [String] = []

    /// Adds the folders (before those of the configuration); a missing one is a usage error.
    func apply(to linter: inout Linter) throws {
        for folder in folders where FileSystem.kind(of: folder) != .directory {
            throw UsageError(message: "--dependencies: not a folder: \(folder)")
        }
        linter.loaderOptions.dependencyFolders = folders.map(FileSystem.absolute) + linter.loaderOptions.dependencyFolders
        if !platforms.isEmpty {
            let names = platforms.map { $0.lowercased() }
            if let unknown = names.first(where: { !ConfigurationLoader.platformNames.contains($0) }) {
                throw UsageError(message: "--platform: unknown platform '\(unknown)' (known: \(ConfigurationLoader.platformNames.sorted().joined(separator: ", ")))")
            }
            linter.loaderOptions.platforms = names
        }
    }
}
