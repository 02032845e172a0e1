@_exported import ModlintConfiguration
import ModlintGraph

/// A location related to a finding (the other registration, the next edge of a cycle …).
public struct RelatedLocation: Sendable, Equatable, Codable {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// What a rule reports (`Rule.check`); the engine keeps it or not (suppressions,
/// `include:`), then makes it a `Diagnostic` with its rule, severity and fingerprint.
public struct Finding: Sendable, Equatable {
    public var site: Site
    public var message: String
    public var module: String?
    /// Symbols that identify the finding independently of lines and wording (module
    /// names, type names, keys); hashed into the fingerprint.
    public var key: [String]
    public var related: [RelatedLocation]
    /// Graph edges the finding is about, so that diagrams draw them as violations: module
    /// ids for module rules, the `di` view's key and implementation names for DI rules,
    /// Spezi type names for Spezi rules; empty for findings that concern no edge.
    public var edges: [ModuleEdge]
    /// Set when the consequence decides the severity (an import that breaks the build is
    /// an error, one that builds by accident a warning); `nil` takes the rule's.
    public var severity: Severity?
    /// The manifest edit that resolves the finding, when the rule knows it (`modlint fix`).
    public var fix: DependencyFix?

    public init(site: Site, message: String, module: String? = nil, key: [String], related: [RelatedLocation] = [],
                edges: [ModuleEdge] = []) {
        self.site = site
        self.message = message
        self.module = module
        self.key = key
        self.related = related
        self.edges = edges
    }
}

/// An edge between two modules, by module id.
public struct ModuleEdge: Sendable, Equatable, Hashable, Codable, Comparable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    public static func < (lhs: ModuleEdge, rhs: ModuleEdge) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

/// One finding, as it appears in the versioned JSON result.
public struct Diagnostic: Sendable, Equatable, Codable {
    public var rule: String
    public var severity: Severity
    public var message: String
    /// Relative to the result's `root`.
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based.
    public var column: Int
    public var module: String?
    /// Stable across unrelated edits: derived from the rule and the symbols involved,
    /// never from line numbers or message text.
    public var fingerprint: String
    public var related: [RelatedLocation]
    /// The module-graph edges the finding is about (module ids), for diagrams: a cycle's
    /// edges, an undeclared import, a layer or forbidden dependency. Empty for the rest.
    public var edges: [ModuleEdge]
    /// The manifest edit that resolves the finding, when known (`modlint fix` applies it).
    public var fix: DependencyFix?

    public init(rule: String, severity: Severity, message: String, file: String, line: Int, column: Int,
                module: String? = nil, fingerprint: String, related: [RelatedLocation] = [], edges: [ModuleEdge] = [],
                fix: DependencyFix? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.module = module
        self.fingerprint = fingerprint
        self.related = related
        self.edges = edges
        self.fix = fix
    }

    /// A kept finding of rule `rule` at `severity`: its edges and fix carried over as they are.
    public init(rule: String, severity: Severity, finding: Finding) {
        self.init(rule: rule, severity: severity, message: finding.message, file: finding.site.file, line: finding.site.line,
                  column: finding.site.column, module: finding.module, fingerprint: Fingerprint.make(rule: rule, key: finding.key),
                  related: finding.related, edges: finding.edges, fix: finding.fix)
    }

    private enum CodingKeys: String, CodingKey {
        case rule, severity, message, file, line, column, module, fingerprint, related, edges, fix
    }

    /// `edges` is optional in the JSON result (written only when there are some).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(String.self, forKey: .rule)
        severity = try container.decode(Severity.self, forKey: .severity)
        message = try container.decode(String.self, forKey: .message)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
        module = try container.decodeIfPresent(String.self, forKey: .module)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        related = try container.decode([RelatedLocation].self, forKey: .related)
        // `contains` rather than `decodeIfPresent`: positional coders (the result memo)
        // store the array as encoded, with no presence marker.
        edges = container.contains(.edges) ? try container.decode([ModuleEdge].self, forKey: .edges) : []
        fix = try container.decodeIfPresent(DependencyFix.self, forKey: .fix)
    }

    /// Sort order of the result: file, line, column, rule (then message for ties).
    public static func ordered(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}

/// The versioned result every reporter renders (JSON reporter, version 1).
public struct LintResult: Sendable, Equatable, Codable {
    public struct Tool: Sendable, Equatable, Codable {
        public var name: String
        public var version: String

        public init(name: String = "modlint", version: String) {
            self.name = name
            self.version = version
        }
    }

    public struct Summary: Sendable, Equatable, Codable {
        public var errors: Int
        public var warnings: Int
        public var notes: Int
        public var packages: Int
        public var modules: Int
        /// Distinct Swift files analysed (a file two Xcode targets build counts once).
        public var files: Int
        /// Swift files under the linted paths that no target builds (not analysed).
        public var filesInNoTarget: Int
        /// Dependency packages whose sources were read as context (not linted, not counted above).
        public var contextPackages: Int

        public init(errors: Int = 0, warnings: Int = 0, notes: Int = 0, packages: Int = 0, modules: Int = 0, files: Int = 0,
                    filesInNoTarget: Int = 0, contextPackages: Int = 0) {
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
            self.packages = packages
            self.modules = modules
            self.files = files
            self.filesInNoTarget = filesInNoTarget
            self.contextPackages = contextPackages
        }
    }

    public static let currentVersion = 1

    public var version: Int
    public var tool: Tool
    /// Absolute path of the workspace root.
    public var root: String
    public var summary: Summary
    /// Sorted with `Diagnostic.ordered`.
    public var diagnostics: [Diagnostic]

    public init(version: Int = LintResult.currentVersion, tool: Tool, root: String, summary: Summary, diagnostics: [Diagnostic]) {
        self.version = version
        self.tool = tool
        self.root = root
        self.summary = summary
        self.diagnostics = diagnostics
    }
}
