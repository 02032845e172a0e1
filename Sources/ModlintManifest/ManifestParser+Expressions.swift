import ModlintTokenizer

/// Expressions and string literals of the manifest subset.
extension ManifestParser {
    static func precedence(_ op: String) -> Int? {
        switch op {
        case "*", "/", "%": return 150
        case "+", "-": return 140
        case "..<", "...": return 135
        case "??": return 131
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": return 130
        case "&&": return 120
        case "||": return 110
        default: return nil
        }
    }

    mutating func parseExpr(noTrailingClosure: Bool = false) -> Expr {
        if depth >= ManifestParser.maxDepth {
            tooDeep()
            let pos = currentPos
            skipExpressionIteratively()
            return .unknown("expression nested too deeply", pos)
        }
        depth += 1
        defer { depth -= 1 }
        let condition = parseBinary(minPrecedence: 0, noTrailingClosure: noTrailingClosure)
        // Ternary `c ? a : b` — `?` with space before it.
        if let token = current, isOperator(token, "?"), token.hasSpaceBefore {
            index += 1
            let whenTrue = parseExpr(noTrailingClosure: noTrailingClosure)
            if isPunct(current, UInt8(ascii: ":")) { index += 1 }
            let whenFalse = parseExpr(noTrailingClosure: noTrailingClosure)
            return .ternary(condition, whenTrue, whenFalse, condition.pos)
        }
        return condition
    }

    /// Skips the rest of an expression without recursion (used past the depth limit).
    mutating func skipExpressionIteratively() {
        index = nextTopLevel(from: index) { isPunctuation($0, UInt8(ascii: ",")) || isPunctuation($0, UInt8(ascii: ":")) }
    }

    func isBinaryOperator(_ token: Token) -> Bool {
        guard token.kind == .operator else { return false }
        let spaceBefore = token.hasSpaceBefore
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        let spaceAfter = next?.hasSpaceBefore ?? true
        return spaceBefore == spaceAfter
    }

    mutating func parseBinary(minPrecedence: Int, noTrailingClosure: Bool) -> Expr {
        var lhs = parseUnary(noTrailingClosure: noTrailingClosure)
        while let token = current, token.kind == .operator, isBinaryOperator(token) {
            let op = source.text(token)
            guard let precedence = ManifestParser.precedence(op), precedence > minPrecedence || (op == "??" && precedence == minPrecedence) else {
                break
            }
            index += 1
            let rhs = parseBinary(minPrecedence: precedence, noTrailingClosure: noTrailingClosure)
            lhs = .binary(op, lhs, rhs, lhs.pos)
        }
        // `as`, `as?`, `as!`, `is` casts: keep the value, skip the type.
        while let token = current, !token.isAtLineStart, isKeyword(token, "as") || isKeyword(token, "is") {
            let isCheck = isKeyword(token, "is")
            index += 1
            if let t = current, t.kind == .operator, !t.hasSpaceBefore, isOperator(t, "?") || isOperator(t, "!") { index += 1 }
            skipCastType()
            if isCheck { lhs = .unknown("'is' check is not evaluated", lhs.pos) }
        }
        return lhs
    }

    mutating func skipCastType() {
        while let token = current {
            if isPunct(token, UInt8(ascii: "(")) || isPunct(token, UInt8(ascii: "[")) {
                // A tuple, array or dictionary type ends the cast's type.
                guard let close = partner(of: index), close > index else { index = tokens.count; return }
                index = close + 1
                break
            }
            if isPunct(token, UInt8(ascii: ".")) {
                index += 1
                continue
            }
            guard token.kind == .identifier || token.kind == .backtickIdentifier else { return }
            index += 1
            // `A.B`: the name goes on after a dot.
            if !isPunctuation(index, UInt8(ascii: ".")) { break }
        }
        if let t = current, t.kind == .operator, !t.hasSpaceBefore, isOperator(t, "?") || isOperator(t, "!") { index += 1 }
    }

