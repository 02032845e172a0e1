/// The token toolkit every pass over a token array shares (the DI and Spezi fact passes,
/// the manifest parser, `modlint fix`'s editor): bounds-checked tests by kind and text,
/// names without backticks, and token text. Passes that walk raw pointers in their hot
/// loop use `RawTokenCursor`, which has the same tests without bounds checks.
public protocol TokenReader {
    var source: TokenizedSource { get }
    /// The tokens read (the source's, or a copy without comments).
    var tokens: [Token] { get }
    /// `source.bytes`, which the tests below read (kept apart: reading them through
    /// `source` copied the whole source, a dozen references, at every test).
    var bytes: [UInt8] { get }
}

extension TokenReader {
    /// The token at `index` exists and is the punctuation byte `byte` (`(`, `,`, `.` …).
    @inlinable @inline(__always)
    public func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && bytes[Int(tokens[index].start)] == byte
    }

    /// The token at `index` is the operator `literal` (`=`, `->`, `+=`).
    @inlinable
    public func isOperator(_ index: Int, _ literal: StaticString) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .operator && matches(tokens[index], literal)
    }

    /// An identifier or a backticked one.
    @inlinable @inline(__always)
    public func isName(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && (tokens[index].kind == .identifier || tokens[index].kind == .backtickIdentifier)
    }

    /// The identifier (not backticked) `literal`, keywords included.
    @inlinable
    public func isWord(_ index: Int, _ literal: StaticString) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && matches(tokens[index], literal)
    }

    /// The token's text, backticks removed.
    @inlinable
    public func name(_ index: Int) -> String {
        let token = tokens[index]
        if token.kind == .backtickIdentifier && token.length >= 2 {
            return text(from: Int(token.start) + 1, to: Int(token.end) - 1)
        }
        return text(from: Int(token.start), to: Int(token.end))
    }

    /// The token's text as written.
    @inlinable
    public func text(at index: Int) -> String { text(from: Int(tokens[index].start), to: Int(tokens[index].end)) }

    /// The bytes `start..<end` as text (see `SourceBytes.text`).
    @inlinable
    public func text(from start: Int, to end: Int) -> String { SourceBytes.text(bytes, from: start, to: end) }

    /// The token's bytes equal the ASCII literal.
    @inlinable
    public func matches(_ token: Token, _ literal: StaticString) -> Bool { SourceBytes.matches(bytes, token, literal) }

    /// A name whose first letter (after a backtick) is an ASCII capital: a type, by convention.
    @inlinable
    public func startsUppercase(_ index: Int) -> Bool {
        guard isName(index) else { return false }
        let token = tokens[index]
        let byte = bytes[Int(token.start) + (token.kind == .backtickIdentifier ? 1 : 0)]
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// An identifier starting with an ASCII lower-case letter: a value, by convention.
    @inlinable
    public func startsLowercase(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return false }
        let byte = bytes[Int(tokens[index].start)]
        return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    /// Bracket depth change of the token: `(`, `[`, `{` open; `)`, `]`, `}` close.
    @inlinable
    public func bracketDepthChange(_ index: Int) -> Int {
        let token = tokens[index]
        guard token.kind == .punctuation else { return 0 }
        switch bytes[Int(token.start)] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return -1
        default: return 0
        }
    }

    /// The bracket closing the one at `open`, found by counting forward from it: for a
    /// one-off lookup in a file that may never need the whole table (`BracketPartners`
    /// costs a pass over every token, this only the bracketed stretch).
    @inlinable
    public func closingBracket(from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < tokens.count {
            depth += bracketDepthChange(index)
            if depth == 0 { return index }
            index += 1
        }
        return nil
    }

    /// Source text of tokens `from...to`, white space between them folded to one space.
    @inlinable
    public func text(from: Int, through to: Int) -> String {
        guard from <= to, from >= 0, to < tokens.count else { return "" }
        var result = ""
        for index in from...to {
            if index > from && tokens[index].hasSpaceBefore { result += " " }
            result += text(at: index)
        }
        return result
    }
}

/// For every `(`, `[`, `{` and its closer, the index of the partner: computed on first
/// use, once per token array (most files never need it), and shared by the passes over
/// that array.
public final class BracketPartners: @unchecked Sendable {
    /// The source's bytes, not the whole source: one reference to keep, not a dozen.
    private let bytes: [UInt8]
    private let tokens: [Token]
    /// One entry per token, made on first use. A raw buffer: the lookups (thousands per
    /// file that needs them) cost a load each, not an array's retain and release.
    private var partners: UnsafeMutablePointer<Int32>?
    private let count: Int

    public init(source: borrowing TokenizedSource, tokens: [Token]) {
        self.bytes = source.bytes
        self.tokens = tokens
        self.count = tokens.count
    }

    deinit { partners?.deallocate() }

