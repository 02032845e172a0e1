import Foundation
import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// A modular app whose manifest declares its features through helpers — a `Target`
/// extension, a top-level function, `static let` dependencies, a struct with a method,
/// `map` over tuples, a `for` loop that appends — resolves every target and edge; a list
/// that cannot be evaluated keeps its literal part and silences undeclared-import for its
/// target with one note.
struct HelperManifestAppTests {
    static let manifest = #"""
    // swift-tools-version:5.9
    import PackageDescription

    extension Target {
        static func feature(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
            .target(name: name, dependencies: dependencies + ["Core", .product(name: "Logging", package: "swift-log")], path: "Features/\(name)")
        }
    }

    func testTarget(for name: String) -> Target {
        .testTarget(name: "\(name)Tests", dependencies: [.target(name: name)], path: "Tests/\(name)Tests")
    }

    extension Target.Dependency {
        static let core: Self = "Core"
        static let design: Self = .target(name: "DesignSystem")
    }

    struct Module {
        let name: String
        let uses: [String]

        func target() -> Target {
            .target(name: name, dependencies: uses.map { .byName(name: $0) } + [.core])
        }
    }

    let features: [(String, [Target.Dependency])] = [
        ("Profile", [.design]),
        ("Settings", [.design, "Profile"]),
    ]

    let modules = [Module(name: "Search", uses: ["Profile"]), Module(name: "Feed", uses: ["Search", "DesignSystem"])]

    var targets: [Target] = [
        .target(name: "Core"),
        .target(name: "DesignSystem", dependencies: [.core]),
    ]
    targets += features.map { .feature($0.0, dependencies: $0.1) }
    targets += modules.map { $0.target() }
    for name in ["Profile", "Settings"] {
        targets.append(testTarget(for: name))
    }
    targets.append(.target(name: "Debug", dependencies: ["Core"].appendingDebugOnly("Profile")))

    let package = Package(
        name: "HelperApp",
        dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.0.0")],
        targets: targets
    )
    """#

    static let files: [(String, String)] = [
        ("Package.swift", manifest),
        ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ("Sources/DesignSystem/Theme.swift", "import Core\n"),
        ("Features/Profile/Profile.swift", "import Core\nimport DesignSystem\nimport Logging\n"),
        ("Features/Settings/Settings.swift", "import Core\nimport DesignSystem\nimport Profile\n"),
        ("Sources/Search/Search.swift", "import Core\nimport Profile\n"),
        ("Sources/Feed/Feed.swift", "import Core\nimport Search\nimport DesignSystem\n"),
        ("Sources/Debug/Debug.swift", "import Core\nimport Profile\nimport Settings\n"),
        ("Tests/ProfileTests/ProfileTests.swift", "import Profile\n"),
        ("Tests/SettingsTests/SettingsTests.swift", "import Settings\n"),
    ]

    func edges(_ graph: ModuleGraph, _ list: [(from: Int, to: Int)]) -> [String] {
        list.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
    }

    @Test func everyTargetAndEdgeResolves() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        #expect(graph.modules.map(\.id) == ["Core", "Debug", "DesignSystem", "Feed", "Profile", "ProfileTests", "Search", "Settings", "SettingsTests"])
        #expect(workspace.filesInNoTarget.isEmpty)
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == [
            "Debug -> Core", "DesignSystem -> Core", "Feed -> Core", "Feed -> DesignSystem", "Feed -> Search",
            "Profile -> Core", "Profile -> DesignSystem", "ProfileTests -> Profile", "Search -> Core", "Search -> Profile",
            "Settings -> Core", "Settings -> DesignSystem", "Settings -> Profile", "SettingsTests -> Settings",
        ])
        #expect(graph.externalDependencies.map(\.name) == ["Logging", "Logging"])
        #expect(workspace.packages[0].targets.first { $0.name == "Debug" }?.declaration.dependenciesIncomplete == true)
    }

    @Test func anIncompleteListSilencesUndeclaredImportWithOneNote() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let result = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.file):\($0.line) \($0.message)" } == [
            "note Package.swift:44 Debug imports modules its readable dependencies do not reach, but part of its dependency list could not be "
                + "evaluated (see the unresolved-manifest note): those imports are not checked",
        ])
    }
}
