import Foundation
import ModlintJSON
@testable import ModlintReporters
import ModlintRules
import Testing

@Suite struct CIReporterGoldenTests {
    static let formats = [("sarif", "sarif"), ("github", "github.txt"), ("junit", "junit.xml"),
                          ("checkstyle", "checkstyle.xml"), ("markdown", "md"),
                          ("codeclimate", "codeclimate.json")]

    @Test(arguments: formats) func goldenWithFindings(name: String, ext: String) {
        expectGolden(CIFixtures.reporter(name).render(CIFixtures.findings), "findings.\(ext)")
    }

    @Test(arguments: formats) func goldenClean(name: String, ext: String) {
        expectGolden(CIFixtures.reporter(name).render(CIFixtures.clean), "clean.\(ext)")
    }

    @Test(arguments: formats.map(\.0)) func deterministicAndNewlineTerminated(name: String) {
        let first = CIFixtures.reporter(name).render(CIFixtures.findings)
        #expect(first == CIFixtures.reporter(name).render(CIFixtures.findings))
        #expect(first.hasSuffix("\n") || first.isEmpty)
    }

    @Test func registryHasEveryFormat() {
        #expect(ReporterRegistry.standard.names == ["checkstyle", "codeclimate", "github", "json", "junit", "markdown", "sarif", "text", "xcode"])
        for name in ReporterRegistry.standard.names {
            #expect(ReporterRegistry.standard.reporter(named: name)?.name == name)
        }
    }
}

@Suite struct SARIFReporterTests {
    static let schemaPath = Bundle.module.url(forResource: "sarif-2.1.0-subset.schema", withExtension: "json",
                                              subdirectory: "Schemas")!.path

