import ModlintConfiguration
import ModlintManifest
import ModlintXcode

/// Turns the Xcode projects (and workspaces) found under the linted paths into packages
/// of the workspace: one package per project, one target per native target, with the
/// target's Swift files resolved to root-relative paths and its dependencies written as
/// manifest dependencies, so that the module graph, the rules and the diagrams treat
/// Xcode targets like SwiftPM targets.
struct XcodeProjectLayout {
    struct PendingTarget {
        var projectIndex: Int
        var moduleName: String
        var productType: XcodeProductType
        var declaration: ManifestTarget
        var directory: String?
        var files: [String]
    }

    struct PendingProject {
        /// Root-relative path of the `.xcodeproj` folder.
        var path: String
        /// Root-relative folder that holds it.
        var directory: String
        var identity: String
        var manifest: PackageManifest
        /// The file read: `project.pbxproj`, or the spec.
        var file: String
        var generator: ProjectGenerator?
    }

    /// The SwiftPM target that builds a file, and the library product that exports it.
    /// A class: the owner table has an entry per SwiftPM file, and a struct of three
    /// strings copied into each cost three reference counts instead of one.
    final class SwiftPMOwner: Equatable {
        /// Index into the loader's SwiftPM targets.
        let targetIndex: Int
        let packageDirectory: String
        let product: String?
        /// The module the SwiftPM target builds (its name).
        let moduleName: String
        /// A regular target: a library module, which other targets import.
        let isLibrary: Bool

        init(targetIndex: Int, packageDirectory: String, product: String?, moduleName: String = "", isLibrary: Bool = false) {
            self.targetIndex = targetIndex
            self.packageDirectory = packageDirectory
            self.product = product
            self.moduleName = moduleName
            self.isLibrary = isLibrary
        }

        static func == (lhs: SwiftPMOwner, rhs: SwiftPMOwner) -> Bool {
            lhs.targetIndex == rhs.targetIndex && lhs.packageDirectory == rhs.packageDirectory && lhs.product == rhs.product
                && lhs.moduleName == rhs.moduleName && lhs.isLibrary == rhs.isLibrary
        }
    }

    /// Why a Package.swift inside a Bazel workspace is not the description of its sources:
    /// the BUILD files build them as other library modules (one of the two is not the
    /// build, and Bazel's is the one the workspace builds with), or the workspace takes the
    /// manifest as an input of its own build. The manifest is read as context.
    enum Supersession: Equatable {
        /// `file`, in the manifest's target `swiftPMModule`, is built into `bazelModule` by
        /// the target at `line` of `buildFile`.
        case contradicted(file: String, swiftPMModule: String, bazelModule: String, buildFile: String, line: Int)
        /// The workspace takes the manifest as input (`swift = "//:Package.swift"`, a
        /// release filegroup): `by` names it.
        case takenAsInput(by: String)
    }

    var projects: [PendingProject] = []
    var targets: [PendingTarget] = []
    var notes: [WorkspaceNote] = []
    /// Swift files inside folder references that targets copy as resources: bundled, not
    /// compiled, and not "in no target" either.
    var resourceFiles: Set<String> = []
    /// Files of Xcode targets that mirror a SwiftPM target but that SwiftPM does not build
    /// (an Xcode-only test helper …): analysed as part of the mirrored target.
    var mirroredFiles: [(target: Int, path: String)] = []
    /// Remote pods installed under the tree, read as context after the layout.
    var podContexts: [PodContext] = []
    /// Package folders whose Package.swift a Bazel workspace supersedes, with the evidence.
    private(set) var superseded: [String: Supersession] = [:]
    /// Package.swift files a Bazel workspace takes as input, each with the file naming it.
    private var manifestsUsedAsInput: [String: String] = [:]
    /// The tree's Swift files for lookups by path, made once: the stale-project check
    /// resolves the committed projects' files with it too.
    private(set) var fileSet: SwiftFileSet?

    /// No projects.
    init() {}

    /// Each project as a package of its targets. A podspec or BUILD file whose every target
    /// is a SwiftPM target described again adds no package: the library is SwiftPM's.
    func packages() -> [WorkspaceLayout.Package] {
        projects.enumerated().compactMap { index, project in
            let targets = targets.filter { $0.projectIndex == index }.map { pending in
                WorkspaceLayout.Target(name: pending.moduleName, kind: pending.declaration.kind, package: project.identity,
                                       directory: pending.directory, files: pending.files, declaration: pending.declaration,
                                       productType: pending.productType)
            }
            if targets.isEmpty && project.generator?.describesSwiftPMSourcesAgain == true { return nil }
            return WorkspaceLayout.Package(kind: .xcodeProject, identity: project.identity, directory: project.directory,
                                           manifestPath: project.file, manifest: project.manifest,
                                           targets: targets, suppressions: [], generator: project.generator, projectPath: project.path)
        }
    }

