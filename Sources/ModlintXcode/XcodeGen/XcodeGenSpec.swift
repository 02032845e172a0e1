
/// A spec that cannot be read: the file (relative to the spec's folder) and line.
public struct XcodeGenError: Error, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var message: String
}

/// Loads an XcodeGen spec the way XcodeGen does before it builds a project: the file and
/// its `include:`s merged into one dictionary (paths of included files made relative to
/// the spec), then target templates and multi-platform targets resolved.
struct XcodeGenSpecLoader {
    static let maximumIncludeDepth = 16
    let readFile: (String) -> [UInt8]?
    private var loaded = Set<String>()
    private var rootFile = ""
    /// What was read past (a duplicate key), for the project's notes.
    private(set) var notes: [XcodeNote] = []

    init(readFile: @escaping (String) -> [UInt8]?) {
        self.readFile = readFile
    }

    /// The merged, resolved dictionary of the spec at `path` (relative to its folder).
    mutating func load(_ path: String) throws(XcodeGenError) -> SpecValue {
        rootFile = path
        let merged = try loadMerged(path, location: IncludeLocation(base: XcodePaths.parent(path), relative: "", resolvedAgainst: ""),
                                    depth: 0, includedAt: nil)
        let resolved = Self.resolveProject(merged)
        // Templates and platforms multiply what was read (a large template under 3,000
        // targets): the result is weighed once, against the decoder's own budget.
        if case .map(let targets, _)? = resolved["targets"] {
            var weight = 0
            for (_, target) in targets {
                weight += target.nodeCount(limit: SpecDecoder.maximumNodes - weight)
                if weight >= SpecDecoder.maximumNodes {
                    throw XcodeGenError(file: path, line: target.line ?? 1,
                                        message: "templates and platforms expand the targets to more than \(SpecDecoder.maximumNodes) values (the size budget)")
                }
            }
        }
        return resolved
    }

    /// Where XcodeGen (2.33 and later, `SpecFile`) stands when it reads a file's includes:
    /// `base` and `relative` locate them (an include with `relativePaths: true`, the
    /// default, is found from `base + relative` and makes its own folder the next
    /// `relative`; one with `relativePaths: false` is found from `base`, which it keeps,
    /// with no `relative`), and `resolvedAgainst` is the folder the file's own paths are
    /// written from (the `relative`s of the chain, joined). All relative to the spec's folder.
    struct IncludeLocation {
        var base: String
        var relative: String
        var resolvedAgainst: String

        /// Where `include` (written in the file at `self`) is read from, and its location.
        func including(_ include: String, relativePaths: Bool) -> (file: String, location: IncludeLocation) {
            if relativePaths {
                let base = XcodePaths.normalize(XcodePaths.join(self.base, relative))
                let relative = XcodePaths.parent(include)
                return (XcodePaths.normalize(XcodePaths.join(base, include)),
                        IncludeLocation(base: base, relative: relative, resolvedAgainst: XcodePaths.normalize(XcodePaths.join(resolvedAgainst, relative))))
            }
            return (XcodePaths.normalize(XcodePaths.join(base, include)), IncludeLocation(base: base, relative: "", resolvedAgainst: resolvedAgainst))
        }
    }

