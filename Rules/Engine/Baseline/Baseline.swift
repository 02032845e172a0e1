import Foundation
import ModlintJSON

/// Accepted findings, so that a team can adopt a rule today and fix the debt over time.
///
/// An entry is keyed by rule, file and fingerprint (a hash of the rule and the symbols the
/// finding is about: modules, types, keys), never by line or message, so edits elsewhere
/// in a file do not break it. Identical keys are counted. The file is pretty, sorted JSON
/// so that it diffs well and only shrinks under `--baseline-strict`.
public struct Baseline: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Equatable, Codable {
        public var rule: String
        public var file: String
        /// For readers of the file; not part of the key.
        public var module: String?
        public var fingerprint: String
        public var count: Int
        /// For a cycle: a fingerprint per edge of the cycle (rule, importer, imported),
        /// sorted. A later cycle made only of these edges (one that lost a member) is the
        /// same debt and stays baselined. Absent in files written before, and for other
        /// findings.
        public var edges: [String]?

        public init(rule: String, file: String, module: String? = nil, fingerprint: String, count: Int, edges: [String]? = nil) {
            self.rule = rule
            self.file = file
            self.module = module
            self.fingerprint = fingerprint
            self.count = count
            self.edges = edges
        }

        var key: Key { Key(rule: rule, file: file, fingerprint: fingerprint) }
    }

    struct Key: Hashable {
        var rule: String
        var file: String
        var fingerprint: String
    }

    public static let currentVersion = 1

    public var version: Int
    /// Sorted by file, rule, fingerprint.
    public var findings: [Entry]

    public init(version: Int = Baseline.currentVersion, findings: [Entry]) {
        self.version = version
        self.findings = findings
    }

    /// Every diagnostic of a result, counted by key.
    public init(result: LintResult) {
        var counts: [Key: Entry] = [:]
        for diagnostic in result.diagnostics {
            let key = Key(rule: diagnostic.rule, file: diagnostic.file, fingerprint: diagnostic.fingerprint)
            counts[key, default: Entry(rule: diagnostic.rule, file: diagnostic.file, module: diagnostic.module,
                                       fingerprint: diagnostic.fingerprint, count: 0, edges: Self.cycleEdges(of: diagnostic))].count += 1
        }
        self.init(findings: counts.values.sorted { ($0.file, $0.rule, $0.fingerprint) < ($1.file, $1.rule, $1.fingerprint) })
    }

    public struct Outcome: Sendable, Equatable {
        /// The result without the baselined findings (summary recounted).
        public var result: LintResult
        /// Entries (with the missing count) that no longer occur as often as recorded.
        public var stale: [Entry]
    }

    /// The per-edge fingerprints of a finding whose edges close a cycle (each edge ends
    /// where the next begins, the last where the first begins), sorted; `nil` otherwise.
    static func cycleEdges(of diagnostic: Diagnostic) -> [String]? {
        let edges = diagnostic.edges
        guard !edges.isEmpty, edges.indices.allSatisfy({ edges[$0].to == edges[($0 + 1) % edges.count].from }) else { return nil }
        return Set(edges.map { Fingerprint.make(rule: diagnostic.rule, key: [$0.from, $0.to]) }).sorted()
    }

    /// Drops the findings the baseline accounts for, up to each entry's count: first those
    /// whose key it recorded; then a cycle whose every edge one recorded cycle of the same
    /// rule holds (it lost a member since), against that entry's count left over. Nothing
    /// else is hidden: a cycle with an edge the baseline never saw is new.
    public func apply(to result: LintResult) -> Outcome {
        var remaining = Dictionary(findings.map { ($0.key, $0.count) }, uniquingKeysWith: +)
        var unmatched: [Int] = []
        for (index, diagnostic) in result.diagnostics.enumerated() {
            let key = Key(rule: diagnostic.rule, file: diagnostic.file, fingerprint: diagnostic.fingerprint)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                unmatched.append(index)
            }
        }
        let cycles = findings.filter { $0.edges != nil }
        var kept: [Diagnostic] = []
        for index in unmatched {
            let diagnostic = result.diagnostics[index]
            if !cycles.isEmpty, let edges = Self.cycleEdges(of: diagnostic),
               let entry = cycles.first(where: { entry in
                   entry.rule == diagnostic.rule && remaining[entry.key, default: 0] > 0 && Set(entry.edges!).isSuperset(of: edges)
               }) {
                remaining[entry.key]! -= 1
                continue
            }
            kept.append(diagnostic)
        }
        var stale: [Entry] = []
        for entry in findings {
            guard let missing = remaining[entry.key], missing > 0 else { continue }
            var gone = entry
            gone.count = missing
            stale.append(gone)
            remaining[entry.key] = 0
        }
        return Outcome(result: result.replacingDiagnostics(kept), stale: stale)
    }

    // MARK: - File format

    public enum FormatError: Error, CustomStringConvertible {
        case invalid(String)
        case unsupportedVersion(Int)

        public var description: String {
            switch self {
            case .invalid(let reason): return "not a modlint baseline (\(reason))"
            case .unsupportedVersion(let version): return "unsupported baseline version \(version) (this modlint reads version \(Baseline.currentVersion))"
            }
        }
    }

    public static func decode(_ bytes: [UInt8]) throws -> Baseline {
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw FormatError.invalid(Self.describe(error))
        }
        guard baseline.version == currentVersion else { throw FormatError.unsupportedVersion(baseline.version) }
        return baseline
    }

    /// Two-space indented JSON, one entry per line group, keys in a fixed order.
    public func encoded() -> String {
        var lines = ["{", "  \"version\": \(version),"]
        if findings.isEmpty {
            lines.append("  \"findings\": []")
        } else {
            lines.append("  \"findings\": [")
            for (index, entry) in findings.enumerated() {
                var members = ["\"rule\": \(Self.quote(entry.rule))", "\"file\": \(Self.quote(entry.file))"]
                if let module = entry.module { members.append("\"module\": \(Self.quote(module))") }
                members.append("\"fingerprint\": \(Self.quote(entry.fingerprint))")
                members.append("\"count\": \(entry.count)")
                if let edges = entry.edges { members.append("\"edges\": [" + edges.map(Self.quote).joined(separator: ", ") + "]") }
                lines.append("    {")
                lines.append(members.map { "      " + $0 }.joined(separator: ",\n"))
                lines.append(index == findings.count - 1 ? "    }" : "    },")
            }
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A JSON string: the one JSON escaper (`ModlintJSON`), as every JSON output uses.
    static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONValue.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'" + path(context)
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return context.debugDescription + path(context)
        case .dataCorrupted(let context): return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        @unknown default: return "\(error)"
        }
    }

    static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }
}

extension LintResult {
    /// The same result with other diagnostics; the finding counts are recomputed.
    public func replacingDiagnostics(_ diagnostics: [Diagnostic]) -> LintResult {
        var copy = self
        copy.diagnostics = diagnostics
        copy.summary.errors = diagnostics.filter { $0.severity == .error }.count
        copy.summary.warnings = diagnostics.filter { $0.severity == .warning }.count
        copy.summary.notes = diagnostics.filter { $0.severity == .note }.count
        return copy
    }
}