    /// - Parameters:
    ///   - owners: the SwiftPM target of every file SwiftPM builds. Such files stay with
    ///     SwiftPM: a library that ships a Package.swift and a project for the same sources
    ///     is one module, and dependencies on the project's target go to the package.
    ///   - packageDirectories: root-relative directories of the SwiftPM packages.
    ///   - scope: where project files, xcconfigs and workspaces may be read (`ReadScope`).
    /// - Parameter fileSet: the tree's Swift files for lookups, when the caller made it already.
    init(root: String, readings: [ProjectReading], workspacePaths: [String], swiftFiles: [String], fileSet knownFileSet: SwiftFileSet? = nil,
         packageDirectories: [String], owners: [String: SwiftPMOwner], scope: ReadScope, usedIdentities: inout Set<String>) {
        var index = ProjectIndex(root: root)
        let (models, deferredNotes) = register(readings, in: &index, usedIdentities: &usedIdentities)
        let workspaceMembers = Self.workspaceMembers(root: root, workspacePaths: workspacePaths, scope: scope, notes: &notes)
        let fileSet = knownFileSet ?? SwiftFileSet(swiftFiles)
        self.fileSet = fileSet
        let files = assignFiles(models: models, root: root, swiftFiles: swiftFiles, fileSet: fileSet, packageDirectories: packageDirectories,
                                owners: owners)
        let resolution = TargetResolution(index: index, models: models, projectPaths: projects.map(\.path), files: files,
                                          podMirrors: Self.podMirrors(models: models, projects: projects, filesByTarget: files.byTarget,
                                                                      mirrored: Set(files.mirrors.keys)))
        for position in models.indices {
            layOut(project: position, resolution: resolution, root: root, swiftFiles: swiftFiles, packageDirectories: packageDirectories,
                   workspaceMembers: workspaceMembers)
        }
        for (index, deferred) in deferredNotes.sorted(by: { $0.key < $1.key }) where targets.contains(where: { $0.projectIndex == index }) {
            notes += deferred
        }
    }

    /// Projects by path and by folder (a Tuist `.project(path:)` names the folder only: the
    /// first project of each folder).
    struct ProjectIndex {
        let root: String
        var byPath: [String: Int] = [:]
        var byDirectory: [String: Int] = [:]

        /// The project a reference names (`../Kit/Kit.xcodeproj`, or its folder), written
        /// relative to the folder of the project that holds the reference.
        func project(_ reference: String, from directory: String) -> Int? {
            XcodeProjectLayout.rootRelative(reference, in: directory, root: root).flatMap { byPath[$0] ?? byDirectory[$0] }
        }
    }

