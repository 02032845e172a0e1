import ModlintFacts
import ModlintGraph
import ModlintRuleEngine

/// A concrete implementation type used outside its module by a module that is not a
/// composition root.
public struct ImplCrossesBoundary: Rule {
    public static let description = RuleDescription(
        id: "impl-crosses-boundary",
        defaultSeverity: .error,
        summary: "A concrete implementation type is used outside its module by a module that is not a composition root.",
        rationale: """
        A module boundary is only worth having when the modules on either side can change \
        independently. A feature that names `DefaultAnalytics` or `LiveAPIClient` of another \
        module — as a type, in a call, a cast, a generic argument or an `extension` — \
        is welded to that implementation: it cannot be tested with a fake, and replacing \
        the implementation means editing every feature. Only the composition root, the \
        place that wires the app together, should know concrete types; everything else \
        should see the protocol and get the instance injected.

        Implementation types are concrete types (classes, structs, enums, actors) whose \
        names match `impl-patterns` (default `*Impl`, `*Implementation`, `Live*`, \
        `Default*`). A reference resolves to the referencing module's own type of that \
        name first, then to the types that the file's imports make visible (`public` or \
        `open`, or `package` within the same package; directly or through \
        `@_exported import`), so same-named types of unrelated modules never clash.

        Composition roots are the modules matching `composition-roots` plus every \
        executable target (the app's `@main`, a command-line tool): that is where \
        concrete types are meant to meet. A test target that imports the declaring module \
        with `@testable import` tests that module from the inside and may use its \
        implementations. One finding per referencing module and type, at the first use; \
        the other uses and the declaration are listed as related locations.

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
            RuleExample("a configured composition root, @testable tests and same-named own types", files: [
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
                @testable import Core

                let sut = DefaultAnalytics()
                """,
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let index = ImplementationIndex(context)
        var findings: [Finding] = []
        for use in index.crossModuleUses() where !index.isCompositionRoot(use.user) {
            if index.testsFromInside(use.user, use.declaration.module) { continue }
            let graph = context.graph
            let user = graph.modules[use.user], owner = graph.modules[use.declaration.module]
            let first = use.sites[0]
            var related = use.sites.dropFirst().map {
                RelatedLocation(file: $0.file, line: $0.line, message: "\(use.name) is also used here")
            }
            related.append(RelatedLocation(file: use.declaration.site.file, line: use.declaration.site.line,
                                           message: "\(use.name) is declared in \(owner.id)"))
            let count = use.sites.count == 1 ? "" : " (\(use.sites.count) uses)"
            findings.append(Finding(
                site: first,
                message: "\(user.id) uses \(use.name), a concrete implementation of \(owner.id)\(count); "
                    + "depend on its abstraction and let a composition root inject it",
                module: user.id,
                key: [user.id, owner.id, use.name],
                related: related
            ))
        }
        return findings
    }
}

/// Implementation types of the workspace and where other modules use them. Shared by the
/// boundary rules.
struct ImplementationIndex {
    struct Declaration {
        var module: Int
        var site: Site
        var declaration: TypeDeclaration
    }

    /// Every use of one implementation type by one other module, sites sorted.
    struct Use {
        var name: String
        var user: Int
        var declaration: Declaration
        var sites: [Site]
    }

    let context: LintContext
    /// Implementation type name → its declarations (first per module), by module.
    private(set) var implementations: [String: [Declaration]] = [:]
    /// Names of every type each module declares (any kind but extensions).
    private(set) var declaredNames: [Set<String>]
    /// Names of the protocols declared anywhere in the workspace.
    private(set) var protocolNames: Set<String> = []
    /// Per test module: modules it imports with `@testable`.
    private var testableImports: [Int: Set<Int>] = [:]