    mutating func parseUnary(noTrailingClosure: Bool) -> Expr {
        guard let token = current else { return .unknown("expected an expression", currentPos) }
        if token.kind == .operator, source.matches(token, "\\") { return parseKeyPath() }
        if token.kind == .operator, !isPunct(token, UInt8(ascii: ".")) {
            let op = source.text(token)
            let pos = self.pos(token)
            index += 1
            let operand = parseUnary(noTrailingClosure: noTrailingClosure)
            return .prefix(op, operand, pos)
        }
        if isKeyword(token, "try") || isKeyword(token, "await") {
            index += 1
            if let t = current, t.kind == .operator, !t.hasSpaceBefore, isOperator(t, "?") || isOperator(t, "!") { index += 1 }
            return parseUnary(noTrailingClosure: noTrailingClosure)
        }
        return parsePostfix(noTrailingClosure: noTrailingClosure)
    }

    /// `\.target`, `\.info.name`, `\.0`, `\Module.target`: a key path used as a function is
    /// the closure `{ $0.target }`.
    mutating func parseKeyPath() -> Expr {
        let pos = currentPos
        index += 1
        // `\Module.target`: the root type names nothing the closure needs.
        if let root = current, root.kind == .identifier, !root.hasSpaceBefore { index += 1 }
        var path: Expr = .identifier("$0", pos)
        var components = 0
        while let dot = current, isPunct(dot, UInt8(ascii: ".")), index + 1 < tokens.count, !tokens[index + 1].hasSpaceBefore {
            let next = tokens[index + 1]
            if let name = identifierName(next) {
                path = .member(path, name, self.pos(next))
            } else if next.kind == .number {
                path = .member(path, source.text(next), self.pos(next))
            } else {
                break
            }
            index += 2
            components += 1
        }
        guard components > 0 else { return .unknown("key path is not evaluated", pos) }
        return .closure(ClosureExpr(params: [], body: [.returnStmt(path, pos)], pos: pos))
    }

    mutating func parsePostfix(noTrailingClosure: Bool) -> Expr {
        var expr = parsePrimary()
        while let token = current {
            if token.kind == .punctuation {
                let byte = source.bytes[Int(token.start)]
                if byte == UInt8(ascii: "."), index + 1 < tokens.count {
                    let next = tokens[index + 1]
                    if let name = identifierName(next) {
                        index += 2
                        expr = .member(expr, name, pos(next))
                        continue
                    }
                    if next.kind == .number {
                        index += 2
                        expr = .member(expr, source.text(next), pos(next))
                        continue
                    }
                    break
                }
                if byte == UInt8(ascii: "(") && !token.isAtLineStart, case .identifier = expr, isFunctionReference() {
                    // `tests(for:)`: a reference to a function, not a call.
                    skipBalanced()
                    continue
                }
                if byte == UInt8(ascii: "(") && !token.isAtLineStart {
                    let args = parseArguments(close: UInt8(ascii: ")"))
                    expr = .call(expr, args, expr.pos)
                    continue
                }
                if byte == UInt8(ascii: "[") && !token.isAtLineStart {
                    let args = parseArguments(close: UInt8(ascii: "]"))
                    expr = .subscriptAccess(expr, args, expr.pos)
                    continue
                }
                if byte == UInt8(ascii: "{") && !noTrailingClosure && !token.isAtLineStart {
                    let closure = parseClosure()
                    if case .call(let callee, var args, let p) = expr {
                        args.append(Argument(label: nil, value: closure))
                        expr = .call(callee, args, p)
                    } else {
                        expr = .call(expr, [Argument(label: nil, value: closure)], expr.pos)
                    }
                    continue
                }
                break
            }
            if token.kind == .operator && !token.hasSpaceBefore && (isOperator(token, "?") || isOperator(token, "!")) {
                // Optional chaining / force unwrap: the value is used as is.
                let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                if next == nil || next!.hasSpaceBefore || isPunct(next, UInt8(ascii: ".")) || isPunct(next, UInt8(ascii: ")"))
                    || isPunct(next, UInt8(ascii: "]")) || isPunct(next, UInt8(ascii: ",")) || isPunct(next, UInt8(ascii: "(")) {
                    index += 1
                    continue
                }
            }
            break
        }
        return expr
    }

