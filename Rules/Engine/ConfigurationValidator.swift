import ModlintConfiguration
import ModlintGraph
import ModlintWorkspace

/// Checks the configuration against the loaded workspace: a glob that matches nothing is
/// almost always a typo or a renamed module, and a silently dead rule is worse than an
/// error. Throws the first problem in file order as a `ConfigurationError` (exit 2).
public struct ConfigurationValidator: Sendable {
    public var configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// `loaderOptions`: when a sub-folder of the configuration's folder is linted (`cd
    /// Packages/Feature && modlint lint` with the repository's `.modlint.yml`), a glob that
    /// matches nothing here is checked against the whole configured tree, and is an error
    /// only when it matches nothing there either.
    public func validate(_ workspace: Workspace, graph: ModuleGraph, loaderOptions: WorkspaceOptions? = nil) throws {
        guard configuration.file != nil else { return }
        var problems = self.problems(workspace, graph: graph)
        if !problems.isEmpty, let base = configuration.baseDirectory, let loaderOptions,
           workspace.root != base, Paths.isInside(workspace.root, base) {
            var options = loaderOptions
            options.readsDependencies = false
            if let whole = try? WorkspaceLoader(options: options).load(paths: [base]) {
                // Same place, same glob (the did-you-mean may differ with more candidates).
                func key(_ problem: ConfigurationError) -> String {
                    "\(problem.location)|" + (problem.message.components(separatedBy: " — did you mean")[0])
                }
                let remaining = Set(self.problems(whole, graph: ModuleGraph(workspace: whole)).map(key))
                problems = problems.filter { remaining.contains(key($0)) }
            }
        }
        if let first = problems.min(by: { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }) {
            throw first
        }
    }

    /// Every glob that matches nothing.
    public func problems(_ workspace: Workspace, graph: ModuleGraph) -> [ConfigurationError] {
        let paths = ConfigurationPaths(workspaceRoot: workspace.root, baseDirectory: configuration.baseDirectory)
        let moduleNames = Set(graph.modules.flatMap { [$0.name, $0.id] })
        var edgeTargets = moduleNames
        edgeTargets.formUnion(graph.externalDependencies.map(\.name))
        for names in graph.externalImports.values { edgeTargets.formUnion(names) }
        let moduleDirectories = graph.modules.compactMap { $0.directory.flatMap(paths.configurationRelative) }
        var workspacePaths = Set<String>()
        for package in workspace.packages {
            var files = [package.manifestPath]
            for target in package.targets { files += target.files.map(\.path) }
            for file in files {
                guard var path = paths.configurationRelative(file) else { continue }
                while !path.isEmpty {
                    workspacePaths.insert(path)
                    path = Paths.parent(path)
                }
            }
        }
        let excludedPaths = workspace.excludedPaths.compactMap(paths.configurationRelative)

        var problems: [ConfigurationError] = []
        func check(_ globs: [Glob], _ what: String, against candidates: Set<String>, suggest: Bool = true) {
            for glob in globs where !candidates.contains(where: glob.matches) {
                guard let location = glob.location else { continue }
                let hint = suggest ? (Suggestions.closest(to: glob.pattern, in: candidates.sorted()).map { " — did you mean '\($0)'?" } ?? "") : ""
                problems.append(ConfigurationError("\(what) '\(glob.pattern)' matches nothing\(hint)", at: location))
            }
        }
        func checkPaths(_ globs: [Glob], _ what: String, against candidates: [String]) {
            for glob in globs where !candidates.contains(where: { glob.matches($0) || glob.matches($0 + "/") }) {
                guard let location = glob.location else { continue }
                let hint = Suggestions.closest(to: glob.pattern, in: candidates.sorted()).map { " — did you mean '\($0)'?" } ?? ""
                problems.append(ConfigurationError("\(what) '\(glob.pattern)' matches nothing\(hint)", at: location))
            }
        }
        for layer in configuration.layers {
            check(layer.modules, "module glob of layer '\(layer.name)'", against: moduleNames)
            checkPaths(layer.paths, "path glob of layer '\(layer.name)'", against: moduleDirectories)
        }
        for edge in configuration.forbidden {
            check([edge.from], "'from' of a forbidden edge", against: moduleNames)
            check([edge.to], "'to' of a forbidden edge", against: edgeTargets)
        }
        for edge in configuration.allowed {
            check([edge.from], "'from' of an allowed edge", against: moduleNames)
            check([edge.to], "'to' of an allowed edge", against: edgeTargets)
        }
        check(configuration.compositionRoots, "composition root", against: moduleNames)
        checkPaths(configuration.include, "include path", against: workspacePaths.sorted())
        checkPaths(configuration.exclude, "exclude path", against: excludedPaths)
        return problems
    }
}

/// `include:`: only findings in files below an included path are reported; the whole
/// workspace is still read, so that cross-module rules see the complete graph.
public struct IncludeFilter: Sendable {
    public var globs: [Glob]
    public var paths: ConfigurationPaths

    public init(globs: [Glob], paths: ConfigurationPaths) {
        self.globs = globs
        self.paths = paths
    }

    public func includes(_ workspacePath: String) -> Bool {
        guard !globs.isEmpty else { return true }
        guard var path = paths.configurationRelative(workspacePath) else { return false }
        while !path.isEmpty {
            if globs.contains(where: { $0.matches(path) || $0.matches(path + "/") }) { return true }
            path = Paths.parent(path)
        }
        return false
    }
}
