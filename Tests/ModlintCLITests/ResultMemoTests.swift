import Foundation
import ModlintTestSupport
import Synchronization
import Testing

/// The whole-run memo must never hide a change: any edit to a source file, a manifest or
/// the configuration produces a fresh result.
struct ResultMemoTests {
    static let files: [(String, String)] = [
        ("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "Core"), .target(name: "Feature", dependencies: ["Core"])])
        """),
        ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ("Sources/Feature/Feature.swift", "import Core\n"),
    ]

    @Test func editsInvalidateTheMemo() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let clean = try CLI.run(["lint", directory.path])
        #expect(clean.exitCode == 0)
        let warm = try CLI.run(["lint", directory.path])
        #expect(warm.standardOutput == clean.standardOutput)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/.build"))

        // A source edit (same size would not matter: the modification time changes too).
        try directory.write("Sources/Core/Core.swift", "import Feature\npublic struct Core {}\n")
        let edited = try CLI.run(["lint", directory.path])
        #expect(edited.exitCode == 1)
        #expect(edited.standardOutput.contains("Core imports Feature, which no dependency it declares reaches: the target does not build on its own. Do not declare it: it would close the dependency cycle Feature -> Core -> Feature, which the build rejects. Move the import out of Core, or move what it uses from Feature into a module Core may depend on. [undeclared-import]"))

        // A configuration edit.
        try directory.write(".modlint.yml", "rules:\n  undeclared-import: off\n  import-cycle: off\n")
        let configured = try CLI.run(["lint", directory.path])
        #expect(configured.exitCode == 0, "\(configured.standardOutput)")

        // A new file.
        try directory.write("Sources/Feature/More.swift", "import Missing\n")
        let added = try CLI.run(["lint", directory.path, "--reporter", "json"])
        #expect(added.standardOutput.contains("\"files\": 3"))
    }

    /// A resource SwiftPM bundles by default decides whether an unused dependency is kept:
    /// one that appears (or goes) beside a warm memo changes the result.
    @Test func aProcessedResourceInvalidatesTheMemo() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Theme"), .target(name: "Feature", dependencies: ["Theme"])])
            """),
            ("Sources/Theme/Theme.swift", "public enum Theme {}\n"),
            ("Sources/Feature/Feature.swift", "public enum Feature {}\n"),
        ])
        defer { directory.remove() }
        let unused = "warning: Feature declares a dependency on Theme but none of its source files imports it"
        #expect(try CLI.run(["lint", directory.path]).standardOutput.contains(unused))
        #expect(try CLI.run(["lint", directory.path]).standardOutput.contains(unused))
        try directory.write("Sources/Theme/Base.lproj/Localizable.strings", "\"a\" = \"b\";\n")
        let kept = try CLI.run(["lint", directory.path])
        #expect(kept.standardOutput.contains("note: Feature imports nothing from Theme, but the dependency is kept: it bundles resources "
            + "(Sources/Theme/Base.lproj, which SwiftPM processes without a `resources:` list)"), "\(kept.standardOutput)")
        try FileManager.default.removeItem(atPath: directory.path + "/Sources/Theme/Base.lproj")
        #expect(try CLI.run(["lint", directory.path]).standardOutput.contains(unused))
    }

    /// An edit that changes no fact (a comment at the end of a line) is answered from the
    /// facts memo; one that moves a finding (a line inserted above it) is not. Both match
    /// `--no-cache` byte for byte.
    @Test func commentEditsReuseTheResultAndMovedFindingsDoNot() throws {
        try Self.withWorkspaceAndCache([
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Kit"), .target(name: "Feature")])
            """),
            ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Sources/Feature/Feature.swift", "import Kit\n"),
        ]) { directory, cache in
            let arguments = ["lint", "--cache-dir", cache.path, "--reporter", "json", directory.path]
            func expectSameAsWithoutCache(_ label: String, rulesRun: Bool) throws {
                try Self.expectSameAsWithoutCache(directory, cache: cache, label, phase: "rules", ran: rulesRun)
            }
            try expectSameAsWithoutCache("cold", rulesRun: true)
            #expect(try CLI.run(arguments).standardOutput.contains("\"line\": 1,"))
            try directory.write("Sources/Feature/Feature.swift", "import Kit // why\n\n")
            try expectSameAsWithoutCache("comment at the end of a line", rulesRun: false)
            try directory.write("Sources/Feature/Feature.swift", "// a header\nimport Kit // why\n")
            try expectSameAsWithoutCache("line inserted above the finding", rulesRun: true)
            #expect(try CLI.run(arguments).standardOutput.contains("\"line\": 2,"))
        }
    }

    /// Lints `directory` with its cache in `cache`: the output must equal `--no-cache`'s
    /// byte for byte, and the timings on stderr must show whether `phase` ran.
    static func expectSameAsWithoutCache(_ directory: TemporaryDirectory, cache: TemporaryDirectory, _ label: String,
                                         phase: String, ran: Bool) throws {
        let reference = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
        let run = try CLI.run(["lint", "--cache-dir", cache.path, "--reporter", "json", directory.path], environment: ["MODLINT_TIMINGS": "1"])
        #expect(run.standardOutput == reference.standardOutput, "\(label)")
        #expect(run.standardError.contains("timing: \(phase) ") == ran, "\(label)")
    }

    /// A workspace of `files` and a cache folder for it, both removed after `body`.
    /// `aged`: the files get a modification time a minute back (`TemporaryDirectory.age`),
    /// as a user's files have by the time they commit: no memo is keyed by files saved a
    /// moment ago.
    static func withWorkspaceAndCache(_ files: [(String, String)] = files, aged: Bool = true,
                                      _ body: (TemporaryDirectory, TemporaryDirectory) throws -> Void) throws {
        let directory = try TemporaryDirectory(files: files)
        let cache = try TemporaryDirectory(prefix: "modlint-cache")
        defer {
            directory.remove()
            cache.remove()
        }
        if aged { try directory.age() }
        try body(directory, cache)
    }

    /// The files of one root's cache folder, record generations as `records-*.bin`.
    static func cacheFiles(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .map { $0.hasPrefix("records-") && $0.hasSuffix(".bin") ? "records-*.bin" : $0 }.sorted()
    }

    /// Project files and the build-settings files that name modules are inputs too.
    @Test func projectAndConfigurationFileEditsInvalidateTheMemo() throws {
        // The widget's Debug configuration takes its module name from Widget/Widget.xcconfig.
        let project = XcodeFixtures.synchronizedFolders.replacingOccurrences(
            of: "BC03 = {isa = XCBuildConfiguration; ",
            with: "BC03 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SG02; baseConfigurationReferenceRelativePath = Widget.xcconfig; ")
        let directory = try TemporaryDirectory(files: [
            ("Sync.xcodeproj/project.pbxproj", project),
            ("App/AppMain.swift", "import WidgetModule\n"),
            ("Widget/Widget.swift", "public struct Widget {}\n"),
            ("Widget/Widget.xcconfig", "PRODUCT_MODULE_NAME = WidgetModule\n"),
            ("Tests/AppTests/AppTests.swift", "import HostedWidget\n"),
        ])
        defer { directory.remove() }
        let clean = try CLI.run(["lint", directory.path])
        #expect(clean.exitCode == 0, "\(clean.standardOutput)")
        #expect(try CLI.run(["lint", directory.path]).standardOutput == clean.standardOutput)

        // The app no longer depends on the widget: its import is undeclared.
        try directory.write("Sync.xcodeproj/project.pbxproj", project.replacingOccurrences(of: "TD01,\n", with: ""))
        let edited = try CLI.run(["lint", directory.path])
        #expect(edited.exitCode == 1)
        #expect(edited.standardOutput.contains("App imports WidgetModule (target Widget Extension), which no dependency it declares reaches: the target does not build on its own. Add a dependency on target Widget Extension to App. [undeclared-import]"))
        try directory.write("Sync.xcodeproj/project.pbxproj", project)
        #expect(try CLI.run(["lint", directory.path]).exitCode == 0)

        // Only the xcconfig changes: the widget's module is now the one the tests import.
        try directory.write("Widget/Widget.xcconfig", "PRODUCT_MODULE_NAME = HostedWidget\n")
        let renamed = try CLI.run(["lint", directory.path])
        #expect(renamed.exitCode == 1)
        #expect(renamed.standardOutput.contains("AppTests imports HostedWidget (target Widget Extension), which no dependency it declares reaches: the target does not build on its own. Add a dependency on target Widget Extension to AppTests. [undeclared-import]"))
    }

    /// A damaged cache is rebuilt, never served: the output stays byte-identical to
    /// `--no-cache` after a flipped byte in the memo or in a summary record.
    @Test func corruptionIsDetected() throws {
        try Self.withWorkspaceAndCache(Self.files + [("Sources/Feature/More.swift", "import Core\nimport Missing\n")]) { directory, cache in
            let reference = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
            let arguments = ["lint", "--cache-dir", cache.path, "--reporter", "json", directory.path]
            #expect(try CLI.run(arguments).standardOutput == reference.standardOutput)
            let folder = cache.path + "/" + (try FileManager.default.contentsOfDirectory(atPath: cache.path))[0]
            func flip(_ file: String, at fraction: Double) throws {
                var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
                let index = min(bytes.count - 1, Int(Double(bytes.count) * fraction))
                bytes[index] ^= 0x5A
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file))
            }
            try flip("result.memo", at: 0.8)
            #expect(try CLI.run(arguments).standardOutput == reference.standardOutput)
            // The memo hit is gone after an edit; every summary comes from the damaged records.
            let records = try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("records-") }!
            try flip(records, at: 0.9)
            try flip(records, at: 0.5)
            try directory.write("Sources/Core/Core.swift", "public struct Core {} // edited\n")
            let edited = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
            #expect(try CLI.run(arguments).standardOutput == edited.standardOutput)
            // A damaged layout memo: manifests are read again.
            try flip("layout.memo", at: 0.6)
            try directory.write("Sources/Core/Core.swift", "public struct Core {}\npublic struct Other {}\n")
            let twice = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
            let damaged = try CLI.run(arguments, environment: ["MODLINT_TIMINGS": "1"])
            #expect(damaged.standardOutput == twice.standardOutput)
            #expect(damaged.standardError.contains("timing: manifests"))
            // A damaged index: the whole cache is rebuilt, the result unchanged.
            try flip("index.bin", at: 0.5)
            try directory.write("Sources/Feature/More.swift", "import Core\nimport Missing // edited\n")
            let again = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
            #expect(try CLI.run(arguments).standardOutput == again.standardOutput)
        }
    }

    /// The layout (packages, targets, their files) is reused while the structure is
    /// unchanged: a source edit reads no manifest; a manifest edit, a new file or a removed
    /// one reads them again. Every run matches `--no-cache` byte for byte.
    @Test func layoutIsReusedWhileTheStructureIsUnchanged() throws {
        try Self.withWorkspaceAndCache() { directory, cache in
            func expectSameAsWithoutCache(_ label: String, manifestsRead: Bool) throws {
                try Self.expectSameAsWithoutCache(directory, cache: cache, label, phase: "manifests", ran: manifestsRead)
            }
            try expectSameAsWithoutCache("cold", manifestsRead: true)
            try directory.write("Sources/Core/Core.swift", "import Feature\npublic struct Core {}\n")
            try expectSameAsWithoutCache("a new import", manifestsRead: false)
            try directory.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Core", dependencies: ["Feature"]), .target(name: "Feature")])
            """)
            // A manifest saved a moment ago keys no layout (see `aSecondSaveWithinOneTimestampTickIsSeen`).
            try directory.age()
            try expectSameAsWithoutCache("the manifest declares the import", manifestsRead: true)
            try directory.write("Sources/Feature/Feature.swift", "public struct Feature {}\n")
            try expectSameAsWithoutCache("an edit after the manifest's", manifestsRead: false)
            try directory.write("Sources/Feature/More.swift", "import Missing\n")
            try expectSameAsWithoutCache("a new file", manifestsRead: true)
            try FileManager.default.removeItem(atPath: directory.path + "/Sources/Feature/More.swift")
            try expectSameAsWithoutCache("a removed file", manifestsRead: true)
        }
    }

    /// Two roots share one cache base without evicting each other; a temporary a killed
    /// run left behind is cleaned; a cache that cannot be written is silent unless --verbose.
    @Test func sharingTemporariesAndWriteFailures() throws {
        let one = try TemporaryDirectory(files: Self.files)
        let two = try TemporaryDirectory(files: Self.files)
        let cache = try TemporaryDirectory(prefix: "modlint-cache")
        defer {
            one.remove()
            two.remove()
            cache.remove()
        }
        try one.age()
        try two.age()
        #expect(try CLI.run(["lint", "--cache-dir", cache.path, one.path]).exitCode == 0)
        #expect(try CLI.run(["lint", "--cache-dir", cache.path, two.path]).exitCode == 0)
        let folders = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(folders.count == 2)
        for folder in folders {
            #expect(try Self.cacheFiles(cache.path + "/" + folder) == ["index.bin", "layout.memo", "lock", "records-*.bin", "result.memo"])
        }
        let stale = cache.path + "/" + folders[0] + "/index.bin.modlint-tmp-1-2"
        try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: stale)
        try one.write("Sources/Core/Core.swift", "public struct Core {} // edited\n")
        try two.write("Sources/Core/Core.swift", "public struct Core {} // edited\n")
        _ = try CLI.run(["lint", "--cache-dir", cache.path, one.path])
        _ = try CLI.run(["lint", "--cache-dir", cache.path, two.path])
        #expect(!FileManager.default.fileExists(atPath: stale))

        // A base that is a file: nothing can be written there.
        let blocked = cache.path + "/blocked"
        try Data().write(to: URL(fileURLWithPath: blocked))
        let quiet = try CLI.run(["lint", "--cache-dir", blocked, one.path])
        #expect(quiet.exitCode == 0)
        #expect(quiet.standardError.isEmpty)
        let verbose = try CLI.run(["lint", "--verbose", "--cache-dir", blocked, one.path])
        #expect(verbose.exitCode == 0)
        #expect(verbose.standardOutput == quiet.standardOutput)
        #expect(verbose.standardError.contains("modlint: cache not used (the result does not depend on it): \(blocked) is not a folder\n"))
    }

    /// A file saved twice within one timestamp tick keeps its size and time (and, saved in
    /// place, its inode): its identity then cannot tell the two saves apart. A run that
    /// read the first save must not vouch for the second: its identity was racy, so the
    /// cache holds it unverified and no memo is keyed by it.
    @Test func aSecondSaveWithinOneTimestampTickIsSeen() throws {
        try Self.withWorkspaceAndCache([
            ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Kit"), .target(name: "Core"), .target(name: "Feature", dependencies: ["Core"])])
            """),
            ("Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Sources/Core/Core.swift", "public struct Core {}\n"),
            ("Sources/Feature/Feature.swift", "import Core\n"),
        ], aged: false) { directory, cache in
            try Self.expectSameAsWithoutCache(directory, cache: cache, "cold", phase: "rules", ran: true)
            try directory.rewriteKeepingTime("Sources/Feature/Feature.swift", "import Kit \n")
            try Self.expectSameAsWithoutCache(directory, cache: cache, "second save, same size and time", phase: "rules", ran: true)
            #expect(try CLI.run(["lint", "--cache-dir", cache.path, directory.path]).standardOutput.contains("Feature imports Kit"))
            try directory.rewriteKeepingTime("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "Kit"), .target(name: "Core"), .target(name: "Feature", dependencies: ["Kit"])])
            """)
            try Self.expectSameAsWithoutCache(directory, cache: cache, "manifest saved again, same size and time", phase: "manifests", ran: true)
        }
    }

    /// Runs at once on one root share its cache (the pre-commit hook and an editor's
    /// on-save run): each prints what a run without a cache prints, after every kind of
    /// edit, and what they leave behind serves the next run, with no temporary left.
    @Test func concurrentRunsShareOneCache() throws {
        try Self.withWorkspaceAndCache() { directory, cache in
            let edits: [(label: String, path: String, contents: String?)] = [
                ("cold", "", nil),
                ("a new import", "Sources/Core/Core.swift", "import Feature\npublic struct Core {}\n"),
                ("a comment", "Sources/Feature/Feature.swift", "import Core // why\n"),
                ("a new file", "Sources/Feature/More.swift", "import Missing\n"),
                ("a manifest edit", "Package.swift", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "App", targets: [.target(name: "Core", dependencies: ["Feature"]), .target(name: "Feature")])
                """),
            ]
            let arguments = ["lint", "--cache-dir", cache.path, "--reporter", "json", directory.path]
            for edit in edits {
                if let contents = edit.contents { try directory.write(edit.path, contents) }
                let reference = try CLI.run(["lint", "--no-cache", "--reporter", "json", directory.path])
                for run in Self.atOnce(4, arguments) {
                    #expect(run?.standardOutput == reference.standardOutput, "\(edit.label)")
                    #expect(run?.exitCode == reference.exitCode, "\(edit.label)")
                }
                #expect(try CLI.run(arguments).standardOutput == reference.standardOutput, "\(edit.label), after the concurrent runs")
            }
            let folders = try FileManager.default.contentsOfDirectory(atPath: cache.path)
            #expect(folders.count == 1)
            #expect(try Self.cacheFiles(cache.path + "/" + folders[0]).allSatisfy { !$0.contains(".modlint-tmp-") })
        }
    }

    /// `count` runs of the CLI started together; `nil` for one that could not be started.
    static func atOnce(_ count: Int, _ arguments: [String]) -> [CLIRun?] {
        let runs = Mutex([CLIRun?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let run = try? CLI.run(arguments)
            runs.withLock { $0[index] = run }
        }
        return runs.withLock { $0 }
    }
}
