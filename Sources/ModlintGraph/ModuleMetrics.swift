/// Coupling metrics over the declared module graph (Robert C. Martin's package metrics):
/// fan-in (afferent coupling, Ca), fan-out (efferent coupling, Ce), instability
/// Ce / (Ca + Ce), and depth — the longest chain of dependencies below a module.
public struct ModuleMetrics: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var module: String
        /// Distinct modules that depend on this one.
        public var fanIn: Int
        /// Distinct modules this one depends on.
        public var fanOut: Int
        /// 0 = maximally stable (only depended upon), 1 = maximally unstable; 0 when isolated.
        public var instability: Double
        /// Edges on the longest dependency chain starting here (0 for a leaf).
        public var depth: Int
    }

    /// Per module, in module-id order.
    public var modules: [Entry]
    /// The longest dependency chain of the workspace, top first (empty without edges).
    public var longestChain: [String]

    /// `includeTests: false` leaves test targets out, as the graph views do by default.
    /// Edges inside a dependency cycle are ignored for depth (cycles are reported by
    /// `target-cycle`; a chain through one would be infinite).
    public init(graph: ModuleGraph, includeTests: Bool = false) {
        let included = graph.modules.indices.filter { includeTests || graph.modules[$0].kind != .test }
        let includedSet = Set(included)
        var successors = [Set<Int>](repeating: [], count: graph.modules.count)
        var predecessors = [Set<Int>](repeating: [], count: graph.modules.count)
        for dependency in graph.dependencies
        where dependency.from != dependency.to && includedSet.contains(dependency.from) && includedSet.contains(dependency.to) {
            successors[dependency.from].insert(dependency.to)
            predecessors[dependency.to].insert(dependency.from)
        }
        let chains = DependencyChains(successors: successors.map { $0.sorted() })
        modules = included.map { index in
            let fanIn = predecessors[index].count, fanOut = successors[index].count
            let instability = fanIn + fanOut == 0 ? 0 : Double(fanOut) / Double(fanIn + fanOut)
            return Entry(module: graph.modules[index].id, fanIn: fanIn, fanOut: fanOut,
                         instability: (instability * 1000).rounded() / 1000, depth: chains.depth(of: index))
        }
        // Longest chain: deepest module, ties to the first id.
        let start = included.max { (chains.depth(of: $0), $1) < (chains.depth(of: $1), $0) }
        if let start, chains.depth(of: start) > 0 {
            longestChain = chains.chain(from: start).map { graph.modules[$0].id }
        } else {
            longestChain = []
        }
    }

    public func entry(for module: String) -> Entry? {
        modules.first { $0.module == module }
    }
}

/// Longest paths over an adjacency list, with edges inside strongly connected components
/// dropped so that the rest is acyclic. Successors must be sorted: ties go to the
/// smallest index, which makes chains deterministic.
public struct DependencyChains: Sendable {
    private var depths: [Int]
    private var next: [Int?]

    public init(successors: [[Int]]) {
        var component = [Int](repeating: -1, count: successors.count)
        for (index, members) in Cycles.stronglyConnectedComponents(successors).enumerated() {
            for member in members { component[member] = index }
        }
        let acyclic = successors.enumerated().map { node, targets in
            targets.filter { component[node] < 0 || component[$0] != component[node] }
        }
        var depths = [Int](repeating: -1, count: successors.count)
        var next = [Int?](repeating: nil, count: successors.count)
        // Iterative post-order DFS: deep graphs cannot overflow the stack.
        for start in acyclic.indices where depths[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            depths[start] = -2
            while let (node, edge) = work.last {
                if edge < acyclic[node].count {
                    work[work.count - 1].edge += 1
                    let candidate = acyclic[node][edge]
                    if depths[candidate] == -1 {
                        depths[candidate] = -2
                        work.append((candidate, 0))
                    }
                } else {
                    work.removeLast()
                    var best = 0
                    var bestNext: Int?
                    for candidate in acyclic[node] where depths[candidate] + 1 > best {
                        best = depths[candidate] + 1
                        bestNext = candidate
                    }
                    depths[node] = best
                    next[node] = bestNext
                }
            }
        }
        self.depths = depths
        self.next = next
    }

    public func depth(of node: Int) -> Int { depths[node] }

    /// The longest chain from `node`, `node` first.
    public func chain(from node: Int) -> [Int] {
        var chain = [node]
        var current = node
        while let following = next[current] {
            chain.append(following)
            current = following
        }
        return chain
    }
}
