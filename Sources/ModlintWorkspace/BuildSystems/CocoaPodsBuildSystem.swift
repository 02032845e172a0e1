import ModlintCocoaPods
import ModlintManifest
import ModlintXcode

/// CocoaPods: every `.podspec` (and `.podspec.json`) of the tree is a project of one
/// framework target (plus its test and app specs), and each `Podfile` gives the targets of
/// the app's project the pods it lists: development pods (`:path`, `local_pod`) as edges
/// to those frameworks, remote pods as the one `unread-dependency` note they are worth.
/// `Pods/` is never walked: it is CocoaPods' output, not the app's code.
struct CocoaPodsBuildSystem: ProjectBuildSystem {
    var generator: ProjectGenerator? { .cocoaPods }
    var generatesCommittableProject: Bool { false }
    var kind: BuildSystemKind { .cocoaPods }
    var lookedFor: String? { "podspec" }
    var names: DescriptionNames {
        DescriptionNames(files: ["Podfile", "Podfile.lock"], suffixes: [".podspec", ".podspec.json"], outputFolders: [Self.installFolder])
    }
    var unreadDependencyRemedy: String {
        "run `pod install` (CocoaPods keeps their sources in Pods/) or vendor them as development pods"
    }

    /// The folder `pod install` writes remote pods to, and the lock file in it whose change
    /// changes the pods read as context.
    static let installFolder = "Pods"
    static let installLock = "Manifest.lock"

    var editsDependencies: Bool { false }

    /// A pod is a project; a Podfile adds to the app's.
    func makesProject(_ name: String) -> Bool { Self.isPodspec(name) }

    func editing(of description: String) -> DescriptionEditing {
        description.hasSuffix(".json") ? .byHand(reason: "JSON specs are not edited; add")
            : .byHand(reason: "Podfiles and podspecs are not edited; change")
    }

    func dependencyEntry(on target: String, sameProject: Bool, from importer: Package, to imported: Package) -> String? {
        imported.generator == .cocoaPods ? "`s.dependency '\(imported.manifest.name)'`" : nil
    }

    static func isPodspec(_ path: String) -> Bool {
        path.hasSuffix(".podspec") || path.hasSuffix(".podspec.json")
    }

