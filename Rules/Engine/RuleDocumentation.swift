/// Markdown for `docs/rules/<id>.md` and `modlint explain`, generated from the rule's own
/// description so that documentation and behaviour cannot drift apart.
public enum RuleDocumentation {
    public static func markdown(_ rule: RuleDescription) -> String {
        var lines: [String] = []
        lines.append("# `\(rule.id)`")
        lines.append("")
        lines.append(rule.summary)
        lines.append("")
        lines.append("Default severity: **\(rule.defaultSeverity.rawValue)**")
        lines.append("")
        lines.append("## Why")
        lines.append("")
        lines.append(rule.rationale)
        lines.append("")
        lines.append("## Examples")
        for example in rule.examples {
            lines.append("")
            lines.append("### \(example.triggers ? "Triggers" : "Does not trigger"): \(example.title)")
            for file in example.files {
                lines.append("")
                lines.append("`\(file.path)`")
                lines.append("")
                lines.append(file.path.hasSuffix(".yml") ? "```yaml" : "```swift")
                lines.append(file.contents.hasSuffix("\n") ? String(file.contents.dropLast()) : file.contents)
                lines.append("```")
            }
        }
        lines.append("")
        if rule.examples.contains(where: \.triggers) {
            lines.append("`\(RuleExample.marker)` marks where a finding is reported.")
            lines.append("")
        }
        lines.append("<!-- Generated from Rules/ by `make docs`; do not edit. -->")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What each default severity means: the policy every rule's default follows.
    public static let severityPolicy: [(Severity, String)] = [
        (.error, "Breaks the build or the app at launch: a clean build fails or depends on build order (an unreachable import, a "
            + "cycle, a manifest SwiftPM rejects), or the app crashes or misbehaves as it starts (an unmet Spezi requirement, a DI "
            + "key resolved but never registered, a registration silently overwritten) — or breaks a rule that exists only because "
            + "the team wrote it in `.modlint.yml` (layers, forbidden edges, max depth): declared to be enforced, so it fails the "
            + "gate; an explicit severity in `.modlint.yml` still wins."),
        (.warning, "Architecture debt or hygiene: the code builds and runs today, but the graph is not what it claims to be (an "
            + "import reachable only transitively, an unused dependency, an implementation crossing a boundary, a style rule, a "
            + "suppression that is malformed, expired or unused)."),
        (.note, "Information about what modlint read: files in no target, manifests or dependencies it could not resolve."),
    ]

    /// `docs/rules/README.md`: the index.
    /// The README's rule table (links relative to `linkBase`), without a trailing newline.
    public static func table(_ rules: [RuleDescription], linkBase: String) -> String {
        var lines = ["| id | default | what it finds |", "| --- | --- | --- |"]
        for rule in rules.sorted(by: { $0.id < $1.id }) {
            lines.append("| [`\(rule.id)`](\(linkBase)\(rule.id).md) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `readme` with the table after its `## Rules` heading replaced by the generated one.
    public static func updatingReadme(_ readme: String, rules: [RuleDescription]) -> String? {
        guard let heading = readme.range(of: "## Rules\n\n") else { return nil }
        let rest = readme[heading.upperBound...]
        let tableEnd = rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        return String(readme[..<heading.upperBound]) + table(rules, linkBase: "docs/rules/") + String(readme[tableEnd...])
    }

    public static func index(_ rules: [RuleDescription]) -> String {
        var lines = ["# Rules", "", "| id | default severity | summary |", "| --- | --- | --- |"]
        let sorted = rules.sorted(by: { $0.id < $1.id })
        for rule in sorted {
            lines.append("| [`\(rule.id)`](\(rule.id).md) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |")
        }
        lines += ["", "## Severity policy", "",
                  "A default severity says what happens if the finding is ignored. `lint` exits 1 on errors only, so a gate on the defaults "
                  + "fails for what would break, not for what is untidy. Raise or lower any rule in `.modlint.yml` (`rules: {ID: error}`).", "",
                  "| severity | meaning | rules |", "| --- | --- | --- |"]
        for (severity, meaning) in severityPolicy {
            let ids = sorted.filter { $0.defaultSeverity == severity }.map { "`\($0.id)`" }
            lines.append("| \(severity.rawValue) | \(meaning) | \(ids.isEmpty ? "—" : ids.joined(separator: ", ")) |")
        }
        lines.append("")
        lines.append("<!-- Generated from Rules/ by `make docs`; do not edit. -->")
        return lines.joined(separator: "\n") + "\n"
    }
}
