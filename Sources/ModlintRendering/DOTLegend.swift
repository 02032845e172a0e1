import ModlintGraph

/// The legend under a rendered diagram: the node kinds and edge styles the view uses, and
/// what red means. An HTML-like graph label, so it takes part in no layout decision.
enum DOTLegend {
    static let kindNames: [GraphNode.Kind: String] = [
        .library: "library", .executable: "executable", .app: "app", .appExtension: "app extension", .framework: "framework",
        .test: "tests", .macro: "macro", .plugin: "plugin", .system: "system library", .binary: "binary",
        .package: "package", .external: "outside the workspace", .standard: "Spezi Standard",
        .configuration: "Spezi configuration", .constraint: "Standard constraint", .diKey: "DI key",
        .implementation: "implementation",
    ]

    static let edgeNames: [GraphEdge.Kind: (style: String, meaning: String)] = [
        .dependency: ("──▶", "declared dependency"), .import: ("╌╌▶", "import"), .package: ("━━▶", "package dependency"),
        .registers: ("━━▶", "registers"), .consumes: ("╌╌▶", "consumes"), .binds: ("──▷", "binds"), .resolves: ("┈┈▶", "resolves"),
    ]

    static func label(for view: GraphView, compositionRoots: Set<String>) -> String {
        var rows: [String] = []
        // Kinds as drawn: a node drawn as a composition root shows the root's swatch, not its kind's.
        let kinds = Set(view.nodes.filter { !compositionRoots.contains($0.id) }.map(\.kind))
        for kind in GraphNode.Kind.allCases where kinds.contains(kind) {
            let attributes = DOTRenderer.nodeAttributes(kind)
            let fill = value("fillcolor", in: attributes) ?? DiagramPalette.background
            let border = value("color", in: attributes) ?? DiagramPalette.line
            rows.append("<TR><TD BORDER=\"1\" BGCOLOR=\"\(fill)\" COLOR=\"\(border)\" WIDTH=\"18\"> </TD><TD ALIGN=\"LEFT\">\(kindNames[kind] ?? kind.rawValue)</TD></TR>")
        }
        if view.nodes.contains(where: { compositionRoots.contains($0.id) }) {
            // The swatch is the drawing's: the same fill and border as a root's node.
            let attributes = DOTRenderer.compositionRootAttributes
            let fill = value("fillcolor", in: attributes) ?? DiagramPalette.background, border = value("color", in: attributes) ?? DiagramPalette.line
            rows.append("<TR><TD BORDER=\"3\" BGCOLOR=\"\(fill)\" COLOR=\"\(border)\" WIDTH=\"18\"> </TD><TD ALIGN=\"LEFT\">composition root (bold)</TD></TR>")
        }
        let edgeKinds = Set(view.edges.map(\.kind))
        for kind in GraphEdge.Kind.allCases where edgeKinds.contains(kind) {
            guard let entry = edgeNames[kind] else { continue }
            rows.append("<TR><TD>\(entry.style)</TD><TD ALIGN=\"LEFT\">\(entry.meaning)</TD></TR>")
        }
        if view.edges.contains(where: { !$0.violations.isEmpty }) {
            rows.append("<TR><TD><FONT COLOR=\"\(DOTRenderer.violationColor)\">━━▶</FONT></TD>"
                        + "<TD ALIGN=\"LEFT\"><FONT COLOR=\"\(DOTRenderer.violationColor)\">breaks a rule (rule ids in the tooltip)</FONT></TD></TR>")
        }
        guard !rows.isEmpty else { return "" }
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"2\"><TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\">"
            + "<B>Legend</B></TD></TR>" + rows.joined() + "</TABLE>>"
    }

    private static func value(_ name: String, in attributes: [String]) -> String? {
        guard let attribute = attributes.first(where: { $0.hasPrefix(name + "=") }) else { return nil }
        return String(attribute.dropFirst(name.count + 1).filter { $0 != "\"" })
    }
}