    static func isPodfile(_ path: String) -> Bool {
        Paths.lastComponent(path) == "Podfile"
    }

    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan {
        let podspecPaths = scan.buildDescriptions.filter(Self.isPodspec).sorted()
        // A Podfile below a Package.swift belongs to the library's test or example harness
        // (GRDB's `Tests/CocoaPods/…`): the library is SwiftPM's to describe.
        let packageDirectories = scan.packageDirectories.keys
        let podfilePaths = scan.buildDescriptions.filter(Self.isPodfile).filter { podfile in
            let folder = Paths.parent(podfile)
            return !packageDirectories.contains { folder != $0 && Paths.isInside(folder, $0) }
        }.sorted()
        guard !podspecPaths.isEmpty || !podfilePaths.isEmpty else { return ProjectReadPlan(descriptions: []) { _ in nil } }
        let specs: [PodspecInput] = podspecPaths.parallelMap { path in
            switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) {
            case .success(let bytes):
                do throws(PodReadError) {
                    let spec = path.hasSuffix(".json") ? try PodspecJSONReader.read(bytes)
                        : try PodspecReader.read(bytes, file: Paths.lastComponent(path), environment: Self.environment(of: path, root: root, scope: scope))
                    return PodspecInput(path: path, spec: spec)
                } catch {
                    return PodspecInput(path: path, error: error)
                }
            case .failure(let refusal):
                return PodspecInput(path: path, refusal: refusal)
            }
        }
        // Pod name → its podspec: the first in path order (a fork's copy comes later).
        var names: [String: String] = [:]
        for entry in specs {
            if let name = entry.spec?.name, names[name] == nil { names[name] = entry.path }
        }
        let byName = names
        let readings = Dictionary(uniqueKeysWithValues: specs.map { entry in (entry.path, Self.reading(entry, byName: byName)) })
        var refusedPodfiles: [ProjectReading] = []
        let podfiles = podfilePaths.compactMap { path -> PodfileInput? in
            let bytes: [UInt8]
            switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                var reading = ProjectReading(description: path, file: path, projectPath: path, generator: .cocoaPods)
                reading.failure = (1, "cannot read Podfile: \(refusal); the pods it gives the app's targets are not known")
                refusedPodfiles.append(reading)
                return nil
            }
            let podfile: Podfile
            do throws(PodReadError) {
                podfile = try PodfileReader.read(bytes, environment: Self.environment(of: path, root: root, scope: scope))
            } catch {
                // Ruby rejects it (`pod install` would fail) or a budget ran out: the pods it lists are unknown.
                var reading = ProjectReading(description: path, file: path, projectPath: path, generator: .cocoaPods)
                reading.failure = (error.line, "cannot read Podfile: \(error.message); the pods it gives the app's targets are not known")
                refusedPodfiles.append(reading)
                return nil
            }
            let lockPath = Paths.join(Paths.parent(path), "Podfile.lock")
            let lock = (try? FileSystem.readInput(Paths.join(root, lockPath), atMost: InputLimits.buildDescription, scope: scope).get()).map(PodfileLock.read)
            return PodfileInput(path: path, podfile: podfile, lock: lock ?? PodfileLock())
        }
        let projects = scan.xcodeProjects
        let refused = refusedPodfiles
        return ProjectReadPlan(descriptions: podspecPaths, read: { readings[$0] ?? nil }, amend: { all in
            all += refused
            for podfile in podfiles {
                Self.apply(podfile, to: &all, byName: byName, committedProjects: projects, root: root, scope: scope)
            }
        })
    }

    /// Where the Ruby of the file at `path` (root-relative) runs: its folder, and globs of
    /// the analysed tree.
    static func environment(of path: String, root: String, scope: ReadScope) -> RubyEnvironment {
        let folder = Paths.parent(path)
        return RubyEnvironment(folder: folder) { pattern in
            TreeGlob.matches(pattern, folder: folder, root: root, scope: scope)
        }
    }

    /// A podspec as read: its pod, or why there is none.
    struct PodspecInput: Sendable {
        var path: String
        var spec: Podspec?
        var refusal: ReadRefusal?
        /// Ruby or CocoaPods would reject the file too (a literal that never ends).
        var error: PodReadError?
    }

    struct PodfileInput: Sendable {
        var path: String
        var podfile: Podfile
        var lock: PodfileLock
    }

    /// `nil` for a file that declares no pod (a template with placeholders).
    static func reading(_ entry: PodspecInput, byName: [String: String]) -> ProjectReading? {
        var reading = ProjectReading(description: entry.path, file: entry.path, projectPath: entry.path, generator: .cocoaPods)
        if let refusal = entry.refusal {
            reading.failure = (1, "cannot read podspec: \(refusal); its pod is not analysed")
            return reading
        }
        if let error = entry.error {
            reading.failure = (error.line, "cannot read podspec: \(error.message); its pod is not analysed")
            return reading
        }
        guard let spec = entry.spec else { return nil }
        let folder = Paths.parent(entry.path)
        func dependencies(_ declared: [PodDependency]) -> [XcodeDependency] {
            var seen = Set<String>()
            return declared.compactMap { dependency in
                guard dependency.pod != spec.name, seen.insert(dependency.pod).inserted else { return nil }
                var result = Self.dependency(on: dependency.pod, line: dependency.line, from: folder, developmentPod: byName[dependency.pod])
                // Inherited by a test spec: it builds with it, whether or not its files import it.
                result.isInstallList = dependency.isInherited
                return result
            }
        }
        var main = XcodeTarget(name: spec.name, moduleName: spec.moduleName, productType: spec.isStaticFramework ? .staticFramework : .framework,
                               productFileName: spec.moduleName + ".framework", line: spec.line)
        main.synchronizedFolders = folders(spec.sources, excluded: spec.excluded)
        main.dependencies = dependencies(spec.dependencies)
        main.dependenciesIncomplete = spec.isIncomplete
        main.platforms = spec.platforms
        var targets = [main]
        for testSpec in spec.specs {
            let type: XcodeProductType
            switch testSpec.kind {
            case .unitTests: type = .unitTest
            case .uiTests: type = .uiTest
            case .app: type = .application
            }
            let name = testSpec.targetName(pod: spec.name)
            var target = XcodeTarget(name: name, moduleName: Podspec.moduleName(for: name), productType: type, line: testSpec.line)
            target.synchronizedFolders = folders(testSpec.sources, excluded: testSpec.excluded)
            target.dependencies = [XcodeDependency(.target(spec.name), line: testSpec.line)] + dependencies(testSpec.dependencies)
            target.platforms = spec.platforms
            targets.append(target)
        }
        reading.project = XcodeProject(name: spec.name, targets: targets, notes: spec.notes.map { XcodeNote(line: $0.line, message: $0.message) })
        return reading
    }

    /// A development pod's framework (its podspec, relative to `folder`), else the pod's
    /// module by the name CocoaPods gives it.
    static func dependency(on pod: String, line: Int, from folder: String, developmentPod: String?) -> XcodeDependency {
        if let podspec = developmentPod {
            return XcodeDependency(.projectTarget(project: Paths.relativePath(from: folder, to: podspec), target: pod), line: line)
        }
        return XcodeDependency(.packageProduct(product: Podspec.moduleName(for: pod), package: nil), line: line)
    }

    /// Source globs as folders: the components before the first wildcard, and the pattern
    /// below them.
    static func folders(_ globs: [String], excluded: [String]) -> [SynchronizedFolder] {
        globs.map { glob in
            SynchronizedFolder(sourceGlob: glob, excluding: excluded)
        }
    }

    /// The Podfile's targets in the project they belong to: each gets an edge to every pod it
    /// links; remote pods become one note.
    /// Development pods that depend on an installed remote pod reach its sources too.
    static func pointAtInstalledPods(_ readings: inout [ProjectReading], installed: [PodContext]) {
        guard !installed.isEmpty else { return }
        for index in readings.indices where readings[index].generator == .cocoaPods && readings[index].project != nil {
            let podspecFolder = Paths.parent(readings[index].projectPath)
            for targetIndex in readings[index].project!.targets.indices {
                for dependencyIndex in readings[index].project!.targets[targetIndex].dependencies.indices {
                    guard case .packageProduct(let product, nil) = readings[index].project!.targets[targetIndex].dependencies[dependencyIndex].kind,
                          let context = installed.first(where: { Podspec.moduleName(for: $0.pod) == product }) else { continue }
                    readings[index].project!.targets[targetIndex].dependencies[dependencyIndex].kind =
                        .packageProduct(product: context.module, package: .local(Paths.relativePath(from: podspecFolder, to: context.folder)))
                }
            }
        }
    }

    /// The one note remote pods are worth: which, with the versions Podfile.lock pins.
    static func remotePodsNote(_ remote: [(name: String, line: Int)], input: PodfileInput) -> WorkspaceNote? {
        guard let first = remote.first else { return nil }
        let names = remote.map { pod in pod.name + (input.lock.versions[pod.name].map { " (\($0) in Podfile.lock)" } ?? "") }
        return WorkspaceNote(kind: .unreadDependency, file: input.path, line: first.line, column: 1,
                             message: "\(remote.count == 1 ? "1 pod is" : "\(remote.count) pods are") not read, so what "
                                + "\(remote.count == 1 ? "its module requires" : "their modules require") is unknown and not checked: "
                                + "\(names.joined(separator: ", "))")
    }

    static func apply(_ input: PodfileInput, to readings: inout [ProjectReading], byName: [String: String], committedProjects: [String],
                      root: String, scope: ReadScope) {
        let folder = Paths.parent(input.path)
        var remote: [(name: String, line: Int)] = []
        var developmentPods: [(podspec: String, line: Int)] = []
        var installed: [String: PodContext] = [:]
        /// A remote pod whose sources CocoaPods installed beside the Podfile (`Pods/<pod>`).
        func installedPod(_ pod: String) -> PodContext? {
            if let known = installed[pod] { return known }
            let podFolder = Paths.join(Paths.join(folder, installFolder), pod)
            guard FileSystem.kind(of: Paths.join(root, podFolder)) == .directory else { return nil }
            let context = PodContext(pod: pod, module: installedModuleName(pod, folder: folder, root: root, scope: scope) ?? Podspec.moduleName(for: pod),
                                     folder: podFolder, podfile: input.path)
            installed[pod] = context
            return context
        }
        var podfileNotes = input.podfile.notes.map {
            WorkspaceNote(kind: .unresolvedManifest, file: input.path, line: $0.line, column: 1, message: $0.message)
        }
        // The projects beside the Podfile: committed ones, and those an XcodeGen spec or a
        // Tuist manifest there generates (at the path the generator writes them to).
        let generated = readings.filter { ($0.generator == .xcodeGen || $0.generator == .tuist) && $0.project != nil }.map(\.projectPath)
        let inFolder = Set((committedProjects + generated).filter { Paths.parent($0) == folder }).sorted()
        for target in input.podfile.targets {
            let projectPath: String?
            if var written = target.project {
                if !written.hasSuffix(".xcodeproj") { written += ".xcodeproj" }
                projectPath = Paths.normalize(Paths.join(folder, written))
            } else {
                // CocoaPods takes the only project beside the Podfile.
                projectPath = inFolder.count == 1 ? inFolder[0] : nil
            }
            var dependencies: [XcodeDependency] = []
            for pod in target.pods {
                defer {
                    dependencies[dependencies.count - 1].file = input.path
                    dependencies[dependencies.count - 1].isInstallList = true
                }
                if let podspec = developmentPodspec(pod, folder: folder, lock: input.lock, byName: byName) {
                    developmentPods.append((podspec, pod.line))
                    let from = projectPath.map(Paths.parent) ?? folder
                    dependencies.append(XcodeDependency(.projectTarget(project: Paths.relativePath(from: from, to: podspec), target: pod.pod), line: pod.line))
                } else if !pod.isDevelopment, let context = installedPod(pod.pod) {
                    let from = projectPath.map(Paths.parent) ?? folder
                    dependencies.append(XcodeDependency(.packageProduct(product: context.module, package: .local(Paths.relativePath(from: from, to: context.folder))),
                                                        line: pod.line))
                } else {
                    if pod.isDevelopment {
                        podfileNotes.append(WorkspaceNote(kind: .unresolvedManifest, file: input.path, line: pod.line, column: 1,
                                                          message: "development pod \(pod.pod) has no podspec under the linted paths: its sources are not analysed"))
                    }
                    if !remote.contains(where: { $0.name == pod.pod }) { remote.append((pod.pod, pod.line)) }
                    dependencies.append(XcodeDependency(.packageProduct(product: Podspec.moduleName(for: pod.pod), package: nil), line: pod.line))
                }
            }
            guard let projectPath, let index = readings.firstIndex(where: { $0.projectPath == projectPath && $0.project != nil }),
                  let targetIndex = readings[index].project!.targets.firstIndex(where: { $0.name == target.name }) else { continue }
            readings[index].project!.targets[targetIndex].dependencies += dependencies
        }
        // Pods only development pods ask for: installed ones are read as context too.
        let podsFolder = Paths.join(folder, installFolder)
        let installedNames = (FileSystem.entries(of: Paths.join(root, podsFolder)) ?? []).map(\.name)
        for needed in remotePodsOfDevelopmentPods(developmentPods, readings: readings, byName: byName, known: remote.map(\.name)) {
            if let pod = installedNames.first(where: { Podspec.moduleName(for: $0) == needed.name }), installedPod(pod) != nil { continue }
            remote.append(needed)
        }
        pointAtInstalledPods(&readings, installed: Array(installed.values))
        if let note = remotePodsNote(remote, input: input) { podfileNotes.append(note) }
        guard !podfileNotes.isEmpty || !installed.isEmpty else { return }
        // The Podfile describes no project of its own: a reading that carries its notes and
        // the pods to read as context.
        var holder = ProjectReading(description: input.path, file: input.path, projectPath: input.path, generator: .cocoaPods)
        holder.hasNoDescription = true
        holder.notes = podfileNotes
        holder.podContexts = installed.values.sorted { $0.pod < $1.pod }
        readings.append(holder)
    }

    /// Remote pods that only the Podfile's development pods ask for (`s.dependency
    /// 'Kingfisher'`), directly or through other development pods, and that are not
    /// installed: not read either. Named by module, at the Podfile line of the development
    /// pod that brings them in.
    /// `developmentPods`: the podspecs the Podfile names, with their Podfile lines.
    static func remotePodsOfDevelopmentPods(_ developmentPods: [(podspec: String, line: Int)], readings: [ProjectReading], byName: [String: String],
                                            known: [String]) -> [(name: String, line: Int)] {
        var found: [(name: String, line: Int)] = []
        var seenModules = Set(known.map(Podspec.moduleName(for:)))
        for pod in developmentPods {
            var queue = [pod.podspec]
            var visited = Set<String>()
            while let podspec = queue.popLast() {
                guard visited.insert(podspec).inserted,
                      let project = readings.first(where: { $0.generator == .cocoaPods && $0.projectPath == podspec })?.project else { continue }
                for dependency in project.targets.flatMap(\.dependencies) {
                    switch dependency.kind {
                    case .packageProduct(let module, nil):
                        if seenModules.insert(module).inserted { found.append((module, pod.line)) }
                    case .projectTarget(_, let other):
                        if let next = byName[other] { queue.append(next) }
                    default:
                        continue
                    }
                }
            }
        }
        return found
    }

    /// `framework module Alamofire {` in the module map CocoaPods writes for the pod.
    static func installedModuleName(_ pod: String, folder: String, root: String, scope: ReadScope) -> String? {
        let path = Paths.join(root, Paths.join(folder, "Pods/Target Support Files/\(pod)/\(pod).modulemap"))
        guard let bytes = try? FileSystem.readInput(path, atMost: InputLimits.small, scope: scope).get() else { return nil }
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "{" })
        guard let index = words.firstIndex(of: "module"), index + 1 < words.count else { return nil }
        return String(words[index + 1])
    }

    /// The podspec of a development pod: `:path` (a folder or the podspec), `:podspec`,
    /// the lock's `:path:`, or `local_pod`'s search by name.
    static func developmentPodspec(_ pod: PodReference, folder: String, lock: PodfileLock, byName: [String: String]) -> String? {
        let written = pod.podspec ?? pod.path ?? lock.paths[pod.pod]
        if let written {
            let path = Paths.normalize(Paths.join(folder, written))
            if isPodspec(path) { return byName.values.contains(path) ? path : nil }
            for candidate in [Paths.join(path, pod.pod + ".podspec"), Paths.join(path, pod.pod + ".podspec.json")] where byName[pod.pod] == candidate {
                return candidate
            }
            // A folder holding the podspec under another file name.
            if let found = byName[pod.pod], Paths.parent(found) == path { return found }
            return nil
        }
        return pod.isLocalByName ? byName[pod.pod] : nil
    }
}
