/// Reads `project.pbxproj` into an `XcodeProject`: targets with their Swift sources
/// (build phases through the group tree, and Xcode 16 synchronized folders with their
/// exception sets), target, cross-project, package-product and linked-framework
/// dependencies. Paths stay relative to the folder that holds the `.xcodeproj`.
///
/// Objects are known by their place in an `ObjectTable`: references are resolved from the
/// bytes of the file, so reading a project makes strings only for what it reports.
public struct XcodeProjectReader {
    private typealias ID = ObjectTable.ID

    private let objects: ObjectTable
    private let rootObject: ID
    private let projectDirectory: String
    /// The `.xcodeproj`'s name: `$(PROJECT_NAME)` in build settings.
    private var projectName = ""
    private var parents: [ID: ID] = [:]
    /// Ids of the kinds later passes visit (only `synchronizedGroups` needs an order).
    private var fileReferences: [ID] = []
    private var groups: [ID] = []
    private var synchronizedGroups: [ID] = []
    private var notes: [XcodeNote] = []
    private var pathCache: [ID: String?] = [:]

    /// `name` is the `.xcodeproj` folder's name without the extension; `readFile` reads
    /// `.xcconfig` files (paths relative to the project's folder, or absolute) that build
    /// configurations are based on — only the module name is taken from them.
    public static func read(bytes: [UInt8], name: String, readFile: @escaping (String) -> [UInt8]? = { _ in nil }) throws(PropertyListError) -> XcodeProject {
        let document = try PropertyListDocument.parse(bytes)
        guard document.kind(document.root) == .dictionary else {
            throw PropertyListError(line: 1, column: 1, message: "the top-level value is not a dictionary")
        }
        let root = PBXObject(document: document, node: document.root)
        guard let objectValues = root.dictionary("objects") else {
            throw PropertyListError(line: root.line, column: 1, message: "no 'objects' dictionary: not a project.pbxproj")
        }
        let objects = ObjectTable(document: document, objects: objectValues.node)
        guard let rootNode = root.stringNode("rootObject"), let rootObject = objects.id(named: rootNode) else {
            throw PropertyListError(line: root.line, column: 1, message: "no 'rootObject' that names a PBXProject")
        }
        let project = objects.object(rootObject)
        var reader = XcodeProjectReader(objects: objects, rootObject: rootObject,
                                        projectDirectory: XcodePaths.normalize(project.string("projectDirPath") ?? ""), readFile: readFile)
        reader.projectName = name
        return reader.project(project, name: name)
    }

    private let readFile: (String) -> [UInt8]?
    /// Build settings of the project's chosen configuration (its xcconfig, then its own).
    private var projectSettings: [String: String] = [:]

    private init(objects: ObjectTable, rootObject: ID, projectDirectory: String, readFile: @escaping (String) -> [UInt8]?) {
        self.objects = objects
        self.rootObject = rootObject
        self.projectDirectory = projectDirectory
        self.readFile = readFile
    }

    /// The object `key` refers to.
    private func reference(_ object: PBXObject, _ key: StaticString) -> ID? {
        object.stringNode(key).flatMap(objects.id(named:))
    }

    /// The objects an array value refers to, in order; ids no object has are skipped.
    private func references(_ object: PBXObject, _ key: StaticString) -> [ID] {
        object.stringNodes(key).compactMap(objects.id(named:))
    }

