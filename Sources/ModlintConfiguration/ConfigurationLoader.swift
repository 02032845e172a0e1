#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Yams

/// Reads `.modlint.yml` strictly: unknown keys, wrong types, unknown rule ids and bad
/// values are errors at their line and column, with a "did you mean" where one is close.
public struct ConfigurationLoader: Sendable {
    public static let fileName = ".modlint.yml"

    /// Rule ids the `rules:` section may name.
    public var knownRuleIDs: Set<String>
    /// The running modlint's version, checked against `minimum-version:` (`nil`: not checked).
    public var runningVersion: ModlintRelease?

    public init(knownRuleIDs: Set<String>, runningVersion: ModlintRelease? = nil) {
        self.knownRuleIDs = knownRuleIDs
        self.runningVersion = runningVersion
    }

    /// Both spellings name the same key: kebab-case like every other key, and the
    /// snake_case that other linters' configurations use.
    static let minimumVersionKeys: Set<String> = ["minimum-version", "minimum_version"]

    /// The nearest `.modlint.yml` in `directory` or one of its parents.
    public static func find(startingAt directory: String, exists: (String) -> Bool) -> String? {
        var current = directory
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + fileName
            if exists(candidate) { return candidate }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// Parses configuration text. `file` names it in errors; `baseDirectory` anchors path
    /// globs. Throws `ConfigurationError` only.
    public func parse(_ text: String, file: String, baseDirectory: String) throws -> Configuration {
        var configuration = Configuration()
        configuration.file = file
        configuration.baseDirectory = baseDirectory
        guard let root = try Self.compose(text, file: file) else { return configuration }
        var reader = NodeReader(file: file)
        let top = try reader.mapping(root, "the configuration")
        // Before any other key: an older binary must say it is too old, not that a newer
        // key is unknown.
        let versions = top.filter { Self.minimumVersionKeys.contains($0.0.name) }
        if let (key, value) = versions.first {
            configuration.minimumVersion = try minimumVersion(key, value, &reader)
        }
        if let (repeated, _) = versions.dropFirst().first {
            throw reader.error("'\(repeated.name)' repeats the minimum version already given", at: repeated.node)
        }
        for (key, value) in top {
            try read(key, value, into: &configuration, &reader)
        }
        return configuration
    }

    /// The YAML document's root node (`nil` for an empty file); a syntax error at its place.
    static func compose(_ text: String, file: String) throws -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.syntaxError(error, file: file)
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError("cannot parse YAML: \(error)", at: ConfigurationLocation(file: file, line: 1, column: 1))
        }
    }

    /// One top-level key into `configuration`.
    private func read(_ key: NodeReader.Key, _ value: Node, into configuration: inout Configuration, _ reader: inout NodeReader) throws {
        switch key.name {
        case "minimum-version", "minimum_version": break  // read first, in `parse`
        case "rules": configuration.severities.merge(try severities(value, &reader)) { _, new in new }
        case "include": configuration.include = try reader.globs(value, "include")
        case "exclude": configuration.exclude = try reader.globs(value, "exclude")
        case "impl-patterns": configuration.implPatterns = try reader.globs(value, "impl-patterns")
        case "composition-roots": configuration.compositionRoots = try reader.globs(value, "composition-roots")
        case "layers": configuration.layers = try reader.sequence(value, "layers").map { try layer($0, &reader) }
        case "forbidden": configuration.forbidden = try reader.sequence(value, "forbidden").map { try edge($0, &reader, "forbidden") }
        case "allowed": configuration.allowed = try reader.sequence(value, "allowed").map { try edge($0, &reader, "allowed") }
        case "max-depth":
            let depth = try reader.integer(value, "max-depth")
            guard depth >= 1 else { throw reader.error("max-depth must be at least 1", at: value) }
            configuration.maxDepth = depth
        case "baseline": configuration.baseline = try reader.string(value, "baseline")
        case "dependencies":
            configuration.dependencies = try reader.strings(value, "dependencies")
            for folder in configuration.dependencies {
                if let problem = DependencyFolderRule.problem(folder, baseDirectory: configuration.baseDirectory ?? "") {
                    throw reader.error(problem, at: value)
                }
            }
        case "platforms": configuration.platforms = try platforms(value, &reader)
        case "transitive-imports": configuration.transitiveImports = try severity(value, "transitive-imports", &reader)
        case "require-suppression-reason": configuration.requireSuppressionReason = try reader.bool(value, "require-suppression-reason")
        case "di": try readDI(value, into: &configuration.di, &reader)
        case "mvvm": try readMVVM(value, into: &configuration.mvvm, &reader)
        case "suppressions":
            configuration.suppressions = try reader.sequence(value, "suppressions").map { try suppression($0, &reader) }
        default:
            if let equivalent = Self.swiftLintEquivalents[key.name] {
                throw reader.error("unknown key '\(key.name)' in the configuration — this is SwiftLint's; modlint's equivalent: \(equivalent)",
                                   at: key.node)
            }
            throw reader.unknownKey(key, in: "the configuration", known: Self.topLevelKeys)
        }
    }

    /// `rules:`: a severity per known rule id.
    private func severities(_ value: Node, _ reader: inout NodeReader) throws -> [String: Severity] {
        var severities: [String: Severity] = [:]
        for (rule, severityNode) in try reader.mapping(value, "rules") {
            guard knownRuleIDs.contains(rule.name) else {
                throw reader.error("unknown rule '\(rule.name)'" + Self.suggestion(rule.name, knownRuleIDs), at: rule.node)
            }
            let text = try reader.string(severityNode, "severity of \(rule.name)")
            guard let severity = Severity(rawValue: text) else {
                throw reader.error("severity must be one of error, warning, note, off (got '\(text)')"
                                   + Self.suggestion(text, Set(Severity.allCases.map(\.rawValue))), at: severityNode)
            }
            severities[rule.name] = severity
        }
        return severities
    }

    /// A severity named by `key` (`transitive-imports:`).
    private func severity(_ value: Node, _ key: String, _ reader: inout NodeReader) throws -> Severity {
        let text = try reader.string(value, key)
        guard let severity = Severity(rawValue: text) else {
            throw reader.error("\(key) must be one of error, warning, note, off (got '\(text)')"
                               + Self.suggestion(text, Set(Severity.allCases.map(\.rawValue))), at: value)
        }
        return severity
    }

    /// `platforms:`, lower-cased, each one modlint knows.
    private func platforms(_ value: Node, _ reader: inout NodeReader) throws -> [String] {
        let names = try reader.strings(value, "platforms").map { $0.lowercased() }
        if let unknown = names.first(where: { !Self.platformNames.contains($0) }) {
            throw reader.error("unknown platform '\(unknown)' in platforms (known: \(Self.platformNames.sorted().joined(separator: ", ")))"
                               + Self.suggestion(unknown, Self.platformNames), at: value)
        }
        return names
    }

    /// `di:`: the methods of a hand-rolled container.
    private func readDI(_ value: Node, into di: inout DISettings, _ reader: inout NodeReader) throws {
        for (entry, entryValue) in try reader.mapping(value, "di") {
            switch entry.name {
            case "register-methods": di.registerMethods = try reader.strings(entryValue, "di.register-methods")
            case "resolve-methods": di.resolveMethods = try reader.strings(entryValue, "di.resolve-methods")
            default: throw reader.unknownKey(entry, in: "di", known: ["register-methods", "resolve-methods"])
            }
        }
    }

    /// `mvvm:`: whether the MVVM rules run, and the modules and types they judge.
    private func readMVVM(_ value: Node, into mvvm: inout MVVMSettings, _ reader: inout NodeReader) throws {
        for (entry, entryValue) in try reader.mapping(value, "mvvm") {
            switch entry.name {
            case "enabled": mvvm.enabled = try reader.bool(entryValue, "mvvm.enabled")
            case "viewmodel-modules": mvvm.viewModelModules = try reader.globs(entryValue, "mvvm.viewmodel-modules")
            case "view-patterns": mvvm.viewPatterns = try reader.globs(entryValue, "mvvm.view-patterns")
            case "navigator-patterns": mvvm.navigatorPatterns = try reader.globs(entryValue, "mvvm.navigator-patterns")
            default: throw reader.unknownKey(entry, in: "mvvm", known: ["enabled", "viewmodel-modules", "view-patterns", "navigator-patterns"])
            }
        }
    }

    /// `.swiftlint.yml` keys people carry over, with what modlint offers instead
    /// (docs/migrating-from-swiftlint.md has the whole table).
    public static let swiftLintEquivalents: [String: String] = [
        "disabled_rules": "'rules:' with 'RULE: off'",
        "opt_in_rules": "'rules:' with 'RULE: error' or 'warning' (every modlint rule is on by default; mvvm rules need 'mvvm: enabled: true')",
        "only_rules": "'rules:' with 'RULE: off' for the rules you do not want",
        "analyzer_rules": "'rules:' (modlint has no separate analyzer rules)",
        "included": "'include:' (paths relative to this file)",
        "excluded": "'exclude:' (paths relative to this file)",
        "reporter": "the '--reporter NAME[:FILE]' option (text, json, sarif, github, junit, checkstyle, codeclimate, markdown)",
        "strict": "the '--strict' option",
        "baseline": "'baseline:' (the same key) or '--baseline FILE'",
        "warning_threshold": "'--strict' (fail on any finding) or 'rules:' severities",
        "custom_rules": "'forbidden:' edges and 'layers:' (modlint checks architecture, not regexes)",
        "allow_zero_lintable_files": "nothing: modlint exits 2 when it finds no package or project",
    ]

    /// `.when(platforms:)` names manifests can be evaluated for (`platforms:`, `--platform`).
    public static let platformNames: Set<String> = [
        "macos", "ios", "maccatalyst", "tvos", "watchos", "visionos", "linux", "windows", "android", "wasi", "openbsd", "freebsd",
    ]

    public static let topLevelKeys = [
        "rules", "include", "exclude", "impl-patterns", "composition-roots", "layers", "forbidden", "allowed",
        "max-depth", "baseline", "require-suppression-reason", "di", "mvvm", "suppressions", "dependencies",
        "transitive-imports", "platforms", "minimum-version",
    ]

    private func minimumVersion(_ key: NodeReader.Key, _ value: Node, _ reader: inout NodeReader) throws -> ModlintRelease {
        let text = try reader.string(value, key.name)
        guard let required = ModlintRelease(text) else {
            throw reader.error("\(key.name) must be a version such as 0.1.0 (got '\(text)')", at: value)
        }
        if let runningVersion, runningVersion < required {
            throw reader.error("this configuration needs modlint \(required) or later (\(key.name)); this is modlint \(runningVersion): "
                               + "install a newer release (see the README's Install section)", at: value)
        }
        return required
    }

    private func layer(_ node: Node, _ reader: inout NodeReader) throws -> Layer {
        var layer = Layer(name: "", location: reader.location(node))
        var hasName = false
        for (key, value) in try reader.mapping(node, "a layer") {
            switch key.name {
            case "name":
                layer.name = try reader.string(value, "layer name")
                hasName = true
            case "modules": layer.modules = try reader.globs(value, "layer modules")
            case "paths": layer.paths = try reader.globs(value, "layer paths")
            case "independent": layer.independent = try reader.bool(value, "independent")
            default: throw reader.unknownKey(key, in: "a layer", known: ["name", "modules", "paths", "independent"])
            }
        }
        guard hasName else { throw reader.error("a layer needs a 'name'", at: node) }
        guard !layer.modules.isEmpty || !layer.paths.isEmpty else {
            throw reader.error("layer '\(layer.name)' needs 'modules' or 'paths'", at: node)
        }
        return layer
    }

    private func edge(_ node: Node, _ reader: inout NodeReader, _ section: String) throws -> EdgeRule {
        var from: Glob?, to: Glob?, reason: String?
        for (key, value) in try reader.mapping(node, "an entry of \(section)") {
            switch key.name {
            case "from": from = try reader.glob(value, "from")
            case "to": to = try reader.glob(value, "to")
            case "reason": reason = try reader.string(value, "reason")
            default: throw reader.unknownKey(key, in: "an entry of \(section)", known: ["from", "to", "reason"])
            }
        }
        guard let from, let to else { throw reader.error("an entry of \(section) needs 'from' and 'to'", at: node) }
        return EdgeRule(from: from, to: to, reason: reason, location: reader.location(node))
    }

    private func suppression(_ node: Node, _ reader: inout NodeReader) throws -> ConfiguredSuppression {
        var result = ConfiguredSuppression(rule: "", location: reader.location(node))
        var hasRule = false
        for (key, value) in try reader.mapping(node, "a suppression") {
            switch key.name {
            case "rule":
                result.rule = try reader.string(value, "rule")
                guard result.rule == "all" || knownRuleIDs.contains(result.rule) else {
                    throw reader.error("unknown rule '\(result.rule)'" + Self.suggestion(result.rule, knownRuleIDs), at: value)
                }
                hasRule = true
            case "module": result.module = try reader.glob(value, "module")
            case "from": result.from = try reader.glob(value, "from")
            case "to": result.to = try reader.glob(value, "to")
            case "reason": result.reason = try reader.string(value, "reason")
            case "until":
                let date = try reader.string(value, "until")
                guard Self.isDate(date) else { throw reader.error("'until' must be a date YYYY-MM-DD (got '\(date)')", at: value) }
                result.until = date
            default: throw reader.unknownKey(key, in: "a suppression", known: ["rule", "module", "from", "to", "reason", "until"])
            }
        }
        guard hasRule else { throw reader.error("a suppression needs a 'rule' (a rule id or 'all')", at: node) }
        if requireReasons(result), result.reason?.isEmpty ?? true {
            throw reader.error("a suppression needs a 'reason'", at: node)
        }
        return result
    }

    private func requireReasons(_: ConfiguredSuppression) -> Bool { true }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    static func suggestion(_ input: String, _ candidates: Set<String>) -> String {
        Suggestions.closest(to: input, in: candidates.sorted()).map { " — did you mean '\($0)'?" } ?? ""
    }

    static func syntaxError(_ error: YamlError, file: String) -> ConfigurationError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ConfigurationError("invalid YAML: \(problem)", at: ConfigurationLocation(file: file, line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError("duplicate key '\(duplicates.joined(separator: "', '"))'",
                                      at: ConfigurationLocation(file: file, line: context.mark.line, column: context.mark.column))
        default:
            return ConfigurationError("invalid YAML: \(error)", at: ConfigurationLocation(file: file, line: 1, column: 1))
        }
    }
}

