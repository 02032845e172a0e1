import ModlintManifest

/// Resolved checkouts and installed pods, read as context packages after the layout.
extension WorkspaceLoader {
    /// Reads the checkouts of the remote packages the workspace depends on (transitively)
    /// as context packages, and records the direct dependencies it could not find.
    func attachDependencies(to workspace: inout Workspace, inputs: DependencyInputs, scope: ReadScope) {
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
    func podContextPackages(_ pods: [PodContext], root: String, scope: ReadScope, loader: WorkspaceLoader,
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
            var package = loader.populate(layout, root: directory, scan: scan, cache: nil, prefetched: []).packages[0]
            package.rebase(onto: pod.folder)
            package.manifestPath = pod.podfile
            package.isContext = true
            packages.append(package)
        }
        return packages
    }

    /// Where the workspace's dependency checkouts may be and which `Package.resolved` files
    /// pin them: what `load` reads as context and what the fingerprint must cover.
    func dependencyInputs(root: String, scan: TreeScan) -> DependencyInputs {
        let projects = options.readsXcodeProjects ? scan.xcodeProjects.sorted() : []
        let packageDirectories = scan.packageDirectories.keys.sorted()
        let folders = DependencyContext.checkoutFolders(root: root, packageDirectories: packageDirectories, projects: projects,
                                                        explicit: options.dependencyFolders, derivedData: options.derivedDataDirectory)
        let pinFiles = ResolvedPins.files(root: root, packageDirectories: packageDirectories, projects: projects,
                                          workspaces: scan.xcodeWorkspaces.sorted())
        return DependencyInputs(checkoutFolders: folders, pinFiles: pinFiles)
    }
}

/// Where the workspace's dependency checkouts may be, and the `Package.resolved` files.
struct DependencyInputs: Sendable {
    var checkoutFolders: [String]
    var pinFiles: [String]
}


/// Resolved dependency sources read as context: what a library module requires (a Spezi
/// module's Standard constraint, its `@Dependency`s, a DI key's values, a product's
/// modules) is declared in the library's own sources. The loader finds checkouts by package
/// identity, reads each as a package of the workspace marked `isContext`, and records the
/// remote packages it could not find, so that rules never guess about them.
extension BuildSystems {
    /// The checkouts folders SwiftPM and Xcode keep at the root of a tree, where they exist.
    public static func rootCheckoutFolders(_ root: String) -> [String] {
        [DependencyContext.swiftPMCheckouts, DependencyContext.xcodeCheckouts].map { Paths.join(root, $0) }
            .filter { FileSystem.kind(of: $0) == .directory }
    }
}

struct DependencyContext {
    static let swiftPMCheckouts = ".build/checkouts"
    static let xcodeCheckouts = "SourcePackages/checkouts"

    /// Where checkouts are looked for, in order: explicit folders (`--dependencies`,
    /// `dependencies:`), then `.build/checkouts` beside each package and at the root, then
    /// Xcode's `SourcePackages/checkouts` beside each project and at the root, then (on
    /// macOS) the DerivedData folder of each project.
    /// `packageDirectories` and `projects` (`.xcodeproj` paths) are root-relative.
    static func checkoutFolders(root: String, packageDirectories: [String], projects: [String], explicit: [String],
                                derivedData: String?) -> [String] {
        var folders = explicit
        for directory in packageDirectories {
            folders.append(Paths.join(Paths.join(root, directory), ".build/checkouts"))
        }
        folders.append(Paths.join(root, ".build/checkouts"))
        for project in projects {
            folders.append(Paths.join(Paths.join(root, Paths.parent(project)), "SourcePackages/checkouts"))
        }
        folders.append(Paths.join(root, "SourcePackages/checkouts"))
        if let derivedData, !projects.isEmpty {
            folders += derivedDataCheckouts(for: projects.map { Paths.join(root, $0) }, in: derivedData)
        }
        var seen = Set<String>()
        return folders.filter { seen.insert(Paths.normalize($0)).inserted }
    }