    /// Each reading's project, once per generated path, with its identity; its notes now,
    /// or (a podspec or BUILD file beside a Package.swift) once it is known to add a module
    /// of its own: one that only describes SwiftPM's targets again is silent.
    private mutating func register(_ readings: [ProjectReading], in index: inout ProjectIndex, usedIdentities: inout Set<String>)
        -> (models: [XcodeProject], deferredNotes: [Int: [WorkspaceNote]]) {
        var models: [XcodeProject] = []
        var deferredNotes: [Int: [WorkspaceNote]] = [:]
        for reading in readings {
            let describesTwice = reading.generator?.describesSwiftPMSourcesAgain ?? false
            if !describesTwice || reading.project == nil { notes += reading.notes }
            podContexts += reading.podContexts
            for (manifest, file) in reading.manifestsUsedAsInput where manifestsUsedAsInput[manifest] == nil { manifestsUsedAsInput[manifest] = file }
            guard let project = reading.project else {
                if reading.hasNoDescription || reading.isInert { continue }
                let failure = reading.failure ?? (1, "cannot read \(Paths.lastComponent(reading.description)): unreadable; its targets are not analysed")
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: reading.file, line: failure.line, column: 1, message: failure.message))
                continue
            }
            let projectNotes = project.notes.map { note in
                WorkspaceNote(kind: note.isStructural ? .unreadBuildDescription : .unresolvedManifest, file: note.file ?? reading.file,
                              line: note.line, column: note.column, message: note.message)
            }
            if describesTwice {
                if index.byPath[reading.projectPath] == nil { deferredNotes[projects.count] = reading.notes + projectNotes }
            } else {
                notes += projectNotes
            }
            // Two specs may generate one path (a spec and a copy of it): the first is read.
            guard index.byPath[reading.projectPath] == nil else { continue }
            var identity = reading.identity ?? Paths.lastComponent(reading.projectPath).lowercased()
            if usedIdentities.contains(identity) { identity = "\(identity)@\(Paths.parent(reading.projectPath))" }
            usedIdentities.insert(identity)
            index.byPath[reading.projectPath] = projects.count
            if index.byDirectory[Paths.parent(reading.projectPath)] == nil { index.byDirectory[Paths.parent(reading.projectPath)] = projects.count }
            projects.append(PendingProject(path: reading.projectPath, directory: Paths.parent(reading.projectPath), identity: identity,
                                           manifest: PackageManifest(name: project.name, toolsVersion: nil),
                                           file: reading.file, generator: reading.generator))
            models.append(project)
        }
        return (models, deferredNotes)
    }

    /// Every target's files (by project, then target), and what they make of it (keys
    /// `"<project index>/<target>"`).
    struct TargetFiles {
        var byTarget: [[[String]]] = []
        /// Targets whose sources a SwiftPM target builds: they mirror that target.
        var mirrors: [String: SwiftPMOwner] = [:]
        /// A pod or Bazel library without Swift files (Objective-C, C, a packaging rule) is
        /// no Swift module: dependencies on it are dropped with it.
        var fileless = Set<String>()
    }

    /// Files first: a target whose sources a SwiftPM target builds mirrors that target.
    private mutating func assignFiles(models: [XcodeProject], root: String, swiftFiles: [String], fileSet: SwiftFileSet,
                                      packageDirectories: [String], owners: [String: SwiftPMOwner]) -> TargetFiles {
        var result = TargetFiles()
        for (index, project) in models.enumerated() {
            // Xcode's synchronized folders (a committed project's, Tuist's buildable
            // folders) leave nested packages to the package; XcodeGen lists a folder's files.
            let synchronizesLikeXcode = projects[index].generator == nil || projects[index].generator == .tuist
            result.byTarget.append(project.targets.map { target in
                Self.files(of: target, projectDirectory: projects[index].directory, root: root, swiftFiles: swiftFiles, swiftFileSet: fileSet,
                           packageDirectories: synchronizesLikeXcode ? packageDirectories : [])
            })
        }
        superseded = Self.supersededPackages(models: models, projects: projects, filesByTarget: result.byTarget, owners: owners,
                                             packageDirectories: packageDirectories, inputs: manifestsUsedAsInput)
        let owners = superseded.isEmpty ? owners : owners.filter { superseded[$0.value.packageDirectory] == nil }
        for (index, project) in models.enumerated() {
            for (position, target) in project.targets.enumerated() {
                let files = result.byTarget[index][position]
                // A podspec or BUILD file beside a Package.swift describes the same sources a
                // second time: one file SwiftPM builds makes it the SwiftPM target, which
                // keeps its own files (SwiftPM wins).
                let describesTwice = projects[index].generator?.describesSwiftPMSourcesAgain ?? false
                if let owner = Self.mirroredOwner(of: files, owners: owners, anyClaim: describesTwice,
                                                   moduleName: describesTwice ? nil : target.moduleName) {
                    result.mirrors["\(index)/\(target.name)"] = owner
                    if !describesTwice { mirroredFiles += files.filter { owners[$0] == nil }.map { (owner.targetIndex, $0) } }
                } else if describesTwice && files.isEmpty && target.productType != .xcFramework
                            && (target.productType.role == .framework || target.productType.role == .test) {
                    result.fileless.insert("\(index)/\(target.name)")
                }
            }
        }
        return result
    }

    /// Package.swift files (by folder) whose sources the BUILD files of a Bazel workspace
    /// build as other library modules: the first such file of each, in project and file
    /// order. Where the two agree on every module (a library that ships both), SwiftPM's
    /// reading stands; test targets are not compared, as their names are free.
    /// Only BUILD files of a Bazel workspace are read, so the workspace encloses them.
    static func supersededPackages(models: [XcodeProject], projects: [PendingProject], filesByTarget: [[[String]]],
                                   owners: [String: SwiftPMOwner], packageDirectories: [String] = [],
                                   inputs: [String: String] = [:]) -> [String: Supersession] {
        var result: [String: Supersession] = [:]
        for (manifest, file) in inputs where Paths.lastComponent(manifest) == SwiftPMBuildSystem.manifestName {
            let directory = Paths.parent(manifest)
            if packageDirectories.contains(directory) { result[directory] = .takenAsInput(by: file) }
        }
        for (index, project) in models.enumerated() where projects[index].generator == .bazel {
            for (position, target) in project.targets.enumerated() where target.productType.role == .framework {
                for file in filesByTarget[index][position] {
                    // A target of the manifest's name whose module name rules_swift derives
                    // from its label (`Sources_Core_Core`) means the same module.
                    guard let owner = owners[file], owner.isLibrary, owner.moduleName != target.moduleName, owner.moduleName != target.name,
                          result[owner.packageDirectory] == nil else { continue }
                    result[owner.packageDirectory] = .contradicted(file: file, swiftPMModule: owner.moduleName, bazelModule: target.moduleName,
                                                                   buildFile: projects[index].file, line: target.line)
                }
            }
        }
        return result
    }

    /// How a target's dependencies resolve across the projects: to a target, the SwiftPM
    /// product a target mirrors, or a product of another project.
    fileprivate struct TargetResolution {
        let index: ProjectIndex
        let models: [XcodeProject]
        let projectPaths: [String]
        let files: TargetFiles
        let podMirrors: [String: (project: Int, target: String)]
        /// Who builds `Kit.framework`: linked products resolve to targets across projects.
        let builders: [String: [(project: Int, target: String)]]

        init(index: ProjectIndex, models: [XcodeProject], projectPaths: [String], files: TargetFiles,
             podMirrors: [String: (project: Int, target: String)]) {
            self.index = index
            self.models = models
            self.projectPaths = projectPaths
            self.files = files
            self.podMirrors = podMirrors
            var builders: [String: [(project: Int, target: String)]] = [:]
            for (position, project) in models.enumerated() {
                for target in project.targets {
                    if let product = target.productFileName { builders[product, default: []].append((position, target.name)) }
                }
            }
            self.builders = builders
        }

        /// Whether a target stands for itself: not a mirror of a SwiftPM target or a pod,
        /// and a Swift module.
        func isOwnModule(_ target: String, in project: Int) -> Bool {
            let key = "\(project)/\(target)"
            return files.mirrors[key] == nil && podMirrors[key] == nil && !files.fileless.contains(key)
        }

        /// A dependency on target `name` of project `projectIndex`, from project `from`.
        func target(_ name: String, in projectIndex: Int, from: Int, line: Int, dependencies: inout DependencyList) -> TargetDependency? {
            if files.fileless.contains("\(projectIndex)/\(name)") { return nil }
            if let pod = podMirrors["\(projectIndex)/\(name)"] { return target(pod.target, in: pod.project, from: from, line: line, dependencies: &dependencies) }
            if let owner = files.mirrors["\(projectIndex)/\(name)"] {
                guard let product = owner.product else { return nil }
                let identity = dependencies.addPackageDirectory(owner.packageDirectory)
                return TargetDependency(kind: .product(name: product, package: identity), line: line, column: 1)
            }
            if projectIndex == from { return TargetDependency(kind: .target(name), line: line, column: 1) }
            let identity = dependencies.addProject(projectPaths[projectIndex])
            return TargetDependency(kind: .product(name: name, package: identity), line: line, column: 1)
        }

        /// What one dependency of `target` (of project `project`, in `directory`) declares.
        func resolve(_ dependency: XcodeDependency, of target: XcodeTarget, in project: Int, directory: String,
                     dependencies: inout DependencyList) -> [TargetDependency] {
            let line = dependency.line
            switch dependency.kind {
            case .target(let name):
                return self.target(name, in: project, from: project, line: line, dependencies: &dependencies).map { [$0] } ?? []
            case .projectTarget(let projectPath, let targetName):
                guard let other = index.project(projectPath, from: directory) else {
                    // A project outside the linted paths: an external product.
                    var outside = TargetDependency(kind: .product(name: targetName, package: Paths.lastComponent(projectPath).lowercased()), line: line, column: 1)
                    outside.namesOutsideTarget = true
                    return [outside]
                }
                // Named by the proxy's `remoteInfo`, which a rename leaves behind; the object
                // identifier still finds the target.
                let current = models[other].targets.contains { $0.name == targetName } ? targetName
                    : dependency.remoteTargetID.flatMap { id in models[other].targets.first { $0.objectID == id }?.name } ?? targetName
                return self.target(current, in: other, from: project, line: line, dependencies: &dependencies).map { [$0] } ?? []
            case .packageProduct(let product, let reference):
                var packageIdentity: String?
                switch reference {
                case .local(let relativePath): packageIdentity = dependencies.addLocalPackage(relativePath, line: line)
                case .remote(let url): packageIdentity = dependencies.addRemotePackage(url, line: line)
                case nil: packageIdentity = nil
                }
                return [TargetDependency(kind: .product(name: product, package: packageIdentity), line: line, column: 1)]
            case .linkedProduct(let fileName):
                let candidates = (builders[fileName] ?? []).filter { !($0.project == project && $0.target == target.name) }
                guard let builder = XcodeProjectLayout.builder(of: candidates, for: target, in: project, models: models,
                                                               projectIndex: { index.project($0, from: directory) }) else { return [] }
                return self.target(builder.target, in: builder.project, from: project, line: line, dependencies: &dependencies).map { [$0] } ?? []
            }
        }
    }

    /// One project's targets (those that stand for themselves) with their declarations, and
    /// the packages and projects its targets may name.
    private mutating func layOut(project position: Int, resolution: TargetResolution, root: String, swiftFiles: [String],
                                 packageDirectories: [String], workspaceMembers: [Set<String>]) {
        let project = resolution.models[position]
        var pending = projects[position]
        var dependencies = DependencyList(projectDirectory: pending.directory)
        for (targetPosition, target) in project.targets.enumerated() where resolution.isOwnModule(target.name, in: position) {
            var declared: [TargetDependency] = []
            for dependency in target.dependencies {
                var resolved = resolution.resolve(dependency, of: target, in: position, directory: pending.directory, dependencies: &dependencies)
                for added in resolved.indices {
                    resolved[added].file = dependency.file
                    resolved[added].isInstallList = dependency.isInstallList
                }
                declared += resolved
            }
            let files = resolution.files.byTarget[position][targetPosition]
            for folder in target.resourceFolders {
                guard let base = Self.rootRelative(folder, in: pending.directory, root: root) else { continue }
                resourceFiles.formUnion(Self.filesBelow(base, in: swiftFiles))
            }
            let declaration = Self.declaration(of: target, dependencies: declared, projectFile: pending.file)
            targets.append(PendingTarget(projectIndex: position, moduleName: target.moduleName, productType: target.productType,
                                         declaration: declaration,
                                         directory: Self.directory(of: files, target: target, projectDirectory: pending.directory, root: root),
                                         files: files))
            pending.manifest.products.append(ManifestProduct(name: target.name, kind: .library, targets: [target.name], line: target.line))
            pending.manifest.targets.append(declaration)
        }
        addVisiblePackages(of: project, at: pending.path, to: &dependencies, root: root, packageDirectories: packageDirectories,
                           workspaceMembers: workspaceMembers, projectIndex: resolution.index)
        pending.manifest.dependencies = dependencies.list
        projects[position] = pending
    }

    /// A native target as a manifest target: its kind by product, its dependencies.
    static func declaration(of target: XcodeTarget, dependencies: [TargetDependency], projectFile: String) -> ManifestTarget {
        let kind: ManifestTarget.Kind
        switch target.productType.role {
        case .app, .appExtension: kind = .executable
        case .test: kind = .test
        case .framework: kind = .regular
        }
        var declaration = ManifestTarget(name: target.name, kind: kind, dependencies: Self.deduplicated(dependencies), line: target.line)
        declaration.platforms = target.platforms
        declaration.dependenciesIncomplete = target.dependenciesIncomplete
        declaration.file = target.file.map { Paths.normalize(Paths.join(Paths.parent(projectFile), $0)) }
        return declaration
    }

    /// The packages and projects a project's product dependencies that name no package
    /// resolve against: local packages dragged into its navigator (or under a synchronized
    /// folder), and the members of a workspace it belongs to.
    private func addVisiblePackages(of project: XcodeProject, at path: String, to dependencies: inout DependencyList, root: String,
                                    packageDirectories: [String], workspaceMembers: [Set<String>], projectIndex: ProjectIndex) {
        let explicitFolders = Set(project.folderReferences)
        for written in project.referencedFolders {
            guard let folder = Self.rootRelative(written, in: Paths.parent(path), root: root) else { continue }
            for directory in packageDirectories where directory == folder || Paths.isInside(directory, folder) {
                // A group at the root (the main group) holds every package: only a folder
                // referenced as such names the root package.
                if directory.isEmpty && folder.isEmpty && !explicitFolders.contains(written) { continue }
                _ = dependencies.addPackageDirectory(directory)
            }
        }
        for members in workspaceMembers where members.contains(path) {
            for member in members where member != path {
                if CommittedXcodeProjects.isProjectBundle(member) {
                    if projectIndex.byPath[member] != nil { _ = dependencies.addProject(member) }
                } else if packageDirectories.contains(member) {
                    _ = dependencies.addPackageDirectory(member)
                }
            }
        }
    }

    /// Which of the targets that build a linked product (`Kit.framework`) a target means:
    /// several do when one framework is built once per platform (`Kit_iOS`, `Kit_macOS`,
    /// all named `Kit`). The one it also depends on as a target, else one for a platform it
    /// builds for, else one of its own project, else the first.
    /// `projectIndex`: the project a cross-project reference of the target names.
    static func builder(of candidates: [(project: Int, target: String)], for target: XcodeTarget, in index: Int, models: [XcodeProject],
                        projectIndex: (String) -> Int?) -> (project: Int, target: String)? {
        guard candidates.count > 1 else { return candidates.first }
        let explicit = candidates.first { candidate in
            target.dependencies.contains { dependency in
                switch dependency.kind {
                case .target(let name): return candidate.project == index && candidate.target == name
                case .projectTarget(let project, let name):
                    return candidate.target == name && projectIndex(project) == candidate.project
                default: return false
                }
            }
        }
        if let explicit { return explicit }
        let sharesPlatform = { (candidate: (project: Int, target: String)) -> Bool in
            guard let other = models[candidate.project].targets.first(where: { $0.name == candidate.target }) else { return false }
            return !Set(other.platforms).isDisjoint(with: target.platforms)
        }
        return candidates.first { $0.project == index && sharesPlatform($0) } ?? candidates.first(where: sharesPlatform)
            ?? candidates.first { $0.project == index } ?? candidates.first
    }

    /// Committed-project targets that build a pod's module again — the pod's own development
    /// project beside its podspec (`Common.xcodeproj` next to `Common.podspec`): the target of
    /// the same module name whose files the pod builds (at least half of them). The pod is
    /// the module the app consumes; the project's target is not a second one, and a
    /// dependency on it is a dependency on the pod.
    static func podMirrors(models: [XcodeProject], projects: [PendingProject], filesByTarget: [[[String]]],
                           mirrored: Set<String>) -> [String: (project: Int, target: String)] {
        var podOfFile: [String: (project: Int, target: String, module: String)] = [:]
        for (index, project) in models.enumerated() where projects[index].generator == .cocoaPods {
            for (position, target) in project.targets.enumerated() {
                for file in filesByTarget[index][position] where podOfFile[file] == nil { podOfFile[file] = (index, target.name, target.moduleName) }
            }
        }
        // A target whose files are not in the tree (a stale group) is the pod's when the
        // project lies in the pod's folder and the module names agree.
        var podsByFolder: [String: [(project: Int, target: String, module: String)]] = [:]
        for (index, project) in models.enumerated() where projects[index].generator == .cocoaPods {
            for target in project.targets { podsByFolder[projects[index].directory, default: []].append((index, target.name, target.moduleName)) }
        }
        guard !podsByFolder.isEmpty else { return [:] }
        var result: [String: (project: Int, target: String)] = [:]
        for (index, project) in models.enumerated() where projects[index].generator == nil {
            for (position, target) in project.targets.enumerated() where !mirrored.contains("\(index)/\(target.name)") {
                let files = filesByTarget[index][position]
                if files.isEmpty {
                    let beside = podsByFolder.filter { Paths.isInside(projects[index].directory, $0.key) }.values.joined()
                    if let pod = beside.first(where: { $0.module == target.moduleName }) { result["\(index)/\(target.name)"] = (pod.project, pod.target) }
                    continue
                }
                let pods = files.compactMap { podOfFile[$0] }.filter { $0.module == target.moduleName }
                guard let pod = pods.first, pods.count * 2 >= files.count else { continue }
                result["\(index)/\(target.name)"] = (pod.project, pod.target)
            }
        }
        return result
    }

    /// The SwiftPM target an Xcode target mirrors: one that builds the same module — the
    /// module name is the same — and some of its files (at least half of them in all,
    /// unless the description is one that describes SwiftPM's sources again). A target
    /// that builds another module from the same files (an app or a test bundle over a
    /// library's sources, `MigrationImpl` beside `Migration`) stays a module of its own:
    /// folded into the library, the app would vanish and its files be judged as the
    /// library's. `moduleName` `nil`: the name is not compared (the most files win) — for a
    /// podspec or BUILD file beside a Package.swift, whose libraries describe SwiftPM's
    /// targets again under names of their own.
    static func mirroredOwner(of files: [String], owners: [String: SwiftPMOwner], anyClaim: Bool = false,
                              moduleName: String? = nil) -> SwiftPMOwner? {
        var counts: [Int: (count: Int, owner: SwiftPMOwner)] = [:]
        var claimed = 0
        for file in files {
            guard let owner = owners[file] else { continue }
            claimed += 1
            counts[owner.targetIndex, default: (0, owner)].count += 1
        }
        guard claimed > 0, anyClaim || claimed * 2 >= files.count else { return nil }
        if let moduleName {
            return counts.values.filter { $0.owner.moduleName == moduleName }.min { $0.owner.targetIndex < $1.owner.targetIndex }?.owner
        }
        return counts.max { ($0.value.count, -$0.key) < ($1.value.count, -$1.key) }?.value.owner
    }

    /// One dependency per target or product name: a project may list a product twice (once
    /// through a stale reference without a package); the one that names its package wins.
    static func deduplicated(_ dependencies: [TargetDependency]) -> [TargetDependency] {
        var kept: [TargetDependency] = []
        var indexByName: [String: Int] = [:]
        for dependency in dependencies {
            guard let index = indexByName[dependency.name] else {
                indexByName[dependency.name] = kept.count
                kept.append(dependency)
                continue
            }
            if case .product(_, nil) = kept[index].kind, case .product(_, .some) = dependency.kind { kept[index] = dependency }
        }
        return kept
    }

    /// Root-relative paths listed by each `.xcworkspace` (projects and package folders).
    static func workspaceMembers(root: String, workspacePaths: [String], scope: ReadScope, notes: inout [WorkspaceNote]) -> [Set<String>] {
        workspacePaths.compactMap { path -> Set<String>? in
            let file = Paths.join(path, "contents.xcworkspacedata")
            let bytes: [UInt8]
            switch FileSystem.readInput(Paths.join(root, file), atMost: InputLimits.buildDescription, scope: scope) {
            case .success(let read): bytes = read
            case .failure(.missing): return nil
            case .failure(let refusal):
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: file, line: 1, column: 1,
                                           message: "cannot read contents.xcworkspacedata: \(refusal); the projects it lists are read on their own"))
                return nil
            }
            let container = Paths.parent(path)
            let read = XcodeWorkspaceReader.read(bytes: bytes)
            if let problem = read.problem {
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: file, line: problem.line, column: 1, message: problem.message))
            }
            return Set(read.references.compactMap { rootRelative($0, in: container, root: root) })
        }
    }

    /// A path from the project (relative to its folder, or absolute) as a root-relative
    /// path; `nil` when it leaves the root.
    static func rootRelative(_ path: String, in directory: String, root: String) -> String? {
        if path.hasPrefix("/") {
            let normalized = Paths.normalize(path)
            if normalized == root { return "" }
            return Paths.isInside(normalized, root) ? Paths.relative(normalized, to: root) : nil
        }
        let joined = XcodePaths.normalize(Paths.join(directory, path))
        return joined == ".." || joined.hasPrefix("../") ? nil : joined
    }

    /// The target's Swift files that exist under the linted paths, sorted and unique.
    /// `packageDirectories`: a package folder below a synchronized folder is a local
    /// package to Xcode (its products are resolved there, see `referencedFolders`), not
    /// sources of the folder's targets: its files are left out.
    static func files(of target: XcodeTarget, projectDirectory: String, root: String, swiftFiles: [String], swiftFileSet: SwiftFileSet,
                      packageDirectories: [String] = []) -> [String] {
        // A spec's targets are resolved up to three times (is the spec older than its
        // project, how do they differ, the layout), a committed project's twice: once each.
        swiftFileSet.memoizedFiles(of: target, projectDirectory: projectDirectory, packageDirectories: packageDirectories) {
            resolvedFiles(of: target, projectDirectory: projectDirectory, root: root, swiftFiles: swiftFiles, swiftFileSet: swiftFileSet,
                          packageDirectories: packageDirectories)
        }
    }

    private static func resolvedFiles(of target: XcodeTarget, projectDirectory: String, root: String, swiftFiles: [String], swiftFileSet: SwiftFileSet,
                                      packageDirectories: [String]) -> [String] {
        var files = Set<String>()
        for file in target.sourceFiles + target.extraSynchronizedFiles {
            if let path = rootRelative(file, in: projectDirectory, root: root), let found = swiftFileSet.find(path) { files.insert(found) }
        }
        for folder in target.synchronizedFolders {
            guard let written = rootRelative(folder.path, in: projectDirectory, root: root) else { continue }
            if folder.mayBeFile, let file = swiftFileSet.find(written) {
                files.insert(file)
                continue
            }
            let base = swiftFileSet.findFolder(written)
            let filter = MemberPatterns(folder)
            let packagesInside = packageDirectories.filter { $0 != base && Paths.isInside($0, base) }
            for file in filesBelow(base, in: swiftFiles) {
                let inner = base.isEmpty ? file : Paths.relative(file, to: base)
                if folder.excluded.contains(where: { Paths.isInside(inner, $0) }) { continue }
                if !packagesInside.isEmpty && packagesInside.contains(where: { Paths.isInside(file, $0) }) { continue }
                if let filter, !filter.admits(inner) { continue }
                files.insert(file)
            }
        }
        return files.sorted()
    }

    /// The files of a sorted list that lie below `directory` (binary search for the first).
    static func filesBelow(_ directory: String, in sorted: [String]) -> ArraySlice<String> {
        if directory.isEmpty { return sorted[...] }
        let prefix = directory + "/"
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].hasPrefix(prefix) { end += 1 }
        return sorted[low..<end]
    }

    /// The deepest folder holding every file; a target without Swift files sits in its
    /// first synchronized folder or the project's folder.
    static func directory(of files: [String], target: XcodeTarget, projectDirectory: String, root: String) -> String? {
        guard var common = files.first.map(Paths.parent) else {
            // An XcodeGen source (`mayBeFile`) may name a file: the project's folder stands in.
            return target.synchronizedFolders.first { !$0.mayBeFile }.flatMap { rootRelative($0.path, in: projectDirectory, root: root) } ?? projectDirectory
        }
        for file in files.dropFirst() {
            while !common.isEmpty && !Paths.isInside(file, common) { common = Paths.parent(common) }
        }
        return common
    }
}

