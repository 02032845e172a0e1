import ModlintGraph
import ModlintRules
import ModlintTestSupport
import ModlintWorkspace
import Testing

/// Which description builds what, where a Package.swift and the BUILD files of a Bazel
/// workspace cover the same sources: exact modules, files and notes.
struct SupersessionTests {
    func modules(_ workspace: Workspace) -> [String] {
        workspace.packages.flatMap { package in package.targets.map { "\(package.identity) \($0.name) \($0.files.map(\.path))" } }
    }

    func notes(_ workspace: Workspace) -> [String] {
        workspace.notes.map { "\($0.kind) \($0.file):\($0.line)" }
    }

    static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "Shop", targets: [
        .target(name: "Core"),
        .target(name: "Feature", dependencies: ["Core"]),
    ])
    """

    static let sources: [(String, String)] = [
        ("Sources/Core/Core.swift", "public struct Core {}\n"),
        ("Sources/Core/Services/Service.swift", "public struct Service {}\n"),
        ("Sources/Feature/Feature.swift", "import Core\nimport CoreServices\n"),
    ]

    static func build(_ name: String, module: String, srcs: String, deps: [String] = []) -> String {
        """
        load("@rules_swift//swift:swift.bzl", "swift_library")
        swift_library(name = "\(name)", module_name = "\(module)", srcs = \(srcs), deps = [\(deps.map { "\"\($0)\"" }.joined(separator: ", "))])

        """
    }

    /// The BUILD files split the manifest's `Core` into `Core` and `CoreServices`: Bazel
    /// builds the workspace, so its modules are analysed, and the manifest makes none.
    @Test func bazelModulesOtherThanTheManifestsSupersedeIt() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("Package.swift", Self.manifest),
            ("Sources/Core/BUILD.bazel", Self.build("Core", module: "Core", srcs: "[\"Core.swift\"]")),
            ("Sources/Core/Services/BUILD.bazel", Self.build("CoreServices", module: "CoreServices", srcs: "glob([\"*.swift\"])")),
            ("Sources/Feature/BUILD.bazel", Self.build("Feature", module: "Feature", srcs: "glob([\"*.swift\"])",
                                                       deps: ["//Sources/Core", "//Sources/Core/Services:CoreServices"])),
        ] + Self.sources)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(modules(workspace) == [
            "//Sources/Core Core [\"Sources/Core/Core.swift\"]",
            "//Sources/Core/Services CoreServices [\"Sources/Core/Services/Service.swift\"]",
            "//Sources/Feature Feature [\"Sources/Feature/Feature.swift\"]",
        ])
        #expect(notes(workspace) == ["supersededBuildDescription Package.swift:4"])
        #expect(workspace.notes.first?.message == "Package.swift is superseded by the Bazel workspace around it: Sources/Core/Services/Service.swift is in "
                + "its target Core, but Sources/Core/Services/BUILD.bazel:2 builds it into module CoreServices; the BUILD files are analysed, "
                + "and this manifest's targets are read as context only")
        // SwiftPM's Feature does not declare CoreServices; Bazel's does: no error.
        let result = try Linter(rules: [UndeclaredImport(), SupersededBuildDescription()]).lint(paths: [directory.path])
        #expect(result.diagnostics.map { "\($0.rule) \($0.severity.rawValue) \($0.file):\($0.line)" } == [
            "superseded-build-description note Package.swift:4",
        ])
    }

    /// Where the two agree on every library module, SwiftPM's reading stands, silently.
    @Test func theSameModulesKeepSwiftPMsReading() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("Package.swift", Self.manifest),
            ("Sources/Core/BUILD.bazel", Self.build("Core", module: "Core", srcs: "glob([\"**/*.swift\"])")),
            ("Sources/Feature/BUILD.bazel", Self.build("Feature", module: "Feature", srcs: "glob([\"*.swift\"])", deps: ["//Sources/Core"])),
        ] + Self.sources)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(modules(workspace) == [
            "\(Paths.lastComponent(directory.path).lowercased()) Core [\"Sources/Core/Core.swift\", \"Sources/Core/Services/Service.swift\"]",
            "\(Paths.lastComponent(directory.path).lowercased()) Feature [\"Sources/Feature/Feature.swift\"]",
        ])
        #expect(notes(workspace).isEmpty)
    }

    /// rules_swift_package_manager reads the manifest for its external packages: the
    /// workspace takes it as input, so its targets are no modules of their own.
    @Test func aManifestTheWorkspaceTakesAsInputIsSuperseded() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\nswift_deps.from_package(resolved = \"//:Package.resolved\", swift = \"//:Package.swift\")\n"),
            ("Package.swift", Self.manifest),
            ("Sources/Core/BUILD.bazel", Self.build("Core", module: "Core", srcs: "glob([\"**/*.swift\"])")),
        ] + Self.sources)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(modules(workspace) == ["//Sources/Core Core [\"Sources/Core/Core.swift\", \"Sources/Core/Services/Service.swift\"]"])
        #expect(workspace.filesInNoTarget == ["Sources/Feature/Feature.swift"])
        #expect(workspace.notes.map(\.message) == [
            "Package.swift is superseded by the Bazel workspace around it: MODULE.bazel takes this manifest as an input of the Bazel build; "
                + "the BUILD files are analysed, and this manifest's targets are read as context only",
        ])
    }

    /// A BUILD file with no MODULE.bazel, REPO.bazel or WORKSPACE above it is in no Bazel
    /// workspace: not evaluated, and an error only where it names a Swift rule over files
    /// no other description builds. A vendored C library's says nothing.
    @Test func aBuildFileInNoWorkspaceIsNotRead() throws {
        let directory = try TemporaryDirectory(files: [
            ("Package.swift", Self.manifest),
            ("Sources/Core/BUILD.bazel", Self.build("Other", module: "Other", srcs: "glob([\"**/*.swift\"])")),
            ("Vendor/absl/BUILD.bazel", "load(\"//absl:copts.bzl\", \"COPTS\")\ncc_library(name = \"base\", srcs = [\"base.cc\"], copts = COPTS)\n"),
            ("Tools/BUILD", Self.build("Tool", module: "Tool", srcs: "glob([\"*.swift\"])")),
            ("Tools/Tool.swift", "struct Tool {}\n"),
        ] + Self.sources)
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(modules(workspace).map { $0.split(separator: " ")[1] } == ["Core", "Feature"])
        #expect(workspace.notes.map { "\($0.kind) \($0.file):\($0.line) \($0.message)" } == [
            "unreadBuildDescription Tools/BUILD:1 a BUILD file outside any Bazel workspace (no MODULE.bazel, REPO.bazel or WORKSPACE above it), which Bazel "
                + "does not build: 1 Swift file under Tools/ is in no target and not analysed; add the workspace's MODULE.bazel, or exclude the folder in .modlint.yml",
        ])
    }

    /// A BUILD file answers for its own package: Swift files below another package's BUILD
    /// file are not counted against a macro it cannot follow.
    @Test func anUnfollowedMacroCountsItsOwnPackageOnly() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"shop\")\n"),
            ("App/BUILD.bazel", "load(\"@company_ios//ios:defs.bzl\", \"ios_pipeline\")\nios_pipeline(name = \"App\")\n"),
            ("App/Sources/App.swift", "struct App {}\n"),
            ("App/Assets/BUILD.bazel", "filegroup(name = \"assets\", srcs = glob([\"**\"]))\n"),
            ("App/Assets/Generated.swift", "struct Generated {}\n"),
        ])
        defer { directory.remove() }
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        #expect(workspace.filesInNoTarget == ["App/Assets/Generated.swift", "App/Sources/App.swift"])
        #expect(workspace.notes.filter { $0.kind == .unreadBuildDescription }.map { "\($0.file):\($0.line) \($0.message.prefix(152))" } == [
            "App/BUILD.bazel:1 a BUILD file whose macro modlint could not follow (`ios_pipeline` of @company_ios//ios:defs.bzl, another repository; line 2): "
                + "1 Swift file under App/ is",
        ])
    }

    /// A nested example workspace takes the repository's own workspace through
    /// `local_path_override`: its `@kit//:Kit` labels are that workspace's targets, groups
    /// included, not modules of another repository.
    @Test func aLocalPathOverrideIsTheTreesOwnWorkspace() throws {
        let directory = try TemporaryDirectory(files: [
            ("MODULE.bazel", "module(name = \"kit\")\n"),
            ("BUILD.bazel", "load(\"@rules_swift//swift:swift.bzl\", \"swift_library_group\")\nswift_library_group(name = \"Kit\", deps = [\"//Sources/Core\"])\n"),
            ("Sources/Core/BUILD.bazel", Self.build("Core", module: "Core", srcs: "glob([\"*.swift\"])")),
            ("Sources/Core/Core.swift", "public struct Core {}\n"),
            ("Examples/app/MODULE.bazel", "bazel_dep(name = \"kit\", version = \"0.0.0\")\nlocal_path_override(\n    module_name = \"kit\",\n    path = \"../..\",\n)\n"),
            ("Examples/app/BUILD.bazel", Self.build("Tool", module: "Tool", srcs: "glob([\"*.swift\"])", deps: ["@kit//:Kit"])),
            ("Examples/app/Tool.swift", "import Core\n"),
        ])
        defer { directory.remove() }
        let result = try Linter(rules: [UndeclaredImport()]).lint(paths: [directory.path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let workspace = try WorkspaceLoader().load(paths: [directory.path])
        let tool = try #require(workspace.packages.flatMap(\.targets).first { $0.name == "Tool" })
        #expect(tool.declaration.dependencies.map(\.name) == ["Core"])
    }
}
