import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// The less common shapes of Bazel workspaces, each with exact modules, edges and findings.
struct BazelLongTailTests {
    func edges(_ graph: ModuleGraph) -> [String] {
        graph.dependencies.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
    }

    func modules(_ workspace: Workspace) -> [String] {
        workspace.packages.flatMap { package in package.targets.map { "\(package.identity) \($0.declaration.name)=\($0.name) \($0.files.map(\.path))" } }
    }

    /// A macro whose own `load()` names another repository declares targets modlint cannot
    /// see: the Swift files it leaves in no target are an error, never a silent pass.
    @Test func aMacroWhoseLoadCannotBeFollowedLeavesAnError() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("tools/defs.bzl", """
            load("@company//rules:lib.bzl", "company_lib")
            def module(name):
                company_lib(name = name, deps = ["//Core"])
            """),
            ("Feature/BUILD.bazel", "load(\"//tools:defs.bzl\", \"module\")\n\nmodule(name = \"Feature\")\n"),
            ("Feature/Sources/A.swift", "import Core\n"),
            ("Feature/Sources/B.swift", "struct B {}\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(modules(workspace).isEmpty)
        #expect(workspace.filesInNoTarget == ["Feature/Sources/A.swift", "Feature/Sources/B.swift"])
        #expect(workspace.notes.map { "\($0.kind) \($0.file):\($0.line) \($0.message)" } == [
            "unreadBuildDescription Feature/BUILD.bazel:1 a BUILD file whose macro modlint could not follow (`company_lib`, loaded by tools/defs.bzl from @company//rules:lib.bzl; line 3): "
                + "2 Swift files under Feature/ are in no target and not analysed; modlint reads rules_swift's and rules_apple's rules and the workspace's own .bzl files, "
                + "and another repository's macro only from its srcs; pass the Swift files as srcs, or exclude the folder in .modlint.yml",
        ])
        let result = try Linter(rules: [UnreadBuildDescription(), UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.rule) \($0.severity.rawValue) \($0.file):\($0.line)" } == [
            "unread-build-description error Feature/BUILD.bazel:1",
        ])
    }

    /// A BUILD file of `swift_library_group`s and `alias`es only declares no module; a
    /// dependency on one reaches what it forwards to. A filegroup in srcs is its files.
    @Test func groupsAndAliasesOnlyForwardAndFilegroupsAreFiles() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("Core/BUILD.bazel", """
            load("@rules_swift//swift:swift.bzl", "swift_library")
            swift_library(name = "Core", module_name = "Core", srcs = [":files"])
            swift_library(name = "Net", module_name = "Net", srcs = ["Net/Net.swift"])
            filegroup(name = "files", srcs = glob(["Sources/*.swift"]))
            """),
            ("Groups/BUILD.bazel", """
            load("@rules_swift//swift:swift.bzl", "swift_library_group")
            swift_library_group(name = "all", deps = ["//Core", ":net"])
            alias(name = "net", actual = "//Core:Net")
            """),
            ("App/BUILD", """
            load("@rules_swift//swift:swift.bzl", "swift_library")
            swift_library(name = "App", module_name = "App", srcs = ["App.swift"], deps = ["//Groups:all"])
            """),
            ("Core/Sources/Core.swift", "public struct Core {}\n"),
            ("Core/Net/Net.swift", "import Core\n"),
            ("App/App.swift", "import Core\nimport Net\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(modules(workspace) == [
            "//App App=App [\"App/App.swift\"]",
            "//Core Core=Core [\"Core/Sources/Core.swift\"]",
            "//Core Net=Net [\"Core/Net/Net.swift\"]",
        ])
        #expect(workspace.filesInNoTarget.isEmpty)
        #expect(workspace.notes.isEmpty, "\(workspace.notes)")
        #expect(edges(ModuleGraph(workspace: workspace)) == ["App -> Core", "App -> Net"])
    }

    /// Two targets of one name in two packages are told apart by label, never by the BUILD
    /// file's name; a finding on a dependency points at the line the label is written on.
    @Test func sameNamesAreLabelsAndDependencyFindingsPointAtTheirLine() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("A/BUILD.bazel", """
            load("@rules_swift//swift:swift.bzl", "swift_library")
            swift_library(
                name = "Models",
                module_name = "AModels",
                srcs = ["A.swift"],
                deps = [
                    "//B:Models",
                    "//C",
                ],
            )
            """),
            ("B/BUILD", "load(\"@rules_swift//swift:swift.bzl\", \"swift_library\")\nswift_library(name = \"Models\", module_name = \"BModels\", srcs = [\"B.swift\"])\n"),
            ("C/BUILD.bazel", "load(\"@rules_swift//swift:swift.bzl\", \"swift_library\")\nswift_library(name = \"C\", srcs = [\"C.swift\"])\n"),
            ("A/A.swift", "import BModels\n"),
            ("B/B.swift", "struct B {}\n"),
            ("C/C.swift", "struct C {}\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let graph = ModuleGraph(workspace: workspace)
        #expect(graph.modules.map(\.id) == ["//A:Models", "//B:Models", "C"])
        #expect(edges(graph) == ["//A:Models -> //B:Models", "//A:Models -> C"])
        let result = try Linter(rules: [UnusedDependency()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.rule) \($0.file):\($0.line)" } == ["unused-dependency A/BUILD.bazel:8"])
    }
}
