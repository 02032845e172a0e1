/// Byte-level Swift lexer.
///
/// Works on raw UTF-8 bytes through an unsafe buffer: no `String` per token, no regex, no
/// allocation in the hot loop apart from appending tokens. Every loop advances at least
/// one byte, and every scan is bounded by the end of the buffer, so no input can make it
/// crash or hang. Literals (strings with all their interpolations, regexes) are single
/// tokens so that nothing inside them can ever be mistaken for code.
struct Lexer {
    let options: TokenizerOptions
    var conditions = ConditionTable()
    var diagnostics: [LexerDiagnostic] = []
    var lineCount = 1

    private var bytes: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
    private var count = 0
    private var line: Int32 = 1
    private var lineStart = 0
    private var pendingFlags: UInt8 = Token.Flags.newlineBefore | Token.Flags.spaceBefore
    private var currentCondition: Int32 = 0
    private var openBlocks: [OpenBlock] = []
    private var nextBlock: Int32 = 0
    private var previous: Token?
    private var reportedInvalidUTF8 = false
    private var reportedNUL = false

    private struct OpenBlock {
        var block: Int32
        var branch: Int32
        var parent: Int32
    }

    init(options: TokenizerOptions) {
        self.options = options
    }

    // MARK: - Driver

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) {
        bytes = buffer
        count = buffer.count
        var pos = 0
        // Byte order mark.
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            pos = 3
            lineStart = 3
        }
        // Shebang line of a script.
        if pos + 1 < count && bytes[pos] == UInt8(ascii: "#") && bytes[pos + 1] == UInt8(ascii: "!") {
            pos = endOfLine(from: pos)
        }
        while pos < count {
            pos = step(at: pos, into: &tokens)
        }
        if !openBlocks.isEmpty {
            report(.unbalancedConditional, at: count)
        }
        lineCount = Int(line)
    }

    /// Lexes one token or skips one run of trivia, returning the next position (> pos).
    private mutating func step(at pos: Int, into tokens: inout [Token]) -> Int {
        let byte = bytes[pos]
        switch CharacterClass.of(byte) {
        case .space:
            pendingFlags |= Token.Flags.spaceBefore
            return pos + 1
        case .newline:
            var next = pos + 1
            if byte == UInt8(ascii: "\r") && next < count && bytes[next] == UInt8(ascii: "\n") {
                next += 1
            }
            newline(at: next)
            pendingFlags |= Token.Flags.newlineBefore | Token.Flags.spaceBefore
            return next
        case .identifierStart:
            let end = scanIdentifier(from: pos)
            emit(.identifier, pos, end, into: &tokens)
            return end
        case .digit:
            let end = scanNumber(from: pos)
            emit(.number, pos, end, into: &tokens)
            return end
        case .quote:
            let end = scanString(from: pos, hashes: 0)
            emit(.string, pos, end, into: &tokens)
            return end
        case .slash:
            return lexSlash(at: pos, into: &tokens)
        case .pound:
            return lexPound(at: pos, into: &tokens)
        case .backtick:
            var end = pos + 1
            while end < count && bytes[end] != UInt8(ascii: "`") && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") {
                end += 1
            }
            if end < count && bytes[end] == UInt8(ascii: "`") && end > pos + 1 {
                emit(.backtickIdentifier, pos, end + 1, into: &tokens)
                return end + 1
            }
            emit(.punctuation, pos, pos + 1, into: &tokens)
            return pos + 1
        case .punctuation:
            emit(.punctuation, pos, pos + 1, into: &tokens)
            return pos + 1
        case .dot:
            if pos + 1 < count && bytes[pos + 1] == UInt8(ascii: ".") {
                let end = scanOperator(from: pos, allowDots: true)
                emit(.operator, pos, end, into: &tokens)
                return end
            }
            emit(.punctuation, pos, pos + 1, into: &tokens)
            return pos + 1
        case .operatorChar:
            let end = scanOperator(from: pos, allowDots: false)
            emit(.operator, pos, end, into: &tokens)
            return end
        case .nul:
            if !reportedNUL {
                reportedNUL = true
                report(.binaryContent, at: pos)
            }
            pendingFlags |= Token.Flags.spaceBefore
            return pos + 1
        case .other:
            emit(.operator, pos, pos + 1, into: &tokens)
            return pos + 1
        }
    }

    // MARK: - Emission and bookkeeping

    private mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, line startLine: Int32? = nil, into tokens: inout [Token]) {
        let token = Token(
            kind: kind, flags: pendingFlags, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
            line: startLine ?? line, condition: currentCondition
        )
        pendingFlags = 0
        if kind == .comment {
            pendingFlags = Token.Flags.spaceBefore
        } else {
            previous = token
        }
        tokens.append(token)
    }

    private mutating func newline(at nextLineStart: Int) {
        line &+= 1
        lineStart = nextLineStart
    }

    private mutating func report(_ kind: LexerDiagnostic.Kind, at offset: Int, line reportLine: Int32? = nil) {
        let column = offset - lineStart + 1
        diagnostics.append(LexerDiagnostic(kind: kind, line: Int(reportLine ?? line), column: max(1, column)))
    }

    // MARK: - Simple scanners

    private func endOfLine(from pos: Int) -> Int {
        var end = pos
        while end < count && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        return end
    }

    private mutating func scanIdentifier(from pos: Int) -> Int {
        var end = pos
        while end < count {
            let byte = bytes[end]
            if byte < 0x80 {
                guard CharacterClass.isIdentifierContinue(byte) else { break }
                end += 1
            } else {
                end = scanNonASCII(at: end)
            }
        }
        return end
    }

    /// Skips one UTF-8 scalar inside an identifier; reports the first malformed sequence.
    private mutating func scanNonASCII(at pos: Int) -> Int {
        let lead = bytes[pos]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: length = 0
        }
        if length > 0 && pos + length <= count {
            var valid = true
            for index in 1..<length where bytes[pos + index] & 0xC0 != 0x80 {
                valid = false
            }
            if valid { return pos + length }
        }
        if !reportedInvalidUTF8 {
            reportedInvalidUTF8 = true
            report(.invalidUTF8, at: pos)
        }
        return pos + 1
    }

    private func scanNumber(from pos: Int) -> Int {
        var end = pos + 1
        while end < count {
            let byte = bytes[end]
            if CharacterClass.isIdentifierContinue(byte) {
                // Exponent signs: 1e-3, 0x1p+4.
                if (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P")),
                   end + 1 < count, bytes[end + 1] == UInt8(ascii: "-") || bytes[end + 1] == UInt8(ascii: "+") {
                    end += 2
                    continue
                }
                end += 1
            } else if byte == UInt8(ascii: "."), end + 1 < count, CharacterClass.isDigit(bytes[end + 1]),
                      bytes[end - 1] != UInt8(ascii: ".") {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    private func scanOperator(from pos: Int, allowDots: Bool) -> Int {
        var end = pos + 1
        while end < count {
            let byte = bytes[end]
            if byte == UInt8(ascii: ".") {
                guard allowDots else { break }
            } else if !CharacterClass.isOperatorChar(byte) {
                break
            }
            // A comment starts inside the run: `a=//x` or `x+/*c*/1`.
            if byte == UInt8(ascii: "/") && end + 1 < count && (bytes[end + 1] == UInt8(ascii: "/") || bytes[end + 1] == UInt8(ascii: "*")) {
                break
            }
            end += 1
        }
        return end
    }

    // MARK: - Comments, slash, regex

    private mutating func lexSlash(at pos: Int, into tokens: inout [Token]) -> Int {
        let next: UInt8 = pos + 1 < count ? bytes[pos + 1] : 0
        if next == UInt8(ascii: "/") {
            let end = endOfLine(from: pos)
            emitComment(pos, end, line: line, into: &tokens)
            return end
        }
        if next == UInt8(ascii: "*") {
            let startLine = line
            let end = scanBlockComment(from: pos)
            emitComment(pos, end, line: startLine, into: &tokens)
            return end
        }
        if regexMayStartHere(), let end = scanBareRegex(from: pos) {
            emit(.regex, pos, end, into: &tokens)
            return end
        }
        let end = scanOperator(from: pos, allowDots: false)
        emit(.operator, pos, end, into: &tokens)
        return end
    }

    private mutating func emitComment(_ start: Int, _ end: Int, line startLine: Int32, into tokens: inout [Token]) {
        if options.keepComments {
            emit(.comment, start, end, line: startLine, into: &tokens)
        } else {
            pendingFlags |= Token.Flags.spaceBefore
        }
    }

    private mutating func scanBlockComment(from pos: Int) -> Int {
        var depth = 1
        var index = pos + 2
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else if byte == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else {
                index = skipByteCountingLines(at: index)
            }
        }
        report(.unterminatedComment, at: pos)
        return count
    }

    /// Advances over one byte, keeping the line count right for `\n`, `\r\n` and `\r`.
    private mutating func skipByteCountingLines(at index: Int) -> Int {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            newline(at: index + 1)
        } else if byte == UInt8(ascii: "\r") {
            if index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n") {
                newline(at: index + 2)
                return index + 2
            }
            newline(at: index + 1)
        }
        return index + 1
    }

    /// The compiler's rule of thumb: `/` starts a regex where an expression may begin,
    /// i.e. not right after something that ends an operand.
    private func regexMayStartHere() -> Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .number, .string, .regex, .backtickIdentifier, .poundIdentifier:
            return false
        case .identifier:
            return isExpressionKeyword(previous)
        case .punctuation:
            let byte = bytes[Int(previous.start)]
            return byte != UInt8(ascii: ")") && byte != UInt8(ascii: "]") && byte != UInt8(ascii: "}")
                && byte != UInt8(ascii: ".")
        case .operator:
            // `x! / y` and `x? / y`: postfix operators end an operand.
            let last = bytes[Int(previous.end) - 1]
            return !(previous.length == 1 && (last == UInt8(ascii: "!") || last == UInt8(ascii: "?")) && !previous.hasSpaceBefore)
        case .comment:
            return true
        }
    }

    private func isExpressionKeyword(_ token: Token) -> Bool {
        let keywords: [StaticString] = ["return", "case", "in", "where", "if", "guard", "while", "throw", "try", "await", "else", "some", "any", "let", "var", "yield"]
        for keyword in keywords where matches(token, keyword) {
            return true
        }
        return false
    }

    private func matches(_ token: Token, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard token.length == length else { return false }
        for index in 0..<length where bytes[Int(token.start) + index] != literal.utf8Start[index] {
            return false
        }
        return true
    }

    /// A `/…/` regex on one line; `nil` when the bytes do not form one.
    private func scanBareRegex(from pos: Int) -> Int? {
        guard pos + 1 < count else { return nil }
        let first = bytes[pos + 1]
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\r")
            || first == UInt8(ascii: "=") || first == UInt8(ascii: "/") {
            return nil
        }
        var index = pos + 1
        var inClass = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "["):
                inClass += 1
            case UInt8(ascii: "]"):
                if inClass > 0 { inClass -= 1 }
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

    /// `#/…/#` with any number of `#`; may span lines when `#/` ends its line.
    private mutating func scanExtendedRegex(from pos: Int, hashes: Int) -> Int {
        var index = pos + hashes + 1
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index = index + 1 < count ? skipByteCountingLines(at: index + 1) : index + 1
                continue
            }
            if byte == UInt8(ascii: "/") && hasHashes(at: index + 1, hashes) {
                return index + 1 + hashes
            }
            index = skipByteCountingLines(at: index)
        }
        report(.unterminatedRegex, at: pos)
        return count
    }

    private func hasHashes(at index: Int, _ hashes: Int) -> Bool {
        guard index + hashes <= count else { return false }
        for offset in 0..<hashes where bytes[index + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }

    // MARK: - Strings

    /// Scans a string literal whose opening quote is at `pos` (after `hashes` `#`) and
    /// returns the offset after its closing delimiter. Interpolations are scanned as
    /// code, so strings nested in them (and their quotes) are handled.
    private mutating func scanString(from pos: Int, hashes: Int) -> Int {
        let multiline = pos + 2 < count && bytes[pos + 1] == UInt8(ascii: "\"") && bytes[pos + 2] == UInt8(ascii: "\"")
        var index = multiline ? pos + 3 : pos + 1
        let startLine = line
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && hasHashes(at: index + 1, hashes) {
                let afterEscape = index + 1 + hashes
                if afterEscape < count && bytes[afterEscape] == UInt8(ascii: "(") {
                    index = scanInterpolation(from: afterEscape + 1, multiline: multiline)
                } else if afterEscape < count {
                    let escaped = bytes[afterEscape]
                    if !multiline && (escaped == UInt8(ascii: "\n") || escaped == UInt8(ascii: "\r")) {
                        break
                    }
                    index = skipByteCountingLines(at: afterEscape)
                } else {
                    index = afterEscape
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if multiline {
                    if index + 2 < count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
                        && hasHashes(at: index + 3, hashes) {
                        return index + 3 + hashes
                    }
                } else if hasHashes(at: index + 1, hashes) {
                    return index + 1 + hashes
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !multiline { break }
                index = skipByteCountingLines(at: index)
                continue
            }
            index += 1
        }
        report(.unterminatedString, at: pos, line: startLine)
        return min(index, count)
    }

    /// Scans the code of `\( … )` up to and including the matching `)`.
    private mutating func scanInterpolation(from pos: Int, multiline: Bool) -> Int {
        var depth = 1
        var index = pos
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return index }
            case UInt8(ascii: "\""):
                index = scanString(from: index, hashes: 0)
            case UInt8(ascii: "#"):
                var hashes = 0
                while index + hashes < count && bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                if index + hashes < count && bytes[index + hashes] == UInt8(ascii: "\"") {
                    index = scanString(from: index + hashes, hashes: hashes)
                } else {
                    index += hashes
                }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = scanBlockComment(from: index)
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/") && multiline:
                index = endOfLine(from: index)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // A single-line string cannot continue on the next line: stop here and
                // let the caller report the unterminated literal.
                if !multiline { return index }
                index = skipByteCountingLines(at: index)
            default:
                index += 1
            }
        }
        return count
    }

    // MARK: - `#`: raw strings, extended regexes, directives, pound identifiers

    private mutating func lexPound(at pos: Int, into tokens: inout [Token]) -> Int {
        var hashes = 0
        while pos + hashes < count && bytes[pos + hashes] == UInt8(ascii: "#") { hashes += 1 }
        let after = pos + hashes
        if after < count && bytes[after] == UInt8(ascii: "\"") {
            let startLine = line
            let end = scanString(from: after, hashes: hashes)
            emit(.string, pos, end, line: startLine, into: &tokens)
            return end
        }
        if after < count && bytes[after] == UInt8(ascii: "/") {
            let startLine = line
            let end = scanExtendedRegex(from: pos, hashes: hashes)
            emit(.regex, pos, end, line: startLine, into: &tokens)
            return end
        }
        if hashes == 1 && after < count && CharacterClass.of(bytes[after]) == .identifierStart {
            let end = scanIdentifier(from: after)
            if let directive = Directive(bytes, from: after, to: end) {
                return handleDirective(directive, at: pos, keywordEnd: end)
            }
            emit(.poundIdentifier, pos, end, into: &tokens)
            return end
        }
        emit(.operator, pos, after, into: &tokens)
        return after
    }

    private enum Directive {
        case `if`, `elseif`, `else`, `endif`

        init?(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
            func equals(_ literal: StaticString) -> Bool {
                guard end - start == literal.utf8CodeUnitCount else { return false }
                for index in 0..<(end - start) where bytes[start + index] != literal.utf8Start[index] {
                    return false
                }
                return true
            }
            if equals("if") { self = .if } else if equals("elseif") { self = .elseif } else if equals("else") { self = .else } else if equals("endif") { self = .endif } else { return nil }
        }
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
            openBlocks.append(OpenBlock(block: block, branch: 0, parent: currentCondition))
            currentCondition = clause
        case .elseif, .else:
            guard var top = openBlocks.popLast() else {
                report(.unbalancedConditional, at: pos)
                return end
            }
            top.branch += 1
            let kind: ConditionTable.ClauseKind = directive == .else ? .else : .elseif
            currentCondition = conditions.append(.init(parent: top.parent, block: top.block, branch: top.branch, kind: kind, expression: expression, line: directiveLine))
            openBlocks.append(top)
        case .endif:
            guard let top = openBlocks.popLast() else {
                report(.unbalancedConditional, at: pos)
                return end
            }
            currentCondition = top.parent
        }
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
                if depth <= 0 { break }
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
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
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
}

