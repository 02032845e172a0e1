import Foundation
import ModlintTestSupport
import Testing

/// Every documented exit code, end to end through the binary.
struct ExitCodeTests {
    static let cleanWorkspace: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Clean",
            targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
            ]
        )
        """),
        ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ("Sources/Feature/Feature.swift", "import Core\n"),
    ]

    @Test func cleanWorkspaceExitsZero() throws {
        let directory = try TemporaryDirectory(files: Self.cleanWorkspace)
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardOutput == "modlint: no findings in 1 package, 2 modules, 2 files\n")
        #expect(run.standardError.isEmpty)
    }

    @Test func lintIsTheDefaultCommand() throws {
        let directory = try TemporaryDirectory(files: Self.cleanWorkspace)
        defer { directory.remove() }
        let run = try CLI.run([], in: directory.path)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.hasPrefix("modlint: no findings"))
    }

    @Test func errorFindingsExitOne() throws {
        let directory = try TemporaryDirectory(files: Self.cleanWorkspace + [
            ("Sources/Core/Cycle.swift", "import Feature\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains(
            "Sources/Core/Cycle.swift:1:1: error: Core imports Feature, which no dependency it declares reaches: the target does not build on its own. Do not declare it: it would close the dependency cycle Feature -> Core -> Feature, which the build rejects. Move the import out of Core, or move what it uses from Feature into a module Core may depend on. [undeclared-import]\n"))
    }

    @Test func warningsExitZeroUnlessStrict() throws {
        let directory = try TemporaryDirectory(files: Self.cleanWorkspace + [
            ("Sources/Core/Broken.swift", "let text = \"unterminated\n"),
        ])
        defer { directory.remove() }
        let relaxed = try CLI.run(["lint", directory.path])
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.standardOutput.contains("Sources/Core/Broken.swift:1:12: warning: unterminated string literal [invalid-source]"))
        let strict = try CLI.run(["lint", "--strict", directory.path])
        #expect(strict.exitCode == 1)
    }

    @Test(arguments: [
        (["lint", "--no-such-flag"], "no-such-flag"),
        (["lint", "/definitely/not/here"], "path not found: /definitely/not/here"),
        (["lint", "--reporter", "yaml"], "yaml"),
        (["explain", "target-cycles"], "did you mean 'target-cycle'?"),
        (["graph", "--view", "nope"], "nope"),
        (["frobnicate"], "frobnicate"),
    ])
    func usageAndInputErrorsExitTwo(arguments: [String], message: String) throws {
        let run = try CLI.run(arguments)
        #expect(run.exitCode == 2, "\(arguments): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func directoryWithoutManifestExitsTwo() throws {
        let directory = try TemporaryDirectory(files: [("main.swift", "print(1)\n")])
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path])
        #expect(run.exitCode == 2)
        #expect(run.standardError == "modlint: error: no Package.swift, .xcodeproj, project.yml, podspec or Bazel BUILD file found under \(directory.path)\n")
    }

    @Test func internalErrorExitsThree() throws {
        let directory = try TemporaryDirectory(files: Self.cleanWorkspace)
        defer { directory.remove() }
        let run = try CLI.run(["lint", directory.path], environment: ["MODLINT_FAULT_INJECTION": "internal"])
        #expect(run.exitCode == 3)
        #expect(run.standardError.hasPrefix("modlint: error: internal error:"))
    }

    @Test func helpAndVersionExitZero() throws {
        let help = try CLI.run(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.standardOutput.contains("EXIT CODES"))
        let version = try CLI.run(["version"])
        #expect(version.exitCode == 0)
        // A test build defines no commit; `make dist` checks the release binary's line.
        #expect(version.standardOutput == "modlint 0.1.0 (built from source)\n")
        let flag = try CLI.run(["--version"])
        #expect(flag.standardOutput == "0.1.0\n")
    }
}

/// modlint keeps its own architecture: `.modlint.yml` at the repository root describes it,
/// and fixtures with deliberate violations are excluded there.
struct SelfLintTests {
    @Test func modlintPassesItsOwnLint() throws {
        let run = try CLI.run(["lint", repositoryRoot()])
        #expect(run.exitCode == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.isEmpty)
    }

    /// The self-lint checks only the modules a layer names: a target in no layer could
    /// depend on anything. Every target of `Package.swift` except test targets (the lint
    /// leaves tests out of the module graph; the plugin, the system library and the test
    /// support library are targets like the others) must be in a layer of `.modlint.yml`.
    /// The targets are read from the manifest's text; the layers from `modlint graph
    /// --format json`, i.e. as the lint reads `.modlint.yml` (module and path globs).
    @Test func everyTargetIsInALayer() throws {
        let root = repositoryRoot()
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let declaration = try Regex(#"\.(target|executableTarget|systemLibrary|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)""#)
        let targets = Set(manifest.matches(of: declaration).compactMap { $0.output[2].substring.map(String.init) })
        #expect(targets.contains("modlint") && targets.contains("ModlintTokenizer"), "\(targets.sorted())")

        let run = try CLI.run(["graph", root, "--view", "modules", "--format", "json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        var layerOf: [String: String] = [:]
        for node in nodes {
            if let id = node["id"] as? String, let layer = node["layer"] as? String { layerOf[id] = layer }
        }
        let unlayered = targets.filter { layerOf[$0] == nil }.sorted()
        #expect(unlayered.isEmpty, "targets in no layer of .modlint.yml: \(unlayered.joined(separator: ", "))")
    }

    /// `docs/architecture.md` has a row for every target of `Package.swift` (test targets
    /// aside) in its table of stages: a target added without a word there fails here.
    @Test func architectureDocumentNamesEveryTarget() throws {
        let root = repositoryRoot()
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let declaration = try Regex(#"\.(target|executableTarget|systemLibrary|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)""#)
        let targets = Set(manifest.matches(of: declaration).compactMap { $0.output[2].substring.map(String.init) })
        let document = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let rows = Set(document.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
        let missing = targets.subtracting(rows).sorted()
        #expect(missing.isEmpty, "targets without a row in docs/architecture.md: \(missing.joined(separator: ", "))")
    }

    /// The edge's way in `docs/architecture.md` names files that exist, in the targets it
    /// says, within the bounds the structure keeps: at most 12 files in 6 library targets,
    /// and the CLI once. A file moved or a stage added fails here.
    @Test func anEdgesWayIsShortAndCurrent() throws {
        let root = repositoryRoot()
        let document = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let section = try #require(document.components(separatedBy: "## An edge's way").dropFirst().first?.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        let cells = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let files = cells.map { $0[1].split(separator: "`")[0] }
        let targets = cells.map { $0[2] }
        #expect(files.count >= 10 && files.count <= 12, "\(files.count) files")
        for (file, target) in zip(files, targets) {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file) does not exist")
            let folder = target == "ModlintRules" ? "Rules/" : "Sources/\(target)/"
            #expect(file.hasPrefix(folder), "\(file) is not in \(target)")
        }
        #expect(Set(targets.filter { $0 != "modlint" }).count <= 6)
        #expect(targets.filter { $0 == "modlint" }.count == 1)
    }
}
