import ModlintGraph
import ModlintRendering

/// Maps `--format` to the renderers of ModlintRendering.
enum GraphFormatSelection {
    static func render(_ view: GraphView, format: GraphFormat) throws -> [UInt8] {
        switch format {
        case .dot: return Array(DOTRenderer().render(view).utf8)
        case .json: return Array(GraphJSONRenderer().render(view).utf8)
        case .mermaid: return Array(MermaidRenderer().render(view).utf8)
        case .svg, .png, .pdf:
            let dot = DOTRenderer().render(view)
            return try GraphvizRenderer.render(dot: dot, format: format.rawValue)
        }
    }
}
