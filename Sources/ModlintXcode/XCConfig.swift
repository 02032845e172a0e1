/// Reads `.xcconfig` build-setting files: `KEY = value` lines (later ones win), `//`
/// comments, and `#include "other.xcconfig"` / `#include? "…"` relative to the including
/// file. Conditional assignments (`KEY[sdk=iphoneos*] = …`) are skipped: modlint needs the
/// settings that hold everywhere (the module name).
public enum XCConfig {
    /// Includes nest at most this deep (a cycle of includes ends here).
    static let maximumDepth = 16

    /// - Parameters:
    ///   - path: the file's path, relative to the project's folder; includes resolve against its folder.
    ///   - readFile: reads a file by that kind of path; `nil` when it does not exist.
    ///
    /// Each file is read once per evaluation: a file that includes itself, or two that
    /// include each other, would otherwise be read again at every level (3 self-includes
    /// nested 16 deep are 43 million reads).
    public static func settings(at path: String, readFile: (String) -> [UInt8]?) -> [String: String] {
        var settings: [String: String] = [:]
        var visited = Set<String>()
        load(path, into: &settings, readFile: readFile, depth: 0, visited: &visited)
        return settings
    }

    private static func load(_ path: String, into settings: inout [String: String], readFile: (String) -> [UInt8]?, depth: Int,
                             visited: inout Set<String>) {
        guard depth < maximumDepth, visited.insert(path).inserted, let bytes = readFile(path) else { return }
        let base = XcodePaths.parent(path)
        for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let comment = line.firstRange(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(line[line.index(after: open)..<close])
                load(XcodePaths.normalize(XcodePaths.join(base, included)), into: &settings, readFile: readFile, depth: depth + 1, visited: &visited)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters()
            guard !key.isEmpty, !key.contains("["), !key.contains(" ") else { continue }
            settings[key] = line[line.index(after: equals)...].trimmingCharacters()
        }
    }
}

extension Substring {
    /// Without leading spaces and tabs, and trailing spaces, tabs and semicolons. ASCII text
    /// (nearly every line) is trimmed over its bytes: reversing characters twice was the
    /// largest cost of reading the settings files.
    fileprivate func trimmingCharacters() -> String {
        let bytes = utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == ";" }.reversed())
        }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start = bytes.index(after: start) }
        while start < end {
            let last = bytes[bytes.index(before: end)]
            guard last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: ";") else { break }
            end = bytes.index(before: end)
        }
        return String(self[start..<end])
    }
}
