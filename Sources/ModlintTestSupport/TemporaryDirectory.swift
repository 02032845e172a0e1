import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A scratch directory for tests, filled from a path → contents table and removed on
/// `remove()`, or when the test process exits, whichever comes first: a test that forgets
/// `remove()` leaves nothing in the temporary folder. Lives in its own target so every
/// test target can share it.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(prefix: String = "modlint-test") throws {
        let base = FileManager.default.temporaryDirectory.path
        let path = "\(base)/\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Resolve symbolic links (/tmp on some systems) so paths compare equal to modlint's.
        self.path = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        Self.removeAtExit(self.path)
    }

    /// Paths to remove when the process exits, unless removed before.
    private static let leftovers = Mutex<Set<String>>([])
    /// Registered on first use (a static is initialised once, whatever the threads).
    private static let sweepAtExit: Void = { atexit { TemporaryDirectory.sweep() } }()

    /// Removes `path` (a directory this process made) when the process exits.
    public static func removeAtExit(_ path: String) {
        leftovers.withLock { _ = $0.insert(path) }
        sweepAtExit
    }

    private static func sweep() {
        for path in leftovers.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }

    public convenience init(files: [(String, String)], prefix: String = "modlint-test") throws {
        try self.init(prefix: prefix)
        for (relativePath, contents) in files {
            try write(relativePath, contents)
        }
    }

    public func write(_ relativePath: String, _ contents: String) throws {
        try write(relativePath, bytes: Array(contents.utf8))
    }

    /// Plain POSIX calls: Foundation's `createDirectory` has crashed here when many tests
    /// create trees concurrently.
    public func write(_ relativePath: String, bytes: [UInt8]) throws {
        let full = path + "/" + relativePath
        var directory = ""
        for component in full.split(separator: "/").dropLast() {
            directory += "/" + component
            if mkdir(directory, 0o755) != 0 && errno != EEXIST {
                throw POSIXError(.init(rawValue: errno) ?? .EIO)
            }
        }
        guard let file = fopen(full, "wb") else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { fclose(file) }
        if !bytes.isEmpty && fwrite(bytes, 1, bytes.count, file) != bytes.count {
            throw POSIXError(.EIO)
        }
    }

    /// Sets every file's modification time to `seconds` ago. Files written a moment ago
    /// are racy to modlint's cache (they could change again within one timestamp tick
    /// without their size or time changing), so no memo is keyed by them; tests of the
    /// memos age their files first, as files are by the time a user commits them.
    public func age(by seconds: Int = 60) throws {
        var then = timespec()
        clock_gettime(CLOCK_REALTIME, &then)
        then.tv_sec -= seconds
        let times = [then, then]
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { throw POSIXError(.ENOENT) }
        for case let relative as String in enumerator {
            guard utimensat(AT_FDCWD, path + "/" + relative, times, 0) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        }
    }

    /// Rewrites a file in place and gives it back the modification time it had: what a
    /// second save within one timestamp tick leaves (same inode, and the same size when
    /// the contents have it).
    public func rewriteKeepingTime(_ relativePath: String, _ contents: String) throws {
        let full = path + "/" + relativePath
        var info = stat()
        guard stat(full, &info) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        try write(relativePath, contents)
        #if canImport(Darwin)
        let times = [info.st_atimespec, info.st_mtimespec]
        #else
        let times = [info.st_atim, info.st_mtim]
        #endif
        guard utimensat(AT_FDCWD, full, times, 0) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    public func read(_ relativePath: String) throws -> String {
        try String(contentsOfFile: "\(path)/\(relativePath)", encoding: .utf8)
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
        _ = Self.leftovers.withLock { $0.remove(path) }
    }

    /// Every entry below the directory with what it holds, for "nothing was written"
    /// checks: a regular file's contents, a symbolic link's target (never followed), and
    /// for a FIFO or device only its kind — reading those could block or never end.
    public func snapshot() -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return result }
        for case let relative as String in enumerator {
            let full = path + "/" + relative
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: result[relative] = try? Data(contentsOf: URL(fileURLWithPath: full))
            case S_IFLNK: result[relative] = Data(("-> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")).utf8)
            case S_IFDIR: continue
            default: result[relative] = Data("special \(info.st_mode & S_IFMT)".utf8)
            }
        }
        return result
    }
}

/// The repository root, found from a test file's `#filePath`.
public func repositoryRoot(from filePath: String = #filePath) -> String {
    var url = URL(fileURLWithPath: filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
           FileManager.default.fileExists(atPath: url.appendingPathComponent("Rules").path) {
            return url.path
        }
    }
    return FileManager.default.currentDirectoryPath
}
