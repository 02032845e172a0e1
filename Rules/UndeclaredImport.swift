import ModlintGraph
import ModlintWorkspace
import ModlintRuleEngine

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
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        var adjacency = [[Int]](repeating: [], count: graph.modules.count)
        for dependency in graph.dependencies { adjacency[dependency.from].append(dependency.to) }
        var findings: [Finding] = []
        // Per importing module, made at its first import; read in place (a copy of the set
        // per import edge was most of this rule's time).
        var visibleByModule = [Set<Int>?](repeating: nil, count: graph.modules.count)
        // One finding per (importer, imported module): the first import, the rest related.
        var groups: [Int: [ModuleGraph.Import]] = [:]
        var order: [Int] = []
        var platformChecked = Set<Int>()
        var silenced: [Int] = []
        // Only a module with a platform-conditional dependency can import across a platform
        // gap: the check runs for few of the many import edges.
        let hasConditionalDependency = graph.outgoing.map { $0.contains { graph.dependencies[$0].platforms != nil } }
        // Edges are read in place: nearly all of them are declared, and a copy of each
        // edge and of its two modules would cost more than the check.
        for edgeIndex in graph.imports.indices {
            let from = graph.imports[edgeIndex].from, to = graph.imports[edgeIndex].to
            if visibleByModule[from] == nil {
                // Declared dependencies, plus what they re-export with `@_exported import`.
                var visible = Set(adjacency[from])
                for dependency in adjacency[from] { visible.formUnion(graph.reexportedModules(of: dependency)) }
                visibleByModule[from] = visible
            }
            let pair = from &* graph.modules.count &+ to
            if visibleByModule[from]!.contains(to) {
                if hasConditionalDependency[from],
                   let finding = Self.platformMismatch(graph.imports[edgeIndex], context: context, adjacency: adjacency),
                   platformChecked.insert(pair).inserted {
                    findings.append(finding)
                }
                continue
            }
            let edge = graph.imports[edgeIndex]
            let importer = graph.modules[from]
            let imported = graph.modules[to]
            if let condition = edge.fact.condition, condition.contains("canImport(\(imported.name))") { continue }
            if Self.isCompiledOnlyOnRequest(edge, importer: importer, context: context) { continue }
            // Part of the declared list is unknown: the import may be declared there.
            if context.workspace.packages[importer.packageIndex].targets[importer.targetIndex].declaration.dependenciesIncomplete {
                if !silenced.contains(edge.from) { silenced.append(edge.from) }
                continue
            }
            // An Xcode target whose project references no package with that module may get
            // it from outside what modlint reads (CocoaPods, Carthage, search paths): unknown.
            if edge.isAttributedByName && importer.productType != nil
                && context.workspace.packages[importer.packageIndex].generator?.declaresEveryDependency != true { continue }
            if groups[pair] == nil { order.append(pair) }
            groups[pair, default: []].append(edge)
        }
        let transitiveSeverity = context.configuration.transitiveImports
        for pair in order {
            let edges = groups[pair]!.sorted { ($0.site.file, $0.site.line, $0.site.column) < ($1.site.file, $1.site.line, $1.site.column) }
            let edge = edges[0]
            let importer = graph.modules[edge.from], imported = graph.modules[edge.to]
            let declaration = context.workspace.packages[importer.packageIndex].targets[importer.targetIndex].declaration
            // An Xcode target's module name may differ from its target name: say both.
            let importedName = imported.id.hasSuffix(imported.name) ? imported.id : "\(imported.name) (target \(imported.id))"
            let files = Set(edges.map(\.site.file)).count
            let whereImported = files > 1 ? " (in \(files) files)" : ""
            let advice = DeclarationAdvice(context: context, importer: importer, imported: imported)
            let message: String
            var severity: Severity?
            let transitivePath = Self.path(from: edge.from, to: edge.to, adjacency: adjacency)
            let isTransitive = transitivePath != nil
            if let path = transitivePath {
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
                if !edges.contains(where: { Self.isCompiledByDefault($0, importer: importer, context: context) }) { severity = .warning }
            }
            if severity == .off { continue }
            var conditionSuffix = edge.fact.condition.map { " [under #if \($0)]" } ?? ""
            if severity == .warning && !isTransitive { conditionSuffix += " (no default debug or release build compiles it)" }
            var related = [RelatedLocation(file: context.workspace.packages[importer.packageIndex].file(declaring: declaration), line: declaration.line,
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
            let importerPackage = context.workspace.packages[importer.packageIndex]
            let traits = importerPackage.manifest.traits
            finding.fix = advice.fix.map { fix in
                // Conditions are SwiftPM's (`condition: .when(…)`): a project's spec has none.
                guard importerPackage.kind == .swiftPackage else { return fix }
                // Imported only under `#if os(…)`: declared for those platforms only.
                var fix = fix
                // … or under `#if FLAG` for a flag the target defines for some platforms only.
                let defined = declaration.definedFlags
                let platforms = edges.map { edge in
                    edge.fact.condition.flatMap { condition in
                        DependencyFix.platforms(ofCondition: condition) ?? CompilationCondition.requiredFlags(condition)
                            .compactMap { flag in defined.first { $0.name == flag }?.platforms }.first { !$0.isEmpty }
                            .map { $0.map(DependencyFix.platformMember) }
                    }
                }
                if !platforms.contains(where: { $0 == nil }) {
                    fix.platforms = platforms.compactMap { $0 }.flatMap { $0 }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
                }
                // Imported only under `#if Trait` (a trait of the package): declared for it.
                let required = edges.map { $0.fact.condition.map { CompilationCondition.requiredFlags($0).filter(traits.contains) } ?? [] }
                if !traits.isEmpty, !required.contains(where: \.isEmpty) {
                    fix.traits = required.flatMap { $0 }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
                }
                return fix
            }
            findings.append(finding)
        }
        for module in silenced {
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

    /// Whether a default debug or release build for one of the importer's platforms
    /// compiles the import (`CompilationCondition`): always without `#if`; under `#if`,
    /// when `DEBUG`, a flag the manifest can define, a trait or a platform can make it true.
    /// A condition modlint cannot parse counts as not proven (the cautious side).
    static func isCompiledByDefault(_ edge: ModuleGraph.Import, importer: ModuleGraph.Module, context: LintContext) -> Bool {
        guard let condition = edge.fact.condition else { return true }
        let package = context.workspace.packages[importer.packageIndex]
        let manifest = package.manifest
        // An Xcode target builds for its SDK's platforms; a SwiftPM target for the package's.
        let targetPlatforms = package.targets[importer.targetIndex].declaration.platforms
        let platforms = context.configuration.platforms ?? (targetPlatforms.isEmpty ? manifest.platforms : targetPlatforms)
        return CompilationCondition.isCompiledByDefault(condition, platforms: platforms,
                                                       settableFlags: importer.productType == nil ? manifest.flagCandidates : []) == true
    }

    /// An import under `#if FLAG` for a custom flag that the package's manifest cannot
    /// define (no string literal names it, so no `.define("FLAG")` exists): SwiftPM never
    /// compiles it unless someone passes `-Xswiftc -DFLAG` (swift-collections' imports
    /// under `#if COLLECTIONS_SINGLE_MODULE`, for its CMake build). Xcode targets take
    /// their flags from build settings and are not judged.
    static func isCompiledOnlyOnRequest(_ edge: ModuleGraph.Import, importer: ModuleGraph.Module, context: LintContext) -> Bool {
        guard importer.productType == nil, let condition = edge.fact.condition else { return false }
        let defined = context.workspace.packages[importer.packageIndex].manifest.flagCandidates
        return conjuncts(of: condition).contains { flag in
            flag != "DEBUG" && isIdentifier(flag) && !defined.contains(String(flag))
        }
    }

    /// The parts of `A && (B && C)` that must all hold: `A`, `B`, `C` (a disjunction or a
    /// negation is one opaque part).
    static func conjuncts(of condition: Substring) -> [Substring] {
        var text = trimmed(condition)
        while text.hasPrefix("("), text.hasSuffix(")"), enclosesAll(text) { text = trimmed(text.dropFirst().dropLast()) }
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0, text[index...].hasPrefix("&&") {
                parts.append(text[start..<index])
                index = text.index(index, offsetBy: 2)
                start = index
                continue
            }
            if depth == 0, text[index...].hasPrefix("||") { return [text] }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts.count == 1 ? [trimmed(parts[0])] : parts.flatMap { conjuncts(of: $0) }
    }

    static func conjuncts(of condition: String) -> [Substring] { conjuncts(of: condition[...]) }

    /// True when the first `(` closes at the last character: `(A && B)`, not `(A) && (B)`.
    private static func enclosesAll(_ text: Substring) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var result = text
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
                || (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
            || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
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
        let only = platforms.sorted().joined(separator: ", ")
        // Elsewhere an unconditional dependency may still bring the module in, transitively:
        // the import builds by accident there, it does not break.
        let unconditional = declarations.filter { $0.platforms == nil }.map(\.to)
        if let path = unconditional.lazy.compactMap({ Self.path(from: $0, to: edge.to, adjacency: adjacency) }).first {
            let chain = ([importer.id] + path.map { graph.modules[$0].id }).joined(separator: " -> ")
            var finding = Finding(
                site: edge.site,
                message: "\(importer.id) imports \(imported.id) unconditionally; the dependency that provides it is declared only for \(only), and elsewhere it is reachable "
                    + "only transitively (\(chain)): declare it for every platform, or guard the import with #if os(…) or #if canImport(\(imported.name))",
                module: importer.id,
                key: [importer.id, imported.id, edge.site.file, "platform"]
            )
            finding.severity = context.configuration.transitiveImports
            return finding.severity == .off ? nil : finding
        }
        return Finding(
            site: edge.site,
            message: "\(importer.id) imports \(imported.id) unconditionally, but the dependency that provides it is declared only for \(only), and no other dependency brings it in: "
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
