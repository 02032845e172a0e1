import ModlintManifest

/// Reads the module name a Clang module map declares: a C-family or system-library target
/// exports the module its `module.modulemap` names (`module CZlib [system] { … }`), which
/// need not be the target's name — and `import` names the module.
enum ModuleMap {
    /// Where SwiftPM looks for a target's module map: a system library's directory, or a
    /// C-family target's public headers folder (`include` unless `publicHeadersPath:`).
    static func path(targetDirectory: String, kind: ManifestTarget.Kind, publicHeadersPath: String?) -> String {
        kind == .system ? Paths.join(targetDirectory, "module.modulemap")
            : Paths.normalize(Paths.join(Paths.join(targetDirectory, publicHeadersPath ?? "include"), "module.modulemap"))
    }

    /// The first top-level module declared (`explicit`, `framework` and attributes
    /// allowed), skipping comments; `nil` when there is none.
    static func moduleName(in bytes: [UInt8]) -> String? {
        var words: [String] = []
        var index = 0
        var depth = 0
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") { depth = max(0, depth - 1) }
            if depth == 0 && isWord(byte) {
                let start = index
                while index < bytes.count && isWord(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                if let last = words.last, last == "module", !["explicit", "framework", "module"].contains(word) { return word }
                words.append(word)
                continue
            }
            index += 1
        }
        return nil
    }
}
