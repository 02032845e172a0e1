import ArgumentParser
import ModlintFix
import ModlintGraph
import ModlintReporters
import ModlintRules
import ModlintWorkspace

struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Edit Package.swift so that declared dependencies match the imports: declare what undeclared-import reports (with --remove-unused, remove what unused-dependency reports). Xcode projects are reported, not edited."
    )

    @Argument(help: "Directories (or files inside packages) whose manifests to fix (default: the git work tree that holds the current directory, else the current directory).")
    var paths: [String] = []

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var dependencies: DependencyOptions

    @Flag(name: .customLong("dry-run"), help: "Print the edits as a unified diff and change nothing.")
    var dryRun = false

    @Flag(name: .customLong("remove-unused"), help: "Also remove declared dependencies that no source imports (never link-only ones).")
    var removeUnused = false

    @Flag(name: .customLong("all"), help: "Also declare imports that only warnings report (reachable only through another dependency); by default fix changes what the gate fails on.")
    var all = false

    @OptionGroup var cache: CacheOptions

    func run() throws {
        let run = try FixRun(paths: paths, configuration: configuration, dependencies: dependencies, cache: cache)
        let fixer = try run.plan(removeUnused: removeUnused, all: all)
        if dryRun {
            Output.standardOutput(fixer.diff)
            run.report(fixer, wrote: false, to: Output.standardError)
            if run.result.summary.errors > 0 { throw ExitStatus.findings }
            return
        }
        try run.write(fixer)
        run.report(fixer, wrote: true, to: Output.standardOutput)
        // Exit as `lint` would now: 0 when nothing is left at error severity (nothing
        // written: the result is the one just computed).
        let wrote = fixer.changes.contains { $0.edited != $0.original }
        let after = wrote ? try FixRun(paths: paths, configuration: configuration, dependencies: dependencies, cache: cache).result : run.result
        let s = after.summary
        Output.standardError("modlint: after fixing: \(Plural.count(s.errors, "error")), \(Plural.count(s.warnings, "warning")), "
                             + "\(Plural.count(s.notes, "note"))\n")
        if s.errors > 0 { throw ExitStatus.findings }
    }
}

/// One lint of the paths (after suppressions, `include:` and the configured baseline) and
/// the manifest edits its findings carry; shared by `fix` and `lint --fix`.
struct FixRun {
    let result: LintResult
    /// `fix` never declares edges that close a cycle together with the declared ones.
    let graph: ModuleGraph

    init(paths: [String], configuration: ConfigurationOptions, dependencies: DependencyOptions, cache: CacheOptions) throws {
        let lint = try BaselinedLint.run(paths: AnalysedPaths(given: paths).paths, configuration: configuration, dependencies: dependencies, cache: cache,
                                         validating: true)
        result = lint.result
        graph = lint.graph
    }

    func plan(removeUnused: Bool, all: Bool = false) throws -> DependencyFixer {
        let fixer = DependencyFixer(result: result, removeUnused: removeUnused, all: all, graph: graph)
        if let manifest = fixer.unreadable.first {
            throw UsageError(message: "cannot read \(Paths.join(result.root, manifest))")
        }
        return fixer
    }

    func write(_ fixer: DependencyFixer) throws {
        if let failure = fixer.write().first {
            throw UsageError(message: "cannot write \(Paths.join(result.root, failure.manifest)): \(failure.reason)")
        }
    }

    /// One line per edit made (or, with `wrote: false`, that would be made), per edit left
    /// undone and why, and per Xcode project edit to make by hand.
    func report(_ fixer: DependencyFixer, wrote: Bool, to print: (String) -> Void) {
        var lines: [String] = []
        for change in fixer.changes {
            for fix in change.applied {
                let verb = fix.action == .add ? (wrote ? "added" : "would add") : (wrote ? "removed" : "would remove")
                lines.append("\(change.manifest): target \(fix.target): \(verb) \(fix.element)"
                             + (fix.packageDependency.map { " and \($0)" } ?? ""))
            }
            for refusal in change.refused {
                lines.append("\(change.manifest): target \(refusal.fix.target): not changed: \(refusal.reason)")
            }
        }
        for kept in fixer.kept {
            lines.append("\(kept.file):\(kept.line): kept: \(kept.message)")
        }
        for left in fixer.closingCycles {
            lines.append("\(left.file):\(left.line): \(left.message)")
        }
        for fix in fixer.xcodeFixes {
            let verb = fix.action == .add ? "add" : "remove"
            lines.append("\(fix.manifest): target \(fix.target): \(verb) \(fix.dependency) in Xcode (projects are not edited)")
        }
        let count = fixer.changes.reduce(0) { $0 + $1.applied.count }
        var summary = "modlint: \(wrote ? "made" : "would make") \(Plural.count(count, "edit")) in "
            + "\(Plural.count(fixer.changes.filter { !$0.applied.isEmpty }.count, "manifest"))"
        if fixer.leftAtWarning > 0 {
            summary += "; left \(Plural.count(fixer.leftAtWarning, "import")) that only warnings report (reachable only through another "
                + "dependency): add --all to declare \(fixer.leftAtWarning == 1 ? "it" : "them") too"
        }
        lines.append(summary)
        print(lines.joined(separator: "\n") + "\n")
    }
}
