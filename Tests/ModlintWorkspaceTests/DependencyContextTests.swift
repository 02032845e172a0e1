import ModlintTestSupport
@testable import ModlintWorkspace
import ModlintManifest
import Testing

/// Where dependency checkouts are found, and what reading them as context means for the
/// workspace model.
struct DependencyContextTests {
    static let kit: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
        """),
        ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
    ]

    static let app: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", dependencies: [.package(url: "https://example.com/org/kit.git", from: "1.0.0")],
                              targets: [.target(name: "App", dependencies: [.product(name: "Kit", package: "kit")])])
        """),
        ("Sources/App/App.swift", "import Kit\n"),
    ]

    @Test func checkoutsAreContextPackagesWithTheirPins() throws {
        let directory = try TemporaryDirectory(files: Self.app + Self.kit.map { (".build/checkouts/Kit/" + $0.0, $0.1) } + [
            ("Package.resolved", #"{ "pins" : [ { "identity" : "kit", "location" : "https://example.com/org/kit.git", "state" : { "revision" : "0123456789", "version" : "1.4.2" } } ], "version" : 2 }"#),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.count == 2)
        let kit = try #require(workspace.packages.first { $0.isContext })
        #expect(kit.identity == "kit")
        #expect(kit.directory == ".build/checkouts/Kit")
        #expect(kit.pin == "1.4.2")
        #expect(kit.targets.map { $0.files.map(\.path) } == [[".build/checkouts/Kit/Sources/Kit/Kit.swift"]])
        #expect(workspace.subjectPackages.map(\.identity) == [Paths.lastComponent(directory.path).lowercased()])
        #expect(workspace.fileCount == 1)
        #expect(workspace.isContext(".build/checkouts/Kit/Sources/Kit/Kit.swift"))
        #expect(!workspace.isContext("Sources/App/App.swift"))
        #expect(workspace.packages.first { !$0.isContext }?.localDependencies == ["kit"])
        #expect(workspace.unavailableDependencies.isEmpty)
    }

    /// Xcode keeps a project's packages in DerivedData; `info.plist` names the project.
    @Test func derivedDataOfTheProject() throws {
        let derivedData = try TemporaryDirectory(prefix: "modlint-derived-data")
        let directory = try TemporaryDirectory(files: [
            ("Sync.xcodeproj/project.pbxproj", XcodeFixtures.synchronizedFolders.replacingOccurrences(
                of: "\t\tTD01 = ", with: "\t\tPD01 = {isa = XCSwiftPackageProductDependency; package = RP01; productName = Kit; };\n"
                    + "\t\tRP01 = {isa = XCRemoteSwiftPackageReference; repositoryURL = \"https://example.com/org/Kit\"; };\n\t\tTD01 = ")
                .replacingOccurrences(of: "name = App;\n", with: "name = App;\n\t\t\tpackageProductDependencies = (PD01, );\n")),
            ("App/App.swift", "import Kit\n"),
        ])
        defer {
            directory.remove()
            derivedData.remove()
        }
        try derivedData.write("Other-xyz/info.plist", "<plist><dict><key>WorkspacePath</key><string>/elsewhere/Other.xcodeproj</string></dict></plist>\n")
        try derivedData.write("Sync-abc/info.plist", "<plist><dict><key>WorkspacePath</key><string>\(directory.path)/Sync.xcodeproj</string></dict></plist>\n")
        for (path, text) in Self.kit { try derivedData.write("Sync-abc/SourcePackages/checkouts/Kit/" + path, text) }
        var options = WorkspaceOptions()
        options.derivedDataDirectory = derivedData.path
        let workspace = try WorkspaceLoader(options: options).load(paths: [directory.path])
        let kit = try #require(workspace.packages.first { $0.isContext })
        #expect(kit.directory == derivedData.path + "/Sync-abc/SourcePackages/checkouts/Kit")
        #expect(workspace.packages.first { $0.kind == .xcodeProject }?.localDependencies == ["kit"])

        options.derivedDataDirectory = nil
        let without = try WorkspaceLoader(options: options).load(paths: [directory.path])
        #expect(without.packages.allSatisfy { !$0.isContext })
        #expect(without.unavailableDependencies.map(\.identity) == ["kit"])
    }

    @Test func resolvedPinsOfEveryVersion() {
        let v1 = #"{"object":{"pins":[{"package":"Yams","repositoryURL":"https://github.com/jpsim/Yams.git","state":{"branch":null,"revision":"abc","version":"5.0.1"}}]},"version":1}"#
        let v2 = """
        {
          "pins" : [
            {
              "identity" : "spezi",
              "kind" : "remoteSourceControl",
              "location" : "https://github.com/StanfordSpezi/Spezi.git",
              "state" : {
                "branch" : "main",
                "revision" : "b066256d0123456789"
              }
            }
          ],
          "version" : 2
        }
        """
        #expect(PackageResolved.pins(in: Array(v1.replacingOccurrences(of: ",", with: ",\n").utf8)).map { "\($0.0) \($0.1)" } == ["yams 5.0.1"])
        #expect(PackageResolved.pins(in: Array(v2.utf8)).map { "\($0.0) \($0.1)" } == ["spezi revision b066256"])
    }
}
