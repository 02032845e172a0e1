import ModlintGraph
import Testing

/// Minimum feedback arc sets: exact on small components, heuristic (but still breaking
/// every cycle) on large ones.
struct CycleBreakersTests {
    typealias Edge = CycleBreakers.Edge

    @Test func acyclicGraphHasNoComponents() {
        #expect(CycleBreakers.breakers([[1], [2], []]).isEmpty)
    }

    @Test func twoCycleNeedsOneCut() {
        let result = CycleBreakers.breakers([[1], [0]])
        #expect(result.map(\.component) == [[0, 1]])
        #expect(result[0].edges == [Edge(from: 0, to: 1)])
    }

    /// 0→1→2→0 and 1→0: cutting 0→1 breaks both cycles at once; no single other edge does.
    @Test func sharedEdgeIsTheExactAnswer() {
        let adjacency = [[1], [2, 0], [0]]
        #expect(CycleBreakers.breakers(adjacency)[0].edges == [Edge(from: 0, to: 1)])
    }

    @Test func twoDisjointCyclesInOneComponentNeedTwoCuts() {
        // 0⇄1 and 1⇄2 share node 1 but no edge.
        let adjacency = [[1], [0, 2], [1]]
        #expect(CycleBreakers.breakers(adjacency)[0].edges == [Edge(from: 0, to: 1), Edge(from: 1, to: 2)])
    }

    @Test func selfLoopsAreAlwaysCut() {
        #expect(CycleBreakers.breakers([[0, 1], [0]])[0].edges == [Edge(from: 0, to: 0), Edge(from: 0, to: 1)])
    }

    /// A dense component beyond the exact limit: the heuristic answer must leave no cycle
    /// and must be minimal in the sense that no removed edge can be put back.
    @Test func largeComponentUsesAHeuristicThatBreaksEveryCycle() {
        let count = 12
        var adjacency = [[Int]](repeating: [], count: count)
        for node in 0..<count {
            adjacency[node].append((node + 1) % count)
            adjacency[node].append((node + 5) % count)
        }
        let edges = CycleBreakers.breakers(adjacency)[0].edges
        var remaining = adjacency
        for edge in edges { remaining[edge.from].removeAll { $0 == edge.to } }
        #expect(Cycles.stronglyConnectedComponents(remaining).isEmpty)
        for edge in edges {
            var restored = remaining
            restored[edge.from].append(edge.to)
            #expect(!Cycles.stronglyConnectedComponents(restored).isEmpty, "\(edge) is not needed")
        }
        #expect(edges == CycleBreakers.breakers(adjacency)[0].edges)
    }
}

/// With costs, the cheapest tier that breaks every cycle is cut, then the fewest files.
struct WeightedCycleBreakersTests {
    typealias Edge = CycleBreakers.Edge

    @Test func anUnimportedDeclarationIsCutBeforeAnImport() {
        // 0 -> 1 imported in 3 files; 1 -> 0 imported nowhere.
        let cost = { (edge: Edge) in edge == Edge(from: 1, to: 0) ? CycleBreakers.Cost(tier: 0, files: 0) : CycleBreakers.Cost(tier: 2, files: 3) }
        #expect(CycleBreakers.breakers(of: [0, 1], in: [[1], [0]], cost: cost) == [Edge(from: 1, to: 0)])
        // Without costs the first edge in order goes, whatever the sources need.
        #expect(CycleBreakers.breakers(of: [0, 1], in: [[1], [0]]) == [Edge(from: 0, to: 1)])
    }

    @Test func withinATierTheFewestFiles() {
        // A triangle 0 -> 1 -> 2 -> 0, all imported: the edge with the fewest files goes.
        let files = [Edge(from: 0, to: 1): 5, Edge(from: 1, to: 2): 1, Edge(from: 2, to: 0): 4]
        let cost = { (edge: Edge) in CycleBreakers.Cost(tier: 2, files: files[edge]!) }
        #expect(CycleBreakers.breakers(of: [0, 1, 2], in: [[1], [2], [0]], cost: cost) == [Edge(from: 1, to: 2)])
    }
}
