import ModlintTokenizer

/// Reads a manifest without running it.
///
/// The manifest is tokenized, `#if` blocks are resolved (see `platforms`), the remaining
/// tokens are parsed into a small Swift subset and evaluated symbolically:
/// `PackageDescription` calls stay as data (`.target(name:…)` is a value with a kind
/// and arguments), while constants, concatenation, `append`, `map`, helper functions and
/// static members are evaluated. Whatever cannot be evaluated becomes a `ManifestNote`.
public struct ManifestReader: Sendable {
    /// One environment for `#if` blocks — what SwiftPM on that machine sees; `nil`: the
    /// platform set below, whatever machine modlint runs on.
    public var environment: BuildEnvironment?
    /// Platforms a manifest with `#if` is evaluated for, merged into one result (a Mac
    /// pre-commit hook and a Linux CI job must agree): these, else the platforms the
    /// manifest declares (`platforms: [.iOS(.v17)]`), else Linux.
    public var platforms: [String]?

    public init(environment: BuildEnvironment? = nil, platforms: [String]? = nil) {
        self.environment = environment
        self.platforms = platforms
    }

    /// Parses manifest source text. Never throws: problems become `notes`.
    public func read(bytes: [UInt8]) -> PackageManifest {
        let source = TokenizedSource(bytes: bytes)
        return read(source: source)
    }

    /// Parses manifest source text of the package in `packageDirectory`; the directory is
    /// used to resolve the identity of `.package(path:)` dependencies such as `"../Core"`.
    public func read(bytes: [UInt8], packageDirectory: String?) -> PackageManifest {
        var manifest = read(bytes: bytes)
        guard let packageDirectory else { return manifest }
        for index in manifest.dependencies.indices {
            if case .path(let path) = manifest.dependencies[index].location {
                manifest.dependencies[index].identity = PackageDependency.identity(forPath: path, relativeTo: packageDirectory)
            }
        }
        return manifest
    }

