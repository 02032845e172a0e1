import ModlintFacts

/// A compact, positional binary form of `Codable` values for the summary cache.
///
/// Keyed containers write their values in call order without keys (synthesised
/// `Codable` encodes and decodes fields in declaration order); optionals carry a presence
/// byte; arrays a count. It is only read back by the same build (the cache key includes
/// the modlint and schema versions), and a value it cannot represent (`allKeys`-based
/// enums) fails to decode, which the cache treats as a miss.
public enum BinaryCoding {
    struct Unsupported: Error {}
    struct Truncated: Error {}

    public static func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
        let encoder = Writer()
        encoder.bytes = buffer
        try value.encode(to: encoder)
        buffer = encoder.bytes
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try T(from: Reader(bytes))
    }

    /// `decode` over an array (the pointer stays in this target).
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }
}

// MARK: - Writing

final class Writer: Encoder, SingleValueEncodingContainer {
    var bytes: [UInt8] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Unkeyed containers patch their element count in place.

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedWriter(writer: self, offset: reserveCount())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func reserveCount() -> Int {
        let offset = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        return offset
    }

    func increment(at offset: Int) {
        var value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        value += 1
        bytes[offset] = UInt8(truncatingIfNeeded: value)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: value >> 16)
        bytes[offset + 3] = UInt8(truncatingIfNeeded: value >> 24)
    }

    @inline(__always) func writeInteger<I: FixedWidthInteger>(_ value: I) {
        var little = Int64(truncatingIfNeeded: value).littleEndian
        withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
    }

    @inline(__always) func writeString(_ value: String) {
        var copy = value
        copy.withUTF8 { utf8 in
            writeInteger(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A list of strings as an unkeyed container writes it (its count, then each string),
    /// without a container and a generic call per element: file lists are most of a
    /// stored layout.
    func writeStrings(_ strings: [String]) {
        var count = UInt32(truncatingIfNeeded: strings.count).littleEndian
        withUnsafeBytes(of: &count) { bytes.append(contentsOf: $0) }
        for string in strings { writeString(string) }
    }

    func encodeNil() throws { bytes.append(0) }
    func encode(_ value: Bool) throws { bytes.append(value ? 1 : 0) }
    func encode(_ value: String) throws { writeString(value) }
    func encode(_ value: Double) throws { writeInteger(Int64(bitPattern: value.bitPattern)) }
    func encode(_ value: Float) throws { writeInteger(Int64(value.bitPattern)) }
    func encode(_ value: Int) throws { writeInteger(value) }
    func encode(_ value: Int8) throws { writeInteger(value) }
    func encode(_ value: Int16) throws { writeInteger(value) }
    func encode(_ value: Int32) throws { writeInteger(value) }
    func encode(_ value: Int64) throws { writeInteger(value) }
    func encode(_ value: UInt) throws { writeInteger(value) }
    func encode(_ value: UInt8) throws { writeInteger(value) }
    func encode(_ value: UInt16) throws { writeInteger(value) }
    func encode(_ value: UInt32) throws { writeInteger(value) }
    func encode(_ value: UInt64) throws { writeInteger(value) }
    /// Generic single values are what `Optional` writes for `.some`: a presence byte
    /// first, so that `decodeNil()` can tell them from `encodeNil()`.
    func encode<T: Encodable>(_ value: T) throws {
        bytes.append(1)
        try value.encode(to: self)
    }
}

struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { writer.bytes.append(0) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try writer.encode(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try writer.encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try writer.encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writer.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self == [String].self { return writer.writeStrings(unsafeBitCast(value, to: [String].self)) }
        try value.encode(to: writer)
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        guard let value else { writer.bytes.append(0); return }
        writer.bytes.append(1)
        writer.writeString(value)
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        guard let value else { writer.bytes.append(0); return }
        writer.bytes.append(1)
        writer.writeInteger(value)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        guard let value else { writer.bytes.append(0); return }
        writer.bytes.append(1)
        try writer.encode(value)
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { writer.bytes.append(0); return }
        writer.bytes.append(1)
        try value.encode(to: writer)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writer.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { writer.unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { writer }
    mutating func superEncoder(forKey key: Key) -> any Encoder { writer }
}

struct UnkeyedWriter: UnkeyedEncodingContainer {
    let writer: Writer
    let offset: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int = 0

    mutating func bump() { count += 1; writer.increment(at: offset) }
    mutating func encodeNil() throws { bump(); writer.bytes.append(0) }
    mutating func encode(_ value: String) throws { bump(); writer.writeString(value) }
    mutating func encode(_ value: Int) throws { bump(); writer.writeInteger(value) }
    mutating func encode(_ value: Bool) throws { bump(); try writer.encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        bump()
        if T.self == [String].self { return writer.writeStrings(unsafeBitCast(value, to: [String].self)) }
        try value.encode(to: writer)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        bump()
        return writer.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        bump()
        return writer.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { writer }
}

// MARK: - Type references

// MARK: - Reading

final class Reader: Decoder, SingleValueDecodingContainer {
    let base: UnsafeRawBufferPointer
    var position = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ base: UnsafeRawBufferPointer) {
        self.base = base
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(reader: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedReader(reader: self, count: Int(try readCount()))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    @inline(__always) func readByte() throws -> UInt8 {
        guard position < base.count else { throw BinaryCoding.Truncated() }
        defer { position += 1 }
        return base[position]
    }

    @inline(__always) func readCount() throws -> UInt32 {
        guard position + 4 <= base.count else { throw BinaryCoding.Truncated() }
        defer { position += 4 }
        return base.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
    }

    @inline(__always) func readInteger<I: FixedWidthInteger>(_: I.Type = I.self) throws -> I {
        guard position + 8 <= base.count else { throw BinaryCoding.Truncated() }
        defer { position += 8 }
        return I(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: position, as: Int64.self).littleEndian)
    }

    @inline(__always) func readString() throws -> String {
        let length: Int = try readInteger()
        guard length >= 0, position + length <= base.count else { throw BinaryCoding.Truncated() }
        defer { position += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: base[position..<position + length]), as: UTF8.self)
    }

    /// A list written by `Writer.writeStrings` (or an unkeyed container of strings).
    func readStrings() throws -> [String] {
        let count = Int(try readCount())
        // Each string takes at least its eight-byte length: a damaged count fails here,
        // before it sizes an array.
        guard count <= (base.count - position) / 8 else { throw BinaryCoding.Truncated() }
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    /// Peeks: only a nil marker is consumed (see `Writer.encode<T>`).
    func decodeNil() -> Bool {
        guard position < base.count, base[position] == 0 else { return false }
        position += 1
        return true
    }
    func decode(_ type: Bool.Type) throws -> Bool { try readByte() != 0 }
    func decode(_ type: String.Type) throws -> String { try readString() }
    func decode(_ type: Double.Type) throws -> Double { Double(bitPattern: UInt64(bitPattern: try readInteger(Int64.self))) }
    func decode(_ type: Float.Type) throws -> Float { Float(bitPattern: UInt32(truncatingIfNeeded: try readInteger(Int64.self))) }
    func decode(_ type: Int.Type) throws -> Int { try readInteger() }
    func decode(_ type: Int8.Type) throws -> Int8 { try readInteger() }
    func decode(_ type: Int16.Type) throws -> Int16 { try readInteger() }
    func decode(_ type: Int32.Type) throws -> Int32 { try readInteger() }
    func decode(_ type: Int64.Type) throws -> Int64 { try readInteger() }
    func decode(_ type: UInt.Type) throws -> UInt { try readInteger() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try readInteger() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try readInteger() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try readInteger() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try readInteger() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard try readByte() == 1 else { throw BinaryCoding.Unsupported() }
        return try T(from: self)
    }
}

struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }
    /// Positional data has no keys: `allKeys`-driven decoding (enums with payloads) fails.
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { try reader.readByte() == 0 }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.readByte() != 0 }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.readString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try reader.decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.readInteger() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.readInteger() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.readInteger() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.readInteger() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.readInteger() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.readInteger() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.readInteger() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.readInteger() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.readInteger() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.readInteger() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == [String].self { return unsafeBitCast(try reader.readStrings(), to: T.self) }
        return try T(from: reader)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try reader.readByte() == 0 ? nil : try reader.readString()
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try reader.readByte() == 0 ? nil : try reader.readInteger()
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try reader.readByte() == 0 ? nil : try reader.readByte() != 0
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try reader.readByte() == 0 ? nil : try T(from: reader)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try reader.container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try reader.unkeyedContainer() }
    func superDecoder() throws -> any Decoder { reader }
    func superDecoder(forKey key: Key) throws -> any Decoder { reader }
}

struct UnkeyedReader: UnkeyedDecodingContainer {
    let reader: Reader
    var count: Int?
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    init(reader: Reader, count: Int) {
        self.reader = reader
        self.count = count
    }

    mutating func next() throws {
        guard !isAtEnd else { throw BinaryCoding.Truncated() }
        currentIndex += 1
    }
    mutating func decodeNil() throws -> Bool {
        try next()
        return try reader.readByte() == 0
    }
    mutating func decode(_ type: String.Type) throws -> String { try next(); return try reader.readString() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(); return try reader.readInteger() }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(); return try reader.readByte() != 0 }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next()
        if T.self == [String].self { return unsafeBitCast(try reader.readStrings(), to: T.self) }
        return try T(from: reader)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return try reader.container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try reader.unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder { reader }
}
