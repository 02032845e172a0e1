import ArgumentParser
import ModlintConfiguration
import ModlintRules
import ModlintWorkspace

/// `--config FILE`, or the nearest `.modlint.yml` upward from the first path.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        "Configuration file (default: the nearest .modlint.yml in PATH or one of its parents).", valueName: "file"))
    var file: String?

    /// Loads the configuration; problems are usage errors (exit 2) with file:line:column.
    func load(near paths: [String]) throws -> Configuration {
        let path: String
        // A file found in the tree may be a link a pull request committed: it is read only
        // inside its own work tree, so an error message never quotes a file from elsewhere.
        // A file named with --config is the user's choice.
        var scope: ReadScope?
        if let file {
            guard FileSystem.kind(of: file) == .file else { throw UsageError(message: "configuration file not found: \(file)") }
            path = FileSystem.absolute(file)
        } else {
            let start = FileSystem.absolute(paths.first ?? ".")
            let directory = FileSystem.kind(of: start) == .directory ? start : Paths.parent(start)
            guard let found = ConfigurationLoader.find(startingAt: directory, exists: { FileSystem.kind(of: $0) != .missing }) else {
                return Configuration()
            }
            path = found
            scope = ReadScope.enclosing(Paths.parent(found))
        }
        return try Self.parse(path, scope: scope)
    }

    /// The `.modlint.yml` at the top of a tree a revision was written into (never one
    /// above it: the scratch folder's parents are not the repository's).
    static func loadInTree(_ root: String) throws -> Configuration {
        let path = Paths.join(root, ConfigurationLoader.fileName)
        guard FileSystem.kind(of: path) != .missing else { return Configuration() }
        return try parse(path, scope: ReadScope.enclosing(root))
    }

    private static func parse(_ path: String, scope: ReadScope?) throws -> Configuration {
        let bytes: [UInt8]
        switch FileSystem.readInput(path, atMost: InputLimits.small, scope: scope) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw UsageError(message: "cannot read configuration file \(path): \(refusal)")
        }
        let loader = ConfigurationLoader(knownRuleIDs: Set(BuiltinRules.all.map(\.description.id)),
                                         runningVersion: ModlintRelease(ModlintVersion.current))
        do {
            return try loader.parse(String(decoding: bytes, as: UTF8.self), file: path, baseDirectory: Paths.parent(path))
        } catch let error as ConfigurationError {
            throw UsageError(message: error.description, prefixed: false)
        }
    }
}
