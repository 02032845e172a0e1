import ModlintConfiguration
import ModlintFacts
import ModlintManifest

/// SwiftPM: every folder with a `Package.swift` (or its `Package@swift-X.swift` variants) is
/// a package; its manifest is evaluated (`ManifestReader`) and each Swift file goes to the
/// target whose folder is the deepest above it, in the deepest package. Read into packages
/// directly (`SwiftPMReading`), not into an Xcode project like the other build systems.
struct SwiftPMBuildSystem: BuildSystem {
    static let manifestName = "Package.swift"
    static let variantPrefix = "Package@swift-"
    /// The pins of resolved dependencies.
    static let pinsFile = "Package.resolved"

    var kind: BuildSystemKind { .swiftPM }
    var lookedFor: String? { Self.manifestName }
    /// Module maps name a C target's module.
    var names: DescriptionNames { DescriptionNames(files: [Self.manifestName], inputFiles: ["module.modulemap"]) }
    var unreadDependencyRemedy: String {
        "provide the sources with `swift package resolve`, by opening the project in Xcode once, or with --dependencies FOLDER"
    }

    /// `Package.swift` or a variant for a tools version (`Package@swift-5.9.swift`).
    static func isManifestName(_ name: String) -> Bool {
        name == manifestName || name.hasPrefix(variantPrefix)
    }

    /// A manifest outside Tuist's own folder (`Tuist/Package.swift` is Tuist's).
    func claims(_ path: String) -> Bool {
        Self.isManifestName(Paths.lastComponent(path)) && !TuistBuildSystem.isManifestFolder(Paths.parent(path))
    }

    var editsDependencies: Bool { true }

    func editing(of description: String) -> DescriptionEditing { .swift(createsDependencies: true) }

    func targetAdvice(_ importedTarget: String, to target: String) -> String {
        "Declare .target(name: \"\(importedTarget)\") in the dependencies of \(target)."
    }

    func productAdvice(_ product: String, of package: String, to target: String) -> String {
        "Declare .product(name: \"\(product)\", package: \"\(package)\") in the dependencies of \(target)"
    }
}

/// The packages of one walk, read: manifests, targets with their folders, and which target
/// builds each Swift file.
struct SwiftPMReading {
    struct Manifest {
        var path: String
        var manifest: PackageManifest?
        var suppressions: [SuppressionComment]
        var refusal: ReadRefusal?
    }

    struct PendingTarget {
        var packageIndex: Int
        var declaration: ManifestTarget
        var directory: String?
        var filter: TargetLayout.SourceFilter
    }

    /// Package folders, sorted, and what was read for each (same positions).
    var directories: [String] = []
    var manifests: [Manifest] = []
    /// Identities: directory name, lower-cased; the root package takes the root's name.
    var identities: [String] = []
    var usedIdentities = Set<String>()
    var targets: [PendingTarget] = []
    /// Source files to targets (indexes into `targets`).
    var assignments: [(target: Int, path: String)] = []
    /// Files a target leaves out on purpose (`exclude:`, resources): accounted for.
    var deliberatelyExcluded = Set<String>()
    var notes: [WorkspaceNote] = []
    private var packageIndexByDirectory: [String: Int] = [:]
    /// Per package, each target directory's first target.
    private var targetByDirectory: [Int: [String: Int]] = [:]
    /// Files of one folder share their target: each folder resolved once.
    private var targetOfFolder: [String: Int?] = [:]

    init(scan: TreeScan, root: String, reader: ManifestReader, toolsVersion: [Int], readsOnlyLibraryTargets: Bool) {
        directories = scan.packageDirectories.keys.sorted()
        manifests = Self.readManifests(directories, scan: scan, root: root, reader: reader, toolsVersion: toolsVersion)
        PhaseClock.mark("manifests")
        for directory in directories {
            let base = Paths.lastComponent(directory.isEmpty ? root : directory).lowercased()
            var identity = base
            if usedIdentities.contains(identity) { identity = "\(base)@\(directory)" }
            usedIdentities.insert(identity)
            identities.append(identity)
        }
        collectTargets(scan: scan, readsOnlyLibraryTargets: readsOnlyLibraryTargets)
        assignFiles(scan.swiftFiles)
    }

