import ModlintWorkspace

/// Imports of workspace modules that the importer does not declare: the analysis behind
/// `undeclared-import`, beside the DI, Spezi and implementation analyses. The rule decides
/// severities and words; this decides which imports are undeclared, how they are reached,
/// and whether a default build compiles them.
public struct UndeclaredImports: Sendable {
    /// One importer and one module it imports without declaring it.
    public struct Undeclared: Sendable {
        public var importer: Int
        public var imported: Int
        /// Every import of it, first by file, line and column.
        public var imports: [ModuleGraph.Import]
        /// The shortest path of declared dependencies from the importer to the module
        /// (importer first), when one exists: the import builds, by way of another module.
        public var declaredPath: [Int]?
        /// Whether a default debug or release build compiles one of the imports
        /// (`CompilationCondition`); always true for an unconditional import.
        public var isCompiledByDefault: Bool
    }

    /// An unconditional import of a module that the importer declares only for some
    /// platforms (`condition: .when(platforms:)`).
    public struct PlatformGap: Sendable {
        public var edge: ModuleGraph.Import
        /// The platforms the declaration names, sorted.
        public var platforms: [String]
        /// Where an unconditional dependency brings the module in anyway (importer first):
        /// the import builds elsewhere by accident, it does not break.
        public var transitivePath: [Int]?
    }

    /// In the order of the graph's import edges (first import of each pair).
    public private(set) var undeclared: [Undeclared] = []
    public private(set) var platformGaps: [PlatformGap] = []
    /// Importers with imports their readable dependencies do not reach, whose dependency
    /// list could not be read whole: those imports are not judged.
    public private(set) var unchecked: [Int] = []

    public init(workspace: Workspace, graph: ModuleGraph, platforms configuredPlatforms: [String]?) {
        let adjacency = graph.declaredSuccessors
        // Per importing module, made at its first import; read in place (a copy of the set
        // per import edge was most of this analysis' time).
        var visibleByModule = [Set<Int>?](repeating: nil, count: graph.modules.count)
        // One entry per (importer, imported module): the first import, the rest beside it.
        var groups: [Int: [ModuleGraph.Import]] = [:]
        var order: [Int] = []
        var platformChecked = Set<Int>()
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
                if hasConditionalDependency[from], platformChecked.insert(pair).inserted,
                   let gap = Self.platformGap(graph.imports[edgeIndex], graph: graph, adjacency: adjacency) {
                    platformGaps.append(gap)
                }
                continue
            }
            let edge = graph.imports[edgeIndex]
            let importer = graph.modules[from]
            let imported = graph.modules[to]
            if let condition = edge.condition, condition.contains("canImport(\(imported.name))") { continue }
            let package = workspace.packages[importer.packageIndex]
            if Self.isCompiledOnlyOnRequest(edge, importer: importer, package: package) { continue }
            // Part of the declared list is unknown: the import may be declared there.
            if package.targets[importer.targetIndex].declaration.dependenciesIncomplete {
                if !unchecked.contains(edge.from) { unchecked.append(edge.from) }
                continue
            }
            // An Xcode target whose project references no package with that module may get
            // it from outside what modlint reads (CocoaPods, Carthage, search paths): unknown.
            if edge.isAttributedByName && importer.productType != nil && package.generator?.declaresEveryDependency != true { continue }
            if groups[pair] == nil { order.append(pair) }
            groups[pair, default: []].append(edge)
        }
        undeclared = order.compactMap { pair in
            let imports = groups[pair]!.sorted { ($0.site.file, $0.site.line, $0.site.column) < ($1.site.file, $1.site.line, $1.site.column) }
            let importer = graph.modules[imports[0].from]
            let package = workspace.packages[importer.packageIndex]
            let declaredPath = ModuleGraph.shortestPath(from: imports[0].from, to: imports[0].to, along: adjacency)
            // A workspace module named like a module of the SDK (`XPC`, `Network`) that the
            // importer cannot reach: the compiler finds the SDK's, and the import builds.
            if declaredPath == nil && UnusedDependencies.toolchainModules.contains(graph.modules[imports[0].to].name) { return nil }
            return Undeclared(
                importer: imports[0].from,
                imported: imports[0].to,
                imports: imports,
                declaredPath: declaredPath,
                isCompiledByDefault: imports.contains { Self.isCompiledByDefault($0, importer: importer, package: package, platforms: configuredPlatforms) }
            )
        }
    }

    /// Whether a default debug or release build for one of the importer's platforms
    /// compiles the import (`CompilationCondition`): always without `#if`; under `#if`,
    /// when `DEBUG`, a flag the manifest can define, a trait or a platform can make it true.
    /// A condition modlint cannot parse counts as not proven (the cautious side).
    static func isCompiledByDefault(_ edge: ModuleGraph.Import, importer: ModuleGraph.Module, package: Package, platforms configured: [String]?) -> Bool {
        guard let condition = edge.condition else { return true }
        let manifest = package.manifest
        // An Xcode target builds for its SDK's platforms; a SwiftPM target for the package's.
        let targetPlatforms = package.targets[importer.targetIndex].declaration.platforms
        let platforms = configured ?? (targetPlatforms.isEmpty ? manifest.platforms : targetPlatforms)
        return CompilationCondition.isCompiledByDefault(condition, platforms: platforms,
                                                       settableFlags: importer.productType == nil ? manifest.flagCandidates : []) == true
    }

    /// An import under `#if FLAG` for a custom flag that the package's manifest cannot
    /// define (no string literal names it, so no `.define("FLAG")` exists): SwiftPM never
    /// compiles it unless someone passes `-Xswiftc -DFLAG` (swift-collections' imports
    /// under `#if COLLECTIONS_SINGLE_MODULE`, for its CMake build). Xcode targets take
    /// their flags from build settings and are not judged.
    static func isCompiledOnlyOnRequest(_ edge: ModuleGraph.Import, importer: ModuleGraph.Module, package: Package) -> Bool {
        guard importer.productType == nil, let condition = edge.condition else { return false }
        let defined = package.manifest.flagCandidates
        return CompilationCondition.requiredFlags(condition).contains { $0 != "DEBUG" && !defined.contains($0) }
    }

    /// An import of a dependency declared only `.when(platforms:)` must sit under a
    /// condition (`#if os(…)`, `#if canImport(…)` …): on every other platform the module
    /// is not built and the import fails. Conditions are not evaluated, so only
    /// unconditional imports are judged; any `#if` is trusted, as packages often encode
    /// platforms in their own compilation conditions (`.define("X", .when(platforms:))`).
    static func platformGap(_ edge: ModuleGraph.Import, graph: ModuleGraph, adjacency: [[Int]]) -> PlatformGap? {
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
        guard !unrestricted.contains(edge.to), !platforms.isEmpty, edge.condition == nil else { return nil }
        let unconditional = declarations.filter { $0.platforms == nil }.map(\.to)
        let path = unconditional.lazy.compactMap { ModuleGraph.shortestPath(from: $0, to: edge.to, along: adjacency) }.first
        return PlatformGap(edge: edge, platforms: platforms.sorted(), transitivePath: path.map { [edge.from] + $0 })
    }
}
