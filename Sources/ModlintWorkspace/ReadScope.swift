#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders whose files modlint may read: everything under the linted paths comes from
/// a pull request, and a committed symbolic link must not make a CI run read (and echo in
/// its notes) the runner's environment, keys or another checkout. The scope is the git
/// work tree that holds the linted root — so a project that references `../Shared/` or a
/// package at `../Other` still works when a sub-folder is linted — or the root itself
/// outside git, plus the dependency folders the user configured. A work tree's `.git`
/// folder is never in scope: CI checkouts keep their access token in `.git/config`.
public struct ReadScope: Sendable, Equatable {
    /// Absolute, link-free folders.
    public let roots: [String]

    public init(roots: [String]) {
        var seen = Set<String>()
        self.roots = roots.map(FileSystem.absolute).filter { seen.insert($0).inserted }.sorted()
    }

    /// The scope for a run that lints `root` (absolute): its git work tree, and `extra`.
    public static func enclosing(_ root: String, extra: [String] = []) -> ReadScope {
        ReadScope(roots: [workTree(of: root) ?? root] + extra)
    }

    /// The nearest folder at or above `directory` that holds a `.git` (a folder, or the
    /// file a linked work tree or submodule has).
    static func workTree(of directory: String) -> String? {
        var current = directory
        while true {
            if FileSystem.kind(of: Paths.join(current.isEmpty ? "/" : current, ".git")) != .missing { return current.isEmpty ? "/" : current }
            let parent = Paths.parent(current)
            if parent == current || current.isEmpty || current == "/" { return nil }
            current = parent
        }
    }

    /// Whether the absolute, link-free `path` lies in a root and outside its `.git`.
    public func permits(_ path: String) -> Bool {
        roots.contains { root in
            Paths.isInside(path, root) && !Paths.isInside(path, Paths.join(root, ".git"))
        }
    }
}

/// Why a file was not read. Each says what was found, never what the file holds.
public enum ReadRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    /// A FIFO, device, socket or folder where a file was expected.
    case notRegularFile(String)
    case tooLarge(size: Int, limit: Int)
    /// A symbolic link (in the path or the file) that leads out of the scope, to this path.
    case outsideScope(String)
    /// The system's reason (`Permission denied` …).
    case failed(String)

    public var description: String {
        switch self {
        case .missing: return "it does not exist"
        case .notRegularFile(let kind): return "it is \(kind), not a regular file"
        case .tooLarge(let size, let limit): return "it is larger than \(InputLimits.describe(limit)) (\(size) bytes or more)"
        case .outsideScope(let target): return "it leads to \(target), outside the analysed tree"
        case .failed(let reason): return reason
        }
    }
}

/// Size caps for every kind of file modlint reads (documented in docs/configuration.md
/// under "Untrusted input"). Generous for real files — the largest real `project.pbxproj`
/// files are a few MB, generated Swift files tens of MB — and small enough that a hostile
/// file cannot exhaust memory.
public enum InputLimits {
    /// A Swift source.
    public static let source = 64 << 20
    /// `project.pbxproj`.
    public static let project = 64 << 20
    /// `Package.swift`, `contents.xcworkspacedata`, `Package.resolved`.
    public static let buildDescription = 8 << 20
    /// An `.xcconfig` file, a module map, `.modlint.yml`.
    public static let small = 1 << 20
    /// A baseline (`--baseline`; one entry per accepted finding).
    public static let baseline = 64 << 20
    /// Anything else (configuration, baseline, cache files are checked by their readers).
    public static let `default` = 256 << 20

    static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
    }
}

extension FileSystem.EntryKind {
    /// What a file's mode says it is, for messages.
    static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}
