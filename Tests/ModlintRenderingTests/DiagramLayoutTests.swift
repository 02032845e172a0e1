import Foundation
import ModlintGraph
import ModlintRendering
import Testing

/// The report's two layouts: Graphviz's read back, and the layered one for any size.
@Suite struct DiagramLayoutTests {
    let view = GraphView(name: .modules, nodes: [
        GraphNode(id: "App", kind: .app, package: "app", path: "App"),
        GraphNode(id: "Feature", kind: .library, package: "kit", path: "Kit/Sources/Feature"),
        GraphNode(id: "Core", kind: .library, package: "kit", path: "Kit/Sources/Core"),
        GraphNode(id: "Loop", kind: .library, package: "kit", path: "Kit/Sources/Loop"),
    ], edges: [
        GraphEdge(from: "App", to: "Feature", kind: .dependency),
        GraphEdge(from: "Feature", to: "Core", kind: .dependency),
        GraphEdge(from: "Feature", to: "Core", kind: .import),
        GraphEdge(from: "Core", to: "Loop", kind: .dependency),
        GraphEdge(from: "Loop", to: "Core", kind: .dependency),
    ])

    /// Rows by depth: what depends on nothing at the bottom, a cycle's members in one row;
    /// packages as bands side by side.
    @Test func layeredLayoutRanksByDepthAndBandsByPackage() {
        #expect(Dictionary(uniqueKeysWithValues: zip(view.nodes.map(\.id), LayeredLayout.depths(view))) == ["App": 2, "Feature": 1, "Core": 0, "Loop": 0])
        let layout = LayeredLayout().layout(view)
        let y = Dictionary(uniqueKeysWithValues: zip(view.nodes.map(\.id), layout.nodes.map(\.y)))
        #expect(y["App"]! < y["Feature"]! && y["Feature"]! < y["Core"]! && y["Core"] == y["Loop"])
        #expect(layout.groups.map(\.name) == ["app", "kit"])
        let app = layout.groups[0].box, kit = layout.groups[1].box
        #expect(app.x + app.width < kit.x)
        for (node, box) in zip(view.nodes, layout.nodes) {
            let band = node.package == "app" ? app : kit
            #expect(box.x >= band.x && box.x + box.width <= band.x + band.width && box.y >= band.y && box.y + box.height <= band.y + band.height, "\(node.id)")
        }
        #expect(layout.edges == [[Double]](repeating: [], count: 5))
        #expect(LayeredLayout().layout(view) == layout)
    }

    /// Nodes at one depth in one package wrap after `nodesPerLine`.
    @Test func wideCellsWrap() {
        let nodes = (0..<20).map { GraphNode(id: "M\($0)", kind: .library, package: "p", path: nil) }
        var layered = LayeredLayout()
        layered.nodesPerLine = 8
        let layout = layered.layout(GraphView(name: .modules, nodes: nodes, edges: []))
        #expect(Set(layout.nodes.map(\.y)).count == 3)
        #expect(layout.groups.count == 1 && layout.width > 0 && layout.height > 0)
    }

    /// Graphviz's positions come back with clusters as groups, y flipped to grow downwards,
    /// and one spline per edge (parallel edges each their own).
    @Test func graphvizLayoutIsReadBack() throws {
        let layout = try GraphvizLayout.layout(view, style: DiagramStyle(cluster: .package))
        #expect(layout.engine == "graphviz dot")
        #expect(layout.nodes.count == 4 && layout.edges.count == 5)
        let y = Dictionary(uniqueKeysWithValues: zip(view.nodes.map(\.id), layout.nodes.map(\.y)))
        #expect(y["App"]! < y["Feature"]! && y["Feature"]! < y["Core"]!)
        for spline in layout.edges { #expect(spline.count >= 8 && (spline.count - 2) % 6 == 0, "\(spline)") }
        #expect(layout.groups.map(\.name).contains { $0.contains("kit") })
        for box in layout.nodes { #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= layout.width + 1 && box.y + box.height <= layout.height + 1) }
    }
}
