import ArgumentParser
import ModlintDiff
import ModlintRendering
import ModlintReporters
import ModlintRules
import ModlintWorkspace

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What a change does to the architecture: module edges and modules added and removed, findings new, fixed and unchanged, cycles, depth and coupling.",
        discussion: """
        BASE (and HEAD when given) are read straight from git objects: no checkout, no worktree, nothing written into the repository. \
        HEAD defaults to the work tree as it is. Each side is judged by its own .modlint.yml (or both by --config). \
        Findings are matched by fingerprint, so a finding that only moved is unchanged.

        EXIT CODES
          0  the report was written (with --fail-on new: and the change introduces no error)
          1  --fail-on new, and the change introduces a finding at error severity
          2  usage or input error: a revision git does not know (in a shallow clone: git fetch --depth=1 origin <sha>, or fetch-depth: 0), a folder outside a git work tree
          3  internal error
        """
    )

    @Argument(help: "The revision to compare against (a branch, tag or commit, e.g. origin/main).")
    var base: String

    @Argument(help: "The revision that changes it. Default: the work tree (untracked files included, as lint sees it).")
    var head: String?

    @Option(name: .customShort("C"), help: ArgumentHelp("A folder inside the repository (default: the current directory).", valueName: "dir"))
    var directory: String = "."

    @Option(help: ArgumentHelp("text, json, markdown (a pull-request comment, with a Mermaid diagram of the changed edges) or sarif (only the new findings).", valueName: "format"))
    var format: DiffFormatArgument = DiffFormatArgument(.text)

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Also render the diagram of the changed edges into this file through Graphviz: .svg, .png or .pdf (or .dot, .mmd for the source).",
        valueName: "file"))
    var output: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("new: exit 1 when the change introduces a finding at error severity (a baseline without a file); none: never.", valueName: "when"))
    var failOn: FailOn = .none

    @Option(help: ArgumentHelp("Base URL of the rule documentation (<url>/<rule>.md) in markdown and sarif output.", valueName: "url"))
    var rulesURL: String = RuleCatalog.defaultDocumentationBaseURL

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var dependencies: DependencyOptions

    @OptionGroup var cache: CacheOptions

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case new, none
    }

    func run() throws {
        PhaseClock.start()
        let repository: GitRepository
        do {
            repository = try GitRepository(containing: FileSystem.absolute(directory))
        } catch {
            throw UsageError(message: "diff: \(error.description)")
        }
        let (madeCache, _) = try cache.make()
        let override = try configuration.file.map { _ in try configuration.load(near: [repository.topLevel]) }
        let analysis = SnapshotAnalysis(
            repository: repository, configurationOverride: override,
            treeConfiguration: { root, inRevision in
                try inRevision ? ConfigurationOptions.loadInTree(root) : configuration.load(near: [root])
            },
            makeLinter: { loaded in
                var linter = Linter(rules: BuiltinRules.all, configuration: loaded)
                try dependencies.apply(to: &linter)
                linter.loaderOptions.cache = madeCache
                return linter
            })
        let diff: ArchitectureDiff
        do {
            let baseRevision = try repository.resolve(base)
            let headRevision = try head.map { try repository.resolve($0) }
            // HEAD first: its summaries are saved before BASE looks for the same content.
            let headSnapshot = try headRevision.map { try analysis.revision($0, role: .head) } ?? analysis.workTree()
            let baseSnapshot = try analysis.revision(baseRevision, role: .base)
            diff = ArchitectureDiff(base: baseSnapshot, head: headSnapshot,
                                    baseSide: .init(revision: base, commit: baseRevision.commit),
                                    headSide: .init(revision: head ?? "the work tree", commit: headRevision?.commit))
        } catch let error as GitRepository.Failure {
            throw UsageError(message: "diff: \(error.description)")
        } catch let error as ConfigurationError {
            throw UsageError(message: "diff: the configuration of \(base) (its .modlint.yml) cannot be used: \(error.description); "
                             + "judge both sides by one file with --config FILE", prefixed: true)
        }
        PhaseClock.mark("diff")
        let environment = CIEnvironment.current
        let text = format.value.render(diff, rules: RuleCatalog(BuiltinRules.all.map { $0.description }, documentationBaseURL: rulesURL),
                                       topLevel: repository.topLevel, repositoryRoot: environment.repositoryRoot,
                                       repositoryURL: environment.repositoryURL, sourceLinkBase: environment.sourceLinkBase)
        if let output { try writeDiagram(diff, to: output, analysing: [repository.topLevel]) }
        Output.standardOutput(text)
        if failOn == .new && diff.introducesErrors { throw ExitStatus.findings }
    }

    /// `-o FILE`: the changed edges, rendered by the file's extension.
    private func writeDiagram(_ diff: ArchitectureDiff, to file: String, analysing paths: [String]) throws {
        let bytes: [UInt8]
        switch DiffDiagram.file(named: file, for: diff) {
        case .text(let text)?:
            bytes = Array(text.utf8)
        case .image(let dot, let format)?:
            SummaryCache.finishWrites()
            do {
                bytes = try [UInt8](GraphvizRenderer().render(dot: FaultInjection.graphvizInput(dot), format: format))
            } catch {
                let failure = RenderFailure(error)
                Output.error(failure.description)
                throw failure.isEnvironmentProblem ? ExitStatus.usage : ExitStatus.internalError
            }
        case nil:
            throw UsageError(message: "diff -o \(file): name a .svg, .png, .pdf, .dot or .mmd file")
        }
        _ = try Output.writeFile(bytes, to: file, analysing: paths)
    }
}

/// `--format`, as ArgumentParser reads it.
struct DiffFormatArgument: ExpressibleByArgument {
    var value: DiffFormat

    init(_ value: DiffFormat) {
        self.value = value
    }

    init?(argument: String) {
        guard let value = DiffFormat(rawValue: argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { value.rawValue }
    static var allValueStrings: [String] { DiffFormat.allCases.map(\.rawValue) }
}