    /// Manifests, read in parallel; `Package.swift` or the variant the tools version picks.
    private static func readManifests(_ directories: [String], scan: TreeScan, root: String, reader: ManifestReader,
                                      toolsVersion: [Int]) -> [Manifest] {
        directories.parallelMap { directory in
            let names = scan.packageDirectories[directory] ?? []
            let absoluteDirectory = Paths.join(root, directory)
            let fileName = ManifestLocator.select(in: names, toolsVersion: toolsVersion) {
                try? FileSystem.readInput(Paths.join(absoluteDirectory, $0), atMost: InputLimits.buildDescription, scope: scan.scope).get()
            } ?? SwiftPMBuildSystem.manifestName
            let path = Paths.join(directory, fileName)
            // Read only inside the scope: a manifest committed as a link to
            // `/proc/self/environ` would otherwise be evaluated, and its notes would quote
            // the runner's environment.
            switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scan.scope) {
            case .success(let bytes):
                return Manifest(path: path, manifest: reader.read(bytes: bytes, packageDirectory: absoluteDirectory),
                                suppressions: SuppressionExtractor.extract(bytes: bytes), refusal: nil)
            case .failure(let refusal):
                return Manifest(path: path, manifest: nil, suppressions: [], refusal: refusal)
            }
        }
    }

    /// Every target with its folder; a manifest that cannot be read is a note.
    private mutating func collectTargets(scan: TreeScan, readsOnlyLibraryTargets: Bool) {
        for (index, directory) in directories.enumerated() {
            let read = manifests[index]
            guard let manifest = read.manifest else {
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: read.path, line: 1, column: 1,
                                           message: "cannot read \(Paths.lastComponent(read.path)): \(read.refusal ?? .failed("unreadable")); "
                                               + "its targets are not analysed"))
                continue
            }
            if let failure = manifest.failure {
                notes.append(WorkspaceNote(kind: .unreadBuildDescription, file: read.path, line: failure.line, column: failure.column,
                                           message: "cannot read \(Paths.lastComponent(read.path)): \(failure.message); its targets are not analysed"))
                continue
            }
            for note in manifest.notes {
                notes.append(WorkspaceNote(kind: .unresolvedManifest, file: read.path, line: note.line, column: note.column, message: note.message))
            }
            let exported = readsOnlyLibraryTargets ? Self.libraryTargets(of: manifest) : nil
            let soleRoots = TargetLayout.soleTargetRoots(in: manifest)
            for target in manifest.targets where exported?.contains(target.name) ?? true {
                let occupiesRoot = soleRoots.contains(TargetLayout.root(of: target.kind))
                let targetDirectory = TargetLayout.directory(of: target, packageDirectory: directory,
                                                             occupiesRoot: occupiesRoot) { scan.directories.contains($0) }
                targets.append(PendingTarget(packageIndex: index, declaration: target, directory: targetDirectory,
                                             filter: TargetLayout.SourceFilter(target)))
            }
        }
    }

    /// Source files to targets: deepest package, then the target with the longest directory
    /// (one lookup per parent directory, linear in files however many targets a package has).
    private mutating func assignFiles(_ swiftFiles: [String]) {
        packageIndexByDirectory = Dictionary(uniqueKeysWithValues: directories.enumerated().map { ($1, $0) })
        for (index, target) in targets.enumerated() {
            guard let directory = target.directory else { continue }
            if targetByDirectory[target.packageIndex]?[directory] == nil { targetByDirectory[target.packageIndex, default: [:]][directory] = index }
        }
        // The walk's order keeps a folder's files together: its owner is looked up once.
        var previousFolder: Substring?
        var previousOwner: Int?
        for file in swiftFiles {
            let folder = Paths.lastSlash(file).map { file[..<$0] } ?? ""
            let owner: Int?
            if let previousFolder, Paths.sameBytes(folder, previousFolder) {
                owner = previousOwner
            } else {
                owner = owningTarget(ofFolder: String(folder))
                (previousFolder, previousOwner) = (folder, owner)
            }
            guard let best = owner else { continue }
            // The filter read in place: a target copied out of the array retains its whole
            // declaration, once per file.
            if targets[best].filter.includesEverything { assignments.append((best, file)); continue }
            let relative = Paths.relative(file, to: targets[best].directory!)
            if targets[best].filter.includes(relative) {
                assignments.append((best, file))
            } else if targets[best].filter.isExcluded(relative) {
                deliberatelyExcluded.insert(file)
            }
        }
    }

    /// The target whose directory is the deepest one containing `folder`, within the
    /// deepest package containing it; remembered per folder.
    mutating func owningTarget(ofFolder folder: String) -> Int? {
        if let known = targetOfFolder[folder] { return known }
        let owner = Self.owningTarget(of: folder, packages: packageIndexByDirectory, packageDirectories: directories, targets: targetByDirectory)
        targetOfFolder[folder] = owner
        return owner
    }

    /// What the Xcode layout needs to fold a project target into the SwiftPM target that
    /// builds the same files: each file's SwiftPM owner.
    func owners() -> [String: XcodeProjectLayout.SwiftPMOwner] {
        // The library product that exports each SwiftPM target, looked up once per target.
        let ownerByTarget = targets.enumerated().map { target, pending in
            let product = manifests[pending.packageIndex].manifest?.products
                .first { $0.kind == .library && $0.targets.contains(pending.declaration.name) }?.name
            return XcodeProjectLayout.SwiftPMOwner(targetIndex: target, packageDirectory: directories[pending.packageIndex], product: product,
                                                   moduleName: pending.declaration.name, isLibrary: pending.declaration.kind == .regular)
        }
        var owners: [String: XcodeProjectLayout.SwiftPMOwner] = [:]
        owners.reserveCapacity(assignments.count)
        for (target, path) in assignments { owners[path] = ownerByTarget[target] }
        return owners
    }

    /// The first resource SwiftPM processes by its kind in each target's folder: such a
    /// target bundles resources into whatever links it.
    mutating func processedResources(_ resources: [String]) -> [Int: String] {
        var resourceOfTarget: [Int: String] = [:]
        for resource in resources {
            guard let owner = owningTarget(ofFolder: Paths.parent(resource)),
                  resourceOfTarget[owner] == nil || resource < resourceOfTarget[owner]! else { continue }
            resourceOfTarget[owner] = resource
        }
        return resourceOfTarget
    }

    /// The files SwiftPM's targets build, but for the packages in `superseded` (folders).
    func assignments(leavingOut superseded: Set<String>) -> [(target: Int, path: String)] {
        guard !superseded.isEmpty else { return assignments }
        return assignments.filter { !superseded.contains(directories[targets[$0.target].packageIndex]) }
    }

    /// The packages, each target with the files `assignments` (plus what the Xcode layout
    /// mirrored into them) gives it; a superseded package (by folder) makes none.
    func packages(assignments: [(target: Int, path: String)], resources: [Int: String], leavingOut superseded: Set<String> = [],
                  moduleName: (ManifestTarget, String?, [String]) -> String) -> [WorkspaceLayout.Package] {
        var filesByTarget: [Int: [String]] = [:]
        for assignment in assignments { filesByTarget[assignment.target, default: []].append(assignment.path) }
        var packages: [WorkspaceLayout.Package] = []
        for (index, directory) in directories.enumerated() where !superseded.contains(directory) {
            guard let manifest = manifests[index].manifest else { continue }
            var layoutTargets: [WorkspaceLayout.Target] = []
            for (targetIndex, pending) in targets.enumerated() where pending.packageIndex == index {
                let files = (filesByTarget[targetIndex] ?? []).sorted()
                let kind = Self.effectiveKind(of: pending.declaration, toolsVersion: manifest.toolsVersion, directory: pending.directory, files: files)
                layoutTargets.append(WorkspaceLayout.Target(name: moduleName(pending.declaration, pending.directory, files),
                                                            kind: kind, package: identities[index], directory: pending.directory,
                                                            files: files, declaration: pending.declaration, productType: nil,
                                                            processedResource: resources[targetIndex]))
            }
            packages.append(WorkspaceLayout.Package(kind: .swiftPackage, identity: identities[index], directory: directory,
                                                    manifestPath: manifests[index].path, manifest: manifest, targets: layoutTargets,
                                                    suppressions: manifests[index].suppressions))
        }
        return packages
    }

    /// Manifests that make no package (an empty `Package.swift`): they hide their folder
    /// from the package above, as SwiftPM does.
    var emptyManifests: [String] {
        manifests.filter { $0.manifest?.declaresPackage == false }.map(\.path)
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
