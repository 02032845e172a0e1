@testable import ModlintGraph
import Testing

struct CyclesTests {
    @Test func componentsAreFoundAndSorted() {
        // 0 -> 1 -> 2 -> 0, 3 -> 3 (self loop), 4 -> 5 (no cycle), 5 -> 6 -> 5.
        let adjacency = [[1], [2], [0], [3], [5], [6], [5]]
        #expect(Cycles.stronglyConnectedComponents(adjacency) == [[0, 1, 2], [3], [5, 6]])
    }

    @Test func everyElementaryCycleOnceStartingAtItsSmallestNode() {
        // Two cycles sharing node 0: 0 -> 1 -> 0 and 0 -> 2 -> 3 -> 0; plus 2 -> 0.
        let adjacency = [[1, 2], [0], [3, 0], [0]]
        #expect(Cycles.elementaryCycles(adjacency) == [[0, 1], [0, 2], [0, 2, 3]])
    }

    @Test func acyclicGraphHasNoCycles() {
        #expect(Cycles.elementaryCycles([[1, 2], [2], []]).isEmpty)
    }

    @Test func limitBoundsTheOutput() {
        // A complete graph on 8 nodes has thousands of elementary cycles.
        let nodes = 8
        let adjacency = (0..<nodes).map { node in (0..<nodes).filter { $0 != node } }
        #expect(Cycles.elementaryCycles(adjacency, limit: 50).count == 50)
    }

    @Test func deepChainsDoNotOverflowTheStack() {
        let count = 200_000
        var adjacency = (0..<count).map { [$0 + 1] }
        adjacency[count - 1] = [0]
        #expect(Cycles.stronglyConnectedComponents(adjacency).map(\.count) == [count])
    }
}