    /// - Parameter includedAt: the file that includes `path` and the line of its `include:`.
    private mutating func loadMerged(_ path: String, location: IncludeLocation, depth: Int,
                                     includedAt: (file: String, line: Int)?) throws(XcodeGenError) -> SpecValue {
        guard depth < Self.maximumIncludeDepth else {
            // Said where the include is written: the file too deep is not read (it may not exist).
            throw XcodeGenError(file: includedAt?.file ?? path, line: includedAt?.line ?? 1,
                                message: "includes nest deeper than \(Self.maximumIncludeDepth) levels: \(path) is not read")
        }
        // XcodeGen merges each file once however often it is included.
        guard loaded.insert(XcodePaths.normalize(path)).inserted else { return .map([], line: 1) }
        guard let bytes = readFile(path) else {
            throw XcodeGenError(file: path, line: 1, message: "cannot read \(path)")
        }
        var spec: SpecValue
        do {
            let decoded = try SpecDecoder.decodeShared(bytes)
            spec = decoded.value
            for (line, key) in decoded.duplicates {
                // Said at the line of the file that holds it, an included one too.
                notes.append(XcodeNote(line: line, message: "key '\(key)' is written twice in one map; the later value is used",
                                       file: path == rootFile ? nil : path))
            }
        } catch {
            throw XcodeGenError(file: path, line: error.line, message: error.message)
        }
        guard case .map = spec else { throw XcodeGenError(file: path, line: 1, message: "the spec is not a dictionary") }
        if !location.resolvedAgainst.isEmpty && location.resolvedAgainst != "." {
            spec = Self.resolvingPaths(spec, relativeTo: location.resolvedAgainst)
        }
        spec = Self.taggingTargets(spec, file: path)
        var base = SpecValue.map([], line: 1)
        for include in spec["include"]?.elements ?? [] {
            let includePath: String
            var relativePaths = true
            switch include {
            case .scalar(let text): includePath = text
            case .map:
                guard let text = include["path"]?.string else { continue }
                if let enable = include["enable"], !enable.isTrue { continue }
                if let relative = include["relativePaths"] { relativePaths = relative.isTrue }
                includePath = text
            case .list: continue
            }
            let (file, included) = location.including(includePath, relativePaths: relativePaths)
            let sub = try loadMerged(file, location: included, depth: depth + 1,
                                     includedAt: (path, include.line ?? spec["include"]?.line ?? 1))
            base = sub.merged(onto: base)
        }
        return spec.merged(onto: base)
    }

    /// The key that carries, inside a target, the included file that declares it (its
    /// lines are that file's): a spec cannot write it, XcodeGen has no such key.
    static let fileKey = "\u{0}file"

    /// Each target of a file, tagged with the file: kept through templates and platforms,
    /// and the including spec's tag wins where it declares the target too.
    static func taggingTargets(_ spec: SpecValue, file: String) -> SpecValue {
        guard case .map(let targets, let line)? = spec["targets"] else { return spec }
        return spec.setting("targets", .map(targets.map { ($0.key, $0.value.setting(fileKey, .scalar(file))) }, line: line))
    }

    /// Paths an included file writes relative to its own folder, made relative to the spec's.
    static func resolvingPaths(_ spec: SpecValue, relativeTo folder: String) -> SpecValue {
        func prefixed(_ path: String) -> String {
            path.hasPrefix("/") || path.hasPrefix("$") ? path : XcodePaths.normalize(XcodePaths.join(folder, path))
        }
        func source(_ value: SpecValue) -> SpecValue {
            switch value {
            case .scalar(let path): return .scalar(prefixed(path))
            case .map:
                guard let path = value["path"]?.string else { return value }
                return value.setting("path", .scalar(prefixed(path)))
            case .list: return value
            }
        }
        func eachEntry(_ value: SpecValue?, _ transform: (SpecValue) -> SpecValue) -> SpecValue? {
            guard case .map(let entries, let line)? = value else { return value }
            return .map(entries.map { ($0.key, transform($0.value)) }, line: line)
        }
        /// `configFiles: {Debug: a.xcconfig}`: each path.
        func pathMap(_ value: SpecValue?) -> SpecValue? {
            eachEntry(value) { entry in entry.string.map { .scalar(prefixed($0)) } ?? entry }
        }
        func target(_ value: SpecValue) -> SpecValue {
            var result = value
            if let sources = value["sources"] {
                switch sources {
                case .list(let items, let line): result = result.setting("sources", .list(items.map(source), line: line))
                default: result = result.setting("sources", source(sources))
                }
            }
            if let files = pathMap(value["configFiles"]) { result = result.setting("configFiles", files) }
            return result
        }
        var result = spec
        for key in ["targets", "targetTemplates"] {
            if let resolved = eachEntry(spec[key], target) { result = result.setting(key, resolved) }
        }
        if let files = pathMap(spec["configFiles"]) { result = result.setting("configFiles", files) }
        for key in ["packages", "projectReferences"] {
            let resolved = eachEntry(spec[key]) { entry in
                guard let path = entry["path"]?.string else { return entry }
                return entry.setting("path", .scalar(prefixed(path)))
            }
            if let resolved { result = result.setting(key, resolved) }
        }
        return result
    }

