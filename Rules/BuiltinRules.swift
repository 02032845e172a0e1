import ModlintRuleEngine

/// Every rule modlint ships, in the order they run. A test fails when a rule file in
/// `Rules/` is missing here or when `docs/rules/` is out of date.
public enum BuiltinRules {
    public static let all: [any Rule] = [
        // Module graph.
        TargetCycle(),
        UndeclaredImport(),

        // Module-graph architecture rules.

        // Boundaries and dependency injection.
        DuplicateRegistration(),
        MissingRegistration(),
        DICycle(),
        MissingTestValue(),

        // Spezi.

        // MVVM.

        // Suppressions and baselines.

        // Input problems.
        UnresolvedManifest(),
        InvalidSource(),
    ]

    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.description.id == id }
    }
}