    /// `(label:)`, `(_:label:)` after a name: a function reference.
    func isFunctionReference() -> Bool {
        var k = index + 1
        var sawLabel = false
        while k + 1 < tokens.count, identifierName(tokens[k]) != nil, isPunct(tokens[k + 1], UInt8(ascii: ":")) {
            k += 2
            sawLabel = true
        }
        return sawLabel && k < tokens.count && isPunct(tokens[k], UInt8(ascii: ")"))
    }

    /// Parses `( … )` or `[ … ]` argument lists, starting at the opening bracket.
    mutating func parseArguments(close: UInt8) -> [Argument] {
        if depth >= ManifestParser.maxDepth {
            tooDeep()
            skipBalanced()
            return [Argument(label: nil, value: .unknown("expression nested too deeply", currentPos))]
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var args: [Argument] = []
        while let token = current {
            if isPunct(token, close) {
                index += 1
                break
            }
            if token.kind == .punctuation, isPunct(token, UInt8(ascii: ")")) || isPunct(token, UInt8(ascii: "]")) || isPunct(token, UInt8(ascii: "}")) {
                note("unbalanced brackets", pos(token))
                break
            }
            let before = index
            var label: String?
            if let name = identifierName(token), index + 1 < tokens.count, isPunct(tokens[index + 1], UInt8(ascii: ":")),
               token.kind == .identifier || token.kind == .backtickIdentifier {
                label = name
                index += 2
            }
            let value = parseExpr()
            args.append(Argument(label: label, value: value))
            if isPunct(current, UInt8(ascii: ",")) { index += 1 }
            if index == before { index += 1 }
        }
        return args
    }

    mutating func parsePrimary() -> Expr {
        guard let token = current else { return .unknown("expected an expression", currentPos) }
        let pos = self.pos(token)
        switch token.kind {
        case .string:
            index += 1
            return parseStringLiteral(token)
        case .number:
            index += 1
            return .number(source.text(token), pos)
        case .identifier:
            index += 1
            if source.matches(token, "true") { return .bool(true, pos) }
            if source.matches(token, "false") { return .bool(false, pos) }
            if source.matches(token, "nil") { return .nilLiteral(pos) }
            if source.matches(token, "if") || source.matches(token, "switch") {
                // `let kind = switch module { case .app: … }`: the chosen branch's value.
                index -= 1
                return .statement(source.matches(token, "if") ? parseIf() : parseSwitch(pos: pos), pos)
            }
            skipGenericArguments(after: token)
            return .identifier(source.text(token), pos)
        case .backtickIdentifier:
            index += 1
            return .identifier(identifierName(token) ?? "", pos)
        case .punctuation:
            let byte = source.bytes[Int(token.start)]
            if byte == UInt8(ascii: "."), index + 1 < tokens.count, let name = identifierName(tokens[index + 1]) {
                index += 2
                return .implicitMember(name, pos)
            }
            if byte == UInt8(ascii: "(") {
                let args = parseArguments(close: UInt8(ascii: ")"))
                if args.count == 1 && args[0].label == nil { return args[0].value }
                return .tuple(args, pos)
            }
            if byte == UInt8(ascii: "[") {
                return parseCollection()
            }
            if byte == UInt8(ascii: "{") {
                return parseClosure()
            }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") {
                // Left for the enclosing list to close.
                return .unknown("expected an expression", pos)
            }
            index += 1
            return .unknown("unexpected '\(source.text(token))'", pos)
        case .poundIdentifier:
            index += 1
            if isPunct(current, UInt8(ascii: "(")) && !current!.hasSpaceBefore { skipBalanced() }
            return .unknown("'\(source.text(token))' is not evaluated", pos)
        default:
            index += 1
            return .unknown("unexpected '\(source.text(token))'", pos)
        }
    }

