import ModlintRules
import ModlintTestSupport
import Testing

/// The note's exact wording, with and without the Tuist hint.
struct FilesInNoTargetTests {
    func messages(_ files: [(String, String)]) throws -> [String] {
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let result = try Linter(rules: [FilesInNoTarget()]).lint(paths: [directory.path])
        return result.diagnostics.map { "\($0.file):\($0.line): \($0.message)" }
    }

    @Test func aTuistProjectThatWasNeverGeneratedSaysHowToRead() throws {
        let messages = try messages([
            ("Workspace.swift", "import ProjectDescription\n"),
            // Tuist's own dependencies manifest: the only one SwiftPM can read.
            ("Tuist/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Deps\")\n"),
            ("Projects/App/Sources/App.swift", "import SwiftUI\n"),
            ("Tuist/ProjectDescriptionHelpers/Module.swift", "import ProjectDescription\n"),
        ])
        #expect(messages == [
            "Workspace.swift:1: 3 Swift files belong to no SwiftPM or Xcode target and are not analysed: "
                + "./ (1 file), Projects/ (1 file), Tuist/ProjectDescriptionHelpers/ (1 file); this looks like a Tuist project, whose manifests "
                + "modlint does not run: run `tuist generate --no-open` first and modlint reads the Xcode projects it writes",
        ])
    }

    /// Where a `Project.swift` was read (here: it makes no project, which
    /// unread-build-description reports), manifests and helpers are no stray sources.
    @Test func readTuistManifestsAreNotStraySources() throws {
        let messages = try messages([
            ("Workspace.swift", "import ProjectDescription\n"),
            ("Projects/App/Project.swift", "import ProjectDescription\n"),
            ("Projects/App/Sources/App.swift", "import SwiftUI\n"),
            ("Tuist/ProjectDescriptionHelpers/Module.swift", "import ProjectDescription\n"),
        ])
        #expect(messages == ["Projects/App/Sources/App.swift:1: 1 Swift file belongs to no SwiftPM or Xcode target and is not analysed: Projects/ (1 file)"])
    }

    @Test func otherUnreadFilesGetNoHint() throws {
        let messages = try messages([
            ("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n"),
            ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Example/App.swift", "import Kit\n"),
        ])
        #expect(messages == ["Example/App.swift:1: 1 Swift file belongs to no SwiftPM or Xcode target and is not analysed: Example/ (1 file)"])
    }
}
