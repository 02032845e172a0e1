import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// Tuist manifests read in place of the projects `tuist generate` writes: helpers in
/// `Tuist/ProjectDescriptionHelpers`, both target APIs, globs, cross-project and external
/// dependencies; exact modules, files, edges and findings.
struct TuistProjectTests {
    static let helpers = #"""
    import ProjectDescription

    public enum Layer: String, CaseIterable {
        case core, search
    }

    extension TargetDependency {
        public enum Feature {
            public static let search = TargetDependency.project(target: "Search", path: .relativeToRoot("Projects/Search"))
        }
    }

    public struct Module {
        let name: String
        let product: Product
        let dependencies: [TargetDependency]

        public init(name: String, product: Product = .staticFramework, dependencies: [TargetDependency] = []) {
            self.name = name
            self.product = product
            self.dependencies = dependencies
        }
    }

    extension Project {
        public static func module(_ module: Module) -> Project {
            Project(name: module.name, targets: [
                .target(name: module.name, destinations: .iOS, product: module.product, bundleId: "dev.shop.\(module.name)",
                        sources: ["Sources/**"], dependencies: module.dependencies),
                .target(name: "\(module.name)Tests", destinations: .iOS, product: .unitTests, bundleId: "dev.shop.\(module.name)Tests",
                        sources: ["Tests/**"], dependencies: [.target(name: module.name)]),
            ])
        }
    }
    """#

    static let files: [(String, String)] = [
        ("Tuist/ProjectDescriptionHelpers/Module.swift", helpers),
        ("Tuist/Config.swift", "import ProjectDescription\nlet config = Config()\n"),
        ("Projects/App/Project.swift", #"""
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project(
            name: "ShopApp",
            targets: [
                .target(
                    name: "ShopApp",
                    destinations: [.iPhone, .iPad],
                    product: .app,
                    productName: "Shop",
                    bundleId: "dev.shop.app",
                    sources: [.glob("Sources/**", excluding: ["Sources/Legacy/**"])],
                    dependencies: [
                        .Feature.search,
                        .project(target: "Core", path: "../Core"),
                        .external(name: "Alamofire"),
                    ]
                ),
                Target(
                    name: "Widget",
                    platform: .iOS,
                    product: .appExtension,
                    bundleId: "dev.shop.app.widget",
                    sources: SourceFilesList(globs: ["Widget/**/*.swift"]),
                    dependencies: [.project(target: "Core", path: .relativeToRoot("Projects/Core"))]
                ),
            ]
        )
        """#),
        ("Projects/Search/Project.swift", """
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project.module(Module(name: "Search", dependencies: [.project(target: "Core", path: .relativeToRoot("Projects/Core"))]))
        """),
        ("Projects/Core/Project.swift", """
        import ProjectDescription
        import ProjectDescriptionHelpers

