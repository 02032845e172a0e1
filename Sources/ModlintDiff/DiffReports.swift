import ModlintJSON
import ModlintReporters
import ModlintRules

/// The formats of `modlint diff`: text for a terminal, JSON for tools, Markdown for a
/// pull-request comment. SARIF (new findings only) is the lint reporter's, over
/// `ArchitectureDiff.newFindingsResult`.
public enum DiffFormat: String, Sendable, CaseIterable {
    case text, json, markdown, sarif

    /// The report of `diff` in this format.
    /// - Parameters:
    ///   - topLevel: the repository's top folder (the new findings' root in SARIF).
    ///   - repositoryRoot: what SARIF paths are relative to (the CI's checkout; default `topLevel`).
    ///   - repositoryURL: `<server>/<repo>`, for Markdown links to each side's commit.
    ///   - sourceLinkBase: Markdown links for the work tree side (the CI's commit).
    public func render(_ diff: ArchitectureDiff, rules: RuleCatalog, topLevel: String, repositoryRoot: String?,
                       repositoryURL: String?, sourceLinkBase: String?) -> String {
        switch self {
        case .text:
            return DiffTextReport().render(diff)
        case .json:
            return DiffJSONReport().render(diff)
        case .markdown:
            let headLink = diff.head.commit.flatMap { commit in repositoryURL.map { "\($0)/blob/\(commit)/" } } ?? sourceLinkBase
            let baseLink = diff.base.commit.flatMap { commit in repositoryURL.map { "\($0)/blob/\(commit)/" } }
            return DiffMarkdownReport(rules: rules, headLinkBase: headLink, baseLinkBase: baseLink).render(diff)
        case .sarif:
            return SARIFReporter(rules: rules, repositoryRoot: repositoryRoot ?? topLevel).render(diff.newFindingsResult(root: topLevel))
        }
    }
}

extension ArchitectureDiff {
    /// One line: what changed, counted.
    public var headline: String {
        let s = summary
        var parts = ["\(Plural.count(s.newErrors, "new error")), \(Plural.count(s.newWarnings, "new warning"))"
                     + (s.newNotes > 0 ? ", \(Plural.count(s.newNotes, "new note"))" : ""),
                     "\(s.fixedFindings) fixed", "\(s.unchangedFindings) unchanged"]
        parts.append("modules +\(s.modulesAdded) -\(s.modulesRemoved)")
        parts.append("edges +\(s.edgesAdded) -\(s.edgesRemoved)" + (s.edgesChanged > 0 ? " ~\(s.edgesChanged)" : ""))
        if s.newCycles > 0 { parts.append(Plural.count(s.newCycles, "new cycle")) }
        return parts.joined(separator: "; ")
    }

    /// The new findings as a lint result, for the SARIF reporter (code scanning then
    /// annotates only what the change introduced).
    public func newFindingsResult(root: String) -> LintResult {
        LintResult(tool: LintResult.Tool(version: ModlintVersion.current), root: root,
                   summary: LintResult.Summary(errors: summary.newErrors, warnings: summary.newWarnings, notes: summary.newNotes),
                   diagnostics: newFindings)
    }

    /// Layer pairs the added edges cross (`Feature → Core`), counted, sorted.
    public var layersCrossed: [(from: String, to: String, edges: Int)] {
        var counts: [String: (String, String, Int)] = [:]
        for edge in edges(.added) {
            guard let from = edge.fromLayer, let to = edge.toLayer, from != to else { continue }
            counts[from + "\u{0}" + to, default: (from, to, 0)].2 += 1
        }
        return counts.values.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { (from: $0.0, to: $0.1, edges: $0.2) }
    }
}

extension ArchitectureDiff.EdgeChange {
    /// `declared, imported`, `imported` …; for a changed edge, from what to what.
    public var kindDescription: String {
        func kinds(_ declared: Bool, _ imported: Bool) -> String {
            [declared ? "declared" : nil, imported ? "imported" : nil].compactMap { $0 }.joined(separator: " and ")
        }
        let now = kinds(declared, imported)
        guard change == .changed, let wasDeclared, let wasImported else { return now }
        return kinds(wasDeclared, wasImported) + " → " + now
    }

    /// `Feature → Core` when the edge joins two layers.
    public var layerDescription: String? {
        guard let fromLayer, let toLayer else { return nil }
        return fromLayer == toLayer ? fromLayer : "\(fromLayer) → \(toLayer)"
    }
}

/// Plain text, for a terminal.
public struct DiffTextReport: Sendable {
    public init() {}

