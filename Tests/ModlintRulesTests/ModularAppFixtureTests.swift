import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// A workspace shaped like a real modular app (App, a DI composition root, three
/// features, Networking, Database and SharedModels as local packages and as targets of
/// one package) with one planted violation per architecture rule.
struct ModularAppFixtureTests {
    static let fixture = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/ModularApp"

    static func lint(_ rules: [any Rule] = BuiltinRules.all) throws -> LintResult {
        let file = fixture + "/" + ConfigurationLoader.fileName
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let configuration = try ConfigurationLoader(knownRuleIDs: Set(BuiltinRules.all.map(\.description.id)))
            .parse(text, file: file, baseDirectory: fixture)
        return try Linter(rules: rules, configuration: configuration).lint(paths: [fixture])
    }

    @Test func everyRuleFindsExactlyItsPlantedViolation() throws {
        let result = try Self.lint()
        let findings = result.diagnostics.map { "\($0.rule) \($0.file):\($0.line):\($0.column)" }
        #expect(findings == [
            "max-depth App/Package.swift:18:13",
            "import-cycle Packages/Core/Networking/Sources/Networking/LiveHTTPClient.swift:3:1",
            "unused-dependency Packages/Features/Package.swift:20:13",
            "layer-violation Packages/Features/Package.swift:23:13",
            "forbidden-dependency Packages/Features/Package.swift:29:13",
            "layer-violation Packages/Shared/SharedModels/Package.swift:9:54",
        ])
        #expect(result.summary.packages == 5)
        #expect(result.summary.modules == 9)
    }

    @Test func messagesNameThePathTheLayerAndTheReason() throws {
        let messages = try Self.lint().diagnostics.map(\.message)
        #expect(messages == [
            "dependency chain of 5 edges exceeds max-depth 3: App -> Settings -> Profile -> Database -> SharedModels -> Networking",
            "import cycle: Networking -> SharedModels -> Networking [under #if canImport(SharedModels)]; to break it, remove the import Networking -> SharedModels",
            "Home declares a dependency on Networking but none of its source files imports it",
            "Profile depends on Home, but modules of the independent layer Features must not depend on each other",
            "Settings must not depend on Database (forbidden Settings -> Database): features read data through the repositories the composition root injects",
            "SharedModels (layer Shared) depends on Networking of the higher layer Core",
        ])
    }

    /// `Profile` imports `Database` under `#if os(iOS)` and declares it with
    /// `.when(platforms: [.iOS])`; `Networking` imports `SharedModels` under
    /// `#if canImport(SharedModels)`: neither is an undeclared import.
    @Test func conditionalImportsAreNotUndeclared() throws {
        let result = try Self.lint([UndeclaredImport()])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func allowedEdgeIsNotALayerViolation() throws {
        let result = try Self.lint([LayerViolation()])
        #expect(!result.diagnostics.contains { $0.message.hasPrefix("Settings depends on Profile") })
    }

    @Test func metricsOfTheFixture() throws {
        let workspace = try WorkspaceLoader().load(paths: [Self.fixture])
        let metrics = ModuleMetrics(graph: ModuleGraph(workspace: workspace))
        #expect(metrics.longestChain == ["App", "Settings", "Profile", "Database", "SharedModels", "Networking"])
        let home = try #require(metrics.entry(for: "Home"))
        #expect((home.fanIn, home.fanOut, home.depth) == (2, 2, 2))
        #expect(home.instability == 0.5)
        let networking = try #require(metrics.entry(for: "Networking"))
        #expect((networking.fanIn, networking.fanOut, networking.depth, networking.instability) == (3, 0, 0, 0))
        #expect(metrics.entry(for: "HomeTests") == nil)
    }
}
