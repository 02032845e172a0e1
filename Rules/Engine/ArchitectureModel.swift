import ModlintConfiguration
import ModlintGraph
import ModlintWorkspace

/// The configured architecture applied to one workspace: which layer each module belongs
/// to and which edges the configuration allows explicitly. Path globs in the
/// configuration are relative to the configuration file's directory, paths in the
/// workspace to the workspace root; this type translates between the two.
public struct ArchitectureModel: Sendable {
    public let configuration: Configuration
    /// Layer index per module (index into `configuration.layers`), `nil` when unassigned.
    public let layers: [Int?]
    private let workspaceRoot: String
    /// Module names by id, where they differ (`app/Core` is `Core`; XcodeGen's `A_iOS`
    /// builds module `A`): an `allowed:`/`forbidden:` pattern matches either.
    private let namesByID: [String: String]

    public init(workspace: Workspace, graph: ModuleGraph, configuration: Configuration) {
        self.configuration = configuration
        self.workspaceRoot = workspace.root
        var names: [String: String] = [:]
        for module in graph.modules where module.name != module.id { names[module.id] = module.name }
        namesByID = names
        let paths = ConfigurationPaths(workspaceRoot: workspace.root, baseDirectory: configuration.baseDirectory)
        layers = graph.modules.map { module in
            let directory = module.directory.flatMap(paths.configurationRelative)
            // The first matching layer wins, so a broad layer listed last is a catch-all.
            return configuration.layers.firstIndex { $0.contains(module: module.name, directory: directory) }
        }
    }

    public func layer(of module: Int) -> Layer? {
        layers[module].map { configuration.layers[$0] }
    }

    /// A configuration location as a related location of a finding (relative to the
    /// workspace root when the file lies inside it).
    public func related(_ location: ConfigurationLocation?, _ message: String) -> [RelatedLocation] {
        guard let location else { return [] }
        return [RelatedLocation(file: Paths.relative(location.file, to: workspaceRoot), line: location.line, message: message)]
    }

    /// Why the configuration bans a dependency `from → to` that is not declared yet (the
    /// rule `layer-violation` or `forbidden-dependency` would report once it is), or `nil`:
    /// what `fix` and the advice must never propose. Test targets are judged by neither rule.
    public func ban(from: Int, to: Int, in graph: ModuleGraph) -> String? {
        let source = graph.modules[from], target = graph.modules[to]
        guard source.kind != .test, from != to, allowance(from: source.id, to: target.id) == nil else { return nil }
        if let rule = forbiddingRule(from: source.id, to: target.id) {
            return "the configuration forbids \(rule.from) -> \(rule.to)" + (rule.reason.map { " (\($0))" } ?? "")
        }
        guard let conflict = layerConflict(from: from, to: to) else { return nil }
        return conflict.upward ? "layer \(conflict.source.name) must not depend on the higher layer \(conflict.violated.name)"
            : "modules of the independent layer \(conflict.source.name) must not depend on each other"
    }

    /// The layer rule an edge `from → to` (module indices) breaks: it reaches up to a higher
    /// layer (`upward`, `violated` is that layer), or joins two siblings of an independent
    /// layer (`violated` is it). `nil` when it breaks none. Test modules and `allowed:`
    /// edges are the callers' to judge. One decision for `layer-violation`, the advice and `fix`.
    public func layerConflict(from: Int, to: Int) -> (source: Layer, violated: Layer, upward: Bool)? {
        guard let fromLayer = layers[from], let toLayer = layers[to] else { return nil }
        let source = configuration.layers[fromLayer]
        if toLayer < fromLayer { return (source, configuration.layers[toLayer], true) }
        if fromLayer == toLayer && source.independent { return (source, source, false) }
        return nil
    }

    /// The `forbidden:` entry an edge `from → to` (module ids or an external name) breaks,
    /// before `allowed:` is considered. One decision for `forbidden-dependency`, the advice and `fix`.
    public func forbiddingRule(from: String, to: String) -> EdgeRule? {
        configuration.forbidden.first { matches($0, from: from, to: to) }
    }

    /// The `allowed` entry that permits `from → to`, if any.
    public func allowance(from: String, to: String) -> EdgeRule? {
        configuration.allowed.first { matches($0, from: from, to: to) }
    }

    /// A pattern names a module by its id or by its module name.
    private func matches(_ rule: EdgeRule, from: String, to: String) -> Bool {
        let sources = [from] + (namesByID[from].map { [$0] } ?? []), targets = [to] + (namesByID[to].map { [$0] } ?? [])
        return sources.contains { source in targets.contains { rule.matches(from: source, to: $0) } }
    }
}

/// Converts workspace-relative paths to paths relative to the configuration's directory.
public struct ConfigurationPaths: Sendable {
    public var workspaceRoot: String
    public var baseDirectory: String?

    public init(workspaceRoot: String, baseDirectory: String?) {
        self.workspaceRoot = workspaceRoot
        self.baseDirectory = baseDirectory
    }

    /// `nil` when the path lies outside the configuration's directory (no path glob can
    /// match it then).
    public func configurationRelative(_ workspacePath: String) -> String? {
        guard let baseDirectory else { return workspacePath }
        let absolute = Paths.join(workspaceRoot, workspacePath)
        guard Paths.isInside(absolute, baseDirectory) || baseDirectory == "/" else { return nil }
        return baseDirectory == "/" ? String(absolute.dropFirst()) : Paths.relative(absolute, to: baseDirectory)
    }
}
