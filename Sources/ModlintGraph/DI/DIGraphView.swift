import ModlintWorkspace

/// The `di` view: keys, their implementations, registering and consuming modules
/// (placeholder: filled by the DI work).
public enum DIGraphView {
    public static func make(workspace: Workspace, graph: ModuleGraph, options: ViewOptions) -> GraphView {
        GraphView(name: .di, nodes: [], edges: [])
    }
}
