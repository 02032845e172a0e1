/// `minimum-version:` in `.modlint.yml`: the oldest modlint a team's configuration is
/// written for. An older binary would misread keys and rules it does not know (or pass a
/// gate it should fail), so it stops with exit 2 before anything else in the file is read.
public struct ModlintRelease: Comparable, Sendable, CustomStringConvertible {
    /// `major.minor.patch`; `1.2` is `1.2.0`.
    public let parts: [Int]

    /// `1`, `1.2` or `1.2.3`, digits only (a leading `v` is accepted, as tags are spelled).
    public init?(_ text: String) {
        var text = Substring(text)
        if text.first == "v" { text = text.dropFirst() }
        let fields = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var parts: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else { return nil }
            parts.append(value)
        }
        self.parts = parts + Array(repeating: 0, count: 3 - parts.count)
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func < (lhs: ModlintRelease, rhs: ModlintRelease) -> Bool {
        lhs.parts.lexicographicallyPrecedes(rhs.parts)
    }
}
