
/// Reads an XcodeGen spec (`project.yml`, `project.json`) into the model the pbxproj
/// reader produces, so that a project XcodeGen would generate is analysed like one that is
/// committed: its targets with their kinds, module names, sources and dependencies.
///
/// What XcodeGen does before generating is done here on plain data (`XcodeGenSpecLoader`):
/// includes, target templates, one target per platform. Paths stay relative to the spec's
/// folder, as a project's paths stay relative to the project's folder.
public enum XcodeGenReader {
    /// - Parameters:
    ///   - file: the spec's file name (or path relative to the folder it is read from).
    ///   - readFile: reads a file by its path relative to the spec's folder (`..` allowed):
    ///     the spec, its includes and the xcconfig files it names; `nil` when missing.
    ///   - exists: whether a path relative to the spec's folder is there (a file or a
    ///     folder): XcodeGen rejects a spec with a target source that is missing and not
    ///     `optional: true`, and so does this. `nil`: not checked.
    public static func read(file: String, readFile: @escaping (String) -> [UInt8]?,
                            exists: ((String) -> Bool)? = nil) throws(XcodeGenError) -> XcodeProject {
        var loader = XcodeGenSpecLoader(readFile: readFile)
        let spec = try loader.load(file)
        guard let name = spec["name"]?.string, !name.isEmpty else {
            throw XcodeGenError(file: file, line: 1, message: "no 'name:': not an XcodeGen spec")
        }
        var builder = TargetBuilder(spec: spec, specFile: XcodePaths.normalize(file), readFile: readFile)
        var targets: [XcodeTarget] = []
        // Legacy targets run a tool and compile nothing (`PBXLegacyTarget`).
        for (targetName, value) in spec["targets"]?.entries ?? [] where value["legacy"] == nil {
            targets.append(builder.target(named: targetName, value))
        }
        if let exists, let missing = builder.requiredSources.first(where: { !exists($0.path) }) {
            throw XcodeGenError(file: missing.file ?? file, line: missing.line,
                                message: "target '\(missing.target)' has a missing source directory '\(missing.path)', which XcodeGen rejects "
                                    + "(mark it `optional: true` or create it)")
        }
        let transitive = spec["options"]?["transitivelyLinkDependencies"]?.isTrue ?? false
        targets = TransitiveLinking.apply(to: targets, projectWide: transitive,
                                          perTarget: Dictionary(spec["targets"]?.entries.compactMap { entry in
                                              entry.value["transitivelyLinkDependencies"].map { (entry.key, $0.isTrue) }
                                          } ?? [], uniquingKeysWith: { $1 }))
        let packages = Set(builder.packages.values.compactMap { $0 }).sorted { "\($0)" < "\($1)" }
        let localFolders = builder.packages.values.compactMap { reference -> String? in
            if case .local(let path)? = reference { return path }
            return nil
        }
        return XcodeProject(name: name, targets: targets, packages: packages,
                            referencedFolders: localFolders.sorted(), folderReferences: [], notes: loader.notes + builder.notes)
    }

    /// Whether a `project.yml` (or `.json`) is an XcodeGen spec: its top-level map has
    /// `targets:` or `include:` (which may bring the targets), in any spelling YAML
    /// allows — flow style, quoted keys, a space before the colon, an indented document,
    /// UTF-16. A file that is no valid YAML is judged by its text: a `targets` or
    /// `include` key anywhere in it, so that a broken spec is reported, not skipped.
    /// The includes a spec names (as written, enabled ones) and whether it has a `name:`:
    /// a spec with no name that another spec includes is a fragment of that spec, not a
    /// project of its own.
    public static func outline(_ bytes: [UInt8]) -> (includes: [String], hasName: Bool)? {
        guard let decoded = try? SpecDecoder.decodeShared(bytes) else { return nil }
        var includes: [String] = []
        for include in decoded.value["include"]?.elements ?? [] {
            if let path = include.string {
                includes.append(path)
            } else if let path = include["path"]?.string, include["enable"].map(\.isTrue) ?? true {
                includes.append(path)
            }
        }
        return (includes, decoded.value["name"]?.string.map { !$0.isEmpty } ?? false)
    }

    public static func declaresTargets(_ bytes: [UInt8]) -> Bool {
        guard let decoded = try? SpecDecoder.decode(bytes) else {
            return mentionsTargetKey(String(decoding: SpecText.utf8(bytes), as: UTF8.self))
        }
        return decoded.value["targets"] != nil || decoded.value["include"] != nil
    }

    /// `targets` or `include` as a key: after a line start, a space, `{`, `,` or a quote,
    /// and before an optional closing quote, optional spaces and a colon.
    static func mentionsTargetKey(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let keyStarts: Set<UInt8> = [10, 13, 32, 9, UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'")]
        for key in [Array("targets".utf8), Array("include".utf8)] {
            var index = 0
            while index + key.count <= bytes.count {
                defer { index += 1 }
                guard bytes[index] == key[0], bytes[index..<(index + key.count)].elementsEqual(key),
                      index == 0 || keyStarts.contains(bytes[index - 1]) else { continue }
                var end = index + key.count
                if end < bytes.count && (bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "'")) { end += 1 }
                while end < bytes.count && (bytes[end] == 32 || bytes[end] == 9) { end += 1 }
                if end < bytes.count && bytes[end] == UInt8(ascii: ":") { return true }
            }
        }
        return false
    }
}

