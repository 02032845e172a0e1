import ModlintConfiguration
import ModlintGraph
import ModlintWorkspace

/// What a diagram shows and how: the view, its shaping, grouping and legend. `modlint
/// graph` builds one from its arguments; `diagram(…)` turns it into the view and style a
/// format renders, with the lint result's violations drawn red.
public struct DiagramRequest: Sendable {
    public var view: GraphView.Name
    public var options: ViewOptions
    public var shaping: ViewShaping
    /// Packages whose modules stay when a large view is collapsed to packages.
    public var expand: [String]
    public var cluster: ClusterMode
    public var legend: Bool

    public init(view: GraphView.Name, options: ViewOptions = ViewOptions(), shaping: ViewShaping = ViewShaping(), expand: [String] = [],
                cluster: ClusterMode = .package, legend: Bool = true) {
        self.view = view
        self.options = options
        self.shaping = shaping
        self.expand = expand
        self.cluster = cluster
        self.legend = legend
    }

    /// A view ready to render, and the line to print when it was shaped automatically.
    public struct Diagram: Sendable {
        public var view: GraphView
        public var style: DiagramStyle
        public var hint: String?
    }

    /// - Parameters:
    ///   - violations: the lint result's violating edges (`LintResult.violatingEdges`).
    ///   - edgeView: which view a rule's edges belong to.
    ///   - layerOf: the layer of a module (the rules' architecture model), for `--cluster layer`.
    public func diagram(workspace: Workspace, graph: ModuleGraph, configuration: Configuration,
                        violations: [(from: String, to: String, rule: String)],
                        edgeView: (String) -> GraphView.Name,
                        layerOf: @escaping (String) -> String?) throws(DiagramError) -> Diagram {
        let pipeline = DiagramPipeline(workspace: workspace, graph: graph, configuration: configuration, layerOfModule: layerOf)
        let shaped = try pipeline.view(view, options: options, violations: violations, edgeView: edgeView, shaping: shaping, expand: expand)
        var style = pipeline.style(cluster: cluster, view: shaped.view)
        style.metrics = ModuleMetrics(graph: graph, includeTests: options.includeTests)
        style.legend = legend
        return Diagram(view: shaped.view, style: style, hint: shaped.hint)
    }
}
