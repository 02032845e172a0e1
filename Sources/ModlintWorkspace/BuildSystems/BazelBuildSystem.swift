import ModlintBazel
import ModlintManifest
import ModlintXcode

/// Bazel: every `BUILD` / `BUILD.bazel` file whose Swift and Apple rules (rules_swift,
/// rules_apple, rules_ios, `objc_library`, and the workspace's own macros around them) are
/// a project of its own, named by its package label (`//Features/Login`). The nearest
/// folder above with `MODULE.bazel`, `REPO.bazel` or `WORKSPACE` is the root labels start
/// from; a BUILD file with none above it is in no workspace, and Bazel builds none of it.
struct BazelBuildSystem: ProjectBuildSystem {
    var generator: ProjectGenerator? { .bazel }
    var generatesCommittableProject: Bool { false }
    var kind: BuildSystemKind { .bazel }
    var lookedFor: String? { "Bazel BUILD file" }
    var names: DescriptionNames { DescriptionNames(files: Self.buildFileNames.union(Self.rootFileNames), suffixes: [".bzl"]) }
    var unreadDependencyRemedy: String {
        "modlint reads other repositories' sources only from --dependencies FOLDER"
    }

    var editsDependencies: Bool { false }

    /// A BUILD file is a project; a workspace root or `.bzl` file is not.
    func makesProject(_ name: String) -> Bool { Self.buildFileNames.contains(name) }

    func editing(of description: String) -> DescriptionEditing { .byHand(reason: "BUILD files are not edited; change") }

    func dependencyEntry(on target: String, sameProject: Bool, from importer: Package, to imported: Package) -> String? {
        if sameProject { return "\":\(target)\"" }
        // The project's name is its package label.
        return imported.generator == .bazel ? "\"\(imported.manifest.name):\(target)\"" : nil
    }

    func advice(adding entry: String?, module: String, of imported: Package, to target: String, in file: String) -> String {
        "Add \(entry ?? "a dependency on \(module)") to the deps of \(target) in \(file)."
    }

    static let buildFileNames: Set<String> = ["BUILD", "BUILD.bazel"]
    static let rootFileNames: Set<String> = ["MODULE.bazel", "REPO.bazel", "WORKSPACE", "WORKSPACE.bazel"]

    static func isBuildFile(_ path: String) -> Bool {
        buildFileNames.contains(Paths.lastComponent(path))
    }

    /// Whether a BUILD file may declare Swift: it names a rule of the table, or loads the
    /// workspace's own macros. Others (C and C++ parts of a library) are not read at all.
    static func mayDeclareSwift(_ bytes: [UInt8]) -> Bool {
        scan(bytes, loadsWorkspaceMacro: true)
    }

    static func mentionsKnownRule(_ bytes: [UInt8]) -> Bool {
        scan(bytes, loadsWorkspaceMacro: false)
    }

