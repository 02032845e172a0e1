import ModlintRules
import ModlintJSON

/// GitHub-flavoured Markdown for pull-request comments and the job summary
/// (`--reporter markdown:$GITHUB_STEP_SUMMARY`): a status line, a table of rules with
/// their finding counts, the findings grouped by rule (errors first) and a Mermaid
/// flowchart of the module edges the findings are about.
///
/// Locations link to `sourceLinkBase` + path + `#L<line>` when a base is given (the CLI
/// derives `<server>/<repo>/blob/<sha>/` on GitHub Actions); otherwise they are code spans.
/// Each rule lists at most `maxFindingsPerRule` findings, so a comment stays under the
/// size limits of code hosts.
public struct MarkdownReporter: RepositoryRelativeReporter {
    public static let name = "markdown"
    public var name: String { Self.name }

    public var rules: RuleCatalog
    public var repositoryRoot: String?
    public var sourceLinkBase: String?
    public var maxFindingsPerRule: Int

    public init(rules: RuleCatalog = .empty, repositoryRoot: String? = nil, sourceLinkBase: String? = nil,
                maxFindingsPerRule: Int = 50) {
        self.rules = rules
        self.repositoryRoot = repositoryRoot
        self.sourceLinkBase = sourceLinkBase
        self.maxFindingsPerRule = maxFindingsPerRule
    }

