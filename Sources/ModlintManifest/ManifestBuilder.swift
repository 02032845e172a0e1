/// Turns the evaluated `Package(…)` value into the `PackageManifest` model. Every value it
/// cannot interpret becomes a note at the value's position.
struct ManifestBuilder {
    var notes: [(String, SourcePos)]

    static let targetKinds: [String: ManifestTarget.Kind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "systemLibrary": .system,
        "binaryTarget": .binary, "plugin": .plugin, "macro": .macro,
    ]

    mutating func unresolved(_ value: Value, _ what: String, _ fallback: SourcePos) {
        switch value {
        case .unknown(let message, let pos):
            notes.append((message.isEmpty ? "\(what) could not be resolved" : "\(what): \(message)", pos))
        case .object(let object):
            notes.append(("\(what): '.\(object.kind)' is not understood", object.pos))
        case .string(_, let pos):
            notes.append(("\(what): unexpected string", pos))
        default:
            notes.append(("\(what) could not be resolved", fallback))
        }
    }

    mutating func string(_ value: Value?, _ what: String, _ pos: SourcePos) -> String? {
        guard let value else { return nil }
        if case .string(let s, _) = value { return s }
        if case .null = value { return nil }
        unresolved(value, what, pos)
        return nil
    }

    mutating func strings(_ value: Value?, _ what: String, _ pos: SourcePos) -> [String]? {
        guard let value else { return nil }
        if case .null = value { return nil }
        guard case .array(let elements) = value else {
            unresolved(value, what, pos)
            return nil
        }
        var result: [String] = []
        for element in elements {
            if case .string(let s, _) = element {
                result.append(s)
            } else if case .null = element {
                continue
            } else {
                unresolved(element, what, pos)
            }
        }
        return result
    }

    mutating func elements(_ value: Value?, _ what: String, _ pos: SourcePos) -> [Value] {
        guard let value else { return [] }
        switch value {
        case .array(let elements): return elements
        case .null: return []
        default:
            unresolved(value, what, pos)
            return []
        }
    }

    mutating func fill(_ manifest: inout PackageManifest, from package: ManifestObject) {
        let pos = package.pos
        manifest.name = string(package.argument("name"), "package name", pos) ?? ""
        if package.argument("name") == nil {
            notes.append(("'Package(…)' has no 'name:'", pos))
        }
        // `.iOS(.v17)`, `.macOS("10.15")`, `.custom("freebsd", versionString: "1")`. Only
        // chooses what `#if` is evaluated for: what cannot be read is not worth a note
        // (Linux is evaluated instead).
        if case .array(let platforms)? = package.argument("platforms") {
            for case .object(let platform) in platforms {
                if platform.kind == "custom", case .string(let name, _)? = platform.args.first?.value {
                    manifest.platforms.append(name.lowercased())
                } else if platform.kind != "custom" {
                    manifest.platforms.append(platform.kind.lowercased())
                }
            }
        }
        // Traits: names only (what `#if` in the sources can test). What cannot be read
        // only costs a `.when(traits:)` in `fix`, not worth a note.
        if case .array(let traits)? = package.argument("traits") {
            for trait in traits {
                if case .string(let name, _) = trait {
                    manifest.traits.append(name)
                } else if case .object(let object) = trait, object.kind == "trait", case .string(let name, _)? = object.argument("name") {
                    manifest.traits.append(name)
                }
            }
        }
        for element in elements(package.argument("products"), "products", pos) {
            if let product = product(element, pos) { manifest.products.append(product) }
        }
        for element in elements(package.argument("dependencies"), "package dependencies", pos) {
            if let dependency = packageDependency(element, pos) { manifest.dependencies.append(dependency) }
        }
        for element in elements(package.argument("targets"), "targets", pos) {
            if let target = target(element, pos) { manifest.targets.append(target) }
        }
    }

    mutating func product(_ value: Value, _ fallback: SourcePos) -> ManifestProduct? {
        guard case .object(let object) = value else {
            if case .null = value { return nil }
            unresolved(value, "product", fallback)
            return nil
        }
        let kind: ManifestProduct.Kind
        switch object.kind {
        case "library": kind = .library
        case "executable": kind = .executable
        case "plugin": kind = .plugin
        default:
            unresolved(value, "product", fallback)
            return nil
        }
        guard let name = string(object.argument("name"), "product name", object.pos) else {
            if object.argument("name") == nil { notes.append(("product without a name", object.pos)) }
            return nil
        }
        let targets = strings(object.argument("targets"), "product targets", object.pos) ?? []
        return ManifestProduct(name: name, kind: kind, targets: targets, line: Int(object.pos.line))
    }

    mutating func packageDependency(_ value: Value, _ fallback: SourcePos) -> PackageDependency? {
        guard case .object(let object) = value, object.kind == "package" else {
            if case .null = value { return nil }
            unresolved(value, "package dependency", fallback)
            return nil
        }
        let name = string(object.argument("name"), "package dependency name", object.pos)
        let line = Int(object.pos.line)
        if let url = object.argument("url") {
            guard let url = string(url, "package URL", object.pos) else { return nil }
            return PackageDependency(location: .url(url), identity: PackageDependency.identity(for: url), name: name, line: line)
        }
        if let path = object.argument("path") {
            guard let path = string(path, "package path", object.pos) else { return nil }
            return PackageDependency(location: .path(path), identity: PackageDependency.identity(for: path), name: name, line: line)
        }
        if let id = object.argument("id") {
            guard let id = string(id, "package identifier", object.pos) else { return nil }
            return PackageDependency(location: .registry(id), identity: id.lowercased(), name: name, line: line)
        }
        notes.append(("package dependency without 'url:', 'path:' or 'id:'", object.pos))
        return nil
    }

