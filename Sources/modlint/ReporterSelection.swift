import ModlintReporters
import ModlintRules

/// Maps `--reporter` names to the reporters of ModlintReporters.
enum ReporterSelection {
    static var names: [String] { ReporterRegistry.standard.names + [ReportPage.reporterName] }

    static func render(_ result: LintResult, reporter name: String, options: ReporterOptions) throws -> String {
        guard let reporter = ReporterRegistry.standard.reporter(named: name, options: options) else {
            throw UsageError(message: "unknown reporter '\(name)' (known: \(names.joined(separator: ", ")))")
        }
        return reporter.render(result)
    }
}
