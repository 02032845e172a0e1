import Foundation
import ModlintTestSupport
import Testing

/// A user who runs `modlint` without a path, or with `--quiet`, or with a configuration
/// written for a newer modlint: what they get is what a linter's user expects.
@Suite struct RunFromAnywhereTests {
    /// `A` imports `B` without declaring it (an error); `C` declares `B` and never imports it
    /// (a warning).
    static func workspace(configuration: String? = nil) throws -> TemporaryDirectory {
        var files: [(String, String)] = [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "A"),
                .target(name: "B"),
                .target(name: "C", dependencies: ["B"]),
            ])
            """),
            ("Sources/A/A.swift", "import B\n"),
            ("Sources/B/B.swift", "public struct B {}\n"),
            ("Sources/C/C.swift", "struct C {}\n"),
        ]
        if let configuration { files.append((".modlint.yml", configuration)) }
        return try TemporaryDirectory(files: files)
    }

    static func gitInit(_ directory: TemporaryDirectory) throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "init", "-q", directory.path]
        try git.run()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0)
    }

    /// In a subfolder of a git work tree, no path means the work tree: the import declared
    /// in a manifest two folders up is judged (paths are absolute: the root lies above the
    /// working folder).
    @Test func noPathInASubfolderAnalysesTheWorkTree() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try Self.gitInit(directory)
        let subfolder = directory.path + "/Sources/A"
        for command in [["lint"], ["lint", "--verbose"]] {
            let run = try CLI.run(command + ["--no-cache"], in: subfolder)
            #expect(run.exitCode == 1, "\(run.standardError)")
            #expect(run.standardOutput.contains(directory.path + "/Sources/A/A.swift:1:1: error: A imports B, "), "\(run.standardOutput)")
            #expect(run.standardOutput.contains(directory.path + "/Package.swift:6:39: warning: "))
            let announced = run.standardError.contains("modlint: no path given: analysing the git work tree at ")
            #expect(announced == command.contains("--verbose"), "\(run.standardError)")
        }
        // `graph` and `report` find the same root.
        let graph = try CLI.run(["graph", "--no-cache", "--format", "json"], in: subfolder)
        #expect(graph.exitCode == 0, "\(graph.standardError)")
        #expect(graph.standardOutput.contains("\"C\""))
        // An explicit `.` is the folder itself, as before: nothing to lint there.
        let here = try CLI.run(["lint", "--no-cache", "."], in: subfolder)
        #expect(here.exitCode == 2)
    }

    /// Outside git, no path is the working folder.
    @Test func noPathOutsideGitIsTheWorkingFolder() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache"], in: directory.path + "/Sources/A")
        #expect(run.exitCode == 2, "\(run.standardOutput)")
        let root = try CLI.run(["lint", "--no-cache"], in: directory.path)
        #expect(root.exitCode == 1)
    }

    /// `--quiet` prints the errors and nothing else; `--strict` makes the warning fail, so it
    /// is printed too. A file still gets every finding.
    @Test func quietPrintsOnlyWhatFailsTheGate() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let loud = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(loud.standardOutput.contains("warning: "))
        #expect(loud.standardOutput.contains("modlint: 1 error, 1 warning"))
        let quiet = try CLI.run(["lint", "--no-cache", "--quiet", directory.path])
        #expect(quiet.exitCode == 1)
        let lines = quiet.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(quiet.standardOutput)")
        #expect(lines.first?.hasPrefix("Sources/A/A.swift:1:1: error: A imports B, ") == true)
        #expect(lines.last == "    Package.swift:4:1: note: declare it in the dependencies of target A")
        #expect(quiet.standardError.isEmpty)
        let strict = try CLI.run(["lint", "--no-cache", "--quiet", "--strict", directory.path])
        #expect(strict.standardOutput.split(separator: "\n").count == 3)
        #expect(strict.standardOutput.contains("warning: "))
        #expect(!strict.standardOutput.contains("modlint: "))
        let json = try CLI.run(["lint", "--no-cache", "--quiet", "--reporter", "json", directory.path])
        #expect(json.standardOutput.contains("\"warning\""))
    }

    /// `minimum-version:` newer than this binary: exit 2 at the key's line, before an
    /// unknown (newer) key is complained about.
    @Test func aConfigurationForANewerModlintIsRefused() throws {
        let newer = try Self.workspace(configuration: "rules:\n  undeclared-import: error\nminimum-version: 99.1\nsome-future-key: true\n")
        defer { newer.remove() }
        let run = try CLI.run(["lint", "--no-cache", newer.path])
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains(".modlint.yml:3:18: error: this configuration needs modlint 99.1.0 or later (minimum-version); this is modlint 0.1.0"),
                "\(run.standardError)")

        let older = try Self.workspace(configuration: "minimum_version: 0.1\n")
        defer { older.remove() }
        #expect(try CLI.run(["lint", "--no-cache", older.path]).exitCode == 1)

        let twice = try Self.workspace(configuration: "minimum-version: 0.1\nminimum_version: 0.1\n")
        defer { twice.remove() }
        let repeated = try CLI.run(["lint", "--no-cache", twice.path])
        #expect(repeated.exitCode == 2)
        #expect(repeated.standardError.contains(".modlint.yml:2:1: error: 'minimum_version' repeats the minimum version already given"),
                "\(repeated.standardError)")

        let malformed = try Self.workspace(configuration: "minimum-version: latest\n")
        defer { malformed.remove() }
        let bad = try CLI.run(["lint", "--no-cache", malformed.path])
        #expect(bad.exitCode == 2)
        #expect(bad.standardError.contains(".modlint.yml:1:18: error: minimum-version must be a version such as 0.1.0 (got 'latest')"),
                "\(bad.standardError)")
    }
}
