import ModlintRules
import ModlintWorkspace

/// The analysis behind one `modlint lint`: one walk of the tree, then the result the memo
/// remembers for it (an unchanged tree, or sources changed in no fact) or a fresh lint,
/// saved for the next run while the reports are rendered. The workspace is loaded only
/// when something needs it (`--verbose`, `--changed`, the HTML report), and once.
final class LintSession {
    let linter: Linter
    private(set) var result: LintResult
    private let loader: WorkspaceLoader
    private let scanned: ScannedWorkspace
    /// The fresh lint's run (workspace and graph), when the rules ran.
    private var run: LintRun?
    private var loaded: Workspace?

    /// `memoized`: answer from (and save to) the result memo; `--changed` needs the
    /// workspace, so it does not.
    init(linter: Linter, paths: [String], memoized: Bool) throws {
        self.linter = linter
        let loader = WorkspaceLoader(options: linter.loaderOptions)
        // One walk: the memo's key and the load share it.
        let scanned = try loader.scan(paths: paths)
        (self.loader, self.scanned) = (loader, scanned)
        // An unchanged tree reuses the last run's result.
        let memo = memoized ? RunMemo(scanned: scanned, linter: linter, paths: paths) : nil
        if let remembered = memo?.result() {
            result = remembered
            return
        }
        // The tree changed: the layout will likely be needed, read while the facts are checked.
        loader.prefetchLayout(scanned)
        // Only comments or white space changed: the facts, and so the result, did not.
        let factsKey = memo.flatMap { memo in loader.factsDigest(scanned).map { memo.factsKey(digest: $0) } }
        if let factsKey, let remembered = memo?.result(facts: factsKey) {
            result = remembered
            loader.saveCache(scanned)
        } else {
            let workspace = loader.load(scanned)
            PhaseClock.mark("load")
            let run = try linter.runValidatingConfiguration(workspace)
            PhaseClock.mark("rules")
            (self.run, loaded, result) = (run, workspace, run.result)
        }
        // Written while the reports are rendered (and waited for at exit).
        if let memo, let factsKey, let cache = linter.loaderOptions.cache {
            let saved = result
            SummaryCache.writeInBackground {
                if !memo.save(saved, facts: factsKey) { cache.recordWriteFailure(memo.file) }
            }
        }
    }

    /// The workspace the result was made from.
    var workspace: Workspace {
        if let loaded { return loaded }
        let workspace = loader.load(scanned)
        loaded = workspace
        return workspace
    }

    /// `result` (filtered by the baseline and `--changed`) with the workspace and graph it
    /// was made from: what the HTML report draws.
    func run(with result: LintResult) -> LintRun {
        var run = run ?? linter.run(remembered: result, workspace: workspace)
        self.run = run
        run.result = result
        return run
    }
}
