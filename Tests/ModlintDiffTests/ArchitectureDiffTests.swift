@testable import ModlintDiff
import ModlintRules
import ModlintWorkspace
import Testing

@Suite struct ArchitectureDiffTests {
    func finding(_ rule: String, _ fingerprint: String, file: String = "A.swift", line: Int = 1, severity: Severity = .error) -> Diagnostic {
        Diagnostic(rule: rule, severity: severity, message: "\(rule) \(fingerprint)", file: file, line: line, column: 1, fingerprint: fingerprint)
    }

    func snapshot(_ edges: [(String, String, declared: Bool, imported: Bool)], modules: [String], findings: [Diagnostic] = []) -> ArchitectureSnapshot {
        ArchitectureSnapshot(
            result: LintResult(tool: .init(version: "0"), root: ".", summary: .init(), diagnostics: findings),
            modules: modules.map { ArchitectureSnapshot.Module(id: $0, name: $0, package: "P", kind: "regular", layer: nil, isExternal: false) },
            edges: edges.map { ArchitectureSnapshot.Edge(from: $0.0, to: $0.1, declared: $0.declared, imported: $0.imported) },
            longestChain: [])
    }

    /// Matching counts duplicates: a fingerprint HEAD has twice and BASE once is one
    /// unchanged and one new finding; a finding that only moved is unchanged.
    @Test func findingsAreMatchedByFingerprintWithMultiplicity() {
        let base = [finding("cycle", "f1", line: 3), finding("unused", "f2")]
        let head = [finding("cycle", "f1", line: 9), finding("cycle", "f1", line: 12), finding("other", "f2")]
        let matched = ArchitectureDiff.match(base: base, head: head)
        #expect(matched.unchanged.map(\.line) == [9])
        #expect(matched.new.map { "\($0.rule):\($0.line)" } == ["other:1", "cycle:12"])
        #expect(matched.fixed.map(\.rule) == ["unused"])
    }

    /// Cycles are components of more than one module over declared and imported edges;
    /// a cycle present on both sides is neither new nor broken.
    @Test func newAndBrokenCycles() {
        let base = snapshot([("A", "B", true, true), ("B", "A", false, true), ("C", "D", true, false), ("D", "C", true, false)], modules: ["A", "B", "C", "D"])
        let head = snapshot([("A", "B", true, true), ("B", "A", false, true), ("C", "D", true, false), ("D", "E", true, false), ("E", "D", false, true)],
                            modules: ["A", "B", "C", "D", "E"])
        let diff = ArchitectureDiff(base: base, head: head, baseSide: .init(revision: "main", commit: "abc"), headSide: .init(revision: "the work tree", commit: nil))
        #expect(diff.newCycles == [["D", "E"]])
        #expect(diff.brokenCycles == [["C", "D"]])
        #expect(diff.modulesAdded == ["E"])
        #expect(diff.edges.map { "\($0.change.rawValue) \($0.from)->\($0.to)" } == ["added D->E", "added E->D", "removed D->C"])
        #expect(diff.neighbourEdges == [ModuleEdge(from: "C", to: "D")])
    }

    /// An edge that exists on both sides with other kinds is changed, with both kinds kept.
    @Test func anEdgeThatBecomesDeclaredIsChanged() {
        let base = snapshot([("App", "Core", false, true)], modules: ["App", "Core"])
        let head = snapshot([("App", "Core", true, true)], modules: ["App", "Core"])
        let diff = ArchitectureDiff(base: base, head: head, baseSide: .init(revision: "main", commit: "abc"), headSide: .init(revision: "x", commit: nil))
        #expect(diff.edges.map(\.kindDescription) == ["imported → declared and imported"])
        #expect(diff.summary.edgesChanged == 1)
        #expect(!diff.introducesErrors)
    }

    @Test func numbersAreWrittenShort() {
        #expect([0, 0.5, 0.667, 1, 0.25].map(DiffMetricText.number) == ["0", "0.5", "0.667", "1", "0.25"])
    }

