import ModlintFacts
import ModlintManifest
import ModlintWorkspace
import ModlintXcode

/// A place in a file of the workspace.
public struct Site: Sendable, Equatable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// Targets of the workspace as nodes; dependencies declared in manifests and imports seen
/// in sources as edges. Indices are stable: modules are sorted by id.
public struct ModuleGraph: Sendable {
    public struct Module: Sendable, Equatable {
        /// The target name where it is unique in the workspace, else `package/target`
        /// (for SwiftPM the target name is the module name; an Xcode target's may differ).
        public var id: String
        /// The module name: what `import` names.
        public var name: String
        public var package: String
        public var kind: ManifestTarget.Kind
        /// What an Xcode target builds (`nil` for SwiftPM targets).
        public var productType: XcodeProductType? = nil
        /// A module of a dependency read as context: it informs rules, it is not linted.
        public var isContext = false
        public var directory: String?
        /// Index into `workspace.packages` and into that package's `targets`.
        public var packageIndex: Int
        public var targetIndex: Int
    }

    /// A manifest dependency that resolved to a workspace module.
    public struct Dependency: Sendable, Equatable {
        public var from: Int
        public var to: Int
        /// The product it came through (`.product(name:package:)`), if any.
        public var product: String?
        public var site: Site
        /// `.when(platforms:)`, lower-cased; `nil` = every platform.
        public var platforms: [String]?
        /// Listed to be installed (a Podfile's pods), not as a claim of use.
        public var isInstallList = false
        /// A target of a project outside the linted paths: its module name is unknown.
        public var namesOutsideTarget = false
    }

    /// A manifest dependency on something outside the workspace.
    public struct ExternalDependency: Sendable, Equatable {
        public var from: Int
        public var name: String
        public var package: String?
        public var site: Site
        /// Listed to be installed (a Podfile's pods), not as a claim of use.
        public var isInstallList = false
        /// A target of a project outside the linted paths: its module name is unknown.
        public var namesOutsideTarget = false
    }

    /// An `import` of a workspace module, as the graph keeps it: one per import of the
    /// workspace, so only what the rules read (the file's summary keeps the whole fact).
    public struct Import: Sendable, Equatable {
        /// A `#if` condition's text, boxed: few imports have one, and the graph keeps every
        /// import of the workspace (an optional string inline was a quarter of each).
        private final class Condition: Sendable {
            let text: String
            init(_ text: String) { self.text = text }
        }

        @Int32Backed public var from: Int
        @Int32Backed public var to: Int
        @Int32Backed private var line: Int
        @Int32Backed private var column: Int
        private var flags: UInt8
        private var conditionBox: Condition?
        /// The importing file (root-relative).
        public var file: String

        /// Readable `#if` condition, `nil` when unconditional.
        public var condition: String? { conditionBox?.text }
        public var site: Site { Site(file: file, line: line, column: column) }
        /// `@_exported import`.
        public var isExported: Bool { flags & 1 != 0 }
        /// `@testable import`.
        public var isTestable: Bool { flags & 2 != 0 }
        /// The module lies in no package the importer's package can see: it was found by
        /// its name alone (unique in the workspace). An Xcode target may get such a module
        /// from outside the model (CocoaPods, Carthage, framework search paths).
        public var isAttributedByName: Bool { flags & 4 != 0 }

        public init(from: Int, to: Int, file: String, fact: ImportFact, isAttributedByName: Bool = false) {
            self.from = from
            self.to = to
            self.file = file
            self.conditionBox = fact.condition.map(Condition.init)
            self.line = fact.line
            self.column = fact.column
            self.flags = (fact.isExported ? 1 : 0) | (fact.isTestable ? 2 : 0) | (isAttributedByName ? 4 : 0)
        }

        public static func == (lhs: Import, rhs: Import) -> Bool {
            lhs.from == rhs.from && lhs.to == rhs.to && lhs.site == rhs.site && lhs.condition == rhs.condition && lhs.flags == rhs.flags
        }
    }

    public private(set) var modules: [Module]
    public private(set) var dependencies: [Dependency]
    public private(set) var externalDependencies: [ExternalDependency]
    public private(set) var imports: [Import]
    /// Imported module names that are not workspace modules, per importing module.
    public private(set) var externalImports: [Int: Set<String>]
    private var indexByID: [String: Int]

    public func index(of id: String) -> Int? { indexByID[id] }

