import Foundation
import ModlintTestSupport
import Testing
import Yams

/// `.pre-commit-hooks.yaml`, `action.yml` and the recipes of `docs/ci.md`: parsed as YAML,
/// checked field by field, and their modlint commands run on the demo workspace.
@Suite struct IntegrationRecipesTests {
    static let root = repositoryRoot()
    static let demo = root + "/Examples/DemoApp"

    static func yaml(_ path: String) throws -> Any {
        let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        return try #require(try Yams.load(yaml: text))
    }

    @Test func preCommitHooks() throws {
        let hooks = try #require(try Self.yaml(".pre-commit-hooks.yaml") as? [[String: Any]])
        #expect(hooks.map { $0["id"] as? String } == ["modlint", "modlint-system"])
        #expect(hooks.map { $0["language"] as? String } == ["swift", "system"])
        for hook in hooks {
            #expect(hook["name"] is String)
            #expect(hook["entry"] as? String == "modlint lint --ignore-untracked")
            #expect(hook["pass_filenames"] as? Bool == false)
            let pattern = try NSRegularExpression(pattern: try #require(hook["files"] as? String))
            func triggers(_ path: String) -> Bool {
                pattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
            }
            #expect(triggers("Sources/App/App.swift"))
            #expect(triggers("Package.swift"))
            #expect(triggers(".modlint.yml"))
            #expect(triggers("App.xcodeproj/project.pbxproj"))
            #expect(triggers("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
            #expect(triggers("Config/App.xcconfig"))
            // A commit that only changes another build description is linted too.
            for description in ["project.yml", "Specs/targets.yml", "Project.swift", "Workspace.swift", "Tuist/ProjectDescriptionHelpers/Module.swift",
                                "Podfile", "Modules/Core/Core.podspec", "Core.podspec.json", "BUILD", "App/BUILD.bazel", "tools/defs.bzl",
                                "MODULE.bazel", "WORKSPACE"] {
                #expect(triggers(description), "\(description)")
            }
            #expect(!triggers("README.md"))
            #expect(!triggers("Sources/App/BUILDING.md"))
        }
    }

    /// pre-commit runs `entry` plus `args` in the repository root; findings fail the commit.
    /// The repository here is a copy of the demo with every file committed.
    @Test func preCommitEntryRuns() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let repository = scratch.path + "/repo"
        try FileManager.default.copyItem(atPath: Self.demo, toPath: repository)
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/bin/sh")
        git.arguments = ["-c", "cd \"$0\" && git init -q && git add -A", repository]
        try git.run()
        git.waitUntilExit()
        try #require(git.terminationStatus == 0)
        let run = try CLI.run(["lint", "--ignore-untracked", "--reporter", "text"], in: repository)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("error: dependency cycle between targets"))
    }

    @Test func actionDefinition() throws {
        let action = try #require(try Self.yaml("action.yml") as? [String: Any])
        #expect(action["name"] as? String == "modlint")
        let inputs = try #require(action["inputs"] as? [String: [String: Any]])
        #expect(inputs.keys.sorted() == ["config", "path", "sarif-file", "strict", "upload-sarif"])
        #expect(inputs["sarif-file"]?["default"] as? String == "modlint.sarif")
        let runs = try #require(action["runs"] as? [String: Any])
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [[String: Any]])
        for step in steps where step["run"] != nil {
            #expect(step["shell"] as? String == "bash")
            // Inputs go through the environment: `${{ … }}` spliced into a script is injectable.
            #expect(!(step["run"] as! String).contains("${{"))
        }
        let lint = try #require(steps.first { $0["id"] as? String == "lint" })
        let script = try #require(lint["run"] as? String)
        #expect(script.contains("--reporter github"))
        #expect(script.contains("--reporter \"sarif:$INPUT_SARIF_FILE\""))
        #expect(script.contains("--reporter \"markdown:$GITHUB_STEP_SUMMARY\""))
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        #expect((upload["with"] as? [String: String])?["sarif_file"] == "${{ inputs.sarif-file }}")
        let install = try #require(steps.first { ($0["run"] as? String)?.contains("libgraphviz-dev") == true }?["run"] as? String)
        // No unconditional sudo: the swift: container images run as root without it.
        #expect(install.contains("if [ \"$(id -u)\" != \"0\" ] && command -v sudo"))
        #expect(!install.contains("\n  sudo ") && !install.hasPrefix("sudo "))
        // The release build is cached by a digest of modlint's sources and the toolchain,
        // at the path the key step computed in the job's own file system.
        let cache = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        #expect((cache["with"] as? [String: String])?["key"]?.contains("steps.key.outputs.toolchain") == true)
        #expect((cache["with"] as? [String: String])?["key"]?.contains("steps.key.outputs.source") == true)
        #expect((cache["with"] as? [String: String])?["path"] == "${{ env.MODLINT }}")
        // `github.action_path` names the host's folder inside `container:` jobs.
        #expect(!(try String(contentsOfFile: Self.root + "/action.yml", encoding: .utf8)).contains("github.action_path"))
        #expect(install.contains("brew install graphviz pkg-config"))
        let build = try #require(steps.first { $0["name"] as? String == "Build modlint" })
        #expect(build["if"] as? String == "${{ steps.release.outputs.installed != 'true' && steps.cache.outputs.cache-hit != 'true' }}")
        #expect(cache["if"] as? String == "${{ steps.release.outputs.installed != 'true' }}")
        // The release binary is the action's own tag's, checked against its checksum file.
        let release = try #require(steps.first { $0["id"] as? String == "release" })
        #expect((release["env"] as? [String: String])?["ACTION_REF"] == "${{ github.action_ref }}")
        #expect((release["run"] as? String)?.contains("sha256sum -c") == true)
    }

    /// The documented pre-commit recipes pin a release, never a moving branch.
    @Test func preCommitRecipesPinATag() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ci.md", encoding: .utf8)
        let revs = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("rev:") }
        #expect(!revs.isEmpty)
        #expect(revs.allSatisfy { $0.contains("rev: v") })
    }

    /// The action's shell steps, run in order as the runner runs them in a root container:
    /// the action unpacked without `.git` at `$GITHUB_ACTION_PATH`, `$GITHUB_ENV` carried
    /// from step to step, the cache step taken as a hit (the binary is in place) and the
    /// upload skipped. The cache key is a digest of the sources: it changes with them.
    @Test func actionStepsRunAsInAContainerJob() throws {
        let action = try #require(try Self.yaml("action.yml") as? [String: Any])
        let steps = try #require((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let actionPath = scratch.path + "/_actions/modlint/modlint/v0.1.0"
        try FileManager.default.createDirectory(atPath: actionPath + "/.build/release", withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Rules"] {
            try FileManager.default.copyItem(atPath: Self.root + "/" + item, toPath: actionPath + "/" + item)
        }
        try FileManager.default.copyItem(atPath: CLI.executable, toPath: actionPath + "/.build/release/modlint")
        #expect(!FileManager.default.fileExists(atPath: actionPath + "/.git"))

        func runSteps(actionRef: String = "", releases: String = "") throws -> (outputs: [String: String], log: String, failed: Int32?) {
            var environment = ProcessInfo.processInfo.environment.merging([
                "GITHUB_ACTION_PATH": actionPath, "GITHUB_WORKSPACE": Self.root, "INPUT_PATH": ".", "INPUT_CONFIG": "",
                "INPUT_STRICT": "false", "INPUT_SARIF_FILE": scratch.path + "/modlint.sarif",
                "GITHUB_STEP_SUMMARY": scratch.path + "/summary.md", "STATUS": "",
                "ACTION_REF": actionRef, "RELEASES": releases, "RUNNER_TEMP": scratch.path + "/runner-temp",
            ]) { $1 }
            var outputs: [String: String] = [:]
            var log = ""
            for step in steps {
                guard let script = step["run"] as? String else { continue }
                if step["name"] as? String == "Build modlint" { continue }   // the cache hit
                let output = scratch.path + "/output", env = scratch.path + "/env"
                _ = FileManager.default.createFile(atPath: output, contents: nil)
                _ = FileManager.default.createFile(atPath: env, contents: nil)
                environment["GITHUB_OUTPUT"] = output
                environment["GITHUB_ENV"] = env
                if step["name"] as? String == "Fail on findings" { environment["STATUS"] = outputs["exit-code"] ?? "" }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-e", "-c", script]
                process.currentDirectoryURL = URL(fileURLWithPath: Self.demo)
                process.environment = environment
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                log += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    if parts.count == 2 { outputs[parts[0]] = parts[1] }
                }
                for line in try String(contentsOfFile: env, encoding: .utf8).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    if parts.count == 2 { environment[parts[0]] = parts[1] }
                }
                if process.terminationStatus != 0 { return (outputs, log, process.terminationStatus) }
            }
            return (outputs, log, nil)
        }

        let first = try runSteps()
        #expect(first.failed == 1, "the last step fails the job on findings")
        #expect(first.outputs["exit-code"] == "1")
        let source = try #require(first.outputs["source"])
        #expect(source.count == 32 && source.allSatisfy(\.isHexDigit))
        #expect(first.log.contains("::error file=Examples/DemoApp/Core/Package.swift,line=21,col=17,title=modlint(target-cycle)::"))
        #expect(try String(contentsOfFile: scratch.path + "/summary.md", encoding: .utf8).contains("```mermaid"))
        let sarif = try String(contentsOfFile: scratch.path + "/modlint.sarif", encoding: .utf8)
        #expect(sarif.contains("\"uri\": \"Examples/DemoApp/Core/Package.swift\""))
        #expect(first.outputs["installed"] == "false")

        // Pinned to a tag with a release: its binary is downloaded, checked and run (here a
        // tarball of the test build served from a folder), and nothing is built.
        #if os(Linux) && arch(x86_64)
        let tarball = "modlint-0.1.0-x86_64-unknown-linux-gnu"
        let releases = scratch.path + "/releases"
        try FileManager.default.createDirectory(atPath: releases + "/v0.1.0/" + tarball + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.executable, toPath: releases + "/v0.1.0/" + tarball + "/bin/modlint")
        let pack = Process()
        pack.executableURL = URL(fileURLWithPath: "/bin/bash")
        pack.arguments = ["-e", "-c", "cd \"$0\" && tar -czf \"$1.tar.gz\" \"$1\" && sha256sum \"$1.tar.gz\" > \"$1.tar.gz.sha256\"",
                          releases + "/v0.1.0", tarball]
        try pack.run()
        pack.waitUntilExit()
        let released = try runSteps(actionRef: "v0.1.0", releases: "file://" + releases)
        #expect(released.outputs["installed"] == "true", "\(released.log)")
        #expect(released.log.contains("modlint: installed the v0.1.0 release binary"))
        #expect(released.outputs["exit-code"] == "1")
        // A tarball that does not match its checksum is never run: the build is the fallback.
        try "0000  \(tarball).tar.gz\n".write(toFile: releases + "/v0.1.0/\(tarball).tar.gz.sha256", atomically: true, encoding: .utf8)
        let tampered = try runSteps(actionRef: "v0.1.0", releases: "file://" + releases)
        #expect(tampered.outputs["installed"] == "false")
        #expect(tampered.log.contains("no usable release binary for v0.1.0"))
        #endif

        // An upgrade changes the sources, and so the key: the old binary is not restored.
        try "// a newer modlint\n".write(toFile: actionPath + "/Sources/modlint/Upgrade.swift", atomically: true, encoding: .utf8)
        #expect(try runSteps().outputs["source"] != source)
    }

    /// Every YAML block of docs/ci.md parses, and every modlint command in it runs with the
    /// reporters it names (exit 1: the demo has findings; 2 would be a usage error).
    @Test func ciRecipes() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ci.md", encoding: .utf8)
        let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let yamlBlocks = blocks.filter { $0.hasPrefix("yaml\n") }.map { String($0.dropFirst(5)) }
        #expect(yamlBlocks.count == 6)
        for block in yamlBlocks { #expect(try Yams.load(yaml: block) != nil) }

        var commands: [[String]] = []
        for fullLine in blocks.joined(separator: "\n").split(separator: "\n") {
            let line = fullLine.components(separatedBy: " #")[0]  // shell comments
            guard let range = line.range(of: "modlint lint ") else { continue }
            let words = line[range.upperBound...].split(separator: " ").map(String.init)
            commands.append(["lint"] + words.map { $0.replacingOccurrences(of: "\"", with: "") })
        }
        #expect(commands.count == 5)
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        for command in commands {
            let arguments = command.map {
                $0.replacingOccurrences(of: "$GITHUB_STEP_SUMMARY", with: "summary.md").replacingOccurrences(of: "$SRCROOT", with: Self.demo)
            }
            let run = try CLI.run(arguments + [Self.demo], in: scratch.path)
            #expect(run.exitCode == 1, "\(arguments.joined(separator: " ")): \(run.standardError)")
        }
    }
}

