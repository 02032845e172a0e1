import ModlintTokenizer

/// A use of a type name (in a type position, a call, a generic argument …).
public struct TypeReference: Sendable, Equatable, Codable {
    public var name: String
    public var line: Int
    public var column: Int

    public init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }
}

/// Finds type references in a file (placeholder: filled by the boundary rules' work).
public enum TypeReferenceExtractor {
    public static func extract(_ source: TokenizedSource) -> [TypeReference] {
        []
    }
}