    /// For each import edge between two modules (`from * modules.count + to`), how many
    /// distinct files import along it: what cutting that edge costs (cycle advice).
    public func importingFileCounts() -> [Int: Int] {
        var files: [Int: Set<String>] = [:]
        for edge in imports where edge.from != edge.to { files[edge.from &* modules.count &+ edge.to, default: []].insert(edge.site.file) }
        return files.mapValues(\.count)
    }

    /// Direct dependency targets of a module (deduplicated, sorted).
    public func dependencyTargets(of module: Int) -> [Int] {
        Array(Set(outgoing[module].map { dependencies[$0].to })).sorted()
    }

    /// Indices into `dependencies`, per source module.
    public private(set) var outgoing: [[Int]]
    /// Targets of `@_exported import`, per importing module (so re-export lookups do not
    /// scan every import).
    private var exports: [[Int]]

    /// Modules a module makes visible to its importers through `@_exported import`,
    /// followed transitively (an exported module's own exports count too), sorted.
    public func reexportedModules(of module: Int) -> [Int] {
        var result = Set<Int>()
        var queue = [module]
        while let current = queue.popLast() {
            for to in exports[current] where to != module {
                if result.insert(to).inserted { queue.append(to) }
            }
        }
        return result.sorted()
    }

    /// `start` and every node reached from it along `next` (an adjacency list by index).
    public static func reachable(from start: Int, along next: [[Int]]) -> Set<Int> {
        var seen: Set<Int> = [start]
        var stack = [start]
        while let current = stack.popLast() {
            for target in next[current] where seen.insert(target).inserted { stack.append(target) }
        }
        return seen
    }

    /// The shortest path from `start` to `goal` along `next` (breadth first), both ends
    /// included; `nil` when `goal` is not reached.
    public static func shortestPath(from start: Int, to goal: Int, along next: [[Int]]) -> [Int]? {
        var previous: [Int: Int] = [start: start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in next[node] where previous[successor] == nil {
                previous[successor] = node
                if successor == goal {
                    var path = [goal]
                    var current = goal
                    while current != start {
                        current = previous[current]!
                        path.append(current)
                    }
                    return path.reversed()
                }
                queue.append(successor)
            }
        }
        return nil
    }

    /// Declared dependencies as adjacency lists by module index, in declaration order.
    public var declaredSuccessors: [[Int]] {
        var next = [[Int]](repeating: [], count: modules.count)
        for dependency in dependencies { next[dependency.from].append(dependency.to) }
        return next
    }

    /// A module whose name another package's module shares: `Package/Target`, and a Bazel
    /// target by its label (`//a/b:X`, `//a/b:X@sub` in a workspace below the linted
    /// folder), never by its BUILD file's name.
    static func qualifiedID(_ label: String, prefix: String, package: ModlintWorkspace.Package) -> String {
        guard package.generator == .bazel, package.identity.hasPrefix("//") else { return "\(prefix)/\(label)" }
        guard let at = package.identity.firstIndex(of: "@") else { return "\(package.identity):\(label)" }
        return "\(package.identity[..<at]):\(label)\(package.identity[at...])"
    }

