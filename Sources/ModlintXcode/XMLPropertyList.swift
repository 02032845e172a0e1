/// Xcode opens a `project.pbxproj` saved as an XML property list (some tools write it so),
/// and a reader that knew only the old-style text would find no targets in it: the gate
/// would pass blind. The XML is rewritten here as the old-style text the document parser
/// reads, token for token, with every value on the line it had in the XML — so the
/// parser's line numbers, and so every finding's, point into the file as it is.
///
/// One pass over the bytes, an output about as large as the input and a stack of open
/// containers: memory is linear in the file.
enum XMLPropertyList {
    /// Whether `bytes` (after a byte order mark and white space) start like XML.
    static func isXML(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        return index + 1 < bytes.count && bytes[index] == UInt8(ascii: "<") && (bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!")
            || bytes[(index + 1)...].starts(with: Array("plist".utf8)))
    }

    private enum Container {
        /// `expectsKey`: the next element is a `<key>`.
        case dictionary(expectsKey: Bool)
        case array(count: Int)
    }

    static func openStep(from bytes: [UInt8]) throws(PropertyListError) -> [UInt8] {
        var conversion = Conversion(bytes: bytes)
        return try conversion.run()
    }

    /// One pass over the XML: the output so far, where the input is, and the open containers.
    private struct Conversion {
        let bytes: [UInt8]
        var out: [UInt8] = []
        var outLine = 1
        var line = 1
        var index = 0
        var stack: [Container] = []
        var sawRoot = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
            out.reserveCapacity(bytes.count)
        }

