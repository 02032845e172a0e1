import Testing
@testable import ModlintTokenizer

/// The lexer's eight-byte scans against its byte table, for every byte value at every
/// position of a word.
@Suite struct WordScanTests {
    /// "aaaaaaaa" with byte `value` at `position` (little-endian, as the lexer loads words).
    func letters(with value: Int, at position: Int) -> UInt64 {
        0x6161_6161_6161_6161 & ~(0xFF << UInt64(position * 8)) | UInt64(value) << UInt64(position * 8)
    }

    @Test func nameScanStopsWhereTheTableDoes() {
        for position in 0..<8 {
            for value in 0...255 {
                let word = letters(with: value, at: position)
                let stops = SWAR.nonIdentifierBytes(word) >> UInt64(position * 8 + 7) & 1 == 1
                let continues = ByteClass.table[value] & ByteClass.identifierContinue != 0
                #expect(stops != continues, "byte \(value) at \(position)")
                // The other seven bytes are letters: no stop there.
                #expect(SWAR.nonIdentifierBytes(word) & ~(0x80 << UInt64(position * 8)) == 0)
            }
        }
    }

    /// A string literal's word scan stops at the first byte the byte loop must look at
    /// (up to `"`, or `\\`) and at no byte before it.
    @Test func stringScanStopsAtTheFirstByteTheLoopNeeds() {
        for position in 0..<8 {
            for value in 0...255 {
                let stop = SWAR.stringStopBytes(letters(with: value, at: position))
                let needed = value <= Int(UInt8(ascii: "\"")) || value == Int(UInt8(ascii: "\\"))
                #expect((stop != 0 && stop.trailingZeroBitCount >> 3 == position) == needed, "byte \(value) at \(position)")
                #expect(needed || stop == 0, "byte \(value) at \(position)")
            }
        }
        // Several stops in one word: the lowest is the first one.
        let word = UInt64(littleEndian: Array("ab\"c\\d\ne".utf8).prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) })
        #expect(SWAR.stringStopBytes(word).trailingZeroBitCount >> 3 == 2)
    }

    @Test func namesEndWhereTheyEndNearTheEndOfTheFile() {
        // Names of every length up to 20 at the end of the buffer, where only a few bytes
        // remain for the word scan, and before each kind of byte.
        for length in 1...20 {
            let name = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            for suffix in ["", " ", ".", "(", "é", "_x", "$0", "\n", "9"] {
                let source = TokenizedSource(bytes: Array(("let " + name + suffix).utf8))
                #expect(source.tokens.count >= 2)
                let token = source.tokens[1]
                let expected = suffix.first.map { $0 == "é" || $0 == "_" || $0 == "$" || $0 == "9" } == true
                    ? length + suffix.utf8.count : length
                #expect(token.length == expected, "\(name)\(suffix)")
            }
        }
    }

    @Test func indentationOfAnyWidthIsOneRun() {
        for width in 0...40 {
            let source = TokenizedSource(bytes: Array(("a\n" + String(repeating: " ", count: width) + "b").utf8))
            #expect(source.tokens.map(\.start) == [0, Int32(2 + width)])
            #expect(source.tokens[1].isAtLineStart)
        }
    }
}
