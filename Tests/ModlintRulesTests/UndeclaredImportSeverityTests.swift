import ModlintConfiguration
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// Severity by consequence: an unreachable module is an error, a transitively reachable one
/// a warning (`transitive-imports` changes it); one finding per target and module.
struct UndeclaredImportSeverityTests {
    static let files: [(String, String)] = [
        ("App/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [
            .target(name: "Feature", dependencies: ["Networking"]),
            .target(name: "Networking", dependencies: ["Models"]),
            .target(name: "Models"),
            .target(name: "Analytics"),
        ])
        """),
        ("App/Sources/Feature/A.swift", "import Networking\nimport Models\nimport Analytics\nimport AppAccount\n"),
        ("App/Sources/Feature/B.swift", "import Models\n"),
        ("App/Sources/Feature/C.swift", "import Models\n#if os(watchOS)\nimport Analytics\n#endif\n"),
        ("App/Sources/Networking/Watch.swift", "#if os(watchOS)\nimport Analytics\n#endif\n"),
        ("App/Sources/Networking/N.swift", "import Models\n"),
        ("App/Sources/Models/M.swift", "public struct M {}\n"),
        ("App/Sources/Analytics/T.swift", "public struct T {}\n"),
        ("AppAccount/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "AppAccount", products: [.library(name: "AppAccount", targets: ["AppAccount"])],
                              targets: [.target(name: "AppAccount")])
        """),
        ("AppAccount/Sources/AppAccount/Account.swift", "public struct Account {}\n"),
    ]

    func lint(_ configuration: Configuration = Configuration()) throws -> [Diagnostic] {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        return try Linter(rules: [UndeclaredImport()], configuration: configuration).lint(paths: [directory.path]).diagnostics
    }

    @Test func severityFollowsTheConsequence() throws {
        let diagnostics = try lint()
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.file):\($0.line)" } == [
            "warning App/Sources/Feature/A.swift:2",
            "error App/Sources/Feature/A.swift:3",
            "error App/Sources/Feature/A.swift:4",
            // Unreachable, under `#if os(watchOS)`: the package declares no platforms, so a
            // watchOS build compiles it and fails.
            "error App/Sources/Networking/Watch.swift:2",
        ])
        #expect(diagnostics[0].message == "Feature imports Models (in 3 files), which it does not declare: reachable only through Networking (Feature -> Networking -> Models) — breaks if Networking drops it. Declare .target(name: \"Models\") in the dependencies of Feature.")
        #expect(diagnostics[0].related.map { "\($0.file):\($0.line)" } == [
            "App/Package.swift:4", "App/Sources/Feature/B.swift:1", "App/Sources/Feature/C.swift:1",
        ])
        #expect(diagnostics[2].message == "Feature imports AppAccount, which no dependency it declares reaches: the target does not build on its own. Declare .product(name: \"AppAccount\", package: \"AppAccount\") in the dependencies of Feature, and .package(path: \"../AppAccount\") to the package.")
    }

    /// A workspace module named like a module of the SDK, which the importer cannot reach:
    /// the compiler finds the SDK's (`import XPC` for `xpc_object_t`), and the import builds.
    /// Reached through a dependency, it is the workspace's, and judged.
    @Test func aModuleNamedLikeAnSDKModuleIsTheSDKsWhereNothingReachesIt() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "Bridge"),
                .target(name: "Service", dependencies: ["Kit"]),
                .target(name: "Kit", dependencies: ["XPC"]),
                .target(name: "XPC"),
            ])
            """),
            ("Sources/Bridge/Bridge.swift", "import XPC\n"),
            ("Sources/Service/Service.swift", "import XPC\n"),
            ("Sources/Kit/Kit.swift", "import XPC\n"),
            ("Sources/XPC/XPC.swift", "public struct Connection {}\n"),
        ])
        defer { directory.remove() }
        let diagnostics = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path]).diagnostics
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.file):\($0.line)" } == ["warning Sources/Service/Service.swift:1"])
    }

    /// A target of an Xcode project outside the linted paths builds a module whose name is
    /// not known here (`GRDBCustomSQLiteOSX` builds `GRDB`): a dependency on it is not
    /// judged unused by its target's name.
    @Test func aDependencyOnAProjectOutsideTheTreeIsNotJudgedByName() throws {
        let directory = try TemporaryDirectory(files: [
            ("App/App.xcodeproj/project.pbxproj", XcodeFixtures.workspaceApp),
            ("App/App.swift", "import UIKit\nimport Models\n"),
        ])
        defer { directory.remove() }
        let diagnostics = try Linter(rules: [UnusedDependency()]).lint(paths: [Paths.join(directory.path, "App")]).diagnostics
        #expect(diagnostics.map(\.message).isEmpty, "\(diagnostics.map(\.message))")
    }

    @Test func transitiveImportsAreConfigurable() throws {
        var configuration = Configuration()
        configuration.transitiveImports = .error
        #expect(try lint(configuration).map(\.severity) == [.error, .error, .error, .error])
        configuration.transitiveImports = .off
        #expect(try lint(configuration).map(\.line) == [3, 4, 2])
    }

    /// Under `#if`, an unreachable import is an error when a default debug or release
    /// build for the package's platforms compiles it, a warning when none does.
    @Test func conditionsDecideTheSeverity() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "Conditions",
                platforms: [.iOS(.v17), .macOS(.v14)],
                traits: [.trait(name: "Telemetry")],
                targets: [
                    .target(name: "Feature", swiftSettings: [.define("USE_CUSTOM", .when(configuration: .debug))]),
                    .target(name: "Debugging"), .target(name: "Linuxy"), .target(name: "Release"), .target(name: "Custom"),
                    .target(name: "Simulated"), .target(name: "Never"), .target(name: "Tracing"),
                ]
            )
            """),
            ("Sources/Feature/A.swift", "#if DEBUG\nimport Debugging\n#endif\n"),
            ("Sources/Feature/B.swift", "#if os(Linux)\nimport Linuxy\n#endif\n"),
            ("Sources/Feature/C.swift", "#if !DEBUG\nimport Release\n#endif\n"),
            ("Sources/Feature/D.swift", "#if USE_CUSTOM\nimport Custom\n#endif\n"),
            ("Sources/Feature/E.swift", "#if os(iOS) && targetEnvironment(simulator)\nimport Simulated\n#endif\n"),
            ("Sources/Feature/F.swift", "#if DEBUG && (os(Linux) || os(Windows))\nimport Never\n#endif\n"),
            ("Sources/Feature/G.swift", "#if Telemetry\nimport Tracing\n#endif\n"),
        ] + ["Debugging", "Linuxy", "Release", "Custom", "Simulated", "Never", "Tracing"].map { ("Sources/\($0)/\($0).swift", "public struct \($0) {}\n") })
        defer { directory.remove() }
        let diagnostics = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path]).diagnostics
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.file)" } == [
            "error Sources/Feature/A.swift", "warning Sources/Feature/B.swift", "error Sources/Feature/C.swift",
            "error Sources/Feature/D.swift", "error Sources/Feature/E.swift", "warning Sources/Feature/F.swift",
            "error Sources/Feature/G.swift",
        ])
        #expect(diagnostics[1].message.hasSuffix("[under #if os(Linux)] (no default debug or release build compiles it)"))
        #expect(diagnostics[0].message.hasSuffix("[under #if DEBUG]"))
        // `platforms:` in the configuration decides which platforms are built.
        var configuration = Configuration()
        configuration.platforms = ["linux"]
        let forLinux = try Linter(rules: [UndeclaredImport()], configuration: configuration).lint(paths: [directory.path]).diagnostics
        #expect(forLinux.first { $0.file == "Sources/Feature/B.swift" }?.severity == .error)
    }

    /// A platform-conditional dependency imported unconditionally is an error only when no
    /// other dependency brings the module in; otherwise it builds by accident elsewhere.
    @Test func platformConditionalDependencies() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Compat", dependencies: [.target(name: "Posix", condition: .when(platforms: [.linux])), "Essentials"]),
                .target(name: "Haptics", dependencies: [.target(name: "Taptic", condition: .when(platforms: [.iOS]))]),
                .target(name: "Posix", dependencies: ["Core"]),
                .target(name: "Essentials", dependencies: ["Core"]),
                .target(name: "Core"),
                .target(name: "Taptic"),
            ])
            """),
            ("Sources/Compat/C.swift", "import Core\n"),
            ("Sources/Haptics/H.swift", "import Taptic\n"),
            ("Sources/Posix/P.swift", "@_exported import Core\n"),
            ("Sources/Essentials/E.swift", "import Core\n"),
            ("Sources/Core/Core.swift", "public struct Core {}\n"),
            ("Sources/Taptic/T.swift", "public struct Taptic {}\n"),
        ])
        defer { directory.remove() }
        let diagnostics = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path]).diagnostics
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.file): \($0.message)" } == [
            "warning Sources/Compat/C.swift: Compat imports Core unconditionally; the dependency that provides it is declared only for linux, "
                + "and elsewhere it is reachable only transitively (Compat -> Essentials -> Core): declare it for every platform, "
                + "or guard the import with #if os(…) or #if canImport(Core)",
            "error Sources/Haptics/H.swift: Haptics imports Taptic unconditionally, but the dependency that provides it is declared only for ios, "
                + "and no other dependency brings it in: guard the import with #if os(…) or #if canImport(Taptic)",
        ])
    }
}
