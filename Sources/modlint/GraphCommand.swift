import ArgumentParser
import Foundation
import ModlintConfiguration
import ModlintGraph
import ModlintRendering
import ModlintRuleEngine
import ModlintRules
import ModlintWorkspace

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or render the module graph of the packages under PATH.",
        discussion: """
        Edges that break a rule are drawn red (rule ids as tooltip). Large graphs: narrow the \
        view with --focus/--depth/--reverse and --exclude, merge modules with --collapse \
        package, drop implied edges with --transitive-reduction.

        With --check, nothing is written: exit 0 when FILE is current, 1 when it is stale, \
        2 when it is missing. DOT, Mermaid and JSON files are compared byte for byte; an \
        SVG through the fingerprint of its DOT source that modlint stamps into every SVG \
        it writes (so a different Graphviz version does not make it stale).
        """
    )

    @Argument(help: "Directory to analyse (default: the current directory).")
    var path: String = "."

    @Option(help: ArgumentHelp("What to draw: packages, modules (declared target dependencies), imports (observed imports), di (DI keys and registrations), spezi (configurations, standards, modules).", valueName: "view"))
    var view: ViewName = .modules

    @Option(help: ArgumentHelp("Output format: dot, json, mermaid (no Graphviz needed), svg, png, pdf (rendered in-process by Graphviz).", valueName: "format"))
    var format: GraphFormat = .dot

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var dependencies: DependencyOptions

    @OptionGroup var cache: CacheOptions

    @Option(help: ArgumentHelp("Group nodes: package (default), folder (folder:N for N leading path components), layer (the layers of .modlint.yml, ranked top to bottom), none.", valueName: "mode"))
    var cluster: ClusterArgument = ClusterArgument(mode: .package)

    @Option(help: ArgumentHelp("Draw only this node and what it depends on (repeatable).", valueName: "module"))
    var focus: [String] = []

    @Option(help: ArgumentHelp("With --focus: follow at most this many edges.", valueName: "n"))
    var depth: Int?

    @Flag(help: "With --focus: draw who depends on the focused nodes instead.")
    var reverse = false

    @Option(help: ArgumentHelp("Leave out nodes whose id or path matches this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Merge nodes: package (one node per package).", valueName: "mode"))
    var collapse: CollapseMode?

    @Flag(help: "Drop edges implied by longer paths (edges inside cycles and rule violations stay).")
    var transitiveReduction = false

    @Flag(help: "Include test targets.")
    var includeTests = false

    @Flag(help: "Include modules and packages from outside the workspace.")
    var includeExternal = false

    @Flag(help: "Do not write: exit 1 when the file given with -o is stale, 2 when it is missing.")
    var check = false

    func validate() throws {
        if check && output == nil { throw ValidationError("--check needs the committed file: -o FILE") }
        if check && (format == .png || format == .pdf) {
            throw ValidationError("--check compares DOT, Mermaid, JSON or SVG files; render PNG/PDF from a checked SVG or DOT file")
        }
        if focus.isEmpty && (depth != nil || reverse) { throw ValidationError("--depth and --reverse need --focus MODULE") }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
    }

    func run() throws {
        let configuration = try self.configuration.load(near: [path])
        var linter = Linter(rules: BuiltinRules.all, configuration: configuration)
        try dependencies.apply(to: &linter)
        linter.loaderOptions.cache = try cache.make()
        let workspace = try WorkspaceLoader(options: linter.loaderOptions).load(paths: [path])
        let graph = ModuleGraph(workspace: workspace)
        // Red edges are the lint result's: after suppressions, `include:` and the baseline.
        var result = linter.lint(workspace, graph: graph)
        if let baseline = BaselineFile.configured(configuration) {
            result = try BaselineFile.read(baseline).apply(to: result).result
        }
        let violations = result.violatingEdges.map { (from: $0.edge.from, to: $0.edge.to, rule: $0.rule) }
        let pipeline = DiagramPipeline(workspace: workspace, graph: graph, configuration: configuration)
        let graphView = try pipeline.view(
            view.name, options: ViewOptions(includeTests: includeTests, includeExternal: includeExternal),
            violations: violations,
            shaping: ViewShaping(focus: focus, depth: depth, reverse: reverse, exclude: exclude.map { Glob($0) },
                                 collapse: collapse, transitiveReduction: transitiveReduction))
        var style = pipeline.style(cluster: cluster.mode, view: graphView)
        style.metrics = ModuleMetrics(graph: graph, includeTests: includeTests)
        if check, let output {
            try GraphFormatSelection.check(graphView, format: format, style: style, against: output)
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try GraphFormatSelection.render(graphView, format: format, style: style)
        } catch let failure as RenderFailure {
            Output.error(failure.description)
            throw failure.isEnvironmentProblem ? ExitStatus.usage : ExitStatus.internalError
        }
        if let output {
            // Diagrams usually go to a docs folder that may not exist yet.
            try? FileManager.default.createDirectory(atPath: Paths.parent(FileSystem.absolute(output)), withIntermediateDirectories: true)
            try Output.writeFile(bytes, to: output)
        } else {
            Output.standardOutput(bytes: bytes)
        }
    }
}

