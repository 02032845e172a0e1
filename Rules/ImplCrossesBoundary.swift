import ModlintFacts
import ModlintGraph
import ModlintRuleEngine
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
        Spezi `Configuration`, a Vapor app's `configure.swift` — is the recommended \
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
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let index = context.implementations
        let graph = context.graph
        // A file that several targets build (`Shared-iOS`, `Shared-watchOS`) is one use
        // site: one finding naming every such module.
        var groups: [[ImplementationIndex.Use]] = []
        var groupOf: [String: Int] = [:]
        for use in index.crossModuleUses() where !index.isCompositionRoot(use.user) {
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
    /// Modules declaring a type (of any kind) with a name that matches the patterns: a
    /// reference in such a module resolves to its own type.
    private var declaringModules: [String: Set<Int>] = [:]
    /// Names of the protocols declared anywhere in the workspace.
    private(set) var protocolNames: Set<String> = []
    /// Per test module: modules it imports with `@testable`.
    private var testableImports: [Int: Set<Int>] = [:]

    init(_ context: LintContext) {
        self.context = context
        let graph = context.graph
        let patterns = context.configuration.implPatterns.map(NamePattern.init)
        for (moduleIndex, module) in graph.modules.enumerated() {
            for file in context.workspace.packages[module.packageIndex].targets[module.targetIndex].files {
                for declaration in file.summary.declarations where declaration.kind != .extension {
                    if declaration.kind == .protocol { protocolNames.insert(declaration.name) }
                    guard patterns.contains(where: { $0.matches(declaration.name) }) else { continue }
                    declaringModules[declaration.name, default: []].insert(moduleIndex)
                    // Enums are values, not services; macro and plugin types are loaded by
                    // the compiler and must be public.
                    // A dependency's types are its API, whatever their names (it is read as context).
                    guard declaration.kind != .protocol, declaration.kind != .enum,
                          module.kind != .macro, module.kind != .plugin, !module.isContext else { continue }
                    if implementations[declaration.name]?.contains(where: { $0.module == moduleIndex }) == true { continue }
                    implementations[declaration.name, default: []].append(Declaration(
                        module: moduleIndex,
                        site: Site(file: file.path, line: declaration.line, column: declaration.column),
                        declaration: declaration
                    ))
                }
            }
        }
        // An implementation hides behind an abstraction: only a type that conforms —
        // directly, through an extension, a superclass or an inherited protocol — to a
        // protocol declared in the workspace counts (a `Codable` entity called
        // `DefaultServer` is none).
        var inheritance: [String: Set<String>] = [:]
        if !implementations.isEmpty {
            for module in graph.modules {
                for file in context.workspace.packages[module.packageIndex].targets[module.targetIndex].files {
                    for declaration in file.summary.declarations where !declaration.inheritance.isEmpty {
                        let name = SpeziModel.simpleName(declaration.name)
                        inheritance[name, default: []].formUnion(declaration.inheritance.map(SpeziModel.simpleName))
                    }
                }
            }
        }
        let protocols = protocolNames
        func conformsToWorkspaceProtocol(_ name: String) -> Bool {
            var seen: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for parent in inheritance[next] ?? [] where seen.insert(parent).inserted {
                    if protocols.contains(parent) { return true }
                    queue.append(parent)
                }
            }
            return false
        }
        implementations = implementations.filter { conformsToWorkspaceProtocol($0.key) }
        for index in graph.imports.indices where graph.imports[index].fact.isTestable {
            let from = graph.imports[index].from
            if graph.modules[from].kind == .test { testableImports[from, default: []].insert(graph.imports[index].to) }
        }
    }

    /// Executable targets and modules matching `composition-roots`.
    func isCompositionRoot(_ module: Int) -> Bool {
        let module = context.graph.modules[module]
        return module.kind == .executable || context.configuration.isCompositionRoot(module.name)
            || context.configuration.isCompositionRoot(module.id) || Self.isRegistrationModule(module.name)
    }

    /// A module whose job is registration, by the names the WeaveDI guide and Swinject use
    /// for it: `DI`, `AppDI`, `NetworkAssembly`, `AppContainer`, `DependencyInjection`.
    static func isRegistrationModule(_ name: String) -> Bool {
        name == "DI" || name.hasSuffix("DI") && name.count > 2 && name.dropLast(2).last?.isLowercase == true
            || name.hasSuffix("Assembly") || name.hasSuffix("Assemblies") || name.hasSuffix("Container")
            || name.hasSuffix("DependencyInjection")
    }

    /// Whether a use sits where an implementation is meant to be built: the factory of a
    /// DI registration of that type in the same file (`container.register(P.self) {
    /// LiveP() }`, `UnifiedDI.register`, Factory's `Factory(self) { LiveP() }`), the line
    /// of a `liveValue` / `testValue` / `previewValue`, or a Spezi `Configuration`.
    func isRegistrationSite(_ name: String, file: ModlintWorkspace.SourceFile, line: Int) -> Bool {
        let di = file.summary.di
        if di.registrations.contains(where: { $0.builds == name }) || di.containerCalls.contains(where: { $0.builds == name }) { return true }
        // Vapor's `configure(_ app: Application)` is where a server app is assembled.
        if Paths.lastComponent(file.path) == "configure.swift" && file.summary.imports.contains(where: { $0.module == "Vapor" }) { return true }
        for key in di.keys {
            if [key.liveValue, key.testValue, key.previewValue].contains(where: { $0?.line == line }) { return true }
        }
        return file.summary.spezi.configurations.contains { configuration in
            configuration.instantiations.contains { $0.name == name && $0.line == line }
        }
    }

    /// A test target of `owner`: it imports `owner` with `@testable import`, or is named
    /// after it (`CoreTests` for `Core`, SwiftPM's convention).
    func testsFromInside(_ user: Int, _ owner: Int) -> Bool {
        let tests = context.graph.modules[user]
        guard tests.kind == .test else { return false }
        return testableImports[user]?.contains(owner) == true || tests.name == context.graph.modules[owner].name + "Tests"
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

    /// Uses of implementation types (all, or only `names`) in modules other than the
    /// declaring one, resolved through each file's imports; sorted by user module, type
    /// name, owner.
    func crossModuleUses(of names: Set<String>? = nil) -> [Use] {
        let candidates = names.map { names in implementations.filter { names.contains($0.key) } } ?? implementations
        guard !candidates.isEmpty else { return [] }
        let graph = context.graph
        // Most references name other types: compare lengths before hashing names.
        let lengths = candidates.keys.reduce(UInt64(0)) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
        var visibility = FileVisibility(graph: graph)
        var uses: [Use] = []
        for (userIndex, module) in graph.modules.enumerated() {
            var byKey: [String: Use] = [:]
            for file in context.workspace.packages[module.packageIndex].targets[module.targetIndex].files {
                // A file names each type once in its table: look names up, not references.
                let references = file.summary.typeReferences
                let wanted = references.names.map { name in
                    lengths & 1 << UInt64(min(name.utf8.count, 63)) != 0 && candidates[name] != nil
                        && declaringModules[name]?.contains(userIndex) != true
                }
                guard wanted.contains(true) else { continue }
                for (position, record) in references.records.enumerated() where wanted[Int(record.name)] {
                    let reference = references[position]
                    if isRegistrationSite(reference.name, file: file, line: reference.line) { continue }
                    let declarations = candidates[reference.name]!
                    let visible = visibility.modules(seenBy: file.path)
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

/// Workspace modules a file sees: what it imports, plus what those re-export. Built on
/// first use, since most files never reference an implementation type.
private struct FileVisibility {
    let graph: ModuleGraph
    private var importsByFile: [String: [Int]]?
    private var reexports: [Int: [Int]] = [:]
    private var cache: [String: Set<Int>] = [:]

    init(graph: ModuleGraph) {
        self.graph = graph
    }

    mutating func modules(seenBy file: String) -> Set<Int> {
        if let known = cache[file] { return known }
        if importsByFile == nil {
            var byFile: [String: [Int]] = [:]
            for index in graph.imports.indices {
                byFile[graph.imports[index].site.file, default: []].append(graph.imports[index].to)
            }
            importsByFile = byFile
        }
        var visible = Set<Int>()
        for module in importsByFile?[file] ?? [] {
            visible.insert(module)
            let exported = reexports[module] ?? graph.reexportedModules(of: module)
            reexports[module] = exported
            visible.formUnion(exported)
        }
        cache[file] = visible
        return visible
    }
}

/// An `impl-patterns` glob, matched without the general glob machinery when it is a plain
/// prefix, suffix or infix pattern (`Live*`, `*Impl`, `*Mock*`) — names are checked by
/// the hundred thousand.
struct NamePattern {
    private enum Form {
        case exact(String), prefix(String), suffix(String), infix(String), glob(Glob)
    }

    private let form: Form

    init(_ glob: Glob) {
        let pattern = glob.pattern
        let leading = pattern.hasPrefix("*"), trailing = pattern.hasSuffix("*") && pattern.count > 1
        let core = String(pattern.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0))
        if core.contains(where: { "*?[]/\\".contains($0) }) {
            form = .glob(glob)
        } else if leading && trailing {
            form = .infix(core)
        } else if leading {
            form = .suffix(core)
        } else if trailing {
            form = .prefix(core)
        } else {
            form = .exact(core)
        }
    }

    func matches(_ name: String) -> Bool {
        switch form {
        case .exact(let text): return name == text
        case .prefix(let text): return name.hasPrefix(text)
        case .suffix(let text): return name.hasSuffix(text)
        case .infix(let text): return name.contains(text)
        case .glob(let glob): return glob.matches(name)
        }
    }
}
