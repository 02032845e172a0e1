import ModlintRules

/// Checkstyle XML (version 4.3), read by Jenkins' Warnings NG, reviewdog, Danger and most
/// code-review bots: one `<file>` per file in result order, one `<error>` per finding with
/// `source="modlint.<rule>"`. Checkstyle has no related locations: they are appended to the
/// message. Severities: error, warning, info (notes).
public struct CheckstyleReporter: RepositoryRelativeReporter {
    public static let name = "checkstyle"
    public var name: String { Self.name }

    public var repositoryRoot: String?

    public init(repositoryRoot: String? = nil) {
        self.repositoryRoot = repositoryRoot
    }

    public func render(_ result: LintResult) -> String {
        let paths = paths(result)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentFile: String?
        for d in result.diagnostics {
            if d.file != currentFile {
                if currentFile != nil { out += "  </file>\n" }
                currentFile = d.file
                out += "  <file name=\"\(XMLText.attribute(paths.path(d.file)))\">\n"
            }
            var message = d.message
            for r in d.related {
                message += "\n" + paths.relatedLine(r)
            }
            out += "    <error line=\"\(d.line)\" column=\"\(d.column)\" severity=\"\(Self.severity(d.severity))\""
            out += " message=\"\(XMLText.attribute(message))\" source=\"modlint.\(XMLText.attribute(d.rule))\"/>\n"
        }
        if currentFile != nil { out += "  </file>\n" }
        return out + "</checkstyle>\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        case .off: "ignore"
        }
    }
}
