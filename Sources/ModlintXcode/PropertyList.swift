/// A value of an old-style (OpenStep) ASCII property list, the format of
/// `project.pbxproj`: strings (quoted or bare), arrays, dictionaries and `<hex data>`.
public indirect enum PropertyList: Sendable, Equatable {
    case string(String)
    case array([PropertyList])
    case dictionary(PropertyListDictionary)
    case data([UInt8])

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}

/// A dictionary with the line its `{` stands on (findings and notes point at objects).
/// Entries are kept in file order and found by a linear search: project objects have a
/// handful of keys, for which that beats hashing (the reader indexes the `objects`
/// dictionary itself by id once).
public struct PropertyListDictionary: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: PropertyList
    }

    public var entries: [Entry]
    public var line: Int

    public init(entries: [Entry] = [], line: Int = 1) {
        self.entries = entries
        self.line = line
    }

    /// The value of `key`; the last one when a key repeats (as a dictionary would keep it).
    public subscript(key: String) -> PropertyList? {
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].key == key { return entries[index].value }
            index -= 1
        }
        return nil
    }

    public func string(_ key: String) -> String? { self[key]?.string }

    /// The strings of an array value (object ids, paths); non-strings are skipped.
    public func strings(_ key: String) -> [String] { self[key]?.array?.compactMap(\.string) ?? [] }
}

/// Why a property list could not be read, with the place (1-based).
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// Old-style property lists as a tree of values (`PropertyListDocument` is the flat,
/// allocation-light form the project reader uses).
public enum PropertyListParser {
    /// Containers nest at most this deep: a hostile file cannot exhaust the stack.
    public static let maximumDepth = 256

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        let document = try PropertyListDocument.parse(bytes)
        return document.tree(document.root)
    }
}
