import ModlintJSON
import ModlintRules

/// GitLab Code Quality (the Code Climate issue format, as SwiftLint's `codeclimate`
/// reporter writes it): a JSON array of issues, each with `description`, `check_name` (the
/// rule), a `fingerprint` GitLab uses to track it between pipelines (unique per issue: a
/// repeated one gets its occurrence appended), a `severity` and a `location` with the path
/// relative to the repository root and the line. Related locations are appended to the
/// description.
public struct CodeClimateReporter: RepositoryRelativeReporter {
    public static let name = "codeclimate"
    public var name: String { Self.name }

    public var repositoryRoot: String?

    public init(repositoryRoot: String? = nil) {
        self.repositoryRoot = repositoryRoot
    }

    public func render(_ result: LintResult) -> String {
        let paths = paths(result, absoluteOutside: false)
        let fingerprints = SARIFReporter.uniqueFingerprints(result.diagnostics)
        let issues: [JSONValue] = zip(result.diagnostics, fingerprints).map { d, fingerprint in
            var description = d.message
            for r in d.related {
                description += "\n" + paths.relatedLine(r)
            }
            return .object([
                ("type", .string("issue")),
                ("check_name", .string(d.rule)),
                ("description", .string(description)),
                ("categories", .array([.string("Style")])),
                ("fingerprint", .string(fingerprint)),
                ("severity", .string(Self.severity(d.severity))),
                ("location", .object([
                    ("path", .string(paths.path(d.file))),
                    ("lines", .object([("begin", .int(max(d.line, 1)))])),
                ])),
            ])
        }
        return JSONValue.array(issues).serialized(indent: 2) + "\n"
    }

    /// Code Climate's scale: errors break the build (`major`), warnings are debt (`minor`),
    /// notes are `info`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note, .off: "info"
        }
    }
}
