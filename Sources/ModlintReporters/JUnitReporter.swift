import ModlintRules

/// JUnit XML for CI test views (GitLab's `artifacts:reports:junit`, Jenkins, Azure).
///
/// One `<testsuite>` per rule — CI views list suites, so a reviewer sees at a glance which
/// rules fail — and one `<testcase>` per finding, named `file:line:column`, with
/// `classname` `modlint.<rule>`. Errors fail; warnings and notes pass with their text in
/// `<system-out>` (they fail too with `--strict`, as the exit code does). A rule of the
/// catalog without findings gets one passing test case, so the report also shows what was
/// checked; a clean run is never empty.
public struct JUnitReporter: RepositoryRelativeReporter {
    public static let name = "junit"
    public var name: String { Self.name }

    public var rules: RuleCatalog
    public var repositoryRoot: String?
    public var strict: Bool

    public init(rules: RuleCatalog = .empty, repositoryRoot: String? = nil, strict: Bool = false) {
        self.rules = rules
        self.repositoryRoot = repositoryRoot
        self.strict = strict
    }

    func fails(_ diagnostic: Diagnostic) -> Bool { strict || diagnostic.severity == .error }

    public func render(_ result: LintResult) -> String {
        let paths = paths(result)
        var byRule: [String: [Diagnostic]] = [:]
        for d in result.diagnostics { byRule[d.rule, default: []].append(d) }
        var ruleIDs = rules.covering(result).map(\.id)
        if ruleIDs.isEmpty { ruleIDs = ["modlint"] }

        var suites = ""
        var tests = 0
        for id in ruleIDs {
            let findings = byRule[id] ?? []
            let count = max(findings.count, 1)
            tests += count
            suites += "  <testsuite name=\"\(XMLText.attribute(id))\" tests=\"\(count)\" failures=\"\(findings.filter(fails).count)\" errors=\"0\" skipped=\"0\">\n"
            if findings.isEmpty {
                suites += "    <testcase classname=\"modlint.\(XMLText.attribute(id))\" name=\"no findings\"/>\n"
            }
            for d in findings {
                let file = paths.path(d.file)
                let location = d.line > 0 ? "\(file):\(d.line):\(d.column)" : file
                suites += "    <testcase classname=\"modlint.\(XMLText.attribute(id))\" name=\"\(XMLText.attribute(location))\""
                suites += " file=\"\(XMLText.attribute(file))\" line=\"\(d.line)\">\n"
                var body = "\(d.severity.rawValue): \(location): \(d.message)"
                for r in d.related {
                    body += "\n    " + paths.relatedLine(r)
                }
                if fails(d) {
                    suites += "      <failure type=\"\(d.severity.rawValue)\" message=\"\(XMLText.attribute(d.message))\">"
                    suites += XMLText.content(body) + "</failure>\n"
                } else {
                    suites += "      <system-out>" + XMLText.content(body) + "</system-out>\n"
                }
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"modlint\" tests=\"\(tests)\" failures=\"\(result.diagnostics.filter(fails).count)\" errors=\"0\">\n"
            + suites
            + "</testsuites>\n"
    }
}
