import ModlintRuleEngine
import ModlintWorkspace

/// Glue between the lint command and `ResultMemo`: the key covers the input files' stats,
/// the configuration file, today's date (suppression expiry) and the build; the payload is
/// the result in the cache's compact binary form (decoding it is several times faster than
/// JSON, and the warm pre-commit run is dominated by it).
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
        memo.load(key: key).flatMap { payload in
            payload.withUnsafeBytes { try? BinaryCoding.decode(LintResult.self, from: $0) }
        }
    }

    var file: String { Paths.join(memo.directory, ResultMemo.fileName) }

    /// False when the memo could not be written.
    @discardableResult
    func save(_ result: LintResult) -> Bool {
        var payload: [UInt8] = []
        guard (try? BinaryCoding.encode(result, into: &payload)) != nil else { return false }
        return memo.save(key: key, payload: payload)
    }
}
