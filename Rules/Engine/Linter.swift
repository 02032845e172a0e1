import ModlintGraph
import ModlintWorkspace

/// The version printed by `modlint version` and written into every result.
public enum ModlintVersion {
    public static let current = "0.1.0"
}

/// Runs rules over a workspace and produces the versioned result.
public struct Linter: Sendable {
    public var rules: [any Rule]
    /// Severities (`off` disables a rule), layers, patterns … from `.modlint.yml`.
    public var configuration: Configuration
    public var loaderOptions: WorkspaceOptions
    /// `YYYY-MM-DD` that suppressions expire against (tests inject it; `MODLINT_TODAY`).
    public var today: String = Today.current()
    /// Rules run on all cores; `modlint graph` runs them on one thread, because Graphviz's
    /// layout depends on the heap it finds (allocation order) and must give the same
    /// picture for the same input.
    public var runsRulesInParallel = true

    public init(rules: [any Rule], configuration: Configuration = Configuration(), loaderOptions: WorkspaceOptions = WorkspaceOptions()) {
        self.rules = rules
        self.configuration = configuration
        self.loaderOptions = loaderOptions
        self.loaderOptions.exclude += configuration.exclude
        // `dependencies:` folders are relative to the configuration file's directory too.
        self.loaderOptions.dependencyFolders += configuration.dependencies.map {
            Paths.normalize(Paths.join(configuration.baseDirectory ?? FileSystem.absolute("."), $0))
        }
        if let platforms = configuration.platforms { self.loaderOptions.platforms = platforms }
        // `exclude:` globs are relative to the configuration file's directory.
        if !configuration.exclude.isEmpty, let base = configuration.baseDirectory {
            self.loaderOptions.excludeBaseDirectory = base
        }
    }

    /// Loads the workspace under `paths` and lints it. Throws `WorkspaceError` for input
    /// problems (missing path, no manifest) and `ConfigurationError` for configuration
    /// globs that match nothing in the workspace.
    public func lint(paths: [String]) throws -> LintResult {
        try lintValidatingConfiguration(WorkspaceLoader(options: loaderOptions).load(paths: paths))
    }

    /// Lints a loaded workspace after checking that the configuration's globs match it.
    public func lintValidatingConfiguration(_ workspace: Workspace) throws -> LintResult {
        try runValidatingConfiguration(workspace).result
    }

    public func lint(_ workspace: Workspace) -> LintResult {
        lint(workspace, graph: ModuleGraph(workspace: workspace))
    }

