import ModlintJSON
import ModlintRules

/// SARIF 2.1.0 for code scanning (GitHub `upload-sarif`, Azure DevOps, IDE viewers).
///
/// One run; every rule of the catalog (plus unknown ids of the result) in
/// `tool.driver.rules`, sorted by id, referenced by `ruleIndex`. Artifact URIs are relative
/// to `%SRCROOT%`, the repository root when known, else the result root. The diagnostic's
/// fingerprint becomes `partialFingerprints["modlint/v1"]`, so alerts survive line moves.
public struct SARIFReporter: RepositoryRelativeReporter {
    public static let name = "sarif"
    public var name: String { Self.name }

    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let fingerprintKey = "modlint/v1"
    public static let sourceRootID = "%SRCROOT%"

    public var rules: RuleCatalog
    public var repositoryRoot: String?

    public init(rules: RuleCatalog = .empty, repositoryRoot: String? = nil) {
        self.rules = rules
        self.repositoryRoot = repositoryRoot
    }

    public func render(_ result: LintResult) -> String {
        jsonValue(result).serialized(indent: 2) + "\n"
    }

    public func jsonValue(_ result: LintResult) -> JSONValue {
        let descriptors = rules.covering(result)
        var indexByID: [String: Int] = [:]
        for (index, rule) in descriptors.enumerated() { indexByID[rule.id] = index }
        let paths = paths(result, absoluteOutside: false)

        let driver: JSONValue = .object([
            ("name", .string(result.tool.name)),
            ("version", .string(result.tool.version)),
            ("semanticVersion", .string(result.tool.version)),
            ("informationUri", .string(RuleCatalog.projectURL)),
            ("rules", .array(descriptors.map(descriptor))),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("originalUriBaseIds", .object([
                (Self.sourceRootID, .object([("uri", .string(Self.directoryURI(paths.base)))])),
            ])),
            ("results", .array(zip(result.diagnostics, Self.uniqueFingerprints(result.diagnostics)).map {
                sarifResult($0, fingerprint: $1, ruleIndex: indexByID[$0.rule] ?? 0, paths: paths)
            })),
        ])
        return .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    private func descriptor(_ rule: RuleMetadata) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("name", .string(Self.pascalCase(rule.id))),
        ]
        if !rule.summary.isEmpty {
            members.append(("shortDescription", .object([("text", .string(rule.summary))])))
        }
        if !rule.rationale.isEmpty {
            members.append(("fullDescription", .object([("text", .string(rule.rationale))])))
        }
        if let uri = rule.helpURI {
            // Code-scanning UIs show `help` beside an alert: the summary and where to read more.
            let summary = rule.summary.isEmpty ? rule.id : rule.summary
            members.append(("help", .object([
                ("text", .string("\(summary) See \(uri)")),
                ("markdown", .string("\(summary) See [\(rule.id)](\(uri)).")),
            ])))
            members.append(("helpUri", .string(uri)))
        }
        members.append(("defaultConfiguration", .object([("level", .string(Self.level(rule.defaultSeverity)))])))
        return .object(members)
    }

    /// Code scanning merges results that share a partial fingerprint: the second and later
    /// results with one get the occurrence appended (`…:2`), in the result's stable order.
    static func uniqueFingerprints(_ diagnostics: [Diagnostic]) -> [String] {
        var seen: [String: Int] = [:]
        return diagnostics.map { diagnostic in
            let key = diagnostic.rule + "\u{0}" + diagnostic.fingerprint
            let occurrence = (seen[key] ?? 0) + 1
            seen[key] = occurrence
            return occurrence == 1 ? diagnostic.fingerprint : "\(diagnostic.fingerprint):\(occurrence)"
        }
    }

    private func sarifResult(_ d: Diagnostic, fingerprint: String, ruleIndex: Int, paths: RepositoryPaths) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(d.rule)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(Self.level(d.severity))),
            ("message", .object([("text", .string(d.message))])),
            ("locations", .array([.object([
                ("physicalLocation", physicalLocation(paths.path(d.file), line: d.line, column: d.column)),
            ])])),
            ("partialFingerprints", .object([(Self.fingerprintKey, .string(fingerprint))])),
        ]
        if !d.related.isEmpty {
            members.append(("relatedLocations", .array(d.related.enumerated().map { index, related in
                .object([
                    ("id", .int(index)),
                    ("physicalLocation", physicalLocation(paths.path(related.file), line: related.line, column: 0)),
                    ("message", .object([("text", .string(related.message))])),
                ])
            })))
        }
        if let module = d.module {
            members.append(("properties", .object([("module", .string(module))])))
        }
        return .object(members)
    }

    /// A region only when the line is known (related locations may name just a file).
    private func physicalLocation(_ path: String, line: Int, column: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("artifactLocation", .object([
                ("uri", .string(Self.relativeURI(path))),
                ("uriBaseId", .string(Self.sourceRootID)),
            ])),
        ]
        if line > 0 {
            var region: [(String, JSONValue)] = [("startLine", .int(line))]
            if column > 0 { region.append(("startColumn", .int(column))) }
            members.append(("region", .object(region)))
        }
        return .object(members)
    }

    /// SARIF levels; `off` never reaches a result (the linter drops those findings).
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        case .off: "none"
        }
    }

    /// `target-cycle` → `TargetCycle` (SARIF's `name` is an identifier-like rule name).
    static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference: every byte outside RFC 3986's unreserved set and `/` is
    /// percent-encoded, so spaces, `#`, `%` and non-ASCII names stay one path.
    static func relativeURI(_ path: String) -> String {
        percentEncoded(path)
    }

    /// `file:///abs/dir/` (trailing slash: SARIF resolves relative URIs against it).
    static func directoryURI(_ path: String) -> String {
        let encoded = percentEncoded(path)
        let absolute = encoded.hasPrefix("/") ? encoded : "/" + encoded
        return "file://" + absolute + (absolute.hasSuffix("/") ? "" : "/")
    }

    private static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
