import ArgumentParser
import ModlintRendering
import ModlintReport
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
        let lint = try BaselinedLint.run(paths: paths, configuration: configuration, dependencies: dependencies, cache: cache,
                                         validating: false, parallel: false)
        try Output.writeFile(ReportPage.html(lint, title: title), to: output ?? "-", analysing: paths)
    }
}

/// The report as `modlint report` and `--reporter html:FILE` write it: `ArchitectureReport`
/// (ModlintReport) with Graphviz's layout where it fits, a failure as a usage error.
enum ReportPage {
    /// `--reporter html[:FILE]`.
    static let reporterName = "html"

    static func html(_ run: LintRun, title: String?) throws -> [UInt8] {
        // Nothing else runs while Graphviz lays out (a cache or memo save could still be under way).
        SummaryCache.finishWrites()
        do {
            return try ArchitectureReport(run, title: title, layOut: GraphvizLayout.layoutIfFits).html()
        } catch {
            throw UsageError(message: error.description)
        }
    }
}
