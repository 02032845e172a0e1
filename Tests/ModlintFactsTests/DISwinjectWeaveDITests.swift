import ModlintFacts
import ModlintTokenizer
import Testing

/// The file's DI facts. Every DI test also checks here that the lexer-hint shortcut
/// (skipping files that can yield nothing) loses nothing against a full scan.
func diFacts(_ text: String) -> DIFacts {
    let summary = FactExtractor.summarize(bytes: Array(text.utf8))
    #expect(summary.di == DIExtractor.extractScanningAlways(TokenizedSource(text, options: FactExtractor.tokenizerOptions), imports: summary.imports,
                                                            declarations: summary.declarations))
    return summary.di
}

struct DIShortcutTests {
    @Test func filesWithoutAnyDIShapeAreSkipped() {
        let view = """
        import SwiftUI

        @MainActor struct Row: View {
            @State private var count = 0
            @Environment(\\.dismiss) var dismiss
            var body: some View { Text("\\(count)").onTapGesture { self.count += 1 } }
        }
        """
        let source = TokenizedSource(view, options: FactExtractor.tokenizerOptions)
        #expect(!DIExtractor.mayFindFacts(in: source, imports: FactExtractor.summarize(source).imports))
    }

    /// A `.self` that ends no call's first argument, or the argument of a call no
    /// container makes (`decode`, a type's initializer), leaves the file unscanned.
    @Test(arguments: [
        "let model = try JSONDecoder().decode(Model.self, from: data)",
        "let id = ObjectIdentifier(Model.self)",
        "let t = Model.self",
        "f(x, Model.self)",
        "ForEach(items, id: \\.self) { Text($0) }",
        "if type(of: x) == Model.self {}",
    ])
    func metatypesNoContainerCallTakesLeaveTheFileUnscanned(_ text: String) {
        let source = TokenizedSource(text, options: FactExtractor.tokenizerOptions)
        #expect(!DIExtractor.mayFindFacts(in: source, imports: []))
        #expect(diFacts(text).isEmpty)
    }

    @Test(arguments: [
        "final class A { @Inject var clock: Clock }",
        "func f(_ c: Container) { c.register(Clock.self) { LiveClock() } }",
        "func f(_ c: Container) { c.register(Box<Int>.self) { Box(1) } }",
        "func f(_ c: Container) { c.register(Outer.Clock.self) { LiveClock() } }",
        "func f(_ c: Container) { c.register((any Clock).self) { LiveClock() } }",
        "func f<T>(_ t: T.Type) {}\nstruct S { func register<T>(_ t: T.Type) {} }",
        "struct ClockKey: DependencyKey { static let liveValue = LiveClock() }",
        "struct ClockKey: `DependencyKey` { static let liveValue = LiveClock() }",
        "extension DependencyValues { @DependencyEntry var clock: Clock = LiveClock() }",
        "import Swinject\nlet x = 1",
    ])
    func filesWithADIShapeAreScanned(_ text: String) {
        let source = TokenizedSource(text, options: FactExtractor.tokenizerOptions)
        #expect(DIExtractor.mayFindFacts(in: source, imports: FactExtractor.summarize(source).imports))
        #expect(!diFacts(text).isEmpty || text.hasPrefix("import"))
    }
}

struct DISwinjectTests {
    @Test func assemblyRegistrationsWithNamesScopesAndResolves() {
        let facts = diFacts("""
        import Swinject

        final class ServiceAssembly: Assembly {
            func assemble(container: Container) {
                container.register(NetworkClient.self) { _ in URLSessionClient() }
                    .inObjectScope(.container)
                container.register(Repository.self, name: "remote") { r in
                    RemoteRepository(client: r.resolve(NetworkClient.self)!, cache: r.resolve(Cache.self, name: "disk")!)
                }
            }
        }
        /// container.register(Doc.self) { _ in Doc() }
        let text = "container.register(Str.self) { _ in Str() }"
        """)
        #expect(facts.registrations == [
            DIRegistration(framework: .swinject, key: DIKey("NetworkClient"), container: "assembly", scope: "container",
                           builds: "URLSessionClient", function: "ServiceAssembly.assemble", functionLine: 4, site: DISite(line: 5, column: 19)),
            DIRegistration(framework: .swinject, key: DIKey("Repository", name: "remote"), container: "assembly",
                           builds: "RemoteRepository", resolves: [DIKey("NetworkClient"), DIKey("Cache", name: "disk")],
                           function: "ServiceAssembly.assemble", functionLine: 4, site: DISite(line: 7, column: 19)),
        ])
        #expect(facts.consumptions == [
            DIConsumption(framework: .swinject, key: DIKey("NetworkClient"), site: DISite(line: 8, column: 40)),
            DIConsumption(framework: .swinject, key: DIKey("Cache", name: "disk"), site: DISite(line: 8, column: 79)),
        ])
        #expect(facts.containerCalls.isEmpty)
    }

    @Test func localContainersAreScopedToTheirFunctionAndConditionsRecorded() {
        let facts = diFacts("""
        import Swinject

        func makeContainer() -> Container {
            let container = Container()
            #if DEBUG
            container.register(Logger.self) { _ in ConsoleLogger() }
            #else
            container.register(Logger.self) { _ in OSLogger() }
            #endif
            Container.shared.register(Clock.self, factory: { _ in SystemClock() })
            return container
        }
        """)
        #expect(facts.registrations.map(\.container) == ["container@3:makeContainer", "container@3:makeContainer", "Container.shared"])
        #expect(facts.registrations.map(\.site.condition) == ["DEBUG", "!DEBUG", nil])
        #expect(facts.registrations.map(\.builds) == ["ConsoleLogger", "OSLogger", "SystemClock"])
    }
}

