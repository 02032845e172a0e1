/// Reads `contents.xcworkspacedata`: the projects and package folders a workspace lists.
/// Only `FileRef` and `Group` elements matter; locations are `group:` (relative to the
/// enclosing group), `container:` (relative to the folder that holds the workspace),
/// `self:` (the workspace's own container) and `absolute:`.
public enum XcodeWorkspaceReader {
    /// Groups nest at most this deep; Xcode's own workspaces nest a few levels. Together
    /// with `longestPath` this keeps memory linear in the file: the open groups' paths are
    /// all that is held, and a hostile file of nested groups cannot make it quadratic.
    static let deepestGroup = 64
    /// No file system resolves a longer path.
    static let longestPath = 4096

    /// What a workspace lists, and the first thing the reader could not follow.
    public struct Contents: Sendable, Equatable {
        /// Paths relative to the folder that holds the `.xcworkspace` (absolute ones kept),
        /// in document order.
        public var references: [String]
        public var problem: (line: Int, message: String)? {
            problemLine.map { ($0, problemMessage) }
        }
        var problemLine: Int?
        var problemMessage = ""
    }

    /// Paths relative to the folder that holds the `.xcworkspace` (absolute ones kept),
    /// in document order.
    public static func references(bytes: [UInt8]) -> [String] {
        read(bytes: bytes).references
    }

    public static func read(bytes: [UInt8]) -> Contents {
        var contents = Contents(references: [])
        var groups: [String] = [""]
        /// Groups opened beyond the depth cap (or with an unusable path): closed without a pop.
        var ignoredDepth = 0
        var index = 0
        var line = 1
        var lineCounted = 0
        func problem(_ message: String) {
            guard contents.problemLine == nil else { return }
            while lineCounted < index && lineCounted < bytes.count {
                if bytes[lineCounted] == UInt8(ascii: "\n") { line += 1 }
                lineCounted += 1
            }
            contents.problemLine = line
            contents.problemMessage = message
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            let tagStart = index
            index = end + 1
            if tag.hasPrefix("/Group") {
                if ignoredDepth > 0 {
                    ignoredDepth -= 1
                } else if groups.count > 1 {
                    groups.removeLast()
                }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            let selfClosing = tag.hasSuffix("/")
            if isGroup && !selfClosing && (ignoredDepth > 0 || groups.count > deepestGroup) {
                if ignoredDepth == 0 {
                    let saved = index
                    index = tagStart
                    problem("groups nested more than \(deepestGroup) levels deep; the members below are not read")
                    index = saved
                }
                ignoredDepth += 1
                continue
            }
            if ignoredDepth > 0 { continue }
            guard isGroup || tag.hasPrefix("FileRef"), let location = attribute("location", in: tag) else {
                if isGroup && !selfClosing { groups.append(groups.last ?? "") }
                continue
            }
            let path = resolve(location, group: groups.last ?? "")
            guard path.utf8.count <= longestPath else {
                let saved = index
                index = tagStart
                problem("a path longer than \(longestPath) bytes; the members below are not read")
                index = saved
                if isGroup && !selfClosing { ignoredDepth += 1 }
                continue
            }
            if isGroup {
                // A self-closing `<Group …/>` has no members to resolve against it.
                if !selfClosing { groups.append(path) }
            } else {
                contents.references.append(path)
            }
        }
        return contents
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

    /// XML's entities and character references, decoded as the property-list reader does.
    private static func unescape(_ value: String) -> String {
        String(decoding: XMLPropertyList.decodeEntities(Array(value.utf8)[...]), as: UTF8.self)
    }
}