    private mutating func project(_ project: PBXObject, name: String) -> XcodeProject {
        // Parents of every group member, so that a file's path can be built upwards (a
        // member of two groups takes the smaller id: the same answer in any hash order).
        // The kinds later passes visit are collected on the way, compared as bytes.
        for id in 0..<objects.count {
            let object = objects.object(id)
            if object.isa("PBXFileReference") {
                fileReferences.append(id)
                continue
            }
            if object.isa("PBXFileSystemSynchronizedRootGroup") {
                groups.append(id)
                synchronizedGroups.append(id)
            } else if object.isa("PBXGroup") {
                groups.append(id)
            }
            for child in references(object, "children") {
                if let parent = parents[child], objects.precedes(parent, id) { continue }
                parents[child] = id
            }
        }
        synchronizedGroups.sort(by: objects.precedes)
        breakGroupCycles()
        projectSettings = settings(ofList: reference(project, "buildConfigurationList"))
        var packages = Set<PackageReference>()
        for id in references(project, "packageReferences") {
            if let reference = packageReference(id) { packages.insert(reference) }
        }
        // Exception sets by synchronized folder, for the targets that do not own the folder.
        var targets: [XcodeTarget] = []
        let targetNodes = project.stringNodes("targets")
        var targetNames: [ID: String] = [:]
        for node in targetNodes {
            if let id = objects.id(named: node), targetNames[id] == nil, let name = objects.object(id).string("name") { targetNames[id] = name }
        }
        var targetIDs: [ID] = []
        for node in targetNodes {
            guard let id = objects.id(named: node) else {
                notes.append(XcodeNote(line: project.line, message: "target \(project.document.string(node) ?? "") is listed but not defined"))
                continue
            }
            targetIDs.append(id)
            let object = objects.object(id)
            guard object.isa("PBXNativeTarget") else { continue }   // aggregate/legacy targets build no module
            targets.append(target(id: id, object, targetNames: targetNames, packages: &packages))
        }
        addExceptionMembers(to: &targets, ids: targetIDs)
        var referencedFolders = Set<String>()
        var folderReferences = Set<String>()
        for id in fileReferences {
            let object = objects.object(id)
            let type = object.string("lastKnownFileType") ?? object.string("explicitFileType") ?? ""
            if type == "wrapper" || type.hasPrefix("folder"), let path = path(of: id) {
                referencedFolders.insert(path)
                folderReferences.insert(path)
            }
        }
        for id in groups {
            if let path = path(of: id), !path.isEmpty { referencedFolders.insert(path) }
        }
        notes.sort { ($0.line, $0.message) < ($1.line, $1.message) }
        return XcodeProject(name: name, targets: targets, packages: packages.sorted { Self.order($0) < Self.order($1) },
                            referencedFolders: referencedFolders.sorted(), folderReferences: folderReferences.sorted(), notes: notes)
    }

    /// A group that contains itself, directly or through its members, has no path: Xcode
    /// cannot open such a project, and reading on would resolve none of the files below it
    /// (every target empty, the gate passing blind). Each cycle is reported once, at the
    /// group that closes it, and broken there: that group is taken as a top-level group, so
    /// the files below it are still read. Linear: each group's chain is walked once.
    private mutating func breakGroupCycles() {
        var state: [ID: UInt8] = [:]   // 1: on the chain being walked, 2: resolved
        for start in groups {
            var chain: [ID] = []
            var current: ID? = start
            while let id = current, state[id] == nil {
                state[id] = 1
                chain.append(id)
                current = parents[id]
            }
            if let closing = current, state[closing] == 1 {
                // `closing` is on this chain: the cycle runs from it to the chain's end.
                let members = chain[chain.firstIndex(of: closing)!...]
                let last = members.last!
                let object = objects.object(last)
                let names = members.map { objects.object($0).string("name") ?? objects.object($0).string("path") ?? "(unnamed)" }
                let description = members.count == 1 ? "group '\(names[0])' contains itself"
                    : "groups contain each other: " + (names + [names[0]]).map { "'\($0)'" }.joined(separator: " -> ")
                notes.append(XcodeNote(line: object.line, message: description + "; Xcode cannot open this project, and the files "
                                       + "below are read as if the cycle were cut here", isStructural: true))
                parents[last] = nil
            }
            for id in chain { state[id] = 2 }
        }
    }

    private static func order(_ reference: PackageReference) -> String {
        switch reference {
        case .local(let path): return "0" + path
        case .remote(let url): return "1" + url
        }
    }

