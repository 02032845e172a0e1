import Foundation
import ModlintGraph

/// A view laid out by Graphviz's `dot` in process, read back as positions (`json0`), for
/// the HTML report to draw itself: the same picture as `modlint graph --format svg`, with
/// the clusters as groups and the edges' splines.
public enum GraphvizLayout {
    /// The most nodes the report hands to Graphviz; larger views take `LayeredLayout`
    /// (dot's time grows much faster than linearly: 1,000 modules took seconds).
    public static let nodeLimit = 150
    public static let edgeLimit = 600

    public static func fits(_ view: GraphView) -> Bool {
        view.nodes.count <= nodeLimit && view.edges.count <= edgeLimit
    }

    /// Graphviz's layout where it lays out in reasonable time (`fits`), else `nil`; a
    /// failure is `nil` too, so that the HTML report falls back to the layered layout
    /// rather than failing.
    public static func layoutIfFits(_ view: GraphView, style: DiagramStyle) -> DiagramLayout? {
        fits(view) ? try? layout(view, style: style) : nil
    }

    public static func layout(_ view: GraphView, style: DiagramStyle, renderer: GraphvizRenderer = GraphvizRenderer()) throws(RenderError) -> DiagramLayout {
        var options = style.dot
        options.legend = false
        options.title = nil
        let dot = DOTRenderer(options: options).render(view)
        let data = try renderer.layoutJSON(dot: dot)
        guard let layout = parse(data, view: view) else {
            throw RenderError(.renderFailed, "Graphviz's layout could not be read back")
        }
        return layout
    }

    /// `json0`: objects (clusters first, then nodes, numbered by `_gvid`) with `pos` (centre,
    /// points), `width`/`height` (inches) and clusters' `bb`; edges with `tail`, `head` and
    /// `pos` (`e,x,y` then the spline's points). Graphviz's y grows upwards.
    static func parse(_ data: Data, view: GraphView) -> DiagramLayout? {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let bounds = numbers(root["bb"] as? String), bounds.count == 4 else { return nil }
        let height = bounds[3]
        let flip = { (y: Double) in height - y }
        let objects = root["objects"] as? [[String: Any]] ?? []
        var nameOf: [Int: String] = [:]
        var boxOf: [String: DiagramLayout.Box] = [:]
        var groups: [DiagramLayout.Group] = []
        for object in objects {
            guard let id = object["_gvid"] as? Int, let name = object["name"] as? String else { continue }
            if let bb = numbers(object["bb"] as? String), bb.count == 4 {
                let label = (object["label"] as? String).map(unescapeLabel) ?? name
                groups.append(DiagramLayout.Group(name: label, box: DiagramLayout.Box(x: bb[0], y: flip(bb[3]), width: bb[2] - bb[0], height: bb[3] - bb[1])))
                continue
            }
            guard let center = numbers(object["pos"] as? String), center.count == 2 else { continue }
            let width = (Double(object["width"] as? String ?? "") ?? 0.75) * 72
            let nodeHeight = (Double(object["height"] as? String ?? "") ?? 0.5) * 72
            nameOf[id] = name
            boxOf[name] = DiagramLayout.Box(x: center[0] - width / 2, y: flip(center[1]) - nodeHeight / 2, width: width, height: nodeHeight)
        }
        // Edges by (tail, head), in the order Graphviz lists them; the view's parallel
        // edges (a dependency and an import) take them in turn.
        var splines: [String: [[Double]]] = [:]
        for edge in root["edges"] as? [[String: Any]] ?? [] {
            guard let tail = (edge["tail"] as? Int).flatMap({ nameOf[$0] }), let head = (edge["head"] as? Int).flatMap({ nameOf[$0] }) else { continue }
            splines[tail + "\u{0}" + head, default: []].append(spline(edge["pos"] as? String, flip: flip))
        }
        var taken: [String: Int] = [:]
        let edges = view.edges.map { edge -> [Double] in
            let key = edge.from + "\u{0}" + edge.to
            let list = splines[key] ?? []
            let position = taken[key, default: 0]
            taken[key] = position + 1
            return position < list.count ? list[position] : []
        }
        let nodes = view.nodes.map { boxOf[$0.id] ?? DiagramLayout.Box(x: 0, y: 0, width: DiagramLayout.nodeWidth($0.id), height: DiagramLayout.nodeHeight) }
        return DiagramLayout(engine: "graphviz dot", width: bounds[2], height: height, nodes: nodes, edges: edges,
                             groups: groups.sorted { ($0.box.y, $0.box.x, $0.name) < ($1.box.y, $1.box.x, $1.name) })
    }

    /// `e,x,y x,y x,y …` → the spline's points, then three copies of the arrow's tip so
    /// the list stays one start and three points per segment.
    static func spline(_ text: String?, flip: (Double) -> Double) -> [Double] {
        guard let text else { return [] }
        var points: [Double] = []
        var tip: [Double]?
        for part in text.split(separator: " ") {
            if part.hasPrefix("e,") {
                tip = numbers(String(part.dropFirst(2)))
            } else if part.hasPrefix("s,") {
                continue
            } else if let pair = numbers(String(part)), pair.count == 2 {
                points += [pair[0], flip(pair[1])]
            }
        }
        if let tip, tip.count == 2, points.count >= 2 {
            for _ in 0..<3 { points += [tip[0], flip(tip[1])] }
        }
        return points.map { ($0 * 10).rounded() / 10 }
    }

    static func numbers(_ text: String?) -> [Double]? {
        guard let text else { return nil }
        let values = text.split(separator: ",").compactMap { Double($0) }
        return values.isEmpty ? nil : values
    }

    /// Cluster labels come back as DOT wrote them (HTML-like labels as text).
    static func unescapeLabel(_ label: String) -> String {
        label.replacingOccurrences(of: "\\\"", with: "\"")
    }
}
