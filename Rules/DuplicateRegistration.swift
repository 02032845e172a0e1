import ModlintFacts
import ModlintGraph
import ModlintWorkspace

/// The same key is registered more than once in one container.
public struct DuplicateRegistration: Rule {
    public static let description = RuleDescription(
        id: "duplicate-registration",
        defaultSeverity: .error,
        summary: "The same DI key (type, name and container) is registered more than once where both registrations can be active.",
        rationale: """
        A second registration of one key does not fail: Swinject silently lets the last \
        one win, WeaveDI logs and overwrites, and two `DependencyValues` / \
        `InjectedValues` properties of one name make every `@Dependency(\\.x)` depend on \
        which module happens to be imported. Which implementation a screen gets then \
        depends on assembly order — a bug that shows up only at run time.

        A container handed to another type's function (`UserFeatureModule.register(in: \
        container)`) is followed into it: two modules registering one protocol into the \
        container one bootstrap hands them clash, as the WeaveDI guide warns. Keep one \
        registration per key and container; give Swinject registrations that \
        must coexist distinct `name:`s. A key is what the library looks registrations up \
        by: Swinject's type, name and factory arguments (`{ r, id in … }` is another key \
        than `{ r in … }`); a Factory container member, which two modules share only when \
        both declare it `public` (two `internal` members of one name in two modules are \
        two members). Registrations in mutually exclusive branches — \
        `#if DEBUG … #else …`, `if … else …`, the cases of one `switch` — are not \
        duplicates, and neither are registrations separated by a reset of the container \
        (`UnifiedDI.releaseAll()`, `container.removeAll()`, `container = Container()`) \
        earlier in the same function: what follows a reset goes into a fresh \
        container. A key named through a `typealias` is the type it names. Registrations in test targets are not \
        checked: tests override registrations on purpose. Every other registration of the \
        key is listed with the finding: one finding per clash, however many sites.

        The severity follows what modlint sees. A finding is an error when the \
        registrations are seen to take effect in one program: two in one function or one \
        assembly; in the modules one function hands its container to \
        (`UserFeatureModule.register(in: container)`, followed up the callers); in Swinject \
        assemblies that one `Assembler([A(), B()])` applies (or one function's \
        `apply(assemblies:)` and `apply(assembly:)` calls, or the array a \
        `Assembler(assemblies)` names in the same file); two declarations of one key \
        (`DependencyValues` properties, public Factory members), which clash whatever runs. \
        Otherwise — two `static func register…()` of two modules into one shared \
        container, two assemblies no `Assembler` is seen to apply together — it is a \
        warning: each may be meant for another app (a demo app calling a mock's, the app \
        the live one), and a plain call of such a function is not followed. A severity \
        set for the rule in `.modlint.yml` applies to every finding.
        """,
        examples: [
            RuleExample("two Swinject assemblies register the same service", files: [
                "Package.swift": DIRuleExamples.package(["App", "Networking"]),
                "Sources/Networking/NetworkAssembly.swift": """
                import Swinject

                public final class NetworkAssembly: Assembly {
                    public init() {}
                    public func assemble(container: Container) {
                        container.\u{2193}register(HTTPClient.self) { _ in URLSessionHTTPClient() }
                            .inObjectScope(.container)
                    }
                }
                """,
                "Sources/App/AppAssembly.swift": """
                import Networking
                import Swinject

                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(HTTPClient.self) { _ in StubHTTPClient() }
                        container.register(Analytics.self, name: "firebase") { _ in FirebaseAnalytics() }
                        container.register(Analytics.self, name: "console") { _ in ConsoleAnalytics() }
                    }
                }

                // One assembler applies both: the app runs both registrations.
                func makeAssembler() -> Assembler {
                    Assembler([NetworkAssembly(), AppAssembly()])
                }
                """,
            ]),
            RuleExample("two modules' static register functions into one shared container, which nothing shows one app calls both of: a warning", files: [
                "Package.swift": DIRuleExamples.package(["DI", "Live", "Mock"]),
                "Sources/DI/DIContainer.swift": """
                import Swinject

                public final class DIContainer {
                    public static let shared = DIContainer()
                    public let container = Container()
                }
                """,
                "Sources/Live/LiveNetworkConfiguration.swift": """
                import DI
                import Swinject

                public enum LiveNetworkConfiguration {
                    public static func register() {
                        DIContainer.shared.container.register(NetworkConfigurable.self) { _ in LiveConfiguration() }
                    }
                }
                """,
                // A demo app calls this one, the app the live one.
                "Sources/Mock/MockNetworkConfiguration.swift": """
                import DI
                import Swinject

                public enum MockNetworkConfiguration {
                    public static func register() {
                        DIContainer.shared.container.\u{2193}register(NetworkConfigurable.self) { _ in MockConfiguration() }
                    }
                }
                """,
            ]),
            RuleExample("one service registered under its name and under a typealias of it", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/AppAssembly.swift": """
                import Swinject

                protocol AnalyticsTracking {}
                typealias Tracker = AnalyticsTracking

                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Tracker.self) { _ in FirebaseTracker() }
                        container.\u{2193}register(AnalyticsTracking.self) { _ in ConsoleTracker() }
                    }
                }
                """,
            ]),
            RuleExample("registrations after a reset, in other functions that reset, and in exclusive if/switch branches are no duplicates", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/Bootstrap.swift": """
                import WeaveDI

