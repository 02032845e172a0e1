import ModlintRules
import ModlintWorkspace

/// Glue between the lint command and `ResultMemo`: the keys cover the input files' stats
/// (or the sources' facts), the configuration file, today's date (suppression expiry) and
/// the build; the payload is the result in the cache's compact binary form (decoding it is
/// several times faster than JSON, and the warm pre-commit run is dominated by it).
struct RunMemo {
    let memo: ResultMemo
    let inputs: UInt64
    /// Everything but the fingerprint, hashed into both keys.
    private let configuration: [UInt8]
    private let today: String
    private let options: [String]
    private let structure: UInt64
    /// Which keys the result may be stored under (see `ScannedWorkspace.sourcesAreRacy`):
    /// the input key needs every identity settled, the facts key those of the structure.
    private let savesInputsKey: Bool
    private let savesFactsKey: Bool

    /// `nil` when caching is off.
    init?(scanned: ScannedWorkspace, linter: Linter, paths: [String]) {
        guard let cache = linter.loaderOptions.cache else { return nil }
        configuration = linter.configuration.file.flatMap(FileSystem.read) ?? []
        today = linter.today
        options = [scanned.root, linter.configuration.file ?? "", "platforms=" + (linter.loaderOptions.platforms ?? []).joined(separator: ",")] + paths
        structure = scanned.structure
        savesInputsKey = !scanned.sourcesAreRacy && !scanned.structureIsRacy
        savesFactsKey = !scanned.structureIsRacy
        memo = ResultMemo(directory: cache.directory(forRoot: scanned.root))
        inputs = ResultMemo.key(fingerprint: scanned.fingerprint, configuration: configuration, today: today, options: options)
    }

    /// The key under which the sources' facts (`WorkspaceLoader.factsDigest`) find the result.
    func factsKey(digest facts: UInt64) -> UInt64 {
        var digest = StableHash()
        digest.add(String(structure, radix: 16))
        digest.add(String(facts, radix: 16))
        return ResultMemo.key(fingerprint: digest.value, configuration: configuration, today: today, options: options + ["facts"])
    }

    /// The stored result for an unchanged tree.
    func result() -> LintResult? {
        memo.load(.inputs(inputs)).flatMap(Self.decode)
    }

    /// The stored result for a tree whose sources changed in no fact.
    func result(facts: UInt64) -> LintResult? {
        memo.load(.facts(facts)).flatMap(Self.decode)
    }

    private static func decode(_ payload: [UInt8]) -> LintResult? {
        payload.withUnsafeBytes { try? BinaryCoding.decode(LintResult.self, from: $0) }
    }

    var file: String { Paths.join(memo.directory, ResultMemo.fileName) }

    /// False when the memo could not be written.
    @discardableResult
    func save(_ result: LintResult, facts: UInt64) -> Bool {
        var payload: [UInt8] = []
        guard (try? BinaryCoding.encode(result, into: &payload)) != nil else { return false }
        return memo.save(inputs: savesInputsKey ? inputs : nil, facts: savesFactsKey ? facts : nil, payload: payload)
    }
}
