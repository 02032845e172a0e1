import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// A Bazel workspace: BUILD packages with rules_swift and rules_apple rules, a wrapper
/// macro of the workspace's own, labels of every form, globs that stop at subpackages,
/// `select`, an app with an extension, and a BUILD file for C code only: exact modules,
/// files, edges and findings (what `bazel query 'deps(//...)'` lists).
struct BazelProjectTests {
    static let files: [(String, String)] = [
        ("MODULE.bazel", "module(name = \"shop\")\nbazel_dep(name = \"rules_swift\", version = \"2.1.1\")\n"),
        ("build_defs/feature.bzl", """
        load("@rules_swift//swift:swift.bzl", "swift_library", "swift_test")

        def feature(name, deps = [], **kwargs):
            swift_library(
                name = name,
                srcs = native.glob(["Sources/**/*.swift"]),
                deps = deps + ["//Core"],
                **kwargs
            )
            swift_test(
                name = name + "Tests",
                srcs = native.glob(["Tests/**/*.swift"]),
                deps = [":" + name],
            )
        """),
        ("App/BUILD.bazel", """
        load("@rules_apple//apple:ios.bzl", "ios_application", "ios_extension")
        load("@rules_swift//swift:swift.bzl", "swift_library")

        swift_library(
            name = "AppLib",
            module_name = "ShopApp",
            srcs = glob(["Sources/*.swift"]),
            deps = [
                "//Features/Search",
                "//Features/Login:Login",
                "@swiftpkg_alamofire//:Alamofire",
            ] + select({
                "@platforms//os:ios": ["//Core:CoreUI"],
                "//conditions:default": [],
            }),
        )

        swift_library(name = "WidgetLib", srcs = ["Widget/Widget.swift"], deps = ["//Core"])

        ios_extension(name = "Widget", bundle_id = "shop.widget", deps = [":WidgetLib"])

        ios_application(
            name = "Shop",
            bundle_id = "shop",
            extensions = [":Widget"],
            deps = [":AppLib"],
        )
        """),
        ("Core/BUILD.bazel", """
        load("@rules_swift//swift:swift.bzl", "swift_library")

        swift_library(name = "Core", srcs = glob(["**/*.swift"], exclude = ["UI/**"]))
        swift_library(name = "CoreUI", srcs = glob(["UI/*.swift"]), deps = [":Core"])
        """),
        ("Core/Testing/BUILD.bazel", """
        load("@rules_swift//swift:swift.bzl", "swift_library")

        swift_library(name = "CoreTesting", testonly = True, srcs = ["CoreTesting.swift"], deps = ["//Core"])
        """),
        ("Features/Search/BUILD", """
        load("//build_defs:feature.bzl", "feature")

        feature(name = "Search", deps = ["//Features/Login"])
        """),
        ("Features/Login/BUILD.bazel", """
        load("//build_defs:feature.bzl", "feature")

        feature(name = "Login", module_name = "LoginFeature")
        """),
        ("native/BUILD", "cc_library(name = \"native\", srcs = [\"native.c\"])\n"),
        ("App/Sources/App.swift", "import Search\nimport LoginFeature\nimport Core_CoreUI\nimport Alamofire\n"),
        ("App/Widget/Widget.swift", "import Core_Core\n"),
        ("Core/Core.swift", "public struct Core {}\n"),
        ("Core/UI/Button.swift", "import Core_Core\n"),
        ("Core/Testing/CoreTesting.swift", "import Core_Core\n"),
        ("Features/Search/Sources/Search.swift", "import Core_Core\nimport LoginFeature\n"),
        ("Features/Search/Tests/SearchTests.swift", "import Search\nimport Core_Core\n"),
        ("Features/Login/Sources/Login.swift", "import Core_Core\n"),
        ("Features/Login/Tests/LoginTests.swift", "import LoginFeature\n"),
    ]

    func edges(_ graph: ModuleGraph) -> [String] {
        graph.dependencies.map { "\(graph.modules[$0.from].id) -> \(graph.modules[$0.to].id)" }.sorted()
    }

