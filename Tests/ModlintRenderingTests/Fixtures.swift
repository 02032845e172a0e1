import ModlintGraph

enum Fixtures {
    /// Three packages, every node kind, dependency / import / package edges, violation
    /// edges, and ids that need escaping (quote, backslash) or collide once sanitized.
    static let view = GraphView(name: .modules, nodes: [
        GraphNode(id: "App", kind: .executable, package: "app", path: "App/Sources/App", layer: "app"),
        GraphNode(id: "AppTests", kind: .test, package: "app", path: "App/Tests/AppTests", layer: "app"),
        GraphNode(id: "Core", kind: .library, package: "core-kit", path: "Packages/CoreKit/Sources/Core", layer: "core"),
        GraphNode(id: "CoreMacros", kind: .macro, package: "core-kit", path: "Packages/CoreKit/Sources/CoreMacros", layer: "core"),
        GraphNode(id: "CSQLite", kind: .system, package: "core-kit", path: "Packages/CoreKit/Sources/CSQLite"),
        GraphNode(id: "Lint\\Plugin", kind: .plugin, package: "core-kit", path: "Packages/CoreKit/Plugins/Lint"),
        GraphNode(id: "Lint.Plugin", kind: .binary, package: "core-kit", path: "Packages/CoreKit/Binaries"),
        GraphNode(id: "Feature \"Login\"", kind: .library, package: "features", path: "Packages/Features/Sources/Login", layer: "feature"),
        GraphNode(id: "features", kind: .package, package: "features", path: "Packages/Features"),
        GraphNode(id: "Alamofire", kind: .external, package: nil, path: nil),
    ], edges: [
        GraphEdge(from: "App", to: "Core", kind: .dependency),
        GraphEdge(from: "App", to: "Feature \"Login\"", kind: .dependency),
        GraphEdge(from: "AppTests", to: "App", kind: .dependency),
        GraphEdge(from: "Core", to: "CoreMacros", kind: .dependency),
        GraphEdge(from: "Core", to: "CSQLite", kind: .dependency),
        GraphEdge(from: "Core", to: "App", kind: .import, violations: ["import-cycle", "layer-violation"]),
        GraphEdge(from: "Feature \"Login\"", to: "Core", kind: .dependency),
        GraphEdge(from: "Feature \"Login\"", to: "Alamofire", kind: .import),
        GraphEdge(from: "Feature \"Login\"", to: "Lint.Plugin", kind: .dependency, violations: ["forbidden-dependency"]),
        GraphEdge(from: "Lint\\Plugin", to: "Core", kind: .dependency),
        GraphEdge(from: "features", to: "Alamofire", kind: .package),
    ])
}
