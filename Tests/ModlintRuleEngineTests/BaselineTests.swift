import ModlintRuleEngine
import Testing

/// Baselines and fingerprints without the CLI: counting, applying, stale entries, the
/// file format, and fingerprints that ignore lines and wording.
struct BaselineTests {
    static func diagnostic(_ rule: String, _ file: String, line: Int, fingerprint: String, severity: Severity = .error) -> Diagnostic {
        Diagnostic(rule: rule, severity: severity, message: "m\(line)", file: file, line: line, column: 1, fingerprint: fingerprint)
    }

    static func result(_ diagnostics: [Diagnostic]) -> LintResult {
        LintResult(tool: .init(version: "0"), root: "/r", summary: .init(errors: diagnostics.count, packages: 1, modules: 1, files: 1),
                   diagnostics: diagnostics)
    }

    @Test func countsRepeatedFindingsAndDropsThemUpToTheCount() {
        let twice = [Self.diagnostic("a", "f.swift", line: 1, fingerprint: "x"), Self.diagnostic("a", "f.swift", line: 9, fingerprint: "x")]
        let baseline = Baseline(result: Self.result(twice))
        #expect(baseline.findings == [Baseline.Entry(rule: "a", file: "f.swift", fingerprint: "x", count: 2)])
        // A third occurrence is new; one fewer leaves a stale count.
        let three = Self.result(twice + [Self.diagnostic("a", "f.swift", line: 20, fingerprint: "x", severity: .warning)])
        let applied = baseline.apply(to: three)
        #expect(applied.result.diagnostics.map(\.line) == [20])
        #expect(applied.result.summary.errors == 0 && applied.result.summary.warnings == 1)
        #expect(applied.stale.isEmpty)
        let fewer = baseline.apply(to: Self.result([twice[0]]))
        #expect(fewer.result.diagnostics.isEmpty)
        #expect(fewer.stale == [Baseline.Entry(rule: "a", file: "f.swift", fingerprint: "x", count: 1)])
    }

    @Test func fileFormatRoundTripsAndRejectsOtherVersions() throws {
        let baseline = Baseline(findings: [Baseline.Entry(rule: "a", file: "q\"uote.swift", module: "M", fingerprint: "x", count: 1)])
        #expect(try Baseline.decode(Array(baseline.encoded().utf8)) == baseline)
        #expect(throws: Baseline.FormatError.self) { try Baseline.decode(Array(#"{"version": 2, "findings": []}"#.utf8)) }
        #expect(throws: Baseline.FormatError.self) { try Baseline.decode(Array("[]".utf8)) }
    }

    @Test func fingerprintsDependOnRuleAndKeyOnly() {
        let one = Fingerprint.make(rule: "undeclared-import", key: ["Feature", "Core"])
        #expect(one.count == 16 && one.allSatisfy(\.isHexDigit))
        #expect(one == Fingerprint.make(rule: "undeclared-import", key: ["Feature", "Core"]))
        #expect(one != Fingerprint.make(rule: "unused-dependency", key: ["Feature", "Core"]))
        #expect(one != Fingerprint.make(rule: "undeclared-import", key: ["Core", "Feature"]))
        // The separator keeps ["ab", "c"] and ["a", "bc"] apart.
        #expect(Fingerprint.make(rule: "r", key: ["ab", "c"]) != Fingerprint.make(rule: "r", key: ["a", "bc"]))
    }
}
