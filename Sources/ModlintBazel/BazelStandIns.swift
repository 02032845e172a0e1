/// Macro files of other repositories that Swift workspaces load and that are never in the
/// tree (Bazel fetches them): modlint evaluates a stand-in written from the macro's
/// documented behaviour instead, so that the Swift targets the macro declares are read
/// rather than reported unread. A stand-in declares only what makes modules and edges
/// (`swift_library` and the test rules that wrap one); resources, publishing and packaging
/// declare none.
enum BazelStandIns {
    /// The stand-in of a load label of another repository (`@rules_player//ios:defs.bzl`),
    /// as the module path the loader caches it under; `nil` when there is none.
    static func path(for label: String) -> String? {
        sources[label] == nil ? nil : label
    }

    static func source(_ path: String) -> [UInt8]? {
        sources[path].map { Array($0.utf8) }
    }

    /// Keyed by the label as a BUILD file writes it.
    private static let sources: [String: String] = [
        "@rules_player//ios:defs.bzl": rulesPlayerIOS,
    ]

    /// player-ui's rules_player (`ios/defs.bzl`): `ios_pipeline(name, deps, test_deps,
    /// hasUnitTests, hasViewInspectorTests, hasUITests, …)` makes the library `name` from
    /// `Sources/**`, and, for each kind of test asked for, a test library from `Tests/**`,
    /// `ViewInspector/**` or `UITests/**` depending on the library, run by an
    /// `ios_unit_test` or `ios_ui_test`.
    private static let rulesPlayerIOS = """
    load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
    load("@build_bazel_rules_apple//apple:ios.bzl", "ios_ui_test", "ios_unit_test")

    def _tests(library, runner_name, folder, name, deps, runner):
        swift_library(
            name = library,
            srcs = native.glob([folder + "/**/*.swift"], allow_empty = True),
            deps = [":" + name] + deps,
            testonly = True,
        )
        runner(name = runner_name, deps = [":" + library] + deps)

    def ios_pipeline(name, deps = [], test_deps = [], hasUnitTests = False, hasViewInspectorTests = False,
                     hasUITests = False, needsXCTest = False, **kwargs):
        swift_library(
            name = name,
            module_name = name,
            srcs = native.glob(["Sources/**/*.swift"]),
            deps = deps,
            testonly = needsXCTest,
        )
        if hasUnitTests:
            _tests(name + "_UnitTestLibrary", name + "Tests", "Tests", name, deps + test_deps, ios_unit_test)
        if hasViewInspectorTests:
            _tests(name + "_ViewInspectorTestLibrary", name + "ViewInspectorTests", "ViewInspector", name,
                   ["@swiftpkg_viewinspector//:ViewInspector"] + deps + test_deps, ios_ui_test)
        if hasUITests:
            _tests(name + "_UITestLibrary", name + "UITests", "UITests", name, deps + test_deps, ios_ui_test)
    """
}
