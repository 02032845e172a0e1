import ModlintFacts
import ModlintWorkspace

/// A suppression that silenced nothing in a run (reported by `superfluous-suppression`).
public struct UnusedSuppression: Sendable, Equatable {
    public enum Origin: String, Sendable {
        /// A `// modlint:…` comment in a source file or manifest.
        case comment
        /// An entry of `suppressions:` in `.modlint.yml`.
        case configuration
    }

    public var origin: Origin
    /// Relative to the workspace root (the configuration file may lie outside it).
    public var file: String
    public var line: Int
    public var column: Int
    public var rules: [String]
}

/// A rule that judges the suppressions themselves, once every other rule has run and the
/// suppressions have been applied (`superfluous-suppression`).
public protocol SuppressionAuditRule: Rule {
    func check(unused: [UnusedSuppression], _ context: LintContext) -> [Finding]
}

extension SuppressionAuditRule {
    public var suppressionAudit: (any SuppressionAuditRule)? { self }
}

/// Applies suppression comments and configured suppressions to the raised findings and
/// records which suppressions were used.
///
/// Findings of the suppression rules themselves are never suppressed by comments (a
/// comment cannot vouch for itself); turn those rules off in the configuration instead.
public struct SuppressionFilter: Sendable {
    public struct Raised: Sendable {
        public var rule: String
        public var severity: Severity
        public var finding: Finding

        public init(rule: String, severity: Severity, finding: Finding) {
            self.rule = rule
            self.severity = severity
            self.finding = finding
        }
    }

    static let exemptRules: Set<String> = ["superfluous-suppression", "invalid-suppression"]

    /// Comments by file path.
    var comments: [String: [SuppressionComment]] = [:]
    var configured: [ConfiguredSuppression]
    var root: String
    /// `YYYY-MM-DD`; suppressions with an earlier `until` no longer apply.
    var today: String
    /// `require-suppression-reason` (the default): a comment without ` - reason` does not
    /// apply — the finding stays and `invalid-suppression` points at the comment.
    var requiresReason: Bool

    public init(workspace: Workspace, configuration: Configuration, today: String) {
        for package in workspace.packages {
            if !package.suppressions.isEmpty { comments[package.manifestPath] = package.suppressions }
            for target in package.targets {
                for file in target.files where !file.summary.suppressions.isEmpty {
                    comments[file.path] = file.summary.suppressions
                }
            }
        }
        configured = configuration.suppressions
        root = workspace.root
        self.today = today
        requiresReason = configuration.requireSuppressionReason
    }

    public static func isExpired(_ until: String?, today: String) -> Bool {
        guard let until else { return false }
        return until < today
    }

    /// The findings that remain, and the suppressions that silenced nothing although every
    /// rule they name ran (`ranRules`).
    public func apply(_ raised: [Raised], ranRules: Set<String>) -> (kept: [Raised], unused: [UnusedSuppression]) {
        var usedComments = Set<CommentID>()
        var usedConfigured = Set<Int>()
        var kept: [Raised] = []
        for item in raised {
            if Self.exemptRules.contains(item.rule) {
                kept.append(item)
                continue
            }
            var suppressed = false
            for (index, comment) in (comments[item.finding.site.file] ?? []).enumerated()
            where applies(comment) && comment.covers(rule: item.rule, line: item.finding.site.line) {
                usedComments.insert(CommentID(file: item.finding.site.file, index: index))
                suppressed = true
            }
            for (index, entry) in configured.enumerated()
            where !Self.isExpired(entry.until, today: today) && Self.matches(entry, rule: item.rule, finding: item.finding) {
                usedConfigured.insert(index)
                suppressed = true
            }
            if !suppressed { kept.append(item) }
        }

        var unused: [UnusedSuppression] = []
        func allRan(_ rules: [String]) -> Bool {
            rules.contains("all") || rules.allSatisfy { ranRules.contains($0) }
        }
        for (file, list) in comments {
            for (index, comment) in list.enumerated()
            where comment.scope != nil && applies(comment) && allRan(comment.rules)
                && !usedComments.contains(CommentID(file: file, index: index)) {
                unused.append(UnusedSuppression(origin: .comment, file: file, line: comment.line, column: comment.column, rules: comment.rules))
            }
        }
        for (index, entry) in configured.enumerated()
        where !Self.isExpired(entry.until, today: today) && allRan([entry.rule]) && !usedConfigured.contains(index) {
            unused.append(UnusedSuppression(origin: .configuration, file: Paths.relative(entry.location?.file ?? ".modlint.yml", to: root),
                                            line: entry.location?.line ?? 1, column: entry.location?.column ?? 1, rules: [entry.rule]))
        }
        unused.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        return (kept, unused)
    }

    /// Not expired, and explained when a reason is required.
    private func applies(_ comment: SuppressionComment) -> Bool {
        !Self.isExpired(comment.until, today: today) && (!requiresReason || comment.reason != nil)
    }

    /// A configured suppression applies when its rule matches and every glob it has
    /// matches: `module` the finding's module; `from`/`to` an edge of the finding.
    static func matches(_ entry: ConfiguredSuppression, rule: String, finding: Finding) -> Bool {
        guard entry.rule == "all" || entry.rule == rule else { return false }
        if let module = entry.module {
            guard let name = finding.module, module.matches(name) else { return false }
        }
        if entry.from != nil || entry.to != nil {
            return edges(of: finding).contains { edge in
                (entry.from?.matches(edge.from) ?? true) && (entry.to?.matches(edge.to) ?? true)
            }
        }
        return true
    }

    /// The module edges a finding is about: those it names (`Finding.edges`); for a rule
    /// that names none, from the finding's module (else its first key symbol) to each
    /// other symbol of its key (`impl-crosses-boundary`: user → owner).
    static func edges(of finding: Finding) -> [(from: String, to: String)] {
        if !finding.edges.isEmpty { return finding.edges.map { ($0.from, $0.to) } }
        let sources = finding.module.map { [$0] } ?? Array(finding.key.prefix(1))
        var result: [(String, String)] = []
        for source in sources {
            for target in finding.key where target != source {
                result.append((source, target))
            }
        }
        return result
    }

    struct CommentID: Hashable {
        var file: String
        var index: Int
    }
}
