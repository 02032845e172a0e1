import ModlintFacts

/// What the Spezi rules (and the red edges of `modlint graph --view spezi`) report, computed
/// once from a `SpeziModel`. Every list is sorted so that output is deterministic.
public struct SpeziChecks: Sendable {
    /// A module of a configuration requires a constraint (or a concrete Standard) that the
    /// configuration's Standard does not satisfy.
    public struct UnmetConstraint: Sendable {
        public var configuration: SpeziModel.ResolvedConfiguration
        public var module: SpeziModel.ConfiguredModule
        public var requirement: SpeziModel.Located<SpeziStandardRequirement>
        /// The constraint protocol or the concrete Standard that is required.
        public var required: String
    }

    /// A hard `@StandardActor` constraint that names a protocol not refining `Standard`.
    public struct NonStandardConstraint: Sendable {
        public var requirement: SpeziModel.Located<SpeziStandardRequirement>
        public var use: SpeziTypeUse
    }

    /// A required `@Dependency` whose module no configuration provides.
    public struct MissingModule: Sendable {
        public var dependency: SpeziModel.Located<SpeziDependency>
        public var module: String
        public var required: String
        public var configurations: [SpeziModel.ResolvedConfiguration]
    }

    /// An elementary cycle of required `@Dependency` edges, starting at its
    /// alphabetically first module.
    public struct DependencyCycle: Sendable {
        public var modules: [String]
        /// `edges[i]` is the dependency of `modules[i]` on `modules[i + 1]` (wrapping).
        public var edges: [SpeziModel.Located<SpeziDependency>]
    }

    public private(set) var unmetConstraints: [UnmetConstraint] = []
    public private(set) var nonStandardConstraints: [NonStandardConstraint] = []
    public private(set) var missingModules: [MissingModule] = []
    public private(set) var cycles: [DependencyCycle] = []

    public init(model: SpeziModel) {
        unmetConstraints = Self.unmetConstraints(model)
        nonStandardConstraints = Self.nonStandardConstraints(model)
        missingModules = Self.missingModules(model)
        cycles = Self.cycles(model)
    }

    private static func unmetConstraints(_ model: SpeziModel) -> [UnmetConstraint] {
        var result: [UnmetConstraint] = []
        for configuration in model.configurations {
            guard let conformances = model.standardConformances(configuration.standard) else { continue }
            for module in configuration.modules {
                for requirement in model.requirements(of: module.name) {
                    let fact = requirement.fact
                    switch fact.kind {
                    case .soft:
                        continue
                    case .concrete:
                        for use in fact.types where !conformances.contains(use.name) && model.isStandard(use.name) {
                            result.append(UnmetConstraint(configuration: configuration, module: module, requirement: requirement, required: use.name))
                        }
                    case .constraint:
                        for use in fact.types where !conformances.contains(use.name) && model.isConstraintProtocol(use.name) {
                            result.append(UnmetConstraint(configuration: configuration, module: module, requirement: requirement, required: use.name))
                        }
                    }
                }
            }
        }
        return result
    }

    private static func nonStandardConstraints(_ model: SpeziModel) -> [NonStandardConstraint] {
        var result: [NonStandardConstraint] = []
        for requirement in model.requirements where requirement.fact.kind == .constraint {
            for use in requirement.fact.types {
                guard let info = model.types[use.name], info.isProtocol, !info.conformances.contains("Standard") else { continue }
                result.append(NonStandardConstraint(requirement: requirement, use: use))
            }
        }
        return result
    }

    private static func missingModules(_ model: SpeziModel) -> [MissingModule] {
        var byDependency: [String: MissingModule] = [:]
        var order: [String] = []
        for configuration in model.configurations {
            let present = Set(configuration.modules.map(\.name))
            for module in configuration.modules {
                for dependency in model.dependencies(of: module.name) {
                    let fact = dependency.fact
                    // Only a type declared in the workspace can be judged: an extension of an
                    // external module (`extension FHIRStore`) says nothing about its initialisers.
                    guard fact.needsConfiguration, let type = fact.type, model.types[type]?.kind != nil,
                          !present.contains(type), !model.isDefaultInitializable(type) else { continue }
                    let key = "\(dependency.file):\(fact.line):\(fact.column)"
                    if byDependency[key] == nil {
                        order.append(key)
                        byDependency[key] = MissingModule(dependency: dependency, module: module.name, required: type, configurations: [])
                    }
                    byDependency[key]!.configurations.append(configuration)
                }
            }
        }
        return order.map { byDependency[$0]! }
    }

    private static func cycles(_ model: SpeziModel) -> [DependencyCycle] {
        let edges = model.requiredEdges()
        let names = Array(Set(edges.flatMap { [$0.from, $0.to] })).sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var adjacency = [[Int]](repeating: [], count: names.count)
        var firstEdge: [String: SpeziModel.Located<SpeziDependency>] = [:]
        for edge in edges {
            adjacency[index[edge.from]!].append(index[edge.to]!)
            let key = "\(edge.from)\u{0}\(edge.to)"
            if firstEdge[key] == nil { firstEdge[key] = edge.dependency }
        }
        return Cycles.elementaryCycles(adjacency).map { cycle in
            let modules = cycle.map { names[$0] }
            let cycleEdges = modules.indices.map { firstEdge["\(modules[$0])\u{0}\(modules[($0 + 1) % modules.count])"]! }
            return DependencyCycle(modules: modules, edges: cycleEdges)
        }
    }
}