    /// The outermost `(`, `[` or `{` still open at the end of the file (a truncated or
    /// hand-broken manifest), found without recursion.
    static func firstUnclosedBracket(_ source: TokenizedSource, _ tokens: [Token]) -> Token? {
        var open: [Token] = []
        for token in tokens where token.kind == .punctuation {
            switch source.bytes[Int(token.start)] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append(token)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): if !open.isEmpty { open.removeLast() }
            default: break
            }
        }
        return open.first
    }

    /// Reads an already tokenized manifest.
    public func read(source: TokenizedSource) -> PackageManifest {
        if let environment { return read(source: source, environment: environment) }
        let linux = BuildEnvironment.platform("linux")!
        let first = read(source: source, environment: linux)
        // Without `#if` the platform cannot change the result: one evaluation.
        guard !source.conditions.isEmpty else { return first }
        let names = Self.platformSet(requested: platforms, declared: first.platforms)
        let evaluations = names.map { name in
            (name, name == "linux" ? first : read(source: source, environment: BuildEnvironment.platform(name) ?? linux))
        }
        return Self.merge(evaluations)
    }

    /// The platforms to evaluate for: requested, else declared, else Linux; known ones,
    /// de-duplicated, sorted.
    static func platformSet(requested: [String]?, declared: [String]) -> [String] {
        let wanted = (requested?.isEmpty == false ? requested! : declared).map { $0.lowercased() }
            .filter { BuildEnvironment.platform($0) != nil }
        return wanted.isEmpty ? ["linux"] : Array(Set(wanted)).sorted()
    }

    /// One manifest from the evaluations for several platforms: every target, product and
    /// package dependency any of them has; a target dependency that not every platform's
    /// evaluation has carries the platforms that have it (`.when(platforms:)`).
    static func merge(_ evaluations: [(platform: String, manifest: PackageManifest)]) -> PackageManifest {
        guard var merged = evaluations.first?.manifest else { return PackageManifest(name: "") }
        merged.evaluatedPlatforms = evaluations.map(\.platform)
        if evaluations.count == 1 { return merged }
        let all = Set(evaluations.map(\.platform))
        merged.targets = []
        merged.products = []
        merged.dependencies = []
        merged.notes = []
        var targetIndex: [String: Int] = [:]
        var productNames = Set<String>()
        var packageIdentities = Set<String>()
        var noteKeys = Set<String>()
        // Per target, per dependency (by what it names, its kind: `String(describing:)` of
        // it cost more than all the rest of reading the manifests): the platforms that have it.
        var reach: [[TargetDependency.Kind: Set<String>]] = []
        var unconditional: [[TargetDependency.Kind: Bool]] = []
        for (platform, manifest) in evaluations {
            if merged.name.isEmpty { merged.name = manifest.name }
            merged.flagCandidates.formUnion(manifest.flagCandidates)
            for product in manifest.products where productNames.insert(product.name).inserted { merged.products.append(product) }
            for dependency in manifest.dependencies where packageIdentities.insert(dependency.identity).inserted {
                merged.dependencies.append(dependency)
            }
            for note in manifest.notes where noteKeys.insert("\(note.line):\(note.column):\(note.message)").inserted {
                merged.notes.append(note)
            }
            for target in manifest.targets {
                let index: Int
                if let known = targetIndex[target.name] {
                    index = known
                } else {
                    index = merged.targets.count
                    targetIndex[target.name] = index
                    var copy = target
                    copy.dependencies = []
                    merged.targets.append(copy)
                    reach.append([:])
                    unconditional.append([:])
                }
                if target.dependenciesIncomplete { merged.targets[index].dependenciesIncomplete = true }
                for dependency in target.dependencies {
                    let key = dependency.kind
                    if reach[index][key] == nil { merged.targets[index].dependencies.append(dependency) }
                    reach[index][key, default: []].formUnion(dependency.platforms ?? [platform])
                    unconditional[index][key] = (unconditional[index][key] ?? true) && dependency.platforms == nil
                }
            }
        }
        for index in merged.targets.indices {
            for position in merged.targets[index].dependencies.indices {
                let dependency = merged.targets[index].dependencies[position]
                let key = dependency.kind
                let platforms = reach[index][key] ?? []
                if unconditional[index][key] == true && platforms.isSuperset(of: all) { continue }
                merged.targets[index].dependencies[position].platforms = platforms.sorted()
            }
        }
        merged.notes.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return merged
    }

    /// Reads an already tokenized manifest for one environment.
    func read(source: TokenizedSource, environment: BuildEnvironment) -> PackageManifest {
        var notes: [(String, SourcePos)] = []
        let toolsVersion = ManifestReader.toolsVersion(in: source.bytes)
        if toolsVersion == nil {
            notes.append(("missing '// swift-tools-version:' line", SourcePos(line: 1, offset: 0)))
        }

        // `#if`: keep the tokens of the clauses SwiftPM would compile on this host.
        let active = activeClauses(source.conditions, environment: environment, notes: &notes)
        let tokens: [Token]
        if source.conditions.isEmpty {
            tokens = source.tokens
        } else {
            tokens = source.tokens.filter { active[Int(source.conditions.condition(of: $0))] }
        }

        var parser = ManifestParser(source: source, tokens: tokens)
        let program = parser.parseStatements()
        if !parser.atEnd, let token = parser.current {
            notes.append(("unbalanced '}'; the rest of the manifest is not read", parser.pos(token)))
        }
        notes += parser.notes
        if let open = ManifestReader.firstUnclosedBracket(source, tokens) {
            notes.append(("unbalanced '\(source.text(open))': it is never closed; the manifest may be incomplete", parser.pos(open)))
        }

        var evaluator = ManifestEvaluator()
        evaluator.run(program)
        notes += evaluator.notes

        var builder = ManifestBuilder(notes: notes)
        var manifest = PackageManifest(name: "", toolsVersion: toolsVersion)
        if let exhausted = evaluator.exhausted {
            manifest.failure = ManifestNote(message: exhausted, line: 1, column: 1)
            return manifest
        }
        var package: ManifestObject?
        if case .object(let object)? = evaluator.global.values["package"], object.kind == "Package" {
            package = object
        } else {
            package = evaluator.packages.last
        }
        if let package {
            builder.fill(&manifest, from: package)
        } else {
            builder.notes.append(("no 'Package(…)' initializer found", SourcePos(line: 1, offset: 0)))
            manifest.declaresPackage = false
        }

        // Notes: sorted, one per position and message.
        var seen = Set<String>()
        var result: [ManifestNote] = []
        for (message, pos) in builder.notes {
            let note = ManifestNote(message: message, line: Int(pos.line), column: ManifestReader.column(source.bytes, Int(pos.offset)))
            if seen.insert("\(note.line):\(note.column):\(message)").inserted {
                result.append(note)
            }
        }
        result.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        manifest.notes = result
        manifest.flagCandidates = Self.flagCandidates(source, tokens)
        for index in manifest.targets.indices {
            for d in manifest.targets[index].dependencies.indices {
                let offset = manifest.targets[index].dependencies[d].column
                manifest.targets[index].dependencies[d].column = ManifestReader.column(source.bytes, offset)
            }
        }
        return manifest
    }

    /// String literals that read as an identifier (`"COLLECTIONS_SINGLE_MODULE"`).
    static func flagCandidates(_ source: TokenizedSource, _ tokens: [Token]) -> Set<String> {
        var result = Set<String>()
        for token in tokens where token.kind == .string && token.end - token.start >= 3 {
            let start = Int(token.start), end = Int(token.end)
            guard source.bytes[start] == UInt8(ascii: "\""), source.bytes[end - 1] == UInt8(ascii: "\"") else { continue }
            let content = source.bytes[(start + 1)..<(end - 1)]
            guard content.allSatisfy({ byte in
                byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }) else { continue }
            result.insert(String(decoding: content, as: UTF8.self))
        }
        return result
    }

    static func column(_ bytes: [UInt8], _ offset: Int) -> Int {
        var index = max(0, min(offset, bytes.count))
        let end = index
        while index > 0 && bytes[index - 1] != UInt8(ascii: "\n") && bytes[index - 1] != UInt8(ascii: "\r") {
            index -= 1
        }
        return end - index + 1
    }

    // MARK: - Tools version

    /// `// swift-tools-version:5.9`, `//swift-tools-version: 6.0.0`, `// swift-tools-version:5.3;…`
    /// (case-insensitive), possibly after a BOM and blank lines.
    public static func toolsVersion(in bytes: [UInt8]) -> String? {
        var i = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") else { return nil }
        i += 2
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
        let marker = Array("swift-tools-version".utf8)
        guard i + marker.count <= bytes.count else { return nil }
        for (k, expected) in marker.enumerated() {
            var byte = bytes[i + k]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != expected { return nil }
        }
        i += marker.count
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
        let start = i
        while i < bytes.count, (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) || bytes[i] == UInt8(ascii: ".") { i += 1 }
        guard i > start else { return nil }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    // MARK: - #if

    func activeClauses(_ table: ConditionTable, environment: BuildEnvironment, notes: inout [(String, SourcePos)]) -> [Bool] {
        var active = [Bool](repeating: true, count: table.clauses.count)
        var taken: [Int32: Bool] = [:]
        for index in 1..<max(1, table.clauses.count) {
            let clause = table.clauses[index]
            let parentActive = Int(clause.parent) < index ? active[Int(clause.parent)] : false
            if !parentActive || taken[clause.block] == true {
                active[index] = false
                continue
            }
            var value = true
            if clause.kind != .else {
                var evaluator = ConditionEvaluator(text: Array(clause.expression.utf8), environment: environment)
                if let result = evaluator.evaluate() {
                    value = result
                } else {
                    notes.append(("'#if \(clause.expression)' could not be evaluated; taken as false",
                                  SourcePos(line: clause.line, offset: -1)))
                    value = false
                }
            }
            active[index] = value
            if value { taken[clause.block] = true }
        }
        return active
    }
}