/// One spec's targets as `XcodeTarget`s.
private struct TargetBuilder {
    let spec: SpecValue
    /// The spec itself, whose targets need no file of their own.
    let specFile: String
    let readFile: (String) -> [UInt8]?
    /// `packages:` (and the older `localPackages:`) by the name dependencies use.
    var packages: [String: PackageReference?] = [:]
    var notes: [XcodeNote] = []
    /// Every source entry that is not `optional: true`, in spec order, with its target,
    /// line and the included file that holds it (`nil`: the spec itself).
    var requiredSources: [(target: String, path: String, line: Int, file: String?)] = []
    private var projectSettings: [String: String] = [:]

    init(spec: SpecValue, specFile: String, readFile: @escaping (String) -> [UInt8]?) {
        self.spec = spec
        self.specFile = specFile
        self.readFile = readFile
        for (name, package) in spec["packages"]?.entries ?? [] {
            if let path = package["path"]?.string {
                packages[name] = .local(path)
            } else if let url = package["url"]?.string {
                packages[name] = .remote(url)
            } else if let github = package["github"]?.string {
                packages[name] = .remote("https://github.com/" + github)
            } else {
                packages[name] = .some(nil)
            }
        }
        for path in spec["localPackages"]?.elements.compactMap(\.string) ?? [] {
            packages[XcodePaths.lastComponent(path)] = .local(path)
        }
        projectSettings = Self.configurationFileSettings(spec["configFiles"], readFile: readFile)
        projectSettings.merge(Self.settings(spec["settings"])) { $1 }
    }

    mutating func target(named name: String, _ value: SpecValue) -> XcodeTarget {
        let line = value.line ?? 1
        var settings = projectSettings
        settings.merge(Self.configurationFileSettings(value["configFiles"], readFile: readFile)) { $1 }
        settings.merge(Self.settings(value["settings"])) { $1 }
        if settings["PRODUCT_NAME"] == nil, let productName = value["productName"]?.string { settings["PRODUCT_NAME"] = productName }
        let typeName = value["type"]?.string ?? ""
        let productType = XcodeProductType(productType: "com.apple.product-type." + typeName)
        let moduleName = XcodeProjectReader.moduleName(settings: settings, targetName: name)
        var target = XcodeTarget(name: name, moduleName: moduleName, productType: productType,
                                 productFileName: Self.productFileName(productType, productName: Self.productName(settings, targetName: name)),
                                 line: line)
        let platform = value["platform"]?.string
        target.platforms = Self.platforms(platform: platform, destinations: value["supportedDestinations"]?.elements.compactMap(\.string) ?? [])
        target.file = value[XcodeGenSpecLoader.fileKey]?.string.flatMap { $0 == specFile ? nil : $0 }
        for source in value["sources"]?.elements ?? [] {
            add(source, to: &target)
            if let path = source.string ?? source["path"]?.string, !(source["optional"]?.isTrue ?? false) {
                requiredSources.append((name, path, source.line ?? line, target.file))
            }
        }
        for dependency in value["dependencies"]?.elements ?? [] {
            target.dependencies += self.dependencies(dependency, platform: platform, line: dependency.line ?? line)
        }
        return target
    }

    /// A `sources:` entry: a path (a folder or one file), or a map with `path`, `excludes`,
    /// `includes`, `type` and `buildPhase`. Only what the Sources phase compiles counts.
    private func add(_ source: SpecValue, to target: inout XcodeTarget) {
        let path: String
        switch source {
        case .scalar(let text): path = text
        case .map:
            guard let text = source["path"]?.string else { return }
            path = text
        case .list: return
        }
        let type = source["type"]?.string
        if type == "folder" {
            target.resourceFolders.append(path)
            return
        }
        if let phase = source["buildPhase"], phase.string != "sources" { return }
        let excludes = source["excludes"]?.elements.compactMap(\.string) ?? []
        let includes = source["includes"]?.elements.compactMap(\.string) ?? []
        target.synchronizedFolders.append(SynchronizedFolder(path: path, excluded: [], excludedPatterns: excludes, includedPatterns: includes,
                                                             mayBeFile: type != "syncedFolder"))
    }

    /// A `dependencies:` entry as the pbxproj reader would have found it in the project
    /// XcodeGen writes; SDKs, bundles and entries for another platform are none.
    /// A `package:` entry with `products: [A, B]` is one dependency per product.
    private func dependencies(_ entry: SpecValue, platform: String?, line: Int) -> [XcodeDependency] {
        if let package = entry["package"]?.string, let products = entry["products"]?.elements.compactMap(\.string), !products.isEmpty {
            if let platform, let only = entry["platforms"]?.elements.compactMap(\.string), !only.contains(platform) { return [] }
            return products.map { XcodeDependency(.packageProduct(product: $0, package: packages[package] ?? nil), line: line) }
        }
        return dependency(entry, platform: platform, line: line).map { [$0] } ?? []
    }

