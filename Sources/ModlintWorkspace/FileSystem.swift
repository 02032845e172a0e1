#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintXcode

/// Thin POSIX layer: directory walking and whole-file reads without Foundation's overhead
/// (the corpus has 11k files; `FileManager` enumeration alone would cost more than lexing).
public enum FileSystem {
    public enum EntryKind: Sendable {
        case file, directory, missing, other
    }

    /// What `path` is, following symbolic links.
    public static func kind(of path: String) -> EntryKind {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Reads a whole regular file of at most `InputLimits.default` bytes; `nil` otherwise
    /// (see `readInput` for why a file is refused).
    public static func read(_ path: String) -> [UInt8]? {
        try? readInput(path, atMost: InputLimits.default).get()
    }

    /// `read`, or `nil` for a file of more than `limit` bytes.
    public static func read(_ path: String, atMost limit: Int) -> [UInt8]? {
        try? readInput(path, atMost: limit).get()
    }

    /// Reads a whole file that a pull request may have committed, or says why not. The file
    /// is opened without blocking (a FIFO never hangs the run) and must be a regular file,
    /// as the opened descriptor says (a link to `/dev/zero` is refused before a byte is
    /// read), of at most `limit` bytes — counted while reading too, since `/proc` files
    /// report no size. With a `scope`, the file the descriptor names must lie inside it.
    ///
    /// `trustingFolders`: the path's folders came from modlint's own walk, which never
    /// follows a linked folder, so only a link in the last component can lead elsewhere —
    /// it is opened with `O_NOFOLLOW` and resolved only when that fails. This keeps the
    /// scope check off the hot path of reading every source.
    public static func readInput(_ path: String, atMost limit: Int, scope: ReadScope? = nil,
                                 trustingFolders: Bool = false) -> Result<[UInt8], ReadRefusal> {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        var descriptor = PathBytes.withCString(path) { open($0, flags | (trustingFolders && scope != nil ? O_NOFOLLOW : 0)) }
        var checksScope = scope != nil && !trustingFolders
        if descriptor < 0 && trustingFolders && scope != nil && errno == ELOOP {
            descriptor = PathBytes.withCString(path) { open($0, flags) }
            checksScope = true
        }
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .failed(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        return readOpenedInput(descriptor, path: path, atMost: limit, scope: checksScope ? scope : nil)
    }

    /// The checks and the read of `readInput`, on a descriptor already open: a regular file
    /// of at most `limit` bytes, inside `scope` when one is given.
    private static func readOpenedInput(_ descriptor: Int32, path: String, atMost limit: Int, scope: ReadScope?) -> Result<[UInt8], ReadRefusal> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.failed(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile(EntryKind.describe(mode: info.st_mode))) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(size: Int(info.st_size), limit: limit)) }
        if let scope {
            let resolved = openedPath(descriptor) ?? absolute(path)
            guard scope.permits(resolved) else { return .failure(.outsideScope(resolved)) }
        }
        return readOpened(descriptor, size: max(Int(info.st_size), 0), limit: limit)
    }

    /// `readSource` of the file `name` in the open folder `folder` (a folder of the walk):
    /// opened relative to it, so the kernel resolves one name, not the whole path. `nil`
    /// when it cannot be opened so (a link, a missing file): the caller reads it by its
    /// path, which follows a link inside the scope and says why a file is refused.
    static func readSource(named name: String, inFolder folder: Int32, atMost limit: Int) -> [UInt8]?? {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW
        let descriptor = PathBytes.withCString(name) { openat(folder, $0, flags) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return .some(try? readOpenedInput(descriptor, path: name, atMost: limit, scope: nil).get())
    }

    /// A Swift source found by the walk (see `readInput`'s `trustingFolders`); `nil` when it
    /// is refused — the loader asks `readInput` again for the reason.
    public static func readSource(_ path: String, scope: ReadScope, atMost limit: Int = InputLimits.source) -> [UInt8]? {
        try? readInput(path, atMost: limit, scope: scope, trustingFolders: true).get()
    }

    /// The path the kernel knows an open descriptor by (links resolved); `nil` where it
    /// cannot say.
    static func openedPath(_ descriptor: Int32) -> String? {
        #if canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        var buffer = [UInt8](repeating: 0, count: 4097)
        let length = readlink("/proc/self/fd/\(descriptor)", &buffer, 4096)
        guard length > 0, buffer[0] == UInt8(ascii: "/") else { return nil }
        return PathBytes.string(buffer[..<length])
        #endif
    }

    /// `size` bytes and one more, uninitialised (no zero-fill): a read that stops short of
    /// the extra byte has met the end, so a file takes one read, not a second to see EOF
    /// (ten thousand sources, ten thousand calls). Past it, small reads take the rest of a
    /// file that grew or reports no size, up to `limit`.
    private static func readOpened(_ descriptor: Int32, size: Int, limit: Int) -> Result<[UInt8], ReadRefusal> {
        var failed = false
        var atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            var filled = 0
            while filled <= size {
                let wanted = size + 1 - filled
                let result = Glibc_read(descriptor, buffer.baseAddress! + filled, wanted)
                if result < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if result == 0 {
                    atEnd = true
                    break
                }
                filled += result
                if result < wanted && filled >= size {
                    atEnd = true
                    break
                }
            }
            count = filled
        }
        if failed { return .failure(.failed(String(cString: strerror(errno)))) }
        if atEnd { return .success(bytes) }
        guard bytes.count <= limit else { return .failure(.tooLarge(size: bytes.count, limit: limit)) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let result = chunk.withUnsafeMutableBytes { Glibc_read(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(String(cString: strerror(errno))))
            }
            if result == 0 { break }
            guard bytes.count + result <= limit else { return .failure(.tooLarge(size: bytes.count + result, limit: limit)) }
            bytes.append(contentsOf: chunk[..<result])
        }
        return .success(bytes)
    }

    /// Writes all of `bytes` to an open descriptor; false (with `errno` set) on failure.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc_write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += result
        }
        return true
    }

    /// Writes a file atomically (temporary file + rename), creating nothing else. The
    /// temporary is created exclusively and never through a link; `onTemporary` sees its
    /// path before a byte is written (and `nil` once it is gone), so that a signal handler
    /// can remove it; `beforeRename` runs once the bytes are written (tests interrupt there).
    public static func write(_ bytes: [UInt8], to path: String, onTemporary: ((String?) -> Void)? = nil,
                             beforeRename: (() -> Void)? = nil) -> Bool {
        // Unique per process and call, so that concurrent writers never share a temporary.
        let temporary = path + ".modlint-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        onTemporary?(temporary)
        defer { onTemporary?(nil) }
        let descriptor = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return false }
        guard writeAll(bytes, to: descriptor) else {
            let reason = errno
            close(descriptor)
            PathBytes.withCString(temporary) { _ = unlink($0) }
            errno = reason   // the caller reports why
            return false
        }
        beforeRename?()
        if close(descriptor) != 0 || PathBytes.withCString(temporary, { from in PathBytes.withCString(path) { rename(from, $0) } }) != 0 {
            let reason = errno
            PathBytes.withCString(temporary) { _ = unlink($0) }
            errno = reason
            return false
        }
        return true
    }

    /// `mkdir -p`; true when the directory exists afterwards.
    public static func makeDirectories(_ path: String) -> Bool {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST { return false }
        }
        return kind(of: path) == .directory
    }

    /// Entries of one directory: (name, isDirectory). Symbolic links to directories are
    /// reported as `.other` so that walks never loop; links to files count as files.
    public static func entries(of directory: String) -> [(name: String, kind: EntryKind)]? {
        entries(of: directory, identify: nil)?.map { ($0.name, $0.kind) }
    }

    /// Like `entries(of:)`, and for files that `identify` selects also their identity
    /// (size, modification time in nanoseconds, inode) — read with `fstatat` on the open
    /// directory, which is cheaper than a second walk of stats by path.
    ///
    /// `keepsFile`, when given, sees each regular file's name as bytes first: the files it
    /// turns down (a tree walk wants a few kinds among many) cost no string and no sort.
    public static func entries(of directory: String, keepsFile: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
                               identify: ((String) -> Bool)?)
        -> [(name: String, kind: EntryKind, identity: FileIdentity?)]? {
        guard let handle = PathBytes.withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(handle) }
        var result: [(name: String, kind: EntryKind, identity: FileIdentity?)] = []
        while let entry = readdir(handle) {
            let type = entry.pointee.d_type
            if type == UInt8(DT_REG), let keepsFile {
                let kept = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                        keepsFile(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
                    }
                }
                if !kept { continue }
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                    PathBytes.string(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK):
                // Follow links to files only.
                var info = stat()
                let full = directory + "/" + name
                if PathBytes.withCString(full, { stat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFREG {
                    kind = .file
                } else {
                    kind = .other
                }
            case Int32(DT_UNKNOWN):
                var info = stat()
                let full = directory + "/" + name
                if PathBytes.withCString(full, { lstat($0, &info) }) == 0 {
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: kind = .directory
                    case S_IFREG: kind = .file
                    default: kind = .other
                    }
                } else {
                    kind = .other
                }
            default: kind = .other
            }
            // A link or an entry of unknown type that turned out to be a file.
            if kind == .file && type != UInt8(DT_REG), let keepsFile,
               !Array(name.utf8).withUnsafeBufferPointer(keepsFile) { continue }
            var identity: FileIdentity?
            if kind == .file, let identify, identify(name) {
                var info = stat()
                if PathBytes.withCString(name, { fstatat(dirfd(handle), $0, &info, 0) }) == 0 { identity = FileIdentity(info) }
            }
            result.append((name, kind, identity))
        }
        return result.sorted { $0.name < $1.name }
    }

    /// The absolute, `.`/`..`-free form of `path` (relative paths start at the current
    /// directory). Symbolic links are resolved when the path exists.
    public static func absolute(_ path: String) -> String {
        if let resolved = PathBytes.withCString(path, { realpath($0, nil) }) {
            defer { free(resolved) }
            return PathBytes.string(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        }
        return lexicallyAbsolute(path)
    }

    /// The absolute, `.`/`..`-free form of `path` with links left as they are: what a
    /// check on links along the path (a report's folder, a cache folder) must look at.
    public static func lexicallyAbsolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return Paths.normalize(path) }
        var buffer = [CChar](repeating: 0, count: 4097)
        guard getcwd(&buffer, 4096) != nil else { return Paths.normalize(path) }
        let directory = buffer.withUnsafeBytes { bytes in PathBytes.string(UnsafeRawBufferPointer(rebasing: bytes[..<strlen(buffer)])) }
        return Paths.normalize(directory + "/" + path)
    }

    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) != 0
    }
}

