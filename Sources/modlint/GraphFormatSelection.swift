import Foundation
import ModlintGraph
import ModlintRendering
import ModlintWorkspace

/// `DiagramFormats` as the CLI answers for it: a view too large or a Graphviz failure
/// becomes a message and an exit code, a slow layout a progress line, `--check` an exit code.
enum GraphFormatSelection {
    static let formats: [DiagramFormat] = DiagramFormats.all(input: FaultInjection.graphvizInput)

    static func render(_ diagram: DiagramRequest.Diagram, format: DiagramFormats.Name) throws -> [UInt8] {
        let view = diagram.view
        do throws(DiagramFormats.Failure) {
            return try DiagramFormats.render(view, format: format, style: diagram.style, formats: formats) { layOut in
                let progress = LayoutProgress(nodes: view.nodes.count, edges: view.edges.count)
                defer { progress.finish() }
                return try layOut()
            }
        } catch {
            switch error {
            case .tooLarge(let name, let nodes, let limit):
                throw UsageError(message: "the \(name.rawValue) view has \(nodes) nodes, more than Graphviz lays out in reasonable time "
                                 + "(limit \(limit)): narrow it with --focus MODULE, --exclude GLOB or --collapse package, "
                                 + "or write --format dot, json or mermaid; `modlint report -o architecture.html` shows every module "
                                 + "in the browser, with search, focus and a dependency matrix")
            case .render(let renderError):
                let failure = RenderFailure(renderError)
                Output.error(failure.description)
                throw failure.isEnvironmentProblem ? ExitStatus.usage : ExitStatus.internalError
            }
        }
    }

    /// `--check -o FILE`: returns when FILE is current; otherwise throws exit 1 (stale) or a
    /// usage error (missing, or an SVG that modlint did not write).
    static func check(_ diagram: DiagramRequest.Diagram, format: DiagramFormats.Name, against file: String) throws {
        guard FileSystem.kind(of: file) == .file, let bytes = FileSystem.read(file) else {
            throw UsageError(message: "\(file) does not exist; generate it without --check")
        }
        switch DiagramFormats.freshness(of: Data(bytes), view: diagram.view, format: format, style: diagram.style) {
        case .current:
            return
        case .stale:
            Output.error("\(file) is stale: the \(diagram.view.name.rawValue) view has changed; regenerate it by running the same command without --check")
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
