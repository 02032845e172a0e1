import ModlintGraph
import ModlintRuleEngine
import ModlintRules
import ModlintWorkspace

/// One lint of the paths as `graph` and `fix` need it: the configuration found near
/// them, dependencies as context, the cache, and the configured baseline applied (so what
/// they draw or edit is exactly what `lint` reports). `lint` itself adds the result memo
/// and `--baseline`/`--changed` on top, in `LintCommand`.
struct BaselinedLint {
    let configuration: Configuration
    let workspace: Workspace
    let graph: ModuleGraph
    let result: LintResult

    /// `validating`: check the configuration's globs against the workspace first, as
    /// `lint` does. `parallel`: run the rules on all cores (see `Linter.runsRulesInParallel`).
    init(paths: [String], configuration options: ConfigurationOptions, dependencies: DependencyOptions, cache: CacheOptions,
         validating: Bool, parallel: Bool = true) throws {
        configuration = try options.load(near: paths)
        var linter = Linter(rules: BuiltinRules.all, configuration: configuration)
        linter.runsRulesInParallel = parallel
        try dependencies.apply(to: &linter)
        linter.loaderOptions.cache = try cache.make().cache
        workspace = try WorkspaceLoader(options: linter.loaderOptions).load(paths: paths)
        graph = ModuleGraph(workspace: workspace)
        if validating {
            try ConfigurationValidator(configuration: configuration).validate(workspace, graph: graph, loaderOptions: linter.loaderOptions)
        }
        var result = linter.lint(workspace, graph: graph)
        if let baseline = BaselineFile.configured(configuration) {
            result = try BaselineFile.read(baseline).apply(to: result).result
        }
        self.result = result
    }
}
