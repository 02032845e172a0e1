import ModlintFacts
import ModlintGraph
import ModlintTestSupport
import ModlintWorkspace
import Testing

struct ModuleGraphTests {
    static let files: [(String, String)] = [
        ("App/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App",
            dependencies: [.package(path: "../Kit")],
            targets: [
                .target(name: "App", dependencies: [
                    "Feature",
                    .product(name: "KitUI", package: "Kit"),
                    .product(name: "Alamofire", package: "Alamofire"),
                ]),
                .target(name: "Feature", dependencies: [.product(name: "Kit", package: "Kit", condition: .when(platforms: [.iOS]))]),
                .testTarget(name: "AppTests", dependencies: ["App"]),
            ])
        """),
        ("App/Sources/App/App.swift", "import Feature\nimport KitUI\nimport KitCore\nimport UIKit\n"),
        ("App/Sources/Feature/Feature.swift", "import Kit\n"),
        ("App/Tests/AppTests/AppTests.swift", "@testable import App\nimport XCTest\n"),
        ("Kit/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit",
            products: [
                .library(name: "Kit", targets: ["Kit", "KitCore"]),
                .library(name: "KitUI", targets: ["KitUI"]),
            ],
            targets: [
                .target(name: "Kit", dependencies: ["KitCore"]),
                .target(name: "KitCore"),
                .target(name: "KitUI", dependencies: ["Kit"]),
            ])
        """),
        ("Kit/Sources/Kit/Kit.swift", "import KitCore\n"),
        ("Kit/Sources/KitCore/Core.swift", "import Foundation\n"),
        ("Kit/Sources/KitUI/UI.swift", "import Kit\n"),
    ]

    func edges(_ graph: ModuleGraph, _ list: [(from: Int, to: Int)]) -> [String] {
        list.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
    }

    @Test func declaredEdgesResolveTargetsAndProducts() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let graph = ModuleGraph(workspace: try WorkspaceLoader().load(paths: [directory.path]))
        #expect(graph.modules.map(\.id) == ["App", "AppTests", "Feature", "Kit", "KitCore", "KitUI"])
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == [
            "App -> Feature", "App -> KitUI", "AppTests -> App", "Feature -> Kit", "Feature -> KitCore",
            "Kit -> KitCore", "KitUI -> Kit",
        ])
        #expect(graph.dependencies.first { graph.modules[$0.from].id == "Feature" }?.platforms == ["ios"])
        #expect(graph.externalDependencies.map(\.name) == ["Alamofire"])
    }

    @Test func importsResolveToVisibleModulesOnly() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let graph = ModuleGraph(workspace: try WorkspaceLoader().load(paths: [directory.path]))
        #expect(edges(graph, graph.imports.map { ($0.from, $0.to) }) == [
            "App -> Feature", "App -> KitCore", "App -> KitUI", "AppTests -> App", "Feature -> Kit", "Kit -> KitCore", "KitUI -> Kit",
        ])
        let app = graph.index(of: "App")!
        #expect(graph.externalImports[app] == ["UIKit"])
    }

    /// The graph keeps every import of the workspace: its condition is boxed and its
    /// module indices are 32-bit (a field added inline shows here first), and an import
    /// still reads back what its fact said.
    @Test func importEdgesStayCompact() {
        #expect(MemoryLayout<ModuleGraph.Import>.stride == 48)
        let fact = ImportFact(module: "B", path: ["B"], attributes: ["testable", "_exported"], condition: "DEBUG", line: 7, column: 3)
        let edge = ModuleGraph.Import(from: 70_000, to: 2, file: "Sources/A/A.swift", fact: fact, isAttributedByName: true)
        #expect(edge.from == 70_000 && edge.to == 2 && edge.condition == "DEBUG" && edge.isTestable && edge.isExported && edge.isAttributedByName)
        #expect(edge.site == Site(file: "Sources/A/A.swift", line: 7, column: 3))
        let plain = ModuleGraph.Import(from: 0, to: 1, file: "A.swift", fact: ImportFact(module: "B", path: ["B"], line: 1, column: 1))
        #expect(plain.condition == nil && !plain.isTestable && !plain.isExported && !plain.isAttributedByName && plain != edge)
    }

    @Test func duplicateModuleNamesAreQualifiedByPackage() throws {
        let directory = try TemporaryDirectory(files: [
            ("One/Package.swift", "let package = Package(name: \"One\", targets: [.target(name: \"Utils\")])\n"),
            ("Two/Package.swift", "let package = Package(name: \"Two\", targets: [.target(name: \"Utils\")])\n"),
        ])
        defer { directory.remove() }
        let graph = ModuleGraph(workspace: try WorkspaceLoader().load(paths: [directory.path]))
        #expect(graph.modules.map(\.id) == ["one/Utils", "two/Utils"])
    }

    @Test func viewsAreSortedAndFiltered() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        let modules = GraphViews.make(.modules, workspace: workspace, graph: graph)
        #expect(modules.nodes.map(\.id) == ["App", "Feature", "Kit", "KitCore", "KitUI"])
        #expect(modules.edges.map { "\($0.from)->\($0.to)" } == [
            "App->Feature", "App->KitUI", "Feature->Kit", "Feature->KitCore", "Kit->KitCore", "KitUI->Kit",
        ])
        let external = GraphViews.make(.modules, workspace: workspace, graph: graph, options: ViewOptions(includeTests: true, includeExternal: true))
        #expect(external.nodes.map(\.id) == ["Alamofire", "App", "AppTests", "Feature", "Kit", "KitCore", "KitUI"])
        #expect(external.nodes.first?.kind == .external)
        let packages = GraphViews.make(.packages, workspace: workspace, graph: graph)
        #expect(packages.nodes.map(\.id) == ["app", "kit"])
        #expect(packages.edges.map { "\($0.from)->\($0.to)" } == ["app->kit"])
    }
}
