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
        /// An import somewhere in the workspace that builds only through this declaration
        /// (`Feature imports Models through App -> Kit`): removing it would break the
        /// build, so it is kept; `nil` when removing it (after every earlier finding's
        /// removal) leaves every import that builds today reachable.
        public var reachedThrough: String?
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
        if unused.contains(where: { $0.runtimeProvision == nil }) {
            var reach = RemovalReach(graph: graph)
            for position in unused.indices where unused[position].runtimeProvision == nil {
                let (provision, through) = reach.remove(unused[position], provisions: runtimeProvisions)
                unused[position].runtimeProvision = provision
                unused[position].reachedThrough = through
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
        // A target of an Xcode project outside the linted paths builds a module whose name
        // is not known here (`GRDBCustomSQLiteOSX` builds `GRDB`): not judged.
        for dependency in graph.externalDependencies where !dependency.isInstallList && !dependency.namesOutsideTarget {
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
        "XPC", "ServiceManagement", "IOKit", "Cocoa", "AppTrackingTransparency", "AdSupport", "CoreHaptics", "GameController",
        "MultipeerConnectivity", "NetworkExtension", "FileProvider", "QuickLook", "QuickLookThumbnailing", "PDFKit", "VisionKit",
        "CarPlay", "CallKit", "PushKit", "DeviceCheck", "CoreNFC", "CoreSpotlight", "LinkPresentation", "SensorKit", "HomeKit",
        "Messages", "Social", "Accounts", "OpenGLES", "GLKit", "MediaPlayer", "AudioToolbox", "VideoToolbox", "AVRouting",
        "CryptoTokenKit", "ExtensionFoundation", "ExtensionKit", "SharedWithYou", "GroupActivities", "MusicKit", "WeatherKit",
        "System", "Cxx", "CxxStdlib",
    ]
}

/// Whether removing unused declarations, one after the other, keeps the workspace
/// building: SwiftPM compiles an import of any module the importer reaches through
/// declared dependencies (what `undeclared-import` reports as a warning), so an edge no
/// source of its target imports may still carry a dependent's import. A removal is taken
/// only when every import that is reachable today stays reachable, with every removal
/// taken before it; any subset of the taken removals is safe too (reach only grows when
/// fewer edges go), so `fix` may apply some of them (the rest baselined or suppressed).
///
/// Removing edges out of the dependent A loses only what A itself stops reaching: a
/// module that reaches A still reaches, through A, whatever A still reaches. So only
/// imports of those lost modules, by modules that reach A, are looked at.
struct RemovalReach {
    private let graph: ModuleGraph
    private let predecessors: [[Int]]
    /// Workspace modules each module imports (not itself).
    private let imported: [[Int]]
    /// External module names each module imports that none of its own external
    /// declarations names, nor the toolchain: they may come through any dependency.
    private let unclaimedExternal: [[String]]
    /// Modules that declare a dependency outside the workspace.
    private let externalDeclarers: Set<Int>
    /// Indices into `graph.dependencies` of the removals taken.
    private var removed = Set<Int>()

    init(graph: ModuleGraph) {
        self.graph = graph
        var predecessors = [[Int]](repeating: [], count: graph.modules.count)
        for dependency in graph.dependencies { predecessors[dependency.to].append(dependency.from) }
        self.predecessors = predecessors
        var imported = [Set<Int>](repeating: [], count: graph.modules.count)
        for index in graph.imports.indices where graph.imports[index].from != graph.imports[index].to {
            imported[graph.imports[index].from].insert(graph.imports[index].to)
        }
        self.imported = imported.map { $0.sorted() }
        var claimed = [Set<String>](repeating: [], count: graph.modules.count)
        for dependency in graph.externalDependencies {
            claimed[dependency.from].insert(dependency.name.lowercased())
            claimed[dependency.from].insert(UnusedDependencies.c99Name(dependency.name).lowercased())
        }
        var unclaimed = [[String]](repeating: [], count: graph.modules.count)
        for (module, names) in graph.externalImports {
            unclaimed[module] = names.filter {
                !UnusedDependencies.toolchainModules.contains($0) && !claimed[module].contains($0.lowercased())
            }.sorted()
        }
        self.unclaimedExternal = unclaimed
        externalDeclarers = Set(graph.externalDependencies.map(\.from))
    }

    /// `start` and what it reaches through the declared dependencies not in `without`.
    private func reach(from start: Int, without: Set<Int>) -> Set<Int> {
        var seen: Set<Int> = [start]
        var stack = [start]
        while let current = stack.popLast() {
            for index in graph.outgoing[current] where !without.contains(index) {
                let next = graph.dependencies[index].to
                if seen.insert(next).inserted { stack.append(next) }
            }
        }
        return seen
    }

    /// Whether `start` reaches every one of `goals` through the declared dependencies not
    /// in `without`: breadth first, stopping when the last is found (most are one or two
    /// edges away).
    private func reaches(all goals: [Int], from start: Int, without: Set<Int>) -> Bool {
        var missing = Set(goals)
        var seen = [Bool](repeating: false, count: graph.modules.count)
        seen[start] = true
        var queue = [start]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for index in graph.outgoing[current] where !without.contains(index) {
                let next = graph.dependencies[index].to
                guard !seen[next] else { continue }
                seen[next] = true
                missing.remove(next)
                if missing.isEmpty { return true }
                queue.append(next)
            }
        }
        return missing.isEmpty
    }

    /// Takes the removal of `unused` when it keeps every import reachable and unlinks no
    /// module linked for what it provides at run time; otherwise returns why it is kept
    /// (a run-time provision, or an import that builds through it).
    mutating func remove(_ unused: UnusedDependencies.Unused, provisions: RuntimeProvisions) -> (provision: String?, through: String?) {
        let dependent = unused.dependent
        let modules = graph.modules
        let name = { (module: Int) in modules[module].id }
        let edge = "\(name(dependent)) -> \(unused.declaration.name)"
        // Modules that reach the dependent (itself first): the only ones that can lose reach.
        let predecessors = self.predecessors
        let dependents = { [dependent] + ModuleGraph.reachable(from: dependent, along: predecessors).subtracting([dependent]).sorted() }
        if unused.declaration.isExternal {
            // What an external product brings in is unknown: a dependent's import that no
            // product of its own names may come through it. (The dependent's own such
            // imports already keep the declaration from being reported.)
            for module in dependents().dropFirst() {
                if let first = unclaimedExternal[module].first {
                    return (nil, "\(name(module)) imports \(first), which may come through \(edge)")
                }
            }
            return (nil, nil)
        }
        let removing = removed.union(graph.outgoing[dependent].filter { graph.dependencies[$0].site == unused.declaration.site })
        // Still reached another way (the usual case): nothing is lost, nothing unlinked.
        if reaches(all: unused.declaration.modules, from: dependent, without: removing) {
            removed = removing
            return (nil, nil)
        }
        let before = reach(from: dependent, without: removed)
        let after = reach(from: dependent, without: removing)
        // What the module provides at run time, once nothing else links it.
        if let provision = provisions.provision(of: unused.declaration.modules, for: dependent, isLinkedOtherwise: { after.contains($0) }) {
            return (provision, nil)
        }
        let lost = before.subtracting(after)
        // A module the dependent links only through this edge (a dependency of the module
        // removed) stops being linked too: its resources, live values and registrations go
        // with it.
        for module in lost.subtracting(unused.declaration.modules).sorted() {
            if let provision = provisions.provision(of: [module], for: dependent, isLinkedOtherwise: { _ in false }, conformances: false) {
                return ("it links \(name(module)) only through this dependency, and \(name(module)) " + provision.dropFirst(3), nil)
            }
        }
        let lostDeclarers = lost.intersection(externalDeclarers)
        if !lost.isEmpty {
            for module in dependents() {
                let lostImports = imported[module].filter(lost.contains)
                let external = lostDeclarers.isEmpty ? [] : unclaimedExternal[module]
                guard !lostImports.isEmpty || !external.isEmpty else { continue }
                let now = module == dependent ? before : reach(from: module, without: removed)
                let then = module == dependent ? after : reach(from: module, without: removing)
                if let import_ = lostImports.first(where: { now.contains($0) && !then.contains($0) }) {
                    return (nil, "\(name(module)) imports \(name(import_)) through \(edge)")
                }
                // An external module comes with the package a workspace module declares.
                if let first = external.first, lostDeclarers.contains(where: { now.contains($0) && !then.contains($0) }) {
                    return (nil, "\(name(module)) imports \(first), which may come through \(edge)")
                }
            }
        }
        removed = removing
        return (nil, nil)
    }
}
