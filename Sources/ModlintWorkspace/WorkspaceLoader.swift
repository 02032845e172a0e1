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
        case .noPackages(let paths): return "no Package.swift, .xcodeproj, project.yml, podspec or Bazel BUILD file found under \(paths.joined(separator: ", "))"
        case .tuistNotGenerated(let paths):
            return "no Package.swift or .xcodeproj found under \(paths.joined(separator: ", ")); " + Self.tuistAdvice
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
    public init(skippedDirectoryNames: Set<String> = ["node_modules", "DerivedData", "Pods", "Carthage", "SourcePackages"],
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

    private func layoutMemo(root: String, structure: UInt64) -> LayoutMemo? {
        options.cache.flatMap { structure == 0 ? nil : LayoutMemo(cache: $0, root: root, key: LayoutMemo.key(structure: structure, options: options)) }
    }

    /// Writes what the cache learned (after a `factsDigest` that answered the run).
    public func saveCache(_ scanned: ScannedWorkspace) {
        options.cache?.open(root: scanned.root).save()
    }

    /// Reads the checkouts of the remote packages the workspace depends on (transitively)
    /// as context packages, and records the direct dependencies it could not find.
    private func attachDependencies(to workspace: inout Workspace, inputs: DependencyInputs, scope: ReadScope) {
        let root = workspace.root
        let checkouts = DependencyContext.index(inputs.checkoutFolders)
        let (pins, refusedPins) = ResolvedPins.read(inputs.pinFiles, scope: scope)
        for (path, refusal) in refusedPins {
            let shown = Paths.isInside(path, root) ? Paths.relative(path, to: root) : path
            workspace.notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: shown, line: 1, column: 1,
                                                 message: "cannot read Package.resolved: \(refusal); the versions it pins are not shown"))
        }
        var contextOptions = options
        contextOptions.readsDependencies = false
        contextOptions.readsXcodeProjects = false
        contextOptions.readsOnlyLibraryTargets = true
        contextOptions.exclude = []
        contextOptions.excludeBaseDirectory = nil
        let contextLoader = WorkspaceLoader(options: contextOptions)

        var queue: [(dependency: PackageDependency, file: String, direct: Bool)] = []
        for package in workspace.packages {
            queue += DependencyContext.remoteDependencies(of: package).map { ($0, package.manifestPath, true) }
        }
        var used = Set(workspace.packages.map(\.identity))
        var seen = Set<String>()
        var context: [Package] = []
        var contextNotes: [WorkspaceNote] = []
        var unavailable: [UnavailableDependency] = []
        var head = 0
        while head < queue.count {
            let (dependency, file, direct) = queue[head]
            head += 1
            guard seen.insert(dependency.identity).inserted else { continue }
            guard let directory = checkouts[dependency.identity], !used.contains(dependency.identity),
                  let loaded = try? contextLoader.load(paths: [directory]),
                  var package = loaded.packages.first(where: { $0.directory.isEmpty && $0.kind == .swiftPackage }) else {
                if direct && !used.contains(dependency.identity) {
                    unavailable.append(UnavailableDependency(identity: dependency.identity, file: file, line: dependency.line,
                                                             pin: pins[dependency.identity]))
                }
                continue
            }
            let prefix = Paths.isInside(directory, root) ? Paths.relative(directory, to: root) : directory
            package.identity = dependency.identity
            package.rebase(onto: prefix)
            package.isContext = true
            package.pin = pins[dependency.identity]
            used.insert(dependency.identity)
            queue += DependencyContext.remoteDependencies(of: package).map { ($0, package.manifestPath, false) }
            context.append(package)
            for var note in loaded.notes where note.kind != .invalidSource {
                note.file = Paths.join(prefix, note.file)
                if Paths.isInside(note.file, package.directory) { contextNotes.append(note) }
            }
        }
        context += podContextPackages(workspace.podContexts, root: root, scope: scope, loader: contextLoader, used: &used)
        if !refusedPins.isEmpty {
            workspace.notes.sort { ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message) }
        }
        guard !context.isEmpty || !unavailable.isEmpty else { return }
        workspace.packages += context
        workspace.packages.sort { ($0.directory, $0.manifestPath) < ($1.directory, $1.manifestPath) }
        Self.wireLocalDependencies(&workspace.packages, root: workspace.root)
        workspace.unavailableDependencies = unavailable.sorted { ($0.identity, $0.file) < ($1.identity, $1.file) }
        workspace.contextNotes = contextNotes
    }

    /// Remote pods CocoaPods installed under the tree, each read as a context package of
    /// one module: its Swift files, summarised like any other.
    private func podContextPackages(_ pods: [PodContext], root: String, scope: ReadScope, loader: WorkspaceLoader,
                                    used: inout Set<String>) -> [Package] {
        var packages: [Package] = []
        for pod in pods {
            let identity = "pods/" + pod.pod.lowercased()
            guard used.insert(identity).inserted else { continue }
            let directory = Paths.join(root, pod.folder)
            var scan = TreeScan()
            scan.scope = scope
            scan.walkInParallel("", root: directory, skipping: options.skippedDirectoryNames)
            guard !scan.swiftFiles.isEmpty else { continue }
            let declaration = ManifestTarget(name: pod.module, kind: .regular, dependencies: [], line: 1)
            var manifest = PackageManifest(name: pod.pod, toolsVersion: nil)
            manifest.products = [ManifestProduct(name: pod.module, kind: .library, targets: [pod.module], line: 1)]
            let target = WorkspaceLayout.Target(name: pod.module, kind: .regular, package: identity, directory: "",
                                                files: scan.swiftFiles.sorted(), declaration: declaration, productType: .framework)
            let layout = WorkspaceLayout(packages: [WorkspaceLayout.Package(kind: .xcodeProject, identity: identity, directory: "",
                                                                            manifestPath: "", manifest: manifest, targets: [target],
                                                                            suppressions: [], generator: .cocoaPods, projectPath: "")],
                                         notes: [], filesInNoTarget: [])
            var package = loader.populate(layout, root: directory, scan: scan, cache: nil, prefetched: [:]).packages[0]
            package.rebase(onto: pod.folder)
            package.manifestPath = pod.podfile
            package.isContext = true
            packages.append(package)
        }
        return packages
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
                    addDependencyInput(Paths.join(Paths.join(folder, entry.name), "Package.swift"))
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

    /// Where the workspace's dependency checkouts may be and which `Package.resolved` files
    /// pin them: what `load` reads as context and what the fingerprint must cover.
    private func dependencyInputs(root: String, scan: TreeScan) -> DependencyInputs {
        let projects = options.readsXcodeProjects ? scan.xcodeProjects.sorted() : []
        let packageDirectories = scan.packageDirectories.keys.sorted()
        let folders = DependencyContext.checkoutFolders(root: root, packageDirectories: packageDirectories, projects: projects,
                                                        explicit: options.dependencyFolders, derivedData: options.derivedDataDirectory)
        let pinFiles = ResolvedPins.files(root: root, packageDirectories: packageDirectories, projects: projects,
                                          workspaces: scan.xcodeWorkspaces.sorted())
        return DependencyInputs(checkoutFolders: folders, pinFiles: pinFiles)
    }

    private func walk(paths: [String], fingerprinting: Bool) throws -> (String, TreeScan) {
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
                || scan.buildDescriptions.contains(where: { XcodeGenBuildSystem.fileNames.contains(Paths.lastComponent($0))
                                                           || CocoaPodsBuildSystem.isPodspec($0) || BazelBuildSystem.isBuildFile($0) })
                || scan.swiftFiles.contains(where: TuistBuildSystem.isProjectManifest) else {
            // A folder that cannot be listed is not an empty one: say why.
            for directory in directories where FileSystem.entries(of: directory) == nil {
                throw WorkspaceError.unreadable("\(directory): \(String(cString: strerror(errno)))")
            }
            throw scan.swiftFiles.contains(where: Self.isTuistManifest) ? WorkspaceError.tuistNotGenerated(inputs) : WorkspaceError.noPackages(inputs)
        }
        return (root, scan)
    }

    /// A Tuist manifest (`Project.swift`, `Workspace.swift`, `Tuist.swift`, 3.x `Setup.swift`, anything under
    /// `Tuist/` or a plugin's `ProjectDescriptionHelpers/`): Swift that Tuist runs to
    /// generate Xcode projects, never a target's source.
    public static func isTuistManifest(_ path: String) -> Bool {
        tuistManifestNames.contains(Paths.lastComponent(path)) || isTuistFolder(Paths.parent(path))
    }

    static let tuistManifestNames: Set<String> = ["Project.swift", "Workspace.swift", "Tuist.swift", "Setup.swift"]

    /// `Tuist/…` or a plugin's `…/ProjectDescriptionHelpers/…`: Tuist's own Swift.
    static func isTuistFolder(_ folder: String) -> Bool {
        folder.split(separator: "/").contains { $0 == "Tuist" || $0 == "ProjectDescriptionHelpers" }
    }

    /// For `lint FILE`: the nearest folder above the file that holds a `Package.swift` or
    /// an `.xcodeproj` (the file's own folder when there is none).
    static func enclosingProjectDirectory(of file: String) -> String {
        var directory = Paths.parent(file)
        while true {
            let entries = FileSystem.entries(of: directory.isEmpty ? "/" : directory) ?? []
            if entries.contains(where: { $0.name == "Package.swift" || $0.name.hasSuffix(".xcodeproj") }) { return directory }
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

    // MARK: - Assembly

    /// The workspace of a walk: its layout (from the memo when the tree's structure is
    /// unchanged), then every source file's summary. `savesLayout`: false when a file of
    /// the structure is too recent to key the memo by (`FileIdentity.isRacy`).
    private func assemble(root: String, scan: TreeScan, structure: UInt64, savesLayout: Bool, prefetched: LayoutPrefetch? = nil) -> Workspace {
        let cache = options.cache?.open(root: root)
        // Stored summaries are decoded while the layout is read (see `SummaryPrefetch`).
        let prefetch = cache.map { SummaryPrefetch(session: $0, root: root, paths: scan.swiftFiles, identities: scan.swiftIdentities) }
        // Without a cache, files are summarised meanwhile instead (see `SpeculativeSummaries`).
        let speculation = cache == nil ? SpeculativeSummaries(root: root, paths: scan.swiftFiles, scope: scan.scope) : nil
        let memo = layoutMemo(root: root, structure: structure)
        let layout: WorkspaceLayout
        if let stored = prefetched?.layout() ?? memo?.load() {
            layout = stored
        } else {
            layout = layOut(root: root, scan: scan)
            if savesLayout { memo?.save(layout) }
        }
        PhaseClock.mark("layout")
        return populate(layout, root: root, scan: scan, cache: cache, prefetched: prefetch?.summaries() ?? speculation?.finish() ?? [:])
    }

    /// Packages and Xcode projects, their targets and the files each builds: everything a
    /// load reads but the sources.
    private func layOut(root: String, scan: TreeScan) -> WorkspaceLayout {
        var notes: [WorkspaceNote] = []
        let reader = ManifestReader(environment: options.buildEnvironment, platforms: options.platforms)
        let toolsVersion = options.toolsVersion

        // Manifests, read in parallel.
        let packageDirectories = scan.packageDirectories.keys.sorted()
        let manifests: [(path: String, manifest: PackageManifest?, suppressions: [SuppressionComment], refusal: ReadRefusal?)] = packageDirectories.parallelMap { directory in
            let names = scan.packageDirectories[directory] ?? []
            let absoluteDirectory = Paths.join(root, directory)
            let fileName = ManifestLocator.select(in: names, toolsVersion: toolsVersion) {
                try? FileSystem.readInput(Paths.join(absoluteDirectory, $0), atMost: InputLimits.buildDescription, scope: scan.scope).get()
            } ?? "Package.swift"
            let path = Paths.join(directory, fileName)
            // Read only inside the scope: a manifest committed as a link to
            // `/proc/self/environ` would otherwise be evaluated, and its notes would quote
            // the runner's environment.
            switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scan.scope) {
            case .success(let bytes):
                return (path, reader.read(bytes: bytes, packageDirectory: absoluteDirectory), SuppressionExtractor.extract(bytes: bytes), nil)
            case .failure(let refusal):
                return (path, nil, [], refusal)
            }
        }

        PhaseClock.mark("manifests")
        // Identities: directory name, lower-cased; the root package takes the root's name.
        var identities: [String] = []
        var usedIdentities = Set<String>()
        for directory in packageDirectories {
            let base = Paths.lastComponent(directory.isEmpty ? root : directory).lowercased()
            var identity = base
            if usedIdentities.contains(identity) { identity = "\(base)@\(directory)" }
            usedIdentities.insert(identity)
            identities.append(identity)
        }

        // Targets with their directories.
        struct PendingTarget {
            var packageIndex: Int
            var declaration: ManifestTarget
            var directory: String?
            var filter: TargetLayout.SourceFilter
        }
        var pendingTargets: [PendingTarget] = []
        for (index, directory) in packageDirectories.enumerated() {
            guard let manifest = manifests[index].manifest else {
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: manifests[index].path, line: 1, column: 1,
                                           message: "cannot read \(Paths.lastComponent(manifests[index].path)): \(manifests[index].refusal ?? .failed("unreadable")); "
                                               + "its targets are not analysed"))
                continue
            }
            for note in manifest.notes {
                notes.append(WorkspaceNote(kind: .unresolvedManifest, file: manifests[index].path, line: note.line, column: note.column, message: note.message))
            }
            let exported = options.readsOnlyLibraryTargets ? Self.libraryTargets(of: manifest) : nil
            for target in manifest.targets where exported?.contains(target.name) ?? true {
                let targetDirectory = TargetLayout.directory(of: target, packageDirectory: directory) { scan.directories.contains($0) }
                pendingTargets.append(PendingTarget(packageIndex: index, declaration: target, directory: targetDirectory,
                                                    filter: TargetLayout.SourceFilter(target)))
            }
        }

        // Source files to targets: deepest package, then the target with the longest directory.
        let packageIndexByDirectory = Dictionary(uniqueKeysWithValues: packageDirectories.enumerated().map { ($1, $0) })
        // Per package, each target directory's first target: a file belongs to the target
        // whose directory is the deepest one above it (one lookup per parent directory,
        // linear in files however many targets a package has).
        var targetByDirectory: [Int: [String: Int]] = [:]
        for (index, target) in pendingTargets.enumerated() {
            guard let directory = target.directory else { continue }
            if targetByDirectory[target.packageIndex]?[directory] == nil { targetByDirectory[target.packageIndex, default: [:]][directory] = index }
        }
        var assignments: [(target: Int, path: String)] = []
        // Files a target leaves out on purpose (`exclude:`, resources): accounted for.
        var deliberatelyExcluded = Set<String>()
        // Files of one folder share their target: resolve each folder once.
        var targetOfFolder: [String: Int?] = [:]
        for file in scan.swiftFiles {
            let folder = Paths.parent(file)
            let best: Int?
            if let known = targetOfFolder[folder] {
                best = known
            } else {
                best = Self.owningTarget(of: folder, packages: packageIndexByDirectory, packageDirectories: packageDirectories,
                                         targets: targetByDirectory)
                targetOfFolder[folder] = best
            }
            guard let best else { continue }
            let target = pendingTargets[best]
            if target.filter.includesEverything || target.filter.includes(Paths.relative(file, to: target.directory!)) {
                assignments.append((best, file))
            } else {
                deliberatelyExcluded.insert(file)
            }
        }

        PhaseClock.mark("targets")
        // Xcode projects: their targets join as packages of their own.
        var xcode = XcodeProjectLayout()
        let (readings, shadowed) = options.readsXcodeProjects
            ? ProjectBuildSystems.read(scan: scan, root: root, scope: scan.scope) : ([], [])
        if !readings.isEmpty {
            var usedXcodeIdentities = usedIdentities
            // The library product that exports each SwiftPM target, looked up once per target.
            let ownerByTarget = pendingTargets.enumerated().map { target, pending in
                let product = manifests[pending.packageIndex].manifest?.products
                    .first { $0.kind == .library && $0.targets.contains(pending.declaration.name) }?.name
                return XcodeProjectLayout.SwiftPMOwner(targetIndex: target, packageDirectory: packageDirectories[pending.packageIndex], product: product)
            }
            var owners: [String: XcodeProjectLayout.SwiftPMOwner] = [:]
            owners.reserveCapacity(assignments.count)
            for (target, path) in assignments { owners[path] = ownerByTarget[target] }
            xcode = XcodeProjectLayout(root: root, readings: readings, workspacePaths: scan.xcodeWorkspaces.sorted(),
                                       swiftFiles: scan.swiftFiles, packageDirectories: packageDirectories, owners: owners,
                                       scope: scan.scope, usedIdentities: &usedXcodeIdentities)
        }
        PhaseClock.mark("xcode")
        notes += xcode.notes
        notes += StaleGeneratedProjects.notes(specs: readings.filter { $0.generator != nil }, committed: shadowed, root: root, swiftFiles: scan.swiftFiles)
        assignments += xcode.mirroredFiles
        let claimed = Set(assignments.map(\.path))
        var xcodeFiles = Set<String>()
        for target in xcode.targets { xcodeFiles.formUnion(target.files) }

        // Packages.
        var filesByTarget: [Int: [String]] = [:]
        for assignment in assignments { filesByTarget[assignment.target, default: []].append(assignment.path) }
        var packages: [WorkspaceLayout.Package] = []
        for (index, directory) in packageDirectories.enumerated() {
            guard let manifest = manifests[index].manifest else { continue }
            var targets: [WorkspaceLayout.Target] = []
            for (targetIndex, pending) in pendingTargets.enumerated() where pending.packageIndex == index {
                let files = (filesByTarget[targetIndex] ?? []).sorted()
                let kind = Self.effectiveKind(of: pending.declaration, toolsVersion: manifest.toolsVersion, directory: pending.directory, files: files)
                targets.append(WorkspaceLayout.Target(name: moduleName(of: pending.declaration, directory: pending.directory, files: files, root: root, scope: scan.scope),
                                                      kind: kind, package: identities[index], directory: pending.directory,
                                                      files: files, declaration: pending.declaration, productType: nil))
            }
            packages.append(WorkspaceLayout.Package(kind: .swiftPackage, identity: identities[index], directory: directory,
                                                    manifestPath: manifests[index].path, manifest: manifest, targets: targets,
                                                    suppressions: manifests[index].suppressions))
        }
        for (index, project) in xcode.projects.enumerated() {
            let targets = xcode.targets.filter { $0.projectIndex == index }.map { pending in
                WorkspaceLayout.Target(name: pending.moduleName, kind: pending.declaration.kind, package: project.identity,
                                       directory: pending.directory, files: pending.files, declaration: pending.declaration,
                                       productType: pending.productType)
            }
            // A podspec or BUILD file whose every target is a SwiftPM target described again
            // adds no package: the library is SwiftPM's.
            if targets.isEmpty && project.generator?.describesSwiftPMSourcesAgain == true { continue }
            packages.append(WorkspaceLayout.Package(kind: .xcodeProject, identity: project.identity, directory: project.directory,
                                                    manifestPath: project.file, manifest: project.manifest,
                                                    targets: targets, suppressions: [], generator: project.generator, projectPath: project.path))
        }
        packages.sort { ($0.directory, $0.manifestPath) < ($1.directory, $1.manifestPath) }
        let accounted = claimed.union(xcodeFiles).union(deliberatelyExcluded).union(xcode.resourceFiles)
        let packageFolders = Set(packageDirectories)
        // Where Tuist manifests were read (or tried), they and their helpers are build
        // descriptions, not sources.
        let readsTuist = readings.contains { $0.generator == .tuist }
        let inNoTarget = scan.swiftFiles.filter {
            !accounted.contains($0) && !Self.isLinuxTestManifest($0, packageDirectories: packageFolders) && !(readsTuist && Self.isTuistManifest($0))
        }
        let readSpecs = Set(readings.filter { $0.generator != nil && $0.project != nil }.map(\.description))
        // A Package.swift that makes no package (an empty one) hides its folder from the
        // package above it, as SwiftPM does, and an .xcodeproj without its project.pbxproj
        // describes nothing: code they leave unread is reported like a spec's.
        let emptyManifests = manifests.filter { $0.manifest?.declaresPackage == false }.map(\.path)
            + readings.filter(\.hasNoDescription).map(\.description)
        notes += UnreadSpecs.notes(specs: (scan.buildDescriptions + scan.swiftFiles.filter(TuistBuildSystem.isProjectManifest)).filter { !readSpecs.contains($0) }
                                       + emptyManifests,
                                   filesInNoTarget: inNoTarget, projectFolders: Set(scan.xcodeProjects.map(Paths.parent)),
                                   root: root, scope: scan.scope)
        return WorkspaceLayout(packages: packages, notes: notes, filesInNoTarget: inNoTarget, podContexts: xcode.podContexts)
    }

    /// `Tests/LinuxMain.swift` (or one at the package root): SwiftPM before 5.5 compiled it
    /// into the test runner on Linux. It belongs to no target and is no stray file.
    static func isLinuxTestManifest(_ path: String, packageDirectories: Set<String>) -> Bool {
        guard Paths.lastComponent(path) == "LinuxMain.swift" else { return false }
        let folder = Paths.parent(path)
        return packageDirectories.contains(folder)
            || (Paths.lastComponent(folder) == "Tests" && packageDirectories.contains(Paths.parent(folder)))
    }

    /// A target's kind as SwiftPM builds it: before tools 5.4, a `.target` whose folder
    /// holds a `main.swift` is an executable (`.executableTarget` came with 5.4).
    static func effectiveKind(of declaration: ManifestTarget, toolsVersion: String?, directory: String?, files: [String]) -> ManifestTarget.Kind {
        guard declaration.kind == .regular, let directory, let version = toolsVersion,
              Self.isBefore5_4(version), files.contains(Paths.join(directory, "main.swift")) else { return declaration.kind }
        return .executable
    }

    static func isBefore5_4(_ version: String) -> Bool {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return false }
        return major < 5 || (major == 5 && (parts.count > 1 ? parts[1] : 0) < 4)
    }

    /// The layout's packages with every file's summary: stored ones (most of them decoded
    /// already), the rest read and summarised now.
    fileprivate func populate(_ layout: WorkspaceLayout, root: String, scan: TreeScan, cache: SummaryCache.Session?,
                          prefetched: [String: SourceSummary]) -> Workspace {
        var notes = layout.notes
        // A file built by a SwiftPM target and an Xcode target is summarised once.
        var unique = Set<String>(minimumCapacity: scan.swiftFiles.count)
        for package in layout.packages {
            for target in package.targets { unique.formUnion(target.files) }
        }
        // In no particular order: each file's summary lands in a table by path, and the
        // notes are sorted below.
        let uniquePaths = Array(unique)

        // Summaries, in parallel: the bulk of the work. Stored ones were decoded meanwhile.
        // One summary per file, however many targets build it: the rest are read (or
        // found unchanged by content) and summarised now.
        let summaryList: [(summary: SourceSummary?, prefetched: Bool)] = uniquePaths.parallelMap { path in
            if let summary = prefetched[path] { return (summary, true) }
            let absolute = Paths.join(root, path)
            if let cache {
                return (cache.find(path: path, absolute: absolute, identity: scan.identity(of: path))
                    .flatMap { cache.summary($0, path: path, absolute: absolute) }, false)
            }
            return (FileSystem.readSource(absolute, scope: scan.scope).map(FactExtractor.summarize(bytes:)), false)
        }
        cache?.saveInBackground()
        PhaseClock.mark("summaries decoded")
        // The prefetched table, completed with the files summarised now (built anew, it
        // would hash every path once more).
        var summaries = prefetched
        // Sized once: a cold run adds most files here, and growing would rehash every path.
        summaries.reserveCapacity(uniquePaths.count)
        for (index, path) in uniquePaths.enumerated() {
            guard let summary = summaryList[index].summary else {
                // Rare: asked again, to say why.
                let refusal = FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.source, scope: scan.scope, trustingFolders: true)
                let reason = if case .failure(let refusal) = refusal { ": \(refusal)" } else { "" }
                notes.append(WorkspaceNote(kind: .unreadable, file: path, line: 1, column: 1, message: "cannot read source file\(reason)"))
                continue
            }
            for problem in summary.problems {
                notes.append(WorkspaceNote(kind: .invalidSource, file: path, line: problem.line, column: problem.column, message: problem.message))
            }
            if !summaryList[index].prefetched { summaries[path] = summary }
        }
        // A file that could not be read has no summary and leaves its targets.
        var packages = layout.packages.map { $0.package(files: { path in summaries[path].map { SourceFile(path: path, summary: $0) } }) }
        Self.wireLocalDependencies(&packages, root: root)
        notes.sort { ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message) }
        var workspace = Workspace(root: root, packages: packages, notes: notes)
        workspace.podContexts = layout.podContexts
        workspace.filesInNoTarget = layout.filesInNoTarget
        return workspace
    }

    /// The module a SwiftPM target exports: its name, or for a C-family or system-library
    /// target (no Swift files) the module its module map declares.
    private func moduleName(of target: ManifestTarget, directory: String?, files: [String], root: String, scope: ReadScope) -> String {
        guard files.isEmpty, let directory, target.kind == .regular || target.kind == .system,
              let bytes = try? FileSystem.readInput(Paths.join(root, ModuleMap.path(targetDirectory: directory, kind: target.kind,
                                                                                     publicHeadersPath: target.publicHeadersPath)),
                                                    atMost: InputLimits.small, scope: scope).get(),
              let name = ModuleMap.moduleName(in: bytes) else { return target.name }
        return name
    }

    /// The targets a library product exports, with the targets of the package they depend
    /// on: all a dependency's consumers can see (tests, examples and tools are left out).
    static func libraryTargets(of manifest: PackageManifest) -> Set<String> {
        let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result = Set<String>()
        var queue = manifest.products.filter { $0.kind == .library }.flatMap(\.targets)
        while let name = queue.popLast() {
            guard let target = byName[name], result.insert(name).inserted else { continue }
            for dependency in target.dependencies {
                switch dependency.kind {
                case .target(let other), .byName(let other): queue.append(other)
                case .product: continue
                }
            }
        }
        return result
    }

    /// The target whose directory is the deepest one containing `folder`, within the
    /// deepest package containing it.
    static func owningTarget(of folder: String, packages: [String: Int], packageDirectories: [String],
                             targets: [Int: [String: Int]]) -> Int? {
        guard let packageIndex = owningPackage(of: Paths.join(folder, "-"), in: packages),
              let byDirectory = targets[packageIndex] else { return nil }
        let packageDirectory = packageDirectories[packageIndex]
        var directory = folder
        while true {
            if let index = byDirectory[directory] { return index }
            if directory == packageDirectory || directory.isEmpty { return nil }
            directory = Paths.parent(directory)
        }
    }

    static func owningPackage(of file: String, in packages: [String: Int]) -> Int? {
        var directory = Paths.parent(file)
        while true {
            if let index = packages[directory] { return index }
            if directory.isEmpty { return nil }
            directory = Paths.parent(directory)
        }
    }

    /// `.package(path:)` by directory, `.package(url:)` by identity — as SwiftPM
    /// de-duplicates packages by identity.
    /// A path that leaves the linted root and comes back (`../../../../GRDB.swift` from a
    /// demo project inside the `GRDB.swift` checkout) is resolved against the absolute
    /// root, so that it finds the package it names.
    static func wireLocalDependencies(_ packages: inout [Package], root: String) {
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

/// Where the workspace's dependency checkouts may be, and the `Package.resolved` files.
struct DependencyInputs: Sendable {
    var checkoutFolders: [String]
    var pinFiles: [String]
}

/// One walk over the tree: package directories (with their manifest file names), every
/// directory, every `.swift` file.
struct TreeScan: Sendable {
    var packageDirectories: [String: [String]] = [:]
    /// Root-relative `.xcodeproj` and `.xcworkspace` folders (not the `project.xcworkspace`
    /// every project carries inside).
    var xcodeProjects: [String] = []
    var xcodeWorkspaces: [String] = []
    /// Build descriptions other than manifests and projects: specs, podspecs, Podfiles, BUILD
    /// and `.bzl` files (`UnreadSpecs.isBuildDescription`).
    var buildDescriptions: [String] = []
    var directories = Set<String>()
    var swiftFiles: [String] = []
    /// Where the load may read (see `ReadScope`).
    var scope = ReadScope(roots: [])

    /// Directories SwiftPM and Xcode treat as resources, never as sources: Swift files in a
    /// DocC catalog (tutorial snippets) or a playground are not compiled into the target.
    static let bundleExtensions: Set<String> = [
        "docc", "xcassets", "bundle", "lproj", "xcdatamodeld", "xcdatamodel", "playground", "xcodeproj", "xcworkspace",
    ]

    static func isBundle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return bundleExtensions.contains(String(name[name.index(after: dot)...]))
    }

    /// Root-relative paths skipped because an exclude glob matched them.
    var excludedPaths: [String] = []
    /// When set, the walk hashes the identity (path, size, mtime, inode) of every Swift
    /// file and manifest into `fingerprint`, in walk order (deterministic: entries sorted).
    var fingerprinting = false
    var fingerprint = StableHash()
    /// The same without the identities of Swift sources (their paths are in): with the
    /// sources' facts it keys the result when only comments or white space changed.
    var structure = StableHash()
    /// The identity of each of `swiftFiles`, at the same position (when fingerprinting;
    /// `nil` for a `Package@swift-` variant kept as a source): the summary cache validates
    /// its entries with them instead of a second stat per file. Positions, not a table by
    /// path: hashing every path of the tree (and again to merge the walk's parts) showed
    /// in the pre-commit profile.
    var swiftIdentities: [FileIdentity?] = []

    /// Identities modified at or after this are racy (`FileIdentity.isRacy`); which kind
    /// of input had one.
    var racyThreshold = Int64.max
    var sourcesAreRacy = false
    var structureIsRacy = false

    /// The identity the walk read for `path` (`swiftFiles` is sorted: a binary search).
    func identity(of path: String) -> FileIdentity? {
        var low = 0, high = swiftFiles.count
        while low < high {
            let middle = (low + high) / 2
            if swiftFiles[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low < swiftFiles.count && swiftFiles[low] == path ? swiftIdentities[low] : nil
    }

    /// Sorts `swiftFiles`, their identities along.
    private mutating func sortFiles() {
        let order = swiftFiles.indices.sorted { swiftFiles[$0] < swiftFiles[$1] }
        swiftFiles = order.map { swiftFiles[$0] }
        swiftIdentities = order.map { swiftIdentities[$0] }
    }

    mutating func walk(_ start: String, root: String, skipping skipped: Set<String>, excluding excluded: Exclusion = Exclusion()) {
        var stack = [start]
        var visited = Set<String>()
        while let directory = stack.popLast() {
            guard visited.insert(directory).inserted else { continue }
            stack += visit(directory, root: root, skipping: skipped, excluding: excluded)
        }
        sortFiles()
    }

    /// The same walk with the subtrees below `start` spread over all cores: on a warm
    /// page cache the walk is mostly kernel time (getdents, stat), which parallelises.
    mutating func walkInParallel(_ start: String, root: String, skipping skipped: Set<String>, excluding excluded: Exclusion = Exclusion()) {
        // Widen the frontier level by level until there is enough to share (a root that
        // holds a single folder, like a corpus or a monorepo's `Packages/`, still spreads).
        var subdirectories = visit(start, root: root, skipping: skipped, excluding: excluded).sorted()
        while !subdirectories.isEmpty && subdirectories.count < 16 {
            var next: [String] = []
            for directory in subdirectories { next += visit(directory, root: root, skipping: skipped, excluding: excluded) }
            subdirectories = next.sorted()
        }
        let fingerprinting = self.fingerprinting, racyThreshold = self.racyThreshold
        let parts = subdirectories.parallelMap { directory -> TreeScan in
            var part = TreeScan()
            part.fingerprinting = fingerprinting
            part.racyThreshold = racyThreshold
            part.walk(directory, root: root, skipping: skipped, excluding: excluded)
            return part
        }
        // Sized once: merging part by part would rehash every path at each growth.
        let fileCount = swiftFiles.count + parts.reduce(0) { $0 + $1.swiftFiles.count }
        swiftFiles.reserveCapacity(fileCount)
        swiftIdentities.reserveCapacity(fileCount)
        directories.reserveCapacity(directories.count + parts.reduce(0) { $0 + $1.directories.count })
        for part in parts {
            packageDirectories.merge(part.packageDirectories) { first, _ in first }
            xcodeProjects += part.xcodeProjects
            xcodeWorkspaces += part.xcodeWorkspaces
            buildDescriptions += part.buildDescriptions
            directories.formUnion(part.directories)
            swiftFiles += part.swiftFiles
            swiftIdentities += part.swiftIdentities
            excludedPaths += part.excludedPaths
            if fingerprinting {
                fingerprint.add(String(part.fingerprint.value, radix: 16))
                structure.add(String(part.structure.value, radix: 16))
                sourcesAreRacy = sourcesAreRacy || part.sourcesAreRacy
                structureIsRacy = structureIsRacy || part.structureIsRacy
            }
        }
        sortFiles()
    }

    /// A manifest, project or settings file: part of both fingerprints.
    private mutating func addInput(_ path: String, identity: FileIdentity?) {
        let text = identity?.description ?? "?"
        fingerprint.add(path)
        fingerprint.add(text)
        structure.add(path)
        structure.add(text)
        if identity?.isRacy(threshold: racyThreshold) == true { structureIsRacy = true }
    }

    /// The only files the walk records: Swift sources and manifests, build settings, module
    /// maps. Judged on the name's bytes, before a string is made for it (most entries of a
    /// tree are other files: resources, documentation, fixtures).
    static func isWalkedFile(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func hasSuffix(_ suffix: StaticString) -> Bool {
            let length = suffix.utf8CodeUnitCount
            guard name.count >= length else { return false }
            return memcmp(name.baseAddress! + (name.count - length), suffix.utf8Start, length) == 0
        }
        return hasSuffix(".swift") || hasSuffix(".xcconfig") || name.count == 16 && hasSuffix("module.modulemap")
            || UnreadSpecs.mayBeName(name) || hasSuffix(".yml") || hasSuffix(".yaml")
            || hasSuffix(".podspec") || hasSuffix(".podspec.json") || hasSuffix(".bzl")
    }

    /// Folder names that hold a test suite's input data (XcodeGen's `Tests/Fixtures`,
    /// `Tests/AppTests/Fixtures`): projects and packages there are what the tests read,
    /// not part of the code base.
    static let fixtureFolderNames: Set<String> = ["Fixtures", "fixtures", "Fixture", "TestFixtures", "__Fixtures__", "__fixtures__"]

    /// A fixtures folder below a tests folder (`Tests`, `Test`, `…Tests`, `…Test`) of the
    /// linted tree. Linting the fixture itself (a path inside it) still reads it.
    static func isTestFixtureFolder(_ name: String, in directory: String) -> Bool {
        guard fixtureFolderNames.contains(name), !directory.isEmpty else { return false }
        return directory.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasSuffix("Test") || $0 == "tests" }
    }

    /// The same test for a name already made a string: the files whose identity the walk reads.
    static func isWalkedFile(_ name: String) -> Bool {
        name.withBytes(isWalkedFile)
    }

    /// Reads one directory: records its packages, Swift files and identities; returns the
    /// subdirectories to descend into.
    private mutating func visit(_ directory: String, root: String, skipping skipped: Set<String>, excluding excluded: Exclusion) -> [String] {
        directories.insert(directory)
        // A target's folder counts even when it holds no Swift file (its module map, its
        // module name): a new or removed folder must miss the memos too.
        if fingerprinting {
            fingerprint.add(directory)
            structure.add(directory)
        }
        var subdirectories: [String] = []
        // With exclude globs every entry is matched (a glob that matches nothing is reported).
        var keepsFile: ((UnsafeBufferPointer<UInt8>) -> Bool)?
        if excluded.globs.isEmpty { keepsFile = { name in TreeScan.isWalkedFile(name) } }
        guard let entries = FileSystem.entries(of: Paths.join(root, directory).isEmpty ? "/" : Paths.join(root, directory),
                                               keepsFile: keepsFile,
                                               identify: fingerprinting ? { TreeScan.isWalkedFile($0) } : nil) else { return [] }
        var manifests: [String] = []
        // Decided once per folder: a per-file substring search showed in the walk's profile.
        let inTuistFolder = fingerprinting && WorkspaceLoader.isTuistFolder(directory)
        for entry in entries {
            let path = Paths.join(directory, entry.name)
            if !excluded.ignoredFiles.isEmpty && excluded.ignoredFiles.contains(path) { continue }
            if excluded.matches(path) {
                excludedPaths.append(path)
                continue
            }
            switch entry.kind {
            case .directory:
                // `pod install` rewrites Pods/Manifest.lock: the pods read as context change.
                if fingerprinting && entry.name == "Pods" {
                    addInput(Paths.join(path, "Manifest.lock"), identity: FileIdentity(path: Paths.join(Paths.join(root, path), "Manifest.lock")))
                }
                if entry.name.hasPrefix(".") || skipped.contains(entry.name) || excluded.contextFolders.contains(path) { continue }
                if Self.isTestFixtureFolder(entry.name, in: directory) { continue }
                if entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".xcworkspace") {
                    let isProject = entry.name.hasSuffix(".xcodeproj")
                    let file = Paths.join(Paths.join(root, path), isProject ? "project.pbxproj" : "contents.xcworkspacedata")
                    if isProject { xcodeProjects.append(path) } else { xcodeWorkspaces.append(path) }
                    if fingerprinting { addInput(path, identity: FileIdentity(path: file)) }
                    continue
                }
                if Self.isBundle(entry.name) { continue }
                subdirectories.append(path)
            case .file:
                if UnreadSpecs.isBuildDescription(entry.name) {
                    buildDescriptions.append(path)
                    if fingerprinting { addInput(path, identity: entry.identity) }
                    continue
                }
                // Build settings files decide Xcode module names, module maps C module names,
                // YAML files may be included by an XcodeGen spec: a change must miss the memo.
                if fingerprinting && (entry.name.hasSuffix(".xcconfig") || entry.name == "module.modulemap"
                                      || entry.name.hasSuffix(".yml") || entry.name.hasSuffix(".yaml")) {
                    addInput(path, identity: entry.identity)
                }
                if entry.name.hasSuffix(".swift") {
                    let identity = entry.identity
                    if entry.name == "Package.swift" || (entry.name.hasPrefix("Package@swift-")) {
                        manifests.append(entry.name)
                        if fingerprinting { addInput(path, identity: identity) }
                    } else {
                        swiftFiles.append(path)
                        swiftIdentities.append(identity)
                        if fingerprinting {
                            fingerprint.add(path)
                            fingerprint.add(identity.map { UInt64(bitPattern: $0.size) } ?? UInt64.max)
                            fingerprint.add(identity.map { UInt64(bitPattern: $0.modified) } ?? UInt64.max)
                            fingerprint.add(identity?.inode ?? UInt64.max)
                            structure.add(path)
                            if identity?.isRacy(threshold: racyThreshold) == true { sourcesAreRacy = true }
                            // A Tuist manifest or helper is a build description: its content
                            // decides the layout, so its identity keys the layout memo too.
                            if inTuistFolder || WorkspaceLoader.tuistManifestNames.contains(entry.name) { addInput(path, identity: identity) }
                        }
                    }
                }
            case .other, .missing:
                // A FIFO, device, socket or dangling link where a manifest or source is
                // expected: kept, so that reading it reports it — skipping it would drop a
                // package (and every finding in it) without a word.
                if entry.name == "Package.swift" {
                    manifests.append(entry.name)
                } else if UnreadSpecs.isBuildDescription(entry.name) {
                    buildDescriptions.append(path)
                    if fingerprinting {
                        fingerprint.add(path)
                        structure.add(path)
                        structureIsRacy = true
                    }
                } else if entry.name.hasSuffix(".swift") && !entry.name.hasPrefix("Package@swift-") {
                    swiftFiles.append(path)
                    swiftIdentities.append(nil)
                    if fingerprinting {
                        fingerprint.add(path)
                        structure.add(path)
                        sourcesAreRacy = true   // no identity to key a memo by
                    }
                }
            }
        }
        if manifests.contains("Package.swift") {
            packageDirectories[directory] = manifests
        } else if !manifests.isEmpty {
            // Variants without a Package.swift are not a package; keep them as sources.
            swiftFiles.append(contentsOf: manifests.map { Paths.join(directory, $0) })
            swiftIdentities.append(contentsOf: manifests.map { _ in nil })
        }
        return subdirectories
    }
}

