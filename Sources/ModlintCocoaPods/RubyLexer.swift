/// Tokens of the Ruby that podspecs and Podfiles are written in: enough of Ruby's lexical
/// grammar to read their DSL without a Ruby runtime. What the DSL never needs (regular
/// expressions, `%` literals other than word arrays) lexes as punctuation and is skipped
/// by the parser as a statement it cannot evaluate.
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
    private var pendingHeredocs: [(terminator: String, indented: Bool)] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func tokens(_ bytes: [UInt8]) -> [RubyToken] {
        var lexer = RubyLexer(bytes)
        var tokens: [RubyToken] = []
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
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
        guard index < bytes.count else { return RubyToken(kind: .end, line: line, spaceBefore: true) }
        let start = index
        let byte = bytes[index]
        let at = line
        func token(_ kind: RubyToken.Kind) -> RubyToken { RubyToken(kind: kind, line: at, spaceBefore: spaceBefore) }

        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
            index += 1
            let pieces = readString(closing: byte, interpolates: byte == UInt8(ascii: "\""))
            // `"key": value` in a hash or argument list.
            if peek() == UInt8(ascii: ":") && peek(1) != UInt8(ascii: ":") && (peek(1) == 32 || peek(1) == 10),
               case .text(let key)? = pieces.first, pieces.count == 1 {
                index += 1
                return token(.label(key))
            }
            return token(.string(pieces))
        }
        if byte == UInt8(ascii: "%"), let close = Self.closing(peek(2)), [UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "I")].contains(peek(1)) {
            index += 3
            var words: [String] = [], current: [UInt8] = []
            while index < bytes.count && bytes[index] != close {
                let character = bytes[index]
                if character == 10 { line += 1 }
                if character == 32 || character == 10 || character == 9 {
                    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                    current = []
                } else {
                    current.append(character)
                }
                index += 1
            }
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            index += 1
            return token(.words(words))
        }
        if byte == UInt8(ascii: "%"), let close = Self.closing(peek(1)) {
            // `%q(…)` / `%(…)`: a string.
            index += 2
            return token(.string(readString(closing: close, interpolates: true)))
        }
        if byte == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "<"), [UInt8(ascii: "-"), UInt8(ascii: "~")].contains(peek(2)) || Self.isIdentifierStart(peek(2)) && peek(2) < 97 {
            // A heredoc: `<<-EOS`, `<<~EOS`, `<<EOS`; its body is skipped at the line's end.
            var cursor = index + 2
            let indented = bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "~")
            if indented { cursor += 1 }
            let quoted = cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "'") || bytes[cursor] == UInt8(ascii: "\""))
            if quoted { cursor += 1 }
            let nameStart = cursor
            while cursor < bytes.count && Self.isIdentifierByte(bytes[cursor]) { cursor += 1 }
            if cursor > nameStart {
                pendingHeredocs.append((String(decoding: bytes[nameStart..<cursor], as: UTF8.self), indented))
                index = cursor + (quoted ? 1 : 0)
                return token(.string([.code("heredoc")]))
            }
        }
        if byte == UInt8(ascii: ":") && peek(1) != UInt8(ascii: ":") {
            if Self.isIdentifierStart(peek(1)) {
                index += 1
                let nameStart = index
                while index < bytes.count && Self.isIdentifierByte(bytes[index]) { index += 1 }
                if index < bytes.count && (bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "!")) { index += 1 }
                return token(.symbol(String(decoding: bytes[nameStart..<index], as: UTF8.self)))
            }
            if peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "'") {
                index += 2
                let pieces = readString(closing: bytes[index - 1], interpolates: bytes[index - 1] == UInt8(ascii: "\""))
                if case .text(let name)? = pieces.first, pieces.count == 1 { return token(.symbol(name)) }
                return token(.symbol(""))
            }
        }
        if Self.isIdentifierStart(byte) || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") {
            index += 1
            while index < bytes.count && Self.isIdentifierByte(bytes[index]) { index += 1 }
            if index < bytes.count && (bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "!")) && peek(1) != UInt8(ascii: "=") {
                index += 1
            }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            if peek() == UInt8(ascii: ":") && peek(1) != UInt8(ascii: ":") && byte != UInt8(ascii: "@") && byte != UInt8(ascii: "$") {
                index += 1
                return token(.label(name))
            }
            return token(.identifier(name))
        }
        if byte >= 48 && byte <= 57 {
            while index < bytes.count && (Self.isIdentifierByte(bytes[index]) || (bytes[index] == UInt8(ascii: ".") && index + 1 < bytes.count && bytes[index + 1] >= 48 && bytes[index + 1] <= 57)) {
                index += 1
            }
            return token(.number(String(decoding: bytes[start..<index], as: UTF8.self)))
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

    /// After the opening quote; stops after the closing one.
    private mutating func readString(closing: UInt8, interpolates: Bool) -> [RubyToken.StringPiece] {
        var pieces: [RubyToken.StringPiece] = []
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == closing {
                index += 1
                break
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
        if !text.isEmpty || pieces.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
        return pieces
    }

    /// At a line start after a line that opened heredocs: skips their bodies.
    private mutating func skipHeredocBodies() {
        while let heredoc = pendingHeredocs.first {
            pendingHeredocs.removeFirst()
            while index < bytes.count {
                var end = index
                while end < bytes.count && bytes[end] != 10 { end += 1 }
                var text = bytes[index..<end]
                if heredoc.indented { text = text.drop { $0 == 32 || $0 == 9 } }
                let isTerminator = text.elementsEqual(heredoc.terminator.utf8)
                index = min(end + 1, bytes.count)
                line += 1
                if isTerminator { break }
            }
        }
    }

    /// `=begin` … `=end` at line starts.
    private mutating func skipBlockComment() {
        guard matches(Array("=begin".utf8)) else { return }
        while index < bytes.count {
            let isEnd = matches(Array("=end".utf8))
            while index < bytes.count && bytes[index] != 10 { index += 1 }
            if index < bytes.count { index += 1; line += 1 }
            if isEnd { return }
        }
    }
}
