import ModlintGraph
import ModlintWorkspace

/// A lint result with what it was made from: the configuration, the workspace and its
/// module graph, and the rules that ran. Diagrams (`DiagramPipeline`, ModlintRendering)
/// and the HTML report (`ArchitectureReport`, ModlintReport) are drawn from one, so that
/// they show exactly what the result reports — after suppressions, `include:`, the
/// baseline and `--changed`, which replace `result` and keep the rest.
public struct LintRun: Sendable {
    public var result: LintResult
    public let workspace: Workspace
    public let graph: ModuleGraph
    public let configuration: Configuration
    /// The descriptions of the rules the linter knows (enabled or not), in its order.
    public let rules: [RuleDescription]
    private let edgeViews: [String: GraphView.Name]

    public init(result: LintResult, workspace: Workspace, graph: ModuleGraph, configuration: Configuration, rules: [RuleDescription]) {
        self.result = result
        self.workspace = workspace
        self.graph = graph
        self.configuration = configuration
        self.rules = rules
        edgeViews = Dictionary(rules.map { ($0.id, $0.edgeView) }, uniquingKeysWith: { first, _ in first })
    }

    /// The view whose edges a rule's findings name (`RuleDescription.edgeView`; `.modules`
    /// for a rule the linter does not know).
    public func edgeView(ofRule id: String) -> GraphView.Name {
        edgeViews[id] ?? .modules
    }

    /// One line per rule id, shown beside its findings.
    public var ruleSummaries: [String: String] {
        Dictionary(rules.map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
    }

    /// The configured layers applied to the workspace: the rules' answer to "which layer
    /// is this module in".
    public func architecture() -> ArchitectureModel {
        ArchitectureModel(workspace: workspace, graph: graph, configuration: configuration)
    }
}

extension Linter {
    /// Lints a loaded workspace whose module graph the caller already built, and keeps
    /// both with the result.
    public func run(_ workspace: Workspace, graph: ModuleGraph) -> LintRun {
        LintRun(result: lint(workspace, graph: graph), workspace: workspace, graph: graph, configuration: configuration, rules: rules.map(\.description))
    }

    /// `run` after checking that the configuration's globs match the workspace.
    public func runValidatingConfiguration(_ workspace: Workspace) throws -> LintRun {
        let graph = ModuleGraph(workspace: workspace)
        try ConfigurationValidator(configuration: configuration).validate(workspace, graph: graph, loaderOptions: loaderOptions)
        return run(workspace, graph: graph)
    }

    /// The run a result that was not computed now stands for (the result memo's): the
    /// workspace it was made from, loaded again, and its graph.
    public func run(remembered result: LintResult, workspace: Workspace) -> LintRun {
        LintRun(result: result, workspace: workspace, graph: ModuleGraph(workspace: workspace), configuration: configuration,
                rules: rules.map(\.description))
    }
}
