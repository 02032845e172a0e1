import ModlintTokenizer

/// Turns a token stream into a `SourceSummary`.
public enum FactExtractor {
    public static func summarize(bytes: [UInt8]) -> SourceSummary {
        summarize(TokenizedSource(bytes: bytes))
    }

    public static func summarize(_ source: TokenizedSource) -> SourceSummary {
        // Placeholder until the extractor lands.
        SourceSummary(lineCount: source.lineCount, byteCount: source.bytes.count)
    }
}
