import ModlintGraph

/// A required `@Dependency` of a configured module that nothing provides.
public struct MissingRequiredModule: Rule {
    public static let description = RuleDescription(
        id: "missing-required-module",
        defaultSeverity: .error,
        summary: "A configured Spezi module requires a module that the configuration neither lists nor can create.",
        rationale: """
        When a module declares `@Dependency(X.self) var x` (non-optional, without a default \
        value), Spezi looks for an `X` among the configured modules and, failing that, \
        creates one only when `X` is `DefaultInitializable`. Otherwise the app stops at \
        launch with `missingRequiredModule`. modlint follows every configuration of every \
        `SpeziAppDelegate` through the modules it lists and those created for their \
        dependencies, and reports each required module that is declared in the workspace \
        but never brought up. A dependency given its value in `init` \
        (`self._x = Dependency(wrappedValue: X(…))`, `_x = Dependency { X(…) }`) is \
        satisfied, and a module listed as a static instance (`Loader.shared`) counts as \
        configured. Dependencies on modules outside the workspace are not checked (their \
        initializers are not visible).

        Add the module to the configuration, give the dependency a default value \
        (`@Dependency var x = X()`), make `X` `DefaultInitializable`, or make the \
        dependency optional (`: X?`) when the module can work without it.
        """,
        examples: [
            RuleExample("a required module that the configuration does not list", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration {
                            SchedulerModule()
                        }
                    }
                }
                """,
                "Sources/App/Modules.swift": """
                import Spezi

                final class SchedulerModule: Module {
                    \u{2193}@Dependency(NotificationsModule.self) private var notifications
                }

                final class NotificationsModule: Module {
                    init(badge: Bool) {}
                }
                """,
            ]),
            RuleExample("a module of an external package that the app only extends is not judged", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration {
                            InterpretationModule()
                        }
                    }
                }
                """,
                "Sources/App/InterpretationModule.swift": """
                import Spezi
                import SpeziFHIR

                final class InterpretationModule: Module {
                    @Dependency(FHIRStore.self) private var store
                }

                // SpeziFHIR declares `FHIRStore` (with its initialisers); an extension here
                // says nothing about whether Spezi can create it.
                extension FHIRStore {
                    var summary: String { "" }
                }
                """,
            ]),
            RuleExample("values given in init, and a module configured as a static instance", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration {
                            SchedulerModule()
                            Loader.shared
                        }
                    }
                }
                """,
                "Sources/App/Modules.swift": """
                import Spezi

                final class SchedulerModule: Module {
                    @Dependency(StorageModule.self) private var storage
                    @Dependency(ClockModule.self) private var clock
                    @Dependency(Loader.self) private var loader

                    init() {
                        self._storage = Dependency(wrappedValue: StorageModule(path: "/tmp"))
                        _clock = Dependency { ClockModule(tick: 1) }
                    }
                }

                final class Loader: Module {
                    static let shared = Loader(url: "https://example.com")
                    init(url: String) {}
                }

                final class StorageModule: Module {
                    init(path: String) {}
                }

                final class ClockModule: Module {
                    init(tick: Int) {}
                }
                """,
            ]),
            RuleExample("a configured module whose Module conformance comes through a protocol of an unread package", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi
                import SpeziAccount

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration {
                            MyAccountService()
                            UsesService()
                        }
                    }
                }
                """,
                "Sources/App/Modules.swift": """
                import Spezi
                import SpeziAccount

                // `AccountService: Module` is declared in SpeziAccount, which is not read.
                final class MyAccountService: AccountService {
                    init() {}
                }

                final class UsesService: Module {
                    @Dependency(MyAccountService.self) private var service
                }
                """,
            ]),
            RuleExample("listed, DefaultInitializable, defaulted and optional dependencies", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration {
                            SchedulerModule()
                            #if DEBUG
                            NotificationsModule(badge: true)
                            #else
                            NotificationsModule(badge: false)
                            #endif
                        }
                    }
                }
                """,
                "Sources/App/Modules.swift": """
                import Spezi

                final class SchedulerModule: Module {
                    @Dependency(NotificationsModule.self) private var notifications
                    @Dependency(StorageModule.self) private var storage
                    @Dependency var logger = LoggerModule(level: 1)
                    @Dependency(TelemetryModule.self) private var telemetry: TelemetryModule?
                }

                final class NotificationsModule: Module {
                    init(badge: Bool) {}
                }

                final class StorageModule: Module, DefaultInitializable {
                    init() {}
                }

                final class LoggerModule: Module {
                    init(level: Int) {}
                }

                final class TelemetryModule: Module {
                    init(endpoint: String) {}
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
        return context.speziChecks.missingModules.map { missing in
            let dependency = missing.dependency
            let names = missing.configurations.map { "`\($0.id)` (\($0.site.shortDescription))" }.joined(separator: ", ")
            let related = missing.configurations.map {
                RelatedLocation(file: $0.site.file, line: $0.site.line, message: "`\($0.id)` does not configure `\(missing.required)`")
            }
            return Finding(
                site: Site(file: dependency.file, line: dependency.fact.line, column: dependency.fact.column),
                message: "`\(missing.module)` requires `\(missing.required)` through `@Dependency`, but \(names) \(missing.configurations.count == 1 ? "does" : "do") not "
                    + "configure it and `\(missing.required)` is not `DefaultInitializable`: Spezi stops at launch with missingRequiredModule",
                module: dependency.module,
                key: [missing.module, dependency.fact.property, missing.required],
                related: related,
                edges: [ModuleEdge(from: missing.module, to: missing.required)]
            )
        }
    }
}