    private mutating func target(id: ID, _ object: PBXObject, targetNames: [ID: String],
                                 packages: inout Set<PackageReference>) -> XcodeTarget {
        let name = object.string("name") ?? object.string("productName") ?? objects.name(id)
        let settings = projectSettings.merging(settings(ofList: reference(object, "buildConfigurationList"))) { _, target in target }
        var result = XcodeTarget(name: name, moduleName: Self.moduleName(settings: settings, targetName: name, projectName: projectName),
                                 productType: XcodeProductType(productType: object.string("productType")), line: object.line)
        result.platforms = Self.platforms(settings: settings)
        result.objectID = objects.name(id)
        // Products live in BUILT_PRODUCTS_DIR: their own `path` is the file name.
        if let product = reference(object, "productReference") { result.productFileName = objects.object(product).string("path").map(XcodePaths.lastComponent) }
        var dependencies: [XcodeDependency] = []
        var sources: [String] = []
        readBuildPhases(of: object, into: &result, sources: &sources, dependencies: &dependencies, packages: &packages)
        for node in object.stringNodes("dependencies") {
            guard let dependencyID = objects.id(named: node) else {
                notes.append(XcodeNote(line: object.line, message: "target '\(name)' lists dependency \(object.document.string(node) ?? ""), which is not defined"))
                continue
            }
            if let dependency = targetDependency(dependencyID, targetNames: targetNames) { dependencies.append(dependency) }
        }
        for productID in references(object, "packageProductDependencies") {
            if let dependency = productDependency(productID, packages: &packages) { dependencies.append(dependency) }
        }
        result.synchronizedFolders = synchronizedFolders(of: object, target: id)
        result.sourceFiles = Array(Set(sources)).sorted()
        // One entry per dependency (the Frameworks phase repeats the package products).
        var seen = Set<XcodeDependency.Kind>()
        result.dependencies = dependencies.filter { seen.insert($0.kind).inserted }
        return result
    }

    /// The target's build phases: its Swift sources, its folder resources, and the package
    /// products and products of other targets it links.
    private mutating func readBuildPhases(of object: PBXObject, into result: inout XcodeTarget, sources: inout [String],
                                          dependencies: inout [XcodeDependency], packages: inout Set<PackageReference>) {
        for phaseID in references(object, "buildPhases") {
            let phase = objects.object(phaseID)
            if phase.isa("PBXSourcesBuildPhase") {
                for fileID in references(phase, "files") {
                    guard let file = reference(objects.object(fileID), "fileRef") else { continue }
                    if let path = path(of: file), path.hasSuffix(".swift") { sources.append(path) }
                }
            } else if phase.isa("PBXResourcesBuildPhase") {
                for fileID in references(phase, "files") {
                    guard let fileRef = reference(objects.object(fileID), "fileRef") else { continue }
                    let file = objects.object(fileRef)
                    guard file.isa("PBXFileReference"),
                          (file.string("lastKnownFileType") ?? file.string("explicitFileType") ?? "").hasPrefix("folder"),
                          let path = path(of: fileRef) else { continue }
                    result.resourceFolders.append(path)
                }
            } else if phase.isa("PBXFrameworksBuildPhase") {
                for fileID in references(phase, "files") {
                    let buildFile = objects.object(fileID)
                    if let product = buildFile.stringNode("productRef") {
                        if let productID = objects.id(named: product), let dependency = productDependency(productID, packages: &packages) {
                            dependencies.append(dependency)
                        }
                    } else if let fileRef = reference(buildFile, "fileRef"), let linked = linkedProductName(fileRef) {
                        dependencies.append(XcodeDependency(.linkedProduct(linked), line: buildFile.line))
                    }
                }
            }
        }
    }

    /// A `PBXTargetDependency`: a target of this project or of another, by its proxy when
    /// the target is not named; `nil` for what builds no module.
    private mutating func targetDependency(_ dependencyID: ID, targetNames: [ID: String]) -> XcodeDependency? {
        let dependency = objects.object(dependencyID)
        let targetID = reference(dependency, "target")
        let proxy = reference(dependency, "targetProxy").map { objects.object($0) }
        // No portal: this project; an id no object has: nothing to depend on.
        let portal = proxy.flatMap { $0.stringNode("containerPortal").map(objects.id(named:)) ?? rootObject }
        // An aggregate or legacy target of this project (a script, a linter run) builds
        // no module: depending on it orders the build, nothing to import.
        let localID = targetID ?? (portal == rootObject ? proxy.flatMap { reference($0, "remoteGlobalIDString") } : nil)
        if let localID, targetNames[localID] != nil, !objects.object(localID).isa("PBXNativeTarget") { return nil }
        if let targetID, let targetName = targetNames[targetID] {
            return XcodeDependency(.target(targetName), line: dependency.line)
        } else if let proxy, let remote = proxy.string("remoteInfo") {
            if portal == rootObject {
                return XcodeDependency(.target(remote), line: dependency.line)
            } else if let portal, let projectPath = path(of: portal) {
                var result = XcodeDependency(.projectTarget(project: projectPath, target: remote), line: dependency.line)
                result.remoteTargetID = proxy.string("remoteGlobalIDString")
                return result
            }
        }
        // `productRef` alone: a package plugin that runs at build time, not a module.
        return nil
    }

