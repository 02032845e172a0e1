import Foundation
import ModlintGraph
import ModlintGraphviz
import ModlintRendering
import ModlintWorkspace

/// Maps `--format` to the library's format registry (text formats, and the image formats
/// of ModlintGraphviz), and `--check` to a comparison.
enum GraphFormatSelection {
    static let formats: [DiagramFormat] = DiagramFormat.textFormats + ImageFormats.all(input: FaultInjection.graphvizInput)

    static func render(_ view: GraphView, format: GraphFormat, style: DiagramStyle = DiagramStyle()) throws -> [UInt8] {
        let selected = formats.first { $0.name == format.rawValue }!
        if selected.isImage {
            guard view.nodes.count <= DiagramPipeline.layoutLimit else {
                throw UsageError(message: "the \(view.name.rawValue) view has \(view.nodes.count) nodes, more than Graphviz lays out in reasonable time "
                                 + "(limit \(DiagramPipeline.layoutLimit)): narrow it with --focus MODULE, --exclude GLOB or --collapse package, "
                                 + "or write --format dot, json or mermaid")
            }
            let progress = LayoutProgress(nodes: view.nodes.count, edges: view.edges.count)
            defer { progress.finish() }
            do {
                return try selected.render(view, style)
            } catch let error as RenderError {
                let failure = RenderFailure(error)
                Output.error(failure.description)
                throw failure.isEnvironmentProblem ? ExitStatus.usage : ExitStatus.internalError
            }
        }
        return try selected.render(view, style)
    }

    /// The text a text format produces; for image formats, the DOT source they are rendered from.
    static func text(_ view: GraphView, format: GraphFormat, style: DiagramStyle) -> String {
        let selected = formats.first { $0.name == format.rawValue && !$0.isImage } ?? DiagramFormat.dot
        return String(decoding: (try? selected.render(view, style)) ?? [], as: UTF8.self)
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

/// A line on stderr when Graphviz is still laying out after two seconds, so that a large
/// diagram is never a silent wait.
final class LayoutProgress: @unchecked Sendable {
    private let work: DispatchWorkItem

    init(nodes: Int, edges: Int) {
        work = DispatchWorkItem {
            Output.standardError("modlint: Graphviz is laying out \(nodes) nodes and \(edges) edges; "
                                 + "--focus, --exclude or --collapse package draw less, faster\n")
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 2, execute: work)
    }

    func finish() { work.cancel() }
}
