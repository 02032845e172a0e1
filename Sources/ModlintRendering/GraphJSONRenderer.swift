import ModlintJSON
import ModlintGraph

/// `GraphView` → the `modlint graph --format json` document:
/// `{"version":1,"view":…,"nodes":[{"id","kind","package","path"}],"edges":[{"from","to","kind"}]}`.
///
/// `package`/`path` are `null` for nodes outside the workspace; `layer` is added to a node
/// and `violations` to an edge only when present; a module's node lists its Swift files
/// (`files`, relative to the workspace root). Pretty-printed (2 spaces), keys in
/// schema order, trailing newline.
public struct GraphJSONRenderer: Sendable {
    public static let version = 1

    public init() {}

    /// With `metrics`, each node of a module gets `"metrics": {"fanIn", "fanOut",
    /// "instability", "depth"}` and the document a top-level `"longestChain"`.
    public func render(_ view: GraphView, metrics: ModuleMetrics? = nil) -> String {
        let nodes: [JSONValue] = view.nodes.map { node in
            var members: [(String, JSONValue)] = [
                ("id", .string(node.id)),
                ("kind", .string(node.kind.rawValue)),
                ("package", node.package.map(JSONValue.string) ?? .null),
                ("path", node.path.map(JSONValue.string) ?? .null),
            ]
            if let layer = node.layer { members.append(("layer", .string(layer))) }
            if let files = node.files { members.append(("files", .array(files.map(JSONValue.string)))) }
            if let entry = metrics?.entry(for: node.id) {
                members.append(("metrics", .object([
                    ("fanIn", .int(entry.fanIn)), ("fanOut", .int(entry.fanOut)),
                    ("instability", .number(entry.instability)), ("depth", .int(entry.depth)),
                ])))
            }
            return .object(members)
        }
        let edges: [JSONValue] = view.edges.map { edge in
            var members: [(String, JSONValue)] = [
                ("from", .string(edge.from)),
                ("to", .string(edge.to)),
                ("kind", .string(edge.kind.rawValue)),
            ]
            if !edge.violations.isEmpty {
                members.append(("violations", .array(edge.violations.map(JSONValue.string))))
            }
            return .object(members)
        }
        var members: [(String, JSONValue)] = [
            ("version", .int(Self.version)),
            ("view", .string(view.name.rawValue)),
            ("nodes", .array(nodes)),
            ("edges", .array(edges)),
        ]
        if let metrics {
            members.append(("longestChain", .array(metrics.longestChain.map(JSONValue.string))))
        }
        let document = JSONValue.object(members)
        return document.serialized(indent: 2) + "\n"
    }
}
