import ModlintConfiguration
import ModlintGraph
import ModlintRendering
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// `modlint graph --view di` over the framework fixtures: exact nodes, edges and marks.
struct DIGraphViewTests {
    /// The view as `modlint graph --view di` draws it: red edges from the lint result.
    static func view(_ fixture: String, includeTests: Bool = false) throws -> GraphView {
        let root = repositoryRoot() + "/Tests/ModlintRulesTests/Fixtures/DI/" + fixture
        let workspace = try WorkspaceLoader().load(paths: [root])
        let graph = ModuleGraph(workspace: workspace)
        let run = Linter(rules: BuiltinRules.all).run(workspace, graph: graph)
        return try DiagramPipeline(run).view(.di, options: ViewOptions(includeTests: includeTests), shaping: ViewShaping()).view
    }

    static func edges(_ view: GraphView) -> [String] {
        view.edges.map { edge in
            "\(edge.from) -\(edge.kind.rawValue)-> \(edge.to)" + (edge.violations.isEmpty ? "" : " [\(edge.violations.joined(separator: ","))]")
        }
    }

    @Test func factoryKeysImplementationsModulesAndCycle() throws {
        let view = try Self.view("Factory")
        #expect(view.nodes.map { "\($0.kind.rawValue) \($0.id)" } == [
            "library Checkout", "implementation ConsoleLogger", "implementation DefaultCartService",
            "implementation DefaultPricingService", "implementation LiveAPIClient", "implementation OSLogger",
            "library Services", "diKey \\Container.apiClient", "diKey \\Container.cartService", "diKey \\Container.logger",
            "diKey \\Container.paymentSheet", "diKey \\Container.pricingService",
        ])
        #expect(Self.edges(view) == [
            "Checkout -consumes-> \\Container.apiClient",
            "Checkout -consumes-> \\Container.cartService",
            "Checkout -consumes-> \\Container.logger",
            "Checkout -consumes-> \\Container.paymentSheet [missing-registration]",
            "Services -registers-> \\Container.apiClient",
            "Services -registers-> \\Container.cartService",
            "Services -registers-> \\Container.logger",
            "Services -registers-> \\Container.pricingService",
            "\\Container.apiClient -binds-> LiveAPIClient",
            "\\Container.cartService -binds-> DefaultCartService",
            "\\Container.cartService -resolves-> \\Container.pricingService [di-cycle]",
            "\\Container.logger -binds-> ConsoleLogger",
            "\\Container.logger -binds-> OSLogger",
            "\\Container.pricingService -binds-> DefaultPricingService",
            "\\Container.pricingService -resolves-> \\Container.apiClient",
            "\\Container.pricingService -resolves-> \\Container.cartService [di-cycle]",
        ])
    }

    @Test func swiftDependenciesPropertiesBindTheirKeysAndMarkMissingTestValues() throws {
        let view = try Self.view("SwiftDependencies")
        #expect(Self.edges(view) == [
            "Feature -consumes-> NumberFactClient (key)",
            "Feature -consumes-> \\DependencyValues.continuousClock",
            "Feature -consumes-> \\DependencyValues.date",
            "Feature -consumes-> \\DependencyValues.haptics [missing-registration]",
            "Feature -consumes-> \\DependencyValues.numberFact",
            "Feature -consumes-> \\DependencyValues.uuid",
            "NumberFactClient -registers-> \\DependencyValues.numberFact",
            "NumberFactClient -registers-> \\DependencyValues.speechClient [duplicate-registration]",
            "NumberFactClientLive -registers-> \\DependencyValues.speechClient [duplicate-registration]",
            "\\DependencyValues.numberFact -binds-> NumberFactClient (implementation)",
            "\\DependencyValues.speechClient -binds-> LegacySpeechClientKey",
            "\\DependencyValues.speechClient -binds-> SpeechClient [missing-test-value]",
        ])
    }

    @Test func testTargetsOnlyOnRequest() throws {
        #expect(!(try Self.view("Swinject")).nodes.contains { $0.id == "AppTests" })
        #expect(try Self.view("Swinject", includeTests: true).edges.contains { $0.from == "AppTests" && $0.kind == .registers })
    }
}