    /// One pass over the bytes at every `(`: the name before it (spaces and tabs between
    /// them are allowed, as Starlark allows them: `swift_library (…)`) ends with a rule of
    /// the table (as a substring search for `rule(` would find it), or — when asked — it
    /// is a `load(` of a path in this workspace (`"//`, `":`, `'//`, `':`) or of another
    /// repository whose rules are not of another language (`BazelRuleSets`); and at every
    /// quote: a rule's name in quotes, which a `load(…, my_lib = "swift_library")` binds
    /// to a name of the file's choosing. A search per rule name, through Foundation, cost
    /// the corpus's 67 BUILD files 50 ms. The file's bytes as read: none of what is looked
    /// for is changed by repairing invalid UTF-8.
    static func scan(_ bytes: [UInt8], loadsWorkspaceMacro: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            for open in bytes.indices {
                let byte = bytes[open]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    if quotesRuleName(bytes, at: open) { return true }
                    continue
                }
                guard byte == UInt8(ascii: "(") else { continue }
                var end = open
                while end > 0, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
                var start = end
                while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
                guard start < end else { continue }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if loadsWorkspaceMacro && name.count >= 4 && name.suffix(4).elementsEqual("load".utf8), open + 2 < count {
                    let quote = bytes[open + 1]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        if bytes[open + 2] == UInt8(ascii: ":") { return true }
                        if open + 3 < count && bytes[open + 2] == UInt8(ascii: "/") && bytes[open + 3] == UInt8(ascii: "/") { return true }
                        // Another repository's macro (`load("@company_ios//ios:defs.bzl", …)`),
                        // unless its rules are of another language.
                        if bytes[open + 2] == UInt8(ascii: "@") {
                            let label = UnsafeBufferPointer(rebasing: bytes[(open + 2)..<min(count, open + 2 + 80)])
                            if !BazelRuleSets.isOtherLanguage(label.prefix { $0 != quote }) { return true }
                        }
                    }
                }
                if ruleNames.contains(where: { $0.count <= name.count && name.suffix($0.count).elementsEqual($0) }) { return true }
            }
            return false
        }
    }

    /// Whether a rule's name of the table, and the same quote, follow the quote at `open`.
    private static func quotesRuleName(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> Bool {
        var end = open + 1
        while end < bytes.count, end - open <= longestRuleName, isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == bytes[open], end > open + 1 else { return false }
        let name = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<end])
        return ruleNames.contains { $0.count == name.count && $0.elementsEqual(name) }
    }

    /// The rules of the table, and the ones that only forward to them (`swift_library_group`,
    /// `alias`): a BUILD file of groups and aliases is read for what they forward.
    private static let ruleNames = (Array(BazelRuleKind.known.keys) + ["swift_library_group", "alias"]).sorted().map { Array($0.utf8) }
    private static let longestRuleName = ruleNames.map(\.count).max() ?? 0

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    func plan(scan: TreeScan, root: String, scope: ReadScope) -> ProjectReadPlan {
        // `BUILD.bazel` wins over `BUILD` in one folder, as in Bazel.
        var buildFiles: [String: String] = [:]
        for path in scan.buildDescriptions where Self.isBuildFile(path) {
            let folder = Paths.parent(path)
            if buildFiles[folder] == nil || Paths.lastComponent(path) == "BUILD.bazel" { buildFiles[folder] = path }
        }
        guard !buildFiles.isEmpty else { return ProjectReadPlan(descriptions: []) { _ in nil } }
        let rootFiles = scan.buildDescriptions.filter { Self.rootFileNames.contains(Paths.lastComponent($0)) }.sorted()
        let roots = Set(rootFiles.map(Paths.parent))
        // `@rules_swift//swift/runfiles` inside rules_swift is the main repository.
        var names: [String: String] = [:]
        // Package.swift files the workspace takes as input, each with the first file naming it.
        var usedManifests: [String: String] = [:]
        // Repositories a workspace takes from a folder of the tree (`local_path_override`).
        var localRepositories: [String: [String: String]] = [:]
        for file in rootFiles {
            guard let bytes = try? FileSystem.readInput(Paths.join(root, file), atMost: InputLimits.buildDescription, scope: scope).get() else { continue }
            let folder = Paths.parent(file)
            for manifest in Self.manifestsNamed(in: bytes, folder: folder, workspaceRoot: folder) where usedManifests[manifest] == nil {
                usedManifests[manifest] = file
            }
            let text = String(decoding: bytes, as: UTF8.self)
            for (name, path) in Self.localRepositories(text) where localRepositories[folder]?[name] == nil {
                let target = Paths.normalize(Paths.join(folder, path))
                if target != ".." && !target.hasPrefix("../") && !path.hasPrefix("/") { localRepositories[folder, default: [:]][name] = target }
            }
            if names[folder] == nil, let name = Self.repositoryName(text) { names[folder] = name }
        }
        // Linting a folder of a Bazel workspace (`modlint lint Features/`): labels and
        // rules_swift's module names start at the MODULE.bazel or WORKSPACE above it, so the
        // BUILD files with no root inside the tree take their package paths from there.
        // Only the root file's presence is looked at outside the tree.
        let outerPrefix = roots.contains("") ? "" : Self.prefixBelowOuterRoot(root)
        let insideOuterWorkspace = !outerPrefix.isEmpty
        let ownNames = names
        let cache = StarlarkModuleCache()
        let paths = buildFiles.values.sorted()
        let packages: [(reading: PackageReading?, usedManifests: [String])] = paths.parallelMap { path in
            guard let workspaceRoot = Self.workspaceRoot(of: path, roots: roots) ?? (insideOuterWorkspace ? "" : nil) else {
                return (Self.outsideWorkspace(path, root: root, scope: scope), [])
            }
            let prefix = workspaceRoot.isEmpty ? outerPrefix : ""
            let bytes: [UInt8]
            switch FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                return (PackageReading(buildFile: path, workspaceRoot: workspaceRoot, labelPrefix: prefix, ownName: ownNames[workspaceRoot],
                                       result: .failure(BazelReadError(line: 1, message: "\(refusal)"))), [])
            }
            let used = Self.manifestsNamed(in: bytes, folder: Paths.parent(path), workspaceRoot: workspaceRoot)
            return (Self.package(path, bytes: bytes, workspaceRoot: workspaceRoot, prefix: prefix, ownName: ownNames[workspaceRoot], root: root,
                                 scope: scope, cache: cache), used)
        }
        for (path, package) in zip(paths, packages) {
            for manifest in package.usedManifests where usedManifests[manifest] == nil { usedManifests[manifest] = path }
        }
        var readings = Self.readings(packages.compactMap(\.reading), packageFolders: Set(buildFiles.keys), localRepositories: localRepositories)
        // Every reading carries the workspace's use of Package.swift files (few, if any).
        if !usedManifests.isEmpty {
            for key in readings.keys { readings[key]?.manifestsUsedAsInput = usedManifests }
        }
        let result = readings
        return ProjectReadPlan(descriptions: paths) { result[$0] }
    }

    /// One BUILD file of a workspace, evaluated; `nil` when it declares no Swift module.
    private static func package(_ path: String, bytes: [UInt8], workspaceRoot: String, prefix: String, ownName: String?, root: String,
                                scope: ReadScope, cache: StarlarkModuleCache) -> PackageReading? {
        guard Self.mayDeclareSwift(bytes) else { return nil }
        let bazelRoot = Paths.normalize(Paths.join(Paths.join(root, workspaceRoot), prefix.split(separator: "/").map { _ in ".." }.joined(separator: "/")))
        let reader = BazelReader(cache: cache) { relative in
            // `.bzl` files are read inside the scope only (a macro outside the tree is foreign).
            let absolute = Paths.normalize(Paths.join(bazelRoot, relative))
            return try? FileSystem.readInput(absolute, atMost: InputLimits.buildDescription, scope: scope).get()
        }
        let result = reader.read(buildFile: Paths.join(prefix, Paths.relative(path, to: workspaceRoot)), bytes: bytes)
        if case .failure = result, !Self.mentionsKnownRule(bytes) { return nil }
        // A package of groups and aliases only declares no module, but a dependency on
        // one of them reaches what it forwards to.
        if case .success(let package) = result, package.targets.isEmpty, package.notes.isEmpty, package.forwarders.isEmpty { return nil }
        return PackageReading(buildFile: path, workspaceRoot: workspaceRoot, labelPrefix: prefix, ownName: ownName, result: result)
    }

    /// The Package.swift files a BUILD or workspace file names in a string (root-relative):
    /// `"//:Package.swift"` (rules_swift_package_manager's `swift =`), `"//ios:Package.swift"`,
    /// `":Package.swift"`, or a file of the folder (`"Package.swift"` in a filegroup that
    /// assembles a release). A workspace that takes a manifest as input builds its sources
    /// itself (`XcodeProjectLayout.supersededPackages`).
    static func manifestsNamed(in bytes: [UInt8], folder: String, workspaceRoot: String) -> [String] {
        let manifestName = SwiftPMBuildSystem.manifestName
        let needle = Array(manifestName.utf8)
        guard bytes.count >= needle.count, bytes.indices.dropLast(needle.count - 1).contains(where: { start in
            bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
        }) else { return [] }
        let strings = String(decoding: bytes, as: UTF8.self).split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: strings.count, by: 2).compactMap { index -> String? in
            let text = strings[index]
            guard text.hasSuffix(manifestName), !text.contains("\n"), !text.contains("@") else { return nil }
            let path: String
            if text.hasPrefix("//") {
                let label = text.dropFirst(2)
                guard let colon = label.firstIndex(of: ":") else { return nil }
                path = Paths.join(Paths.join(workspaceRoot, String(label[..<colon])), String(label[label.index(after: colon)...]))
            } else if text.hasPrefix(":") {
                path = Paths.join(folder, String(text.dropFirst()))
            } else {
                path = Paths.join(folder, String(text))
            }
            let normalized = Paths.normalize(path)
            return normalized.hasPrefix("../") ? nil : normalized
        }
    }

    /// A BUILD file no workspace holds is not evaluated: its `//` labels lead nowhere, and
    /// what it declares is no build. One that names a Swift rule is reported where it
    /// leaves Swift files in no target (`UnreadSpecs`); others (a vendored C library's)
    /// say nothing.
    private static func outsideWorkspace(_ path: String, root: String, scope: ReadScope) -> PackageReading? {
        guard let bytes = try? FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope).get(),
              mentionsKnownRule(bytes) else { return nil }
        return PackageReading(buildFile: path, workspaceRoot: "", ownName: nil, result: .failure(BazelReadError(line: 1, message: "")),
                              outsideWorkspace: true)
    }

    struct PackageReading: Sendable {
        var buildFile: String
        /// Root-relative folder of the MODULE.bazel or WORKSPACE (empty: the linted root, or above it).
        var workspaceRoot: String
        /// Where the linted root lies below a Bazel root above it (`examples`), else empty.
        var labelPrefix: String = ""

        /// The root-relative folder of a package path of this workspace; `nil` outside the tree.
        func folder(ofPackage packagePath: String) -> String? {
            guard !labelPrefix.isEmpty else { return Paths.join(workspaceRoot, packagePath) }
            if packagePath == labelPrefix { return workspaceRoot }
            guard Paths.isInside(packagePath, labelPrefix) else { return nil }
            return Paths.join(workspaceRoot, String(packagePath.dropFirst(labelPrefix.count + 1)))
        }
        /// The main repository's own name (`module(name = …)`, `workspace(name = …)`).
        var ownName: String?
        var result: Result<BazelPackage, BazelReadError>
        /// In no Bazel workspace: not evaluated (`result` is not used).
        var outsideWorkspace = false
    }

    /// The linted root's path below the nearest folder above it that holds a MODULE.bazel
    /// or WORKSPACE (`examples` for `/repo/examples`); empty when there is none.
    static func prefixBelowOuterRoot(_ root: String) -> String {
        var folder = Paths.parent(root)
        while !folder.isEmpty && folder != "/" {
            if rootFileNames.contains(where: { FileSystem.kind(of: Paths.join(folder, $0)) == .file }) {
                return Paths.relative(root, to: folder)
            }
            folder = Paths.parent(folder)
        }
        return ""
    }

    /// The root-relative folder of the nearest workspace root file above a BUILD file;
    /// `nil` when the tree has none above it.
    static func workspaceRoot(of buildFile: String, roots: Set<String>) -> String? {
        var folder = Paths.parent(buildFile)
        while true {
            if roots.contains(folder) { return folder }
            if folder.isEmpty { return nil }
            folder = Paths.parent(folder)
        }
    }

    /// The repositories a MODULE.bazel or WORKSPACE file takes from a folder, by name:
    /// `local_path_override(module_name = "x", path = "../..")`, `local_repository(name = "x",
    /// path = "…")`. Paths as written, relative to the file's folder.
    static func localRepositories(_ text: String) -> [(name: String, path: String)] {
        var result: [(name: String, path: String)] = []
        for (call, key) in [("local_path_override(", "module_name"), ("local_repository(", "name")] {
            var rest = text[...]
            while let start = rest.firstRange(of: call) {
                let arguments = rest[start.upperBound...].prefix { $0 != ")" }
                rest = rest[start.upperBound...]
                guard let name = stringArgument(key, in: arguments), let path = stringArgument("path", in: arguments) else { continue }
                result.append((name, path))
            }
        }
        return result
    }

    /// The string given to keyword `key` in a call's arguments (`key = "value"`).
    private static func stringArgument(_ key: String, in arguments: Substring) -> String? {
        var rest = arguments
        while let found = rest.firstRange(of: key) {
            let before = rest[..<found.lowerBound].last
            rest = rest[found.upperBound...]
            guard before.map({ !($0.isLetter || $0 == "_") }) ?? true else { continue }
            let value = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            guard value.first == "=" else { continue }
            let quoted = value.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            guard let quote = quoted.first, quote == "\"" || quote == "'" else { continue }
            return String(quoted.dropFirst().prefix { $0 != quote })
        }
        return nil
    }

    /// `module(name = "x", …)` or `workspace(name = "x")`.
    static func repositoryName(_ text: String) -> String? {
        for call in ["module(", "workspace("] {
            guard let start = text.firstRange(of: call) else { continue }
            let rest = text[start.upperBound...].prefix(400)
            guard let name = rest.firstRange(of: "name") else { continue }
            let afterName = rest[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\n" }
            guard let quote = afterName.first, quote == "\"" || quote == "'" else { continue }
            let value = afterName.dropFirst().prefix { $0 != quote }
            if !value.isEmpty { return String(value) }
        }
        return nil
    }

    /// Every package as a project; dependencies as edges between them.
    static func readings(_ packages: [PackageReading], packageFolders: Set<String>,
                         localRepositories: [String: [String: String]] = [:]) -> [String: ProjectReading] {
        let index = BazelTargetIndex(packages, localRepositories: localRepositories)
        var result: [String: ProjectReading] = [:]
        for package in packages {
            var reading = ProjectReading(description: package.buildFile, file: package.buildFile, projectPath: package.buildFile, generator: .bazel)
            if package.outsideWorkspace {
                reading.hasNoDescription = true
                reading.bazelGap = .outsideWorkspace
                result[package.buildFile] = reading
                continue
            }
            let read: BazelPackage
            switch package.result {
            case .failure(let error):
                reading.failure = (error.line, "cannot read BUILD file: \(error.message); its targets are not analysed")
                result[package.buildFile] = reading
                continue
            case .success(let value):
                read = value
            }
            if let first = read.unfollowed.first {
                reading.bazelGap = .unfollowedMacro("\(first.message); line \(first.line)")
            }
            let label = "//" + read.path
            reading.identity = package.workspaceRoot.isEmpty ? label : "\(label)@\(package.workspaceRoot)"
            let targets = read.targets.map { index.xcodeTarget($0, of: read, in: package, packageFolders: packageFolders) }
            reading.project = XcodeProject(name: label, targets: targets, notes: read.notes.map { XcodeNote(line: $0.line, message: $0.message) })
            result[package.buildFile] = reading
        }
        return result
    }

    static func productType(_ kind: BazelRuleKind, rule: String) -> XcodeProductType {
        // A precompiled module: no sources, still the module its dependents import.
        if rule == "swift_import" { return .xcFramework }
        switch kind {
        case .library: return .staticLibrary
        case .binary: return .commandLineTool
        case .test: return .unitTest
        case .uiTest: return .uiTest
        case .application: return .application
        case .appExtension: return .appExtension
        case .appClip: return .appClip
        case .framework: return .framework
        }
    }
}

