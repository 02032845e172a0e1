/// Reads `contents.xcworkspacedata`: the projects and package folders a workspace lists.
/// Only `FileRef` and `Group` elements matter; locations are `group:` (relative to the
/// enclosing group), `container:` (relative to the folder that holds the workspace),
/// `self:` (the workspace's own container) and `absolute:`.
public enum XcodeWorkspaceReader {
    /// Paths relative to the folder that holds the `.xcworkspace` (absolute ones kept),
    /// in document order.
    public static func references(bytes: [UInt8]) -> [String] {
        var references: [String] = []
        var groups: [String] = [""]
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            guard isGroup || tag.hasPrefix("FileRef"), let location = attribute("location", in: tag) else {
                if isGroup { groups.append(groups.last ?? "") }
                continue
            }
            let path = resolve(location, group: groups.last ?? "")
            if isGroup {
                // A self-closing `<Group …/>` has no members to resolve against it.
                if !tag.hasSuffix("/") { groups.append(path) }
            } else {
                references.append(path)
            }
        }
        return references
    }

    static func resolve(_ location: String, group: String) -> String {
        guard let colon = location.firstIndex(of: ":") else { return XcodePaths.normalize(XcodePaths.join(group, location)) }
        let scheme = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch scheme {
        case "group": return XcodePaths.normalize(XcodePaths.join(group, path))
        case "absolute": return XcodePaths.normalize(path.hasPrefix("/") ? path : "/" + path)
        default: return XcodePaths.normalize(path)   // container:, self:, developer: …
        }
    }

    /// The value of `name = "…"` in a tag's text (spaces around `=` allowed, as Xcode writes them).
    static func attribute(_ name: String, in tag: String) -> String? {
        let characters = Array(tag)
        let key = Array(name)
        var index = 0
        while index + key.count <= characters.count {
            let startsWord = index == 0 || characters[index - 1].isWhitespace
            guard startsWord, Array(characters[index..<(index + key.count)]) == key else {
                index += 1
                continue
            }
            var cursor = index + key.count
            while cursor < characters.count, characters[cursor].isWhitespace { cursor += 1 }
            guard cursor < characters.count, characters[cursor] == "=" else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < characters.count, characters[cursor].isWhitespace { cursor += 1 }
            guard cursor < characters.count, characters[cursor] == "\"" || characters[cursor] == "'" else { return nil }
            let quote = characters[cursor]
            var value = ""
            cursor += 1
            while cursor < characters.count, characters[cursor] != quote {
                value.append(characters[cursor])
                cursor += 1
            }
            return unescape(value)
        }
        return nil
    }

    private static func unescape(_ value: String) -> String {
        value.replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
