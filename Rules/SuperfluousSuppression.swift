import ModlintGraph

/// A suppression that silences nothing.
public struct SuperfluousSuppression: Rule {
    public static let description = RuleDescription(
        id: "superfluous-suppression",
        defaultSeverity: .warning,
        summary: "A suppression comment or configured suppression that silenced no finding.",
        rationale: """
        A suppression is a promise that a known, accepted finding lives there. When the \
        finding is fixed or moves away, the leftover suppression keeps silently covering \
        the place: the next real violation on that line, in that region or module goes \
        unseen. Remove suppressions that no longer silence anything.

        The rule runs after every other rule and after suppressions were applied. A \
        suppression is only judged when every rule it names ran (a suppression of a rule \
        that is `off` is not reported). Expired suppressions are reported by \
        `invalid-suppression` instead. Findings of `superfluous-suppression` and \
        `invalid-suppression` cannot be suppressed by comments; set their severity in \
        `.modlint.yml`.
        """,
        examples: [
            RuleExample("a suppression with nothing to suppress", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [.target(name: "App")])
                """,
                "Sources/App/App.swift": """
                \u{2193}// modlint:disable:next all - the legacy import is being removed
                struct App {}
                """,
            ]),
            RuleExample("text that only looks like a directive is not one", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [.target(name: "App")])
                """,
                "Sources/App/Help.swift": """
                let help = "write // modlint:disable:next all - reason above the line"
                /// Doc comments are documentation: // modlint:disable all
                struct Help {}
                """,
            ]),
        ]
    )

    public init() {}

    /// Reported from `check(unused:_:)`, once the other rules ran.
    public func check(_ context: LintContext) -> [Finding] { [] }
}

extension SuperfluousSuppression: SuppressionAuditRule {
    public func check(unused: [UnusedSuppression], _ context: LintContext) -> [Finding] {
        unused.map { suppression in
            let rules = suppression.rules.joined(separator: ", ")
            let what = suppression.origin == .comment ? "suppression comment" : "configured suppression"
            return Finding(site: Site(file: suppression.file, line: suppression.line, column: suppression.column),
                           message: "\(what) for \(rules) silenced nothing; remove it",
                           key: [suppression.origin.rawValue, suppression.file] + suppression.rules)
        }
    }
}
