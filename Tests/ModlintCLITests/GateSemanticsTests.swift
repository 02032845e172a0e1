import Foundation
import ModlintTestSupport
import Testing

/// The gate means what the team configured: bans fail, advice builds, `fix` changes what
/// the gate fails on, paths open from where modlint ran, and the smaller traps stay shut.
@Suite struct GateSemanticsTests {
    static let layered = """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "App", targets: [
        .target(name: "Feature", dependencies: ["Core"]),
        .target(name: "Core", dependencies: ["Feature"]),
    ])
    """

    static func banned(_ configuration: String) throws -> TemporaryDirectory {
        try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "Feature", dependencies: ["Core", "Database"]),
                .target(name: "Core", dependencies: ["Feature"]),
                .target(name: "Database", dependencies: ["Models"]),
                .target(name: "Models"),
            ])
            """),
            ("Sources/Feature/F.swift", "import Database\n"),
            ("Sources/Core/C.swift", "import Feature\n"),
            ("Sources/Database/D.swift", "import Models\n"),
            ("Sources/Models/M.swift", "public struct M {}\n"),
            (".modlint.yml", configuration),
        ])
    }

    /// A ban the team writes fails the gate; an explicit severity still wins.
    @Test func bansTheTeamWritesFailTheGate() throws {
        let rules = """
        layers:
          - name: Features
            modules: [Feature]
          - name: Core
            modules: [Core, Database, Models]
        forbidden:
          - from: Feature
            to: Database
            reason: features read data through repositories
        max-depth: 1

        """
        let directory = try Self.banned(rules)
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
        #expect(run.exitCode == 1)
        let result = try #require(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let severities = Dictionary(grouping: try #require(result["diagnostics"] as? [[String: Any]]), by: { $0["rule"] as? String ?? "" })
            .mapValues { $0.map { $0["severity"] as? String ?? "" } }
        #expect(severities["layer-violation"] == ["error"])
        #expect(severities["forbidden-dependency"] == ["error"])
        #expect(severities["max-depth"] == ["error"])
        try directory.write(".modlint.yml", rules + "rules:\n  layer-violation: warning\n  forbidden-dependency: warning\n  max-depth: note\n  target-cycle: off\n")
        let softened = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(softened.exitCode == 0, "\(softened.standardOutput)")
    }

    /// The issue's mutation: Logging declares InMemoryLogging (nothing imports it), which
    /// imports Logging. Cutting the import would break the build; the advice cuts the
    /// declaration, and says why.
    @Test func cycleAdviceCutsWhatNothingImports() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Logging", targets: [
                .target(name: "Logging", dependencies: ["InMemoryLogging"]),
                .target(name: "InMemoryLogging", dependencies: ["Logging"]),
            ])
            """),
            ("Sources/Logging/Logger.swift", "public struct Logger {}\n"),
            ("Sources/InMemoryLogging/Memory.swift", "import Logging\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.standardOutput.contains("fewest dependencies to remove to break every cycle among these targets: Logging -> InMemoryLogging (nothing imports it) [target-cycle]"))
        #expect(run.standardOutput.contains("    Package.swift:4:1: note: cycle breaker: Logging depends on InMemoryLogging\n"))
    }

    /// An import cycle is cut at the undeclared import before the declared one.
    @Test func importCycleAdviceCutsTheUndeclaredImport() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
            ])
            """),
            ("Sources/Feature/F.swift", "import Core\n"),
            ("Sources/Core/C.swift", "import Feature\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.standardOutput.contains("import cycle: Core -> Feature -> Core; to break it, remove the import Core -> Feature [import-cycle]"),
                "\(run.standardOutput)")
    }

    static func fixable() throws -> TemporaryDirectory {
        try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "T",
                traits: [.trait(name: "Telemetry")],
                targets: [
                    .target(name: "Feature", dependencies: ["Core"]),
                    .target(name: "Core", dependencies: ["Models"]),
                    .target(name: "Tracing"),
                    .target(name: "Models"),
                ]
            )
            """),
            ("Sources/Feature/F.swift", "#if Telemetry\nimport Tracing\n#endif\nimport Models\nimport Core\n"),
            ("Sources/Core/C.swift", "import Models\n"),
            ("Sources/Tracing/T.swift", "public struct T {}\n"),
            ("Sources/Models/M.swift", "public struct M {}\n"),
        ])
    }

    /// `fix` changes what the gate fails on, with the import's trait as its condition;
    /// `--all` also declares what warnings report.
    @Test func fixFollowsTheGateAndKeepsConditions() throws {
        let directory = try Self.fixable()
        defer { directory.remove() }
        let dryRun = try CLI.run(["fix", "--no-cache", "--dry-run", directory.path])
        #expect(dryRun.standardError == """
        Package.swift: target Feature: would add .target(name: "Tracing", condition: .when(traits: ["Telemetry"]))
        modlint: would make 1 edit in 1 manifest; left 1 import that only warnings report (reachable only through another dependency): add --all to declare it too

        """)
        let all = try CLI.run(["fix", "--no-cache", "--all", directory.path])
        #expect(all.standardOutput.contains("target Feature: added \"Models\"\n"))
        #expect(try directory.read("Package.swift").contains(#".target(name: "Feature", dependencies: ["Core", .target(name: "Tracing", condition: .when(traits: ["Telemetry"])), "Models"]),"#))
    }

    /// An import under `#if FLAG`, for a flag the target defines on some platforms only,
    /// is declared for those platforms.
    @Test func fixTakesTheDefinedFlagsPlatforms() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "D", targets: [
                .target(name: "Feature", swiftSettings: [.define("HAPTICS", .when(platforms: [.iOS, .watchOS]))]),
                .target(name: "Haptics"),
            ])
            """),
            ("Sources/Feature/F.swift", "#if HAPTICS\nimport Haptics\n#endif\n"),
            ("Sources/Haptics/H.swift", "public struct H {}\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["fix", "--no-cache", "--dry-run", directory.path])
        #expect(run.standardError.hasPrefix("Package.swift: target Feature: would add .target(name: \"Haptics\", condition: .when(platforms: [.iOS, .watchOS]))\n"))
    }

    /// Text, `github`, `checkstyle` and `junit` paths open from the working directory;
    /// `xcode` writes absolute ones.
    @Test func pathsOpenFromTheWorkingDirectory() throws {
        let directory = try TemporaryDirectory(files: [
            ("Packages/Account/Package.swift", Self.layered),
            ("Packages/Account/Sources/Feature/F.swift", "import Core\n"),
            ("Packages/Account/Sources/Core/C.swift", "import Feature\n"),
        ])
        defer { directory.remove() }
        let environment = ["GITHUB_WORKSPACE": "", "CI_PROJECT_DIR": ""]
        let text = try CLI.run(["lint", "--no-cache", "Packages/Account"], in: directory.path, environment: environment)
        #expect(text.standardOutput.hasPrefix("Packages/Account/Package.swift:5:"), "\(text.standardOutput)")
        let github = try CLI.run(["lint", "--no-cache", "--reporter", "github", "Packages/Account"], in: directory.path, environment: environment)
        #expect(github.standardOutput.contains("::error file=Packages/Account/Package.swift,line=5,"))
        let checkstyle = try CLI.run(["lint", "--no-cache", "--reporter", "checkstyle", "Packages/Account"], in: directory.path, environment: environment)
        #expect(checkstyle.standardOutput.contains("<file name=\"Packages/Account/Package.swift\">"))
        let junit = try CLI.run(["lint", "--no-cache", "--reporter", "junit", "Packages/Account"], in: directory.path, environment: environment)
        #expect(junit.standardOutput.contains("Packages/Account/Package.swift:5"))
        let xcode = try CLI.run(["lint", "--no-cache", "--reporter", "xcode", "Account"], in: directory.path + "/Packages")
        #expect(xcode.standardOutput.hasPrefix("\(directory.path)/Packages/Account/Package.swift:5:"))
        // A root outside the working directory: absolute paths.
        let outside = try CLI.run(["lint", "--no-cache", directory.path + "/Packages/Account"], in: "/", environment: environment)
        #expect(outside.standardOutput.hasPrefix(String(directory.path.dropFirst()) + "/Packages/Account/Package.swift:5:"))
    }

    /// `--changed HEAD~1`, with a space as most options take one.
    @Test func changedTakesARevisionAfterASpace() throws {
        let directory = try Self.gitRepository()
        defer { directory.remove() }
        try directory.write("Sources/Feature/New.swift", "import Core\n")
        try Self.git(["add", "."], in: directory.path)
        try Self.git(["commit", "-qm", "second"], in: directory.path)
        let spaced = try CLI.run(["lint", "--no-cache", "--changed", "HEAD~1"], in: directory.path)
        let joined = try CLI.run(["lint", "--no-cache", "--changed=HEAD~1"], in: directory.path)
        #expect(spaced.exitCode == joined.exitCode)
        #expect(spaced.standardOutput == joined.standardOutput)
        #expect(spaced.standardOutput.contains("Sources/Feature/New.swift"))
        let typo = try CLI.run(["lint", "--no-cache", "--changed", "HEAD~9"], in: directory.path)
        #expect(typo.exitCode == 2)
        #expect(typo.standardError.hasPrefix("modlint: error: --changed: 'HEAD~9' is neither a path nor a revision git knows"))
    }

    /// The pre-commit hook's entry leaves out files git does not track.
    @Test func anUntrackedFileDoesNotFailTheHook() throws {
        let directory = try Self.gitRepository()
        defer { directory.remove() }
        try directory.write("Sources/Feature/Scratch.swift", "import Core\n")
        #expect(try CLI.run(["lint", "--no-cache"], in: directory.path).exitCode == 1)
        let hook = try CLI.run(["lint", "--no-cache", "--ignore-untracked"], in: directory.path)
        #expect(hook.exitCode == 0, "\(hook.standardOutput)")
    }

    /// A suppression without a reason does not silence its finding.
    @Test func aSuppressionNeedsAReason() throws {
        let directory = try Self.gitRepository()
        defer { directory.remove() }
        try directory.write("Sources/Feature/F.swift", "// modlint:disable:next undeclared-import\nimport Core\n")
        let run = try CLI.run(["lint", "--no-cache"], in: directory.path)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("Sources/Feature/F.swift:2:1: error: Feature imports Core"))
        #expect(run.standardOutput.contains("[invalid-suppression]"))
        try directory.write("Sources/Feature/F.swift", "// modlint:disable:next undeclared-import - moving to Core next sprint\nimport Core\n")
        #expect(try CLI.run(["lint", "--no-cache"], in: directory.path).exitCode == 0)
    }

    /// `init` writes layers that can fail: two or more, every edge respecting them today.
    @Test func initWritesLayersThatCanFail() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .executableTarget(name: "App", dependencies: ["ProfileFeature", "SettingsFeature"]),
                .target(name: "ProfileFeature", dependencies: ["NetworkingCore"]),
                .target(name: "SettingsFeature", dependencies: ["NetworkingCore"]),
                .target(name: "NetworkingCore"),
            ])
            """),
            ("Sources/App/main.swift", "import ProfileFeature\nimport SettingsFeature\n"),
            ("Sources/ProfileFeature/P.swift", "import NetworkingCore\n"),
            ("Sources/SettingsFeature/S.swift", "import NetworkingCore\n"),
            ("Sources/NetworkingCore/N.swift", "public struct N {}\n"),
        ])
        defer { directory.remove() }
        #expect(try CLI.run(["init", directory.path]).exitCode == 0)
        let configuration = try directory.read(".modlint.yml")
        #expect(configuration.contains("""
        layers:
          - name: App
            modules: ["App"]
          - name: Features
            modules: ["ProfileFeature", "SettingsFeature"]
            independent: true   # siblings must not depend on each other
          - name: Core
            modules: ["NetworkingCore"]
        """), "\(configuration)")
        #expect(try CLI.run(["lint", "--no-cache", directory.path]).exitCode == 0)
        // An edge that points up now fails the gate.
        try directory.write("Sources/NetworkingCore/N.swift", "import ProfileFeature\n")
        let upward = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(upward.exitCode == 1)
    }

    /// A package and an app project of one name: the packages view tells them apart.
    @Test func twoPackagesOfOneNameGetDistinctLabels() throws {
        let directory = try TemporaryDirectory(files: [
            ("Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Core", targets: ["Core"])], targets: [.target(name: "Core")])
            """),
            ("Kit/Sources/Core/C.swift", "public struct C {}\n"),
            ("Other/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Other")])
            """),
            ("Other/Sources/Other/O.swift", "struct O {}\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["graph", "--no-cache", directory.path, "--view", "packages", "--format", "dot"])
        #expect(run.standardOutput.contains("label=\"Kit (Kit/)\""))
        #expect(run.standardOutput.contains("label=\"Kit (Other/)\""))
    }

    /// A node's attributes appear once, and the legend's root swatch is the root's colour.
    @Test func theLegendMatchesTheDrawing() throws {
        let run = try CLI.run(["graph", "--no-cache", Self.exampleApp, "--format", "dot"])
        let node = try #require(run.standardOutput.split(separator: "\n").first { $0.contains("\"Wellness\" [") })
        for attribute in ["style=", "fillcolor=", "color="] {
            #expect(node.components(separatedBy: " " + attribute).count - 1 + (node.contains("[" + attribute) ? 1 : 0) == 1, "\(node)")
        }
        #expect(node.contains("fillcolor=\"#fff1d6\"") && node.contains(" color=\"#c05621\""))
        #expect(run.standardOutput.contains("<TD BORDER=\"3\" BGCOLOR=\"#fff1d6\" COLOR=\"#c05621\" WIDTH=\"18\"> </TD><TD ALIGN=\"LEFT\">composition root (bold)</TD>"))
    }

    static let exampleApp = repositoryRoot() + "/Examples/XcodeApp"

    /// A package in a git repository with one commit: Feature declares nothing.
    static func gitRepository() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Feature"), .target(name: "Core")])
            """),
            ("Sources/Feature/F.swift", "struct F {}\n"),
            ("Sources/Core/C.swift", "public struct C {}\n"),
        ])
        try git(["init", "-q"], in: directory.path)
        try git(["add", "."], in: directory.path)
        try git(["commit", "-qm", "first"], in: directory.path)
        return directory
    }

    static func git(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "user.name=modlint", "-c", "user.email=modlint@example.com",
                             "-c", "commit.gpgsign=false"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }
}
