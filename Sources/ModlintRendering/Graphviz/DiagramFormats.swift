import Foundation
import ModlintGraph

/// Every format a diagram can be written in — the text formats and the images Graphviz
/// lays out — and the comparison behind `--check`.
public enum DiagramFormats {
    public enum Name: String, Sendable, CaseIterable {
        case dot, json, mermaid, svg, png, pdf
    }

    public enum Failure: Error, Sendable {
        /// More nodes than Graphviz lays out in reasonable time.
        case tooLarge(view: GraphView.Name, nodes: Int, limit: Int)
        case render(RenderError)
    }

    /// `input` lets a test hand Graphviz other DOT than the view's.
    public static func all(input: @escaping @Sendable (String) -> String = { $0 }) -> [DiagramFormat] {
        DiagramFormat.textFormats + images(input: input)
    }

    /// The image formats, rendered from DOT by libgvc in process. An SVG carries the
    /// fingerprint of its DOT source, so `--check` compares sources, not pixels. `input`
    /// may alter the DOT handed to Graphviz (fault injection in the CLI's tests).
    public static func images(input: @escaping @Sendable (String) -> String = { $0 }) -> [DiagramFormat] {
        GraphvizFormat.allCases.map { format in
            DiagramFormat(name: format.rawValue, isImage: true) { view, style in
                let dot = DOTRenderer(options: style.dot).render(view)
                let image = try GraphvizRenderer().render(dot: input(dot), format: format)
                return Array(format == .svg ? DiagramSource.stamp(svg: image, dot: dot) : image)
            }
        }
    }

    /// The bytes of `view` in `format`. `whileLayingOut` runs around a Graphviz layout (a
    /// progress line for large views).
    public static func render(_ view: GraphView, format name: Name, style: DiagramStyle, formats: [DiagramFormat],
                              whileLayingOut: (() throws -> [UInt8]) throws -> [UInt8] = { try $0() }) throws(Failure) -> [UInt8] {
        let format = formats.first { $0.name == name.rawValue }!
        guard format.isImage else { return (try? format.render(view, style)) ?? [] }
        guard view.nodes.count <= DiagramPipeline.layoutLimit else {
            throw .tooLarge(view: view.name, nodes: view.nodes.count, limit: DiagramPipeline.layoutLimit)
        }
        do {
            return try whileLayingOut { try format.render(view, style) }
        } catch let error as RenderError {
            throw .render(error)
        } catch {
            throw .render(RenderError(.renderFailed, "\(error)"))
        }
    }

    /// The text a text format produces; for an image format, the DOT source it is rendered
    /// from (an SVG is compared through the DOT fingerprint stamped into it).
    public static func text(_ view: GraphView, format name: Name, style: DiagramStyle) -> String {
        let format = DiagramFormat.textFormats.first { $0.name == name.rawValue } ?? DiagramFormat.dot
        return String(decoding: (try? format.render(view, style)) ?? [], as: UTF8.self)
    }

    /// Whether a committed diagram is what `view` gives now.
    public static func freshness(of committed: Data, view: GraphView, format name: Name, style: DiagramStyle) -> DiagramFreshness {
        let fresh = text(view, format: name, style: style)
        return name == .svg ? DiagramFreshness.ofSVG(committed: committed, dot: fresh) : DiagramFreshness.ofText(committed: committed, fresh: fresh)
    }
}
