/// Tokens of Starlark, the Python dialect of `BUILD` and `.bzl` files: names, strings,
/// numbers, operators, and the line structure (newlines, indents, dedents) that gives
/// `def`, `if` and `for` their bodies. Inside brackets lines join, as in Python.
struct StarlarkToken: Equatable {
    enum Kind: Equatable {
        case name(String)
        case string(String)
        case number(Int)
        case op(String)
        case newline
        case indent
        case dedent
        case end
    }
    var kind: Kind
    var line: Int
}

struct StarlarkSyntaxError: Error, Equatable {
    var line: Int
    var message: String
}

enum StarlarkLexer {
    private static let operators: [String] = [
        "**=", "//=", "<<=", ">>=", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "**", "//", "<<", ">>", "->",
        "+", "-", "*", "/", "%", "<", ">", "=", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "|", "&", "^", "~", "@",
    ]
    private static let operatorBytes = operators.map { Array($0.utf8) }

    static func tokens(_ bytes: [UInt8]) throws(StarlarkSyntaxError) -> [StarlarkToken] {
        var tokens: [StarlarkToken] = []
        var index = 0
        var line = 1
        var nesting = 0
        var indents = [0]
        var atLineStart = true
        while index < bytes.count {
            // Inside brackets a new line continues the expression: no indentation to measure.
            if atLineStart && nesting > 0 { atLineStart = false }
            if atLineStart && nesting == 0 {
                let start = try indentation(bytes, index: &index, line: &line, indents: &indents, tokens: &tokens)
                if start == .endOfFile { break }
                if start == .blankLine { continue }
                atLineStart = false
            }
            let byte = bytes[index]
            if byte == 32 || byte == 9 || byte == 13 || byte == 12 {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\\") && index + 1 < bytes.count && (bytes[index + 1] == 10 || bytes[index + 1] == 13) {
                index += bytes[index + 1] == 13 ? 3 : 2
                line += 1
                continue
            }
            if byte == UInt8(ascii: "#") {
                while index < bytes.count && bytes[index] != 10 { index += 1 }
                continue
            }
            if byte == 10 {
                if nesting == 0 && tokens.last.map({ $0.kind != .newline }) == true {
                    tokens.append(StarlarkToken(kind: .newline, line: line))
                }
                index += 1
                line += 1
                atLineStart = true
                continue
            }
            if try string(bytes, index: &index, line: &line, tokens: &tokens) { continue }
            if isNameStart(byte) {
                var end = index + 1
                while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
                tokens.append(StarlarkToken(kind: .name(String(decoding: bytes[index..<end], as: UTF8.self)), line: line))
                index = end
                continue
            }
            if byte >= 48 && byte <= 57 {
                number(bytes, index: &index, line: line, tokens: &tokens)
                continue
            }
            guard let matched = operatorBytes.first(where: { index + $0.count <= bytes.count && bytes[index..<(index + $0.count)].elementsEqual($0) }) else {
                throw StarlarkSyntaxError(line: line, message: "unexpected character '\(String(decoding: [byte], as: UTF8.self))'")
            }
            let text = String(decoding: matched, as: UTF8.self)
            if text == "(" || text == "[" || text == "{" { nesting += 1 }
            if text == ")" || text == "]" || text == "}" { nesting = max(0, nesting - 1) }
            tokens.append(StarlarkToken(kind: .op(text), line: line))
            index += matched.count
        }
        if tokens.last.map({ $0.kind != .newline }) == true { tokens.append(StarlarkToken(kind: .newline, line: line)) }
        for _ in indents.dropFirst() { tokens.append(StarlarkToken(kind: .dedent, line: line)) }
        tokens.append(StarlarkToken(kind: .end, line: line))
        return tokens
    }