/// The transforms `modlint graph` applies after building a view, in this order.
struct ViewShaping {
    var focus: [String] = []
    var depth: Int?
    var reverse = false
    var exclude: [Glob] = []
    var collapse: CollapseMode?
    var transitiveReduction = false
}

/// Builds the view the user asked for: violations and layers marked, then shaped.
struct DiagramPipeline {
    let workspace: Workspace
    let graph: ModuleGraph
    let configuration: Configuration

    func view(_ name: GraphView.Name, options: ViewOptions, violations: [(from: String, to: String, rule: String)],
              shaping: ViewShaping) throws -> GraphView {
        var view = GraphViews.make(name, workspace: workspace, graph: graph, options: options)
        switch name {
        case .packages:
            let packageOf = Dictionary(graph.modules.map { ($0.id, $0.package) }, uniquingKeysWith: { first, _ in first })
            view = ViewTransforms.markViolations(view, violations, node: { packageOf[$0] }, missingKind: .import)
        case .modules, .imports:
            view = ViewTransforms.markViolations(view, violations, missingKind: .import)
        case .di, .spezi:
            view = ViewTransforms.markViolations(view, violations)
        }
        if !configuration.layers.isEmpty {
            view = ViewTransforms.assignLayers(view, layer: layer(of:))
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
                throw UsageError(message: "--focus: no node '\(root)' in the \(name.rawValue) view\(hint)")
            }
            view = ViewTransforms.focus(view, on: shaping.focus, depth: shaping.depth,
                                        direction: shaping.reverse ? .dependents : .dependencies)
        }
        if shaping.collapse == .package {
            view = ViewTransforms.collapsePackages(view)
        }
        if shaping.transitiveReduction {
            view = ViewTransforms.transitiveReduction(view)
        }
        return view
    }

    /// The first configured layer that contains the node (by id, or by its directory
    /// relative to the configuration file).
    private func layer(of node: GraphNode) -> String? {
        guard node.kind != .external else { return nil }
        let directory = node.path.map { path -> String in
            let absolute = Paths.join(workspace.root, path)
            guard let base = configuration.baseDirectory else { return path }
            return Paths.relative(absolute, to: base)
        }
        return configuration.layers.first { $0.contains(module: node.id, directory: directory) }?.name
    }

    /// Presentation: clusters, the packages' manifest names, layer order, composition roots.
    func style(cluster: ClusterMode, view: GraphView) -> DiagramStyle {
        var names: [String: String] = [:]
        for package in workspace.packages where package.name != package.identity {
            names[package.identity] = package.name
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

enum ViewName: String, ExpressibleByArgument, CaseIterable {
    case packages, modules, imports, di, spezi

    var name: GraphView.Name {
        switch self {
        case .packages: return .packages
        case .modules: return .modules
        case .imports: return .imports
        case .di: return .di
        case .spezi: return .spezi
        }
    }
}

enum GraphFormat: String, ExpressibleByArgument, CaseIterable {
    case dot, json, mermaid, svg, png, pdf
}

enum CollapseMode: String, ExpressibleByArgument, CaseIterable {
    case package
}

/// `--cluster package|folder[:N]|layer|none`.
struct ClusterArgument: ExpressibleByArgument {
    var mode: ClusterMode

    init(mode: ClusterMode) {
        self.mode = mode
    }

    init?(argument: String) {
        guard let mode = ClusterMode(argument: argument) else { return nil }
        self.mode = mode
    }

    var defaultValueDescription: String { "package" }
    static var allValueStrings: [String] { ["package", "folder", "folder:N", "layer", "none"] }
}
