/// "Where to cut": the smallest set of edges whose removal makes a strongly connected
/// component acyclic (a minimum feedback arc set). The problem is NP-hard, so components
/// with few edges are solved exactly (subsets by increasing size, in a fixed order, so
/// the answer is deterministic) and larger ones with the Eades–Lin–Smyth ordering
/// heuristic followed by a pass that puts back every edge that is not needed.
public enum CycleBreakers {
    public struct Edge: Sendable, Equatable, Hashable, Comparable {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        public static func < (lhs: Edge, rhs: Edge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// Components with at most this many distinct edges are solved exactly.
    public static let exactEdgeLimit = 16
    /// Acyclicity checks the exact search may spend before falling back to the heuristic.
    public static let exactCheckBudget = 20_000

    /// For every strongly connected component of `adjacency` (as `Cycles` returns them),
    /// the edges to remove, sorted.
    public static func breakers(_ adjacency: [[Int]]) -> [(component: [Int], edges: [Edge])] {
        Cycles.stronglyConnectedComponents(adjacency).map { component in
            (component, breakers(of: component, in: adjacency))
        }
    }

    /// What removing an edge costs, for advice that keeps the code building: `tier` first
    /// (0: nothing imports along the edge, a manifest line; 1: an undeclared import; 2: an
    /// import the sources rely on), then `files` (the files to change).
    public struct Cost: Sendable, Hashable, Comparable {
        public var tier: Int
        public var files: Int

        public init(tier: Int, files: Int) {
            self.tier = tier
            self.files = files
        }

        public static func < (lhs: Cost, rhs: Cost) -> Bool { (lhs.tier, lhs.files) < (rhs.tier, rhs.files) }
    }

    /// The edges to remove so that `component` (a strongly connected component) has no cycle.
    ///
    /// With `cost`, only the cheapest tier that can break every cycle is cut: a cycle that
    /// an unimported declaration closes is broken there, never at the import the sources
    /// need (whose removal would break the build); within that tier, the fewest edges,
    /// then the fewest files.
    public static func breakers(of component: [Int], in adjacency: [[Int]], cost: ((Edge) -> Cost)? = nil) -> [Edge] {
        let members = Set(component)
        var edgeSet = Set<Edge>()
        for node in component {
            for next in adjacency[node] where members.contains(next) { edgeSet.insert(Edge(from: node, to: next)) }
        }
        let edges = edgeSet.sorted()
        // Self-loops must always go; they never help to break other cycles.
        let loops = edges.filter { $0.from == $0.to }
        let rest = edges.filter { $0.from != $0.to }
        if isAcyclic(component, rest, removing: []) { return loops }
        if let cost {
            let costs = rest.map(cost)
            if Set(costs).count > 1 { return (loops + tieredSolution(component, rest, costs: costs)).sorted() }
        }
        if rest.count <= exactEdgeLimit, let exact = exactSolution(component, rest) {
            return (loops + exact.map { rest[$0] }).sorted()
        }
        return (loops + heuristicSolution(component, rest)).sorted()
    }

    /// The lowest tier whose edges, all removed, leave no cycle; then the fewest of them
    /// (exactly when few, else every one that is needed), the cheaper on a tie.
    private static func tieredSolution(_ nodes: [Int], _ edges: [Edge], costs: [Cost]) -> [Edge] {
        for tier in Set(costs.map(\.tier)).sorted() {
            let candidates = edges.indices.filter { costs[$0].tier <= tier }
            guard isAcyclic(nodes, edges, removing: Set(candidates)) else { continue }
            if candidates.count <= exactEdgeLimit, let exact = exactSolution(nodes, edges, candidates: candidates, costs: costs) {
                return exact.map { edges[$0] }
            }
            // Every candidate removed, then the dearest put back first while no cycle returns.
            var removed = Set(candidates)
            for index in candidates.sorted(by: { (costs[$1], $0) < (costs[$0], $1) }) {
                removed.remove(index)
                if !isAcyclic(nodes, edges, removing: removed) { removed.insert(index) }
            }
            return removed.sorted().map { edges[$0] }
        }
        return edges
    }

    // MARK: - Exact

    /// Subsets of `candidates` (all edges when `nil`) by increasing size; of the first size
    /// that breaks every cycle, the cheapest — the first in a fixed order on a tie, and the
    /// first found when no costs are given. Edge indices; `nil` when over budget.
    private static func exactSolution(_ nodes: [Int], _ edges: [Edge], candidates given: [Int]? = nil, costs: [Cost]? = nil) -> [Int]? {
        let candidates = given ?? Array(edges.indices)
        var checks = 0
        for size in 1...candidates.count {
            var best: (cost: Int, indices: [Int])?
            var positions = Array(0..<size)
            while true {
                checks += 1
                if checks > exactCheckBudget { return best?.indices }
                let chosen = positions.map { candidates[$0] }
                if isAcyclic(nodes, edges, removing: Set(chosen)) {
                    guard let costs else { return chosen }
                    let total = chosen.reduce(0) { $0 + costs[$1].files }
                    if best == nil || total < best!.cost { best = (total, chosen) }
                }
                // Next combination in lexicographic order.
                var position = size - 1
                while position >= 0 && positions[position] == candidates.count - size + position { position -= 1 }
                if position < 0 { break }
                positions[position] += 1
                for later in (position + 1)..<size { positions[later] = positions[later - 1] + 1 }
            }
            if let best { return best.indices }
        }
        return nil
    }

    // MARK: - Heuristic

    /// Eades–Lin–Smyth: peel sinks to the back and sources to the front, otherwise move the
    /// node with the largest out-degree minus in-degree to the front; edges pointing
    /// backwards in the resulting order form a feedback arc set.
    private static func heuristicSolution(_ nodes: [Int], _ edges: [Edge]) -> [Edge] {
        var outgoing: [Int: Set<Int>] = [:], incoming: [Int: Set<Int>] = [:]
        for edge in edges {
            outgoing[edge.from, default: []].insert(edge.to)
            incoming[edge.to, default: []].insert(edge.from)
        }
        var remaining = Set(nodes)
        var front: [Int] = [], back: [Int] = []
        func remove(_ node: Int) {
            remaining.remove(node)
            for next in outgoing[node] ?? [] { incoming[next]?.remove(node) }
            for previous in incoming[node] ?? [] { outgoing[previous]?.remove(node) }
        }
        while !remaining.isEmpty {
            var changed = true
            while changed {
                changed = false
                for node in remaining.sorted() where (outgoing[node] ?? []).isEmpty {
                    back.append(node)
                    remove(node)
                    changed = true
                }
                for node in remaining.sorted() where (incoming[node] ?? []).isEmpty {
                    front.append(node)
                    remove(node)
                    changed = true
                }
            }
            guard !remaining.isEmpty else { break }
            let best = remaining.max { lhs, rhs in
                let left = (outgoing[lhs]?.count ?? 0) - (incoming[lhs]?.count ?? 0)
                let right = (outgoing[rhs]?.count ?? 0) - (incoming[rhs]?.count ?? 0)
                return (left, rhs) < (right, lhs)
            }!
            front.append(best)
            remove(best)
        }
        let order = front + back.reversed()
        var position: [Int: Int] = [:]
        for (index, node) in order.enumerated() { position[node] = index }
        var removed = Set(edges.indices.filter { position[edges[$0].from]! > position[edges[$0].to]! })
        // Put back every edge whose return does not close a cycle.
        for index in removed.sorted() {
            removed.remove(index)
            if !isAcyclic(nodes, edges, removing: removed) { removed.insert(index) }
        }
        return removed.sorted().map { edges[$0] }
    }

    // MARK: - Acyclicity

    /// Kahn's algorithm over `edges` minus the removed indices.
    static func isAcyclic(_ nodes: [Int], _ edges: [Edge], removing removed: Set<Int>) -> Bool {
        var inDegree: [Int: Int] = [:]
        var outgoing: [Int: [Int]] = [:]
        for (index, edge) in edges.enumerated() where !removed.contains(index) {
            inDegree[edge.to, default: 0] += 1
            outgoing[edge.from, default: []].append(edge.to)
        }
        var queue = nodes.filter { (inDegree[$0] ?? 0) == 0 }
        var visited = 0
        while let node = queue.popLast() {
            visited += 1
            for next in outgoing[node] ?? [] {
                inDegree[next]! -= 1
                if inDegree[next] == 0 { queue.append(next) }
            }
        }
        return visited == nodes.count
    }
}
