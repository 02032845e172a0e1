import ModlintTokenizer

/// Spezi facts of one file (placeholder: filled by the Spezi work).
public struct SpeziFacts: Sendable, Equatable, Codable {
    public init() {}

    public var isEmpty: Bool { true }
}

public enum SpeziExtractor {
    public static func extract(_ source: TokenizedSource, declarations: [TypeDeclaration]) -> SpeziFacts {
        SpeziFacts()
    }
}
