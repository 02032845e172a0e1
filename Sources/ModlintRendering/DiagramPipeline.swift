import ModlintConfiguration
import ModlintGraph
import ModlintRules
import ModlintWorkspace

/// The transforms a diagram gets after its view is built, in this order.
public struct ViewShaping: Sendable {
    public var focus: [String] = []
    public var depth: Int?
    public var reverse = false
    public var exclude: [Glob] = []
    public var collapse: Collapse?
    public var transitiveReduction = false

    public enum Collapse: String, Sendable, CaseIterable {
        /// One node per package.
        case package
        /// Never, not even the automatic collapse of large views.
        case none
    }

    public init(focus: [String] = [], depth: Int? = nil, reverse: Bool = false, exclude: [Glob] = [], collapse: Collapse? = nil,
                transitiveReduction: Bool = false) {
        self.focus = focus
        self.depth = depth
        self.reverse = reverse
        self.exclude = exclude
        self.collapse = collapse
        self.transitiveReduction = transitiveReduction
    }

    /// Whether the user narrowed or merged the view (then no automatic collapse applies).
    public var isShaped: Bool { !focus.isEmpty || !exclude.isEmpty || collapse != nil }
}

/// Why a diagram cannot be drawn as asked.
public struct DiagramError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// Builds the diagram a user asks for: the view, its violations (`DiagramViolations`: the
/// lint result's red edges) and layers marked, then shaped; and its presentation.
public struct DiagramPipeline {
    public let workspace: Workspace
    public let graph: ModuleGraph
    public let configuration: Configuration
    /// What the diagrams draw red.
    public let violations: DiagramViolations
    /// The layer of a module node, as the rules decide it (`ArchitectureModel`).
    public let layerOfModule: (String) -> String?

    /// Above this many nodes an unshaped modules or imports view is collapsed to packages
    /// (a readable default; `--expand`-style options bring modules back).
    public static let collapseThreshold = 60
    /// Above this many nodes no image is laid out: Graphviz's layout grows much faster than
    /// the graph (124 modules take a fraction of a second, 1,000 about two minutes).
    public static let layoutLimit = 500

    public init(workspace: Workspace, graph: ModuleGraph, configuration: Configuration, violations: DiagramViolations = DiagramViolations(),
                layerOfModule: @escaping (String) -> String?) {
        self.workspace = workspace
        self.graph = graph
        self.configuration = configuration
        self.violations = violations
        self.layerOfModule = layerOfModule
    }

    /// The diagrams of a lint run: its violations drawn red, its modules in the layers the
    /// rules put them in.
    public init(_ run: LintRun) {
        let architecture = run.architecture()
        let graph = run.graph
        self.init(workspace: run.workspace, graph: graph, configuration: run.configuration, violations: DiagramViolations(run)) { id in
            graph.index(of: id).flatMap { architecture.layer(of: $0)?.name }
        }
    }

    /// A view ready to render.
    public struct Shaped: Sendable {
        public var view: GraphView
        /// The line to print when the view was shaped automatically.
        public var hint: String?
        /// Per edge of `view`, the severities of its findings, worst first (empty: none).
        public var severities: [[Severity]]
    }

    /// The view, and a hint for the user when it was collapsed automatically. Each
    /// violation is drawn only on the kind of view its rule's edges belong to.
    public func view(_ name: GraphView.Name, options: ViewOptions, shaping: ViewShaping, expand: [String] = []) throws(DiagramError) -> Shaped {
        var view = marked(GraphViews.make(name, workspace: workspace, graph: graph, options: options), name: name)
        if !configuration.layers.isEmpty && (name == .modules || name == .imports) {
            view = ViewTransforms.assignLayers(view) { layerOfModule($0.id) }
        }
        if !shaping.exclude.isEmpty {
            view = ViewTransforms.exclude(view) { node in
                shaping.exclude.contains { $0.matches(node.id) || node.path.map($0.matches) == true }
            }
        }
        if !shaping.focus.isEmpty {
            let ids = view.nodes.map(\.id)
            for root in shaping.focus where !ids.contains(root) {
                let hint = Suggestions.closest(to: root, in: ids).map { "; did you mean '\($0)'?" } ?? ""
                throw DiagramError(description: "--focus: no node '\(root)' in the \(name.rawValue) view\(hint)")
            }
            view = ViewTransforms.focus(view, on: shaping.focus, depth: shaping.depth,
                                        direction: shaping.reverse ? .dependents : .dependencies)
        }
        var hint: String?
        if shaping.collapse == .package {
            view = ViewTransforms.collapsePackages(view)
        } else if !shaping.isShaped && (name == .modules || name == .imports) && view.nodes.count > Self.collapseThreshold {
            (view, hint) = collapsedForReading(view, expand: expand)
        }
        if shaping.transitiveReduction {
            view = ViewTransforms.transitiveReduction(view)
        }
        let resolved = violations.resolve(view)
        return Shaped(view: resolved.view, hint: hint, severities: resolved.severities)
    }

