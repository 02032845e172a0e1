import ModlintGraph
import ModlintJSON

/// Options for `MermaidRenderer`.
public struct MermaidOptions: Sendable, Equatable {
    public var cluster: ClusterMode
    /// Emitted as front matter (`title:`); `nil` for none.
    public var title: String?
    /// `TB` (default), `LR`, `BT` or `RL`.
    public var direction: String
    /// Text shown for a cluster key or node id instead of the key itself.
    public var displayNames: [String: String]
    /// Node ids drawn as composition roots.
    public var compositionRoots: Set<String>

    public init(cluster: ClusterMode = .package, title: String? = nil, direction: String = "TB",
                displayNames: [String: String] = [:], compositionRoots: Set<String> = []) {
        self.cluster = cluster
        self.title = title
        self.direction = direction
        self.displayNames = displayNames
        self.compositionRoots = compositionRoots
    }
}

/// `GraphView` → Mermaid `flowchart` text (for Markdown docs). Deterministic.
///
/// Node ids are sanitized to `n_<letters digits _>` (made unique when two ids sanitize to
/// the same text); labels keep the real id. Edges with violations are drawn red through
/// `linkStyle` and labelled with their rule ids.
public struct MermaidRenderer: Sendable {
    public var options: MermaidOptions

    public init(options: MermaidOptions = MermaidOptions()) {
        self.options = options
    }

    public func render(_ view: GraphView) -> String {
        var ids = IdentifierTable(prefix: "n_")
        var groupIds = IdentifierTable(prefix: "g_")
        var out = ""
        if let title = options.title {
            out += "---\ntitle: \(MermaidText.label(title))\n---\n"
        }
        out += "flowchart \(options.direction)\n"

        let clustered = ClusteredNodes(view.nodes, mode: options.cluster)
        for (key, nodes) in clustered.clusters {
            out += "  subgraph \(groupIds.id(for: key))[\"\(MermaidText.label(options.displayNames[key] ?? key))\"]\n"
            for node in nodes {
                out += "    " + nodeStatement(node, id: ids.id(for: node.id)) + "\n"
            }
            out += "  end\n"
        }
        for node in clustered.loose {
            out += "  " + nodeStatement(node, id: ids.id(for: node.id)) + "\n"
        }

        var violationLinks: [Int] = []
        for (index, edge) in view.edges.enumerated() {
            let arrow: String
            switch edge.kind {
            case .dependency: arrow = "-->"
            case .import: arrow = "-.->"
            case .package, .binds: arrow = "==>"
            case .registers: arrow = "-->"
            case .consumes, .resolves: arrow = "-.->"
            }
            var line = "  \(ids.id(for: edge.from)) \(arrow)"
            if !edge.violations.isEmpty {
                line += "|\"\(MermaidText.label(edge.violations.joined(separator: ", ")))\"|"
                violationLinks.append(index)
            }
            out += line + " \(ids.id(for: edge.to))\n"
        }

        let usedKinds = Set(view.nodes.map(\.kind))
        for kind in GraphNode.Kind.allCases where usedKinds.contains(kind) {
            out += "  classDef \(kind.rawValue) \(Self.classStyle(kind))\n"
        }
        for kind in GraphNode.Kind.allCases where usedKinds.contains(kind) {
            let members = view.nodes.filter { $0.kind == kind }.map { ids.id(for: $0.id) }
            out += "  class \(members.joined(separator: ",")) \(kind.rawValue)\n"
        }
        let roots = view.nodes.filter { options.compositionRoots.contains($0.id) }.map { ids.id(for: $0.id) }
        if !roots.isEmpty {
            out += "  classDef compositionRoot fill:\(DiagramPalette.compositionRoot.fill),stroke:\(DiagramPalette.compositionRoot.stroke),stroke-width:3px\n"
            out += "  class \(roots.joined(separator: ",")) compositionRoot\n"
        }
        if !violationLinks.isEmpty {
            out += "  linkStyle \(violationLinks.map(String.init).joined(separator: ",")) "
                + "stroke:\(DOTRenderer.violationColor),stroke-width:2px,color:\(DOTRenderer.violationColor)\n"
        }
        return out
    }

    private func nodeStatement(_ node: GraphNode, id: String) -> String {
        let text = "\"\(MermaidText.label(options.displayNames[node.id] ?? node.id))\""
        switch node.kind {
        case .library, .package: return "\(id)[\(text)]"
        case .executable: return "\(id)[[\(text)]]"
        case .app: return "\(id)(((\(text))))"
        case .appExtension: return "\(id)((\(text)))"
        case .framework: return "\(id)[[\(text)]]"
        case .test: return "\(id)[/\(text)/]"
        case .macro: return "\(id){{\(text)}}"
        case .plugin: return "\(id)>\(text)]"
        case .system, .binary: return "\(id)[(\(text))]"
        case .external: return "\(id)([\(text)])"
        case .standard: return "\(id){{\(text)}}"
        case .configuration: return "\(id)[/\(text)\\]"
        case .constraint: return "\(id)[\\\(text)/]"
        case .diKey: return "\(id)(\(text))"
        case .implementation: return "\(id)[\\\(text)\\]"
        }
    }

    private static func classStyle(_ kind: GraphNode.Kind) -> String {
        let colors = DiagramPalette.colors(kind)
        return "fill:\(colors.fill),stroke:\(colors.stroke)" + lineStyle(kind) + (colors.text.map { ",color:\($0)" } ?? "")
    }

    /// Line width and dashes by kind; the colours are the palette's.
    private static func lineStyle(_ kind: GraphNode.Kind) -> String {
        switch kind {
        case .executable, .app: ",stroke-width:3px"
        case .framework, .package, .standard: ",stroke-width:2px"
        case .appExtension, .test, .constraint: ",stroke-dasharray:4 3"
        case .library, .macro, .plugin, .system, .binary, .external, .configuration, .diKey, .implementation: ""
        }
    }

}

/// Maps arbitrary ids to unique Mermaid-safe identifiers, deterministically
/// (first come, first served; the caller visits ids in sorted order).
struct IdentifierTable {
    let prefix: String
    private var assigned: [String: String] = [:]
    private var taken: Set<String> = []

    init(prefix: String) {
        self.prefix = prefix
    }

    mutating func id(for raw: String) -> String {
        if let id = assigned[raw] { return id }
        var base = prefix
        for scalar in raw.unicodeScalars {
            base.unicodeScalars.append(scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? scalar : "_")
        }
        var candidate = base
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(base)_\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        assigned[raw] = candidate
        return candidate
    }
}
