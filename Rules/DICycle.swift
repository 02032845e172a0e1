import ModlintFacts
import ModlintGraph

/// Factories that resolve each other.
public struct DICycle: Rule {
    public static let description = RuleDescription(
        id: "di-cycle",
        defaultSeverity: .error,
        summary: "DI factories resolve each other in a cycle.",
        rationale: """
        When the factory of `A` resolves `B` and the factory of `B` resolves `A`, \
        resolving either never finishes: Swinject recurses until the stack overflows (or \
        hands out a half-built graph with `.inObjectScope(.graph)` and property \
        injection), Factory reports a circular dependency at run time, WeaveDI deadlocks \
        or recurses. The compiler sees none of it.

        Break the cycle: extract what both need into a third service, inject a closure or \
        a weak reference, or resolve lazily. The finding shows the whole path \
        (`A -> B -> A`) and every factory on it.
        """,
        examples: [
            RuleExample("a hand-rolled container whose lazy members build each other", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/AppContainer.swift": """
                final class AppContainer {
                    lazy var apiClient: APIClient = APIClientImpl(session: .shared)
                    lazy var userRepository: UserRepository = UserRepositoryImpl(api: apiClient)
                    lazy var session: SessionStore = SessionStoreImpl(tracker: tracker)
                    lazy var tracker: Tracker = makeTracker()

                    func makeProfileViewModel() -> ProfileViewModel {
                        ProfileViewModel(repository: userRepository)
                    }

                    func \u{2193}makeTracker() -> Tracker {
                        TrackerImpl(session: session)
                    }
                }
                """,
            ]),
            RuleExample("two Factory registrations that resolve each other", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/Container+Services.swift": """
                import FactoryKit

                extension Container {
                    var \u{2193}authService: Factory<AuthService> {
                        self { DefaultAuthService(session: self.sessionManager()) }
                    }
                    var sessionManager: Factory<SessionManager> {
                        self { DefaultSessionManager(auth: self.authService()) }.singleton
                    }
                }
                """,
            ]),
            RuleExample("a Swinject chain through three assemblies", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/Assemblies.swift": """
                import Swinject

                final class ServicesAssembly: Assembly {
                    func assemble(container: Container) {
                        container.\u{2193}register(Cart.self) { r in Cart(pricing: r.resolve(Pricing.self)!) }
                        container.register(Pricing.self) { r in Pricing(promotions: r.resolve(Promotions.self)!) }
                        container.register(Promotions.self) { r in Promotions(cart: r.resolve(Cart.self)!) }
                    }
                }
                """,
            ]),
            RuleExample("a WeaveDI graph without cycles", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/DI.swift": """
                import WeaveDI

                func registerDependencies() {
                    UnifiedDI.register(Logger.self) { OSLogger() }
                    UnifiedDI.register(APIClient.self) { LiveAPIClient(logger: UnifiedDI.resolve(Logger.self)) }
                }
                """,
            ]),
        ],
        edgeView: .di,
        analyses: [.dependencyInjection]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let (graph, analysis) = context.dependencyInjection
        return analysis.cycles.map { cycle in
            let registrations = cycle.registrations.map { graph.registrations[$0] }
            let first = registrations[0]
            let path = (registrations + [first]).map(\.keyDescription).joined(separator: " -> ")
            return Finding(
                site: first.site,
                message: "DI factories resolve each other: \(path) (\(first.fact.framework.rawValue))",
                module: context.graph.modules[first.module].id,
                key: [first.fact.framework.rawValue] + registrations.map(\.fact.key.description),
                related: registrations.dropFirst().map { registration in
                    RelatedLocation(file: registration.site.file, line: registration.site.line,
                                    message: "\(registration.keyDescription) is registered here")
                },
                // The DI view's `key -resolves-> key` edges.
                edges: registrations.indices.map {
                    ModuleEdge(from: registrations[$0].fact.key.description, to: registrations[($0 + 1) % registrations.count].fact.key.description)
                }
            )
        }
    }
}
