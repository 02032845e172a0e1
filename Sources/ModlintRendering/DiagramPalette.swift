import ModlintGraph

/// The colours of every diagram: the DOT renderer, the Mermaid renderer and the legend
/// (which draws from the DOT attributes) all read them here, so that a kind looks the same
/// in every format and the legend cannot contradict the drawing.
public enum DiagramPalette {
    public struct Colors: Sendable, Equatable {
        public var fill: String
        public var stroke: String
        /// Label colour when not the default.
        public var text: String?
    }

    /// A rule violation: edges and their labels.
    public static let violation = "#d62728"
    /// Lines and borders without a kind of their own.
    public static let line = "#4a5568"
    public static let background = "#ffffff"
    /// Package and layer clusters.
    public static let clusterBorder = "#cbd5e0"
    public static let clusterFill = "#f7fafc"
    public static let clusterText = "#2d3748"
    /// Composition roots are drawn over their kind's colours.
    public static let compositionRoot = Colors(fill: "#fff1d6", stroke: "#c05621")

    /// How an edge kind's line is drawn (every format maps it to its own syntax).
    public enum Stroke: String, Sendable, CaseIterable {
        case solid, dashed, dotted, bold
    }

    public static func stroke(_ kind: GraphEdge.Kind) -> Stroke {
        switch kind {
        case .dependency, .binds: return .solid
        case .import, .consumes: return .dashed
        case .package, .registers: return .bold
        case .resolves: return .dotted
        }
    }

    /// Edges a DI factory binds end in an open arrowhead.
    public static func hasOpenArrowhead(_ kind: GraphEdge.Kind) -> Bool { kind == .binds }

    public static func colors(_ kind: GraphNode.Kind) -> Colors {
        switch kind {
        case .library, .framework, .package: return Colors(fill: "#e8f0fe", stroke: "#3b6fc4")
        case .executable, .app, .standard: return Colors(fill: "#dff3e4", stroke: "#2f855a")
        case .appExtension: return Colors(fill: "#e6f6ec", stroke: "#2f855a")
        case .test: return Colors(fill: "#fffbea", stroke: "#b7791f")
        case .macro, .constraint: return Colors(fill: "#f3e8ff", stroke: "#6b46c1")
        case .plugin, .configuration: return Colors(fill: "#fdebd3", stroke: "#c05621")
        case .system: return Colors(fill: "#e6fffa", stroke: "#2c7a7b")
        case .binary: return Colors(fill: "#edf2f7", stroke: "#4a5568")
        case .external: return Colors(fill: "#eeeeee", stroke: "#999999", text: "#555555")
        case .diKey: return Colors(fill: "#fefcbf", stroke: "#b7791f")
        case .implementation: return Colors(fill: "#f0fff4", stroke: "#38a169")
        }
    }
}
