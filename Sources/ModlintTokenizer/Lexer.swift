/// Byte-level Swift lexer.
///
/// Works on raw UTF-8 bytes through an unsafe pointer: no `String` per token, no regex, no
/// allocation in the hot loop apart from growing the token buffer. Every loop advances at
/// least one byte and every scan is bounded by the end of the buffer, so no input can make
/// it crash or hang. Literals (strings with all their interpolations, regexes) are single
/// tokens so that nothing inside them can ever be mistaken for code.
///
/// Helpers that are not inlined are `mutating` even where they change nothing: a
/// non-mutating call from a mutating method passes this struct (over 200 bytes) by value, which
/// the compiler does with a copy of all of it per call (one per number token and per
/// string literal).
struct Lexer {
    let options: TokenizerOptions
    var conditions = ConditionTable()
    var diagnostics: [LexerDiagnostic] = []
    var lineCount = 0
    var hints = SourceHints()

    private var bytes: UnsafePointer<UInt8>
    private var count = 0
    private let table: UnsafePointer<UInt8>
    private var line: Int32 = 1
    private var lineStart = 0
    private var pendingFlags: UInt8 = Token.Flags.newlineBefore | Token.Flags.spaceBefore
    private var pendingMarks: UInt8 = 0
    private let keywordHints: UnsafePointer<UInt8>
    private var currentCondition: Int32 = 0
    private var openBlocks: [OpenBlock] = []
    private var nextBlock: Int32 = 0

    // The result's storage while `run` fills it.
    private var out: UnsafeMutablePointer<Token>
    private var outCount = 0
    private var outCapacity = 0
    /// `TokenizedSource.stops` while `run` fills it (as many slots as `out`).
    private var stopsOut: UnsafeMutablePointer<Int32>
    private var stopCount = 0
    /// The indices `run` found for `TokenizedSource.stops`.
    private(set) var stops: [Int32] = []
    /// `TokenizedSource.lineStarts` while `run` fills it (a slot per byte, and one more).
    private var lineStartsOut: UnsafeMutablePointer<Int32>
    /// Where each line starts, as `run` found them.
    private(set) var lineStarts: [Int32] = []

    /// Where the last non-comment token lies in `out` (-1 before the first): the regex and
    /// number heuristics read it there, and a `(` marks it `beforeParen`.
    private var previousIndex = -1
    private var hasPrevious: Bool { previousIndex >= 0 }
    private var previousKind: TokenKind { out[previousIndex].kind }
    private var previousStart: Int { Int(out[previousIndex].start) }
    private var previousEnd: Int { Int(out[previousIndex].end) }
    private var previousFlags: UInt8 { out[previousIndex].flags }
    private var stringNesting = 0
    /// Set once a literal nested past `maximumStringNesting`: the literals around it end
    /// quietly at the end of that line.
    private var tooDeep = false
    static let maximumStringNesting = 64

    private struct OpenBlock {
        var block: Int32
        var branch: Int32
        var parent: Int32
        /// The block's latest clause.
        var clause: Int32
    }

    init(options: TokenizerOptions) {
        self.options = options
        self.table = ByteClass.table
        self.keywordHints = options.vocabulary.table
        self.bytes = UnsafePointer(ByteClass.table) // replaced in `run`
        self.out = UnsafeMutablePointer<Token>(bitPattern: MemoryLayout<Token>.alignment)! // replaced in `run`
        self.stopsOut = UnsafeMutablePointer<Int32>(bitPattern: MemoryLayout<Int32>.alignment)! // replaced in `run`
        self.lineStartsOut = UnsafeMutablePointer<Int32>(bitPattern: MemoryLayout<Int32>.alignment)! // replaced in `run`
        self.outCapacity = 0
    }

