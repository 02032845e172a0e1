import Foundation
import ModlintTestSupport

/// Runs the built `modlint` binary as a user would and captures everything it does.
struct CLIRun {
    var exitCode: Int32
    var standardOutput: String
    var standardError: String
}

enum CLI {
    /// One cache base for this test process, outside every analysed tree.
    static let testCache: String = {
        let path = FileManager.default.temporaryDirectory.path + "/modlint-test-cache-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
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

    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> CLIRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
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
        // Both pipes drain at once: reading one to its end while the child fills the other
        // would block both processes.
        let errorReader = PipeReader(error.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        return CLIRun(exitCode: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
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
