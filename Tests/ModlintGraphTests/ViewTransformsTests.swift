@testable import ModlintGraph
import Testing

/// Exact nodes and edges after every transform.
struct ViewTransformsTests {
    /// App → Feature → Core → Models, App → Core (implied), Feature ↔ Util (cycle),
    /// Core → Alamofire (external); packages app, kit, base.
    static let view = GraphView(name: .modules, nodes: [
        GraphNode(id: "App", kind: .executable, package: "app", path: "App/Sources/App"),
        GraphNode(id: "Feature", kind: .library, package: "kit", path: "Kit/Sources/Feature"),
        GraphNode(id: "Util", kind: .library, package: "kit", path: "Kit/Sources/Util"),
        GraphNode(id: "Core", kind: .library, package: "base", path: "Base/Sources/Core"),
        GraphNode(id: "Models", kind: .library, package: "base", path: "Base/Sources/Models"),
        GraphNode(id: "Alamofire", kind: .external, package: nil, path: nil),
    ], edges: [
        GraphEdge(from: "App", to: "Feature", kind: .dependency),
        GraphEdge(from: "App", to: "Core", kind: .dependency),
        GraphEdge(from: "Feature", to: "Core", kind: .dependency),
        GraphEdge(from: "Feature", to: "Util", kind: .dependency),
        GraphEdge(from: "Util", to: "Feature", kind: .dependency),
        GraphEdge(from: "Core", to: "Models", kind: .dependency),
        GraphEdge(from: "Core", to: "Alamofire", kind: .dependency),
    ])

    static func edges(_ view: GraphView) -> [String] {
        view.edges.map { edge in
            "\(edge.from)->\(edge.to):\(edge.kind.rawValue)" + (edge.violations.isEmpty ? "" : "[\(edge.violations.joined(separator: ","))]")
        }
    }

    @Test func focusFollowsDependenciesWithinDepth() {
        let one = ViewTransforms.focus(Self.view, on: ["Feature"], depth: 1)
        #expect(one.nodes.map(\.id) == ["Core", "Feature", "Util"])
        #expect(Self.edges(one) == ["Feature->Core:dependency", "Feature->Util:dependency", "Util->Feature:dependency"])
        let all = ViewTransforms.focus(Self.view, on: ["Feature"])
        #expect(all.nodes.map(\.id) == ["Alamofire", "Core", "Feature", "Models", "Util"])
        #expect(ViewTransforms.focus(Self.view, on: ["Feature"], depth: 0).nodes.map(\.id) == ["Feature"])
    }

    @Test func reverseFocusShowsDependents() {
        let view = ViewTransforms.focus(Self.view, on: ["Core"], depth: 1, direction: .dependents)
        #expect(view.nodes.map(\.id) == ["App", "Core", "Feature"])
        #expect(Self.edges(view) == ["App->Core:dependency", "App->Feature:dependency", "Feature->Core:dependency"])
        let all = ViewTransforms.focus(Self.view, on: ["Models"], direction: .dependents)
        #expect(all.nodes.map(\.id) == ["App", "Core", "Feature", "Models", "Util"])
    }

    @Test func excludeDropsNodesAndTheirEdges() {
        let view = ViewTransforms.exclude(Self.view) { $0.id == "Core" || $0.kind == .external }
        #expect(view.nodes.map(\.id) == ["App", "Feature", "Models", "Util"])
        #expect(Self.edges(view) == ["App->Feature:dependency", "Feature->Util:dependency", "Util->Feature:dependency"])
    }

