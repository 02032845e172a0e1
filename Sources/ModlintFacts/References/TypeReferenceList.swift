/// A file's type references: every distinct name (and enclosing type) stored once, each
/// reference a record pointing into that table. A file names the same few types hundreds
/// of times; a `String` per reference made type references the largest part of the heap
/// and of the cache. Reads as a collection of `TypeReference`.
///
/// An extracted list, and one read from the cache, stays packed (`PackedReferences`)
/// until something asks for its names or records: most rules never do, and the one that
/// reads every file's names (the implementation index) reads them as bytes
/// (`forEachName`).
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

        /// A record of a reference at `line` and `column` (clamped to what the fields hold).
        @inline(__always)
        init(name: UInt32, enclosing: UInt32, kind: TypeReference.Kind, line: Int, column: Int) {
            self.init(name: name, enclosing: enclosing, line: UInt32(clamping: line),
                      columnAndKind: UInt32(clamping: Swift.min(column, Int(UInt32.max >> 3))) << 3 | TypeReferenceList.code(of: kind))
        }
    }

    /// The table and records of a list built here (from references, or once changed).
    private var builtNames: [String]
    private var builtRecords: [Record]
    /// A packed list, made into `names` and `records` on first use.
    private(set) var packedStorage: PackedReferences?

    /// Distinct names and enclosing types, in order of first use.
    public var names: [String] { packedStorage?.tables.names ?? builtNames }
    public var records: [Record] { packedStorage?.tables.records ?? builtRecords }
    /// `names.count`, without making the names.
    public var nameCount: Int { packedStorage?.nameCount ?? builtNames.count }

    public init() {
        builtNames = []
        builtRecords = []
    }

    /// A list that stays packed until it is read or changed.
    init(packed: PackedReferences) {
        self.init()
        packedStorage = packed
    }

    /// For decoders: the table and records as stored (indices are checked by the caller).
    public init(names: [String], records: [Record]) {
        builtNames = names
        builtRecords = records
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
    /// A packed list from the cache has its records made to count them: a record that does
    /// not fit its table ends the list (see `PackedReferences.tables`), and the count must
    /// agree. The extractor's records are known to fit.
    public var endIndex: Int {
        guard let packedStorage else { return builtRecords.count }
        return packedStorage.recordsChecked ? packedStorage.recordCount : packedStorage.tables.records.count
    }

    public subscript(position: Int) -> TypeReference {
        let names = self.names
        let record = records[position]
        return TypeReference(name: names[Int(record.name)], kind: Self.kind(of: record.columnAndKind),
                             enclosingType: record.enclosing == 0 ? nil : names[Int(record.enclosing) - 1],
                             line: Int(record.line), column: Int(record.columnAndKind >> 3))
    }

    /// Calls `body` with each name's position in `names` and its UTF-8 bytes, without
    /// making a `String` of a packed name.
    public func forEachName(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        if let packedStorage {
            try packedStorage.forEachName(body)
        } else {
            for (index, name) in builtNames.enumerated() { try name.withBytes { try body(index, $0) } }
        }
    }

    /// Makes a packed list a built one before a change.
    private mutating func build() {
        guard let packedStorage else { return }
        (builtNames, builtRecords) = packedStorage.tables
        self.packedStorage = nil
    }

    mutating func append(_ reference: TypeReference, interner: inout StringInterner) {
        build()
        let name = interner.index(of: reference.name, in: &builtNames)
        let enclosing = reference.enclosingType.map { interner.index(of: $0, in: &builtNames) + 1 } ?? 0
        append(name: name, enclosing: enclosing, kind: reference.kind, line: reference.line, column: reference.column)
    }

    mutating func append(name: UInt32, enclosing: UInt32, kind: TypeReference.Kind, line: Int, column: Int) {
        build()
        builtRecords.append(Record(name: name, enclosing: enclosing, kind: kind, line: line, column: column))
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
/// a name seen before costs no `String`: an open-addressing table of hashes over copies of
/// the bytes. It runs once per capitalised identifier of every file (a million times over
/// the corpus), so it works on raw buffers it owns — no array's reference count or
/// uniqueness check per lookup — takes eight bytes per step, and keeps each copy
/// zero-padded to whole words, so that a probe compares words, not bytes. The owner calls
/// `deallocate()` once, when the pass is done.
struct ByteInterner {
    /// A name's copy; its index in the table is its position among the spans (names are
    /// numbered in the order they are added).
    private struct Span {
        /// Offset of the copy in `storage`, in words.
        var word: Int32
        var length: Int32
        var hash: UInt32
    }

    private var storage: UnsafeMutablePointer<UInt64>
    private var storageWords = 0
    private var storageCapacity = 64
    private var spans: UnsafeMutablePointer<Span>
    private var spanCount = 0
    private var spanCapacity = 32
    private var slots: UnsafeMutablePointer<Int32>
    private var slotMask = 63

    init() {
        storage = .allocate(capacity: storageCapacity)
        spans = .allocate(capacity: spanCapacity)
        slots = .allocate(capacity: slotMask + 1)
        slots.initialize(repeating: -1, count: slotMask + 1)
    }

    /// Frees the buffers; the interner is not used after this.
    func deallocate() {
        storage.deallocate()
        spans.deallocate()
        slots.deallocate()
    }

    /// The index of `text` in the table, adding it when new.
    mutating func index(of text: String) -> UInt32 {
        text.withBytes { utf8 in
            if let base = utf8.baseAddress { return index(of: base, count: utf8.count, readable: utf8.count) }
            // An empty buffer may have no address.
            var zero: UInt8 = 0
            return index(of: &zero, count: 0, readable: 0)
        }
    }

    /// The names added, in order of their indices, packed with `records`.
    func packed(records: UnsafeBufferPointer<TypeReferenceList.Record>) -> PackedReferences {
        let words = UnsafeRawPointer(storage)
        // Every name lies in its words of `storage`: their bytes bound the names'.
        return PackedReferences(nameCount: spanCount, nameBytes: storageWords * 8, forEachName: { body in
            for span in 0..<spanCount {
                body(UnsafeBufferPointer(start: (words + Int(spans[span].word) * 8).assumingMemoryBound(to: UInt8.self),
                                         count: Int(spans[span].length)))
            }
        }, records: records)
    }

    /// The index of the name `bytes[0..<count]` in the table, adding it when new.
    /// `readable` (≥ `count`) is how many bytes from `bytes` on may be read: where eight
    /// are, a name's last word is one load.
    @inline(__always)
    mutating func index(of bytes: UnsafePointer<UInt8>, count: Int, readable: Int) -> UInt32 {
        let words = (count + 7) >> 3
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var word = 0
        while word < words {
            hash = (hash ^ Self.word(bytes, word, count: count, readable: readable)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            word += 1
        }
        let hash32 = UInt32(truncatingIfNeeded: hash ^ hash >> 32)
        var slot = Int(hash32) & slotMask
        while slots[slot] >= 0 {
            let span = spans[Int(slots[slot])]
            if span.hash == hash32 && Int(span.length) == count && equals(span, bytes, words: words, count: count, readable: readable) {
                return UInt32(slots[slot])
            }
            slot = (slot + 1) & slotMask
        }
        let index = UInt32(spanCount)
        add(bytes, count: count, words: words, readable: readable, hash: hash32, slot: slot)
        return index
    }

    /// Word `word` of the name, the bytes past its end zero.
    @inline(__always)
    private static func word(_ bytes: UnsafePointer<UInt8>, _ word: Int, count: Int, readable: Int) -> UInt64 {
        let offset = word << 3
        let left = count - offset
        if readable - offset >= 8 {
            let loaded = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return left >= 8 ? loaded : loaded & ((1 &<< UInt64(left << 3)) &- 1)
        }
        var value: UInt64 = 0
        var byte = 0
        while byte < left && byte < 8 {
            value |= UInt64(bytes[offset + byte]) << UInt64(byte << 3)
            byte += 1
        }
        return value
    }

    @inline(__always)
    private func equals(_ span: Span, _ bytes: UnsafePointer<UInt8>, words: Int, count: Int, readable: Int) -> Bool {
        let stored = storage + Int(span.word)
        var word = 0
        while word < words {
            if stored[word] != Self.word(bytes, word, count: count, readable: readable) { return false }
            word += 1
        }
        return true
    }

    private mutating func add(_ bytes: UnsafePointer<UInt8>, count: Int, words: Int, readable: Int, hash: UInt32, slot: Int) {
        if storageWords + words > storageCapacity {
            storage = Self.grown(storage, count: storageWords, capacity: &storageCapacity, needed: storageWords + words)
        }
        var word = 0
        while word < words {
            storage[storageWords + word] = Self.word(bytes, word, count: count, readable: readable)
            word += 1
        }
        if spanCount == spanCapacity {
            spans = Self.grown(spans, count: spanCount, capacity: &spanCapacity, needed: spanCount + 1)
        }
        spans[spanCount] = Span(word: Int32(storageWords), length: Int32(count), hash: hash)
        storageWords += words
        slots[slot] = Int32(spanCount)
        spanCount += 1
        if spanCount * 2 > slotMask + 1 { growSlots() }
    }

    private static func grown<T>(_ buffer: UnsafeMutablePointer<T>, count: Int, capacity: inout Int, needed: Int) -> UnsafeMutablePointer<T> {
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        grown.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        return grown
    }

    private mutating func growSlots() {
        slots.deallocate()
        slotMask = (slotMask + 1) * 2 - 1
        slots = .allocate(capacity: slotMask + 1)
        slots.initialize(repeating: -1, count: slotMask + 1)
        for span in 0..<spanCount {
            var slot = Int(spans[span].hash) & slotMask
            while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
            slots[slot] = Int32(span)
        }
    }
}
