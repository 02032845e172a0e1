import ModlintRules

/// GitHub Actions workflow commands: one annotation per finding, shown on the pull
/// request's diff and in the run summary.
///
///     ::error file=Sources/A/A.swift,line=3,col=1,title=modlint(target-cycle)::message
///
/// `error` / `warning` / `notice` follow the severity. Related locations become further
/// lines of the message. Paths are relative to the repository root when the CLI knows it
/// (`GITHUB_WORKSPACE`), as GitHub resolves them against the checkout.
public struct GitHubReporter: RepositoryRelativeReporter {
    public static let name = "github"
    public var name: String { Self.name }

    public var repositoryRoot: String?

    public init(repositoryRoot: String? = nil) {
        self.repositoryRoot = repositoryRoot
    }

    public func render(_ result: LintResult) -> String {
        let paths = paths(result)
        var out = ""
        for d in result.diagnostics {
            var properties = [("file", paths.path(d.file))]
            if d.line > 0 {
                properties.append(("line", String(d.line)))
                if d.column > 0 { properties.append(("col", String(d.column))) }
            }
            properties.append(("title", "modlint(\(d.rule))"))
            var message = d.message
            for r in d.related {
                message += "\n" + paths.relatedLine(r)
            }
            out += WorkflowCommand.format(Self.command(d.severity), properties: properties, message: message) + "\n"
        }
        return out
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note, .off: "notice"
        }
    }
}

/// GitHub's workflow-command syntax `::name key=value,key=value::data` and its escaping
/// (the runner's `CommandEscaping`): data escapes `%`, CR and LF; property values
/// additionally `:` and `,`, which would otherwise end the value.
public enum WorkflowCommand {
    public static func format(_ name: String, properties: [(String, String)], message: String) -> String {
        let props = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::" + name + (props.isEmpty ? "" : " " + props) + "::" + escapeData(message)
    }

    public static func escapeData(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public static func escapeProperty(_ value: String) -> String {
        var out = ""
        for scalar in escapeData(value).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