/// `exclude` globs, matched against paths relative to their base directory.
struct Exclusion: Sendable {
    var globs: [Glob] = []
    /// Root-relative folders of dependency checkouts (read as context, not walked).
    var contextFolders: Set<String> = []
    /// Root-relative files left out without a word (`WorkspaceOptions.ignoredFiles`).
    var ignoredFiles: Set<String> = []
    /// The root's path relative to the base (`nil`: the root lies outside the base), or
    /// the base's path relative to the root when the base lies below it.
    private var rootInsideBase: String?
    private var baseInsideRoot: String?

    init() {}

    init(globs: [Glob], root: String, base: String?) {
        self.globs = globs
        guard let base, base != root else {
            rootInsideBase = ""
            return
        }
        if Paths.isInside(root, base) || base == "/" {
            rootInsideBase = base == "/" ? String(root.dropFirst()) : Paths.relative(root, to: base)
        } else if Paths.isInside(base, root) {
            baseInsideRoot = Paths.relative(base, to: root)
        }
    }

    /// `path` is relative to the workspace root.
    func matches(_ path: String) -> Bool {
        guard !globs.isEmpty else { return false }
        let relative: String
        if let rootInsideBase {
            relative = Paths.join(rootInsideBase, path)
        } else if let baseInsideRoot, Paths.isInside(path, baseInsideRoot), path != baseInsideRoot {
            relative = Paths.relative(path, to: baseInsideRoot)
        } else {
            return false
        }
        return globs.contains { $0.matches(relative) || $0.matches(relative + "/") }
    }
}
