import ArgumentParser
import ModlintConfiguration
import ModlintGraph
import ModlintRendering
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

    @Argument(help: "Directory to analyse (default: the git work tree that holds the current directory, else the current directory).")
    var path: String?

    @Option(help: ArgumentHelp("What to draw: packages, modules (declared target dependencies), imports (observed imports), di (DI keys and registrations), spezi (configurations, standards, modules).", valueName: "view"))
    var view: GraphView.Name = .modules

    @Option(help: ArgumentHelp("Output format: dot, json, mermaid (no Graphviz needed), svg, png, pdf (rendered in-process by Graphviz).", valueName: "format"))
    var format: DiagramFormats.Name = .dot

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

    @Option(help: ArgumentHelp("Merge nodes: package (one node per package), none (never, not even the automatic collapse of modules views above \(DiagramPipeline.collapseThreshold) nodes; --format json never collapses unless asked).", valueName: "mode"))
    var collapse: ViewShaping.Collapse?

    @Option(help: ArgumentHelp("When a large view is collapsed to packages: keep this package's modules (repeatable).", valueName: "package"))
    var expand: [String] = []

    @Flag(name: .customLong("no-legend"), help: "Draw no legend under rendered diagrams.")
    var noLegend = false

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
        // Red edges are the lint result's: after suppressions, `include:` and the baseline.
        // Rules on one thread: Graphviz's layout depends on the heap it finds.
        let paths = AnalysedPaths(given: path.map { [$0] } ?? []).paths
        let lint = try BaselinedLint.run(paths: paths, configuration: configuration, dependencies: dependencies, cache: cache,
                                         validating: false, parallel: false)
        let diagram: DiagramRequest.Diagram
        do {
            diagram = try request.diagram(lint)
        } catch {
            throw UsageError(message: error.description)
        }
        if let hint = diagram.hint { Output.standardError(hint + "\n") }
        // Nothing else runs while Graphviz lays out (the cache's save could still be under way).
        SummaryCache.finishWrites()
        if check, let output {
            try GraphFormatSelection.check(diagram, format: format, against: output)
            return
        }
        let bytes = try GraphFormatSelection.render(diagram, format: format)
        if let output {
            try Output.writeFile(bytes, to: output, analysing: paths)
        } else {
            Output.standardOutput(bytes: bytes)
        }
    }

    /// The diagram the arguments ask for.
    private var request: DiagramRequest {
        DiagramRequest(view: view, options: ViewOptions(includeTests: includeTests, includeExternal: includeExternal),
                       shaping: ViewShaping(focus: focus, depth: depth, reverse: reverse, exclude: exclude.map { Glob($0) },
                                            collapse: collapse ?? (format == .json ? ViewShaping.Collapse.none : nil),
                                            transitiveReduction: transitiveReduction),
                       expand: expand, cluster: cluster.mode, legend: !noLegend)
    }
}

// The libraries' names, as arguments.
extension GraphView.Name: ExpressibleByArgument {}

extension DiagramFormats.Name: ExpressibleByArgument {}

extension ViewShaping.Collapse: ExpressibleByArgument {}

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
