import ModlintGraph

/// A declared dependency that matches a `forbidden:` entry of the configuration.
public struct ForbiddenDependency: Rule {
    public static let description = RuleDescription(
        id: "forbidden-dependency",
        defaultSeverity: .error,
        summary: "A declared dependency matches a 'forbidden' edge of the configuration.",
        rationale: """
        Layers describe the broad shape of an architecture; `forbidden:` states the \
        specific promises that do not fit it — "features never talk to the database \
        directly", "nothing but the composition root may depend on the live networking \
        stack", "no module may depend on a deprecated library". Each entry names `from` \
        and `to` module globs and a `reason`, which is shown in the finding so that the \
        person who meets it learns why the rule exists.

        Declared dependencies are checked, on workspace modules and on products of \
        external packages alike (`to: "Realm*"`); test targets are not. An `allowed:` entry \
        that matches the same edge wins, which lets a broad ban carry named exceptions. To \
        fix a finding, depend on the abstraction the reason points to instead. A pattern \
        matches a module's id or its module name (`Database` matches `app/Database` when \
        two packages have a target of that name, and XcodeGen's `Database_iOS`).
        """,
        examples: [
            RuleExample("a feature depends on the database and on a banned library", files: [
                ".modlint.yml": """
                forbidden:
                  - from: "*Feature"
                    to: Database
                    reason: features read data through repositories in Domain
                  - from: "*"
                    to: "Realm*"
                    reason: we are migrating off Realm
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(url: "https://github.com/realm/realm-swift", from: "10.0.0")],
                    targets: [
                        .target(name: "HomeFeature", dependencies: [\u{2193}"Database", "Domain"]),
                        .target(name: "Domain", dependencies: ["Database"]),
                        .target(name: "Database", dependencies: [\u{2193}.product(name: "RealmSwift", package: "realm-swift")]),
                    ]
                )
                """,
                "Sources/HomeFeature/Home.swift": "import Database\nimport Domain\n",
                "Sources/Domain/Repository.swift": "import Database\n",
                "Sources/Database/Store.swift": "import RealmSwift\n",
            ]),
            RuleExample("an allowed exception and a test target", files: [
                ".modlint.yml": """
                forbidden:
                  - from: "*"
                    to: LiveNetworking
                    reason: only the composition root wires the live client
                allowed:
                  - from: AppComposition
                    to: LiveNetworking
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "AppComposition", dependencies: ["LiveNetworking"]),
                        .target(name: "LiveNetworking"),
                        .testTarget(name: "LiveNetworkingTests", dependencies: ["LiveNetworking"]),
                    ]
                )
                """,
                "Sources/AppComposition/Root.swift": "import LiveNetworking\n",
                "Sources/LiveNetworking/Client.swift": "struct Client {}\n",
                "Tests/LiveNetworkingTests/ClientTests.swift": "import LiveNetworking\n",
            ]),
            RuleExample("a pattern names the module, whatever its id", files: [
                ".modlint.yml": """
                forbidden:
                  - from: "*Feature"
                    to: Database
                    reason: features read data through repositories
                """,
                // Two packages with a target named Database: `app/Database` and
                // `legacy/Database` by id, `Database` by module name.
                "App/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "SearchFeature", dependencies: [\u{2193}"Database"]),
                        .target(name: "Database"),
                    ]
                )
                """,
                "App/Sources/SearchFeature/Search.swift": "import Database\n",
                "App/Sources/Database/Store.swift": "struct Store {}\n",
                "Legacy/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(name: "Legacy", targets: [.target(name: "Database")])
                """,
                "Legacy/Sources/Database/Old.swift": "struct Old {}\n",
            ]),
        ],
        analyses: [.architecture]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let configuration = context.configuration
        guard !configuration.forbidden.isEmpty else { return [] }
        let graph = context.graph
        let architecture = context.architecture
        var edges: [(from: Int, to: String, site: Site)] = graph.dependencies.map { ($0.from, graph.modules[$0.to].id, $0.site) }
        edges += graph.externalDependencies.map { ($0.from, $0.name, $0.site) }
        var reported = Set<[String]>()
        var findings: [Finding] = []
        for edge in edges {
            let source = graph.modules[edge.from]
            guard source.kind != .test, source.id != edge.to,
                  let rule = architecture.forbiddingRule(from: source.id, to: edge.to),
                  architecture.allowance(from: source.id, to: edge.to) == nil,
                  reported.insert([source.id, edge.to]).inserted else { continue }
            let reason = rule.reason.map { ": \($0)" } ?? ""
            findings.append(Finding(
                site: edge.site,
                message: "\(source.id) must not depend on \(edge.to) (forbidden \(rule.from) -> \(rule.to))\(reason)",
                module: source.id,
                key: [source.id, edge.to],
                related: architecture.related(rule.location, "the forbidden edge is declared here"),
                edges: [ModuleEdge(from: source.id, to: edge.to)]
            ))
        }
        return findings
    }
}
