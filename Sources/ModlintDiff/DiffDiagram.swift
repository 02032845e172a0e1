import ModlintJSON
import ModlintRendering
import ModlintRules
import ModlintWorkspace

/// The small diagram of a diff: the changed edges and, for context, the unchanged edges
/// between the modules they touch. Added edges are green, removed ones grey and dashed,
/// changed ones amber, and any edge a finding is about red. As Mermaid (in the Markdown
/// comment) and as DOT (rendered by Graphviz for `-o`). At most `limit` changed edges.
public struct DiffDiagram: Sendable {
    public enum Style: String, Sendable, Equatable {
        case added, removed, changed, violating, context
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        public var style: Style
    }

    public static let limit = 60
    public private(set) var nodes: [String]
    public private(set) var edges: [Edge]
    /// Changed edges left out beyond `limit`.
    public private(set) var omitted: Int

    static let colors: [Style: String] = [
        .added: "#1a7f37", .removed: "#8c959f", .changed: "#9a6700", .violating: "#cf222e", .context: "#d0d7de",
    ]

    public init(_ diff: ArchitectureDiff) {
        let shown = diff.edges.prefix(Self.limit)
        omitted = diff.edges.count - shown.count
        var edges: [Edge] = shown.map { edge in
            let style: Style = !edge.violations.isEmpty && edge.change != .removed ? .violating
                : [.added: .added, .removed: .removed, .changed: .changed][edge.change]!
            return Edge(from: edge.from, to: edge.to, style: style)
        }
        let touched = Set(edges.flatMap { [$0.from, $0.to] })
        let changed = Set(edges.map { "\($0.from)\u{0}\($0.to)" })
        for link in diff.neighbourEdges where touched.contains(link.from) && touched.contains(link.to) && !changed.contains("\(link.from)\u{0}\(link.to)") {
            edges.append(Edge(from: link.from, to: link.to, style: .context))
        }
        self.edges = edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        nodes = touched.sorted()
    }

    /// Mermaid `flowchart` lines (without the fence): nodes get synthetic ids in name
    /// order, so any module name is a safe quoted label.
    public func mermaidLines() -> [String] {
        let ids = Dictionary(nodes.enumerated().map { ($1, "m\($0)") }, uniquingKeysWith: { first, _ in first })
        var lines = ["flowchart LR"]
        lines += nodes.map { "  \(ids[$0]!)[\"\(MermaidText.label($0))\"]" }
        for edge in edges {
            lines.append("  \(ids[edge.from]!) \(edge.style == .removed ? "-.->" : "-->") \(ids[edge.to]!)")
        }
        for (index, edge) in edges.enumerated() {
            let dash = edge.style == .removed ? ",stroke-dasharray:4 4" : ""
            let width = edge.style == .context ? 1 : 2
            lines.append("  linkStyle \(index) stroke:\(Self.colors[edge.style]!),stroke-width:\(width)px\(dash)")
        }
        return lines
    }

    /// What `modlint diff -o FILE` writes, by the file's extension.
    public enum File: Sendable, Equatable {
        /// DOT (`.dot`, `.gv`) or Mermaid (`.mmd`) source.
        case text(String)
        /// An image (`.svg`, `.png`, `.pdf`) Graphviz renders from this DOT source.
        case image(dot: String, format: String)
    }

    /// The diagram of `diff` for a file named `name`; `nil` for an extension of no format.
    public static func file(named name: String, for diff: ArchitectureDiff) -> File? {
        let diagram = DiffDiagram(diff)
        let dot = { diagram.dot(title: "modlint diff \(diff.base.label) → \(diff.head.label)") }
        switch Paths.lastComponent(name).split(separator: ".").last.map({ $0.lowercased() }) {
        case "dot", "gv": return .text(dot())
        case "mmd": return .text(diagram.mermaidLines().joined(separator: "\n") + "\n")
        case let format? where ["svg", "png", "pdf"].contains(format): return .image(dot: dot(), format: format)
        default: return nil
        }
    }

    /// Graphviz DOT source, titled with the two sides.
    public func dot(title: String) -> String {
        // Module names come from the tree: DOT's own quoting (controls, bidirectional
        // overrides, label escapes) is the renderer's.
        let quote = DOTRenderer.quote
        var lines = [
            "digraph \"modlint diff\" {",
            "  rankdir=LR;",
            "  label=\(quote(title + "  (green: added, grey dashed: removed, amber: changed, red: a finding)"));",
            "  labelloc=t;",
            "  fontname=\"Helvetica\"; fontsize=12;",
            "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [arrowsize=0.7];",
        ]
        lines += nodes.map { "  \(quote($0));" }
        for edge in edges {
            var attributes = ["color=\(quote(Self.colors[edge.style]!))", "penwidth=\(edge.style == .context ? 1 : 2)"]
            if edge.style == .removed { attributes.append("style=dashed") }
            attributes.append("tooltip=\(quote(edge.style.rawValue))")
            lines.append("  \(quote(edge.from)) -> \(quote(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