#if canImport(Darwin)
@inline(__always) private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#elseif canImport(Musl)
@inline(__always) private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Musl.read(fd, buffer, count) }
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Musl.write(fd, buffer, count) }
#else
@inline(__always) private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#endif

/// What identifies a file's version without reading it: size, modification time in
/// nanoseconds, inode (a file replaced by a rename gets a new one).
public struct FileIdentity: Sendable, Equatable, CustomStringConvertible {
    public var size: Int64
    public var modified: Int64
    public var inode: UInt64

    public init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        self.init(size: Int64(info.st_size), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec), inode: UInt64(info.st_ino))
    }

    public init?(path: String) {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    public var description: String { "\(size):\(modified):\(inode)" }

    /// Whether this identity cannot vouch for the content read with it: the file was
    /// modified so recently (at or after `threshold`) that a second save within the same
    /// timestamp tick could leave its size and time as they are. Git calls such entries
    /// "racily clean"; the cache stores them as unverified, and the memos keyed by them
    /// are not written.
    public func isRacy(threshold: Int64) -> Bool {
        modified >= threshold
    }

    /// The identity as the cache stores it: a racy one with a time no stat returns, so
    /// that the next run reads the file and compares its content instead of trusting it.
    public func settled(threshold: Int64) -> FileIdentity {
        isRacy(threshold: threshold) ? FileIdentity(size: size, modified: .min, inode: inode) : self
    }

    /// Times at or after this (nanoseconds since 1970) are racy for a run that starts
    /// now: two seconds cover the coarsest timestamps in use (FAT's; HFS+ has one second,
    /// ext4 a clock tick), and a time in the future is racy too.
    public static func racyThreshold() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec - 2) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// String-level path helpers (always `/`-separated).
