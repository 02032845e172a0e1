
/// Every rule modlint ships, in the order they run. A test fails when a rule file in
/// `Rules/` is missing here or when `docs/rules/` is out of date.
public enum BuiltinRules {
    public static let all: [any Rule] = [
        // Module graph.
        TargetCycle(),
        UndeclaredImport(),

        // Module-graph architecture rules.
        ImportCycle(),
        UnusedDependency(),
        LayerViolation(),
        ForbiddenDependency(),
        MaxDepth(),

        // Boundaries and dependency injection.
        ImplCrossesBoundary(),
        PublicImpl(),
        DuplicateRegistration(),
        MissingRegistration(),
        DICycle(),
        MissingTestValue(),

        // Spezi.
        MissingStandardConstraint(),
        ConstraintNotStandard(),
        SpeziDependencyCycle(),
        MissingRequiredModule(),
        ProvideInConfigure(),
        CollectBeforeConfigure(),

        // MVVM.
        ViewModelImportsUI(),
        NavigationBypassesNavigator(),

        // Suppressions and baselines.
        InvalidSuppression(),
        SuperfluousSuppression(),

        // Input problems.
        InvalidManifest(),
        UnreadBuildDescription(),
        StaleGeneratedProject(),
        SupersededBuildDescription(),
        UnresolvedManifest(),
        InvalidSource(),
        FilesInNoTarget(),
        UnreadDependency(),
    ]

    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.description.id == id }
    }
}