struct DIWeaveDITests {
    @Test func unifiedRegistrationsBootstrapKeysAndInjected() {
        let facts = diFacts("""
        import WeaveDI

        struct UserServiceKey: InjectedKey {
            static var liveValue: UserService = UserServiceImpl()
            static var testValue: UserService = MockUserService()
        }

        extension InjectedValues {
            var userService: UserService {
                get { self[UserServiceKey.self] }
                set { self[UserServiceKey.self] = newValue }
            }
        }

        func setUp() async {
            await WeaveDI.Container.bootstrap { container in
                container.register(Analytics.self) { FirebaseAnalytics() }
            }
            UnifiedDI.register(Logger.self) { OSLogger(sink: UnifiedDI.resolve(LogSink.self)) }
        }

        final class ProfileViewModel {
            @Injected(\\.userService) var userService
        }
        """)
        #expect(facts.keys == [
            DIKeyDeclaration(framework: .weaveDI, type: "UserServiceKey", conformance: "InjectedKey",
                             liveValue: DISite(line: 4, column: 16), testValue: DISite(line: 5, column: 16),
                             site: DISite(line: 3, column: 8)),
        ])
        #expect(facts.registrations == [
            DIRegistration(framework: .weaveDI, key: .property("InjectedValues", "userService"), container: "InjectedValues",
                           builds: "UserService", backingKey: "UserServiceKey", site: DISite(line: 9, column: 9)),
            DIRegistration(framework: .weaveDI, key: DIKey("Analytics"), container: "shared", builds: "FirebaseAnalytics",
                           function: "setUp", functionLine: 15, site: DISite(line: 17, column: 19)),
            DIRegistration(framework: .weaveDI, key: DIKey("Logger"), container: "shared", builds: "OSLogger",
                           resolves: [DIKey("LogSink")], function: "setUp", functionLine: 15, site: DISite(line: 19, column: 15)),
        ])
        #expect(facts.consumptions == [
            DIConsumption(framework: .weaveDI, key: DIKey("LogSink"), site: DISite(line: 19, column: 64)),
            DIConsumption(framework: .weaveDI, key: .property("InjectedValues", "userService"), site: DISite(line: 23, column: 5)),
        ])
    }
}

extension DIWeaveDITests {
    /// Every registration form WeaveDI's docs list: by metatype, conditional, async,
    /// type-inferred (`register { X() as P }`), by key path into `WeaveDI.Container`
    /// (whose accessor declares the key and consumes nothing), and resolution by key path.
    @Test func everyDocumentedRegistrationForm() {
        let facts = diFacts("""
        import WeaveDI

        extension WeaveDI.Container {
            var userRepository: UserRepository? { resolve(UserRepository.self) }
        }

        func boot(isPro: Bool) async {
            UnifiedDI.register(Logger.self) { ConsoleLogger() }
            UnifiedDI.registerIf(Purchases.self, condition: isPro, factory: { ProPurchases() }, fallback: { FreePurchases() })
            await UnifiedDI.registerAsync(Sync.self) { await SyncImpl() }
            UnifiedDI.register { FileStore() as Store }
            UnifiedDI.register(\\.userRepository) { UserRepositoryImpl() }
            _ = UnifiedDI.resolve(\\.userRepository)
        }
        """)
        #expect(facts.registrations.map(\.key.id) == ["Logger", "Purchases", "Sync", "Store", "\\WeaveDI.Container.userRepository"])
        #expect(facts.registrations.map(\.builds) == ["ConsoleLogger", "ProPurchases", "SyncImpl", "FileStore", "UserRepositoryImpl"])
        #expect(facts.consumptions.map(\.key.id) == ["\\WeaveDI.Container.userRepository"])
        #expect(facts.keyAliases == [DIKeyAlias(alias: "\\WeaveDI.Container.userRepository", type: "UserRepository")])
    }
}