/// Evaluates a `#if` condition such as `os(Linux) && !canImport(Darwin) || swift(>=5.9)`.
struct ConditionEvaluator {
    let text: [UInt8]
    let environment: BuildEnvironment
    var index = 0
    var depth = 0

    init(text: [UInt8], environment: BuildEnvironment) {
        self.text = text
        self.environment = environment
    }

    mutating func evaluate() -> Bool? {
        let result = parseOr()
        skipSpace()
        return index == text.count ? result : nil
    }

    mutating func skipSpace() {
        while index < text.count, text[index] == 32 || text[index] == 9 || text[index] == 10 || text[index] == 13 { index += 1 }
    }

    mutating func consume(_ literal: String) -> Bool {
        skipSpace()
        let bytes = Array(literal.utf8)
        guard index + bytes.count <= text.count, Array(text[index..<(index + bytes.count)]) == bytes else { return false }
        index += bytes.count
        return true
    }

    mutating func parseOr() -> Bool? {
        var result = parseAnd()
        while consume("||") {
            let rhs = parseAnd()
            if let r = result, let s = rhs { result = r || s } else if result == true || rhs == true { result = true } else { result = nil }
        }
        return result
    }

    mutating func parseAnd() -> Bool? {
        var result = parseNot()
        while consume("&&") {
            let rhs = parseNot()
            if let r = result, let s = rhs { result = r && s } else if result == false || rhs == false { result = false } else { result = nil }
        }
        return result
    }

