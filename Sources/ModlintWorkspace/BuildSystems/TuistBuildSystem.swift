import ModlintManifest
import ModlintXcode

/// Tuist's `Project.swift` manifests: each read, with the project's helpers, in place of
/// the `.xcodeproj` `tuist generate` would write beside it.
struct TuistBuildSystem: ProjectBuildSystem {
    var generator: ProjectGenerator? { .tuist }

    /// `Project.swift` outside a `Tuist/` folder (templates there are no projects).
    static func isProjectManifest(_ path: String) -> Bool {
        Paths.lastComponent(path) == "Project.swift" && !path.hasPrefix("Tuist/") && !path.contains("/Tuist/")
    }

    /// Helpers, read once per walk: `Tuist/ProjectDescriptionHelpers` and the helpers of
    /// local plugins (`…/ProjectDescriptionHelpers/`), by the folder that holds `Tuist/`.
    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan {
        let manifests = scan.swiftFiles.filter(Self.isProjectManifest)
        guard !manifests.isEmpty else { return ProjectReadPlan(descriptions: []) { _ in nil } }
        let helperPaths = scan.swiftFiles.filter { $0.hasPrefix("ProjectDescriptionHelpers/") || $0.contains("/ProjectDescriptionHelpers/") }
        let helpers: [(path: String, bytes: [UInt8])] = helperPaths.compactMap { path in
            (try? FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope).get()).map { (path, $0) }
        }
        let directories = scan.directories
        return ProjectReadPlan(descriptions: manifests) { manifest in
            let tuistRoot = Self.tuistRoot(of: manifest, directories: directories)
            let ownHelpers = helpers.filter { tuistRoot.isEmpty || Paths.isInside($0.path, tuistRoot) }.map(\.bytes)
            return Self.read(manifest, tuistRoot: tuistRoot, helpers: ownHelpers, root: root, scope: scope)
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
    static func read(_ path: String, tuistRoot: String, helpers: [[UInt8]], root: String, scope: ReadScope) -> ProjectReading? {
        var reading = ProjectReading(description: path, file: path, projectPath: path, generator: .tuist)
        let bytes: [UInt8]
        switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) {
        case .success(let read):
            guard isManifestText(read) else { return nil }
            bytes = read
        case .failure(let refusal):
            reading.failure = (1, "cannot read Tuist manifest: \(refusal); its targets are not analysed")
            return reading
        }
        let folder = Paths.parent(path)
        let project = TuistManifestReader().read(manifest: bytes, helpers: helpers,
                                                 rootFromManifest: Paths.relativePath(from: folder, to: tuistRoot))
        if let failure = project.failure {
            reading.failure = (failure.line, "cannot read Tuist manifest: \(failure.message); its targets are not analysed")
            return reading
        }
        reading.project = Self.xcodeProject(project)
        reading.projectPath = Paths.join(folder, project.name + ".xcodeproj")
        return reading
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
            result.synchronizedFolders = target.sources.map(folder) + target.buildableFolders.map { SynchronizedFolder(path: $0, excluded: []) }
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

    /// A source glob as the folder it starts in (the components before the first
    /// wildcard) and the pattern below it; a glob without wildcards names a file or folder.
    static func folder(_ glob: TuistSourceGlob) -> SynchronizedFolder {
        let components = glob.pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let fixed = components.prefix { !$0.contains("*") && !$0.contains("?") && !$0.contains("[") && !$0.contains("{") }
        let base = fixed.joined(separator: "/")
        let rest = components.dropFirst(fixed.count).joined(separator: "/")
        let excluded = glob.excluding.map { pattern in
            pattern.hasPrefix(base + "/") ? String(pattern.dropFirst(base.count + 1)) : pattern
        }
        return SynchronizedFolder(path: base, excluded: [], excludedPatterns: excluded,
                                  includedPatterns: rest.isEmpty || rest == "**" ? [] : [rest], mayBeFile: rest.isEmpty)
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
