import Foundation
import ModlintGraph
import ModlintRules
import ModlintTestSupport
import Testing

/// What every rule example reports, word for word: message, severity, edges, related
/// locations and fix, kept in `Golden/examples/<rule>.txt`. The location tests
/// (`RuleExamplesTests`) catch a finding that moves or vanishes; these catch one that says
/// something else (`to <= from` for `to < from` in a layer check changes an edge or a
/// message without moving a marker).
struct RuleExampleFindingsTests {
    @Test(arguments: BuiltinRules.all.map(\.description.id))
    func examplesReportWhatTheirGoldenFileSays(_ id: String) throws {
        let rule = try #require(BuiltinRules.all.first { $0.description.id == id })
        var text = ""
        for example in rule.description.examples {
            text += "## \(example.title)\n"
            let findings = try Self.findings(of: example, rule: rule)
            text += findings.isEmpty ? "(no finding)\n" : findings
            text += "\n"
        }
        expectGolden(text, "examples/\(id).txt", bundle: .module, filePath: #filePath, sourceLocation: #_sourceLocation)
    }

    /// The example linted as `RuleExamplesTests` lints it, each finding in full.
    static func findings(of example: RuleExample, rule: any Rule) throws -> String {
        let result = try ExampleLint(example, rule: rule).result
        var text = ""
        for diagnostic in result.diagnostics {
            text += "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
            if !diagnostic.edges.isEmpty {
                text += "    edges: \(diagnostic.edges.map { "\($0.from) -> \($0.to)" }.joined(separator: ", "))\n"
            }
            for related in diagnostic.related {
                text += "    related: \(related.file):\(related.line): \(related.message)\n"
            }
            if let fix = diagnostic.fix {
                text += "    fix: \(fix.action) \(fix.dependency) in \(fix.target) of \(fix.manifest)\n"
            }
        }
        return text
    }
}
