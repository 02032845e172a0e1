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
    /// `-` is standard output; everything else follows `OutputFile`'s rules for paths that
    /// a pull request may have planted (`analysing`: the paths the command analyses).
    /// Any failure is a usage error (exit 2) naming the path and the reason.
    @discardableResult
    static func writeFile(_ bytes: [UInt8], to path: String, analysing paths: [String]) throws -> OutputFile.Outcome {
        if path == "-" {
            standardOutput(bytes: bytes)
            return .stream
        }
        let analysed = (paths.isEmpty ? ["."] : paths).flatMap { ReadScope.enclosing(FileSystem.absolute($0)).roots }
        do {
            return try OutputFile.write(bytes, to: path, analysed: analysed)
        } catch {
            throw UsageError(message: error.description)
        }
    }

    /// How a written path is named in a closing message: a discard is not "written".
    static func destination(_ path: String) -> String {
        FileSystem.lexicallyAbsolute(path) == "/dev/null" ? "\(path) (discarded)" : path
    }

    static var isStandardOutputTerminal: Bool { FileSystem.isTerminal(1) }
}

#if canImport(Darwin)
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#else
@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#endif
