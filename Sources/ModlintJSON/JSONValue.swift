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
        var out = ""
        write(to: &out, level: 0, indent: indent)
        return out
    }

    private func write(to out: inout String, level: Int, indent: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .int(i): out += String(i)
        case let .number(n): out += n.isFinite ? String(n) : "null"
        case let .string(s): JSONValue.appendQuoted(s, to: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                out += i == 0 ? "\n" : ",\n"
                out += String(repeating: " ", count: (level + 1) * indent)
                item.write(to: &out, level: level + 1, indent: indent)
            }
            out += "\n" + String(repeating: " ", count: level * indent) + "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                out += i == 0 ? "\n" : ",\n"
                out += String(repeating: " ", count: (level + 1) * indent)
                JSONValue.appendQuoted(key, to: &out)
                out += ": "
                value.write(to: &out, level: level + 1, indent: indent)
            }
            out += "\n" + String(repeating: " ", count: level * indent) + "}"
        }
    }

    /// RFC 8259 string escaping; non-ASCII stays UTF-8, `/` is not escaped.
    public static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        // Most strings (paths, ids, messages) need no escaping: append them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
