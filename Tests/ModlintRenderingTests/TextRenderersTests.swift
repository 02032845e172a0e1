import Foundation
import ModlintGraph
@testable import ModlintRendering
import Testing

@Suite struct DOTRendererTests {
    @Test func goldenClusteredByPackage() {
        let dot = DOTRenderer(options: DOTOptions(title: "Modules \"demo\"")).render(Fixtures.view)
        expectGolden(dot, "modules-package.dot")
    }

    /// The legend names exactly the node kinds and edge styles the view uses, and red.
    @Test func goldenWithLegend() {
        let dot = DOTRenderer(options: DOTOptions(compositionRoots: ["App"], legend: true)).render(Fixtures.view)
        expectGolden(dot, "modules-legend.dot")
        #expect(dot.contains("labelloc=\"b\""))
        #expect(DOTRenderer(options: DOTOptions(title: "T", legend: true)).render(Fixtures.view).contains("Legend") == false)
    }

    @Test func goldenClusteredByLayer() {
        expectGolden(DOTRenderer(options: DOTOptions(cluster: .layer)).render(Fixtures.view), "modules-layer.dot")
    }

    @Test func layersAreRankedAndUpwardEdgesDoNotConstrain() {
        let dot = DOTRenderer(options: DOTOptions(cluster: .layer, layerOrder: ["app", "feature", "core", "unused"])).render(Fixtures.view)
        #expect(dot.contains("  // Layer ranks (top to bottom): app, feature, core\n"))
        #expect(dot.contains("  \"layer_rank_0\" -> \"layer_rank_1\" -> \"layer_rank_2\" -> \"layer_rank_3\" [style=invis];\n"))
        #expect(dot.contains("  \"layer_rank_1\" -> \"Feature \\\"Login\\\"\" [style=invis];\n"))
        #expect(dot.contains("  \"Core\" -> \"App\" [constraint=false, style=dashed, color="))
        #expect(!dot.contains("\"App\" -> \"Core\" [constraint=false"))
        #expect(!DOTRenderer(options: DOTOptions(cluster: .layer)).render(Fixtures.view).contains("layer_rank"))
    }

    @Test func displayNamesAndCompositionRoots() {
        let options = DOTOptions(displayNames: ["core-kit": "CoreKit", "features": "Features"], compositionRoots: ["App"])
        let dot = DOTRenderer(options: options).render(Fixtures.view)
        #expect(dot.contains("graph [label=\"CoreKit\", style="))
        #expect(dot.contains("\"features\" [label=\"Features\", shape=tab"))
        #expect(dot.contains("\"App\" [style=\"rounded,filled,bold\", peripheries=2, fillcolor=\"#fff1d6\", color=\"#c05621\", shape=box, penwidth=2.5, tooltip=\"App (executable, composition root)"))
        let mermaid = MermaidRenderer(options: MermaidOptions(displayNames: ["core-kit": "CoreKit"], compositionRoots: ["App"])).render(Fixtures.view)
        #expect(mermaid.contains("  subgraph g_core_kit[\"CoreKit\"]\n"))
        #expect(mermaid.contains("  class n_App compositionRoot\n"))
    }

    @Test func folderClustersUseLeadingPathComponents() {
        let dot = DOTRenderer(options: DOTOptions(cluster: .folder(depth: 2))).render(Fixtures.view)
        #expect(dot.contains("subgraph \"cluster_Packages/CoreKit\" {"))
        #expect(dot.contains("subgraph \"cluster_App/Sources\" {"))
        #expect(!dot.contains("cluster_Alamofire"))
    }

    @Test func noClusters() {
        let dot = DOTRenderer(options: DOTOptions(cluster: .none)).render(Fixtures.view)
        #expect(!dot.contains("subgraph"))
        for node in Fixtures.view.nodes { #expect(dot.contains(DOTRenderer.quote(node.id) + " [")) }
    }

    @Test func deterministic() {
        let shuffled = GraphView(name: .modules, nodes: Fixtures.view.nodes.reversed(), edges: Fixtures.view.edges.reversed())
        #expect(DOTRenderer().render(shuffled) == DOTRenderer().render(Fixtures.view))
    }

    @Test func quoting() {
        #expect(DOTRenderer.quote("a\"b\\c\nd") == #""a\"b\\c\nd""#)
    }

    @Test func clusterArgument() {
        #expect(ClusterMode(argument: "package") == .package)
        #expect(ClusterMode(argument: "folder") == .folder(depth: 1))
        #expect(ClusterMode(argument: "folder:3") == .folder(depth: 3))
        #expect(ClusterMode(argument: "layer") == .layer)
        #expect(ClusterMode(argument: "none") == ClusterMode.none)
        #expect(ClusterMode(argument: "folder:0") == nil)
        #expect(ClusterMode(argument: "modules") == nil)
    }
}

@Suite struct MermaidRendererTests {
    @Test func golden() {
        expectGolden(MermaidRenderer(options: MermaidOptions(title: "Modules")).render(Fixtures.view), "modules.mmd")
    }

    @Test func sanitizedIdsAreUnique() {
        var table = IdentifierTable(prefix: "n_")
        #expect(table.id(for: "a.b") == "n_a_b")
        #expect(table.id(for: "a-b") == "n_a_b_2")
        #expect(table.id(for: "a.b") == "n_a_b")
        #expect(table.id(for: "end") == "n_end")
    }
}

@Suite struct GraphJSONRendererTests {
    @Test func golden() {
        expectGolden(GraphJSONRenderer().render(Fixtures.view), "modules.json")
    }

    @Test func isValidJSONWithTheDocumentedShape() throws {
        let data = Data(GraphJSONRenderer().render(Fixtures.view).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["id"] as? String } == Fixtures.view.nodes.map(\.id))
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(edges.count == Fixtures.view.edges.count)
        #expect(edges.filter { $0["violations"] != nil }.count == 2)
    }
}
