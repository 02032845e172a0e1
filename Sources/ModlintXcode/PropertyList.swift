/// A value of an old-style (OpenStep) ASCII property list, the format of
/// `project.pbxproj`: strings (quoted or bare), arrays, dictionaries and `<hex data>`.
public indirect enum PropertyList: Sendable, Equatable {
    case string(String)
    case array([PropertyList])
    case dictionary(PropertyListDictionary)
    case data([UInt8])

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}

/// A dictionary with the line its `{` stands on (findings and notes point at objects).
public struct PropertyListDictionary: Sendable, Equatable {
    public var entries: [String: PropertyList]
    public var line: Int

    public init(entries: [String: PropertyList] = [:], line: Int = 1) {
        self.entries = entries
        self.line = line
    }

    public subscript(key: String) -> PropertyList? { entries[key] }

    public func string(_ key: String) -> String? { entries[key]?.string }

    /// The strings of an array value (object ids, paths); non-strings are skipped.
    public func strings(_ key: String) -> [String] { entries[key]?.array?.compactMap(\.string) ?? [] }
}

/// Why a property list could not be read, with the place (1-based).
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// Byte-level reader of old-style property lists. Never recurses deeper than
/// `maximumDepth` (a hostile file cannot exhaust the stack) and always advances, so any
/// input ends in a value or an error.
public struct PropertyListParser {
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        var parser = PropertyListParser(bytes: bytes)
        // A UTF-8 byte order mark is allowed before the first value.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        if parser.position < bytes.count { throw parser.error("unexpected text after the top-level value") }
        return value
    }

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(line: line, column: position - lineStart + 1, message: message)
    }

    private mutating func value(depth: Int) throws(PropertyListError) -> PropertyList {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        try skipTrivia()
        guard position < bytes.count else { throw error("unexpected end of file (truncated?)") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .dictionary(try dictionary(depth: depth))
        case UInt8(ascii: "("): return .array(try array(depth: depth))
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quotedString())
        case UInt8(ascii: "<"): return .data(try data())
        default:
            let bare = bareString()
            guard !bare.isEmpty else { throw error("unexpected '\(Self.printable(bytes[position]))'") }
            return .string(bare)
        }
    }

    private mutating func dictionary(depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        var result = PropertyListDictionary(line: line)
        position += 1
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file inside a dictionary (truncated?)") }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return result
            }
            guard case .string(let key) = try value(depth: depth + 1) else { throw error("a dictionary key must be a string") }
            try expect(UInt8(ascii: "="), "expected '=' after key '\(key)'")
            let entry = try value(depth: depth + 1)
            try expect(UInt8(ascii: ";"), "expected ';' after the value of '\(key)'")
            result.entries[key] = entry
        }
    }

    private mutating func array(depth: Int) throws(PropertyListError) -> [PropertyList] {
        var result: [PropertyList] = []
        position += 1
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file inside an array (truncated?)") }
            if bytes[position] == UInt8(ascii: ")") {
                position += 1
                return result
            }
            result.append(try value(depth: depth + 1))
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file inside an array (truncated?)") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' in an array")
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(PropertyListError) {
        try skipTrivia()
        guard position < bytes.count, bytes[position] == byte else { throw error(message) }
        position += 1
    }

    /// Letters, digits and `_$+/:.-` — and, leniently, any other byte that cannot start
    /// or end a construct (paths with odd characters written by other tools).
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""),
             UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"):
            return false
        default:
            return byte > 0x20 && byte != 0x7F
        }
    }

    private mutating func bareString() -> String {
        let start = position
        while position < bytes.count, Self.isBare(bytes[position]) {
            // `/*` or `//` ends a bare string: the comment that follows is trivia.
            if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count,
               bytes[position + 1] == UInt8(ascii: "*") || bytes[position + 1] == UInt8(ascii: "/") { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quotedString() throws(PropertyListError) -> String {
        let quote = bytes[position]
        let startLine = line, startColumn = position - lineStart + 1
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
                position += 1
                appendEscape(to: &out)
                continue
            }
            out.append(byte)
            position += 1
        }
        throw PropertyListError(line: startLine, column: startColumn, message: "unterminated string (truncated?)")
    }

    /// `\n \t \r \" \\`, `\Uxxxx` (UTF-16 unit) and octal `\nnn`; anything else is kept.
    private mutating func appendEscape(to out: inout [UInt8]) {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var value: UInt32 = 0
            var digits = 0
            while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
                value = value * 16 + UInt32(digit)
                position += 1
                digits += 1
            }
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            out.append(UInt8(truncatingIfNeeded: value))
        default:
            out.append(byte)
        }
    }

    private mutating func data() throws(PropertyListError) -> [UInt8] {
        position += 1
        var out: [UInt8] = []
        var high: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw error("odd number of hex digits in <data>") }
                return out
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { continue }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position
                continue
            }
            guard let digit = Self.hexValue(byte) else { throw error("invalid byte in <data>") }
            if let first = high {
                out.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        throw error("unterminated <data> (truncated?)")
    }

    private mutating func skipTrivia() throws(PropertyListError) {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\n"):
                position += 1
                line += 1
                lineStart = position
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                let startLine = line, startColumn = position - lineStart + 1
                position += 2
                var closed = false
                while position + 1 < bytes.count {
                    if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        closed = true
                        break
                    }
                    if bytes[position] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = position + 1
                    }
                    position += 1
                }
                guard closed else {
                    throw PropertyListError(line: startLine, column: startColumn, message: "unterminated comment (truncated?)")
                }
            default:
                return
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
}
