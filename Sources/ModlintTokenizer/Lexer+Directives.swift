/// What a `#` starts: a raw string, an extended regex, a `#if` / `#elseif` / `#else` /
/// `#endif` directive (kept in the condition table), or a pound identifier.
extension Lexer {
    mutating func lexPound(at pos: Int) -> Int {
        var hashes = 0
        while pos + hashes < count && bytes[pos + hashes] == UInt8(ascii: "#") { hashes += 1 }
        let after = pos + hashes
        if after < count && bytes[after] == UInt8(ascii: "\"") {
            let startLine = line
            let end = scanString(from: after, hashes: hashes)
            emit(.string, pos, end, startLine)
            return end
        }
        if after < count && bytes[after] == UInt8(ascii: "/") {
            let startLine = line
            let end = scanExtendedRegex(from: pos, hashes: hashes)
            emit(.regex, pos, end, startLine)
            return end
        }
        if hashes == 1 && after < count && table[Int(bytes[after])] & ByteClass.kindMask == ByteClass.identifier {
            let end = scanIdentifier(from: after + 1)
            if let directive = directive(from: after, to: end) {
                return handleDirective(directive, at: pos, keywordEnd: end)
            }
            emit(.poundIdentifier, pos, end, line)
            return end
        }
        emit(.operator, pos, after, line)
        return after
    }

    private enum Directive {
        case `if`, `elseif`, `else`, `endif`
    }

    private func directive(from start: Int, to end: Int) -> Directive? {
        if equals(start, end, "if") { return .if }
        if equals(start, end, "elseif") { return .elseif }
        if equals(start, end, "else") { return .else }
        if equals(start, end, "endif") { return .endif }
        return nil
    }

    private mutating func handleDirective(_ directive: Directive, at pos: Int, keywordEnd: Int) -> Int {
        let directiveLine = line
        var end = keywordEnd
        var expression = ""
        if directive == .if || directive == .elseif {
            (expression, end) = scanConditionExpression(from: keywordEnd)
        }
        switch directive {
        case .if:
            let block = nextBlock
            nextBlock += 1
            let clause = conditions.append(.init(parent: currentCondition, block: block, branch: 0, kind: .if, expression: expression, line: directiveLine))
            openBlocks.append(OpenBlock(block: block, branch: 0, parent: currentCondition, clause: clause))
            currentCondition = clause
        case .elseif, .else:
            guard var top = openBlocks.popLast() else {
                report(.unbalancedConditional, at: pos)
                return end
            }
            top.branch += 1
            let kind: ConditionTable.ClauseKind = directive == .else ? .else : .elseif
            currentCondition = conditions.append(.init(parent: top.parent, block: top.block, branch: top.branch, kind: kind, expression: expression,
                                                       line: directiveLine, previous: top.clause))
            top.clause = currentCondition
            openBlocks.append(top)
        case .endif:
            guard let top = openBlocks.popLast() else {
                report(.unbalancedConditional, at: pos)
                return end
            }
            currentCondition = top.parent
        }
        // Every token from here on (until the next directive) sits in this clause.
        conditions.enter(currentCondition, at: end)
        // The directive ends a statement the way a newline does.
        pendingFlags |= Token.Flags.newlineBefore | Token.Flags.spaceBefore
        return end
    }

    /// Reads a `#if` condition up to the end of its line (or of its parentheses), minus
    /// comments, with white space folded to single spaces.
    private mutating func scanConditionExpression(from pos: Int) -> (String, Int) {
        var text: [UInt8] = []
        var index = pos
        var depth = 0
        var pendingSpace = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if depth <= 0 && !conditionContinues(afterLineBreakAt: index, text: text) { break }
                index = skipByteCountingLines(at: index)
                pendingSpace = true
                continue
            }
            if byte == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "/") {
                index = endOfLine(from: index)
                continue
            }
            if byte == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "*") {
                index = scanBlockComment(from: index)
                pendingSpace = true
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0 {
                pendingSpace = true
                index += 1
                continue
            }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            if pendingSpace && !text.isEmpty { text.append(UInt8(ascii: " ")) }
            pendingSpace = false
            text.append(byte)
            index += 1
        }
        return (String(decoding: text, as: UTF8.self), index)
    }

    /// A condition continues on the next line inside parentheses, after a trailing
    /// `&&` / `||`, or before a leading one.
    private func conditionContinues(afterLineBreakAt index: Int, text: [UInt8]) -> Bool {
        if let last = text.last, last == UInt8(ascii: "&") || last == UInt8(ascii: "|") { return true }
        var next = index + 1
        while next < count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")
            || bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: "\r")) {
            next += 1
        }
        guard next + 1 < count else { return false }
        let first = bytes[next]
        return (first == UInt8(ascii: "&") || first == UInt8(ascii: "|")) && bytes[next + 1] == first
    }
}
