import ModlintManifest
import ModlintWorkspace

/// Options shared by the graph views.
public struct ViewOptions: Sendable {
    public var includeTests: Bool
    public var includeExternal: Bool

    public init(includeTests: Bool = false, includeExternal: Bool = false) {
        self.includeTests = includeTests
        self.includeExternal = includeExternal
    }
}

/// Builds the drawable views of a workspace.
public enum GraphViews {
    public static func make(_ name: GraphView.Name, workspace: Workspace, graph: ModuleGraph, options: ViewOptions = ViewOptions()) -> GraphView {
        switch name {
        case .packages: return packages(workspace: workspace, graph: graph, options: options)
        case .modules: return modules(workspace: workspace, graph: graph, options: options, edgesFromImports: false)
        case .imports: return modules(workspace: workspace, graph: graph, options: options, edgesFromImports: true)
        case .di: return DIGraphView.make(workspace: workspace, graph: graph, options: options)
        case .spezi: return SpeziGraphView.make(workspace: workspace, graph: graph, options: options)
        }
    }

    static func nodeKind(_ module: ModuleGraph.Module) -> GraphNode.Kind {
        if let productType = module.productType {
            switch productType.role {
            case .app: return .app
            case .appExtension: return .appExtension
            case .framework: return .framework
            case .test: return .test
            }
        }
        return nodeKind(module.kind)
    }

    static func nodeKind(_ kind: ManifestTarget.Kind) -> GraphNode.Kind {
        switch kind {
        case .regular: return .library
        case .executable: return .executable
        case .test: return .test
        case .macro: return .macro
        case .plugin: return .plugin
        case .system: return .system
        case .binary: return .binary
        }
    }

    private static func modules(workspace: Workspace, graph: ModuleGraph, options: ViewOptions, edgesFromImports: Bool) -> GraphView {
        // Dependencies read as context are drawn only as external nodes (`--include-external`).
        let included = graph.modules.indices.filter {
            (options.includeTests || graph.modules[$0].kind != .test) && !graph.modules[$0].isContext
        }
        let includedSet = Set(included)
        var nodes = included.map { index -> GraphNode in
            let module = graph.modules[index]
            return GraphNode(id: module.id, kind: nodeKind(module), package: module.package, path: module.directory,
                             files: workspace.target(of: module).files.map(\.path))
        }
        var edges: [GraphEdge] = []
        var externalNames = Set<String>()
        if edgesFromImports {
            for edge in graph.imports where includedSet.contains(edge.from) && includedSet.contains(edge.to) {
                edges.append(GraphEdge(from: graph.modules[edge.from].id, to: graph.modules[edge.to].id, kind: .import))
            }
            if options.includeExternal {
                for edge in graph.imports where includedSet.contains(edge.from) && graph.modules[edge.to].isContext {
                    externalNames.insert(graph.modules[edge.to].name)
                    edges.append(GraphEdge(from: graph.modules[edge.from].id, to: graph.modules[edge.to].name, kind: .import))
                }
            }
            if options.includeExternal {
                for (from, names) in graph.externalImports where includedSet.contains(from) {
                    for name in names {
                        externalNames.insert(name)
                        edges.append(GraphEdge(from: graph.modules[from].id, to: name, kind: .import))
                    }
                }
            }
        } else {
            for edge in graph.dependencies where includedSet.contains(edge.from) && includedSet.contains(edge.to) {
                edges.append(GraphEdge(from: graph.modules[edge.from].id, to: graph.modules[edge.to].id, kind: .dependency))
            }
            if options.includeExternal {
                for edge in graph.dependencies where includedSet.contains(edge.from) && graph.modules[edge.to].isContext {
                    let name = edge.product ?? graph.modules[edge.to].name
                    externalNames.insert(name)
                    edges.append(GraphEdge(from: graph.modules[edge.from].id, to: name, kind: .dependency))
                }
            }
            if options.includeExternal {
                for edge in graph.externalDependencies where includedSet.contains(edge.from) {
                    externalNames.insert(edge.name)
                    edges.append(GraphEdge(from: graph.modules[edge.from].id, to: edge.name, kind: .dependency))
                }
            }
        }
        let moduleIDs = Set(nodes.map(\.id))
        for name in externalNames where !moduleIDs.contains(name) {
            nodes.append(GraphNode(id: name, kind: .external, package: nil, path: nil))
        }
        return GraphView(name: edgesFromImports ? .imports : .modules, nodes: nodes, edges: edges)
    }

    private static func packages(workspace: Workspace, graph: ModuleGraph, options: ViewOptions) -> GraphView {
        var nodes = workspace.subjectPackages.map {
            GraphNode(id: $0.identity, kind: .package, package: $0.identity, path: $0.directory.isEmpty ? "." : $0.directory)
        }
        var edges: [GraphEdge] = []
        var external = Set<String>()
        let context = Set(workspace.packages.filter(\.isContext).map(\.identity))
        for package in workspace.subjectPackages {
            for dependency in package.localDependencies where !context.contains(dependency) || options.includeExternal {
                if context.contains(dependency) { external.insert(dependency) }
                edges.append(GraphEdge(from: package.identity, to: dependency, kind: .package))
            }
            if options.includeExternal {
                let local = Set(package.dependencyNames.keys).union(context)
                for dependency in package.manifest.dependencies where !local.contains(dependency.identity) {
                    external.insert(dependency.identity)
                    edges.append(GraphEdge(from: package.identity, to: dependency.identity, kind: .package))
                }
            }
        }
        let ids = Set(nodes.map(\.id))
        for name in external where !ids.contains(name) {
            nodes.append(GraphNode(id: name, kind: .external, package: nil, path: nil))
        }
        return GraphView(name: .packages, nodes: nodes, edges: edges)
    }
}
