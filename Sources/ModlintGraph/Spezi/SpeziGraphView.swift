import ModlintWorkspace

/// The `spezi` view: configurations, standards, modules and their dependencies
/// (placeholder: filled by the Spezi work).
public enum SpeziGraphView {
    public static func make(workspace: Workspace, graph: ModuleGraph, options: ViewOptions) -> GraphView {
        GraphView(name: .spezi, nodes: [], edges: [])
    }
}