    public func render(_ diff: ArchitectureDiff) -> String {
        var lines = ["modlint diff \(diff.base.label) → \(diff.head.label)", diff.headline]
        func section(_ title: String, _ body: [String]) {
            guard !body.isEmpty else { return }
            lines += ["", title] + body.map { "  " + $0 }
        }
        func finding(_ d: Diagnostic) -> String { "\(TerminalText.path(d.file)):\(d.line):\(d.column): \(d.severity.rawValue): \(d.message) [\(d.rule)]" }
        section("New findings", diff.newFindings.map(finding))
        section("Fixed findings", diff.fixedFindings.map(finding))
        section("Modules", diff.modulesAdded.map { "+ \($0)" } + diff.modulesRemoved.map { "- \($0)" })
        let mark: [ArchitectureDiff.Change: String] = [.added: "+", .removed: "-", .changed: "~"]
        section("Module edges", diff.edges.map { edge in
            var text = "\(mark[edge.change]!) \(edge.from) -> \(edge.to) (\(edge.kindDescription))"
            if let layers = edge.layerDescription { text += " [\(layers)]" }
            if !edge.violations.isEmpty { text += " violates \(edge.violations.joined(separator: ", "))" }
            return text
        })
        section("Cycles", diff.newCycles.map { "new: " + $0.joined(separator: ", ") } + diff.brokenCycles.map { "broken: " + $0.joined(separator: ", ") })
        section("Metrics", Self.metricLines(diff))
        // Names and messages come from the tree: escaped for a terminal, line by line.
        return lines.map(TerminalText.text).joined(separator: "\n") + "\n"
    }

    static func metricLines(_ diff: ArchitectureDiff) -> [String] {
        var lines: [String] = []
        if diff.longestChainBase != diff.longestChainHead {
            lines.append("longest chain: \(edgeCount(diff.longestChainBase)) → \(edgeCount(diff.longestChainHead)) edges"
                         + (diff.longestChainHead.isEmpty ? "" : " (\(diff.longestChainHead.joined(separator: " → ")))"))
        }
        for crossing in diff.layersCrossed {
            lines.append("layers crossed: \(crossing.from) → \(crossing.to) (\(Plural.count(crossing.edges, "new edge")))")
        }
        for metric in diff.metrics {
            lines.append("\(metric.module): " + DiffMetricText.changes(metric).joined(separator: ", "))
        }
        return lines
    }

    static func edgeCount(_ chain: [String]) -> Int { max(chain.count - 1, 0) }
}

/// `fan-in 1 → 2`-style wording of a module's coupling change.
enum DiffMetricText {
    static func changes(_ metric: ArchitectureDiff.MetricChange) -> [String] {
        guard let base = metric.base else { return ["added"] + values(metric.head!) }
        guard let head = metric.head else { return ["removed"] }
        var parts: [String] = []
        if base.fanIn != head.fanIn { parts.append("fan-in \(base.fanIn) → \(head.fanIn)") }
        if base.fanOut != head.fanOut { parts.append("fan-out \(base.fanOut) → \(head.fanOut)") }
        if base.instability != head.instability { parts.append("instability \(number(base.instability)) → \(number(head.instability))") }
        if base.depth != head.depth { parts.append("depth \(base.depth) → \(head.depth)") }
        return parts
    }

    static func values(_ values: ArchitectureDiff.MetricChange.Values) -> [String] {
        ["fan-in \(values.fanIn)", "fan-out \(values.fanOut)", "instability \(number(values.instability))", "depth \(values.depth)"]
    }

    /// Three decimals at most, no trailing zeros (`0.5`, `0.667`, `1`).
    static func number(_ value: Double) -> String {
        var text = String(Int((value * 1000).rounded()))
        while text.count < 4 { text = "0" + text }
        let whole = text.dropLast(3), fraction = text.suffix(3).reversed().drop { $0 == "0" }.reversed()
        return fraction.isEmpty ? String(whole) : "\(whole).\(String(fraction))"
    }
}

/// The versioned JSON form (version 1): keys in a fixed order, 2-space indentation.
public struct DiffJSONReport: Sendable {
    public init() {}

    public func render(_ diff: ArchitectureDiff) -> String {
        Self.jsonValue(diff).serialized(indent: 2) + "\n"
    }

