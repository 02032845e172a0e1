import ModlintDiff
import ModlintWorkspace

/// `--changed[=REV]`: the files git reports as changed, relative to the workspace root.
enum ChangedFiles {
    /// `--changed` without a value arrives as this (see `normalizeArguments`): staged
    /// files. No command-line argument can contain the control character.
    static let staged = "\u{1}staged"

    /// ArgumentParser options always take a value; a bare `--changed` gets the sentinel.
    /// `--changed HEAD~1` (a space, as with most options) takes the next word as the
    /// revision when no file or folder has that name: paths exist, revisions do not.
    static func normalizeArguments(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument == "--changed" else {
                result.append(argument)
                continue
            }
            if index < arguments.count, !arguments[index].hasPrefix("-"), FileSystem.kind(of: arguments[index]) == .missing {
                result.append("--changed=" + arguments[index])
                index += 1
            } else {
                result.append("--changed=" + staged)
            }
        }
        return result
    }

    static func list(revision: String, root: String) throws -> Set<String> {
        // A revision is never an option: `--changed=--output=FILE` must not reach git.
        if revision != staged && (revision.hasPrefix("-") || revision.isEmpty) {
            throw UsageError(message: "--changed: '\(revision)' is not a revision (a revision cannot start with '-')")
        }
        guard let topLevel = try git(["rev-parse", "--show-toplevel"], in: root).first else {
            throw UsageError(message: "--changed needs a git repository: \(root) is not inside one")
        }
        let diff = revision == staged ? ["diff", "--name-only", "--cached"] : ["diff", "--name-only", "--end-of-options", revision, "--"]
        let top = FileSystem.absolute(topLevel)
        var result = Set<String>()
        for line in try git(diff, in: root) {
            let absolute = Paths.join(top, line)
            let relative = Paths.relative(absolute, to: root)
            if relative != absolute { result.insert(relative) }
        }
        return result
    }

    /// Absolute paths of the files git does not track (and does not ignore) under the
    /// linted `paths`: what a commit leaves out, and so what a pre-commit hook must not
    /// judge (`--ignore-untracked`).
    static func untracked(paths: [String]) throws -> Set<String> {
        var result = Set<String>()
        for path in paths.isEmpty ? ["."] : paths {
            let absolute = FileSystem.absolute(path)
            let directory = FileSystem.kind(of: absolute) == .directory ? absolute : Paths.parent(absolute)
            guard let topLevel = try git(["rev-parse", "--show-toplevel"], in: directory).first else {
                throw UsageError(message: "--ignore-untracked needs a git repository: \(directory) is not inside one")
            }
            let top = FileSystem.absolute(topLevel)
            for line in try git(["ls-files", "--others", "--exclude-standard", "--full-name", "--", "."], in: directory) {
                result.insert(Paths.join(top, line))
            }
        }
        return result
    }

    /// git's output lines, as paths (`GitRepository.git`: the one way modlint runs git).
    private static func git(_ arguments: [String], in directory: String) throws -> [String] {
        let output: [UInt8]
        do {
            output = try GitRepository.git(arguments, in: directory)
        } catch {
            guard let status = error.status else {
                throw UsageError(message: "--changed needs git: \(error.detail ?? error.description)")
            }
            if arguments.first == "rev-parse" {
                throw UsageError(message: "--changed needs a git repository: \(directory) is not inside one")
            }
            let detail = error.detail ?? "exit \(status)"
            if arguments.first == "diff", let revision = arguments.dropFirst(3).first, detail.contains("bad revision") || detail.contains("unknown revision") {
                throw UsageError(message: "--changed: '\(revision)' is neither a path nor a revision git knows (\(detail))")
            }
            throw UsageError(message: "git \(arguments.joined(separator: " ")) failed: \(detail)")
        }
        return output.split(separator: UInt8(ascii: "\n")).map { PathBytes.string($0) }
    }
}