    /// The view with the violations of its kind marked on its edges (as marks that carry
    /// their severity through the shaping: `DiagramViolations.resolve` reads them back).
    private func marked(_ view: GraphView, name: GraphView.Name) -> GraphView {
        let marks = violations.marks(on: name)
        switch name {
        case .packages:
            let packageOf = Dictionary(graph.modules.map { ($0.id, $0.package) }, uniquingKeysWith: { first, _ in first })
            return ViewTransforms.markViolations(view, marks, node: { packageOf[$0] }, missingKind: .import)
        case .modules, .imports:
            return ViewTransforms.markViolations(view, marks, missingKind: .import)
        case .di:
            // A key or implementation named like a module carries a suffix in the view.
            let ids = Set(view.nodes.map(\.id))
            return ViewTransforms.markViolations(view, marks) { id in
                ids.contains(id) ? id : [id + " (key)", id + " (implementation)"].first(where: ids.contains)
            }
        case .spezi:
            return ViewTransforms.markViolations(view, marks)
        }
    }

    /// Too many modules to read: one node per package, but the packages asked for with
    /// `expand` keep their modules.
    private func collapsedForReading(_ view: GraphView, expand: [String]) -> (GraphView, String?) {
        let modules = view.nodes.count
        let collapsed = ViewTransforms.collapsePackages(view, keeping: Set(expand))
        if collapsed.nodes.count >= 3 {
            return (collapsed, "modlint: \(modules) modules drawn as \(collapsed.nodes.count) package nodes to stay readable; "
                + "draw modules with --focus MODULE [--depth N], --expand PACKAGE (repeatable) or --collapse none, "
                + "or see every module in `modlint report -o architecture.html`")
        }
        // One or two packages: their nodes would say nothing; draw the modules.
        return (view, "modlint: \(modules) modules in \(collapsed.nodes.count == 1 ? "one package" : "two packages") make a large diagram; "
            + "narrow it with --focus MODULE [--depth N] or --exclude GLOB")
    }

    /// Presentation: clusters, the packages' manifest names, layer order, composition roots.
    public func style(cluster: ClusterMode, view: GraphView) -> DiagramStyle {
        var names: [String: String] = [:]
        for package in workspace.packages where package.name != package.identity {
            names[package.identity] = package.name
        }
        // Two packages one name (an app project `Kit.xcodeproj` beside the `Kit` package it
        // links): each box says where it comes from, or `--collapse package` shows twins.
        let shown = workspace.packages.map { names[$0.identity] ?? $0.identity }
        var count: [String: Int] = [:]
        for name in shown { count[name.lowercased(), default: 0] += 1 }
        for (index, package) in workspace.packages.enumerated() where count[shown[index].lowercased(), default: 0] > 1 {
            let origin = package.kind == .xcodeProject ? package.projectName
                : (package.directory.isEmpty ? "./" : package.directory + "/")
            names[package.identity] = "\(shown[index]) (\(origin))"
        }
        // Apps, extensions and executables assemble the object graph; configured roots add to them.
        let roots = Set(view.nodes.filter {
            [.app, .appExtension, .executable].contains($0.kind) || ($0.kind != .external && configuration.isCompositionRoot($0.id))
        }.map(\.id))
        return DiagramStyle(cluster: cluster, displayNames: names,
                            layerOrder: cluster == .layer ? configuration.layers.map(\.name) : [],
                            compositionRoots: roots)
    }
}

