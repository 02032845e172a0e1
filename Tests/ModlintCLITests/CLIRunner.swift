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

    /// The `modlint` executable next to the test bundle (SwiftPM builds it for the test).
    static var executable: String {
        let candidates: [String] = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("modlint").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("modlint").path,
            repositoryRoot() + "/.build/debug/modlint",
        ].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }

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
        // Read before waiting so a large report cannot fill the pipe and block the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(exitCode: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }
}