public enum Paths {
    /// Removes `.` and `..` components and duplicate slashes (a leading `..` of a relative
    /// path is kept). The Xcode reader's fold, which cannot depend on this module, serves both.
    public static func normalize(_ path: String) -> String {
        XcodePaths.normalize(path)
    }

    /// `component` below `base`; an absolute `component` (a dependency checkout outside
    /// the workspace root) stands for itself.
    ///
    /// Paths are split and joined on their bytes (a `/` is never part of another UTF-8
    /// sequence): the walk joins one per entry, and `Character` work showed in profiles.
    public static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty || component.utf8.first == slash { return component }
        if component.isEmpty { return base }
        let needsSlash = base.utf8.last != slash
        var joined = String()
        joined.reserveCapacity(base.utf8.count + (needsSlash ? 1 : 0) + component.utf8.count)
        joined += base
        if needsSlash { joined += "/" }
        joined += component
        return joined
    }

    private static let slash = UInt8(ascii: "/")

    /// `to` as seen from `from` (both relative to one root): `../Packages/Kit`, `.` for the same.
    public static func relativePath(from: String, to: String) -> String {
        let fromParts = from.split(separator: "/"), toParts = to.split(separator: "/")
        var common = 0
        while common < min(fromParts.count, toParts.count) && fromParts[common] == toParts[common] { common += 1 }
        let path = (Array(repeating: "..", count: fromParts.count - common) + toParts[common...].map(String.init)).joined(separator: "/")
        return path.isEmpty ? "." : path
    }

    /// `path` relative to `root`, or `path` itself when it lies outside.
    public static func relative(_ path: String, to root: String) -> String {
        if path == root { return "" }
        let bytes = path.utf8, rootBytes = root.utf8
        let needsSlash = rootBytes.last != slash
        let prefixLength = rootBytes.count + (needsSlash ? 1 : 0)
        guard bytes.count >= prefixLength, startsWithBytes(path, root),
              !needsSlash || bytes[bytes.index(bytes.startIndex, offsetBy: rootBytes.count)] == slash else { return path }
        return String(Substring(bytes.dropFirst(prefixLength)))
    }

    /// True when `path` equals `directory` or lies below it.
    public static func isInside(_ path: String, _ directory: String) -> Bool {
        if directory.isEmpty { return true }
        let inner = path.utf8, outer = directory.utf8
        guard inner.count >= outer.count, startsWithBytes(path, directory) else { return false }
        return inner.count == outer.count || inner[inner.index(inner.startIndex, offsetBy: outer.count)] == slash
    }

    /// The last non-empty component (`c` for `a/b/c/`); the path itself when it has none.
    public static func lastComponent(_ path: String) -> String {
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex && bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        var start = end
        while start > bytes.startIndex && bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return String(path[start..<end])
    }

    public static func parent(_ path: String) -> String {
        guard let slash = lastSlash(path) else { return "" }
        return String(path[..<slash])
    }

    /// Where the last `/` of `path` is, found over its contiguous bytes: walking a UTF-8
    /// view back from its end, generically, cost more than what most callers do with it.
    static func lastSlash(_ path: String) -> String.Index? {
        let found: Int?? = path.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: slash) }
        guard let offset = found else { return path.utf8.lastIndex(of: slash) }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    /// Whether `text` starts with the bytes of `prefix`, compared over contiguous bytes (a
    /// generic walk of two UTF-8 views cost the layout more than its lookups).
    static func startsWithBytes<Text: StringProtocol, Prefix: StringProtocol>(_ text: Text, _ prefix: Prefix) -> Bool {
        let compared: Bool?? = text.utf8.withContiguousStorageIfAvailable { whole in
            prefix.utf8.withContiguousStorageIfAvailable { start in
                whole.count >= start.count && (start.isEmpty || memcmp(whole.baseAddress!, start.baseAddress!, start.count) == 0)
            }
        }
        return (compared ?? nil) ?? text.utf8.starts(with: prefix.utf8)
    }

    /// Whether two texts have the same bytes (not only canonically equivalent ones).
    static func sameBytes<First: StringProtocol, Second: StringProtocol>(_ first: First, _ second: Second) -> Bool {
        first.utf8.count == second.utf8.count && startsWithBytes(first, second)
    }

    /// Whether every byte of `path` is ASCII (as nearly every path is), over the contiguous
    /// bytes of a native string: what decides whether a path may take a byte-level fast path.
    static func isASCII(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } } ?? !path.utf8.contains { $0 >= 0x80 }
    }
}
