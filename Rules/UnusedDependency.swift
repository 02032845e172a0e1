import ModlintGraph
import ModlintRuleEngine

/// A declared dependency that no source file of the target imports.
public struct UnusedDependency: Rule {
    public static let description = RuleDescription(
        id: "unused-dependency",
        defaultSeverity: .warning,
        summary: "A target declares a dependency that none of its source files imports.",
        rationale: """
        Every declared dependency is an edge in the module graph: it is built before the \
        target, it is linked into it, and every architecture rule treats it as real. A \
        dependency that no source file imports only costs build time and hides the true \
        shape of the graph — and it lets code start using the module later without anyone \
        deciding that it should.

        A dependency counts as used when a source file of the target imports any module \
        it provides: any module of a product with several modules, or a module that one \
        of them re-exports with `@_exported import`. Imports under `#if` count. modlint \
        does not report what a missing import cannot prove: targets without Swift sources \
        (resource-only, C-family, binary and system targets), dependencies on plugins, \
        executables, macros, resource-only targets, system libraries and targets with \
        `linkerSettings:` and C-family targets that no module imports (a dependency on \
        them links a library or runtime shims), empty marker modules \
        (declared so that dependents can test `#if canImport(…)`), and products of packages \
        outside the workspace whose modules it cannot see (those are only reported when the target \
        imports no module that could belong to them). A C-family or system-library target \
        provides the module its `module.modulemap` declares, whatever the target is called. \
        To fix a finding, remove the dependency from the manifest.

        A module linked for what it provides at run time is not unused, though nothing \
        imports it: the live value of a dependency key declared in another module \
        (`ClientLive` with `extension Client: DependencyKey { static let liveValue = … }`), \
        DI registrations of other modules' types, a conformance of another module's \
        type to a protocol from elsewhere, or its `resources:` (copied into what links it). \
        When no other dependency links it, removing it \
        would still build and silently ship the test value, so it is kept, and a note says \
        why; `fix --remove-unused` leaves it alone. A module the target reaches through \
        another dependency anyway is reported as before: dropping the direct edge changes \
        nothing that runs.
        """,
        examples: [
            RuleExample("a feature declares networking but never imports it", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Feature", dependencies: ["Models", \u{2193}"Networking"]),
                        .target(name: "Networking"),
                        .target(name: "Models"),
                    ]
                )
                """,
                "Sources/Feature/Feature.swift": "import Models\n",
                "Sources/Networking/Client.swift": "struct Client {}\n",
                "Sources/Models/Model.swift": "struct Model {}\n",
            ]),
            RuleExample("a live-implementation module and a resource library nobody imports are kept, with a note", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Client"),
                        .target(name: "ClientLive", dependencies: ["Client"]),
                        .target(name: "Sounds", resources: [.process("Resources")]),
                        .target(name: "Feature", dependencies: ["Client", \u{2193}"ClientLive", \u{2193}"Sounds"]),
                    ]
                )
                """,
                "Sources/Sounds/Sounds.swift": "public enum Sounds {}\n",
                "Sources/Client/Client.swift": """
                import Dependencies

                public struct Client {
                    public var fetch: () async throws -> String
                }

                extension Client: TestDependencyKey {
                    public static let testValue = Client(fetch: { "" })
                }
                """,
                "Sources/ClientLive/Live.swift": """
                import Client
                import Dependencies

                extension Client: DependencyKey {
                    public static let liveValue = Client(fetch: { "live" })
                }
                """,
                "Sources/Feature/Feature.swift": "import Client\n",
            ]),
            RuleExample("a live module reached through another dependency anyway, and a module's own key: reported (Search, which links ClientLive, gets the note)", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Client"),
                        .target(name: "ClientLive", dependencies: ["Client"]),
                        .target(name: "Settings"),
                        .target(name: "Search", dependencies: ["Client", \u{2193}"ClientLive"]),
                        .target(name: "Feature", dependencies: ["Search", \u{2193}"ClientLive", \u{2193}"Settings"]),
                    ]
                )
                """,
                "Sources/Client/Client.swift": """
                import Dependencies

                public struct Client {}
                """,
                "Sources/ClientLive/Live.swift": """
                import Client
                import Dependencies

                extension Client: DependencyKey {
                    public static let liveValue = Client()
                }
                """,
                "Sources/Settings/Settings.swift": """
                import Dependencies

                public struct Settings {}

                // The key's own module: only a file that imports Settings can ask for it.
                extension Settings: DependencyKey {
                    public static let liveValue = Settings()
                }
                """,
                "Sources/Search/Search.swift": "import Client\n",
                "Sources/Feature/Feature.swift": "import Search\n",
            ]),
            RuleExample("products with several modules (one that links a library: depending on it is using it), re-exports, conditional imports and plugins", files: [
                "App/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    dependencies: [.package(path: "../Kit")],
                    targets: [
                        .target(name: "App", dependencies: [
                            .product(name: "KitSuite", package: "Kit"),
                            .product(name: "Umbrella", package: "Kit"),
                            .product(name: "Platform", package: "Kit", condition: .when(platforms: [.iOS])),
                            .product(name: "CodeGen", package: "Kit"),
                            .product(name: "Compression", package: "Kit"),
                            "Assets",
                        ]),
                        .target(name: "Assets", resources: [.process("Resources")]),
                    ]
                )
                """,
                "App/Sources/App/App.swift": """
                import KitUI
                import Parts
                #if os(iOS)
                import Platform
                #endif
                """,
                "Kit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Kit",
                    products: [
                        .library(name: "KitSuite", targets: ["KitCore", "KitUI"]),
                        .library(name: "Umbrella", targets: ["Umbrella"]),
                        .library(name: "Platform", targets: ["Platform"]),
                        .executable(name: "CodeGen", targets: ["CodeGen"]),
                        .library(name: "Compression", targets: ["Compression", "ZShim"]),
                    ],
                    targets: [
                        .target(name: "KitCore"), .target(name: "KitUI"),
                        .target(name: "Umbrella", dependencies: ["Parts"]), .target(name: "Parts"),
                        .target(name: "Platform"), .executableTarget(name: "CodeGen"),
                        .target(name: "Compression"), .target(name: "ZShim", linkerSettings: [.linkedLibrary("z")]),
                    ]
                )
                """,
                "Kit/Sources/KitCore/Core.swift": "public struct Core {}\n",
                "Kit/Sources/KitUI/UI.swift": "public struct UI {}\n",
                "Kit/Sources/Umbrella/Exports.swift": "@_exported import Parts\n",
                "Kit/Sources/Parts/Parts.swift": "public struct Part {}\n",
                "Kit/Sources/Platform/Platform.swift": "public struct Platform {}\n",
                "Kit/Sources/CodeGen/main.swift": "print(1)\n",
                "Kit/Sources/Compression/Compression.swift": "public enum Compression {}\n",
                "Kit/Sources/ZShim/Shim.swift": "public func inflate() {}\n",
            ]),
            RuleExample("C modules named by their module map, system libraries, linker settings and runtime shims", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: ["CShims", "CZlib", "Linked", "CRuntime"]),
                        .target(name: "CShims"),
                        .target(name: "CRuntime"),
                        .systemLibrary(name: "CZlib"),
                        .target(name: "Linked", linkerSettings: [.linkedLibrary("sqlite3")]),
                    ]
                )
                """,
                "Sources/App/App.swift": "import CShimsPrivate\n",
                "Sources/CShims/shim.c": "int shim(void) { return 0; }\n",
                "Sources/CShims/include/shim.h": "int shim(void);\n",
                "Sources/CShims/include/module.modulemap": "// the module Swift imports\nmodule CShimsPrivate {\n    header \"shim.h\"\n    export *\n}\n",
                "Sources/CZlib/module.modulemap": "module CZlib [system] {\n    link \"z\"\n}\n",
                "Sources/Linked/Linked.swift": "public struct Linked {}\n",
                "Sources/CRuntime/runtime.c": "void *swift_runtime_hook(void) { return 0; }\n",
            ]),
            RuleExample("an external product the target may import under another name", files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Tool",
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-collections", from: "1.0.0"),
                        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
                    ],
                    targets: [
                        .target(name: "Tool", dependencies: [
                            .product(name: "Collections", package: "swift-collections"),
                            \u{2193}.product(name: "Logging", package: "swift-log"),
                        ]),
                        .target(name: "Other", dependencies: [.product(name: "Collections", package: "swift-collections")]),
                    ]
                )
                """,
                "Sources/Tool/Tool.swift": "import Foundation\nimport Collections\n",
                "Sources/Other/Other.swift": "import OrderedCollections\n",
            ]),
            RuleExample("a pod's podspec lists a pod it never imports; the Podfile's list is about installing (development pods must be listed there) and is not judged", files: [
                "App.xcodeproj/project.pbxproj": XcodeExampleProjects.app(),
                "App/App.swift": "import Profile\n",
                "Podfile": "target 'App' do\n  pod 'Profile', :path => 'Modules/Profile'\n  pod 'Networking', :path => 'Modules/Networking'\nend\n",
                "Modules/Profile/Profile.podspec": "Pod::Spec.new do |s|\n  s.name = 'Profile'\n  s.source_files = '*.swift'\n\u{2193}  s.dependency 'Networking'\nend\n",
                "Modules/Profile/Profile.swift": "public struct Profile {}\n",
                "Modules/Networking/Networking.podspec": "Pod::Spec.new do |s|\n  s.name = 'Networking'\n  s.source_files = '*.swift'\nend\n",
                "Modules/Networking/Client.swift": "public struct Client {}\n",
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let graph = context.graph
        let workspace = context.workspace
        /// The names a module's files import, lower-cased (a C module's name, from its
        /// module map, may differ in case only). Made when a declaration is in question:
        /// most declared dependencies are settled by the import edges alone.
        func importedNames(of module: ModuleGraph.Module) -> Set<String> {
            let files = workspace.packages[module.packageIndex].targets[module.targetIndex].files
            var written = Set<String>()
            for fileIndex in files.indices {
                let imports = files[fileIndex].summary.imports
                for importIndex in imports.indices { written.insert(imports[importIndex].module) }
            }
            // Once per distinct name: a module's files import the same few modules.
            return Set(written.map { $0.lowercased() })
        }
        var importedModules = [Set<Int>](repeating: [], count: graph.modules.count)
        for edgeIndex in graph.imports.indices { importedModules[graph.imports[edgeIndex].from].insert(graph.imports[edgeIndex].to) }
        let importedAnywhere = Set(graph.imports.map(\.to))

        // Declarations, grouped by their manifest site: a product of several modules is one.
        struct Declaration {
            var site: Site
            var name: String
            var modules: [Int] = []
            var isExternal = false
        }
        var declarations: [Int: [Site: Declaration]] = [:]
        for dependency in graph.dependencies {
            let package = context.workspace.packages[graph.modules[dependency.from].packageIndex]
            let target = package.targets[graph.modules[dependency.from].targetIndex].declaration
            // A pod a Podfile installs: CocoaPods needs every development pod listed there
            // (and nested targets inherit their host's), used directly or not, so the list
            // is about installing, not importing.
            if Self.isPodfile(dependency.site.file) { continue }
            let name = target.dependencies.first {
                $0.line == dependency.site.line && $0.column == dependency.site.column && ($0.file ?? package.file(declaring: target)) == dependency.site.file
            }?.name ?? graph.modules[dependency.to].name
            declarations[dependency.from, default: [:]][dependency.site, default: Declaration(site: dependency.site, name: name)].modules.append(dependency.to)
        }
        for dependency in graph.externalDependencies {
            if Self.isPodfile(dependency.site.file) { continue }
            declarations[dependency.from, default: [:]][dependency.site] = Declaration(site: dependency.site, name: dependency.name, isExternal: true)
        }

        var findings: [Finding] = []
        let runtimeProvisions = RuntimeProvisions(context: context)
        for (index, module) in graph.modules.enumerated() {
            let target = workspace.packages[module.packageIndex].targets[module.targetIndex]
            // Without Swift sources there is nothing to prove a dependency unused.
            guard [.regular, .executable, .test, .macro].contains(module.kind), !target.files.isEmpty,
                  let own = declarations[index] else { continue }
            var knownImportedNames: Set<String>?
            func imported() -> Set<String> {
                if let knownImportedNames { return knownImportedNames }
                let names = importedNames(of: module)
                knownImportedNames = names
                return names
            }
            let externalNames = Set(own.values.filter(\.isExternal).map(\.name))
            // External imports that no external dependency claims by name and that are not
            // toolchain modules may come from any external product of the target.
            let unclaimed = (graph.externalImports[index] ?? []).filter {
                !externalNames.contains($0) && !Self.toolchainModules.contains($0) && !Self.isWorkspaceModuleName($0, graph)
            }
            for declaration in own.values.sorted(by: { ($0.site.line, $0.site.column) < ($1.site.line, $1.site.column) }) {
                if declaration.isExternal {
                    guard !imported().contains(declaration.name.lowercased()), !imported().contains(Self.c99Name(declaration.name).lowercased()),
                          unclaimed.isEmpty, !declaration.name.lowercased().contains("plugin") else { continue }
                } else {
                    let providers = declaration.modules.filter {
                        Self.isImportable(graph.modules[$0], workspace: context) && !Self.isLinkOnly($0, context: context, importedAnywhere: importedAnywhere)
                    }
                    guard providers.count == declaration.modules.count, !providers.isEmpty else { continue }
                    var provided = Set(providers)
                    for provider in providers { provided.formUnion(graph.reexportedModules(of: provider)) }
                    if !provided.isDisjoint(with: importedModules[index]) { continue }
                    if provided.contains(where: { imported().contains(Self.c99Name(graph.modules[$0].name).lowercased()) }) { continue }
                }
                if !declaration.isExternal, let provision = runtimeProvisions.provision(of: declaration.modules, for: index) {
                    // Linked for what it provides at run time: removing it would still build
                    // and silently change what the app runs. Kept, and said so.
                    var note = Finding(
                        site: declaration.site,
                        message: "\(module.id) imports nothing from \(declaration.name), but the dependency is kept: \(provision); "
                            + "removing it would still build and change what runs",
                        module: module.id,
                        key: [module.id, declaration.name, "kept"],
                        edges: declaration.modules.map { ModuleEdge(from: module.id, to: graph.modules[$0].id) }
                    )
                    note.severity = .note
                    findings.append(note)
                    continue
                }
                var finding = Finding(
                    site: declaration.site,
                    message: "\(module.id) declares a dependency on \(declaration.name) but none of its source files imports it",
                    module: module.id,
                    key: [module.id, declaration.name],
                    edges: declaration.isExternal ? [ModuleEdge(from: module.id, to: declaration.name)]
                        : declaration.modules.map { ModuleEdge(from: module.id, to: graph.modules[$0].id) }
                )
                let package = context.workspace.packages[module.packageIndex]
                let target = package.targets[module.targetIndex].declaration
                finding.fix = DependencyFix(action: .remove, manifest: declaration.site.file, target: target.name,
                                            dependency: declaration.name, isXcodeProject: package.kind == .xcodeProject && package.generator == nil)
                findings.append(finding)
            }
        }
        return findings
    }

    static func isPodfile(_ path: String) -> Bool {
        path == "Podfile" || path.hasSuffix("/Podfile")
    }

    /// Modules a target can prove it uses by importing them: not plugins, executables or
    /// macros (used by building, running or expanding them), not resource-only targets
    /// (used through their bundle), not system libraries or targets with linker settings
    /// (used by linking).
    static func isImportable(_ module: ModuleGraph.Module, workspace context: LintContext) -> Bool {
        guard module.kind == .regular || module.kind == .binary else { return false }
        if module.kind != .regular { return true }
        let target = context.workspace.packages[module.packageIndex].targets[module.targetIndex]
        // Linker settings link a library into every dependent: depending is using.
        if target.declaration.hasLinkerSettings { return false }
        if target.files.isEmpty { return !target.declaration.hasResources }
        // An empty marker module (`SwiftSyntax509`) is declared so that dependents can ask
        // `#if canImport(…)`, not to be imported by the target that declares it.
        return target.files.contains { !$0.summary.declarations.isEmpty || !$0.summary.imports.isEmpty }
    }

    /// A C-family target (no Swift files) that no module of the workspace imports provides
    /// symbols to link (runtime shims), not a module to import: depending is using.
    static func isLinkOnly(_ module: Int, context: LintContext, importedAnywhere: Set<Int>) -> Bool {
        let provider = context.graph.modules[module]
        return provider.kind == .regular && !importedAnywhere.contains(module)
            && context.workspace.packages[provider.packageIndex].targets[provider.targetIndex].files.isEmpty
    }

    static func isWorkspaceModuleName(_ name: String, _ graph: ModuleGraph) -> Bool {
        graph.index(of: name) != nil
    }

    /// SwiftPM's module name for a target or product name (`swift-foo` → `swift_foo`).
    static func c99Name(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// Modules of the toolchain and the Apple SDKs: importing them says nothing about
    /// which external package a target uses.
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials", "FoundationNetworking",
        "FoundationXML", "Dispatch", "Darwin", "Glibc", "Musl", "WinSDK", "Android", "WASILibc", "ucrt", "CRT",
        "XCTest", "Testing", "Observation", "Synchronization", "RegexBuilder", "Distributed", "os", "OSLog",
        "SwiftUI", "UIKit", "AppKit", "WatchKit", "Combine", "CoreData", "CoreGraphics", "CoreFoundation",
        "CoreLocation", "CoreImage", "CoreText", "CoreMedia", "CoreVideo", "CoreAudio", "CoreML", "CoreBluetooth",
        "CoreMotion", "CoreServices", "CoreTransferable", "QuartzCore", "Metal", "MetalKit", "AVFoundation", "AVKit",
        "Photos", "PhotosUI", "MapKit", "WebKit", "SafariServices", "StoreKit", "UserNotifications", "HealthKit",
        "CloudKit", "Security", "LocalAuthentication", "AuthenticationServices", "Network", "SystemConfiguration",
        "CryptoKit", "CommonCrypto", "Accelerate", "GameKit", "SpriteKit", "SceneKit", "RealityKit", "ARKit",
        "Vision", "NaturalLanguage", "Speech", "Intents", "IntentsUI", "AppIntents", "WidgetKit", "ActivityKit",
        "BackgroundTasks", "Contacts", "ContactsUI", "EventKit", "MessageUI", "PassKit", "UniformTypeIdentifiers",
        "ImageIO", "MobileCoreServices", "Charts", "SwiftData", "TipKit", "SwiftOverlayShims", "ObjectiveC",
    ]
}

/// What a module provides at run time without being imported: live values of dependency
/// keys (`extension Client: DependencyKey { static let liveValue = … }` in `ClientLive`),
/// DI registrations, conformances it adds to types declared elsewhere in the dependent's
/// closure, and resources bundled with it. A target links such a module to get them; no
/// import shows it.
/// Computed only for dependencies about to be reported.
final class RuntimeProvisions {
    private let context: LintContext
    private var declaredNames: [Int: Set<String>] = [:]
    private var closures: [Int: Set<Int>] = [:]

    init(context: LintContext) { self.context = context }

    /// Why `modules` (one declared dependency of `dependent`) are linked, or `nil`.
    func provision(of modules: [Int], for dependent: Int) -> String? {
        for module in modules {
            if let reason = provision(of: module, for: dependent) { return reason }
        }
        return nil
    }

    private func provision(of module: Int, for dependent: Int) -> String? {
        let graph = context.graph
        // Linked anyway through another dependency: dropping this edge changes nothing
        // that runs, and the warning stands.
        if isReachable(module, from: dependent) { return nil }
        let info = graph.modules[module]
        let target = context.workspace.packages[info.packageIndex].targets[info.targetIndex]
        // Its resources are copied into whatever links it (isowords' sound libraries, read
        // by name from the app's bundle).
        if target.declaration.hasResources { return "it bundles resources (its `resources:`) into what links it" }
        let files = target.files
        let own = names(declaredIn: module)
        for file in files {
            let di = file.summary.di
            // A key of the module's own type is read only through an import of it: the live
            // value that matters is one for a key declared elsewhere (`ClientLive` for `Client`).
            if let key = di.keys.first(where: { $0.liveValue != nil && !own.contains(SpeziModel.simpleName($0.type)) }) {
                return "it provides the live value of \(key.type) (\(file.path):\(key.liveValue!.line))"
            }
            // (A key path's accessor, `extension DependencyValues { var x }`, is an
            // interface: usable only where the module is imported.)
            if let registration = di.registrations.first(where: { !$0.key.isProperty && !own.contains(SpeziModel.simpleName($0.key.id)) }) {
                return "it registers \(registration.key) (\(file.path):\(registration.site.line))"
            }
        }
        let closure = self.closure(of: dependent)
        for file in files {
            for declaration in file.summary.declarations where declaration.kind == .extension && !declaration.inheritance.isEmpty {
                let extended = declaration.name
                // A conformance to a protocol of the module itself is used only where the
                // module is imported (`extension ValueType: WasmEncodable` inside WAT); one
                // to a protocol from elsewhere (`extension Client: DependencyKey`) is found
                // at run time by whoever asks for it.
                let foreign = declaration.inheritance.contains { !own.contains(SpeziModel.simpleName($0)) }
                guard foreign, !own.contains(extended),
                      closure.contains(where: { $0 != module && names(declaredIn: $0).contains(extended) }) else { continue }
                return "it adds the conformance \(extended): \(declaration.inheritance.joined(separator: ", ")) (\(file.path):\(declaration.line))"
            }
        }
        return nil
    }

    /// The types a module declares (not extends), made once per module asked about: only
    /// the modules around a dependency that is about to be reported.
    private func names(declaredIn module: Int) -> Set<String> {
        if let known = declaredNames[module] { return known }
        let info = context.graph.modules[module]
        var names = Set<String>()
        for file in context.workspace.packages[info.packageIndex].targets[info.targetIndex].files {
            file.summary.declarations.withUnsafeBufferPointer { declarations in
                for index in declarations.indices where declarations[index].kind != .extension && declarations[index].kind != .typealias {
                    names.insert(declarations[index].name)
                }
            }
        }
        declaredNames[module] = names
        return names
    }

    /// Whether `dependent` reaches `module` through its other dependencies (not the direct edge).
    private func isReachable(_ module: Int, from dependent: Int) -> Bool {
        let next = successors()
        var seen: Set<Int> = [dependent]
        var stack = next[dependent].filter { $0 != module }
        while let current = stack.popLast() {
            if current == module { return true }
            guard seen.insert(current).inserted else { continue }
            stack += next[current]
        }
        return false
    }

    private var successorLists: [[Int]]?

    private func successors() -> [[Int]] {
        if let successorLists { return successorLists }
        var next = [[Int]](repeating: [], count: context.graph.modules.count)
        for dependency in context.graph.dependencies { next[dependency.from].append(dependency.to) }
        successorLists = next
        return next
    }

    /// The module and everything it depends on, transitively.
    private func closure(of module: Int) -> Set<Int> {
        if let cached = closures[module] { return cached }
        let seen = ModuleGraph.reachable(from: module, along: successors())
        closures[module] = seen
        return seen
    }
}
