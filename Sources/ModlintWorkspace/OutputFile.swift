#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file the user asked for (`-o`, `--reporter NAME:FILE`, `--write-baseline`,
/// `init`). CI writes reports inside the checkout of a pull request, so any part of the
/// path may be a link the pull request committed (`report.txt -> /proc/self/fd/0`, which a
/// CI shell reading its script from a pipe would run):
/// - no symbolic link is followed at or below the working folder or an analysed root —
///   neither the file itself nor any folder on the way, also one named before a `..`
///   (`reports/../r.html`) — whatever it points to; links above them (macOS's `/tmp`) are
///   the system's and followed;
/// - a device, FIFO or socket is written only when the path names it directly, never
///   through a link; `/proc` and `/sys` are never written; a FIFO is opened without
///   blocking (no reader: an error, not a hang);
/// - `/dev/null` is a discard, which the caller says instead of "written";
/// - a regular file is replaced atomically (temporary + rename in its folder, the folder
///   reached as checked); the temporary is removed if the run is interrupted (SIGINT,
///   SIGTERM, SIGHUP).
public enum OutputFile {
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What a write did.
    public enum Outcome: Equatable, Sendable {
        case file
        /// A device, FIFO or socket the user named.
        case stream
        /// `/dev/null`: nothing was kept.
        case discarded
    }

    /// - Parameter analysed: the absolute folders under analysis (`ReadScope.roots`); the
    ///   working folder is protected as well, so a checkout without `.git` is covered.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, analysed: [String]) throws(Refusal) -> Outcome {
        let lexical = FileSystem.lexicallyAbsolute(path)
        if lexical == "/dev/null" {
            try writeInPlace(bytes, to: lexical)
            return .discarded
        }
        for forbidden in ["/proc", "/sys"] where Paths.isInside(lexical, forbidden) {
            throw Refusal(description: "refusing to write \(path): \(forbidden) is never a report's target")
        }
        // `/dev/stdout` and its kin are themselves links into /proc: named directly, they are the user's choice.
        if Paths.isInside(lexical, "/dev") {
            try writeInPlace(bytes, to: lexical)
            return .stream
        }
        let protected = analysed + [FileSystem.lexicallyAbsolute(".")]
        let folder = try checkedFolder(of: path, protected: protected)
        let name = Paths.lastComponent(path)
        guard !path.hasSuffix("/"), name != ".", name != ".." else {
            throw Refusal(description: "cannot write \(path): it is a directory")
        }
        let target = Paths.join(folder, name)
        var info = stat()
        if PathBytes.withCString(target, { lstat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Refusal(description: "cannot write \(path): it is a directory")
            case S_IFLNK:
                throw Refusal(description: "refusing to write through symbolic link \(path) -> \(linkTarget(target))" + advice(FileSystem.absolute(target)))
            default:
                // Named directly (no link on the way): the user's FIFO or device.
                try writeInPlace(bytes, to: target)
                return .stream
            }
        }
        installCleanup()
        guard FileSystem.write(bytes, to: target, onTemporary: { pending.set($0) }, beforeRename: interruptIfAsked) else {
            throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return .file
    }

    /// The folder of `path`, reached one component at a time: a link at or below a
    /// protected folder is refused, one above them is resolved; `..` steps back from where
    /// the walk really is. A missing folder is left to the write, which says so.
    private static func checkedFolder(of path: String, protected: [String]) throws(Refusal) -> String {
        let absolute = path.hasPrefix("/") ? path : Paths.join(FileSystem.lexicallyAbsolute("."), path)
        let components = absolute.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
        var real = ""
        for component in components {
            if component == "." { continue }
            if component == ".." {
                real = Paths.parent(real)
                continue
            }
            let candidate = real + "/" + component
            var info = stat()
            guard PathBytes.withCString(candidate, { lstat($0, &info) }) == 0 else {
                real = candidate
                continue
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                real = candidate
                continue
            }
            let resolved = FileSystem.absolute(candidate)
            if protected.contains(where: { Paths.isInside(candidate, $0) }) {
                throw Refusal(description: "refusing to write through symbolic link \(candidate) -> \(linkTarget(candidate))" + advice(resolved))
            }
            for forbidden in ["/proc", "/sys", "/dev"] where Paths.isInside(resolved, forbidden) {
                throw Refusal(description: "refusing to write through symbolic link \(candidate) -> \(linkTarget(candidate)): it leads to \(forbidden)")
            }
            real = resolved
        }
        return real.isEmpty ? "/" : real
    }

    /// A device or FIFO: opened without blocking (a FIFO nobody reads is an error, not a
    /// hang), then written as it is; a short or failed write is an error.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(Refusal) {
        var descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        // A reader that is about to open the FIFO gets a second to do so.
        var waited = 0
        while descriptor < 0 && errno == ENXIO && waited < 100 {
            usleep(10_000)
            waited += 1
            descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        }
        guard descriptor >= 0 else {
            let reason = errno == ENXIO ? "nothing reads from it" : String(cString: strerror(errno))
            throw Refusal(description: "cannot write \(path): \(reason)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            throw Refusal(description: "cannot write \(path): it is a directory")
        }
        // Blocking again for the write itself: a reader that is slow is not a failure.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        guard FileSystem.writeAll(bytes, to: descriptor) else {
            throw Refusal(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Where to write instead — never a place no report may go.
    private static func advice(_ resolved: String) -> String {
        ["/proc", "/sys", "/dev"].contains { Paths.isInside(resolved, $0) } ? " (it leads to \(resolved), which is never a report's target)"
            : " (write to \(resolved) directly)"
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
