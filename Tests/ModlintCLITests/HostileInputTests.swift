import Foundation
import ModlintTestSupport
import Testing

/// Hostile input end to end: every case gives a clear message and a documented exit code,
/// never a crash or a hang, and writes nothing into the analysed tree.
struct HostileInputTests {
    static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(name: "App", targets: [.target(name: "App")])
    """

    static func workspace(_ extra: [(String, String)] = []) throws -> TemporaryDirectory {
        try TemporaryDirectory(files: [("Package.swift", manifest), ("Sources/App/App.swift", "struct App {}\n")] + extra)
    }

    /// Runs `lint --no-cache` and checks that the tree is byte for byte unchanged.
    static func lint(_ directory: TemporaryDirectory, _ extra: [String] = []) throws -> CLIRun {
        let before = directory.snapshot()
        let run = try CLI.run(["lint", "--no-cache", directory.path] + extra)
        #expect(directory.snapshot() == before, "modlint wrote into the analysed tree")
        return run
    }

    @Test func missingPathExitsTwo() throws {
        let run = try CLI.run(["lint", "--no-cache", "/nonexistent/modlint-path"])
        #expect(run.exitCode == 2)
        #expect(run.standardError == "modlint: error: path not found: /nonexistent/modlint-path\n")
        #expect(run.standardOutput.isEmpty)
    }

    /// Root reads through chmod 000; there /proc/self/mem (a regular file whose reads
    /// fail) stands in, and without it the test is skipped, visibly.
    @Test(.enabled(if: getuid() != 0 || FileManager.default.fileExists(atPath: "/proc/self/mem"),
                   "running as root without /proc/self/mem: no file this process cannot read"))
    func unreadableFileIsAWarning() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let target = directory.path + "/Sources/App/Unreadable.swift"
        if getuid() == 0 {
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "/proc/self/mem")
        } else {
            try directory.write("Sources/App/Unreadable.swift", "struct Hidden {}\n")
            chmod(target, 0)
        }
        let run = try Self.lint(directory)
        #expect(run.exitCode == 0)
        // As root the stand-in lies outside the tree (refused before it is opened);
        // otherwise the system says why.
        let reason = getuid() == 0 ? "it leads to /proc/" : "Permission denied"
        #expect(run.standardOutput.hasPrefix("Sources/App/Unreadable.swift:1:1: warning: cannot read source file: \(reason)"))
        #expect(run.standardOutput.hasSuffix(" [invalid-source]\nmodlint: 0 errors, 1 warning, 0 notes in 1 package, 1 module, 1 file\n"))
    }

    /// A source over the size cap is not read, so its imports and declarations go
    /// unanalysed: an error, or a pull request could hide code by padding a file.
    @Test func aSourceOverTheSizeCapIsAnError() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try directory.write("Sources/App/Huge.swift", "import Hidden\n")
        // Sparse: the size is what is checked, before a byte is read.
        #expect(truncate(directory.path + "/Sources/App/Huge.swift", off_t(64 << 20) + 1) == 0)
        let run = try Self.lint(directory)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == """
        Sources/App/Huge.swift:1:1: error: cannot read source file: it is larger than 64 MiB (67108865 bytes or more); its code is not analysed [invalid-source]
        modlint: 1 error, 0 warnings, 0 notes in 1 package, 1 module, 1 file

