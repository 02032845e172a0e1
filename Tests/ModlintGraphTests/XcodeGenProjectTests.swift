import ModlintGraph
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// XcodeGen specs read in place of the project they generate: the graph from the spec
/// equals the graph from the project XcodeGen writes for it.
struct XcodeGenProjectTests {
    /// The spec of `XcodeFixtures.classicGroups`, as a team would write it for XcodeGen.
    static let classicSpec = """
        name: Demo
        packages:
          Alamofire:
            url: https://github.com/Alamofire/Alamofire.git
            from: 5.8.0
          Storage:
            path: Packages/Storage
        targets:
          Demo App:
            type: application
            platform: iOS
            sources:
              - Demo App
              - Shared Code/Shared.swift
              - path: Templates
                type: folder
            dependencies:
              - target: Kit
              - package: Alamofire
              - package: Storage
          Kit:
            type: framework
            platform: iOS
            sources: [Kit/Sources, Shared Code/Shared.swift]
          AppTests:
            type: bundle.unit-test
            platform: iOS
            sources: Tests/AppTests
            dependencies:
              - target: Demo App
        aggregateTargets:
          Lint:
            targets: [Kit]
        """

    static func sources(with description: (String, String)) -> [(String, String)] {
        XcodeModuleGraphTests.classicProject.filter { !$0.0.hasSuffix(".pbxproj") } + [description]
    }

