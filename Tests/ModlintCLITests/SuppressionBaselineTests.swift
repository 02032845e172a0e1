import Foundation
import ModlintTestSupport
import Testing

/// Suppressions, baselines and `--changed`, end to end.
struct SuppressionBaselineTests {
    static let files: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "App", targets: [.target(name: "Core"), .target(name: "Feature", dependencies: ["Core"]), .target(name: "Extra")])
        """),
        ("Sources/Core/Core.swift", "import Extra\n"),
        ("Sources/Feature/Feature.swift", "import Core\n"),
        ("Sources/Extra/Extra.swift", "public struct Extra {}\n"),
    ]
    static let finding = "Sources/Core/Core.swift:1:1: error: Core imports Extra, which no dependency it declares reaches: the target does not build on its own. Declare .target(name: \"Extra\") in the dependencies of Core. [undeclared-import]\n"

    @Test func commentSuppressesAndExpires() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        try directory.write("Sources/Core/Core.swift", "// modlint:disable:next undeclared-import - until the split, until: 2030-01-31\nimport Extra\n")
        let before = try CLI.run(["lint", "--no-cache", directory.path], environment: ["MODLINT_TODAY": "2030-01-31"])
        #expect(before.exitCode == 0)
        #expect(before.standardOutput == "modlint: no findings in 1 package, 3 modules, 3 files\n")
        let after = try CLI.run(["lint", "--no-cache", directory.path], environment: ["MODLINT_TODAY": "2030-02-01"])
        #expect(after.exitCode == 1)
        #expect(after.standardOutput == """
        Sources/Core/Core.swift:1:1: warning: suppression of undeclared-import expired on 2030-01-31; fix the findings or extend the date [invalid-suppression]
        Sources/Core/Core.swift:2:1: error: Core imports Extra, which no dependency it declares reaches: the target does not build on its own. Declare .target(name: \"Extra\") in the dependencies of Core. [undeclared-import]
            Package.swift:4:1: note: declare it in the dependencies of target Core
        modlint: 1 error, 1 warning, 0 notes in 1 package, 3 modules, 3 files

        """)
    }

    @Test func unusedSuppressionsAreReported() throws {
        let directory = try TemporaryDirectory(files: Self.files + [
            ("Sources/Feature/Feature.swift", "import Core\n// modlint:disable-file undeclared-import - nothing to hide here\n"),
            (".modlint.yml", "suppressions:\n  - rule: undeclared-import\n    module: Core\n    reason: split in progress\n  - rule: target-cycle\n    module: Feature\n    reason: stale\n"),
        ])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
        .modlint.yml:5:5: warning: configured suppression for target-cycle silenced nothing; remove it [superfluous-suppression]
        Sources/Feature/Feature.swift:2:1: warning: suppression comment for undeclared-import silenced nothing; remove it [superfluous-suppression]
        modlint: 0 errors, 2 warnings, 0 notes in 1 package, 3 modules, 3 files

        """)
    }

    @Test func baselineWriteApplyAndStrict() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let baseline = directory.path + "/baseline.json"
        let write = try CLI.run(["lint", "--no-cache", directory.path, "--write-baseline", baseline])
        #expect(write.exitCode == 0)
        #expect(write.standardError == "modlint: wrote 1 finding(s) to \(baseline)\n")
        let text = try directory.read("baseline.json")
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"findings\": [\n    {\n      \"rule\": \"undeclared-import\",\n      \"file\": \"Sources/Core/Core.swift\",\n      \"module\": \"Core\",\n      \"fingerprint\": \""))
        #expect(text.hasSuffix("\",\n      \"count\": 1\n    }\n  ]\n}\n"))

        // Edits elsewhere in the file do not break the baseline.
        try directory.write("Sources/Core/Core.swift", "// moved down\n\nimport Extra\n")
        let applied = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", baseline, "--baseline-strict"])
        #expect(applied.exitCode == 0)
        #expect(applied.standardOutput == "modlint: no findings in 1 package, 3 modules, 3 files\n")

        try directory.write("Sources/Core/Core.swift", "struct Core {}\n")
        let relaxed = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", baseline])
        #expect(relaxed.exitCode == 0)
        let strict = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", baseline, "--baseline-strict"])
        #expect(strict.exitCode == 1)
        #expect(strict.standardError.hasPrefix("modlint: error: 1 baselined finding(s) no longer occur; remove them from the baseline (or rewrite it with --write-baseline):\n  Sources/Core/Core.swift: undeclared-import ("))
    }

    /// An import cycle among A, B and C (shown as A -> B -> A) is baselined; C leaves it.
    /// The cycle between A and B that is left has another key but only recorded edges: still
    /// baselined. A new import that closes a cycle through an unrecorded edge is reported.
    @Test func aCycleThatLosesAMemberStaysBaselined() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "A", dependencies: ["B"]),
                .target(name: "B", dependencies: ["A", "C"]),
                .target(name: "C", dependencies: ["B"]),
                .target(name: "D"),
            ])
            """),
            ("Sources/A/A.swift", "import B\n"),
            ("Sources/B/B.swift", "import A\nimport C\n"),
            ("Sources/C/C.swift", "import B\n"),
            ("Sources/D/D.swift", "public struct D {}\n"),
        ])
        defer { directory.remove() }
        let baseline = directory.path + "/baseline.json"
        let write = try CLI.run(["lint", "--no-cache", directory.path, "--write-baseline", baseline])
        #expect(write.exitCode == 0, "\(write.standardError)")
        #expect(try directory.read("baseline.json").contains("\"edges\": ["))
        try directory.write("Sources/C/C.swift", "public struct C {}\n")
        let shrunk = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", baseline])
        #expect(!shrunk.standardOutput.contains("import-cycle"), "\(shrunk.standardOutput)")
        #expect(!shrunk.standardOutput.contains("target-cycle"), "\(shrunk.standardOutput)")
        try directory.write("Sources/A/A.swift", "import D\n")
        try directory.write("Sources/D/D.swift", "import B\n")
        let other = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", baseline])
        #expect(other.standardOutput.contains("[import-cycle]") || other.standardOutput.contains("[target-cycle]"), "\(other.standardOutput)")
    }

    @Test func badBaselineExitsTwo() throws {
        let directory = try TemporaryDirectory(files: Self.files + [("baseline.json", "{\"version\": 1}")])
        defer { directory.remove() }
        let missing = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", directory.path + "/none.json"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "modlint: error: baseline file not found: \(directory.path)/none.json (create it with --write-baseline \(directory.path)/none.json)\n")
        let invalid = try CLI.run(["lint", "--no-cache", directory.path, "--baseline", directory.path + "/baseline.json"])
        #expect(invalid.exitCode == 2)
        #expect(invalid.standardError == "modlint: error: \(directory.path)/baseline.json: not a modlint baseline (missing 'findings')\n")
    }

    @Test func changedLimitsTheReport() throws {
        let directory = try TemporaryDirectory(files: Self.files + [("Sources/Feature/Other.swift", "import Foundation\n")])
        defer { directory.remove() }
        let outside = try CLI.run(["lint", "--no-cache", "--changed", directory.path])
        #expect(outside.exitCode == 2)
        #expect(outside.standardError == "modlint: error: --changed needs a git repository: \(directory.path) is not inside one\n")

        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", directory.path] + arguments
            try git.run()
            git.waitUntilExit()
        }
        try directory.write("Sources/Feature/Other.swift", "import Core\n")
        let unstaged = try CLI.run(["lint", "--no-cache", "--changed", directory.path])
        #expect(unstaged.exitCode == 0)
        #expect(unstaged.standardOutput == "modlint: no findings in 1 package, 3 modules, 4 files\n")
        let sinceHead = try CLI.run(["lint", "--no-cache", "--changed=HEAD", directory.path])
        #expect(sinceHead.exitCode == 0)
        try directory.write("Sources/Core/Core.swift", "import Extra // touched\n")
        let touched = try CLI.run(["lint", "--no-cache", "--changed=HEAD", directory.path])
        #expect(touched.exitCode == 1)
        #expect(touched.standardOutput.hasPrefix(Self.finding))

        // A revision that is an option never reaches git: nothing is written, exit 2.
        let injected = try CLI.run(["lint", "--no-cache", "--changed=--output=\(directory.path)/owned.txt", directory.path])
        #expect(injected.exitCode == 2)
        #expect(injected.standardError == "modlint: error: --changed: '--output=\(directory.path)/owned.txt' is not a revision (a revision cannot start with '-')\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/owned.txt"))
    }
}
