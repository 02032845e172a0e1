import ModlintGraph

/// Targets whose declared dependencies form a cycle.
public struct TargetCycle: Rule {
    public static let description = RuleDescription(
        id: "target-cycle",
        defaultSeverity: .error,
        summary: "Targets whose declared dependencies form a cycle.",
        rationale: """
        SwiftPM refuses to build a package graph whose targets depend on each other in a \
        circle ("cyclic dependency declaration found"), and a cycle that runs through \
        products of several local packages only shows up when the app is resolved as a \
        whole. Each elementary cycle is reported once, with the full path \
        (`A -> B -> C -> A`, starting at the alphabetically first module), at the manifest \
        entry of its first edge; the other edges are listed as related locations. The \
        message ends with the "cycle breakers": the smallest set of declarations whose \
        removal breaks every cycle among the targets involved (exact for small groups of \
        targets, a good heuristic for large ones) — that is where to cut.

        To fix it, move what both sides need into a new, lower module, or invert one \
        dependency through a protocol that the lower module owns.
        """,
        examples: [
            RuleExample("two targets of one package depend on each other", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Core"]),
                        .target(name: "Core", dependencies: [\u{2193}"Feature"]),
                    ]
                )
                """,
                "Sources/Feature/Feature.swift": "import Core\n",
                "Sources/Core/Core.swift": "import Feature\n",
            ]),
            RuleExample("a cycle across two local packages, through products", files: [
                "Network/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Network",
                    products: [.library(name: "Network", targets: ["Network"])],
                    dependencies: [.package(path: "../Storage")],
                    targets: [
                        .target(name: "Network", dependencies: [\u{2193}.product(name: "Storage", package: "Storage")]),
                    ]
                )
                """,
                "Network/Sources/Network/Client.swift": "struct Client {}\n",
                "Storage/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Storage",
                    products: [.library(name: "Storage", targets: ["Storage"])],
                    dependencies: [.package(path: "../Network")],
                    targets: [
                        .target(name: "Storage", dependencies: [.product(name: "Network", package: "Network")]),
                    ]
                )
                """,
                "Storage/Sources/Storage/Store.swift": "struct Store {}\n",
            ]),
            RuleExample("a layered graph has no cycle", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Core", "Models"]),
                        .target(name: "Core", dependencies: ["Models"]),
                        .target(name: "Models"),
                    ]
                )
                """,
                "Sources/Feature/Feature.swift": "import Core\n",
                "Sources/Core/Core.swift": "import Models\n",
                "Sources/Models/Models.swift": "struct Model {}\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        let adjacency = graph.declaredSuccessors
        var firstEdge: [Int: [Int: ModuleGraph.Dependency]] = [:]
        for dependency in graph.dependencies {
            if firstEdge[dependency.from]?[dependency.to] == nil {
                firstEdge[dependency.from, default: [:]][dependency.to] = dependency
            }
        }
        // Per strongly connected component: the fewest declarations to remove, reported
        // once with the component's first cycle; its other cycles (one shortest cycle per
        // member, each once) refer to that finding, so a dense component stays readable
        // and the output linear in its modules.
        var findings: [Finding] = []
        let components = Cycles.shortestCycles(adjacency).filter { !$0.cycles.isEmpty }
        guard !components.isEmpty else { return [] }
        // Which files import along each declared edge: advice cuts a declaration nothing
        // imports before one the sources need (whose removal would break the build).
        let importingFiles = graph.importingFileCounts()
        let count = graph.modules.count
        let cost = { (edge: CycleBreakers.Edge) -> CycleBreakers.Cost in
            let files = importingFiles[edge.from &* count &+ edge.to] ?? 0
            return CycleBreakers.Cost(tier: files == 0 ? 0 : 2, files: files)
        }
        for (component, cycles) in components {
            let breakers = CycleBreakers.breakers(of: component, in: adjacency, cost: cost)
            var first: Site?
            for cycle in cycles {
                findings.append(finding(cycle, component: component, breakers: breakers, first: &first, graph: graph, firstEdge: firstEdge,
                                        cost: cost))
            }
        }
        return findings
    }

    private func finding(_ cycle: [Int], component: [Int], breakers: [CycleBreakers.Edge], first: inout Site?,
                         graph: ModuleGraph, firstEdge: [Int: [Int: ModuleGraph.Dependency]],
                         cost: (CycleBreakers.Edge) -> CycleBreakers.Cost) -> Finding {
        let names = (cycle + [cycle[0]]).map { graph.modules[$0].id }
        let edges = cycle.indices.map { firstEdge[cycle[$0]]![cycle[($0 + 1) % cycle.count]]! }
        var related = edges.dropFirst().map { edge in
            RelatedLocation(file: edge.site.file, line: edge.site.line,
                            message: "\(graph.modules[edge.from].id) depends on \(graph.modules[edge.to].id)")
        }
        let message: String
        if let first {
            message = "dependency cycle between targets: \(names.joined(separator: " -> ")); one of the cycles among "
                + "\(component.count) targets whose fewest dependencies to remove are listed at \(first.file):\(first.line)"
        } else {
            first = edges[0].site
            let cut = breakers.map { breaker in
                let files = cost(breaker).files
                return "\(graph.modules[breaker.from].id) -> \(graph.modules[breaker.to].id)"
                    + (files == 0 ? " (nothing imports it)" : " (imported in \(files) file\(files == 1 ? "" : "s"): move that code first)")
            }.joined(separator: ", ")
            message = "dependency cycle between targets: \(names.joined(separator: " -> ")); fewest dependencies to remove to break "
                + "every cycle among these targets: \(cut)"
            related += breakers.compactMap { breaker in
                firstEdge[breaker.from]?[breaker.to].map { edge in
                    RelatedLocation(file: edge.site.file, line: edge.site.line,
                                    message: "cycle breaker: \(graph.modules[edge.from].id) depends on \(graph.modules[edge.to].id)")
                }
            }
        }
        return Finding(
            site: edges[0].site,
            message: message,
            module: graph.modules[cycle[0]].id,
            key: cycle.map { graph.modules[$0].id },
            related: related,
            edges: edges.map { ModuleEdge(from: graph.modules[$0.from].id, to: graph.modules[$0.to].id) }
        )
    }
}
