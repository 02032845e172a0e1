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

    /// `docs/rules/README.md`: the index.
    public static func index(_ rules: [RuleDescription]) -> String {
        var lines = ["# Rules", "", "| id | default severity | summary |", "| --- | --- | --- |"]
        for rule in rules.sorted(by: { $0.id < $1.id }) {
            lines.append("| [`\(rule.id)`](\(rule.id).md) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |")
        }
        lines.append("")
        lines.append("<!-- Generated from Rules/ by `make docs`; do not edit. -->")
        return lines.joined(separator: "\n") + "\n"
    }
}
