import ModlintFacts
import ModlintTokenizer
import Testing

struct DISwiftDependenciesTests {
    @Test func keysValuesPropertiesAndConsumers() {
        let facts = diFacts("""
        import Dependencies
        import DependenciesMacros

        @DependencyClient
        public struct APIClient: Sendable {
            public var fetch: @Sendable (Int) async throws -> String
        }

        extension APIClient: TestDependencyKey {
            public static let testValue = Self()
            public static var previewValue: APIClient { .init(fetch: { _ in "preview" }) }
        }

        extension APIClient: DependencyKey {
            public static let liveValue = APIClient(fetch: { _ in "live" })
        }

        extension DependencyValues {
            public var apiClient: APIClient {
                get { self[APIClient.self] }
                set { self[APIClient.self] = newValue }
            }
        }

        @Observable final class FeatureModel {
            @ObservationIgnored @Dependency(\\.apiClient) var apiClient
            @ObservationIgnored @Dependency(\\.continuousClock) var clock
            @ObservationIgnored @Dependency(APIClient.self) var client
            // @Dependency(\\.commented) var commented
        }
        """)
        #expect(facts.keys == [
            DIKeyDeclaration(framework: .swiftDependencies, type: "APIClient", conformance: "DependencyClient",
                             site: DISite(line: 5, column: 15)),
            DIKeyDeclaration(framework: .swiftDependencies, type: "APIClient", conformance: "TestDependencyKey",
                             testValue: DISite(line: 10, column: 23), previewValue: DISite(line: 11, column: 23),
                             site: DISite(line: 9, column: 11)),
            DIKeyDeclaration(framework: .swiftDependencies, type: "APIClient", conformance: "DependencyKey",
                             liveValue: DISite(line: 15, column: 23), site: DISite(line: 14, column: 11)),
        ])
        #expect(facts.registrations == [
            DIRegistration(framework: .swiftDependencies, key: .property("DependencyValues", "apiClient"),
                           container: "DependencyValues", builds: "APIClient", backingKey: "APIClient",
                           site: DISite(line: 19, column: 16)),
        ])
        #expect(facts.consumptions == [
            DIConsumption(framework: .swiftDependencies, key: .property("DependencyValues", "apiClient"), site: DISite(line: 26, column: 25)),
            DIConsumption(framework: .swiftDependencies, key: .property("DependencyValues", "continuousClock"), site: DISite(line: 27, column: 25)),
            DIConsumption(framework: .swiftDependencies, key: .type("APIClient"), site: DISite(line: 28, column: 25)),
        ])
    }

    @Test func dependencyAttributeNeedsTheImport() {
        // Spezi's `@Dependency` is another framework's.
        let facts = diFacts("""
        import Spezi
        final class Feature: Module {
            @Dependency(Storage.self) var storage
        }
        """)
        #expect(facts.consumptions.isEmpty)
    }
}

struct DIFactoryTests {
    @Test func containerExtensionsScopesResolvesAndWrappers() {
        let facts = diFacts("""
        import FactoryKit

        extension Container {
            var networkService: Factory<NetworkService> {
                self { URLSessionNetworkService(session: .shared) }.singleton
            }
            var userRepository: Factory<UserRepository> {
                self { RemoteUserRepository(network: self.networkService()) }
            }
        }

        final class ProfileViewModel {
            @Injected(\\.userRepository) private var repository
            @LazyInjected(\\Container.networkService) var network
            @WeakLazyInjected(\\.delegate) var delegate
        }
        """)
        #expect(facts.registrations == [
            DIRegistration(framework: .factory, key: .property("Container", "networkService"), container: "Container",
                           scope: "singleton", builds: "URLSessionNetworkService", site: DISite(line: 4, column: 9)),
            DIRegistration(framework: .factory, key: .property("Container", "userRepository"), container: "Container",
                           builds: "RemoteUserRepository", resolves: [.property("Container", "networkService")],
                           site: DISite(line: 7, column: 9)),
        ])
        #expect(facts.consumptions == [
            DIConsumption(framework: .factory, key: .property("Container", "userRepository"), site: DISite(line: 13, column: 5)),
            DIConsumption(framework: .factory, key: .property("Container", "networkService"), site: DISite(line: 14, column: 5)),
            DIConsumption(framework: .factory, key: .property("Container", "delegate"), site: DISite(line: 15, column: 5)),
        ])
    }

    @Test func injectedWithoutAFrameworkImportIsNotAttributed() {
        #expect(diFacts("final class A {\n    @Injected(\\.x) var x\n}\n").isEmpty)
    }
}