        mutating func run() throws(PropertyListError) -> [UInt8] {
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    advance(to: index + 1)
                    continue
                }
                if try skipMarkup() { continue }
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw error("unterminated tag (truncated?)") }
                var nameEnd = index + 1
                while nameEnd < close, !isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: "/") { nameEnd += 1 }
                let closing = bytes[index + 1] == UInt8(ascii: "/")
                var end = closing ? close : nameEnd
                // `</dict >`: white space may end a closing tag.
                while end > index && isSpace(bytes[end - 1]) { end -= 1 }
                let name = String(decoding: bytes[(index + (closing ? 2 : 1))..<end], as: UTF8.self)
                let empty = bytes[close - 1] == UInt8(ascii: "/")
                advance(to: close + 1)
                try tag(name, closing: closing, empty: empty)
            }
            guard stack.isEmpty else { throw error("unexpected end of file inside \(stack.last.map { if case .array = $0 { "<array>" } else { "<dict>" } } ?? "") (truncated?)") }
            guard sawRoot else { throw error("no value in the property list") }
            return out
        }

        /// Comments, the declaration, the document type and CDATA outside values: skipped.
        private mutating func skipMarkup() throws(PropertyListError) -> Bool {
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: bytes, from: index) else { throw error("unterminated comment") }
                advance(to: end + 3)
                return true
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!") {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw error("unterminated declaration") }
                advance(to: end + 1)
                return true
            }
            return false
        }

        /// One tag (the input stands just after it): its old-style text.
        private mutating func tag(_ name: String, closing: Bool, empty: Bool) throws(PropertyListError) {
            switch (name, closing) {
            case ("plist", _):
                return
            case ("dict", false), ("array", false):
                let isDictionary = name == "dict"
                try beginValue()
                out.append(UInt8(ascii: isDictionary ? "{" : "("))
                if empty {
                    out.append(UInt8(ascii: isDictionary ? "}" : ")"))
                    endValue()
                } else {
                    stack.append(isDictionary ? .dictionary(expectsKey: true) : .array(count: 0))
                }
            case ("dict", true):
                guard case .dictionary(let expectsKey) = stack.last else { throw error("</dict> without <dict>") }
                if !expectsKey { throw error("a <key> without a value") }
                stack.removeLast()
                catchUp()
                out.append(UInt8(ascii: "}"))
                endValue()
            case ("array", true):
                guard case .array = stack.last else { throw error("</array> without <array>") }
                stack.removeLast()
                catchUp()
                out.append(UInt8(ascii: ")"))
                endValue()
            case ("key", false):
                guard case .dictionary(true) = stack.last else { throw error("<key> outside a <dict>, or two keys in a row") }
                catchUp()
                let text = empty ? [] : try XMLPropertyList.element("key", bytes: bytes, index: &index, line: &line)
                quoted(text[...])
                out.append(UInt8(ascii: "="))
                stack[stack.count - 1] = .dictionary(expectsKey: false)
            case ("string", false), ("integer", false), ("real", false), ("date", false), ("data", false):
                try beginValue()
                let text = empty ? [] : try XMLPropertyList.element(name, bytes: bytes, index: &index, line: &line)
                quoted(name == "string" ? text[...] : ArraySlice(text.filter { !isSpace($0) }))
                endValue()
            case ("true", false), ("false", false):
                try beginValue()
                out += Array((name == "true" ? "YES" : "NO").utf8)
                if !empty { _ = try XMLPropertyList.element(name, bytes: bytes, index: &index, line: &line) }
                endValue()
            default:
                throw error("unexpected <\(closing ? "/" : "")\(name)> in a property list")
            }
        }

        private func error(_ message: String) -> PropertyListError {
            PropertyListError(line: line, column: 1, message: message)
        }

        /// Line breaks in the output up to the input's current line.
        private mutating func catchUp() {
            while outLine < line {
                out.append(0x0A)
                outLine += 1
            }
        }

        private mutating func advance(to end: Int) {
            while index < end {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }

        /// Before a value: the separator its container needs.
        private mutating func beginValue() throws(PropertyListError) {
            catchUp()
            switch stack.last {
            case .dictionary(let expectsKey):
                if expectsKey { throw error("expected <key> in <dict>") }
                stack[stack.count - 1] = .dictionary(expectsKey: true)
            case .array(let count):
                if count > 0 { out.append(UInt8(ascii: ",")) }
                stack[stack.count - 1] = .array(count: count + 1)
            case nil:
                if sawRoot { throw error("more than one top-level value") }
                sawRoot = true
            }
        }

        /// After a value: a dictionary entry ends with `;`.
        private mutating func endValue() {
            if case .dictionary = stack.last { out.append(UInt8(ascii: ";")) }
        }

        /// An old-style quoted string of the text's decoded bytes.
        private mutating func quoted(_ text: ArraySlice<UInt8>) {
            out.append(UInt8(ascii: "\""))
            for byte in decodeEntities(text) {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    /// The raw text of `<name>…</name>` from `index` (just after the opening tag) to the
    /// closing tag, which is consumed; CDATA sections are kept as their content with the
    /// entities of their text escaped, so that `decodeEntities` restores them.
    private static func element(_ name: String, bytes: [UInt8], index: inout Int, line: inout Int) throws(PropertyListError) -> [UInt8] {
        var text: [UInt8] = []
        let closing = Array("</\(name)".utf8)
        let cdata = Array("<![CDATA[".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if bytes[index...].starts(with: closing) {
                    guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
                    index = end + 1
                    return text
                }
                if bytes[index...].starts(with: cdata), let end = find(Array("]]>".utf8), in: bytes, from: index) {
                    for byte in bytes[(index + cdata.count)..<end] {
                        if byte == 0x0A { line += 1 }
                        text += byte == UInt8(ascii: "&") ? Array("&amp;".utf8) : byte == UInt8(ascii: "<") ? Array("&lt;".utf8) : [byte]
                    }
                    index = end + 3
                    continue
                }
                throw PropertyListError(line: line, column: 1, message: "unexpected markup inside <\(name)>")
            }
            if bytes[index] == 0x0A { line += 1 }
            text.append(bytes[index])
            index += 1
        }
        throw PropertyListError(line: line, column: 1, message: "<\(name)> is never closed (truncated?)")
    }

    /// `&lt; &gt; &amp; &quot; &apos;` and numeric references; an unknown one is kept.
    static func decodeEntities(_ text: ArraySlice<UInt8>) -> [UInt8] {
        guard text.contains(UInt8(ascii: "&")) else { return Array(text) }
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == UInt8(ascii: "&"), let semicolon = text[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                out.append(text[index])
                index += 1
                continue
            }
            let entity = String(decoding: text[(index + 1)..<semicolon], as: UTF8.self)
            var replacement: [UInt8]?
            switch entity {
            case "lt": replacement = [UInt8(ascii: "<")]
            case "gt": replacement = [UInt8(ascii: ">")]
            case "amp": replacement = [UInt8(ascii: "&")]
            case "quot": replacement = [UInt8(ascii: "\"")]
            case "apos": replacement = [UInt8(ascii: "'")]
            default:
                if entity.hasPrefix("#") {
                    let digits = entity.dropFirst()
                    let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    if let value, let scalar = Unicode.Scalar(value) { replacement = Array(String(Character(scalar)).utf8) }
                }
            }
            if let replacement {
                out += replacement
                index = semicolon + 1
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return out
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