/// Typed access to YAML nodes with located errors.
struct NodeReader {
    struct Key {
        var name: String
        var node: Node
    }

    let file: String

    func location(_ node: Node) -> ConfigurationLocation {
        ConfigurationLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func error(_ message: String, at node: Node) -> ConfigurationError {
        ConfigurationError(message, at: location(node))
    }

    func unknownKey(_ key: Key, in section: String, known: [String]) -> ConfigurationError {
        let hint = Suggestions.closest(to: key.name, in: known).map { " — did you mean '\($0)'?" } ?? ""
        return error("unknown key '\(key.name)' in \(section)\(hint)", at: key.node)
    }

    func mapping(_ node: Node, _ what: String) throws -> [(Key, Node)] {
        guard case .mapping(let mapping) = node else {
            if case .scalar(let scalar) = node, scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return [] }
            throw error("\(what) must be a mapping (key: value)", at: node)
        }
        var seen = Set<String>()
        var result: [(Key, Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else { throw error("keys in \(what) must be plain words", at: keyNode) }
            guard seen.insert(scalar.string).inserted else { throw error("duplicate key '\(scalar.string)' in \(what)", at: keyNode) }
            result.append((Key(name: scalar.string, node: keyNode), value))
        }
        return result
    }

    func sequence(_ node: Node, _ what: String) throws -> [Node] {
        switch node {
        case .sequence(let sequence): return Array(sequence)
        case .scalar(let scalar) where scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null": return []
        default: throw error("\(what) must be a list", at: node)
        }
    }

    func string(_ node: Node, _ what: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw error("\(what) must be a string", at: node) }
        return scalar.string
    }

