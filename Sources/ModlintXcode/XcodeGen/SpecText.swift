/// The bytes of a spec as the UTF-8 text the YAML reader takes. XcodeGen (through Yams and
/// Foundation) reads a `project.yml` saved as UTF-16 or with a byte-order mark like any
/// other, so modlint must too: read as UTF-8, such a file would be invalid YAML or no
/// spec at all, and the project it describes would vanish from the gate.
public enum SpecText {
    /// UTF-8 without its byte-order mark; UTF-16 (little or big endian, by its mark or, as
    /// YAML 1.2 §5.2 detects it, by a NUL in the first code unit) transcoded.
    public static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        guard bytes.count >= 2 else { return bytes }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): return transcode(bytes.dropFirst(2), bigEndian: false)
        case (0xFE, 0xFF): return transcode(bytes.dropFirst(2), bigEndian: true)
        case (0, let second) where second != 0: return transcode(bytes[...], bigEndian: true)
        case (let first, 0) where first != 0 && !(bytes.count >= 4 && bytes[2] == 0 && bytes[3] == 0): return transcode(bytes[...], bigEndian: false)
        default: return bytes
        }
    }

    /// UTF-16 code units to UTF-8; an odd last byte and unpaired surrogates become U+FFFD.
    private static func transcode(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 + 1)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        if index < bytes.endIndex { units.append(0xFFFD) }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
