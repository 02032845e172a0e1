import ArgumentParser
import ModlintWorkspace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--cache-dir DIR`, `--no-cache`; `MODLINT_CACHE_DIR` sets the default folder.
struct CacheOptions: ParsableArguments {
    @Option(name: .customLong("cache-dir"), help: ArgumentHelp(
        "Where per-file facts and the last result are cached, one folder per workspace root below it (default: $MODLINT_CACHE_DIR, else $XDG_CACHE_HOME/modlint, ~/.cache/modlint or ~/Library/Caches/modlint). Never inside the analysed tree unless you put it there.",
        valueName: "dir"))
    var directory: String?

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache: nothing is written anywhere.")
    var disabled = false

    func make() throws -> SummaryCache? {
        if disabled {
            if directory != nil { throw UsageError(message: "--cache-dir and --no-cache cannot be combined") }
            return nil
        }
        let environment = getenv("MODLINT_CACHE_DIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return SummaryCache(base: (directory ?? environment).map(FileSystem.absolute))
    }
}