    /// Whether a lookup has made the table already (`partner(of:)` makes it).
    public var isComputed: Bool { partners != nil }

    /// The partner of the bracket at `index`; `nil` for other tokens and unbalanced brackets.
    public func partner(of index: Int) -> Int? {
        guard index >= 0, index < count else { return nil }
        let table = partners ?? compute()
        let partner = table[index]
        return partner >= 0 ? Int(partner) : nil
    }

    private func compute() -> UnsafeMutablePointer<Int32> {
        let partner = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, count))
        partner.initialize(repeating: -1, count: count)
        partners = partner
        var stack: [Int] = []
        tokens.withUnsafeBufferPointer { tokenBuffer in
            self.bytes.withUnsafeBufferPointer { bytes in
                for index in 0..<tokenBuffer.count where tokenBuffer[index].kind == .punctuation {
                    switch bytes[Int(tokenBuffer[index].start)] {
                    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                        stack.append(index)
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        if let open = stack.popLast() {
                            partner[open] = Int32(index)
                            partner[index] = Int32(open)
                        }
                    default: break
                    }
                }
            }
        }
        return partner
    }
}

/// A `TokenReader` with the file's bracket table: calls, their arguments and lists.
public protocol BracketReader: TokenReader {
    var partners: BracketPartners { get }
}

/// One top-level item of a bracketed, comma-separated list (an argument, an element):
/// its first and last token and the `,` after it, if any.
public struct ListItem: Sendable, Equatable {
    public var first: Int
    public var last: Int
    public var comma: Int?

    public init(first: Int, last: Int, comma: Int?) {
        self.first = first
        self.last = last
        self.comma = comma
    }
}

extension BracketReader {
    @inlinable
    public func partner(of index: Int) -> Int? { partners.partner(of: index) }

    /// The top-level items between the bracket at `open` and its partner.
    public func items(in open: Int) -> [ListItem] {
        guard let close = partner(of: open), close > open else { return [] }
        var result: [ListItem] = []
        var first = open + 1
        var index = open + 1
        while index <= close {
            if index == close || isPunctuation(index, UInt8(ascii: ",")) {
                if first < index { result.append(ListItem(first: first, last: index - 1, comma: index == close ? nil : index)) }
                first = index + 1
                index += 1
            } else if let skip = partner(of: index), skip > index {
                index = skip + 1
            } else {
                index += 1
            }
        }
        return result
    }

    /// The item of `items` labelled `label:` (a call's argument).
    public func item(labelled label: StaticString, in items: [ListItem]) -> ListItem? {
        items.first { isWord($0.first, label) && isPunctuation($0.first + 1, UInt8(ascii: ":")) }
    }

    /// The bracket closing the one at `open`: the file's table when a pass already made
    /// it, else a count forward (`closingBracket(from:)`). Both pair every bracket kind
    /// alike, so they agree; a one-off lookup never pays for the table.
    public func closing(_ open: Int) -> Int? {
        partners.isComputed ? partner(of: open) : closingBracket(from: open)
    }

    /// The first token of the value of the argument labelled `label` in the call whose
    /// `(` is at `open` (the top-level items of `items(in:)`, walked without building the
    /// list or the table).
    public func argument(_ label: StaticString, inCallAt open: Int) -> Int? {
        guard let close = closing(open), close > open else { return nil }
        var index = open + 1
        var itemStarts = true
        while index < close {
            if itemStarts && isWord(index, label) && isPunctuation(index + 1, UInt8(ascii: ":")) { return index + 2 }
            itemStarts = false
            if bracketDepthChange(index) > 0, let skip = closing(index), skip > index {
                index = skip + 1
                continue
            }
            if isPunctuation(index, UInt8(ascii: ",")) { itemStarts = true }
            index += 1
        }
        return nil
    }

    /// The first token from `index` on that is not inside a bracket group opened at or
    /// after `index` and for which `stop` holds (asked before a bracket is jumped), or
    /// that closes a group opened before `index`; `tokens.count` at the end. Groups are
    /// jumped over whole (the table); an opening bracket without a partner (an unbalanced
    /// file) runs to the end.
    public func nextTopLevel(from index: Int, where stop: (Int) -> Bool) -> Int {
        var index = index
        while index < tokens.count {
            if stop(index) { return index }
            switch bracketDepthChange(index) {
            case 1:
                guard let close = partner(of: index), close > index else { return tokens.count }
                index = close + 1
            case -1:
                return index
            default:
                index += 1
            }
        }
        return tokens.count
    }

    /// The innermost bracket that is open at `index` (walking back over closed groups).
    public func enclosingBracket(of index: Int) -> Int? {
        var cursor = index - 1
        while cursor >= 0 {
            if let other = partner(of: cursor) {
                if other > cursor { return cursor }
                cursor = other - 1
            } else {
                cursor -= 1
            }
        }
        return nil
    }
}
