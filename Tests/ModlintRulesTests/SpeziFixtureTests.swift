import ModlintGraph
import ModlintRendering
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// A Spezi app in the shape of a real one: an app delegate, a Standard split over
/// extension files, feature modules in local packages, a package exporting a constraint
/// protocol. `Broken` breaks every Spezi rule once; `Correct` is the fixed app.
@Suite struct SpeziFixtureTests {
    static let fixtures = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/Spezi"
    static let speziRules = BuiltinRules.all.filter {
        ["missing-standard-constraint", "constraint-not-standard", "spezi-dependency-cycle", "missing-required-module",
         "provide-in-configure", "collect-before-configure"].contains($0.description.id)
    }

    func lint(_ variant: String) throws -> LintResult {
        try Linter(rules: Self.speziRules).lint(paths: ["\(Self.fixtures)/\(variant)"])
    }

    @Test func brokenAppHasExactlyOneFindingPerRule() throws {
        let result = try lint("Broken")
        let actual = result.diagnostics.map { "\($0.rule) \($0.file):\($0.line):\($0.column)" }
        #expect(actual == [
            "missing-standard-constraint App/Sources/App/AppDelegate.swift:8:33",
            "spezi-dependency-cycle App/Sources/App/Modules.swift:5:5",
            "provide-in-configure App/Sources/App/Modules.swift:20:15",
            "missing-required-module Packages/SchedulerFeature/Sources/SchedulerFeature/SchedulerModule.swift:4:5",
            "collect-before-configure Packages/SchedulerFeature/Sources/SchedulerFeature/SchedulerModule.swift:10:17",
            "constraint-not-standard Packages/UploadFeature/Sources/UploadFeature/UploadModule.swift:10:38",
        ])
    }

    @Test func messagesNameBothSides() throws {
        let messages = Dictionary(try lint("Broken").diagnostics.map { ($0.rule, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(messages["missing-standard-constraint"] ==
            "`UploadModule` requires the Standard to conform to `UploadConstraint` "
            + "(Packages/UploadFeature/Sources/UploadFeature/UploadModule.swift:9), but `ExampleStandard`, the Standard of this "
            + "configuration, does not (App/Sources/App/Standard/ExampleStandard.swift:3): Spezi stops at launch with unsatisfiedStandardConstraint")
        #expect(messages["spezi-dependency-cycle"] ==
            "Spezi module dependency cycle: AccountModule -> StorageModule -> AccountModule. Spezi stops at launch: the dependency "
            + "chain is AccountModule, StorageModule; the module 'StorageModule' requires 'AccountModule', which is contained in its own dependency chain")
        #expect(messages["missing-required-module"] ==
            "`SchedulerModule` requires `NotificationsModule` through `@Dependency`, but `AppDelegate.configuration` "
            + "(App/Sources/App/AppDelegate.swift:8) does not configure it and `NotificationsModule` is not `DefaultInitializable`: "
            + "Spezi stops at launch with missingRequiredModule")
    }

    @Test func correctAppHasNoFinding() throws {
        let result = try lint("Correct")
        #expect(result.diagnostics.map { "\($0.rule) \($0.file):\($0.line): \($0.message)" } == [])
    }

    @Test func modelSeesTheWholeApp() throws {
        let workspace = try WorkspaceLoader().load(paths: ["\(Self.fixtures)/Correct"])
        let model = SpeziModel(workspace: workspace, graph: ModuleGraph(workspace: workspace))
        #expect(model.configurations.count == 1)
        let configuration = try #require(model.configurations.first)
        #expect(configuration.standard == "ExampleStandard")
        #expect(configuration.modules.map(\.name) == [
            "HealthModule", "UploadModule", "NotificationsModule", "SchedulerModule", "AccountModule", "StorageModule", "LoggerModule",
        ])
        #expect(model.types["ExampleStandard"]?.conformances.isSuperset(of: ["Standard", "EnvironmentAccessible", "HealthConstraint", "UploadConstraint"]) == true)
        #expect(model.isConstraintProtocol("HealthConstraint"))
        #expect(!model.isConstraintProtocol("ExportDelegate"))
    }

    @Test func speziGraphView() throws {
        let workspace = try WorkspaceLoader().load(paths: ["\(Self.fixtures)/Broken"])
        let graph = ModuleGraph(workspace: workspace)
        // Red edges from the lint result, as `modlint graph --view spezi` draws them.
        let run = Linter(rules: BuiltinRules.all).run(workspace, graph: graph)
        let view = try DiagramPipeline(run).view(.spezi, options: ViewOptions(), shaping: ViewShaping()).view
        #expect(view.nodes.map { "\($0.id) \($0.kind.rawValue)" } == [
            "AccountModule library", "AppDelegate.configuration configuration", "ExampleStandard standard", "ExportDelegate constraint",
            "HealthConstraint constraint", "HealthModule library", "LoggerModule library", "NotificationsModule library",
            "SchedulerModule library", "StorageModule library", "UploadConstraint constraint", "UploadModule library",
        ])
        #expect(view.edges.map { "\($0.from) -> \($0.to)\($0.violations.isEmpty ? "" : " [\($0.violations.joined(separator: ","))]")" } == [
            "AccountModule -> ExampleStandard",
            "AccountModule -> StorageModule [spezi-dependency-cycle]",
            "AppDelegate.configuration -> AccountModule",
            "AppDelegate.configuration -> ExampleStandard",
            "AppDelegate.configuration -> HealthModule",
            "AppDelegate.configuration -> SchedulerModule",
            "AppDelegate.configuration -> UploadModule",
            "ExampleStandard -> HealthConstraint",
            "ExampleStandard -> StorageModule",
            "HealthModule -> HealthConstraint",
            "SchedulerModule -> LoggerModule",
            "SchedulerModule -> NotificationsModule [missing-required-module]",
            "StorageModule -> AccountModule [spezi-dependency-cycle]",
            "UploadModule -> ExportDelegate [constraint-not-standard]",
            "UploadModule -> UploadConstraint [missing-standard-constraint]",
        ])
    }
}
