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
            do {
                return Array(try GraphvizRenderer().render(dot: DOTRenderer().render(view), format: format.rawValue))
            } catch {
                throw RenderFailure(message: error.description)
            }
        }
    }
}

/// Graphviz could not render the graph (exit code 3: the input graph is ours, not the user's).
struct RenderFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
