/// Where a line starts, found by walking back from an offset eight bytes at a time: the
/// fact passes take a column for every declaration and type reference, and a loop over
/// bytes spent a byte-compare pair on each byte between the line's start and the name.
public enum LineBreaks {
    /// The offset just past the last `\n` or `\r` before `offset` (0 when there is none).
    @inline(__always)
    public static func lineStart(before offset: Int, in bytes: UnsafePointer<UInt8>) -> Int {
        var end = offset
        let raw = UnsafeRawPointer(bytes)
        while end >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            let breaks = SWAR.exactMatches(word, UInt8(ascii: "\n")) | SWAR.exactMatches(word, UInt8(ascii: "\r"))
            // The highest marked byte is the last break: the exact test marks no other byte.
            if breaks != 0 { return end - 8 + (63 - breaks.leadingZeroBitCount) >> 3 + 1 }
            end -= 8
        }
        while end > 0 && bytes[end - 1] != UInt8(ascii: "\n") && bytes[end - 1] != UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }
}
