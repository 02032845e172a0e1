import Foundation
import ModlintTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a pull request can commit, tried as an attacker would: each case runs the real
/// binary under a 2 GiB address-space cap and a 20-second limit, on a tree the test makes,
/// and must end with its documented answer — never a crash, a hang, a write outside the
/// report path, a read outside the tree or findings silently dropped.
@Suite struct UntrustedInputTests {
    /// An Xcode app whose one source registers a Swinject service twice (an error the
    /// cases below must still see), an xcconfig, and a local package with two targets.
    static let project = """
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	objectVersion = 56;
    	objects = {
    		BF01 = {isa = PBXBuildFile; fileRef = FR01; };
    		FR01 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
    		FR02 = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Base.xcconfig; sourceTree = "<group>"; };
    		GR01 = {isa = PBXGroup; children = (GR02, FR02); sourceTree = "<group>"; };
    		GR02 = {isa = PBXGroup; children = (FR01); path = App; sourceTree = "<group>"; };
    		SP01 = {isa = PBXSourcesBuildPhase; files = (BF01); };
    		TG01 = {isa = PBXNativeTarget; buildConfigurationList = CL01; buildPhases = (SP01); name = App; productName = App; productType = "com.apple.product-type.application"; };
    		CL01 = {isa = XCConfigurationList; buildConfigurations = (BC01); };
    		BC01 = {isa = XCBuildConfiguration; baseConfigurationReference = FR02; buildSettings = {}; name = Debug; };
    		PR01 = {isa = PBXProject; buildConfigurationList = CL02; mainGroup = GR01; targets = (TG01); };
    		CL02 = {isa = XCConfigurationList; buildConfigurations = (BC02); };
    		BC02 = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
    	};
    	rootObject = PR01;
    }
    """

    static let duplicate = "App/App.swift:6:7: error: Foo is registered 2 times in the same Swinject container (assembly); only one registration takes effect [duplicate-registration]\n"
        + "    App/App.swift:5:1: note: also registered here (FooImpl)\n"

