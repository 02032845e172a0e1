import ModlintRuleEngine

/// Diagnostic paths are relative to the result's root; CI systems want them relative to
/// the repository (GitHub annotations, code scanning, Markdown links). When the linted root
/// lies inside the repository root, the difference becomes a prefix; otherwise paths stay
/// relative to the result root.
public struct RepositoryPaths: Sendable, Equatable {
    /// `Packages/Core/` or empty.
    public let prefix: String
    /// The absolute directory repository-relative paths start from.
    public let base: String

    public init(resultRoot: String, repositoryRoot: String?) {
        let root = Self.trimmed(resultRoot)
        guard let repositoryRoot else {
            (prefix, base) = ("", root)
            return
        }
        let repo = Self.trimmed(repositoryRoot)
        if root == repo {
            (prefix, base) = ("", repo)
        } else if root.hasPrefix(repo == "/" ? "/" : repo + "/") {
            let relative = root.dropFirst(repo == "/" ? 1 : repo.count + 1)
            (prefix, base) = (relative + "/", repo)
        } else {
            (prefix, base) = ("", root)
        }
    }

    /// `file` (relative to the result root) relative to `base`.
    public func path(_ file: String) -> String {
        prefix + file
    }

    /// A related location as one line of a finding's message, for formats with no place of
    /// their own for it: `path:line: message`, or `path: message` when it names no line.
    public func relatedLine(_ related: RelatedLocation) -> String {
        (related.line > 0 ? "\(path(related.file)):\(related.line)" : path(related.file)) + ": " + related.message
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
