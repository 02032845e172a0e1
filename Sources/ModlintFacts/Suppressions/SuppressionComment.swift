/// A `// modlint:disable…` comment (placeholder: filled by the suppression work).
public struct SuppressionComment: Sendable, Equatable, Codable {
    public var line: Int

    public init(line: Int) {
        self.line = line
    }
}

public enum SuppressionExtractor {
    /// Reads suppression comments from raw bytes.
    public static func extract(bytes: [UInt8]) -> [SuppressionComment] {
        []
    }
}
