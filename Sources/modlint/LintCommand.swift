import ArgumentParser
import ModlintReporters
import ModlintRules
import ModlintWorkspace
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the architecture rules over the packages under PATH (default: the current directory)."
    )

    @Argument(help: "Directories (or files inside packages) to lint; every build description below them is part of the workspace. Default: the git work tree that holds the current directory (as git finds it), else the current directory.")
    var paths: [String] = []

    @Option(name: .customLong("reporter"), help: ArgumentHelp(
        "Output format, optionally written to a file: text (paths relative to the working directory), xcode (absolute paths, for an Xcode build phase), json, sarif, github, junit, checkstyle, codeclimate (GitLab Code Quality), markdown, html (the interactive architecture report, as `modlint report`). Repeatable (e.g. --reporter text --reporter sarif:out.sarif --reporter github).",
        valueName: "name[:file]"))
    var reporters: [ReporterRequest] = []

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var dependencies: DependencyOptions

    @Flag(help: "List on stderr the dependency packages read as context (with their pinned versions), the problems modlint passed over in them, and cache files that could not be written.")
    var verbose = false

    @Flag(help: "Exit 1 on any finding, not only on errors.")
    var strict = false

    @Option(help: ArgumentHelp(
        "Repository root that CI reporters (sarif, github, junit, checkstyle, codeclimate, markdown) make paths relative to. Default: $GITHUB_WORKSPACE or $CI_PROJECT_DIR when set, else the linted root.",
        valueName: "dir"))
    var repositoryRoot: String?

    @Option(help: ArgumentHelp(
        "Base URL of the rule documentation (<url>/<rule>.md) in sarif and markdown output.",
        valueName: "url"))
    var rulesURL: String = RuleCatalog.defaultDocumentationBaseURL

    @Option(help: ArgumentHelp("Colour in text output: auto (when stdout is a terminal and NO_COLOR is unset), always, never.", valueName: "when"))
    var color: ColorMode = .auto

    @Option(help: ArgumentHelp("Accepted findings: drop those recorded in this file (default: 'baseline' in .modlint.yml).", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp(
        "Record every current finding in this file (pretty, sorted JSON) and exit 0.", valueName: "file"))
    var writeBaseline: String?

    @Flag(name: .customLong("baseline-strict"), help: "Exit 1 when a baselined finding no longer occurs (the baseline may only shrink).")
    var baselineStrict = false

    @Option(name: .customLong("changed"), help: ArgumentHelp(
        "Report only findings that touch files changed in git: staged files (bare --changed) or changed since REV (--changed=REV). The analysis still covers the whole workspace.",
        valueName: "rev"))
    var changed: String?

    @Flag(name: .customLong("ignore-untracked"), help: "Leave out files git does not track, as if they were not there: a pre-commit hook judges what the commit holds, not a scratch file beside it.")
    var ignoreUntracked = false

    @OptionGroup var cache: CacheOptions

    @Flag(name: .customLong("fix"), help: "First declare in Package.swift the dependencies that undeclared-import reports (as `modlint fix`, edits listed on stderr); then lint.")
    var fix = false

    @Flag(name: .customLong("quiet"), help: "Print only the findings that fail the gate (errors; with --strict, every finding) in text and xcode output, without the summary line; when every reporter writes to a file, print nothing on stderr. Files get every finding.")
    var quiet = false

    func run() throws {
        PhaseClock.start()
        let analysed = AnalysedPaths(given: self.paths)
        let paths = analysed.paths
        if verbose, let root = analysed.foundRoot {
            Output.standardError("modlint: no path given: analysing the git work tree at \(root)\n")
        }
        if fix {
            let run = try FixRun(paths: paths, configuration: configuration, dependencies: dependencies, cache: cache)
            let fixer = try run.plan(removeUnused: false)
            try run.write(fixer)
            run.report(fixer, wrote: true, to: Output.standardError)
        }
        let loaded = try configuration.load(near: paths)
        var linter = Linter(rules: BuiltinRules.all, configuration: loaded)
        try dependencies.apply(to: &linter)
        let (madeCache, cacheRefusal) = try cache.make()
        linter.loaderOptions.cache = madeCache
        if ignoreUntracked { linter.loaderOptions.ignoredFiles = try ChangedFiles.untracked(paths: paths) }
        let session = try LintSession(linter: linter, paths: paths, memoized: changed == nil)
        // The process ends after this command: its exit frees the workspace at once, where
        // releasing its objects one by one cost a cold run of the corpus 2 ms on one core.
        _ = Unmanaged.passRetained(session)
        try FaultInjection.checkInternalFault()
        if verbose { printContext(session, cacheRefusal: cacheRefusal) }
        if let writeBaseline {
            let result = session.result
            let outcome = try Output.writeFile(Array(Baseline(result: result).encoded().utf8), to: writeBaseline, analysing: paths)
            Output.standardError(outcome == .discarded ? "modlint: \(result.diagnostics.count) finding(s) discarded: \(writeBaseline) keeps nothing\n"
                                                       : "modlint: wrote \(result.diagnostics.count) finding(s) to \(writeBaseline)\n")
            return
        }
        let (result, stale) = try filtered(session)
        try writeReports(result, session: session, paths: paths)
        if baselineStrict && !stale.isEmpty {
            let lines = stale.map { "  \($0.file): \($0.rule) (\($0.fingerprint))\($0.count > 1 ? " ×\($0.count)" : "")" }
            Output.standardError("modlint: error: \(stale.count) baselined finding(s) no longer occur; remove them from the baseline (or rewrite it with --write-baseline):\n"
                                 + lines.joined(separator: "\n") + "\n")
            throw ExitStatus.findings
        }
        let failing = strict ? result.diagnostics.count : result.summary.errors
        if failing > 0 { throw ExitStatus.findings }
    }

    /// `--verbose`: the dependencies read as context, what the cache could not do, and the
    /// notes about the context's files.
    private func printContext(_ session: LintSession, cacheRefusal: String?) {
        if let cacheRefusal { Output.standardError("modlint: cache not used (the result does not depend on it): \(cacheRefusal)\n") }
        let workspace = session.workspace
        for package in workspace.packages where package.isContext {
            Output.standardError("modlint: context: \(package.identity)\(package.pin.map { " \($0)" } ?? "") at \(TerminalText.path(package.directory)) "
                                 + "(\(package.targets.count) targets)\n")
        }
        for failure in session.linter.loaderOptions.cache?.writeFailures ?? [] {
            Output.standardError("modlint: cache not written (the result does not depend on it): \(failure)\n")
        }
        for note in workspace.contextNotes {
            Output.standardError("\(TerminalText.path(note.file)):\(note.line):\(note.column): note: \(TerminalText.text(note.message)) "
                                 + "(in a dependency read as context)\n")
        }
    }

    /// The result as reported: accepted findings (`--baseline`) and, with `--changed`, those
    /// about unchanged files left out; and the baseline's entries that no longer occur.
    private func filtered(_ session: LintSession) throws -> (LintResult, stale: [Baseline.Entry]) {
        var result = session.result
        var stale: [Baseline.Entry] = []
        if let path = baseline ?? BaselineFile.configured(session.linter.configuration) {
            let outcome = try BaselineFile.read(path).apply(to: result)
            result = outcome.result
            stale = outcome.stale
        }
        if let changed {
            let workspace = session.workspace
            let files = try ChangedFiles.list(revision: changed, root: workspace.root)
            result = ChangedFilesFilter(changedFiles: files, workspace: workspace).apply(to: result)
        }
        return (result, stale)
    }

    /// Every `--reporter`, to its file or standard output; when every one went to a file,
    /// a closing line says what happened (or a failing CI step prints nothing).
    private func writeReports(_ result: LintResult, session: LintSession, paths: [String]) throws {
        let requests = reporters.isEmpty ? [ReporterRequest(name: "text", file: nil)] : reporters
        let environment = CIEnvironment.current
        let catalog = RuleCatalog(BuiltinRules.all.map { $0.description }, documentationBaseURL: rulesURL)
        for request in requests {
            if request.name == ReportPage.reporterName {
                // The HTML report draws the graph too: it needs the workspace, not only the result.
                let page = try ReportPage.html(session.run(with: result), title: nil)
                if let file = request.file { try Output.writeFile(page, to: file, analysing: paths) } else { Output.standardOutput(bytes: page) }
                continue
            }
            let colored = request.file == nil && color.isEnabled(forTerminal: Output.isStandardOutputTerminal)
            let options = ReporterOptions(colored: colored, rules: catalog,
                                          repositoryRoot: repositoryRoot.map(FileSystem.absolute) ?? environment.repositoryRoot,
                                          sourceLinkBase: environment.sourceLinkBase, strict: strict,
                                          workingDirectory: FileSystem.absolute("."), quiet: quiet && request.file == nil)
            let report = try ReporterSelection.render(result, reporter: request.name, options: options)
            if let file = request.file { try Output.writeFile(Array(report.utf8), to: file, analysing: paths) } else { Output.standardOutput(report) }
        }
        let files = requests.compactMap(\.file).filter { $0 != "-" }
        if !quiet && files.count == requests.count {
            let s = result.summary
            Output.standardError("modlint: \(Plural.count(s.errors, "error")), \(Plural.count(s.warnings, "warning")), "
                                 + "\(Plural.count(s.notes, "note")) → \(files.map(Output.destination).joined(separator: ", "))\n")
        }
    }
}

/// `--reporter name[:file]`.
struct ReporterRequest: ExpressibleByArgument {
    var name: String
    var file: String?

    init(name: String, file: String?) {
        self.name = name
        self.file = file
    }

    init?(argument: String) {
        if let colon = argument.firstIndex(of: ":") {
            name = String(argument[..<colon])
            file = String(argument[argument.index(after: colon)...])
            if file!.isEmpty { return nil }
        } else {
            name = argument
            file = nil
        }
        guard ReporterSelection.names.contains(name) else { return nil }
    }

    static var allValueStrings: [String] { ReporterSelection.names }
}

enum ColorMode: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    func isEnabled(forTerminal isTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
            return isTerminal && noColor.isEmpty
        }
    }
}

/// A documented way to make the binary fail internally, so that exit code 3 is tested
/// end to end like every other exit code.
enum FaultInjection {
    struct InternalFault: Error, CustomStringConvertible {
        var description: String { "fault injected through MODLINT_FAULT_INJECTION" }
    }

    static func checkInternalFault() throws {
        if let value = getenv("MODLINT_FAULT_INJECTION"), String(cString: value) == "internal" {
            throw InternalFault()
        }
    }
}
