#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A parsed old-style property list kept flat: one array of nodes that point into the
/// file's bytes, and one array of child indices. Strings are decoded only when asked for
/// and keys are compared as bytes, so reading a large `project.pbxproj` allocates little
/// more than the two arrays (a tree of Swift strings and dictionaries costs ~10× more).
public struct PropertyListDocument: Sendable {
    public enum Kind: UInt8, Sendable {
        /// A bare string: `bytes[start..<end]` as is.
        case bare
        /// A quoted string: `bytes[start..<end]` between the quotes, escapes not yet applied.
        case quoted
        /// A quoted string that holds a backslash: decoded through the escape rules.
        case escaped
        case array
        case dictionary
        /// `<hex>`: `bytes[start..<end]` between the angle brackets.
        case data
    }

    public struct Node: Sendable {
        public var kind: Kind
        /// Byte range for strings and data; for arrays and dictionaries the range of their
        /// entries in `children` (a dictionary's are key, value pairs).
        var start: Int32
        var end: Int32
        /// 1-based line of the node's first byte.
        public var line: Int32
    }

    public let bytes: [UInt8]
    public private(set) var nodes: [Node] = []
    private(set) var children: [Int32] = []
    /// The top-level value.
    public private(set) var root: Int = 0

    /// Old-style text as it is; an XML property list through `XMLPropertyList` (same
    /// values, same lines); a binary one is refused with a message that says so.
    public static func parse(_ input: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
        var bytes = input
        if input.starts(with: Array("bplist".utf8)) {
            throw PropertyListError(line: 1, column: 1, message: "a binary property list, which modlint does not read; "
                                    + "open and save the project in Xcode (or `plutil -convert xml1`) to write it as text")
        }
        if XMLPropertyList.isXML(input) { bytes = try XMLPropertyList.openStep(from: input) }
        var document = PropertyListDocument(bytes: bytes)
        var builder = Builder(bytes: bytes)
        document.root = try builder.parseDocument()
        document.nodes = builder.nodes
        document.children = builder.children
        return document
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Reading

    public func kind(_ node: Int) -> Kind { nodes[node].kind }

    public func line(_ node: Int) -> Int { Int(nodes[node].line) }

    public func isString(_ node: Int) -> Bool {
        let kind = nodes[node].kind
        return kind == .bare || kind == .quoted || kind == .escaped
    }

    /// The decoded text of a string node; `nil` for other kinds.
    public func string(_ node: Int) -> String? {
        let value = nodes[node]
        switch value.kind {
        case .bare, .quoted:
            // Through a buffer pointer: decoding an array slice takes the slow generic path.
            return bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[Int(value.start)..<Int(value.end)]), as: UTF8.self)
            }
        case .escaped:
            return String(decoding: Escapes.decode(bytes[Int(value.start)..<Int(value.end)]), as: UTF8.self)
        case .array, .dictionary, .data:
            return nil
        }
    }

    /// True when the string node is exactly `text` (no allocation).
    public func equals(_ node: Int, _ text: StaticString) -> Bool {
        let value = nodes[node]
        guard value.kind == .bare || value.kind == .quoted else {
            return value.kind == .escaped && string(node) == text.description
        }
        let length = Int(value.end - value.start)
        guard length == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { all in
                memcmp(all.baseAddress! + Int(value.start), expected.baseAddress!, length) == 0
            }
        }
    }

    /// Elements of an array node (empty for other kinds).
    public func elements(_ node: Int) -> [Int] {
        let value = nodes[node]
        guard value.kind == .array else { return [] }
        return children[Int(value.start)..<Int(value.end)].map(Int.init)
    }

    /// Number of key, value pairs of a dictionary node.
    public func entryCount(_ node: Int) -> Int {
        let value = nodes[node]
        return value.kind == .dictionary ? Int(value.end - value.start) / 2 : 0
    }

    /// The key and value nodes of a dictionary's `index`th entry.
    public func entry(_ node: Int, _ index: Int) -> (key: Int, value: Int) {
        let base = Int(nodes[node].start) + 2 * index
        return (Int(children[base]), Int(children[base + 1]))
    }

    /// The value of `key` in a dictionary node (the last one when a key repeats).
    public func value(_ node: Int, _ key: StaticString) -> Int? {
        var index = entryCount(node) - 1
        while index >= 0 {
            let (keyNode, valueNode) = entry(node, index)
            if equals(keyNode, key) { return valueNode }
            index -= 1
        }
        return nil
    }

    /// The tree form of a node (tests and small files; the reader stays flat).
    public func tree(_ node: Int) -> PropertyList {
        let value = nodes[node]
        switch value.kind {
        case .bare, .quoted, .escaped:
            return .string(string(node) ?? "")
        case .array:
            return .array(elements(node).map(tree))
        case .dictionary:
            var dictionary = PropertyListDictionary(line: Int(value.line))
            for index in 0..<entryCount(node) {
                let (key, entryValue) = entry(node, index)
                dictionary.entries.append(.init(key: string(key) ?? "", value: tree(entryValue)))
            }
            return .dictionary(dictionary)
        case .data:
            return .data(Escapes.hexBytes(bytes[Int(value.start)..<Int(value.end)]))
        }
    }

    // MARK: - Parsing

    /// Byte-level parser. Never recurses deeper than `PropertyListParser.maximumDepth` and
    /// always advances, so any input ends in a document or an error with its place.
    private struct Builder {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        var lineStart = 0
        var nodes: [Node] = []
        var children: [Int32] = []
        /// Children of the containers being parsed, copied to `children` when one closes
        /// (so that every container's children are contiguous).
        var pending: [Int32] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            nodes.reserveCapacity(bytes.count / 12)
            children.reserveCapacity(bytes.count / 10)
        }

        mutating func parseDocument() throws(PropertyListError) -> Int {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            let root = try value(depth: 0)
            try skipTrivia()
            if position < bytes.count { throw error("unexpected text after the top-level value") }
            return root
        }

        func error(_ message: String) -> PropertyListError {
            PropertyListError(line: line, column: position - lineStart + 1, message: message)
        }

        mutating func add(_ kind: Kind, _ start: Int, _ end: Int, line: Int) -> Int {
            nodes.append(Node(kind: kind, start: Int32(start), end: Int32(end), line: Int32(line)))
            return nodes.count - 1
        }

        mutating func value(depth: Int) throws(PropertyListError) -> Int {
            guard depth < PropertyListParser.maximumDepth else { throw error("nested deeper than \(PropertyListParser.maximumDepth) levels") }
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file (truncated?)") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try container(dictionary: true, depth: depth)
            case UInt8(ascii: "("): return try container(dictionary: false, depth: depth)
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quotedString()
            case UInt8(ascii: "<"): return try data()
            default:
                let start = position
                while position < bytes.count, Self.isBare(bytes[position]) {
                    // `/*` or `//` ends a bare string: the comment that follows is trivia.
                    if bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count,
                       bytes[position + 1] == UInt8(ascii: "*") || bytes[position + 1] == UInt8(ascii: "/") { break }
                    position += 1
                }
                guard position > start else { throw error("unexpected '\(Self.printable(bytes[start]))'") }
                return add(.bare, start, position, line: line)
            }
        }

        mutating func container(dictionary: Bool, depth: Int) throws(PropertyListError) -> Int {
            let openLine = line
            let base = pending.count
            position += 1
            let close = dictionary ? UInt8(ascii: "}") : UInt8(ascii: ")")
            let what = dictionary ? "a dictionary" : "an array"
            while true {
                try skipTrivia()
                guard position < bytes.count else { throw error("unexpected end of file inside \(what) (truncated?)") }
                if bytes[position] == close {
                    position += 1
                    break
                }
                if dictionary {
                    let key = try value(depth: depth + 1)
                    guard nodes[key].kind != .array, nodes[key].kind != .dictionary, nodes[key].kind != .data else {
                        throw error("a dictionary key must be a string")
                    }
                    try expect(UInt8(ascii: "="), key, "expected '=' after key")
                    let entry = try value(depth: depth + 1)
                    try expect(UInt8(ascii: ";"), key, "expected ';' after the value of")
                    pending.append(Int32(key))
                    pending.append(Int32(entry))
                } else {
                    pending.append(Int32(try value(depth: depth + 1)))
                    try skipTrivia()
                    guard position < bytes.count else { throw error("unexpected end of file inside an array (truncated?)") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                    } else if bytes[position] != close {
                        throw error("expected ',' or ')' in an array")
                    }
                }
            }
            let start = children.count
            children.append(contentsOf: pending[base...])
            pending.removeSubrange(base...)
            return add(dictionary ? .dictionary : .array, start, children.count, line: openLine)
        }

        /// `message` names the key: `expected '=' after key 'isa'`.
        mutating func expect(_ byte: UInt8, _ key: Int, _ message: String) throws(PropertyListError) {
            try skipTrivia()
            guard position < bytes.count, bytes[position] == byte else {
                let node = nodes[key]
                var text = String(decoding: bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
                if node.kind == .escaped { text = String(decoding: Escapes.decode(bytes[Int(node.start)..<Int(node.end)]), as: UTF8.self) }
                throw error(message.hasSuffix("key") ? "\(message) '\(text)'" : "\(message) '\(text)'")
            }
            position += 1
        }

        mutating func quotedString() throws(PropertyListError) -> Int {
            let quote = bytes[position]
            let startLine = line, startColumn = position - lineStart + 1
            position += 1
            let start = position
            var escaped = false
            while position < bytes.count {
                let byte = bytes[position]
                if byte == quote {
                    position += 1
                    return add(escaped ? .escaped : .quoted, start, position - 1, line: startLine)
                }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = position + 1
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 2
                    continue
                }
                position += 1
            }
            throw PropertyListError(line: startLine, column: startColumn, message: "unterminated string (truncated?)")
        }

        mutating func data() throws(PropertyListError) -> Int {
            let startLine = line
            position += 1
            let start = position
            var digits = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: ">") {
                    guard digits % 2 == 0 else { throw error("odd number of hex digits in <data>") }
                    return add(.data, start, position - 1, line: startLine)
                }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { continue }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = position
                    continue
                }
                guard Escapes.hexValue(byte) != nil else { throw error("invalid byte in <data>") }
                digits += 1
            }
            throw error("unterminated <data> (truncated?)")
        }

        mutating func skipTrivia() throws(PropertyListError) {
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

        /// Letters, digits and `_$+/:.-` — and, leniently, any other byte that cannot start
        /// or end a construct (paths with odd characters written by other tools).
        static func isBare(_ byte: UInt8) -> Bool {
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

        static func printable(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
        }
    }
}

/// Escape sequences of quoted strings and the hex digits of `<data>`.
enum Escapes {
    /// `\n \t \r \" \\`, `\Uxxxx` (UTF-16 unit) and octal `\nnn`; anything else is kept.
    static func decode(_ raw: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < raw.endIndex else {
                out.append(byte)
                continue
            }
            let escape = raw[index]
            index += 1
            switch escape {
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
                while digits < 4, index < raw.endIndex, let digit = hexValue(raw[index]) {
                    value = value * 16 + UInt32(digit)
                    index += 1
                    digits += 1
                }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escape - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < raw.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(raw[index]) {
                    value = value * 8 + UInt32(raw[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            default:
                out.append(escape)
            }
        }
        return out
    }

    static func hexBytes(_ raw: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8?
        for byte in raw {
            guard let digit = hexValue(byte) else { continue }
            if let first = high {
                out.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        return out
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
