import ModlintGraph
import ModlintRuleEngine

/// A target imports a workspace module it does not declare as a dependency.
public struct UndeclaredImport: Rule {
    public static let description = RuleDescription(
        id: "undeclared-import",
        defaultSeverity: .error,
        summary: "A target imports a workspace module that it does not declare as a dependency.",
        rationale: """
        A module that is only reachable through another dependency builds today by \
        accident: SwiftPM happens to build it first and leaves it on the search path. The \
        build breaks as soon as the intermediate dependency is dropped, builds in a \
        different order, or on a clean build of a single target — and the module graph \
        that architecture rules check no longer matches what the code uses. A module that \
        is not reachable at all fails outright, but only when that target is built.

        Declare the dependency in the target's `dependencies:` (a `.product(name:package:)` \
        for a module of another package). Imports guarded by `#if canImport(ThatModule)` \
        are optional integrations and are not reported.

        A dependency declared only for some platforms (`condition: .when(platforms: \
        [.iOS])`) is undeclared everywhere else: its import must sit under a platform \
        condition (`#if os(iOS)`, `#if canImport(…)`, `#if targetEnvironment(…)`), or the \
        target stops building on the other platforms. Such an import is reported when it \
        is unconditional; modlint does not evaluate conditions, so an import under any \
        `#if` is trusted (packages often define their own platform flags).
        """,
        examples: [
            RuleExample("a module reachable only transitively", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Networking"]),
                        .target(name: "Networking", dependencies: ["Models"]),
                        .target(name: "Models"),
                    ]
                )
                """,
                "Sources/Feature/FeatureView.swift": """
                import Foundation
                import Networking
                \u{2193}import Models

                struct FeatureView {}
                """,
                "Sources/Networking/Client.swift": "import Models\n",
                "Sources/Models/Model.swift": "public struct Model {}\n",
            ]),
            RuleExample("a sibling module that is not a dependency at all, imported @testable", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Settings"),
                        .target(name: "Profile"),
                        .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
                    ]
                )
                """,
                "Sources/Settings/Settings.swift": "struct Settings {}\n",
                "Sources/Profile/Profile.swift": "struct Profile {}\n",
                "Tests/SettingsTests/SettingsTests.swift": """
                @testable import Settings
                \u{2193}@testable import Profile
                """,
            ]),
            RuleExample("a platform-conditional dependency imported unconditionally", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: [
                            .target(name: "HapticsKit", condition: .when(platforms: [.iOS])),
                            .target(name: "DebugMenu", condition: .when(platforms: [.iOS, .macOS])),
                        ]),
                        .target(name: "HapticsKit"),
                        .target(name: "DebugMenu"),
                    ]
                )
                """,
                "Sources/Feature/Feature.swift": """
                \u{2193}import HapticsKit
                #if DEBUG
                import DebugMenu
                #endif
                """,
                "Sources/HapticsKit/Haptics.swift": "public struct Haptics {}\n",
                "Sources/DebugMenu/Menu.swift": "public struct Menu {}\n",
            ]),
            RuleExample("platform-conditional dependencies under matching conditions", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: [
                            .target(name: "HapticsKit", condition: .when(platforms: [.iOS])),
                            .target(name: "DebugMenu", condition: .when(platforms: [.macOS])),
                        ]),
                        .target(name: "HapticsKit"),
                        .target(name: "DebugMenu"),
                    ]
                )
                """,
                "Sources/Feature/Feature.swift": """
                #if os(iOS)
                import HapticsKit
                #endif
                #if DEBUG && canImport(DebugMenu)
                import DebugMenu
                #endif
                """,
                "Sources/HapticsKit/Haptics.swift": "public struct Haptics {}\n",
                "Sources/DebugMenu/Menu.swift": "public struct Menu {}\n",
            ]),
            RuleExample("a module re-exported by a declared dependency", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: ["Umbrella"]),
                        .target(name: "Umbrella", dependencies: ["Parts"]),
                        .target(name: "Parts"),
                    ]
                )
                """,
                "Sources/App/App.swift": "import Umbrella\nimport Parts\n",
                "Sources/Umbrella/Exports.swift": "@_exported import Parts\n",
                "Sources/Parts/Parts.swift": "public struct Part {}\n",
            ]),
            RuleExample("declared dependencies, products of local packages and optional imports", files: [
                "App/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(path: "../Kit")],
                    targets: [
                        .target(name: "App", dependencies: [.product(name: "Kit", package: "Kit")]),
                    ]
                )
                """,
                "App/Sources/App/App.swift": """
                import Kit
                import SwiftUI
                #if canImport(KitExtras)
                import KitExtras
                #endif
                // import KitExtras — comments never count
                let text = "import KitExtras"
                """,
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Kit",
                    products: [.library(name: "Kit", targets: ["Kit"])],
                    targets: [.target(name: "Kit"), .target(name: "KitExtras")]
                )
                """,
                "Kit/Sources/Kit/Kit.swift": "public struct Kit {}\n",
                "Kit/Sources/KitExtras/Extras.swift": "public struct Extras {}\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        var adjacency = [[Int]](repeating: [], count: graph.modules.count)
        for dependency in graph.dependencies { adjacency[dependency.from].append(dependency.to) }
        var findings: [Finding] = []
        var visibleCache: [Int: Set<Int>] = [:]
        for edge in graph.imports {
            let importer = graph.modules[edge.from]
            let imported = graph.modules[edge.to]
            let visible = visibleCache[edge.from] ?? {
                // Declared dependencies, plus what they re-export with `@_exported import`.
                var visible = Set(adjacency[edge.from])
                for dependency in adjacency[edge.from] { visible.formUnion(graph.reexportedModules(of: dependency)) }
                visibleCache[edge.from] = visible
                return visible
            }()
            if visible.contains(edge.to) {
                if let finding = Self.platformMismatch(edge, context: context, adjacency: adjacency) { findings.append(finding) }
                continue
            }
            if let condition = edge.fact.condition, condition.contains("canImport(\(imported.name))") { continue }
            // An Xcode target whose project references no package with that module may get
            // it from outside what modlint reads (CocoaPods, Carthage, search paths): unknown.
            if edge.isAttributedByName && importer.productType != nil { continue }
            let message: String
            // An Xcode target's module name may differ from its target name: say both.
            let importedName = imported.id.hasSuffix(imported.name) ? imported.id : "\(imported.name) (target \(imported.id))"
            if let path = Self.path(from: edge.from, to: edge.to, adjacency: adjacency) {
                let chain = path.map { graph.modules[$0].id }.joined(separator: " -> ")
                message = "\(importer.id) imports \(importedName), which it does not declare: reachable only transitively (\(chain))"
            } else {
                message = "\(importer.id) imports \(importedName), which is not among its dependencies"
            }
            let conditionSuffix = edge.fact.condition.map { " [under #if \($0)]" } ?? ""
            findings.append(Finding(
                site: edge.site,
                message: message + conditionSuffix,
                module: importer.id,
                key: [importer.id, imported.id, edge.site.file],
                related: [RelatedLocation(file: context.workspace.packages[importer.packageIndex].manifestPath,
                                          line: context.workspace.packages[importer.packageIndex].targets[importer.targetIndex].declaration.line,
                                          message: "declare \(imported.id) in the dependencies of target \(context.workspace.packages[importer.packageIndex].targets[importer.targetIndex].declaration.name)")],
                edges: [ModuleEdge(from: importer.id, to: imported.id)]
            ))
        }
        return findings
    }

    /// An import of a dependency declared only `.when(platforms:)` must sit under a
    /// condition (`#if os(…)`, `#if canImport(…)` …): on every other platform the module
    /// is not built and the import fails. Conditions are not evaluated, so only
    /// unconditional imports are reported.
    static func platformMismatch(_ edge: ModuleGraph.Import, context: LintContext, adjacency: [[Int]]) -> Finding? {
        let graph = context.graph
        let declarations = graph.outgoing[edge.from].map { graph.dependencies[$0] }
        var unrestricted = Set<Int>()
        var platforms = Set<String>()
        for dependency in declarations {
            if let only = dependency.platforms {
                if dependency.to == edge.to || graph.reexportedModules(of: dependency.to).contains(edge.to) { platforms.formUnion(only) }
            } else {
                unrestricted.insert(dependency.to)
                unrestricted.formUnion(graph.reexportedModules(of: dependency.to))
            }
        }
        guard !unrestricted.contains(edge.to), !platforms.isEmpty else { return nil }
        // Any `#if` is trusted: packages often encode platforms in their own compilation
        // conditions (`.define("X", .when(platforms:))`), which modlint cannot evaluate.
        guard edge.fact.condition == nil else { return nil }
        let importer = graph.modules[edge.from], imported = graph.modules[edge.to]
        return Finding(
            site: edge.site,
            message: "\(importer.id) imports \(imported.id) unconditionally, but declares it only for \(platforms.sorted().joined(separator: ", ")): "
                + "guard the import with #if os(…) or #if canImport(\(imported.name))",
            module: importer.id,
            key: [importer.id, imported.id, edge.site.file, "platform"]
        )
    }

    /// Shortest declared path (breadth first), for the message.
    static func path(from start: Int, to goal: Int, adjacency: [[Int]]) -> [Int]? {
        var previous: [Int: Int] = [start: start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in adjacency[node] where previous[next] == nil {
                previous[next] = node
                if next == goal {
                    var path = [goal]
                    var current = goal
                    while current != start {
                        current = previous[current]!
                        path.append(current)
                    }
                    return path.reversed()
                }
                queue.append(next)
            }
        }
        return nil
    }
}
