import ModlintFacts
import Synchronization

/// How the summary cache stores a file's type references: `TypeReferenceList.encoded()`
/// writes the layout, `StoredReferences` reads it lazily, straight from the cache's
/// mapping, when a rule first asks for the names or records.
extension TypeReferenceList {
    /// The cache's layout: the name count, each name as its length and UTF-8 bytes; the
    /// record count, each record as four numbers (name, enclosing, line, column and kind).
    /// Every number is an unsigned LEB128.
    public func encoded() -> [UInt8] {
        let records = self.records
        // Written in place into a buffer sized for the longest numbers (ten bytes for a
        // count or length, five for a record's 32-bit fields): a first cached run encodes
        // a million records, and an append per byte was most of its encoding time. Names
        // are written from their bytes: an extracted list's are never made into strings.
        var bound = 20 + records.count * 20
        forEachName { _, utf8 in bound += 10 + utf8.count }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            let out = buffer.baseAddress!
            var offset = 0
            LEB128.write(UInt64(nameCount), to: out, at: &offset)
            forEachName { _, utf8 in
                LEB128.write(UInt64(utf8.count), to: out, at: &offset)
                if let base = utf8.baseAddress { (out + offset).update(from: base, count: utf8.count) }
                offset += utf8.count
            }
            LEB128.write(UInt64(records.count), to: out, at: &offset)
            for record in records {
                LEB128.write(UInt64(record.name), to: out, at: &offset)
                LEB128.write(UInt64(record.enclosing), to: out, at: &offset)
                LEB128.write(UInt64(record.line), to: out, at: &offset)
                LEB128.write(UInt64(record.columnAndKind), to: out, at: &offset)
            }
            initialized = offset
        }
    }

    /// A list in the layout of `encoded()`, kept as it is until its names or records are
    /// asked for; `nil` when the counts or the names do not fit the bytes. (The records are
    /// checked when they are made: the cache checksums every stored summary, so bytes that
    /// pass here were written by `encoded()`.)
    public init?(encoded bytes: UnsafeRawBufferPointer) {
        let copy = OwnedBytes(copying: bytes)
        self.init(encoded: copy.bytes, keeping: copy)
    }

    /// The same over bytes that stay valid, unchanged, as long as `owner` lives (a read-only
    /// mapping of the cache's records): the list keeps `owner` instead of a copy.
    public init?(encoded bytes: UnsafeRawBufferPointer, keeping owner: AnyObject) {
        guard let stored = StoredReferences(bytes, owner: owner) else { return nil }
        self.init(storage: stored)
    }
}

/// A copy of some bytes, freed with the object.
private final class OwnedBytes: @unchecked Sendable {
    private let allocation: UnsafeMutableRawBufferPointer
    let bytes: UnsafeRawBufferPointer

    init(copying source: UnsafeRawBufferPointer) {
        allocation = .allocate(byteCount: max(1, source.count), alignment: 1)
        if source.count > 0 { allocation.copyMemory(from: source) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(allocation)[..<source.count])
    }

    deinit {
        allocation.deallocate()
    }
}

/// A stored list's bytes, and its names and records once made (by whichever thread asks
/// first; rules read one file's references concurrently).
final class StoredReferences: TypeReferenceStorage, @unchecked Sendable {
    /// Valid while `owner` lives.
    private let bytes: UnsafeRawBufferPointer
    private let owner: AnyObject
    let nameCount: Int
    let recordCount: Int
    /// Where the records begin.
    private let recordsStart: Int
    private let made = Mutex<(names: [String], records: [TypeReferenceList.Record])?>(nil)

    init?(_ bytes: UnsafeRawBufferPointer, owner: AnyObject) {
        self.bytes = bytes
        self.owner = owner
        var position = 0
        guard let nameCount = LEB128.read(bytes, &position), nameCount <= bytes.count else { return nil }
        for _ in 0..<nameCount {
            guard let length = LEB128.read(bytes, &position), length <= bytes.count - position else { return nil }
            position += length
        }
        // Every record takes at least four bytes.
        guard let recordCount = LEB128.read(bytes, &position), recordCount <= (bytes.count - position) / 4 else { return nil }
        self.nameCount = nameCount
        self.recordCount = recordCount
        recordsStart = position
    }

    func forEachName(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        var position = 0
        _ = LEB128.read(buffer, &position)
        for index in 0..<nameCount {
            let length = LEB128.read(buffer, &position) ?? 0
            try body(index, UnsafeBufferPointer(rebasing: buffer[position..<position + length]))
            position += length
        }
    }

    /// The names and records, made on first use. A record that does not fit the table (the
    /// checksum of damaged bytes matched, or the layout changed without a new schema)
    /// ends the list there instead of trapping.
    var tables: (names: [String], records: [TypeReferenceList.Record]) {
        made.withLock { made in
            if let made { return made }
            var names: [String] = []
            names.reserveCapacity(nameCount)
            forEachName { _, utf8 in names.append(String(decoding: utf8, as: UTF8.self)) }
            var records: [TypeReferenceList.Record] = []
            records.reserveCapacity(recordCount)
            var position = recordsStart
            for _ in 0..<recordCount {
                guard let name = LEB128.read(bytes, &position), let enclosing = LEB128.read(bytes, &position),
                      let line = LEB128.read(bytes, &position), let column = LEB128.read(bytes, &position),
                      name < nameCount, enclosing <= nameCount, line <= Int(UInt32.max), column <= Int(UInt32.max) else { break }
                records.append(TypeReferenceList.Record(name: UInt32(name), enclosing: UInt32(enclosing), line: UInt32(line),
                                                        columnAndKind: UInt32(column)))
            }
            made = (names, records)
            return (names, records)
        }
    }
}

/// Unsigned LEB128 numbers: every count, length and index the cache stores.
public enum LEB128 {
    @inlinable
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        var remaining = UInt64(Swift.max(0, value))
        repeat {
            let low = UInt8(remaining & 0x7F)
            remaining >>= 7
            bytes.append(remaining == 0 ? low : low | 0x80)
        } while remaining != 0
    }

    /// Writes `value` at `offset` (which moves past it), in the bytes `append` adds: at
    /// most ten, the caller's buffer must have room.
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, to bytes: UnsafeMutablePointer<UInt8>, at offset: inout Int) {
        var remaining = value
        while remaining >= 0x80 {
            bytes[offset] = UInt8(truncatingIfNeeded: remaining) | 0x80
            remaining >>= 7
            offset += 1
        }
        bytes[offset] = UInt8(truncatingIfNeeded: remaining)
        offset += 1
    }

    /// The number at `position` (which moves past it); `nil` when the bytes end first or
    /// it does not fit an `Int`.
    @inlinable @inline(__always)
    public static func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ position: inout Int) -> Int? where Bytes.Index == Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.endIndex {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value <= UInt64(Int.max) ? Int(value) : nil }
            shift += 7
            if shift >= 64 { return nil }
        }
        return nil
    }
}

