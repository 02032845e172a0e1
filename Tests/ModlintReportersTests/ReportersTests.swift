import Foundation
import ModlintJSON
import ModlintReporters
import ModlintRules
import Testing

enum Results {
    static let clean = LintResult(
        tool: .init(version: "0.1.0"), root: "/work/app",
        summary: .init(packages: 1, modules: 1, files: 1), diagnostics: [])

    static let findings = LintResult(
        tool: .init(version: "0.1.0"), root: "/work/app",
        summary: .init(errors: 2, warnings: 1, notes: 1, packages: 3, modules: 12, files: 140),
        diagnostics: [
            Diagnostic(rule: "target-cycle", severity: .error,
                       message: "target cycle: A -> B -> A", file: "Packages/A/Package.swift", line: 12, column: 9,
                       module: "A", fingerprint: "3f9a1c0d2b7e4a55",
                       related: [RelatedLocation(file: "Packages/B/Package.swift", line: 8, message: "B depends on A here")],
                       edges: [ModuleEdge(from: "A", to: "B"), ModuleEdge(from: "B", to: "A")]),
            Diagnostic(rule: "undeclared-import", severity: .error,
                       message: "'Feature' imports \"Networking\" without declaring it", file: "Sources/Feature/View.swift",
                       line: 3, column: 1, module: "Feature", fingerprint: "0b1e44a9c3d2f610"),
            Diagnostic(rule: "duplicate-registration", severity: .warning,
                       message: "'APIClient' is registered twice\tin the same container", file: "Sources/App/Container.swift",
                       line: 40, column: 5, fingerprint: "9d8c7b6a5f4e3d2c",
                       related: [
                           RelatedLocation(file: "Sources/App/Container.swift", line: 52, message: "other registration"),
                           RelatedLocation(file: "Sources/App/Assembly.swift", line: 0, message: "assembled here, caf\u{e9} \\ done"),
                       ]),
            Diagnostic(rule: "unresolved-manifest", severity: .note,
                       message: "cannot resolve 'extraTargets' statically", file: "Package.swift", line: 20, column: 14,
                       fingerprint: "aa11bb22cc33dd44"),
        ])
}

@Suite struct JSONReporterTests {
    @Test func goldenWithFindings() {
        expectGolden(JSONReporter().render(Results.findings), "findings.json")
    }

    @Test func goldenClean() {
        expectGolden(JSONReporter().render(Results.clean), "clean.json")
    }

    @Test func roundTrip() throws {
        for result in [Results.findings, Results.clean] {
            let json = JSONReporter().render(result)
            #expect(try LintResult(json: json) == result)
            #expect(try JSONResultDecoder.decode(Data(json.utf8)) == result)
        }
    }

    @Test func keyOrderAndOmittedModule() {
        let json = JSONReporter().render(Results.findings)
        let keys = ["\"version\"", "\"tool\"", "\"root\"", "\"summary\"", "\"diagnostics\""]
        let positions = keys.map { json.range(of: $0)!.lowerBound }
        #expect(positions == positions.sorted())
        #expect(json.hasSuffix("}\n"))
        // The warning has no module: the key is omitted, `related` is always present.
        #expect(json.components(separatedBy: "\"module\"").count - 1 == 2)
        #expect(json.components(separatedBy: "\"related\"").count - 1 == 4)
    }

    @Test func rejectsOtherVersionsAndGarbage() {
        let v2 = JSONReporter().render(Results.clean).replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        #expect(throws: JSONResultError("unsupported modlint JSON result version 2 (supported: 1)")) { try LintResult(json: v2) }
        let missing = #expect(throws: JSONResultError.self) { try LintResult(json: "{\"version\": 1}") }
        #expect(missing?.description.contains("missing key \"tool\"") == true)
        #expect(throws: JSONResultError.self) { try LintResult(json: "not json") }
    }

    @Test func stringEscaping() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}/é").serialized() == #""a\"b\\c\n\u0001/é""#)
        #expect(JSONValue.object([]).serialized() == "{}")
        #expect(JSONValue.array([]).serialized() == "[]")
    }
}

@Suite struct TextReporterTests {
    @Test func goldenWithFindings() {
        expectGolden(TextReporter().render(Results.findings), "findings.txt")
    }

    @Test func goldenWithFindingsColored() {
        expectGolden(TextReporter(colored: true).render(Results.findings), "findings-colored.txt")
    }

    @Test func goldenClean() {
        expectGolden(TextReporter().render(Results.clean), "clean.txt")
    }

    @Test func goldenCleanColored() {
        expectGolden(TextReporter(colored: true).render(Results.clean), "clean-colored.txt")
    }

    @Test func uncoloredHasNoEscapes() {
        #expect(!TextReporter().render(Results.findings).contains("\u{1B}"))
    }

    @Test func summaryPlurals() {
        let line = TextReporter().summaryLine(.init(errors: 1, warnings: 2, notes: 0, packages: 1, modules: 2, files: 1))
        #expect(line == "1 error, 2 warnings, 0 notes in 1 package, 2 modules, 1 file")
    }

    /// Less than half of the Swift files analysed: said plainly, on the line a gate shows.
    @Test func summarySaysWhenMostFilesWentUnread() {
        let reporter = TextReporter()
        #expect(reporter.summaryLine(.init(errors: 1, packages: 1, modules: 1, files: 10, filesInNoTarget: 11))
            == "1 error, 0 warnings, 0 notes in 1 package, 1 module, 10 files (11 files in no target); less than half of the Swift files were analysed")
        #expect(reporter.summaryLine(.init(packages: 1, modules: 1, files: 10, filesInNoTarget: 10)) == "no findings in 1 package, 1 module, 10 files (10 files in no target)")
    }
}

@Suite struct ReporterRegistryTests {
    @Test func standardReporters() {
        let registry = ReporterRegistry.standard
        #expect(registry.names == ["checkstyle", "codeclimate", "github", "json", "junit", "markdown", "sarif", "text", "xcode"])
        #expect(registry.reporter(named: "json")?.name == "json")
        let text = registry.reporter(named: "text", options: ReporterOptions(colored: true))
        #expect(text?.render(Results.clean).contains("\u{1B}[") == true)
        #expect(registry.reporter(named: "html") == nil)
    }
}
