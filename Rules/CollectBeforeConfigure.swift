import ModlintGraph

/// A module reads a `@Collect` property in its initializer.
public struct CollectBeforeConfigure: Rule {
    public static let description = RuleDescription(
        id: "collect-before-configure",
        defaultSeverity: .error,
        summary: "A Spezi module reads one of its @Collect properties in init, before Spezi injected the values.",
        rationale: """
        Spezi injects the values of `@Collect` properties after every module was created \
        and before `configure()` is called. In `init` nothing has been collected yet: \
        reading the property stops the app with a precondition failure the first time the \
        module is created.

        Move the code that needs the collected values into `configure()` (or later).
        """,
        examples: [
            RuleExample("the initializer reads collected values", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/SchedulerModule.swift": """
                import Spezi

                final class SchedulerModule: Module {
                    @Collect private var tasks: [String]
                    private let count: Int

                    init() {
                        count = \u{2193}tasks.count
                    }
                }
                """,
            ]),
            RuleExample("collected values are read in configure()", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/SchedulerModule.swift": """
                import Spezi

                final class SchedulerModule: Module {
                    @Collect private var tasks: [String]
                    private var count = 0

                    init() {}

                    func configure() {
                        count = tasks.count
                    }
                }
                """,
            ]),
        ],
        analyses: [.speziModel]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        SpeziLifecycleMisuse.findings(context, wrapper: .collect, function: .initializer) { owner, read in
            "`\(owner)` reads its `@Collect` property `\(read.fact.name)` in `init`, before Spezi injects the collected values "
                + "(they arrive before `configure()`)"
        }
    }
}
