import Foundation
import ModlintTestSupport
import Testing

// False findings the real-world corpus (realworld/) showed, each reduced to a tree of its own.

/// Get-or-register (`resolve(T.self) ?? register(T.self) { … }`) in several places is no
/// duplicate registration: at most one of them ever registers. Plain registrations are (a
/// warning: nothing shows that one program calls both functions).
struct FallbackRegistrationCLITests {
    static func tree(_ separator: String) throws -> TemporaryDirectory {
        let use = { (name: String) in """
            import WeaveDI

            func \(name)() -> Session? {
                UnifiedDI.resolve(Session.self)\(separator)UnifiedDI.register(Session.self) { LiveSession() }
            }

            """
        }
        return try TemporaryDirectory(files: [
            ("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n"),
            ("Sources/App/Session.swift", "protocol Session {}\nstruct LiveSession: Session {}\n"),
            ("Sources/App/Login.swift", use("login")),
            ("Sources/App/Profile.swift", use("profile")),
        ], prefix: "modlint-fallback")
    }

    @Test func getOrRegisterIsNoDuplicate() throws {
        let fallback = try Self.tree("\n    ?? ")
        let plain = try Self.tree("\n    _ = ")
        defer { fallback.remove(); plain.remove() }
        let fallbackRun = try CLI.run(["lint", "--no-cache", fallback.path], limited: true)
        let plainRun = try CLI.run(["lint", "--no-cache", plain.path], limited: true)
        #expect(!fallbackRun.standardOutput.contains("[duplicate-registration]"), "\(fallbackRun.standardOutput)")
        #expect(plainRun.standardOutput.contains("warning: Session is registered in 2 places of the same WeaveDI container (shared) "
            + "that nothing shows run together (login in App, profile in App)"), "\(plainRun.standardOutput)")
    }
}

/// XcodeGen runs on macOS, whose file system ignores case: an include written
/// `Teacher/Teacher.yml` reads `Teacher/teacher.yml` there, and so it does here — when
/// exactly one entry matches.
struct CaseInsensitiveIncludeTests {
    @Test func anIncludeDifferingOnlyInCaseIsRead() throws {
        let tree = try TemporaryDirectory(files: [
            ("project.yml", "name: App\ninclude:\n  - Teacher/Teacher.yml\n"),
            ("Teacher/teacher.yml", "targets:\n  Teacher:\n    type: framework\n    platform: iOS\n    sources: [Sources]\n"),
            ("Teacher/Sources/T.swift", "import Foundation\n"),
        ], prefix: "modlint-case")
        defer { tree.remove() }
        let run = try CLI.run(["lint", "--no-cache", tree.path], limited: true)
        #expect(run.standardOutput == "modlint: no findings in 1 package, 1 module, 1 file\n", "\(run.standardOutput)")
        // Two entries that differ only in case: which one macOS would read is unknown.
        try tree.write("Teacher/TEACHER.yml", "targets: {}\n")
        let ambiguous = try CLI.run(["lint", "--no-cache", tree.path], limited: true)
        #expect(ambiguous.exitCode == 1)
        #expect(ambiguous.standardOutput.contains("[unread-build-description]"), "\(ambiguous.standardOutput)")
    }
}

/// A spec with no `name:` that another spec includes is a fragment of it, not a project
/// of its own ("no 'name:'" was an error about a spec XcodeGen never reads alone).
struct IncludedFragmentTests {
    @Test func anIncludedFragmentIsNoSpecOfItsOwn() throws {
        let tree = try TemporaryDirectory(files: [
            ("project.yml", "name: Route\ninclude:\n  - App/project.yml\n"),
            ("App/project.yml", "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Sources]\n"),
            ("App/Sources/A.swift", "import Foundation\n"),
        ], prefix: "modlint-fragment")
        defer { tree.remove() }
        let run = try CLI.run(["lint", "--no-cache", tree.path], limited: true)
        #expect(run.standardOutput == "modlint: no findings in 1 package, 1 module, 1 file\n", "\(run.standardOutput)")
    }
}
