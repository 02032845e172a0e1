import ModlintConfiguration
import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// The suppression filter on its own: which raised findings comments and configured
/// suppressions silence, expiry, and which suppressions silenced nothing.
struct SuppressionFilterTests {
    static let files: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "Feature"), .target(name: "Core")])
        """),
        ("Sources/Feature/A.swift", """
        // modlint:disable:next rule-a - kept on purpose
        import Core
        // modlint:disable:next rule-a - expired, until: 2020-01-01
        import Other
        // modlint:disable:next rule-b - nothing is reported here
        let x = 1
        """),
        ("Sources/Core/C.swift", "public struct C {}\n"),
    ]

    static func raised(_ rule: String, _ file: String, line: Int, module: String = "Feature", edges: [ModuleEdge] = []) -> SuppressionFilter.Raised {
        SuppressionFilter.Raised(rule: rule, severity: .error, finding: Finding(
            site: Site(file: file, line: line, column: 1), message: "m", module: module, key: [file, String(line)], edges: edges))
    }

    func filter(configuration yaml: String = "") throws -> (SuppressionFilter, TemporaryDirectory) {
        let directory = try TemporaryDirectory(files: Self.files)
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let configuration = try ConfigurationLoader(knownRuleIDs: ["rule-a", "rule-b", "rule-c"])
            .parse(yaml, file: directory.path + "/.modlint.yml", baseDirectory: directory.path)
        return (SuppressionFilter(workspace: workspace, configuration: configuration, today: "2026-11-24"), directory)
    }

    @Test func commentsSilenceTheNextLineUntilTheyExpire() throws {
        let (filter, directory) = try filter()
        defer { directory.remove() }
        let outcome = filter.apply([
            Self.raised("rule-a", "Sources/Feature/A.swift", line: 2),
            Self.raised("rule-a", "Sources/Feature/A.swift", line: 4),
            Self.raised("rule-c", "Sources/Feature/A.swift", line: 2),
        ], ranRules: ["rule-a", "rule-b", "rule-c"])
        #expect(outcome.kept.map { "\($0.rule)@\($0.finding.site.line)" } == ["rule-a@4", "rule-c@2"])
        // The `rule-b` comment silenced nothing, and rule-b ran: it is unused.
        #expect(outcome.unused.map { "\($0.origin.rawValue) \($0.file):\($0.line) \($0.rules)" } == ["comment Sources/Feature/A.swift:5 [\"rule-b\"]"])
    }

    @Test func aSuppressionOfARuleThatDidNotRunIsNotUnused() throws {
        let (filter, directory) = try filter()
        defer { directory.remove() }
        let outcome = filter.apply([], ranRules: ["rule-a"])
        #expect(outcome.unused.map(\.line) == [1])
    }

    @Test func configuredSuppressionsMatchModulesAndEdges() throws {
        let (filter, directory) = try filter(configuration: """
        suppressions:
          - rule: rule-a
            from: Feature
            to: Core
            reason: migrating
          - rule: rule-c
            module: Core
            reason: legacy module
        """)
        defer { directory.remove() }
        let outcome = filter.apply([
            Self.raised("rule-a", "x.swift", line: 1, edges: [ModuleEdge(from: "Feature", to: "Core")]),
            Self.raised("rule-a", "x.swift", line: 2, edges: [ModuleEdge(from: "Feature", to: "Other")]),
            Self.raised("rule-c", "x.swift", line: 3, module: "Core"),
            Self.raised("rule-c", "x.swift", line: 4, module: "Feature"),
        ], ranRules: ["rule-a", "rule-c"])
        #expect(outcome.kept.map(\.finding.site.line) == [2, 4])
        #expect(outcome.unused.filter { $0.origin == .configuration }.isEmpty)
    }

    @Test func expiry() {
        #expect(SuppressionFilter.isExpired("2026-11-23", today: "2026-11-24"))
        #expect(!SuppressionFilter.isExpired("2026-11-24", today: "2026-11-24"))
        #expect(!SuppressionFilter.isExpired(nil, today: "2026-11-24"))
    }
}
