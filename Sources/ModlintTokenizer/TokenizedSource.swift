/// Options for `TokenizedSource`.
public struct TokenizerOptions: Sendable {
    /// Emit comments as `.comment` tokens (suppression comments need them; facts do not).
    public var keepComments: Bool
    /// The words beyond Swift's own that the lexer marks for the passes that read them.
    public var vocabulary: TokenizerVocabulary

    public init(keepComments: Bool = false, vocabulary: TokenizerVocabulary = .language) {
        self.keepComments = keepComments
        self.vocabulary = vocabulary
    }
}

/// A file's bytes with its tokens, `#if` structure and lexer diagnostics.
public struct TokenizedSource: Sendable {
    public let bytes: [UInt8]
    public let tokens: [Token]
    public let conditions: ConditionTable
    public let diagnostics: [LexerDiagnostic]
    /// Number of lines: line breaks (`\n`, `\r\n` or a lone `\r`), plus one when the last
    /// line does not end with a break; 0 for an empty file.
    public let lineCount: Int
    /// Whether comments were kept as tokens: when not, no pass needs to look for them.
    public let keepsComments: Bool
    /// What the lexer noticed on the way that lets a pass skip a file.
    public let hints: SourceHints
    /// Indices of the tokens with a `Token.Flags.structural` flag or one of the
    /// `Token.Marks.passStops` marks, in order: the only tokens where the declaration and
    /// type-reference passes act outside a header. Listed by the lexer as it goes, so that
    /// those passes jump from one to the next instead of testing every token (a test
    /// whose exit, every five tokens or so, was a mispredicted branch).
    public let stops: [Int32]
    /// The byte offset where each line starts (line 1 first; after a byte order mark, the
    /// first line's columns count from past it): a token's column without a scan.
    public let lineStarts: [Int32]

    public init(bytes: [UInt8], options: TokenizerOptions = TokenizerOptions()) {
        self.bytes = bytes
        self.keepsComments = options.keepComments
        var lexer = Lexer(options: options)
        self.tokens = bytes.withUnsafeBufferPointer { buffer in
            lexer.run(buffer)
        }
        self.conditions = lexer.conditions
        self.diagnostics = lexer.diagnostics
        self.lineCount = lexer.lineCount
        self.hints = lexer.hints
        self.stops = lexer.stops
        self.lineStarts = lexer.lineStarts
    }

    public init(_ text: String, options: TokenizerOptions = TokenizerOptions()) {
        self.init(bytes: Array(text.utf8), options: options)
    }

    /// The token's text (invalid UTF-8 is repaired with U+FFFD).
    public func text(_ token: Token) -> String {
        SourceBytes.text(bytes, from: Int(token.start), to: Int(token.end))
    }

    /// The text between two byte offsets.
    public func text(from start: Int, to end: Int) -> String {
        let start = max(0, min(start, bytes.count)), end = max(start, min(end, bytes.count))
        return SourceBytes.text(bytes, from: start, to: end)
    }

    /// Compares the token's bytes with an ASCII literal without allocating.
    @inlinable
    public func matches(_ token: Token, _ literal: StaticString) -> Bool {
        SourceBytes.matches(bytes, token, literal)
    }

    /// True when the token is the single punctuation or operator byte `byte`.
    @inlinable
    public func isByte(_ token: Token, _ byte: UInt8) -> Bool {
        token.length == 1 && bytes[Int(token.start)] == byte
    }

    /// 1-based column (in bytes) of a byte offset. A UTF-8 byte order mark is not part of
    /// the first line (editors do not show it), so it shifts no column.
    public func column(ofOffset offset: Int) -> Int {
        bytes.withUnsafeBufferPointer { Self.column(ofOffset: offset, in: $0) }
    }

    /// The 1-based column of the token's first byte, counted in bytes.
    public func column(of token: Token) -> Int {
        lineStarts.withUnsafeBufferPointer { lines in
            bytes.withUnsafeBufferPointer { Self.column(ofOffset: Int(token.start), line: Int(token.line), lineStarts: lines, in: $0) }
        }
    }

    /// The column of the byte at `offset` on `line`: from the lexer's `lineStarts` where
    /// they hold the line (every token the lexer made), else by a scan back to the line's
    /// start. For the passes that read a source through raw buffers.
    @inlinable
    public static func column(ofOffset offset: Int, line: Int, lineStarts: UnsafeBufferPointer<Int32>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard line >= 1 && line <= lineStarts.count else { return column(ofOffset: offset, in: bytes) }
        return offset - Int(lineStarts[line - 1]) + 1
    }

    /// The column of the byte at `offset`, found by a scan back to the line's start (a byte
    /// order mark is not part of the first line).
    public static func column(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let index = bytes.baseAddress.map { LineBreaks.lineStart(before: min(offset, bytes.count), in: $0) } ?? 0
        if index == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF && offset >= 3 {
            return offset - 3 + 1
        }
        return offset - index + 1
    }
}

/// Token text and tests on a file's bytes, shared by `TokenizedSource` and the readers
/// that keep the bytes apart (`TokenReader`).
public enum SourceBytes {
    /// The bytes `start..<end` as text (invalid UTF-8 repaired with U+FFFD); empty for a
    /// range outside the bytes.
    @inlinable
    public static func text(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        guard start >= 0, end <= bytes.count, start <= end else { return "" }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// The token's bytes equal the ASCII literal (no allocation).
    @inlinable
    public static func matches(_ bytes: [UInt8], _ token: Token, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard token.length == count, token.start >= 0, Int(token.end) <= bytes.count else { return false }
        let start = Int(token.start)
        return bytes.withUnsafeBufferPointer { buffer in
            let pointer = literal.utf8Start
            for index in 0..<count where buffer[start + index] != pointer[index] {
                return false
            }
            return true
        }
    }
}

/// Cheap facts about a file, gathered by the lexer at no extra pass, that tell a fact pass
/// whether it can find anything at all. Each errs on the side of "maybe".
public struct SourceHints: Sendable, Equatable {
    /// A `.` directly followed by `Type` (a metatype type: `T.Type`), or by white space or a
    /// comment, which could separate it from `Type` or `self`.
    public var metatypeSyntax = false
    /// Indices of the `.` tokens directly followed by `self` (`T.self`, and `x.self`,
    /// `\.self`, `.selfish`: the pass that reads them tells them apart).
    public var selfDots: [Int32] = []
    /// Indices of the names with the `NameKey` of one of the vocabulary's watched words,
    /// and of the backticked names that start with a capital: a pass compares their text.
    public var watchedWords: [Int32] = []
    /// A comment that starts with `modlint:` (after `//` or `/*` and spaces or tabs, not
    /// in a doc comment): the file may hold a suppression directive.
    public var suppressionDirective = false
    /// Indices of the tokens that directly follow `@` and start with a capital letter:
    /// attribute names such as `@MainActor`, `@Injected`.
    public var capitalAttributes: [Int32] = []
    /// How many tokens carry `Token.Marks.capital`: at most as many type references.
    public var capitalNames = 0

    public init() {}
}