    init(_ context: LintContext) {
        self.context = context
        let graph = context.graph
        declaredNames = Array(repeating: [], count: graph.modules.count)
        var patternCache: [String: Bool] = [:]
        for (moduleIndex, module) in graph.modules.enumerated() {
            for file in context.workspace.packages[module.packageIndex].targets[module.targetIndex].files {
                for declaration in file.summary.declarations where declaration.kind != .extension {
                    declaredNames[moduleIndex].insert(declaration.name)
                    if declaration.kind == .protocol {
                        protocolNames.insert(declaration.name)
                        continue
                    }
                    let isImplementation = patternCache[declaration.name] ?? {
                        let result = context.configuration.isImplementation(declaration.name)
                        patternCache[declaration.name] = result
                        return result
                    }()
                    guard isImplementation else { continue }
                    if implementations[declaration.name]?.contains(where: { $0.module == moduleIndex }) == true { continue }
                    implementations[declaration.name, default: []].append(Declaration(
                        module: moduleIndex,
                        site: Site(file: file.path, line: declaration.line, column: declaration.column),
                        declaration: declaration
                    ))
                }
            }
        }
        for edge in graph.imports where edge.fact.isTestable && graph.modules[edge.from].kind == .test {
            testableImports[edge.from, default: []].insert(edge.to)
        }
    }

    /// Executable targets and modules matching `composition-roots`.
    func isCompositionRoot(_ module: Int) -> Bool {
        let module = context.graph.modules[module]
        return module.kind == .executable || context.configuration.isCompositionRoot(module.name)
            || context.configuration.isCompositionRoot(module.id)
    }

    /// A test target that imports `owner` with `@testable import`.
    func testsFromInside(_ user: Int, _ owner: Int) -> Bool {
        testableImports[user]?.contains(owner) == true
    }

    /// Whether `user` can name the declaration without `@testable`: `public`/`open`, or
    /// `package` within the same package. (A `@testable` test target is exempt anyway.)
    func isAccessible(_ declaration: Declaration, from user: ModuleGraph.Module) -> Bool {
        switch declaration.declaration.accessLevel {
        case .public?, .open?: return true
        case .package?: return context.graph.modules[declaration.module].package == user.package
        default: return false
        }
    }

    /// Uses of implementation types in modules other than the declaring one, resolved
    /// through each file's imports; sorted by user module, type name, owner.
    func crossModuleUses() -> [Use] {
        guard !implementations.isEmpty else { return [] }
        let graph = context.graph
        // Modules each file sees through its imports (and their re-exports).
        var visibleByFile: [String: Set<Int>] = [:]
        var reexports: [Int: [Int]] = [:]
        for edge in graph.imports {
            let exported = reexports[edge.to] ?? {
                let modules = graph.reexportedModules(of: edge.to)
                reexports[edge.to] = modules
                return modules
            }()
            visibleByFile[edge.site.file, default: []].insert(edge.to)
            visibleByFile[edge.site.file, default: []].formUnion(exported)
        }
        var uses: [Use] = []
        for (userIndex, module) in graph.modules.enumerated() {
            var byKey: [String: Use] = [:]
            for file in context.workspace.packages[module.packageIndex].targets[module.targetIndex].files {
                guard let visible = visibleByFile[file.path] else { continue }
                for reference in file.summary.typeReferences {
                    guard let declarations = implementations[reference.name],
                          !declaredNames[userIndex].contains(reference.name) else { continue }
                    for declaration in declarations where declaration.module != userIndex && visible.contains(declaration.module)
                        && isAccessible(declaration, from: module) {
                        let key = "\(reference.name)\u{1F}\(declaration.module)"
                        let site = Site(file: file.path, line: reference.line, column: reference.column)
                        byKey[key, default: Use(name: reference.name, user: userIndex, declaration: declaration, sites: [])]
                            .sites.append(site)
                    }
                }
            }
            for key in byKey.keys.sorted() {
                var use = byKey[key]!
                use.sites.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
                uses.append(use)
            }
        }
        return uses
    }
}