/// The targets of every BUILD file read, by workspace root and label (`Features/Login:Login`),
/// and how a label resolves to them: what the Xcode model of each target needs to know
/// about the others.
private struct BazelTargetIndex {
    /// The repository name each workspace gives itself (`module(name:)`).
    var ownNames: [String: String] = [:]
    /// Per workspace root, the repositories it takes from a folder of the tree, by name.
    let localRepositories: [String: [String: String]]
    /// Root-relative BUILD file of each package.
    var buildFileByPackage: [String: String] = [:]
    var kinds: [String: BazelRuleKind] = [:]
    /// Groups and aliases: the labels they pass on, with their package and workspace root.
    var forwarders: [String: (package: String, workspace: String, labels: [String])] = [:]
    /// The kinds of the targets that depend on each target.
    var dependents: [String: Set<BazelRuleKind>] = [:]

    init(_ packages: [BazelBuildSystem.PackageReading], localRepositories: [String: [String: String]] = [:]) {
        self.localRepositories = localRepositories
        for package in packages { if let name = package.ownName { ownNames[package.workspaceRoot] = name } }
        for package in packages {
            guard case .success(let read) = package.result, let packageKey = package.folder(ofPackage: read.path) else { continue }
            buildFileByPackage[packageKey] = package.buildFile
            for target in read.targets { kinds[packageKey + ":" + target.name] = target.kind }
            for (name, labels) in read.forwarders { forwarders[packageKey + ":" + name] = (read.path, package.workspaceRoot, labels) }
        }
        for package in packages {
            guard case .success(let read) = package.result else { continue }
            for target in read.targets {
                for dependency in target.dependencies {
                    for resolved in resolve(dependency.label, in: read.path, reading: package) {
                        guard let folder = resolved.folder else { continue }
                        dependents[folder + ":" + resolved.label.name, default: []].insert(target.kind)
                    }
                }
            }
        }
    }

