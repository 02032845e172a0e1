import ModlintGraph
import ModlintRules

/// What a change does to the architecture: two snapshots compared. Modules and edges are
/// matched by id, findings by fingerprint (and rule), so a finding that only moved lines
/// is unchanged. Everything is sorted: the same two sides give the same bytes.
public struct ArchitectureDiff: Sendable, Equatable, Codable {
    /// A side as the user named it, and the commit it resolved to (`nil`: the work tree).
    public struct Side: Sendable, Equatable, Codable {
        public var revision: String
        public var commit: String?

        public init(revision: String, commit: String?) {
            self.revision = revision
            self.commit = commit
        }

        /// `origin/main (1a2b3c4)`, or `the work tree`.
        public var label: String {
            guard let commit else { return revision }
            let short = String(commit.prefix(7))
            return revision == commit || revision == short ? short : "\(revision) (\(short))"
        }
    }

    public enum Change: String, Sendable, Equatable, Codable {
        case added, removed
        /// The edge exists on both sides, as a declaration on one and an import on the other
        /// (or as both on one side only).
        case changed
    }

    public struct EdgeChange: Sendable, Equatable, Codable {
        public var from: String
        public var to: String
        public var change: Change
        /// On the side where the edge exists (HEAD unless removed).
        public var declared: Bool
        public var imported: Bool
        /// BASE's kinds, for a changed edge.
        public var wasDeclared: Bool?
        public var wasImported: Bool?
        public var fromLayer: String?
        public var toLayer: String?
        /// Rules with a finding on this edge, on the side where it exists.
        public var violations: [String]
    }

    public struct MetricChange: Sendable, Equatable, Codable {
        public struct Values: Sendable, Equatable, Codable {
            public var fanIn: Int
            public var fanOut: Int
            public var instability: Double
            public var depth: Int
        }

        public var module: String
        /// `nil` for a module the change adds.
        public var base: Values?
        /// `nil` for a module the change removes.
        public var head: Values?
    }

    public struct Summary: Sendable, Equatable, Codable {
        public var modulesAdded: Int
        public var modulesRemoved: Int
        public var edgesAdded: Int
        public var edgesRemoved: Int
        public var edgesChanged: Int
        public var newErrors: Int
        public var newWarnings: Int
        public var newNotes: Int
        public var fixedFindings: Int
        public var unchangedFindings: Int
        public var newCycles: Int
    }

    public static let currentVersion = 1

    public var version: Int
    public var base: Side
    public var head: Side
    public var summary: Summary
    public var modulesAdded: [String]
    public var modulesRemoved: [String]
    /// Added, then removed, then changed; each sorted by (from, to).
    public var edges: [EdgeChange]
    /// Sorted with `Diagnostic.ordered`.
    public var newFindings: [Diagnostic]
    public var fixedFindings: [Diagnostic]
    public var unchangedFindings: [Diagnostic]
    /// Modules that are in a dependency cycle together in HEAD but not in BASE (declared
    /// and imported edges), each sorted, the list sorted.
    public var newCycles: [[String]]
    /// The reverse: cycles the change breaks.
    public var brokenCycles: [[String]]
    /// The longest declared dependency chain on each side, top first.
    public var longestChainBase: [String]
    public var longestChainHead: [String]
    /// Coupling of the modules the change touches (an endpoint of a changed edge, or added
    /// or removed), where it differs; sorted by module.
    public var metrics: [MetricChange]
    /// Unchanged edges of HEAD between modules a changed edge touches: the diagram's context.
    public var neighbourEdges: [ModuleEdge]

    private enum CodingKeys: String, CodingKey {
        case version, base, head, summary, modulesAdded, modulesRemoved, edges, newFindings, fixedFindings, unchangedFindings,
             newCycles, brokenCycles, longestChainBase, longestChainHead, metrics, neighbourEdges
    }

    /// The edges of one kind of change.
    public func edges(_ change: Change) -> [EdgeChange] { edges.filter { $0.change == change } }

    /// New findings at error severity: what `--fail-on new` fails on.
    public var introducesErrors: Bool { summary.newErrors > 0 }

    /// Whether anything changed at all.
    public var isEmpty: Bool {
        modulesAdded.isEmpty && modulesRemoved.isEmpty && edges.isEmpty && newFindings.isEmpty && fixedFindings.isEmpty
    }

