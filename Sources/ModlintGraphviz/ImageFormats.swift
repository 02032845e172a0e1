import ModlintGraph
import ModlintRendering

/// The image formats of `modlint graph`, rendered from DOT by libgvc in process. An SVG
/// carries the fingerprint of its DOT source, so `--check` compares sources, not pixels.
public enum ImageFormats {
    /// `input` may alter the DOT handed to Graphviz (fault injection in the CLI's tests).
    public static func all(input: @escaping @Sendable (String) -> String = { $0 }) -> [DiagramFormat] {
        GraphvizFormat.allCases.map { format in
            DiagramFormat(name: format.rawValue, isImage: true) { view, style in
                let dot = DOTRenderer(options: style.dot).render(view)
                let image = try GraphvizRenderer().render(dot: input(dot), format: format)
                return Array(format == .svg ? DiagramSource.stamp(svg: image, dot: dot) : image)
            }
        }
    }
}
