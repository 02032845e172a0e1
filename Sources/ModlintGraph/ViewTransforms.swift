/// Pure functions `GraphView → GraphView` that make large views readable: focus, exclude,
/// collapse, transitive reduction, plus the annotations `modlint graph` adds (violations,
/// layers). They work on any view: they only look at node ids, packages and edges.
public enum ViewTransforms {
    /// Marks the edges that violations (a finding's module edge, by module id, and its
    /// rule: a lint result's `DiagramViolations`) point at. `node` maps a module id to the node that
    /// stands for it in this view (the module itself, or its package in the packages view);
    /// violations whose ends map to no node, or to one node, are dropped. With `missingKind`,
    /// a violation without a matching edge (an undeclared import in the modules view) is
    /// added as a new edge of that kind; otherwise it is dropped.
    public static func markViolations(_ view: GraphView, _ violations: [(from: String, to: String, rule: String)],
                                      node: (String) -> String? = { $0 },
                                      missingKind: GraphEdge.Kind? = nil) -> GraphView {
        let ids = Set(view.nodes.map(\.id))
        var rules: [Pair: Set<String>] = [:]
        for violation in violations {
            guard let from = node(violation.from), let to = node(violation.to), from != to,
                  ids.contains(from), ids.contains(to) else { continue }
            rules[Pair(from: from, to: to), default: []].insert(violation.rule)
        }
        var edges = view.edges
        var matched = Set<Pair>()
        for index in edges.indices {
            let pair = Pair(from: edges[index].from, to: edges[index].to)
            guard let found = rules[pair] else { continue }
            edges[index].violations = Array(Set(edges[index].violations).union(found)).sorted()
            matched.insert(pair)
        }
        if let missingKind {
            for (pair, found) in rules where !matched.contains(pair) {
                edges.append(GraphEdge(from: pair.from, to: pair.to, kind: missingKind, violations: found.sorted()))
            }
        }
        return GraphView(name: view.name, nodes: view.nodes, edges: edges)
    }

    /// Sets `layer` on every node for which `layer(node)` names one.
    public static func assignLayers(_ view: GraphView, layer: (GraphNode) -> String?) -> GraphView {
        let nodes = view.nodes.map { node -> GraphNode in
            var node = node
            if let name = layer(node) { node.layer = name }
            return node
        }
        return GraphView(name: view.name, nodes: nodes, edges: view.edges)
    }

    /// Removes the nodes for which `isExcluded` holds, and their edges.
    public static func exclude(_ view: GraphView, where isExcluded: (GraphNode) -> Bool) -> GraphView {
        let kept = view.nodes.filter { !isExcluded($0) }
        return induced(view, keeping: Set(kept.map(\.id)))
    }

    /// Which way `focus` follows edges.
    public enum Direction: Sendable {
        /// What the focused nodes depend on (along the edges).
        case dependencies
        /// Who depends on the focused nodes (against the edges).
        case dependents
    }

