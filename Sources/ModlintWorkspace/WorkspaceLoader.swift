#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ModlintConfiguration
import ModlintFacts
import ModlintManifest

/// Errors that stop loading: they are the user's input problems (exit code 2).
public enum WorkspaceError: Error, Equatable, CustomStringConvertible {
    case pathNotFound(String)
    case noPackages([String])
    /// Tuist manifests (`Project.swift`, `Workspace.swift`) but no generated project.
    case tuistNotGenerated([String])
    case unreadable(String)

    /// What to do with a Tuist project modlint finds before its projects were generated.
    public static let tuistAdvice = "this looks like a Tuist project, whose manifests modlint does not run: "
        + "run `tuist generate --no-open` first and modlint reads the Xcode projects it writes"

    public var description: String {
        switch self {
        case .pathNotFound(let path): return "path not found: \(path)"
        case .noPackages(let paths): return "no \(BuildSystems.lookedFor) found under \(paths.joined(separator: ", "))"
        case .tuistNotGenerated(let paths):
            return "no \(BuildSystems[.swiftPM].lookedFor!) or \(BuildSystems[.xcode].lookedFor!) found under \(paths.joined(separator: ", ")); " + Self.tuistAdvice
        case .unreadable(let path): return "cannot read \(path)"
        }
    }
}

public struct WorkspaceOptions: Sendable {
    /// Directory names never descended into (besides hidden ones).
    public var skippedDirectoryNames: Set<String>
    /// Paths never read: directories or files, relative to `excludeBaseDirectory`.
    public var exclude: [Glob] = []
    /// Absolute directory the `exclude` globs are relative to (the configuration file's
    /// directory, which may lie above or below the workspace root); `nil` = the root.
    public var excludeBaseDirectory: String?
    /// Absolute paths of files the walk leaves out as if they were not there: the files
    /// git does not track (`--ignore-untracked`, what a pre-commit hook lints).
    public var ignoredFiles: Set<String> = []
    /// Tools version used to pick `Package@swift-X.swift` variants.
    public var toolsVersion: [Int]
    /// One environment for manifests' `#if` (what SwiftPM on that machine sees); `nil`
    /// evaluates them for `platforms` instead, the same on every host.
    public var buildEnvironment: BuildEnvironment?
    /// Platforms manifests with `#if` are evaluated for (`--platform`, `platforms:`);
    /// `nil`: each manifest's declared platforms, else Linux.
    public var platforms: [String]?
    /// Summaries of unchanged files are taken from here; `nil` reads and writes no cache.
    public var cache: SummaryCache?
    /// Folders of package checkouts given explicitly (`--dependencies`, `dependencies:`),
    /// absolute; searched before the checkouts SwiftPM and Xcode keep.
    public var dependencyFolders: [String] = []
    /// Read resolved dependency sources as context (off while reading a checkout itself).
    public var readsDependencies = true
    /// Read Xcode projects (off inside dependency checkouts: their example apps are not
    /// part of the library).
    public var readsXcodeProjects = true
    /// Read only the targets library products export and what they depend on (inside
    /// dependency checkouts: tests, examples and tools inform no rule of the app).
    public var readsOnlyLibraryTargets = false
    /// Xcode's DerivedData folder, searched for a project's package checkouts (macOS).
    public var derivedDataDirectory: String? = WorkspaceOptions.defaultDerivedData

    /// `SourcePackages` is where `xcodebuild -clonedSourcePackagesDirPath` keeps resolved
    /// packages: read as context, never linted.
    public init(skippedDirectoryNames: Set<String> = BuildSystems.outputFolders.union(["node_modules", "Carthage"]),
                toolsVersion: [Int] = [6, 3, 1], buildEnvironment: BuildEnvironment? = nil) {
        self.skippedDirectoryNames = skippedDirectoryNames
        self.toolsVersion = toolsVersion
        self.buildEnvironment = buildEnvironment
    }

    static var defaultDerivedData: String? {
        #if os(macOS)
        guard let home = getenv("HOME") else { return nil }
        return String(cString: home) + "/Library/Developer/Xcode/DerivedData"
        #else
        return nil
        #endif
    }
}

/// Builds a `Workspace` from paths: discovers manifests, reads them, lays out targets by
/// SwiftPM's rules, assigns source files and summarises them in parallel.
public struct WorkspaceLoader: Sendable {
    public var options: WorkspaceOptions

    public init(options: WorkspaceOptions = WorkspaceOptions()) {
        self.options = options
    }

    public func load(paths: [String]) throws -> Workspace {
        load(try scan(paths: paths))
    }