/// The package dependencies of one project's synthesized manifest, each added once; the
/// identities returned are the ones `.product(package:)` names.
private struct DependencyList {
    let projectDirectory: String
    private(set) var list: [PackageDependency] = []
    private var seen = Set<String>()

    init(projectDirectory: String) {
        self.projectDirectory = projectDirectory
    }

    /// `relativePath` as written in the project (relative to its folder).
    /// `line`: the project object that first asks for the package (its product dependency).
    mutating func addLocalPackage(_ relativePath: String, line: Int = 1) -> String {
        let identity = PackageDependency.identity(forPath: relativePath, relativeTo: projectDirectory.isEmpty ? "." : projectDirectory)
        add(PackageDependency(location: .path(relativePath), identity: identity, line: line), key: "path:" + relativePath)
        return identity
    }

    mutating func addRemotePackage(_ url: String, line: Int) -> String {
        let identity = PackageDependency.identity(for: url)
        add(PackageDependency(location: .url(url), identity: identity, line: line), key: "url:" + url)
        return identity
    }

    /// A root-relative package directory or `.xcodeproj` path.
    mutating func addPackageDirectory(_ directory: String) -> String {
        addLocalPackage(Paths.relativePath(from: projectDirectory, to: directory))
    }

    mutating func addProject(_ path: String) -> String {
        guard !path.hasSuffix(".xcodeproj") else { return addPackageDirectory(path) }
        // Every BUILD file has the same name (and podspecs may too): the whole path names
        // the package, so that two of them never answer for each other.
        let relativePath = Paths.relativePath(from: projectDirectory, to: path)
        let identity = path.lowercased()
        add(PackageDependency(location: .path(relativePath), identity: identity, line: 1), key: "path:" + relativePath)
        return identity
    }

