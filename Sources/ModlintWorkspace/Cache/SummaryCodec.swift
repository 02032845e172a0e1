import ModlintFacts

/// The cache's layout of a `SourceSummary`, written and read by hand: the generic
/// `Codable` path spent most of a warm run on per-field generic dispatch. Every string of
/// a summary is stored once in a table at its start and referred to by index, so decoding
/// makes each distinct string once (a file repeats the same type names hundreds of
/// times). Integers are LEB128. Type references are stored as the very bytes an
/// extracted list keeps (`PackedReferences`), left as bytes until read; DI facts have a layout of
/// their own (`DIFactsCodec`: many files carry a few); the rare parts (Spezi,
/// suppressions, problems) go through `BinaryCoding`. Each costs one byte when empty.
enum SummaryCodec {
    static func encode(_ summary: SourceSummary) -> [UInt8] {
        var body = SummaryOutput()
        var strings = StringTable()
        body.compact(summary.imports.count)
        for fact in summary.imports {
            body.compact(strings.index(fact.module))
            body.strings(fact.path, &strings)
            body.byte(Self.code(fact.kind))
            body.strings(fact.attributes, &strings)
            body.byte(fact.accessLevel.map { Self.code($0) + 1 } ?? 0)
            body.optional(fact.condition, &strings)
            body.compact(Int(UInt32(bitPattern: fact.conditionID)))
            body.compact(fact.line)
            body.compact(fact.column)
        }
        body.compact(summary.declarations.count)
        for declaration in summary.declarations {
            body.byte(Self.code(declaration.kind))
            body.compact(strings.index(declaration.name))
            body.strings(declaration.enclosing, &strings)
            body.byte(declaration.accessLevel.map { Self.code($0) + 1 } ?? 0)
            body.strings(declaration.inheritance, &strings)
            body.optional(declaration.genericParameters, &strings)
            body.strings(declaration.attributes, &strings)
            body.optional(declaration.condition, &strings)
            body.compact(Int(UInt32(bitPattern: declaration.conditionID)))
            body.compact(declaration.line)
            body.compact(declaration.column)
        }
        // Type references in their packed layout, outside the string table: decoding leaves
        // them as bytes until a rule asks (see `PackedReferences`).
        summary.typeReferences.withEncodedBytes { references in
            body.compact(references.count)
            body.bytes.append(contentsOf: references)
        }
        body.generic(summary.problems, isEmpty: summary.problems.isEmpty)
        body.di(summary.di, &strings)
        body.generic(summary.spezi, isEmpty: summary.spezi.isEmpty)
        body.generic(summary.suppressions, isEmpty: summary.suppressions.isEmpty)

        var output = SummaryOutput()
        output.compact(strings.list.count)
        for string in strings.list {
            var copy = string
            copy.withUTF8 { utf8 in
                output.compact(utf8.count)
                output.bytes.append(contentsOf: utf8)
            }
        }
        output.bytes.append(contentsOf: body.bytes)
        // Last and fixed-size: `factsChecksum` leaves them out (they change with any edit,
        // and no rule reads them).
        output.fixed(summary.lineCount)
        output.fixed(summary.byteCount)
        return output.bytes
    }

    /// A checksum of what rules read: everything but the line and byte counts.
    static func factsChecksum(_ encoded: UnsafeRawBufferPointer) -> UInt64 {
        Checksum.of(UnsafeRawBufferPointer(rebasing: encoded[..<max(0, encoded.count - 16)]))
    }