        let project = Project.module(Module(name: Layer.allCases.first == .core ? "Core" : "Wrong", product: .framework))
        """),
        ("Projects/App/Sources/App.swift", "import Search\nimport Core\nimport Alamofire\n"),
        ("Projects/App/Sources/Legacy/Old.swift", "import Gone\n"),
        ("Projects/App/Widget/Widget.swift", "import Core\nimport Search\n"),
        ("Projects/Search/Sources/Search.swift", "import Core\n"),
        ("Projects/Search/Tests/SearchTests.swift", "import Search\nimport Core\n"),
        ("Projects/Core/Sources/Core.swift", "public struct Core {}\n"),
        ("Projects/Core/Tests/CoreTests.swift", "import Core\n"),
        // A local plugin: its manifest and helpers are Tuist's Swift, no target's source.
        ("Plugins/Utility/Plugin.swift", "import ProjectDescription\n\nlet plugin = Plugin(name: \"Utility\")\n"),
        ("Plugins/Utility/ProjectDescriptionHelpers/Utility.swift", "import ProjectDescription\n\npublic let utilityPrefix = \"dev\"\n"),
    ]

    func edges(_ graph: ModuleGraph, _ list: [(from: Int, to: Int)]) -> [String] {
        list.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
    }

    @Test func helpersAndBothTargetAPIsResolveEveryTargetAndEdge() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.manifestPath) == ["Projects/App/Project.swift", "Projects/Core/Project.swift", "Projects/Search/Project.swift"])
        #expect(workspace.packages.map(\.projectPath) == ["Projects/App/ShopApp.xcodeproj", "Projects/Core/Core.xcodeproj", "Projects/Search/Search.xcodeproj"])
        #expect(workspace.packages.allSatisfy { $0.generator == .tuist })
        let targets = workspace.packages.flatMap(\.targets)
        #expect(targets.map { "\($0.declaration.name)=\($0.name) \($0.kind) \($0.files.map(\.path))" } == [
            "ShopApp=Shop executable [\"Projects/App/Sources/App.swift\"]",
            "Widget=Widget executable [\"Projects/App/Widget/Widget.swift\"]",
            "Core=Core regular [\"Projects/Core/Sources/Core.swift\"]",
            "CoreTests=CoreTests test [\"Projects/Core/Tests/CoreTests.swift\"]",
            "Search=Search regular [\"Projects/Search/Sources/Search.swift\"]",
            "SearchTests=SearchTests test [\"Projects/Search/Tests/SearchTests.swift\"]",
        ])
        #expect(targets[0].declaration.platforms == ["ios"])
        // The excluded folder is in no target; manifests and helpers are not sources.
        #expect(workspace.filesInNoTarget == ["Projects/App/Sources/Legacy/Old.swift"])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == [
            "CoreTests -> Core", "Search -> Core", "SearchTests -> Search", "ShopApp -> Core", "ShopApp -> Search", "Widget -> Core",
        ])
        #expect(graph.externalDependencies.map(\.name) == ["Alamofire"])
        #expect(workspace.notes.isEmpty, "\(workspace.notes)")
    }

    /// What Tuist's `inspect implicit-imports` reports is what undeclared-import reports,
    /// at the manifest's lines.
    @Test func implicitImportsAreUndeclaredImports() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let result = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.file):\($0.line) \($0.message)" } == [
            "error Projects/App/Widget/Widget.swift:2 Widget imports Search, which no dependency it declares reaches: the target does not build "
                + "on its own. Add .project(target: \"Search\", path: \"../Search\") to the dependencies of Widget in Project.swift.",
            "warning Projects/Search/Tests/SearchTests.swift:2 SearchTests imports Core, which it does not declare: reachable only through Search "
                + "(SearchTests -> Search -> Core) — breaks if Search drops it. Add .project(target: \"Core\", path: \"../Core\") to the "
                + "dependencies of SearchTests in Project.swift.",
        ])
        #expect(result.diagnostics.compactMap(\.fix).map { "\($0.manifest) \($0.target) \($0.dependency) \($0.isXcodeProject)" } == [
            "Projects/App/Project.swift Widget .project(target: \"Search\", path: \"../Search\") false",
            "Projects/Search/Project.swift SearchTests .project(target: \"Core\", path: \"../Core\") false",
        ])
    }

    /// The shape of Tuist's own `ios_app_with_implicit_dependencies` fixture: a framework
    /// importing a sibling it does not declare.
    @Test func aFrameworkThatImportsASiblingItDoesNotDeclare() throws {
        let directory = try TemporaryDirectory(files: [
            ("Project.swift", """
            import ProjectDescription

