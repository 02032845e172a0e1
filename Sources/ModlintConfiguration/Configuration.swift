/// A place in a configuration file, 1-based.
public struct ConfigurationLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// `.modlint.yml`: how a team describes its architecture once so that modlint can
/// enforce it on every commit. Every field has a default, so an empty file is valid.
public struct Configuration: Sendable {
    /// The file it was read from, `nil` for the defaults.
    public var file: String?
    /// Absolute directory that path globs are relative to (the file's directory).
    /// Severity of `undeclared-import` findings whose module is reachable only through
    /// other dependencies (it breaks if they drop it): `transitive-imports:`.
    public var transitiveImports: Severity = .warning
    /// Folders of package checkouts read as context (`dependencies:`), relative to the
    /// configuration file's directory: a CI cache of resolved packages.
    public var dependencies: [String] = []
    /// Platforms manifests' `#if os(…)` / `canImport(…)` are evaluated for (`platforms:`,
    /// lower-case `.when(platforms:)` names); `nil`: each manifest's declared platforms,
    /// else Linux.
    public var platforms: [String]?
    public var baseDirectory: String?

    /// Rule id → severity (`off` disables).
    public var severities: [String: Severity] = [:]
    /// Paths (relative to the base directory) whose packages are linted; empty = all.
    public var include: [Glob] = []
    /// Paths never read (packages, targets or files below them).
    public var exclude: [Glob] = []
    /// Concrete implementation types that must not cross module boundaries.
    public var implPatterns: [Glob] = Configuration.defaultImplPatterns
    /// Modules allowed to see every concrete type (the app target, DI assemblies).
    public var compositionRoots: [Glob] = []
    /// Ordered from top (may depend on everything below) to bottom.
    public var layers: [Layer] = []
    /// Edges that must not exist.
    public var forbidden: [EdgeRule] = []
    /// Edges that are always fine, whatever the layers say.
    public var allowed: [EdgeRule] = []
    /// Longest allowed chain of module dependencies.
    public var maxDepth: Int?
    /// Baseline file (relative to the base directory).
    public var baseline: String?
    /// The oldest modlint this configuration is written for (`minimum-version:`); an older
    /// binary refuses it (exit 2).
    public var minimumVersion: ModlintRelease?
    public var di = DISettings()
    public var mvvm = MVVMSettings()
    public var suppressions: [ConfiguredSuppression] = []
    /// Suppression comments and entries must say why.
    public var requireSuppressionReason = true

    public static let defaultImplPatterns = ["*Impl", "*Implementation", "Live*", "Default*"].map { Glob($0) }

    public init() {}

    public func severity(of rule: String, default defaultSeverity: Severity) -> Severity {
        severities[rule] ?? defaultSeverity
    }

    public func isCompositionRoot(_ module: String) -> Bool {
        compositionRoots.contains { $0.matches(module) }
    }

    public func isImplementation(_ typeName: String) -> Bool {
        implPatterns.contains { $0.matches(typeName) }
    }
}

/// One architectural layer: the modules it contains, by name or by path.
public struct Layer: Sendable, Equatable {
    public var name: String
    public var modules: [Glob]
    /// Globs over the module's directory, relative to the base directory.
    public var paths: [Glob]
    /// Modules of this layer must not depend on each other (e.g. features).
    public var independent: Bool
    public var location: ConfigurationLocation?

    public init(name: String, modules: [Glob] = [], paths: [Glob] = [], independent: Bool = false, location: ConfigurationLocation? = nil) {
        self.name = name
        self.modules = modules
        self.paths = paths
        self.independent = independent
        self.location = location
    }

    public func contains(module: String, directory: String?) -> Bool {
        if modules.contains(where: { $0.matches(module) }) { return true }
        guard let directory else { return false }
        return paths.contains { $0.matches(directory) || $0.matches(directory + "/") }
    }
}

/// `from` → `to` over module names, with the reason shown in findings.
public struct EdgeRule: Sendable, Equatable {
    public var from: Glob
    public var to: Glob
    public var reason: String?
    public var location: ConfigurationLocation?

    public init(from: Glob, to: Glob, reason: String? = nil, location: ConfigurationLocation? = nil) {
        self.from = from
        self.to = to
        self.reason = reason
        self.location = location
    }

    public func matches(from source: String, to destination: String) -> Bool {
        from.matches(source) && to.matches(destination)
    }
}

/// Hand-rolled containers: which method names register and resolve.
public struct DISettings: Sendable, Equatable {
    public var registerMethods: [String] = ["register", "registerSingleton", "registerFactory", "registerService", "registerInstance"]
    public var resolveMethods: [String] = ["resolve", "resolveOptional", "getService", "resolveService"]
    public init() {}
}

/// Kaluga-style MVVM rules (off unless `enabled`).
public struct MVVMSettings: Sendable, Equatable {
    public var enabled = false
    /// Modules that hold view models (in addition to files declaring `…ViewModel` types).
    public var viewModelModules: [Glob] = []
    /// Type name patterns a view model must not reference (views, view controllers).
    public var viewPatterns: [Glob] = ["*ViewController", "*View", "*Screen"].map { Glob($0) }
    /// Navigation abstractions view models should use instead.
    public var navigatorPatterns: [Glob] = ["*Navigator", "*Coordinator", "*Router"].map { Glob($0) }
    public init() {}
}

/// A suppression written in the configuration: a rule (or all rules) for a module or an
/// edge, with a reason and an optional expiry date.
public struct ConfiguredSuppression: Sendable, Equatable {
    public var rule: String
    public var module: Glob?
    public var from: Glob?
    public var to: Glob?
    public var reason: String?
    /// `YYYY-MM-DD`; after it the suppression no longer applies and is reported.
    public var until: String?
    public var location: ConfigurationLocation?

    public init(rule: String, module: Glob? = nil, from: Glob? = nil, to: Glob? = nil, reason: String? = nil,
                until: String? = nil, location: ConfigurationLocation? = nil) {
        self.rule = rule
        self.module = module
        self.from = from
        self.to = to
        self.reason = reason
        self.until = until
        self.location = location
    }
}

/// A problem in `.modlint.yml`: reported as `file:line:column: error: message`, exit 2.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: ConfigurationLocation
    public var message: String

    public init(_ message: String, at location: ConfigurationLocation) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): error: \(message)" }
}
