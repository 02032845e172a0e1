import ModlintGraph
import ModlintManifest
import ModlintWorkspace

/// A target imports a workspace module it does not declare as a dependency.
public struct UndeclaredImport: Rule {
    public static let description = RuleDescription(
        id: "undeclared-import",
        defaultSeverity: .error,
        summary: "A target imports a workspace module that it does not declare as a dependency.",
        rationale: """
        Severity follows the consequence. A module that no declared dependency reaches \
        breaks the build: the target does not compile on its own, or only when the build \
        order happens to help — an **error**. A module reachable only through another \
        dependency builds: SwiftPM (or Xcode) builds the chain first on purpose and \
        accepts the import; it breaks as soon as the intermediate dependency drops the \
        module, and the module graph that architecture rules check no longer matches \
        what the code uses — a **warning** (architecture debt). Set \
        `transitive-imports: error` in `.modlint.yml` to gate on those too (or `note`, \
        `off`).

        One finding per target and imported module, at the first import; every other \
        importing file is a related location and the message counts them. The advice \
        names what to write: the sibling target, or the product and package that export \
        the module (`.product(name: "NIOCore", package: "swift-nio")`), the package \
        dependency too when it is missing, and for a module that is no product of its \
        package (an internal C target) the products that build it. Imports guarded by \
        `#if canImport(ThatModule)` are optional integrations and are not reported, and \
        so are imports under `#if FLAG` (or `#if … && FLAG`) for a flag the manifest \
        never names: SwiftPM \
        compiles them only when someone passes `-Xswiftc -DFLAG` (another build system's \
        single-module configuration, for example). Under any other `#if`, the import is \
        an **error** when some default debug or release build compiles it: `#if DEBUG` \
        (debug builds define it) and `#if !DEBUG` do, and so do a flag the manifest \
        defines, a package trait, `canImport` of another module and `os(…)` of a platform \
        the target is built for (`platforms:` in `.modlint.yml`, else an Xcode target's \
        SDK or the manifest's `platforms:`, else every platform). An import that only a build nobody runs by \
        default compiles (`#if os(Linux)` in a package for iOS and macOS) is a warning.

        A dependency declared only for some platforms (`condition: .when(platforms: \
        [.iOS])`) is undeclared everywhere else: its import must sit under a platform \
        condition (`#if os(iOS)`, `#if canImport(…)`, `#if targetEnvironment(…)`), or the \
        target stops building on the other platforms. Such an import is reported when it \
        is unconditional; an import under any `#if` is trusted there (packages often \
        define their own platform flags).

        The advice never declares an edge that the configuration bans: when a layer \
        (`independent:` siblings, or a lower layer reaching up) or a `forbidden:` entry \
        rules out the dependency, the finding says to move the import (or what it uses) \
        instead, and `modlint fix` leaves the manifest alone. Nor one that closes a cycle of \
        declared dependencies (the imported module already depends on the importer): the \
        build rejects it, so the import has to move. `modlint fix` also leaves out a \
        declaration that would close a cycle together with the others it makes in the same \
        run (two modules importing each other, neither declared), and says which.
        """,
        examples: [
            RuleExample("a module that no declared dependency reaches, imported in two files: one finding", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                        .target(name: "Analytics"),
                    ]
                )
                """,
                "Sources/Feature/A.swift": "import Networking\n\u{2193}import Analytics\n",
                "Sources/Feature/B.swift": "import Analytics\n",
                "Sources/Networking/Client.swift": "public struct Client {}\n",
                "Sources/Analytics/Tracker.swift": "public struct Tracker {}\n",
            ]),
            RuleExample("an import the configured layers ban: the advice moves the import, and fix declares nothing", files: [
                ".modlint.yml": """
                layers:
                  - name: Features
                    modules: ["*Feature"]
                    independent: true
                  - name: Core
                    modules: ["Networking"]
                forbidden:
                  - from: Networking
                    to: Analytics
                    reason: networking stays free of tracking
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "HomeFeature", dependencies: ["Networking"]),
                        .target(name: "ProfileFeature", dependencies: ["Networking"]),
                        .target(name: "Networking"),
                        .target(name: "Analytics"),
                    ]
                )
                """,
                "Sources/HomeFeature/Home.swift": "import Networking\n\u{2193}import ProfileFeature\n",
                "Sources/ProfileFeature/Profile.swift": "import Networking\n",
                "Sources/Networking/Client.swift": "\u{2193}import Analytics\n",
                "Sources/Analytics/Tracker.swift": "public struct Tracker {}\n",
            ]),
            RuleExample("a module reachable only transitively (a warning)", files: [
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
            RuleExample("imports for another build system's flag, and one the manifest defines", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Collections",
                    targets: [
                        .target(name: "Deque"),
                        .target(name: "Heap"),
                        .target(name: "Collections", dependencies: ["Deque", "Heap"]),
                        .testTarget(name: "DequeTests", dependencies: ["Deque"], swiftSettings: [.define("STRESS_TESTS")]),
                    ]
                )
                """,
                "Sources/Deque/Deque.swift": "public struct Deque {}\n",
                "Sources/Heap/Heap.swift": "public struct Heap {}\n",
                "Sources/Collections/Collections.swift": "@_exported import Deque\n@_exported import Heap\n",
                "Tests/DequeTests/DequeTests.swift": """
                #if SINGLE_MODULE_BUILD
                import Collections
                #else
                import Deque
                #endif
                #if DEBUG && SINGLE_MODULE_BUILD
                import Collections
                #endif
                #if STRESS_TESTS
                \u{2193}import Heap
                #endif
                """,
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
        ],
        analyses: [.undeclaredImports, .architecture]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        let analysis = context.undeclaredImports
        var findings = analysis.platformGaps.compactMap { platformGapFinding($0, context: context) }
        let transitiveSeverity = context.configuration.transitiveImports
        let declared = graph.declaredSuccessors
        for undeclared in analysis.undeclared {
            let edges = undeclared.imports
            let edge = edges[0]
            let importer = graph.modules[undeclared.importer], imported = graph.modules[undeclared.imported]
            let importerPackage = context.workspace.packages[importer.packageIndex]
            let declaration = importerPackage.targets[importer.targetIndex].declaration
            // An Xcode target's module name may differ from its target name: say both.
            let importedName = imported.id.hasSuffix(imported.name) ? imported.id : "\(imported.name) (target \(imported.id))"
            let files = Set(edges.map(\.site.file)).count
            let whereImported = files > 1 ? " (in \(files) files)" : ""
            var advice = DeclarationAdvice(context: context, importer: importer, imported: imported)
            // A declaration the configuration bans (a layer or `forbidden:` edge) is never
            // proposed, nor made by `fix`: the import has to go instead.
            // Nor one that closes a cycle of declared dependencies: SwiftPM and Xcode reject it.
            let ban = context.architecture.ban(from: undeclared.importer, to: undeclared.imported, in: graph)
                ?? ModuleGraph.shortestPath(from: undeclared.imported, to: undeclared.importer, along: declared).map { back in
                    "it would close the dependency cycle \((back + [undeclared.imported]).map { graph.modules[$0].id }.joined(separator: " -> ")), "
                        + "which the build rejects"
                }
            if let ban {
                advice = DeclarationAdvice(banned: "Do not declare it: \(ban). Move the import out of \(importer.id), or move what it "
                    + "uses from \(imported.id) into a module \(importer.id) may depend on.")
            }
            let message: String
            var severity: Severity?
            if let path = undeclared.declaredPath {
                let chain = path.map { graph.modules[$0].id }.joined(separator: " -> ")
                let through = graph.modules[path[1]].id
                message = "\(importer.id) imports \(importedName)\(whereImported), which it does not declare: reachable only through \(through) "
                    + "(\(chain)) — breaks if \(through) drops it. \(advice.text)"
                severity = transitiveSeverity
            } else {
                message = "\(importer.id) imports \(importedName)\(whereImported), which no dependency it declares reaches: the target does not build on its own. \(advice.text)"
                // Under `#if`: a break when some default build compiles one of the imports
                // (`#if DEBUG` does: debug builds define it); otherwise only a build nobody
                // runs by default would fail.
                if !undeclared.isCompiledByDefault { severity = .warning }
            }
            if severity == .off { continue }
            var conditionSuffix = edge.condition.map { " [under #if \(CompilationCondition.shown($0))]" } ?? ""
            if severity == .warning && undeclared.declaredPath == nil { conditionSuffix += " (no default debug or release build compiles it)" }
            var related = ban != nil ? [] : [RelatedLocation(file: importerPackage.file(declaring: declaration), line: declaration.line,
                                                             message: "declare it in the dependencies of target \(declaration.name)")]
            related += edges.dropFirst().map { RelatedLocation(file: $0.site.file, line: $0.site.line, message: "also imported here") }
            var finding = Finding(
                site: edge.site,
                message: message + conditionSuffix,
                module: importer.id,
                key: [importer.id, imported.id],
                related: related,
                edges: [ModuleEdge(from: importer.id, to: imported.id)]
            )
            finding.severity = severity
            finding.fix = advice.fix.map { Self.conditioned($0, by: edges, in: importerPackage, declaration: declaration) }
            findings.append(finding)
        }
        for module in analysis.unchecked {
            let importer = graph.modules[module]
            let package = context.workspace.packages[importer.packageIndex]
            let declaration = package.targets[importer.targetIndex].declaration
            var finding = Finding(
                site: Site(file: package.file(declaring: declaration), line: declaration.line, column: 1),
                message: "\(importer.id) imports modules its readable dependencies do not reach, but part of its dependency list could not be "
                    + "evaluated (see the unresolved-manifest note): those imports are not checked",
                module: importer.id,
                key: [importer.id, "incomplete dependencies"]
            )
            finding.severity = .note
            findings.append(finding)
        }
        return findings
    }

    /// The declaration to add carries the conditions the imports sit under: imported only
    /// under `#if os(…)` (or a flag the target defines for some platforms only), declared
    /// for those platforms; only under `#if Trait` (a trait of the package), for that trait.
    /// Conditions are SwiftPM's (`condition: .when(…)`): a project's spec has none.
    static func conditioned(_ fix: DependencyFix, by edges: [ModuleGraph.Import], in package: Package, declaration: ManifestTarget) -> DependencyFix {
        guard package.kind == .swiftPackage else { return fix }
        var fix = fix
        let defined = declaration.definedFlags
        let platforms = edges.map { edge in
            edge.condition.flatMap { condition in
                DependencyFix.platforms(ofCondition: condition) ?? CompilationCondition.requiredFlags(condition)
                    .compactMap { flag in defined.first { $0.name == flag }?.platforms }.first { !$0.isEmpty }
                    .map { $0.map(DependencyFix.platformMember) }
            }
        }
        if !platforms.contains(where: { $0 == nil }) {
            fix.platforms = platforms.compactMap { $0 }.flatMap { $0 }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        let traits = package.manifest.traits
        let required = edges.map { $0.condition.map { CompilationCondition.requiredFlags($0).filter(traits.contains) } ?? [] }
        if !traits.isEmpty, !required.contains(where: \.isEmpty) {
            fix.traits = required.flatMap { $0 }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        return fix
    }

    /// An unconditional import of a dependency declared for some platforms only: a warning
    /// (at the `transitive-imports` severity) where another dependency brings the module in
    /// anyway, an error where nothing does.
    private func platformGapFinding(_ gap: UndeclaredImports.PlatformGap, context: LintContext) -> Finding? {
        let graph = context.graph
        let importer = graph.modules[gap.edge.from], imported = graph.modules[gap.edge.to]
        let only = gap.platforms.joined(separator: ", ")
        let key = [importer.id, imported.id, gap.edge.site.file, "platform"]
        guard let path = gap.transitivePath else {
            return Finding(
                site: gap.edge.site,
                message: "\(importer.id) imports \(imported.id) unconditionally, but the dependency that provides it is declared only for \(only), and no other dependency brings it in: "
                    + "guard the import with #if os(…) or #if canImport(\(imported.name))",
                module: importer.id,
                key: key
            )
        }
        let chain = path.map { graph.modules[$0].id }.joined(separator: " -> ")
        var finding = Finding(
            site: gap.edge.site,
            message: "\(importer.id) imports \(imported.id) unconditionally; the dependency that provides it is declared only for \(only), and elsewhere it is reachable "
                + "only transitively (\(chain)): declare it for every platform, or guard the import with #if os(…) or #if canImport(\(imported.name))",
            module: importer.id,
            key: key
        )
        finding.severity = context.configuration.transitiveImports
        return finding.severity == .off ? nil : finding
    }
}