extension DiagramViolations {
    /// Marks carry their finding's severity (`rule␟severity`) through marking and collapsing,
    /// so that an edge the report draws is coloured by its worst finding.
    static let markSeparator: Character = "\u{1F}"

    /// The violations a view of `name` draws (the DI and Spezi views their rules', every
    /// other view the module rules'), as `ViewTransforms.markViolations` takes them.
    func marks(on name: GraphView.Name) -> [(from: String, to: String, rule: String)] {
        let kind: GraphView.Name = name == .di || name == .spezi ? name : .modules
        return violations.filter { $0.view == kind }.map { violation in
            (violation.edge.from, violation.edge.to, violation.rule + String(Self.markSeparator) + violation.severity.rawValue)
        }
    }

    /// A shaped view's marks read back: each edge's rule ids (what every format draws) and
    /// the severities of its findings, worst first. A violation the view itself carries
    /// (no severity) counts as an error.
    func resolve(_ view: GraphView) -> (view: GraphView, severities: [[Severity]]) {
        var severities: [[Severity]] = []
        severities.reserveCapacity(view.edges.count)
        let edges = view.edges.map { edge in
            var edge = edge
            var rules = Set<String>(), found = Set<Severity>()
            for mark in edge.violations {
                guard let separator = mark.lastIndex(of: Self.markSeparator) else {
                    rules.insert(mark)
                    found.insert(.error)
                    continue
                }
                rules.insert(String(mark[..<separator]))
                found.insert(Severity(rawValue: String(mark[mark.index(after: separator)...])) ?? .note)
            }
            edge.violations = rules.sorted()
            severities.append(Self.worstFirst(found))
            return edge
        }
        return (GraphView(name: view.name, nodes: view.nodes, edges: edges), severities)
    }
}

/// Presentation options shared by the DOT and Mermaid renderers.
public struct DiagramStyle: Sendable {
    public var cluster: ClusterMode = .package
    public var displayNames: [String: String] = [:]
    public var layerOrder: [String] = []
    public var compositionRoots: Set<String> = []
    /// Coupling metrics written into the modules view's JSON.
    public var metrics: ModuleMetrics?
    /// Draw a legend (node kinds, edge styles, what red means).
    public var legend = true

    public init(cluster: ClusterMode = .package, displayNames: [String: String] = [:], layerOrder: [String] = [],
                compositionRoots: Set<String> = [], metrics: ModuleMetrics? = nil, legend: Bool = true) {
        self.cluster = cluster
        self.displayNames = displayNames
        self.layerOrder = layerOrder
        self.compositionRoots = compositionRoots
        self.metrics = metrics
        self.legend = legend
    }

    public var dot: DOTOptions {
        DOTOptions(cluster: cluster, displayNames: displayNames, layerOrder: layerOrder, compositionRoots: compositionRoots, legend: legend)
    }

    public var mermaid: MermaidOptions {
        MermaidOptions(cluster: cluster, displayNames: displayNames, compositionRoots: compositionRoots)
    }
}

/// An output format of `modlint graph`: a name and how to render a view. The text formats
/// live here; ModlintGraphviz adds the image formats (SVG, PNG, PDF), so that library
/// users drawing DOT, Mermaid or JSON need no libgvc.
public struct DiagramFormat: Sendable {
    public let name: String
    /// Rendered from DOT by a layout engine (slow for large views; see `layoutLimit`).
    public let isImage: Bool
    public let render: @Sendable (GraphView, DiagramStyle) throws -> [UInt8]

    public init(name: String, isImage: Bool, render: @escaping @Sendable (GraphView, DiagramStyle) throws -> [UInt8]) {
        self.name = name
        self.isImage = isImage
        self.render = render
    }

    public static let dot = DiagramFormat(name: "dot", isImage: false) { view, style in Array(DOTRenderer(options: style.dot).render(view).utf8) }
    public static let json = DiagramFormat(name: "json", isImage: false) { view, style in
        Array(GraphJSONRenderer().render(view, metrics: view.name == .modules ? style.metrics : nil).utf8)
    }
    public static let mermaid = DiagramFormat(name: "mermaid", isImage: false) { view, style in
        Array(MermaidRenderer(options: style.mermaid).render(view).utf8)
    }

    /// The text formats, in the order `--help` lists them.
    public static let textFormats: [DiagramFormat] = [.dot, .json, .mermaid]
}
