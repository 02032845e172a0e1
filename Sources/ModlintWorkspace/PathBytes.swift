#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 (Latin-1
/// from an old archive, a hostile commit) would be repaired with U+FFFD when it becomes a
/// `String`, and the repaired path then names no file: the source would silently go
/// unanalysed. Each byte of an invalid sequence is kept instead as one code point of a
/// private-use block (U+10FF00 + byte), and turned back into that byte whenever the path
/// is handed to the system. Text output shows such a byte as `\xFF`.
public enum PathBytes {
    /// The first code point of the block that stands for raw bytes.
    static let base: UInt32 = 0x10FF00

    /// The name or path `bytes` as a string that `withCString` turns back into them.
    public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if let valid = String(validating: bytes, as: UTF8.self), !mayHoldStandIn(valid) { return valid }
        // Valid sequences decode as they are; each byte of an invalid one (and of a real
        // code point of the stand-in block, so that the mapping stays reversible) becomes
        // a stand-in.
        var scalars = String.UnicodeScalarView()
        let array = Array(bytes)
        var index = 0
        while index < array.count {
            let length = sequenceLength(array, at: index)
            if length > 0, let scalar = decodeScalar(array[index..<(index + length)]), scalar.value < base {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(array[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// Whether `path` holds a stand-in for a raw byte (a fast test on its UTF-8: every
    /// stand-in starts with 0xF4).
    @inline(__always)
    public static func hasRawBytes(_ path: String) -> Bool {
        mayHoldStandIn(path) && path.unicodeScalars.contains { $0.value >= base }
    }

    /// Whether `path` holds the byte 0xF4 that starts every stand-in: `memchr` over its
    /// contiguous bytes (every walked name and opened path asks; a generic search of the
    /// UTF-8 view cost more than the rest of the test).
    @inline(__always)
    static func mayHoldStandIn(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.isEmpty ? false : memchr(bytes.baseAddress!, 0xF4, bytes.count) != nil
        } ?? path.utf8.contains(0xF4)
    }

    /// The bytes the system knows `path` by.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasRawBytes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= base { out.append(UInt8(scalar.value - base)) } else { out += Array(String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the NUL-terminated bytes the system knows `path` by.
    @inline(__always)
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        guard hasRawBytes(path) else { return path.withCString(body) }
        let raw = bytes(path) + [0]
        return raw.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    /// `text` (a path, or a message that quotes names) for a terminal or a log: each
    /// stand-in for a raw byte as `\xFF`, and every control character but the tab escaped —
    /// `\n`, `\r`, others as `\x1B` — so that a file name committed with a line break or a
    /// terminal escape sequence can neither split a finding's line nor drive the terminal.
    public static func displayed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where isBidirectionalControl(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                let byte = scalar.value >= base ? scalar.value - base : scalar.value
                out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// C0 controls but the tab (harmless on one line), DEL, C1 controls, stand-ins for raw
    /// bytes, and the bidirectional controls that make a name read as another
    /// (`App\u{202E}ppA` shows as "AppAppA" reversed).
    @inline(__always)
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar.value != 0x09) || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.value >= base
            || isBidirectionalControl(scalar)
    }

    /// U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069.
    @inline(__always)
    public static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }

    private static func decodeScalar(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.count == 1 else { return nil }
        return text.unicodeScalars.first
    }
}
