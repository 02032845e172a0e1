import Foundation
import ModlintTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `modlint` binary as a user would and captures everything it does.
struct CLIRun {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
    /// The signal that ended the run, if one did (`exitCode` is then 128 + the signal).
    var terminatedBySignal: Int32?
}

enum CLI {
    /// One cache base for this test process, outside every analysed tree.
    static let testCache: String = {
        let path = FileManager.default.temporaryDirectory.path + "/modlint-test-cache-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        TemporaryDirectory.removeAtExit(path)
        return path
    }()

    /// The `modlint` executable the test build produced, next to the test bundle — never
    /// another build's binary, which could be stale.
    static let executable: String = {
        let candidates: [String] = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("modlint").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("modlint").path,
        ].compactMap { $0 }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            fatalError("no modlint executable beside the test bundle (looked at \(candidates)): build the tests with `swift build --build-tests`")
        }
        return found
    }()

    /// A limited run's address-space cap and time limit: a case that would exhaust memory
    /// or hang ends as a failure of its own test, not of the suite.
    static let limitKiB = 2 * 1024 * 1024
    static let limitSeconds = 20.0

    /// `limited`: under `limitKiB` of address space and `limitSeconds` of time; a crash or
    /// a run that outlives the limit is recorded as a test failure.
    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                    limited: Bool = false) throws -> CLIRun {
        let process = Process()
        if limited {
            // `exec` keeps the pid: a timeout terminates modlint itself.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(limitKiB) && exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        // Where a user runs it: in the given folder, else in the last folder the arguments
        // name — the linted one (`cd App && modlint lint .`) — so text paths read as they
        // do for the user.
        if let directory = directory ?? arguments.last(where: { $0.hasPrefix("/") && FileManager.default.fileExists(atPath: $0 + "/.") }) {
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
        }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        // Tests never write into the user's cache; a test that checks the default sets its own.
        env["MODLINT_CACHE_DIR"] = testCache
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = DispatchWorkItem { process.terminate() }
        if limited { DispatchQueue.global().asyncAfter(deadline: .now() + limitSeconds, execute: deadline) }
        // Both pipes drain at once: reading one to its end while the child fills the other
        // would block both processes.
        let errorReader = PipeReader(error.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        deadline.cancel()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        if limited {
            #expect(!(signal == SIGTERM && environment["MODLINT_FAULT_INJECTION"] == nil), "modlint ran longer than \(limitSeconds) s: \(arguments)")
            #expect(signal == nil || signal == SIGTERM, "modlint crashed with signal \(signal ?? 0): \(arguments)")
        }
        return CLIRun(exitCode: signal.map { 128 + $0 } ?? process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self),
                      terminatedBySignal: signal)
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