    /// `git ls-tree -r -t -z -l`: modes, types, ids, sizes (`-` for trees) and paths with
    /// spaces or bytes that are not UTF-8.
    @Test func treeListingsAreParsed() {
        var listing = Array("040000 tree 1111111111111111111111111111111111111111       -\tSources\u{0}".utf8)
        listing += Array("100644 blob 2222222222222222222222222222222222222222     120\tSources/A B.swift\u{0}".utf8)
        listing += Array("120000 blob 3333333333333333333333333333333333333333       9\tlink\u{0}".utf8)
        listing += Array("100644 blob 4444444444444444444444444444444444444444       1\tcaf".utf8) + [0xE9] + Array(".swift\u{0}".utf8)
        let entries = TreeListing.entries(listing)
        #expect(entries.map(\.type) == ["tree", "blob", "blob", "blob"])
        #expect(entries.map(\.size) == [0, 120, 9, 1])
        #expect(entries[1].path == "Sources/A B.swift")
        #expect(PathBytes.bytes(entries[3].path) == Array("caf".utf8) + [0xE9] + Array(".swift".utf8))
    }

    /// Names git should never have stored are not written.
    @Test func unsafeNamesAreRefused() {
        #expect(ScratchTree.isSafe(relativePath: "Sources/A.swift"))
        for name in ["", "/etc/passwd", "../x", "a/../../x", "a//b", ".git/config", "a/.GIT/hooks/pre-commit", "a/./b"] {
            #expect(!ScratchTree.isSafe(relativePath: name), "\(name)")
        }
    }

    /// What a commit's scratch copy holds: sources, descriptions, project bundles, metadata
    /// — not media, documentation or C sources.
    @Test func onlyFilesAReaderOpensAreWritten() {
        for path in ["Sources/A.swift", "Package.swift", "App.xcodeproj/project.pbxproj", "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme",
                     "project.yml", "BUILD.bazel", "Podfile", "Foo.podspec", "Pods/Manifest.lock", "Package.resolved", "Config/Base.xcconfig",
                     "Sources/C/include/module.modulemap", "App/Info.plist", "macros.bzl"] {
            #expect(WorkspaceInputs.mayBeRead(path), "\(path)")
        }
        for path in ["Assets.xcassets/icon.png", "README.md", "Sources/C/a.c", "Sources/C/include/a.h", "docs/index.html", "fonts/A.ttf"] {
            #expect(!WorkspaceInputs.mayBeRead(path), "\(path)")
        }
    }
}

/// The process runner git is called through.
@Suite struct ChildProcessTests {
    /// Input larger than a pipe holds reaches the program, and its output comes back whole.
    @Test func inputAndOutputPassThrough() throws {
        let input = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let outcome = try ChildProcess.run(["cat"], input: input)
        #expect(outcome.status == 0)
        #expect(outcome.output == input)
    }

    /// A program that ends without reading its input neither kills this process (SIGPIPE)
    /// nor hangs it.
    @Test func aProgramThatIgnoresItsInputEndsTheRun() throws {
        let outcome = try ChildProcess.run(["sh", "-c", "echo gone >&2; exit 3"], input: [UInt8](repeating: 65, count: 4 << 20))
        #expect(outcome.status == 3)
        #expect(String(decoding: outcome.errors, as: UTF8.self) == "gone\n")
    }

    /// Streamed output arrives in order and adds up to the whole.
    @Test func outputCanBeTakenAsItArrives() throws {
        var streamed: [UInt8] = []
        let outcome = try ChildProcess.run(["sh", "-c", "head -c 200000 /dev/zero"]) { streamed += $0 }
        #expect(outcome.status == 0 && outcome.output.isEmpty)
        #expect(streamed.count == 200_000)
    }

    @Test func aMissingProgramIsAFailure() {
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess.run(["modlint-no-such-program"]) }
    }
}
