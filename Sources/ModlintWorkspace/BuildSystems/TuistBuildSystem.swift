import ModlintConfiguration
import ModlintManifest
import ModlintXcode

/// Tuist's `Project.swift` manifests: each read, with the project's helpers, in place of
/// the `.xcodeproj` `tuist generate` would write beside it.
struct TuistBuildSystem: ProjectBuildSystem {
    var generator: ProjectGenerator? { .tuist }
    var generatesCommittableProject: Bool { true }
    var kind: BuildSystemKind { .tuist }
    /// Not listed: a tree with manifests but nothing else gets advice of its own
    /// (`WorkspaceError.tuistNotGenerated`).
    var lookedFor: String? { nil }
    /// Swift files, found among the sources (`isManifest`), not by the walk's name test.
    var names: DescriptionNames { DescriptionNames() }
    var unreadDependencyRemedy: String {
        "fetch them with `tuist install` and pass Tuist/.build/checkouts with --dependencies FOLDER"
    }

    static let manifestNames: Set<String> = ["Project.swift", "Workspace.swift", "Tuist.swift", "Setup.swift"]

    /// `Project.swift` outside a `Tuist/` folder (templates there are no projects).
    static func isProjectManifest(_ path: String) -> Bool {
        Folder(Paths.parent(path)).isProjectManifest(Paths.lastComponent(path))
    }

    /// A Tuist manifest (`Project.swift`, `Workspace.swift`, `Tuist.swift`, 3.x `Setup.swift`,
    /// anything under `Tuist/` or a plugin's `ProjectDescriptionHelpers/`): Swift that Tuist
    /// runs to generate Xcode projects, never a target's source.
    static func isManifest(_ path: String) -> Bool {
        isManifestName(Paths.lastComponent(path)) || isManifestFolder(Paths.parent(path))
    }

    static func isManifestName(_ name: String) -> Bool { manifestNames.contains(name) }

    /// A local plugin's `Plugin.swift`: beside the plugin's `ProjectDescriptionHelpers/`
    /// folder (a file of that name elsewhere may be a target's source).
    static func isPluginManifest(_ path: String, directories: Set<String>) -> Bool {
        Paths.lastComponent(path) == "Plugin.swift" && directories.contains(Paths.join(Paths.parent(path), "ProjectDescriptionHelpers"))
    }

    /// `Tuist/…` or a plugin's `…/ProjectDescriptionHelpers/…`: Tuist's own Swift.
    static func isManifestFolder(_ folder: String) -> Bool {
        Folder(folder).holdsOnlyTuistCode
    }

    static let projectManifestName = "Project.swift"

    /// What a folder is to Tuist, decided once per folder of the walk: the walk records
    /// manifests and helpers as it meets them, so no reader searches every path again.
    struct Folder {
        /// Below a `Tuist/` folder: templates and helpers, no projects.
        var isInsideTuist = false
        /// Below a `ProjectDescriptionHelpers/` folder (the project's or a local plugin's).
        var holdsHelpers = false

        /// Asked once per folder of every walk: the components are compared on the path's
        /// bytes, no array of them is made.
        init(_ folder: String) {
            var tuist = false, helpers = false
            var folder = folder
            folder.withUTF8 { bytes in
                var start = 0
                for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                    let component = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if component.count == 5 && component.elementsEqual("Tuist".utf8) { tuist = true }
                    if component.count == 25 && component.elementsEqual("ProjectDescriptionHelpers".utf8) { helpers = true }
                    start = end + 1
                }
            }
            isInsideTuist = tuist
            holdsHelpers = helpers
        }

        var holdsOnlyTuistCode: Bool { isInsideTuist || holdsHelpers }