/// `swift package modlint` in a package that depends on modlint: modlint's output first,
/// then one error line that names modlint's exit status (SwiftPM itself exits 1).
@Suite struct CommandPluginTests {
    @Test func outputFirstThenTheStatusLine() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Consumer", dependencies: [.package(path: "\(repositoryRoot())")],
                                  targets: [.target(name: "Consumer"), .target(name: "Other")])
            """),
            ("Sources/Consumer/C.swift", "import Other\n"),
            ("Sources/Other/O.swift", "public struct O {}\n"),
        ])
        defer { directory.remove() }
        func plugin(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--package-path", directory.path, "--disable-sandbox", "modlint"] + arguments
            // SwiftPM's lock files and scratch folders go to TMPDIR: inside the package's
            // own folder, they go with it.
            let scratch = directory.path + "/.tmp"
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch]) { _, new in new }
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
        let findings = try plugin(["--no-cache"])
        #expect(findings.status == 1)
        #expect(findings.output.contains("Sources/Consumer/C.swift:1:1: error: Consumer imports Other"))
        #expect(findings.errors.hasSuffix("error: modlint: findings at error severity (modlint exit status 1)\n"))
        let usage = try plugin(["--no-such-flag"])
        #expect(usage.status == 1)
        #expect((usage.output + usage.errors).contains("Unknown option '--no-such-flag'"))
        #expect(usage.errors.hasSuffix("error: modlint: usage, configuration or input error (modlint exit status 2)\n"))
    }
}