        """)
    }

    @Test func directorySymlinkLoopIsNotFollowed() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Sources/App/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Sources/self", withDestinationPath: "../Sources")
        let run = try Self.lint(directory)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "modlint: no findings in 1 package, 1 module, 1 file\n")
    }

    @Test func binaryAndInvalidUTF8FilesAreWarnings() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try directory.write("Sources/App/App.swift", bytes: repeatedBytes([0, 1, 2, 255], 256))
        try directory.write("Sources/App/Latin.swift", bytes: Array("let s = \"".utf8) + [0xFF] + Array("\"\n".utf8))
        let run = try Self.lint(directory)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
        Sources/App/App.swift:1:1: warning: file contains NUL bytes (binary?) [invalid-source]
        Sources/App/Latin.swift:1:10: warning: invalid UTF-8 [invalid-source]
        modlint: 0 errors, 2 warnings, 0 notes in 1 package, 1 module, 2 files

        """)
    }

    @Test func fiftyMegabyteGeneratedFile() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let line = Array("public let generatedValue = \"0123456789abcdef0123456789abcdef\" // generated\n".utf8)
        try directory.write("Sources/App/Generated.swift", bytes: repeatedBytes(line, 50 * 1024 * 1024 / line.count + 1))
        let run = try Self.lint(directory)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == "modlint: no findings in 1 package, 1 module, 2 files\n")
    }

    @Test func manifestWithUnbalancedBrackets() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try directory.write("Package.swift", String(Self.manifest.dropLast()) + "\n")
        let run = try Self.lint(directory)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
        Package.swift:4:22: note: unbalanced '(': it is never closed; the manifest may be incomplete [unresolved-manifest]
        modlint: 0 errors, 0 warnings, 1 note in 1 package, 1 module, 1 file

        """)
    }

    @Test func emptyManifest() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        try directory.write("Package.swift", "")
        let run = try Self.lint(directory)
        // Nothing could be read: the gate fails and says so.
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == """
        Package.swift:1:1: error: a Package.swift that makes no package: 1 Swift file under ./ is in no target and not analysed; declare `let package = Package(…)` in it, or exclude the folder in .modlint.yml [unread-build-description]
        Package.swift:1:1: note: missing '// swift-tools-version:' line [unresolved-manifest]
        Package.swift:1:1: note: no 'Package(…)' initializer found [unresolved-manifest]
        Sources/App/App.swift:1:1: note: 1 Swift file belongs to no SwiftPM or Xcode target and is not analysed: Sources/ (1 file) [files-in-no-target]
        modlint: 1 error, 0 warnings, 3 notes in 1 package, 0 modules, 0 files (1 file in no target); less than half of the Swift files were analysed

        """)
    }

    @Test func hundredThousandNestedBrackets() throws {
        let directory = try Self.workspace()
        defer { directory.remove() }
        let depth = 100_000
        try directory.write("Package.swift", Self.manifest + "\nlet x = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        try directory.write("Sources/App/Deep.swift", "let y = " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + "\n")
        let run = try Self.lint(directory)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
        Package.swift:5:41: note: nesting deeper than 64 levels is not evaluated [unresolved-manifest]
        modlint: 0 errors, 0 warnings, 1 note in 1 package, 1 module, 2 files

        """)
    }

    @Test func configurationSyntaxErrorExitsTwo() throws {
        let directory = try Self.workspace([(".modlint.yml", "severities:\n  target-cycle: [error\n")])
        defer { directory.remove() }
        let run = try Self.lint(directory)
        #expect(run.exitCode == 2)
        #expect(run.standardError == "\(directory.path)/.modlint.yml:3:1: error: invalid YAML: did not find expected ',' or ']'\n")
        #expect(run.standardOutput.isEmpty)
    }

    /// With the cache on (the default), nothing is written into the analysed tree: the
    /// cache lives in the per-user folder ($XDG_CACHE_HOME here), one folder per root.
    @Test func cacheLivesOutsideTheTree() throws {
        let directory = try Self.workspace([("Sources/App/Other.swift", "import Foundation\n")])
        let home = try TemporaryDirectory(prefix: "modlint-xdg")
        defer {
            directory.remove()
            home.remove()
        }
        try directory.age()
        let before = directory.snapshot()
        let environment = ["MODLINT_CACHE_DIR": "", "XDG_CACHE_HOME": home.path]
        let first = try CLI.run(["lint", directory.path, "--reporter", "json"], environment: environment)
        let second = try CLI.run(["lint", directory.path, "--reporter", "json"], environment: environment)
        #expect(first.exitCode == 0 && second.exitCode == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(directory.snapshot() == before)
        let folders = try FileManager.default.contentsOfDirectory(atPath: home.path + "/modlint")
        #expect(folders.count == 1)
        #expect(try ResultMemoTests.cacheFiles(home.path + "/modlint/" + folders[0]) == ["index.bin", "layout.memo", "lock", "records-*.bin", "result.memo"])
    }
}