    /// The focused nodes plus every node reachable from them in `direction` within `depth`
    /// edges (`nil`: unlimited), with all edges among the kept nodes.
    public static func focus(_ view: GraphView, on roots: [String], depth: Int? = nil,
                             direction: Direction = .dependencies) -> GraphView {
        var next: [String: [String]] = [:]
        for edge in view.edges {
            switch direction {
            case .dependencies: next[edge.from, default: []].append(edge.to)
            case .dependents: next[edge.to, default: []].append(edge.from)
            }
        }
        let ids = Set(view.nodes.map(\.id))
        var distance: [String: Int] = [:]
        var queue: [String] = []
        for root in roots where ids.contains(root) && distance[root] == nil {
            distance[root] = 0
            queue.append(root)
        }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            let steps = distance[current]!
            if let depth, steps >= depth { continue }
            for neighbour in next[current] ?? [] where distance[neighbour] == nil {
                distance[neighbour] = steps + 1
                queue.append(neighbour)
            }
        }
        return induced(view, keeping: Set(distance.keys))
    }

    /// One node per package (kind `package`, id = package identity) for every node that
    /// belongs to a package; external nodes stay. Edges between packages merge (per kind,
    /// violations joined); edges inside a package disappear unless they carry violations
    /// (a cycle inside a package stays visible as a loop).
    /// Packages in `expanded` keep their modules.
    public static func collapsePackages(_ view: GraphView, keeping expanded: Set<String> = []) -> GraphView {
        func key(_ node: GraphNode) -> String? {
            node.kind == .external || node.package.map(expanded.contains) == true ? nil : node.package
        }
        var members: [String: [GraphNode]] = [:]
        var nodeFor: [String: String] = [:]
        var nodes: [GraphNode] = []
        for node in view.nodes {
            if let package = key(node) {
                members[package, default: []].append(node)
                nodeFor[node.id] = package
            } else {
                nodeFor[node.id] = node.id
                nodes.append(node)
            }
        }
        for (package, group) in members {
            let layers = Set(group.compactMap(\.layer))
            nodes.append(GraphNode(id: package, kind: .package, package: package,
                                   path: commonDirectory(group.compactMap(\.path)),
                                   layer: layers.count == 1 ? layers.first : nil))
        }
        var merged: [EdgeKey: Set<String>] = [:]
        for edge in view.edges {
            guard let from = nodeFor[edge.from], let to = nodeFor[edge.to] else { continue }
            if from == to && edge.violations.isEmpty { continue }
            merged[EdgeKey(from: from, to: to, kind: edge.kind), default: []].formUnion(edge.violations)
        }
        let edges = merged.map { GraphEdge(from: $0.key.from, to: $0.key.to, kind: $0.key.kind, violations: $0.value.sorted()) }
        return GraphView(name: view.name, nodes: nodes, edges: edges)
    }

    /// Drops every edge implied by a longer path (u → v when u reaches v through another
    /// node). Computed on the strongly connected components, so edges inside a cycle and
    /// edges that carry violations always stay.
    public static func transitiveReduction(_ view: GraphView) -> GraphView {
        let ids = view.nodes.map(\.id)
        var index: [String: Int] = [:]
        for (position, id) in ids.enumerated() { index[id] = position }
        var adjacency = [[Int]](repeating: [], count: ids.count)
        for edge in view.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            adjacency[from].append(to)
        }
        // Cycles reports only components with a cycle; every other node is its own.
        var component = Array(ids.indices)
        for members in Cycles.stronglyConnectedComponents(adjacency) {
            for member in members { component[member] = members[0] }
        }
        var successors = [Set<Int>](repeating: [], count: ids.count)
        for (from, targets) in adjacency.enumerated() {
            for to in targets where component[from] != component[to] {
                successors[component[from]].insert(component[to])
            }
        }
        var reachable: [Int: Set<Int>] = [:]
        func reach(_ start: Int) -> Set<Int> {
            if let known = reachable[start] { return known }
            var seen: Set<Int> = []
            var stack = [start]
            while let current = stack.popLast() {
                for next in successors[current] where seen.insert(next).inserted { stack.append(next) }
            }
            reachable[start] = seen
            return seen
        }
        let edges = view.edges.filter { edge in
            guard edge.violations.isEmpty, let from = index[edge.from], let to = index[edge.to] else { return true }
            let source = component[from], target = component[to]
            guard source != target else { return true }
            return !successors[source].contains { $0 != target && reach($0).contains(target) }
        }
        return GraphView(name: view.name, nodes: view.nodes, edges: edges)
    }

    // MARK: Helpers

    private struct Pair: Hashable {
        var from: String
        var to: String
    }

    private struct EdgeKey: Hashable {
        var from: String
        var to: String
        var kind: GraphEdge.Kind
    }

    private static func induced(_ view: GraphView, keeping kept: Set<String>) -> GraphView {
        GraphView(name: view.name, nodes: view.nodes.filter { kept.contains($0.id) },
                  edges: view.edges.filter { kept.contains($0.from) && kept.contains($0.to) })
    }

    /// The longest directory prefix shared by all paths (`nil` when there is none).
    static func commonDirectory(_ paths: [String]) -> String? {
        guard var common = paths.first?.split(separator: "/", omittingEmptySubsequences: true) else { return nil }
        for path in paths.dropFirst() {
            let components = path.split(separator: "/", omittingEmptySubsequences: true)
            var length = 0
            while length < min(common.count, components.count), common[length] == components[length] { length += 1 }
            common = Array(common.prefix(length))
        }
        return common.isEmpty ? nil : common.joined(separator: "/")
    }
}