    @inline(__always)
    private static func isNameStart(_ byte: UInt8) -> Bool { (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == 95 }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool { isNameStart(byte) || (byte >= 48 && byte <= 57) }

    /// What a line start holds once its indentation is measured.
    private enum LineStart {
        /// Only blank space up to the end of the input.
        case endOfFile
        /// A blank or comment-only line, skipped with its newline.
        case blankLine
        /// A statement: `index` is at its first byte, indents and dedents are emitted.
        case code
    }

    /// Measures the indentation at a line start outside brackets; blank and comment-only
    /// lines do not count.
    @inline(__always)
    private static func indentation(_ bytes: [UInt8], index: inout Int, line: inout Int, indents: inout [Int],
                                    tokens: inout [StarlarkToken]) throws(StarlarkSyntaxError) -> LineStart {
        var column = 0
        var cursor = index
        while cursor < bytes.count && (bytes[cursor] == 32 || bytes[cursor] == 9) {
            column += bytes[cursor] == 9 ? 8 - column % 8 : 1
            cursor += 1
        }
        if cursor >= bytes.count {
            index = cursor
            return .endOfFile
        }
        if bytes[cursor] == 10 || bytes[cursor] == 13 || bytes[cursor] == UInt8(ascii: "#") {
            while cursor < bytes.count && bytes[cursor] != 10 { cursor += 1 }
            index = cursor + 1
            line += 1
            return .blankLine
        }
        index = cursor
        if column > indents.last! {
            indents.append(column)
            tokens.append(StarlarkToken(kind: .indent, line: line))
        } else {
            while column < indents.last! {
                indents.removeLast()
                tokens.append(StarlarkToken(kind: .dedent, line: line))
            }
            if column != indents.last! { throw StarlarkSyntaxError(line: line, message: "inconsistent indentation") }
        }
        return .code
    }

    /// A string literal at `index`, with its prefixes (`r`, `b`, `rb`, `br`, any case),
    /// single or triple quoted; `false` (nothing consumed) when no string starts there.
    @inline(__always)
    private static func string(_ bytes: [UInt8], index: inout Int, line: inout Int,
                               tokens: inout [StarlarkToken]) throws(StarlarkSyntaxError) -> Bool {
        let start = line
        var cursor = index
        var raw = false
        while cursor < bytes.count && cursor - index < 2, [UInt8(ascii: "r"), UInt8(ascii: "R"), UInt8(ascii: "b"), UInt8(ascii: "B")].contains(bytes[cursor]) {
            if bytes[cursor] == UInt8(ascii: "r") || bytes[cursor] == UInt8(ascii: "R") { raw = true }
            cursor += 1
        }
        guard cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'")) else { return false }
        let quote = bytes[cursor]
        let triple = cursor + 2 < bytes.count && bytes[cursor + 1] == quote && bytes[cursor + 2] == quote
        cursor += triple ? 3 : 1
        var text: [UInt8] = []
        var closed = false
        while cursor < bytes.count {
            let character = bytes[cursor]
            if character == quote && (!triple || (cursor + 2 < bytes.count && bytes[cursor + 1] == quote && bytes[cursor + 2] == quote)) {
                cursor += triple ? 3 : 1
                closed = true
                break
            }
            if character == 10 {
                if !triple { break }
                line += 1
            }
            if character == UInt8(ascii: "\\") && cursor + 1 < bytes.count {
                let escaped = bytes[cursor + 1]
                if raw {
                    text += [character, escaped]
                } else {
                    switch escaped {
                    case UInt8(ascii: "n"): text.append(10)
                    case UInt8(ascii: "t"): text.append(9)
                    case 10: line += 1
                    default: text.append(escaped)
                    }
                }
                if escaped == 10 && raw { line += 1 }
                cursor += 2
                continue
            }
            text.append(character)
            cursor += 1
        }
        guard closed else { throw StarlarkSyntaxError(line: start, message: "unterminated string") }
        tokens.append(StarlarkToken(kind: .string(String(decoding: text, as: UTF8.self)), line: start))
        index = cursor
        return true
    }

    /// A number at `index` (decimal, `0x`, `0o`; what does not parse is 0).
    @inline(__always)
    private static func number(_ bytes: [UInt8], index: inout Int, line: Int, tokens: inout [StarlarkToken]) {
        var end = index + 1
        while end < bytes.count && (isNameByte(bytes[end]) || bytes[end] == UInt8(ascii: ".")) { end += 1 }
        let digits = String(decoding: bytes[index..<end], as: UTF8.self)
        let value = digits.hasPrefix("0x") ? Int(digits.dropFirst(2), radix: 16) : (digits.hasPrefix("0o") ? Int(digits.dropFirst(2), radix: 8) : Int(digits))
        tokens.append(StarlarkToken(kind: .number(value ?? 0), line: line))
        index = end
    }
}
