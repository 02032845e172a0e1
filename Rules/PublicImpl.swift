import ModlintFacts
import ModlintGraph

// modlint:disable:next public-impl - rules are public so that tools can list them; the name only looks like an implementation
/// An implementation type declared `public` or `open`.
public struct PublicImpl: Rule {
    public static let description = RuleDescription(
        id: "public-impl",
        defaultSeverity: .warning,
        summary: "An implementation type is declared `public` or `open`.",
        rationale: """
        When a module exposes both a protocol and its implementation, making the \
        implementation `public` invites every other module to skip the protocol: the \
        concrete type leaks into signatures and initializers, and the module can no longer \
        swap or restructure it. Keep the implementation `internal` (or `package` when a \
        composition root in the same package must construct it) and expose a factory that \
        returns the abstraction, or register it in the DI container from inside the module.

        A module that builds the type where building belongs — a composition root (an \
        app target), a DI registration's factory, a needle component — must still see it: \
        when all of them share its package the advice is `package`; when one is in another \
        package the type stays public and is not reported. Advice never says `internal` \
        for a type another module constructs.

        Implementation types are classes, structs and actors whose names match \
        `impl-patterns` (default `*Impl`, `*Implementation`, `Live*`, `Default*`); only \
        those that conform to (or inherit from) a protocol declared in the workspace are \
        reported, because that protocol is the abstraction they should hide behind. A \
        public `DefaultDateFormat` value with no such protocol is ordinary API. Libraries \
        that deliberately ship public default implementations of their own protocols (as \
        many server-side packages do) can turn the rule off or narrow `impl-patterns`; \
        that is why it defaults to warning. Enums, and the types of executable, test, \
        macro and plugin targets, are never reported (nothing imports them, or the \
        compiler requires them to be public). The uses from other modules are listed as \
        related locations; when feature modules use the type, making it internal first \
        would break them, so the advice is to switch those uses to the protocol first \
        (`impl-crosses-boundary` reports each one).
        """,
        examples: [
            RuleExample("a public implementation next to its protocol", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Settings", dependencies: ["Storage"]),
                        .target(name: "Storage"),
                    ]
                )
                """,
                "Sources/Storage/Store.swift": """
                public protocol KeyValueStore {
                    func value(for key: String) -> String?
                }

                \u{2193}public final class DefaultKeyValueStore: KeyValueStore {
                    public init() {}
                    public func value(for key: String) -> String? { nil }
                }

                \u{2193}open class LiveCache: NSObject, KeyValueStore {
                    open func value(for key: String) -> String? { nil }
                }
                """,
                "Sources/Settings/Settings.swift": """
                import Storage

                let store = DefaultKeyValueStore()
                """,
            ]),
            RuleExample("internal implementations, public protocols and library defaults", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .executableTarget(name: "Tool", dependencies: ["Storage"]),
                        .target(name: "Storage"),
                    ]
                )
                """,
                "Sources/Storage/Store.swift": """
                public protocol KeyValueStore {
                    func value(for key: String) -> String?
                }

                final class DefaultKeyValueStore: KeyValueStore {
                    func value(for key: String) -> String? { nil }
                }

                public func makeStore() -> any KeyValueStore { DefaultKeyValueStore() }

                public struct DefaultDateFormat: Hashable {
                    public var pattern: String
                }
                """,
                "Sources/Tool/main.swift": """
                import Storage

                public final class LiveTool: KeyValueStore {
                    public func value(for key: String) -> String? { nil }
                }
                """,
            ]),
        ],
        analyses: [.implementations, .implementationUses]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let index = context.implementations
        var reported: [(name: String, declaration: ImplementationIndex.Declaration, abstraction: String)] = []
        for name in index.implementations.keys.sorted() {
            for declaration in index.implementations[name]! {
                let facts = declaration.declaration
                guard let access = facts.accessLevel, access >= .public else { continue }
                let module = context.graph.modules[declaration.module]
                guard module.kind != .test, !index.isCompositionRoot(declaration.module) else { continue }
                let abstractions = facts.inheritance.flatMap { $0.split(separator: "&").compactMap { ImplementationIndex.baseName(String($0)) } }
                    .filter { index.protocolNames.contains($0) }
                guard let abstraction = abstractions.first else { continue }
                // A file that several targets build declares the type once.
                if reported.contains(where: { $0.name == name && $0.declaration.site == declaration.site }) { continue }
                reported.append((name, declaration, abstraction))
            }
        }
        var usesByDeclaration: [String: [ImplementationIndex.Use]] = [:]
        let names = Set(reported.map(\.name))
        for use in context.implementationUses where names.contains(use.name) {
            usesByDeclaration["\(use.declaration.module)\u{1F}\(use.name)", default: []].append(use)
        }
        return reported.compactMap { name, declaration, abstraction in
            let facts = declaration.declaration
            let module = context.graph.modules[declaration.module]
            let uses = usesByDeclaration["\(declaration.module)\u{1F}\(name)"] ?? []
            let related = uses.flatMap { use in use.sites.map { (site: $0, user: use.user) } }
                .sorted { ($0.site.file, $0.site.line, $0.site.column) < ($1.site.file, $1.site.line, $1.site.column) }
                .map { RelatedLocation(file: $0.site.file, line: $0.site.line, message: "used by \(context.graph.modules[$0.user].id)") }
            // Other modules use it: making it internal first would break their build, and
            // `impl-crosses-boundary` reports each use. The advice says which step comes first.
            let users = Set(uses.filter { context.graph.modules[$0.user].kind != .test && !$0.sites.isEmpty && !index.isCompositionRoot($0.user) }
                .map { context.graph.modules[$0.user].id }).sorted()
            // Modules that build it where building it belongs — a composition root (an app
            // target), a DI registration, a needle component — need to see it: it can be no
            // less than `package` (all of them in its package) or `public`.
            let builderModules = uses.filter { context.graph.modules[$0.user].kind != .test
                && (index.isCompositionRoot($0.user) || !$0.wiringSites.isEmpty) }.map(\.user)
            let builders = Set(builderModules.map { context.graph.modules[$0].id }).sorted()
            let samePackage = builderModules.allSatisfy { context.graph.modules[$0].package == module.package }
            let builderClause = "\(ListFormat.and(builders)) \(builders.count == 1 ? "builds" : "build") it"
            let advice: String
            switch (users.isEmpty, builders.isEmpty, samePackage) {
            case (true, true, _):
                advice = "make it internal and expose \(abstraction) (through a factory or the DI container) instead"
            case (false, true, _):
                advice = "\(users.joined(separator: ", ")) \(users.count == 1 ? "uses" : "use") it directly (see impl-crosses-boundary): "
                    + "switch \(users.count == 1 ? "that use" : "those uses") to \(abstraction) first, then make it internal"
            case (true, false, true):
                advice = "\(builderClause) (in its package): make it package, not public"
            case (false, false, true):
                advice = "\(users.joined(separator: ", ")) \(users.count == 1 ? "uses" : "use") it directly (see impl-crosses-boundary): "
                    + "switch \(users.count == 1 ? "that use" : "those uses") to \(abstraction) first, then make it package (\(builderClause))"
            case (true, false, false):
                // Built where it should be, from another package: public is what that needs.
                return nil
            case (false, false, false):
                advice = "\(users.joined(separator: ", ")) \(users.count == 1 ? "uses" : "use") it directly (see impl-crosses-boundary): "
                    + "switch \(users.count == 1 ? "that use" : "those uses") to \(abstraction); it stays public because \(builderClause)"
            }
            return Finding(
                site: declaration.site,
                message: "\(name) implements \(abstraction) but is \(facts.accessLevel?.rawValue ?? "public"); " + advice,
                module: module.id,
                key: [module.id, facts.qualifiedName],
                related: related
            )
        }
    }
}
