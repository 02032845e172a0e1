import ModlintGraph

/// The violations a drawing shows: every edge a kept finding names (`Diagnostic.edges`),
/// with the finding's rule and severity and the kind of view its rule's edges belong to
/// (`RuleDescription.edgeView`), and the severities of the findings about each module.
///
/// Built once from a lint result — after suppressions, `include:`, the baseline and
/// `--changed` — it is the one answer to "what is drawn red": `modlint graph` in every
/// format (DOT, Mermaid, JSON, SVG, PNG, PDF, through `DiagramPipeline`), the HTML report
/// (which also colours edges and modules by their worst finding), the Markdown reporter's
/// diagram and `modlint diff`'s changed edges. Nothing reads edges out of message text.
public struct DiagramViolations: Sendable, Equatable {
    public struct Violation: Sendable, Hashable {
        /// Module ids (`.modules` rules), or the DI or Spezi view's node ids.
        public var edge: ModuleEdge
        public var rule: String
        public var severity: Severity
        /// `.modules` (drawn on the packages, modules and imports views), `.di` or `.spezi`.
        public var view: GraphView.Name

        public init(edge: ModuleEdge, rule: String, severity: Severity, view: GraphView.Name) {
            self.edge = edge
            self.rule = rule
            self.severity = severity
            self.view = view
        }
    }

    /// One entry per edge, rule and severity, sorted by edge, rule and severity.
    public let violations: [Violation]
    /// The severities of the findings about each module (`Diagnostic.module`).
    public let moduleSeverities: [String: Set<Severity>]

    /// No violation: a diagram with nothing red.
    public init() {
        violations = []
        moduleSeverities = [:]
    }

    /// - Parameter edgeView: the view whose edges a rule's findings name (`LintRun.edgeView`);
    ///   `.modules` when not given.
    public init(_ result: LintResult, edgeView: (String) -> GraphView.Name = { _ in .modules }) {
        var seen = Set<Violation>()
        var violations: [Violation] = []
        var modules: [String: Set<Severity>] = [:]
        var views: [String: GraphView.Name] = [:]
        for diagnostic in result.diagnostics {
            if let module = diagnostic.module { modules[module, default: []].insert(diagnostic.severity) }
            guard !diagnostic.edges.isEmpty else { continue }
            let view = views[diagnostic.rule] ?? edgeView(diagnostic.rule)
            views[diagnostic.rule] = view
            for edge in diagnostic.edges {
                let violation = Violation(edge: edge, rule: diagnostic.rule, severity: diagnostic.severity, view: view)
                if seen.insert(violation).inserted { violations.append(violation) }
            }
        }
        self.violations = violations.sorted { ($0.edge.from, $0.edge.to, $0.rule, $0.severity) < ($1.edge.from, $1.edge.to, $1.rule, $1.severity) }
        moduleSeverities = modules
    }

    /// A lint run's violations, each on the view its rule names.
    public init(_ run: LintRun) {
        self.init(run.result, edgeView: run.edgeView(ofRule:))
    }

    /// Every edge with each rule that names it, once: sorted by edge, then rule.
    public var ruleEdges: [(edge: ModuleEdge, rule: String)] {
        var edges: [(edge: ModuleEdge, rule: String)] = []
        for violation in violations where edges.last.map({ $0.edge != violation.edge || $0.rule != violation.rule }) ?? true {
            edges.append((violation.edge, violation.rule))
        }
        return edges
    }

    /// The rule ids with a finding on each edge, sorted.
    public var rulesByEdge: [ModuleEdge: [String]] {
        var rules: [ModuleEdge: [String]] = [:]
        for entry in ruleEdges { rules[entry.edge, default: []].append(entry.rule) }
        return rules
    }

    /// Distinct severities, the worst first.
    public static func worstFirst(_ severities: some Sequence<Severity>) -> [Severity] {
        Set(severities).sorted(by: >)
    }
}