    /// Loads a workspace from a walk already made (`scan(paths:)`): a run walks the tree once.
    public func load(_ scanned: ScannedWorkspace) -> Workspace {
        var workspace = assemble(root: scanned.root, scan: scanned.scan, structure: scanned.structure,
                                 savesLayout: !scanned.structureIsRacy, prefetched: scanned.layoutPrefetch)
        workspace.excludedPaths = scanned.scan.excludedPaths.sorted()
        if options.readsDependencies {
            attachDependencies(to: &workspace, inputs: scanned.dependencyInputs ?? dependencyInputs(root: scanned.root, scan: scanned.scan),
                               scope: scanned.scan.scope)
        }
        return workspace
    }

    /// A digest of every Swift source's path and facts under the walk, from the summary
    /// cache (only changed files are read and summarised; `nil` without a cache). Equal
    /// digests with an equal structure fingerprint mean equal facts for every rule: an
    /// edit to a comment or white space is answered before any manifest or project is read.
    public func factsDigest(_ scanned: ScannedWorkspace) -> UInt64? {
        guard let cache = options.cache else { return nil }
        let session = cache.open(root: scanned.root)
        let paths = scanned.scan.swiftFiles
        let found = session.findAll(paths, root: scanned.root, identities: scanned.scan.swiftIdentities)
        var digest = StableHash()
        for (index, path) in paths.enumerated() {
            digest.add(path)
            // A file that cannot be read has no facts: a marker no checksum equals.
            if let facts = found[index]?.facts { digest.add(facts) } else { digest.add("-") }
        }
        PhaseClock.mark("facts")
        return digest.value
    }

    /// Starts reading the stored layout on another thread, for a run that is likely to
    /// load the workspace next (its tree changed): the facts check runs meanwhile.
    public func prefetchLayout(_ scanned: ScannedWorkspace) {
        guard let memo = layoutMemo(root: scanned.root, structure: scanned.structure) else { return }
        scanned.layoutPrefetch.start { memo.load() }
    }

    func layoutMemo(root: String, structure: UInt64) -> LayoutMemo? {
        options.cache.flatMap { structure == 0 ? nil : LayoutMemo(cache: $0, root: root, key: LayoutMemo.key(structure: structure, options: options)) }
    }

    /// Writes what the cache learned (after a `factsDigest` that answered the run).
    public func saveCache(_ scanned: ScannedWorkspace) {
        options.cache?.open(root: scanned.root).save()
    }

    /// Walks the tree under `paths` once: what `load` reads and, when caching, every input
    /// file's identity (the fingerprints the result memo is keyed by).
    /// `fingerprinting`: `nil` = when a cache is configured.
    public func scan(paths: [String], fingerprinting: Bool? = nil) throws -> ScannedWorkspace {
        let fingerprinting = fingerprinting ?? (options.cache != nil)
        let (root, scan) = try walk(paths: paths, fingerprinting: fingerprinting)
        PhaseClock.mark("walk")
        guard fingerprinting else {
            return ScannedWorkspace(root: root, scan: scan, fingerprint: 0, structure: 0, sourcesAreRacy: false, structureIsRacy: false,
                                    dependencyInputs: nil)
        }
        // Dependencies read as context live outside the walk (`.build`, `SourcePackages`,
        // explicit folders): their checkouts' manifests and the pins are inputs too.
        var dependencies = StableHash()
        var dependenciesAreRacy = false
        func addDependencyInput(_ path: String) {
            let identity = FileIdentity(path: path)
            dependencies.add(path)
            dependencies.add(identity?.description ?? "-")
            if identity?.isRacy(threshold: scan.racyThreshold) == true { dependenciesAreRacy = true }
        }
        let inputs = options.readsDependencies ? dependencyInputs(root: root, scan: scan) : nil
        if let inputs {
            for folder in inputs.checkoutFolders {
                for entry in FileSystem.entries(of: folder) ?? [] {
                    addDependencyInput(Paths.join(Paths.join(folder, entry.name), SwiftPMBuildSystem.manifestName))
                }
            }
            for file in inputs.pinFiles { addDependencyInput(file) }
        }
        var fingerprint = scan.fingerprint
        fingerprint.add(String(dependencies.value, radix: 16))
        var structure = scan.structure
        structure.add(String(dependencies.value, radix: 16))
        return ScannedWorkspace(root: root, scan: scan, fingerprint: fingerprint.value, structure: structure.value,
                                sourcesAreRacy: scan.sourcesAreRacy, structureIsRacy: scan.structureIsRacy || dependenciesAreRacy,
                                dependencyInputs: inputs)
    }