/// Byte classes for the lexer's dispatch.
enum CharacterClass: UInt8 {
    case space, newline, identifierStart, digit, quote, slash, pound, backtick, punctuation, dot, operatorChar, nul, other

    private static let table: [CharacterClass] = {
        var table = [CharacterClass](repeating: .other, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = .identifierStart }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = .identifierStart }
        for byte in 0x80...0xFF { table[byte] = .identifierStart }
        table[Int(UInt8(ascii: "_"))] = .identifierStart
        table[Int(UInt8(ascii: "$"))] = .identifierStart
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = .digit }
        for byte in [" ", "\t"] { table[Int(UInt8(ascii: Unicode.Scalar(byte)!))] = .space }
        table[0x0B] = .space
        table[0x0C] = .space
        table[Int(UInt8(ascii: "\n"))] = .newline
        table[Int(UInt8(ascii: "\r"))] = .newline
        table[Int(UInt8(ascii: "\""))] = .quote
        table[Int(UInt8(ascii: "/"))] = .slash
        table[Int(UInt8(ascii: "#"))] = .pound
        table[Int(UInt8(ascii: "`"))] = .backtick
        for byte in "()[]{},:;@".utf8 { table[Int(byte)] = .punctuation }
        table[Int(UInt8(ascii: "."))] = .dot
        for byte in "=-+!*%<>&|^~?".utf8 { table[Int(byte)] = .operatorChar }
        table[0] = .nul
        return table
    }()

    @inline(__always)
    static func of(_ byte: UInt8) -> CharacterClass { table[Int(byte)] }

    @inline(__always)
    static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        let kind = table[Int(byte)]
        return kind == .identifierStart || kind == .digit
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @inline(__always)
    static func isOperatorChar(_ byte: UInt8) -> Bool {
        let kind = table[Int(byte)]
        return kind == .operatorChar || kind == .slash
    }
}
