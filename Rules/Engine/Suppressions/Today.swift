#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Today's local date as `YYYY-MM-DD`, the form suppression expiry dates are written in
/// (so that dates compare as strings). `MODLINT_TODAY` overrides the clock, for tests and
/// for checking ahead which suppressions are about to expire.
public enum Today {
    public static func current() -> String {
        if let value = getenv("MODLINT_TODAY") {
            let text = String(cString: value)
            if !text.isEmpty { return text }
        }
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
    }
}