    static func jsonValue(_ diff: ArchitectureDiff) -> JSONValue {
        func side(_ side: ArchitectureDiff.Side) -> JSONValue {
            .object([("revision", .string(side.revision)), ("commit", side.commit.map(JSONValue.string) ?? .null)])
        }
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        func edge(_ edge: ArchitectureDiff.EdgeChange) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("change", .string(edge.change.rawValue)), ("from", .string(edge.from)), ("to", .string(edge.to)),
                ("declared", .bool(edge.declared)), ("imported", .bool(edge.imported)),
            ]
            if let wasDeclared = edge.wasDeclared, let wasImported = edge.wasImported {
                members += [("wasDeclared", .bool(wasDeclared)), ("wasImported", .bool(wasImported))]
            }
            members += [("fromLayer", optional(edge.fromLayer)), ("toLayer", optional(edge.toLayer)),
                        ("violations", .array(edge.violations.map(JSONValue.string)))]
            return .object(members)
        }
        func values(_ values: ArchitectureDiff.MetricChange.Values?) -> JSONValue {
            guard let values else { return .null }
            return .object([("fanIn", .int(values.fanIn)), ("fanOut", .int(values.fanOut)),
                            ("instability", .number(values.instability)), ("depth", .int(values.depth))])
        }
        let s = diff.summary
        return .object([
            ("version", .int(diff.version)),
            ("tool", .object([("name", .string("modlint")), ("version", .string(ModlintVersion.current))])),
            ("base", side(diff.base)),
            ("head", side(diff.head)),
            ("summary", .object([
                ("newErrors", .int(s.newErrors)), ("newWarnings", .int(s.newWarnings)), ("newNotes", .int(s.newNotes)),
                ("fixedFindings", .int(s.fixedFindings)), ("unchangedFindings", .int(s.unchangedFindings)),
                ("modulesAdded", .int(s.modulesAdded)), ("modulesRemoved", .int(s.modulesRemoved)),
                ("edgesAdded", .int(s.edgesAdded)), ("edgesRemoved", .int(s.edgesRemoved)), ("edgesChanged", .int(s.edgesChanged)),
                ("newCycles", .int(s.newCycles)),
            ])),
            ("modules", .object([("added", .array(diff.modulesAdded.map(JSONValue.string))),
                                 ("removed", .array(diff.modulesRemoved.map(JSONValue.string)))])),
            ("edges", .array(diff.edges.map(edge))),
            ("findings", .object([
                ("new", .array(diff.newFindings.map(JSONReporter.jsonValue))),
                ("fixed", .array(diff.fixedFindings.map(JSONReporter.jsonValue))),
                ("unchanged", .array(diff.unchangedFindings.map(JSONReporter.jsonValue))),
            ])),
            ("cycles", .object([("new", .array(diff.newCycles.map { .array($0.map(JSONValue.string)) })),
                                ("broken", .array(diff.brokenCycles.map { .array($0.map(JSONValue.string)) }))])),
            ("longestChain", .object([("base", .array(diff.longestChainBase.map(JSONValue.string))),
                                      ("head", .array(diff.longestChainHead.map(JSONValue.string)))])),
            ("layersCrossed", .array(diff.layersCrossed.map {
                .object([("from", .string($0.from)), ("to", .string($0.to)), ("edges", .int($0.edges))])
            })),
            ("metrics", .array(diff.metrics.map {
                .object([("module", .string($0.module)), ("base", values($0.base)), ("head", values($0.head))])
            })),
        ])
    }
}

/// A pull-request comment: a summary line, tables of new and fixed findings and of the
/// changed edges, a Mermaid diagram of the changed edges, and the metrics that moved.
/// Tables stop at `maxRows` rows, so a comment stays under code hosts' size limits.
public struct DiffMarkdownReport: Sendable {
    public var rules: RuleCatalog
    /// `<server>/<repo>/blob/<sha>/` of each side: locations of new findings link to the
    /// head's files, of fixed findings to the base's (as the lint reporter's links).
    public var headLinkBase: String?
    public var baseLinkBase: String?
    public var maxRows: Int

    public init(rules: RuleCatalog = .empty, headLinkBase: String? = nil, baseLinkBase: String? = nil, maxRows: Int = 50) {
        self.rules = rules
        self.headLinkBase = headLinkBase
        self.baseLinkBase = baseLinkBase
        self.maxRows = maxRows
    }

