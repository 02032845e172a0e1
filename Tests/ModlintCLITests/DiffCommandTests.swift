import Foundation
import ModlintTestSupport
import Testing

/// `modlint diff`: git repositories with known changes, compared with exact JSON and
/// golden Markdown. Commits have fixed authors and dates, so their ids (and the output)
/// are the same on every host.
@Suite struct DiffCommandTests {
    /// A repository with one package: App → Feature → Core, each a folder of sources.
    final class Repository {
        let directory: TemporaryDirectory
        var path: String { directory.path }
        private var commits = 0

        init(manifest: String = Repository.threeModules, sources: [(String, String)] = Repository.layeredSources) throws {
            directory = try TemporaryDirectory(prefix: "modlint-diff")
            try git("init", "-q", "-b", "main")
            try directory.write("Package.swift", manifest)
            for (file, text) in sources { try directory.write(file, text) }
        }

        static let threeModules = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: ["Core"]),
                .executableTarget(name: "App", dependencies: ["Feature"]),
            ])

            """

        static let layeredSources = [
            ("Sources/Core/Core.swift", "public struct Money {}\n"),
            ("Sources/Feature/Feature.swift", "import Core\npublic struct Cart { var total = Money() }\n"),
            ("Sources/App/main.swift", "import Feature\nprint(Cart())\n"),
        ]

        /// Commits everything; returns the commit id.
        @discardableResult
        func commit(_ message: String) throws -> String {
            commits += 1
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
            return try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func write(_ file: String, _ text: String) throws { try directory.write(file, text) }

        func remove(_ file: String) throws { try FileManager.default.removeItem(atPath: path + "/" + file) }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            try Self.git(arguments, in: path, date: 1_700_000_000 + commits * 60)
        }

        static func git(_ arguments: [String], in directory: String, date: Int = 1_700_000_000) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", directory, "-c", "user.name=Reviewer", "-c", "user.email=reviewer@example.com",
                                 "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"] + arguments
            var environment = ProcessInfo.processInfo.environment
            for key in ["GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"] { environment[key] = "@\(date) +0000" }
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
            return String(decoding: data, as: UTF8.self)
        }
    }

    func diff(_ arguments: [String], in repository: Repository) throws -> CLIRun {
        try CLI.run(["diff"] + arguments, in: repository.path)
    }

    func json(_ run: CLIRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    /// Core starts importing Feature, and a new Payments module sits between Feature and
    /// Core: modules and edges added, the cycle the import closes and the layer it breaks
    /// are new errors, the longest chain grows, Feature's coupling moves. The gate fails
    /// only with `--fail-on new`.
    @Test func aChangeIsReportedAsJSONAndMarkdown() throws {
        let repository = try Repository()
        try repository.write(".modlint.yml", """
            layers:
              - name: App
                modules: ["App"]
              - name: Features
                modules: ["Feature", "Payments"]
              - name: Core
                modules: ["Core"]

            """)
        let base = try repository.commit("base")
        try repository.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .target(name: "Payments", dependencies: ["Core"]),
                .target(name: "Feature", dependencies: ["Core", "Payments"]),
                .executableTarget(name: "App", dependencies: ["Feature"]),
            ])

            """)
        try repository.write("Sources/Payments/Payments.swift", "import Core\npublic struct Card { var limit = Money() }\n")
        try repository.write("Sources/Feature/Feature.swift", "import Core\nimport Payments\npublic struct Cart { var total = Money(); var card = Card() }\n")
        try repository.write("Sources/Core/Core.swift", "import Feature\npublic struct Money {}\n")

        let run = try diff([base, "--format", "json"], in: repository)
        #expect(run.exitCode == 0, "\(run.standardError)")
        expectGolden(run.standardOutput, "diff-change.json", bundle: .module, filePath: #filePath, sourceLocation: #_sourceLocation)

        let markdown = try diff([base, "--format", "markdown"], in: repository)
        expectGolden(markdown.standardOutput, "diff-change.md", bundle: .module, filePath: #filePath, sourceLocation: #_sourceLocation)

        let gate = try diff([base, "--fail-on", "new"], in: repository)
        #expect(gate.exitCode == 1)
        #expect(gate.standardOutput.contains("+ Core -> Feature (imported) [Core → Features] violates"))
        #expect(gate.standardOutput.contains("new: Core, Feature"))
        #expect(try diff([base], in: repository).exitCode == 0)
    }

    /// App imports Core without declaring it in the base; the change declares it: the finding
    /// is fixed, the edge changes from imported to declared and imported, and the gate passes.
    @Test func declaringAnImportFixesItsFinding() throws {
        let repository = try Repository(sources: Repository.layeredSources.map {
            $0.0 == "Sources/App/main.swift" ? ($0.0, "import Feature\nimport Core\nprint(Cart(), Money())\n") : $0
        })
        let base = try repository.commit("base")
        try repository.write("Package.swift", Repository.threeModules.replacing(#"dependencies: ["Feature"]"#, with: #"dependencies: ["Feature", "Core"]"#))

        let run = try diff([base, "--format", "json", "--fail-on", "new"], in: repository)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let result = try json(run)
        let summary = try #require(result["summary"] as? [String: Int])
        #expect(summary == ["newErrors": 0, "newWarnings": 0, "newNotes": 0, "fixedFindings": 1, "unchangedFindings": 0,
                            "modulesAdded": 0, "modulesRemoved": 0, "edgesAdded": 0, "edgesRemoved": 0, "edgesChanged": 1, "newCycles": 0])
        let fixed = try #require((result["findings"] as? [String: Any])?["fixed"] as? [[String: Any]])
        #expect(fixed.map { "\($0["rule"]!) \($0["file"]!):\($0["line"]!)" } == ["undeclared-import Sources/App/main.swift:2"])
        let edges = try #require(result["edges"] as? [[String: Any]])
        #expect(edges.count == 1)
        #expect(edges.first?["change"] as? String == "changed")
        #expect(edges.first.map { "\($0["from"]!)->\($0["to"]!) declared=\($0["declared"]!) was=\($0["wasDeclared"]!)" } == "App->Core declared=1 was=0")
    }

    /// Feature is deleted and App depends on Core directly: a module and its edges removed,
    /// an edge added, and the longest chain shortened; the same answer for two commits as
    /// for a commit and the work tree.
    @Test func aRemovedModuleTakesItsEdgesAlong() throws {
        let repository = try Repository()
        let base = try repository.commit("base")
        try repository.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .executableTarget(name: "App", dependencies: ["Core"]),
            ])

            """)
        try repository.remove("Sources/Feature")
        try repository.write("Sources/App/main.swift", "import Core\nprint(Money())\n")

        let workTree = try diff([base, "--format", "json"], in: repository)
        #expect(workTree.exitCode == 0, "\(workTree.standardError)")
        let result = try json(workTree)
        #expect((result["modules"] as? [String: [String]]) == ["added": [], "removed": ["Feature"]])
        let edges = try #require(result["edges"] as? [[String: Any]]).map { "\($0["change"]!) \($0["from"]!)->\($0["to"]!)" }
        #expect(edges == ["added App->Core", "removed App->Feature", "removed Feature->Core"])
        let chain = try #require(result["longestChain"] as? [String: [String]])
        #expect(chain == ["base": ["App", "Feature", "Core"], "head": ["App", "Core"]])

        let head = try repository.commit("remove Feature")
        let commits = try diff([base, head, "--format", "json"], in: repository)
        #expect(commits.exitCode == 0, "\(commits.standardError)")
        var fromCommits = try json(commits), fromWorkTree = result
        fromCommits["head"] = nil
        fromWorkTree["head"] = nil
        #expect(NSDictionary(dictionary: fromCommits).isEqual(to: fromWorkTree))
    }

    /// Nothing is written into the repository: no file in `.git` or the work tree changes,
    /// and git's status is the same before and after.
    @Test func theRepositoryIsLeftAsItWas() throws {
        let repository = try Repository()
        let base = try repository.commit("base")
        try repository.write("Sources/Core/Core.swift", "import Feature\npublic struct Money {}\n")
        func state() throws -> String {
            // Every file (folders' times aside: `git status` takes and drops a lock file in
            // `.git`, and may refresh `.git/index`).
            let files = try FileManager.default.subpathsOfDirectory(atPath: repository.path).filter { $0 != ".git/index" }
            let listing = try files.sorted().compactMap { file -> String? in
                let attributes = try FileManager.default.attributesOfItem(atPath: repository.path + "/" + file)
                guard attributes[.type] as? FileAttributeType != .typeDirectory else { return file }
                return "\(file) \(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
            }
            return listing.joined(separator: "\n") + (try repository.git("status", "--porcelain"))
        }
        _ = try repository.git("status", "--porcelain")
        let before = try state()
        for format in ["text", "json", "markdown", "sarif"] {
            #expect(try diff([base, "--format", format], in: repository).exitCode == 0)
        }
        #expect(try state() == before)
    }

    /// SARIF holds the new findings only: code scanning annotates what the change introduced.
    @Test func sarifHoldsOnlyTheNewFindings() throws {
        let repository = try Repository(sources: Repository.layeredSources.map {
            $0.0 == "Sources/App/main.swift" ? ($0.0, "import Feature\nimport Core\nprint(Cart(), Money())\n") : $0
        })
        let base = try repository.commit("base with one undeclared import")
        try repository.write("Sources/Core/Core.swift", "import Feature\npublic struct Money {}\n")
        let run = try diff([base, "--format", "sarif"], in: repository)
        #expect(run.exitCode == 0, "\(run.standardError)")
        let sarif = try #require(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let results = try #require(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let locations = results.map { result -> String in
            let location = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let file = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            return "\(result["ruleId"]!) \(file)"
        }.sorted()
        // The base's undeclared import in App is unchanged, so it is not reported.
        #expect(locations == ["import-cycle Sources/Core/Core.swift", "undeclared-import Sources/Core/Core.swift"])
    }

    /// `-o`: the changed edges as DOT (green added, red when a finding is about the edge) and
    /// as an SVG rendered by Graphviz.
    @Test func theDiagramShowsOnlyTheChangedEdgesAndTheirNeighbours() throws {
        let repository = try Repository()
        let base = try repository.commit("base")
        try repository.write("Sources/Core/Core.swift", "import Feature\npublic struct Money {}\n")
        let output = try TemporaryDirectory(prefix: "modlint-diff-out")
        let dot = try diff([base, "-o", output.path + "/changes.dot"], in: repository)
        #expect(dot.exitCode == 0, "\(dot.standardError)")
        let text = try String(contentsOfFile: output.path + "/changes.dot", encoding: .utf8)
        let edges = text.split(separator: "\n").filter { $0.contains(" -> ") }.map(String.init)
        #expect(edges == [
            ##"  "Core" -> "Feature" [color="#cf222e", penwidth=2, tooltip="violating"];"##,
            ##"  "Feature" -> "Core" [color="#d0d7de", penwidth=1, tooltip="context"];"##,
        ])
        #expect(!text.contains("\"App\""))
        let svg = try diff([base, "-o", output.path + "/changes.svg"], in: repository)
        #expect(svg.exitCode == 0, "\(svg.standardError)")
        let image = try String(contentsOfFile: output.path + "/changes.svg", encoding: .utf8)
        #expect(image.contains("<svg") && image.contains(">Feature</text>"))
    }

    /// A revision git does not know, a shallow clone that lacks it, and a folder outside any
    /// repository: exit 2, saying what to do.
    @Test func badInputExitsTwoWithWhatToDo() throws {
        let repository = try Repository()
        try repository.commit("base")
        let unknown = try diff(["no-such-branch"], in: repository)
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("'no-such-branch' is not a commit git knows"))
        #expect(unknown.standardError.contains("git fetch"))
        let option = try diff(["--", "--output=x"], in: repository)
        #expect(option.exitCode == 2)
        #expect(option.standardError.contains("cannot be empty or start with '-'"))

        try repository.write("Sources/Core/Extra.swift", "public struct Extra {}\n")
        let second = try repository.commit("second")
        let clones = try TemporaryDirectory(prefix: "modlint-diff-shallow")
        _ = try Repository.git(["clone", "-q", "--depth", "1", "file://" + repository.path, clones.path + "/shallow"], in: clones.path)
        let shallow = try CLI.run(["diff", "HEAD~1"], in: clones.path + "/shallow")
        #expect(shallow.exitCode == 2)
        #expect(shallow.standardError.contains("shallow") && shallow.standardError.contains("git fetch --depth=1 origin <sha>") && shallow.standardError.contains("fetch-depth: 0"))
        let present = try CLI.run(["diff", second, "--format", "json"], in: clones.path + "/shallow")
        #expect(present.exitCode == 0, "a shallow clone diffs against a commit it has: \(present.standardError)")

        let outside = try TemporaryDirectory(prefix: "modlint-diff-outside")
        let notRepository = try CLI.run(["diff", "main", "-C", outside.path], in: outside.path)
        #expect(notRepository.exitCode == 2)
        #expect(notRepository.standardError.contains("is not inside a git work tree"))
    }

    /// A base whose tree holds links (to a file outside, to a device) never reads through
    /// them: the link is left out of the scratch folder, as the walk of a work tree would.
    @Test func linksInTheBaseAreNeverFollowed() throws {
        let repository = try Repository()
        try FileManager.default.createSymbolicLink(atPath: repository.path + "/Sources/Core/Zero.swift", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: repository.path + "/Sources/Core/Passwords.swift", withDestinationPath: "/etc/passwd")
        let base = try repository.commit("links")
        try repository.remove("Sources/Core/Zero.swift")
        try repository.remove("Sources/Core/Passwords.swift")
        let run = try CLI.run(["diff", base, "--format", "json"], in: repository.path, limited: true)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardOutput.contains("root:"))
    }

    /// The work tree side is what a commit of it would hold: a file git ignores (a local
    /// generated source) is no change, an untracked one is.
    @Test func theWorkTreeSideLeavesOutWhatGitIgnores() throws {
        let repository = try Repository()
        try repository.write(".gitignore", "Sources/Core/Generated.swift\n")
        let base = try repository.commit("base")
        try repository.write("Sources/Core/Generated.swift", "import Feature\n")
        let ignored = try json(try diff([base, "--format", "json"], in: repository))
        #expect((ignored["summary"] as? [String: Int])?["newErrors"] == 0)
        #expect((ignored["edges"] as? [Any])?.isEmpty == true)

        try repository.write("Sources/Core/Untracked.swift", "import Feature\n")
        let untracked = try json(try diff([base, "--format", "json"], in: repository))
        let new = try #require((untracked["findings"] as? [String: Any])?["new"] as? [[String: Any]])
        #expect(Set(new.map { "\($0["rule"]!) \($0["file"]!)" }) == ["import-cycle Sources/Core/Untracked.swift", "undeclared-import Sources/Core/Untracked.swift"])
    }

    /// Same input, same bytes: a second run (served from the memo) prints what the first did.
    @Test func aSecondRunPrintsTheSameBytes() throws {
        let repository = try Repository()
        let base = try repository.commit("base")
        try repository.write("Sources/Core/Core.swift", "import Feature\npublic struct Money {}\n")
        // Files written this instant are not memoised (their stat may not show the next
        // edit yet): the work tree is made a minute old, as a real one is.
        let old = Date(timeIntervalSinceNow: -60)
        for file in try FileManager.default.subpathsOfDirectory(atPath: repository.path) where !file.hasPrefix(".git") {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: repository.path + "/" + file)
        }
        let cache = try TemporaryDirectory(prefix: "modlint-diff-cache")
        let first = try CLI.run(["diff", base, "--format", "markdown", "--cache-dir", cache.path], in: repository.path)
        let second = try CLI.run(["diff", base, "--format", "markdown", "--cache-dir", cache.path], in: repository.path)
        #expect(first.exitCode == 0 && second.exitCode == 0)
        #expect(first.standardOutput == second.standardOutput)
        let memos = try FileManager.default.subpathsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".memo") }.map { ($0 as NSString).lastPathComponent }
        #expect(Set(memos).isSuperset(of: ["diff-base.memo", "diff-work-tree.memo"]))
    }
}
