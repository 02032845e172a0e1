import ModlintRuleEngine

/// Every rule modlint ships, in the order they run. A test fails when a rule file in
/// `Rules/` is missing here or when `docs/rules/` is out of date.
public enum BuiltinRules {
    public static let all: [any Rule] = [
        TargetCycle(),
        UndeclaredImport(),
        UnresolvedManifest(),
        InvalidSource(),
    ]

    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.description.id == id }
    }
}
