/// String literals, with their interpolations scanned as code.
extension Lexer {
    /// Scans a string literal whose opening quote is at `pos` (after `hashes` `#`) and
    /// returns the offset after its closing delimiter. Interpolations are scanned as
    /// code, so strings nested in them (and their quotes) are handled. An unterminated
    /// single-line literal ends at its line's end, so it never swallows the file.
    mutating func scanString(from pos: Int, hashes: Int) -> Int {
        let startLine = line, startLineStart = lineStart
        // Literals nest through interpolations; bound the recursion on hostile input.
        if stringNesting >= Lexer.maximumStringNesting {
            // Not a broken literal: a deep one. Said once; the enclosing literals end at the
            // end of the line instead of reporting themselves unterminated.
            if !tooDeep { report(.nestedTooDeep, at: pos - hashes, line: startLine, lineStart: startLineStart) }
            tooDeep = true
            var end = pos
            while end < count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }
        stringNesting += 1
        defer { stringNesting -= 1 }
        let multiline = isMultilineOpening(at: pos)
        var index = multiline ? pos + 3 : pos + 1
        while index < count {
            let byte = bytes[index]
            // Fast path: ordinary content, eight bytes at a time.
            if byte > UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index = endOfStringContent(from: index + 1)
                continue
            }
            if byte == UInt8(ascii: "\\") && hasHashes(at: index + 1, hashes) {
                let afterEscape = index + 1 + hashes
                if afterEscape < count && bytes[afterEscape] == UInt8(ascii: "(") {
                    index = scanInterpolation(from: afterEscape + 1, multiline: multiline)
                } else if afterEscape < count {
                    let escaped = bytes[afterEscape]
                    if !multiline && (escaped == UInt8(ascii: "\n") || escaped == UInt8(ascii: "\r")) {
                        index = afterEscape
                        break
                    }
                    index = skipByteCountingLines(at: afterEscape)
                } else {
                    index = afterEscape
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if multiline {
                    if index + 2 < count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
                        && hasHashes(at: index + 3, hashes) {
                        return index + 3 + hashes
                    }
                } else if hasHashes(at: index + 1, hashes) {
                    return index + 1 + hashes
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !multiline { break }
                index = skipByteCountingLines(at: index)
                continue
            }
            index += 1
        }
        if !tooDeep { report(.unterminatedString, at: pos - hashes, line: startLine, lineStart: startLineStart) }
        return min(index, count)
    }

    /// `"""` opens a multi-line literal only when the rest of its line is blank:
    /// `#"""#` is a single-line raw string holding one quote.
    private mutating func isMultilineOpening(at pos: Int) -> Bool {
        guard pos + 2 < count && bytes[pos + 1] == UInt8(ascii: "\"") && bytes[pos + 2] == UInt8(ascii: "\"") else { return false }
        var index = pos + 3
        while index < count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index += 1 }
        return index == count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
    }

    /// Scans the code of `\( … )` up to and including the matching `)`. Stops at a line
    /// break inside a single-line literal (the caller reports it as unterminated).
    private mutating func scanInterpolation(from pos: Int, multiline: Bool) -> Int {
        var depth = 1
        var index = pos
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return index }
            case UInt8(ascii: "\""):
                if !multiline && isMultilineOpening(at: index) {
                    // A multi-line literal cannot start inside a single-line one.
                    return index
                }
                let nestedLine = line
                index = scanString(from: index, hashes: 0)
                if !multiline && line != nestedLine { return index }
            case UInt8(ascii: "#"):
                var hashes = 0
                while index + hashes < count && bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                if index + hashes < count && bytes[index + hashes] == UInt8(ascii: "\"") {
                    index = scanString(from: index + hashes, hashes: hashes)
                } else {
                    index += hashes
                }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = scanBlockComment(from: index)
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                index = endOfLine(from: index)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if !multiline { return index }
                index = skipByteCountingLines(at: index)
            default:
                index += 1
            }
        }
        return count
    }
}
