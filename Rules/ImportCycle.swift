import ModlintGraph

/// Workspace modules whose source imports form a cycle.
public struct ImportCycle: Rule {
    public static let description = RuleDescription(
        id: "import-cycle",
        defaultSeverity: .error,
        summary: "Workspace modules whose source imports form a cycle.",
        rationale: """
        Declared dependencies are what SwiftPM checks; imports are what the code actually \
        uses. A cycle of imports — `Networking` imports `Models` while `Models` imports \
        `Networking`, perhaps behind `#if canImport(Networking)` — cannot be built as \
        separate modules in any order, ties the modules into one unit of change, and \
        usually hides behind an undeclared or conditional import until someone builds a \
        single target. modlint reports one finding per strongly connected component of the \
        import graph: the shortest cycle through its alphabetically first module (at the \
        first import of that path), how many modules are involved, and the smallest set \
        of imports whose removal breaks every cycle in it ("cycle breakers": exact for \
        small components, a good heuristic for large ones) — that is where to cut. Imports \
        under `#if` are included and shown with their condition.

        To fix it, move what both sides need into a lower module, or invert one import \
        through a protocol that the lower module owns.
        """,
        examples: [
            RuleExample("two modules import each other", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Models", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                    ]
                )
                """,
                "Sources/Models/Model.swift": "\u{2193}import Networking\n",
                "Sources/Networking/Client.swift": """
                #if canImport(Models)
                import Models
                #endif
                """,
            ]),
            RuleExample("a three-module cycle and an unrelated pair", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [
                    .target(name: "A"), .target(name: "B"), .target(name: "C"),
                    .target(name: "X"), .target(name: "Y"),
                ])
                """,
                "Sources/A/A.swift": "import Foundation\n\u{2193}import B\n",
                "Sources/B/B.swift": "import C\n",
                "Sources/C/C.swift": "import A\n",
                "Sources/X/X.swift": "\u{2193}import Y\n",
                "Sources/Y/Y.swift": "import X\n",
            ]),
            RuleExample("a layered import graph and a test target", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [
                    .target(name: "Feature", dependencies: ["Models"]),
                    .target(name: "Models"),
                    .testTarget(name: "ModelsTests", dependencies: ["Models", "Feature"]),
                ])
                """,
                "Sources/Feature/Feature.swift": "import Models\n",
                "Sources/Models/Model.swift": "public struct Model {}\n",
                "Tests/ModelsTests/ModelsTests.swift": "@testable import Models\nimport Feature\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        var adjacency = [[Int]](repeating: [], count: graph.modules.count)
        // The first import (by file and line) of each edge stands for it.
        var firstImport: [[Int]: ModuleGraph.Import] = [:]
        for edge in graph.imports where edge.from != edge.to {
            let key = [edge.from, edge.to]
            if let existing = firstImport[key] {
                if (edge.site.file, edge.site.line, edge.site.column) < (existing.site.file, existing.site.line, existing.site.column) {
                    firstImport[key] = edge
                }
            } else {
                firstImport[key] = edge
                adjacency[edge.from].append(edge.to)
            }
        }
        adjacency = adjacency.map { $0.sorted() }
        let components = Cycles.stronglyConnectedComponents(adjacency)
        guard !components.isEmpty else { return [] }
        // Advice cuts an undeclared import before a declared one, and the fewest files.
        let count = graph.modules.count
        let files = graph.importingFileCounts()
        let declared = Set(graph.dependencies.map { $0.from &* count &+ $0.to })
        let cost = { (edge: CycleBreakers.Edge) -> CycleBreakers.Cost in
            let key = edge.from &* count &+ edge.to
            return CycleBreakers.Cost(tier: declared.contains(key) ? 2 : 1, files: files[key] ?? 0)
        }
        return components.map { component in
            (component, CycleBreakers.breakers(of: component, in: adjacency, cost: cost))
        }.map { component, breakers in
            let cycle = Cycles.shortestCycle(through: component[0], within: Set(component), adjacency: adjacency)
            let edges = cycle.indices.map { firstImport[[cycle[$0], cycle[($0 + 1) % cycle.count]]]! }
            let id = { (index: Int) in graph.modules[index].id }
            let path = (cycle + [cycle[0]]).map(id).joined(separator: " -> ")
            let scope = component.count > cycle.count
                ? "import cycle among \(component.count) modules (\(component.map(id).joined(separator: ", "))), e.g. \(path)"
                : "import cycle: \(path)"
            let cut = breakers.map { "\(id($0.from)) -> \(id($0.to))" }.joined(separator: ", ")
            var related = edges.dropFirst().map { edge in
                RelatedLocation(file: edge.site.file, line: edge.site.line, message: Self.describe(edge, graph))
            }
            related += breakers.map { breaker in
                let edge = firstImport[[breaker.from, breaker.to]]!
                return RelatedLocation(file: edge.site.file, line: edge.site.line, message: "cycle breaker: " + Self.describe(edge, graph))
            }
            let condition = edges[0].condition.map { " [under #if \(CompilationCondition.shown($0))]" } ?? ""
            return Finding(
                site: edges[0].site,
                message: "\(scope)\(condition); to break it, remove the import\(breakers.count == 1 ? "" : "s") \(cut)",
                module: id(component[0]),
                key: component.map(id),
                related: related,
                edges: edges.map { ModuleEdge(from: id($0.from), to: id($0.to)) }
            )
        }
    }

    static func describe(_ edge: ModuleGraph.Import, _ graph: ModuleGraph) -> String {
        let condition = edge.condition.map { " (under #if \(CompilationCondition.shown($0)))" } ?? ""
        return "\(graph.modules[edge.from].id) imports \(graph.modules[edge.to].id)\(condition)"
    }

}
