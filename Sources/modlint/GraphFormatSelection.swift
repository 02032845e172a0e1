import Foundation
import ModlintGraph
import ModlintRendering
import ModlintWorkspace

/// Presentation options shared by the DOT and Mermaid renderers.
struct DiagramStyle {
    var cluster: ClusterMode = .package
    var displayNames: [String: String] = [:]
    var layerOrder: [String] = []
    var compositionRoots: Set<String> = []
    /// Coupling metrics written into the modules view's JSON.
    var metrics: ModuleMetrics?

    var dot: DOTOptions {
        DOTOptions(cluster: cluster, displayNames: displayNames, layerOrder: layerOrder, compositionRoots: compositionRoots)
    }

    var mermaid: MermaidOptions {
        MermaidOptions(cluster: cluster, displayNames: displayNames, compositionRoots: compositionRoots)
    }
}

/// Maps `--format` to the renderers of ModlintRendering, and `--check` to a comparison.
enum GraphFormatSelection {
    static func render(_ view: GraphView, format: GraphFormat, style: DiagramStyle = DiagramStyle()) throws -> [UInt8] {
        switch format {
        case .dot, .json, .mermaid:
            return Array(text(view, format: format, style: style).utf8)
        case .svg, .png, .pdf:
            let dot = DOTRenderer(options: style.dot).render(view)
            let image: Data
            do {
                image = try GraphvizRenderer().render(dot: FaultInjection.graphvizInput(dot), format: format.rawValue)
            } catch {
                throw RenderFailure(error)
            }
            return Array(format == .svg ? DiagramSource.stamp(svg: image, dot: dot) : image)
        }
    }

    /// The text a text format produces; for image formats, the DOT source they are rendered from.
    static func text(_ view: GraphView, format: GraphFormat, style: DiagramStyle) -> String {
        switch format {
        case .json: return GraphJSONRenderer().render(view, metrics: metrics(for: view, style: style))
        case .mermaid: return MermaidRenderer(options: style.mermaid).render(view)
        case .dot, .svg, .png, .pdf: return DOTRenderer(options: style.dot).render(view)
        }
    }

    private static func metrics(for view: GraphView, style: DiagramStyle) -> ModuleMetrics? {
        view.name == .modules ? style.metrics : nil
    }

    /// `--check -o FILE`: returns when FILE is current; otherwise throws exit 1 (stale) or a
    /// usage error (missing, or an SVG that modlint did not write).
    static func check(_ view: GraphView, format: GraphFormat, style: DiagramStyle, against file: String) throws {
        guard FileSystem.kind(of: file) == .file, let bytes = FileSystem.read(file) else {
            throw UsageError(message: "\(file) does not exist; generate it without --check")
        }
        let committed = Data(bytes)
        let fresh = text(view, format: format, style: style)
        let freshness = format == .svg
            ? DiagramFreshness.ofSVG(committed: committed, dot: fresh)
            : DiagramFreshness.ofText(committed: committed, fresh: fresh)
        switch freshness {
        case .current:
            return
        case .stale:
            Output.error("\(file) is stale: the \(view.name.rawValue) view has changed; regenerate it by running the same command without --check")
            throw ExitStatus.findings
        case .unstamped:
            throw UsageError(message: "\(file) has no modlint source stamp (was it written by modlint graph --format svg?)")
        }
    }
}

extension FaultInjection {
    /// `MODLINT_FAULT_INJECTION=invalid-dot` hands Graphviz broken DOT, so that the
    /// render-failure path (exit 3, Graphviz's message) is tested end to end.
    static func graphvizInput(_ dot: String) -> String {
        guard let value = getenv("MODLINT_FAULT_INJECTION"), String(cString: value) == "invalid-dot" else { return dot }
        return "digraph broken { a -> ; }\n"
    }
}

/// Graphviz could not render the graph. Our DOT is our responsibility (exit 3); a Graphviz
/// installation without usable plugins is the environment's (exit 2).
struct RenderFailure: Error, CustomStringConvertible {
    let error: RenderError

    init(_ error: RenderError) {
        self.error = error
    }

    var isEnvironmentProblem: Bool { error.kind == .pluginsUnavailable }
    var description: String { "cannot render the diagram: \(error.description)" }
}
