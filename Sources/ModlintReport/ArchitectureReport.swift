#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintConfiguration
import ModlintGraph
import ModlintJSON
import ModlintRendering
import ModlintRules
import ModlintWorkspace

/// `modlint report`: one self-contained HTML file — the page's script, styles and data
/// inline, nothing fetched — with the module graph, the DI and Spezi views, every finding
/// and a dependency matrix, built from the same lint result and views as every other
/// output. Same input, same bytes: no time stamp, no host path outside the data.
public struct ArchitectureReport {
    /// What the page shows of one view, and how it is laid out.
    struct ViewPage {
        /// The tab's name in the data (`modules`, `packages`, `di`, `spezi`).
        var name: String
        var title: String
        var view: GraphView
        var style: DiagramStyle
        var layout: DiagramLayout
        /// Per edge of `view`, the severities of its findings, worst first (empty: none).
        var edgeSeverities: [[Severity]]
    }

    public let result: LintResult
    let pages: [ViewPage]
    let ruleSummaries: [String: String]
    let title: String

    /// - Parameters:
    ///   - run: the lint run drawn: its result (findings, red edges), workspace, graph,
    ///     configuration (layers) and rules (summaries, the view each rule's edges are on).
    ///   - layOut: lays out a view Graphviz can take in reasonable time; `nil` (or a view
    ///     it returns `nil` for) takes `LayeredLayout`.
    public init(_ run: LintRun, title: String? = nil, layOut: ((GraphView, DiagramStyle) -> DiagramLayout?)? = nil) throws(DiagramError) {
        result = run.result
        ruleSummaries = run.ruleSummaries
        self.title = title ?? Paths.lastComponent(run.result.root)
        // One pipeline, one set of violations for every tab.
        let pipeline = DiagramPipeline(run)
        var pages: [ViewPage] = []
        let tabs: [(String, GraphView.Name, String, ViewShaping.Collapse)] = [
            ("modules", .modules, "Modules", .none), ("packages", .modules, "Packages", .package),
            ("di", .di, "Dependency injection", .none), ("spezi", .spezi, "Spezi", .none),
        ]
        for (tab, name, title, collapse) in tabs {
            // Every module, never collapsed automatically: the page collapses packages itself,
            // and the packages tab is the overview.
            let request = DiagramRequest(view: name, shaping: ViewShaping(collapse: collapse), cluster: collapse == .package ? .none : .package,
                                         legend: false)
            let diagram = try request.diagram(pipeline)
            if name != .modules && diagram.view.nodes.isEmpty { continue }
            // One package: the overview would be one box.
            if collapse == .package && diagram.view.nodes.count < 2 { continue }
            let layout = Self.choose(drawn: layOut?(diagram.view, diagram.style),
                                     layered: LayeredLayout().layout(diagram.view, layerOrder: diagram.style.layerOrder))
            pages.append(ViewPage(name: tab, title: title, view: diagram.view, style: diagram.style, layout: layout,
                                  edgeSeverities: diagram.severities))
        }
        self.pages = pages
        nodeSeverities = Self.nodeSeverities(pipeline.violations, graph: run.graph)
        moduleFiles = Dictionary(run.graph.modules.map { module in
            (module.id, run.workspace.target(of: module).files.count)
        }, uniquingKeysWith: { first, _ in first })
    }

    let moduleFiles: [String: Int]
    /// Severities of the findings about each module (and, under `\0package`, about each
    /// package's modules), worst first.
    let nodeSeverities: [String: [Severity]]

    /// A node's own findings (those naming its module; a package's, its modules'), worst first.
    static func nodeSeverities(_ violations: DiagramViolations, graph: ModuleGraph) -> [String: [Severity]] {
        var byNode: [String: Set<Severity>] = [:]
        let packageOf = Dictionary(graph.modules.map { ($0.id, $0.package) }, uniquingKeysWith: { first, _ in first })
        for (module, severities) in violations.moduleSeverities {
            byNode[module, default: []].formUnion(severities)
            if let package = packageOf[module], package != module { byNode["\u{0}" + package, default: []].formUnion(severities) }
        }
        return byNode.mapValues(DiagramViolations.worstFirst)
    }

    /// Graphviz's picture, unless it is far from a screen's shape and the layered one is
    /// closer (a fan of a hundred modules under one app is one very wide rank for dot).
    static func choose(drawn: DiagramLayout?, layered: DiagramLayout) -> DiagramLayout {
        guard let drawn else { return layered }
        let distance = { (layout: DiagramLayout) -> Double in
            guard layout.width > 0, layout.height > 0 else { return 0 }
            return abs(log(layout.width / layout.height / 1.6))
        }
        return distance(drawn) > log(3.0) && distance(layered) < distance(drawn) ? layered : drawn
    }