    @Test func packagesTargetsAndEdgesAreWhatBazelBuilds() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.packages.map { "\($0.identity) \($0.manifestPath)" } == [
            "//App App/BUILD.bazel",
            "//Core Core/BUILD.bazel",
            "//Core/Testing Core/Testing/BUILD.bazel",
            "//Features/Login Features/Login/BUILD.bazel",
            "//Features/Search Features/Search/BUILD",
        ])
        #expect(workspace.packages.allSatisfy { $0.generator == .bazel })
        #expect(workspace.packages.flatMap(\.targets).map { "\($0.declaration.name)=\($0.name) \($0.kind) \($0.productType.map { "\($0.role)" } ?? "-") \($0.files.map(\.path))" } == [
            "AppLib=ShopApp executable app [\"App/Sources/App.swift\"]",
            "WidgetLib=App_WidgetLib executable appExtension [\"App/Widget/Widget.swift\"]",
            "Widget=Widget executable appExtension []",
            "Shop=Shop executable app []",
            "Core=Core_Core regular framework [\"Core/Core.swift\"]",
            "CoreUI=Core_CoreUI regular framework [\"Core/UI/Button.swift\"]",
            "CoreTesting=Core_Testing_CoreTesting regular framework [\"Core/Testing/CoreTesting.swift\"]",
            "Login=LoginFeature regular framework [\"Features/Login/Sources/Login.swift\"]",
            "LoginTests=Features_Login_LoginTests test test [\"Features/Login/Tests/LoginTests.swift\"]",
            "Search=Features_Search_Search regular framework [\"Features/Search/Sources/Search.swift\"]",
            "SearchTests=Features_Search_SearchTests test test [\"Features/Search/Tests/SearchTests.swift\"]",
        ])
        #expect(workspace.filesInNoTarget.isEmpty)
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph) == [
            "AppLib -> CoreUI", "AppLib -> Login", "AppLib -> Search", "CoreTesting -> Core", "CoreUI -> Core", "Login -> Core",
            "LoginTests -> Login", "Search -> Core", "Search -> Login", "SearchTests -> Search", "Shop -> AppLib", "Shop -> Widget",
            "Widget -> WidgetLib", "WidgetLib -> Core",
        ])
        #expect(graph.externalDependencies.map(\.name) == ["Alamofire"])
        #expect(workspace.notes.isEmpty, "\(workspace.notes)")
    }

    /// Linting one folder of the workspace: labels and rules_swift's module names still
    /// start at the MODULE.bazel above it; macros are read from the work tree (`.git`), and a
    /// package outside the folder is no module here.
    @Test func aFolderOfTheWorkspaceKeepsItsLabels() throws {
        let directory = try TemporaryDirectory(files: Self.files + [(".git/HEAD", "ref: refs/heads/main\n")])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path + "/Features"])
        #expect(workspace.packages.map { "\($0.identity) \($0.manifestPath)" } == [
            "//Features/Login Login/BUILD.bazel",
            "//Features/Search Search/BUILD",
        ])
        #expect(workspace.packages.flatMap(\.targets).map(\.name) == [
            "LoginFeature", "Features_Login_LoginTests", "Features_Search_Search", "Features_Search_SearchTests",
        ])
        let graph = ModuleGraph(workspace: workspace)
        #expect(edges(graph) == ["LoginTests -> Login", "Search -> Login", "SearchTests -> Search"])
    }

    @Test func findingsNameTheLabelToAdd() throws {
        let directory = try TemporaryDirectory(files: Self.files)
        defer { directory.remove() }
        let result = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.file):\($0.line) \($0.message)" } == [
            "warning Features/Search/Tests/SearchTests.swift:2 SearchTests imports Core_Core (target Core), which it does not declare: "
                + "reachable only through Search (SearchTests -> Search -> Core) — breaks if Search drops it. "
                + "Add \"//Core:Core\" to the deps of SearchTests in Features/Search/BUILD.",
        ])
    }
}