    /// A label resolved: the root-relative folder of its package, `nil` for another
    /// repository's (`@swiftpkg_alamofire//:Alamofire`).
    struct Resolved {
        var label: BazelLabel
        var folder: String?
    }

    /// The modelled targets a label reaches: itself, or what a group or alias passes on. A
    /// repository the workspace takes from a folder of the tree (`local_path_override`) is
    /// that folder's workspace.
    func resolve(_ label: String, in packagePath: String, reading: BazelBuildSystem.PackageReading) -> [Resolved] {
        var result: [Resolved] = []
        var seen = Set<String>()
        var queue = [(label, packagePath, reading.workspaceRoot)]
        while let (next, from, workspace) = queue.popLast(), seen.count < 1000 {
            var parsed = BazelLabel(next, in: from)
            var labelWorkspace = workspace
            if let repository = parsed.repository {
                if repository == ownNames[workspace] {
                    parsed.repository = nil
                } else if let local = localRepositories[workspace]?[repository] {
                    parsed.repository = nil
                    labelWorkspace = local
                }
            }
            let folder: String?
            if parsed.repository != nil {
                folder = nil
            } else if labelWorkspace == reading.workspaceRoot {
                // A package of the workspace outside the linted folder: not a module here.
                guard let inside = reading.folder(ofPackage: parsed.package) else { continue }
                folder = inside
            } else {
                folder = Paths.join(labelWorkspace, parsed.package)
            }
            let key = (folder ?? "") + ":" + parsed.name
            guard seen.insert((parsed.repository ?? "") + key).inserted else { continue }
            if parsed.repository != nil || kinds[key] != nil {
                result.append(Resolved(label: parsed, folder: folder))
            } else if let forwarder = forwarders[key] {
                queue += forwarder.labels.reversed().map { ($0, forwarder.package, forwarder.workspace) }
            }
        }
        return result
    }