    private mutating func add(_ dependency: PackageDependency, key: String) {
        if seen.insert(key).inserted { list.append(dependency) }
    }
}

/// XcodeGen's `excludes:` and `includes:` of one source folder: a file is out when it, or a
/// folder above it, matches an exclude; with includes, it is in only when it or a folder
/// above it matches one.
private struct MemberPatterns {
    let excludes: [Glob]
    let includes: [Glob]

    init?(_ folder: SynchronizedFolder) {
        guard !folder.excludedPatterns.isEmpty || !folder.includedPatterns.isEmpty else { return nil }
        excludes = folder.excludedPatterns.map { Glob($0) }
        includes = folder.includedPatterns.map { Glob($0) }
    }

    func admits(_ path: String) -> Bool {
        let prefixes = Self.prefixes(of: path)
        if excludes.contains(where: { glob in prefixes.contains { glob.matches($0) } }) { return false }
        return includes.isEmpty || includes.contains { glob in prefixes.contains { glob.matches($0) } }
    }

    /// `a/b/c.swift` → `a`, `a/b`, `a/b/c.swift`.
    private static func prefixes(of path: String) -> [String] {
        var result: [String] = []
        var index = path.utf8.startIndex
        // Over the bytes: a `/` is one, and walking characters cost more than the globs.
        while let slash = path.utf8[index...].firstIndex(of: UInt8(ascii: "/")) {
            result.append(String(path[..<slash]))
            index = path.utf8.index(after: slash)
        }
        result.append(path)
        return result
    }
}
