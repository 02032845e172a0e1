import ModlintReporters
import ModlintRuleEngine
import ModlintWorkspace

/// Glue between the lint command and `ResultMemo`: the key covers the input files' stats,
/// the configuration file, today's date (suppression expiry) and the build; the payload is
/// the versioned JSON result.
struct RunMemo {
    let memo: ResultMemo
    let key: UInt64

    /// `nil` when caching is off.
    init?(loader: WorkspaceLoader, linter: Linter, paths: [String]) throws {
        guard let cache = loader.options.cache else { return nil }
        let (root, fingerprint) = try loader.inputFingerprint(paths: paths)
        let configuration = linter.configuration.file.flatMap(FileSystem.read) ?? []
        memo = ResultMemo(directory: cache.directory(forRoot: root))
        key = ResultMemo.key(fingerprint: fingerprint, configuration: configuration, today: linter.today,
                             options: [root, linter.configuration.file ?? ""] + paths)
    }

    func result() -> LintResult? {
        memo.load(key: key).flatMap { try? JSONResultDecoder.decode(String(decoding: $0, as: UTF8.self)) }
    }

    func save(_ result: LintResult) {
        memo.save(key: key, payload: Array(JSONReporter().render(result).utf8))
    }
}
