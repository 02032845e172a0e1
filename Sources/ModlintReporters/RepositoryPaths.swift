import ModlintRules
import ModlintWorkspace

/// Diagnostic paths are relative to the result's root; CI systems want them relative to
/// the repository (GitHub annotations, code scanning, Markdown links). When the linted root
/// lies inside the repository root, the difference becomes a prefix; otherwise paths stay
/// relative to the result root.
public struct RepositoryPaths: Sendable, Equatable {
    /// `Packages/Core/` or empty.
    public let prefix: String
    /// The absolute directory repository-relative paths start from.
    public let base: String

    /// - Parameter absoluteOutside: a root outside `repositoryRoot` gives absolute paths
    ///   (what a terminal or an editor can open from the working directory) instead of
    ///   root-relative ones.
    public init(resultRoot: String, repositoryRoot: String?, absoluteOutside: Bool = false) {
        let root = Self.trimmed(resultRoot)
        guard let repositoryRoot else {
            (prefix, base) = ("", root)
            return
        }
        let repo = Self.trimmed(repositoryRoot)
        let relative = Paths.relative(root, to: repo)
        if root == repo {
            (prefix, base) = ("", repo)
        } else if relative != root {
            (prefix, base) = (relative + "/", repo)
        } else if absoluteOutside {
            (prefix, base) = (root == "/" ? "/" : root + "/", "/")
        } else {
            (prefix, base) = ("", root)
        }
    }

    /// Every path absolute: `xcode` output, which build phases read from any directory.
    public static func absolute(resultRoot: String) -> RepositoryPaths {
        let root = trimmed(resultRoot)
        return RepositoryPaths(prefix: root == "/" ? "/" : root + "/", base: "/")
    }

    private init(prefix: String, base: String) {
        self.prefix = prefix
        self.base = base
    }

    /// `file` (relative to the result root) relative to `base`.
    public func path(_ file: String) -> String {
        file.hasPrefix("/") ? file : prefix + file
    }

    /// A related location as one line of a finding's message, for formats with no place of
    /// their own for it: `path:line: message`, or `path: message` when it names no line.
    public func relatedLine(_ related: RelatedLocation) -> String {
        (related.line > 0 ? "\(path(related.file)):\(related.line)" : path(related.file)) + ": " + related.message
    }

    /// Without trailing slashes (`Paths.normalize`, which also folds `.` and `..`).
    private static func trimmed(_ path: String) -> String {
        Paths.normalize(path)
    }
}
