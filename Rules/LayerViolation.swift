import ModlintGraph

/// A declared dependency that points up the configured layers, or between siblings of an
/// independent layer.
public struct LayerViolation: Rule {
    public static let description = RuleDescription(
        id: "layer-violation",
        defaultSeverity: .error,
        summary: "A module depends on a module of a higher layer, or on a sibling in an independent layer.",
        rationale: """
        `layers:` in `.modlint.yml` lists the architecture from top to bottom (for example \
        App, Features, Core, Shared); each layer matches modules by name globs \
        (`modules:`) or by directory globs relative to the configuration file (`paths:`), \
        and a module belongs to the first layer that matches it. A module may depend on \
        modules of its own layer and of every layer below it. A dependency that points \
        upwards inverts the architecture: the lower module can no longer be built, tested \
        or reused without the upper one, and the layers stop meaning anything. With \
        `independent: true` the modules of a layer must not depend on each other at all — \
        the usual promise for feature modules, which keeps them buildable in isolation and \
        free of hidden coupling.

        Declared dependencies (the manifest entry) are checked; modules in no layer and \
        test targets are not. An entry in `allowed:` (from → to, with a reason) accepts a \
        specific edge. To fix a finding, move the shared code down into a lower layer, or \
        invert the dependency through a protocol that the lower layer owns and the \
        composition root wires up.
        """,
        examples: [
            RuleExample("a core module depends on a feature; features depend on each other", files: [
                ".modlint.yml": """
                layers:
                  - name: Features
                    paths: ["Sources/Features/**"]
                    independent: true
                  - name: Core
                    modules: ["Networking"]
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Home", dependencies: ["Networking", \u{2193}"Profile"], path: "Sources/Features/Home"),
                        .target(name: "Profile", dependencies: ["Networking"], path: "Sources/Features/Profile"),
                        .target(name: "Networking", dependencies: [\u{2193}"Profile"]),
                    ]
                )
                """,
                "Sources/Features/Home/Home.swift": "import Networking\nimport Profile\n",
                "Sources/Features/Profile/Profile.swift": "import Networking\n",
                "Sources/Networking/Client.swift": "import Profile\n",
            ]),
            RuleExample("downward dependencies and an allowed exception", files: [
                ".modlint.yml": """
                layers:
                  - name: Features
                    modules: ["*Feature"]
                    independent: true
                  - name: Core
                    modules: ["Networking"]
                allowed:
                  - from: SettingsFeature
                    to: ProfileFeature
                    reason: settings deep-links into the profile screen
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "SettingsFeature", dependencies: ["ProfileFeature", "Networking"]),
                        .target(name: "ProfileFeature", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "ProfileFeature"]),
                    ]
                )
                """,
                "Sources/SettingsFeature/Settings.swift": "import ProfileFeature\nimport Networking\n",
                "Sources/ProfileFeature/Profile.swift": "import Networking\n",
                "Sources/Networking/Client.swift": "struct Client {}\n",
                "Tests/NetworkingTests/ClientTests.swift": "import Networking\nimport ProfileFeature\n",
            ]),
        ],
        analyses: [.architecture]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let configuration = context.configuration
        guard !configuration.layers.isEmpty else { return [] }
        let graph = context.graph
        let architecture = context.architecture
        var reported = Set<[Int]>()
        var findings: [Finding] = []
        for dependency in graph.dependencies where dependency.from != dependency.to {
            let source = graph.modules[dependency.from], target = graph.modules[dependency.to]
            guard source.kind != .test, let conflict = architecture.layerConflict(from: dependency.from, to: dependency.to) else { continue }
            let problem = conflict.upward
                ? "\(source.id) (layer \(conflict.source.name)) depends on \(target.id) of the higher layer \(conflict.violated.name)"
                : "\(source.id) depends on \(target.id), but modules of the independent layer \(conflict.source.name) must not depend on each other"
            guard architecture.allowance(from: source.id, to: target.id) == nil,
                  reported.insert([dependency.from, dependency.to]).inserted else { continue }
            let violated = conflict.violated
            let related = architecture.related(violated.location, "layer \(violated.name) is declared here")
            findings.append(Finding(site: dependency.site, message: problem, module: source.id,
                                    key: [source.id, target.id], related: related,
                                    edges: [ModuleEdge(from: source.id, to: target.id)]))
        }
        return findings
    }
}
