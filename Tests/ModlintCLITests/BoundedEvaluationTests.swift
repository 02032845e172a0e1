import Foundation
import ModlintTestSupport
import Testing

/// A few lines of a build description that would exhaust memory or never end if evaluated
/// as written: each ends, under the address-space cap and the time limit, as an
/// `unread-build-description` error naming the budget — never a crash, a hang or a pass.
@Suite struct BoundedEvaluationTests {
    static func doubling(_ statement: String, _ count: Int = 40) -> String {
        Array(repeating: statement, count: count).joined(separator: "\n")
    }

    static let package = "// swift-tools-version:5.9\nimport PackageDescription\n"
    static let tuistTarget = ".target(name: \"App\", destinations: .iOS, product: .app, bundleId: \"a\", sources: [\"Sources/**\"])"
    static let podfile = "target 'App' do\n  pod 'Kit', :path => 'Kit'\nend\n"

    /// Runs `lint --no-cache` limited; the tree must be unchanged.
    static func lint(_ files: [(String, String)]) throws -> CLIRun {
        let tree = try TemporaryDirectory(files: files, prefix: "modlint-bounded")
        defer { tree.remove() }
        let before = tree.snapshot()
        let run = try CLI.run(["lint", "--no-cache", tree.path], limited: true)
        #expect(tree.snapshot() == before, "modlint changed the analysed tree")
        return run
    }

