/// A `Package.swift` read statically: what `swift package dump-package` would print for
/// the parts modlint needs, plus notes on what could not be resolved.
public struct PackageManifest: Sendable, Equatable, Codable {
    /// `Package(name:)`.
    public var name: String
    /// `5.9`, `6.0` … from the `// swift-tools-version:` line.
    public var toolsVersion: String?
    public var products: [ManifestProduct]
    public var targets: [ManifestTarget]
    public var dependencies: [PackageDependency]
    /// Constructs that could not be resolved statically, each with its line.
    public var notes: [ManifestNote]
    /// `platforms:` as declared, lower-cased (`["ios", "macos"]`); empty when none.
    public var platforms: [String] = []
    /// The package's traits (`traits: ["A", .trait(name: "B")]`), in order; code under
    /// `#if A` is compiled when the trait is enabled (`.when(traits:)` declares for it).
    public var traits: [String] = []
    /// The platforms `#if` in the manifest was evaluated for (several: the result merges
    /// them, and a dependency some of them lack carries `.when(platforms:)`); empty when
    /// the manifest has no `#if`.
    public var evaluatedPlatforms: [String] = []
    /// Every string literal of the manifest (outside comments) that could name a
    /// compilation condition: `.define("X")` can only set one of these, so code under
    /// `#if FLAG` for any other flag is compiled only with `-Xswiftc -DFLAG`.
    public var flagCandidates: Set<String> = []
    /// Whether the manifest makes a package (`let package = Package(…)`): one that does
    /// not is refused by SwiftPM, and none of its targets is known.
    public var declaresPackage = true
    /// Why the manifest could not be evaluated at all (an evaluation budget ran out):
    /// its targets are then unknown, and the manifest is reported unread.
    public var failure: ManifestNote?

    public init(name: String, toolsVersion: String? = nil, products: [ManifestProduct] = [],
                targets: [ManifestTarget] = [], dependencies: [PackageDependency] = [], notes: [ManifestNote] = []) {
        self.name = name
        self.toolsVersion = toolsVersion
        self.products = products
        self.targets = targets
        self.dependencies = dependencies
        self.notes = notes
    }
}

public struct ManifestProduct: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case library, executable, plugin
    }
    public var name: String
    public var kind: Kind
    public var targets: [String]
    public var line: Int

    public init(name: String, kind: Kind, targets: [String], line: Int) {
        self.name = name
        self.kind = kind
        self.targets = targets
        self.line = line
    }
}

public struct ManifestTarget: Sendable, Equatable, Codable {
    /// Names follow `dump-package`'s `type` field.
    public enum Kind: String, Sendable, Codable {
        case regular, executable, test, system, binary, plugin, macro
    }
    public var name: String
    public var kind: Kind
    public var dependencies: [TargetDependency]
    /// `path:` as written, relative to the package root.
    public var path: String?
    /// `sources:`, relative to the target's directory.
    public var sources: [String]?
    /// `exclude:`, relative to the target's directory.
    public var exclude: [String]
    /// Plugins used by the target (`plugins: [...]`), by name.
    public var plugins: [String]
    /// `true` when the target declares `resources:`.
    public var hasResources: Bool
    /// Paths of `.copy(…)`, `.process(…)`, `.embedInCode(…)` resources, relative to the
    /// target's directory: SwiftPM does not compile Swift files inside them.
    public var resources: [String]
    /// `publicHeadersPath:` of a C-family target (default `include`).
    public var publicHeadersPath: String?
    /// `true` when the target declares `linkerSettings:` (libraries or frameworks linked
    /// into whatever depends on it: a dependency on it is used by linking).
    public var hasLinkerSettings = false
    /// `true` when part of `dependencies:` could not be evaluated (a helper modlint cannot
    /// run): the list holds what could be read, and rules that need all of it stay silent.
    public var dependenciesIncomplete = false
    /// An Xcode target's platforms (its SDK), lower-cased; empty for a SwiftPM target,
    /// which builds for the package's.
    public var platforms: [String] = []
    /// `swiftSettings: [.define("X", .when(platforms: [.iOS]))]`: each flag the target
    /// defines, with the platforms it is defined for. A list, not a dictionary: the
    /// layout memo's positional coder cannot store dictionaries.
    public var definedFlags: [DefinedFlag] = []
    /// The root-relative file that declares the target when it is not the package's own
    /// manifest (an XcodeGen target in an included spec): its `line` and its dependencies'
    /// lines are that file's.
    public var file: String?
    public var line: Int

