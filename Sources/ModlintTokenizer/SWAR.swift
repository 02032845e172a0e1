/// Byte tests on eight bytes at once (little-endian words).
enum SWAR {
    /// Each byte 0x01, 0x20 (a space), the high bit, the low seven bits.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let spaces: UInt64 = 0x2020_2020_2020_2020
    static let high: UInt64 = 0x8080_8080_8080_8080
    static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of a 7-bit word `x` that lies in `lower...upper`: adding
    /// `0x80 - lower` sets it from `lower` up, adding `0x7F - upper` from past `upper`, and
    /// no sum carries into the next byte.
    @inline(__always)
    private static func inRange(_ x: UInt64, _ lower: UInt8, _ upper: UInt8) -> UInt64 {
        let fromLower = x &+ UInt64(0x80 &- lower) &* ones
        let pastUpper = x &+ UInt64(0x7F &- upper) &* ones
        return fromLower & ~pastUpper & high
    }

    /// The high bit of the first byte (and maybe of later ones) below 0x0E, the bytes that
    /// include `\n` and `\r`: a borrow only carries upwards, so the lowest mark is exact.
    @inline(__always)
    static func lineBreakCandidates(_ word: UInt64) -> UInt64 {
        (word &- 0x0E &* ones) & ~word & high
    }

    /// The high bit of the first byte (and maybe of later ones) that is below `#` or is a
    /// backslash: a borrow only carries upwards, so the lowest mark is exact.
    @inline(__always)
    static func stringStopBytes(_ word: UInt64) -> UInt64 {
        let below = (word &- 0x23 &* ones) & ~word & high
        let backslashes = word ^ (0x5C &* ones)
        return below | ((backslashes &- ones) & ~backslashes & high)
    }

    /// The high bit of each byte that cannot continue a name (`ByteClass.identifierContinue`:
    /// letters, digits, `_`, `$`, and every byte from 0x80).
    @inline(__always)
    static func nonIdentifierBytes(_ word: UInt64) -> UInt64 {
        let x = word & low7
        let folded = x | spaces
        let continues = word & high | inRange(folded, UInt8(ascii: "a"), UInt8(ascii: "z"))
            | inRange(x, UInt8(ascii: "0"), UInt8(ascii: "9")) | inRange(x, UInt8(ascii: "_"), UInt8(ascii: "_"))
            | inRange(x, UInt8(ascii: "$"), UInt8(ascii: "$"))
        return ~continues & high
    }

    /// Non-zero when some byte is not ASCII or is NUL (the lowest mark is exact).
    @inline(__always)
    static func nonASCIIOrNul(_ word: UInt64) -> UInt64 {
        (word | ((word &- ones) & ~word)) & high
    }

    /// The high bit of exactly the bytes of `word` equal to `byte` (no borrow between
    /// bytes, so no false mark above a match, unlike the tests above).
    @inline(__always)
    static func exactMatches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(byte) &* ones)
        let nonZero = ((difference & low7) &+ low7) | difference
        return ~nonZero & ~low7
    }
}