    mutating func target(_ value: Value, _ fallback: SourcePos) -> ManifestTarget? {
        guard case .object(let object) = value, let kind = ManifestBuilder.targetKinds[object.kind] else {
            if case .null = value { return nil }
            unresolved(value, "target", fallback)
            return nil
        }
        let pos = object.pos
        guard let name = string(object.argument("name"), "target name", pos) else {
            if object.argument("name") == nil { notes.append(("target without a name", pos)) }
            return nil
        }
        var target = ManifestTarget(name: name, kind: kind, line: Int(pos.line))
        let declared = object.argument("dependencies")
        if case .unknown? = declared { target.dependenciesIncomplete = true }
        for element in elements(declared, "dependencies of '\(name)'", pos) {
            if case .unknown = element { target.dependenciesIncomplete = true }
            if let dependency = targetDependency(element, pos, target: name) { target.dependencies.append(dependency) }
        }
        target.path = string(object.argument("path"), "path of '\(name)'", pos)
        target.sources = strings(object.argument("sources"), "sources of '\(name)'", pos)
        target.exclude = strings(object.argument("exclude"), "exclude of '\(name)'", pos) ?? []
        target.publicHeadersPath = string(object.argument("publicHeadersPath"), "publicHeadersPath of '\(name)'", pos)
        // Defined flags and where: `fix` gives an import under `#if FLAG` the same platforms.
        if case .array(let settings)? = object.argument("swiftSettings") {
            for case .object(let setting) in settings where setting.kind == "define" {
                guard case .string(let flag, _)? = setting.args.first?.value else { continue }
                var platforms: [String] = []
                if setting.args.count > 1, case .object(let when) = setting.args[1].value, when.kind == "when", when.argument("platforms") != nil {
                    platforms = self.platforms(setting.args[1].value, setting.pos) ?? []
                }
                target.definedFlags.append(DefinedFlag(name: flag, platforms: platforms))
            }
        }
        switch object.argument("linkerSettings") {
        case nil, .null?: break
        case .array(let settings)?: target.hasLinkerSettings = !settings.isEmpty
        default: target.hasLinkerSettings = true
        }
        if let resources = object.argument("resources") {
            if case .null = resources {} else { target.hasResources = true }
            for element in elements(resources, "resources of '\(name)'", pos) {
                guard case .object(let resource) = element, ["copy", "process", "embedInCode"].contains(resource.kind),
                      let path = string(resource.args.first?.value, "resource path of '\(name)'", resource.pos) else { continue }
                target.resources.append(path)
            }
        }
        for element in elements(object.argument("plugins"), "plugins of '\(name)'", pos) {
            switch element {
            case .string(let s, _):
                target.plugins.append(s)
            case .object(let plugin) where plugin.kind == "plugin":
                if let pluginName = string(plugin.argument("name"), "plugin name", plugin.pos) { target.plugins.append(pluginName) }
            case .null:
                break
            default:
                unresolved(element, "plugin of '\(name)'", pos)
            }
        }
        return target
    }

    mutating func targetDependency(_ value: Value, _ fallback: SourcePos, target: String) -> TargetDependency? {
        let what = "dependency of '\(target)'"
        switch value {
        case .string(let s, let pos):
            return TargetDependency(kind: .byName(s), line: Int(pos.line), column: Int(pos.offset))
        case .null:
            return nil
        case .object(let object):
            let pos = object.pos
            let kind: TargetDependency.Kind
            switch object.kind {
            case "target", "byName", "targetItem", "byNameItem":
                guard let name = string(object.argument("name") ?? object.args.first?.value, what, pos) else { return nil }
                kind = object.kind.hasPrefix("target") ? .target(name) : .byName(name)
            case "product", "productItem":
                guard let name = string(object.argument("name"), what, pos) else { return nil }
                let package = string(object.argument("package"), what, pos)
                kind = .product(name: name, package: package)
            default:
                unresolved(value, what, fallback)
                return nil
            }
            var dependency = TargetDependency(kind: kind, line: Int(pos.line), column: Int(pos.offset))
            if let condition = object.argument("condition") {
                dependency.platforms = platforms(condition, pos)
            }
            return dependency
        default:
            unresolved(value, what, fallback)
            return nil
        }
    }

    /// `.when(platforms: [.linux, .macOS])` → `["linux", "macos"]`; `.when(traits:)` → `nil`.
    mutating func platforms(_ condition: Value, _ pos: SourcePos) -> [String]? {
        guard case .object(let when) = condition, when.kind == "when" else {
            if case .null = condition { return nil }
            unresolved(condition, "dependency condition", pos)
            return nil
        }
        guard let platforms = when.argument("platforms") else { return nil }
        var names: [String] = []
        let list: [Value]
        if case .array(let elements) = platforms { list = elements } else { list = [platforms] }
        for platform in list {
            if case .object(let object) = platform, object.args.isEmpty {
                names.append(object.kind.lowercased())
            } else {
                unresolved(platform, "platform", pos)
            }
        }
        return names
    }
}
