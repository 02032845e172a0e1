import Foundation
import ModlintTestSupport
import Testing

/// The whole-run memo must never hide a change: any edit to a source file, a manifest or
/// the configuration produces a fresh result.
struct ResultMemoTests {
    static let files: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "Core"), .target(name: "Feature", dependencies: ["Core"])])
        """),
        ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ("Sources/Feature/Feature.swift", "import Core\n"),
    ]

    @Test func editsInvalidateTheMemo() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let clean = try CLI.run(["lint", directory.path])
        #expect(clean.exitCode == 0)
        let warm = try CLI.run(["lint", directory.path])
        #expect(warm.standardOutput == clean.standardOutput)
        #expect(FileManager.default.fileExists(atPath: directory.path + "/.build/modlint-cache/result.memo"))

        // A source edit (same size would not matter: the modification time changes too).
        try directory.write("Sources/Core/Core.swift", "import Feature\npublic struct Core {}\n")
        let edited = try CLI.run(["lint", directory.path])
        #expect(edited.exitCode == 1)
        #expect(edited.standardOutput.contains("Core imports Feature, which is not among its dependencies [undeclared-import]"))

        // A configuration edit.
        try directory.write(".modlint.yml", "rules:\n  undeclared-import: off\n  import-cycle: off\n")
        let configured = try CLI.run(["lint", directory.path])
        #expect(configured.exitCode == 0, "\(configured.standardOutput)")

        // A new file.
        try directory.write("Sources/Feature/More.swift", "import Missing\n")
        let added = try CLI.run(["lint", directory.path, "--reporter", "json"])
        #expect(added.standardOutput.contains("\"files\": 3"))
    }
}