/// A function's type parameter is no key: `func resolve<Service>() -> Service! { resolve(Service.self) }`
/// (a real app's convenience over Swinject) resolves whatever its caller infers.
struct FunctionTypeParameterTests {
    @Test func aFunctionsTypeParameterIsNoKey() {
        let facts = diFacts("""
        import Swinject

        private extension Resolver {
            func resolve<Service>() -> Service! {
                resolve(Service.self)
            }
            func pair<First: Equatable, Second>(_ a: First.Type, _ b: Second.Type) -> (First?, Second?) {
                (resolve(First.self), resolve(Second.self))
            }
        }

        func assemble(_ container: Container) {
            container.register(Clock.self) { r in SystemClock(calendar: r.resolve(Calendar.self)!) }
            _ = container.resolve(Logger.self)
        }
        """)
        #expect(facts.consumptions.map(\.key.id) == ["Calendar", "Logger"])
        #expect(facts.registrations.map(\.key.id) == ["Clock"])
        #expect(facts.registrations.first?.resolves.map(\.id) == ["Calendar"])
    }
}

/// `resolve(T.self) ?? register(T.self) { … }` registers only when nothing is yet.
struct FallbackRegistrationTests {
    @Test func aRegistrationAfterNilCoalescingIsAFallback() {
        let facts = diFacts("""
        import WeaveDI

        func make() -> SessionRepository {
            let repository = UnifiedDI.resolve(SessionRepository.self)
              ?? UnifiedDI.register(SessionRepository.self) {
                LiveSessionRepository()
              }
            UnifiedDI.register(Clock.self) { SystemClock() }
            return repository
        }
        """)
        #expect(facts.registrations.map { "\($0.key.id) \($0.isFallback)" } == ["SessionRepository true", "Clock false"])
    }
}

/// UIKit's reuse registrations register a view class, never a service.
struct ViewRegistrationTests {
    @Test func reuseRegistrationsAreNoDI() {
        let facts = diFacts("""
        import UIKit
        import Swinject

        final class ListController: UITableViewController {
            override func viewDidLoad() {
                tableView.register(Cell.self, forCellReuseIdentifier: "cell")
                tableView.register(Header.self, forHeaderFooterViewReuseIdentifier: "header")
                collectionView.register(Cell.self, forCellWithReuseIdentifier: "c")
                collectionView.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "h")
                container.register(Clock.self) { _ in SystemClock() }
            }
        }
        """)
        #expect(facts.registrations.map(\.key.id) == ["Clock"])
    }
}

/// Swinject's key includes the factory's arguments; view receivers register cells; a
/// container method that hands its metatype to `register` is a forward.
struct DISwinjectKeyTests {
    @Test func factoryArguments() {
        let facts = diFacts("""
        import Swinject
        import SwinjectAutoregistration

        func assemble(container: Container) {
            container.register(A.self) { _ in A() }
            container.register(A.self) { r, id in A(id: id) }
            container.register(A.self) { (r: Resolver, id: Int, name: String) in A(id: id) }
            container.register(A.self) { A(resolver: $0, id: $1) }
            container.register(A.self, factory: { _, x, y, z in A() })
            container.autoregister(A.self, argument: Int.self, initializer: A.init)
        }
        """)
        #expect(facts.registrations.map { $0.arguments ?? 0 } == [0, 1, 2, 1, 3, 1])
    }

    @Test func receiversDeclaredAsViewsAreNoContainers() {
        let facts = diFacts("""
        import Swinject
        import UIKit

        final class Screen: UITableViewController {
            let grid = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            var list: UIKit.UITableView?
            func setUp(_ other: UITableView, container: Container) {
                tableView.register(Cell.self)
                grid.register(Tile.self)
                list?.register(Cell.self)
                other.register(Cell.self)
                container.register(Clock.self) { _ in SystemClock() }
            }
        }
        """)
        #expect(facts.registrations.map(\.key.id) == ["Clock"])
        #expect(facts.containerCalls.isEmpty)
    }

    @Test func forwardsOfTheMetatypeParameter() {
        let facts = diFacts("""
        import Swinject

        extension Container {
            func registerModule<T>(_ type: T.Type, factory: @escaping (Resolver) -> T) {
                register(type, factory: factory)
            }
            func add<T>(_ type: T.Type, _ make: @escaping () -> T) {
                store.save(T.self, make)
                log("added")
            }
        }
        """)
        #expect(facts.methodForwards == [
            DIMethodForward(method: "registerModule", target: "register", framework: .swinject),
            DIMethodForward(method: "add", target: "save"),
        ])
    }
}
