import ModlintGraph

/// A manifest construct the static reader could not resolve.
public struct UnresolvedManifest: Rule {
    public static let description = RuleDescription(
        id: "unresolved-manifest",
        defaultSeverity: .note,
        summary: "A Package.swift construct that modlint could not resolve without running the manifest.",
        rationale: """
        modlint reads manifests statically — it never executes them — so that it is fast \
        and safe on untrusted code. Constants, arrays, `append`, `+=`, `map` over string \
        lists, simple helper functions and `#if` blocks are understood; anything else \
        (environment lookups, loops, arbitrary functions) cannot be evaluated. Rather than \
        silently dropping part of the module graph, modlint reports each such place so that \
        you know which edges the other rules may be missing.

        Rewrite the construct into one of the supported forms, or accept the note (it never \
        fails a build unless you raise its severity).
        """,
        examples: [
            RuleExample("a dependency list computed from the environment", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                import Foundation

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: \u{2193}ProcessInfo.processInfo.environment["LOCAL"] == nil ? [] : ["Local"]),
                    ]
                )
                """,
                "Sources/App/App.swift": "struct App {}\n",
            ]),
            RuleExample("constants and appends are understood", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let core = "Core"
                var targets: [Target] = [.target(name: core)]
                targets.append(.target(name: "App", dependencies: [.target(name: core)]))

                let package = Package(name: "App", targets: targets)
                """,
                "Sources/App/App.swift": "import Core\n",
                "Sources/Core/Core.swift": "struct Core {}\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        context.notes(.unresolvedManifest).map { $0.finding() }
    }
}