    mutating func parseCollection() -> Expr {
        let pos = currentPos
        if depth >= ManifestParser.maxDepth {
            tooDeep()
            skipBalanced()
            return .unknown("expression nested too deeply", pos)
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        // `[:]`
        if isPunct(current, UInt8(ascii: ":")), index + 1 < tokens.count, isPunct(tokens[index + 1], UInt8(ascii: "]")) {
            index += 2
            return .dictionary([], pos)
        }
        var elements: [Expr] = []
        var pairs: [(Expr, Expr)] = []
        var isDictionary = false
        while let token = current {
            if isPunct(token, UInt8(ascii: "]")) {
                index += 1
                break
            }
            if isPunct(token, UInt8(ascii: ")")) || isPunct(token, UInt8(ascii: "}")) {
                note("unbalanced brackets", self.pos(token))
                break
            }
            let before = index
            let element = parseExpr()
            if isPunct(current, UInt8(ascii: ":")) {
                index += 1
                isDictionary = true
                pairs.append((element, parseExpr()))
            } else {
                elements.append(element)
            }
            if isPunct(current, UInt8(ascii: ",")) { index += 1 }
            if index == before { index += 1 }
        }
        return isDictionary ? .dictionary(pairs, pos) : .array(elements, pos)
    }

    mutating func parseClosure() -> Expr {
        let pos = currentPos
        if depth >= ManifestParser.maxDepth {
            tooDeep()
            skipBalanced()
            return .unknown("expression nested too deeply", pos)
        }
        depth += 1
        defer { depth -= 1 }
        let open = index
        index += 1
        // Signature: `name in`, `a, b in`, `(a: T, b) -> R in`, `[captures] x in`.
        var params: [String] = []
        var scan = index
        var level = 0
        var sawIn = false
        var expectName = true
        var names: [String] = []
        while scan < tokens.count && scan < open + 40 {
            let t = tokens[scan]
            if t.kind == .identifier && source.matches(t, "in") && level == 0 {
                sawIn = true
                break
            }
            if isPunct(t, UInt8(ascii: "{")) || isPunct(t, UInt8(ascii: "}")) { break }
            if isPunct(t, UInt8(ascii: "(")) || isPunct(t, UInt8(ascii: "[")) {
                level += 1
                if level == 1 { expectName = true }
            } else if isPunct(t, UInt8(ascii: ")")) || isPunct(t, UInt8(ascii: "]")) {
                level -= 1
            } else if isPunct(t, UInt8(ascii: ",")) {
                expectName = true
            } else if isPunct(t, UInt8(ascii: ":")) || t.kind == .operator {
                expectName = false
            } else if expectName, let name = identifierName(t), level <= 1 {
                names.append(name)
                expectName = false
            } else if !(t.kind == .identifier) {
                break
            }
            scan += 1
        }
        if sawIn {
            params = names
            index = scan + 1
        }
        let body = parseStatements()
        if isPunct(current, UInt8(ascii: "}")) { index += 1 }
        return .closure(ClosureExpr(params: params, body: body, pos: pos))
    }

    // MARK: - String literals

    /// Decodes a string literal token: escapes, raw strings, multi-line indentation
    /// (approximately) and `\( … )` interpolations, which are parsed as expressions.
    mutating func parseStringLiteral(_ token: Token) -> Expr {
        let pos = self.pos(token)
        let bytes = source.bytes
        let (start, end, hashes, multiline) = Self.stringContent(of: token, in: bytes)
        guard start <= end else { return .string("", pos) }
        var parts: [Expr] = []
        var buffer: [UInt8] = []
        var i = start
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\") {
                // Raw strings need the matching number of `#` after the backslash.
                var j = i + 1
                var count = 0
                while count < hashes && j < end && bytes[j] == UInt8(ascii: "#") {
                    count += 1
                    j += 1
                }
                if count == hashes && j < end {
                    let escaped = bytes[j]
                    if escaped == UInt8(ascii: "(") {
                        // An interpolation: its code, up to the matching parenthesis, is parsed.
                        let k = Self.interpolationEnd(in: bytes, from: j + 1, to: end)
                        if !buffer.isEmpty {
                            parts.append(.string(String(decoding: buffer, as: UTF8.self), pos))
                            buffer.removeAll()
                        }
                        let inner = Array(bytes[(j + 1)..<max(j + 1, k - 1)])
                        parts.append(parseEmbedded(inner, pos: pos))
                        i = k
                        continue
                    }
                    Self.appendEscaped(escaped, to: &buffer)
                    i = j + 1
                    continue
                }
            }
            buffer.append(byte)
            i += 1
        }
        var text = String(decoding: buffer, as: UTF8.self)
        if multiline { Self.removeMultilineIndentation(&text) }
        if parts.isEmpty { return .string(text, pos) }
        if !text.isEmpty { parts.append(.string(text, pos)) }
        return .interpolated(parts, pos)
    }

    /// Where a string literal's content lies in `bytes` (`start..<end`, past its `#`s and
    /// quotes; `start > end` for a literal cut short), how many `#` delimit it, and whether
    /// it is multi-line.
    static func stringContent(of token: Token, in bytes: [UInt8]) -> (start: Int, end: Int, hashes: Int, multiline: Bool) {
        var start = Int(token.start)
        var end = Int(token.end)
        var hashes = 0
        while start < end && bytes[start] == UInt8(ascii: "#") {
            hashes += 1
            start += 1
        }
        var trailing = 0
        while end > start && bytes[end - 1] == UInt8(ascii: "#") && trailing < hashes {
            trailing += 1
            end -= 1
        }
        if end - start >= 6 && bytes[start + 1] == UInt8(ascii: "\"") && bytes[start + 2] == UInt8(ascii: "\"") {
            return (start + 3, end - 3, hashes, true)
        }
        return (start + 1, end - 1, hashes, false)
    }

    /// The offset just past the `)` that closes an interpolation whose code starts at
    /// `start` (nested parentheses counted, strings inside it skipped), or `end`.
    static func interpolationEnd(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var level = 1
        var k = start
        var inString = false
        while k < end && level > 0 {
            let c = bytes[k]
            if inString {
                if c == UInt8(ascii: "\\") { k += 1 } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: "(") {
                level += 1
            } else if c == UInt8(ascii: ")") {
                level -= 1
            }
            k += 1
        }
        return k
    }

    /// Appends the byte an escape `\n`, `\t`, `\r`, `\0` or `\x` (any other: itself) stands
    /// for; a backslash before a line break continues the line and stands for nothing.
    static func appendEscaped(_ escaped: UInt8, to buffer: inout [UInt8]) {
        switch escaped {
        case UInt8(ascii: "n"): buffer.append(10)
        case UInt8(ascii: "t"): buffer.append(9)
        case UInt8(ascii: "r"): buffer.append(13)
        case UInt8(ascii: "0"): buffer.append(0)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): break // line continuation
        default: buffer.append(escaped)
        }
    }

    /// Drops a multi-line literal's first line break and the indentation of its closing
    /// delimiter (an approximation of Swift's rule), in place.
    static func removeMultilineIndentation(_ text: inout String) {
        if text.hasPrefix("\n") { text.removeFirst() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) {
            let indent = last.count
            text = lines.dropLast().map { $0.dropFirst(min(indent, $0.prefix(while: { $0 == " " || $0 == "\t" }).count)) }
                .joined(separator: "\n")
        }
    }

    mutating func parseEmbedded(_ bytes: [UInt8], pos: SourcePos) -> Expr {
        if depth >= ManifestParser.maxDepth {
            tooDeep()
            return .unknown("expression nested too deeply", pos)
        }
        let inner = TokenizedSource(bytes: bytes)
        var parser = ManifestParser(source: inner, tokens: inner.tokens)
        parser.depth = depth + 1
        let expr = parser.parseExpr()
        if !parser.notes.isEmpty || !parser.atEnd {
            return .unknown("string interpolation is not evaluated", pos)
        }
        return Self.relocate(expr, to: pos)
    }

    /// Expressions parsed from an interpolation carry positions of the embedded text;
    /// report them at the string literal instead.
    static func relocate(_ expr: Expr, to pos: SourcePos) -> Expr {
        switch expr {
        case .identifier(let name, _): return .identifier(name, pos)
        case .member(let base, let name, _): return .member(relocate(base, to: pos), name, pos)
        case .string(let s, _): return .string(s, pos)
        case .number(let s, _): return .number(s, pos)
        case .call(let callee, let args, _):
            return .call(relocate(callee, to: pos), args.map { Argument(label: $0.label, value: relocate($0.value, to: pos)) }, pos)
        default: return .unknown("string interpolation is not evaluated", pos)
        }
    }
}
