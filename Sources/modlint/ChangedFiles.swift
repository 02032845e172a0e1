import Foundation
import ModlintWorkspace

/// `--changed[=REV]`: the files git reports as changed, relative to the workspace root.
enum ChangedFiles {
    /// `--changed` without a value arrives as this (see `normalizeArguments`): staged
    /// files. No command-line argument can contain the control character.
    static let staged = "\u{1}staged"

    /// ArgumentParser options always take a value; a bare `--changed` gets the sentinel.
    static func normalizeArguments(_ arguments: [String]) -> [String] {
        arguments.map { $0 == "--changed" ? "--changed=" + staged : $0 }
    }

    static func list(revision: String, root: String) throws -> Set<String> {
        // A revision is never an option: `--changed=--output=FILE` must not reach git.
        if revision != staged && (revision.hasPrefix("-") || revision.isEmpty) {
            throw UsageError(message: "--changed: '\(revision)' is not a revision (a revision cannot start with '-')")
        }
        guard let topLevel = try git(["rev-parse", "--show-toplevel"], in: root).first else {
            throw UsageError(message: "--changed needs a git repository: \(root) is not inside one")
        }
        let diff = revision == staged ? ["diff", "--name-only", "--cached"] : ["diff", "--name-only", "--end-of-options", revision, "--"]
        let top = FileSystem.absolute(topLevel)
        var result = Set<String>()
        for line in try git(diff, in: root) {
            let absolute = Paths.join(top, line)
            let relative = Paths.relative(absolute, to: root)
            if relative != absolute { result.insert(relative) }
        }
        return result
    }

    private static func git(_ arguments: [String], in directory: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "core.quotepath=off"] + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw UsageError(message: "--changed needs git, which could not be run: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            if arguments.first == "rev-parse" {
                throw UsageError(message: "--changed needs a git repository: \(directory) is not inside one")
            }
            let detail = message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
            throw UsageError(message: "git \(arguments.joined(separator: " ")) failed: \(detail)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