    /// Each case: the files of the tree and the finding it must end with. By name, so that
    /// the test log names a case instead of printing its (large) files.
    static let overBudget: [String: (files: [(String, String)], expected: String)] = {
        var cases: [String: (files: [(String, String)], expected: String)] = [:]
        for (name, files, expected) in [
        ("Package.swift doubling", [("Package.swift", package + "var s = \"ab\"\n" + doubling("s += s") + "\nlet package = Package(name: s, targets: [.target(name: \"App\")])\n"),
                                    ("Sources/App/A.swift", "import Foundation\n")],
         "Package.swift:1:1: error: cannot read Package.swift: evaluation stopped: a string longer than 4194304 bytes (the size budget); its targets are not analysed [unread-build-description]"),
        ("Package.swift recursion", [("Package.swift", package + "func f(_ n: Int) -> Int { f(n) + f(n) }\nlet x = f(1)\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n"),
                                     ("Sources/App/A.swift", "import Foundation\n")],
         "Package.swift:1:1: error: cannot read Package.swift: evaluation stopped after 1000000 steps (the step budget); its targets are not analysed [unread-build-description]"),
        ("Package.swift nested maps", [("Package.swift", package + "let x = "
                                        + (0..<8).reduce("0") { inner, _ in "[" + (0..<100).map(String.init).joined(separator: ",") + "].map { _ in \(inner) }" }
                                        + "\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n"),
                                       ("Sources/App/A.swift", "import Foundation\n")],
         "Package.swift:1:1: error: cannot read Package.swift: evaluation stopped after 1000000 steps (the step budget); its targets are not analysed [unread-build-description]"),
        ("Tuist doubling", [("App/Project.swift", "import ProjectDescription\nvar s = \"ab\"\n" + doubling("s += s") + "\nlet project = Project(name: \"App\", targets: [\(tuistTarget)])\n"),
                            ("App/Sources/A.swift", "import Foundation\n")],
         "App/Project.swift:43:1: error: cannot read Tuist manifest: evaluation stopped: a string longer than 4194304 bytes (the size budget); its targets are not analysed [unread-build-description]"),
        ("Tuist recursion", [("App/Project.swift", "import ProjectDescription\nfunc f(_ n: Int) -> Int { f(n) + f(n) }\nlet x = f(1)\nlet project = Project(name: \"App\", targets: [\(tuistTarget)])\n"),
                             ("App/Sources/A.swift", "import Foundation\n")],
         "App/Project.swift:4:1: error: cannot read Tuist manifest: evaluation stopped after 1000000 steps (the step budget); its targets are not analysed [unread-build-description]"),
        ("Starlark s + s", [("App/BUILD.bazel", "s = \"ab\"\n" + doubling("s = s + s") + "\nswift_library(name = \"App\", srcs = glob([\"*.swift\"]))\n"), ("App/A.swift", "import Foundation\n"), ("MODULE.bazel", "")],
         "App/BUILD.bazel:23:1: error: cannot read BUILD file: evaluation stopped: a string longer than 4194304 bytes (the size budget); its targets are not analysed [unread-build-description]"),
        ("Starlark l + l", [("App/BUILD.bazel", "l = [1]\n" + doubling("l = l + l") + "\nswift_library(name = \"App\", srcs = glob([\"*.swift\"]))\n"), ("App/A.swift", "import Foundation\n"), ("MODULE.bazel", "")],
         "App/BUILD.bazel:20:1: error: cannot read BUILD file: evaluation stopped: a list longer than 262144 items (the size budget); its targets are not analysed [unread-build-description]"),
        ("Starlark l += l", [("App/BUILD.bazel", "l = [1]\n" + doubling("l += l") + "\nswift_library(name = \"App\", srcs = glob([\"*.swift\"]))\n"), ("App/A.swift", "import Foundation\n"), ("MODULE.bazel", "")],
         "App/BUILD.bazel:20:1: error: cannot read BUILD file: evaluation stopped: a list longer than 262144 items (the size budget); its targets are not analysed [unread-build-description]"),
        ("Starlark format", [("App/BUILD.bazel", "s = \"ab\"\n" + doubling("s = \"{}{}\".format(s, s)") + "\nswift_library(name = \"App\", srcs = glob([\"*.swift\"]))\n"), ("App/A.swift", "import Foundation\n"), ("MODULE.bazel", "")],
         "App/BUILD.bazel:23:1: error: cannot read BUILD file: evaluation stopped: a string longer than 4194304 bytes (the size budget); its targets are not analysed [unread-build-description]"),
        ("Starlark percent", [("App/BUILD.bazel", "s = \"ab\"\n" + doubling("s = \"%s%s\" % (s, s)") + "\nswift_library(name = \"App\", srcs = glob([\"*.swift\"]))\n"), ("App/A.swift", "import Foundation\n"), ("MODULE.bazel", "")],
         "App/BUILD.bazel:23:1: error: cannot read BUILD file: evaluation stopped: a string longer than 4194304 bytes (the size budget); its targets are not analysed [unread-build-description]"),
        ("podspec braces", [("Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/" + String(repeating: "{a,b}", count: 28) + "/*.swift'\nend\n"),
                            ("Kit/Sources/a/A.swift", "import Foundation\n"), ("Podfile", podfile)],
         "Kit/Kit.podspec:3:1: error: cannot read podspec: a glob whose braces stand for more than 1024 patterns (the size budget); its pod is not analysed [unread-build-description]"),
        ("podspec nested each", [("Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = 'Sources/**/*.swift'\n"
                                  + (0..<3).map { level in "%w[" + (0..<1000).map { "w\($0)" }.joined(separator: " ") + "].each do |v\(level)|\n" }.joined()
                                  + "s.dependency \"#{v0}#{v1}#{v2}\"\nend\nend\nend\nend\n"),
                                 ("Kit/Sources/A.swift", "import Foundation\n"), ("Podfile", podfile)],
         "Kit/Kit.podspec:7:1: error: cannot read podspec: evaluation stopped after 100000 steps (the step budget); its pod is not analysed [unread-build-description]"),
        ("podspec nested brackets", [("Kit/Kit.podspec", "Pod::Spec.new do |s|\n  s.name = 'Kit'\n  s.source_files = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\nend\n"),
                                     ("Kit/Sources/A.swift", "import Foundation\n"), ("Podfile", podfile)],
         "Kit/Kit.podspec:3:1: error: cannot read podspec: brackets and blocks nest more than 200 levels deep (the nesting budget); its pod is not analysed [unread-build-description]"),
    ] as [(String, [(String, String)], String)] {
            cases[name] = (files, expected)
        }
        return cases
    }()

    @Test(arguments: ["Package.swift doubling", "Package.swift recursion", "Package.swift nested maps", "Tuist doubling", "Tuist recursion",
                      "Starlark s + s", "Starlark l + l", "Starlark l += l", "Starlark format", "Starlark percent", "podspec braces",
                      "podspec nested each", "podspec nested brackets"])
    func overBudgetIsAnUnreadError(name: String) throws {
        let (files, expected) = try #require(Self.overBudget[name])
        let run = try Self.lint(files)
        #expect(run.exitCode == 1, "\(name): \(run.standardError)")
        #expect(run.standardOutput.contains(expected + "\n"), "\(name): \(run.standardOutput.prefix(2000))")
    }

