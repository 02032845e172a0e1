import ModlintGraph
import ModlintRuleEngine

/// A source file that cannot be read or lexed cleanly.
public struct InvalidSource: Rule {
    public static let description = RuleDescription(
        id: "invalid-source",
        defaultSeverity: .warning,
        summary: "A source file modlint could not read or lex cleanly (invalid UTF-8, unterminated literal, binary content).",
        rationale: """
        Facts from a damaged file may be incomplete: an unterminated string literal or \
        comment hides everything after it, so imports and declarations below it are \
        invisible to every other rule. modlint keeps going — one bad file never aborts a \
        run — and reports the place so that the gap is visible. The compiler would reject \
        such a file too; fix the literal, the encoding, or exclude generated and binary \
        files from the target.
        """,
        examples: [
            RuleExample("an unterminated string literal", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [.target(name: "App")])
                """,
                "Sources/App/Broken.swift": """
                import Foundation

                let greeting = \u{2193}"Hello
                struct Greeter {}
                """,
            ]),
            RuleExample("nested comments and raw strings are fine", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "App", targets: [.target(name: "App")])
                """,
                "Sources/App/Fine.swift": """
                /* outer /* inner */ still a comment */
                let pattern = #"a "quoted" \\d+ value"#
                let text = \"\"\"
                    multi-line with \\(pattern) interpolation
                    \"\"\"
                """,
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        context.workspace.notes.filter { $0.kind == .invalidSource || $0.kind == .unreadable }.map { note in
            Finding(site: Site(file: note.file, line: note.line, column: note.column), message: note.message,
                    key: [note.file, note.message])
        }
    }
}