    /// Lints a loaded workspace whose module graph the caller already built.
    public func lint(_ workspace: Workspace, graph: ModuleGraph) -> LintResult {
        var context = LintContext(workspace: workspace, graph: graph, configuration: configuration)
        context.today = today
        let included = IncludeFilter(globs: configuration.include,
                                     paths: ConfigurationPaths(workspaceRoot: workspace.root, baseDirectory: configuration.baseDirectory))
        var raised: [SuppressionFilter.Raised] = []
        var ran = Set<String>()
        var audits: [(rule: any SuppressionAuditRule, severity: Severity)] = []
        var active: [(rule: any Rule, severity: Severity)] = []
        for rule in rules {
            let description = rule.description
            let severity = configuration.severity(of: description.id, default: description.defaultSeverity)
            guard severity != .off else { continue }
            ran.insert(description.id)
            if let audit = rule.suppressionAudit { audits.append((audit, severity)) }
            active.append((rule, severity))
        }
        // Rules are independent of each other: run them on all cores, keep their order.
        let checked = context
        let rules = active.map(\.rule)
        // `MODLINT_TIMINGS=1` also times each rule (the first to ask builds a shared analysis).
        let check: @Sendable (any Rule) -> [Finding] = { rule in PhaseClock.measure("rule \(rule.description.id)") { rule.check(checked) } }
        let results = runsRulesInParallel ? Self.runConcurrently(rules, check: check, context: checked) : rules.map(check)
        for (index, findings) in results.enumerated() {
            let id = active[index].rule.description.id
            // Nothing is reported inside a dependency read as context.
            for finding in findings where included.includes(finding.site.file) && !workspace.isContext(finding.site.file) {
                raised.append(.init(rule: id, severity: finding.severity ?? active[index].severity, finding: finding))
            }
        }
        // Suppressions apply after every rule ran; then the audit rules judge them.
        let filter = SuppressionFilter(workspace: workspace, configuration: configuration, today: today)
        let outcome = filter.apply(raised, ranRules: ran)
        var kept = outcome.kept
        for (audit, severity) in audits {
            for finding in audit.check(unused: outcome.unused, context) where included.includes(finding.site.file) {
                kept.append(.init(rule: audit.description.id, severity: severity, finding: finding))
            }
        }
        var diagnostics = kept.map { Diagnostic(rule: $0.rule, severity: $0.severity, finding: $0.finding) }
        // Sorted as positions: moving the diagnostics themselves (a dozen strings and arrays
        // each) through the merge buffers cost more than comparing them. Stable, as before.
        let order = diagnostics.indices.sorted { Diagnostic.ordered(diagnostics[$0], diagnostics[$1]) }
        diagnostics = order.map { diagnostics[$0] }
        var counts: [Severity: Int] = [:]
        for index in diagnostics.indices { counts[diagnostics[index].severity, default: 0] += 1 }
        let summary = LintResult.Summary(
            errors: counts[.error] ?? 0,
            warnings: counts[.warning] ?? 0,
            notes: counts[.note] ?? 0,
            packages: workspace.subjectPackages.count,
            modules: workspace.targetCount,
            files: workspace.fileCount,
            filesInNoTarget: workspace.filesInNoTarget.count,
            contextPackages: workspace.contextPackageCount
        )
        return LintResult(tool: .init(version: ModlintVersion.current), root: workspace.root, summary: summary, diagnostics: diagnostics)
    }
}

extension Linter {
    private enum Task: Sendable {
        case analysis(SharedAnalysis)
        case rule(any Rule)
    }

    /// The rules on all cores, results in the rules' order. The analyses the rules declare
    /// are started first (the most expensive first): a rule that needs one then finds it
    /// built or nearly so, instead of a second worker waiting on the first to build it.
    /// The rules follow in the order of the analyses they wait for (none first, the most
    /// expensive last): a worker that reached a rule whose analysis another worker is still
    /// building would otherwise wait there while rules that need nothing are left undone.
    static func runConcurrently(_ rules: [any Rule], check: @escaping @Sendable (any Rule) -> [Finding],
                                context: LintContext) -> [[Finding]] {
        var analyses: [SharedAnalysis] = []
        var seen = Set<String>()
        for rule in rules {
            for analysis in rule.description.analyses where seen.insert(analysis.name).inserted { analyses.append(analysis) }
        }
        let builtByOthers = Set(analyses.flatMap(\.buildsOn))
        analyses = analyses.filter { !builtByOthers.contains($0.name) }.sorted { ($0.rank, $0.name) > ($1.rank, $1.name) }
        let order = rules.indices.sorted { (Self.waitRank(rules[$0]), $0) < (Self.waitRank(rules[$1]), $1) }
        let tasks = analyses.map(Task.analysis) + order.map { Task.rule(rules[$0]) }
        let outputs: [[Finding]?] = tasks.parallelMap { task in
            switch task {
            case .analysis(let analysis):
                PhaseClock.measure("analysis \(analysis.name)") { analysis.build(context) }
                return nil
            case .rule(let rule):
                return check(rule)
            }
        }
        var findings = [[Finding]](repeating: [], count: rules.count)
        for (position, index) in order.enumerated() { findings[index] = outputs[analyses.count + position] ?? [] }
        return findings
    }

    /// The rank of the latest-built analysis a rule reads (0 when it reads none).
    private static func waitRank(_ rule: any Rule) -> Int {
        rule.description.analyses.map(\.rank).max() ?? 0
    }
}

/// Stable identity of a finding: FNV-1a (64 bit) over the rule id and the finding's key.
public enum Fingerprint {
    public static func make(rule: String, key: [String]) -> String {
        var hash = StableHash()
        hash.addRaw(([rule] + key).joined(separator: "\u{1F}").utf8)
        let hex = String(hash.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
