import Foundation
import ModlintTestSupport
@testable import ModlintWorkspace
import Testing

struct WorkspaceLoaderTests {
    func load(_ files: [(String, String)], paths: [String] = [""]) throws -> (Workspace, TemporaryDirectory) {
        let directory = try TemporaryDirectory(files: files)
        let workspace = try WorkspaceLoader().load(paths: paths.map { directory.path + ($0.isEmpty ? "" : "/" + $0) })
        return (workspace, directory)
    }

    func filesByTarget(_ workspace: Workspace) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for package in workspace.packages {
            for target in package.targets { result["\(package.identity)/\(target.name)"] = target.files.map(\.path) }
        }
        return result
    }

    /// The memos' structure key covers what a layout depends on: a new Swift file and a
    /// new folder (a target's, even empty) change it; an edit inside a file does not.
    @Test func structureKeyCoversFilesAndFolders() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Core"), .target(name: "Kit")])
            """),
            ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ])
        defer { directory.remove() }
        let loader = WorkspaceLoader()
        func structure() throws -> UInt64 { try loader.scan(paths: [directory.path], fingerprinting: true).structure }
        let initial = try structure()
        try directory.write("Sources/Core/Core.swift", "public struct Core { var edited = 1 }\n")
        #expect(try structure() == initial)
        try FileManager.default.createDirectory(atPath: directory.path + "/Sources/Kit", withIntermediateDirectories: false)
        let withFolder = try structure()
        #expect(withFolder != initial)
        try directory.write("Sources/Kit/Kit.swift", "public struct Kit {}\n")
        #expect(try structure() != withFolder)
    }

    @Test func assignsFilesBySwiftPMConventions() throws {
        let (workspace, directory) = try load([
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "A"),
                .target(name: "B"),
                .target(name: "C", path: "Custom/C", exclude: ["Generated"]),
                .target(name: "D", sources: ["Public", "Main.swift"]),
                .executableTarget(name: "Tool"),
                .testTarget(name: "ATests", dependencies: ["A"]),
            ])
            """),
            ("Sources/A/A.swift", "struct A {}\n"),
            ("Sources/A/Nested/Deep.swift", "struct Deep {}\n"),
            ("Source/B/B.swift", "struct B {}\n"),
            ("Custom/C/C.swift", "struct C {}\n"),
            ("Custom/C/Generated/Big.swift", "struct Big {}\n"),
            ("Sources/D/Main.swift", "struct D {}\n"),
            ("Sources/D/Public/API.swift", "struct API {}\n"),
            ("Sources/D/Internal/Hidden.swift", "struct Hidden {}\n"),
            ("src/Tool/main.swift", "print(1)\n"),
            ("Tests/ATests/ATests.swift", "@testable import A\n"),
            ("Sources/A/.hidden/Skipped.swift", "struct Skipped {}\n"),
            (".build/checkouts/x/Sources/X/X.swift", "struct X {}\n"),
            ("Scripts/loose.swift", "print(2)\n"),
            ("Sources/A/A.docc/Resources/snippet.swift", "import Missing\n"),
            ("Sources/A/Demo.playground/Contents.swift", "import Missing\n"),
        ])
        defer { directory.remove() }
        let identity = Paths.lastComponent(directory.path).lowercased()
        #expect(filesByTarget(workspace) == [
            "\(identity)/A": ["Sources/A/A.swift", "Sources/A/Nested/Deep.swift"],
            "\(identity)/B": ["Source/B/B.swift"],
            "\(identity)/C": ["Custom/C/C.swift"],
            "\(identity)/D": ["Sources/D/Main.swift", "Sources/D/Public/API.swift"],
            "\(identity)/Tool": ["src/Tool/main.swift"],
            "\(identity)/ATests": ["Tests/ATests/ATests.swift"],
        ])
        #expect(workspace.packages.map(\.directory) == [""])
        #expect(workspace.fileCount == 8)
        // `exclude:` leaves a file out on purpose; one `sources:` does not list is only not
        // compiled, and counted in no target.
        #expect(workspace.filesInNoTarget == ["Scripts/loose.swift", "Sources/D/Internal/Hidden.swift"])
    }

    /// Tools 5.2: a `.target` with a `main.swift` is an executable, and
    /// `Tests/LinuxMain.swift` (compiled into the Linux test runner) is no stray file.
    @Test func preExecutableTargetManifestsAndLinuxMain() throws {
        let (workspace, directory) = try load([
            ("Package.swift", """
            // swift-tools-version:5.2
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Lib"),
                .target(name: "Tool", dependencies: ["Lib"]),
                .testTarget(name: "LibTests", dependencies: ["Lib"]),
            ])
            """),
            ("Sources/Lib/Lib.swift", "public struct Lib {}\n"),
            ("Sources/Lib/Nested/main.swift", "struct NotAnEntryPoint {}\n"),
            ("Sources/Tool/main.swift", "import Lib\nprint(Lib())\n"),
            ("Tests/LinuxMain.swift", "import XCTest\nXCTMain([])\n"),
            ("Tests/LibTests/LibTests.swift", "@testable import Lib\n"),
            ("Scripts/LinuxMain.swift", "print(1)\n"),
        ])
        defer { directory.remove() }
        #expect(workspace.packages[0].targets.map(\.name) == ["Lib", "Tool", "LibTests"])
        #expect(workspace.packages[0].targets.map(\.kind) == [.regular, .executable, .test])
        #expect(workspace.filesInNoTarget == ["Scripts/LinuxMain.swift"])
    }

    /// Test fixtures (projects and packages a test suite reads) are not the code base:
    /// `Tests/Fixtures/**` and a test target's `Fixtures/` are not walked; a target named
    /// `Fixtures` outside the tests is.
    @Test func testFixturesAreNotLinted() throws {
        let (workspace, directory) = try load([
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Fixtures"),
                .testTarget(name: "AppTests", dependencies: ["Fixtures"], exclude: ["Fixtures"]),
            ])
            """),
            ("Sources/Fixtures/Fixtures.swift", "public struct Sample {}\n"),
            ("Tests/AppTests/AppTests.swift", "import Fixtures\n"),
            ("Tests/AppTests/Fixtures/Broken.swift", "import Missing\n"),
            ("Tests/Fixtures/TestProject/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "TestProject", targets: [.target(name: "Framework")])
            """),
            ("Tests/Fixtures/TestProject/Sources/Framework/Framework.swift", "import UIKit\n"),
            ("Tests/Fixtures/Loose/Loose.swift", "print(1)\n"),
        ])
        defer { directory.remove() }
        #expect(workspace.packages.map(\.manifestPath) == ["Package.swift"])
        #expect(workspace.packages[0].targets.map(\.name) == ["Fixtures", "AppTests"])
        #expect(workspace.filesInNoTarget.isEmpty)
        let fixture = try WorkspaceLoader().load(paths: [directory.path + "/Tests/Fixtures/TestProject"])
        #expect(fixture.packages.flatMap(\.targets).map(\.name) == ["Framework"])
    }

    /// `.package(path: "../Packages/Core")` from `Packages/Feature` names a folder that is
    /// not there (`Packages/Packages/Core`); the one package of identity `core` in the tree
    /// — the one the app's project lists — is the dependency, as Xcode builds it.
    @Test func aPathToAMissingFolderResolvesByIdentityToTheOnePackageOfThatName() throws {
        let (workspace, directory) = try load([
            ("Packages/Feature/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Feature",
                dependencies: [.package(path: "../Packages/Core"), .package(path: "../Packages/Missing")],
                targets: [.target(name: "Feature", dependencies: [.product(name: "Core", package: "Core")])])
            """),
            ("Packages/Feature/Sources/Feature/Feature.swift", "import Core\n"),
            ("Packages/Core/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Core", products: [.library(name: "Core", targets: ["Core"])], targets: [.target(name: "Core")])
            """),
            ("Packages/Core/Sources/Core/Core.swift", "public struct Core {}\n"),
        ])
        defer { directory.remove() }
        #expect(workspace.packages.map(\.identity) == ["core", "feature"])
        #expect(workspace.packages[1].localDependencies == ["core"])
    }

    /// SwiftPM 5.9: the only target of its kind may keep its sources directly in `Sources/`
    /// (the only test target in `Tests/`); before 5.9, or beside a second target, it may not.
    @Test func theOnlyTargetMayOccupySourcesFromSwift5_9() throws {
        func manifest(_ tools: String) -> String {
            """
            // swift-tools-version:\(tools)
            import PackageDescription
            let package = Package(name: "Tool", targets: [.executableTarget(name: "Tool"), .testTarget(name: "ToolTests", dependencies: ["Tool"])])
            """
        }
        let layout: [(String, String)] = [("Sources/main.swift", "print(1)\n"), ("Sources/Sub/Helper.swift", "struct Helper {}\n"),
                                          ("Tests/ToolTests.swift", "@testable import Tool\n")]
        let (modern, first) = try load([("Package.swift", manifest("5.9"))] + layout)
        defer { first.remove() }
        #expect(filesByTarget(modern).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" } == [
            "\(modern.packages[0].identity)/Tool: [\"Sources/Sub/Helper.swift\", \"Sources/main.swift\"]",
            "\(modern.packages[0].identity)/ToolTests: [\"Tests/ToolTests.swift\"]",
        ])
        let (old, second) = try load([("Package.swift", manifest("5.8"))] + layout)
        defer { second.remove() }
        #expect(old.packages[0].targets.allSatisfy { $0.files.isEmpty })
    }

    @Test func nestedPackagesOwnTheirFilesAndAreWiredByPath() throws {
        let (workspace, directory) = try load([
            ("App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App",
                dependencies: [.package(path: "../Libraries/Core"), .package(url: "https://github.com/acme/Utils.git", from: "1.0.0")],
                targets: [.target(name: "App")])
            """),
            ("App/Sources/App/App.swift", "import Core\n"),
            ("App/Sources/App/Fixtures/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Fixture", targets: [.target(name: "Fixture", path: ".")])
            """),
            ("App/Sources/App/Fixtures/Fixture.swift", "struct Fixture {}\n"),
            ("Libraries/Core/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Core", targets: [.target(name: "Core")])
            """),
            ("Libraries/Core/Sources/Core/Core.swift", "struct Core {}\n"),
            ("Vendor/utils/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Utils", targets: [.target(name: "Utils")])
            """),
        ])
        defer { directory.remove() }
        #expect(workspace.packages.map(\.directory) == ["App", "App/Sources/App/Fixtures", "Libraries/Core", "Vendor/utils"])
        #expect(workspace.packages.map(\.identity) == ["app", "fixtures", "core", "utils"])
        #expect(workspace.packages[0].localDependencies == ["core", "utils"])
        #expect(filesByTarget(workspace) == [
            "app/App": ["App/Sources/App/App.swift"],
            "fixtures/Fixture": ["App/Sources/App/Fixtures/Fixture.swift"],
            "core/Core": ["Libraries/Core/Sources/Core/Core.swift"],
            "utils/Utils": [],
        ])
    }

    @Test func rootIsTheCommonAncestorOfSeveralPaths() throws {
        let (workspace, directory) = try load([
            ("a/Package.swift", "let package = Package(name: \"A\", targets: [.target(name: \"A\")])\n"),
            ("b/Package.swift", "let package = Package(name: \"B\", targets: [.target(name: \"B\")])\n"),
        ], paths: ["a", "b"])
        defer { directory.remove() }
        #expect(workspace.root == directory.path)
        #expect(workspace.packages.map(\.directory) == ["a", "b"])
    }

    @Test func missingPathAndEmptyTreeAreInputErrors() throws {
        #expect(throws: WorkspaceError.pathNotFound("/no/such/dir")) {
            try WorkspaceLoader().load(paths: ["/no/such/dir"])
        }
        let directory = try TemporaryDirectory(files: [("main.swift", "print(1)\n")])
        defer { directory.remove() }
        #expect(throws: WorkspaceError.noPackages([directory.path])) {
            try WorkspaceLoader().load(paths: [directory.path])
        }
        // Tuist's configuration without a project manifest: nothing to read, and the advice.
        let tuist = try TemporaryDirectory(files: [("Tuist/Config.swift", "import ProjectDescription\n"), ("Sources/App.swift", "print(1)\n")])
        defer { tuist.remove() }
        #expect(throws: WorkspaceError.tuistNotGenerated([tuist.path])) {
            try WorkspaceLoader().load(paths: [tuist.path])
        }
        // A manifest that makes no project is read and reported, never passed.
        let broken = try TemporaryDirectory(files: [("Project.swift", "import ProjectDescription\n"), ("Sources/App.swift", "print(1)\n")])
        defer { broken.remove() }
        let workspace = try WorkspaceLoader().load(paths: [broken.path])
        #expect(workspace.filesInNoTarget == ["Sources/App.swift"])
        #expect(workspace.notes.map { "\($0.file):\($0.line) \($0.message)" } == [
            "Project.swift:1 a Tuist manifest that modlint could not read: 1 Swift file under ./ is in no target and not analysed; "
                + "fix the problem reported for the manifest, or run `tuist generate --no-open` before modlint and it reads the projects written",
            "Project.swift:1 cannot read Tuist manifest: no 'let project = Project(…)' found; its targets are not analysed",
        ])
    }

    /// An `.xcodeproj` folder holding only workspace settings: a note; an error only where
    /// Swift files nothing else builds lie below it.
    @Test func anXcodeprojWithoutItsProjectFile() throws {
        let workspaceData = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\"></Workspace>\n"
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n"),
            ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Tools.xcodeproj/project.xcworkspace/contents.xcworkspacedata", workspaceData),
        ])
        defer { directory.remove() }
        let quiet = try WorkspaceLoader().load(paths: [directory.path])
        #expect(quiet.notes.map { "\($0.kind) \($0.file) \($0.message)" } == [
            "unresolvedManifest Tools.xcodeproj Tools.xcodeproj holds no project.pbxproj, only workspace settings: there is no project to read",
        ])
        try directory.write("App/App.swift", "import Kit\n")
        let unread = try WorkspaceLoader().load(paths: [directory.path])
        #expect(unread.notes.filter { $0.kind == .unreadBuildDescription }.map { "\($0.file) \($0.message)" } == [
            "Tools.xcodeproj an .xcodeproj without its project.pbxproj: 1 Swift file under ./ is in no target and not analysed; "
                + "commit its project.pbxproj, or exclude the folder in .modlint.yml",
        ])
    }

    @Test func directorySymlinkLoopsAreNotFollowed() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", "let package = Package(name: \"Loop\", targets: [.target(name: \"Loop\")])\n"),
            ("Sources/Loop/Loop.swift", "struct Loop {}\n"),
        ])
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Sources/Loop/again", withDestinationPath: directory.path)
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.fileCount == 1)
    }

    @Test func theManifestVariantSwiftPMWouldPickIsRead() throws {
        let (workspace, directory) = try load([
            ("Package.swift", "let package = Package(name: \"Old\", targets: [.target(name: \"Old\")])\n"),
            ("Package@swift-6.0.swift", "let package = Package(name: \"New\", targets: [.target(name: \"New\")])\n"),
            ("Package@swift-99.swift", "let package = Package(name: \"Future\", targets: [.target(name: \"Future\")])\n"),
        ])
        defer { directory.remove() }
        #expect(workspace.packages.map(\.manifestPath) == ["Package@swift-6.0.swift"])
        #expect(workspace.packages.first?.targets.map(\.name) == ["New"])
    }

    @Test func resourcesAreNotSources() throws {
        let (workspace, directory) = try load([
            ("Package.swift", """
            let package = Package(name: "Kit", targets: [
                .target(name: "Kit", resources: [.copy("Fixtures"), .process("Templates/page.swift")]),
            ])
            """),
            ("Sources/Kit/Kit.swift", "struct Kit {}\n"),
            ("Sources/Kit/Fixtures/Sample.swift", "import Missing\n"),
            ("Sources/Kit/Templates/page.swift", "import Missing\n"),
        ])
        defer { directory.remove() }
        #expect(workspace.packages.first?.targets.first?.files.map(\.path) == ["Sources/Kit/Kit.swift"])
    }

    @Test func pathHelpers() {
        #expect(Paths.normalize("/a/./b/../c//d/") == "/a/c/d")
        #expect(Paths.normalize("a/../../b") == "../b")
        #expect(Paths.relative("/r/x/y", to: "/r") == "x/y")
        #expect(Paths.relative("/rx/y", to: "/r") == "/rx/y")
        #expect(Paths.isInside("Sources/AB/x.swift", "Sources/A") == false)
        #expect(Paths.isInside("Sources/A/x.swift", "Sources/A"))
        #expect(WorkspaceLoader.commonAncestor(of: ["/w/a/b", "/w/a/c", "/w/a"]) == "/w/a")
        #expect(WorkspaceLoader.commonAncestor(of: ["/x", "/y"]) == "/")
    }
}
