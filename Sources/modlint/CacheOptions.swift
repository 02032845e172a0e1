import ArgumentParser
import ModlintWorkspace

/// `--cache-dir DIR`, `--no-cache`.
struct CacheOptions: ParsableArguments {
    @Option(name: .customLong("cache-dir"), help: ArgumentHelp(
        "Where per-file facts are cached (default: .build/modlint-cache under the workspace root).", valueName: "dir"))
    var directory: String?

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache: nothing is written anywhere.")
    var disabled = false

    func make() throws -> SummaryCache? {
        if disabled {
            if directory != nil { throw UsageError(message: "--cache-dir and --no-cache cannot be combined") }
            return nil
        }
        return SummaryCache(directory: directory.map(FileSystem.absolute))
    }
}