    /// `nil` for bytes this build did not write (the cache then summarises the file again).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> SourceSummary? {
        decode(bytes, owner: nil)
    }

    /// `owner`: when given, `bytes` stay valid while it lives (the records file's mapping),
    /// and the type references are read from them instead of a copy.
    static func decode(_ bytes: UnsafeRawBufferPointer, owner: AnyObject?) -> SourceSummary? {
        var input = SummaryInput(bytes: bytes)
        do {
            let stringCount = try input.count()
            var strings: [String] = []
            strings.reserveCapacity(stringCount)
            for _ in 0..<stringCount { strings.append(try input.string()) }
            var summary = SourceSummary()
            let importCount = try input.count()
            summary.imports.reserveCapacity(importCount)
            for _ in 0..<importCount {
                let module = try input.string(in: strings)
                let path = try input.strings(in: strings)
                let kind = try Self.importKind(input.byte())
                let attributes = try input.strings(in: strings)
                let access = try Self.accessLevel(input.byte())
                let condition = try input.optional(in: strings)
                let conditionID = Int32(bitPattern: UInt32(truncatingIfNeeded: try input.compact()))
                summary.imports.append(ImportFact(module: module, path: path, kind: kind, attributes: attributes, accessLevel: access,
                                                  condition: condition, conditionID: conditionID,
                                                  line: try input.compact(), column: try input.compact()))
            }
            let declarationCount = try input.count()
            summary.declarations.reserveCapacity(declarationCount)
            for _ in 0..<declarationCount {
                let kind = try Self.declarationKind(input.byte())
                let name = try input.string(in: strings)
                let enclosing = try input.strings(in: strings)
                let access = try Self.accessLevel(input.byte())
                let inheritance = try input.strings(in: strings)
                let generics = try input.optional(in: strings)
                let attributes = try input.strings(in: strings)
                let condition = try input.optional(in: strings)
                let conditionID = Int32(bitPattern: UInt32(truncatingIfNeeded: try input.compact()))
                summary.declarations.append(TypeDeclaration(kind: kind, name: name, enclosing: enclosing, accessLevel: access,
                                                            inheritance: inheritance, genericParameters: generics, attributes: attributes,
                                                            condition: condition, conditionID: conditionID,
                                                            line: try input.compact(), column: try input.compact()))
            }
            let block = try input.block()
            guard let references = owner.map({ TypeReferenceList(encoded: block, keeping: $0) }) ?? TypeReferenceList(encoded: block)
            else { return nil }
            summary.typeReferences = references
            summary.problems = try input.generic([SourceProblem].self) ?? []
            summary.di = try input.di(in: strings)
            summary.spezi = try input.generic(SpeziFacts.self) ?? SpeziFacts()
            summary.suppressions = try input.generic([SuppressionComment].self) ?? []
            summary.lineCount = try input.fixed()
            summary.byteCount = try input.fixed()
            guard input.position == bytes.count else { return nil }
            return summary
        } catch {
            return nil
        }
    }

    // MARK: - Enumerations as bytes

    static func code(_ kind: ImportKind) -> UInt8 {
        switch kind {
        case .module: return 0
        case .typealias: return 1
        case .struct: return 2
        case .class: return 3
        case .enum: return 4
        case .protocol: return 5
        case .let: return 6
        case .var: return 7
        case .func: return 8
        }
    }

    static func importKind(_ code: UInt8) throws -> ImportKind {
        let kinds: [ImportKind] = [.module, .typealias, .struct, .class, .enum, .protocol, .let, .var, .func]
        guard Int(code) < kinds.count else { throw SummaryInput.Malformed() }
        return kinds[Int(code)]
    }

    static func code(_ kind: DeclarationKind) -> UInt8 {
        switch kind {
        case .class: return 0
        case .struct: return 1
        case .enum: return 2
        case .protocol: return 3
        case .actor: return 4
        case .extension: return 5
        case .typealias: return 6
        }
    }

    static func declarationKind(_ code: UInt8) throws -> DeclarationKind {
        let kinds: [DeclarationKind] = [.class, .struct, .enum, .protocol, .actor, .extension, .typealias]
        guard Int(code) < kinds.count else { throw SummaryInput.Malformed() }
        return kinds[Int(code)]
    }

    static func code(_ level: AccessLevel) -> UInt8 {
        UInt8(AccessLevel.allCases.firstIndex(of: level)!)
    }

    /// 0 = none written, else the level's position + 1.
    static func accessLevel(_ code: UInt8) throws -> AccessLevel? {
        guard code != 0 else { return nil }
        guard Int(code) <= AccessLevel.allCases.count else { throw SummaryInput.Malformed() }
        return AccessLevel.allCases[Int(code) - 1]
    }
}

/// Distinct strings of one summary, in order of first use.
struct StringTable {
    var list: [String] = []
    var indices: [String: Int] = [:]

    mutating func index(_ string: String) -> Int {
        // One hash of the string: the default entry is made in place when it is new.
        let next = list.count
        let index = Self.claim(&indices[string, default: next])
        if index == next { list.append(string) }
        return index
    }

    private static func claim(_ slot: inout Int) -> Int { slot }
}

struct SummaryOutput {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Unsigned LEB128.
    mutating func compact(_ value: Int) {
        LEB128.append(value, to: &bytes)
    }

    mutating func fixed(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func strings(_ values: [String], _ table: inout StringTable) {
        compact(values.count)
        for value in values { compact(table.index(value)) }
    }

    /// 0 = absent, else the table index + 1.
    mutating func optional(_ value: String?, _ table: inout StringTable) {
        compact(value.map { table.index($0) + 1 } ?? 0)
    }

    mutating func generic<T: Encodable>(_ value: T, isEmpty: Bool) {
        guard !isEmpty else {
            byte(0)
            return
        }
        var encoded: [UInt8] = []
        guard (try? BinaryCoding.encode(value, into: &encoded)) != nil else {
            byte(0)
            return
        }
        byte(1)
        compact(encoded.count)
        bytes.append(contentsOf: encoded)
    }
}

struct SummaryInput {
    struct Malformed: Error {}

    let bytes: UnsafeRawBufferPointer
    var position = 0

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw Malformed() }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func compact() throws -> Int {
        guard let value = LEB128.read(bytes, &position) else { throw Malformed() }
        return value
    }

    mutating func fixed() throws -> Int {
        guard position + 8 <= bytes.count else { throw Malformed() }
        defer { position += 8 }
        return Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: Int64.self)))
    }

    /// A count that cannot exceed the bytes left (every element takes at least one).
    mutating func count() throws -> Int {
        let value = try compact()
        guard value <= bytes.count - position else { throw Malformed() }
        return value
    }

    /// A length, then that many bytes.
    mutating func block() throws -> UnsafeRawBufferPointer {
        let length = try count()
        defer { position += length }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + length])
    }

    mutating func string() throws -> String {
        let length = try count()
        defer { position += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
    }

    mutating func string(in table: [String]) throws -> String {
        let index = try compact()
        guard index < table.count else { throw Malformed() }
        return table[index]
    }

    mutating func strings(in table: [String]) throws -> [String] {
        let count = try count()
        guard count > 0 else { return [] }
        var result: [String] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try string(in: table)) }
        return result
    }

    mutating func optional(in table: [String]) throws -> String? {
        let index = try compact()
        guard index > 0 else { return nil }
        guard index <= table.count else { throw Malformed() }
        return table[index - 1]
    }

    mutating func generic<T: Decodable>(_ type: T.Type) throws -> T? {
        guard try byte() == 1 else { return nil }
        let length = try count()
        defer { position += length }
        return try BinaryCoding.decode(type, from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]))
    }
}