        /// A Swift file of this folder named `name` is a project manifest.
        func isProjectManifest(_ name: String) -> Bool {
            !isInsideTuist && name == TuistBuildSystem.projectManifestName
        }
    }

    func claims(_ path: String) -> Bool { Self.isManifest(path) }

    var editsDependencies: Bool { true }

    func editing(of description: String) -> DescriptionEditing {
        .swift(createsDependencies: Paths.lastComponent(description) != "Project.swift")
    }

    func dependencyEntry(on target: String, sameProject: Bool, from importer: Package, to imported: Package) -> String? {
        if sameProject { return ".target(name: \"\(target)\")" }
        guard imported.generator == .tuist else { return nil }
        return ".project(target: \"\(target)\", path: \"\(Paths.relativePath(from: importer.directory, to: imported.directory))\")"
    }

    func advice(adding entry: String?, module: String, of imported: Package, to target: String, in file: String) -> String {
        let manifest = Paths.lastComponent(file)
        guard let entry else { return "Add a dependency on \(module) (of \(Paths.lastComponent(imported.manifestPath))) to \(target) in \(manifest)." }
        return "Add \(entry) to the dependencies of \(target) in \(manifest)."
    }

    /// Helpers, read once per walk: `Tuist/ProjectDescriptionHelpers` and the helpers of
    /// local plugins (`…/ProjectDescriptionHelpers/`), by the folder that holds `Tuist/`.
    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan {
        let manifests = scan.tuistManifests
        guard !manifests.isEmpty else { return ProjectReadPlan(descriptions: []) { _ in nil } }
        let helperPaths = scan.tuistHelpers
        let helpers: [(path: String, bytes: [UInt8])] = helperPaths.compactMap { path in
            (try? FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope).get()).map { (path, $0) }
        }
        let directories = scan.directories
        let listings = WorkspaceListing.read(scan: scan, helpers: helpers, root: root, scope: scope)
        return ProjectReadPlan(descriptions: manifests) { manifest in
            let tuistRoot = Self.tuistRoot(of: manifest, directories: directories)
            let ownHelpers = helpers.filter { tuistRoot.isEmpty || Paths.isInside($0.path, tuistRoot) }.map(\.bytes)
            var reading = Self.read(manifest, tuistRoot: tuistRoot, helpers: ownHelpers, root: root, scope: scope)
            let folder = Paths.parent(manifest)
            // Tuist loads what a workspace lists, or, with no workspace, the project where it
            // runs (the root): a scaffold anywhere else is never read.
            let loaded = listings.isEmpty ? folder == tuistRoot || folder.isEmpty : listings.contains { $0.lists(folder) != false }
            if reading?.makesNoProject == true, !loaded {
                reading?.reading.failure = nil
                reading?.reading.isInert = true
                let listed = listings.isEmpty ? "it is not at the root and there is no Workspace.swift" : "no Workspace.swift lists its folder"
                reading?.reading.notes.append(WorkspaceNote(kind: .unresolvedManifest, file: manifest, line: 1, column: 1,
                                                    message: "Project.swift makes no project and \(listed): Tuist does not read it, and the Swift files below it are in no target"))
            }
            return reading?.reading
        }
    }

    /// A `Workspace.swift` and the project folders its `projects:` globs name.
    struct WorkspaceListing {
        let folder: String
        /// Root-relative folder globs; `nil`: the list could not be evaluated (it may list anything).
        let patterns: [Glob]?

        /// Whether the workspace lists `folder` (`nil`: not known).
        func lists(_ folder: String) -> Bool? {
            guard let patterns else { return nil }
            return patterns.contains { $0.matches(folder) }
        }

        /// Every `Workspace.swift` of the walk outside `Tuist/`, evaluated with its helpers.
        static func read(scan: TreeScan, helpers: [(path: String, bytes: [UInt8])], root: String, scope: ReadScope) -> [WorkspaceListing] {
            scan.swiftFiles.filter { Paths.lastComponent($0) == "Workspace.swift" && !Folder(Paths.parent($0)).holdsOnlyTuistCode }.map { path in
                let folder = Paths.parent(path)
                guard let bytes = try? FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope).get(),
                      let projects = TuistManifestReader().workspaceProjects(manifest: bytes, helpers: helpers.map(\.bytes)) else {
                    return WorkspaceListing(folder: folder, patterns: nil)
                }
                return WorkspaceListing(folder: folder, patterns: projects.map { project in
                    let base = project.fromRoot ? "" : folder
                    return Glob(XcodePaths.normalize(Paths.join(base, project.path)))
                })
            }
        }
    }

    /// Whether a `Project.swift` is a manifest: it imports `ProjectDescription` (or a
    /// module whose name starts so, its helpers). Swift takes any white space between
    /// `import` and the module — `import<TAB>ProjectDescription` compiles — so a search
    /// for one space would skip such a manifest and its project with it.
    static func isManifestText(_ bytes: [UInt8]) -> Bool {
        let keyword = Array("import".utf8), module = Array("ProjectDescription".utf8)
        var index = 0
        while index + keyword.count < bytes.count {
            defer { index += 1 }
            guard bytes[index] == keyword[0], bytes[index..<(index + keyword.count)].elementsEqual(keyword) else { continue }
            var cursor = index + keyword.count
            while cursor < bytes.count && isWhiteSpace(bytes[cursor]) { cursor += 1 }
            guard cursor > index + keyword.count, cursor + module.count <= bytes.count else { continue }
            if bytes[cursor..<(cursor + module.count)].elementsEqual(module) { return true }
        }
        return false
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 11 || byte == 12
    }

    /// The folder of the Tuist project a manifest belongs to: the nearest one above it
    /// that holds a `Tuist/` folder (else the linted root).
    static func tuistRoot(of manifest: String, directories: Set<String>) -> String {
        var folder = Paths.parent(manifest)
        while true {
            if directories.contains(Paths.join(folder, "Tuist")) { return folder }
            if folder.isEmpty { return "" }
            folder = Paths.parent(folder)
        }
    }

    /// `nil` for a `Project.swift` that is no Tuist manifest (a model type of an app).
    /// A manifest's reading, and whether it makes no project at all.
    struct ManifestReading {
        var reading: ProjectReading
        var makesNoProject = false
    }

    static func read(_ path: String, tuistRoot: String, helpers: [[UInt8]], root: String, scope: ReadScope) -> ManifestReading? {
        var reading = ProjectReading(description: path, file: path, projectPath: path, generator: .tuist)
        let bytes: [UInt8]
        switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) {
        case .success(let read):
            guard isManifestText(read) else { return nil }
            bytes = read
        case .failure(let refusal):
            reading.failure = (1, "cannot read Tuist manifest: \(refusal); its targets are not analysed")
            return ManifestReading(reading: reading)
        }
        let folder = Paths.parent(path)
        let project = TuistManifestReader().read(manifest: bytes, helpers: helpers,
                                                 rootFromManifest: Paths.relativePath(from: folder, to: tuistRoot))
        if let failure = project.failure {
            reading.failure = (failure.line, "cannot read Tuist manifest: \(failure.message); its targets are not analysed")
            return ManifestReading(reading: reading, makesNoProject: project.makesNoProject)
        }
        reading.project = Self.xcodeProject(project)
        reading.projectPath = Paths.join(folder, project.name + ".xcodeproj")
        return ManifestReading(reading: reading)
    }

    /// The project Tuist would generate, in the pbxproj reader's model.
    static func xcodeProject(_ project: TuistProject) -> XcodeProject {
        let targets = project.targets.map { target in
            var settings: [String: String] = [:]
            settings["PRODUCT_MODULE_NAME"] = target.moduleName
            settings["PRODUCT_NAME"] = target.productName
            let productType = productTypes[target.product] ?? .other
            var result = XcodeTarget(name: target.name, moduleName: XcodeProjectReader.moduleName(settings: settings, targetName: target.name),
                                     productType: productType, productFileName: productFileName(productType, name: target.productName ?? target.name),
                                     line: target.line)
            result.platforms = target.platforms
            result.dependenciesIncomplete = target.dependenciesIncomplete
            result.synchronizedFolders = target.sources.map { SynchronizedFolder(sourceGlob: $0.pattern, excluding: $0.excluding) } + target.buildableFolders.map { SynchronizedFolder(path: $0, excluded: []) }
            result.dependencies = target.dependencies.map { dependency in
                switch dependency.kind {
                case .target(let name): return XcodeDependency(.target(name), line: dependency.line)
                case .project(let name, let path): return XcodeDependency(.projectTarget(project: path, target: name), line: dependency.line)
                case .external(let name), .package(let name): return XcodeDependency(.packageProduct(product: name, package: nil), line: dependency.line)
                case .binary(let file): return XcodeDependency(.linkedProduct(file), line: dependency.line)
                }
            }
            return result
        }
        let notes = project.notes.map { XcodeNote(line: $0.line, column: $0.column, message: $0.message) }
        return XcodeProject(name: project.name, targets: targets, notes: notes)
    }

    static func productFileName(_ type: XcodeProductType, name: String) -> String? {
        switch type {
        case .framework, .staticFramework: return name + ".framework"
        case .staticLibrary: return "lib\(name).a"
        case .dynamicLibrary: return "lib\(name).dylib"
        default: return nil
        }
    }

    /// Tuist's `Product` cases.
    static let productTypes: [String: XcodeProductType] = [
        "app": .application, "appClip": .appClip, "commandLineTool": .commandLineTool, "watch2App": .watchApp2,
        "watch2AppContainer": .watchApp2Container, "appExtension": .appExtension, "watch2Extension": .watch2Extension,
        "tvTopShelfExtension": .tvExtension, "messagesExtension": .messagesExtension, "stickerPackExtension": .messagesExtension,
        "xpc": .xpcService, "systemExtension": .systemExtension, "extensionKitExtension": .extensionKitExtension,
        "framework": .framework, "staticFramework": .staticFramework, "staticLibrary": .staticLibrary,
        "dynamicLibrary": .dynamicLibrary, "bundle": .bundle, "unitTests": .unitTest, "uiTests": .uiTest, "macro": .other,
    ]
}
