/// Tokens of the Ruby that podspecs and Podfiles are written in: enough of Ruby's lexical
/// grammar to read their DSL without a Ruby runtime. What the DSL never needs (regular
/// expressions, `%r` and `%s` literals) lexes as punctuation and is skipped by the parser
/// as a statement it cannot evaluate. A literal that never ends (a heredoc without its
/// terminator, `%w[` or a string left open) is an error, as it is to Ruby: read on, the
/// rest of the file would silently be taken for its text.
struct RubyToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        /// `:name` or `:"name"`.
        case symbol(String)
        /// `name:` in an argument list (`path: 'Modules/Core'`).
        case label(String)
        /// A string literal: its pieces, literal text and `#{…}` code.
        case string([StringPiece])
        /// `%w[a b]`, `%i[a b]`.
        case words([String])
        case number(String)
        /// `/-+/` as an argument (after `(` or `,`): its source and options (`i`, `x`, …).
        case regex(String, options: String)
        case punctuation(String)
        case newline
        case end
    }

    enum StringPiece: Equatable {
        case text(String)
        case code(String)
    }

    var kind: Kind
    var line: Int
    /// White space (or a line start) before the token: `foo [1]` passes an array, `foo[1]` indexes.
    var spaceBefore: Bool
}

struct RubyLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Heredoc terminators met on the current line: their bodies start on the next line.
    private var pendingHeredocs: [(terminator: String, indented: Bool, opener: String, line: Int)] = []
    /// The first literal that never ends.
    private(set) var unterminated: PodReadError?
    /// The token before: a `/` after `(` or `,` opens a regular expression, elsewhere it divides.
    private var previous: RubyToken.Kind = .newline

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func tokens(_ bytes: [UInt8]) throws(PodReadError) -> [RubyToken] {
        var lexer = RubyLexer(bytes)
        var tokens: [RubyToken] = []
        while true {
            let token = lexer.next()
            lexer.previous = token.kind
            tokens.append(token)
            if token.kind == .end { break }
        }
        // A heredoc opened on the last line, with no line after it for its body.
        if let heredoc = lexer.pendingHeredocs.first { lexer.fail(heredoc.line, "the heredoc \(heredoc.opener) has no \(heredoc.terminator) line to end it") }
        if let error = lexer.unterminated { throw error }
        return tokens
    }

    private mutating func fail(_ line: Int, _ message: String) {
        if unterminated == nil { unterminated = PodReadError(line: line, message: message) }
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == 95 || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 48 && byte <= 57)
    }

    mutating func next() -> RubyToken {
        var spaceBefore = index == 0
        if let newline = skipSpace(&spaceBefore) { return newline }
        guard index < bytes.count else { return RubyToken(kind: .end, line: line, spaceBefore: true) }
        let start = index
        let byte = bytes[index]
        let at = line
        func token(_ kind: RubyToken.Kind) -> RubyToken { RubyToken(kind: kind, line: at, spaceBefore: spaceBefore) }

        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            index += 1
            let pieces = readString(closing: byte, interpolates: byte == UInt8(ascii: "\""), from: at)
            // `"key": value` in a hash or argument list.
            if peek() == UInt8(ascii: ":") && peek(1) != UInt8(ascii: ":") && (peek(1) == 32 || peek(1) == 10),
               case .text(let key)? = pieces.first, pieces.count == 1 {
                index += 1
                return token(.label(key))
            }
            return token(.string(pieces))
        }
        if byte == UInt8(ascii: "%"), let literal = percentLiteral(from: start) { return token(literal) }
        if byte == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "<"), [UInt8(ascii: "-"), UInt8(ascii: "~")].contains(peek(2)) || Self.isIdentifierStart(peek(2)) && peek(2) < 97,
           let heredoc = heredocOpener(from: start) {
            return token(heredoc)
        }
        if byte == UInt8(ascii: ":") && peek(1) != UInt8(ascii: ":"), let symbol = symbol() { return token(symbol) }
        if Self.isIdentifierStart(byte) || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") { return token(identifier(from: start)) }
        if byte >= 48 && byte <= 57 {
            while index < bytes.count && (Self.isIdentifierByte(bytes[index]) || (bytes[index] == UInt8(ascii: ".") && index + 1 < bytes.count && bytes[index + 1] >= 48 && bytes[index + 1] <= 57)) {
                index += 1
            }
            return token(.number(String(decoding: bytes[start..<index], as: UTF8.self)))
        }
        if byte == UInt8(ascii: "/"), previous == .punctuation("(") || previous == .punctuation(","), let regex = regexLiteral() {
            return token(regex)
        }
        // Most punctuation is one byte: the operator table is tried only where one may start.
        if Self.operatorStarts.contains(byte) {
            for operator_ in Self.operators where matches(operator_) {
                index += operator_.count
                return token(.punctuation(Self.operatorTexts[operator_] ?? String(decoding: operator_, as: UTF8.self)))
            }
        }
        index += 1
        return token(.punctuation(Self.singleByteTexts[Int(byte)]))
    }

    /// Skips white space, continued lines and comments up to the next token; at the end of
    /// a line, the newline token (heredoc bodies and a block comment after it skipped).
    @inline(__always)
    private mutating func skipSpace(_ spaceBefore: inout Bool) -> RubyToken? {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 32 || byte == 9 || byte == 13 {
                index += 1
                spaceBefore = true
            } else if byte == UInt8(ascii: "\\") && peek(1) == 10 {
                // A continued line.
                index += 2
                line += 1
                spaceBefore = true
            } else if byte == UInt8(ascii: "#") {
                while index < bytes.count && bytes[index] != 10 { index += 1 }
            } else if byte == 10 {
                let at = line
                index += 1
                line += 1
                skipHeredocBodies()
                skipBlockComment()
                return RubyToken(kind: .newline, line: at, spaceBefore: true)
            } else {
                break
            }
        }
        return nil
    }

    /// At a `%` (`start`): `%w[a b]`, `%i[a b]` (words), `%q{…}`, `%Q{…}` and `%(…)`
    /// (strings); `nil` (nothing consumed) for any other `%`.
    private mutating func percentLiteral(from start: Int) -> RubyToken.Kind? {
        let at = line
        if let close = Self.closing(peek(2)), [UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "I")].contains(peek(1)) {
            return .words(wordList(from: start, closing: close))
        }
        if peek(1) == UInt8(ascii: "q") || peek(1) == UInt8(ascii: "Q"), let close = Self.closing(peek(2)) {
            // `%q{…}` (as single quotes) and `%Q{…}` (as double quotes): a string.
            let interpolates = peek(1) == UInt8(ascii: "Q"), open = peek(2)
            index += 3
            return .string(readString(closing: close, opening: open, interpolates: interpolates, from: at))
        }
        if let close = Self.closing(peek(1)) {
            // `%(…)`: a string, as double quotes.
            let open = peek(1)
            index += 2
            return .string(readString(closing: close, opening: open, interpolates: true, from: at))
        }
        return nil
    }

    /// The words of `%w[…]` / `%i[…]` at `start`, up to `close`; brackets nest inside
    /// bracket-delimited literals.
    private mutating func wordList(from start: Int, closing close: UInt8) -> [String] {
        let at = line
        let open = peek(2)
        index += 3
        var words: [String] = [], current: [UInt8] = []
        var nesting = 0
        while index < bytes.count && (bytes[index] != close || nesting > 0) {
            let character = bytes[index]
            if character == 10 { line += 1 }
            // Brackets nest inside bracket-delimited literals: `%w[a[0] b]`.
            if open != close && character == open { nesting += 1 }
            if open != close && character == close { nesting -= 1 }
            if character == 32 || character == 10 || character == 9 {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
            } else {
                current.append(character)
            }
            index += 1
        }
        if index >= bytes.count { fail(at, "the word list %\(Character(UnicodeScalar(bytes[start + 1])))\(Character(UnicodeScalar(open))) is never closed") }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        index += 1
        return words
    }

    /// A heredoc at `start`: `<<-EOS`, `<<~EOS`, `<<EOS`; its body is skipped at the line's
    /// end. `nil` (nothing consumed) when no name follows.
    private mutating func heredocOpener(from start: Int) -> RubyToken.Kind? {
        var cursor = index + 2
        let indented = bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "~")
        if indented { cursor += 1 }
        let quoted = cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "'") || bytes[cursor] == UInt8(ascii: "\""))
        if quoted { cursor += 1 }
        let nameStart = cursor
        while cursor < bytes.count && Self.isIdentifierByte(bytes[cursor]) { cursor += 1 }
        guard cursor > nameStart else { return nil }
        index = cursor + (quoted ? 1 : 0)
        pendingHeredocs.append((String(decoding: bytes[nameStart..<cursor], as: UTF8.self), indented,
                                String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self), line))
        return .string([.code("heredoc")])
    }

    /// At a `:` (not `::`): `:name`, `:name?`, `:"name"`; `nil` (nothing consumed) for any
    /// other `:`.
    private mutating func symbol() -> RubyToken.Kind? {
        if Self.isIdentifierStart(peek(1)) {
            index += 1
            let nameStart = index
            while index < bytes.count && Self.isIdentifierByte(bytes[index]) { index += 1 }
            if index < bytes.count && (bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "!")) { index += 1 }
            return .symbol(String(decoding: bytes[nameStart..<index], as: UTF8.self))
        }
        if peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "'") {
            index += 2
            let pieces = readString(closing: bytes[index - 1], interpolates: bytes[index - 1] == UInt8(ascii: "\""), from: line)
            if case .text(let name)? = pieces.first, pieces.count == 1 { return .symbol(name) }
            return .symbol("")
        }
        return nil
    }

    /// A name at `start` (an `@instance` or `$global` variable too), `name?`, `name!`; a
    /// label when `:` follows (`path:`).
    @inline(__always)
    private mutating func identifier(from start: Int) -> RubyToken.Kind {
        let byte = bytes[start]
        index += 1
        while index < bytes.count && Self.isIdentifierByte(bytes[index]) { index += 1 }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "!")) && peek(1) != UInt8(ascii: "=") {
            index += 1
        }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        if peek() == UInt8(ascii: ":") && peek(1) != UInt8(ascii: ":") && byte != UInt8(ascii: "@") && byte != UInt8(ascii: "$") {
            index += 1
            return .label(name)
        }
        return .identifier(name)
    }

    /// A regular expression on one line, from its opening `/`; `nil` (nothing consumed) when
    /// the line ends first.
    private mutating func regexLiteral() -> RubyToken.Kind? {
        var cursor = index + 1
        var source: [UInt8] = []
        while cursor < bytes.count && bytes[cursor] != 10 {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "/") {
                cursor += 1
                let optionsStart = cursor
                while cursor < bytes.count && bytes[cursor] >= 97 && bytes[cursor] <= 122 { cursor += 1 }
                let options = String(decoding: bytes[optionsStart..<cursor], as: UTF8.self)
                index = cursor
                return .regex(String(decoding: source, as: UTF8.self), options: options)
            }
            if byte == UInt8(ascii: "\\") && cursor + 1 < bytes.count && bytes[cursor + 1] != 10 {
                source.append(byte)
                cursor += 1
            }
            source.append(bytes[cursor])
            cursor += 1
        }
        return nil
    }

    private static let operators: [[UInt8]] = ["::", "=>", "==", "!=", "||=", "+=", "<<", "&&", "||", "->", "=~"].map { Array($0.utf8) }
    private static let operatorStarts = Set(operators.map { $0[0] })
    private static let operatorTexts = Dictionary(uniqueKeysWithValues: operators.map { ($0, String(decoding: $0, as: UTF8.self)) })
    /// One string per byte value, made once: punctuation tokens share them.
    private static let singleByteTexts = (0...255).map { String(decoding: [UInt8($0)], as: UTF8.self) }

    private func matches(_ text: [UInt8]) -> Bool {
        index + text.count <= bytes.count && bytes[index..<(index + text.count)].elementsEqual(text)
    }

    private static func closing(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "("): return UInt8(ascii: ")")
        case UInt8(ascii: "["): return UInt8(ascii: "]")
        case UInt8(ascii: "{"): return UInt8(ascii: "}")
        case UInt8(ascii: "<"): return UInt8(ascii: ">")
        case UInt8(ascii: "|"), UInt8(ascii: "!"), UInt8(ascii: "/"): return byte
        default: return nil
        }
    }

    /// After the opening quote; stops after the closing one. `opening`: the bracket of a
    /// `%` literal, which nests inside it (`%q(a (b) c)`). `from`: the line it starts on.
    private mutating func readString(closing: UInt8, opening: UInt8? = nil, interpolates: Bool, from start: Int) -> [RubyToken.StringPiece] {
        var pieces: [RubyToken.StringPiece] = []
        var text: [UInt8] = []
        var closed = false
        var nesting = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == closing && nesting == 0 {
                index += 1
                closed = true
                break
            }
            if let opening, opening != closing {
                if byte == opening { nesting += 1 }
                if byte == closing { nesting -= 1 }
            }
            if byte == 10 { line += 1 }
            if byte == UInt8(ascii: "\\") && index + 1 < bytes.count {
                let escaped = bytes[index + 1]
                if interpolates {
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(10)
                    case UInt8(ascii: "t"): text.append(9)
                    default: text.append(escaped)
                    }
                } else if escaped == closing || escaped == UInt8(ascii: "\\") {
                    text.append(escaped)
                } else {
                    text += [byte, escaped]
                }
                index += 2
                continue
            }
            if interpolates && byte == UInt8(ascii: "#") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "{") {
                if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
                text = []
                index += 2
                let codeStart = index
                var depth = 1
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "{") { depth += 1 }
                    if bytes[index] == UInt8(ascii: "}") { depth -= 1; if depth == 0 { break } }
                    if bytes[index] == 10 { line += 1 }
                    index += 1
                }
                pieces.append(.code(String(decoding: bytes[codeStart..<min(index, bytes.count)], as: UTF8.self)))
                index += 1
                continue
            }
            text.append(byte)
            index += 1
        }
        if !closed { fail(start, "a string opened here is never closed") }
        if !text.isEmpty || pieces.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
        return pieces
    }

    /// At a line start after a line that opened heredocs: skips their bodies.
    private mutating func skipHeredocBodies() {
        while let heredoc = pendingHeredocs.first {
            pendingHeredocs.removeFirst()
            var terminated = false
            while index < bytes.count {
                var end = index
                while end < bytes.count && bytes[end] != 10 { end += 1 }
                var text = bytes[index..<end]
                if text.last == 13 { text = text.dropLast() }
                if heredoc.indented { text = text.drop { $0 == 32 || $0 == 9 } }
                let isTerminator = text.elementsEqual(heredoc.terminator.utf8)
                index = min(end + 1, bytes.count)
                line += 1
                if isTerminator { terminated = true; break }
            }
            if !terminated { fail(heredoc.line, "the heredoc \(heredoc.opener) has no \(heredoc.terminator) line to end it") }
        }
    }

    /// `=begin` … `=end` at line starts.
    private mutating func skipBlockComment() {
        guard matches(Array("=begin".utf8)) else { return }
        let start = line
        while index < bytes.count {
            let isEnd = matches(Array("=end".utf8))
            while index < bytes.count && bytes[index] != 10 { index += 1 }
            if index < bytes.count { index += 1; line += 1 }
            if isEnd { return }
        }
        fail(start, "the comment =begin has no =end")
    }
}
