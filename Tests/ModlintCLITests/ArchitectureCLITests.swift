import Foundation
import ModlintTestSupport
import Testing

/// Configuration, metrics and `init`, end to end through the binary.
struct ArchitectureCLITests {
    static let fixture = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/ModularApp"

    static let workspace: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(name: "HomeFeature", dependencies: ["Core"], path: "Modules/Features/Home"),
                .target(name: "Core", path: "Modules/Core/Core"),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )
        """),
        ("Modules/Features/Home/Home.swift", "import Core\n"),
        ("Modules/Core/Core/Core.swift", "public struct Core {}\n"),
        ("Tests/CoreTests/CoreTests.swift", "import Core\n"),
        ("Legacy/Broken/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Broken\", targets: [.target(name: \"A\", dependencies: [\"B\"]), .target(name: \"B\", dependencies: [\"A\"])])\n"),
        ("Legacy/Broken/Sources/A/A.swift", "import B\n"),
        ("Legacy/Broken/Sources/B/B.swift", "import A\n"),
    ]

    @Test func globThatMatchesNothingIsAConfigurationError() throws {
        let directory = try TemporaryDirectory(files: Self.workspace + [
            (".modlint.yml", "exclude: [\"Legacy/**\"]\nlayers:\n  - name: Features\n    modules: [\"HomeFeatur\"]\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 2)
        #expect(run.standardError == "\(directory.path)/.modlint.yml:4:15: error: module glob of layer 'Features' 'HomeFeatur' matches nothing — did you mean 'HomeFeature'?\n")
        #expect(run.standardOutput.isEmpty)
    }

    /// Linting one package of a repository with the repository's `.modlint.yml`: a glob
    /// that names modules of other packages is fine; one that matches nothing anywhere is not.
    @Test func subFolderWithTheRepositoryConfiguration() throws {
        let files: [(String, String)] = [
            ("Packages/Feature/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Feature", targets: [.target(name: "Feature")])
            """),
            ("Packages/Feature/Sources/Feature/Feature.swift", "public struct Feature {}\n"),
            ("Packages/Core/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Core", targets: [.target(name: "Core")])
            """),
            ("Packages/Core/Sources/Core/Core.swift", "public struct Core {}\n"),
        ]
        let directory = try TemporaryDirectory(files: files + [
            (".modlint.yml", "layers:\n  - name: Features\n    modules: [\"Feature\"]\n  - name: Core\n    modules: [\"Core\"]\n"),
        ])
        defer { directory.remove() }
        let inside = try CLI.run(["lint"], in: directory.path + "/Packages/Feature")
        #expect(inside.exitCode == 0, "\(inside.standardError)")
        #expect(inside.standardOutput == "modlint: no findings in 1 package, 1 module, 1 file\n")
        try directory.write(".modlint.yml", "layers:\n  - name: Core\n    modules: [\"Kore\"]\n")
        let typo = try CLI.run(["lint"], in: directory.path + "/Packages/Feature")
        #expect(typo.exitCode == 2)
        #expect(typo.standardError.hasPrefix("\(directory.path)/.modlint.yml:3:15: error: module glob of layer 'Core' 'Kore' matches nothing"))
    }

    @Test func unusedExcludeAndPathGlobsAreErrors() throws {
        let directory = try TemporaryDirectory(files: Self.workspace + [
            (".modlint.yml", "exclude: [\"Legacy/**\", \"Generated/**\"]\nlayers:\n  - name: Core\n    paths: [\"Modules/Kore/**\"]\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 2)
        #expect(run.standardError.hasPrefix("\(directory.path)/.modlint.yml:1:24: error: exclude path 'Generated/**' matches nothing"))
    }

    /// `exclude:` is relative to the configuration file, also when it lies above the
    /// linted directory.
    @Test func excludeIsRelativeToTheConfigurationFile() throws {
        let directory = try TemporaryDirectory(files: Self.workspace.map { ("repo/" + $0.0, $0.1) } + [
            (".modlint.yml", "exclude: [\"repo/Legacy/**\"]\n"),
            ("empty.yml", ""),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path + "/repo"])
        #expect(run.exitCode == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput == "modlint: no findings in 1 package, 3 modules, 3 files\n")
        let unconfigured = try CLI.run(["lint", "--config", directory.path + "/empty.yml", directory.path + "/repo"])
        #expect(unconfigured.exitCode == 1)
    }

    @Test func includeLimitsTheReportedFindings() throws {
        let directory = try TemporaryDirectory(files: Self.workspace + [
            (".modlint.yml", "include: [\"Modules/**\"]\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 0, "\(run.standardOutput)")
    }

    @Test func graphJSONCarriesMetrics() throws {
        let run = try CLI.run(["graph", Self.fixture, "--view", "modules", "--format", "json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(document["longestChain"] as? [String] == ["App", "Settings", "Profile", "Database", "SharedModels", "Networking"])
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        let profile = try #require(nodes.first { $0["id"] as? String == "Profile" }?["metrics"] as? [String: Any])
        #expect(profile["fanIn"] as? Int == 2)
        #expect(profile["fanOut"] as? Int == 3)
        #expect(profile["instability"] as? Double == 0.6)
        #expect(profile["depth"] as? Int == 3)
        #expect(run.standardOutput.contains("\"metrics\": {\n        \"fanIn\": 2,\n        \"fanOut\": 3,\n        \"instability\": 0.6,\n        \"depth\": 3\n      }"))
    }

    @Test func initWritesAStarterThatLoads() throws {
        let directory = try TemporaryDirectory(files: Self.workspace)
        defer { directory.remove() }
        let run = try CLI.run(["init", directory.path])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let text = try directory.read(".modlint.yml")
        #expect(text.contains("""
        layers:
          - name: Features
            paths: ["Modules/Features/**"]
            independent: true   # siblings must not depend on each other
          - name: Core
            paths: ["Modules/Core/**"]
        """))
        #expect(text.contains("  # import-cycle: error\n"))
        #expect(text.contains("# max-depth: 1\n"))
        // The starter must load and validate; the deliberate fixture cycle still fails.
        let lint = try CLI.run(["lint", directory.path])
        #expect(lint.exitCode == 1)
        #expect(lint.standardError.isEmpty, "\(lint.standardError)")
        let again = try CLI.run(["init", directory.path])
        #expect(again.exitCode == 2)
        #expect(again.standardError.contains("already exists; use --force"))
        #expect(try CLI.run(["init", "--force", directory.path]).exitCode == 0)
    }

    @Test func initOnTheFixtureGuessesLayersAndRoots() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.removeItem(atPath: directory.path)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: directory.path)
        try FileManager.default.removeItem(atPath: directory.path + "/.modlint.yml")
        #expect(try CLI.run(["init", directory.path]).exitCode == 0)
        let text = try directory.read(".modlint.yml")
        #expect(text.contains("""
        layers:
          - name: App
            paths: ["App/**"]
          - name: Features
            paths: ["Packages/Features/**"]
            independent: true   # siblings must not depend on each other
          - name: Core
            paths: ["Packages/Core/**"]
          - name: Shared
            paths: ["Packages/Shared/**"]
        """))
        #expect(text.contains("composition-roots: [\"App\", \"DI\"]\n"))
        #expect(try CLI.run(["lint", directory.path]).standardError.isEmpty)
    }
}