/// `unit` repeated `times` times, built in one allocation (tests build 50 MB with it).
func repeatedBytes(_ unit: [UInt8], _ times: Int) -> [UInt8] {
    let total = unit.count * times
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
        var offset = 0
        for _ in 0..<times {
            for byte in unit {
                buffer[offset] = byte
                offset += 1
            }
        }
        initialized = total
    }
}

/// Files the user asks for are written where they point, never replaced by something
/// else, and a write that fails is exit 2 with the path and the reason.
@Suite struct OutputWriteTests {
    @Test func symlinksDevicesAndFailures() throws {
        let directory = try HostileInputTests.workspace()
        let out = try TemporaryDirectory(prefix: "modlint-out")
        defer {
            directory.remove()
            out.remove()
        }
        // A symbolic link to a regular file is refused (a pull request can commit one):
        // the link and its target stay as they were.
        try out.write("target.json", "old")
        try FileManager.default.createSymbolicLink(atPath: out.path + "/link.json", withDestinationPath: out.path + "/target.json")
        let linked = try CLI.run(["lint", "--no-cache", "--reporter", "json:" + out.path + "/link.json", directory.path])
        #expect(linked.exitCode == 2)
        #expect(linked.standardError == "modlint: error: refusing to write through symbolic link \(out.path)/link.json -> \(out.path)/target.json (write to \(out.path)/target.json directly)\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.path + "/link.json") == out.path + "/target.json")
        #expect(try out.read("target.json") == "old")

        // A device is written in place and stays a device.
        let null = try CLI.run(["lint", "--no-cache", "--reporter", "json:/dev/null", directory.path])
        #expect(null.exitCode == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        // A full device and a missing folder: exit 2, the path and the reason.
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try CLI.run(["lint", "--no-cache", "--reporter", "json:/dev/full", directory.path])
            #expect(full.exitCode == 2)
            #expect(full.standardError == "modlint: error: cannot write /dev/full: No space left on device\n")
        }
        let missing = try CLI.run(["lint", "--no-cache", "--reporter", "sarif:" + out.path + "/no/such/out.sarif", directory.path])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError == "modlint: error: cannot write \(out.path)/no/such/out.sarif: No such file or directory\n")

        // `-` is standard output.
        let dash = try CLI.run(["lint", "--no-cache", "--reporter", "json:-", directory.path])
        #expect(dash.standardOutput.hasPrefix("{"))
        #expect(dash.standardError.isEmpty)

        // Every report to a file: a one-line summary on stderr, unless --quiet.
        try directory.write("Sources/App/Broken.swift", "import Missing\nimport Core\n")
        try directory.write("Sources/Core/Core.swift", "public struct Core {}\n")
        let filed = try CLI.run(["lint", "--no-cache", "--reporter", "sarif:" + out.path + "/a.sarif",
                                 "--reporter", "junit:" + out.path + "/a.xml", directory.path])
        #expect(filed.standardOutput.isEmpty)
        #expect(filed.standardError == "modlint: 0 errors, 0 warnings, 1 note → \(out.path)/a.sarif, \(out.path)/a.xml\n")
        let quiet = try CLI.run(["lint", "--no-cache", "--quiet", "--reporter", "sarif:" + out.path + "/a.sarif", directory.path])
        #expect(quiet.standardError.isEmpty)
    }
}

/// A strongly connected component is reported once with its breaker list; its other
/// cycles refer to it: 100 mutually dependent modules stay far below 10 MB of JSON.
@Suite struct DenseCycleTests {
    @Test func hundredMutuallyDependentModules() throws {
        let names = (0..<100).map { "M" + String(format: "%03d", $0) }
        let targets = names.map { name in
            "    .target(name: \"\(name)\", dependencies: [\(names.filter { $0 != name }.map { "\"\($0)\"" }.joined(separator: ", "))])"
        }
        var files = [("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Dense\", targets: [\n"
                      + targets.joined(separator: ",\n") + "\n])\n")]
        for name in names {
            files.append(("Sources/\(name)/\(name).swift", names.filter { $0 != name }.map { "import \($0)\n" }.joined()))
        }
        let directory = try TemporaryDirectory(files: files)
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.utf8.count < 3_000_000, "\(run.standardOutput.utf8.count) bytes")
        let result = try #require(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(result["diagnostics"] as? [[String: Any]])
        let cycles = diagnostics.filter { $0["rule"] as? String == "target-cycle" }
        #expect(cycles.count == 99)   // one shortest cycle per module, each once: M000 <-> M001 serves both
        let withBreakers = cycles.filter { ($0["message"] as? String)?.contains("fewest dependencies to remove to break") == true }
        #expect(withBreakers.count == 1)
        #expect(cycles.filter { ($0["message"] as? String)?.contains("are listed at Package.swift:") == true }.count == 98)
        #expect(diagnostics.filter { $0["rule"] as? String == "import-cycle" }.count == 1)
    }
}

