import ModlintGraph
import ModlintRules
import ModlintWorkspace

/// What one side of `modlint diff` is: the lint result and the module graph it was judged
/// on, reduced to what a comparison reads (ids, edges, layers, coupling). Paths are relative
/// to the repository; nothing here depends on where the side's files were read from, so a
/// revision analysed in a scratch folder compares with the work tree byte for byte.
public struct ArchitectureSnapshot: Sendable, Equatable, Codable {
    public struct Module: Sendable, Equatable, Codable {
        public var id: String
        public var name: String
        public var package: String
        /// `library`, `executable`, `test` … (`ManifestTarget.Kind`), or `app`, `framework` …
        /// for an Xcode product.
        public var kind: String
        public var layer: String?
        /// A module of a dependency read as context, or an external product: an edge to it
        /// counts, the module itself is not the change's to add or remove.
        public var isExternal: Bool
        /// Coupling over declared edges (`ModuleMetrics`); 0 for test targets, which the
        /// metrics leave out as the graph views do.
        public var fanIn: Int
        public var fanOut: Int
        public var instability: Double
        public var depth: Int

        public init(id: String, name: String, package: String, kind: String, layer: String?, isExternal: Bool,
                    fanIn: Int = 0, fanOut: Int = 0, instability: Double = 0, depth: Int = 0) {
            self.id = id
            self.name = name
            self.package = package
            self.kind = kind
            self.layer = layer
            self.isExternal = isExternal
            self.fanIn = fanIn
            self.fanOut = fanOut
            self.instability = instability
            self.depth = depth
        }
    }

    /// One module edge: declared in a build description, imported in sources, or both.
    public struct Edge: Sendable, Equatable, Hashable, Codable, Comparable {
        public var from: String
        public var to: String
        public var declared: Bool
        public var imported: Bool

        public init(from: String, to: String, declared: Bool, imported: Bool) {
            self.from = from
            self.to = to
            self.declared = declared
            self.imported = imported
        }

        public var key: ModuleEdge { ModuleEdge(from: from, to: to) }

        public static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    public var result: LintResult
    /// Sorted by id.
    public var modules: [Module]
    /// Sorted by (from, to), one per pair.
    public var edges: [Edge]
    /// The longest declared dependency chain, top first (test targets left out).
    public var longestChain: [String]

    public init(result: LintResult, modules: [Module], edges: [Edge], longestChain: [String]) {
        self.result = result
        self.modules = modules.sorted { $0.id < $1.id }
        self.edges = edges.sorted()
        self.longestChain = longestChain
    }

    /// The snapshot of a linted workspace. `result.root` and every path in it become
    /// relative to `repositoryRoot` (the result's `root` is set to `"."`).
    public init(workspace: Workspace, graph: ModuleGraph, result: LintResult, architecture: ArchitectureModel) {
        let metrics = ModuleMetrics(graph: graph)
        var metricsByID: [String: ModuleMetrics.Entry] = [:]
        for entry in metrics.modules { metricsByID[entry.module] = entry }
        var modules: [Module] = graph.modules.indices.map { index in
            let module = graph.modules[index]
            let entry = metricsByID[module.id]
            return Module(id: module.id, name: module.name, package: module.package,
                          kind: module.productType.map { "\($0)" } ?? "\(module.kind)", layer: architecture.layer(of: index)?.name,
                          isExternal: module.isContext, fanIn: entry?.fanIn ?? 0, fanOut: entry?.fanOut ?? 0,
                          instability: entry?.instability ?? 0, depth: entry?.depth ?? 0)
        }
        var edges: [ModuleEdge: Edge] = [:]
        func add(_ from: String, _ to: String, declared: Bool) {
            guard from != to else { return }
            let key = ModuleEdge(from: from, to: to)
            var edge = edges[key] ?? Edge(from: from, to: to, declared: false, imported: false)
            if declared { edge.declared = true } else { edge.imported = true }
            edges[key] = edge
        }
        for dependency in graph.dependencies {
            add(graph.modules[dependency.from].id, graph.modules[dependency.to].id, declared: true)
        }
        var known = Set(graph.modules.map(\.id))
        for dependency in graph.externalDependencies {
            let name = dependency.package.map { "\($0)/\(dependency.name)" } ?? dependency.name
            if known.insert(name).inserted {
                modules.append(Module(id: name, name: dependency.name, package: dependency.package ?? "", kind: "product", layer: nil, isExternal: true))
            }
            add(graph.modules[dependency.from].id, name, declared: true)
        }
        for edge in graph.imports {
            add(graph.modules[edge.from].id, graph.modules[edge.to].id, declared: false)
        }
        var relative = result
        relative.root = "."
        self.init(result: relative, modules: modules, edges: Array(edges.values), longestChain: metrics.longestChain)
    }

    public func module(_ id: String) -> Module? {
        modules.first { $0.id == id }
    }
}