    /// Large but legitimate inputs are read whole, in time.
    @Test func largeInputsStayLinear() throws {
        let dependencies = (0..<40_000).map { "\"D\($0)\": []" }.joined(separator: ",")
        let json = try Self.lint([("Kit/Kit.podspec.json", "{\"name\": \"Kit\", \"source_files\": \"Sources/**/*.swift\", \"dependencies\": {\(dependencies)}}"),
                                  ("Kit/Sources/A.swift", "import Foundation\n"), ("Podfile", Self.podfile)])
        #expect(json.exitCode <= 1)
        #expect(json.standardOutput.hasSuffix("in 1 package, 1 module, 1 file\n"), "\(json.standardOutput.suffix(300))")
        let template = "name: App\ntargetTemplates:\n  T:\n    type: framework\n    platform: iOS\n    sources: [Sources]\ntargets:\n"
            + (0..<500).map { "  M\($0):\n    templates: [T]\n" }.joined()
        let templates = try Self.lint([("project.yml", template), ("Sources/A.swift", "import Foundation\n")])
        #expect(templates.standardOutput == "modlint: no findings in 1 package, 500 modules, 1 file\n")
        let platforms = "[" + Array(repeating: "iOS, macOS, tvOS, watchOS", count: 750).joined(separator: ", ") + "]"
        let multiplatform = try Self.lint([("project.yml", "name: App\ntargets:\n  App:\n    type: framework\n    platform: \(platforms)\n    sources: [Sources]\n"),
                                           ("Sources/A.swift", "import Foundation\n")])
        #expect(multiplatform.standardOutput == "modlint: no findings in 1 package, 4 modules, 1 file\n")
        let duplicates = "name: App\ntargets:\n  App:\n    type: framework\n    platform: iOS\n    sources: [Sources]\n" + (0..<3000).map { "x: \($0)\n" }.joined()
        let duplicated = try Self.lint([("project.yml", duplicates), ("Sources/A.swift", "import Foundation\n")])
        #expect(duplicated.exitCode == 1)
        #expect(duplicated.standardOutput.contains("project.yml:71:1: error: cannot read XcodeGen spec: duplicate key 'x'; its targets are not analysed [unread-build-description]\n"))
    }

    /// An import under 100,000 nested `#if`s (1.3 MB): its condition is not walked
    /// recursively (that overflowed the stack) and is shown cut.
    @Test func hundredThousandNestedConditions() throws {
        let source = (0..<100_000).map { "#if A\($0)\n" }.joined() + "import Kit\n" + String(repeating: "#endif\n", count: 100_000)
        let run = try Self.lint([("Package.swift", Self.package + "let package = Package(name: \"App\", targets: [.target(name: \"App\"), .target(name: \"Kit\")])\n"),
                                 ("Sources/App/A.swift", source), ("Sources/Kit/K.swift", "public struct K {}\n")])
        #expect(run.terminatedBySignal == nil)
        #expect(run.exitCode == 0)
        #expect(run.standardOutput.contains("[under #if A0 && A1 && A2 && "))
        #expect(run.standardOutput.contains(" …] (no default debug or release build compiles it) [undeclared-import]\n"), "\(run.standardOutput.prefix(600))")
        #expect(run.standardOutput.utf8.count < 2_000)
    }

    /// A bidirectional override in a module name is shown escaped in text, DOT and HTML.
    @Test func deceivingNamesAreEscapedInEveryOutput() throws {
        let tree = try TemporaryDirectory(files: [
            ("Package.swift", Self.package + "let package = Package(name: \"App\", targets: [.target(name: \"App\u{202E}ppA\"), .target(name: \"B\", dependencies: [\"App\u{202E}ppA\"])])\n"),
            ("Sources/App\u{202E}ppA/A.swift", "import B\n"), ("Sources/B/B.swift", "import Foundation\n"),
        ], prefix: "modlint-names")
        defer { tree.remove() }
        let text = try CLI.run(["lint", "--no-cache", tree.path], limited: true)
        let dot = try CLI.run(["graph", "--no-cache", tree.path, "--format", "dot"], limited: true)
        let html = try CLI.run(["report", "--no-cache", tree.path], limited: true)
        for (output, run) in [("text", text), ("dot", dot), ("html", html)] {
            #expect(!run.standardOutput.unicodeScalars.contains("\u{202E}"), "\(output) shows a raw override")
            #expect(run.standardOutput.contains("App\\u{202E}ppA") || run.standardOutput.contains("App\\\\u{202E}ppA"), "\(output)")
        }
        #expect(dot.standardOutput.contains("\"App\\\\u{202E}ppA\" [fillcolor="))
    }

