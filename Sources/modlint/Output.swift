#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintWorkspace

/// Buffered writes to stdout / stderr and files. Writing goes through POSIX so that large
/// reports are not copied through Foundation.
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    static func standardOutput(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }

    static func standardOutput(bytes: [UInt8]) {
        flush()
        write(bytes, to: 1)
    }

    static func standardError(_ text: String) {
        flush()
        write(Array(text.utf8), to: 2)
    }

    /// `modlint: error: message` on stderr.
    static func error(_ message: String) {
        standardError("modlint: error: \(message)\n")
    }

    static func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer, to: 1)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc_write(descriptor, raw.baseAddress! + offset, bytes.count - offset)
            }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Writes a file the user asked for (`-o`, `--reporter NAME:FILE`, `--write-baseline`):
    /// `-` is standard output; a symbolic link is followed and its target written; a
    /// device, FIFO or socket is written in place (never replaced by a regular file); a
    /// regular file is replaced atomically (temporary + rename in its folder). Any failure
    /// is a usage error (exit 2) naming the path and the reason.
    static func writeFile(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            standardOutput(bytes: bytes)
            return
        }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        if stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            guard info.st_mode & S_IFMT != S_IFDIR else { throw UsageError(message: "cannot write \(path): it is a directory") }
            try writeInPlace(bytes, to: target, named: path)
            return
        }
        guard FileSystem.write(bytes, to: target) else {
            throw UsageError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// A device or FIFO: opened and written as it is; a short or failed write is an error.
    private static func writeInPlace(_ bytes: [UInt8], to target: String, named path: String) throws {
        let descriptor = open(target, O_WRONLY)
        guard descriptor >= 0 else { throw UsageError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in Glibc_write(descriptor, raw.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw UsageError(message: "cannot write \(path): \(String(cString: strerror(written < 0 ? errno : EIO)))")
            }
            offset += written
        }
    }

    static var isStandardOutputTerminal: Bool { FileSystem.isTerminal(1) }
}

#if canImport(Darwin)
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#else
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#endif