    public init(name: String, kind: Kind, dependencies: [TargetDependency] = [], path: String? = nil,
                sources: [String]? = nil, exclude: [String] = [], plugins: [String] = [],
                hasResources: Bool = false, resources: [String] = [], line: Int) {
        self.name = name
        self.kind = kind
        self.dependencies = dependencies
        self.path = path
        self.sources = sources
        self.exclude = exclude
        self.plugins = plugins
        self.hasResources = hasResources
        self.resources = resources
        self.line = line
    }
}

public struct TargetDependency: Sendable, Equatable, Codable {
    public enum Kind: Sendable, Hashable {
        /// `"Name"` or `.byName(name:)`: a target of this package or a product of a dependency.
        case byName(String)
        /// `.target(name:)`.
        case target(String)
        /// `.product(name:package:)`; `package` is `nil` when omitted.
        case product(name: String, package: String?)
    }
    public var kind: Kind
    /// `.when(platforms: [.iOS, .macOS])` → `["ios", "macos"]`, lower-cased; `nil` = all.
    public var platforms: [String]?
    public var line: Int
    public var column: Int
    /// Root-relative file that declares it when that is not the target's own (a Podfile
    /// gives the targets of a committed project their pods).
    public var file: String?
    /// Listed to be installed rather than as a claim of use (a Podfile's pods): whether the
    /// target imports it says nothing.
    public var isInstallList = false
    /// The name is a target's of a project outside the linted paths, whose module name is
    /// not known here (`GRDBCustomSQLiteOSX` builds `GRDB`): whether the target imports it
    /// is not judged by the name.
    public var namesOutsideTarget = false

    public init(kind: Kind, platforms: [String]? = nil, line: Int, column: Int) {
        self.kind = kind
        self.platforms = platforms
        self.line = line
        self.column = column
    }

    /// The name the dependency refers to (target or product name).
    public var name: String {
        switch kind {
        case .byName(let name), .target(let name): return name
        case .product(let name, _): return name
        }
    }
}

public struct PackageDependency: Sendable, Equatable, Codable {
    public enum Location: Sendable, Equatable {
        case url(String)
        case path(String)
        case registry(String)
    }
    public var location: Location
    /// SwiftPM identity: last path component, minus `.git`, lower-cased (registry id as is).
    public var identity: String
    /// Legacy `name:` argument, when given.
    public var name: String?
    public var line: Int

    public init(location: Location, identity: String, name: String? = nil, line: Int) {
        self.location = location
        self.identity = identity
        self.name = name
        self.line = line
    }

    /// Identity of `.package(path:)`: the last component of `path` resolved against the
    /// package directory (`..` and `.` are folded lexically).
    public static func identity(forPath path: String, relativeTo directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/") {
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        return identity(for: components.last.map(String.init) ?? path)
    }

    /// SwiftPM's identity rule for a URL or path.
    public static func identity(for location: String) -> String {
        var trimmed = Substring(location)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var last = trimmed.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? String(trimmed)
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.lowercased()
    }
}

public struct ManifestNote: Sendable, Equatable, Codable {
    public var message: String
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}

// The two enums with payloads are coded as a case name and fixed fields rather than the
// synthesised one-key-per-case form: the cache's positional binary coding (the workspace
// layout memo) cannot decode a form whose shape depends on which key is present.

extension TargetDependency.Kind: Codable {
    private enum CodingKeys: String, CodingKey { case kind, name, package }

    public init(from decoder: any Decoder) throws {
        // In the order `encode` writes them: positional coders depend on it.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let name = try container.decode(String.self, forKey: .name)
        let package = try container.decodeIfPresent(String.self, forKey: .package)
        switch kind {
        case "byName": self = .byName(name)
        case "target": self = .target(name)
        case "product": self = .product(name: name, package: package)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown dependency kind \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .byName(let name):
            try container.encode("byName", forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(nil as String?, forKey: .package)
        case .target(let name):
            try container.encode("target", forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(nil as String?, forKey: .package)
        case .product(let name, let package):
            try container.encode("product", forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(package, forKey: .package)
        }
    }
}

extension PackageDependency.Location: Codable {
    private enum CodingKeys: String, CodingKey { case kind, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let value = try container.decode(String.self, forKey: .value)
        switch kind {
        case "url": self = .url(value)
        case "path": self = .path(value)
        case "registry": self = .registry(value)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown package location \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (kind, value): (String, String)
        switch self {
        case .url(let url): (kind, value) = ("url", url)
        case .path(let path): (kind, value) = ("path", path)
        case .registry(let id): (kind, value) = ("registry", id)
        }
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
    }
}

/// A compilation condition a target defines (`.define("HAPTICS", .when(platforms: [.iOS]))`).
public struct DefinedFlag: Sendable, Equatable, Codable {
    public var name: String
    /// Lower-cased platforms it is defined for; empty: every platform.
    public var platforms: [String]

    public init(name: String, platforms: [String]) {
        self.name = name
        self.platforms = platforms
    }
}
