import ModlintFacts
import ModlintGraph

/// A DI key is consumed but never registered or keyed anywhere in the workspace.
public struct MissingRegistration: Rule {
    public static let description = RuleDescription(
        id: "missing-registration",
        defaultSeverity: .error,
        summary: "A DI key is resolved or injected but never registered anywhere in the workspace.",
        rationale: """
        A consumer of a key nobody registers compiles fine and fails when the screen \
        opens: Swinject's `resolve` returns `nil` (and the `!` after it crashes), WeaveDI \
        returns `nil`, Factory cannot resolve a property no container declares, and a \
        `@Dependency(\\.x)` without a `DependencyValues` property does not compile — \
        unless it is declared in a module that is not linked.

        Register the key (an `Assembly`, `UnifiedDI.register`, a `DependencyKey` with an \
        `extension DependencyValues` property, a Factory container property) in a module \
        the consumer's app links. Framework built-ins (`\\.date`, `\\.uuid`, \
        `\\.continuousClock`, `\\.mainQueue` …) are known. A hand-rolled container's consumers \
        are its `resolve(T.self)` calls and the properties of a property wrapper that \
        resolves its type parameter from it (`@Inject var clock: Clock`). A framework that registers \
        nothing in the workspace is assumed to be fed by a dependency package, and test \
        targets are not checked.
        """,
        examples: [
            RuleExample("a Swinject consumer and a swift-dependencies consumer without registrations", files: [
                "Package.swift": DIRuleExamples.package(["App", "Feature"]),
                "Sources/App/AppAssembly.swift": """
                import Swinject

                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(SessionStore.self) { r in
                            KeychainSessionStore(crypto: r.\u{2193}resolve(CryptoService.self)!)
                        }
                    }
                }

                // A generic wrapper around the container: `T` is no key.
                final class Resolver {
                    private let container = Container()
                    func resolve<T>(_ type: T.Type) -> T { container.resolve(T.self)! }
                }
                """,
                "Sources/Feature/FeatureModel.swift": """
                import Dependencies

                struct NumberFactClient {
                    var fetch: @Sendable (Int) async throws -> String
                }

                extension NumberFactClient: DependencyKey {
                    static let liveValue = NumberFactClient(fetch: { "\\($0) is a number" })
                    static let testValue = NumberFactClient(fetch: { _ in "" })
                }

                extension DependencyValues {
                    var numberFact: NumberFactClient {
                        get { self[NumberFactClient.self] }
                        set { self[NumberFactClient.self] = newValue }
                    }
                }

                @MainActor final class FeatureModel {
                    @Dependency(\\.numberFact) var numberFact
                    \u{2193}@Dependency(\\.analytics) var analytics
                    @Dependency(\\.continuousClock) var clock
                }
                """,
            ]),
            RuleExample("a framework that registers nothing here is fed by a dependency package: its consumers are not checked", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/AppAssembly.swift": """
                import Swinject

                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(CryptoService.self) { _ in AESCryptoService() }
                        container.register(SessionStore.self) { r in KeychainSessionStore(crypto: r.resolve(CryptoService.self)!) }
                    }
                }
                """,
                "Sources/App/Checkout.swift": """
                import Dependencies

                @MainActor final class CheckoutModel {
                    @Dependency(\\.analytics) var analytics
                }
                """,
            ]),
            RuleExample("a hand-rolled container keyed by \"\\(T.self)\", with an @Inject wrapper", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/DIContainer.swift": """
                final class DIContainer {
                    static let shared = DIContainer()
                    private var factories: [String: () -> Any] = [:]

                    func register<T>(_ type: T.Type, factory: @escaping () -> T) {
                        factories["\\(T.self)"] = factory
                    }

                    func resolve<T>(_ type: T.Type) -> T {
                        factories[String(describing: T.self)]!() as! T
                    }
                }

                @propertyWrapper
                struct Inject<Service> {
                    let wrappedValue: Service
                    init() { wrappedValue = DIContainer.shared.resolve(Service.self) }
                }
                """,
                "Sources/App/Composition.swift": """
                protocol Clock {}
                struct SystemClock: Clock {}
                protocol Store {}

                func compose() {
                    DIContainer.shared.register(Clock.self) { SystemClock() }
                }

                func load() {
                    let clock = DIContainer.shared.resolve(Clock.self)
                    let store = DIContainer.shared.\u{2193}resolve(Store.self)
                    _ = (clock, store)
                }
                """,
                "Sources/App/ProfileViewModel.swift": """
                protocol Analytics {}

                final class ProfileViewModel {
                    @Inject var clock: Clock
                    @Inject private var optionalClock: (any Clock)?
                    \u{2193}@Inject var analytics: Analytics
                }
                """,
            ]),
            RuleExample("a key declared with the @DependencyEntry macro", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/IntegrationApp.swift": """
                import Dependencies
                import DependenciesMacros

                extension DependencyValues {
                    @DependencyEntry(liveValue: "Live", previewValue: "Preview")
                    var integrationContext = "Test"
                    @DependencyEntry public var region: String = "eu"
                }

                struct ContextView {
                    @Dependency(\\.integrationContext) var integrationContext
                    @Dependency(\\.region) var region
                    @Dependency(\\.self) var values
                }
                """,
            ]),
            RuleExample("a WeaveDI key-path registration and a key named through a typealias are served", files: [
                "Package.swift": DIRuleExamples.package(["Core", "App"]),
                "Sources/Core/ProductInterface.swift": """
                import WeaveDI

                public protocol ProductInterface {}
                public final class Cache<Value> {}
                public struct User {}
                public typealias UserCache = Cache<User>

                // The key path `\\.productInterface` is declared by this accessor: the
                // `resolve` inside it is the key's definition, not a consumer.
                extension WeaveDI.Container {
                    public var productInterface: ProductInterface? {
                        resolve(ProductInterface.self)
                    }
                }
                """,
                "Sources/App/Bootstrap.swift": """
                import WeaveDI

                func bootstrap() {
                    UnifiedDI.register(\\.productInterface) { ProductImpl() }
                    UnifiedDI.register(Cache<User>.self) { Cache<User>() }
                    let product = UnifiedDI.resolve(ProductInterface.self)
                    let cache = UnifiedDI.resolve(UserCache.self)
                    let user = UnifiedDI.resolve(\\.productInterface)
                }
                """,
            ]),
            RuleExample("Factory properties and WeaveDI keys that are declared", files: [
                "Package.swift": DIRuleExamples.package(["Core", "Profile"]),
                "Sources/Core/Container+Services.swift": """
                import FactoryKit

                extension Container {
                    public var userRepository: Factory<UserRepository> {
                        self { RemoteUserRepository() }.singleton
                    }
                    var asyncObject: Factory<AsyncWrapper<AsyncInit>> {
                        self { AsyncWrapper { await AsyncInit() } }.cached
                    }
                }
                """,
                "Sources/Profile/ProfileViewModel.swift": """
                import FactoryKit

                final class ProfileViewModel {
                    @Injected(\\.userRepository) private var repository
                    @Injected(\\.asyncObject) private var asyncObject
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
        return analysis.missing.map { missing in
            let consumption = graph.consumptions[missing.consumption]
            let fact = consumption.fact
            return Finding(
                site: consumption.site,
                message: "\(fact.key) is consumed here but never registered in the workspace (\(fact.framework.rawValue))",
                module: context.graph.modules[consumption.module].id,
                key: [fact.framework.rawValue, fact.key.id, fact.key.name ?? "", consumption.site.file],
                related: missing.others.map { other in
                    let site = graph.consumptions[other].site
                    return RelatedLocation(file: site.file, line: site.line, message: "also consumed here")
                },
                // The DI view's `module -consumes-> key` edges.
                edges: ([missing.consumption] + missing.others).map { index in
                    let other = graph.consumptions[index]
                    return ModuleEdge(from: context.graph.modules[other.module].id, to: other.fact.key.description)
                }
            )
        }
    }
}
