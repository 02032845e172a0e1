import ModlintGraph
import ModlintWorkspace

/// `--changed`: the analysis stays whole-workspace (a cycle needs every edge), only the
/// report is narrowed to findings a change is responsible for: findings in a changed file,
/// with a related location in one, or on a module whose manifest changed (the edges a
/// manifest declares belong to the modules it declares).
public struct ChangedFilesFilter: Sendable {
    /// Paths relative to the workspace root.
    public var changedFiles: Set<String>
    var changedModules: Set<String>

    public init(changedFiles: Set<String>, workspace: Workspace) {
        self.changedFiles = changedFiles
        var modules = Set<String>()
        let graph = ModuleGraph(workspace: workspace)
        for module in graph.modules {
            let package = workspace.packages[module.packageIndex]
            // The package's manifest, or the spec file that declares the target (an include).
            let declaration = package.targets[module.targetIndex].declaration
            // …or another file that declares some of its dependencies (a Podfile).
            if changedFiles.contains(package.manifestPath) || changedFiles.contains(package.file(declaring: declaration))
                || declaration.dependencies.contains(where: { $0.file.map(changedFiles.contains) ?? false }) {
                modules.insert(module.id)
            }
        }
        changedModules = modules
    }

    public func isRelevant(_ diagnostic: Diagnostic) -> Bool {
        if changedFiles.contains(diagnostic.file) { return true }
        if diagnostic.related.contains(where: { changedFiles.contains($0.file) }) { return true }
        if let module = diagnostic.module, changedModules.contains(module) { return true }
        return false
    }

    public func apply(to result: LintResult) -> LintResult {
        result.replacingDiagnostics(result.diagnostics.filter(isRelevant))
    }
}
