#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ModlintTokenizer

/// A `// modlint:…` directive, resolved to the lines it covers.
///
/// Forms (rule ids separated by commas or spaces, `all` for every rule):
/// - `// modlint:disable:next RULE - reason` — the next line with code on it;
/// - `// modlint:disable RULE - reason` … `// modlint:enable RULE` — the lines in between
///   (to the end of the file when no `enable` follows);
/// - `// modlint:disable-file RULE - reason` — the whole file.
/// `until: YYYY-MM-DD` anywhere after the rule ids sets an expiry date. A comment that
/// starts with `modlint:` but cannot be read is kept with a `problem`, so that it is
/// reported instead of silently ignored.
public struct SuppressionComment: Sendable, Equatable, Codable {
    public enum Scope: String, Sendable, Codable {
        case next, region, file
    }

    /// `nil` for a malformed directive (see `problem`).
    public var scope: Scope?
    /// Rule ids as written (`all` included), in order.
    public var rules: [String]
    /// Text after ` - `, trimmed; `nil` when absent or empty.
    public var reason: String?
    /// `YYYY-MM-DD`.
    public var until: String?
    /// Where the comment starts (1-based).
    public var line: Int
    public var column: Int
    /// First and last line suppressed (inclusive).
    public var firstLine: Int
    public var lastLine: Int
    /// Why the directive could not be read (unknown directive, no rule, bad date,
    /// `enable` without a matching `disable`).
    public var problem: String?

    public init(scope: Scope?, rules: [String], reason: String? = nil, until: String? = nil, line: Int, column: Int,
                firstLine: Int, lastLine: Int, problem: String? = nil) {
        self.scope = scope
        self.rules = rules
        self.reason = reason
        self.until = until
        self.line = line
        self.column = column
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.problem = problem
    }

    public func covers(rule: String, line findingLine: Int) -> Bool {
        scope != nil && (rules.contains(rule) || rules.contains("all")) && firstLine <= findingLine && findingLine <= lastLine
    }
}

public enum SuppressionExtractor {
    static let marker = Array("modlint:".utf8)

    /// Reads suppression comments from raw bytes. Files without the marker (nearly all)
    /// cost one byte scan; the others are lexed with comments so that a `modlint:` inside
    /// a string literal is never taken for a directive.
    public static func extract(bytes: [UInt8]) -> [SuppressionComment] {
        guard contains(bytes, marker) else { return [] }
        let source = TokenizedSource(bytes: bytes, options: TokenizerOptions(keepComments: true))
        let lastLine = max(source.lineCount, 1)
        var result: [SuppressionComment] = []
        // Open `disable` regions by rule id → index into `result`.
        var open: [String: Int] = [:]
        for (index, token) in source.tokens.enumerated() where token.kind == .comment {
            guard let body = directiveBody(source, token) else { continue }
            let line = Int(token.line)
            let column = source.column(of: token)
            var comment = parse(body, line: line, column: column, lastLine: lastLine)
            switch comment.scope {
            case .next:
                // The next line holding code (comments in between are skipped).
                let next = source.tokens[(index + 1)...].first { $0.kind != .comment && $0.line > token.line }
                let target = next.map { Int($0.line) } ?? line + 1
                comment.firstLine = target
                comment.lastLine = target
            case .region:
                if body.hasPrefix("enable") {
                    var matched = false
                    for rule in comment.rules.contains("all") ? Array(open.keys) : comment.rules {
                        if let opened = open.removeValue(forKey: rule) {
                            result[opened].lastLine = line
                            matched = true
                        }
                    }
                    if !matched {
                        comment.scope = nil
                        comment.problem = "'modlint:enable' without a matching 'modlint:disable' of \(comment.rules.joined(separator: ", "))"
                        result.append(comment)
                    }
                    continue
                }
                for rule in comment.rules { open[rule] = result.count }
            case .file, nil:
                break
            }
            result.append(comment)
        }
        return result
    }

    /// The text after `modlint:` when the comment is a directive (`//` or `/* */`, not a
    /// doc comment, `modlint:` first); `nil` otherwise.
    static func directiveBody(_ source: TokenizedSource, _ token: Token) -> String? {
        var text = Substring(source.text(token))
        if text.hasPrefix("///") || text.hasPrefix("/**") { return nil }
        if text.hasPrefix("//") {
            text = text.dropFirst(2)
        } else if text.hasPrefix("/*") {
            text = text.dropFirst(2)
            if text.hasSuffix("*/") { text = text.dropLast(2) }
        } else {
            return nil
        }
        text = text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("modlint:") else { return nil }
        return String(text.dropFirst("modlint:".count)).trimmingWhitespace()
    }

    /// Parses `disable:next a, b - reason until: 2025-01-31`.
    static func parse(_ body: String, line: Int, column: Int, lastLine: Int) -> SuppressionComment {
        var comment = SuppressionComment(scope: nil, rules: [], line: line, column: column, firstLine: line, lastLine: lastLine)
        let directive = String(body.prefix { !$0.isWhitespace })
        var rest = Substring(body.dropFirst(directive.count))
        switch directive {
        case "disable:next": comment.scope = .next
        case "disable", "enable": comment.scope = .region
        case "disable-file": comment.scope = .file; comment.firstLine = 1
        default:
            comment.problem = "unknown directive 'modlint:\(directive)' (expected disable:next, disable, enable or disable-file)"
            return comment
        }
        // `until: DATE` may stand anywhere after the directive.
        if let range = rest.firstRange(of: "until:") {
            let after = rest[range.upperBound...].drop { $0 == " " }
            let date = String(after.prefix { !$0.isWhitespace && $0 != "," && $0 != ")" && $0 != ";" })
            guard isDate(date) else {
                comment.scope = nil
                comment.problem = "'until:' needs a date YYYY-MM-DD (got '\(date)')"
                return comment
            }
            comment.until = date
            let remainder: Substring = after.dropFirst(date.count)
            rest = Substring(String(rest[..<range.lowerBound]) + String(remainder))
        }
        var ruleText = rest
        let padded: Substring = Substring(" " + String(rest))
        if let dash = padded.firstRange(of: " - ") {
            ruleText = padded[..<dash.lowerBound]
            let reason: String = padded[dash.upperBound...].trimmingWhitespace().trimming([",", ";", "(", ")"])
            comment.reason = reason.isEmpty ? nil : reason
        }
        comment.rules = ruleText.split { $0 == "," || $0.isWhitespace }.map(String.init)
        if comment.rules.isEmpty {
            comment.scope = nil
            comment.problem = "'modlint:\(directive)' needs a rule id or 'all'"
        }
        return comment
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// Naive substring search: the marker's first byte is rare enough in source code.
    /// Substring search that jumps between candidate first bytes with libc's vectorised
    /// `memchr`: this runs over every byte of every file and almost never finds anything.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            guard let base = haystack.baseAddress else { return false }
            var index = 0
            let last = haystack.count - needle.count
            while index <= last {
                guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return false }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, needle, needle.count) == 0 { return true }
                index = position + 1
            }
            return false
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    func trimming(_ set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
