import ModlintGraph
import ModlintRules
import ModlintWorkspace

/// One lint of the paths as `graph`, `report` and `fix` need it: the configuration found
/// near them, dependencies as context, the cache, and the configured baseline applied (so
/// what they draw or edit is exactly what `lint` reports). `lint` itself adds the result
/// memo and `--baseline`/`--changed` on top, in `LintSession`.
enum BaselinedLint {
    /// `validating`: check the configuration's globs against the workspace first, as
    /// `lint` does. `parallel`: run the rules on all cores (see `Linter.runsRulesInParallel`).
    static func run(paths: [String], configuration options: ConfigurationOptions, dependencies: DependencyOptions, cache: CacheOptions,
                    validating: Bool, parallel: Bool = true) throws -> LintRun {
        let configuration = try options.load(near: paths)
        var linter = Linter(rules: BuiltinRules.all, configuration: configuration)
        linter.runsRulesInParallel = parallel
        try dependencies.apply(to: &linter)
        linter.loaderOptions.cache = try cache.make().cache
        let workspace = try WorkspaceLoader(options: linter.loaderOptions).load(paths: paths)
        var run = try validating ? linter.runValidatingConfiguration(workspace) : linter.run(workspace, graph: ModuleGraph(workspace: workspace))
        if let baseline = BaselineFile.configured(configuration) {
            run.result = try BaselineFile.read(baseline).apply(to: run.result).result
        }
        return run
    }
}
