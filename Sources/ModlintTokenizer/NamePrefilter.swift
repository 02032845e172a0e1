/// The one cheap test every "is this name one of a few" question starts with: a name's
/// key mixes its length, first, second and last byte into 14 bits, so a set of names is a
/// 16,384-entry table and nearly every other name misses it without being hashed or
/// compared. The lexer's vocabulary table, the DI module test and the implementation
/// index all key names this way. (Keyed on length, first and last byte alone, one corpus
/// type name in four passed the implementation filter.)
public enum NameKey {
    public static let bitCount = 14
    public static let count = 1 << bitCount

    /// The key of the `length` bytes at `start`.
    @inline(__always)
    public static func of(_ start: UnsafePointer<UInt8>, length: Int) -> Int {
        length == 0 ? emptyKey : mix(length: length, first: start[0], second: length > 1 ? start[1] : 0, last: start[length - 1])
    }

    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.baseAddress.map { of($0, length: bytes.count) } ?? emptyKey
    }

    static let emptyKey = mix(length: 0, first: 0, second: 0, last: 0)

    @inline(__always)
    static func mix(length: Int, first: UInt8, second: UInt8, last: UInt8) -> Int {
        let mixed = (UInt64(truncatingIfNeeded: length) | UInt64(first) << 8 | UInt64(second) << 16 | UInt64(last) << 24) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - bitCount))
    }

    public static func of(_ name: String) -> Int {
        var name = name
        return name.withUTF8(of)
    }
}

/// A set of names as one bit per `NameKey`: `mayContain` is false for nearly every name
/// outside the set; a true answer is confirmed by the caller's exact lookup.
public struct NamePrefilter: Sendable {
    private var bits = [UInt64](repeating: 0, count: NameKey.count / 64)

    public init(_ names: some Sequence<String>) {
        for name in names { insert(key: NameKey.of(name)) }
    }

    private mutating func insert(key: Int) {
        bits[key >> 6] |= 1 << UInt64(key & 63)
    }

    public func mayContain(key: Int) -> Bool {
        bits[key >> 6] & 1 << UInt64(key & 63) != 0
    }

    /// `name`: its UTF-8 bytes.
    public func mayContain(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        mayContain(key: NameKey.of(name))
    }

    public func mayContain(_ name: String) -> Bool {
        mayContain(key: NameKey.of(name))
    }
}

/// The words the fact passes act on, which the lexer marks as it reads names, so that a
/// pass skips every other token without comparing bytes. The language's own words are
/// always there; a DI adapter adds the words of its framework (`liveValue`, `bootstrap`,
/// `DependencyKey`) through `TokenizerOptions.vocabulary`, so the tokenizer never names a
/// framework. Made once per list of words (a static constant) and never freed.
public final class TokenizerVocabulary: @unchecked Sendable {
    /// Names marked `Token.Marks.keyword`: statement words the passes dispatch on.
    public let marked: [String]
    /// Names whose token indices go to `SourceHints.watchedWords`: a file that holds one
    /// is read by the pass that watches it even without the import that turns it on.
    public let watched: [String]

    /// The bits of a key's table entry: which lists have a word with that key. (Bit 0 is
    /// `keyword`, so that the entry masks straight into `Token.Marks.keyword`'s test.)
    static let keyword: UInt8 = 1
    static let declaration: UInt8 = 2
    static let watchedWord: UInt8 = 4

    /// The statement words of Swift the fact passes dispatch on.
    public static let languageWords = ["func", "var", "case", "where", "typealias", "associatedtype"]
    /// `Token.Flags.declarationKeyword`'s words: the lexer compares bytes only for names
    /// that share a key.
    static let declarations = ["import", "class", "struct", "enum", "protocol", "actor", "extension", "typealias"]

    /// Swift's own words only: what readers of manifests and specs need.
    public static let language = TokenizerVocabulary(marked: [], watched: [])

    /// A byte per `NameKey`: one load per name answers all three lists.
    let table: UnsafePointer<UInt8>

    public init(marked: [String], watched: [String]) {
        self.marked = marked
        self.watched = watched
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: NameKey.count)
        table.initialize(repeating: 0, count: NameKey.count)
        for (bit, list) in [(Self.keyword, Self.languageWords + marked), (Self.declaration, Self.declarations), (Self.watchedWord, watched)] {
            for word in list { table[NameKey.of(word)] |= bit }
        }
        self.table = UnsafePointer(table)
    }

    deinit { table.deallocate() }
}
