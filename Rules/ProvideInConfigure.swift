import ModlintGraph

/// A module reads its own `@Provide` property inside `configure()`.
public struct ProvideInConfigure: Rule {
    public static let description = RuleDescription(
        id: "provide-in-configure",
        defaultSeverity: .warning,
        summary: "A Spezi module reads one of its @Provide properties inside configure().",
        rationale: """
        `@Provide` properties are a module's output: Spezi collects their values and hands \
        them to the `@Collect` properties of other modules as part of the module lifecycle. \
        Reading a provided value back inside `configure()` makes the module's setup depend \
        on its own output and on the moment Spezi collects it; the property wrapper is not \
        meant as the module's storage. Assigning the value (`provided = …`) is fine.

        Keep what `configure()` needs in a plain stored property and assign the provided \
        value from it.
        """,
        examples: [
            RuleExample("configure() reads the provided value", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/TasksModule.swift": """
                import Spezi

                final class TasksModule: Module {
                    @Provide var tasks: [String] = []

                    func configure() {
                        for task in \u{2193}tasks {
                            print(task)
                        }
                    }
                }
                """,
            ]),
            RuleExample("configure() assigns the provided value", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/TasksModule.swift": """
                import Spezi

                final class TasksModule: Module {
                    @Provide var tasks: [String] = []
                    private let initialTasks = ["Walk"]

                    func configure() {
                        tasks = initialTasks
                    }

                    func refresh() {
                        print(tasks)
                    }
                }
                """,
            ]),
        ],
        analyses: [.speziModel]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        SpeziLifecycleMisuse.findings(context, wrapper: .provide, function: .configure) { owner, read in
            "`\(owner)` reads its `@Provide` property `\(read.fact.name)` inside `configure()`: provided values are the "
                + "module's output to other modules' `@Collect` properties, not its storage"
        }
    }
}
