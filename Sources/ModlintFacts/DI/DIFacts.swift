import ModlintTokenizer

/// Dependency-injection facts of one file (placeholder: filled by the DI adapters).
public struct DIFacts: Sendable, Equatable, Codable {
    public init() {}

    public var isEmpty: Bool { true }
}

/// Runs every framework adapter over a file.
public enum DIExtractor {
    public static func extract(_ source: TokenizedSource, imports: [ImportFact]) -> DIFacts {
        DIFacts()
    }
}
