/// A drawable, serialisable graph: what `modlint graph` prints and renders.
///
/// Views are plain values with sorted nodes and edges, so every renderer (DOT, Mermaid,
/// JSON, Graphviz) produces the same bytes for the same input.
public struct GraphView: Sendable, Equatable {
    public enum Name: String, Sendable, CaseIterable {
        case packages, modules, imports, di, spezi
    }

    public var name: Name
    public private(set) var nodes: [GraphNode]
    public private(set) var edges: [GraphEdge]

    public init(name: Name, nodes: [GraphNode], edges: [GraphEdge]) {
        self.name = name
        self.nodes = nodes.sorted { $0.id < $1.id }
        // Parallel edges of one kind collapse into one.
        var seen = Set<String>()
        self.edges = edges
            .sorted { ($0.from, $0.to, $0.kind.rawValue) < ($1.from, $1.to, $1.kind.rawValue) }
            .filter { seen.insert("\($0.from)\u{0}\($0.to)\u{0}\($0.kind.rawValue)").inserted }
    }
}

public struct GraphNode: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A library (regular) target.
        case library
        case executable
        /// An Xcode application target (app, watch app, app clip): a composition root.
        case app
        /// An Xcode app extension, widget, XPC service …: a composition root hosted by an app.
        case appExtension = "extension"
        /// An Xcode framework or library target.
        case framework
        case test
        case macro
        case plugin
        case system
        case binary
        /// A whole package (packages view).
        case package
        /// A module or package outside the workspace.
        case external
        /// A Spezi Standard (spezi view).
        case standard
        /// A Spezi `Configuration` of an app delegate (spezi view).
        case configuration
        /// A protocol refining Spezi's `Standard` (spezi view).
        case constraint
        /// A DI key (`Logger`, `\DependencyValues.apiClient`) in the `di` view.
        case diKey
        /// A type a DI factory builds, or the key type behind a values property (`di` view).
        case implementation
    }

    /// Unique within the view; the module name where that is unique.
    public var id: String
    public var kind: Kind
    /// Package identity the node belongs to (`nil` for external nodes).
    public var package: String?
    /// Directory relative to the workspace root (`nil` for external nodes).
    public var path: String?
    /// Cluster name for `--cluster layer` (filled from configuration when known).
    public var layer: String?
    /// A module's Swift files, relative to the workspace root (modules and imports views):
    /// the JSON format lists them, so that a target's files can be compared with another
    /// tool's. `nil` for other nodes.
    public var files: [String]?

    public init(id: String, kind: Kind, package: String?, path: String?, layer: String? = nil, files: [String]? = nil) {
        self.id = id
        self.kind = kind
        self.package = package
        self.path = path
        self.layer = layer
        self.files = files
    }
}

public struct GraphEdge: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Declared in a manifest: target → target / product.
        case dependency
        /// Observed in sources: `import X`.
        case `import`
        /// Package → package (`.package(url:)` / `.package(path:)`).
        case package
        /// DI: module → key it registers.
        case registers
        /// DI: module → key it resolves or injects.
        case consumes
        /// DI: key → the implementation it binds.
        case binds
        /// DI: key → key its factory resolves.
        case resolves
    }

    public var from: String
    public var to: String
    public var kind: Kind
    /// Rule ids of findings on this edge (drawn red, id as tooltip).
    public var violations: [String]

    public init(from: String, to: String, kind: Kind, violations: [String] = []) {
        self.from = from
        self.to = to
        self.kind = kind
        self.violations = violations
    }
}