/// Bad input from the reliability review: each gets one clear answer.
@Suite struct BadInputTests {
    static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "App", targets: [.target(name: "App"), .target(name: "Kit")])
    """

    static func workspace(_ files: [(String, String)]) throws -> TemporaryDirectory {
        try TemporaryDirectory(files: [("Package.swift", manifest), ("Sources/Kit/Kit.swift", "public struct Kit {}\n")] + files)
    }

    @Test func lintAFileInsideAPackage() throws {
        let directory = try Self.workspace([("Sources/App/App.swift", "import Kit\n")])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path + "/Sources/App/App.swift"], in: directory.path)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.hasPrefix("Sources/App/App.swift:1:1: error: App imports Kit"))
    }

    @Test func aBinarySwiftFileIsOneWarning() throws {
        var bytes: [UInt8] = []
        var generator = SeededGenerator(seed: 0xB1_0B)
        for index in 0..<4_000 { bytes.append(index % 7 == 0 ? 0 : UInt8.random(in: 0...255, using: &generator)) }
        let directory = try Self.workspace([])
        defer { directory.remove() }
        try directory.write("Sources/App/Blob.swift", bytes: bytes)
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        let lines = run.standardOutput.split(separator: "\n").filter { $0.contains("[invalid-source]") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("file contains NUL bytes (binary?)") == true)
    }

    @Test func deepInterpolationIsNotUnterminated() throws {
        let deep = "let x = " + String(repeating: "\"\\(", count: 70) + "1" + String(repeating: ")\"", count: 70) + "\n"
        let directory = try Self.workspace([("Sources/App/Deep.swift", deep)])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(!run.standardOutput.contains("unterminated"))
        #expect(run.standardOutput.components(separatedBy: "[invalid-source]").count - 1 == 1)
        #expect(run.standardOutput.contains("string interpolations nested more than 64 levels deep"))
    }

    @Test func aByteOrderMarkShiftsNoColumn() throws {
        let directory = try Self.workspace([])
        defer { directory.remove() }
        try directory.write("Sources/App/Bom.swift", bytes: [0xEF, 0xBB, 0xBF] + Array("import Kit\n".utf8))
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.standardOutput.hasPrefix("Sources/App/Bom.swift:1:1: error: App imports Kit"))
    }

    @Test func aLineBreakInAFileNameIsEscaped() throws {
        let directory = try Self.workspace([("Sources/App/New\nline.swift", "import Kit\n")])
        defer { directory.remove() }
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.standardOutput.hasPrefix("Sources/App/New\\nline.swift:1:1: error: App imports Kit"))
    }

    /// A reader that stops early (`| head -1`) ends modlint quietly: nothing on stderr.
    @Test func aClosedPipeEndsQuietly() throws {
        var files: [(String, String)] = []
        for index in 0..<400 { files.append(("Sources/App/F\(index).swift", "import Kit\nimport Kit\n")) }
        let directory = try Self.workspace(files)
        defer { directory.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(CLI.executable)' lint --no-cache --reporter json '\(directory.path)' | head -c 10 > /dev/null"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
    }

    /// Root reads every folder, so the permission check needs an ordinary user.
    @Test(.enabled(if: getuid() != 0, "running as root: every folder is readable, so an unreadable root cannot be made"))
    func anUnreadableRootSaysPermissionDenied() throws {
        let directory = try Self.workspace([])
        defer {
            chmod(directory.path, 0o755)
            directory.remove()
        }
        chmod(directory.path, 0o000)
        let run = try CLI.run(["lint", "--no-cache", directory.path])
        #expect(run.exitCode == 2)
        #expect(run.standardError == "modlint: error: cannot read \(directory.path): Permission denied\n")
    }
}
