/// The kinds of token the lexer produces.
///
/// Keywords are plain identifiers: consumers compare the bytes, which keeps the lexer free
/// of a keyword table and lets contextual keywords (`actor`, `package`, `some`) work the
/// same way as reserved ones.
public enum TokenKind: UInt8, Sendable {
    /// `foo`, `Foo`, `class`, `$0`, `_` — also every keyword.
    case identifier
    /// `` `default` `` — the text includes the backticks.
    case backtickIdentifier
    /// `42`, `0x1F`, `1_000.5e3`.
    case number
    /// Any string literal form, as one token: `"a"`, `"""…"""`, `#"…"#`, with interpolations.
    case string
    /// `#/…/#` or `/…/` regex literal, as one token.
    case regex
    /// `#available`, `#selector`, `#Preview`, `#file` … (`#if` family is not a token).
    case poundIdentifier
    /// One of `( ) [ ] { } , : ; @` or a lone `.` — always a single byte.
    case punctuation
    /// A run of operator characters: `=`, `->`, `&&`, `...`, `?`, `!`.
    case `operator`
    /// A comment, emitted only when `TokenizerOptions.keepComments` is set.
    case comment
}

/// One token. 16 bytes, no references: arrays of tokens are cheap to build and drop, and
/// the passes that jump between far-apart tokens touch fewer cache lines. (The `#if`
/// clause a token sits in is looked up by its offset: `ConditionTable.condition(at:)`.)
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    /// Bit set of `Token.Flags`.
    public var flags: UInt8
    /// Bit set of `Token.Marks` (in what was padding: the token stays 16 bytes).
    public var marks: UInt8
    /// Byte offset of the first byte.
    public var start: Int32
    /// Byte offset one past the last byte.
    public var end: Int32
    /// 1-based line of the first byte.
    public var line: Int32

    public init(kind: TokenKind, flags: UInt8, marks: UInt8 = 0, start: Int32, end: Int32, line: Int32) {
        self.kind = kind
        self.flags = flags
        self.marks = marks
        self.start = start
        self.end = end
        self.line = line
    }

    public enum Flags {
        /// A newline (or the start of the file) separates this token from the previous one.
        public static let newlineBefore: UInt8 = 1
        /// White space or a comment separates this token from the previous one.
        public static let spaceBefore: UInt8 = 2
        /// The token is the punctuation `{`.
        public static let openBrace: UInt8 = 4
        /// The token is the punctuation `}`.
        public static let closeBrace: UInt8 = 8
        /// The token is one of the identifiers `import`, `class`, `struct`, `enum`,
        /// `protocol`, `actor`, `extension` (keywords that may start a fact; the bit says
        /// nothing about the context).
        public static let declarationKeyword: UInt8 = 16
        /// Braces and declaration keywords: where every fact pass keeps its scopes.
        public static let structural: UInt8 = openBrace | closeBrace | declarationKeyword
    }

    /// Hints the lexer leaves for the fact passes, so that their loops skip the tokens
    /// that cannot matter to them with one test instead of dispatching on every token.
    /// A mark may be set where nothing comes of it (`keyword` is a filter); a token
    /// without the mark never needs the pass's attention.
    public enum Marks {
        /// The next token that is not a comment is the punctuation `(`, with or without
        /// space between: `f(`, `Foo (`.
        public static let beforeParen: UInt8 = 1
        /// The token directly follows the punctuation `@`.
        public static let afterAt: UInt8 = 2
        /// An identifier starting with `A`–`Z`, or a backtick identifier whose name does.
        public static let capital: UInt8 = 4
        /// An identifier that may be one of the words the fact passes act on: Swift's
        /// (`func`, `var`, `case`, `where`, `typealias`, `associatedtype`) and those the
        /// options' `TokenizerVocabulary` adds (a DI adapter's `liveValue`, `bootstrap`):
        /// same `NameKey`.
        public static let keyword: UInt8 = 8
        /// The punctuation `;`.
        public static let semicolon: UInt8 = 16
        /// A comment token (only with `keepComments`).
        public static let comment: UInt8 = 32
        /// The marks that, with a `structural` flag, put a token in `TokenizedSource.stops`.
        public static let passStops: UInt8 = capital | keyword | semicolon | comment
    }

    @inlinable public var isAtLineStart: Bool { flags & Flags.newlineBefore != 0 }
    @inlinable public var hasSpaceBefore: Bool { flags & Flags.spaceBefore != 0 }
    @inlinable public var length: Int { Int(end - start) }
}

/// A problem the lexer found. Lexing always continues: a bad file yields diagnostics,
/// never an abort.
public struct LexerDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case unterminatedString = "unterminated string literal"
        case unterminatedComment = "unterminated block comment"
        case unterminatedRegex = "unterminated regex literal"
        case invalidUTF8 = "invalid UTF-8"
        case unbalancedConditional = "unbalanced #if/#endif"
        case binaryContent = "file contains NUL bytes (binary?)"
        case nestedTooDeep = "string interpolations nested more than 64 levels deep: the rest of the literal is not analysed"
    }
    public var kind: Kind
    public var line: Int
    public var column: Int

    public init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(kind.rawValue)" }
}
