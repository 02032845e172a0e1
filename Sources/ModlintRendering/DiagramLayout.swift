import ModlintGraph

/// Where a view's nodes, edges and groups sit, in points with the origin at the top left
/// and y growing downwards (the browser's way; Graphviz's y is flipped on the way in).
/// Made by Graphviz in process for views it lays out in reasonable time
/// (`ModlintGraphviz.GraphvizLayout`), by `LayeredLayout` for any size.
public struct DiagramLayout: Sendable, Equatable {
    public struct Box: Sendable, Equatable {
        /// The top-left corner.
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public struct Group: Sendable, Equatable {
        public var name: String
        public var box: Box

        public init(name: String, box: Box) {
            self.name = name
            self.box = box
        }
    }

    /// Which engine laid it out, for the page to say.
    public var engine: String
    public var width: Double
    public var height: Double
    /// One box per node of the view, in the view's order.
    public var nodes: [Box]
    /// Per edge of the view, in its order: the cubic Bézier control points of its line
    /// (x0, y0, x1, y1, …: a start and three points per segment), or empty when the edge is
    /// drawn straight between its nodes.
    public var edges: [[Double]]
    /// Package or layer boxes drawn behind the nodes.
    public var groups: [Group]

    public init(engine: String, width: Double, height: Double, nodes: [Box], edges: [[Double]], groups: [Group]) {
        self.engine = engine
        self.width = width
        self.height = height
        self.nodes = nodes
        self.edges = edges
        self.groups = groups
    }

    /// The width a node's label needs at the report's font (11 px Helvetica: about 6.6
    /// points a character), with padding.
    public static func nodeWidth(_ label: String) -> Double {
        max(48, (Double(label.count) * 6.6 + 18).rounded())
    }

    public static let nodeHeight: Double = 24
}