    func walk(paths: [String], fingerprinting: Bool) throws -> (String, TreeScan) {
        let inputs = paths.isEmpty ? ["."] : paths
        var directories: [String] = []
        for input in inputs {
            switch FileSystem.kind(of: input) {
            case .missing: throw WorkspaceError.pathNotFound(input)
            case .directory: directories.append(FileSystem.absolute(input))
            case .file, .other: directories.append(Self.enclosingProjectDirectory(of: FileSystem.absolute(input)))
            }
        }
        let root = Self.commonAncestor(of: directories)
        if fingerprinting { options.cache?.prepare(root: root) }
        var scan = TreeScan()
        scan.fingerprinting = fingerprinting
        scan.racyThreshold = FileIdentity.racyThreshold()
        scan.scope = ReadScope.enclosing(root, extra: options.dependencyFolders + [options.derivedDataDirectory].compactMap { $0 })
        var exclusion = Exclusion(globs: options.exclude, root: root, base: options.excludeBaseDirectory)
        // Checkouts given with --dependencies are context, never part of the linted tree.
        exclusion.contextFolders = Set(options.dependencyFolders.filter { Paths.isInside($0, root) && $0 != root }.map { Paths.relative($0, to: root) })
        exclusion.ignoredFiles = Set(options.ignoredFiles.filter { Paths.isInside($0, root) && $0 != root }.map { Paths.relative($0, to: root) })
        for directory in Set(directories).sorted() {
            scan.walkInParallel(Paths.relative(directory, to: root), root: root, skipping: options.skippedDirectoryNames, excluding: exclusion)
        }
        guard !scan.packageDirectories.isEmpty || !scan.xcodeProjects.isEmpty
                || scan.buildDescriptions.contains(where: BuildSystems.makesProject)
                || !scan.tuistManifests.isEmpty else {
            // A folder that cannot be listed is not an empty one: say why.
            for directory in directories where FileSystem.entries(of: directory) == nil {
                throw WorkspaceError.unreadable("\(directory): \(String(cString: strerror(errno)))")
            }
            throw scan.swiftFiles.contains(where: TuistBuildSystem.isManifest) ? WorkspaceError.tuistNotGenerated(inputs) : WorkspaceError.noPackages(inputs)
        }
        return (root, scan)
    }

    /// A Tuist manifest or helper: Swift that Tuist runs to generate Xcode projects, never
    /// a target's source.
    public static func isTuistManifest(_ path: String) -> Bool {
        TuistBuildSystem.isManifest(path)
    }

    /// For `lint FILE`: the nearest folder above the file that holds a `Package.swift` or
    /// an `.xcodeproj` (the file's own folder when there is none).
    static func enclosingProjectDirectory(of file: String) -> String {
        var directory = Paths.parent(file)
        while true {
            let entries = FileSystem.entries(of: directory.isEmpty ? "/" : directory) ?? []
            if entries.contains(where: { $0.name == SwiftPMBuildSystem.manifestName || CommittedXcodeProjects.isProjectBundle($0.name) }) { return directory }
            let parent = Paths.parent(directory)
            if parent == directory || directory.isEmpty || directory == "/" { return Paths.parent(file) }
            directory = parent
        }
    }

    /// Deepest directory containing all the given absolute directories.
    static func commonAncestor(of directories: [String]) -> String {
        guard var common = directories.first?.split(separator: "/", omittingEmptySubsequences: true) else { return "/" }
        for directory in directories.dropFirst() {
            let parts = directory.split(separator: "/", omittingEmptySubsequences: true)
            var length = 0
            while length < min(common.count, parts.count) && common[length] == parts[length] { length += 1 }
            common = Array(common.prefix(length))
        }
        return "/" + common.joined(separator: "/")
    }