    /// A library only applications and extensions depend on holds the app's code: it is the
    /// composition root, as the app target of an Xcode project is; one only test bundles
    /// depend on holds the tests (rules_apple's test rules take no sources of their own).
    func productType(of target: BazelTarget, key: String) -> XcodeProductType {
        let type = BazelBuildSystem.productType(target.kind, rule: target.rule)
        guard target.kind == .library, let users = dependents[key], !users.isEmpty else { return type }
        if users.allSatisfy({ $0 == .application || $0 == .appExtension || $0 == .appClip }) {
            return users.contains(.application) ? .application : (users.contains(.appClip) ? .appClip : .appExtension)
        }
        if users.allSatisfy({ $0 == .test || $0 == .uiTest }) { return users.contains(.uiTest) ? .uiTest : .unitTest }
        return type
    }

    /// A rule as a native target of the BUILD file's project: its sources, and its
    /// dependencies on modelled targets (another repository's by the target's name).
    func xcodeTarget(_ target: BazelTarget, of read: BazelPackage, in package: BazelBuildSystem.PackageReading,
                     packageFolders: Set<String>) -> XcodeTarget {
        let folder = Paths.parent(package.buildFile)
        let key = (package.folder(ofPackage: read.path) ?? "") + ":" + target.name
        var result = XcodeTarget(name: target.name, moduleName: target.moduleName, productType: productType(of: target, key: key), line: target.line)
        result.dependenciesIncomplete = target.isIncomplete
        // Subpackages: a glob stops at a folder with a BUILD file of its own.
        let subpackages = packageFolders.filter { $0 != folder && Paths.isInside($0, folder) }
        for source in target.sources {
            switch source {
            case .file(let file):
                if file.hasSuffix(".swift") { result.sourceFiles.append(file) }
            case .glob(let include, let exclude):
                for pattern in include {
                    var synchronized = SynchronizedFolder(sourceGlob: pattern, excluding: exclude)
                    let base = Paths.join(folder, synchronized.path)
                    synchronized.excluded = subpackages.filter { $0 == base || Paths.isInside($0, base) }.map { Paths.relative($0, to: base) }
                    synchronized.mayBeFile = false
                    result.synchronizedFolders.append(synchronized)
                }
            case .label:
                continue
            }
        }
        var seen = Set<String>()
        let ownFolder = package.folder(ofPackage: read.path) ?? ""
        for dependency in target.dependencies {
            for resolved in resolve(dependency.label, in: read.path, reading: package) {
                let parsed = resolved.label
                guard let otherFolder = resolved.folder else {
                    // Another repository (`@swiftpkg_alamofire//:Alamofire`): its module by the target's name.
                    if seen.insert("@" + parsed.name).inserted {
                        result.dependencies.append(XcodeDependency(.packageProduct(product: parsed.name, package: nil), line: dependency.line))
                    }
                    continue
                }
                let otherKey = otherFolder + ":" + parsed.name
                // Labels of rules modlint does not model (a `cc_library`, a `filegroup`) are no modules.
                guard kinds[otherKey] != nil, seen.insert(otherKey).inserted else { continue }
                if otherFolder == ownFolder {
                    result.dependencies.append(XcodeDependency(.target(parsed.name), line: dependency.line))
                } else if let otherBuildFile = buildFileByPackage[otherFolder] {
                    result.dependencies.append(XcodeDependency(.projectTarget(project: Paths.relativePath(from: folder, to: otherBuildFile), target: parsed.name),
                                                               line: dependency.line))
                }
            }
        }
        return result
    }
}