    mutating func parseNot() -> Bool? {
        if consume("!") {
            guard depth < 64 else { return nil }
            depth += 1
            defer { depth -= 1 }
            return parseNot().map { !$0 }
        }
        return parsePrimary()
    }

    mutating func identifier() -> String? {
        skipSpace()
        let start = index
        while index < text.count {
            let c = text[index]
            let isIdentifier = (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
            guard isIdentifier else { break }
            index += 1
        }
        return index > start ? String(decoding: text[start..<index], as: UTF8.self) : nil
    }

    mutating func parsePrimary() -> Bool? {
        if consume("(") {
            guard depth < 64 else { return nil }
            depth += 1
            defer { depth -= 1 }
            let value = parseOr()
            return consume(")") ? value : nil
        }
        guard let name = identifier() else { return nil }
        skipSpace()
        guard index < text.count, text[index] == UInt8(ascii: "(") else {
            switch name {
            case "true": return true
            case "false": return false
            default: return environment.flags.contains(name)
            }
        }
        index += 1
        let argStart = index
        var level = 1
        while index < text.count && level > 0 {
            if text[index] == UInt8(ascii: "(") { level += 1 }
            if text[index] == UInt8(ascii: ")") { level -= 1 }
            index += 1
        }
        guard level == 0 else { return nil }
        let argument = String(decoding: text[argStart..<(index - 1)], as: UTF8.self).trimmingSpaces()
        switch name {
        case "os":
            let os = argument.lowercased()
            return os == environment.os || (os == "osx" && environment.os == "macos")
        case "arch":
            return argument == environment.arch
        case "canImport":
            let module = argument.split(separator: ",").first.map { String($0).trimmingSpaces() } ?? argument
            return environment.importableModules.contains(module)
        case "swift", "compiler":
            return compareVersion(argument)
        case "targetEnvironment":
            return false
        case "hasFeature":
            return false
        case "hasAttribute":
            return true
        case "_endian":
            return argument == "little"
        case "_pointerBitWidth":
            return argument == "_64"
        case "_runtime":
            return argument == "_ObjC" ? environment.os == "macos" || environment.os == "ios" : argument == "_Native"
        default:
            return nil
        }
    }

    /// `>=5.9`, `<6.0`.
    func compareVersion(_ argument: String) -> Bool? {
        var text = Substring(argument)
        let isLess: Bool
        if text.hasPrefix(">=") {
            isLess = false
            text = text.dropFirst(2)
        } else if text.hasPrefix("<") {
            isLess = true
            text = text.dropFirst(1)
        } else {
            return nil
        }
        let parts = text.trimmingCharacters().split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        let wanted = parts.map { $0! }
        let have = environment.swiftVersion
        var comparison = 0
        for k in 0..<max(wanted.count, have.count) {
            let a = k < have.count ? have[k] : 0
            let b = k < wanted.count ? wanted[k] : 0
            if a != b {
                comparison = a < b ? -1 : 1
                break
            }
        }
        return isLess ? comparison < 0 : comparison >= 0
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(Substring(self).trimmingCharacters())
    }
}

extension Substring {
    func trimmingCharacters() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s = s.dropLast() }
        return s
    }
}

/// What `#if` conditions in a manifest evaluate against.
public struct BuildEnvironment: Sendable, Equatable {
    /// `os(...)` value, lower-case: `linux`, `macos`, `windows` …
    public var os: String
    /// `arch(...)` value: `x86_64`, `arm64` …
    public var arch: String
    /// Compiler / language version used for `swift(>=…)` and `compiler(>=…)`.
    public var swiftVersion: [Int]
    /// Modules for which `canImport(X)` is true.
    public var importableModules: Set<String>
    /// Custom flags that are set (`-D FLAG`).
    public var flags: Set<String>

