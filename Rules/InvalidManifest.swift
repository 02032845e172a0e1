import ModlintGraph
import ModlintWorkspace

/// What SwiftPM rejects when it loads a package: the gate must not pass because nothing
/// could be read.
public struct InvalidManifest: Rule {
    public static let description = RuleDescription(
        id: "invalid-manifest",
        defaultSeverity: .error,
        summary: "A Package.swift that SwiftPM rejects: an unknown target or product, an undeclared package, a duplicate target name, a local package that is not there.",
        rationale: """
        SwiftPM refuses to load a package whose targets depend on a target it does not \\
        declare, on a product of a package that is not among its `dependencies:`, or on a \\
        product that package does not have; two targets with one name are refused too, \
        and so is a `.package(path:)` to a folder that is not there (unless another package \
        of the tree has its identity, which Xcode would use instead; a git submodule not \
        checked out is an `unread-dependency` note instead). \\
        modlint reads manifests without SwiftPM, so it reports these itself — otherwise a \\
        gate on such a package would pass because nothing could be checked.

        Only what modlint can prove is reported: a package whose manifest it could not \\
        evaluate completely (see `unresolved-manifest`) is left alone, and a product of a \\
        remote package whose sources are not available is not judged (`unread-dependency`).
        """,
        examples: [
            RuleExample("an unknown target, an undeclared package and a duplicate target", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: [
                            \u{2193}.target(name: "Networkng"),
                            \u{2193}.product(name: "Logging", package: "swift-log"),
                        ]),
                        .target(name: "Networking"),
                \u{2193}        .target(name: "Networking", path: "Sources/Other"),
                    ]
                )
                """,
                "Sources/App/App.swift": "struct App {}\n",
                "Sources/Networking/Client.swift": "struct Client {}\n",
                "Sources/Other/Other.swift": "struct Other {}\n",
            ]),
            RuleExample("targets, products of declared packages and names of either", files: [
                "App/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(path: "../Kit"),
                        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
                    ],
                    targets: [
                        .target(name: "App", dependencies: [
                            "Core",
                            "KitUI",
                            .product(name: "Kit", package: "Kit"),
                            .product(name: "Logging", package: "swift-log"),
                        ]),
                        .target(name: "Core"),
                    ]
                )
                """,
                "App/Sources/App/App.swift": "import Kit\n",
                "App/Sources/Core/Core.swift": "struct Core {}\n",
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Kit",
                    products: [.library(name: "Kit", targets: ["Kit"]), .library(name: "KitUI", targets: ["Kit"])],
                    targets: [.target(name: "Kit")]
                )
                """,
                "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
            ]),
            RuleExample("a local package whose folder is not there; a submodule not checked out is a note of its own", files: [
                "App/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [
                \u{2193}        .package(path: "../Kit"),
                        .package(path: "../Vendor/Charts"),
                    ],
                    targets: [.target(name: "App", dependencies: [.product(name: "Kit", package: "Kit")])]
                )
                """,
                "App/Sources/App/App.swift": "import Kit\n",
                ".gitmodules": "[submodule \"Vendor/Charts\"]\n\tpath = Vendor/Charts\n\turl = https://github.com/example/charts\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let workspace = context.workspace
        var findings: [Finding] = []
        let byIdentity = Dictionary(workspace.packages.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        for package in workspace.packages where package.kind == .swiftPackage && !package.isContext && package.manifest.notes.isEmpty {
            findings += Self.problems(in: package, packages: byIdentity)
        }
        return findings
    }

    static func problems(in package: Package, packages: [String: Package]) -> [Finding] {
        let manifest = package.manifest
        let file = package.manifestPath
        var findings: [Finding] = []
        for missing in package.missingLocalPackages where !missing.isSubmodule {
            findings.append(Finding(site: Site(file: file, line: missing.line, column: 1),
                                    message: "\(package.name) depends on the package at '\(missing.path)', a folder that is not there "
                                        + "(\(missing.folder.isEmpty ? "./" : missing.folder + "/")): SwiftPM cannot load \(package.name); "
                                        + "fix the path or remove the dependency",
                                    key: [file, missing.path, "missing"]))
        }
        var seen = Set<String>()
        for target in manifest.targets where !seen.insert(target.name).inserted {
            findings.append(Finding(site: Site(file: file, line: target.line, column: 1),
                                    message: "duplicate target name '\(target.name)': SwiftPM refuses the package", key: [file, target.name, "duplicate"]))
        }
        let targetNames = Set(manifest.targets.map(\.name))
        // Declared packages by every name a `.product(package:)` may use, and whether
        // their products are known (a workspace or context package) or not (unread).
        var declared: [String: Package?] = [:]
        for dependency in manifest.dependencies {
            let resolved = package.dependencyNames[dependency.identity].flatMap { packages[$0] }
            declared[dependency.identity] = resolved
            if let name = dependency.name?.lowercased() { declared[name] = resolved }
            if let resolved, !resolved.manifest.name.isEmpty { declared[resolved.manifest.name.lowercased()] = resolved }
        }
        let allKnown = declared.values.allSatisfy { $0 != nil }
        let knownProducts = Set(declared.values.compactMap { $0 }.flatMap { $0.manifest.products.map(\.name) })
        for target in manifest.targets {
            for dependency in target.dependencies {
                let site = Site(file: file, line: dependency.line, column: dependency.column)
                switch dependency.kind {
                case .target(let name) where !targetNames.contains(name):
                    findings.append(Finding(site: site, message: "\(target.name) depends on target '\(name)', which \(package.name) does not declare"
                                            + (Suggestions.closest(to: name, in: targetNames.sorted()).map { " — did you mean '\($0)'?" } ?? ""),
                                            key: [file, target.name, name]))
                case .byName(let name) where !targetNames.contains(name) && allKnown && !knownProducts.contains(name):
                    findings.append(Finding(site: site, message: "\(target.name) depends on '\(name)', which is neither a target of \(package.name) nor a product of a package it declares",
                                            key: [file, target.name, name]))
                case .product(let name, let packageName?):
                    guard let entry = declared[packageName.lowercased()] else {
                        findings.append(Finding(site: site, message: "\(target.name) uses product '\(name)' of package '\(packageName)', which is not among the package's dependencies: "
                                                + "add .package(url: …) or .package(path: …) for it", key: [file, target.name, name, packageName]))
                        continue
                    }
                    if let known = entry, !known.manifest.products.contains(where: { $0.name == name }), known.manifest.notes.isEmpty {
                        let products = known.manifest.products.map(\.name).sorted()
                        findings.append(Finding(site: site, message: "\(target.name) uses product '\(name)', which package '\(packageName)' does not have"
                                                + (Suggestions.closest(to: name, in: products).map { " — did you mean '\($0)'?" } ?? ""),
                                                key: [file, target.name, name, packageName]))
                    }
                default:
                    continue
                }
            }
        }
        return findings
    }
}
