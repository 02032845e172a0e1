/// A JSON value whose objects keep their key order, so output bytes are deterministic
/// and follow the documented schema order (JSONEncoder's key order is unspecified).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A finite number, written in Swift's shortest round-tripping form (`0.667`).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in output order.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Pretty-printed with `indent` spaces per level, `"key": value`, empty containers as
    /// `[]` / `{}`, no trailing newline.
    public func serialized(indent: Int = 2) -> String {
        // Written as bytes and made a `String` once: a report holds thousands of strings,
        // and appending each to a `String` costs more than writing the report.
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, level: 0, indent: indent)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8], level: Int, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case let .int(i): out.append(contentsOf: String(i).utf8)
        case let .number(n): out.append(contentsOf: (n.isFinite ? String(n) : "null").utf8)
        case let .string(s): JSONValue.appendQuoted(s, to: &out)
        case let .array(items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                Self.newline(&out, comma: i > 0, spaces: (level + 1) * indent)
                item.write(to: &out, level: level + 1, indent: indent)
            }
            Self.newline(&out, comma: false, spaces: level * indent)
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                Self.newline(&out, comma: i > 0, spaces: (level + 1) * indent)
                JSONValue.appendQuoted(key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                value.write(to: &out, level: level + 1, indent: indent)
            }
            Self.newline(&out, comma: false, spaces: level * indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `,` (when `comma`), a line break and the next line's indentation.
    private static func newline(_ out: inout [UInt8], comma: Bool, spaces: Int) {
        if comma { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }

    /// RFC 8259 string escaping; non-ASCII stays UTF-8, `/` is not escaped.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { utf8 in
            // Most strings (paths, ids, messages) need no escaping: append them whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
                case 0x08: out.append(contentsOf: "\\b".utf8)
                case 0x0C: out.append(contentsOf: "\\f".utf8)
                case ..<0x20:
                    let hex = String(byte, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                default:
                    out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
