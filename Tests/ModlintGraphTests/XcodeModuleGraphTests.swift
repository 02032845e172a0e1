import ModlintGraph
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// Xcode projects beside SwiftPM packages: exact modules, kinds, files and edges.
struct XcodeModuleGraphTests {
    static let storagePackage: [(String, String)] = [
        ("Packages/Storage/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Storage",
            products: [.library(name: "Storage", targets: ["Storage"])],
            targets: [.target(name: "Storage", dependencies: ["StorageCore"]), .target(name: "StorageCore")])
        """),
        ("Packages/Storage/Sources/Storage/Storage.swift", "import StorageCore\n"),
        ("Packages/Storage/Sources/StorageCore/Core.swift", "public struct Core {}\n"),
    ]

    static let classicProject: [(String, String)] = storagePackage + [
        ("Demo.xcodeproj/project.pbxproj", XcodeFixtures.classicGroups),
        ("Demo App/AppDelegate.swift", "import Kit\nimport Storage\nimport Alamofire\nimport UIKit\n"),
        ("Demo App/Views/ContentView.swift", "import SwiftUI\nimport StorageCore\n"),
        ("Shared Code/Shared.swift", "import Foundation\n"),
        ("Kit/Sources/Kit.swift", "public struct Kit {}\n"),
        ("Tests/AppTests/AppTests.swift", "@testable import Demo_App\nimport XCTest\n"),
        ("Scripts/Generate.swift", "print(1)\n"),
        // Inside a folder reference copied as a resource: bundled, not compiled, accounted for.
        ("Templates/Template.swift", "print(3)\n"),
        ("Tools/Lint/Run.swift", "print(2)\n"),
    ]

    func edges(_ graph: ModuleGraph, _ list: [(from: Int, to: Int)]) -> [String] {
        list.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
    }

    @Test func classicProjectJoinsTheWorkspace() throws {
        let directory = try TemporaryDirectory(files: Self.classicProject)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.identity) == ["demo.xcodeproj", "storage"])
        let project = workspace.packages[0]
        #expect(project.kind == .xcodeProject)
        #expect(project.manifestPath == "Demo.xcodeproj/project.pbxproj")
        #expect(project.targets.map(\.name) == ["Demo_App", "Kit", "AppTests"])
        #expect(project.targets.map(\.declaration.name) == ["Demo App", "Kit", "AppTests"])
        #expect(project.targets.map(\.kind) == [.executable, .regular, .test])
        #expect(project.targets[0].files.map(\.path) == ["Demo App/AppDelegate.swift", "Demo App/Views/ContentView.swift", "Shared Code/Shared.swift"])
        // A file two targets build belongs to both, and counts once.
        #expect(project.targets[1].files.map(\.path) == ["Kit/Sources/Kit.swift", "Shared Code/Shared.swift"])
        #expect(workspace.fileCount == 7)
        #expect(workspace.filesInNoTarget == ["Scripts/Generate.swift", "Tools/Lint/Run.swift"])
        #expect(project.localDependencies == ["storage"])
    }

    /// Two targets named `Kit`: the project's is named as its folder is spelled
    /// (`Demo.xcodeproj/Kit`), not by its lower-cased identity.
    @Test func aSharedTargetNameKeepsTheProjectNamesCase() throws {
        let directory = try TemporaryDirectory(files: Self.classicProject + [
            ("Packages/KitPackage/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "KitPackage", targets: [.target(name: "Kit")])
            """),
            ("Packages/KitPackage/Sources/Kit/Kit.swift", "public struct OtherKit {}\n"),
        ])
        defer { directory.remove() }
        let graph = ModuleGraph(workspace: try WorkspaceLoader().load(paths: [directory.path]))
        #expect(graph.modules.map(\.id) == ["AppTests", "Demo App", "Demo.xcodeproj/Kit", "Storage", "StorageCore", "kitpackage/Kit"])
    }

    /// Demo projects inside a package's own checkout: one names it with a local package
    /// reference that leaves the checkout and comes back (`../../../../Kit`, GRDB's demo),
    /// one with a folder reference to `..` (swift-syntax's editor extension). Both reach
    /// the package: no undeclared import.
    @Test func demoProjectsInsideThePackageTheyUse() throws {
        func project(_ reference: String, _ packageObjects: String) -> String {
            #"""
            // !$*UTF8*$!
            {
            	archiveVersion = 1;
            	objectVersion = 56;
            	objects = {
            		PR01 = {isa = PBXProject; mainGroup = GR00; projectDirPath = ""; targets = (TG01, ); \#(reference) };
            		GR00 = {isa = PBXGroup; children = (FR01, FR02, ); sourceTree = "<group>"; };
            		FR01 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Demo.swift; sourceTree = "<group>"; };
            		BF01 = {isa = PBXBuildFile; fileRef = FR01; };
            		SP01 = {isa = PBXSourcesBuildPhase; files = (BF01, ); };
            		TG01 /* Demo */ = {isa = PBXNativeTarget; buildPhases = (SP01, ); dependencies = (); packageProductDependencies = (PD01, ); name = Demo; productType = "com.apple.product-type.application"; };
            		\#(packageObjects)
            	};
            	rootObject = PR01;
            }
            """#
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let kit = Paths.lastComponent(directory.path)
        for (path, contents) in [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
            """),
            ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Documentation/Demos/Demo/Demo.xcodeproj/project.pbxproj", project("packageReferences = (LP01, );", """
            LP01 = {isa = XCLocalSwiftPackageReference; relativePath = "../../../../\(kit)"; };
            		PD01 = {isa = XCSwiftPackageProductDependency; package = LP01; productName = Kit; };
            		FR02 = {isa = PBXFileReference; lastKnownFileType = text; path = README.md; sourceTree = "<group>"; };
            """)),
            ("Documentation/Demos/Demo/Demo.swift", "import Kit\n"),
            ("Extension/Extension.xcodeproj/project.pbxproj", project("", """
            PD01 = {isa = XCSwiftPackageProductDependency; productName = Kit; };
            		FR02 = {isa = PBXFileReference; lastKnownFileType = wrapper; name = Kit; path = ..; sourceTree = "<group>"; };
            """)),
            ("Extension/Demo.swift", "import Kit\n"),
        ] { try directory.write(path, contents) }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == ["Demo.xcodeproj/Demo -> Kit", "Extension.xcodeproj/Demo -> Kit"])
    }

    @Test func classicProjectEdges() throws {
        let directory = try TemporaryDirectory(files: Self.classicProject)
        defer { directory.remove() }
        let graph = ModuleGraph(workspace: try WorkspaceLoader().load(paths: [directory.path]))
        #expect(graph.modules.map(\.id) == ["AppTests", "Demo App", "Kit", "Storage", "StorageCore"])
        #expect(graph.modules.map(\.name) == ["AppTests", "Demo_App", "Kit", "Storage", "StorageCore"])
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == [
            "AppTests -> Demo App", "Demo App -> Kit", "Demo App -> Storage", "Storage -> StorageCore",
        ])
        #expect(edges(graph, graph.imports.map { ($0.from, $0.to) }) == [
            "AppTests -> Demo App", "Demo App -> Kit", "Demo App -> Storage", "Demo App -> StorageCore", "Storage -> StorageCore",
        ])
        let app = graph.index(of: "Demo App")!
        #expect(graph.externalDependencies.filter { $0.from == app }.map(\.name) == ["Alamofire"])
        #expect(graph.externalImports[app] == ["Alamofire", "Foundation", "SwiftUI", "UIKit"])
        #expect(graph.modules[app].productType == .application)
    }

    @Test func nodeKindsAndThePackagesView() throws {
        let directory = try TemporaryDirectory(files: Self.classicProject)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        let view = GraphViews.make(.modules, workspace: workspace, graph: graph, options: ViewOptions(includeTests: true))
        #expect(view.nodes.map { "\($0.id):\($0.kind.rawValue)" } == [
            "AppTests:test", "Demo App:app", "Kit:framework", "Storage:library", "StorageCore:library",
        ])
        let packages = GraphViews.make(.packages, workspace: workspace, graph: graph)
        #expect(packages.edges.map { "\($0.from)->\($0.to)" } == ["demo.xcodeproj->storage"])
    }

    /// Xcode on a Mac builds `Demo App/AppDelegate.swift` from the folder `demo app/`
    /// (APFS ignores case): the files are found as Xcode finds them, on every host.
    @Test func pathsThatDifferOnlyInCaseAreFoundAsOnAMac() throws {
        let renamed = Self.classicProject.map { entry in
            (entry.0.hasPrefix("Demo App/") ? "demo app/" + entry.0.dropFirst("Demo App/".count) : entry.0, entry.1)
        }
        let directory = try TemporaryDirectory(files: renamed + [
            ("Sync.xcodeproj/project.pbxproj", XcodeFixtures.synchronizedFolders),
            ("app/AppMain.swift", "import SwiftUI\n"),
            ("app/Preview Content/Previews.swift", "import SwiftUI\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let demo = try #require(workspace.packages.first { $0.identity == "demo.xcodeproj" })
        #expect(demo.targets[0].files.map(\.path) == ["Shared Code/Shared.swift", "demo app/AppDelegate.swift", "demo app/Views/ContentView.swift"])
        let sync = try #require(workspace.packages.first { $0.identity == "sync.xcodeproj" })
        #expect(sync.targets[0].files.map(\.path) == ["app/AppMain.swift"])
        #expect(workspace.filesInNoTarget == ["Scripts/Generate.swift", "Tools/Lint/Run.swift", "app/Preview Content/Previews.swift"])
    }

    @Test func synchronizedFoldersWithExceptions() throws {
        let directory = try TemporaryDirectory(files: [
            ("Sync.xcodeproj/project.pbxproj", XcodeFixtures.synchronizedFolders),
            ("App/AppMain.swift", "import SwiftUI\n"),
            ("App/Shared/Formatting.swift", "import Foundation\n"),
            ("App/Preview Content/Previews.swift", "import SwiftUI\n"),
            ("App/Assets.xcassets/Generated.swift", "// inside a resource bundle: never a source\n"),
            ("Widget/Widget.swift", "import WidgetKit\n"),
            ("Tests/AppTests/AppTests.swift", "@testable import App\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let targets = workspace.packages[0].targets
        #expect(targets.map(\.declaration.name) == ["App", "Widget Extension", "AppTests"])
        #expect(targets[0].files.map(\.path) == ["App/AppMain.swift", "App/Shared/Formatting.swift"])
        #expect(targets[1].files.map(\.path) == ["App/Shared/Formatting.swift", "Widget/Widget.swift"])
        #expect(targets[1].productType == .appExtension)
        #expect(targets[2].files.map(\.path) == ["Tests/AppTests/AppTests.swift"])
        #expect(workspace.filesInNoTarget == ["App/Preview Content/Previews.swift"])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == ["App -> Widget Extension"])
        #expect(edges(graph, graph.imports.map { ($0.from, $0.to) }) == ["AppTests -> App"])
    }

    /// A package inside a synchronized folder is a local package to Xcode, not sources of
    /// the folder's target: the app keeps its own files and module, the package its files
    /// (before, the app built mostly the package's files and was folded into its target).
    @Test func aPackageInsideASynchronizedFolderIsNotTheFoldersSources() throws {
        let directory = try TemporaryDirectory(files: [
            ("Sync.xcodeproj/project.pbxproj", XcodeFixtures.synchronizedFolders),
            ("App/AppMain.swift", "import SwiftUI\nimport Kit\n"),
            ("App/Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])],
                targets: [.target(name: "Kit"), .testTarget(name: "KitTests", dependencies: ["Kit"])])
            """),
            ("App/Kit/Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("App/Kit/Sources/Kit/More.swift", "public struct More {}\n"),
            ("App/Kit/Tests/KitTests/KitTests.swift", "import XCTest\n@testable import Kit\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let app = try #require(workspace.packages.first { $0.identity == "sync.xcodeproj" }?.targets.first { $0.declaration.name == "App" })
        #expect(app.files.map(\.path) == ["App/AppMain.swift"])
        let kit = try #require(workspace.packages.first { $0.identity == "kit" })
        #expect(kit.targets.map { "\($0.name): \($0.files.map(\.path))" } == [
            "Kit: [\"App/Kit/Sources/Kit/Kit.swift\", \"App/Kit/Sources/Kit/More.swift\"]",
            "KitTests: [\"App/Kit/Tests/KitTests/KitTests.swift\"]",
        ])
        let graph = ModuleGraph(workspace: workspace)
        #expect(graph.modules.map(\.id).contains("App"))
    }

    @Test func twoProjectWorkspaceWithACrossProjectDependency() throws {
        let directory = try TemporaryDirectory(files: [
            ("Demo.xcworkspace/contents.xcworkspacedata", XcodeFixtures.workspace),
            ("App/App.xcodeproj/project.pbxproj", XcodeFixtures.workspaceApp),
            ("App/App.swift", "import Core\nimport Models\n"),
            ("Core/Core.xcodeproj/project.pbxproj", XcodeFixtures.workspaceCore),
            ("Core/Sources/Core.swift", "public struct Core {}\n"),
            ("Packages/Models/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Models", products: [.library(name: "Models", targets: ["Models"])], targets: [.target(name: "Models")])
            """),
            ("Packages/Models/Sources/Models/Model.swift", "public struct Model {}\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.identity) == ["app.xcodeproj", "core.xcodeproj", "models"])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == ["App -> Core", "App -> Models"])
        #expect(edges(graph, graph.imports.map { ($0.from, $0.to) }) == ["App -> Core", "App -> Models"])
        #expect(workspace.filesInNoTarget.isEmpty)
    }

    /// The proxy still says `remoteInfo = OldCore` after the target was renamed `Core`: its
    /// object id finds the target, as Xcode finds it.
    @Test func aCrossProjectDependencyFollowsARenamedTargetByItsObjectID() throws {
        let directory = try TemporaryDirectory(files: [
            ("App/App.xcodeproj/project.pbxproj", XcodeFixtures.workspaceApp.replacingOccurrences(of: "remoteInfo = Core;", with: "remoteInfo = OldCore;")),
            ("App/App.swift", "import Core\n"),
            ("Core/Core.xcodeproj/project.pbxproj", XcodeFixtures.workspaceCore),
            ("Core/Sources/Core.swift", "public struct Core {}\n"),
        ])
        defer { directory.remove() }
        let graph = ModuleGraph(workspace: try WorkspaceLoader().load(paths: [directory.path]))
        #expect(edges(graph, graph.dependencies.map { ($0.from, $0.to) }) == ["App -> Core"])
        #expect(graph.externalDependencies.map(\.name) == ["Models"])
    }

    @Test func malformedProjectIsANoteAndTheRestIsRead() throws {
        // Cut where the groups begin: the objects dictionary is never closed.
        let truncated = XcodeFixtures.classicGroups.components(separatedBy: "/* Begin PBXGroup section */")[0]
        let lines = truncated.split(separator: "\n", omittingEmptySubsequences: false).count
        let directory = try TemporaryDirectory(files: Self.storagePackage + [
            ("Broken.xcodeproj/project.pbxproj", truncated),
            ("Demo App/AppDelegate.swift", "import Storage\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map(\.identity) == ["storage"])
        #expect(workspace.notes.map { "\($0.file):\($0.line): \($0.message)" } == [
            "Broken.xcodeproj/project.pbxproj:\(lines): cannot read Xcode project: unexpected end of file inside a dictionary (truncated?); its targets are not analysed",
        ])
        #expect(workspace.filesInNoTarget == ["Demo App/AppDelegate.swift"])
    }

    @Test func aProjectThatMirrorsAPackageAddsNoSecondModule() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit", path: "Kit/Sources")])
            """),
            ("Kit.xcodeproj/project.pbxproj", XcodeFixtures.classicGroups),
            ("Kit/Sources/Kit.swift", "public struct Kit {}\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        // The project's Kit framework builds only files the package builds: dropped.
        #expect(workspace.packages.map(\.kind) == [.xcodeProject, .swiftPackage])
        #expect(workspace.packages.flatMap { $0.targets.map(\.declaration.name) } == ["Demo App", "AppTests", "Kit"])
        #expect(workspace.packages[1].targets[0].files.map(\.path) == ["Kit/Sources/Kit.swift"])
    }
}
