/// The lexer's simple scanners: line ends, names, string content, indentation (eight bytes
/// at a time), numbers and operators, and the byte comparisons behind its keyword tests.
extension Lexer {
    // MARK: - Simple scanners

    @inline(__always)
    func endOfLine(from pos: Int) -> Int {
        var end = pos
        // Thirty-two, then eight bytes at a time while none of them can be `\n` or `\r`
        // (< 0x0E): a fifth of the corpus is line comments. The bytes from the first
        // candidate on are checked one by one.
        let raw = UnsafeRawPointer(bytes)
        while end + 32 <= count {
            let marks = SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
                | SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end + 8, as: UInt64.self))
                | SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end + 16, as: UInt64.self))
                | SWAR.lineBreakCandidates(raw.loadUnaligned(fromByteOffset: end + 24, as: UInt64.self))
            if marks != 0 { break }
            end += 32
        }
        _ = wordScan(&end, marking: SWAR.lineBreakCandidates)
        while end < count {
            let byte = bytes[end]
            if byte <= UInt8(ascii: "\r") && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { break }
            end += 1
        }
        return end
    }

    /// Eight bytes at a time: most names end within the first word, without the
    /// mispredicted exit of a loop over bytes.
    @inline(__always)
    func scanIdentifier(from pos: Int) -> Int {
        var end = pos
        if wordScan(&end, marking: SWAR.nonIdentifierBytes) { return end }
        while end < count && table[Int(bytes[end])] & ByteClass.identifierContinue != 0 {
            end += 1
        }
        return end
    }

    /// The first byte from `pos` on that a string literal's loop must look at: a byte up to
    /// `"` (quotes, line breaks, control bytes) or a backslash; eight bytes at a time.
    @inline(__always)
    func endOfStringContent(from pos: Int) -> Int {
        var end = pos
        if wordScan(&end, marking: SWAR.stringStopBytes) { return end }
        while end < count && bytes[end] > UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "\\") { end += 1 }
        return end
    }

    /// The end of a run of spaces (indentation), eight bytes at a time.
    @inline(__always)
    func endOfSpaces(from pos: Int) -> Int {
        var end = pos
        if wordScan(&end, marking: { $0 ^ SWAR.spaces }) { return end }
        while end < count && bytes[end] == UInt8(ascii: " ") { end += 1 }
        return end
    }

    /// Moves `end` a word at a time to the first byte `marking` marks (any bit set in that
    /// byte, none in the bytes before it) and returns true; returns false with `end` where
    /// fewer than eight bytes are left, for the caller's byte loop.
    @inline(__always)
    private func wordScan(_ end: inout Int, marking: (UInt64) -> UInt64) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        while end + 8 <= count {
            let marks = marking(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            if marks != 0 {
                end += marks.trailingZeroBitCount >> 3
                return true
            }
            end += 8
        }
        return false
    }

    mutating func scanNumber(from pos: Int) -> Int {
        // After `.` (tuple element `t.0.1`) only an integer is lexed.
        let afterDot = hasPrevious && previousEnd == pos && previousKind == .punctuation && bytes[previousStart] == UInt8(ascii: ".")
        let isHex = pos + 1 < count && bytes[pos] == UInt8(ascii: "0") && (bytes[pos + 1] == UInt8(ascii: "x") || bytes[pos + 1] == UInt8(ascii: "X"))
        var end = pos + 1
        while end < count {
            let byte = bytes[end]
            if table[Int(byte)] & ByteClass.identifierContinue != 0 {
                // Exponent signs: 1e-3, 0x1p+4.
                let isExponent = isHex
                    ? (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P"))
                    : (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
                if isExponent && !afterDot, end + 1 < count, bytes[end + 1] == UInt8(ascii: "-") || bytes[end + 1] == UInt8(ascii: "+") {
                    end += 2
                    continue
                }
                end += 1
            } else if byte == UInt8(ascii: "."), !afterDot, end + 1 < count, ByteClass.isDigit(bytes[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    func scanOperator(from pos: Int, allowDots: Bool) -> Int {
        var end = pos + 1
        while end < count {
            let byte = bytes[end]
            if byte == UInt8(ascii: ".") {
                guard allowDots else { break }
            } else if table[Int(byte)] & ByteClass.operatorContinue == 0 {
                break
            }
            // A comment starts inside the run: `a=//x` or `x+/*c*/1`.
            if byte == UInt8(ascii: "/") && end + 1 < count && (bytes[end + 1] == UInt8(ascii: "/") || bytes[end + 1] == UInt8(ascii: "*")) {
                break
            }
            end += 1
        }
        return end
    }

    /// Advances over one byte, keeping the line count right for `\n`, `\r\n` and `\r`.
    @inline(__always)
    mutating func skipByteCountingLines(at index: Int) -> Int {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            newline(at: index + 1)
        } else if byte == UInt8(ascii: "\r") {
            if index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n") {
                newline(at: index + 2)
                return index + 2
            }
            newline(at: index + 1)
        }
        return index + 1
    }

    // MARK: - Keywords and byte comparisons

    /// `import class struct enum protocol actor extension`.
    @inline(__always)
    func isDeclarationKeyword(_ start: Int, _ end: Int) -> Bool {
        switch bytes[start] {
        case UInt8(ascii: "i"): return equals(start, end, "import")
        case UInt8(ascii: "c"): return equals(start, end, "class")
        case UInt8(ascii: "s"): return equals(start, end, "struct")
        case UInt8(ascii: "e"): return equals(start, end, "enum") || equals(start, end, "extension")
        case UInt8(ascii: "p"): return equals(start, end, "protocol")
        case UInt8(ascii: "a"): return equals(start, end, "actor")
        case UInt8(ascii: "t"): return equals(start, end, "typealias")
        default: return false
        }
    }

    mutating func isExpressionKeyword(_ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 2:
            return equals(start, end, "in") || equals(start, end, "if") || equals(start, end, "is") || equals(start, end, "as")
        case 3:
            return equals(start, end, "try") || equals(start, end, "let") || equals(start, end, "var") || equals(start, end, "any")
        case 4:
            return equals(start, end, "case") || equals(start, end, "else") || equals(start, end, "some")
        case 5:
            return equals(start, end, "where") || equals(start, end, "guard") || equals(start, end, "while")
                || equals(start, end, "throw") || equals(start, end, "await") || equals(start, end, "yield")
        case 6:
            return equals(start, end, "return") || equals(start, end, "repeat")
        default:
            return false
        }
    }

    @inline(__always)
    func equals(_ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard end - start == length else { return false }
        let pointer = literal.utf8Start
        for index in 0..<length where bytes[start + index] != pointer[index] {
            return false
        }
        return true
    }

    @inline(__always)
    func hasHashes(at index: Int, _ hashes: Int) -> Bool {
        guard index + hashes <= count else { return false }
        for offset in 0..<hashes where bytes[index + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }
}
