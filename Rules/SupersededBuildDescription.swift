import ModlintGraph
import ModlintWorkspace

/// A build description that another one overrules for the same sources.
public struct SupersededBuildDescription: Rule {
    public static let description = RuleDescription(
        id: "superseded-build-description",
        defaultSeverity: .note,
        summary: "A Package.swift inside a Bazel workspace that builds its sources as other modules, or takes it as input: the BUILD files are analysed.",
        rationale: """
        One source file belongs to one module in the build that runs. When a \
        `Package.swift` and the `BUILD` files of the Bazel workspace around it (a \
        `MODULE.bazel`, `REPO.bazel` or `WORKSPACE` at or above its folder) both cover a \
        file, and they put it into different library modules (SwiftPM's target `Core`, \
        Bazel's `//Sources/Core/Services:CoreServices`), they cannot both be the build: \
        modlint decides as the workspace builds, with Bazel. The manifest is read as \
        context and makes no module, so its targets are not judged a second time with \
        dependencies the build does not use; this note names both files once.

        The same holds when the workspace takes the manifest as an input of its own \
        build: rules_swift_package_manager's `swift = "//:Package.swift"` in \
        `MODULE.bazel` (the manifest lists the external packages Bazel fetches), or a \
        `BUILD` file that packs `Package.swift` with the sources into a release (the \
        manifest is a template for another layout). Sources Bazel does not build are then \
        in no target, and a `BUILD` file whose macro modlint cannot follow is reported \
        where it leaves them unread.

        Where the two agree on every library module (a library that ships a \
        `Package.swift` for SwiftPM users and `BUILD` files for Bazel users), SwiftPM's \
        reading stands and nothing is said. Test targets are not compared: their names \
        are free. Where the manifest is the one you build with, bring the `BUILD` files in \
        line with it or exclude them in `.modlint.yml`.
        """,
        examples: [
            RuleExample("a Package.swift whose target the BUILD files split into two modules", files: [
                "MODULE.bazel": "module(name = \"app\")\n",
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "App", targets: [
                \u{2193}    .target(name: "Core"),
                ])
                """,
                "Sources/Core/Core.swift": "public struct Core {}\n",
                "Sources/Core/Services/BUILD.bazel": """
                load("@rules_swift//swift:swift.bzl", "swift_library")
                swift_library(name = "CoreServices", module_name = "CoreServices", srcs = glob(["*.swift"]))
                """,
                "Sources/Core/Services/Service.swift": "public struct Service {}\n",
                "Sources/Core/BUILD.bazel": """
                load("@rules_swift//swift:swift.bzl", "swift_library")
                swift_library(name = "Core", srcs = ["Core.swift"])
                """,
            ]),
            RuleExample("a MODULE.bazel that reads the Package.swift for its external packages", files: [
                "MODULE.bazel": """
                module(name = "app")
                swift_deps = use_extension("@rules_swift_package_manager//:extensions.bzl", "swift_deps")
                swift_deps.from_package(resolved = "//:Package.resolved", swift = "//:Package.swift")
                """,
                "Package.swift": """
                \u{2193}// swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "App", targets: [.target(name: "App", path: "App")])
                """,
                "App/App.swift": "import Foundation\n",
                "App/BUILD.bazel": """
                load("@rules_swift//swift:swift.bzl", "swift_library")
                swift_library(name = "App", module_name = "App", srcs = glob(["*.swift"]))
                """,
            ]),
            RuleExample("a library that ships both, with the same modules", files: [
                "MODULE.bazel": "module(name = \"kit\")\n",
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
                "Sources/Kit/Kit.swift": "public struct Kit {}\n",
                "BUILD.bazel": """
                load("@rules_swift//swift:swift.bzl", "swift_library")
                swift_library(name = "Kit", module_name = "Kit", srcs = glob(["Sources/Kit/*.swift"]))
                """,
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        context.notes(.supersededBuildDescription).map { $0.finding() }
    }
}