    /// Targets, kinds, module names, files per target and edges: the same from both.
    @Test func specAndGeneratedProjectGiveOneGraph() throws {
        let fromSpec = try TemporaryDirectory(files: Self.sources(with: ("project.yml", Self.classicSpec)))
        let fromProject = try TemporaryDirectory(files: XcodeModuleGraphTests.classicProject)
        defer { fromSpec.remove(); fromProject.remove() }
        let spec = try WorkspaceLoader().load(paths: [fromSpec.path])
        let project = try WorkspaceLoader().load(paths: [fromProject.path])
        func summary(_ workspace: Workspace) -> [String] {
            workspace.packages.flatMap { package in
                package.targets.map { target in
                    "\(package.identity) \(target.declaration.name) module=\(target.name) kind=\(target.kind) "
                        + "files=\(target.files.map(\.path)) deps=\(target.declaration.dependencies.map(\.name))"
                }
            }
        }
        #expect(summary(spec) == summary(project))
        #expect(summary(spec) == [
            "demo.xcodeproj Demo App module=Demo_App kind=executable files=[\"Demo App/AppDelegate.swift\", \"Demo App/Views/ContentView.swift\", \"Shared Code/Shared.swift\"] deps=[\"Kit\", \"Alamofire\", \"Storage\"]",
            "demo.xcodeproj Kit module=Kit kind=regular files=[\"Kit/Sources/Kit.swift\", \"Shared Code/Shared.swift\"] deps=[]",
            "demo.xcodeproj AppTests module=AppTests kind=test files=[\"Tests/AppTests/AppTests.swift\"] deps=[\"Demo App\"]",
            "storage Storage module=Storage kind=regular files=[\"Packages/Storage/Sources/Storage/Storage.swift\"] deps=[\"StorageCore\"]",
            "storage StorageCore module=StorageCore kind=regular files=[\"Packages/Storage/Sources/StorageCore/Core.swift\"] deps=[]",
        ])
        func edges(_ workspace: Workspace) -> [String] {
            let graph = ModuleGraph(workspace: workspace)
            return graph.dependencies.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
        }
        #expect(edges(spec) == edges(project))
        #expect(edges(spec) == ["AppTests -> Demo App", "Demo App -> Kit", "Demo App -> Storage", "Storage -> StorageCore"])
        #expect(spec.filesInNoTarget == project.filesInNoTarget)
        // The package is the spec: findings on its dependencies point at its lines.
        #expect(spec.packages[0].manifestPath == "project.yml")
        #expect(spec.packages[0].generator == .xcodeGen)
        #expect(spec.packages[0].projectPath == "Demo.xcodeproj")
        #expect(spec.packages[0].targets[0].declaration.dependencies.map(\.line) == [18, 19, 20])
        #expect(spec.notes.isEmpty)
    }

    /// A spec beside the project generated from it: the spec is read, the project is not
    /// read a second time (no duplicate modules).
    @Test func aCommittedGeneratedProjectIsNotReadTwice() throws {
        let directory = try TemporaryDirectory(files: XcodeModuleGraphTests.classicProject + [("project.yml", Self.classicSpec)])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.manifestPath) == ["project.yml", "Packages/Storage/Package.swift"])
    }

    /// A spec without a committed project is enough to lint (no "no packages" refusal), and
    /// a broken one is an error naming the file and line, never a silent pass.
    @Test func specOnlyTreesAndBrokenSpecs() throws {
        let directory = try TemporaryDirectory(files: [
            ("project.yml", "name: Solo\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n"),
            ("App/App.swift", "import UIKit\n"),
            ("Tools/project.yml", "name: Broken\ntargets:\n  - App\n  bad: [\n"),
            ("Tools/Run.swift", "print(1)\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.identity) == ["solo.xcodeproj"])
        #expect(workspace.packages[0].targets.map(\.files).map { $0.map(\.path) } == [["App/App.swift"]])
        let notes = workspace.notes.filter { $0.kind == .unreadBuildDescription }.map { "\($0.file):\($0.line) \($0.message)" }
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.first?.hasPrefix("Tools/project.yml:1 an XcodeGen spec that modlint could not read: 1 Swift file under Tools/") == true,
                "\(notes)")
        #expect(notes.last == "Tools/project.yml:4 cannot read XcodeGen spec: invalid YAML: did not find expected '-' indicator; its targets are not analysed")
    }
}

/// A native target is folded into a SwiftPM target only when it builds the same module:
/// the module of the exact name, never a sibling that happens to own more of its files, and
/// never for an app that compiles some of a library's files.
struct MirroredModuleIdentityTests {
    static let files: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", products: [.library(name: "Migration", targets: ["Migration", "MigrationImpl"])],
            targets: [.target(name: "Migration"), .target(name: "MigrationImpl", dependencies: ["Migration"])])
        """),
        ("Sources/Migration/Migration.swift", "public protocol Migration {}\n"),
        ("Sources/MigrationImpl/First.swift", "import Migration\nstruct First: Migration {}\n"),
        ("Sources/MigrationImpl/Second.swift", "import Migration\nstruct Second: Migration {}\n"),
        ("App/main.swift", "import Migration\nprint(1)\n"),
        ("project.yml", """
        name: Shop
        targets:
          Migration:
            type: framework
            platform: iOS
            sources: [Sources/Migration, Sources/MigrationImpl]
          Shop:
            type: application
            platform: iOS
            sources: [App, Sources/Migration/Migration.swift, Sources/MigrationImpl/First.swift]
            dependencies:
              - target: Migration
        """),
    ]

    @Test func aTargetMirrorsTheModuleOfItsNameAndAnAppStaysItself() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        // The framework target `Migration` is SwiftPM's Migration (not MigrationImpl, which
        // owns two of its three files); the app is a module of its own.
        #expect(graph.modules.map(\.id).sorted() == ["Migration", "MigrationImpl", "Shop"])
        let edges = graph.dependencies.map { "\(graph.modules[$0.from].id)->\(graph.modules[$0.to].id)" }.sorted()
        // `- target: Migration` is the product that exports SwiftPM's Migration: both its targets.
        #expect(edges == ["MigrationImpl->Migration", "Shop->Migration", "Shop->MigrationImpl"])
        let shop = try #require(graph.modules.first { $0.id == "Shop" })
        #expect(workspace.target(of: shop).files.map(\.path) == ["App/main.swift", "Sources/Migration/Migration.swift", "Sources/MigrationImpl/First.swift"])
    }
}