    public func render(_ result: LintResult) -> String {
        let paths = paths(result, absoluteOutside: false)
        let s = result.summary
        let scope = "in \(Plural.count(s.packages, "package")), \(Plural.count(s.modules, "module")), \(Plural.count(s.files, "file"))"
        var lines = ["## modlint", ""]
        guard !result.diagnostics.isEmpty else {
            lines.append(":white_check_mark: No findings \(scope).")
            return lines.joined(separator: "\n") + "\n"
        }
        let status = s.errors > 0 ? ":x:" : ":warning:"
        lines.append("\(status) **\(Plural.count(s.errors, "error"))**, \(Plural.count(s.warnings, "warning")), \(Plural.count(s.notes, "note")) \(scope).")

        let groups = Self.groups(result.diagnostics)
        // Counts per severity: one rule can report errors and warnings (an import that
        // breaks the build, another reachable only transitively), and a single label
        // would call the warnings errors.
        lines += ["", "| Rule | Errors | Warnings | Notes |", "| --- | ---: | ---: | ---: |"]
        for group in groups {
            let counts = [Severity.error, .warning, .note].map { severity in group.diagnostics.filter { $0.severity == severity }.count }
            lines.append("| \(ruleReference(group.rule)) | " + counts.map { $0 == 0 ? "" : String($0) }.joined(separator: " | ") + " |")
        }
        for group in groups {
            lines += ["", "### \(MarkdownText.codeSpan(group.rule))", ""]
            if let summary = rules.metadata(for: group.rule)?.summary, !summary.isEmpty {
                lines += [MarkdownText.inline(summary), ""]
            }
            for d in group.diagnostics.prefix(maxFindingsPerRule) {
                let location = link(paths.path(d.file), line: d.line, column: d.column)
                lines.append("- **\(d.severity.rawValue)** \(location) — \(MarkdownText.inline(d.message))")
                for r in d.related {
                    lines.append("  - \(link(paths.path(r.file), line: r.line, column: 0)) — \(MarkdownText.inline(r.message))")
                }
            }
            if group.diagnostics.count > maxFindingsPerRule {
                lines.append("- … and \(Plural.count(group.diagnostics.count - maxFindingsPerRule, "more finding"))")
            }
        }
        let edges = DiagramViolations(result).ruleEdges
        if !edges.isEmpty {
            lines += ["", "### Violating edges", "", "```mermaid"]
            lines += MermaidFlowchart.lines(edges)
            lines.append("```")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Group {
        var rule: String
        var severity: Severity
        var diagnostics: [Diagnostic]
    }

    /// By rule; the most severe rules first, then by id.
    static func groups(_ diagnostics: [Diagnostic]) -> [Group] {
        var byRule: [String: [Diagnostic]] = [:]
        for d in diagnostics { byRule[d.rule, default: []].append(d) }
        func rank(_ s: Severity) -> Int { [.error: 0, .warning: 1, .note: 2][s] ?? 3 }
        return byRule.map { rule, ds in
            Group(rule: rule, severity: ds.map(\.severity).min { rank($0) < rank($1) }!, diagnostics: ds)
        }.sorted { (rank($0.severity), $0.rule) < (rank($1.severity), $1.rule) }
    }

    private func ruleReference(_ id: String) -> String {
        MarkdownText.ruleReference(id, rules: rules)
    }

    private func link(_ path: String, line: Int, column: Int) -> String {
        MarkdownText.location(path, line: line, column: column, linkBase: sourceLinkBase)
    }
}

/// Escaping for GitHub-flavoured Markdown (every Markdown output uses it).
public enum MarkdownText {
    /// Inline text: ASCII punctuation with a Markdown meaning is backslash-escaped (`<` and
    /// `&` too, so no HTML or entity gets through), line breaks become spaces so a message
    /// cannot start a new block.
    public static func inline(_ text: String) -> String {
        var out = ""
        var previousWasBreak = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if !previousWasBreak { out += " " }
                previousWasBreak = true
                continue
            }
            previousWasBreak = false
            if "\\`*_[]<>|~&#!".unicodeScalars.contains(scalar) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// A code span whose delimiter is longer than any backtick run inside it.
    public static func codeSpan(_ text: String) -> String {
        let flat = text.replacingNewlines()
        var longest = 0, run = 0
        for c in flat { run = c == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") ? " \(flat) " : flat
        return fence + padded + fence
    }

    /// A rule id as a code span, linked to its documentation when the catalog knows it.
    public static func ruleReference(_ id: String, rules: RuleCatalog) -> String {
        guard let uri = rules.metadata(for: id)?.helpURI else { return codeSpan(id) }
        return "[\(codeSpan(id))](\(linkDestination(uri)))"
    }

    /// `path:line:column` as a code span, linked to `linkBase` + path + `#L<line>` when a
    /// base is given (`<server>/<repo>/blob/<sha>/`).
    public static func location(_ path: String, line: Int, column: Int, linkBase: String?) -> String {
        let text = line > 0 ? (column > 0 ? "\(path):\(line):\(column)" : "\(path):\(line)") : path
        guard let base = linkBase else { return codeSpan(text) }
        let target = base + (base.hasSuffix("/") ? "" : "/") + SARIFReporter.relativeURI(path) + (line > 0 ? "#L\(line)" : "")
        return "[\(codeSpan(text))](\(linkDestination(target)))"
    }

    /// `<…>` destination, which may contain spaces and parentheses.
    public static func linkDestination(_ uri: String) -> String {
        "<" + uri.replacingNewlines().replacing("<", with: "%3C").replacing(">", with: "%3E") + ">"
    }
}

private extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

/// Mermaid `flowchart` source for a list of module edges: nodes get synthetic ids (`m0`, …)
/// in name order, so any module name is a safe quoted label.
enum MermaidFlowchart {
    static func lines(_ edges: [(edge: ModuleEdge, rule: String)]) -> [String] {
        let names = Set(edges.flatMap { [$0.edge.from, $0.edge.to] }).sorted()
        var ids: [String: String] = [:]
        var lines = ["flowchart LR"]
        for (index, name) in names.enumerated() {
            ids[name] = "m\(index)"
            lines.append("  m\(index)[\"\(MermaidText.label(name))\"]")
        }
        for edge in edges {
            lines.append("  \(ids[edge.edge.from]!) -->|\(MermaidText.label(edge.rule))| \(ids[edge.edge.to]!)")
        }
        return lines
    }
}
