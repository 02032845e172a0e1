import ModlintRules

/// What a reporter may say about a rule beyond its id: the result carries rule ids only, so
/// formats with rule metadata (SARIF's `tool.driver.rules`, Markdown's rule headings, one
/// JUnit suite per rule) read it from here. The CLI builds it from the registered rules.
public struct RuleMetadata: Sendable, Equatable {
    public var id: String
    /// One line.
    public var summary: String
    /// Markdown.
    public var rationale: String
    public var defaultSeverity: Severity
    /// Where the rule is documented (`<base>/<id>.md`); `nil` when the catalog has no base.
    public var helpURI: String?

    public init(id: String, summary: String, rationale: String, defaultSeverity: Severity, helpURI: String?) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.helpURI = helpURI
    }
}

/// Rule metadata by id, sorted by id.
public struct RuleCatalog: Sendable, Equatable {
    /// The project's home: SARIF's `tool.driver.informationUri`, and the one place the
    /// rule documentation URL derives from.
    public static let projectURL = "https://github.com/modlint/modlint"

    /// Where `docs/rules/<id>.md` is published. Override it (`--rules-url`) for a fork or a
    /// pinned release; the trailing slash is optional.
    public static let defaultDocumentationBaseURL = projectURL + "/blob/main/docs/rules/"

    /// An empty catalog: reporters fall back to the bare rule ids of the result.
    public static let empty = RuleCatalog(rules: [])

    /// Sorted by id, unique ids.
    public private(set) var rules: [RuleMetadata]

    public init(rules: [RuleMetadata]) {
        var seen = Set<String>()
        self.rules = rules.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// The catalog of the given rules, with help URIs `<documentationBaseURL>/<id>.md`.
    public init(_ descriptions: [RuleDescription], documentationBaseURL: String? = RuleCatalog.defaultDocumentationBaseURL) {
        let base = documentationBaseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.init(rules: descriptions.map {
            RuleMetadata(id: $0.id, summary: $0.summary, rationale: $0.rationale,
                         defaultSeverity: $0.defaultSeverity, helpURI: base.map { [id = $0.id] in $0 + id + ".md" })
        })
    }

    public func metadata(for id: String) -> RuleMetadata? {
        rules.first { $0.id == id }
    }

    /// The catalog's rules plus a bare entry for every rule id of the result it does not
    /// know (a plugin rule, a result read back from an older version), sorted by id — the
    /// rule list of formats that index rules.
    public func covering(_ result: LintResult) -> [RuleMetadata] {
        let known = Set(rules.map(\.id))
        let unknown = Set(result.diagnostics.map(\.rule)).subtracting(known).map {
            RuleMetadata(id: $0, summary: "", rationale: "", defaultSeverity: .warning, helpURI: nil)
        }
        return (rules + unknown).sorted { $0.id < $1.id }
    }
}
