import ModlintGraph
@testable import ModlintRendering
import Testing

struct RankStaggerTests {
    /// A hub with 25 leaves and one chain: the leaves spread over three rows (rank width
    /// 10), the chain keeps its edges.
    static let fan = GraphView(name: .modules, nodes: [GraphNode(id: "Hub", kind: .executable, package: "app", path: nil)]
        + (1...25).map { GraphNode(id: String(format: "Leaf%02d", $0), kind: .library, package: "kit", path: nil) }
        + [GraphNode(id: "Deep", kind: .library, package: "kit", path: nil)],
        edges: (1...25).map { GraphEdge(from: "Hub", to: String(format: "Leaf%02d", $0), kind: .dependency) }
        + [GraphEdge(from: "Hub", to: "Deep", kind: .dependency), GraphEdge(from: "Deep", to: "Leaf01", kind: .import)])

    @Test func leavesOfAWideRankAreStaggered() {
        let stagger = RankStagger(Self.fan, maxRowWidth: 10, clusterKey: { _ in nil })
        let lengths = Self.fan.edges.enumerated().map { stagger.minimumLengths[$0.offset] ?? 1 }
        // Edges sorted: Deep->Leaf01, Hub->Deep, Hub->Leaf01 … Hub->Leaf25. Leaf01 has two
        // edges and Deep is not a leaf: both stay; the 24 leaves cycle through rows 1, 2, 3.
        #expect(lengths == [1, 1, 1] + (0..<24).map { 1 + $0 % 3 })
    }

    @Test func narrowGraphsAreLeftAlone() {
        #expect(RankStagger(Fixtures.view, maxRowWidth: 10, clusterKey: { _ in nil }).minimumLengths.isEmpty)
        #expect(RankStagger(Self.fan, maxRowWidth: 0, clusterKey: { _ in nil }).minimumLengths.isEmpty)
        #expect(!DOTRenderer(options: DOTOptions(maxRowWidth: 0)).render(Self.fan).contains("minlen"))
        #expect(DOTRenderer().render(Self.fan).contains("\"Hub\" -> \"Leaf04\" [minlen=3, tooltip="))
    }
}
