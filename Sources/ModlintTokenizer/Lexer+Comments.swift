/// What a `/` starts: a line or block comment (and the suppression directive it may
/// hold), a regex literal, or an operator.
extension Lexer {
    mutating func lexSlash(at pos: Int) -> Int {
        let next: UInt8 = pos + 1 < count ? bytes[pos + 1] : 0
        if next == UInt8(ascii: "/") {
            let end = endOfLine(from: pos)
            emitComment(pos, end, line: line)
            return end
        }
        if next == UInt8(ascii: "*") {
            let startLine = line
            let end = scanBlockComment(from: pos)
            emitComment(pos, end, line: startLine)
            return end
        }
        if regexMayStartHere(), let end = scanBareRegex(from: pos) {
            emit(.regex, pos, end, line)
            return end
        }
        let end = scanOperator(from: pos, allowDots: false)
        emit(.operator, pos, end, line)
        return end
    }

    private mutating func emitComment(_ start: Int, _ end: Int, line startLine: Int32) {
        if !hints.suppressionDirective { noteDirective(inCommentFrom: start, to: end) }
        if options.keepComments {
            pendingMarks |= Token.Marks.comment
            emit(.comment, start, end, startLine)
        } else {
            pendingFlags |= Token.Flags.spaceBefore
            if startLine != line {
                pendingFlags |= Token.Flags.newlineBefore
            }
        }
    }

    /// Sets `hints.suppressionDirective` when the comment `start..<end` starts with
    /// `modlint:` after its `//` or `/*` and any spaces or tabs (not a doc comment).
    private mutating func noteDirective(inCommentFrom start: Int, to end: Int) {
        var index = start + 2
        // `///` and `/**`: documentation, never a directive.
        guard index < end, bytes[index] != bytes[start + 1] else { return }
        while index < end && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index += 1 }
        if end - index >= 8 && equals(index, index + 8, "modlint:") { hints.suppressionDirective = true }
    }

    mutating func scanBlockComment(from pos: Int) -> Int {
        let startLine = line, startLineStart = lineStart
        var depth = 1
        var index = pos + 2
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") {
                if index + 1 < count && bytes[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return index }
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "/") {
                if index + 1 < count && bytes[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else {
                    index += 1
                }
            } else if byte <= UInt8(ascii: "\r") {
                index = skipByteCountingLines(at: index)
            } else {
                index += 1
            }
        }
        report(.unterminatedComment, at: pos, line: startLine, lineStart: startLineStart)
        return count
    }

    /// The compiler's rule of thumb: `/` starts a regex where an expression may begin,
    /// i.e. not right after something that ends an operand.
    private mutating func regexMayStartHere() -> Bool {
        guard hasPrevious else { return true }
        switch previousKind {
        case .number, .string, .regex, .backtickIdentifier, .poundIdentifier:
            return false
        case .identifier:
            return isExpressionKeyword(previousStart, previousEnd)
        case .punctuation:
            let byte = bytes[previousStart]
            return byte != UInt8(ascii: ")") && byte != UInt8(ascii: "]") && byte != UInt8(ascii: "}")
                && byte != UInt8(ascii: ".")
        case .operator:
            // `x! / y`, `x? / y`, `T> / y`: postfix operators end an operand.
            let last = bytes[previousEnd - 1]
            let postfix = previousFlags & Token.Flags.spaceBefore == 0
                && (last == UInt8(ascii: "!") || last == UInt8(ascii: "?") || last == UInt8(ascii: ">"))
            return !postfix
        case .comment:
            return true
        }
    }

    /// A `/…/` regex on one line; `nil` when the bytes do not form one (the compiler's
    /// rules: no leading or trailing space, no newline, no unbalanced `)`).
    private mutating func scanBareRegex(from pos: Int) -> Int? {
        guard pos + 1 < count else { return nil }
        let first = bytes[pos + 1]
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\r")
            || first == UInt8(ascii: "=") || first == UInt8(ascii: "/") || first == UInt8(ascii: ")") {
            return nil
        }
        var index = pos + 1
        var inClass = 0
        var parens = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            case UInt8(ascii: "\\"):
                if index + 1 < count && (bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r")) {
                    return nil
                }
                index += 2
                continue
            case UInt8(ascii: "["):
                inClass += 1
            case UInt8(ascii: "]"):
                if inClass > 0 { inClass -= 1 }
            case UInt8(ascii: "(") where inClass == 0:
                parens += 1
            case UInt8(ascii: ")") where inClass == 0:
                if parens == 0 { return nil }
                parens -= 1
            case UInt8(ascii: "/") where inClass == 0:
                let before = bytes[index - 1]
                if before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") { return nil }
                return index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// `#/…/#` with any number of `#`. Multi-line (extended syntax) only when `#/` ends
    /// its line; a single-line one stops at the end of its line when unterminated.
    mutating func scanExtendedRegex(from pos: Int, hashes: Int) -> Int {
        let startLine = line, startLineStart = lineStart
        var index = pos + hashes + 1
        var probe = index
        while probe < count && (bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t")) { probe += 1 }
        let multiline = probe < count && (bytes[probe] == UInt8(ascii: "\n") || bytes[probe] == UInt8(ascii: "\r"))
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && index + 1 < count {
                if !multiline && (bytes[index + 1] == UInt8(ascii: "\n") || bytes[index + 1] == UInt8(ascii: "\r")) { break }
                index = skipByteCountingLines(at: index + 1)
                continue
            }
            if byte == UInt8(ascii: "/") && hasHashes(at: index + 1, hashes) {
                return index + 1 + hashes
            }
            if !multiline && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { break }
            index = skipByteCountingLines(at: index)
        }
        report(.unterminatedRegex, at: pos, line: startLine, lineStart: startLineStart)
        return min(index, count)
    }
}
