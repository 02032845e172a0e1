import ModlintRules
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

    static func cycle(_ rule: String, _ file: String, fingerprint: String, _ path: [String]) -> Diagnostic {
        Diagnostic(rule: rule, severity: .error, message: "cycle", file: file, line: 1, column: 1, fingerprint: fingerprint,
                   edges: path.indices.map { ModuleEdge(from: path[$0], to: path[($0 + 1) % path.count]) })
    }

    /// A cycle that lost a member (another key, another file) is still the recorded debt
    /// when every edge of it was recorded, by one entry of the same rule; a cycle with an
    /// edge the baseline never saw, another rule's, or one beyond the entry's count is new.
    @Test func aCycleThatLostAMemberStaysBaselinedByItsEdges() throws {
        let recorded = Baseline(result: Self.result([Self.cycle("import-cycle", "Sources/A/A.swift", fingerprint: "abc", ["A", "B", "C"])]))
        #expect(recorded.findings.count == 1 && recorded.findings[0].edges?.count == 3)
        let written = try Baseline.decode(Array(recorded.encoded().utf8))
        #expect(written == recorded)
        #expect(recorded.encoded().contains("\"edges\": [\""))
        let shrunk = Self.cycle("import-cycle", "Sources/B/B.swift", fingerprint: "bc", ["B", "C"])
        // B -> C was recorded, C -> B was not (the recorded cycle went C -> A).
        #expect(written.apply(to: Self.result([shrunk])).result.diagnostics.count == 1)
        // The cycle among A, B and C was shown as A -> B -> A; C leaves: the cycle between
        // A and B has another key, and the same edges.
        let subset = Self.cycle("import-cycle", "Sources/A/A.swift", fingerprint: "ab", ["A", "B"])
        let twoEdges = Baseline(result: Self.result([Self.cycle("import-cycle", "Sources/A/A.swift", fingerprint: "abc", ["A", "B"])]))
        #expect(twoEdges.apply(to: Self.result([subset])).result.diagnostics.isEmpty)
        #expect(twoEdges.apply(to: Self.result([subset])).stale.isEmpty)
        // Once only, per the entry's count; never across rules.
        #expect(twoEdges.apply(to: Self.result([subset, subset])).result.diagnostics.count == 1)
        #expect(twoEdges.apply(to: Self.result([Self.cycle("target-cycle", "Sources/A/A.swift", fingerprint: "ab", ["A", "B"])]))
            .result.diagnostics.count == 1)
        // A file written before per-edge fingerprints matches by key only.
        let old = Baseline(findings: [Baseline.Entry(rule: "import-cycle", file: "Sources/A/A.swift", fingerprint: "abc", count: 1)])
        #expect(old.apply(to: Self.result([subset])).result.diagnostics.count == 1)
        #expect(old.apply(to: Self.result([Self.cycle("import-cycle", "Sources/A/A.swift", fingerprint: "abc", ["A", "B"])]))
            .result.diagnostics.isEmpty)
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