    public init(workspace: Workspace) {
        // Modules, with ids that stay unique across packages.
        var nameCount: [String: Int] = [:]
        for package in workspace.packages {
            for target in package.targets { nameCount[target.declaration.name, default: 0] += 1 }
        }
        // An Xcode project is named as its folder is spelled (`MyApp.xcodeproj/App`), not by
        // its lower-cased identity, unless two projects share that name.
        var projectNames: [String: Int] = [:]
        for package in workspace.packages where package.kind == .xcodeProject {
            projectNames[package.projectName, default: 0] += 1
        }
        func prefix(_ package: ModlintWorkspace.Package) -> String {
            guard package.kind == .xcodeProject else { return package.identity }
            let name = package.projectName
            return projectNames[name] == 1 ? name : package.identity
        }
        var modules: [Module] = []
        for (packageIndex, package) in workspace.packages.enumerated() {
            for (targetIndex, target) in package.targets.enumerated() {
                let label = target.declaration.name
                let id = nameCount[label] == 1 ? label : Self.qualifiedID(label, prefix: prefix(package), package: package)
                modules.append(Module(id: id, name: target.name, package: package.identity, kind: target.kind, productType: target.productType,
                                      isContext: package.isContext, directory: target.directory, packageIndex: packageIndex, targetIndex: targetIndex))
            }
        }
        modules.sort { $0.id < $1.id }
        self.modules = modules
        self.indexByID = Dictionary(modules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let resolver = ModuleResolver(workspace: workspace, modules: modules)

        // Each module's edges on its own (in parallel: the corpus resolves 23,000 imports),
        // joined in module order, a batch of modules at a time: the joined arrays and every
        // module's part at once were the peak of a large workspace's run (100,000 files:
        // 46 MB of parts beside the 33 MB they join into).
        let allModules = modules
        var dependencies: [Dependency] = []
        var external: [ExternalDependency] = []
        var imports: [Import] = []
        // Sized once, at most every import (some name modules outside the workspace).
        imports.reserveCapacity(modules.reduce(0) { total, module in
            total + workspace.target(of: module).files.reduce(0) { $0 + $1.summary.imports.count }
        })
        var externalImports: [Int: Set<String>] = [:]
        let batch = max(64, modules.count / 16)
        for start in stride(from: 0, to: modules.count, by: batch) {
            let range = start..<min(modules.count, start + batch)
            let parts = Array(range).parallelMap { index in
                Self.edges(of: index, modules: allModules, workspace: workspace, resolver: resolver)
            }
            for (offset, edges) in parts.enumerated() {
                dependencies += edges.dependencies
                external += edges.external
                imports += edges.imports
                if !edges.externalImports.isEmpty { externalImports[range.lowerBound + offset] = edges.externalImports }
            }
        }
        self.dependencies = dependencies
        self.externalDependencies = external
        self.imports = imports
        self.externalImports = externalImports
        var outgoing = [[Int]](repeating: [], count: modules.count)
        for (index, dependency) in dependencies.enumerated() { outgoing[dependency.from].append(index) }
        self.outgoing = outgoing
        var exports = [[Int]](repeating: [], count: modules.count)
        for edge in imports.indices where imports[edge].isExported { exports[imports[edge].from].append(imports[edge].to) }
        self.exports = exports
    }

    /// The declared dependencies and resolved imports of one module.
    private static func edges(of index: Int, modules: [Module], workspace: Workspace, resolver: ModuleResolver)
        -> (dependencies: [Dependency], external: [ExternalDependency], imports: [Import], externalImports: Set<String>) {
        let module = modules[index]
        let package = workspace.packages[module.packageIndex]
        let target = package.targets[module.targetIndex]
        var dependencies: [Dependency] = []
        var external: [ExternalDependency] = []
        var imports: [Import] = []
        var externalImports = Set<String>()
        for dependency in target.declaration.dependencies {
            let site = Site(file: dependency.file ?? package.file(declaring: target.declaration), line: dependency.line, column: dependency.column)
            switch resolver.resolve(dependency, in: module.packageIndex) {
            case .modules(let targets, let product):
                for to in targets {
                    dependencies.append(Dependency(from: index, to: to, product: product, site: site, platforms: dependency.platforms,
                                                   isInstallList: dependency.isInstallList))
                }
            case .external(let name, let packageName):
                external.append(ExternalDependency(from: index, name: name, package: packageName, site: site, isInstallList: dependency.isInstallList,
                                                   namesOutsideTarget: dependency.namesOutsideTarget))
            }
        }
        let declared = Set(dependencies.map(\.to))
        // Sized once: a module's imports are most of the graph's memory.
        imports.reserveCapacity(target.files.reduce(0) { $0 + $1.summary.imports.count })
        // A module's files import the same few modules again and again.
        var resolved: [String: (module: Int, byName: Bool)?] = [:]
        for file in target.files {
            for fact in file.summary.imports where fact.module != module.name {
                let resolution: (module: Int, byName: Bool)?
                if let known = resolved[fact.module] {
                    resolution = known
                } else {
                    resolution = resolver.resolveImport(fact.module, from: module.packageIndex, preferring: declared)
                    resolved[fact.module] = resolution
                }
                if let (to, byName) = resolution {
                    imports.append(Import(from: index, to: to, file: file.path, fact: fact, isAttributedByName: byName))
                } else {
                    externalImports.insert(fact.module)
                }
            }
        }
        return (dependencies, external, imports, externalImports)
    }
}

extension Workspace {
    /// The target a module of the graph stands for: every analysis reads a module's files
    /// through it.
    public func target(of module: ModuleGraph.Module) -> Target {
        packages[module.packageIndex].targets[module.targetIndex]
    }
}

/// Resolves manifest dependencies and import names to module indices, with SwiftPM's
/// visibility: a package sees its own targets and the products of its dependencies.
struct ModuleResolver {
    enum Resolution {
        case modules([Int], product: String?)
        case external(name: String, package: String?)
    }