    /// Xcode keeps a project's packages in `DerivedData/<Name>-<hash>/SourcePackages/checkouts`;
    /// the folder's `info.plist` names the project (`WorkspacePath`). Each `info.plist` is
    /// read once, however many projects there are (this runs on every warm run too); the
    /// result follows `projectPaths`' order, the first matching folder for each.
    static func derivedDataCheckouts(for projectPaths: [String], in derivedData: String) -> [String] {
        var found: [String: String] = [:]
        for entry in FileSystem.entries(of: derivedData) ?? [] where entry.kind == .directory {
            guard found.count < projectPaths.count else { break }
            let folder = Paths.join(derivedData, entry.name)
            guard let bytes = FileSystem.read(Paths.join(folder, "info.plist"), atMost: InputLimits.small) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for project in projectPaths where found[project] == nil && text.contains("<string>\(project)</string>") {
                found[project] = Paths.join(folder, "SourcePackages/checkouts")
            }
        }
        return projectPaths.compactMap { found[$0] }
    }

    /// Identity (the folder's name, lower-cased) → absolute checkout directory; the first
    /// folder that has a package wins.
    static func index(_ folders: [String]) -> [String: String] {
        var checkouts: [String: String] = [:]
        for folder in folders {
            for entry in FileSystem.entries(of: folder) ?? [] where entry.kind == .directory && !entry.name.hasPrefix(".") {
                let directory = Paths.join(folder, entry.name)
                let identity = PackageDependency.identity(for: entry.name)
                guard checkouts[identity] == nil, FileSystem.kind(of: Paths.join(directory, SwiftPMBuildSystem.manifestName)) == .file else { continue }
                checkouts[identity] = directory
            }
        }
        return checkouts
    }

    /// The remote packages a package depends on that no workspace package provides.
    static func remoteDependencies(of package: Package) -> [PackageDependency] {
        package.manifest.dependencies.filter { dependency in
            switch dependency.location {
            case .url, .registry: return package.dependencyNames[dependency.identity] == nil
            case .path: return false
            }
        }
    }
}

/// Pins of `Package.resolved` files (versions 1 to 3): identity → `1.2.3`, or
/// `revision abc1234` when a branch or revision is pinned.
enum ResolvedPins {
    /// Every `Package.resolved` SwiftPM or Xcode keeps for the packages, projects and
    /// workspaces (root-relative paths) of the tree.
    static func files(root: String, packageDirectories: [String], projects: [String], workspaces: [String]) -> [String] {
        var files: [String] = [Paths.join(root, "Package.resolved")]
        for directory in packageDirectories { files.append(Paths.join(Paths.join(root, directory), "Package.resolved")) }
        for project in projects {
            files.append(Paths.join(Paths.join(root, project), "project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
        }
        for workspace in workspaces { files.append(Paths.join(Paths.join(root, workspace), "xcshareddata/swiftpm/Package.resolved")) }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// Pins by identity (the first file that pins a package wins), and the files that were
    /// found but refused (see `ReadScope`; a missing file is simply not there).
    static func read(_ paths: [String], scope: ReadScope) -> (pins: [String: String], refused: [(path: String, refusal: ReadRefusal)]) {
        var pins: [String: String] = [:]
        var refused: [(path: String, refusal: ReadRefusal)] = []
        for path in paths {
            let bytes: [UInt8]
            switch FileSystem.readInput(path, atMost: InputLimits.buildDescription, scope: scope) {
            case .success(let read): bytes = read
            case .failure(.missing): continue
            case .failure(let refusal):
                refused.append((path, refusal))
                continue
            }
            for (identity, pin) in PackageResolved.pins(in: bytes) where pins[identity] == nil { pins[identity] = pin }
        }
        return (pins, refused)
    }
}
