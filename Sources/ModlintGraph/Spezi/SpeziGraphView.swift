import ModlintFacts
import ModlintWorkspace

/// The `spezi` view: configurations, standards with their constraints, modules and their
/// `@Dependency` edges.
///
/// Edges (all of kind `dependency`): configuration → Standard, configuration → each module
/// it lists, module → module for `@Dependency`, Standard → constraint protocol it conforms
/// to, module → constraint (or concrete Standard) it requires. Unmet constraints, missing
/// required modules and dependency cycles are drawn red from the lint result (the Spezi
/// rules' `edges`), like every view's violations.
/// Modules are `library` nodes whose path is the file that declares the type.
public enum SpeziGraphView {
    public static func make(workspace: Workspace, graph: ModuleGraph, options: ViewOptions) -> GraphView {
        let model = SpeziModel(workspace: workspace, graph: graph)
        var builder = Builder(model: model, workspace: workspace)

        for configuration in model.configurations {
            builder.node(configuration.id, kind: .configuration, module: configuration.module, path: configuration.file)
            builder.typeNode(configuration.standard)
            builder.edge(configuration.id, configuration.standard)
            for module in configuration.modules where module.requiredBy == nil {
                builder.typeNode(module.name)
                builder.edge(configuration.id, module.name)
            }
        }
        for name in model.types.keys.sorted() where model.isModule(name) || model.isConstraintProtocol(name) {
            builder.typeNode(name)
        }
        for dependency in model.dependencies {
            let owner = SpeziModel.simpleName(dependency.fact.owner)
            guard model.isModule(owner) else { continue }
            let targets = dependency.fact.isCollection ? dependency.fact.defaultTypes.map(\.name) : [dependency.fact.type].compactMap { $0 }
            for target in targets where model.types[target] != nil {
                builder.typeNode(target)
                builder.edge(owner, target)
            }
        }
        for name in model.types.keys.sorted() where model.isStandard(name) {
            for constraint in model.types[name]!.conformances.sorted() where model.isConstraintProtocol(constraint) {
                builder.edge(name, constraint)
            }
        }
        for requirement in model.requirements where requirement.fact.kind != .soft {
            let owner = SpeziModel.simpleName(requirement.fact.owner)
            guard model.isModule(owner) else { continue }
            for use in requirement.fact.types where model.types[use.name] != nil {
                builder.typeNode(use.name)
                builder.edge(owner, use.name)
            }
        }
        let edges = builder.edges.map { edge in
            GraphEdge(from: edge.from, to: edge.to, kind: .dependency,
                      violations: [])
        }
        return GraphView(name: .spezi, nodes: Array(builder.nodes.values), edges: edges)
    }

    private struct Builder {
        let model: SpeziModel
        let packageOfModule: [String: String]
        var nodes: [String: GraphNode] = [:]
        var edges: [(from: String, to: String)] = []

        init(model: SpeziModel, workspace: Workspace) {
            self.model = model
            var packageOfModule: [String: String] = [:]
            for package in workspace.packages {
                for target in package.targets { packageOfModule[target.name] = package.identity }
            }
            self.packageOfModule = packageOfModule
        }

        mutating func node(_ id: String, kind: GraphNode.Kind, module: String?, path: String?) {
            guard nodes[id] == nil else { return }
            let package = module.flatMap { packageOfModule[Paths.lastComponent($0)] }
            nodes[id] = GraphNode(id: id, kind: kind, package: package, path: path)
        }

        /// A node for a Spezi type: Standard, constraint protocol, module, or external.
        mutating func typeNode(_ name: String) {
            guard let info = model.types[name] else {
                let isDefault = name == SpeziModel.defaultStandard
                node(name, kind: isDefault ? .standard : .external, module: nil, path: nil)
                return
            }
            // Protocols here are used as constraints, refining `Standard` or not.
            let kind: GraphNode.Kind = model.isStandard(name) ? .standard : info.isProtocol ? .constraint : .library
            node(name, kind: kind, module: info.module, path: info.site.file)
        }

        mutating func edge(_ from: String, _ to: String) {
            edges.append((from, to))
        }
    }
}
