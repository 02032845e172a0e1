import ModlintTokenizer

/// The DI shapes every adapter reads — metatype arguments (`A.B.self`), receivers,
/// factory bodies, key paths, sites — on top of the shared token toolkit (`TokenReader`,
/// `BracketPartners`).
final class DITokens: BracketReader {
    let source: TokenizedSource
    let tokens: [Token]
    let bytes: [UInt8]
    let partners: BracketPartners
    private var conditionDescriptions: [Int32: (String?, [Int32])] = [:]

    /// `tokens` must hold no comments (see `DIScan.sawComment`). `partners` are the
    /// file's, shared with the other passes, when `tokens` are the source's.
    init(source: TokenizedSource, tokens: [Token], partners: BracketPartners? = nil) {
        self.source = source
        self.tokens = tokens
        self.bytes = source.bytes
        self.partners = partners ?? BracketPartners(source: source, tokens: tokens)
    }

    var count: Int { tokens.count }

    func site(_ index: Int) -> DISite {
        let token = tokens[index]
        let clause = source.conditions.condition(of: token)
        var condition: String?
        var branches: [Int32] = []
        if clause != 0 {
            if let cached = conditionDescriptions[clause] {
                (condition, branches) = cached
            } else {
                condition = source.conditions.description(of: clause)
                branches = source.conditions.chain(clause).flatMap { [$0.block, $0.branch] }
                conditionDescriptions[clause] = (condition, branches)
            }
        }
        return DISite(line: Int(token.line), column: source.column(of: token), condition: condition,
                      conditionID: clause, branches: branches)
    }

    // MARK: - Shapes

    /// `A.B.self` starting at `index`: the type name and the index of `self`. Generic
    /// arguments are kept (`Box<Int>.self` → `Box<Int>`); `(any P).self` → `any P`.
    func metatype(at index: Int) -> (type: String, end: Int)? {
        var cursor = index
        // `f((a + b))` is common and rarely a metatype: counting to the `)` spares the
        // file the whole partner table.
        if isPunctuation(cursor, UInt8(ascii: "(")), let close = closingBracket(from: cursor),
           isPunctuation(close + 1, UInt8(ascii: ".")), isWord(close + 2, "self") {
            return (text(from: cursor + 1, through: close - 1), close + 2)
        }
        guard startsUppercase(cursor) else { return nil }
        var parts: [String] = []
        while isName(cursor) {
            var part = name(cursor)
            cursor += 1
            if isOperator(cursor, "<") {
                // Generic arguments: up to the matching `>` on the same statement.
                var depth = 0, end = cursor
                while end < count {
                    if isOperator(end, "<") { depth += 1 } else if isOperator(end, ">") { depth -= 1 }
                    if depth == 0 { break }
                    if tokens[end].kind == .punctuation && !isPunctuation(end, UInt8(ascii: ",")) && !isPunctuation(end, UInt8(ascii: ".")) { return nil }
                    end += 1
                }
                guard end < count, depth == 0 else { return nil }
                part += String(text(from: cursor, through: end).filter { $0 != " " })
                cursor = end + 1
            }
            guard isPunctuation(cursor, UInt8(ascii: ".")) else { return nil }
            if isWord(cursor + 1, "self") {
                parts.append(part)
                return (parts.joined(separator: "."), cursor + 1)
            }
            parts.append(part)
            cursor += 1
        }
        return nil
    }

    /// The receiver of a member call whose `.` is at `dot`: `Container.shared`,
    /// `self.container`, `r`; empty when there is none or it is not a plain name chain.
    func receiver(beforeDot dot: Int) -> String {
        guard isPunctuation(dot, UInt8(ascii: ".")) else { return "" }
        var parts: [String] = []
        var cursor = dot - 1
        while isName(cursor) {
            parts.append(name(cursor))
            guard isPunctuation(cursor - 1, UInt8(ascii: ".")) else { break }
            cursor -= 2
        }
        if isPunctuation(cursor, UInt8(ascii: ")")) && parts.isEmpty { return "()" }
        return parts.reversed().joined(separator: ".")
    }

    /// A string literal's contents, or the argument as written.
    func literalOrText(at index: Int, close: Int) -> String {
        if tokens[index].kind == .string {
            let raw = text(at: index)
            return String(raw.drop { $0 == "#" || $0 == "\"" }.reversed().drop { $0 == "#" || $0 == "\"" }.reversed())
        }
        var end = index
        while end + 1 < close && !isPunctuation(end + 1, UInt8(ascii: ",")) {
            end = partner(of: end + 1).map { $0 > end + 1 ? $0 : end + 1 } ?? end + 1
        }
        return text(from: index, through: end)
    }

    /// The factory closure of a call whose `(` is at `open`: a trailing closure, or a
    /// closure argument. Returns the indices of `{` and `}`.
    func factoryBody(ofCallAt open: Int) -> (open: Int, close: Int)? {
        guard let close = closing(open) else { return nil }
        if isPunctuation(close + 1, UInt8(ascii: "{")), let end = closing(close + 1) {
            return (close + 1, end)
        }
        var index = open + 1
        while index < close {
            if isPunctuation(index, UInt8(ascii: "{")), let end = closing(index) { return (index, end) }
            if bracketDepthChange(index) > 0, let skip = closing(index) { index = skip + 1; continue }
            index += 1
        }
        return nil
    }


    /// The type a factory body builds: the first initializer call `Name(…)` / `Name.init(…)`
    /// / `Name { … }` that is not a member access (`Cat()` in `{ _ in Cat() }`).
    func builtType(from start: Int, to end: Int) -> String? {
        var index = start
        while index < end {
            if startsUppercase(index) && !isPunctuation(index - 1, UInt8(ascii: ".")) {
                var last = index
                var name = self.name(index)
                while isPunctuation(last + 1, UInt8(ascii: ".")) && startsUppercase(last + 2) {
                    last += 2
                    name += "." + self.name(last)
                }
                if isPunctuation(last + 1, UInt8(ascii: ".")) && isWord(last + 2, "init") { last += 2 }
                if isPunctuation(last + 1, UInt8(ascii: "(")) && !tokens[last + 1].hasSpaceBefore && name != "Self" {
                    return name
                }
                index = last + 1
                continue
            }
            index += 1
        }
        return nil
    }

    /// Key-path argument `\.x` or `\Root.x` at `index`: root (nil for `\.x`) and property.
    func keyPath(at index: Int) -> (root: String?, property: String)? {
        guard isOperator(index, "\\") || (tokens.indices.contains(index) && tokens[index].kind == .operator
                                           && text(at: index).hasPrefix("\\")) else { return nil }
        var cursor = index + 1
        var root: [String] = []
        while isName(cursor) && isPunctuation(cursor + 1, UInt8(ascii: ".")) {
            root.append(name(cursor))
            cursor += 2
        }
        if root.isEmpty {
            guard isPunctuation(cursor, UInt8(ascii: ".")) else { return nil }
            cursor += 1
        }
        guard isName(cursor) else { return nil }
        return (root.isEmpty ? nil : root.joined(separator: "."), name(cursor))
    }
}

extension String {
    func trimmingPrefixDot() -> String { hasPrefix(".") ? String(dropFirst()) : self }
}
