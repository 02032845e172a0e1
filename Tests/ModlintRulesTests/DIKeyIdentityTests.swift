import ModlintRules
import ModlintTestSupport
import Testing

/// Each DI adapter reads only its library's registrations, keyed as the library keys them.
/// Every case is a small workspace, linted with the rule concerned: the findings are
/// exactly these.
struct DIKeyIdentityTests {
    static func package(_ targets: String) -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [\(targets)])\n"
    }

    static let libraries = package(#".executableTarget(name: "App", dependencies: ["A", "B"]), .target(name: "A"), .target(name: "B")"#)

    static func lint(_ rule: any Rule, _ files: [(String, String)]) throws -> [String] {
        let directory = try TemporaryDirectory(files: files, prefix: "modlint-di-keys")
        defer { directory.remove() }
        return try Linter(rules: [rule]).lint(paths: [directory.path]).diagnostics.map { "\($0.rule) \($0.file):\($0.line)" }
    }

    // MARK: - Factory

    static func factoryMember(_ access: String, _ builds: String) -> String {
        """
        import FactoryKit

        \(access)extension Container {
            var analytics: Factory<Analytics> { self { \(builds)() } }
        }
        """
    }

    /// Two `internal` members of one name in two modules are two members: Factory keys a
    /// registration by its member. Two `public` ones may meet in a module importing both.
    @Test func factoryMembersAreKeyedByDeclaration() throws {
        #expect(try Self.lint(DuplicateRegistration(), [
            ("Package.swift", Self.libraries),
            ("Sources/A/Container+A.swift", Self.factoryMember("", "AnalyticsA")),
            ("Sources/B/Container+B.swift", Self.factoryMember("", "AnalyticsB")),
        ]) == [])
        #expect(try Self.lint(DuplicateRegistration(), [
            ("Package.swift", Self.libraries),
            ("Sources/A/Container+A.swift", Self.factoryMember("public ", "AnalyticsA")),
            ("Sources/B/Container+B.swift", Self.factoryMember("public ", "AnalyticsB")),
        ]) == ["duplicate-registration Sources/B/Container+B.swift:4"])
        // `fileprivate` members of two files of one module are two members too.
        #expect(try Self.lint(DuplicateRegistration(), [
            ("Package.swift", Self.libraries),
            ("Sources/A/One.swift", Self.factoryMember("private ", "AnalyticsA")),
            ("Sources/A/Two.swift", Self.factoryMember("private ", "AnalyticsB")),
        ]) == [])
    }

    /// Factory 1.x declares registrations as stored statics (`static let x = Factory<T> { … }`,
    /// `Factory(Container.shared) { … }`, `Factory(scope:) { … }`): a workspace written so
    /// had an empty DI graph, and a `@Injected(\.x)` of a 2.x member that it does declare
    /// is served by it.
    @Test func factoryOneStaticRegistrations() throws {
        let files = [
            ("Package.swift", Self.package(#".executableTarget(name: "App")"#)),
            ("Sources/App/Container+Services.swift", """
            import Factory

            extension Container {
                static let api = Factory<API> { LiveAPI() }
                static var store = Factory(Container.shared) { LiveStore() }
                static let clock = Factory(scope: .singleton) { SystemClock() }
                static let account = Factory<Account> { LiveAccount(api: Container.api()) }
            }

            extension Container.Registrations {
                static let legacy = Factory<Legacy> { LiveLegacy() }
            }

            final class Model {
                @Injected(\\.api) var api
                @Injected(\\.store) var store
                @Injected(\\.payments) var payments
            }
            """),
        ]
        #expect(try Self.lint(MissingRegistration(), files) == ["missing-registration Sources/App/Container+Services.swift:17"])
    }

    // MARK: - Swinject

    /// Swinject keys a registration by type, name and the factory's arguments: a factory
    /// taking an argument is another registration than one taking none.
    @Test func swinjectKeysByNameAndArguments() throws {
        let files = [
            ("Package.swift", Self.package(#".executableTarget(name: "App")"#)),
            ("Sources/App/AppAssembly.swift", """
            import Swinject

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Repository.self) { _ in LiveRepository() }
                    container.register(Repository.self) { _, id in LiveRepository(id: id) }
                    container.register(Repository.self) { (r: Resolver, id: Int, name: String) in LiveRepository(id: id) }
                    container.register(Repository.self, name: "remote") { _ in RemoteRepository() }
                    container.register(Clock.self) { r, zone in SystemClock(zone: zone) }
                    container.register(Clock.self) { r, zone in OtherClock(zone: zone) }
                }
            }
            """),
        ]
        #expect(try Self.lint(DuplicateRegistration(), files) == ["duplicate-registration Sources/App/AppAssembly.swift:10"])
    }

    // MARK: - Receivers that are views

    /// A `register(Cell.self)` extension method on a table or collection view registers a cell for
    /// reuse, whatever DI library the file imports.
    @Test func registrationsOnViewsAreNoDI() throws {
        let files = [
            ("Package.swift", Self.package(#".executableTarget(name: "App")"#)),
            ("Sources/App/ListController.swift", """
            import Swinject
            import UIKit

            final class ListController: UIViewController {
                private let tableView = UITableView(frame: .zero, style: .plain)
                @IBOutlet private weak var grid: UICollectionView!

                override func viewDidLoad() {
                    tableView.register(Cell.self)
                    tableView.register(Cell.self)
                    self.grid.register(Tile.self)
                    grid.register(Tile.self)
                }

                func assemble(container: Container) {
                    container.register(Clock.self) { _ in SystemClock() }
                    container.register(Clock.self) { _ in OtherClock() }
                }
            }
            """),
        ]
        #expect(try Self.lint(DuplicateRegistration(), files) == ["duplicate-registration Sources/App/ListController.swift:17"])
    }

    // MARK: - A workspace's own wrappers

    /// A container method that forwards its metatype to `register` registers what it is
    /// passed (one level): `registerModule(Clock.self) { … }` serves `resolve(Clock.self)`.
    @Test func registeringWrappersAreFollowed() throws {
        let files = [
            ("Package.swift", Self.package(#".executableTarget(name: "App")"#)),
            ("Sources/App/Locator.swift", """
            final class Locator {
                static let shared = Locator()
                private var factories: [ObjectIdentifier: () -> Any] = [:]
                func register<T>(_ type: T.Type, factory: @escaping () -> T) { factories[ObjectIdentifier(type)] = factory }
                func resolve<T>(_ type: T.Type) -> T { factories[ObjectIdentifier(type)]!() as! T }
            }

            extension Locator {
                func registerModule<T>(_ type: T.Type, factory: @escaping () -> T) {
                    register(type, factory: factory)
                }
            }
            """),
            ("Sources/App/Boot.swift", """
            func boot() {
                Locator.shared.register(Store.self) { LiveStore() }
                Locator.shared.registerModule(Clock.self) { SystemClock() }
                _ = Locator.shared.resolve(Store.self)
                _ = Locator.shared.resolve(Clock.self)
                _ = Locator.shared.resolve(Payments.self)
            }
            """),
        ]
        #expect(try Self.lint(MissingRegistration(), files) == ["missing-registration Sources/App/Boot.swift:6"])
    }

    /// A wrapper around Swinject's `register` registers into Swinject: its calls serve
    /// Swinject's `resolve`.
    @Test func wrappersOfAFrameworkRegisterIntoIt() throws {
        let files = [
            ("Package.swift", Self.package(#".executableTarget(name: "App")"#)),
            ("Sources/App/Container+Modules.swift", """
            import Swinject

            extension Container {
                func registerModule<Service>(_ service: Service.Type, factory: @escaping (Resolver) -> Service) {
                    register(service, factory: factory)
                }
            }

            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Store.self) { _ in LiveStore() }
                    container.registerModule(Clock.self) { _ in SystemClock() }
                }
            }

            func screen(_ resolver: Resolver) {
                _ = resolver.resolve(Store.self)
                _ = resolver.resolve(Clock.self)
                _ = resolver.resolve(Payments.self)
            }
            """),
        ]
        #expect(try Self.lint(MissingRegistration(), files) == ["missing-registration Sources/App/Container+Modules.swift:19"])
    }

    // MARK: - missing-test-value

    /// Only a key has a test value to miss: a `static let liveValue` on a type that
    /// conforms to no key protocol is none.
    @Test func missingTestValueOnlyForKeys() throws {
        let files = [
            ("Package.swift", Self.package(#".executableTarget(name: "App")"#)),
            ("Sources/App/Values.swift", """
            import Dependencies

            struct Theme {
                static let liveValue = Theme()
            }

            enum ClockKey: DependencyKey {
                static let liveValue: any Clock = SystemClock()
            }

            struct Weather {}
            extension Weather: TestDependencyKey {}
            extension Weather {
                static let liveValue = Weather()
            }
            """),
        ]
        #expect(try Self.lint(MissingTestValue(), files) == [
            "missing-test-value Sources/App/Values.swift:8",
            "missing-test-value Sources/App/Values.swift:14",
        ])
    }
}

/// The boundary rules never advise hiding a type that another module builds: an app
/// target, a DI registration or a needle component in another module needs it visible.
struct BoundaryAdviceTests {
    static func lint(_ rule: any Rule, _ files: [(String, String)]) throws -> [String] { try DIKeyIdentityTests.lint(rule, files) }
    static func package(_ targets: String) -> String { DIKeyIdentityTests.package(targets) }

    static func messages(_ rule: any Rule, _ files: [(String, String)]) throws -> [String] {
        let directory = try TemporaryDirectory(files: files, prefix: "modlint-boundary-advice")
        defer { directory.remove() }
        return try Linter(rules: [rule]).lint(paths: [directory.path]).diagnostics.map { "\($0.file):\($0.line): \($0.message)" }
    }

    static let storage = """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "Storage", products: [.library(name: "Storage", targets: ["Storage"])],
                          targets: [.target(name: "Storage")])
    """
    static let liveStore = """
    public protocol Store {}
    public final class LiveStore: Store { public init() {} }
    """

    /// An app target of another package builds the implementation, as a composition root
    /// should: it must stay public, so `public-impl` has nothing to advise. Within one
    /// package the advice is `package`, never `internal`.
    @Test func publicImplNeverHidesWhatAnotherModuleBuilds() throws {
        let app = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", dependencies: [.package(path: "Storage")],
                              targets: [.executableTarget(name: "App", dependencies: [.product(name: "Storage", package: "Storage")])])
        """
        #expect(try Self.lint(PublicImpl(), [
            ("Package.swift", app),
            ("Sources/App/main.swift", "import Storage\nlet store: Store = LiveStore()\n"),
            ("Storage/Package.swift", Self.storage),
            ("Storage/Sources/Storage/Store.swift", Self.liveStore),
        ]) == [])
        #expect(try Self.messages(PublicImpl(), [
            ("Package.swift", Self.package(#".executableTarget(name: "App", dependencies: ["Storage"]), .target(name: "Storage")"#)),
            ("Sources/App/main.swift", "import Storage\nlet store: Store = LiveStore()\n"),
            ("Sources/Storage/Store.swift", Self.liveStore),
        ]) == ["Sources/Storage/Store.swift:2: LiveStore implements Store but is public; App builds it (in its package): make it package, not public"])
    }

    /// A needle component in another module builds what its scope provides: that module
    /// must see the type (here `package`, one package), so no advice to make it internal.
    @Test func publicImplKeepsWhatANeedleComponentBuilds() throws {
        #expect(try Self.messages(PublicImpl(), [
            ("Package.swift", Self.package(#".target(name: "Profile", dependencies: ["Storage"]), .target(name: "Storage")"#)),
            ("Sources/Storage/Store.swift", Self.liveStore),
            ("Sources/Profile/ProfileComponent.swift", """
            import NeedleFoundation
            import Storage

            final class ProfileComponent: NonCoreComponent<EmptyDependency> {
                var store: Store { shared { LiveStore() } }
            }
            """),
        ]) == ["Sources/Storage/Store.swift:2: LiveStore implements Store but is public; Profile builds it (in its package): make it package, not public"])
    }

    /// A workspace's own container class named `Container` builds its members: wiring,
    /// not a use that crosses the boundary.
    @Test func aContainerNamedContainerIsWiring() throws {
        #expect(try Self.lint(ImplCrossesBoundary(), [
            ("Package.swift", Self.package(#".target(name: "Feature", dependencies: ["Storage"]), .target(name: "Storage")"#)),
            ("Sources/Storage/Store.swift", Self.liveStore),
            ("Sources/Feature/Container.swift", """
            import Storage

            final class Container {
                lazy var store: Store = LiveStore()
                func makeOther() -> Store { LiveStore() }
            }
            """),
            ("Sources/Feature/Screen.swift", "import Storage\nlet direct = LiveStore()\n"),
        ]) == ["impl-crosses-boundary Sources/Feature/Screen.swift:2"])
    }
}
