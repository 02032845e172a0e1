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
        #expect(inputs.keys.sorted() == ["config", "diff", "diff-fail-on", "github-token", "path", "sarif-file", "strict", "upload-sarif"])
        #expect(inputs["sarif-file"]?["default"] as? String == "modlint.sarif")
        #expect(inputs["diff"]?["default"] as? String == "auto")
        #expect(inputs["diff-fail-on"]?["default"] as? String == "none")
        #expect(inputs["github-token"]?["default"] as? String == "")
        let outputs = try #require(action["outputs"] as? [String: [String: Any]])
        #expect(outputs.keys.sorted() == ["diff-exit-code", "exit-code", "sarif-file"])
        #expect(outputs["diff-exit-code"]?["value"] as? String == "${{ steps.diff.outputs.exit-code }}")
        let runs = try #require(action["runs"] as? [String: Any])
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [[String: Any]])
        let inputReference = try NSRegularExpression(pattern: #"inputs\.([A-Za-z0-9_-]+)"#)
        var referenced = Set<String>()
        for step in steps {
            if let script = step["run"] as? String {
                #expect(step["shell"] as? String == "bash")
                // Inputs go through the environment: `${{ … }}` spliced into a script is injectable.
                #expect(!script.contains("${{"), "\(step["name"] ?? "")")
                #expect(!script.contains("inputs."), "\(step["name"] ?? "")")
            }
            let expressions = [step["if"] as? String] + ((step["env"] as? [String: Any] ?? [:]).values.map { "\($0)" } as [String?])
                + ((step["with"] as? [String: Any] ?? [:]).values.map { "\($0)" } as [String?])
            for text in expressions.compactMap({ $0 }) {
                for match in inputReference.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    referenced.insert(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        // Every input is used, and every input used is declared.
        #expect(referenced == Set(inputs.keys))
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

        // The pull-request diff: after the lint, then its comment; the gate stays last.
        let names = steps.compactMap { $0["name"] as? String }
        #expect(Array(names.drop { $0 != "Run modlint" }.prefix(3)) == ["Run modlint", "Diff against the base", "Comment the diff on the pull request"])
        #expect(names.last == "Fail on findings")
        let diff = try #require(steps.first { $0["id"] as? String == "diff" })
        let diffEnvironment = try #require(diff["env"] as? [String: String])
        #expect(diffEnvironment["INPUT_DIFF"] == "${{ inputs.diff }}")
        #expect(diffEnvironment["INPUT_CONFIG"] == "${{ inputs.config }}")
        #expect(diffEnvironment["PULL_REQUEST_BASE"] == "${{ github.event.pull_request.base.sha }}")
        let diffScript = try #require(diff["run"] as? String)
        #expect(diffScript.contains("git cat-file -e \"$base^{commit}\""))
        #expect(diffScript.contains("git fetch --no-tags --depth=1 origin \"$ref\""))
        #expect(diffScript.contains("args=(diff \"$base\" --format markdown --fail-on new)"))
        #expect(diffScript.contains(">> \"$GITHUB_STEP_SUMMARY\""))
        let comment = try #require(steps.first { $0["name"] as? String == "Comment the diff on the pull request" })
        #expect(comment["if"] as? String == "${{ inputs.github-token != '' && steps.diff.outputs.exit-code != '' }}")
        let commentEnvironment = try #require(comment["env"] as? [String: String])
        #expect(commentEnvironment["TOKEN"] == "${{ inputs.github-token }}")
        #expect(commentEnvironment["PULL_REQUEST"] == "${{ github.event.pull_request.number }}")
        let commentScript = try #require(comment["run"] as? String)
        #expect(commentScript.contains("marker='<!-- modlint-diff -->'"))
        #expect(commentScript.contains("/issues/$PULL_REQUEST/comments"))
        #expect(commentScript.contains("?per_page=100"))
        #expect(commentScript.contains("/issues/comments/$id"))
        let gate = try #require(steps.last)
        #expect(gate["if"] == nil, "the script decides: the lint's exit code, then the diff's")
        #expect((gate["env"] as? [String: String])?["DIFF_STATUS"] == "${{ steps.diff.outputs.exit-code }}")
        #expect((gate["env"] as? [String: String])?["INPUT_DIFF_FAIL_ON"] == "${{ inputs.diff-fail-on }}")
        // The usage comment at the top names the permission the comment needs.
        let text = try String(contentsOfFile: Self.root + "/action.yml", encoding: .utf8)
        #expect(text.hasPrefix("#") && text.contains("#     pull-requests: write"))
        #expect(text.contains("#         github-token: ${{ github.token }}"))
    }

    /// The documented pre-commit recipes pin a release, never a moving branch.
    @Test func preCommitRecipesPinATag() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ci.md", encoding: .utf8)
        let revs = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("rev:") }
        #expect(!revs.isEmpty)
        #expect(revs.allSatisfy { $0.contains("rev: v") })
    }

    /// The action unpacked as the runner unpacks it, without `.git`, under `_actions/`,
    /// with the test build of modlint where the cache step restores the release build.
    static func unpackAction(in scratch: TemporaryDirectory) throws -> String {
        let actionPath = scratch.path + "/_actions/modlint/modlint/v0.1.0"
        try scratch.write("_actions/modlint/modlint/v0.1.0/.build/release/.keep", "")
        for item in ["Package.swift", "Sources", "Rules"] {
            try FileManager.default.copyItem(atPath: Self.root + "/" + item, toPath: actionPath + "/" + item)
        }
        try FileManager.default.copyItem(atPath: CLI.executable, toPath: actionPath + "/.build/release/modlint")
        #expect(!FileManager.default.fileExists(atPath: actionPath + "/.git"))
        return actionPath
    }

    /// The action's shell steps, run in order as the runner runs them in a root container:
    /// the action unpacked without `.git` at `$GITHUB_ACTION_PATH`, `$GITHUB_ENV` carried
    /// from step to step, the cache step taken as a hit (the binary is in place) and the
    /// upload skipped. The cache key is a digest of the sources: it changes with them.
    /// A push is no pull request: `diff: auto` compares nothing.
    @Test func actionStepsRunAsInAContainerJob() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let actionPath = try Self.unpackAction(in: scratch)
        var job = try ActionJob(actionPath: actionPath, scratch: scratch.path, workspace: Self.root)
        job.workingDirectory = Self.demo
        job.inputs = ["sarif-file": scratch.path + "/modlint.sarif"]

        let first = try job.run()
        #expect(first.failed == 1, "the last step fails the job on findings")
        #expect(first.failedStep == "Fail on findings")
        #expect(first.outputs["exit-code"] == "1")
        #expect(first.outputs["sarif-file"] == scratch.path + "/modlint.sarif")
        let source = try #require(first.steps["key"]?["source"])
        #expect(source.count == 32 && source.allSatisfy(\.isHexDigit))
        #expect(first.log.contains("::error file=Examples/DemoApp/Core/Package.swift,line=21,col=17,title=modlint(target-cycle)::"))
        #expect(first.summary.contains("```mermaid"))
        let sarif = try String(contentsOfFile: scratch.path + "/modlint.sarif", encoding: .utf8)
        #expect(sarif.contains("\"uri\": \"Examples/DemoApp/Core/Package.swift\""))
        #expect(first.steps["release"]?["installed"] == "false")
        #expect(first.ran.contains("Diff against the base"))
        #expect(first.outputs["diff-exit-code"] == "")
        #expect(!first.summary.contains("## modlint diff"))
        #expect(first.log.contains("modlint: no diff (diff: 'auto', event push)"))

        // Pinned to a tag with a release: its binary is downloaded, checked and run (here a
        // tarball of the test build served from a folder named as the server's releases
        // are), and nothing is built.
        #if os(Linux) && arch(x86_64)
        let tarball = "modlint-0.1.0-x86_64-unknown-linux-gnu"
        let releases = scratch.path + "/modlint/modlint/releases/download"
        try scratch.write("modlint/modlint/releases/download/v0.1.0/" + tarball + "/bin/.keep", "")
        try FileManager.default.copyItem(atPath: CLI.executable, toPath: releases + "/v0.1.0/" + tarball + "/bin/modlint")
        try Self.shell("tar -czf '\(tarball).tar.gz' '\(tarball)' && sha256sum '\(tarball).tar.gz' > '\(tarball).tar.gz.sha256'",
                       in: releases + "/v0.1.0")
        var pinned = job
        pinned.actionRef = "v0.1.0"
        pinned.serverURL = "file://" + scratch.path
        let released = try pinned.run()
        #expect(released.steps["release"]?["installed"] == "true", "\(released.log)")
        #expect(released.log.contains("modlint: installed the v0.1.0 release binary"))
        #expect(released.outputs["exit-code"] == "1")
        // A tarball that does not match its checksum is never run: the build is the fallback.
        try "0000  \(tarball).tar.gz\n".write(toFile: releases + "/v0.1.0/\(tarball).tar.gz.sha256", atomically: true, encoding: .utf8)
        let tampered = try pinned.run()
        #expect(tampered.steps["release"]?["installed"] == "false")
        #expect(tampered.log.contains("no usable release binary for v0.1.0"))
        #endif

        // An upgrade changes the sources, and so the key: the old binary is not restored.
        try "// a newer modlint\n".write(toFile: actionPath + "/Sources/modlint/Upgrade.swift", atomically: true, encoding: .utf8)
        #expect(try job.run().steps["key"]?["source"] != source)
    }

    /// A pull request as `actions/checkout` leaves it (depth 1): the origin has a clean base
    /// commit (also branch `develop`) and the change on `main` — Feature imports Core
    /// without declaring it; the checkout is a depth-1 clone of the change, so the base
    /// commit is not in it. `Clean/` is a second package the change leaves alone. The origin
    /// serves any commit it has, as GitHub does.
    static func pullRequestCheckout(in scratch: TemporaryDirectory) throws -> (checkout: String, base: String) {
        try scratch.write("origin/App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Feature"), .target(name: "Core")])
            """)
        try scratch.write("origin/App/Sources/Feature/F.swift", "struct F {}\n")
        try scratch.write("origin/App/Sources/Core/C.swift", "public struct C {}\n")
        try scratch.write("origin/Clean/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Clean", targets: [.target(name: "Clean")])
            """)
        try scratch.write("origin/Clean/Sources/Clean/K.swift", "struct K {}\n")
        let base = try Self.shell("""
            git init -q -b main . && git config uploadpack.allowAnySHA1InWant true
            git add -A && git -c commit.gpgsign=false commit -qm base && git branch develop
            printf 'import Core\\nstruct F {}\\n' > App/Sources/Feature/F.swift
            git -c commit.gpgsign=false commit -qam 'Feature uses Core'
            git rev-parse develop
            """, in: scratch.path + "/origin")
        try Self.shell("git clone -q --depth=1 'file://\(scratch.path)/origin' checkout", in: scratch.path)
        return (scratch.path + "/checkout", base.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs `script` with `bash -e` in `directory` (git with a test identity) and returns its
    /// standard output; a failure fails the test.
    @discardableResult
    static func shell(_ script: String, in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "modlint", "GIT_AUTHOR_EMAIL": "modlint@example.com",
            "GIT_COMMITTER_NAME": "modlint", "GIT_COMMITTER_EMAIL": "modlint@example.com",
        ]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(script)")
        return String(decoding: data, as: UTF8.self)
    }

    /// On a pull request (`diff: auto`) the diff step compares the checkout with the base
    /// commit. In a depth-1 checkout it fetches that one commit (the clone stays shallow);
    /// the Markdown goes to the job summary, `diff-exit-code` says whether the change
    /// introduces an error, and `diff-fail-on: new` turns that into a failed job. The lint
    /// covers `Clean/` only, so its exit code never hides the diff's.
    @Test func actionDiffsAPullRequest() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (checkout, base) = try Self.pullRequestCheckout(in: scratch)
        #expect(try Self.shell("git cat-file -e '\(base)^{commit}' 2>/dev/null || echo absent", in: checkout) == "absent\n")
        var job = try ActionJob(actionPath: Self.unpackAction(in: scratch), scratch: scratch.path, workspace: checkout)
        job.event = "pull_request"
        job.pullRequest = (number: 7, base: base)
        job.inputs = ["path": "Clean", "sarif-file": scratch.path + "/modlint.sarif"]

        let reported = try job.run()
        #expect(reported.failed == nil, "diff-fail-on: none only reports\n\(reported.log)")
        #expect(reported.outputs["exit-code"] == "0")
        #expect(reported.outputs["diff-exit-code"] == "1")
        #expect(reported.summary.contains("\n## modlint diff\n"), "\(reported.summary)")
        #expect(reported.summary.contains("| error | [`undeclared-import`]"))
        #expect(reported.summary.contains("App/Sources/Feature/F.swift:1"))
        #expect(reported.log.contains("modlint: fetching \(base) from origin"))
        #expect(try Self.shell("git cat-file -t '\(base)'; git rev-parse --is-shallow-repository", in: checkout) == "commit\ntrue\n")

        // The gate: a new error fails the job, in the last step.
        job.inputs["diff-fail-on"] = "new"
        let gated = try job.run()
        #expect(gated.failed == 1, "\(gated.log)")
        #expect(gated.failedStep == "Fail on findings")
        #expect(gated.outputs["exit-code"] == "0" && gated.outputs["diff-exit-code"] == "1")
        #expect(gated.log.contains("::error::modlint diff: the change introduces findings at error severity"))
        // A comparison that introduces nothing passes it.
        job.inputs["diff"] = "HEAD"
        let unchanged = try job.run()
        #expect(unchanged.failed == nil, "\(unchanged.log)")
        #expect(unchanged.outputs["diff-exit-code"] == "0")
        #expect(unchanged.summary.contains("No architecture change"))

        // `diff: false`: no diff.
        job.inputs["diff"] = "false"
        let off = try job.run()
        #expect(off.failed == nil && off.outputs["diff-exit-code"] == "")
        #expect(!off.summary.contains("## modlint diff"))

        // A push is no pull request: `auto` compares nothing; a branch named in `diff` is
        // fetched (one commit, into FETCH_HEAD) and compared.
        job.event = "push"
        job.pullRequest = nil
        job.inputs["diff"] = nil
        let push = try job.run()
        #expect(push.failed == nil && push.outputs["diff-exit-code"] == "")
        job.inputs["diff"] = "develop"
        let branch = try job.run()
        #expect(branch.failed == 1 && branch.outputs["diff-exit-code"] == "1", "\(branch.log)")
        #expect(branch.log.contains("modlint: fetching develop from origin"))
        #expect(branch.summary.contains("undeclared-import"))

        // A base git cannot find is an error whatever `diff-fail-on` says; so is a
        // `diff-fail-on` the action does not know.
        job.inputs["diff"] = "no-such-branch"
        job.inputs["diff-fail-on"] = nil
        let unknown = try job.run()
        #expect(unknown.failed == 2 && unknown.outputs["diff-exit-code"] == "2", "\(unknown.log)")
        #expect(unknown.log.contains("::warning::modlint: could not fetch no-such-branch from origin"))
        #expect(unknown.summary.contains("**modlint diff** against `no-such-branch` failed with exit code 2"))
        job.inputs["diff"] = nil
        job.inputs["diff-fail-on"] = "true"
        let misspelt = try job.run()
        #expect(misspelt.failed == 2 && misspelt.log.contains("::error::modlint: diff-fail-on is new or none, not 'true'"))
    }

    /// With `github-token`, the diff becomes one pull-request comment: the comment list is
    /// read, a comment that starts with the marker is edited in place (PATCH), otherwise one
    /// is posted; the token reaches curl in a header file, never on its command line. A
    /// refusal (the read-only token of a fork's pull request) or no JSON tool is a warning,
    /// never a failure; without a token, or outside a pull request, curl is never called.
    /// `curl` is a stub first on PATH (as are a broken `jq` and `python3`, for the fallbacks).
    @Test func actionCommentsTheDiffOnce() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let (checkout, base) = try Self.pullRequestCheckout(in: scratch)
        try scratch.write("bin/curl", """
            #!/bin/bash
            # curl's stand-in: logs the call, answers the comment list with $STUB/comments.json and
            # keeps what it was sent; with $STUB/refuse, a write fails as a read-only token's does.
            printf '%s\\n' "$*" >> "$STUB/arguments"
            method=GET url=""
            while [ $# -gt 0 ]; do
              case "$1" in
                -X) method=$2; shift ;;
                -H) case "$2" in @*) cp "${2#@}" "$STUB/headers" ;; esac; shift ;;
                --data-binary) cp "${2#@}" "$STUB/body.json"; shift ;;
                -o) shift ;;
                http://* | https://*) url=$1 ;;
              esac
              shift
            done
            echo "$method $url" >> "$STUB/calls"
            if [ "$method" = GET ]; then cat "$STUB/comments.json"; exit 0; fi
            if [ -e "$STUB/refuse" ]; then echo "curl: (22) The requested URL returned error: 403" >&2; exit 22; fi
            echo '{"id": 1}'

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path + "/bin/curl")
        var job = try ActionJob(actionPath: Self.unpackAction(in: scratch), scratch: scratch.path, workspace: checkout)
        job.event = "pull_request"
        job.pullRequest = (number: 7, base: base)
        job.inputs = ["path": "Clean", "sarif-file": scratch.path + "/modlint.sarif", "github-token": "ghs_secret-test-token"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let stub = scratch.path + "/stub"

        struct Commented {
            var job: ActionJob.Result
            var calls: [String]
            var arguments: String
            var headers: String
            var body: String?
        }
        /// `hiding`: tools replaced by stubs that fail, as a missing or broken install does.
        func comment(listing: String, refuse: Bool = false, hiding tools: [String] = [], _ job: ActionJob) throws -> Commented {
            try? FileManager.default.removeItem(atPath: stub)
            try scratch.write("stub/comments.json", listing)
            if refuse { try scratch.write("stub/refuse", "") }
            var job = job
            job.environment["STUB"] = stub
            job.environment["PATH"] = scratch.path + "/bin:" + path
            if !tools.isEmpty {
                let folder = "hidden-" + tools.joined(separator: "-")
                for tool in tools {
                    try scratch.write(folder + "/" + tool, "#!/bin/sh\nexit 127\n")
                    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path + "/" + folder + "/" + tool)
                }
                job.environment["PATH"] = scratch.path + "/bin:" + scratch.path + "/" + folder + ":" + path
            }
            let result = try job.run()
            func read(_ name: String) -> String { (try? String(contentsOfFile: stub + "/" + name, encoding: .utf8)) ?? "" }
            var body: String?
            if let data = FileManager.default.contents(atPath: stub + "/body.json") {
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                body = try #require(object["body"] as? String)
            }
            return Commented(job: result, calls: read("calls").split(separator: "\n").map(String.init),
                             arguments: read("arguments"), headers: read("headers"), body: body)
        }
        let list = "GET https://api.github.test/repos/octo/app/issues/7/comments?per_page=100"
        let marked = #"[{"id": 11, "body": "Looks good"}, {"id": 42, "body": "<!-- modlint-diff -->\n\n## modlint diff\n\nan older diff"}]"#
        func expectTheDiff(_ run: Commented, _ calls: [String], _ location: SourceLocation = #_sourceLocation) {
            #expect(run.job.failed == nil, "\(run.job.log)", sourceLocation: location)
            #expect(run.calls == calls, sourceLocation: location)
            #expect(run.body?.hasPrefix("<!-- modlint-diff -->\n\n## modlint diff\n") == true, "\(run.body ?? "no body")", sourceLocation: location)
            #expect(run.body?.contains("[`undeclared-import`]") == true, sourceLocation: location)
            #expect(run.headers.contains("Authorization: Bearer ghs_secret-test-token\n"), sourceLocation: location)
            #expect(!run.arguments.contains("ghs_secret-test-token"), "the token on curl's command line", sourceLocation: location)
            #expect(!run.job.log.contains("ghs_secret-test-token"), sourceLocation: location)
        }

        // A marked comment: edited in place, with jq and with python3.
        let patched = try comment(listing: marked, job)
        expectTheDiff(patched, [list, "PATCH https://api.github.test/repos/octo/app/issues/comments/42"])
        #expect(patched.job.log.contains("modlint: updated the diff comment on #7"))
        if (try? Self.shell("python3 --version >/dev/null 2>&1 && echo yes", in: scratch.path)) == "yes\n" {
            expectTheDiff(try comment(listing: marked, hiding: ["jq"], job), [list, "PATCH https://api.github.test/repos/octo/app/issues/comments/42"])
        }

        // None marked (a reply that quotes the marker does not start with it): a new comment.
        let posted = try comment(listing: #"[{"id": 11, "body": "> <!-- modlint-diff -->\n> quoted"}]"#, job)
        expectTheDiff(posted, [list, "POST https://api.github.test/repos/octo/app/issues/7/comments"])
        #expect(posted.job.log.contains("modlint: commented the diff on #7"))
        #expect(try comment(listing: "[]", job).calls.last == "POST https://api.github.test/repos/octo/app/issues/7/comments")

        // A read-only token: the API refuses, the job goes on.
        let refused = try comment(listing: marked, refuse: true, job)
        expectTheDiff(refused, [list, "PATCH https://api.github.test/repos/octo/app/issues/comments/42"])
        #expect(refused.job.log.contains("::warning::modlint: the GitHub API refused the diff comment on #7 (PATCH)"))

        // Neither jq nor python3: a warning, no call.
        let toolless = try comment(listing: marked, hiding: ["jq", "python3"], job)
        #expect(toolless.job.failed == nil && toolless.calls.isEmpty)
        #expect(toolless.job.log.contains("::warning::modlint: no pull-request comment: it needs jq or python3"))

        // No token, or no pull request: curl is never called; the summary has the diff.
        var tokenless = job
        tokenless.inputs["github-token"] = nil
        let quiet = try comment(listing: marked, tokenless)
        #expect(quiet.job.failed == nil && quiet.calls.isEmpty && quiet.arguments.isEmpty)
        #expect(quiet.job.summary.contains("## modlint diff"))
        var push = job
        push.event = "push"
        push.pullRequest = nil
        push.inputs["diff"] = base
        let pushed = try comment(listing: marked, push)
        #expect(pushed.job.failed == nil && pushed.job.outputs["diff-exit-code"] == "1" && pushed.calls.isEmpty)
    }

    /// Every YAML block of docs/ci.md parses, and every modlint command in it runs with the
    /// reporters it names (exit 1: the demo has findings; 2 would be a usage error).
    @Test func ciRecipes() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/ci.md", encoding: .utf8)
        let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let yamlBlocks = blocks.filter { $0.hasPrefix("yaml\n") }.map { String($0.dropFirst(5)) }
        #expect(yamlBlocks.count == 8)
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

        // Every `modlint diff` command runs too, in a pull request's checkout where
        // `origin/main` and `$CI_MERGE_REQUEST_DIFF_BASE_SHA` name the base: exit 1 for the
        // gate (the change adds an undeclared import), 0 for the reports.
        var diffs: [[String]] = []
        for fullLine in blocks.joined(separator: "\n").split(separator: "\n") {
            let line = fullLine.components(separatedBy: " #")[0]
            guard let range = line.range(of: "modlint diff ") else { continue }
            let words = line[range.upperBound...].split(separator: " ").map(String.init).prefix { !["|", "||", "&&", ">"].contains($0) }
            diffs.append(["diff"] + words.map { $0.replacingOccurrences(of: "\"", with: "") })
        }
        #expect(diffs.count == 5)
        let (checkout, base) = try Self.pullRequestCheckout(in: scratch)
        try Self.shell("git fetch -q --depth=1 origin '\(base)' && git update-ref refs/remotes/origin/main '\(base)'", in: checkout)
        for command in diffs {
            let arguments = command.map { $0.replacingOccurrences(of: "$CI_MERGE_REQUEST_DIFF_BASE_SHA", with: base) }
            let run = try CLI.run(arguments, in: checkout)
            #expect(run.exitCode == (arguments.contains("--fail-on") ? 1 : 0), "\(arguments.joined(separator: " ")): \(run.standardError)")
            if arguments.contains("markdown") { #expect(run.standardOutput.hasPrefix("## modlint diff\n")) }
            if arguments.contains("sarif") { #expect(run.standardOutput.contains("\"ruleId\": \"undeclared-import\"")) }
        }
    }
}

/// A job that runs the action's shell steps in order, as the runner runs a composite action:
/// each step's `env:` resolved from its `${{ … }}` expressions (`inputs.…` from `inputs` or
/// the declared default, `steps.<id>.outputs.…` from what earlier steps wrote to
/// `$GITHUB_OUTPUT`, `github.…` from the event; an expression it does not know, or an input
/// the action does not declare, fails the test), `$GITHUB_ENV` carried from step to step,
/// every script run as `bash --noprofile --norc -eo pipefail` in the workspace, and the first
/// failing step ending the job. `uses:` steps are not run (the cache counts as a hit, so the
/// build is skipped), and `if:` is not evaluated: each script checks what it needs itself.
struct ActionJob {
    var definition: [String: Any]
    var actionPath: String
    var scratch: String
    /// `$GITHUB_WORKSPACE`, where the steps run unless `workingDirectory` says otherwise.
    var workspace: String
    var workingDirectory: String?
    var inputs: [String: String] = [:]
    var event = "push"
    var pullRequest: (number: Int, base: String)?
    var actionRef = ""
    var serverURL = "https://github.com"
    /// More variables for every step (a stub first on PATH …).
    var environment: [String: String] = [:]

    struct Result {
        /// Each step's outputs, by step id.
        var steps: [String: [String: String]] = [:]
        /// The action's outputs.
        var outputs: [String: String] = [:]
        /// Standard output and error of every step.
        var log = ""
        var summary = ""
        var ran: [String] = []
        var failed: Int32?
        var failedStep: String?
    }

    init(actionPath: String, scratch: String, workspace: String) throws {
        definition = try #require(try IntegrationRecipesTests.yaml("action.yml") as? [String: Any])
        self.actionPath = actionPath
        self.scratch = scratch
        self.workspace = workspace
    }

    private var declaredInputs: [String: [String: Any]] { definition["inputs"] as? [String: [String: Any]] ?? [:] }

    /// `text` with every `${{ … }}` replaced by its value.
    func resolve(_ text: String, _ steps: [String: [String: String]]) -> String {
        var resolved = "", rest = text[...]
        while let open = rest.range(of: "${{") {
            resolved += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                Issue.record("an unclosed expression in \(text)")
                return resolved
            }
            resolved += value(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces), steps)
            rest = rest[close.upperBound...]
        }
        return resolved + rest
    }

    private func value(_ expression: String, _ steps: [String: [String: String]]) -> String {
        if expression.hasPrefix("inputs.") {
            let name = String(expression.dropFirst("inputs.".count))
            guard let input = declaredInputs[name] else {
                Issue.record("\(expression): the action declares no input \(name)")
                return ""
            }
            return inputs[name] ?? input["default"] as? String ?? ""
        }
        let parts = expression.split(separator: ".").map(String.init)
        if parts.count == 4 && parts[0] == "steps" && parts[2] == "outputs" { return steps[parts[1]]?[parts[3]] ?? "" }
        let github = [
            "github.event_name": event, "github.action_ref": actionRef, "github.server_url": serverURL,
            "github.action_repository": "modlint/modlint",
            "github.event.pull_request.base.sha": pullRequest?.base ?? "",
            "github.event.pull_request.number": pullRequest.map { String($0.number) } ?? "",
        ]
        guard let value = github[expression] else {
            Issue.record("\(expression): an expression the test job does not know")
            return ""
        }
        return value
    }

    func run() throws -> Result {
        for name in inputs.keys where declaredInputs[name] == nil { Issue.record("the action declares no input \(name)") }
        let steps = try #require((definition["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let folder = scratch + "/job-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/runner-temp", withIntermediateDirectories: true)
        let summary = folder + "/summary.md", output = folder + "/output", env = folder + "/env"
        _ = FileManager.default.createFile(atPath: summary, contents: nil)
        // The runner's variables only: none of the test process's own CI.
        var variables = ProcessInfo.processInfo.environment.filter { key, _ in !["GITHUB_", "RUNNER_", "INPUT_"].contains { key.hasPrefix($0) } }
        variables.merge([
            "GITHUB_ACTION_PATH": actionPath, "GITHUB_WORKSPACE": workspace, "GITHUB_EVENT_NAME": event,
            "GITHUB_REPOSITORY": "octo/app", "GITHUB_SERVER_URL": serverURL, "GITHUB_API_URL": "https://api.github.test",
            "GITHUB_STEP_SUMMARY": summary, "RUNNER_TEMP": folder + "/runner-temp", "MODLINT_CACHE_DIR": CLI.testCache,
        ]) { $1 }
        variables.merge(environment) { $1 }
        var result = Result()
        for step in steps {
            guard let script = step["run"] as? String, let name = step["name"] as? String else { continue }
            if name == "Build modlint" { continue }   // the cache hit
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            _ = FileManager.default.createFile(atPath: env, contents: nil)
            var stepVariables = variables
            for (key, value) in step["env"] as? [String: Any] ?? [:] { stepVariables[key] = resolve("\(value)", result.steps) }
            stepVariables["GITHUB_OUTPUT"] = output
            stepVariables["GITHUB_ENV"] = env
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script]
            process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory ?? workspace)
            process.environment = stepVariables
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            result.log += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            result.ran.append(name)
            func pairs(_ file: String) throws -> [(String, String)] {
                try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").compactMap { line in
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    return parts.count == 2 ? (parts[0], parts[1]) : nil
                }
            }
            if let id = step["id"] as? String {
                for (key, value) in try pairs(output) { result.steps[id, default: [:]][key] = value }
            }
            for (key, value) in try pairs(env) { variables[key] = value }
            if process.terminationStatus != 0 {
                result.failed = process.terminationStatus
                result.failedStep = name
                break
            }
        }
        for (name, output) in definition["outputs"] as? [String: [String: Any]] ?? [:] {
            result.outputs[name] = resolve(output["value"] as? String ?? "", result.steps)
        }
        result.summary = try String(contentsOfFile: summary, encoding: .utf8)
        return result
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
