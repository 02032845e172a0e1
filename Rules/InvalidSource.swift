import ModlintGraph
import ModlintTokenizer
import ModlintWorkspace

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

        A source over the 64 MiB size cap is not read at all, so none of its code is \
        analysed: that is an **error**, since a file padded past the cap would otherwise \
        hide its imports from the gate. Split the file, or exclude it in `.modlint.yml`.
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

    /// One finding per file: its first problem (a binary file's NUL bytes first of all),
    /// with the others as related locations — a binary `.swift` file is one warning, not 80.
    public func check(_ context: LintContext) -> [Finding] {
        var byFile: [String: [WorkspaceNote]] = [:]
        var order: [String] = []
        // An unreadable manifest or project is `unread-build-description`'s.
        for note in context.workspace.notes where note.kind == .invalidSource || note.kind == .unreadable {
            if byFile[note.file] == nil { order.append(note.file) }
            byFile[note.file, default: []].append(note)
        }
        return order.map { file in
            let notes = byFile[file]!
            let binary = notes.first { $0.message == LexerDiagnostic.Kind.binaryContent.rawValue }
            let first = binary ?? notes[0]
            let others = notes.filter { $0 != first }
            let more = binary != nil || others.isEmpty ? "" : " (and \(others.count) more problem\(others.count == 1 ? "" : "s") in this file)"
            var finding = Finding(site: Site(file: file, line: first.line, column: first.column), message: first.message + more,
                                  key: [file, first.message],
                                  related: binary != nil ? [] : others.prefix(20).map { RelatedLocation(file: file, line: $0.line, message: $0.message) })
            finding.severity = Self.severity(of: first)
            return finding
        }
    }

    /// A source over the size cap is not read at all: everything in it goes unanalysed,
    /// so the gate must not pass (see the rationale); `nil` = the rule's.
    static func severity(of note: WorkspaceNote) -> Severity? {
        note.kind == .unreadable && note.message.hasSuffix(WorkspaceNote.unanalysedCode) ? .error : nil
    }
}
