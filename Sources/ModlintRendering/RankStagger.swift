import ModlintGraph

/// Keeps fans of leaves from turning into one long row (what Graphviz's `unflatten -l`
/// does): when more than `maxRowWidth` nodes would share a rank, the leaves among them
/// are spread over several rows by lengthening (`minlen`) the edge of every second,
/// third … leaf. Ranks are estimated as the longest path from a source,
/// with each cycle counted as one node, which is what `dot` does for graphs like these.
struct RankStagger {
    /// `minlen` by edge index into the view's edges (absent: 1).
    private(set) var minimumLengths: [Int: Int] = [:]

    init(_ view: GraphView, maxRowWidth: Int, clusterKey: (GraphNode) -> String?) {
        guard maxRowWidth > 0, view.nodes.count > maxRowWidth else { return }
        var index: [String: Int] = [:]
        for (position, node) in view.nodes.enumerated() { index[node.id] = position }
        let count = view.nodes.count
        var adjacency = [[Int]](repeating: [], count: count)
        for edge in view.edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            adjacency[from].append(to)
        }
        var component = Array(0..<count)
        for members in Cycles.stronglyConnectedComponents(adjacency) {
            for member in members { component[member] = members[0] }
        }
        // Longest path over the condensation (Kahn's order).
        var successors = [Set<Int>](repeating: [], count: count)
        var indegree = [Int](repeating: 0, count: count)
        for (from, targets) in adjacency.enumerated() {
            for to in targets where component[from] != component[to] {
                if successors[component[from]].insert(component[to]).inserted { indegree[component[to]] += 1 }
            }
        }
        var rank = [Int](repeating: 0, count: count)
        var queue = (0..<count).filter { component[$0] == $0 && indegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for next in successors[current].sorted() {
                rank[next] = max(rank[next], rank[current] + 1)
                indegree[next] -= 1
                if indegree[next] == 0 { queue.append(next) }
            }
        }
        var rows: [Int: [Int]] = [:]
        for node in 0..<count { rows[rank[component[node]], default: []].append(node) }
        // Only leaves (one edge) move: staggering nodes with several edges makes every
        // other edge longer, and the routing points of long edges widen the graph more than
        // the staggering narrowed it.
        var degree = [Int](repeating: 0, count: count)
        for (from, targets) in adjacency.enumerated() {
            for to in targets {
                degree[from] += 1
                degree[to] += 1
            }
        }
        var extra = [Int](repeating: 0, count: count)
        for (_, members) in rows where members.count > maxRowWidth {
            let rowCount = (members.count + maxRowWidth - 1) / maxRowWidth
            // Neighbours within a cluster alternate rows, so every cluster gets narrower.
            let leaves = members.filter { degree[$0] == 1 }.sorted {
                (clusterKey(view.nodes[$0]) ?? "", view.nodes[$0].id) < (clusterKey(view.nodes[$1]) ?? "", view.nodes[$1].id)
            }
            for (position, node) in leaves.enumerated() { extra[node] = position % rowCount }
        }
        for (position, edge) in view.edges.enumerated() {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            let length = 1 + extra[to] + extra[from]
            if length > 1 { minimumLengths[position] = length }
        }
    }
}