    // MARK: - Driver

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) -> [Token] {
        count = buffer.count
        guard let base = buffer.baseAddress, count > 0 else {
            lineCount = 0
            return []
        }
        bytes = base
        // Every token spans at least one byte: tokens are written straight into the
        // result, sized for that bound (pages never written are never touched), instead of
        // into a growing buffer copied at the end.
        var tokens: [Token] = []
        // A line ends at a byte: at most one line more than bytes.
        lineStarts = [Int32](unsafeUninitializedCapacity: count + 1) { lineBuffer, linesInitialized in
            lineStartsOut = lineBuffer.baseAddress!
            lineStartsOut[0] = 0
            stops = [Int32](unsafeUninitializedCapacity: count + 1) { stopBuffer, stopsInitialized in
                stopsOut = stopBuffer.baseAddress!
                tokens = [Token](unsafeUninitializedCapacity: count + 1) { tokenBuffer, initialized in
                    out = tokenBuffer.baseAddress!
                    // A stop is written for every token: both buffers must hold them all.
                    outCapacity = min(tokenBuffer.count, stopBuffer.count)
                    lex()
                    initialized = outCount
                }
                stopsInitialized = stopCount
            }
            linesInitialized = min(Int(line), lineBuffer.count)
        }
        return tokens
    }

    private mutating func lex() {
        var pos = 0
        // Byte order mark.
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            pos = 3
            lineStart = 3
            // Columns on the first line count from after the mark.
            lineStartsOut[0] = 3
        }
        // Shebang line of a script.
        if pos + 1 < count && bytes[pos] == UInt8(ascii: "#") && bytes[pos + 1] == UInt8(ascii: "!") {
            pos = endOfLine(from: pos)
        }
        lexAll(from: pos)
        if !openBlocks.isEmpty {
            report(.unbalancedConditional, at: count)
        }
        let last = bytes[count - 1]
        lineCount = Int(line) - (last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") ? 1 : 0)
        validateEncoding()
        if diagnostics.count > 1 {
            diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        }
    }

    /// The main loop: one token or one run of trivia per iteration.
    private mutating func lexAll(from start: Int) {
        var pos = start
        while pos < count {
            let byte = bytes[pos]
            switch table[Int(byte)] & ByteClass.kindMask {
            case ByteClass.space:
                pendingFlags |= Token.Flags.spaceBefore
                pos += 1
                while pos < count && table[Int(bytes[pos])] & ByteClass.kindMask == ByteClass.space { pos += 1 }
            case ByteClass.newline:
                pos += 1
                if byte == UInt8(ascii: "\r") && pos < count && bytes[pos] == UInt8(ascii: "\n") {
                    pos += 1
                }
                newline(at: pos)
                pendingFlags |= Token.Flags.newlineBefore | Token.Flags.spaceBefore
                // The indentation that follows, here rather than through the dispatch:
                // a branch of its own predicts far better than the shared jump.
                pos = endOfSpaces(from: pos)
            case ByteClass.identifier:
                let end = scanIdentifier(from: pos + 1)
                let length = end - pos
                // The bytes are compared only for names whose key a declaration keyword has.
                // One load answers all three lists (`TokenizerVocabulary.table`).
                let hint = keywordHints[NameKey.of(bytes + pos, length: length)]
                if hint & TokenizerVocabulary.declaration != 0 && isDeclarationKeyword(pos, end) {
                    pendingFlags |= Token.Flags.declarationKeyword
                }
                // Branch-free: the passes' loops skip on these marks.
                let hinted = hint & TokenizerVocabulary.keyword
                let capital = byte &- UInt8(ascii: "A") < 26
                pendingMarks |= hinted &* Token.Marks.keyword | (capital ? Token.Marks.capital : 0)
                hints.capitalNames &+= capital ? 1 : 0
                if hint & TokenizerVocabulary.watchedWord != 0 {
                    hints.watchedWords.append(Int32(truncatingIfNeeded: outCount))
                }
                if capital && pendingMarks & Token.Marks.afterAt != 0 {
                    hints.capitalAttributes.append(Int32(truncatingIfNeeded: outCount))
                }
                emit(.identifier, pos, end, line)
                pos = end
                // `let x`, `func f`: a single space after a name is the commonest next byte.
                if pos + 1 < count && bytes[pos] == UInt8(ascii: " ") && bytes[pos + 1] != UInt8(ascii: " ") {
                    pendingFlags |= Token.Flags.spaceBefore
                    pos += 1
                }
            case ByteClass.digit:
                let end = scanNumber(from: pos)
                emit(.number, pos, end, line)
                pos = end
            case ByteClass.quote:
                let startLine = line
                let end = scanString(from: pos, hashes: 0)
                emit(.string, pos, end, startLine)
                pos = end
            case ByteClass.slash:
                pos = lexSlash(at: pos)
            case ByteClass.pound:
                pos = lexPound(at: pos)
            case ByteClass.backtick:
                var end = pos + 1
                while end < count && bytes[end] != UInt8(ascii: "`") && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") {
                    end += 1
                }
                if end < count && bytes[end] == UInt8(ascii: "`") && end > pos + 1 {
                    if bytes[pos + 1] &- UInt8(ascii: "A") < 26 {
                        pendingMarks |= Token.Marks.capital
                        hints.capitalNames += 1
                        // Rare: judged by their text (`SourceHints.watchedWords`).
                        hints.watchedWords.append(Int32(truncatingIfNeeded: outCount))
                    }
                    emit(.backtickIdentifier, pos, end + 1, line)
                    pos = end + 1
                } else {
                    emit(.punctuation, pos, pos + 1, line)
                    pos += 1
                }
            case ByteClass.punctuation:
                if byte == UInt8(ascii: "{") {
                    pendingFlags |= Token.Flags.openBrace
                } else if byte == UInt8(ascii: "}") {
                    pendingFlags |= Token.Flags.closeBrace
                } else if byte == UInt8(ascii: "(") {
                    if hasPrevious { out[previousIndex].marks |= Token.Marks.beforeParen }
                } else if byte == UInt8(ascii: ";") {
                    pendingMarks |= Token.Marks.semicolon
                }
                emit(.punctuation, pos, pos + 1, line)
                if byte == UInt8(ascii: "@") { pendingMarks = Token.Marks.afterAt }
                pos += 1
            case ByteClass.dot:
                if pos + 1 < count && bytes[pos + 1] == UInt8(ascii: ".") {
                    let end = scanOperator(from: pos, allowDots: true)
                    emit(.operator, pos, end, line)
                    pos = end
                } else {
                    emit(.punctuation, pos, pos + 1, line)
                    if !hints.metatypeSyntax { noteMember(afterDotAt: pos) }
                    pos += 1
                }
            case ByteClass.operatorChar:
                let end = scanOperator(from: pos, allowDots: false)
                emit(.operator, pos, end, line)
                pos = end
            case ByteClass.nul:
                // Reported by `validateEncoding`; lexed as white space.
                pendingFlags |= Token.Flags.spaceBefore
                pos += 1
            default:
                // `\` (key paths), `'`, control characters: one-byte operator tokens.
                emit(.operator, pos, pos + 1, line)
                pos += 1
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

    /// Notes the `.` at `pos` (token `outCount - 1`) in `hints.selfDots` when `self`
    /// follows, and sets `hints.metatypeSyntax` when `Type` does, or white space or a
    /// comment, which could separate it from either.
    @inline(__always)
    private mutating func noteMember(afterDotAt pos: Int) {
        guard pos + 1 < count else { return }
        let next = bytes[pos + 1]
        if next == UInt8(ascii: "s") || next == UInt8(ascii: "T") {
            if pos + 5 <= count && equals(pos + 1, pos + 5, "self") {
                hints.selfDots.append(Int32(truncatingIfNeeded: outCount - 1))
            } else if pos + 5 <= count && equals(pos + 1, pos + 5, "Type") {
                hints.metatypeSyntax = true
            }
        } else if next == UInt8(ascii: "/") || next == 0 || table[Int(next)] & ByteClass.kindMask <= ByteClass.newline {
            hints.metatypeSyntax = true
        }
    }

    // MARK: - Emission and bookkeeping

    @inline(__always)
    private mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, _ startLine: Int32) {
        // Cannot happen (a token spans at least one byte); dropping beats writing past the end.
        guard outCount < outCapacity else { return }
        (out + outCount).initialize(to: Token(
            kind: kind, flags: pendingFlags, marks: pendingMarks, start: Int32(truncatingIfNeeded: start),
            end: Int32(truncatingIfNeeded: end), line: startLine
        ))
        // Written for every token, kept for a stop: no branch.
        stopsOut[stopCount] = Int32(truncatingIfNeeded: outCount)
        stopCount &+= (pendingFlags & Token.Flags.structural) | (pendingMarks & Token.Marks.passStops) != 0 ? 1 : 0
        outCount += 1
        pendingMarks = 0
        if kind == .comment {
            pendingFlags = Token.Flags.spaceBefore | (startLine != line ? Token.Flags.newlineBefore : 0)
        } else {
            previousIndex = outCount - 1
            pendingFlags = 0
        }
    }

    @inline(__always)
    private mutating func newline(at nextLineStart: Int) {
        line &+= 1
        lineStart = nextLineStart
        // `line` cannot pass the byte count + 1 (a line break per byte at most).
        lineStartsOut[Int(line) - 1] = Int32(truncatingIfNeeded: nextLineStart)
    }

    private mutating func report(_ kind: LexerDiagnostic.Kind, at offset: Int, line reportLine: Int32? = nil, lineStart reportLineStart: Int? = nil) {
        let column = offset - (reportLineStart ?? lineStart) + 1
        diagnostics.append(LexerDiagnostic(kind: kind, line: Int(reportLine ?? line), column: max(1, column)))
    }

    // MARK: - Simple scanners

    @inline(__always)
    private func endOfLine(from pos: Int) -> Int {
        var end = pos
        // Thirty-two, then eight bytes at a time while none of them can be `\n` or `\r`
        // (< 0x0E): a fifth of the corpus is line comments. The bytes from the first
        // candidate on are checked one by one.
        let raw = UnsafeRawPointer(bytes)
        while end + 32 <= count {
            let marks = SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
                | SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end + 8, as: UInt64.self))
                | SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end + 16, as: UInt64.self))
                | SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end + 24, as: UInt64.self))
            if marks != 0 { break }
            end += 32
        }
        _ = wordScan(&end, marking: SWAR.lineBreakCandidates)
        while end < count {
            let byte = bytes[end]
            if byte <= UInt8(ascii: "\r") && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { break }
            end += 1
        }
        return end
    }

    /// Eight bytes at a time: most names end within the first word, without the
    /// mispredicted exit of a loop over bytes.
    @inline(__always)
    private func scanIdentifier(from pos: Int) -> Int {
        var end = pos
        if wordScan(&end, marking: SWAR.nonIdentifierBytes) { return end }
        while end < count && table[Int(bytes[end])] & ByteClass.identifierContinue != 0 {
            end += 1
        }
        return end
    }

    /// The first byte from `pos` on that a string literal's loop must look at: a byte up to
    /// `"` (quotes, line breaks, control bytes) or a backslash; eight bytes at a time.
    @inline(__always)
    private func endOfStringContent(from pos: Int) -> Int {
        var end = pos
        if wordScan(&end, marking: SWAR.stringStopBytes) { return end }
        while end < count && bytes[end] > UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "\\") { end += 1 }
        return end
    }

    /// The end of a run of spaces (indentation), eight bytes at a time.
    @inline(__always)
    private func endOfSpaces(from pos: Int) -> Int {
        var end = pos
        if wordScan(&end, marking: { $0 ^ SWAR.spaces }) { return end }
        while end < count && bytes[end] == UInt8(ascii: " ") { end += 1 }
        return end
    }

    /// Moves `end` a word at a time to the first byte `marking` marks (any bit set in that
    /// byte, none in the bytes before it) and returns true; returns false with `end` where
    /// fewer than eight bytes are left, for the caller's byte loop.
    @inline(__always)
    private func wordScan(_ end: inout Int, marking: (UInt64) -> UInt64) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        while end + 8 <= count {
            let marks = marking(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            if marks != 0 {
                end += marks.trailingZeroBitCount >> 3
                return true
            }
            end += 8
        }
        return false
    }

    private mutating func scanNumber(from pos: Int) -> Int {
        // After `.` (tuple element `t.0.1`) only an integer is lexed.
        let afterDot = hasPrevious && previousEnd == pos && previousKind == .punctuation && bytes[previousStart] == UInt8(ascii: ".")
        let isHex = pos + 1 < count && bytes[pos] == UInt8(ascii: "0") && (bytes[pos + 1] == UInt8(ascii: "x") || bytes[pos + 1] == UInt8(ascii: "X"))
        var end = pos + 1
        while end < count {
            let byte = bytes[end]
            if table[Int(byte)] & ByteClass.identifierContinue != 0 {
                // Exponent signs: 1e-3, 0x1p+4.
                let isExponent = isHex
                    ? (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P"))
                    : (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
                if isExponent && !afterDot, end + 1 < count, bytes[end + 1] == UInt8(ascii: "-") || bytes[end + 1] == UInt8(ascii: "+") {
                    end += 2
                    continue
                }
                end += 1
            } else if byte == UInt8(ascii: "."), !afterDot, end + 1 < count, ByteClass.isDigit(bytes[end + 1]) {
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
            } else if table[Int(byte)] & ByteClass.operatorContinue == 0 {
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

    private mutating func lexSlash(at pos: Int) -> Int {
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

    private mutating func scanBlockComment(from pos: Int) -> Int {
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

    /// Advances over one byte, keeping the line count right for `\n`, `\r\n` and `\r`.
    @inline(__always)
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

    /// `import class struct enum protocol actor extension`.
    @inline(__always)
    private func isDeclarationKeyword(_ start: Int, _ end: Int) -> Bool {
        switch bytes[start] {
        case UInt8(ascii: "i"): return equals(start, end, "import")
        case UInt8(ascii: "c"): return equals(start, end, "class")
        case UInt8(ascii: "s"): return equals(start, end, "struct")
        case UInt8(ascii: "e"): return equals(start, end, "enum") || equals(start, end, "extension")
        case UInt8(ascii: "p"): return equals(start, end, "protocol")
        case UInt8(ascii: "a"): return equals(start, end, "actor")
        case UInt8(ascii: "t"): return equals(start, end, "typealias")
        default: return false
        }
    }

    private mutating func isExpressionKeyword(_ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 2:
            return equals(start, end, "in") || equals(start, end, "if") || equals(start, end, "is") || equals(start, end, "as")
        case 3:
            return equals(start, end, "try") || equals(start, end, "let") || equals(start, end, "var") || equals(start, end, "any")
        case 4:
            return equals(start, end, "case") || equals(start, end, "else") || equals(start, end, "some")
        case 5:
            return equals(start, end, "where") || equals(start, end, "guard") || equals(start, end, "while")
                || equals(start, end, "throw") || equals(start, end, "await") || equals(start, end, "yield")
        case 6:
            return equals(start, end, "return") || equals(start, end, "repeat")
        default:
            return false
        }
    }

    @inline(__always)
    private func equals(_ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard end - start == length else { return false }
        let pointer = literal.utf8Start
        for index in 0..<length where bytes[start + index] != pointer[index] {
            return false
        }
        return true
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
    private mutating func scanExtendedRegex(from pos: Int, hashes: Int) -> Int {
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

    @inline(__always)
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
    /// code, so strings nested in them (and their quotes) are handled. An unterminated
    /// single-line literal ends at its line's end, so it never swallows the file.
    private mutating func scanString(from pos: Int, hashes: Int) -> Int {
        let startLine = line, startLineStart = lineStart
        // Literals nest through interpolations; bound the recursion on hostile input.
        if stringNesting >= Lexer.maximumStringNesting {
            // Not a broken literal: a deep one. Said once; the enclosing literals end at the
            // end of the line instead of reporting themselves unterminated.
            if !tooDeep { report(.nestedTooDeep, at: pos - hashes, line: startLine, lineStart: startLineStart) }
            tooDeep = true
            var end = pos
            while end < count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }
        stringNesting += 1
        defer { stringNesting -= 1 }
        let multiline = isMultilineOpening(at: pos)
        var index = multiline ? pos + 3 : pos + 1
        while index < count {
            let byte = bytes[index]
            // Fast path: ordinary content, eight bytes at a time.
            if byte > UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index = endOfStringContent(from: index + 1)
                continue
            }
            if byte == UInt8(ascii: "\\") && hasHashes(at: index + 1, hashes) {
                let afterEscape = index + 1 + hashes
                if afterEscape < count && bytes[afterEscape] == UInt8(ascii: "(") {
                    index = scanInterpolation(from: afterEscape + 1, multiline: multiline)
                } else if afterEscape < count {
                    let escaped = bytes[afterEscape]
                    if !multiline && (escaped == UInt8(ascii: "\n") || escaped == UInt8(ascii: "\r")) {
                        index = afterEscape
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
        if !tooDeep { report(.unterminatedString, at: pos - hashes, line: startLine, lineStart: startLineStart) }
        return min(index, count)
    }

    /// `"""` opens a multi-line literal only when the rest of its line is blank:
    /// `#"""#` is a single-line raw string holding one quote.
    private mutating func isMultilineOpening(at pos: Int) -> Bool {
        guard pos + 2 < count && bytes[pos + 1] == UInt8(ascii: "\"") && bytes[pos + 2] == UInt8(ascii: "\"") else { return false }
        var index = pos + 3
        while index < count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index += 1 }
        return index == count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
    }

    /// Scans the code of `\( … )` up to and including the matching `)`. Stops at a line
    /// break inside a single-line literal (the caller reports it as unterminated).
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
                if !multiline && isMultilineOpening(at: index) {
                    // A multi-line literal cannot start inside a single-line one.
                    return index
                }
                let nestedLine = line
                index = scanString(from: index, hashes: 0)
                if !multiline && line != nestedLine { return index }
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
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                index = endOfLine(from: index)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if !multiline { return index }
                index = skipByteCountingLines(at: index)
            default:
                index += 1
            }
        }
        return count
    }

    // MARK: - `#`: raw strings, extended regexes, directives, pound identifiers

    private mutating func lexPound(at pos: Int) -> Int {
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

    // MARK: - Encoding

    /// Reports the first malformed UTF-8 sequence and the first NUL byte. ASCII is
    /// skipped eight bytes at a time.
    private mutating func validateEncoding() {
        var index = 0
        var invalidAt = -1
        var nulAt = -1
        let raw = UnsafeRawPointer(bytes)
        while index < count && (invalidAt < 0 || nulAt < 0) {
            // 32 bytes of ASCII without NUL at a time.
            while index + 32 <= count {
                let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let b = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let c = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                let d = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                if SWAR.nonASCIIOrNul(a) | SWAR.nonASCIIOrNul(b) | SWAR.nonASCIIOrNul(c) | SWAR.nonASCIIOrNul(d) != 0 { break }
                index += 32
            }
            if index >= count { break }
            if index + 8 <= count {
                if SWAR.nonASCIIOrNul(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 && nulAt < 0 { nulAt = index }
                index += 1
                continue
            }
            let length = Lexer.sequenceLength(bytes, index, count)
            if length == 0 {
                if invalidAt < 0 { invalidAt = index }
                index += 1
            } else {
                index += length
            }
        }
        if invalidAt >= 0 { reportAtOffset(.invalidUTF8, invalidAt) }
        if nulAt >= 0 { reportAtOffset(.binaryContent, nulAt) }
    }

    /// Length of the well-formed UTF-8 sequence at `index`, 0 when malformed.
    private static func sequenceLength(_ bytes: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }

    /// Reports at a byte offset, computing its line and column by counting line breaks.
    private mutating func reportAtOffset(_ kind: LexerDiagnostic.Kind, _ offset: Int) {
        var reportLine = 1
        var start = 0
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !(index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n"))) {
                reportLine += 1
                start = index + 1
            }
            index += 1
        }
        diagnostics.append(LexerDiagnostic(kind: kind, line: reportLine, column: offset - start + 1))
    }
}

/// Byte classes for the lexer's dispatch: the low bits hold the class, two high bits say
/// whether the byte may continue an identifier or an operator.
enum ByteClass {
    static let kindMask: UInt8 = 0x0F
    static let identifierContinue: UInt8 = 0x80
    static let operatorContinue: UInt8 = 0x40

    static let space: UInt8 = 0, newline: UInt8 = 1, identifier: UInt8 = 2, digit: UInt8 = 3, quote: UInt8 = 4,
               slash: UInt8 = 5, pound: UInt8 = 6, backtick: UInt8 = 7, punctuation: UInt8 = 8, dot: UInt8 = 9,
               operatorChar: UInt8 = 10, nul: UInt8 = 11, other: UInt8 = 12

    /// 256 entries, allocated once and never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: other, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = identifier | identifierContinue }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = identifier | identifierContinue }
        // Non-ASCII bytes are identifier characters; malformed UTF-8 is reported separately.
        for byte in 0x80...0xFF { table[byte] = identifier | identifierContinue }
        table[Int(UInt8(ascii: "_"))] = identifier | identifierContinue
        table[Int(UInt8(ascii: "$"))] = identifier | identifierContinue
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = digit | identifierContinue }
        for byte in [0x20, 0x09, 0x0B, 0x0C] { table[byte] = space }
        table[Int(UInt8(ascii: "\n"))] = newline
        table[Int(UInt8(ascii: "\r"))] = newline
        table[Int(UInt8(ascii: "\""))] = quote
        table[Int(UInt8(ascii: "/"))] = slash | operatorContinue
        table[Int(UInt8(ascii: "#"))] = pound
        table[Int(UInt8(ascii: "`"))] = backtick
        for byte in "()[]{},:;@".utf8 { table[Int(byte)] = punctuation }
        table[Int(UInt8(ascii: "."))] = dot
        for byte in "=-+!*%<>&|^~?".utf8 { table[Int(byte)] = operatorChar | operatorContinue }
        table[0] = nul
        return UnsafePointer(table)
    }()

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