    /// Xcode 16's synchronized folders the target builds, with the files its exception
    /// sets leave out.
    private mutating func synchronizedFolders(of object: PBXObject, target id: ID) -> [SynchronizedFolder] {
        var folders: [SynchronizedFolder] = []
        for groupID in references(object, "fileSystemSynchronizedGroups") {
            guard let folder = path(of: groupID) else { continue }
            var excluded: [String] = []
            for exceptionID in references(objects.object(groupID), "exceptions") {
                let exception = objects.object(exceptionID)
                guard exception.isa("PBXFileSystemSynchronizedBuildFileExceptionSet"), reference(exception, "target") == id else { continue }
                excluded += exception.strings("membershipExceptions").map(Self.exceptionPath)
            }
            folders.append(SynchronizedFolder(path: folder, excluded: excluded.sorted()))
        }
        return folders
    }

    /// An exception set names a target that does not build the folder: the listed files
    /// become members of that target (how Xcode shares one file between targets).
    private mutating func addExceptionMembers(to targets: inout [XcodeTarget], ids: [ID]) {
        let nativeIDs = ids.filter { objects.object($0).isa("PBXNativeTarget") }
        var indexByID: [ID: Int] = [:]
        for (index, id) in nativeIDs.enumerated() where indexByID[id] == nil { indexByID[id] = index }
        for id in synchronizedGroups {
            let group = objects.object(id)
            guard let folder = path(of: id) else { continue }
            for exceptionID in references(group, "exceptions") {
                let exception = objects.object(exceptionID)
                guard exception.isa("PBXFileSystemSynchronizedBuildFileExceptionSet"),
                      let targetID = reference(exception, "target"), let index = indexByID[targetID],
                      !references(objects.object(targetID), "fileSystemSynchronizedGroups").contains(id) else { continue }
                for member in exception.strings("membershipExceptions") where member.hasSuffix(".swift") {
                    targets[index].extraSynchronizedFiles.append(XcodePaths.join(folder, Self.exceptionPath(member)))
                }
                targets[index].extraSynchronizedFiles.sort()
            }
        }
    }