                func setUpForPreview() {
                    UnifiedDI.releaseAll()
                    UnifiedDI.register(Session.self) { PreviewS() }
                }

                func setUpForTests() {
                    UnifiedDI.releaseAll()
                    UnifiedDI.register(Session.self) { MockS() }
                }

                func bootstrap(isTest: Bool, mode: Mode) {
                    UnifiedDI.register(Session.self) { LiveS() }
                    if isTest {
                        UnifiedDI.register(Tracker.self) { MockT() }
                    } else if mode == .demo {
                        UnifiedDI.register(Tracker.self) { DemoT() }
                    } else {
                        UnifiedDI.register(Tracker.self) { LiveT() }
                    }
                    switch mode {
                    case .demo:
                        UnifiedDI.register(Upload.self) { DemoU() }
                    case .live:
                        UnifiedDI.register(Upload.self) { LiveU() }
                    }
                    UnifiedDI.register(Vault.self) { LiveV() }
                    UnifiedDI.\u{2193}register(Vault.self) { OtherV() }
                    UnifiedDI.releaseAll()
                    UnifiedDI.register(Vault.self) { ThirdV() }
                }
                """,
            ]),
            RuleExample("keys as the libraries key them: Factory members by declaration, Swinject factories by their arguments", files: [
                "Package.swift": DIRuleExamples.package(["Profile", "Search", "Tracking", "Ads"]),
                "Sources/Profile/Container+Profile.swift": """
                import FactoryKit

                extension Container {
                    var analytics: Factory<Analytics> { self { ProfileAnalytics() } }
                }
                """,
                "Sources/Search/Container+Search.swift": """
                import FactoryKit
                import Swinject

                // Internal: another member than Profile's, however named.
                extension Container {
                    var analytics: Factory<Analytics> { self { SearchAnalytics() } }
                }

                final class SearchAssembly: Assembly {
                    func assemble(container: Swinject.Container) {
                        container.register(Repository.self) { _ in LiveRepository() }
                        container.register(Repository.self) { _, query in LiveRepository(query: query) }
                    }
                }
                """,
                "Sources/Tracking/Container+Tracking.swift": """
                import FactoryKit

                public extension Container {
                    var \u{2193}tracker: Factory<Tracker> { self { LiveTracker() } }
                }
                """,
                "Sources/Ads/Container+Ads.swift": """
                import FactoryKit