    /// The page: the template with the styles, the script and the data inline.
    public func html() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        let template = String(decoding: ReportAssets.template, as: UTF8.self)
        let parts = template.components(separatedBy: "{{")
        out += Array(parts[0].utf8)
        for part in parts.dropFirst() {
            guard let close = part.range(of: "}}") else { out += Array(("{{" + part).utf8); continue }
            switch part[..<close.lowerBound] {
            case "title": out += Array(HTMLText.escape("modlint — \(title)").utf8)
            case "styles": out += ReportAssets.styles
            case "script": out += ReportAssets.script
            case "data": out += Self.scriptSafe(Array(data().serialized(indent: 0).utf8))
            default: out += Array(("{{" + part[..<close.upperBound]).utf8)
            }
            out += Array(part[close.upperBound...].utf8)
        }
        return out
    }

    /// JSON inside `<script>`: `</` and `<!--` cannot end or bend the element (`<\/` and
    /// `\u003c!--` mean the same to JSON).
    static func scriptSafe(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 64)
        var index = 0
        while index < json.count {
            let byte = json[index]
            defer { index += 1 }
            // A bidirectional control (E2 80 8E/8F/AA–AE, E2 81 A6–A9, D8 9C) inside a name
            // becomes the visible text `\u{202E}` — as in the text and DOT outputs — so that the
            // page never shows a name reading as another.
            if let (scalar, length) = Self.bidirectionalControl(json, at: index) {
                out += Array(("\\" + VisibleText.escaped(scalar)).utf8)
                index += length - 1
                continue
            }
            // An escape is taken whole (so `\\u0000`, a backslash then text, stays text); a
            // control character (`\u0000`, NUL in a name) becomes the visible `\u{0}`.
            if byte == UInt8(ascii: "\\"), index + 1 < json.count {
                if json[index + 1] == UInt8(ascii: "u"), index + 5 < json.count,
                   let code = UInt32(String(decoding: json[(index + 2)...(index + 5)], as: UTF8.self), radix: 16), code < 0x20 {
                    out += Array(("\\" + VisibleText.escaped(code)).utf8)
                    index += 5
                } else {
                    out += [byte, json[index + 1]]
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "<"), index + 1 < json.count, json[index + 1] == UInt8(ascii: "/") || json[index + 1] == UInt8(ascii: "!") {
                out += Array("\\u003c".utf8)
            } else {
                out.append(byte)
            }
        }
        return out
    }

    /// The bidirectional control encoded at `index` (its scalar and byte length), if one is.
    static func bidirectionalControl(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        guard lead == 0xE2 || lead == 0xD8, index + 1 < bytes.count else { return nil }
        if lead == 0xD8 { return bytes[index + 1] == 0x9C ? (0x061C, 2) : nil }
        guard index + 2 < bytes.count else { return nil }
        let value = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
        guard bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80,
              let scalar = Unicode.Scalar(value), PathBytes.isBidirectionalControl(scalar) else { return nil }
        return (value, 3)
    }

    /// The page's data (`report.js` reads it): summary, palette, findings and views.
    func data() -> JSONValue {
        let summary = result.summary
        return .object([
            ("schema", .int(1)),
            ("title", .string(title)),
            ("tool", .string("\(result.tool.name) \(result.tool.version)")),
            ("summary", .object([
                ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)), ("notes", .int(summary.notes)),
                ("packages", .int(summary.packages)), ("modules", .int(summary.modules)), ("files", .int(summary.files)),
            ])),
            ("palette", Self.palette()),
            ("rules", .object(ruleSummaries.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("findings", .array(result.diagnostics.map(Self.finding))),
            ("views", .array(pages.map(page))),
        ])
    }

    static func finding(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.rule)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", .string(diagnostic.file)),
            ("line", .int(diagnostic.line)),
            ("module", diagnostic.module.map(JSONValue.string) ?? .null),
            ("edges", .array(diagnostic.edges.map { .array([.string($0.from), .string($0.to)]) })),
        ])
    }

    func page(_ page: ViewPage) -> JSONValue {
        let view = page.view, layout = page.layout
        // The matrix's order: ranks (longest chain below, shared by a cycle) and cycles.
        let successors = LayeredLayout.adjacency(view).successors
        let cycles = Cycles.stronglyConnectedComponents(successors)
        let ranks = LayeredLayout.depths(successors: successors, cycles: cycles)
        let metrics = Dictionary((page.style.metrics?.modules ?? []).map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first })
        let nodes: [JSONValue] = view.nodes.indices.map { index in
            let node = view.nodes[index], box = layout.nodes[index]
            var members: [(String, JSONValue)] = [
                ("id", .string(node.id)),
                ("kind", .string(node.kind.rawValue)),
                ("package", node.package.map { .string(page.style.displayNames[$0] ?? $0) } ?? .null),
                ("path", node.path.map(JSONValue.string) ?? .null),
                ("layer", node.layer.map(JSONValue.string) ?? .null),
            ]
            if page.style.compositionRoots.contains(node.id) { members.append(("root", .bool(true))) }
            if let files = moduleFiles[node.id], view.name == .modules { members.append(("files", .int(files))) }
            if let entry = metrics[node.id] {
                members += [("fanIn", .int(entry.fanIn)), ("fanOut", .int(entry.fanOut)),
                            ("instability", .number((entry.instability * 100).rounded() / 100)), ("depth", .int(entry.depth))]
            }
            let severities = nodeSeverities[(page.name == "packages" ? "\u{0}" : "") + node.id] ?? []
            if !severities.isEmpty { members.append(("severities", .array(severities.map { .string($0.rawValue) }))) }
            members.append(("rank", .int(ranks[index])))
            members += [("x", Self.number(box.x)), ("y", Self.number(box.y)), ("w", Self.number(box.width)), ("h", Self.number(box.height))]
            return .object(members)
        }
        let index = Dictionary(uniqueKeysWithValues: view.nodes.enumerated().map { ($1.id, $0) })
        let edges: [JSONValue] = view.edges.indices.compactMap { position in
            let edge = view.edges[position]
            guard let from = index[edge.from], let to = index[edge.to] else { return nil }
            var members: [(String, JSONValue)] = [("from", .int(from)), ("to", .int(to)), ("kind", .string(edge.kind.rawValue))]
            if !edge.violations.isEmpty {
                members.append(("violations", .array(edge.violations.map(JSONValue.string))))
                members.append(("severities", .array(page.edgeSeverities[position].map { .string($0.rawValue) })))
            }
            if !layout.edges[position].isEmpty { members.append(("points", .array(layout.edges[position].map(Self.number)))) }
            return .object(members)
        }
        return .object([
            ("name", .string(page.name)),
            ("title", .string(page.title)),
            ("engine", .string(layout.engine)),
            ("width", Self.number(layout.width)),
            ("height", Self.number(layout.height)),
            ("layers", .array(page.style.layerOrder.map(JSONValue.string))),
            ("cycles", .array(cycles.map { .array($0.map(JSONValue.int)) })),
            ("groups", .array(layout.groups.map { group in
                .object([("name", .string(page.style.displayNames[group.name] ?? group.name)), ("x", Self.number(group.box.x)),
                         ("y", Self.number(group.box.y)), ("w", Self.number(group.box.width)), ("h", Self.number(group.box.height))])
            })),
            ("nodes", .array(nodes)),
            ("edges", .array(edges)),
        ])
    }

    /// Whole numbers as integers: shorter, and the same bytes on every host.
    static func number(_ value: Double) -> JSONValue {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? .int(Int(rounded)) : .number(rounded)
    }

    /// `DiagramPalette`, as the page draws it: the legend and the drawing read the same.
    static func palette() -> JSONValue {
        .object([
            ("violation", .string(DiagramPalette.violation)),
            // Findings by severity, as the list's badges tell them: errors red, warnings
            // amber, notes grey.
            ("severity", .object([("error", .string(DiagramPalette.violation)), ("warning", .string("#d69e2e")),
                                  ("note", .string("#a0aec0"))])),
            ("line", .string(DiagramPalette.line)),
            ("background", .string(DiagramPalette.background)),
            ("cluster", .object([("border", .string(DiagramPalette.clusterBorder)), ("fill", .string(DiagramPalette.clusterFill)),
                                 ("text", .string(DiagramPalette.clusterText))])),
            ("compositionRoot", .object([("fill", .string(DiagramPalette.compositionRoot.fill)),
                                         ("stroke", .string(DiagramPalette.compositionRoot.stroke))])),
            ("nodes", .object(GraphNode.Kind.allCases.map { kind in
                let colors = DiagramPalette.colors(kind)
                var members: [(String, JSONValue)] = [("fill", .string(colors.fill)), ("stroke", .string(colors.stroke))]
                if let text = colors.text { members.append(("text", .string(text))) }
                return (kind.rawValue, .object(members))
            })),
            ("edges", .object(GraphEdge.Kind.allCases.map { kind in
                (kind.rawValue, .object([("stroke", .string(DiagramPalette.stroke(kind).rawValue)),
                                         ("openArrow", .bool(DiagramPalette.hasOpenArrowhead(kind)))]))
            })),
        ])
    }
}

/// Text for HTML element content and attribute values.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                for scalar in character.unicodeScalars {
                    if VisibleText.isHidden(scalar) {
                        out += VisibleText.escaped(scalar.value)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out
    }
}