    // MARK: - Templates and platforms (XcodeGen's `Project.resolveProject`)

    static func resolveProject(_ spec: SpecValue) -> SpecValue {
        var result = resolveMultiplatformTargets(spec)
        result = resolveTargetTemplates(result)
        return resolveMultiplatformTargets(result)
    }

    /// `platform: [iOS, tvOS]`: one target per platform, named `Name_iOS` (or with the
    /// target's `platformPrefix`/`platformSuffix`), `${platform}` replaced, the product
    /// (and so the module) keeping the written name.
    static func resolveMultiplatformTargets(_ spec: SpecValue) -> SpecValue {
        guard case .map(let targets, let line)? = spec["targets"] else { return spec }
        var resolved: [(key: String, value: SpecValue)] = []
        for (name, target) in targets {
            guard case .list(let platforms, _)? = target["platform"] else {
                resolved.append((name, target))
                continue
            }
            // A platform written twice is one target (3,000 entries of four names are four).
            var seen = Set<String>()
            for platform in platforms.compactMap(\.string) where seen.insert(platform).inserted {
                var copy = target.expanded(["platform": platform]).setting("platform", .scalar(platform))
                let suffix = copy["platformSuffix"]?.string ?? "_\(platform)"
                let prefix = copy["platformPrefix"]?.string ?? ""
                var settings = copy["settings"] ?? .map([], line: target.line ?? line)
                if settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil {
                    var base = settings["base"] ?? .map([], line: settings.line ?? line)
                    if base["PRODUCT_NAME"] == nil { base = base.setting("PRODUCT_NAME", .scalar(name)) }
                    settings = settings.setting("base", base)
                } else if settings["PRODUCT_NAME"] == nil {
                    settings = settings.setting("PRODUCT_NAME", .scalar(name))
                }
                copy = copy.setting("settings", settings).setting("productName", .scalar(name))
                resolved.append((prefix + name + suffix, copy))
            }
        }
        return spec.setting("targets", .map(resolved, line: line))
    }

    /// `templates: [A, B]` of `targetTemplates`, nested ones first, merged under the
    /// target; `${target_name}` and the target's `templateAttributes` replaced.
    static func resolveTargetTemplates(_ spec: SpecValue) -> SpecValue {
        guard case .map(let targets, let line)? = spec["targets"] else { return spec }
        let templates = spec["targetTemplates"]
        func collect(_ value: SpecValue, into names: inout [String], at index: inout Int, depth: Int) {
            guard depth < 32 else { return }
            for name in value["templates"]?.elements.compactMap(\.string) ?? [] where !names.contains(name) {
                guard let template = templates?[name] else { continue }
                names.insert(name, at: index)
                collect(template, into: &names, at: &index, depth: depth + 1)
                index += 1
            }
        }
        var resolved: [(key: String, value: SpecValue)] = []
        for (name, target) in targets {
            var names: [String] = []
            var index = 0
            collect(target, into: &names, at: &index, depth: 0)
            guard !names.isEmpty else {
                resolved.append((name, target))
                continue
            }
            var merged = SpecValue.map([], line: target.line ?? line)
            for template in names { if let value = templates?[template] { merged = value.merged(onto: merged) } }
            var result = target.merged(onto: merged).expanded(["target_name": name])
            if case .map(let attributes, _)? = result["templateAttributes"] {
                var variables: [String: String] = [:]
                for (key, value) in attributes { if let text = value.string { variables[key] = text } }
                result = result.expanded(variables)
            }
            resolved.append((name, result))
        }
        return spec.setting("targets", .map(resolved, line: line))
    }
}
