import ModlintGraph

/// Options for `DOTRenderer`.
public struct DOTOptions: Sendable, Equatable {
    public var cluster: ClusterMode
    /// Drawn at the top of the diagram; `nil` for none.
    public var title: String?
    /// Font family list for graph, node and edge labels.
    public var fontName: String
    public var fontSize: Int
    /// `TB` (top to bottom, default) or `LR`, `BT`, `RL`.
    public var rankDirection: String

    public init(cluster: ClusterMode = .package, title: String? = nil,
                fontName: String = "Helvetica,Arial,sans-serif", fontSize: Int = 11,
                rankDirection: String = "TB") {
        self.cluster = cluster
        self.title = title
        self.fontName = fontName
        self.fontSize = fontSize
        self.rankDirection = rankDirection
    }
}

/// `GraphView` → Graphviz DOT text. Same view and options, same bytes.
public struct DOTRenderer: Sendable {
    public var options: DOTOptions

    public init(options: DOTOptions = DOTOptions()) {
        self.options = options
    }

    public static let violationColor = "#d62728"

    public func render(_ view: GraphView) -> String {
        let font = Self.quote(options.fontName)
        var out = "digraph \(Self.quote(view.name.rawValue)) {\n"
        var graphAttributes = [
            "rankdir=\(Self.quote(options.rankDirection))", "newrank=true", "compound=true",
            "overlap=false", "splines=true", "nodesep=0.3", "ranksep=0.5",
            "fontname=\(font)", "fontsize=\(options.fontSize + 1)",
        ]
        if let title = options.title {
            graphAttributes += ["label=\(Self.quote(title))", "labelloc=\"t\"", "labeljust=\"c\""]
        }
        out += "  graph [\(graphAttributes.joined(separator: ", "))];\n"
        out += "  node [fontname=\(font), fontsize=\(options.fontSize), shape=box, style=\"rounded,filled\", "
            + "color=\"#4a5568\", fillcolor=\"#ffffff\", penwidth=1];\n"
        out += "  edge [fontname=\(font), fontsize=\(max(options.fontSize - 2, 6)), color=\"#4a5568\", arrowsize=0.7];\n"

        let clustered = ClusteredNodes(view.nodes, mode: options.cluster)
        for (key, nodes) in clustered.clusters {
            out += "\n  subgraph \(Self.quote("cluster_" + key)) {\n"
            out += "    graph [label=\(Self.quote(key)), style=\"rounded,filled\", color=\"#cbd5e0\", "
                + "fillcolor=\"#f7fafc\", fontcolor=\"#2d3748\"];\n"
            for node in nodes {
                out += "    " + nodeStatement(node) + "\n"
            }
            out += "  }\n"
        }
        if !clustered.loose.isEmpty {
            out += "\n"
            for node in clustered.loose {
                out += "  " + nodeStatement(node) + "\n"
            }
        }
        if !view.edges.isEmpty {
            out += "\n"
            for edge in view.edges {
                out += "  " + edgeStatement(edge) + "\n"
            }
        }
        out += "}\n"
        return out
    }

    func nodeStatement(_ node: GraphNode) -> String {
        var attributes = Self.nodeAttributes(node.kind)
        var tooltip = "\(node.id) (\(node.kind.rawValue))"
        if let package = node.package, node.kind != .package { tooltip += "\npackage: \(package)" }
        if let path = node.path { tooltip += "\npath: \(path)" }
        attributes.append("tooltip=\(Self.quote(tooltip))")
        return "\(Self.quote(node.id)) [\(attributes.joined(separator: ", "))];"
    }

    static func nodeAttributes(_ kind: GraphNode.Kind) -> [String] {
        switch kind {
        case .library:
            return ["fillcolor=\"#e8f0fe\"", "color=\"#3b6fc4\""]
        case .executable:
            return ["style=\"filled,bold\"", "peripheries=2", "fillcolor=\"#dff3e4\"", "color=\"#2f855a\""]
        case .test:
            return ["shape=note", "style=\"dashed,filled\"", "fillcolor=\"#fffbea\"", "color=\"#b7791f\""]
        case .macro:
            return ["shape=hexagon", "style=filled", "fillcolor=\"#f3e8ff\"", "color=\"#6b46c1\""]
        case .plugin:
            return ["shape=cds", "style=filled", "fillcolor=\"#fdebd3\"", "color=\"#c05621\""]
        case .system:
            return ["shape=component", "style=filled", "fillcolor=\"#e6fffa\"", "color=\"#2c7a7b\""]
        case .binary:
            return ["shape=box3d", "style=filled", "fillcolor=\"#edf2f7\"", "color=\"#4a5568\""]
        case .package:
            return ["shape=tab", "style=filled", "fillcolor=\"#e8f0fe\"", "color=\"#3b6fc4\""]
        case .external:
            return ["shape=ellipse", "style=filled", "fillcolor=\"#eeeeee\"", "color=\"#999999\"", "fontcolor=\"#555555\""]
        case .diKey:
            return ["style=\"rounded,filled\"", "fillcolor=\"#fefcbf\"", "color=\"#b7791f\""]
        case .implementation:
            return ["shape=box", "style=filled", "fillcolor=\"#f0fff4\"", "color=\"#38a169\""]
        }
    }

    func edgeStatement(_ edge: GraphEdge) -> String {
        var attributes: [String] = []
        switch edge.kind {
        case .dependency: break
        case .import: attributes.append("style=dashed")
        case .package: attributes.append("style=bold")
        case .registers: attributes.append("style=bold")
        case .consumes: attributes.append("style=dashed")
        case .binds: attributes.append("arrowhead=empty")
        case .resolves: attributes.append("style=dotted")
        }
        if edge.violations.isEmpty {
            attributes.append("tooltip=\(Self.quote("\(edge.from) -> \(edge.to) (\(edge.kind.rawValue))"))")
        } else {
            attributes += [
                "color=\(Self.quote(Self.violationColor))", "fontcolor=\(Self.quote(Self.violationColor))",
                "penwidth=2", "tooltip=\(Self.quote(edge.violations.joined(separator: ", ")))",
            ]
        }
        return "\(Self.quote(edge.from)) -> \(Self.quote(edge.to)) [\(attributes.joined(separator: ", "))];"
    }

    /// A DOT double-quoted string. Backslashes are doubled so that label escapes
    /// (`\n`, `\N`, `\l` …) cannot fire by accident, quotes are escaped, and line breaks
    /// become `\n`.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
