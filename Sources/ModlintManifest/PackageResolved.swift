/// `Package.resolved` (versions 1 to 3), as SwiftPM and Xcode write it: which version or
/// revision pins each package. A file a pull request may commit, so the scan is linear and
/// allocation-bounded whatever the bytes (fuzzed on its own: Tests/Fuzz).
public enum PackageResolved {
    /// A scan of the `"key": "value"` pairs in file order: every pin names its package
    /// (`identity`, or v1's `repositoryURL`) before its `state` (`revision`, then `version`).
    public static func pins(in bytes: [UInt8]) -> [(String, String)] {
        var result: [(String, String)] = []
        var identity: String?
        var revision: String?
        var version: String?
        func flush() {
            if let identity, let pin = version ?? revision.map({ "revision " + String($0.prefix(7)) }) { result.append((identity, pin)) }
            identity = nil
            revision = nil
            version = nil
        }
        for (key, value) in pairs(bytes) {
            switch key {
            case "identity":
                flush()
                identity = value.lowercased()
            case "repositoryURL":
                flush()
                identity = PackageDependency.identity(for: value)
            case "revision": revision = value
            case "version": version = value
            default: continue
            }
        }
        flush()
        return result
    }

    /// String literals followed by `:` and another string literal (JSON without escapes
    /// in keys; values with escapes keep them, which pins never have).
    static func pairs(_ bytes: [UInt8]) -> [(String, String)] {
        var result: [(String, String)] = []
        var index = 0
        func literal() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.count else {
                // Unterminated: no later literal is one either (a scan from each later quote
                // to the end would make a hostile file quadratic).
                index = bytes.count
                return nil
            }
            let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            return text
        }
        func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }
        while index < bytes.count {
            guard let key = literal() else {
                index += 1
                continue
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
            index += 1
            skipSpace()
            if let value = literal() { result.append((key, value)) }
        }
        return result
    }
}
