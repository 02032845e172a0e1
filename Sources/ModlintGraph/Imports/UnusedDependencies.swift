import ModlintFacts
import ModlintWorkspace

/// Declared dependencies that no source file of the target imports: the analysis behind
/// `unused-dependency`. The rule words the findings; this decides what a missing import
/// proves, and what a module still provides at run time without being imported.
public struct UnusedDependencies: Sendable {
    /// One declaration of a manifest site: a product of several modules is one.
    public struct Declaration: Sendable {
        public var site: Site
        /// As written: the product or target name.
        public var name: String
        /// The workspace modules it provides (empty for an external product).
        public var modules: [Int] = []
        public var isExternal = false
    }

    public struct Unused: Sendable {
        public var dependent: Int
        public var declaration: Declaration
        /// Why the module is linked although nothing imports it (its live value, a
        /// registration, a conformance, its resources), or `nil`: unused.
        public var runtimeProvision: String?
    }

    /// By dependent module, then by line and column of the declaration.
    public private(set) var unused: [Unused] = []

    public init(workspace: Workspace, graph: ModuleGraph) {
        var importedModules = [Set<Int>](repeating: [], count: graph.modules.count)
        for edgeIndex in graph.imports.indices { importedModules[graph.imports[edgeIndex].from].insert(graph.imports[edgeIndex].to) }
        let importedAnywhere = Set(graph.imports.map(\.to))
        let declarations = Self.declarations(workspace: workspace, graph: graph)
        let runtimeProvisions = RuntimeProvisions(workspace: workspace, graph: graph)
        for (index, module) in graph.modules.enumerated() {
            let target = workspace.target(of: module)
            // Without Swift sources there is nothing to prove a dependency unused.
            guard [.regular, .executable, .test, .macro].contains(module.kind), !target.files.isEmpty,
                  let own = declarations[index] else { continue }
            var knownImportedNames: Set<String>?
            func imported() -> Set<String> {
                if let knownImportedNames { return knownImportedNames }
                let names = Self.importedNames(of: target)
                knownImportedNames = names
                return names
            }
            let externalNames = Set(own.values.filter(\.isExternal).map(\.name))
            // External imports that no external dependency claims by name and that are not
            // toolchain modules may come from any external product of the target.
            let unclaimed = (graph.externalImports[index] ?? []).filter {
                !externalNames.contains($0) && !Self.toolchainModules.contains($0) && graph.index(of: $0) == nil
            }
            for declaration in own.values.sorted(by: { ($0.site.line, $0.site.column) < ($1.site.line, $1.site.column) }) {
                if declaration.isExternal {
                    guard !imported().contains(declaration.name.lowercased()), !imported().contains(Self.c99Name(declaration.name).lowercased()),
                          unclaimed.isEmpty, !declaration.name.lowercased().contains("plugin") else { continue }
                } else {
                    let providers = declaration.modules.filter {
                        Self.isImportable(graph.modules[$0], workspace: workspace)
                            && !Self.isLinkOnly($0, workspace: workspace, graph: graph, importedAnywhere: importedAnywhere)
                    }
                    guard providers.count == declaration.modules.count, !providers.isEmpty else { continue }
                    var provided = Set(providers)
                    for provider in providers { provided.formUnion(graph.reexportedModules(of: provider)) }
                    if !provided.isDisjoint(with: importedModules[index]) { continue }
                    if provided.contains(where: { imported().contains(Self.c99Name(graph.modules[$0].name).lowercased()) }) { continue }
                }
                let provision = declaration.isExternal ? nil : runtimeProvisions.provision(of: declaration.modules, for: index)
                unused.append(Unused(dependent: index, declaration: declaration, runtimeProvision: provision))
            }
        }
    }

    /// Declarations by dependent and manifest site. A pod a Podfile installs is not one:
    /// CocoaPods needs every development pod listed there, used directly or not, so that
    /// list is about installing, not importing.
    private static func declarations(workspace: Workspace, graph: ModuleGraph) -> [Int: [Site: Declaration]] {
        var declarations: [Int: [Site: Declaration]] = [:]
        for dependency in graph.dependencies where !dependency.isInstallList {
            let package = workspace.packages[graph.modules[dependency.from].packageIndex]
            let target = package.targets[graph.modules[dependency.from].targetIndex].declaration
            let name = target.dependencies.first {
                $0.line == dependency.site.line && $0.column == dependency.site.column && ($0.file ?? package.file(declaring: target)) == dependency.site.file
            }?.name ?? graph.modules[dependency.to].name
            declarations[dependency.from, default: [:]][dependency.site, default: Declaration(site: dependency.site, name: name)].modules.append(dependency.to)
        }
        for dependency in graph.externalDependencies where !dependency.isInstallList {
            declarations[dependency.from, default: [:]][dependency.site] = Declaration(site: dependency.site, name: dependency.name, isExternal: true)
        }
        return declarations
    }

    /// The names a target's files import, lower-cased (a C module's name, from its module
    /// map, may differ in case only). Made when a declaration is in question: most declared
    /// dependencies are settled by the import edges alone.
    private static func importedNames(of target: Target) -> Set<String> {
        var written = Set<String>()
        for fileIndex in target.files.indices {
            let imports = target.files[fileIndex].summary.imports
            for importIndex in imports.indices { written.insert(imports[importIndex].module) }
        }
        // Once per distinct name: a module's files import the same few modules.
        return Set(written.map { $0.lowercased() })
    }

    /// Modules a target can prove it uses by importing them: not plugins, executables or
    /// macros (used by building, running or expanding them), not resource-only targets
    /// (used through their bundle), not system libraries or targets with linker settings
    /// (used by linking).
    static func isImportable(_ module: ModuleGraph.Module, workspace: Workspace) -> Bool {
        guard module.kind == .regular || module.kind == .binary else { return false }
        if module.kind != .regular { return true }
        let target = workspace.target(of: module)
        // Linker settings link a library into every dependent: depending is using.
        if target.declaration.hasLinkerSettings { return false }
        if target.files.isEmpty { return !target.declaration.hasResources }
        // An empty marker module (`SwiftSyntax509`) is declared so that dependents can ask
        // `#if canImport(…)`, not to be imported by the target that declares it.
        return target.files.contains { !$0.summary.declarations.isEmpty || !$0.summary.imports.isEmpty }
    }

    /// A C-family target (no Swift files) that no module of the workspace imports provides
    /// symbols to link (runtime shims), not a module to import: depending is using.
    static func isLinkOnly(_ module: Int, workspace: Workspace, graph: ModuleGraph, importedAnywhere: Set<Int>) -> Bool {
        let provider = graph.modules[module]
        return provider.kind == .regular && !importedAnywhere.contains(module)
            && workspace.target(of: provider).files.isEmpty
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