    public func render(_ diff: ArchitectureDiff) -> String {
        let s = diff.summary
        var lines = ["## modlint diff", ""]
        func side(_ side: ArchitectureDiff.Side) -> String { side.commit == nil ? MarkdownText.inline(side.label) : MarkdownText.codeSpan(side.label) }
        let range = "\(side(diff.base)) → \(side(diff.head))"
        guard !diff.isEmpty else {
            lines.append(":white_check_mark: No architecture change: \(range) add, remove and fix nothing (\(Plural.count(s.unchangedFindings, "finding")) unchanged).")
            return lines.joined(separator: "\n") + "\n"
        }
        let status = s.newErrors > 0 ? ":x:" : (s.newWarnings > 0 ? ":warning:" : ":white_check_mark:")
        lines.append("\(status) \(MarkdownText.inline(diff.headline)) — \(range).")
        table(&lines, "New findings", diff.newFindings, linkBase: headLinkBase)
        table(&lines, "Fixed findings", diff.fixedFindings, linkBase: baseLinkBase)
        if !diff.modulesAdded.isEmpty || !diff.modulesRemoved.isEmpty {
            lines += ["", "### Modules", ""]
            lines += diff.modulesAdded.map { "- added \(MarkdownText.codeSpan($0))" } + diff.modulesRemoved.map { "- removed \(MarkdownText.codeSpan($0))" }
        }
        if !diff.edges.isEmpty {
            lines += ["", "### Module edges", "", "| Change | From | To | Kind | Layers | Findings |", "| --- | --- | --- | --- | --- | --- |"]
            for edge in diff.edges.prefix(maxRows) {
                lines.append("| \(edge.change.rawValue) | \(MarkdownText.codeSpan(edge.from)) | \(MarkdownText.codeSpan(edge.to)) | \(edge.kindDescription) | "
                             + "\(edge.layerDescription.map(MarkdownText.inline) ?? "") | \(edge.violations.map(ruleReference).joined(separator: ", ")) |")
            }
            more(&lines, diff.edges.count)
            let diagram = DiffDiagram(diff)
            lines += ["", "```mermaid"] + diagram.mermaidLines() + ["```"]
        }
        var metrics: [String] = []
        for cycle in diff.newCycles { metrics.append("- :x: new cycle: " + cycle.map(MarkdownText.codeSpan).joined(separator: ", ")) }
        for cycle in diff.brokenCycles { metrics.append("- cycle broken: " + cycle.map(MarkdownText.codeSpan).joined(separator: ", ")) }
        if diff.longestChainBase != diff.longestChainHead {
            metrics.append("- longest chain: \(DiffTextReport.edgeCount(diff.longestChainBase)) → \(DiffTextReport.edgeCount(diff.longestChainHead)) edges"
                           + (diff.longestChainHead.isEmpty ? "" : " (" + diff.longestChainHead.map(MarkdownText.codeSpan).joined(separator: " → ") + ")"))
        }
        for crossing in diff.layersCrossed {
            metrics.append("- layers crossed: \(MarkdownText.inline(crossing.from)) → \(MarkdownText.inline(crossing.to)) (\(Plural.count(crossing.edges, "new edge")))")
        }
        if !metrics.isEmpty || !diff.metrics.isEmpty {
            lines += ["", "### Metrics", ""] + metrics
            if !diff.metrics.isEmpty {
                if !metrics.isEmpty { lines.append("") }
                lines += ["| Module | Fan-in | Fan-out | Instability | Depth |", "| --- | ---: | ---: | ---: | ---: |"]
                for metric in diff.metrics.prefix(maxRows) {
                    func cell(_ value: (ArchitectureDiff.MetricChange.Values) -> String) -> String {
                        let before = metric.base.map(value), after = metric.head.map(value)
                        if before == after { return before ?? "" }
                        return "\(before ?? "–") → \(after ?? "–")"
                    }
                    lines.append("| \(MarkdownText.codeSpan(metric.module)) | \(cell { String($0.fanIn) }) | \(cell { String($0.fanOut) }) | "
                                 + "\(cell { DiffMetricText.number($0.instability) }) | \(cell { String($0.depth) }) |")
                }
                more(&lines, diff.metrics.count)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func table(_ lines: inout [String], _ title: String, _ findings: [Diagnostic], linkBase: String?) {
        guard !findings.isEmpty else { return }
        lines += ["", "### \(title)", "", "| Severity | Rule | Location | Message |", "| --- | --- | --- | --- |"]
        for d in findings.prefix(maxRows) {
            lines.append("| \(d.severity.rawValue) | \(ruleReference(d.rule)) | \(link(d.file, line: d.line, base: linkBase)) | \(MarkdownText.inline(d.message)) |")
        }
        more(&lines, findings.count)
    }

    private func more(_ lines: inout [String], _ count: Int) {
        if count > maxRows { lines += ["", "… and \(count - maxRows) more"] }
    }

    private func ruleReference(_ id: String) -> String {
        MarkdownText.ruleReference(id, rules: rules)
    }

    private func link(_ path: String, line: Int, base: String?) -> String {
        MarkdownText.location(path, line: line, column: 0, linkBase: base)
    }
}
