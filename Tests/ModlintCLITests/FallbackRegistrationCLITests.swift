import Foundation
import ModlintTestSupport
import Testing

/// Get-or-register (`resolve(T.self) ?? register(T.self) { … }`) in several places is no
/// duplicate registration: at most one of them ever registers. Plain registrations are.
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
        #expect(plainRun.standardOutput.contains("error: Session is registered 2 times in the same WeaveDI container (shared)"), "\(plainRun.standardOutput)")
    }
}
