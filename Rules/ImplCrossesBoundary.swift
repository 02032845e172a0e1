import ModlintFacts
import ModlintGraph
import ModlintWorkspace

/// A concrete implementation type used outside its module by a module that is not a
/// composition root.
public struct ImplCrossesBoundary: Rule {
    public static let description = RuleDescription(
        id: "impl-crosses-boundary",
        defaultSeverity: .warning,
        summary: "A concrete implementation type is used outside its module by a module that is not a composition root.",
        rationale: """
        A module boundary is only worth having when the modules on either side can change \
        independently. A feature that names `DefaultAnalytics` or `LiveAPIClient` of another \
        module — as a type, in a call, a cast, a generic argument or an `extension` — \
        is welded to that implementation: it cannot be tested with a fake, and replacing \
        the implementation means editing every feature. Only the composition root, the \
        place that wires the app together, should know concrete types; everything else \
        should see the protocol and get the instance injected.

        Implementation types are classes, structs and actors whose names match \
        `impl-patterns` (default `*Impl`, `*Implementation`, `Live*`, `Default*`). Enums \
        are values, not services, and never count; neither do the types of macro and \
        plugin targets, which the compiler requires to be public. A reference resolves to the referencing module's own type of that \
        name first, then to the types that the file's imports make visible (`public` or \
        `open`, or `package` within the same package; directly or through \
        `@_exported import`), so same-named types of unrelated modules never clash.

        Composition roots are the modules matching `composition-roots`, every \
        executable target (the app's `@main`, a command-line tool), and modules whose job \
        is registration (`DI`, `AppDI`, `*Assembly`, `*Container`, \
        `DependencyInjection`): that is where concrete types are meant to meet. Building an \
        implementation where it is registered — a DI factory that builds it \
        (`container.register(P.self) { LiveP() }`, WeaveDI, Factory), a `liveValue`, a \
        Spezi `Configuration`, a Vapor app's `configure.swift`, a needle `Component` or \
        `NonCoreComponent` subclass, a member of the workspace's own container class \
        (`AppContainer`, and a class of its own named `Container`) — is the recommended \
        pattern and never counts. A `#if DEBUG` \
        preview that builds another module's implementation still does (it forces the \
        type to be public); suppress it with `// modlint:disable:next \
        impl-crosses-boundary - preview`. A test target that imports the declaring module \
        with `@testable import`, or is named after it (`CoreTests` for `Core`), tests that \
        module from the inside and may use its implementations; any other test target \
        should use fakes behind the protocol. One finding per referencing module and type, at the first use; \
        the other uses and the declaration are listed as related locations.

        A type is an implementation when its name matches the patterns and it conforms — \
        directly, through an extension, a superclass or an inherited protocol — to a \
        protocol declared in the workspace: the abstraction it should hide behind. A \
        `Codable` value called `DefaultServer` is none.

        To fix it, reference the protocol the implementation conforms to and let the \
        composition root inject the instance; or add the module to `composition-roots` \
        when it really is where the app is assembled (a DI assembly module).
        """,
        examples: [
            RuleExample("a feature constructs and names an implementation of Core", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .executableTarget(name: "App", dependencies: ["Profile", "Core"]),
                        .target(name: "Profile", dependencies: ["Core"]),
                        .target(name: "Core"),
                    ]
                )
                """,
                "Sources/Core/Analytics.swift": """
                public protocol Analytics { func track(_ event: String) }

                public final class DefaultAnalytics: Analytics {
                    public init() {}
                    public func track(_ event: String) {}
                }
                """,
                "Sources/Profile/ProfileModel.swift": """
                import Core

                final class ProfileModel {
                    let analytics: \u{2193}DefaultAnalytics = DefaultAnalytics()
                }

                extension DefaultAnalytics {
                    func trackProfile() { track("profile") }
                }
                """,
                "Sources/App/main.swift": """
                import Core
                import Profile

                let analytics: Analytics = DefaultAnalytics()
                """,
            ]),
            RuleExample("a value named like an implementation but behind no protocol of the workspace", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Onboarding", dependencies: ["SDK"]),
                        .target(name: "SDK"),
                    ]
                )
                """,
                "Sources/SDK/DefaultServer.swift": """
                extension Entity {
                    public struct DefaultServer: Codable {
                        public let domain: String
                    }
                }
                public enum Entity {}
                """,
                "Sources/Onboarding/Servers.swift": """
                import SDK

                func pick(_ servers: [Entity.DefaultServer]) -> Entity.DefaultServer? { servers.first }
                """,
            ]),
            RuleExample("a workspace's own container class, even one named Container, builds its members", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                    ]
                )
                """,
                "Sources/Networking/API.swift": """
                public protocol API {}
                public final class APIImpl: API {
                    public init() {}
                }
                """,
                "Sources/Feature/Container.swift": """
                import Networking

                final class Container {
                    lazy var api: API = APIImpl()
                }
                """,
            ]),
            RuleExample("a needle Component subclass builds the implementations its scope provides", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Profile", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                    ]
                )
                """,
                "Sources/Networking/API.swift": """
                public protocol API {}
                public final class APIImpl: API {
                    public init() {}
                }
                """,
                "Sources/Profile/ProfileComponent.swift": """
                import NeedleFoundation
                import Networking

                protocol ProfileDependency: Dependency {}

                final class ProfileComponent: Component<ProfileDependency> {
                    var api: API {
                        shared { APIImpl() }
                    }
                }
                """,
            ]),
            RuleExample("registration sites and a registration module are roots; a debug preview is not", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(url: "https://github.com/Swinject/Swinject", from: "2.9.0"),
                        .package(url: "https://github.com/vapor/vapor", from: "4.0.0"),
                    ],
                    targets: [
                        .target(name: "AppDI", dependencies: ["Core"]),
                        .target(name: "Feature", dependencies: ["Core", .product(name: "Swinject", package: "Swinject")]),
                        .target(name: "Server", dependencies: ["Core", .product(name: "Vapor", package: "vapor")]),
                        .target(name: "Core"),
                    ]
                )
                """,
                "Sources/Core/Analytics.swift": """
                public protocol Analytics {}
                public struct LiveAnalytics: Analytics {
                    public init() {}
                }
                """,
                "Sources/AppDI/Registrations.swift": """
                import Core

                let analytics: Analytics = LiveAnalytics()
                """,
                "Sources/Feature/FeatureAssembly.swift": """
                import Core
                import Swinject

                func register(in container: Container) {
                    container.register(Analytics.self) { _ in
                        LiveAnalytics()
                    }
                }
                """,
                "Sources/Server/configure.swift": """
                import Core
                import Vapor

                func configure(_ app: Application) throws {
                    app.storage[AnalyticsKey.self] = LiveAnalytics()
                }
                """,
                "Sources/Feature/Preview.swift": """
                import Core

                #if DEBUG
                let previewAnalytics = \u{2193}LiveAnalytics()
                #endif
                """,
            ]),
            RuleExample("a configured composition root, tests of Core and same-named own types", files: [
                ".modlint.yml": """
                composition-roots: [AppAssembly]
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "AppAssembly", dependencies: ["Profile", "Core"]),
                        .target(name: "Profile", dependencies: ["Core"]),
                        .target(name: "Core"),
                        .testTarget(name: "CoreTests", dependencies: ["Core"]),
                        .testTarget(name: "IntegrationTests", dependencies: ["Core"]),
                    ]
                )
                """,
                "Sources/Core/Analytics.swift": """
                public protocol Analytics { func track(_ event: String) }

                public final class DefaultAnalytics: Analytics {
                    public init() {}
                    public func track(_ event: String) {}
                }
                """,
                "Sources/Profile/ProfileModel.swift": """
                import Core

                struct DefaultAnalytics {}

                final class ProfileModel {
                    let analytics: Analytics
                    let local = DefaultAnalytics()
                    init(analytics: Analytics) { self.analytics = analytics }
                    // A comment naming Core's DefaultAnalytics() is not a reference.
                }
                """,
                "Sources/AppAssembly/Assembly.swift": """
                import Core
                import Profile

                let analytics: Analytics = DefaultAnalytics()
                """,
                "Tests/CoreTests/AnalyticsTests.swift": """
                import Core

                let sut = DefaultAnalytics()
                """,
                "Tests/IntegrationTests/TrackingTests.swift": """
                @testable import Core

                let analytics = DefaultAnalytics()
                """,
            ]),
        ],
        analyses: [.implementations, .implementationUses]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let index = context.implementations
        let graph = context.graph
        // A file that several targets build (`Shared-iOS`, `Shared-watchOS`) is one use
        // site: one finding naming every such module.
        var groups: [[ImplementationIndex.Use]] = []
        var groupOf: [String: Int] = [:]
        for use in context.implementationUses where !index.isCompositionRoot(use.user) && !use.sites.isEmpty {
            if index.testsFromInside(use.user, use.declaration.module) { continue }
            let sites = use.sites.map { "\($0.file):\($0.line):\($0.column)" }.joined(separator: ",")
            let group = "\(use.name)\u{1F}\(use.declaration.module)\u{1F}\(sites)"
            if let position = groupOf[group] {
                groups[position].append(use)
            } else {
                groupOf[group] = groups.count
                groups.append([use])
            }
        }
        var findings: [Finding] = []
        for group in groups {
            let use = group[0]
            let users = group.map { graph.modules[$0.user].id }
            let user = graph.modules[use.user], owner = graph.modules[use.declaration.module]
            let first = use.sites[0]
            var related = use.sites.dropFirst().map {
                RelatedLocation(file: $0.file, line: $0.line, message: "\(use.name) is also used here")
            }
            related.append(RelatedLocation(file: use.declaration.site.file, line: use.declaration.site.line,
                                           message: "\(use.name) is declared in \(owner.id)"))
            let count = use.sites.count == 1 ? "" : " (\(use.sites.count) uses)"
            let subject = users.count == 1 ? "\(user.id) uses" : ListFormat.and(users) + " use"
            findings.append(Finding(
                site: first,
                message: "\(subject) \(use.name), a concrete implementation of \(owner.id)\(count); "
                    + "depend on its abstraction and let a composition root inject it",
                module: user.id,
                key: users + [owner.id, use.name],
                related: related
            ))
        }
        return findings
    }
}
