#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file the user asked for (`-o`, `--reporter NAME:FILE`, `--write-baseline`,
/// `init`). CI writes reports inside the checkout of a pull request, so the path may be a
/// link the pull request committed (`modlint.sarif -> ../../.bashrc`):
/// - a symbolic link to a regular file, a folder or nothing is refused, and so is a path
///   whose folder is reached through a link inside the analysed tree that leads out of it;
/// - a device, FIFO or socket — `/dev/stdout`, `/dev/null`, anything under `/dev/` — is
///   written in place, never replaced;
/// - a regular file is replaced atomically (temporary + rename in its folder); the
///   temporary is removed if the run is interrupted (SIGINT, SIGTERM, SIGHUP).
public enum OutputFile {
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// - Parameter analysed: the absolute folders under analysis (`ReadScope.roots`).
    public static func write(_ bytes: [UInt8], to path: String, analysed: [String]) throws(Refusal) {
        if path.hasPrefix("/dev/") {
            try writeInPlace(bytes, to: path)
            return
        }
        var info = stat()
        if PathBytes.withCString(path, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFLNK {
            let target = linkTarget(path)
            var targetInfo = stat()
            guard PathBytes.withCString(path, { stat($0, &targetInfo) }) == 0,
                  [S_IFCHR, S_IFIFO, S_IFSOCK].contains(targetInfo.st_mode & S_IFMT) else {
                throw Refusal(description: "refusing to write through symbolic link \(path) -> \(target) (write to \(target) directly)")
            }
            try writeInPlace(bytes, to: path)
            return
        }
        if PathBytes.withCString(path, { stat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Refusal(description: "cannot write \(path): it is a directory")
            default:
                try writeInPlace(bytes, to: path)
                return
            }
        }
        try checkFolder(of: path, analysed: analysed)
        installCleanup()
        guard FileSystem.write(bytes, to: path, onTemporary: { pending.set($0) }, beforeRename: interruptIfAsked) else {
            throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// A folder on the way to `path` that is a link inside the analysed tree leading out of
    /// it is refused; links elsewhere (`/tmp` on macOS, a user's own layout) are theirs.
    private static func checkFolder(of path: String, analysed: [String]) throws(Refusal) {
        let lexical = FileSystem.lexicallyAbsolute(path)
        var folder = ""
        for component in Paths.parent(lexical).split(separator: "/", omittingEmptySubsequences: true) {
            folder += "/" + component
            var info = stat()
            guard PathBytes.withCString(folder, { lstat($0, &info) }) == 0 else { return }   // missing: the write says so
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            let resolved = FileSystem.absolute(folder)
            let inTree = analysed.contains { Paths.isInside(folder, $0) }
            let leaves = !analysed.contains { Paths.isInside(resolved, $0) }
            if inTree && leaves {
                throw Refusal(description: "refusing to write through symbolic link \(folder) -> \(linkTarget(folder)) (write to \(resolved) directly)")
            }
            folder = resolved
        }
    }

    /// A device or FIFO: opened and written as it is; a short or failed write is an error.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(Refusal) {
        let descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard FileSystem.writeAll(bytes, to: descriptor) else {
            throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [UInt8](repeating: 0, count: 4097)
        let length = PathBytes.withCString(path) { name in
            buffer.withUnsafeMutableBufferPointer { readlink(name, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 4096) }
        }
        return length > 0 ? PathBytes.string(buffer[..<length]) : "?"
    }

    // MARK: - Interrupted writes

    /// `MODLINT_FAULT_INJECTION=signal-during-write`: the run is terminated with the report
    /// written to its temporary, not yet renamed — what a CI job cancelled mid-write sees.
    private static func interruptIfAsked() {
        if let value = getenv("MODLINT_FAULT_INJECTION"), String(cString: value) == "signal-during-write" { raise(SIGTERM) }
    }

    /// The temporary being written, as a C string a signal handler can pass to `unlink`.
    private static let pending = PendingTemporary()
    nonisolated(unsafe) private static var cleanupInstalled = false

    private static func installCleanup() {
        guard !cleanupInstalled else { return }
        cleanupInstalled = true
        // A parent may hand these signals down blocked (test runners do): the handler
        // would then never run, and an interrupted run would leave its temporary behind.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc_signal(signal, removePendingTemporaryAndExit)
            sigaddset(&unblocked, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }
}

/// One fixed buffer, allocated once: a signal handler may not allocate.
final class PendingTemporary: @unchecked Sendable {
    static let capacity = 8192
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: PendingTemporary.capacity)

    init() { buffer[0] = 0 }

    func set(_ path: String?) {
        guard let path else {
            buffer[0] = 0
            return
        }
        let bytes = PathBytes.bytes(path)
        guard bytes.count < Self.capacity else { return }
        buffer[bytes.count] = 0
        for (index, byte) in bytes.enumerated().reversed() { buffer[index] = CChar(bitPattern: byte) }
        pendingTemporaryPath = buffer
    }
}

nonisolated(unsafe) private var pendingTemporaryPath: UnsafeMutablePointer<CChar>?

/// Removes the temporary being written, then ends the process as the signal would have.
private func removePendingTemporaryAndExit(_ signal: Int32) {
    if let path = pendingTemporaryPath, path[0] != 0 { unlink(path) }
    _ = Glibc_signal(signal, SIG_DFL)
    raise(signal)
}

#if canImport(Darwin)
@inline(__always) private func Glibc_signal(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) -> sig_t? { Darwin.signal(number, handler) }
@inline(__always) private func Glibc_signal(_ number: Int32, _ handler: sig_t?) -> sig_t? { Darwin.signal(number, handler) }
#else
@inline(__always) private func Glibc_signal(_ number: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) -> __sighandler_t? { Glibc.signal(number, handler) }
@inline(__always) private func Glibc_signal(_ number: Int32, _ handler: __sighandler_t?) -> __sighandler_t? { Glibc.signal(number, handler) }
#endif