    /// Validates with Python's `jsonschema` (draft 7); prints every error with its path.
    static let validator = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 package 'jsonschema' is missing: pip install jsonschema"); sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft7Validator.check_schema(schema)
        v = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
        errors = sorted(v.iter_errors(json.load(sys.stdin)), key=lambda e: list(e.absolute_path))
        for e in errors: print("/".join(map(str, e.absolute_path)) + ": " + e.message)
        sys.exit(1 if errors else 0)
        """

    static func validate(_ sarif: String) throws -> Python.Run {
        try Python.run(validator, [schemaPath], input: sarif)
    }

    /// Runs where `jsonschema` is installed; on CI (CI=true) it also runs without it and fails.
    @Test(.enabled(if: Python.hasJSONSchema || Python.isCI, "needs python3 with jsonschema (pip install jsonschema)"))
    func validAgainstSARIFSchema() throws {
        for result in [CIFixtures.findings, CIFixtures.clean] {
            for options in [CIFixtures.options, ReporterOptions()] {
                let run = try Self.validate(CIFixtures.reporter("sarif", options).render(result))
                #expect(run.status == 0, "SARIF does not validate:\n\(run.output)")
            }
        }
    }

    /// The schema is strict enough to catch the mistakes that matter.
    @Test(.enabled(if: Python.hasJSONSchema || Python.isCI, "needs python3 with jsonschema (pip install jsonschema)"))
    func schemaRejectsInvalidSARIF() throws {
        let valid = CIFixtures.reporter("sarif").render(CIFixtures.findings)
        let broken = [
            valid.replacingOccurrences(of: "\"level\": \"note\"", with: "\"level\": \"info\""),
            valid.replacingOccurrences(of: "\"startLine\": 21", with: "\"startLine\": 0"),
            valid.replacingOccurrences(of: "\"ruleIndex\"", with: "\"ruleIdx\""),
            valid.replacingOccurrences(of: "\"version\": \"2.1.0\"", with: "\"version\": \"2.0.0\""),
            valid.replacingOccurrences(of: "\"shortDescription\": {\n", with: "\"shortDescription\": {\n\"plain\": 1,\n"),
        ]
        for text in broken {
            #expect(text != valid)
            #expect(try Self.validate(text).status == 1)
        }
    }

    @Test func structure() throws {
        let sarif = CIFixtures.reporter("sarif").render(CIFixtures.findings)
        let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        // Catalog rules plus the unknown `unresolved-manifest`, sorted by id.
        #expect(rules.map { $0["id"] as? String } ==
                ["duplicate-registration", "layer-violation", "target-cycle", "undeclared-import", "unresolved-manifest"])
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results.map { $0["level"] as? String } == ["note", "error", "warning", "error"])
        #expect((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"] == "file:///work/")
        let awkward = results[2]
        let location = try #require((awkward["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: String])?["uri"] == "app/Sources/App%20Kit/Con%2Ctainer%3A1%23.swift")
        #expect(location["region"] as? [String: Int] == ["startLine": 40, "startColumn": 5])
        #expect(awkward["partialFingerprints"] as? [String: String] == ["modlint/v1": "9d8c7b6a5f4e3d2c"])
        let related = try #require(awkward["relatedLocations"] as? [[String: Any]])
        #expect(related.map { $0["id"] as? Int } == [0, 1])
        // A related location without a line has no region.
        #expect((related[1]["physicalLocation"] as? [String: Any])?["region"] == nil)
        #expect(driver["informationUri"] as? String == RuleCatalog.projectURL)
    }

    /// Two results with one fingerprint (the same module imported twice in one file) must
    /// not merge in code scanning: the second gets its occurrence.
    @Test func partialFingerprintsAreUnique() throws {
        var result = CIFixtures.findings
        let twin = result.diagnostics[1]
        result.diagnostics.insert(Diagnostic(rule: twin.rule, severity: twin.severity, message: twin.message, file: twin.file,
                                             line: twin.line + 1, column: 1, fingerprint: twin.fingerprint), at: 2)
        let sarif = CIFixtures.reporter("sarif").render(result)
        let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["modlint/v1"] }
        #expect(fingerprints.count == result.diagnostics.count)
        #expect(Set(fingerprints).count == fingerprints.count)
        #expect(fingerprints[2] == twin.fingerprint + ":2")
    }

    @Test func helpers() {
        #expect(RuleCatalog([], documentationBaseURL: "https://x.test/rules").rules.isEmpty)
        #expect(RepositoryPaths(resultRoot: "/r/a/b", repositoryRoot: "/r/").prefix == "a/b/")
        #expect(RepositoryPaths(resultRoot: "/r", repositoryRoot: "/r").prefix == "")
        #expect(RepositoryPaths(resultRoot: "/rx/a", repositoryRoot: "/r").base == "/rx/a")
        #expect(RepositoryPaths(resultRoot: "/a", repositoryRoot: "/").prefix == "a/")
        #expect(RepositoryPaths(resultRoot: "/a", repositoryRoot: nil) == RepositoryPaths(resultRoot: "/a/", repositoryRoot: nil))
    }
}

@Suite struct RuleCatalogTests {
    @Test func helpURIsFromBase() {
        let description = RuleDescription(id: "target-cycle", defaultSeverity: .error, summary: "s", rationale: "r", examples: [])
        #expect(RuleCatalog([description], documentationBaseURL: "https://x.test/docs/rules").metadata(for: "target-cycle")?.helpURI
                == "https://x.test/docs/rules/target-cycle.md")
        #expect(RuleCatalog([description]).metadata(for: "target-cycle")?.helpURI
                == RuleCatalog.defaultDocumentationBaseURL + "target-cycle.md")
        #expect(RuleCatalog([description], documentationBaseURL: nil).metadata(for: "target-cycle")?.helpURI == nil)
    }
}

@Suite struct GitHubReporterTests {

    static func unescape(_ text: Substring) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    @Test func matchesWorkflowCommandGrammarAndRoundTrips() throws {
        let lines = CIFixtures.reporter("github").render(CIFixtures.findings).split(separator: "\n")
        #expect(lines.count == CIFixtures.findings.diagnostics.count)
        // `::command key=value,…::data` where no value holds a raw `,` `:` CR or LF and the
        // data holds no raw CR or LF; every `%` starts one of the runner's escapes.
        let grammar = #/^::(error|warning|notice) file=([^,:\r\n]*)(?:,line=([0-9]+))?(?:,col=([0-9]+))?,title=([^,:\r\n]*)::([^\r\n]*)$/#
        for (line, d) in zip(lines, CIFixtures.findings.diagnostics) {
            let match = try #require(line.wholeMatch(of: grammar), "not a workflow command: \(line)")
            #expect(String(match.1) == GitHubReporter.command(d.severity))
            #expect(Self.unescape(match.2) == "app/" + d.file)
            #expect(match.3.map { Int($0) } == d.line)
            #expect(match.4.map { Int($0) } == d.column)
            #expect(Self.unescape(match.5) == "modlint(\(d.rule))")
            #expect(Self.unescape(match.6).hasPrefix(d.message))
            for escape in match.6.matches(of: /%(..)?/) {
                #expect(["%25", "%0D", "%0A"].contains(String(escape.0)))
            }
        }
    }

    @Test func escaping() {
        #expect(WorkflowCommand.escapeData("50%\r\n:,") == "50%25%0D%0A:,")
        #expect(WorkflowCommand.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(WorkflowCommand.format("notice", properties: [], message: "m") == "::notice::m")
    }

    @Test func pathsRelativeToResultRootWithoutRepository() {
        let out = CIFixtures.reporter("github", ReporterOptions()).render(CIFixtures.findings)
        #expect(out.hasPrefix("::notice file=Package.swift,line=20,col=14,title=modlint(unresolved-manifest)::"))
    }
}

/// Parses the XML reporters with Python's `xml.etree` (an independent, strict XML 1.0
/// parser) and prints what it read, so escaping is checked by round trip.
@Suite struct XMLReportersTests {
    static let dump = """
        import sys, json, xml.etree.ElementTree as ET
        root = ET.fromstring(sys.stdin.buffer.read())
        print(json.dumps([[e.tag, e.attrib, e.text or ""] for e in root.iter()], sort_keys=True))
        """

    static func parse(_ xml: String) throws -> [(tag: String, attributes: [String: String], text: String)] {
        let run = try Python.run(dump, input: xml)
        try #require(run.status == 0, "XML does not parse:\n\(run.output)")
        let rows = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[Any]])
        return rows.map { ($0[0] as! String, $0[1] as! [String: String], $0[2] as! String) }
    }

    @Test func checkstyleParsesAndKeepsText() throws {
        let elements = try Self.parse(CIFixtures.reporter("checkstyle").render(CIFixtures.findings))
        #expect(elements.first?.tag == "checkstyle")
        #expect(elements.first?.attributes == ["version": "4.3"])
        #expect(elements.filter { $0.tag == "file" }.map { $0.attributes["name"]! } == [
            "app/Package.swift", "app/Packages/Core/Package.swift", "app/" + CIFixtures.awkwardFile,
            "app/Sources/Profile/ProfileViewModel.swift",
        ])
        let errors = elements.filter { $0.tag == "error" }
        #expect(errors.map { $0.attributes["severity"]! } == ["info", "error", "warning", "error"])
        #expect(errors.map { $0.attributes["source"]! } ==
                ["modlint.unresolved-manifest", "modlint.target-cycle", "modlint.duplicate-registration", "modlint.undeclared-import"])
        // Attribute values survive escaping exactly, CR, LF and tab included.
        #expect(errors[2].attributes["message"] == CIFixtures.awkwardMessage
                + "\napp/\(CIFixtures.awkwardFile):52: other registration <here>\napp/Sources/App/Assembly.swift: assembled here, 50% \\ done")
        #expect(errors[2].attributes["line"] == "40")
        #expect(errors[2].attributes["column"] == "5")
    }

    @Test func junitParsesWithOneSuitePerRule() throws {
        let elements = try Self.parse(CIFixtures.reporter("junit").render(CIFixtures.findings))
        // Errors fail; the warning and the note pass with their text (as exit code 0 would).
        #expect(elements.first?.attributes == ["name": "modlint", "tests": "5", "failures": "2", "errors": "0"])
        let suites = elements.filter { $0.tag == "testsuite" }
        #expect(suites.map { $0.attributes["name"]! } ==
                ["duplicate-registration", "layer-violation", "target-cycle", "undeclared-import", "unresolved-manifest"])
        #expect(suites.map { $0.attributes["failures"]! } == ["0", "0", "1", "1", "0"])
        let output = elements.filter { $0.tag == "system-out" }
        #expect(output.first?.text.hasPrefix("warning: app/\(CIFixtures.awkwardFile):40:5: 100% of") == true)
        let passing = elements.filter { $0.tag == "testcase" && $0.attributes["name"] == "no findings" }
        #expect(passing.map { $0.attributes["classname"]! } == ["modlint.layer-violation"])

        // --strict: every finding fails.
        var options = CIFixtures.options
        options.strict = true
        let strict = try Self.parse(CIFixtures.reporter("junit", options).render(CIFixtures.findings))
        #expect(strict.first?.attributes["failures"] == "4")
        let failures = strict.filter { $0.tag == "failure" }
        #expect(failures.first?.attributes["message"] == CIFixtures.awkwardMessage)
    }

    /// GitLab Code Quality: the fields GitLab requires, unique fingerprints, severities.
    @Test func codeClimateIssues() throws {
        let text = CIFixtures.reporter("codeclimate").render(CIFixtures.findings)
        let issues = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(issues.count == CIFixtures.findings.diagnostics.count)
        for issue in issues {
            #expect(issue["type"] as? String == "issue")
            #expect(issue["description"] is String && issue["check_name"] is String)
            let location = try #require(issue["location"] as? [String: Any])
            #expect((location["path"] as? String)?.hasPrefix("app/") == true)
            #expect(((location["lines"] as? [String: Int])?["begin"] ?? 0) >= 1)
        }
        #expect(issues.map { $0["severity"] as? String } == ["info", "major", "minor", "major"])
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == issues.count)
        #expect(CIFixtures.reporter("codeclimate").render(CIFixtures.clean) == "[]\n")
    }

    @Test func cleanReportsParse() throws {
        #expect(try Self.parse(CIFixtures.reporter("checkstyle").render(CIFixtures.clean)).count == 1)
        let junit = try Self.parse(CIFixtures.reporter("junit", ReporterOptions()).render(CIFixtures.clean))
        #expect(junit.map(\.tag) == ["testsuites", "testsuite", "testcase"])
    }

    @Test func forbiddenCharactersAreReplaced() throws {
        var result = CIFixtures.clean
        result.diagnostics = [Diagnostic(rule: "r", severity: .error, message: "bell\u{7}nul\u{0}", file: "a.swift",
                                         line: 1, column: 1, fingerprint: "f")]
        let elements = try Self.parse(CheckstyleReporter().render(result))
        #expect(elements.last?.attributes["message"] == "bell\u{FFFD}nul\u{FFFD}")
    }
}

@Suite struct MarkdownReporterTests {
    /// The diagram's edges are the diagnostics' `edges`, never read out of message text:
    /// a message that looks like an edge (`A -> B`) draws nothing.
    @Test func edgesComeFromTheResultNotFromMessages() {
        let edges = DiagramViolations(CIFixtures.findings).ruleEdges.map { "\($0.edge.from)->\($0.edge.to):\($0.rule)" }
        #expect(edges == ["Networking->Settings:target-cycle", "Profile->SharedModels:undeclared-import", "Settings->Networking:target-cycle"])
        var result = CIFixtures.clean
        result.diagnostics = [
            Diagnostic(rule: "duplicate-registration", severity: .error, message: "A -> B", file: "a", line: 1, column: 1, fingerprint: "f"),
            Diagnostic(rule: "layer-violation", severity: .error, message: "x", file: "a", line: 2, column: 1, fingerprint: "g",
                       edges: [ModuleEdge(from: "Feature", to: "App")]),
            Diagnostic(rule: "forbidden-dependency", severity: .warning, message: "y", file: "a", line: 3, column: 1, fingerprint: "h",
                       edges: [ModuleEdge(from: "Feature", to: "App"), ModuleEdge(from: "Core", to: "Alamofire")]),
        ]
        #expect(DiagramViolations(result).ruleEdges.map { "\($0.edge.from)->\($0.edge.to):\($0.rule)" }
                == ["Core->Alamofire:forbidden-dependency", "Feature->App:forbidden-dependency", "Feature->App:layer-violation"])
        let markdown = MarkdownReporter().render(result)
        #expect(markdown.contains("""
        ```mermaid
        flowchart LR
          m0["Alamofire"]
          m1["App"]
          m2["Core"]
          m3["Feature"]
          m2 -->|forbidden-dependency| m0
          m3 -->|forbidden-dependency| m1
          m3 -->|layer-violation| m1
        ```
        """))
    }

    @Test func escaping() {
        #expect(MarkdownText.inline("a|b *c* <d> & `e`\r\nf") == #"a\|b \*c\* \<d\> \& \`e\` f"#)
        #expect(MermaidText.label("A \"B\" <C>") == "A #quot;B#quot; #lt;C#gt;")
    }

    @Test func locationsAreCodeSpansWithoutLinkBase() {
        let md = CIFixtures.reporter("markdown", ReporterOptions()).render(CIFixtures.findings)
        #expect(md.contains("- **error** `Packages/Core/Package.swift:21:17` — dependency cycle"))
        #expect(!md.contains("](<"))
    }

    @Test func findingsPerRuleAreCapped() {
        var result = CIFixtures.clean
        result.diagnostics = (1...3).map {
            Diagnostic(rule: "r", severity: .note, message: "m\($0)", file: "a.swift", line: $0, column: 1, fingerprint: "f\($0)")
        }
        let md = MarkdownReporter(maxFindingsPerRule: 2).render(result)
        #expect(md.contains("m2"))
        #expect(!md.contains("m3"))
        #expect(md.contains("- … and 1 more finding\n"))
    }
}
