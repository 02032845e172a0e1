import ModlintGraph

/// The analyses rules read, in the order they build on each other. Each is built once per
/// lint, and only when some enabled rule needs it: a rule declares what it reads
/// (`RuleDescription.analyses`), and the linter starts those first, the highest rank first,
/// beside the rules that read none (a test checks every rule declares what it reads).
///
/// 0. `graph` — the module graph (`ModuleGraph`): targets, declared dependencies and
///    resolved imports. A stored property of `LintContext`, built before any rule runs.
/// 1. `architecture` — the configured layers, `allowed`/`forbidden` edges and composition
///    roots applied to the modules (`ArchitectureModel`): the layer and dependency rules,
///    and `modlint graph`'s layer clusters, read the same answer.
/// 2. `speziModel` — Spezi modules, Standards, configurations and what they require
///    (`SpeziModel`).
/// 3. `speziChecks` — what the Spezi model breaks (`SpeziChecks`): unmet Standard
///    constraints, constraints that are no Standard, missing modules, dependency cycles;
///    one rule reports each list.
/// 4. `dependencyInjection` — registrations, consumptions and keys of every DI framework
///    resolved over the module graph (`DIGraph`, `DIAnalysis`): duplicates, missing
///    registrations, cycles, missing test values.
/// 5. `implementations` — implementation types (`…Impl`, `Live…`, `Default…` that conform
///    to a workspace protocol) (`ImplementationIndex`), for the boundary rules.
/// 6. `implementationUses` — every use of those types from another module, resolved
///    through each file's imports: one pass over all type references, read by both
///    boundary rules.
/// 7. `undeclaredImports` — imports of workspace modules their importer does not declare,
///    with the declared path that reaches them and whether a default build compiles them
///    (`UndeclaredImports`).
/// 8. `unusedDependencies` — declared dependencies none of whose modules the target
///    imports, and what each still provides at run time (`UnusedDependencies`).
extension LintContext {
    var architecture: ArchitectureModel {
        shared.value(SharedAnalysis.architecture) { ArchitectureModel(workspace: workspace, graph: graph, configuration: configuration) }
    }

    var speziModel: SpeziModel {
        shared.value(SharedAnalysis.speziModel) { SpeziModel(workspace: workspace, graph: graph) }
    }

    var speziChecks: SpeziChecks {
        shared.value(SharedAnalysis.speziChecks) { SpeziChecks(model: speziModel) }
    }

    var dependencyInjection: (graph: DIGraph, analysis: DIAnalysis) {
        shared.value(SharedAnalysis.dependencyInjection) { DIAnalysis.of(workspace: workspace, graph: graph, settings: configuration.di) }
    }

    var implementations: ImplementationIndex {
        shared.value(SharedAnalysis.implementations) { ImplementationIndex(workspace: workspace, graph: graph, configuration: configuration) }
    }

    var undeclaredImports: UndeclaredImports {
        shared.value(SharedAnalysis.undeclaredImports) { UndeclaredImports(workspace: workspace, graph: graph, platforms: configuration.platforms) }
    }

    var unusedDependencies: UnusedDependencies {
        shared.value(SharedAnalysis.unusedDependencies) { UnusedDependencies(workspace: workspace, graph: graph) }
    }

    var implementationUses: [ImplementationIndex.Use] {
        shared.value(SharedAnalysis.implementationUses) { implementations.crossModuleUses() }
    }
}

/// The analyses as rules declare them (`RuleDescription.analyses`); `rank` is the place in
/// the list above.
extension SharedAnalysis {
    static let architecture = SharedAnalysis(name: "architecture", rank: 1) { _ = $0.architecture }
    static let speziModel = SharedAnalysis(name: "speziModel", rank: 2) { _ = $0.speziModel }
    static let speziChecks = SharedAnalysis(name: "speziChecks", rank: 3, buildsOn: [speziModel.name]) { _ = $0.speziChecks }
    static let dependencyInjection = SharedAnalysis(name: "dependencyInjection", rank: 4) { _ = $0.dependencyInjection }
    static let implementations = SharedAnalysis(name: "implementations", rank: 5) { _ = $0.implementations }
    static let implementationUses = SharedAnalysis(name: "implementationUses", rank: 6, buildsOn: [implementations.name]) { _ = $0.implementationUses }
    static let undeclaredImports = SharedAnalysis(name: "undeclaredImports", rank: 7) { _ = $0.undeclaredImports }
    static let unusedDependencies = SharedAnalysis(name: "unusedDependencies", rank: 8) { _ = $0.unusedDependencies }
}