    /// Exception paths are relative to the folder; localized variants start with `/`.
    private static func exceptionPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("/") { path = path.dropFirst() }
        return String(path)
    }

    private mutating func productDependency(_ id: ID, packages: inout Set<PackageReference>) -> XcodeDependency? {
        let product = objects.object(id)
        guard var name = product.string("productName") else { return nil }
        // `plugin:Name`: a build-tool plugin, not a module to import.
        if name.hasPrefix("plugin:") { return nil }
        name = name.droppingPrefix("macro:")
        let reference = self.reference(product, "package").flatMap(packageReference)
        if let reference { packages.insert(reference) }
        return XcodeDependency(.packageProduct(product: name, package: reference), line: product.line)
    }

    private func packageReference(_ id: ID) -> PackageReference? {
        let object = objects.object(id)
        if object.isa("XCLocalSwiftPackageReference") {
            return object.string("relativePath").map { .local(XcodePaths.normalize($0)) }
        } else if object.isa("XCRemoteSwiftPackageReference") {
            return object.string("repositoryURL").map { .remote($0) }
        }
        return nil
    }

    /// `Kit.framework`, `libKit.a`: a product another target builds (`BUILT_PRODUCTS_DIR`
    /// file references and cross-project `PBXReferenceProxy`s).
    private func linkedProductName(_ id: ID) -> String? {
        let object = objects.object(id)
        if object.isa("PBXReferenceProxy") {
            return object.string("path").map(XcodePaths.lastComponent)
        } else if object.isa("PBXFileReference"), let path = object.string("path") {
            let sourceTree = object.string("sourceTree")
            if sourceTree == "BUILT_PRODUCTS_DIR" { return XcodePaths.lastComponent(path) }
            // `Networking.framework` beside the project (XcodeGen's `framework:`): no file
            // in the tree; Xcode finds the product of the workspace's target that makes it.
            // A framework of the SDK is no product of a target.
            guard sourceTree != "SDKROOT", sourceTree != "DEVELOPER_DIR", path.hasSuffix(".framework") else { return nil }
            return XcodePaths.lastComponent(path)
        }
        return nil
    }

    /// Settings of a configuration list's chosen configuration (`Debug`, else the first by
    /// name): its base `.xcconfig` first, then its own `buildSettings` over it.
    private mutating func settings(ofList listID: ID?) -> [String: String] {
        guard let listID else { return [:] }
        let configurations = references(objects.object(listID), "buildConfigurations").map(objects.object)
            .sorted { ($0.string("name") ?? "") < ($1.string("name") ?? "") }
        guard let chosen = configurations.first(where: { $0.string("name") == "Debug" }) ?? configurations.first else { return [:] }
        var result: [String: String] = [:]
        // Classic: a file reference. Xcode 16: a synchronized folder and a path inside it.
        if let base = reference(chosen, "baseConfigurationReference"), let path = path(of: base) {
            result = XCConfig.settings(at: path, readFile: readFile)
        } else if let anchor = reference(chosen, "baseConfigurationReferenceAnchor"), let folder = path(of: anchor),
                  let relative = chosen.string("baseConfigurationReferenceRelativePath") {
            result = XCConfig.settings(at: XcodePaths.normalize(XcodePaths.join(folder, relative)), readFile: readFile)
        }
        for (key, value) in chosen.dictionary("buildSettings")?.stringEntries() ?? [] { result[key] = value }
        return result
    }

    /// Project settings, then the target's: the most specific level wins, as in Xcode.
    public static func moduleName(settings: [String: String], targetName: String, projectName: String? = nil) -> String {
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            guard var value = settings[key], !value.isEmpty, value != "$(inherited)" else { continue }
            value = value.replacingTargetName(with: targetName)
            if let projectName { value = value.replacing("$(PROJECT_NAME)", with: projectName).replacing("${PROJECT_NAME}", with: projectName) }
            if value.contains("$") { break }   // another variable: its value is unknown here
            return Self.c99Identifier(value)
        }
        return Self.c99Identifier(targetName)
    }

    /// SDK names (`iphoneos iphonesimulator`, `watchos`, `macosx`) as the platform names of
    /// `#if os(…)`, lower-cased; `SDKROOT = auto` or a variable says nothing.
    static func platforms(settings: [String: String]) -> [String] {
        let names = ["iphoneos": "ios", "iphonesimulator": "ios", "macosx": "macos", "watchos": "watchos", "watchsimulator": "watchos",
                     "appletvos": "tvos", "appletvsimulator": "tvos", "xros": "visionos", "xrsimulator": "visionos"]
        var result: [String] = []
        let declared = settings["SUPPORTED_PLATFORMS"].flatMap { $0.contains("$") ? nil : $0 } ?? settings["SDKROOT"] ?? ""
        for word in declared.split(whereSeparator: { $0 == " " || $0 == "\"" }) {
            if let name = names[String(word)], !result.contains(name) { result.append(name) }
        }
        return result
    }

    /// Xcode's module name for a product name: every character that cannot stand in an
    /// identifier becomes `_`, and a leading digit gets a `_` before it.
    public static func c99Identifier(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            let isIdentifier = scalar == "_" || (scalar.value < 128 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || (scalar.value >= 128 && scalar.properties.isAlphabetic)
            out.unicodeScalars.append(isIdentifier ? scalar : "_")
        }
        if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = "_" + out }
        return out.isEmpty ? "_" : out
    }

    /// A file or group's path relative to the project's folder (or absolute); `nil` for
    /// build products, SDK and developer files, and unknown source trees.
    private mutating func path(of id: ID) -> String? {
        path(of: id, depth: 0)
    }

    /// Memoised upwards through the group tree: each group is resolved once.
    private mutating func path(of id: ID, depth: Int) -> String? {
        if let cached = pathCache[id] { return cached }
        guard depth < 64 else { return nil }
        let object = objects.object(id)
        let own = object.string("path") ?? ""
        let resolved: String?
        switch object.string("sourceTree") ?? "<group>" {
        case "<absolute>":
            resolved = XcodePaths.normalize(own)
        case "SOURCE_ROOT":
            resolved = XcodePaths.normalize(XcodePaths.join(projectDirectory, own))
        case "<group>":
            if let parent = parents[id] {
                resolved = path(of: parent, depth: depth + 1).map { XcodePaths.normalize(XcodePaths.join($0, own)) }
            } else {
                // The main group (or an orphan): relative to the project's folder.
                resolved = XcodePaths.normalize(XcodePaths.join(projectDirectory, own))
            }
        default:
            resolved = nil
        }
        pathCache[id] = resolved
        return resolved
    }
}

