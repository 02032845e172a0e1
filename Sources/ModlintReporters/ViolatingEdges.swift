import Foundation
import ModlintRuleEngine

/// A module edge a finding is about, for diagrams of what is wrong.
public struct ViolatingEdge: Sendable, Hashable, Comparable {
    public var from: String
    public var to: String
    public var rule: String

    public init(from: String, to: String, rule: String) {
        self.from = from
        self.to = to
        self.rule = rule
    }

    public static func < (lhs: ViolatingEdge, rhs: ViolatingEdge) -> Bool {
        (lhs.from, lhs.to, lhs.rule) < (rhs.from, rhs.to, rhs.rule)
    }
}

/// Recovers module edges from diagnostic messages. The result has no edge field yet, so
/// this is the one place that knows the wording of the graph rules; replace it with the
/// structured edges once findings carry them.
///
/// - `target-cycle`: `dependency cycle between targets: A -> B -> A` → A→B, B→A
/// - `undeclared-import`: `X imports Y, which …` → X→Y
public enum ViolatingEdges {
    /// Sorted, unique.
    public static func edges(in result: LintResult) -> [ViolatingEdge] {
        Set(result.diagnostics.flatMap(edges(in:))).sorted()
    }

    public static func edges(in diagnostic: Diagnostic) -> [ViolatingEdge] {
        let message = diagnostic.message
        switch diagnostic.rule {
        case "target-cycle", "import-cycle":
            guard let colon = message.range(of: ": ", options: .backwards) else { return [] }
            let path = message[colon.upperBound...].components(separatedBy: " -> ")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard path.count >= 2, !path.contains(where: \.isEmpty) else { return [] }
            return zip(path, path.dropFirst()).map { ViolatingEdge(from: $0, to: $1, rule: diagnostic.rule) }
        case "undeclared-import":
            guard let imports = message.range(of: " imports ") else { return [] }
            let from = String(message[..<imports.lowerBound])
            let rest = message[imports.upperBound...]
            let to = String(rest.prefix { $0 != "," && $0 != " " })
            guard !from.isEmpty, !to.isEmpty, !from.contains(" ") else { return [] }
            return [ViolatingEdge(from: from, to: to, rule: diagnostic.rule)]
        default:
            return []
        }
    }
}
