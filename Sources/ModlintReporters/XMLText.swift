/// XML 1.0 escaping for the XML reporters (JUnit, Checkstyle).
enum XMLText {
    /// Attribute values in double quotes. Tab, LF and CR become character references so
    /// that attribute-value normalisation does not turn them into spaces; characters XML
    /// 1.0 forbids (other C0 controls, U+FFFE/U+FFFF, lone surrogates cannot occur in a
    /// Swift string) become U+FFFD.
    static func attribute(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: append(scalar, to: &out)
            }
        }
        return out
    }

    /// Element content.
    static func content(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default: append(scalar, to: &out)
            }
        }
        return out
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        let allowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
        out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
    }
}
