import ModlintGraph

/// Spezi modules whose required `@Dependency` declarations form a cycle.
public struct SpeziDependencyCycle: Rule {
    public static let description = RuleDescription(
        id: "spezi-dependency-cycle",
        defaultSeverity: .error,
        summary: "Spezi modules whose required @Dependency declarations form a cycle.",
        rationale: """
        Spezi resolves `@Dependency` declarations depth first when the app launches and \
        stops with a `preconditionFailure` when a module requires a module that is already \
        in its own dependency chain. Only required dependencies count: a non-optional \
        `@Dependency(X.self) var x`, one with a default value, and the modules built for a \
        `[any Module]` dependency. An optional dependency (`: X?`) does not create a cycle, \
        nor does a module that requires the concrete Standard through `@StandardActor` while \
        the Standard depends on that module.

        Each elementary cycle is reported once, at the `@Dependency` of its alphabetically \
        first module, with the path as Spezi prints it. Break the cycle by making one \
        dependency optional, or by moving what both modules need into a third module.
        """,
        examples: [
            RuleExample("two modules depend on each other", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/Account.swift": """
                import Spezi

                final class AccountModule: Module, DefaultInitializable {
                    \u{2193}@Dependency(StorageModule.self) var storage

                    init() {}
                }
                """,
                "Sources/App/Storage.swift": """
                import Spezi

                final class StorageModule: Module, DefaultInitializable {
                    @Dependency var account = AccountModule()

                    init() {}
                }
                """,
            ]),
            RuleExample("a module handed to another module's builder depends back on it", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration {
                            StorageModule {
                                \u{2193}SyncModule()
                            }
                        }
                    }
                }
                """,
                "Sources/App/Modules.swift": """
                import Spezi

                final class StorageModule: Module {
                    @Dependency private var plugins: [any Module]

                    init(@ModuleBuilder _ plugins: () -> ModuleCollection) {
                        _plugins = Dependency(using: plugins())
                    }
                }

                final class SyncModule: Module {
                    @Dependency(StorageModule.self) private var storage
                }
                """,
            ]),
            RuleExample("an optional back edge and a module requiring the concrete Standard", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/Modules.swift": """
                import Spezi

                actor ExampleStandard: Standard {
                    @Dependency(AccountModule.self) var account
                }

                final class AccountModule: Module, DefaultInitializable {
                    @Dependency(StorageModule.self) var storage
                    @StandardActor var standard: ExampleStandard

                    init() {}
                }

                final class StorageModule: Module, DefaultInitializable {
                    @Dependency(AccountModule.self) var account: AccountModule?

                    init() {}
                }
                """,
            ]),
        ],
        edgeView: .spezi,
        analyses: [.speziModel, .speziChecks]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let model = context.speziModel
        guard !model.isEmpty else { return [] }
        return context.speziChecks.cycles.map { cycle in
            let path = (cycle.modules + [cycle.modules[0]]).joined(separator: " -> ")
            let last = cycle.modules[cycle.modules.count - 1]
            let related = cycle.edges.indices.dropFirst().map { position in
                RelatedLocation(file: cycle.edges[position].file, line: cycle.edges[position].fact.line,
                                message: "`\(cycle.modules[position])` depends on `\(cycle.modules[(position + 1) % cycle.modules.count])`")
            }
            let first = cycle.edges[0]
            return Finding(
                site: Site(file: first.file, line: first.fact.line, column: first.fact.column),
                message: "Spezi module dependency cycle: \(path). Spezi stops at launch: the dependency chain is "
                    + "\(cycle.modules.joined(separator: ", ")); the module '\(last)' requires '\(cycle.modules[0])', "
                    + "which is contained in its own dependency chain",
                module: first.module,
                key: cycle.modules,
                related: related,
                edges: cycle.modules.indices.map { ModuleEdge(from: cycle.modules[$0], to: cycle.modules[($0 + 1) % cycle.modules.count]) }
            )
        }
    }
}
