#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's type references in a compact layout: every distinct name (and enclosing type)
/// stored once, each reference a 16-byte record pointing into that table. A file names the
/// same few types hundreds of times; a `String` per reference made type references the
/// largest part of the heap and of the cache. Reads as a collection of `TypeReference`.
public struct TypeReferenceList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// One reference: indices into `names` (`enclosing` is index + 1, 0 = file scope), the
    /// line, and the column with the kind in its low three bits.
    public struct Record: Sendable, Equatable {
        public var name: UInt32
        public var enclosing: UInt32
        public var line: UInt32
        public var columnAndKind: UInt32

        public init(name: UInt32, enclosing: UInt32, line: UInt32, columnAndKind: UInt32) {
            self.name = name
            self.enclosing = enclosing
            self.line = line
            self.columnAndKind = columnAndKind
        }
    }

    /// Distinct names and enclosing types, in order of first use.
    public private(set) var names: [String]
    public private(set) var records: [Record]

    public init() {
        names = []
        records = []
    }

    /// For decoders: the table and records as stored (indices are checked by the caller).
    public init(names: [String], records: [Record]) {
        self.names = names
        self.records = records
    }

    public init(_ references: some Sequence<TypeReference>) {
        self.init()
        var interner = StringInterner()
        for reference in references { append(reference, interner: &interner) }
    }

    public init(arrayLiteral elements: TypeReference...) {
        self.init(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(position: Int) -> TypeReference {
        let record = records[position]
        return TypeReference(name: names[Int(record.name)], kind: Self.kind(of: record.columnAndKind),
                             enclosingType: record.enclosing == 0 ? nil : names[Int(record.enclosing) - 1],
                             line: Int(record.line), column: Int(record.columnAndKind >> 3))
    }

    mutating func append(_ reference: TypeReference, interner: inout StringInterner) {
        let name = interner.index(of: reference.name, in: &names)
        let enclosing = reference.enclosingType.map { interner.index(of: $0, in: &names) + 1 } ?? 0
        append(name: name, enclosing: enclosing, kind: reference.kind, line: reference.line, column: reference.column)
    }

    mutating func append(name: UInt32, enclosing: UInt32, kind: TypeReference.Kind, line: Int, column: Int) {
        records.append(Record(name: name, enclosing: enclosing, line: UInt32(clamping: line),
                              columnAndKind: UInt32(clamping: Swift.min(column, Int(UInt32.max >> 3))) << 3 | Self.code(of: kind)))
    }

    /// Adds a name to the table (the extractor interns names itself, by their bytes).
    mutating func addName(_ name: String) -> UInt32 {
        names.append(name)
        return UInt32(names.count - 1)
    }

    public static func == (lhs: TypeReferenceList, rhs: TypeReferenceList) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
    }

    public static func code(of kind: TypeReference.Kind) -> UInt32 {
        switch kind {
        case .type: return 0
        case .call: return 1
        case .member: return 2
        case .inheritance: return 3
        case .extension: return 4
        }
    }

    public static func kind(of columnAndKind: UInt32) -> TypeReference.Kind {
        switch columnAndKind & 7 {
        case 1: return .call
        case 2: return .member
        case 3: return .inheritance
        case 4: return .extension
        default: return .type
        }
    }
}

/// JSON and the generic coders see a plain array of references.
extension TypeReferenceList: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try [TypeReference](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}

/// Interns strings into a table by value.
struct StringInterner {
    private var indices: [String: UInt32] = [:]

    mutating func index(of text: String, in names: inout [String]) -> UInt32 {
        if let index = indices[text] { return index }
        let index = UInt32(names.count)
        names.append(text)
        indices[text] = index
        return index
    }
}

/// Interns names by their bytes (the only way names enter the extractor's table), so that
/// a name seen before costs no `String`: an open-addressing table of hashes over the bytes
/// kept in one buffer. It runs once per capitalised identifier of every file, so the hash
/// takes eight bytes per step and a slot keeps its hash, which settles most probes
/// without comparing bytes.
struct ByteInterner {
    private struct Span {
        var start: Int32
        var length: Int32
        var index: UInt32
        var hash: UInt32
    }

    private var storage: [UInt8] = []
    private var spans: [Span] = []
    private var slots = [Int32](repeating: -1, count: 64)

    /// The index of `text` in `list`'s table, adding it when new.
    mutating func index(of text: String, in list: inout TypeReferenceList) -> UInt32 {
        var copy = text
        return copy.withUTF8 { utf8 in
            if let base = utf8.baseAddress { return index(of: base, count: utf8.count, in: &list) }
            // An empty buffer may have no address.
            var zero: UInt8 = 0
            return index(of: &zero, count: 0, in: &list)
        }
    }

    /// The index of the name `bytes[0..<count]` in `list`'s table, adding it when new.
    mutating func index(of bytes: UnsafePointer<UInt8>, count: Int, in list: inout TypeReferenceList) -> UInt32 {
        let hash = Self.hash(bytes, count)
        let found: UInt32? = slots.withUnsafeBufferPointer { slots in
            spans.withUnsafeBufferPointer { spans in
                storage.withUnsafeBufferPointer { stored in
                    let mask = slots.count - 1
                    var slot = Int(hash) & mask
                    while slots[slot] >= 0 {
                        let span = spans[Int(slots[slot])]
                        if span.hash == hash && Int(span.length) == count
                            && (count == 0 || memcmp(stored.baseAddress! + Int(span.start), bytes, count) == 0) {
                            return span.index
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
        if let found { return found }
        let index = list.addName(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        spans.append(Span(start: Int32(storage.count), length: Int32(count), index: index, hash: hash))
        storage.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        insert(spans.count - 1, hash: hash, into: &slots)
        if spans.count * 2 > slots.count { grow() }
        return index
    }

    /// A multiplicative hash over eight bytes at a time (the last word zero-padded).
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        let raw = UnsafeRawPointer(bytes)
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
    }

    private func insert(_ span: Int, hash: UInt32, into slots: inout [Int32]) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(span)
    }

    private mutating func grow() {
        var grown = [Int32](repeating: -1, count: slots.count * 2)
        for (index, span) in spans.enumerated() { insert(index, hash: span.hash, into: &grown) }
        slots = grown
    }
}