    /// NUL in a name (an XcodeGen target `"A\0B"`): shown, not passed on — DOT with NUL is
    /// unreadable to `dot`, and the page would show nothing where it stands.
    @Test func aNULInANameIsShownEscaped() throws {
        let tree = try TemporaryDirectory(files: [
            ("project.yml", "name: App\ntargets:\n  \"A\\0B\":\n    type: framework\n    platform: iOS\n    sources: [Sources]\n  Other:\n    type: framework\n    platform: iOS\n    sources: [Other]\n"),
            ("Sources/A.swift", "import Other\n"), ("Other/O.swift", "import Foundation\n"),
        ], prefix: "modlint-names")
        defer { tree.remove() }
        let text = try CLI.run(["lint", "--no-cache", tree.path], limited: true)
        let dot = try CLI.run(["graph", "--no-cache", tree.path, "--format", "dot"], limited: true)
        let svg = try CLI.run(["graph", "--no-cache", tree.path, "--format", "svg"], limited: true)
        let html = try CLI.run(["report", "--no-cache", tree.path], limited: true)
        #expect(text.standardOutput.contains("error: A\\x00B imports Other"), "\(text.standardOutput)")
        #expect(dot.standardOutput.contains("\"A\\\\u{0}B\" [shape=box"), "\(dot.standardOutput)")
        #expect(svg.exitCode == 0 && svg.standardOutput.contains("A\\u{0}B"))
        #expect(html.standardOutput.contains("A\\\\u{0}B") && !html.standardOutput.contains("A\\u0000B"))
        for run in [text, dot, svg, html] { #expect(!run.standardOutput.utf8.contains(0)) }
    }

    /// `.modlint.yml` cannot send the reader outside the work tree.
    @Test func configuredDependenciesStayInsideTheTree() throws {
        for (folder, reason) in [("/etc", "is not a folder inside the work tree"), ("../", "leads out of the work tree"), ("proc", "leads out of the work tree (to /proc)")] {
            let tree = try TemporaryDirectory(files: [("Package.swift", Self.package + "let package = Package(name: \"App\", targets: [.target(name: \"App\")])\n"),
                                                      ("Sources/App/A.swift", "import Foundation\n"), (".modlint.yml", "dependencies: [\"\(folder)\"]\n")],
                                          prefix: "modlint-config")
            defer { tree.remove() }
            try FileManager.default.createSymbolicLink(atPath: tree.path + "/proc", withDestinationPath: "/proc")
            let run = try CLI.run(["lint", "--no-cache", "."], in: tree.path, limited: true)
            #expect(run.exitCode == 2, "\(folder)")
            #expect(run.standardError.contains(".modlint.yml:1:15: error: dependencies: '\(folder)' \(reason)"), "\(folder): \(run.standardError)")
        }
    }

    /// Inputs many descriptions share are read once per run: 300 Tuist manifests over one
    /// large helper, 100 XcodeGen specs over one large include and 100 BUILD files over one
    /// costly macro file finish well inside the watchdog (read again for each, the shared
    /// input alone took most of it).
    @Test func sharedHelpersAndIncludesAreReadOnce() throws {
        let helpers = (0..<1500).map { "    public static func helper\($0)(_ n: String) -> [String] { [n, \"\($0)\"] }\n" }.joined()
        var files: [(String, String)] = [("Tuist/ProjectDescriptionHelpers/Helpers.swift", """
            import ProjectDescription
            extension Project {
                public static func module(_ name: String) -> Project {
                    Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "b." + name, sources: ["Sources/**"])])
                }
            \(helpers)}

            """)]
        for index in 0..<300 {
            files.append(("Projects/M\(index)/Project.swift", "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.module(\"M\(index)\")\n"))
            files.append(("Projects/M\(index)/Sources/A.swift", "import Foundation\n"))
        }
        let tuist = try Self.lint(files)
        #expect(tuist.standardOutput == "modlint: no findings in 300 packages, 300 modules, 300 files\n")
        var specs: [(String, String)] = [("shared.yml", "settings:\n  base:\n" + (0..<4000).map { "    KEY_\($0): value\($0)\n" }.joined())]
        for index in 0..<100 {
            specs.append(("M\(index)/project.yml", "name: M\(index)\ninclude: [../shared.yml]\ntargets:\n  M\(index):\n    type: framework\n    platform: iOS\n    sources: [Sources]\n"))
            specs.append(("M\(index)/Sources/A.swift", "import Foundation\n"))
        }
        let xcodegen = try Self.lint(specs)
        #expect(xcodegen.standardOutput == "modlint: no findings in 100 packages, 100 modules, 100 files\n")
        var packages: [(String, String)] = [("WORKSPACE", ""), ("tools/BUILD.bazel", ""), ("tools/defs.bzl", """
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
            _TABLE = [str(i) for i in range(50000)]
            _JOINED = ",".join(_TABLE)
            def module(name):
                swift_library(name = name, srcs = native.glob(["*.swift"]))

            """)]
        for index in 0..<100 {
            packages.append(("M\(index)/BUILD.bazel", "load(\"//tools:defs.bzl\", \"module\")\nmodule(name = \"M\(index)\")\n"))
            packages.append(("M\(index)/A.swift", "import Foundation\n"))
        }
        let bazel = try Self.lint(packages)
        #expect(bazel.standardOutput == "modlint: no findings in 100 packages, 100 modules, 100 files\n")
    }
}
