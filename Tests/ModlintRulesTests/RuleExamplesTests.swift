import Foundation
import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// An example's files in a scratch folder, linted by its rule with the `.modlint.yml` it
/// carries (examples of configurable rules have one).
struct ExampleLint {
    let directory: TemporaryDirectory
    let configuration: Configuration
    let linter: Linter
    let result: LintResult

    /// `keepsDirectory`: the caller removes the folder (it reads it again).
    init(_ example: RuleExample, rule: any Rule, keepsDirectory: Bool = false) throws {
        let (files, _) = example.materialized()
        directory = try TemporaryDirectory(files: files.map { ($0.path, $0.contents) })
        var configuration = Configuration()
        if let file = files.first(where: { $0.path == ConfigurationLoader.fileName }) {
            configuration = try ConfigurationLoader(knownRuleIDs: Set(BuiltinRules.all.map(\.description.id)))
                .parse(file.contents, file: directory.path + "/" + file.path, baseDirectory: directory.path)
        }
        self.configuration = configuration
        linter = Linter(rules: [rule], configuration: configuration)
        do {
            result = try linter.lint(paths: [directory.path])
        } catch {
            directory.remove()
            throw error
        }
        if !keepsDirectory { directory.remove() }
    }
}

/// Runs every example of every rule: findings must land exactly on the `↓` markers.
struct RuleExamplesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: any Rule
        var example: RuleExample
        var testDescription: String { "\(rule.description.id): \(example.title)" }
    }

    static let cases: [Case] = BuiltinRules.all.flatMap { rule in
        rule.description.examples.map { Case(rule: rule, example: $0) }
    }

    @Test(arguments: cases)
    func exampleProducesExactlyTheMarkedFindings(_ testCase: Case) throws {
        let (_, expected) = testCase.example.materialized()
        let lint = try ExampleLint(testCase.example, rule: testCase.rule, keepsDirectory: true)
        defer { lint.directory.remove() }
        let (directory, configuration, linter, result) = (lint.directory, lint.configuration, lint.linter, lint.result)
        let actual = result.diagnostics.map { Site(file: $0.file, line: $0.line, column: $0.column) }
        #expect(actual == expected, "\(result.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" })")
        #expect(result.diagnostics.allSatisfy { $0.rule == testCase.rule.description.id })

        // The rule declares every shared analysis it reads: the linter builds those before
        // the rules, and one it does not know of would again keep a worker waiting.
        let workspace = try WorkspaceLoader(options: linter.loaderOptions).load(paths: [directory.path])
        let context = LintContext(workspace: workspace, graph: ModuleGraph(workspace: workspace), configuration: configuration)
        _ = testCase.rule.check(context)
        let declared = Set(testCase.rule.description.analyses.map(\.name))
        #expect(context.shared.requested.isSubset(of: declared),
                "\(testCase.rule.description.id) reads \(context.shared.requested.subtracting(declared).sorted()) without declaring it")
    }

    @Test func everyRuleHasTriggeringAndCleanExamples() {
        for rule in BuiltinRules.all {
            let examples = rule.description.examples
            #expect(examples.contains { $0.triggers }, "\(rule.description.id) has no triggering example")
            #expect(examples.contains(where: { !$0.triggers }), "\(rule.description.id) has no clean example")
        }
    }

    @Test func ruleIDsAreUniqueAndKebabCase() {
        let ids = BuiltinRules.all.map(\.description.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
        }
    }
}

/// `Rules/` and `docs/rules/` stay in step with the registry.
struct RuleRegistryTests {
    /// One file per rule, named after its type; shared code lives in `Rules/Support/`.
    /// So a rule file nobody registered, or a registered rule without its file, fails.
    @Test func everyRuleFileIsRegistered() throws {
        let rulesDirectory = repositoryRoot() + "/Rules"
        let registered = BuiltinRules.all.map { String(describing: type(of: $0)) }
        #expect(Set(registered).count == registered.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory)
            .filter { $0.hasSuffix(".swift") && $0 != "BuiltinRules.swift" }
            .map { String($0.dropLast(".swift".count)) }
        #expect(Set(files) == Set(registered))
    }

    /// The README's rule table is generated from the rules too.
    @Test func readmeRuleTableIsGenerated() throws {
        let readme = try String(contentsOfFile: repositoryRoot() + "/README.md", encoding: .utf8)
        let table = RuleDocumentation.table(BuiltinRules.all.map(\.description), linkBase: "docs/rules/")
        #expect(readme.contains("## Rules\n\n" + table + "\n"), "README.md's rule table is stale: run `make docs`")
        // The introduction counts them too.
        #expect(readme.contains("(\(BuiltinRules.all.count) rules)"), "README.md's introduction names another number of rules")
    }

    @Test func docsAreGeneratedFromRules() throws {
        let docs = repositoryRoot() + "/docs/rules"
        let descriptions = BuiltinRules.all.map(\.description)
        for description in descriptions {
            let committed = try? String(contentsOfFile: "\(docs)/\(description.id).md", encoding: .utf8)
            #expect(committed == RuleDocumentation.markdown(description), "docs/rules/\(description.id).md is stale: run `make docs`")
        }
        let index = try? String(contentsOfFile: "\(docs)/README.md", encoding: .utf8)
        #expect(index == RuleDocumentation.index(descriptions), "docs/rules/README.md is stale: run `make docs`")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: docs))
        #expect(files == Set(descriptions.map { "\($0.id).md" } + ["README.md"]), "docs/rules has files of removed rules")
    }
}
