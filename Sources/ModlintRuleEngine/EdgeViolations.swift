import ModlintGraph
import ModlintWorkspace

/// A module edge that a finding of `rule` points at (`Finding.edges`).
public struct EdgeViolation: Sendable, Equatable, Hashable {
    public var edge: ModuleEdge
    public var rule: String
    public var severity: Severity

    public init(edge: ModuleEdge, rule: String, severity: Severity) {
        self.edge = edge
        self.rule = rule
        self.severity = severity
    }
}

extension Linter {
    /// The module edges that findings of the enabled rules point at, for diagrams: sorted
    /// by edge then rule id, one entry per edge and rule.
    public func violatingEdges(in workspace: Workspace, graph: ModuleGraph) -> [EdgeViolation] {
        let context = LintContext(workspace: workspace, graph: graph, configuration: configuration)
        var violations = Set<EdgeViolation>()
        for rule in rules {
            let description = rule.description
            let severity = configuration.severity(of: description.id, default: description.defaultSeverity)
            guard severity != .off else { continue }
            for finding in rule.check(context) {
                for edge in finding.edges {
                    violations.insert(EdgeViolation(edge: edge, rule: description.id, severity: severity))
                }
            }
        }
        return violations.sorted { ($0.edge.from, $0.edge.to, $0.rule) < ($1.edge.from, $1.edge.to, $1.rule) }
    }
}
