import Synchronization

/// A file's type references in one block of bytes: the name count, each name as its
/// length and UTF-8 bytes; the record count, each record as four numbers (name,
/// enclosing, line, column and kind). Every number is an unsigned LEB128.
///
/// It is the form a list has in memory from the moment it is extracted, and the form the
/// summary cache stores: a summary is kept for every file of the workspace, and at
/// 100,000 files the references as 16-byte records beside a table of names were the
/// largest part of the heap (some 700 bytes a file, against about 350 here). Most rules
/// never read the records, and the one that reads every file's names (the implementation
/// index) reads them as bytes (`forEachName`); names and records are made on first use.
final class PackedReferences: @unchecked Sendable {
    /// Valid while the object lives: its own allocation, or memory `owner` keeps.
    private let bytes: UnsafeRawBufferPointer
    private let owner: AnyObject?
    let nameCount: Int
    let recordCount: Int
    /// Where the records begin.
    private let recordsStart: Int
    /// Whether every record is known to fit the table (the extractor wrote it). Bytes read
    /// from the cache are checked when their records are made.
    let recordsChecked: Bool
    private let made = Mutex<(names: [String], records: [TypeReferenceList.Record])?>(nil)

    /// Bytes in the layout, valid while `owner` lives; `nil` when the counts or the names
    /// do not fit them. (The records are checked when they are made: the cache checksums
    /// every stored summary, so bytes that pass here were written by this layout.)
    init?(_ bytes: UnsafeRawBufferPointer, owner: AnyObject?) {
        var position = 0
        guard let nameCount = LEB128.read(bytes, &position), nameCount <= bytes.count else { return nil }
        for _ in 0..<nameCount {
            guard let length = LEB128.read(bytes, &position), length <= bytes.count - position else { return nil }
            position += length
        }
        // Every record takes at least four bytes.
        guard let recordCount = LEB128.read(bytes, &position), recordCount <= (bytes.count - position) / 4 else { return nil }
        if let owner {
            self.bytes = bytes
            self.owner = owner
        } else {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
            if bytes.count > 0 { copy.copyMemory(from: bytes) }
            self.bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[..<bytes.count])
            self.owner = nil
        }
        self.nameCount = nameCount
        self.recordCount = recordCount
        recordsStart = position
        recordsChecked = false
    }

    /// Packs names (given in order by `forEachName`, at most `nameBytes` bytes in all) and
    /// records whose indices fit them, into an allocation of exactly their size. One pass:
    /// written at their widest bound into scratch room (on the stack when small), then
    /// copied once; counting every size first walked each file's names twice.
    init(nameCount: Int, nameBytes: Int, forEachName: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void,
         records: UnsafeBufferPointer<TypeReferenceList.Record>) {
        // A count takes at most 10 bytes, a name's length and each of a record's four
        // 32-bit numbers at most 5.
        let bound = 20 + nameCount * 5 + nameBytes + records.count * 20
        var start = 0
        let packed = withUnsafeTemporaryAllocation(byteCount: bound, alignment: 1) { scratch -> UnsafeRawBufferPointer in
            let out = scratch.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var offset = 0
            LEB128.write(UInt64(nameCount), to: out, at: &offset)
            forEachName { utf8 in
                LEB128.write(UInt64(utf8.count), to: out, at: &offset)
                precondition(offset + utf8.count <= bound, "packed references: the names exceed their stated size")
                if let base = utf8.baseAddress { (out + offset).update(from: base, count: utf8.count) }
                offset += utf8.count
            }
            LEB128.write(UInt64(records.count), to: out, at: &offset)
            start = offset
            for record in records {
                LEB128.write(UInt64(record.name), to: out, at: &offset)
                LEB128.write(UInt64(record.enclosing), to: out, at: &offset)
                LEB128.write(UInt64(record.line), to: out, at: &offset)
                LEB128.write(UInt64(record.columnAndKind), to: out, at: &offset)
            }
            let allocation = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, offset), alignment: 1)
            allocation.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(scratch)[..<offset]))
            return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(allocation)[..<offset])
        }
        bytes = packed
        owner = nil
        self.nameCount = nameCount
        recordCount = records.count
        recordsStart = start
        recordsChecked = true
    }

    deinit {
        if owner == nil { UnsafeMutableRawBufferPointer(mutating: bytes).deallocate() }
    }

    /// The layout's bytes.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(bytes)
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

    /// The names and records, made on first use (by whichever thread asks first; rules
    /// read one file's references concurrently). A record that does not fit the table (the
    /// checksum of damaged bytes matched, or the layout changed without a new schema)
    /// ends the list there instead of trapping. Invalid UTF-8 in a name is repaired, as
    /// `TokenizedSource.text` does.
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

extension TypeReferenceList {
    /// The list in the packed layout (see `PackedReferences`): what the summary cache stores.
    public func encoded() -> [UInt8] {
        withEncodedBytes { Array($0) }
    }

    /// Calls `body` with the list's bytes in the packed layout: a packed list's own, with
    /// no copy.
    public func withEncodedBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try (packedStorage ?? Self.pack(names: names, records: records)).withBytes(body)
    }

    /// A copy of bytes in the packed layout, kept as they are until its names or records
    /// are asked for; `nil` when the counts or the names do not fit the bytes.
    public init?(encoded bytes: UnsafeRawBufferPointer) {
        guard let packed = PackedReferences(bytes, owner: nil) else { return nil }
        self.init(packed: packed)
    }

    /// The same over bytes that stay valid, unchanged, as long as `owner` lives (a read-only
    /// mapping of the cache's records): the list keeps `owner` instead of a copy.
    public init?(encoded bytes: UnsafeRawBufferPointer, keeping owner: AnyObject) {
        guard let packed = PackedReferences(bytes, owner: owner) else { return nil }
        self.init(packed: packed)
    }

    static func pack(names: [String], records: [Record]) -> PackedReferences {
        records.withUnsafeBufferPointer { records in
            PackedReferences(nameCount: names.count, nameBytes: names.reduce(0) { $0 + $1.utf8.count }, forEachName: { body in
                for name in names { name.withBytes(body) }
            }, records: records)
        }
    }
}

/// Unsigned LEB128 numbers: every count, length and index of the packed references and
/// of the summary cache.
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

    /// How many bytes `value` takes.
    @inlinable @inline(__always)
    public static func size(_ value: UInt64) -> Int {
        (64 - value.leadingZeroBitCount + 6) / 7 | (value == 0 ? 1 : 0)
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
