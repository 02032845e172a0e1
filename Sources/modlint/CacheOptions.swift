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

    /// The cache to use, or `nil` with the reason a folder was refused (`CacheFolder`;
    /// `--verbose` prints it). `--no-cache` is `nil` with no reason.
    func make() throws -> (cache: SummaryCache?, refusal: String?) {
        if disabled {
            if directory != nil { throw UsageError(message: "--cache-dir and --no-cache cannot be combined") }
            return (nil, nil)
        }
        let environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
        // Links left as they are: a folder given as a link is refused as one (`CacheFolder`).
        let explicit = (directory ?? environment("MODLINT_CACHE_DIR").flatMap { $0.isEmpty ? nil : $0 }).map(FileSystem.lexicallyAbsolute)
        switch CacheFolder.base(explicit: explicit, environment: environment) {
        case .success(let base): return (SummaryCache(base: base), nil)
        case .failure(let refusal): return (nil, refusal.description)
        }
    }
}
