#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ModlintConfiguration
import ModlintFacts
import ModlintManifest

/// Assembly: a walk's packages, projects and their targets laid out (`layOut`), then every
/// source summarised (`populate`).
extension WorkspaceLoader {
    /// The workspace of a walk: its layout (from the memo when the tree's structure is
    /// unchanged), then every source file's summary. `savesLayout`: false when a file of
    /// the structure is too recent to key the memo by (`FileIdentity.isRacy`).
    func assemble(root: String, scan: TreeScan, structure: UInt64, savesLayout: Bool, prefetched: LayoutPrefetch? = nil) -> Workspace {
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
    func layOut(root: String, scan: TreeScan) -> WorkspaceLayout {
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
            if let failure = manifest.failure {
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: manifests[index].path, line: failure.line, column: failure.column,
                                           message: "cannot read \(Paths.lastComponent(manifests[index].path)): \(failure.message); its targets are not analysed"))
                continue
            }
            for note in manifest.notes {
                notes.append(WorkspaceNote(kind: .unresolvedManifest, file: manifests[index].path, line: note.line, column: note.column, message: note.message))
            }
            let exported = options.readsOnlyLibraryTargets ? Self.libraryTargets(of: manifest) : nil
            for target in manifest.targets where exported?.contains(target.name) ?? true {
                let targetDirectory = TargetLayout.directory(of: target, packageDirectory: directory,
                                                             occupiesRoot: TargetLayout.mayOccupyRoot(target, in: manifest)) { scan.directories.contains($0) }
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
        let (readings, shadowed, emptySpecs) = options.readsXcodeProjects
            ? ProjectBuildSystems.read(scan: scan, root: root, scope: scan.scope) : ([], [], [])
        if !readings.isEmpty {
            var usedXcodeIdentities = usedIdentities
            // The library product that exports each SwiftPM target, looked up once per target.
            let ownerByTarget = pendingTargets.enumerated().map { target, pending in
                let product = manifests[pending.packageIndex].manifest?.products
                    .first { $0.kind == .library && $0.targets.contains(pending.declaration.name) }?.name
                return XcodeProjectLayout.SwiftPMOwner(targetIndex: target, packageDirectory: packageDirectories[pending.packageIndex], product: product,
                                                       moduleName: pending.declaration.name)
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
            + StaleGeneratedProjects.notes(emptySpecs: emptySpecs)
        assignments += xcode.mirroredFiles
        let claimed = Set(assignments.map(\.path))
        var xcodeFiles = Set<String>()
        for target in xcode.targets { xcodeFiles.formUnion(target.files) }

        // Packages.
        var filesByTarget: [Int: [String]] = [:]
        for assignment in assignments { filesByTarget[assignment.target, default: []].append(assignment.path) }
        // Resources SwiftPM picks up by their kind, to the target whose folder holds them.
        var resourceOfTarget: [Int: String] = [:]
        for resource in scan.processedResources {
            let folder = Paths.parent(resource)
            let owner = targetOfFolder[folder] ?? Self.owningTarget(of: folder, packages: packageIndexByDirectory,
                                                                    packageDirectories: packageDirectories, targets: targetByDirectory)
            guard let owner, resourceOfTarget[owner] == nil || resource < resourceOfTarget[owner]! else { continue }
            resourceOfTarget[owner] = resource
        }
        var packages: [WorkspaceLayout.Package] = []
        for (index, directory) in packageDirectories.enumerated() {
            guard let manifest = manifests[index].manifest else { continue }
            var targets: [WorkspaceLayout.Target] = []
            for (targetIndex, pending) in pendingTargets.enumerated() where pending.packageIndex == index {
                let files = (filesByTarget[targetIndex] ?? []).sorted()
                let kind = Self.effectiveKind(of: pending.declaration, toolsVersion: manifest.toolsVersion, directory: pending.directory, files: files)
                targets.append(WorkspaceLayout.Target(name: moduleName(of: pending.declaration, directory: pending.directory, files: files, root: root, scope: scan.scope),
                                                      kind: kind, package: identities[index], directory: pending.directory,
                                                      files: files, declaration: pending.declaration, productType: nil,
                                                      processedResource: resourceOfTarget[targetIndex]))
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
        let readsTuist = (readings + emptySpecs).contains { $0.generator == .tuist }
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
                                   root: root, scope: scan.scope,
                                   unfollowedBazel: Dictionary(readings.compactMap { reading in reading.unfollowed.map { (reading.description, $0) } },
                                                               uniquingKeysWith: { first, _ in first }))
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
        // An unreadable version is no old one.
        guard version.split(separator: ".").compactMap({ Int($0) }).first != nil else { return false }
        return !TargetLayout.isAtLeast(version, 5, 4)
    }

    /// The layout's packages with every file's summary: stored ones (most of them decoded
    /// already), the rest read and summarised now.
    func populate(_ layout: WorkspaceLayout, root: String, scan: TreeScan, cache: SummaryCache.Session?,
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
            let absolute = Paths.join(root, scan.spelling(of: path))
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
                let refusal = FileSystem.readInput(Paths.join(root, scan.spelling(of: path)), atMost: InputLimits.source, scope: scan.scope, trustingFolders: true)
                let reason = if case .failure(let refusal) = refusal { ": \(refusal)" } else { "" }
                // Over the cap, the file is the pull request's to shape: what it hides is an error.
                let oversized = if case .failure(.tooLarge) = refusal { WorkspaceNote.unanalysedCode } else { "" }
                notes.append(WorkspaceNote(kind: .unreadable, file: path, line: 1, column: 1, message: "cannot read source file\(reason)\(oversized)"))
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
    func moduleName(of target: ManifestTarget, directory: String?, files: [String], root: String, scope: ReadScope) -> String {
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
}
