import ModlintGraph
import ModlintWorkspace

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
    /// Text shown for a cluster key or node id instead of the key itself (a package's
    /// manifest name rather than its identity).
    public var displayNames: [String: String]
    /// Layer names from top to bottom: nodes of an earlier layer are ranked above nodes
    /// of a later one, whatever the edges say. Empty: ranks follow the edges only.
    public var layerOrder: [String]
    /// Node ids drawn as composition roots (the modules allowed to wire everything).
    public var compositionRoots: Set<String>
    /// More nodes than this on one rank are spread over several rows (0: never), so that
    /// large graphs stay closer to a page's shape than to a banner.
    public var maxRowWidth: Int
    /// A legend under the diagram (node kinds, edge styles, what red means); not drawn
    /// with a `title`, which takes the same place.
    public var legend: Bool

    public init(cluster: ClusterMode = .package, title: String? = nil,
                fontName: String = "Helvetica,Arial,sans-serif", fontSize: Int = 11,
                rankDirection: String = "TB", displayNames: [String: String] = [:], layerOrder: [String] = [],
                compositionRoots: Set<String> = [], maxRowWidth: Int = 10, legend: Bool = false) {
        self.cluster = cluster
        self.title = title
        self.fontName = fontName
        self.fontSize = fontSize
        self.rankDirection = rankDirection
        self.displayNames = displayNames
        self.layerOrder = layerOrder
        self.compositionRoots = compositionRoots
        self.maxRowWidth = maxRowWidth
        self.legend = legend
    }
}

/// `GraphView` → Graphviz DOT text. Same view and options, same bytes.
public struct DOTRenderer: Sendable {
    public var options: DOTOptions

    public init(options: DOTOptions = DOTOptions()) {
        self.options = options
    }

    public static let violationColor = DiagramPalette.violation
    /// Above these, the layout is bounded (`mclimit`, `nslimit`): see `render`.
    static let denseNodes = 120
    static let denseEdges = 240
    /// Above this many edges, straight lines instead of splines: see `render`.
    static let splineEdges = 400

