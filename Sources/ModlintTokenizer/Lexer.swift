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

    // The scanners in the Lexer+… files read the state below and change some of it: what
    // only this file changes is `private(set)`, what only this file reads stays `private`.
    private(set) var bytes: UnsafePointer<UInt8>
    private(set) var count = 0
    let table: UnsafePointer<UInt8>
    private(set) var line: Int32 = 1
    private(set) var lineStart = 0
    var pendingFlags: UInt8 = Token.Flags.newlineBefore | Token.Flags.spaceBefore
    var pendingMarks: UInt8 = 0
    private let keywordHints: UnsafePointer<UInt8>
    var currentCondition: Int32 = 0
    var openBlocks: [OpenBlock] = []
    var nextBlock: Int32 = 0

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
    var hasPrevious: Bool { previousIndex >= 0 }
    var previousKind: TokenKind { out[previousIndex].kind }
    var previousStart: Int { Int(out[previousIndex].start) }
    var previousEnd: Int { Int(out[previousIndex].end) }
    var previousFlags: UInt8 { out[previousIndex].flags }
    var stringNesting = 0
    /// Set once a literal nested past `maximumStringNesting`: the literals around it end
    /// quietly at the end of that line.
    var tooDeep = false
    static let maximumStringNesting = 64

    struct OpenBlock {
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

    /// The main loop: one token or one run of trivia per iteration. The longer cases are
    /// steps of their own below, inlined back into this loop.
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
                pos = lexIdentifier(at: pos, first: byte)
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
                pos = lexBacktick(at: pos)
            case ByteClass.punctuation:
                pos = lexPunctuation(byte, at: pos)
            case ByteClass.dot:
                pos = lexDot(at: pos)
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

    /// A name starting with `first` at `pos`, with the marks and hints the passes skip
    /// on; returns where lexing goes on.
    @inline(__always)
    private mutating func lexIdentifier(at pos: Int, first byte: UInt8) -> Int {
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
        // `let x`, `func f`: a single space after a name is the commonest next byte.
        if end + 1 < count && bytes[end] == UInt8(ascii: " ") && bytes[end + 1] != UInt8(ascii: " ") {
            pendingFlags |= Token.Flags.spaceBefore
            return end + 1
        }
        return end
    }

    /// `` `name` `` on one line; a lone backtick is punctuation.
    @inline(__always)
    private mutating func lexBacktick(at pos: Int) -> Int {
        var end = pos + 1
        while end < count && bytes[end] != UInt8(ascii: "`") && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        guard end < count && bytes[end] == UInt8(ascii: "`") && end > pos + 1 else {
            emit(.punctuation, pos, pos + 1, line)
            return pos + 1
        }
        if bytes[pos + 1] &- UInt8(ascii: "A") < 26 {
            pendingMarks |= Token.Marks.capital
            hints.capitalNames += 1
            // Rare: judged by their text (`SourceHints.watchedWords`).
            hints.watchedWords.append(Int32(truncatingIfNeeded: outCount))
        }
        emit(.backtickIdentifier, pos, end + 1, line)
        return end + 1
    }

    /// One of `()[]{},:;@`, with the flags and marks braces, `(`, `;` and `@` set.
    @inline(__always)
    private mutating func lexPunctuation(_ byte: UInt8, at pos: Int) -> Int {
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
        return pos + 1
    }

    /// `.` (a member follows), or an operator that starts with `..`.
    @inline(__always)
    private mutating func lexDot(at pos: Int) -> Int {
        if pos + 1 < count && bytes[pos + 1] == UInt8(ascii: ".") {
            let end = scanOperator(from: pos, allowDots: true)
            emit(.operator, pos, end, line)
            return end
        }
        emit(.punctuation, pos, pos + 1, line)
        if !hints.metatypeSyntax { noteMember(afterDotAt: pos) }
        return pos + 1
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
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, _ startLine: Int32) {
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
    mutating func newline(at nextLineStart: Int) {
        line &+= 1
        lineStart = nextLineStart
        // `line` cannot pass the byte count + 1 (a line break per byte at most).
        lineStartsOut[Int(line) - 1] = Int32(truncatingIfNeeded: nextLineStart)
    }

    mutating func report(_ kind: LexerDiagnostic.Kind, at offset: Int, line reportLine: Int32? = nil, lineStart reportLineStart: Int? = nil) {
        let column = offset - (reportLineStart ?? lineStart) + 1
        diagnostics.append(LexerDiagnostic(kind: kind, line: Int(reportLine ?? line), column: max(1, column)))
    }
}