struct DIHandRolledTests {
    @Test func candidateCallsWithNestingAndContainerMethods() {
        let facts = diFacts("""
        final class ServiceLocator {
            private var factories: [ObjectIdentifier: () -> Any] = [:]
            func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
                factories[ObjectIdentifier(type)] = factory
            }
            func resolve<Service>(_ type: Service.Type) -> Service { factories[ObjectIdentifier(type)]!() as! Service }
        }

        func configure(_ locator: ServiceLocator) {
            locator.register(Session.self) { DefaultSession(store: locator.resolve(Store.self)) }
            let data = try? JSONDecoder().decode(Model.self, from: Data())
        }
        """)
        #expect(facts.containerMethods == ["register", "resolve"])
        #expect(facts.containerCalls == [
            DIContainerCall(method: "register", receiver: "locator", key: DIKey("Session"), builds: "DefaultSession",
                            functionLine: 9, function: "configure", site: DISite(line: 10, column: 13)),
            DIContainerCall(method: "resolve", receiver: "locator", key: DIKey("Store"), enclosingCall: 0,
                            functionLine: 9, function: "configure", site: DISite(line: 10, column: 68)),
        ])
        #expect(facts.registrations.isEmpty && facts.consumptions.isEmpty)
    }
}

extension DIHandRolledTests {
    /// A container that builds its members itself: each `lazy var` and `make…()` is a
    /// registration of `\\Type.member`, resolving the other members it reads; a factory
    /// given as `Impl.init` builds `Impl`.
    @Test func lazyMembersFactoryMethodsAndInitializerFactories() {
        let facts = diFacts("""
        final class AppContainer {
            lazy var api: APIClient = APIClientImpl(session: .shared)
            lazy var users: UserRepository = {
                UserRepositoryImpl(api: self.api, cache: cache)
            }()
            let cache = Cache()
            func makeProfile() -> ProfileViewModel { ProfileViewModel(users: users) }
            func reset() { api = APIClientImpl(session: .shared) }
        }

        func setUp(_ registry: Registry) {
            registry.registerService(APIClient.self, APIClientImpl.init)
        }
        """)
        #expect(facts.registrations.map(\.key) == [DIKey.property("AppContainer", "api"), DIKey.property("AppContainer", "users"),
                                                   DIKey.property("AppContainer", "makeProfile")])
        #expect(facts.registrations.map(\.builds) == ["APIClientImpl", "UserRepositoryImpl", "ProfileViewModel"])
        #expect(facts.registrations.map(\.resolves) == [[], [DIKey.property("AppContainer", "api")], [DIKey.property("AppContainer", "users")]])
        #expect(facts.registrations.map(\.scope) == ["lazy var", "lazy var", "make function"])
        #expect(facts.containerCalls.map(\.builds) == ["APIClientImpl"])
    }
}

struct DICommentTests {
    @Test func tokensWithCommentsKeptGiveTheSameFacts() {
        let text = """
        import Swinject
        // container.register(Commented.self) { _ in Commented() }
        func assemble(container: Container) {
            container.register(Logger.self) /* trailing */ { _ in OSLogger() }
            container.register(/* key */ Cache.self) { _ in MemoryCache() }
        }
        """
        let withComments = DIExtractor.extract(TokenizedSource(text, options: TokenizerOptions(keepComments: true, vocabulary: FactExtractor.vocabulary)),
                                               imports: [ImportFact(module: "Swinject", path: ["Swinject"], line: 1, column: 1)])
        #expect(withComments == diFacts(text))
        #expect(withComments.registrations.map(\.key) == [DIKey("Logger"), DIKey("Cache")])
        #expect(withComments.registrations.map(\.builds) == ["OSLogger", "MemoryCache"])
    }
}

/// Factory 1.x's stored statics and 2.x's stored members are registrations, with the
/// member's access (the extension's when the member names none).
struct DIFactoryFormsTests {
    @Test func storedFactoriesAndAccess() {
        let facts = diFacts("""
        import Factory

        public extension Container {
            static let api = Factory<API> { LiveAPI() }
            private static var store = Factory(Container.shared) { LiveStore(api: Container.api()) }
            var account: Factory<Account> { Factory(self) { LiveAccount() } }
        }

        extension Container.Registrations {
            static let legacy = ParameterFactory<Int, Legacy> { LiveLegacy(id: $0) }
        }

        final class ServiceContainer: SharedContainer {
            lazy var cached: Factory<Cache> = self { DiskCache() }
            let manager = ContainerManager()
        }
        """)
        #expect(facts.registrations.map { "\($0.key) \($0.builds ?? "-") \($0.access ?? "internal") \($0.site.line)" } == [
            "\\Container.api LiveAPI public 4",
            "\\Container.store LiveStore private 5",
            "\\Container.account LiveAccount public 6",
            "\\Container.Registrations.legacy LiveLegacy internal 10",
            "\\ServiceContainer.cached DiskCache internal 14",
        ])
        #expect(facts.registrations[1].resolves == [.property("Container", "api")])
    }
}
