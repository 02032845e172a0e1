/// The encoding check run after lexing: malformed UTF-8 and NUL bytes.
extension Lexer {
    /// Reports the first malformed UTF-8 sequence and the first NUL byte. ASCII is
    /// skipped eight bytes at a time.
    mutating func validateEncoding() {
        var index = 0
        var invalidAt = -1
        var nulAt = -1
        let raw = UnsafeRawPointer(bytes)
        while index < count && (invalidAt < 0 || nulAt < 0) {
            // 32 bytes of ASCII without NUL at a time.
            while index + 32 <= count {
                let a = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let b = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let c = raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                let d = raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                if SWAR.nonASCIIOrNul(a) | SWAR.nonASCIIOrNul(b) | SWAR.nonASCIIOrNul(c) | SWAR.nonASCIIOrNul(d) != 0 { break }
                index += 32
            }
            if index >= count { break }
            if index + 8 <= count {
                if SWAR.nonASCIIOrNul(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0 && nulAt < 0 { nulAt = index }
                index += 1
                continue
            }
            let length = Lexer.sequenceLength(bytes, index, count)
            if length == 0 {
                if invalidAt < 0 { invalidAt = index }
                index += 1
            } else {
                index += length
            }
        }
        if invalidAt >= 0 { reportAtOffset(.invalidUTF8, invalidAt) }
        if nulAt >= 0 { reportAtOffset(.binaryContent, nulAt) }
    }

    /// Length of the well-formed UTF-8 sequence at `index`, 0 when malformed.
    private static func sequenceLength(_ bytes: UnsafePointer<UInt8>, _ index: Int, _ count: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }

    /// Reports at a byte offset, computing its line and column by counting line breaks.
    private mutating func reportAtOffset(_ kind: LexerDiagnostic.Kind, _ offset: Int) {
        var reportLine = 1
        var start = 0
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !(index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n"))) {
                reportLine += 1
                start = index + 1
            }
            index += 1
        }
        diagnostics.append(LexerDiagnostic(kind: kind, line: reportLine, column: offset - start + 1))
    }
}