/// Lexical path helpers (the Xcode reader does not depend on the workspace's).
public enum XcodePaths {
    /// Folds `.` and `..` (a leading `..` is kept: paths may leave the project's folder).
    /// Works on the UTF-8 bytes into one buffer: a project resolves thousands of file
    /// references, and splitting each into substrings cost more than reading the project.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let utf8 = Array(path.utf8)
        let absolute = utf8.first == UInt8(ascii: "/")
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 1)
        if absolute { output.append(UInt8(ascii: "/")) }
        let base = output.count
        // Where each kept component starts in `output`, and whether it is `..`.
        var components: [(start: Int, isParent: Bool)] = []
        utf8.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                while index < bytes.count && bytes[index] == UInt8(ascii: "/") { index += 1 }
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: "/") { index += 1 }
                let length = index - start
                if length == 0 || length == 1 && bytes[start] == UInt8(ascii: ".") { continue }
                let isParent = length == 2 && bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".")
                if isParent, let last = components.last, !last.isParent {
                    // Drop the last component with the `/` before it.
                    output.removeSubrange(max(base, last.start - 1)...)
                    components.removeLast()
                    continue
                }
                if isParent && absolute { continue }
                if output.count > base { output.append(UInt8(ascii: "/")) }
                components.append((output.count, isParent))
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// True when no component is empty, `.` or `..` (and nothing trails): the common case,
    /// answered by one scan of the bytes.
    static func isNormal(_ path: String) -> Bool {
        var componentLength = 0
        var dots = 0
        var index = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if index > 0 && (componentLength == 0 || dots == componentLength && componentLength <= 2) { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            index += 1
        }
        if index > 0 && componentLength == 0 { return path == "/" }
        return !(dots == componentLength && componentLength <= 2 && componentLength > 0)
    }

    public static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") { return component }
        if base.isEmpty { return component }
        if component.isEmpty { return base }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// The folder part of a path (`""` for a bare name).
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension String {
    fileprivate func droppingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }

    fileprivate func replacingTargetName(with name: String) -> String {
        var result = self
        for variable in ["$(TARGET_NAME:c99extidentifier)", "$(TARGET_NAME)", "${TARGET_NAME}"] {
            result = result.replacing(variable, with: name)
        }
        return result
    }
}

/// One dictionary of a parsed project (an object, or a dictionary inside one), read
/// without building Swift collections for it: values are decoded when asked for.
struct PBXObject {
    let document: PropertyListDocument
    let node: Int

    var line: Int { document.line(node) }

    /// `isa == name`, compared as bytes.
    func isa(_ name: StaticString) -> Bool {
        guard let value = document.value(node, "isa") else { return false }
        return document.equals(value, name)
    }

    func string(_ key: StaticString) -> String? {
        guard let value = document.value(node, key), document.isString(value) else { return nil }
        return document.string(value)
    }

    /// The string node of `key`'s value (an object id), without decoding it.
    func stringNode(_ key: StaticString) -> Int? {
        guard let value = document.value(node, key), document.isString(value) else { return nil }
        return value
    }

    /// The string nodes of an array value (object ids); non-strings are skipped.
    func stringNodes(_ key: StaticString) -> [Int] {
        guard let value = document.value(node, key) else { return [] }
        return document.elements(value).filter(document.isString)
    }

    /// The strings of an array value (object ids, paths); non-strings are skipped.
    func strings(_ key: StaticString) -> [String] {
        guard let value = document.value(node, key) else { return [] }
        return document.elements(value).compactMap { document.isString($0) ? document.string($0) : nil }
    }

    func dictionary(_ key: StaticString) -> PBXObject? {
        guard let value = document.value(node, key), document.kind(value) == .dictionary else { return nil }
        return PBXObject(document: document, node: value)
    }

    /// The entries whose values are strings (build settings).
    func stringEntries() -> [(String, String)] {
        (0..<document.entryCount(node)).compactMap { index in
            let (key, value) = document.entry(node, index)
            guard document.isString(value), let name = document.string(key), let text = document.string(value) else { return nil }
            return (name, text)
        }
    }
}