    @Test func collapseMergesPackagesKeepsExternalsAndViolatingLoops() {
        let marked = ViewTransforms.markViolations(Self.view, [
            (from: "Feature", to: "Util", rule: "target-cycle"),
            (from: "Util", to: "Feature", rule: "target-cycle"),
            (from: "App", to: "Models", rule: "undeclared-import"),
        ], missingKind: .import)
        let view = ViewTransforms.collapsePackages(marked)
        #expect(view.nodes.map(\.id) == ["Alamofire", "app", "base", "kit"])
        #expect(view.nodes.map(\.kind) == [.external, .package, .package, .package])
        #expect(view.nodes.map(\.path) == [nil, "App/Sources/App", "Base/Sources", "Kit/Sources"])
        #expect(Self.edges(view) == [
            "app->base:dependency", "app->base:import[undeclared-import]", "app->kit:dependency",
            "base->Alamofire:dependency", "kit->base:dependency", "kit->kit:dependency[target-cycle]",
        ])
    }

    @Test func transitiveReductionKeepsCyclesAndViolations() {
        let reduced = ViewTransforms.transitiveReduction(Self.view)
        #expect(Self.edges(reduced) == [
            "App->Feature:dependency", "Core->Alamofire:dependency", "Core->Models:dependency",
            "Feature->Core:dependency", "Feature->Util:dependency", "Util->Feature:dependency",
        ])
        let marked = ViewTransforms.markViolations(Self.view, [(from: "App", to: "Core", rule: "layer-violation")])
        #expect(Self.edges(ViewTransforms.transitiveReduction(marked)).contains("App->Core:dependency[layer-violation]"))
    }

    /// Edges into one cycle are one edge of the condensation: A → B and A → C both stay.
    @Test func transitiveReductionThroughACycle() {
        let view = GraphView(name: .modules, nodes: ["A", "B", "C"].map { GraphNode(id: $0, kind: .library, package: "p", path: nil) },
                             edges: [GraphEdge(from: "A", to: "B", kind: .dependency), GraphEdge(from: "B", to: "C", kind: .dependency),
                                     GraphEdge(from: "C", to: "B", kind: .dependency), GraphEdge(from: "A", to: "C", kind: .dependency)])
        #expect(Self.edges(ViewTransforms.transitiveReduction(view)) == [
            "A->B:dependency", "A->C:dependency", "B->C:dependency", "C->B:dependency",
        ])
    }

    @Test func violationsMarkEdgesThroughTheNodeMapping() {
        let packages = GraphView(name: .packages, nodes: ["app", "base", "kit"].map { GraphNode(id: $0, kind: .package, package: $0, path: $0) },
                                 edges: [GraphEdge(from: "app", to: "kit", kind: .package), GraphEdge(from: "kit", to: "base", kind: .package)])
        let packageOf = ["App": "app", "Feature": "kit", "Util": "kit", "Core": "base"]
        let marked = ViewTransforms.markViolations(packages, [
            (from: "Feature", to: "Core", rule: "layer-violation"),
            (from: "Feature", to: "Util", rule: "target-cycle"),
            (from: "Core", to: "App", rule: "undeclared-import"),
            (from: "Core", to: "Nowhere", rule: "undeclared-import"),
        ], node: { packageOf[$0] })
        // Inside one package and unknown modules: dropped; no missing edge added without a kind.
        #expect(Self.edges(marked) == ["app->kit:package", "kit->base:package[layer-violation]"])
        let added = ViewTransforms.markViolations(packages, [(from: "Core", to: "App", rule: "undeclared-import")],
                                                  node: { packageOf[$0] }, missingKind: .import)
        #expect(Self.edges(added) == ["app->kit:package", "base->app:import[undeclared-import]", "kit->base:package"])
    }

    @Test func layersAreAssignedByTheCallback() {
        let view = ViewTransforms.assignLayers(Self.view) { $0.package == "base" ? "core" : nil }
        #expect(view.nodes.map(\.layer) == [nil, nil, "core", nil, "core", nil])
    }

    @Test func commonDirectory() {
        #expect(ViewTransforms.commonDirectory(["A/Sources/X", "A/Sources/Y", "A/Tests/Z"]) == "A")
        #expect(ViewTransforms.commonDirectory(["A/X", "B/Y"]) == nil)
        #expect(ViewTransforms.commonDirectory([]) == nil)
    }
}
