#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A private folder outside the analysed tree that a revision's files are written into
/// (`modlint diff` analyses a commit without a checkout). Made with `mkdtemp` (mode 0700,
/// a fresh name no other user can have prepared), filled only with new regular files and
/// folders — never a link, never through one — and removed with everything in it.
public final class ScratchTree: @unchecked Sendable {
    /// Absolute path of the folder (links in the temporary base resolved).
    public let root: String
    private var removed = false

    /// A new folder below `$TMPDIR` (else `/tmp`); `nil` when none can be made.
    public init?(prefix: String) {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        if base.isEmpty || !base.hasPrefix("/") { base = "/tmp" }
        var template = Array((Paths.join(base, prefix) + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { return nil }
        root = FileSystem.absolute(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    deinit { remove() }

    /// Whether `path` (relative, `/`-separated, as git lists it) may be written: no empty,
    /// `.`, `..` or `.git` component, not absolute. Git refuses such names in trees it
    /// checks, but a repository need not check what it fetched.
    public static func isSafe(relativePath path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." || component.lowercased() == ".git" { return false }
        }
        return true
    }

    /// Makes the folder `path` (relative) and its parents; false when it failed.
    public func makeFolder(_ path: String) -> Bool {
        var current = root
        for component in path.split(separator: "/") {
            current += "/" + component
            if PathBytes.withCString(current, { mkdir($0, 0o755) }) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    /// Creates the regular file `path` (relative; its folder must exist) holding `bytes`,
    /// then extends it to `size` bytes when that is larger (a sparse stand-in for a file
    /// whose content no reader needs: it exists and has its size, and costs nothing).
    /// Exclusive and without following links: an existing entry is never overwritten.
    public func writeFile(_ path: String, bytes: ArraySlice<UInt8>, size: Int) -> Bool {
        let full = root + "/" + path
        let descriptor = PathBytes.withCString(full) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var written = bytes.startIndex
        while written < bytes.endIndex {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += result
        }
        if size > bytes.count { return ftruncate(descriptor, off_t(size)) == 0 }
        return true
    }

    /// Removes the folder and everything in it (without following links); idempotent.
    public func remove() {
        guard !removed else { return }
        removed = true
        Self.removeTree(root)
    }

    private static func removeTree(_ path: String) {
        var info = stat()
        guard PathBytes.withCString(path, { lstat($0, &info) }) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for entry in FileSystem.entries(of: path) ?? [] { removeTree(path + "/" + entry.name) }
            _ = PathBytes.withCString(path) { rmdir($0) }
        } else {
            _ = PathBytes.withCString(path) { unlink($0) }
        }
    }
}
