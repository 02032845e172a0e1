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
        if let speculation {
            let (summaries, inFlight) = speculation.stop()
            return populate(layout, root: root, scan: scan, cache: cache, prefetched: summaries,
                            inFlight: inFlight.map { position in (position, { speculation.inFlightSummary(at: position) }) })
        }
        return populate(layout, root: root, scan: scan, cache: cache, prefetched: prefetch?.summaries() ?? [])
    }

    /// Packages and Xcode projects, their targets and the files each builds: everything a
    /// load reads but the sources.
    func layOut(root: String, scan: TreeScan) -> WorkspaceLayout {
        var swiftPM = SwiftPMReading(scan: scan, root: root, reader: ManifestReader(environment: options.buildEnvironment, platforms: options.platforms),
                                     toolsVersion: options.toolsVersion, readsOnlyLibraryTargets: options.readsOnlyLibraryTargets)
        var notes = swiftPM.notes
        PhaseClock.mark("targets")
        // Xcode projects: their targets join as packages of their own.
        var xcode = XcodeProjectLayout()
        var (readings, shadowed, emptySpecs) = options.readsXcodeProjects
            ? ProjectBuildSystems.read(scan: scan, root: root, scope: scan.scope) : ([], [], [])
        // The tree's Swift files for lookups by path, made once, and only when projects need it.
        var fileSet: SwiftFileSet?
        func sharedFileSet() -> SwiftFileSet {
            if let fileSet { return fileSet }
            let made = SwiftFileSet(scan.swiftFiles, directories: scan.directories)
            fileSet = made
            return made
        }
        let older = StaleGeneratedProjects.olderSpecs(readings: readings, shadowed: shadowed, root: root, swiftFiles: scan.swiftFiles,
                                                      fileSet: sharedFileSet())
        (readings, shadowed) = (older.readings, older.shadowed)
        notes += older.notes
        if !readings.isEmpty {
            var usedXcodeIdentities = swiftPM.usedIdentities
            xcode = XcodeProjectLayout(root: root, readings: readings, workspacePaths: scan.xcodeWorkspaces.sorted(),
                                       swiftFiles: scan.swiftFiles, fileSet: sharedFileSet(), packageDirectories: swiftPM.directories,
                                       owners: swiftPM.owners(), scope: scan.scope, usedIdentities: &usedXcodeIdentities)
        }
        PhaseClock.mark("xcode")
        notes += xcode.notes
        notes += StaleGeneratedProjects.notes(specs: readings.filter { $0.generator != nil }, committed: shadowed, root: root, swiftFiles: scan.swiftFiles,
                                              fileSet: xcode.fileSet)
            + StaleGeneratedProjects.notes(emptySpecs: emptySpecs)
        notes += supersessionNotes(xcode.superseded, swiftPM: swiftPM)
        let assignments = swiftPM.assignments(leavingOut: Set(xcode.superseded.keys)) + xcode.mirroredFiles
        let resources = swiftPM.processedResources(scan.processedResources)
        var packages = swiftPM.packages(assignments: assignments, resources: resources, leavingOut: Set(xcode.superseded.keys)) { target, directory, files in
            moduleName(of: target, directory: directory, files: files, root: root, scope: scan.scope)
        }
        packages += xcode.packages()
        packages.sort { ($0.directory, $0.manifestPath) < ($1.directory, $1.manifestPath) }
        let inNoTarget = filesInNoTarget(scan: scan, swiftPM: swiftPM, assignments: assignments, xcode: xcode, readings: readings + emptySpecs)
        let readSpecs = Set(readings.filter { $0.generator != nil && ($0.project != nil || $0.isInert) }.map(\.description))
        notes += XcodeGenBuildSystem.alternativeSpecNotes(scan.alternativeDescriptions,
                                                          readSpecs: readings.filter { $0.generator == .xcodeGen }.map(\.description),
                                                          root: root, scope: scan.scope)
        // A Package.swift that makes no package (an empty one) hides its folder from the
        // package above it, as SwiftPM does, and an .xcodeproj without its project.pbxproj
        // describes nothing: code they leave unread is reported like a spec's.
        let emptyManifests = swiftPM.emptyManifests + readings.filter(\.hasNoDescription).map(\.description)
        notes += UnreadSpecs.notes(specs: (scan.buildDescriptions + scan.tuistManifests).filter { !readSpecs.contains($0) }
                                       + emptyManifests,
                                   filesInNoTarget: inNoTarget, projectFolders: Set(scan.xcodeProjects.map(Paths.parent)),
                                   root: root, scope: scan.scope,
                                   bazelGaps: Dictionary(readings.compactMap { reading in reading.bazelGap.map { (reading.description, $0) } },
                                                         uniquingKeysWith: { first, _ in first }),
                                   bazelPackages: Set(scan.buildDescriptions.filter(BazelBuildSystem.isBuildFile).map(Paths.parent)))
        return WorkspaceLayout(packages: packages, notes: notes, filesInNoTarget: inNoTarget, podContexts: xcode.podContexts)
    }

    /// One note per superseded Package.swift, at the target whose file a BUILD target builds
    /// as another module, naming both files.
    func supersessionNotes(_ superseded: [String: XcodeProjectLayout.Supersession], swiftPM: SwiftPMReading) -> [WorkspaceNote] {
        superseded.sorted { $0.key < $1.key }.compactMap { directory, evidence in
            guard let index = swiftPM.directories.firstIndex(of: directory) else { return nil }
            let manifest = swiftPM.manifests[index]
            let lead = "\(Paths.lastComponent(manifest.path)) is superseded by the Bazel workspace around it: "
            let tail = "; the BUILD files are analysed, and this manifest's targets are read as context only"
            switch evidence {
            case .contradicted(let file, let swiftPMModule, let bazelModule, let buildFile, let line):
                let targetLine = manifest.manifest?.targets.first { $0.name == swiftPMModule }?.line ?? 1
                return WorkspaceNote(kind: .supersededBuildDescription, file: manifest.path, line: targetLine, column: 1,
                                     message: lead + "\(file) is in its target \(swiftPMModule), but \(buildFile):\(line) builds it into module \(bazelModule)" + tail)
            case .takenAsInput(let file):
                return WorkspaceNote(kind: .supersededBuildDescription, file: manifest.path, line: 1, column: 1,
                                     message: lead + "\(file) takes this manifest as an input of the Bazel build" + tail)
            }
        }
    }

    /// Swift files no target builds: not claimed by a package or project, not left out on
    /// purpose, not a resource, and not a build description (Tuist's manifests and helpers,
    /// where Tuist manifests were read or tried; SwiftPM's `LinuxMain.swift`).
    func filesInNoTarget(scan: TreeScan, swiftPM: SwiftPMReading, assignments: [(target: Int, path: String)], xcode: XcodeProjectLayout,
                         readings: [ProjectReading]) -> [String] {
        var accounted = Set(assignments.map(\.path))
        for target in xcode.targets { accounted.formUnion(target.files) }
        accounted.formUnion(swiftPM.deliberatelyExcluded)
        accounted.formUnion(xcode.resourceFiles)
        let packageFolders = Set(swiftPM.directories)
        let readsTuist = readings.contains { $0.generator == .tuist }
        return scan.swiftFiles.filter {
            !accounted.contains($0) && !SwiftPMReading.isLinuxTestManifest($0, packageDirectories: packageFolders)
                && !(readsTuist && (TuistBuildSystem.isManifest($0) || TuistBuildSystem.isPluginManifest($0, directories: scan.directories)))
        }
    }

    /// The layout's packages with every file's summary: stored ones (most of them decoded
    /// already), the rest read and summarised now. `prefetched`: summaries at the positions
    /// of `scan.swiftFiles` (empty: none); `inFlight`: a file another thread is still
    /// summarising, at its position, and how to wait for its summary.
    func populate(_ layout: WorkspaceLayout, root: String, scan: TreeScan, cache: SummaryCache.Session?,
                  prefetched: [SourceSummary?], inFlight: (position: Int, summary: () -> SourceSummary?)? = nil) -> Workspace {
        var notes = layout.notes
        let (positions, unwalked) = Self.builtFiles(of: layout, walked: scan.swiftFiles)
        // In the walk's order, a folder's files together (each is opened relative to its folder).
        let uniquePaths = positions.map { scan.swiftFiles[$0] } + unwalked

        // Summaries, in parallel: the bulk of the work. Stored ones were decoded meanwhile.
        // One summary per file, however many targets build it: the rest are read (or
        // found unchanged by content) and summarised now.
        let inFlightPosition = inFlight?.position
        var summaryList: [SourceSummary?] = Array(uniquePaths.indices).parallelMap(context: {
            SourceFolderReader(root: root, scope: scan.scope)
        }) { reader, index in
            let path = uniquePaths[index]
            if index < positions.count {
                // Taken below, from the thread that is summarising it.
                if positions[index] == inFlightPosition { return nil }
                if positions[index] < prefetched.count, let summary = prefetched[positions[index]] { return summary }
            }
            if let cache {
                let absolute = Paths.join(root, scan.spelling(of: path))
                return cache.find(path: path, absolute: absolute, identity: scan.identity(of: path))
                    .flatMap { cache.summary($0, path: path, absolute: absolute) }
            }
            return reader.read(scan.spelling(of: path)).map(FactExtractor.summarize(bytes:))
        }
        if let inFlight, let index = positions.firstIndex(of: inFlight.position) {
            // Unreadable there (or too large for it): read as any other file, to say why below.
            summaryList[index] = inFlight.summary() ?? SourceFolderReader(root: root, scope: scan.scope).read(scan.spelling(of: uniquePaths[index]))
                .map(FactExtractor.summarize(bytes:))
        }
        cache?.saveInBackground()
        PhaseClock.mark("summaries decoded")
        for (index, path) in uniquePaths.enumerated() {
            guard let summary = summaryList[index] else {
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
        }
        var packages = Self.packages(of: layout, walked: scan.swiftFiles, positions: positions, unwalked: unwalked, summaries: summaryList)
        Self.wireLocalDependencies(&packages, root: root, scope: scan.scope)
        notes.sort { ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message) }
        var workspace = Workspace(root: root, packages: packages, notes: notes)
        workspace.podContexts = layout.podContexts
        workspace.filesInNoTarget = layout.filesInNoTarget
        return workspace
    }

    /// The files the layout's targets build, each once: their positions in the walk's
    /// sorted files, in order, and the paths the walk did not list (none is expected),
    /// sorted. By position, not hashed by path: a cold run of the corpus hashed every path
    /// four times here, on one core.
    static func builtFiles(of layout: WorkspaceLayout, walked: [String]) -> (positions: [Int], unwalked: [String]) {
        var wanted = [Bool](repeating: false, count: walked.count)
        var unwalked = Set<String>()
        for package in layout.packages {
            for target in package.targets {
                var cursor = WalkPositions(walked)
                for path in target.files {
                    if let position = cursor.position(of: path) { wanted[position] = true } else { unwalked.insert(path) }
                }
            }
        }
        return (wanted.indices.filter { wanted[$0] }, unwalked.sorted())
    }

    /// The layout's packages, each target with its files' summaries (`summaries`: those of
    /// the files at `positions`, then of `unwalked`), assembled in parallel. A file that
    /// could not be read has no summary and leaves its targets.
    static func packages(of layout: WorkspaceLayout, walked: [String], positions: [Int], unwalked: [String],
                         summaries: [SourceSummary?]) -> [Package] {
        var placed = [SourceSummary?](repeating: nil, count: walked.count)
        for (index, position) in positions.enumerated() { placed[position] = summaries[index] }
        let byPosition = placed
        let unwalkedSummaries = Dictionary(uniqueKeysWithValues: unwalked.enumerated().map { ($1, summaries[positions.count + $0]) })
        return layout.packages.parallelMap { package in
            package.package { files in
                var cursor = WalkPositions(walked)
                return files.compactMap { path in
                    let summary = cursor.position(of: path).map { byPosition[$0] } ?? unwalkedSummaries[path] ?? nil
                    return summary.map { SourceFile(path: path, summary: $0) }
                }
            }
        }
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
}
