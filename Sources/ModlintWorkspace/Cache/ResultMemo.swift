import ModlintFacts
/// A 64-bit hash over strings, numbers and bytes, with a separator so that `["ab", "c"]`
/// and `["a", "bc"]` differ (`addRaw` for plain bytes). Stable across runs and builds
/// (unlike `Hasher`). Eight bytes a step, each word multiplied in and rotated (the round
/// of xxHash64), 64 bytes and more through `Checksum`'s four lanes, the last few bytes one
/// at a time as FNV-1a: a walk hashes every path of the tree and a cached run every
/// changed file's content, and FNV-1a's byte a step cost four cycles a byte.
public struct StableHash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ text: String) {
        text.withBytes { addRaw(UnsafeRawBufferPointer($0)) }
        mix(0x1F)
    }

    /// A number's eight bytes (little-endian), then the separator.
    public mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { addRaw($0) }
        mix(0x1F)
    }

    public mutating func add(_ bytes: [UInt8]) {
        addRaw(bytes)
        mix(0x1F)
    }

    /// Bytes with no separator after them.
    public mutating func addRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { addRaw($0) }
    }

    /// Bytes with no separator after them.
    public mutating func addRaw(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var offset = 0
        // A file's content: its 32-byte blocks through the record checksum's four lanes
        // (multiplications in flight together, not each waiting on the last), folded in.
        if count >= 64 {
            offset = count & ~31
            value = Self.round(value, Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[..<offset])))
        }
        while offset + 8 <= count {
            value = Self.round(value, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian)
            offset += 8
        }
        while offset < count {
            mix(bytes[offset])
            offset += 1
        }
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (accumulator ^ word) &* 0xC2B2_AE3D_27D4_EB4F
        return (mixed << 31 | mixed >> 33) &* 0x9E37_79B1_85EB_CA87
    }

    /// Bytes of any sequence with no separator after them (one at a time).
    public mutating func addRaw<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { mix(byte) }
    }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }
}

/// The whole-run layer of the cache: the serialized result of the last run, under two
/// keys. The input key covers everything that can change the result (every input file's
/// stat, the configuration, the date suppressions expire against, the modlint build): a
/// pre-commit run on an unchanged tree then costs one directory walk and one small read.
/// The facts key replaces the sources' stats by their facts (the summaries the rules read):
/// after an edit to a comment or white space the sources are summarised again, found
/// equal, and the stored result is served without running a rule.
public struct ResultMemo: Sendable {
    public let directory: String
    public static let fileName = "result.memo"

    public init(directory: String) {
        self.directory = directory
    }

    public enum Key: Sendable {
        case inputs(UInt64)
        case facts(UInt64)
    }

    /// The stored payload when it was written under `key` and its checksum matches (a
    /// damaged memo is recomputed, never served).
    public func load(_ key: Key) -> [UInt8]? {
        guard let (fields, payload) = MemoFile.read(Paths.join(directory, Self.fileName)),
              fields.count == 5, fields[0...2] == ["modlint-result-memo", "v3", "keys"] else { return nil }
        switch key {
        case .inputs(let inputs): guard fields[3] == String(inputs, radix: 16) else { return nil }
        case .facts(let facts): guard fields[4] == String(facts, radix: 16) else { return nil }
        }
        return payload
    }

    /// Replaces the memo atomically; failing to write only costs the next run its shortcut.
    /// A `nil` key is one the result must not be found under (its inputs were racy): it
    /// is written as `-`, which no key equals.
    @discardableResult
    public func save(inputs: UInt64?, facts: UInt64?, payload: [UInt8]) -> Bool {
        MemoFile.write(["modlint-result-memo", "v3", "keys", inputs.map { String($0, radix: 16) } ?? "-", facts.map { String($0, radix: 16) } ?? "-"],
                       payload: payload, directory: directory, name: Self.fileName)
    }

    /// The key for a run: a workspace fingerprint (or the structure and facts digests)
    /// plus everything else the result depends on.
    public static func key(fingerprint: UInt64, configuration: [UInt8], today: String, options: [String]) -> UInt64 {
        var hash = StableHash()
        hash.add(String(fingerprint, radix: 16))
        hash.add(configuration)
        hash.add(today)
        hash.add(SummaryCache.buildIdentity)
        for option in options { hash.add(option) }
        return hash.value
    }
}

/// A memo of one payload under one key, in a file of its own in a cache folder (`modlint
/// diff` keeps each side's analysis this way); same guarantees as `ResultMemo`.
public struct NamedMemo: Sendable {
    public let directory: String
    public let name: String

    public init(directory: String, name: String) {
        self.directory = directory
        self.name = name
    }

    /// The payload stored under `key`, when its checksum matches.
    public func load(key: UInt64) -> [UInt8]? {
        guard let (fields, payload) = MemoFile.read(Paths.join(directory, name)),
              fields.count == 3, fields[0] == "modlint-memo", fields[1] == Substring(name), fields[2] == String(key, radix: 16) else { return nil }
        return payload
    }

    /// Replaces the memo atomically; false when it could not be written.
    @discardableResult
    public func save(key: UInt64, payload: [UInt8]) -> Bool {
        MemoFile.write(["modlint-memo", name, String(key, radix: 16)], payload: payload, directory: directory, name: name)
    }
}

/// The file both memos (`ResultMemo`, `LayoutMemo`) are written as: one line of fields
/// separated by spaces, a checksum last, then the payload. The checksum covers the fields,
/// the folder the memo lives in and the payload: a header spliced onto another payload, or
/// a memo copied in from another tree's folder, is never read back.
enum MemoFile {
    /// The header's fields (without the checksum) and the payload, when they match.
    static func read(_ path: String) -> (fields: [Substring], payload: [UInt8])? {
        let directory = Paths.parent(path)
        guard CacheFolder.problem(Paths.parent(directory)) == nil, CacheFolder.problem(directory) == nil,
              let bytes = FileSystem.read(path), let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        let payload = Array(bytes[(newline + 1)...])
        guard let checksum = fields.popLast(),
              checksum == String(self.checksum(header: fields.joined(separator: " "), directory: directory, payload: payload), radix: 16) else { return nil }
        return (fields, payload)
    }

    /// Writes `fields`, the checksum and the payload atomically into `directory` (made when
    /// missing); false when that failed.
    static func write(_ fields: [String], payload: [UInt8], directory: String, name: String) -> Bool {
        guard CacheFolder.make(Paths.parent(directory)), CacheFolder.make(directory) else { return false }
        let text = fields.joined(separator: " ")
        let header = text + " " + String(checksum(header: text, directory: directory, payload: payload), radix: 16) + "\n"
        return FileSystem.write(Array(header.utf8) + payload, to: Paths.join(directory, name))
    }

    private static func checksum(header: String, directory: String, payload: [UInt8]) -> UInt64 {
        var bound = StableHash()
        bound.add(header)
        bound.add(directory)
        bound.add(Checksum.of(payload))
        return bound.value
    }
}