                public extension Container {
                    var tracker: Factory<Tracker> { self { AdsTracker() } }
                }
                """,
            ]),
            RuleExample("three registrations of one key: one finding, the others related", files: [
                "Package.swift": DIRuleExamples.package(["App"]),
                "Sources/App/AppAssembly.swift": """
                import Swinject

                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Logger.self) { _ in ConsoleLogger() }
                        container.\u{2193}register(Logger.self) { _ in FileLogger() }
                        container.register(Logger.self) { _ in OSLogger() }
                    }
                }
                """,
            ]),
            RuleExample("a DependencyValues property declared twice, backed by two keys", files: [
                "Package.swift": DIRuleExamples.package(["Clients", "LegacyClients"]),
                "Sources/Clients/APIClient.swift": """
                import Dependencies

                public struct APIClient: Sendable {
                    public var fetch: @Sendable () async throws -> Data
                }

                enum APIClientKey: DependencyKey {
                    static let liveValue = APIClient(fetch: { Data() })
                    static let testValue = APIClient(fetch: { Data() })
                }

                extension DependencyValues {
                    public var apiClient: APIClient {
                        get { self[APIClientKey.self] }
                        set { self[APIClientKey.self] = newValue }
                    }
                }
                """,
                "Sources/LegacyClients/LegacyAPIClient.swift": """
                import Dependencies

                enum LegacyAPIClientKey: DependencyKey {
                    static let liveValue = APIClient(fetch: { Data() })
                    static let testValue = APIClient(fetch: { Data() })
                }

                extension DependencyValues {
                    public var \u{2193}apiClient: APIClient {
                        get { self[LegacyAPIClientKey.self] }
                        set { self[LegacyAPIClientKey.self] = newValue }
                    }
                }
                """,
            ]),
            RuleExample("two apps of one repository each register the key: they never share a container", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Examples",
                    targets: [
                        .executableTarget(name: "SyncUps"),
                        .executableTarget(name: "VoiceMemos"),
                    ]
                )
                """,
                "Sources/SyncUps/Dependencies.swift": """
                import Dependencies

                extension DependencyValues {
                    var openSettings: OpenSettingsKey.Value {
                        get { self[OpenSettingsKey.self] }
                        set { self[OpenSettingsKey.self] = newValue }
                    }
                }
                """,
                "Sources/VoiceMemos/Dependencies.swift": """
                import Dependencies

                extension DependencyValues {
                    var openSettings: OpenSettingsKey.Value {
                        get { self[OpenSettingsKey.self] }
                        set { self[OpenSettingsKey.self] = newValue }
                    }
                }
                """,
            ]),
            RuleExample("the WeaveDI guide's per-module registration: two modules register one protocol into the container one bootstrap hands them", files: [
                "Package.swift": DIRuleExamples.package(["App", "UserFeature", "OrderFeature"]),
                "Sources/UserFeature/UserFeatureModule.swift": """
                import WeaveDI

                public struct UserFeatureModule {
                    public static func register(in container: WeaveDI.Container) {
                        container.\u{2193}register(UserService.self) { UserServiceImpl() }
                    }
                }
                """,
                "Sources/OrderFeature/OrderFeatureModule.swift": """
                import WeaveDI

                // Registers what orders need, and (by mistake) the user service again.
                public struct OrderFeatureModule {
                    public static func register(in container: WeaveDI.Container) {
                        container.register(OrderService.self) { OrderServiceImpl() }
                        container.register(UserService.self) { UserServiceImpl() }
                    }
                }
                """,
                "Sources/App/AppDelegate.swift": """
                import OrderFeature
                import UserFeature
                import WeaveDI

                func bootstrap() async {
                    await WeaveDI.Container.bootstrap { container in
                        UserFeatureModule.register(in: container)
                        OrderFeatureModule.register(in: container)
                    }
                }
                """,
            ]),
            RuleExample("WeaveDI registrations in exclusive #if branches, named Swinject registrations, tests", files: [
                "Package.swift": DIRuleExamples.package(["App"], tests: ["AppTests"]),
                "Sources/App/DI.swift": """
                import WeaveDI

                func registerDependencies() async {
                    await WeaveDI.Container.bootstrap { container in
                        #if DEBUG
                        container.register(Logger.self) { ConsoleLogger() }
                        #else
                        container.register(Logger.self) { OSLogger() }
                        #endif
                    }
                    // UnifiedDI.register(Logger.self) { ConsoleLogger() } — comments never count
                }
                """,
                "Tests/AppTests/AppTests.swift": """
                import Swinject
                import Testing

                @Test func lastRegistrationWins() {
                    let container = Container()
                    container.register(Logger.self) { _ in ConsoleLogger() }
                    container.register(Logger.self) { _ in SpyLogger() }
                }
                """,
            ]),
        ],
        edgeView: .di,
        analyses: [.dependencyInjection]
    )

    public init() {}

    /// A container as people name it: `container@5:UserFeatureModule.register` (a local
    /// one, keyed by its function's line) reads `container of UserFeatureModule.register`.
    static func describe(_ container: String) -> String {
        let (container, reset) = DIRegistration.splitReset(container)
        if let reset { return describe(container) + " after the reset on line \(reset)" }
        guard let at = container.firstIndex(of: "@") else { return container }
        let receiver = container[..<at]
        guard let colon = container[at...].firstIndex(of: ":") else { return String(receiver) }
        return "\(receiver) of \(container[container.index(after: colon)...])"
    }

    public func check(_ context: LintContext) -> [Finding] {
        let (graph, analysis) = context.dependencyInjection
        let configured = context.configuration.severities[Self.description.id] != nil
        return analysis.duplicates.map { duplicate in
            let registration = graph.registrations[duplicate.registration]
            let fact = registration.fact
            let count = duplicate.others.count + 1
            let message: String
            if let backing = fact.backingKey, fact.key.isProperty {
                let keys = ([backing] + duplicate.others.compactMap { graph.registrations[$0].fact.backingKey })
                message = "\(fact.key) is declared \(count) times (backed by \(Array(Set(keys)).sorted().joined(separator: ", "))); which one `\(fact.key.propertyName ?? "")` reads depends on the imports"
            } else if duplicate.runTogether {
                message = "\(fact.key) is registered \(count) times in the same \(fact.framework.rawValue) container (\(Self.describe(fact.container))); only one registration takes effect"
            } else {
                let places = ([duplicate.registration] + duplicate.others).sorted().map { index in
                    let other = graph.registrations[index]
                    let function = other.fact.function ?? "top-level code of \(Paths.lastComponent(other.site.file))"
                    return "\(function) in \(context.graph.modules[other.module].id)"
                }
                message = "\(fact.key) is registered in \(count) places of the same \(fact.framework.rawValue) container (\(Self.describe(fact.container))) "
                    + "that nothing shows run together (\(places.joined(separator: ", ")))\(Self.unseen(fact)); "
                    + (count == 2 ? "if one app runs both" : "if one app runs more than one") + ", only the last takes effect"
            }
            let condition = fact.site.condition.map { " [under #if \(CompilationCondition.shown($0))]" } ?? ""
            var finding = Finding(
                site: registration.site,
                message: message + condition,
                module: context.graph.modules[registration.module].id,
                key: [fact.framework.rawValue, Self.describe(fact.container), fact.key.id, fact.key.name ?? "", registration.site.file],
                related: duplicate.others.map { other in
                    let otherRegistration = graph.registrations[other]
                    let builds = otherRegistration.fact.backingKey ?? otherRegistration.fact.builds
                    return RelatedLocation(file: otherRegistration.site.file, line: otherRegistration.site.line,
                                           message: "also registered here" + (builds.map { " (\($0))" } ?? ""))
                },
                // The DI view's `module -registers-> key` edges.
                edges: ([duplicate.registration] + duplicate.others).map { index in
                    let other = graph.registrations[index]
                    return ModuleEdge(from: context.graph.modules[other.module].id, to: other.fact.key.description)
                }
            )
            // Registrations nothing shows run together are a warning; a severity set in
            // `.modlint.yml` applies to every finding.
            if !duplicate.runTogether && !configured { finding.severity = .warning }
            return finding
        }
    }

    /// What would have shown the registrations run together, by how they are made.
    static func unseen(_ fact: DIRegistration) -> String {
        if fact.framework == .swinject, fact.function?.hasSuffix(".assemble") == true {
            return ": no `Assembler` seen applying these assemblies together"
        }
        return ""
    }
}