    let workspace: Workspace
    /// package index → target name → module index
    private var targetsByPackage: [[String: Int]]
    /// package index → module name → module indices (Xcode targets of one project may
    /// share a module name: an iOS and a macOS app both called `App`).
    private var modulesByPackage: [[String: [Int]]]
    private var packageIndexByIdentity: [String: Int]
    /// Packages reachable through package dependencies, nearest first, per package.
    private var visiblePackages: [[Int]]
    /// Module indices per name, across the workspace.
    private var modulesByName: [String: [Int]]
    /// Package index of every module.
    private var modulePackage: [Int]

    init(workspace: Workspace, modules: [ModuleGraph.Module]) {
        self.workspace = workspace
        var targetsByPackage = [[String: Int]](repeating: [:], count: workspace.packages.count)
        var modulesByPackage = [[String: [Int]]](repeating: [:], count: workspace.packages.count)
        var modulesByName: [String: [Int]] = [:]
        for (index, module) in modules.enumerated() {
            let target = workspace.target(of: module)
            targetsByPackage[module.packageIndex][target.declaration.name] = index
            modulesByPackage[module.packageIndex][module.name, default: []].append(index)
            modulesByName[module.name, default: []].append(index)
        }
        self.targetsByPackage = targetsByPackage
        self.modulesByPackage = modulesByPackage
        self.modulePackage = modules.map(\.packageIndex)
        self.modulesByName = modulesByName
        let packageIndexByIdentity = Dictionary(workspace.packages.enumerated().map { ($1.identity, $0) }, uniquingKeysWith: { first, _ in first })
        self.packageIndexByIdentity = packageIndexByIdentity
        self.visiblePackages = workspace.packages.indices.map { start in
            var order: [Int] = []
            var seen: Set<Int> = [start]
            var queue = [start]
            while !queue.isEmpty {
                let current = queue.removeFirst()
                for identity in workspace.packages[current].localDependencies {
                    guard let next = packageIndexByIdentity[identity], seen.insert(next).inserted else { continue }
                    order.append(next)
                    queue.append(next)
                }
            }
            return order
        }
    }

    func resolve(_ dependency: TargetDependency, in packageIndex: Int) -> Resolution {
        let package = workspace.packages[packageIndex]
        switch dependency.kind {
        case .target(let name):
            if let index = targetsByPackage[packageIndex][name] { return .modules([index], product: nil) }
            return .external(name: name, package: nil)
        case .byName(let name):
            if let index = targetsByPackage[packageIndex][name] { return .modules([index], product: nil) }
            // A product of that name in a direct dependency.
            for identity in package.localDependencies {
                guard let dependencyIndex = packageIndexByIdentity[identity],
                      let targets = productTargets(name, in: dependencyIndex) else { continue }
                return .modules(targets, product: name)
            }
            return .external(name: name, package: nil)
        case .product(let name, let packageName):
            let candidates: [Int]
            if let packageName {
                candidates = package.dependencyNames[packageName.lowercased()].flatMap { packageIndexByIdentity[$0] }.map { [$0] } ?? []
            } else {
                candidates = package.localDependencies.compactMap { packageIndexByIdentity[$0] }
            }
            for dependencyIndex in candidates {
                if let targets = productTargets(name, in: dependencyIndex) { return .modules(targets, product: name) }
            }
            return .external(name: name, package: packageName)
        }
    }

    private func productTargets(_ product: String, in packageIndex: Int) -> [Int]? {
        guard let declaration = workspace.packages[packageIndex].manifest.products.first(where: { $0.name == product }) else { return nil }
        return declaration.targets.compactMap { targetsByPackage[packageIndex][$0] }
    }

    /// The module an `import` of `name` in a package refers to, if it is a workspace module.
    /// Where several modules of one package share the name, the one the importer declares wins.
    /// `byName` is true when no visible package has the module and its unique name decided.
    func resolveImport(_ name: String, from packageIndex: Int, preferring declared: Set<Int> = []) -> (module: Int, byName: Bool)? {
        func pick(_ candidates: [Int]?) -> Int? {
            guard let candidates, let first = candidates.first else { return nil }
            return candidates.first(where: declared.contains) ?? first
        }
        if let own = pick(modulesByPackage[packageIndex][name]) { return (own, false) }
        for visible in visiblePackages[packageIndex] {
            if let index = pick(modulesByPackage[visible][name]) { return (index, false) }
        }
        // Not reachable at all: only an unambiguous name can be attributed, and never an
        // Xcode target to a SwiftPM importer (SwiftPM cannot see a project's modules).
        if let candidates = modulesByName[name], candidates.count == 1 {
            let isXcode = { workspace.packages[$0].kind == .xcodeProject }
            if isXcode(modulePackage[candidates[0]]) && !isXcode(packageIndex) { return nil }
            return (candidates[0], true)
        }
        return nil
    }
}
