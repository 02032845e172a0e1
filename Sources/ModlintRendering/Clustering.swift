import ModlintGraph

/// How nodes are grouped into clusters (DOT `subgraph "cluster_…"`, Mermaid `subgraph`).
public enum ClusterMode: Sendable, Equatable {
    /// No clusters.
    case none
    /// One cluster per package (`GraphNode.package`). Package nodes themselves
    /// (packages view) are never clustered.
    case package
    /// One cluster per leading `depth` components of `GraphNode.path`
    /// (`Modules/Core/Sources/Net` with depth 2 → `Modules/Core`).
    case folder(depth: Int = 1)
    /// One cluster per `GraphNode.layer`.
    case layer

    /// Parses `--cluster package|folder|layer|none` (`folder:N` sets the depth).
    public init?(argument: String) {
        switch argument {
        case "none": self = .none
        case "package": self = .package
        case "folder": self = .folder()
        case "layer": self = .layer
        default:
            guard argument.hasPrefix("folder:"), let depth = Int(argument.dropFirst("folder:".count)), depth > 0 else {
                return nil
            }
            self = .folder(depth: depth)
        }
    }

    /// The cluster a node belongs to, or `nil` when it stays at top level.
    public func clusterKey(for node: GraphNode) -> String? {
        switch self {
        case .none:
            return nil
        case .package:
            guard node.kind != .package, node.kind != .external else { return nil }
            return node.package
        case let .folder(depth):
            guard node.kind != .external, let path = node.path else { return nil }
            let components = path.split(separator: "/", omittingEmptySubsequences: true)
                .filter { $0 != "." }
            guard !components.isEmpty else { return nil }
            return components.prefix(max(depth, 1)).joined(separator: "/")
        case .layer:
            return node.layer
        }
    }
}

/// Nodes split into sorted clusters plus the nodes that stay at top level.
struct ClusteredNodes {
    var clusters: [(key: String, nodes: [GraphNode])]
    var loose: [GraphNode]

    init(_ nodes: [GraphNode], mode: ClusterMode) {
        var byKey: [String: [GraphNode]] = [:]
        var loose: [GraphNode] = []
        for node in nodes {
            if let key = mode.clusterKey(for: node) {
                byKey[key, default: []].append(node)
            } else {
                loose.append(node)
            }
        }
        clusters = byKey.keys.sorted().map { ($0, byKey[$0]!) }
        self.loose = loose
    }
}
