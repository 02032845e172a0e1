import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// A `.package(path:)` whose folder is not there: an error inside the tree (SwiftPM cannot
/// load the package), a note for a submodule not checked out, nothing for a folder beside
/// the checkout (another repository, there where the package is built).
struct MissingLocalPackageTests {
    @Test func insideTheTreeASubmoduleAndBesideTheCheckout() throws {
        let directory = try TemporaryDirectory(files: [
            ("App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [
                .package(path: "../Kit"),
                .package(path: "../Vendor/Charts"),
                .package(path: "../../design-system"),
            ], targets: [.target(name: "App")])
            """),
            ("App/Sources/App/App.swift", "import Kit\n"),
            (".gitmodules", "[submodule \"Charts\"]\n\tpath = Vendor/Charts\n\turl = https://example.com/charts\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.first?.missingLocalPackages == [
            MissingLocalPackage(path: "../Kit", folder: "Kit", line: 4, isSubmodule: false),
            MissingLocalPackage(path: "../Vendor/Charts", folder: "Vendor/Charts", line: 5, isSubmodule: true),
        ])
        let result = try Linter(rules: [InvalidManifest(), UnreadDependency()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.rule) \($0.severity.rawValue) \($0.file):\($0.line)" } == [
            "invalid-manifest error App/Package.swift:4",
            "unread-dependency note App/Package.swift:5",
        ])
    }
}