    private func dependency(_ entry: SpecValue, platform: String?, line: Int) -> XcodeDependency? {
        if let platform, let only = entry["platforms"]?.elements.compactMap(\.string), !only.contains(platform) { return nil }
        if let name = entry["target"]?.string {
            if let slash = name.firstIndex(of: "/") {
                let projectName = String(name[..<slash]), targetName = String(name[name.index(after: slash)...])
                let path = spec["projectReferences"]?[projectName]?["path"]?.string ?? projectName + ".xcodeproj"
                return XcodeDependency(.projectTarget(project: path, target: targetName), line: line)
            }
            return XcodeDependency(.target(name), line: line)
        }
        if let framework = entry["framework"]?.string {
            return XcodeDependency(.linkedProduct(XcodePaths.lastComponent(framework)), line: line)
        }
        if let carthage = entry["carthage"]?.string {
            return XcodeDependency(.linkedProduct(carthage + ".framework"), line: line)
        }
        if let package = entry["package"]?.string {
            let product = entry["product"]?.string ?? package
            return XcodeDependency(.packageProduct(product: product, package: packages[package] ?? nil), line: line)
        }
        return nil
    }

    /// `settings:` as XcodeGen writes them: flat, or `base:` plus `configs:` (the base and
    /// the Debug configuration, which is what a build without `-configuration` uses).
    static func settings(_ value: SpecValue?) -> [String: String] {
        guard let value else { return [:] }
        var result: [String: String] = [:]
        let structured = value["base"] != nil || value["configs"] != nil || value["groups"] != nil
        let levels = structured ? [value["base"], debug(value["configs"])] : [value]
        for level in levels {
            for (key, setting) in level?.entries ?? [] {
                if let text = setting.string { result[key] = text }
            }
        }
        return result
    }

    /// The configuration a plain build uses: `Debug`, else the first one written.
    private static func debug(_ configurations: SpecValue?) -> SpecValue? {
        let entries = configurations?.entries ?? []
        return (entries.first { $0.key.lowercased() == "debug" } ?? entries.first { $0.key.lowercased().contains("debug") } ?? entries.first)?.value
    }

    /// The settings of the Debug configuration's xcconfig (`configFiles: {Debug: a.xcconfig}`).
    static func configurationFileSettings(_ value: SpecValue?, readFile: (String) -> [UInt8]?) -> [String: String] {
        guard let file = debug(value)?.string else { return [:] }
        return XCConfig.settings(at: XcodePaths.normalize(file), readFile: readFile)
    }

    static func productName(_ settings: [String: String], targetName: String) -> String {
        guard let name = settings["PRODUCT_NAME"], !name.isEmpty, !name.contains("$") else { return targetName }
        return name
    }

    /// What the target builds, by the file name a `framework:` dependency links.
    static func productFileName(_ type: XcodeProductType, productName: String) -> String? {
        switch type {
        case .framework, .staticFramework: return productName + ".framework"
        case .staticLibrary: return "lib\(productName).a"
        case .dynamicLibrary: return "lib\(productName).dylib"
        case .application: return productName + ".app"
        default: return nil
        }
    }

    /// XcodeGen's platform names as the names of `#if os(…)`.
    static func platforms(platform: String?, destinations: [String]) -> [String] {
        let names = ["ios": "ios", "macos": "macos", "maccatalyst": "ios", "tvos": "tvos", "watchos": "watchos", "visionos": "visionos"]
        var result: [String] = []
        for written in [platform].compactMap({ $0 }) + destinations {
            if let name = names[written.lowercased()], !result.contains(name) { result.append(name) }
        }
        return result
    }
}

/// `transitivelyLinkDependencies`: an app or test bundle links (and so depends on) the
/// targets its framework dependencies depend on, as the project XcodeGen writes says.
enum TransitiveLinking {
    static func apply(to targets: [XcodeTarget], projectWide: Bool, perTarget: [String: Bool]) -> [XcodeTarget] {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return targets.map { target in
            guard perTarget[target.name] ?? projectWide, target.productType.role != .framework else { return target }
            var result = target
            var seen = Set(target.dependencies.compactMap(Self.targetName))
            var queue = target.dependencies.compactMap(Self.targetName)
            while let name = queue.popLast() {
                guard let dependency = byName[name], dependency.productType.role == .framework else { continue }
                for next in dependency.dependencies {
                    guard let nextName = Self.targetName(next), seen.insert(nextName).inserted else { continue }
                    result.dependencies.append(XcodeDependency(.target(nextName), line: next.line))
                    queue.append(nextName)
                }
            }
            return result
        }
    }

    private static func targetName(_ dependency: XcodeDependency) -> String? {
        if case .target(let name) = dependency.kind { return name }
        return nil
    }
}
