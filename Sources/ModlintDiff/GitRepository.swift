import Foundation
import ModlintWorkspace

/// The git repository `modlint diff` compares revisions of, read through git's plumbing
/// only: `rev-parse`, `ls-tree` and `cat-file --batch` (no checkout, no worktree, no
/// index, no hook, no filter or diff driver a committed `.gitattributes` could name).
/// Nothing is written into the repository.
public struct GitRepository: Sendable {
    /// The work tree's top folder (absolute).
    public let topLevel: String

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// A commit and its tree.
    public struct Revision: Sendable, Equatable {
        public var name: String
        public var commit: String
        public var tree: String
    }

    /// What writing a tree left out: entries no reader could use the same way.
    public struct Materialized: Sendable, Equatable {
        public var files = 0
        /// Symbolic links (never written: the walk of a work tree does not follow linked
        /// folders either, and a link could point anywhere).
        public var links: [String] = []
        /// Submodules (written as empty folders, as a clone without `--recursive` has them).
        public var submodules: [String] = []
        /// Names git should not have stored (`..`, `.git`, absolute).
        public var refused: [String] = []
    }

    /// The repository whose work tree holds `directory`.
    public init(containing directory: String) throws(Failure) {
        guard FileSystem.kind(of: directory) == .directory else {
            throw Failure(description: "\(directory) is not a folder")
        }
        let output: [UInt8]
        do {
            output = try Self.git(["rev-parse", "--show-toplevel"], in: directory)
        } catch {
            throw Failure(description: "\(directory) is not inside a git work tree (\(error.description)); run modlint diff in a clone of the repository")
        }
        topLevel = FileSystem.absolute(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines))
    }

    /// Whether the clone is shallow (its history cut at a depth).
    public var isShallow: Bool {
        (try? Self.git(["rev-parse", "--is-shallow-repository"], in: topLevel)).map { String(decoding: $0, as: UTF8.self).hasPrefix("true") } ?? false
    }

    /// What git ignores in the work tree (`.gitignore`, `info/exclude`, the user's excludes),
    /// as absolute paths; an ignored folder is one entry. A commit never holds these, so
    /// the work tree side of a diff leaves them out too (a local build product or a
    /// generated project would otherwise be a change).
    public func ignoredPaths() throws(Failure) -> [String] {
        let output: [UInt8]
        do {
            output = try Self.git(["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory", "--no-empty-directory"], in: topLevel)
        } catch {
            throw Failure(description: "cannot list the files git ignores in \(topLevel): \(error.description)")
        }
        return output.split(separator: 0).map { entry in
            var path = PathBytes.string(entry)
            if path.hasSuffix("/") { path.removeLast() }
            return Paths.join(topLevel, path)
        }
    }

    /// What the ignore rules are made of, cheaply: the identities (size, time, inode) of the
    /// tracked `.gitignore` files, the repository's `info/exclude` and the user's excludes
    /// file. Equal identities mean `ignoredPaths` would answer as before for files the
    /// walk saw unchanged (an untracked `.gitignore` is the exception: edit a tracked one
    /// or commit it).
    public func ignoreRulesIdentity() -> String {
        var files = ((try? Self.git(["ls-files", "-z", "--", ":(glob)**/.gitignore"], in: topLevel)) ?? [])
            .split(separator: 0).map { Paths.join(topLevel, PathBytes.string($0)) }
        if let exclude = try? Self.line(Self.git(["rev-parse", "--path-format=absolute", "--git-path", "info/exclude"], in: topLevel)) {
            files.append(exclude)
        }
        let environment = ProcessInfo.processInfo.environment
        if let configured = try? Self.line(Self.git(["config", "--path", "--get", "core.excludesFile"], in: topLevel)) {
            files.append(configured)
        } else if let base = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["HOME"].map({ $0 + "/.config" }) {
            files.append(base + "/git/ignore")
        }
        return files.map { "\($0) \(FileIdentity(path: $0)?.description ?? "-")" }.joined(separator: "\n")
    }

    /// The commit `name` names, and its tree; a failure says what to fetch.
    public func resolve(_ name: String) throws(Failure) -> Revision {
        // A revision is never an option: `--output=FILE` must not reach git.
        guard !name.isEmpty, !name.hasPrefix("-"), !name.contains("\u{0}") else {
            throw Failure(description: "'\(name)' is not a revision (a revision cannot be empty or start with '-')")
        }
        do {
            let commit = try Self.line(Self.git(["rev-parse", "--verify", "--quiet", "--end-of-options", name + "^{commit}"], in: topLevel))
            let tree = try Self.line(Self.git(["rev-parse", "--verify", "--quiet", "--end-of-options", commit + "^{tree}"], in: topLevel))
            return Revision(name: name, commit: commit, tree: tree)
        } catch {
            if isShallow {
                throw Failure(description: "'\(name)' is not in this clone of \(topLevel), which is shallow (its history was cut at a depth): "
                              + "fetch the base commit (git fetch --depth=1 origin <sha>: its tree is all modlint diff reads) or the whole history "
                              + "(actions/checkout with fetch-depth: 0), then name the commit or the branch as it was fetched (origin/main)")
            }
            throw Failure(description: "'\(name)' is not a commit git knows in \(topLevel): fetch it first (git fetch origin main, then name "
                          + "origin/main; or git fetch --depth=1 origin <sha> and name the sha) or name a branch, tag or commit that exists")
        }
    }

    /// Writes the files of `tree` that modlint may read into `scratch`
    /// (`WorkspaceInputs.mayBeRead`), and every folder: a file over `contentLimit` bytes as
    /// a sparse file of its size, which the readers refuse as they would the real one. Blobs
    /// are read in one `cat-file --batch` stream.
    public func write(tree: String, into scratch: ScratchTree, contentLimit: Int = InputLimits.source) throws(Failure) -> Materialized {
        let listing: [UInt8]
        do {
            listing = try Self.git(["ls-tree", "-r", "-t", "-z", "-l", "--full-tree", tree], in: topLevel)
        } catch {
            throw Failure(description: "cannot list the tree of \(tree): \(error.description)")
        }
        var report = Materialized()
        var wanted: [(path: String, object: String, size: Int)] = []
        var standIns: [(path: String, size: Int)] = []
        for entry in TreeListing.entries(listing) {
            guard ScratchTree.isSafe(relativePath: entry.path) else {
                report.refused.append(entry.path)
                continue
            }
            switch entry.type {
            case "tree":
                if !scratch.makeFolder(entry.path) { throw Failure(description: "cannot make \(entry.path) in \(scratch.root)") }
            case "commit":
                report.submodules.append(entry.path)
                if !scratch.makeFolder(entry.path) { throw Failure(description: "cannot make \(entry.path) in \(scratch.root)") }
            case "blob" where entry.mode == "120000":
                report.links.append(entry.path)
            case "blob":
                guard WorkspaceInputs.mayBeRead(entry.path) else { continue }
                if entry.size <= contentLimit {
                    wanted.append((entry.path, entry.object, entry.size))
                } else {
                    standIns.append((entry.path, entry.size))
                }
            default:
                continue
            }
        }
        for standIn in standIns {
            guard scratch.writeFile(standIn.path, bytes: [], size: standIn.size) else {
                throw Failure(description: "cannot write \(standIn.path) in \(scratch.root)")
            }
            report.files += 1
        }
        // Each distinct blob once (the same content at two paths is common: licences, stubs),
        // written as it arrives: the stream of a large tree never sits in memory whole.
        var pathsByObject: [String: [String]] = [:]
        var objects: [String] = []
        for file in wanted {
            if pathsByObject[file.object] == nil { objects.append(file.object) }
            pathsByObject[file.object, default: []].append(file.path)
        }
        var unwritten: String?
        do {
            try Self.catFile(objects, in: topLevel) { object, bytes in
                for path in pathsByObject[object] ?? [] {
                    if scratch.writeFile(path, bytes: bytes, size: bytes.count) { report.files += 1 } else if unwritten == nil { unwritten = path }
                }
                pathsByObject[object] = nil
            }
        } catch {
            throw Failure(description: "cannot read the objects of \(tree): \(error.description)")
        }
        if let unwritten { throw Failure(description: "cannot write \(unwritten) in \(scratch.root)") }
        if let missing = pathsByObject.values.first?.first { throw Failure(description: "git did not give the content of \(missing)") }
        return report
    }

    // MARK: - Running git

    /// Why a git command gave no answer.
    public struct CommandFailure: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// git's exit status; `nil` when it could not be started at all.
        public var status: Int32?
        /// The first line git wrote on standard error, or why it could not be started.
        public var detail: String?

        init(description: String, status: Int32? = 0, detail: String? = nil) {
            self.description = description
            self.status = status
            self.detail = detail
        }
    }

    private static func line(_ output: [UInt8]) throws -> String {
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw CommandFailure(description: "no output") }
        return text
    }

    /// Runs git in `directory` and returns its standard output (`onOutput`: hands it over as
    /// it arrives instead); `input` goes to its standard input. The one way modlint runs
    /// git (`diff`, `--changed`, `--ignore-untracked`): through `ChildProcess`, paths
    /// unquoted, in the C locale, never a pager or a prompt.
    public static func git(_ arguments: [String], in directory: String, input: [UInt8] = [],
                           onOutput: ((ArraySlice<UInt8>) -> Void)? = nil) throws(CommandFailure) -> [UInt8] {
        // The user's language would change git's messages; a pager or a prompt must never run.
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(["git", "-C", directory, "-c", "core.quotepath=off"] + arguments, input: input,
                                           environment: ["LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat"], onOutput: onOutput)
        } catch {
            throw CommandFailure(description: "git could not be run: \(error.description)", status: nil, detail: error.description)
        }
        guard outcome.status == 0 else {
            let detail = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw CommandFailure(description: detail ?? "git exited with \(outcome.status)", status: outcome.status, detail: detail)
        }
        return outcome.output
    }

    /// Hands each of `objects` (blob ids) to `body` with its content, in order, from one
    /// `cat-file --batch` stream: `<id> <type> <size>\n<content>\n` per answer.
    static func catFile(_ objects: [String], in directory: String, _ handOver: (String, ArraySlice<UInt8>) -> Void) throws(CommandFailure) {
        guard !objects.isEmpty else { return }
        try withoutActuallyEscaping(handOver) { (body) throws(CommandFailure) in try catFile(objects, in: directory, escaping: body) }
    }

    private static func catFile(_ objects: [String], in directory: String, escaping body: @escaping (String, ArraySlice<UInt8>) -> Void) throws(CommandFailure) {
        let input = Array(objects.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        var pending: [UInt8] = []
        var start = 0
        var current: (object: String, size: Int)?
        var malformed: String?
        _ = try git(["cat-file", "--batch"], in: directory, input: input) { chunk in
            pending += chunk
            while malformed == nil {
                if let object = current {
                    guard pending.count - start >= object.size + 1 else { break }
                    body(object.object, pending[start..<(start + object.size)])
                    start += object.size + 1
                    current = nil
                } else {
                    guard let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
                    let header = pending[start..<newline].split(separator: UInt8(ascii: " "))
                    guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)) else {
                        malformed = String(decoding: pending[start..<newline].prefix(80), as: UTF8.self)
                        break
                    }
                    current = (String(decoding: header[0], as: UTF8.self), size)
                    start = newline + 1
                }
            }
            // Consumed bytes are dropped once they are most of the buffer.
            if start > 1 << 20 && start * 2 > pending.count {
                pending.removeFirst(start)
                start = 0
            }
        }
        if let malformed { throw CommandFailure(description: "git cat-file: \(malformed)") }
    }
}

/// `git ls-tree -r -t -z -l` output: `<mode> <type> <object> <size>\t<path>\0` per entry.
enum TreeListing {
    struct Entry {
        var mode: String
        var type: String
        var object: String
        /// `0` for trees and submodules (git writes `-`).
        var size: Int
        var path: String
    }

    static func entries(_ listing: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = record[record.startIndex..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 4 else { continue }
            let text = fields.map { String(decoding: $0, as: UTF8.self) }
            entries.append(Entry(mode: text[0], type: text[1], object: text[2], size: Int(text[3]) ?? 0,
                                 path: PathBytes.string(record[(tab + 1)...])))
        }
        return entries
    }
}