    /// `.package(path:)` by directory, `.package(url:)` by identity — as SwiftPM
    /// de-duplicates packages by identity.
    /// A path that leaves the linted root and comes back (`../../../../GRDB.swift` from a
    /// demo project inside the `GRDB.swift` checkout) is resolved against the absolute
    /// root, so that it finds the package it names.
    static func wireLocalDependencies(_ packages: inout [Package], root: String, scope: ReadScope? = nil) {
        // Read only when a local package is missing: which missing folders are submodules.
        var submodules: Set<String>?
        let byDirectory = Dictionary(packages.map { ($0.location, $0.identity) }, uniquingKeysWith: { first, _ in first })
        var byIdentity: [String: [String]] = [:]
        for package in packages where package.kind == .swiftPackage {
            byIdentity[Paths.lastComponent(package.directory.isEmpty ? package.identity : package.directory).lowercased(), default: []].append(package.identity)
        }
        for index in packages.indices {
            var local: [String] = []
            var names: [String: String] = [:]
            for dependency in packages[index].manifest.dependencies {
                var resolved: String?
                switch dependency.location {
                case .path(let path):
                    var directory = Paths.normalize(Paths.join(packages[index].directory, path))
                    if directory == ".." || directory.hasPrefix("../"), root.hasPrefix("/") {
                        let absolute = Paths.normalize(Paths.join(root, directory))
                        if absolute == root { directory = "" } else if Paths.isInside(absolute, root) { directory = Paths.relative(absolute, to: root) }
                    }
                    resolved = byDirectory[directory]
                    // A folder that is not there: SwiftPM alone would not load the package,
                    // but an Xcode project or workspace that lists a local package of the same
                    // identity builds with that one instead (Xcode resolves packages by
                    // identity, and a local package overrides any other) — when exactly one
                    // package of the tree has the identity.
                    if resolved == nil, FileSystem.kind(of: Paths.join(root, directory)) == .missing {
                        if let candidates = byIdentity[dependency.identity], candidates.count == 1 {
                            resolved = candidates[0]
                        } else if !packages[index].isContext && directory != ".." && !directory.hasPrefix("../") {
                            // Inside the tree only: a folder beside the checkout (another
                            // repository) may well be there where the package is built.
                            if submodules == nil { submodules = Self.submodulePaths(root: root, scope: scope) }
                            packages[index].missingLocalPackages.append(MissingLocalPackage(
                                path: path, folder: directory, line: dependency.line,
                                isSubmodule: submodules!.contains { directory == $0 || Paths.isInside(directory, $0) }))
                        }
                    }
                case .url, .registry:
                    if let candidates = byIdentity[dependency.identity], candidates.count == 1 { resolved = candidates[0] }
                }
                guard let resolved, resolved != packages[index].identity else { continue }
                local.append(resolved)
                names[dependency.identity] = resolved
                if let name = dependency.name { names[name.lowercased()] = resolved }
                if let manifestName = packages.first(where: { $0.identity == resolved })?.manifest.name, !manifestName.isEmpty {
                    names[manifestName.lowercased()] = names[manifestName.lowercased()] ?? resolved
                }
            }
            packages[index].localDependencies = Array(Set(local)).sorted()
            packages[index].dependencyNames = names
        }
    }

    /// The root-relative paths of `.gitmodules` at the linted root (`path = Vendor/Kit`).
    static func submodulePaths(root: String, scope: ReadScope?) -> Set<String> {
        let file = Paths.join(root, ".gitmodules")
        let read = scope.map { FileSystem.readInput(file, atMost: InputLimits.small, scope: $0) }
        guard let bytes = try? read?.get() else { return [] }
        var paths = Set<String>()
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "path" else { continue }
            paths.insert(Paths.normalize(parts[1].trimmingCharacters(in: .whitespaces)))
        }
        return paths
    }
}

/// The result of one walk over the linted paths, ready for `WorkspaceLoader.load(_:)`.
public struct ScannedWorkspace: Sendable {
    public let root: String
    let scan: TreeScan
    /// Every input file's identity (0 when not fingerprinting).
    public let fingerprint: UInt64
    /// The same without the Swift sources' identities (see `TreeScan.structure`).
    public let structure: UInt64
    /// Whether a Swift source, or a file of the structure (a manifest, a project, a
    /// dependency's manifest or pins), was modified too recently for its identity to key
    /// a memo (`FileIdentity.isRacy`): the result is then not stored under it.
    public let sourcesAreRacy: Bool
    public let structureIsRacy: Bool
    /// Found for the fingerprint and reused by the load (they are looked up on disk).
    let dependencyInputs: DependencyInputs?
    /// The stored layout, when `WorkspaceLoader.prefetchLayout` started reading it.
    let layoutPrefetch = LayoutPrefetch()
}

/// A stored layout read on another thread (`WorkspaceLoader.prefetchLayout`).
final class LayoutPrefetch: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Written once by the background work, read only after `group.wait()`.
    private var stored: WorkspaceLayout?
    private var started = false

    /// Runs `read` on another thread (once; called from the thread that loads).
    func start(_ read: @escaping @Sendable () -> WorkspaceLayout?) {
        guard !started else { return }
        started = true
        DispatchQueue.global().async(group: group) { [self] in stored = read() }
    }

    /// The layout read, waiting for it; `nil` when none was started or none was stored.
    func layout() -> WorkspaceLayout? {
        guard started else { return nil }
        group.wait()
        return stored
    }
}
