#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - Files

/// Reads a whole file with `open`/`read` (no Foundation buffering); `nil` on error.
public func readFileBytes(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return nil }
    let size = Int(st.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    let ok: Bool = bytes.withUnsafeMutableBytes { raw in
        while filled < size {
            let n = read(fd, raw.baseAddress! + filled, size - filled)
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { break }
            filled += n
        }
        return true
    }
    guard ok else { return nil }
    if filled < size { bytes.removeLast(size - filled) }
    return bytes
}

/// Non-empty lines of a text file.
public func readLines(_ path: String) -> [String]? {
    guard let bytes = readFileBytes(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
}

public func fileExists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0
}

// MARK: - Corpus

public struct Corpus {
    public var root: String
    public var swiftFiles: [String]
    public var manifests: [String]

    /// Every `project.pbxproj` under the corpus (the corpus script lists none: found by a walk).
    public var projects: [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".xcodeproj/project.pbxproj") { found.append(root + "/" + path) }
        }
        return found.sorted()
    }

    /// Location: `--corpus DIR`, else `$MODLINT_CORPUS`, else `/tmp/modlint-corpus`.
    /// When the lists are missing, runs `../shared/scripts/corpus.sh DIR` from the repo root
    /// (the parent of the Benchmarks package), if `generate` is set.
    public static func load(root: String, generate: Bool = true) throws -> Corpus {
        let files = root + "/swift-files.txt", manifests = root + "/manifests.txt"
        if !(fileExists(files) && fileExists(manifests)) && generate {
            let repoRoot = Corpus.repoRoot()
            let script = repoRoot + "/../shared/scripts/corpus.sh"
            FileHandle.standardError.write("corpus lists not found in \(root); running \(script)\n".data(using: .utf8)!)
            let status = try runProcess("/bin/bash", [script, root], quiet: false).status
            if status != 0 { throw BenchError("corpus.sh failed with status \(status)") }
        }
        guard let f = readLines(files), let m = readLines(manifests) else {
            throw BenchError("no corpus at \(root) (expected swift-files.txt and manifests.txt)")
        }
        return Corpus(root: root, swiftFiles: f, manifests: m)
    }

    public static func defaultRoot(_ explicit: String?) -> String {
        explicit ?? ProcessInfo.processInfo.environment["MODLINT_CORPUS"] ?? "/tmp/modlint-corpus"
    }

    /// The modlint repository root: the parent of the Benchmarks package, found from the
    /// current directory (`Benchmarks/` or the repo root).
    public static func repoRoot() -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if fileExists(cwd + "/Benchmarks/Package.swift") { return cwd }
        if fileExists(cwd + "/../Benchmarks/Package.swift") { return (cwd as NSString).deletingLastPathComponent }
        return cwd
    }
}

public struct BenchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ message: String) { description = message }
}

// MARK: - Hashing

/// FNV-1a, 64 bit: a content key for caches (not cryptographic).
public struct FNV1a64 {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    public init() {}
    public mutating func add(_ bytes: [UInt8]) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
    }
    public mutating func add(_ string: String) { add(Array(string.utf8)); add([0]) }
    public var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

// MARK: - Time

public func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

@discardableResult
public func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
}

// MARK: - Parallelism

/// Runs `body(i)` for every index in `0..<count` on `threads` threads; work is handed out
/// in small chunks so that a few big files do not leave a thread idle.
public func parallelFor(_ count: Int, threads: Int, chunk: Int = 8, _ body: @escaping @Sendable (Int) -> Void) {
    if threads <= 1 {
        for i in 0..<count { body(i) }
        return
    }
    let next = Counter()
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        while true {
            let start = next.take(chunk)
            if start >= count { break }
            for i in start..<min(count, start + chunk) { body(i) }
        }
    }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func take(_ n: Int) -> Int {
        lock.lock(); defer { lock.unlock() }
        let v = value
        value += n
        return v
    }
}

/// A fixed-size buffer that threads fill at distinct indices (no shared array
/// copy-on-write machinery is touched while threads write).
public final class ResultSlots<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T?>
    public let count: Int
    public init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil, count: count)
    }
    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
    public subscript(i: Int) -> T? {
        get { storage[i] }
        set { storage[i] = newValue }
    }
    /// Read after the parallel work has finished.
    public var values: [T?] { Array(UnsafeBufferPointer(start: storage, count: count)) }
}

// MARK: - Processes

public struct ProcessResult {
    public var status: Int32
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    /// Wall time in seconds.
    public var wall: Double
    /// Peak resident set size of the child in bytes (`ru_maxrss`).
    public var maxRSS: Int
    /// CPU time of the child, user and system, in seconds.
    public var cpu: Double = 0
}

/// Runs a program with `posix_spawn`, waits with `wait4` to get its `rusage`.
/// Output goes to temp files (read afterwards), or to /dev/null when `discardOutput`.
public func runProcess(_ executable: String, _ arguments: [String],
                       quiet: Bool = true, discardOutput: Bool = false) throws -> ProcessResult {
    let tmp = NSTemporaryDirectory()
    let tag = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let outPath = discardOutput ? "/dev/null" : tmp + "/modlint-bench-\(tag).out"
    let errPath = discardOutput ? "/dev/null" : tmp + "/modlint-bench-\(tag).err"
    defer {
        if !discardOutput { unlink(outPath); unlink(errPath) }
    }
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
    #else
    var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if quiet || discardOutput {
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = now()
    let rc = executable.contains("/")
        ? posix_spawn(&pid, executable, &actions, nil, argv, environ)
        : posix_spawnp(&pid, executable, &actions, nil, argv, environ)
    guard rc == 0 else { throw BenchError("cannot run \(executable): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        if errno != EINTR { throw BenchError("wait4 failed for \(executable)") }
    }
    let wall = now() - start
    let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    #if canImport(Darwin)
    let rss = Int(usage.ru_maxrss)            // bytes on Darwin
    #else
    let rss = Int(usage.ru_maxrss) * 1024     // kilobytes on Linux
    #endif
    let out = (quiet && !discardOutput) ? (readFileBytes(outPath) ?? []) : []
    let err = (quiet && !discardOutput) ? (readFileBytes(errPath) ?? []) : []
    let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return ProcessResult(status: exit, stdout: out, stderr: err, wall: wall, maxRSS: rss, cpu: cpu)
}

// MARK: - Formatting

public func fmt(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

public func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    if n >= width { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

/// Minimal `--flag value` / `--flag` / positional argument reader.
public struct Arguments {
    public var options: [String: String] = [:]
    public var flags: Set<String> = []
    public var positional: [String] = []

    public init(_ args: [String] = Array(CommandLine.arguments.dropFirst()), valued: Set<String>) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a.hasPrefix("--") {
                if let eq = a.firstIndex(of: "=") {
                    options[String(a[..<eq])] = String(a[a.index(after: eq)...])
                } else if valued.contains(a) {
                    guard i + 1 < args.count else { throw BenchError("\(a) needs a value") }
                    options[a] = args[i + 1]
                    i += 1
                } else {
                    flags.insert(a)
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    public func int(_ name: String, default value: Int) throws -> Int {
        guard let s = options[name] else { return value }
        guard let v = Int(s) else { throw BenchError("\(name) expects a number, got \(s)") }
        return v
    }
}
