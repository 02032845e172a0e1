import ArgumentParser
import ModlintConfiguration
import ModlintGraph
import ModlintGraphviz
import ModlintRendering
import ModlintReport
import ModlintRuleEngine
import ModlintRules
import ModlintWorkspace

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the interactive architecture report: one self-contained HTML file.",
        discussion: """
        The page shows the module graph (laid out by Graphviz when it is small enough, by \
        dependency depth with packages as bands when not), packages that collapse and \
        expand, a search that finds a module as you type, a module's dependencies and \
        dependents with its metrics and findings, every finding with its edges \
        highlighted, every path between two modules with the fewest edges to cut, a \
        dependency matrix, and the DI and Spezi views. Nothing is fetched: the file works \
        offline and as a CI artifact. Same tree, same bytes. Exit 0 whatever it finds \
        (gate with `modlint lint`; `--reporter html:FILE` writes the same page there).
        """
    )

    @Argument(help: "Directories to analyse (default: the git work tree that holds the current directory, else the current directory).")
    var paths: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The page's title (default: the linted folder's name).", valueName: "text"))
    var title: String?

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var dependencies: DependencyOptions

    @OptionGroup var cache: CacheOptions

    func run() throws {
        let paths = AnalysedPaths(given: self.paths).paths
        // Rules on one thread: Graphviz's layout depends on the heap it finds.
        let lint = try BaselinedLint(paths: paths, configuration: configuration, dependencies: dependencies, cache: cache,
                                     validating: false, parallel: false)
        let page = try ReportPage.html(result: lint.result, workspace: lint.workspace, graph: lint.graph, configuration: lint.configuration, title: title)
        if let output {
            try Output.writeFile(page, to: output, analysing: paths)
        } else {
            Output.standardOutput(bytes: page)
        }
    }
}

/// The report as `modlint report` and `--reporter html:FILE` write it.
enum ReportPage {
    /// `--reporter html[:FILE]`.
    static let reporterName = "html"

    static func html(result: LintResult, workspace: Workspace, graph: ModuleGraph, configuration: Configuration, title: String?) throws -> [UInt8] {
        // Nothing else runs while Graphviz lays out (a cache or memo save could still be under way).
        SummaryCache.finishWrites()
        let architecture = ArchitectureModel(workspace: workspace, graph: graph, configuration: configuration)
        let summaries = Dictionary(BuiltinRules.all.map { ($0.description.id, $0.description.summary) }, uniquingKeysWith: { first, _ in first })
        do {
            let report = try ArchitectureReport(
                result: result, workspace: workspace, graph: graph, configuration: configuration,
                edgeView: BuiltinRules.edgeView(ofRule:),
                layerOf: { id in graph.index(of: id).flatMap { architecture.layer(of: $0)?.name } },
                ruleSummaries: summaries, title: title,
                layOut: { view, style in
                    // Graphviz where it lays out in reasonable time; a failure falls back
                    // to the layered layout rather than failing the report.
                    GraphvizLayout.fits(view) ? try? GraphvizLayout.layout(view, style: style) : nil
                })
            return report.html()
        } catch {
            throw UsageError(message: error.description)
        }
    }
}