    static func app(project: String = project) throws -> TemporaryDirectory {
        try TemporaryDirectory(files: [
            ("App.xcodeproj/project.pbxproj", project),
            ("Base.xcconfig", "PRODUCT_NAME = App\n"),
            ("App/App.swift", """
            import Swinject
            protocol Foo {}
            final class FooImpl: Foo {}
            func assemble(_ c: Container) {
                c.register(Foo.self) { _ in FooImpl() }
                c.register(Foo.self) { _ in FooImpl() }
            }

            """),
            ("Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit"), .target(name: "Core")])
            """),
            ("Kit/Sources/Kit/Kit.swift", "public struct Kit {}\n"),
            ("Kit/Sources/Core/Core.swift", "public struct Core {}\n"),
        ], prefix: "modlint-untrusted")
    }

    /// An app and a folder outside it (what a committed link may point at).
    static func appAndOutside() throws -> (TemporaryDirectory, TemporaryDirectory) {
        (try app(), try TemporaryDirectory(prefix: "modlint-outside"))
    }

    /// `lint --no-cache` under the limits; the tree must be unchanged afterwards.
    static func lint(_ tree: TemporaryDirectory, _ extra: [String] = [], in directory: String? = nil,
                     environment: [String: String] = [:]) throws -> CLIRun {
        let before = tree.snapshot()
        let run = try CLI.run(["lint", "--no-cache"] + extra + (directory == nil ? [tree.path] : ["."]),
                             in: directory, environment: environment, limited: true)
        #expect(tree.snapshot() == before, "modlint changed the analysed tree")
        return run
    }

    static func link(_ tree: TemporaryDirectory, _ relative: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: tree.path + "/" + relative)
        try FileManager.default.createDirectory(atPath: (tree.path + "/" + relative as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/" + relative, withDestinationPath: target)
    }

    static func fifo(_ tree: TemporaryDirectory, _ relative: String) throws {
        try? FileManager.default.removeItem(atPath: tree.path + "/" + relative)
        try FileManager.default.createDirectory(atPath: (tree.path + "/" + relative as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(tree.path + "/" + relative, 0o644) == 0)
    }

    // MARK: - Writes

    @Test func aReportThroughACommittedLinkIsRefused() throws {
        let (tree, outside) = try Self.appAndOutside()
        defer { tree.remove(); outside.remove() }
        try outside.write("bashrc", "precious\n")
        try Self.link(tree, "modlint.sarif", to: outside.path + "/bashrc")
        for arguments in [["--reporter", "sarif:modlint.sarif"], ["--reporter", "codeclimate:modlint.sarif"], ["--write-baseline", "modlint.sarif"]] {
            let run = try Self.lint(tree, arguments, in: tree.path)
            #expect(run.exitCode == 2, "\(arguments)")
            #expect(run.standardError == "modlint: error: refusing to write through symbolic link modlint.sarif -> \(outside.path)/bashrc (write to \(outside.path)/bashrc directly)\n")
        }
        let graph = try CLI.run(["graph", "--no-cache", ".", "--format", "dot", "-o", "modlint.sarif"], in: tree.path, limited: true)
        #expect(graph.exitCode == 2)
        #expect(graph.standardError.hasPrefix("modlint: error: refusing to write through symbolic link modlint.sarif -> "))
        #expect(try outside.read("bashrc") == "precious\n")
    }

    @Test func aLinkToANewFileOrAFolderIsRefusedToo() throws {
        let (tree, outside) = try Self.appAndOutside()
        defer { tree.remove(); outside.remove() }
        try Self.link(tree, "new.sarif", to: outside.path + "/created-by-modlint")
        try Self.link(tree, "reports", to: outside.path)
        let dangling = try Self.lint(tree, ["--reporter", "sarif:new.sarif"], in: tree.path)
        #expect(dangling.exitCode == 2)
        #expect(dangling.standardError.contains("refusing to write through symbolic link new.sarif -> "))
        let folder = try Self.lint(tree, ["--reporter", "sarif:reports/out.sarif"], in: tree.path)
        #expect(folder.exitCode == 2)
        #expect(folder.standardError == "modlint: error: refusing to write through symbolic link \(tree.path)/reports -> \(outside.path) (write to \(outside.path) directly)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    /// A committed link to the CI shell's standard input (`report.txt -> /proc/self/fd/0`)
    /// beside a source whose name is a command: the report never reaches the link's target.
    @Test func aLinkToStandardInputOrAnyDeviceIsRefused() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        try tree.write("App/x;touch PWNED;#.swift", "import Foundation\n")
        try Self.link(tree, "report.txt", to: "/proc/self/fd/0")
        try Self.link(tree, "null.txt", to: "/dev/null")
        try Self.link(tree, "tty.txt", to: "/dev/tty")
        for (file, target) in [("report.txt", "/proc/self/fd/0"), ("null.txt", "/dev/null"), ("tty.txt", "/dev/tty")] {
            let run = try Self.lint(tree, ["--reporter", "text:" + file], in: tree.path)
            #expect(run.exitCode == 2, "\(file)")
            #expect(run.standardOutput.isEmpty, "\(file)")
            #expect(run.standardError.hasPrefix("modlint: error: refusing to write through symbolic link \(file) -> \(target) (it leads to /"), "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: tree.path + "/PWNED"))
    }

    /// A link anywhere on the output path at or below the working folder is refused, also a
    /// folder named before `..` and a link that stays inside the tree — with or without `.git`.
    @Test func aCommittedLinkOnTheWayIsRefusedAlsoBeforeDotDot() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        try tree.write("real/keep.txt", "kept\n")
        try Self.link(tree, "reports", to: "real")
        for output in ["reports/../r.json", "reports/r.json", "./reports/./r.json"] {
            let run = try Self.lint(tree, ["--reporter", "json:" + output], in: tree.path)
            #expect(run.exitCode == 2, "\(output)")
            #expect(run.standardError == "modlint: error: refusing to write through symbolic link \(tree.path)/reports -> real (write to \(tree.path)/real directly)\n", "\(output)")
        }
        // The working folder is protected even when only a subfolder is analysed.
        let sub = try CLI.run(["lint", "--no-cache", "--reporter", "json:reports/r.json", "Kit"], in: tree.path, limited: true)
        #expect(sub.exitCode == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path + "/real") == ["keep.txt"])
    }

    @Test func procAndAFIFOWithoutReaderAreRefusedAtOnce() throws {
        let tree = try Self.app()
        let out = try TemporaryDirectory(prefix: "modlint-out")
        defer { tree.remove(); out.remove() }
        let proc = try Self.lint(tree, ["--reporter", "json:/proc/self/fd/1"])
        #expect(proc.exitCode == 2)
        #expect(proc.standardError == "modlint: error: refusing to write /proc/self/fd/1: /proc is never a report's target\n")
        #expect(mkfifo(out.path + "/pipe", 0o644) == 0)
        let start = Date()
        let fifo = try Self.lint(tree, ["--reporter", "json:" + out.path + "/pipe"])
        #expect(fifo.exitCode == 2)
        #expect(fifo.standardError == "modlint: error: cannot write \(out.path)/pipe: nothing reads from it\n")
        #expect(Date().timeIntervalSince(start) < CLI.limitSeconds)
        // The same FIFO reached through a committed link: refused before it is opened.
        try Self.link(tree, "pipe.json", to: out.path + "/pipe")
        let linked = try Self.lint(tree, ["--reporter", "json:pipe.json"], in: tree.path)
        #expect(linked.exitCode == 2)
        #expect(linked.standardError.hasPrefix("modlint: error: refusing to write through symbolic link pipe.json -> "))
    }

    @Test func aReportToDevNullIsSaidToBeDiscarded() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        let run = try Self.lint(tree, ["--reporter", "json:/dev/null"])
        #expect(run.exitCode == 1)
        #expect(run.standardError.hasSuffix("→ /dev/null (discarded)\n"), "\(run.standardError)")
        let baseline = try Self.lint(tree, ["--write-baseline", "/dev/null"])
        #expect(baseline.exitCode == 0)
        #expect(baseline.standardError.hasSuffix("finding(s) discarded: /dev/null keeps nothing\n"), "\(baseline.standardError)")
    }

    @Test func devicesAreWrittenInPlaceAndFilesReplacedAtomically() throws {
        let tree = try Self.app()
        let out = try TemporaryDirectory(prefix: "modlint-out")
        defer { tree.remove(); out.remove() }
        #expect(try CLI.run(["lint", "--no-cache", "--reporter", "json:/dev/null", tree.path], limited: true).exitCode == 1)
        #expect(try CLI.run(["lint", "--no-cache", "--reporter", "json:/dev/stdout", tree.path], limited: true).standardOutput.hasPrefix("{"))
        // A FIFO the user names is written in place: a reader on the other end gets the report.
        #expect(mkfifo(out.path + "/pipe", 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(out.path)/pipe' > '\(out.path)/from-pipe.json'"]
        try reader.run()
        #expect(try CLI.run(["lint", "--no-cache", "--reporter", "json:" + out.path + "/pipe", tree.path], limited: true).exitCode == 1)
        reader.waitUntilExit()
        #expect(try out.read("from-pipe.json").hasPrefix("{"))
        // A regular file: replaced (a new inode), nothing left beside it.
        try out.write("report.json", "old")
        var before = stat()
        stat(out.path + "/report.json", &before)
        #expect(try CLI.run(["lint", "--no-cache", "--reporter", "json:" + out.path + "/report.json", tree.path], limited: true).exitCode == 1)
        var after = stat()
        stat(out.path + "/report.json", &after)
        #expect(before.st_ino != after.st_ino)
        #expect(try out.read("report.json").hasPrefix("{"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["from-pipe.json", "pipe", "report.json"])
    }

    @Test func anInterruptedWriteLeavesNoTemporary() throws {
        let tree = try Self.app()
        let out = try TemporaryDirectory(prefix: "modlint-out")
        defer { tree.remove(); out.remove() }
        try out.write("report.json", "old")
        let run = try CLI.run(["lint", "--no-cache", "--reporter", "json:" + out.path + "/report.json", tree.path],
                              environment: ["MODLINT_FAULT_INJECTION": "signal-during-write"], limited: true)
        #expect(run.terminatedBySignal == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["report.json"])
        #expect(try out.read("report.json") == "old")
    }

    @Test func graphIntoAMissingFolderIsAUsageError() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        let run = try CLI.run(["graph", "--no-cache", tree.path, "--format", "dot", "-o", tree.path + "/no/such/graph.dot"], limited: true)
        #expect(run.exitCode == 2)
        #expect(run.standardError == "modlint: error: cannot write \(tree.path)/no/such/graph.dot: No such file or directory\n")
    }

    // MARK: - Reads

    /// Each build description as a link to `/dev/zero` and as a FIFO: read as nothing,
    /// reported, and the rest of the tree still analysed.
    @Test(arguments: [
        ("App.xcodeproj/project.pbxproj", "App.xcodeproj/project.pbxproj:1:1: error: cannot read Xcode project: cannot read project.pbxproj: it is KIND, not a regular file; its targets are not analysed [unread-build-description]\n"),
        ("Base.xcconfig", "App.xcodeproj/project.pbxproj:1:1: warning: cannot read xcconfig Base.xcconfig: it is KIND, not a regular file; the settings it holds (the module name) are not applied [unread-build-description]\n"),
        ("App.xcworkspace/contents.xcworkspacedata", "App.xcworkspace/contents.xcworkspacedata:1:1: warning: cannot read contents.xcworkspacedata: it is KIND, not a regular file; the projects it lists are read on their own [unread-build-description]\n"),
        ("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved:1:1: note: cannot read Package.resolved: it is KIND, not a regular file; the versions it pins are not shown [unread-build-description]\n"),
        ("Kit/Package.swift", "Kit/Package.swift:1:1: error: cannot read Package.swift: it is KIND, not a regular file; its targets are not analysed [unread-build-description]\n"),
    ])
    func devicesAndFIFOsInPlaceOfBuildFiles(file: String, expected: String) throws {
        for kind in ["a character device", "a FIFO"] {
            let tree = try Self.app()
            defer { tree.remove() }
            if kind == "a FIFO" { try Self.fifo(tree, file) } else { try Self.link(tree, file, to: "/dev/zero") }
            // /dev/zero is outside the tree too: the kind is what the descriptor says first.
            let run = try Self.lint(tree)
            #expect(run.exitCode == 1, "\(file) as \(kind)")
            #expect(run.standardOutput.contains(expected.replacing("KIND", with: kind)), "\(run.standardOutput)")
            if file != "App.xcodeproj/project.pbxproj" { #expect(run.standardOutput.contains(Self.duplicate)) }
        }
    }

    /// An XcodeGen spec whose include is a device, a FIFO or a file outside the tree: the
    /// spec is reported as unread at once (no hang, nothing quoted), the rest analysed.
    @Test func anXcodeGenIncludeThatIsNoFileOfTheTree() throws {
        for kind in ["a character device", "a FIFO", "outside"] {
            let (tree, outside) = try Self.appAndOutside()
            defer { tree.remove(); outside.remove() }
            try tree.write("Gen/project.yml", "name: Gen\ninclude: [more.yml]\ntargets:\n  Gen: {type: framework, platform: iOS, sources: [Sources]}\n")
            try tree.write("Gen/Sources/Gen.swift", "import Foundation\n")
            switch kind {
            case "a FIFO": try Self.fifo(tree, "Gen/more.yml")
            case "outside":
                try outside.write("secret.yml", "targets: {Secret: {type: framework}}\n")
                try Self.link(tree, "Gen/more.yml", to: outside.path + "/secret.yml")
            default: try Self.link(tree, "Gen/more.yml", to: "/dev/zero")
            }
            let run = try Self.lint(tree)
            #expect(run.exitCode == 1, "\(kind)")
            #expect(run.standardOutput.contains("Gen/project.yml:1:1: error: cannot read XcodeGen spec (in Gen/more.yml): cannot read more.yml; its targets are not analysed [unread-build-description]\n"),
                    "\(kind): \(run.standardOutput)")
            #expect(!run.standardOutput.contains("Secret"))
            #expect(run.standardOutput.contains(Self.duplicate))
        }
    }

    /// A Tuist manifest that is a FIFO or a link out of the tree, and helpers that recurse
    /// forever or loop: reported at once, the rest analysed.
    @Test func tuistManifestsThatAreNoFilesOrNeverEnd() throws {
        for kind in ["a FIFO", "outside", "recursion"] {
            let (tree, outside) = try Self.appAndOutside()
            defer { tree.remove(); outside.remove() }
            try tree.write("Gen/Sources/Gen.swift", "import Foundation\n")
            switch kind {
            case "a FIFO": try Self.fifo(tree, "Gen/Project.swift")
            case "outside":
                try outside.write("Project.swift", "import ProjectDescription\nlet project = Project(name: \"Secret\", targets: [])\n")
                try Self.link(tree, "Gen/Project.swift", to: outside.path + "/Project.swift")
            default:
                try tree.write("Tuist/ProjectDescriptionHelpers/Loop.swift", """
                import ProjectDescription
                extension Project {
                    public static func forever(_ n: Int) -> Project { forever(n + 1) }
                }
                public func spin() -> [Target] {
                    var targets: [Target] = []
                    for name in Array(repeating: "x", count: 100000) { targets += [spin()].flatMap { $0 } }
                    return targets
                }
                """)
                try tree.write("Gen/Project.swift", "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project.forever(0)\nlet more = spin()\n")
            }
            let run = try Self.lint(tree)
            #expect(run.exitCode == 1, "\(kind)")
            #expect(run.standardOutput.contains("Gen/Project.swift:"), "\(kind): \(run.standardOutput)")
            #expect(run.standardOutput.contains("[unread-build-description]"), "\(kind): \(run.standardOutput)")
            #expect(!run.standardOutput.contains("Secret"))
            #expect(run.standardOutput.contains(Self.duplicate))
        }
    }

    @Test func podspecsPodfilesAndBuildFilesThatAreNoFilesOrNeverEnd() throws {
        for kind in ["podspec FIFO", "podspec outside", "Podfile FIFO", "BUILD FIFO", "BUILD outside", "BUILD loop", "macro outside"] {
            let (tree, outside) = try Self.appAndOutside()
            defer { tree.remove(); outside.remove() }
            try tree.write("Gen/Sources/Gen.swift", "import Foundation\n")
            // A BUILD file is read inside a Bazel workspace only.
            if kind.hasPrefix("BUILD") || kind.hasPrefix("macro") { try tree.write("MODULE.bazel", "module(name = \"app\")\n") }
            let secret = "Pod::Spec.new do |s|\n  s.name = 'Secret'\n  s.source_files = '**/*.swift'\nend\n"
            let build = "load(\"//:defs.bzl\", \"secret_library\")\nsecret_library(name = \"Gen\", srcs = glob([\"Sources/*.swift\"]))\n"
            var file = kind.hasPrefix("podspec") ? "Gen/Gen.podspec" : (kind.hasPrefix("Podfile") ? "Podfile" : "Gen/BUILD.bazel")
            switch kind {
            case "podspec FIFO", "Podfile FIFO", "BUILD FIFO": try Self.fifo(tree, file)
            case "podspec outside":
                try outside.write("Other.podspec", secret)
                try Self.link(tree, file, to: outside.path + "/Other.podspec")
            case "BUILD outside":
                try outside.write("BUILD.bazel", "swift_library(name = \"Secret\", srcs = glob([\"**/*.swift\"]))\n")
                try Self.link(tree, file, to: outside.path + "/BUILD.bazel")
            case "BUILD loop":
                try tree.write(file, "def spin():\n    for i in range(99999):\n        for j in range(99999):\n            pass\nspin()\nswift_library(name = \"Gen\")\n")
            default:
                // A macro file linked out of the tree: never read; the call is read from its arguments.
                try outside.write("defs.bzl", "def secret_library(name, srcs):\n    native.swift_library(name = \"Secret\", srcs = srcs)\n")
                try Self.link(tree, "defs.bzl", to: outside.path + "/defs.bzl")
                try tree.write(file, build)
                file = "Gen/BUILD.bazel"
            }
            let run = try Self.lint(tree)
            #expect(!run.standardOutput.contains("Secret"), "\(kind): \(run.standardOutput)")
            #expect(run.standardOutput.contains(Self.duplicate), "\(kind)")
            if kind == "macro outside" {
                #expect(run.standardOutput.contains("Gen/BUILD.bazel:2:1: note: `secret_library` (from //:defs.bzl) is a rule or macro modlint does not evaluate"),
                        "\(run.standardOutput)")
                continue
            }
            #expect(run.exitCode == 1, "\(kind)")
            #expect(run.standardOutput.contains("\(file):"), "\(kind): \(run.standardOutput)")
            #expect(run.standardOutput.contains("[unread-build-description]"), "\(kind): \(run.standardOutput)")
        }
    }

    @Test func anXcconfigIncludingDevZeroOrItselfEndsAtOnce() throws {
        for include in ["#include \"/dev/zero\"\n", String(repeating: "#include \"Base.xcconfig\"\n", count: 3), "#include \"Other.xcconfig\"\n"] {
            let tree = try Self.app()
            defer { tree.remove() }
            try tree.write("Base.xcconfig", "PRODUCT_NAME = App\n" + include)
            try tree.write("Other.xcconfig", "#include \"Base.xcconfig\"\n#include \"Other.xcconfig\"\n")
            let run = try Self.lint(tree)
            #expect(run.exitCode == 1)
            #expect(run.standardOutput.contains(Self.duplicate))
            if include.contains("/dev/zero") {
                #expect(run.standardOutput.hasPrefix("App.xcodeproj/project.pbxproj:1:1: warning: cannot read xcconfig /dev/zero: it is a character device, not a regular file;"))
            }
        }
    }

    /// 40,000 nested groups (1.7 MB): linear memory, one error naming the file.
    @Test func deeplyNestedWorkspaceGroups() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        let depth = 40_000
        try tree.write("App.xcworkspace/contents.xcworkspacedata", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version=\"1.0\">\n"
            + String(repeating: "<Group location=\"group:a\" name=\"a\">", count: depth) + "<FileRef location=\"group:App.xcodeproj\"></FileRef>"
            + String(repeating: "</Group>", count: depth) + "\n</Workspace>\n")
        let run = try Self.lint(tree)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.hasPrefix("App.xcworkspace/contents.xcworkspacedata:3:1: warning: groups nested more than 64 levels deep; the members below are not read [unread-build-description]\n"))
        #expect(run.standardOutput.contains(Self.duplicate))
    }

    @Test func aManifestLinkedOutsideTheTreeIsNotRead() throws {
        let tree = try TemporaryDirectory(files: [("Sources/App/A.swift", "struct A {}\n")], prefix: "modlint-untrusted")
        let outside = try TemporaryDirectory(prefix: "modlint-outside")
        defer { tree.remove(); outside.remove() }
        try outside.write("Package.swift", "let SECRET_TOKEN_1234 = GITHUB_TOKEN\n")
        try Self.link(tree, "Package.swift", to: outside.path + "/Package.swift")
        let run = try Self.lint(tree)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.hasPrefix("Package.swift:1:1: error: cannot read Package.swift: it leads to \(outside.path)/Package.swift, outside the analysed tree; its targets are not analysed [unread-build-description]\n"))
        #expect(!run.standardOutput.contains("SECRET") && !run.standardError.contains("SECRET") && !run.standardOutput.contains("GITHUB_TOKEN"))
        // /proc/self/environ: the runner's environment is never echoed either.
        if FileManager.default.fileExists(atPath: "/proc/self/environ") {
            try Self.link(tree, "Package.swift", to: "/proc/self/environ")
            let environ = try Self.lint(tree, environment: ["MODLINT_TEST_SECRET_NAME": "s3cr3t"])
            #expect(environ.exitCode == 1)
            #expect(!environ.standardOutput.contains("MODLINT_TEST_SECRET_NAME") && !environ.standardOutput.contains("s3cr3t"))
        }
    }

    /// A configuration or baseline committed as a link out of the tree: exit 2, and no
    /// parse error quotes what lies outside.
    @Test func aConfigurationOrBaselineLinkedOutsideIsRefused() throws {
        let (tree, outside) = try Self.appAndOutside()
        defer { tree.remove(); outside.remove() }
        try outside.write("secret", "GITHUB_TOKEN: [ghp_s3cr3t\n")
        try Self.link(tree, ".modlint.yml", to: outside.path + "/secret")
        let configured = try Self.lint(tree)
        #expect(configured.exitCode == 2)
        #expect(configured.standardError == "modlint: error: cannot read configuration file \(tree.path)/.modlint.yml: it leads to \(outside.path)/secret, outside the analysed tree\n")
        try FileManager.default.removeItem(atPath: tree.path + "/.modlint.yml")
        try Self.link(tree, "baseline.json", to: outside.path + "/secret")
        let baseline = try Self.lint(tree, ["--baseline", tree.path + "/baseline.json"])
        #expect(baseline.exitCode == 2)
        #expect(baseline.standardError == "modlint: error: cannot read baseline file \(tree.path)/baseline.json: it leads to \(outside.path)/secret, outside the analysed tree\n")
        #expect(!configured.standardError.contains("s3cr3t") && !baseline.standardError.contains("s3cr3t"))
    }

    @Test func aSourceLinkedIntoGitOrOutsideIsReportedNotRead() throws {
        let tree = try TemporaryDirectory(files: [
            ("Package.swift", HostileInputTests.manifest), ("Sources/App/App.swift", "struct App {}\n"),
            (".git/config", "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n"),
        ], prefix: "modlint-untrusted")
        defer { tree.remove() }
        try Self.link(tree, "Sources/App/Config.swift", to: "../../.git/config")
        let run = try Self.lint(tree)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput == """
        Sources/App/Config.swift:1:1: warning: cannot read source file: it leads to \(tree.path)/.git/config, outside the analysed tree [invalid-source]
        modlint: 0 errors, 1 warning, 0 notes in 1 package, 1 module, 1 file

        """)
    }

    /// A sub-folder of a git work tree reads what its project references elsewhere in the
    /// work tree; outside git the same include is refused (and said).
    @Test func aSubfolderOfAWorkTreeReadsItsSiblings() throws {
        let tree = try TemporaryDirectory(files: [
            ("iOS/App.xcodeproj/project.pbxproj", Self.project),
            ("iOS/Base.xcconfig", "#include \"../Shared/Base.xcconfig\"\n"),
            ("iOS/App/App.swift", "struct App {}\n"),
            ("Shared/Base.xcconfig", "PRODUCT_NAME = Renamed\n"),
        ], prefix: "modlint-untrusted")
        defer { tree.remove() }
        let outsideGit = try CLI.run(["lint", "--no-cache", tree.path + "/iOS"], limited: true)
        #expect(outsideGit.standardOutput.hasPrefix("App.xcodeproj/project.pbxproj:1:1: warning: cannot read xcconfig \(tree.path)/Shared/Base.xcconfig: it leads to \(tree.path)/Shared/Base.xcconfig, outside the analysed tree;"))
        try FileManager.default.createDirectory(atPath: tree.path + "/.git", withIntermediateDirectories: true)
        #expect(try CLI.run(["lint", "--no-cache", tree.path + "/iOS"], limited: true).standardOutput == "modlint: no findings in 1 package, 1 module, 1 file\n")
    }

    // MARK: - Nothing silently dropped

    @Test func anXMLPropertyListProjectIsRead() throws {
        let tree = try Self.app(project: Self.xmlProject)
        defer { tree.remove() }
        let run = try Self.lint(tree)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == Self.duplicate + "modlint: 1 error, 0 warnings, 0 notes in 2 packages, 3 modules, 3 files\n")
    }

    @Test func groupCyclesAreErrorsAndTheirFilesStillRead() throws {
        let selfContaining = Self.project.replacing("children = (GR02, FR02)", with: "children = (GR02, FR02, GR01)")
        let cycle = Self.project.replacing("children = (FR01); path = App;", with: "children = (FR01, GR01); path = App;")
        for (project, message) in [
            (selfContaining, "App.xcodeproj/project.pbxproj:9:1: error: group '(unnamed)' contains itself;"),
            (cycle, "App.xcodeproj/project.pbxproj:10:1: error: groups contain each other: '(unnamed)' -> 'App' -> '(unnamed)';"),
        ] {
            let tree = try Self.app(project: project)
            defer { tree.remove() }
            let run = try Self.lint(tree)
            #expect(run.exitCode == 1)
            #expect(run.standardOutput.hasPrefix(message), "\(run.standardOutput)")
            #expect(run.standardOutput.contains(Self.duplicate))
        }
    }

    /// A project written on macOS names `Thêm/` decomposed (e + U+0302) while the checkout
    /// holds it composed: Swift finds them equal, Linux opens only the bytes on disk. The file
    /// is read every time — not only when the speculative read got there first.
    @Test func aFolderNamedDecomposedInTheProjectIsReadAsCheckedOut() throws {
        let decomposed = Self.project.replacingOccurrences(of: "path = App;", with: "path = \"The\u{0302}m\";")
        let tree = try Self.app(project: decomposed)
        defer { tree.remove() }
        try FileManager.default.moveItem(atPath: tree.path + "/App", toPath: tree.path + "/Th\u{00EA}m")
        // With the cache (where nothing is read speculatively) and without it.
        let cached = try CLI.run(["lint", tree.path], limited: true)
        #expect(!cached.standardOutput.contains("cannot read source file"), "\(cached.standardOutput)")
        for _ in 0..<5 {
            let run = try Self.lint(tree)
            #expect(!run.standardOutput.contains("cannot read source file"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("error: Foo is registered 2 times in the same Swinject container"), "\(run.standardOutput)")
        }
    }

    @Test func fileNamesAreBytes() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        // Latin-1 `é` (not UTF-8), and a terminal escape sequence.
        for name in [[0x42, 0x61, 0x64, 0xE9] as [UInt8], Array("E\u{1B}[31mX".utf8)] {
            try tree.write("Kit/Sources/Kit/placeholder", "")
            let path = tree.path + "/Kit/Sources/Kit/"
            let full = Array(path.utf8) + name + Array(".swift".utf8) + [0]
            let file = full.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { fopen($0.baseAddress!, "wb") } }
            #expect(file != nil)
            fputs("import Core\n", file)
            fclose(file)
        }
        try FileManager.default.removeItem(atPath: tree.path + "/Kit/Sources/Kit/placeholder")
        let run = try Self.lint(tree)
        #expect(run.exitCode == 1)
        #expect(run.standardOutput.contains("Kit/Sources/Kit/Bad\\xE9.swift:1:1: error: Kit imports Core"))
        #expect(run.standardOutput.contains("    Kit/Sources/Kit/E\\x1B[31mX.swift:1:1: note: also imported here\n"))
        #expect(!run.standardOutput.contains("\u{1B}"))
    }

    // MARK: - Cache

    @Test func withoutHomeThereIsNoSharedCache() throws {
        let tree = try Self.app()
        defer { tree.remove() }
        let run = try CLI.run(["lint", "--verbose", tree.path], environment: ["HOME": "", "XDG_CACHE_HOME": "", "MODLINT_CACHE_DIR": ""], limited: true)
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("modlint: cache not used (the result does not depend on it): no per-user cache folder (HOME and XDG_CACHE_HOME are unset); give one with --cache-dir or MODLINT_CACHE_DIR\n"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/modlint-cache-\(getuid())"))
    }

    @Test func aFolderOthersCanWriteIsNotUsed() throws {
        let tree = try Self.app()
        let cache = try TemporaryDirectory(prefix: "modlint-cache")
        defer { tree.remove(); cache.remove() }
        chmod(cache.path, 0o777)
        let run = try CLI.run(["lint", "--verbose", "--cache-dir", cache.path, tree.path], limited: true)
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("cache not used (the result does not depend on it): \(cache.path) is writable by every user (mode 777)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).isEmpty)
        // A link to a good folder is not used either.
        chmod(cache.path, 0o700)
        try FileManager.default.createSymbolicLink(atPath: cache.path + "/link", withDestinationPath: cache.path)
        let linked = try CLI.run(["lint", "--verbose", "--cache-dir", cache.path + "/link", tree.path], limited: true)
        #expect(linked.standardError.contains("\(cache.path)/link is a symbolic link"))
    }

    /// A memo copied from another tree's folder, or another tree's header on a clean
    /// payload, is never served (a forged index is `CacheIntegrityTests`').
    @Test func aSplicedMemoChangesNoResult() throws {
        let dirty = try Self.app()
        let clean = try TemporaryDirectory(files: [("Package.swift", HostileInputTests.manifest), ("Sources/App/App.swift", "struct App {}\n")],
                                           prefix: "modlint-untrusted")
        let cache = try TemporaryDirectory(prefix: "modlint-cache")
        defer { dirty.remove(); clean.remove(); cache.remove() }
        chmod(cache.path, 0o700)
        try dirty.age()
        try clean.age()
        let expected = try CLI.run(["lint", "--no-cache", dirty.path], limited: true).standardOutput
        #expect(try CLI.run(["lint", "--cache-dir", cache.path, dirty.path], limited: true).standardOutput == expected)
        let dirtyFolder = cache.path + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first))
        #expect(try CLI.run(["lint", "--cache-dir", cache.path, clean.path], limited: true).exitCode == 0)
        let cleanFolder = cache.path + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { cache.path + "/" + $0 != dirtyFolder }))
        let dirtyMemo = try Data(contentsOf: URL(fileURLWithPath: dirtyFolder + "/result.memo"))
        // The clean tree's memos copied over the dirty tree's.
        for name in ["result.memo", "layout.memo", "index.bin"] {
            try? FileManager.default.removeItem(atPath: dirtyFolder + "/" + name)
            try FileManager.default.copyItem(atPath: cleanFolder + "/" + name, toPath: dirtyFolder + "/" + name)
        }
        #expect(try CLI.run(["lint", "--cache-dir", cache.path, dirty.path], limited: true).standardOutput == expected)
        // The dirty tree's header line on the clean tree's payload.
        let cleanMemo = try Data(contentsOf: URL(fileURLWithPath: cleanFolder + "/result.memo"))
        let header = dirtyMemo.prefix(through: dirtyMemo.firstIndex(of: 0x0A)!)
        let payload = cleanMemo.suffix(from: cleanMemo.firstIndex(of: 0x0A)! + 1)
        try (header + payload).write(to: URL(fileURLWithPath: dirtyFolder + "/result.memo"))
        #expect(try CLI.run(["lint", "--cache-dir", cache.path, dirty.path], limited: true).standardOutput == expected)
    }

    static let xmlProject = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>archiveVersion</key>
    	<string>1</string>
    	<key>objects</key>
    	<dict>
    		<!-- the build file and its source -->
    		<key>BF01</key>
    		<dict><key>isa</key><string>PBXBuildFile</string><key>fileRef</key><string>FR01</string></dict>
    		<key>FR01</key>
    		<dict><key>isa</key><string>PBXFileReference</string><key>path</key><string>App.swift</string><key>sourceTree</key><string>&lt;group&gt;</string></dict>
    		<key>GR01</key>
    		<dict><key>isa</key><string>PBXGroup</string><key>children</key><array><string>GR02</string></array><key>sourceTree</key><string>&lt;group&gt;</string></dict>
    		<key>GR02</key>
    		<dict><key>isa</key><string>PBXGroup</string><key>children</key><array><string>FR01</string></array><key>path</key><string>App</string><key>sourceTree</key><string><![CDATA[<group>]]></string></dict>
    		<key>SP01</key>
    		<dict><key>isa</key><string>PBXSourcesBuildPhase</string><key>files</key><array><string>BF01</string></array></dict>
    		<key>TG01</key>
    		<dict><key>isa</key><string>PBXNativeTarget</string><key>buildPhases</key><array><string>SP01</string></array><key>name</key><string>App</string><key>productType</key><string>com.apple.product-type.application</string></dict>
    		<key>PR01</key>
    		<dict><key>isa</key><string>PBXProject</string><key>mainGroup</key><string>GR01</string><key>targets</key><array><string>TG01</string></array><key>hasScannedForEncodings</key><false/></dict>
    	</dict>
    	<key>rootObject</key>
    	<string>PR01</string>
    </dict>
    </plist>
    """
}