    public init(base: ArchitectureSnapshot, head: ArchitectureSnapshot, baseSide: Side, headSide: Side) {
        version = Self.currentVersion
        self.base = baseSide
        self.head = headSide
        let baseModules = Dictionary(base.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let headModules = Dictionary(head.modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        modulesAdded = head.modules.filter { !$0.isExternal && baseModules[$0.id] == nil }.map(\.id)
        modulesRemoved = base.modules.filter { !$0.isExternal && headModules[$0.id] == nil }.map(\.id)

        // Rule ids with a finding on each edge, as the diagrams draw them.
        let baseViolations = DiagramViolations(base.result).rulesByEdge, headViolations = DiagramViolations(head.result).rulesByEdge
        let baseEdges = Dictionary(base.edges.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let headEdges = Dictionary(head.edges.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func change(_ edge: ArchitectureSnapshot.Edge, _ kind: Change, layers: [String: ArchitectureSnapshot.Module],
                    violations: [ModuleEdge: [String]], was: ArchitectureSnapshot.Edge? = nil) -> EdgeChange {
            EdgeChange(from: edge.from, to: edge.to, change: kind, declared: edge.declared, imported: edge.imported,
                       wasDeclared: was?.declared, wasImported: was?.imported,
                       fromLayer: layers[edge.from]?.layer, toLayer: layers[edge.to]?.layer, violations: violations[edge.key] ?? [])
        }
        var edges: [EdgeChange] = []
        edges += head.edges.filter { baseEdges[$0.key] == nil }.map { change($0, .added, layers: headModules, violations: headViolations) }
        edges += base.edges.filter { headEdges[$0.key] == nil }.map { change($0, .removed, layers: baseModules, violations: baseViolations) }
        edges += head.edges.compactMap { edge in
            guard let was = baseEdges[edge.key], was != edge else { return nil }
            return change(edge, .changed, layers: headModules, violations: headViolations, was: was)
        }
        self.edges = edges
        let ends = Set(edges.flatMap { [$0.from, $0.to] })
        neighbourEdges = head.edges.filter { edge in
            guard let was = baseEdges[edge.key], was == edge else { return false }
            return ends.contains(edge.from) && ends.contains(edge.to)
        }.map(\.key)

        let findings = Self.match(base: base.result.diagnostics, head: head.result.diagnostics)
        newFindings = findings.new
        fixedFindings = findings.fixed
        unchangedFindings = findings.unchanged

        let baseCycles = Set(Self.cycles(base)), headCycles = Set(Self.cycles(head))
        newCycles = headCycles.subtracting(baseCycles).sorted { $0.lexicographicallyPrecedes($1) }
        brokenCycles = baseCycles.subtracting(headCycles).sorted { $0.lexicographicallyPrecedes($1) }
        longestChainBase = base.longestChain
        longestChainHead = head.longestChain

        var touched = Set(modulesAdded + modulesRemoved)
        for edge in edges { touched.formUnion([edge.from, edge.to]) }
        metrics = touched.sorted().compactMap { id -> MetricChange? in
            let before = baseModules[id].flatMap(Self.values), after = headModules[id].flatMap(Self.values)
            guard before != after, before != nil || after != nil else { return nil }
            return MetricChange(module: id, base: before, head: after)
        }

        summary = Summary(modulesAdded: modulesAdded.count, modulesRemoved: modulesRemoved.count,
                          edgesAdded: edges.count { $0.change == .added }, edgesRemoved: edges.count { $0.change == .removed },
                          edgesChanged: edges.count { $0.change == .changed },
                          newErrors: newFindings.count { $0.severity == .error }, newWarnings: newFindings.count { $0.severity == .warning },
                          newNotes: newFindings.count { $0.severity == .note }, fixedFindings: fixedFindings.count,
                          unchangedFindings: unchangedFindings.count, newCycles: newCycles.count)
    }

    /// Coupling values of a module the metrics cover (not external, not a test target).
    private static func values(_ module: ArchitectureSnapshot.Module) -> MetricChange.Values? {
        guard !module.isExternal, module.kind != "test" else { return nil }
        return MetricChange.Values(fanIn: module.fanIn, fanOut: module.fanOut, instability: module.instability, depth: module.depth)
    }

    /// Findings matched by (rule, fingerprint), counting duplicates: a fingerprint HEAD has
    /// twice and BASE once is one unchanged and one new finding.
    static func match(base: [Diagnostic], head: [Diagnostic]) -> (new: [Diagnostic], fixed: [Diagnostic], unchanged: [Diagnostic]) {
        func key(_ diagnostic: Diagnostic) -> String { diagnostic.rule + "\u{0}" + diagnostic.fingerprint }
        var remaining: [String: Int] = [:]
        for diagnostic in base { remaining[key(diagnostic), default: 0] += 1 }
        var new: [Diagnostic] = [], unchanged: [Diagnostic] = []
        for diagnostic in head {
            let found = key(diagnostic)
            if let count = remaining[found], count > 0 {
                remaining[found] = count - 1
                unchanged.append(diagnostic)
            } else {
                new.append(diagnostic)
            }
        }
        // The BASE findings HEAD did not match: the last `remaining` of each key.
        var total: [String: Int] = [:]
        for diagnostic in base { total[key(diagnostic), default: 0] += 1 }
        var fixed: [Diagnostic] = []
        var seen: [String: Int] = [:]
        for diagnostic in base {
            let found = key(diagnostic)
            let position = seen[found, default: 0]
            seen[found] = position + 1
            if position >= total[found, default: 0] - remaining[found, default: 0] { fixed.append(diagnostic) }
        }
        return (new.sorted(by: Diagnostic.ordered), fixed.sorted(by: Diagnostic.ordered), unchanged.sorted(by: Diagnostic.ordered))
    }

    /// The dependency cycles of a side: each strongly connected component of more than one
    /// module (declared and imported edges between modules of the workspace), sorted.
    static func cycles(_ snapshot: ArchitectureSnapshot) -> [[String]] {
        let ids = snapshot.modules.filter { !$0.isExternal }.map(\.id)
        let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var adjacency = [[Int]](repeating: [], count: ids.count)
        for edge in snapshot.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            adjacency[from].append(to)
        }
        return Cycles.stronglyConnectedComponents(adjacency)
            .filter { $0.count > 1 }
            .map { $0.map { ids[$0] }.sorted() }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }
}
