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

/// Interns names by their bytes (the only way names enter the extractor's table), so that a name seen before costs no `String`: an
/// open-addressing table of FNV-1a hashes over the bytes kept in one buffer.
struct ByteInterner {
    private var storage: [UInt8] = []
    private var spans: [(start: Int32, length: Int32, index: UInt32)] = []
    private var slots = [Int32](repeating: -1, count: 64)

    /// The index of `text` in `list`'s table, adding it when new.
    mutating func index(of text: String, in list: inout TypeReferenceList) -> UInt32 {
        var copy = text
        return copy.withUTF8 { utf8 in
            // A terminator keeps the buffer non-empty (an empty one may have no address).
            let bytes = Array(utf8) + [0]
            return bytes.withUnsafeBufferPointer { index(of: $0.baseAddress!, count: utf8.count, in: &list) }
        }
    }

    /// The index of the name `bytes[0..<count]` in `list`'s table, adding it when new.
    mutating func index(of bytes: UnsafePointer<UInt8>, count: Int, in list: inout TypeReferenceList) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<count { hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3 }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let span = spans[Int(slots[slot])]
            if Int(span.length) == count && storage.withUnsafeBufferPointer({ stored in
                (0..<count).allSatisfy { stored[Int(span.start) + $0] == bytes[$0] }
            }) {
                return span.index
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let index = list.addName(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        slots[slot] = Int32(spans.count)
        spans.append((Int32(storage.count), Int32(count), index))
        storage.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        if spans.count * 2 > slots.count { grow() }
        return index
    }

    private mutating func grow() {
        var grown = [Int32](repeating: -1, count: slots.count * 2)
        for (index, span) in spans.enumerated() {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for offset in 0..<Int(span.length) { hash = (hash ^ UInt64(storage[Int(span.start) + offset])) &* 0x0000_0100_0000_01B3 }
            var slot = Int(truncatingIfNeeded: hash) & (grown.count - 1)
            while grown[slot] >= 0 { slot = (slot + 1) & (grown.count - 1) }
            grown[slot] = Int32(index)
        }
        slots = grown
    }
}
