import ModlintConfiguration
import ModlintFacts
import ModlintWorkspace

/// The `di` view: DI keys, the implementations they bind, the modules that register and
/// consume them, and which keys each factory resolves. Edges behind a DI finding carry
/// the rule id (duplicate registrations on `registers`, missing ones on `consumes`,
/// cycles on `resolves`, missing test values on `binds`).
public enum DIGraphView {
    public static func make(workspace: Workspace, graph: ModuleGraph, options: ViewOptions) -> GraphView {
        make(workspace: workspace, graph: graph, options: options, settings: DISettings())
    }

    public static func make(workspace: Workspace, graph: ModuleGraph, options: ViewOptions, settings: DISettings) -> GraphView {
        let (di, _) = DIAnalysis.of(workspace: workspace, graph: graph, settings: settings)
        var builder = Builder(graph: graph, options: options)

        for registration in di.registrations {
            guard builder.includes(registration.module) else { continue }
            let key = builder.addKey(registration.key)
            builder.addEdge(graph.modules[registration.module].id, key, .registers)
            if let bound = registration.fact.backingKey ?? registration.fact.builds {
                let implementation = builder.addImplementation(bound)
                builder.addEdge(key, implementation, .binds)
            }
            for resolved in registration.fact.resolves {
                builder.addEdge(key, builder.addKey(resolved), .resolves)
            }
        }
        for consumption in di.consumptions where builder.includes(consumption.module) {
            let key = builder.addKey(consumption.key)
            builder.addEdge(graph.modules[consumption.module].id, key, .consumes)
        }
        // Red edges come from the lint result (the DI rules' `edges`), as in every view.
        return GraphView(name: .di, nodes: Array(builder.nodes.values), edges: builder.edges)
    }

    /// Collects nodes and edges with ids that never collide with module ids.
    private struct Builder {
        let graph: ModuleGraph
        let options: ViewOptions
        let moduleIDs: Set<String>
        var nodes: [String: GraphNode] = [:]
        var edges: [GraphEdge] = []

        init(graph: ModuleGraph, options: ViewOptions) {
            self.graph = graph
            self.options = options
            self.moduleIDs = Set(graph.modules.map(\.id))
        }

        func includes(_ module: Int) -> Bool {
            options.includeTests || graph.modules[module].kind != .test
        }

        func keyID(_ key: DIKey) -> String {
            moduleIDs.contains(key.description) ? "\(key.description) (key)" : key.description
        }

        mutating func addKey(_ key: DIKey) -> String {
            let id = keyID(key)
            nodes[id] = GraphNode(id: id, kind: .diKey, package: nil, path: nil)
            return id
        }

        mutating func addImplementation(_ name: String) -> String {
            var id = name
            if moduleIDs.contains(id) || nodes[id].map({ $0.kind != .implementation }) == true { id += " (implementation)" }
            nodes[id] = GraphNode(id: id, kind: .implementation, package: nil, path: nil)
            return id
        }

        mutating func addEdge(_ from: String, _ to: String, _ kind: GraphEdge.Kind, violation: String? = nil) {
            if nodes[from] == nil, let index = graph.index(of: from) {
                let module = graph.modules[index]
                nodes[from] = GraphNode(id: module.id, kind: GraphViews.nodeKind(module.kind), package: module.package, path: module.directory)
            }
            edges.append(GraphEdge(from: from, to: to, kind: kind, violations: violation.map { [$0] } ?? []))
        }
    }
}