    public init(os: String, arch: String = BuildEnvironment.hostArch, swiftVersion: [Int], importableModules: Set<String>,
                flags: Set<String> = []) {
        self.os = os
        self.arch = arch
        self.swiftVersion = swiftVersion
        self.importableModules = importableModules
        self.flags = flags
    }

    public static var hostArch: String {
        #if arch(arm64)
        return "arm64"
        #else
        return "x86_64"
        #endif
    }

    /// Modules every Apple platform can import in a manifest's `canImport(…)`.
    static let appleModules: Set<String> = [
        "Foundation", "FoundationEssentials", "Darwin", "Dispatch", "PackageDescription", "Swift", "_Concurrency",
        "Compression", "System", "Combine", "ObjectiveC", "os", "OSLog", "CoreFoundation", "Security", "Network",
        "CryptoKit", "Observation", "SwiftUI", "Synchronization",
    ]

    /// A platform as a build of that platform sees it (`os(…)`, `canImport(…)`, `arch(…)`),
    /// by `.when(platforms:)` name, lower-cased; `nil` for an unknown name. Apple platforms
    /// are evaluated for arm64, the others for x86_64 — never for the machine modlint
    /// runs on, so that every host gets the same graph.
    public static func platform(_ name: String) -> BuildEnvironment? {
        let version = [6, 3, 1]
        switch name.lowercased() {
        case "macos":
            return BuildEnvironment(os: "macos", arch: "arm64", swiftVersion: version, importableModules: appleModules.union(["AppKit", "Cocoa"]))
        case "ios", "maccatalyst":
            return BuildEnvironment(os: "ios", arch: "arm64", swiftVersion: version, importableModules: appleModules.union(["UIKit"]))
        case "tvos":
            return BuildEnvironment(os: "tvos", arch: "arm64", swiftVersion: version, importableModules: appleModules.union(["UIKit"]))
        case "visionos":
            return BuildEnvironment(os: "visionos", arch: "arm64", swiftVersion: version, importableModules: appleModules.union(["UIKit"]))
        case "watchos":
            return BuildEnvironment(os: "watchos", arch: "arm64", swiftVersion: version, importableModules: appleModules.union(["WatchKit"]))
        case "linux":
            return BuildEnvironment(os: "linux", arch: "x86_64", swiftVersion: version, importableModules: [
                "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
                "Glibc", "Dispatch", "PackageDescription", "Swift", "_Concurrency", "Synchronization",
            ])
        case "windows":
            return BuildEnvironment(os: "windows", arch: "x86_64", swiftVersion: version, importableModules: [
                "Foundation", "FoundationEssentials", "WinSDK", "Dispatch", "PackageDescription", "Swift", "_Concurrency",
            ])
        case "android":
            return BuildEnvironment(os: "android", arch: "arm64", swiftVersion: version, importableModules: [
                "Foundation", "FoundationEssentials", "Android", "Dispatch", "PackageDescription", "Swift", "_Concurrency",
            ])
        case "wasi":
            return BuildEnvironment(os: "wasi", arch: "wasm32", swiftVersion: version, importableModules: [
                "Foundation", "FoundationEssentials", "WASILibc", "PackageDescription", "Swift", "_Concurrency",
            ])
        case "openbsd", "freebsd":
            return BuildEnvironment(os: name.lowercased(), arch: "x86_64", swiftVersion: version, importableModules: [
                "Foundation", "Glibc", "Dispatch", "PackageDescription", "Swift", "_Concurrency",
            ])
        default:
            return nil
        }
    }

    /// The machine modlint runs on, as SwiftPM itself would evaluate the manifest.
    public static var host: BuildEnvironment {
        #if os(Linux)
        return BuildEnvironment(os: "linux", swiftVersion: [6, 3, 1], importableModules: [
            "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
            "Glibc", "Dispatch", "PackageDescription", "Swift", "_Concurrency", "Synchronization",
        ])
        #elseif os(Windows)
        return BuildEnvironment(os: "windows", swiftVersion: [6, 3, 1], importableModules: [
            "Foundation", "FoundationEssentials", "WinSDK", "Dispatch", "PackageDescription", "Swift", "_Concurrency",
        ])
        #else
        return BuildEnvironment(os: "macos", swiftVersion: [6, 3, 1], importableModules: [
            "Foundation", "FoundationEssentials", "Darwin", "Dispatch", "PackageDescription", "Swift", "_Concurrency",
            "Compression", "System", "Combine",
        ])
        #endif
    }
}