    public func render(_ view: GraphView) -> String {
        let font = Self.quote(options.fontName)
        var out = "digraph \(Self.quote(view.name.rawValue)) {\n"
        var graphAttributes = [
            "rankdir=\(Self.quote(options.rankDirection))", "newrank=true", "compound=true",
            // Many edges: routing each spline around the nodes became most of dot's time
            // (2.5 s of 3 s for 50 packages and 883 edges); straight lines take 0.3 s.
            "overlap=false", view.edges.count > Self.splineEdges ? "splines=line" : "splines=true", "nodesep=0.3", "ranksep=0.5",
            "fontname=\(font)", "fontsize=\(options.fontSize + 1)",
        ]
        if view.nodes.count > Self.denseNodes || view.edges.count > Self.denseEdges {
            // A large or dense view: crossing minimisation and the x-placement's network
            // simplex (over one virtual node per rank an edge spans) are most of dot's time,
            // and grow faster than the picture gets better. Bounding their iterations took
            // a 50-package view with 489 edges from 1.7 s to 0.4 s of layout.
            graphAttributes += ["mclimit=0.1", "nslimit=1", "nslimit1=1"]
        }
        if let title = options.title {
            graphAttributes += ["label=\(Self.quote(title))", "labelloc=\"t\"", "labeljust=\"c\""]
        } else if options.legend {
            let legend = DOTLegend.label(for: view, compositionRoots: options.compositionRoots)
            if !legend.isEmpty { graphAttributes += ["label=\(legend)", "labelloc=\"b\"", "labeljust=\"l\""] }
        }
        out += "  graph [\(graphAttributes.joined(separator: ", "))];\n"
        out += "  node [fontname=\(font), fontsize=\(options.fontSize), shape=box, style=\"rounded,filled\", "
            + "color=\"\(DiagramPalette.line)\", fillcolor=\"\(DiagramPalette.background)\", penwidth=1];\n"
        out += "  edge [fontname=\(font), fontsize=\(max(options.fontSize - 2, 6)), color=\"\(DiagramPalette.line)\", arrowsize=0.7];\n"

        let clustered = ClusteredNodes(view.nodes, mode: options.cluster)
        for (key, nodes) in clustered.clusters {
            out += "\n  subgraph \(Self.quote("cluster_" + key)) {\n"
            out += "    graph [label=\(Self.quote(options.displayNames[key] ?? key)), style=\"rounded,filled\", color=\"\(DiagramPalette.clusterBorder)\", "
                + "fillcolor=\"\(DiagramPalette.clusterFill)\", fontcolor=\"\(DiagramPalette.clusterText)\"];\n"
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
        out += layerRanks(view.nodes)
        if !view.edges.isEmpty {
            out += "\n"
            let stagger = RankStagger(view, maxRowWidth: options.maxRowWidth, clusterKey: options.cluster.clusterKey(for:))
            let upward = upwardEdges(view)
            for (index, edge) in view.edges.enumerated() {
                out += "  " + edgeStatement(edge, minimumLength: stagger.minimumLengths[index],
                                             ranked: !upward.contains(index)) + "\n"
            }
        }
        out += "}\n"
        return out
    }

    func nodeStatement(_ node: GraphNode) -> String {
        var attributes = Self.nodeAttributes(node.kind)
        var tooltip = "\(node.id) (\(node.kind.rawValue))"
        if options.compositionRoots.contains(node.id) {
            attributes = Self.merged(attributes, Self.compositionRootAttributes)
            // An extension stays dashed: it is a root hosted by an app, not an app.
            if node.kind == .appExtension { attributes = Self.merged(attributes, ["style=\"rounded,filled,dashed,bold\""]) }
            tooltip = "\(node.id) (\(node.kind.rawValue), composition root)"
        }
        if let package = node.package, node.kind != .package { tooltip += "\npackage: \(package)" }
        if let path = node.path { tooltip += "\npath: \(path)" }
        attributes.append("tooltip=\(Self.quote(tooltip))")
        if let name = options.displayNames[node.id], name != node.id {
            attributes.insert("label=\(Self.quote(name))", at: 0)
        }
        return "\(Self.quote(node.id)) [\(attributes.joined(separator: ", "))];"
    }

    /// Ranks layers top to bottom: one invisible anchor per layer, chained in layer order,
    /// with every node held below its layer's anchor and above the next one. Nodes
    /// without a layer are left to the edges.
    func layerRanks(_ nodes: [GraphNode]) -> String {
        let present = Set(nodes.compactMap(\.layer))
        let layers = options.layerOrder.filter { present.contains($0) }
        guard layers.count > 1 else { return "" }
        func anchor(_ index: Int) -> String { Self.quote("layer_rank_\(index)") }
        var out = "\n  // Layer ranks (top to bottom): \(layers.joined(separator: ", "))\n"
        for index in 0...layers.count {
            out += "  \(anchor(index)) [shape=point, style=invis, width=0, height=0, label=\"\"];\n"
        }
        out += "  " + (0...layers.count).map(anchor).joined(separator: " -> ") + " [style=invis];\n"
        for (index, layer) in layers.enumerated() {
            for node in nodes where node.layer == layer {
                out += "  \(anchor(index)) -> \(Self.quote(node.id)) [style=invis];\n"
                out += "  \(Self.quote(node.id)) -> \(anchor(index + 1)) [style=invis];\n"
            }
        }
        return out
    }

    /// `base` with each attribute of `overrides` in place of the one of the same name (or
    /// added): every attribute once, so the legend and a reader of the DOT see one value.
    static func merged(_ base: [String], _ overrides: [String]) -> [String] {
        func name(_ attribute: String) -> Substring { attribute.prefix { $0 != "=" } }
        var result = base
        for attribute in overrides {
            if let index = result.firstIndex(where: { name($0) == name(attribute) }) { result[index] = attribute } else { result.append(attribute) }
        }
        return result
    }

    /// Drawn over the kind's attributes (`merged`): orange, bold, whatever the kind.
    static let compositionRootAttributes = [
        "shape=box", "style=\"rounded,filled,bold\"", "penwidth=2.5",
    ] + colorAttributes(DiagramPalette.compositionRoot)

    /// Indices of edges from a lower layer up to a higher one (when layers are ranked):
    /// they must not pull ranks, or Graphviz breaks the cycle they form with the layer
    /// anchors by reversing an anchor, and the layers interleave.
    func upwardEdges(_ view: GraphView) -> Set<Int> {
        let present = Set(view.nodes.compactMap(\.layer))
        let layers = options.layerOrder.filter { present.contains($0) }
        guard layers.count > 1 else { return [] }
        var position: [String: Int] = [:]
        for (index, layer) in layers.enumerated() where position[layer] == nil { position[layer] = index }
        var layerOfNode: [String: Int] = [:]
        for node in view.nodes { if let layer = node.layer, let index = position[layer] { layerOfNode[node.id] = index } }
        var upward = Set<Int>()
        for (index, edge) in view.edges.enumerated() {
            if let from = layerOfNode[edge.from], let to = layerOfNode[edge.to], to < from { upward.insert(index) }
        }
        return upward
    }

    static func nodeAttributes(_ kind: GraphNode.Kind) -> [String] {
        shapeAttributes(kind) + colorAttributes(DiagramPalette.colors(kind))
    }

    static func colorAttributes(_ colors: DiagramPalette.Colors) -> [String] {
        ["fillcolor=\"\(colors.fill)\"", "color=\"\(colors.stroke)\""] + (colors.text.map { ["fontcolor=\"\($0)\""] } ?? [])
    }

    /// Shape and line style by kind; the colours are the palette's.
    static func shapeAttributes(_ kind: GraphNode.Kind) -> [String] {
        switch kind {
        case .library:
            return []
        case .executable:
            return ["style=\"filled,bold\"", "peripheries=2"]
        case .app:
            return ["shape=box", "style=\"rounded,filled,bold\"", "peripheries=2"]
        case .appExtension:
            return ["shape=box", "style=\"rounded,filled,dashed,bold\""]
        case .framework:
            return ["shape=box", "style=\"filled\"", "peripheries=2"]
        case .test:
            return ["shape=note", "style=\"dashed,filled\""]
        case .macro:
            return ["shape=hexagon", "style=filled"]
        case .plugin:
            return ["shape=cds", "style=filled"]
        case .system:
            return ["shape=component", "style=filled"]
        case .binary:
            return ["shape=box3d", "style=filled"]
        case .package:
            return ["shape=tab", "style=filled"]
        case .external:
            return ["shape=ellipse", "style=filled"]
        case .standard:
            return ["shape=doubleoctagon", "style=filled"]
        case .configuration:
            return ["shape=folder", "style=filled"]
        case .constraint:
            return ["shape=component", "style=\"dashed,filled\""]
        case .diKey:
            return ["style=\"rounded,filled\""]
        case .implementation:
            return ["shape=box", "style=filled"]
        }
    }

    func edgeStatement(_ edge: GraphEdge, minimumLength: Int? = nil, ranked: Bool = true) -> String {
        var attributes: [String] = []
        if let minimumLength { attributes.append("minlen=\(minimumLength)") }
        if !ranked { attributes.append("constraint=false") }
        let stroke = DiagramPalette.stroke(edge.kind)
        if stroke != .solid { attributes.append("style=\(stroke.rawValue)") }
        if DiagramPalette.hasOpenArrowhead(edge.kind) { attributes.append("arrowhead=empty") }
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
            // NUL makes the file unreadable to `dot`; other controls and bidirectional
            // overrides would make a name read as another: shown as `\u{202E}`, its
            // backslash escaped.
            case _ where VisibleText.isHidden(scalar):
                out += "\\" + VisibleText.escaped(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
