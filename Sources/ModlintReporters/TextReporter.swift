import ModlintRules
import ModlintWorkspace

/// Compiler-style text, one line per finding, the format editors and CI logs understand:
///
///     Sources/A/A.swift:3:1: error: message [target-cycle]
///         Sources/B/B.swift:7:1: note: related message
///     modlint: 1 error, 0 warnings, 0 notes in 2 packages, 5 modules, 40 files
public struct TextReporter: Reporter {
    public static let name = "text"
    /// The same lines with absolute paths, as Xcode reads them from a build phase's output.
    public static let xcodeName = "xcode"
    public var name: String { absolute ? Self.xcodeName : Self.name }

    /// ANSI colour (bold locations and messages; red errors, yellow warnings, cyan notes).
    public var colored: Bool
    /// Paths are relative to this folder (absolute when the root lies outside it);
    /// `nil`: relative to the result's root.
    public var workingDirectory: String?
    /// Absolute paths (`xcode`).
    public var absolute = false
    /// `--quiet`: only the findings that fail the gate, and no summary line.
    public var onlyFailing = false
    /// With `onlyFailing`: warnings and notes fail too (`--strict`).
    public var strict = false

    public init(colored: Bool = false, workingDirectory: String? = nil) {
        self.colored = colored
        self.workingDirectory = workingDirectory
    }

    /// `file:line:col: error: …` with absolute paths: what an Xcode Run Script build phase
    /// needs for its issues to show in the editor.
    public static func xcode() -> TextReporter {
        var reporter = TextReporter()
        reporter.absolute = true
        return reporter
    }

    /// This reporter as `lint --quiet` wants it (unchanged without `--quiet`).
    func quieted(_ options: ReporterOptions) -> TextReporter {
        var reporter = self
        reporter.onlyFailing = options.quiet
        reporter.strict = options.strict
        return reporter
    }

    public func render(_ result: LintResult) -> String {
        let paths = absolute ? RepositoryPaths.absolute(resultRoot: result.root)
            : RepositoryPaths(resultRoot: result.root, repositoryRoot: workingDirectory, absoluteOutside: true)
        var out = ""
        for d in result.diagnostics where !onlyFailing || strict || d.severity == .error {
            out += style(location(paths.path(d.file), d.line, d.column) + ":", .bold) + " "
            out += severityLabel(d.severity) + " "
            out += style(TerminalText.text(d.message), .bold) + " [\(d.rule)]\n"
            for r in d.related {
                out += "    " + style(location(paths.path(r.file), r.line, r.line > 0 ? 1 : 0) + ":", .bold) + " "
                out += severityLabel(.note) + " " + TerminalText.text(r.message) + "\n"
            }
        }
        if !onlyFailing { out += style("modlint:", .bold) + " " + summaryLine(result.summary) + "\n" }
        return out
    }

    /// `2 errors, 1 warning, 0 notes in 3 packages, 12 modules, 140 files`, or
    /// `no findings in …` when there are no findings at all.
    public func summaryLine(_ s: LintResult.Summary) -> String {
        var scope = "in \(Plural.count(s.packages, "package")), \(Plural.count(s.modules, "module")), \(Plural.count(s.files, "file"))"
        if s.filesInNoTarget > 0 { scope += " (\(Plural.count(s.filesInNoTarget, "file")) in no target)" }
        // A gate that read a fraction of the code says so where everyone looks.
        if s.filesInNoTarget > s.files {
            scope += "; less than half of the Swift files were analysed"
        }
        if s.contextPackages > 0 { scope += "; \(Plural.count(s.contextPackages, "dependency package")) read as context" }
        if s.errors == 0 && s.warnings == 0 && s.notes == 0 {
            return "no findings " + scope
        }
        let errors = Plural.count(s.errors, "error")
        let warnings = Plural.count(s.warnings, "warning")
        return [
            s.errors > 0 ? style(errors, .red) : errors,
            s.warnings > 0 ? style(warnings, .yellow) : warnings,
            Plural.count(s.notes, "note"),
        ].joined(separator: ", ") + " " + scope
    }

    private func location(_ file: String, _ line: Int, _ column: Int) -> String {
        let file = TerminalText.path(file)
        // A related location may have no line (0): print just the file, as compilers do.
        guard line > 0 else { return file }
        return "\(file):\(line):\(max(column, 1))"
    }

    private func severityLabel(_ severity: Severity) -> String {
        let label = severity.rawValue + ":"
        switch severity {
        case .error: return style(label, .boldRed)
        case .warning: return style(label, .boldYellow)
        case .note: return style(label, .boldCyan)
        case .off: return label
        }
    }

    private enum Style: String {
        case bold = "\u{1B}[1m"
        case red = "\u{1B}[31m"
        case yellow = "\u{1B}[33m"
        case boldRed = "\u{1B}[1;31m"
        case boldYellow = "\u{1B}[1;33m"
        case boldCyan = "\u{1B}[1;36m"
    }

    private func style(_ text: String, _ style: Style) -> String {
        colored ? style.rawValue + text + "\u{1B}[0m" : text
    }
}

/// Text for a terminal or a log: the text and xcode reporters, `modlint diff`'s text, the
/// CLI's messages that quote names. Every control character (a line break would split a
/// compiler-style line, an escape sequence would drive the terminal), bidirectional
/// control and raw byte of a name is shown escaped (`PathBytes.displayed`, the one
/// terminal escaper).
public enum TerminalText {
    /// A message, a name, or a line made of them.
    public static func text(_ text: String) -> String {
        PathBytes.displayed(text)
    }

    /// A file path: escaped as `text`, and a backslash doubled first, so that the escaped
    /// form of a control character cannot be confused with a name that spells it out.
    public static func path(_ path: String) -> String {
        PathBytes.displayed(path.replacing("\\", with: "\\\\"))
    }
}
