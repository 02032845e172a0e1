import ModlintGraph
import ModlintRules

/// What a diagram shows and how: the view, its shaping, grouping and legend. `modlint
/// graph` builds one from its arguments; `diagram(_:)` turns it, with a lint run, into the
/// view and style a format renders, the run's violations drawn red.
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
        /// Per edge of `view`, the severities of its findings, worst first (empty: none).
        public var severities: [[Severity]]
    }

    /// The diagram of a lint run: its violations (`DiagramViolations`) drawn red, its
    /// modules in the rules' layers (`--cluster layer`).
    public func diagram(_ run: LintRun) throws(DiagramError) -> Diagram {
        try diagram(DiagramPipeline(run))
    }

    /// The diagram through a pipeline built once for several diagrams (the report's tabs).
    public func diagram(_ pipeline: DiagramPipeline) throws(DiagramError) -> Diagram {
        let shaped = try pipeline.view(view, options: options, shaping: shaping, expand: expand)
        var style = pipeline.style(cluster: cluster, view: shaped.view)
        style.metrics = ModuleMetrics(graph: pipeline.graph, includeTests: options.includeTests)
        style.legend = legend
        return Diagram(view: shaped.view, style: style, hint: shaped.hint, severities: shaped.severities)
    }
}
