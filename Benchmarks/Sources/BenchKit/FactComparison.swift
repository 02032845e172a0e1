import ModlintFacts

/// Normalization and comparison of per-file facts (modlint vs oracle).
///
/// A file agrees when its imports and its declarations are equal as multisets of
/// normalized facts:
/// - import: kind, path, module, attributes (source order), explicit access level, line;
/// - declaration: kind, name, enclosing names joined with `.`, explicit access level,
///   inheritance entries (source order), line.
/// Every text is compared after `clean`: backticks and white space removed, except a
/// single space between two word characters.
/// Not compared: columns, `#if` conditions, generic clauses, declaration attributes.
public enum FactNormalizer {
    /// Backticks removed; white space removed, except one space between two word
    /// characters (`@unchecked Sendable`, `Foo<A,B>`, `A.B`).
    public static func clean(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var last: Unicode.Scalar? = nil
        for ch in s.unicodeScalars {
            if ch == "`" { continue }
            if ch.properties.isWhitespace { pendingSpace = true; continue }
            if pendingSpace, let l = last, isWord(l), isWord(ch) { out.append(" ") }
            pendingSpace = false
            out.append(ch)
            last = ch
        }
        return String(out)
    }

    static func isWord(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || c.properties.isAlphabetic || c.properties.numericType != nil
    }

    public static func key(_ i: ImportFact) -> String {
        let access = i.accessLevel.map { $0.rawValue + " " } ?? ""
        let attrs = i.attributes.map { "@" + clean($0) + " " }.joined()
        let kind = i.kind == .module ? "" : i.kind.rawValue + " "
        return "\(attrs)\(access)import \(kind)\(i.path.map(clean).joined(separator: "."))"
            + (clean(i.module) == clean(i.path.first ?? "") ? "" : " [module \(clean(i.module))]")
            + " @\(i.line)"
    }

    public static func key(_ d: TypeDeclaration) -> String {
        let access = d.accessLevel.map { $0.rawValue + " " } ?? ""
        let qualified = (d.enclosing.map(clean) + [clean(d.name)]).filter { !$0.isEmpty }
        let outer = qualified.dropLast().joined(separator: ".")
        let name = outer.isEmpty ? clean(d.name) : outer + "::" + clean(d.name)
        let inherits = d.inheritance.isEmpty ? "" : ": " + d.inheritance.map(clean).joined(separator: ", ")
        return "\(access)\(d.kind.rawValue) \(name)\(inherits) @\(d.line)"
    }
}

public struct FileComparison {
    public var path: String
    /// Normalized facts only the oracle has, and only modlint has.
    public var oracleOnly: [String] = []
    public var modlintOnly: [String] = []
    /// Categories of the differences (one entry per differing fact or fact pair).
    public var categories: [String] = []
    public var oracleHadSyntaxErrors = false

    public init(path: String, oracleHadSyntaxErrors: Bool = false) {
        self.path = path
        self.oracleHadSyntaxErrors = oracleHadSyntaxErrors
    }

    public var agrees: Bool { oracleOnly.isEmpty && modlintOnly.isEmpty }
}

