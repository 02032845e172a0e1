import ModlintReporters
import ModlintRuleEngine

/// Maps `--reporter` names to the reporters of ModlintReporters.
enum ReporterSelection {
    static let names = ["text", "json"]

    static func render(_ result: LintResult, reporter name: String, colored: Bool) throws -> String {
        switch name {
        case "text": return TextReporter(colored: colored).render(result)
        case "json": return JSONReporter().render(result)
        default: throw UsageError(message: "unknown reporter '\(name)' (known: \(names.joined(separator: ", ")))")
        }
    }
}
