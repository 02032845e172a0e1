import ArgumentParser
import ModlintGraph
import ModlintRendering
import ModlintWorkspace

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or render the module graph of the packages under PATH."
    )

    @Argument(help: "Directory to analyse (default: the current directory).")
    var path: String = "."

    @Option(help: ArgumentHelp("What to draw: packages, modules (declared target dependencies), imports (observed imports), di (DI keys and registrations), spezi (configurations, standards, modules).", valueName: "view"))
    var view: ViewName = .modules

    @Option(help: ArgumentHelp("Output format: dot, json, mermaid (no Graphviz needed), svg, png, pdf (rendered in-process by Graphviz).", valueName: "format"))
    var format: GraphFormat = .dot

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Include test targets.")
    var includeTests = false

    @Flag(help: "Include modules and packages from outside the workspace.")
    var includeExternal = false

    func run() throws {
        let workspace = try WorkspaceLoader().load(paths: [path])
        let graph = ModuleGraph(workspace: workspace)
        let graphView = GraphViews.make(view.name, workspace: workspace, graph: graph,
                                        options: ViewOptions(includeTests: includeTests, includeExternal: includeExternal))
        let bytes: [UInt8]
        if format == .json && view == .modules {
            // Coupling metrics ride along in the modules view's JSON.
            let metrics = ModuleMetrics(graph: graph, includeTests: includeTests)
            bytes = Array(GraphJSONRenderer().render(graphView, metrics: metrics).utf8)
        } else {
            bytes = try GraphFormatSelection.render(graphView, format: format)
        }
        if let output {
            try Output.writeFile(bytes, to: output)
        } else {
            Output.standardOutput(bytes: bytes)
        }
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
