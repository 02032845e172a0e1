import ModlintGraph

/// A configured module requires a Standard constraint that the configuration's Standard
/// does not conform to.
public struct MissingStandardConstraint: Rule {
    public static let description = RuleDescription(
        id: "missing-standard-constraint",
        defaultSeverity: .error,
        summary: "A module of a Spezi configuration requires a Standard constraint that the configuration's Standard does not conform to.",
        rationale: """
        A Spezi module states what it needs from the app's Standard with \
        `@StandardActor var standard: any HealthConstraint` (or names a concrete Standard \
        type). Spezi checks it only when the app launches and stops with \
        `unsatisfiedStandardConstraint` when the Standard passed to \
        `Configuration(standard:)` does not conform. modlint checks every configuration of \
        every `SpeziAppDelegate`: the modules it lists (in `if` and `#if` branches, nested as \
        arguments or in trailing closures, or returned by computed properties and \
        `@DependencyCollectionBuilder` collections) and the modules Spezi creates for \
        their `@Dependency` declarations. A Standard's conformances are the union of its \
        declaration and all of its extensions in the workspace, through protocol \
        inheritance. Optional requirements (`(any P)?`, or `any Standard` checked with \
        `as?`) are not checked.

        The finding sits on the Standard of the configuration; the message and the related \
        locations name the module's requirement and the Standard's declaration. Add the \
        conformance (`extension ExampleStandard: HealthConstraint { … }`), or remove the \
        module from that configuration.
        """,
        examples: [
            RuleExample("the Standard misses a constraint that a configured module requires", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration(standard: \u{2193}ExampleStandard()) {
                            HealthModule()
                        }
                    }
                }
                """,
                "Sources/App/ExampleStandard.swift": """
                import Spezi

                actor ExampleStandard: Standard {}
                """,
                "Sources/App/HealthModule.swift": """
                import Spezi

                protocol HealthConstraint: Standard {
                    func add(sample: Double) async
                }

                final class HealthModule: Module {
                    @StandardActor var standard: any HealthConstraint
                }
                """,
            ]),
            RuleExample("a module created through @Dependency requires a concrete Standard", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        \u{2193}Configuration {
                            UploadModule()
                        }
                    }
                }
                """,
                "Sources/App/Modules.swift": """
                import Spezi

                actor CloudStandard: Standard {}

                final class UploadModule: Module {
                    @Dependency(Uploader.self) var uploader
                }

                final class Uploader: Module, DefaultInitializable {
                    @StandardActor
                    @ObservationIgnored
                    private var standard: CloudStandard

                    init() {}
                }
                """,
            ]),
            RuleExample("modules passed as arguments and modules of a @DependencyCollectionBuilder collection", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration(standard: \u{2193}\u{2193}ExampleStandard()) {
                            AccountConfiguration(service: FirebaseAccountService())
                            extras
                        }
                    }

                    @DependencyCollectionBuilder<any Module>
                    var extras: DependencyCollection {
                        UploadModule()
                    }
                }
                """,
                "Sources/App/ExampleStandard.swift": """
                import Spezi

                actor ExampleStandard: Standard {}
                """,
                "Sources/App/Modules.swift": """
                import Spezi

                protocol AccountConstraint: Standard {}
                protocol UploadConstraint: Standard {}

                final class AccountConfiguration: Module {
                    init(service: any Module) {}
                }

                final class FirebaseAccountService: Module {
                    @StandardActor var standard: any AccountConstraint
                }

                final class UploadModule: Module {
                    @StandardActor var standard: any UploadConstraint
                }
                """,
            ]),
            RuleExample("the conformance comes from an extension in another file", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/AppDelegate.swift": """
                import Spezi

                class AppDelegate: SpeziAppDelegate {
                    override var configuration: Configuration {
                        Configuration(standard: ExampleStandard()) {
                            HealthModule()
                        }
                    }
                }
                """,
                "Sources/App/ExampleStandard.swift": """
                import Spezi

                actor ExampleStandard: Standard {}
                """,
                "Sources/App/ExampleStandard+Health.swift": """
                extension ExampleStandard: HealthConstraint {
                    func add(sample: Double) async {}
                }
                """,
                "Sources/App/HealthModule.swift": """
                import Spezi

                protocol HealthConstraint: Standard {
                    func add(sample: Double) async
                }

                final class HealthModule: Module {
                    @StandardActor var standard: any HealthConstraint
                    @StandardActor var optionalStandard: (any HealthConstraint)?
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
        return context.speziChecks.unmetConstraints.map { unmet in
            let configuration = unmet.configuration
            let requirement = unmet.requirement
            let requirementSite = Site(file: requirement.file, line: requirement.fact.line, column: requirement.fact.column)
            let standardDeclaration = model.types[configuration.standard]?.site
            let what = requirement.fact.kind == .concrete
                ? "requires the Standard to be `\(unmet.required)`"
                : "requires the Standard to conform to `\(unmet.required)`"
            var message = "`\(unmet.module.name)` \(what) (\(requirementSite.shortDescription)), but `\(configuration.standard)`, "
                + "the Standard of this configuration, does not"
            if let standardDeclaration { message += " (\(standardDeclaration.shortDescription))" }
            if let requiredBy = unmet.module.requiredBy { message += "; `\(unmet.module.name)` is created for a `@Dependency` of `\(requiredBy)`" }
            message += ": Spezi stops at launch with unsatisfiedStandardConstraint"
            var related = [RelatedLocation(file: requirement.file, line: requirement.fact.line,
                                           message: "`\(unmet.module.name)` requires `\(unmet.required)` here")]
            if let standardDeclaration {
                related.append(RelatedLocation(file: standardDeclaration.file, line: standardDeclaration.line,
                                               message: "`\(configuration.standard)` is declared here"))
            }
            related.append(RelatedLocation(file: unmet.module.site.file, line: unmet.module.site.line,
                                           message: "`\(unmet.module.name)` is brought into the configuration here"))
            return Finding(site: configuration.standardSite, message: message, module: configuration.module,
                           key: [configuration.id, unmet.module.name, unmet.required], related: related,
                           edges: [ModuleEdge(from: unmet.module.name, to: unmet.required)])
        }
    }
}
