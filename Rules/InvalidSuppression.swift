import ModlintFacts
import ModlintGraph
import ModlintWorkspace

/// A suppression that cannot be honoured as written.
public struct InvalidSuppression: Rule {
    public static let description = RuleDescription(
        id: "invalid-suppression",
        defaultSeverity: .warning,
        summary: "A malformed, unexplained or expired suppression (unknown directive or rule, missing reason, past `until:` date).",
        rationale: """
        Suppressions are architecture debt with a label. The label must be readable: \
        `// modlint:disable:next RULE - reason`, `// modlint:disable RULE - reason` … \
        `// modlint:enable RULE`, or `// modlint:disable-file RULE - reason`, with rule ids \
        (or `all`) and, when `require-suppression-reason` is on (the default), a reason \
        after ` - `. An optional `until: YYYY-MM-DD` makes the debt expire: after that date \
        the suppression no longer applies, the finding it covered is back, and this rule \
        points at the stale suppression.

        A directive modlint cannot read (a typo in the directive or a rule id, a bad date, \
        `enable` without `disable`) would otherwise be ignored silently; it is reported \
        here instead. A suppression without a reason does not apply: the finding it would \
        silence stays, and this rule points at the comment (set \
        `require-suppression-reason: false` to accept suppressions without one).
        """,
        examples: [
            RuleExample("missing reason, unknown directive, unknown rule, expired", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [.target(name: "App")])
                """,
                "Sources/App/App.swift": """
                \u{2193}// modlint:disable:next undeclared-import
                import Foundation
                \u{2193}// modlint:ignore undeclared-import - typo in the directive
                \u{2193}// modlint:disable-file undeclared-imports - typo in the rule id
                \u{2193}// modlint:disable target-cycle - migration ticket 12, until: 2001-02-03
                struct App {}
                """,
            ]),
            RuleExample("well-formed suppressions", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [.target(name: "App")])
                """,
                "Sources/App/App.swift": """
                // modlint:disable:next undeclared-import - provided by the host app at link time
                import HostKit
                /* modlint:disable target-cycle, undeclared-import - split in progress until: 2999-12-31 */
                struct App {}
                // modlint:enable target-cycle, undeclared-import
                """,
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        let known = Set(BuiltinRules.all.map(\.description.id))
        var commentsByFile: [(String, [SuppressionComment])] = []
        // Only files that have some: nearly none of ten thousand do.
        for package in context.workspace.packages {
            if !package.suppressions.isEmpty { commentsByFile.append((package.manifestPath, package.suppressions)) }
            for target in package.targets {
                for file in target.files where !file.summary.suppressions.isEmpty { commentsByFile.append((file.path, file.summary.suppressions)) }
            }
        }
        for (file, comments) in commentsByFile {
            for comment in comments {
                let site = Site(file: file, line: comment.line, column: comment.column)
                let rules = comment.rules.joined(separator: ", ")
                let key = [file, comment.scope?.rawValue ?? "malformed"] + comment.rules
                if let problem = comment.problem {
                    findings.append(Finding(site: site, message: problem, key: key + [problem]))
                    continue
                }
                let unknown = comment.rules.filter { $0 != "all" && !known.contains($0) }
                if !unknown.isEmpty {
                    let message = unknown.map { "unknown rule '\($0)'" + Self.suggestion($0, known) }.joined(separator: "; ")
                    findings.append(Finding(site: site, message: "suppression names an \(message)", key: key + ["unknown"]))
                } else if context.configuration.requireSuppressionReason && comment.reason == nil {
                    findings.append(Finding(site: site, message: "suppression of \(rules) needs a reason: add ' - why' after the rule ids",
                                            key: key + ["reason"]))
                }
                if SuppressionFilter.isExpired(comment.until, today: context.today), let until = comment.until {
                    findings.append(Finding(site: site, message: "suppression of \(rules) expired on \(until); fix the findings or extend the date",
                                            key: key + ["expired"]))
                }
            }
        }
        for entry in context.configuration.suppressions {
            guard SuppressionFilter.isExpired(entry.until, today: context.today), let until = entry.until else { continue }
            let file = Paths.relative(entry.location?.file ?? ".modlint.yml", to: context.workspace.root)
            findings.append(Finding(site: Site(file: file, line: entry.location?.line ?? 1, column: entry.location?.column ?? 1),
                                    message: "configured suppression of \(entry.rule) expired on \(until); fix the findings or extend the date",
                                    key: ["configuration", entry.rule, entry.module?.description ?? "", "expired"]))
        }
        return findings
    }

    static func suggestion(_ id: String, _ known: Set<String>) -> String {
        Suggestions.closest(to: id, in: known.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