public enum FactComparer {
    public static func compare(path: String, modlint: SourceSummary, oracle: SourceSummary,
                               oracleHadSyntaxErrors: Bool = false) -> FileComparison {
        var result = FileComparison(path: path, oracleHadSyntaxErrors: oracleHadSyntaxErrors)
        // Imports.
        let (mi, oi) = difference(modlint.imports, oracle.imports, key: FactNormalizer.key)
        result.oracleOnly += oi.map { "import  " + FactNormalizer.key($0) }
        result.modlintOnly += mi.map { "import  " + FactNormalizer.key($0) }
        result.categories += categorize(modlintOnly: mi, oracleOnly: oi, prefix: "import",
                                        pairKeys: [{ $0.path.map(FactNormalizer.clean).joined(separator: ".") }],
                                        fields: [
                                            ("line", { "\($0.line)" }),
                                            ("kind", { $0.kind.rawValue }),
                                            ("attributes", { $0.attributes.map(FactNormalizer.clean).joined(separator: " ") }),
                                            ("access", { $0.accessLevel?.rawValue ?? "" }),
                                            ("module", { FactNormalizer.clean($0.module) }),
                                        ])
        // Declarations.
        let (md, od) = difference(modlint.declarations, oracle.declarations, key: FactNormalizer.key)
        result.oracleOnly += od.map { "decl    " + FactNormalizer.key($0) }
        result.modlintOnly += md.map { "decl    " + FactNormalizer.key($0) }
        let qualified: (TypeDeclaration) -> String = {
            ($0.enclosing.map(FactNormalizer.clean) + [FactNormalizer.clean($0.name)]).joined(separator: ".")
        }
        result.categories += categorize(modlintOnly: md, oracleOnly: od, prefix: "decl",
                                        pairKeys: [
                                            { "\($0.kind.rawValue) \(qualified($0)) \($0.line)" },
                                            { "\($0.kind.rawValue) \(qualified($0))" },
                                            { "\($0.kind.rawValue) \(FactNormalizer.clean($0.name)) \($0.line)" },
                                            { "\(qualified($0)) \($0.line)" },
                                        ],
                                        fields: [
                                            ("kind", { $0.kind.rawValue }),
                                            ("line", { "\($0.line)" }),
                                            ("enclosing", { $0.enclosing.map(FactNormalizer.clean).joined(separator: ".") }),
                                            ("name", { FactNormalizer.clean($0.name) }),
                                            ("access", { $0.accessLevel?.rawValue ?? "" }),
                                            ("inheritance", { $0.inheritance.map(FactNormalizer.clean).joined(separator: ",") }),
                                        ])
        return result
    }

    /// Multiset difference: (only in `a`, only in `b`).
    static func difference<T>(_ a: [T], _ b: [T], key: (T) -> String) -> ([T], [T]) {
        var counts: [String: Int] = [:]
        for x in b { counts[key(x), default: 0] += 1 }
        var onlyA: [T] = []
        for x in a {
            let k = key(x)
            if let c = counts[k], c > 0 { counts[k] = c - 1 } else { onlyA.append(x) }
        }
        var countsA: [String: Int] = [:]
        for x in a { countsA[key(x), default: 0] += 1 }
        var onlyB: [T] = []
        for x in b {
            let k = key(x)
            if let c = countsA[k], c > 0 { countsA[k] = c - 1 } else { onlyB.append(x) }
        }
        return (onlyA, onlyB)
    }

    /// Pairs differing facts by progressively looser keys; a pair yields one category per
    /// differing field (`decl.line`), leftovers yield `.missing` (oracle only) / `.extra`.
    static func categorize<T>(modlintOnly: [T], oracleOnly: [T], prefix: String,
                              pairKeys: [(T) -> String], fields: [(String, (T) -> String)]) -> [String] {
        var extra = modlintOnly, missing = oracleOnly
        var categories: [String] = []
        for pairKey in pairKeys {
            var index: [String: [Int]] = [:]
            for (i, x) in extra.enumerated() { index[pairKey(x), default: []].append(i) }
            var usedExtra = Set<Int>(), remainingMissing: [T] = []
            for m in missing {
                if var candidates = index[pairKey(m)], let i = candidates.first {
                    candidates.removeFirst()
                    index[pairKey(m)] = candidates
                    usedExtra.insert(i)
                    let differing = fields.filter { $0.1(m) != $0.1(extra[i]) }.map { "\(prefix).\($0.0)" }
                    categories += differing.isEmpty ? ["\(prefix).other"] : differing
                } else {
                    remainingMissing.append(m)
                }
            }
            missing = remainingMissing
            extra = extra.enumerated().filter { !usedExtra.contains($0.offset) }.map(\.element)
        }
        categories += Array(repeating: "\(prefix).missing", count: missing.count)
        categories += Array(repeating: "\(prefix).extra", count: extra.count)
        return categories
    }
}
