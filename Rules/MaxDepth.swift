import ModlintGraph

/// A dependency chain longer than the configured `max-depth`.
public struct MaxDepth: Rule {
    public static let description = RuleDescription(
        id: "max-depth",
        defaultSeverity: .error,
        summary: "A chain of declared module dependencies is longer than 'max-depth'.",
        rationale: """
        Every link in a dependency chain is a module that must be built before the next \
        one and a place where a change ripples upwards: long chains make builds serial and \
        incremental builds slow, and they usually mean that layers are stacked where they \
        could sit side by side. With `max-depth: N` in `.modlint.yml`, modlint reports each \
        module whose longest chain of declared dependencies has more than N edges — only \
        the top of such a chain, not every module on it — with the whole chain in the \
        message, at the manifest entry of the chain's first edge.

        Test targets are not counted; edges inside a dependency cycle are ignored (the \
        cycle itself is reported by `target-cycle`). To fix a finding, flatten the chain: \
        let the upper module depend on an interface module instead of the implementation \
        stack, or merge modules that are only ever used together. `modlint graph --view \
        modules --format json` shows every module's depth.
        """,
        examples: [
            RuleExample("a chain of four edges with max-depth 2", files: [
                ".modlint.yml": "max-depth: 2\n",
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: [\u{2193}"Feature"]),
                        .target(name: "Feature", dependencies: ["Domain"]),
                        .target(name: "Domain", dependencies: ["Data"]),
                        .target(name: "Data", dependencies: ["Models"]),
                        .target(name: "Models"),
                    ]
                )
                """,
                "Sources/App/App.swift": "import Feature\n",
                "Sources/Feature/Feature.swift": "import Domain\n",
                "Sources/Domain/Domain.swift": "import Data\n",
                "Sources/Data/Data.swift": "import Models\n",
                "Sources/Models/Models.swift": "struct Model {}\n",
            ]),
            RuleExample("a flat graph within the limit", files: [
                ".modlint.yml": "max-depth: 2\n",
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: ["Feature", "Models"]),
                        .target(name: "Feature", dependencies: ["Models"]),
                        .target(name: "Models"),
                        .testTarget(name: "AppTests", dependencies: ["App"]),
                    ]
                )
                """,
                "Sources/App/App.swift": "import Feature\nimport Models\n",
                "Sources/Feature/Feature.swift": "import Models\n",
                "Sources/Models/Models.swift": "struct Model {}\n",
                "Tests/AppTests/AppTests.swift": "import App\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        guard let limit = context.configuration.maxDepth else { return [] }
        let graph = context.graph
        var successors = [[Int]](repeating: [], count: graph.modules.count)
        var firstEdge: [[Int]: ModuleGraph.Dependency] = [:]
        for dependency in graph.dependencies
        where dependency.from != dependency.to && graph.modules[dependency.from].kind != .test && graph.modules[dependency.to].kind != .test {
            successors[dependency.from].append(dependency.to)
            if firstEdge[[dependency.from, dependency.to]] == nil { firstEdge[[dependency.from, dependency.to]] = dependency }
        }
        successors = successors.map { Array(Set($0)).sorted() }
        let chains = DependencyChains(successors: successors)
        var component = [Int](repeating: -1, count: successors.count)
        for (index, members) in Cycles.stronglyConnectedComponents(successors).enumerated() {
            for member in members { component[member] = index }
        }
        // Only the tops of over-long chains: no dependent outside its own cycle is too deep.
        var tooDeep = Set(graph.modules.indices.filter { chains.depth(of: $0) > limit })
        for module in graph.modules.indices where chains.depth(of: module) > limit {
            for next in successors[module] where component[next] < 0 || component[next] != component[module] {
                tooDeep.remove(next)
            }
        }
        return tooDeep.sorted().compactMap { module in
            let chain = chains.chain(from: module)
            guard chain.count > 1, let first = firstEdge[[chain[0], chain[1]]] else { return nil }
            let names = chain.map { graph.modules[$0].id }
            return Finding(
                site: first.site,
                message: "dependency chain of \(chain.count - 1) edges exceeds max-depth \(limit): \(names.joined(separator: " -> "))",
                module: names[0],
                key: [names[0]],
                edges: zip(names, names.dropFirst()).map { ModuleEdge(from: $0, to: $1) }
            )
        }
    }
}