            let project = Project(
                name: "App",
                targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "a.App", sources: ["Targets/App/Sources/**"],
                            dependencies: [.target(name: "FrameworkA"), .target(name: "FrameworkB")]),
                    .target(name: "FrameworkA", destinations: .iOS, product: .framework, bundleId: "a.A", sources: ["Targets/FrameworkA/Sources/**"]),
                    .target(name: "FrameworkB", destinations: .iOS, product: .framework, bundleId: "a.B", sources: ["Targets/FrameworkB/Sources/**"]),
                    .target(name: "ClassModule", destinations: .iOS, product: .framework, bundleId: "a.C", sources: ["Targets/ClassModule/Sources/**"]),
                ]
            )
            """),
            ("Targets/App/Sources/AppDelegate.swift", "import class ClassModule.Widget\nimport FrameworkA\nimport FrameworkB\nimport UIKit\n"),
            ("Targets/FrameworkA/Sources/A.swift", "import Foundation\nimport FrameworkB\n"),
            ("Targets/FrameworkB/Sources/B.swift", "public enum B {}\n"),
            ("Targets/ClassModule/Sources/Widget.swift", "public final class Widget {}\n"),
        ])
        defer { directory.remove() }
        let result = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.file):\($0.line) \($0.rule)" } == [
            "Targets/App/Sources/AppDelegate.swift:1 undeclared-import",
            "Targets/FrameworkA/Sources/A.swift:2 undeclared-import",
        ])
        #expect(result.diagnostics.map(\.message).allSatisfy { $0.contains("App imports ClassModule") || $0.contains("FrameworkA imports FrameworkB") })
    }

    /// A `Project.swift` that makes no project fails Tuist only where `Workspace.swift`
    /// lists its folder (`projects: ["Projects/*"]`): there it is an error, elsewhere (a
    /// scaffold nobody loads) a note, and its Swift files are in no target.
    @Test func aManifestThatMakesNoProjectIsAnErrorOnlyWhereTheWorkspaceListsIt() throws {
        let directory = try TemporaryDirectory(files: [
            ("Workspace.swift", "import ProjectDescription\n\nlet workspace = Workspace(name: \"W\", projects: [\"Projects/*\"])\n"),
            ("Projects/A/Project.swift", "import ProjectDescription\n\n// let project = Project(name: \"A\", targets: [])\n"),
            ("Projects/A/Sources/A.swift", "let a = 1\n"),
            ("Projects/B/Project.swift", """
            import ProjectDescription

            let project = Project(name: "B", targets: [
                .target(name: "B", destinations: .iOS, product: .framework, bundleId: "b", sources: ["Sources/**"]),
            ])
            """),
            ("Projects/B/Sources/B.swift", "let b = 1\n"),
            ("Scaffold/C/Project.swift", "import ProjectDescription\n"),
            ("Scaffold/C/Sources/C.swift", "let c = 1\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.manifestPath) == ["Projects/B/Project.swift"])
        #expect(workspace.filesInNoTarget == ["Projects/A/Sources/A.swift", "Scaffold/C/Sources/C.swift"])
        #expect(workspace.notes.map { "\($0.kind) \($0.file):\($0.line) \($0.message.prefix(60))" } == [
            "unreadBuildDescription Projects/A/Project.swift:1 a Tuist manifest that modlint could not read: 1 Swift file u",
            "unreadBuildDescription Projects/A/Project.swift:1 cannot read Tuist manifest: no 'let project = Project(…)' fo",
            "unresolvedManifest Scaffold/C/Project.swift:1 Project.swift makes no project and no Workspace.swift lists ",
        ])
    }

    /// A dependency list a helper cannot be evaluated for: the literal part is kept, the
    /// target's imports are not judged (one note), and the gate does not pass blind.
    @Test func anUnevaluatedDependencyKeepsTheRestAndSaysSo() throws {
        let directory = try TemporaryDirectory(files: [
            ("Project.swift", """
            import ProjectDescription

            let project = Project(name: "P", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "p", sources: ["App/**"],
                        dependencies: [.target(name: "Kit"), loadDependency(named: "Extra")]),
                .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "k", sources: ["Kit/**"]),
                .target(name: "Extra", destinations: .iOS, product: .framework, bundleId: "e", sources: ["Extra/**"]),
            ])
            """),
            ("App/App.swift", "import Kit\nimport Extra\n"),
            ("Kit/Kit.swift", "public struct Kit {}\n"),
            ("Extra/Extra.swift", "public struct Extra {}\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let app = try #require(workspace.packages.first?.targets.first)
        #expect(app.declaration.dependencies.map(\.name) == ["Kit"])
        #expect(app.declaration.dependenciesIncomplete)
        #expect(workspace.notes.map { "\($0.file):\($0.line):\($0.column) \($0.message)" } == [
            "Project.swift:5:50 dependency of target 'App': cannot resolve function 'loadDependency'",
        ])
        let result = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.file):\($0.line)" } == ["note Project.swift:4"])
    }
}
