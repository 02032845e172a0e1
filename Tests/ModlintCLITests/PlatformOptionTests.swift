import Foundation
import ModlintTestSupport
import Testing

/// `--platform` and `platforms:` choose what manifests' `#if` is evaluated for; the host
/// never does.
struct PlatformOptionTests {
    static let files: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "App", platforms: [.iOS(.v17)], targets: [.target(name: "Core"), .target(name: "Feature")])
        #if os(iOS)
        package.targets[1].dependencies = ["Core"]
        #endif
        """),
        ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ("Sources/Feature/Feature.swift", "import Core\n"),
    ]

    @Test func platformsChooseTheBranchAndUnknownNamesAreUsageErrors() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        // Declared iOS: the dependency exists, on every host.
        let declared = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(declared.exitCode == 0, "\(declared.standardOutput)")
        // Linux only: the import is undeclared there.
        let linux = try CLI.run(["lint", "--no-cache", "--platform", "linux", directory.path])
        #expect(linux.exitCode == 1)
        #expect(linux.standardOutput.contains("Feature imports Core, which no dependency it declares reaches"))
        // Both: the dependency holds for iOS only, and the import is unconditional.
        let both = try CLI.run(["lint", "--no-cache", "--platform", "linux", "--platform", "ios", directory.path])
        #expect(both.standardOutput.contains("declared only for ios"), "\(both.standardOutput)")
        try directory.write(".modlint.yml", "platforms: [linux]\n")
        #expect(try CLI.run(["lint", "--no-cache", directory.path]).standardOutput == linux.standardOutput)
        let unknown = try CLI.run(["lint", "--no-cache", "--platform", "amiga", directory.path])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.hasPrefix("modlint: error: --platform: unknown platform 'amiga' (known: android, freebsd"))
    }
}
