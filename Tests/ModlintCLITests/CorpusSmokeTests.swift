import Foundation
import ModlintTestSupport
import Testing

/// `modlint lint` over a real-world corpus (118 packages, 11k files exported by the
/// corpus script; `make test` exports it and passes its location in MODLINT_CORPUS).
/// Never a crash or an input/internal error, and the same bytes on every run.
struct CorpusSmokeTests {
    static var corpusRoot: String? {
        let root = ProcessInfo.processInfo.environment["MODLINT_CORPUS"] ?? "/tmp/modlint-corpus"
        return FileManager.default.fileExists(atPath: root + "/pkgs") ? root + "/pkgs" : nil
    }

    /// In CI the corpus must be there: a silently skipped smoke test proves nothing.
    @Test func corpusIsAvailableInCI() {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            #expect(Self.corpusRoot != nil, "CI must export the corpus (make corpus) before the tests")
        }
    }

    @Test(.enabled(if: corpusRoot != nil, "corpus not exported (run `make corpus`)"))
    func lintsTheWholeCorpusDeterministically() throws {
        let root = try #require(Self.corpusRoot)
        let first = try CLI.run(["lint", root, "--reporter", "json"])
        #expect(first.exitCode == 0 || first.exitCode == 1, "exit \(first.exitCode): \(first.standardError.prefix(2000))")
        #expect(first.standardError.isEmpty, "\(first.standardError.prefix(2000))")
        let json = try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any]
        let summary = try #require(json?["summary"] as? [String: Int])
        #expect(summary["packages"]! >= 100, "\(summary)")
        #expect(summary["files"]! >= 9000, "\(summary)")
        let second = try CLI.run(["lint", root, "--reporter", "json"])
        #expect(second.exitCode == first.exitCode)
        #expect(second.standardOutput == first.standardOutput, "two runs over the same corpus differ")
    }
}
