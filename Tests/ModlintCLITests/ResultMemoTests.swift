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
        #expect(edited.standardOutput.contains("Core imports Feature, which no dependency it declares reaches: the target does not build on its own. Declare .target(name: \"Feature\") in the dependencies of Core. [undeclared-import]"))

        // A configuration edit.
        try directory.write(".modlint.yml", "rules:\n  undeclared-import: off\n  import-cycle: off\n")
        let configured = try CLI.run(["lint", directory.path])
        #expect(configured.exitCode == 0, "\(configured.standardOutput)")

        // A new file.
        try directory.write("Sources/Feature/More.swift", "import Missing\n")
        let added = try CLI.run(["lint", directory.path, "--reporter", "json"])
        #expect(added.standardOutput.contains("\"files\": 3"))
    }

    /// Project files and the build-settings files that name modules are inputs too.
    @Test func projectAndConfigurationFileEditsInvalidateTheMemo() throws {
        // The widget's Debug configuration takes its module name from Widget/Widget.xcconfig.
        let project = XcodeFixtures.synchronizedFolders.replacingOccurrences(
            of: "BC03 = {isa = XCBuildConfiguration; ",
            with: "BC03 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SG02; baseConfigurationReferenceRelativePath = Widget.xcconfig; ")
        let directory = try TemporaryDirectory(files: [
            ("Sync.xcodeproj/project.pbxproj", project),
            ("App/AppMain.swift", "import WidgetModule\n"),
            ("Widget/Widget.swift", "public struct Widget {}\n"),
            ("Widget/Widget.xcconfig", "PRODUCT_MODULE_NAME = WidgetModule\n"),
            ("Tests/AppTests/AppTests.swift", "import HostedWidget\n"),
        ])
        defer { directory.remove() }
        let clean = try CLI.run(["lint", directory.path])
        #expect(clean.exitCode == 0, "\(clean.standardOutput)")
        #expect(try CLI.run(["lint", directory.path]).standardOutput == clean.standardOutput)

        // The app no longer depends on the widget: its import is undeclared.
        try directory.write("Sync.xcodeproj/project.pbxproj", project.replacingOccurrences(of: "TD01,\n", with: ""))
        let edited = try CLI.run(["lint", directory.path])
        #expect(edited.exitCode == 1)
        #expect(edited.standardOutput.contains("App imports WidgetModule (target Widget Extension), which no dependency it declares reaches: the target does not build on its own. Add a dependency on target Widget Extension to App. [undeclared-import]"))
        try directory.write("Sync.xcodeproj/project.pbxproj", project)
        #expect(try CLI.run(["lint", directory.path]).exitCode == 0)

        // Only the xcconfig changes: the widget's module is now the one the tests import.
        try directory.write("Widget/Widget.xcconfig", "PRODUCT_MODULE_NAME = HostedWidget\n")
        let renamed = try CLI.run(["lint", directory.path])
        #expect(renamed.exitCode == 1)
        #expect(renamed.standardOutput.contains("AppTests imports HostedWidget (target Widget Extension), which no dependency it declares reaches: the target does not build on its own. Add a dependency on target Widget Extension to AppTests. [undeclared-import]"))
    }
}
