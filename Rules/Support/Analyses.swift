import ModlintGraph
import ModlintRuleEngine

/// The workspace-wide analyses rules share, each built once per lint, on first use, by
/// whichever rule asks first (rules run concurrently; the others wait for it). The module
/// graph itself is `LintContext.graph`, built before any rule runs.
///
/// 1. `speziModel` — Spezi modules, standards, configurations and what they require
///    (`SpeziModel`); the Spezi rules check it through `SpeziChecks`.
/// 2. `dependencyInjection` — registrations, consumptions and keys of every DI framework
///    resolved over the module graph (`DIAnalysis`): duplicates, missing registrations,
///    cycles, missing test values.
/// 3. `implementations` — implementation types (`…Impl`, `Live…`, `Default…` that conform
///    to a workspace protocol) and their uses across modules (`ImplementationIndex`), for
///    the boundary rules.
extension LintContext {
    var speziModel: SpeziModel {
        shared.value { SpeziModel(workspace: workspace, graph: graph) }
    }

    var dependencyInjection: (graph: DIGraph, analysis: DIAnalysis) {
        shared.value { DIAnalysis.of(workspace: workspace, graph: graph, settings: configuration.di) }
    }

    var implementations: ImplementationIndex {
        shared.value { ImplementationIndex(self) }
    }
}
