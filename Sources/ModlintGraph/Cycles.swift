/// Cycle detection on small integer graphs (adjacency lists of node indices).
public enum Cycles {
    /// Strongly connected components with more than one node, or with a self-loop.
    /// Components and their members are sorted ascending. Iterative Tarjan: no recursion,
    /// so deep graphs cannot overflow the stack.
    public static func stronglyConnectedComponents(_ adjacency: [[Int]]) -> [[Int]] {
        let count = adjacency.count
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var nextIndex = 0
        var components: [[Int]] = []
        for start in 0..<count where index[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            index[start] = nextIndex
            lowLink[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = work.last {
                if edge < adjacency[node].count {
                    work[work.count - 1].edge += 1
                    let next = adjacency[node][edge]
                    if index[next] < 0 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], index[next])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last?.node {
                        lowLink[parent] = min(lowLink[parent], lowLink[node])
                    }
                    if lowLink[node] == index[node] {
                        var component: [Int] = []
                        while let member = stack.popLast() {
                            onStack[member] = false
                            component.append(member)
                            if member == node { break }
                        }
                        if component.count > 1 || adjacency[node].contains(node) {
                            components.append(component.sorted())
                        }
                    }
                }
            }
        }
        return components.sorted { $0[0] < $1[0] }
    }

    /// Elementary cycles, each once, rotated to start at its smallest node, sorted.
    /// Johnson-style search restricted to each component; stops after `limit` cycles so
    /// that a dense component cannot explode (nor can the search: `stepBudget` bounds it).
    public static func elementaryCycles(_ adjacency: [[Int]], limit: Int = 1000, stepBudget: Int = 2_000_000) -> [[Int]] {
        var cycles: [[Int]] = []
        var steps = 0
        for component in stronglyConnectedComponents(adjacency) {
            let members = Set(component)
            for start in component {
                // Cycles whose smallest node is `start`: search only nodes >= start.
                var path = [start]
                var onPath: Set<Int> = [start]
                var work: [(node: Int, edge: Int)] = [(start, 0)]
                let neighbours: (Int) -> [Int] = { node in
                    Array(Set(adjacency[node].filter { members.contains($0) && $0 >= start })).sorted()
                }
                var cache: [Int: [Int]] = [:]
                while let (node, edge) = work.last {
                    steps += 1
                    if steps > stepBudget { return cycles.sorted { $0.lexicographicallyPrecedes($1) } }
                    let next = cache[node] ?? { let value = neighbours(node); cache[node] = value; return value }()
                    if edge < next.count {
                        work[work.count - 1].edge += 1
                        let candidate = next[edge]
                        if candidate == start {
                            cycles.append(path)
                            if cycles.count >= limit { return cycles.sorted { $0.lexicographicallyPrecedes($1) } }
                        } else if !onPath.contains(candidate) {
                            path.append(candidate)
                            onPath.insert(candidate)
                            work.append((candidate, 0))
                        }
                    } else {
                        work.removeLast()
                        if let last = path.popLast() { onPath.remove(last) }
                    }
                }
            }
        }
        return cycles.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Breadth-first search from `start` back to itself inside `members`: the shortest cycle
    /// through `start` (`[start]` for a self-loop, and when there is none).
    public static func shortestCycle(through start: Int, within members: Set<Int>, adjacency: [[Int]]) -> [Int] {
        if adjacency[start].contains(start) { return [start] }
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in adjacency[node] where members.contains(next) {
                if next == start {
                    var cycle = [node]
                    while cycle.last != start { cycle.append(previous[cycle.last!]!) }
                    return cycle.reversed()
                }
                if previous[next] == nil && next != start {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start]
    }

    /// One shortest cycle through each member of each strongly connected component, each
    /// cycle once (rotated to start at its smallest node), per component in member order:
    /// at most as many cycles as modules, so that a dense component cannot flood a report.
    public static func shortestCycles(_ adjacency: [[Int]]) -> [(component: [Int], cycles: [[Int]])] {
        stronglyConnectedComponents(adjacency).map { component in
            let members = Set(component)
            var seen = Set<[Int]>()
            var cycles: [[Int]] = []
            for start in component.sorted() {
                let cycle = shortestCycle(through: start, within: members, adjacency: adjacency)
                guard cycle.count > 1 || adjacency[start].contains(start) else { continue }
                let smallest = cycle.indices.min { cycle[$0] < cycle[$1] }!
                let rotated = Array(cycle[smallest...] + cycle[..<smallest])
                if seen.insert(rotated).inserted { cycles.append(rotated) }
            }
            return (component, cycles)
        }
    }
}