    func strings(_ node: Node, _ what: String) throws -> [String] {
        if case .scalar = node { return [try string(node, what)] }
        var result: [String] = []
        for element in try sequence(node, what) { result.append(try string(element, "each entry of \(what)")) }
        return result
    }

    func glob(_ node: Node, _ what: String) throws -> Glob {
        let text = try string(node, what)
        guard !text.isEmpty else { throw error("\(what) must not be empty", at: node) }
        return Glob(text, location: location(node))
    }

    func globs(_ node: Node, _ what: String) throws -> [Glob] {
        if case .scalar = node { return [try glob(node, what)] }
        var result: [Glob] = []
        for element in try sequence(node, what) { result.append(try glob(element, "each entry of \(what)")) }
        return result
    }

    func integer(_ node: Node, _ what: String) throws -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string) else { throw error("\(what) must be a whole number", at: node) }
        return value
    }

    func bool(_ node: Node, _ what: String) throws -> Bool {
        guard case .scalar(let scalar) = node else { throw error("\(what) must be true or false", at: node) }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) must be true or false (got '\(scalar.string)')", at: node)
        }
    }
}


/// `dependencies:` in `.modlint.yml` come from the tree a pull request may change, so they
/// cannot widen what is read: each lies inside the work tree (the folder holding `.git`
/// above the configuration, else the configuration's own folder) once links are resolved,
/// and never in `.git`. Only `--dependencies` on the command line names a folder outside.
enum DependencyFolderRule {
    static func problem(_ folder: String, baseDirectory: String) -> String? {
        let advice = "name a folder outside the work tree with --dependencies on the command line"
        if folder.hasPrefix("/") || folder.hasPrefix("~") {
            return "dependencies: '\(folder)' is not a folder inside the work tree; \(advice)"
        }
        let tree = realPath(workTree(above: baseDirectory)) ?? baseDirectory
        let joined = baseDirectory + "/" + folder
        let resolved = realPath(joined) ?? lexical(joined)
        guard inside(resolved, tree) else {
            return "dependencies: '\(folder)' leads out of the work tree (to \(resolved)); \(advice)"
        }
        if resolved.split(separator: "/").contains(".git") {
            return "dependencies: '\(folder)' is inside .git, which is never read"
        }
        return nil
    }

    static func workTree(above directory: String) -> String {
        var current = lexical(directory)
        while !current.isEmpty {
            var info = stat()
            if lstat(current + "/.git", &info) == 0 { return current }
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        return directory
    }

    static func inside(_ path: String, _ directory: String) -> Bool {
        path == directory || directory == "/" || path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `.` and `..` folded without touching the file system.
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
