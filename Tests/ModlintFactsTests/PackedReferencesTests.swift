@testable import ModlintFacts
import ModlintTokenizer
import Testing

/// The packed layout of a file's type references (`PackedReferences.swift`): how an
/// extracted list is kept and how the cache stores it.
@Suite struct PackedReferencesTests {
    /// A list read back from its stored layout is the same list, gives its names as bytes
    /// without making them, and can be changed like a built one.
    @Test func storedLayoutRoundTrips() throws {
        let text = "struct Ü: Base { let a: Foo = Foo(); func f() -> Bär<Baz> { Bär.make() } }\nextension Foo: P {}"
        let built = TypeReferenceExtractor.extract(TokenizedSource(text))
        let encoded = built.encoded()
        var stored = try #require(encoded.withUnsafeBytes { TypeReferenceList(encoded: $0) })
        #expect(stored.count == built.count && stored.nameCount == built.names.count)
        var seen: [String] = []
        stored.forEachName { index, bytes in
            #expect(index == seen.count)
            seen.append(String(decoding: bytes, as: UTF8.self))
        }
        #expect(seen == built.names)
        #expect(stored == built)
        #expect(Array(stored) == Array(built))
        #expect(stored.encoded() == encoded)
        var interner = StringInterner()
        stored.append(TypeReference(name: "Extra", line: 9, column: 1), interner: &interner)
        #expect(stored.count == built.count + 1 && stored.names.last == "Extra")
        #expect(TypeReferenceList(encoded: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
        // A count larger than the bytes is refused, not read past the end.
        #expect([UInt8]([5, 1, 65]).withUnsafeBytes { TypeReferenceList(encoded: $0) } == nil)
        // A record naming no entry of the table ends the list there: count and elements agree.
        let damaged = try #require([UInt8]([1, 1, 65, 2, 0, 0, 3, 8, 7, 0, 4, 8]).withUnsafeBytes { TypeReferenceList(encoded: $0) })
        #expect(damaged.count == 1 && Array(damaged) == [TypeReference(name: "A", line: 3, column: 1)])
    }

    /// The stored layout is written in place: its bytes are those an append per number
    /// gives, for numbers of every length up to a 32-bit field's five bytes.
    @Test func storedLayoutBytesAreTheLEB128OfEachNumber() {
        let names = ["A", "", "Ünïcode", String(repeating: "Long", count: 40)]
        let records = [UInt32](arrayLiteral: 0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456, .max)
            .enumerated().map { index, value in
                TypeReferenceList.Record(name: UInt32(index % names.count), enclosing: value == .max ? 0 : UInt32(index % 3),
                                         line: value, columnAndKind: value == .max ? .max : value << 3 | 2)
            }
        let list = TypeReferenceList(names: names, records: records)
        var expected: [UInt8] = []
        LEB128.append(names.count, to: &expected)
        for name in names {
            LEB128.append(name.utf8.count, to: &expected)
            expected += Array(name.utf8)
        }
        LEB128.append(records.count, to: &expected)
        for record in records {
            for field in [record.name, record.enclosing, record.line, record.columnAndKind] { LEB128.append(Int(field), to: &expected) }
        }
        #expect(list.encoded() == expected)
        #expect(TypeReferenceList().encoded() == [0, 0])
        // The extractor sizes its block by `size` before writing: it must count what is written.
        for value in [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456, Int(UInt32.max), Int.max] {
            var bytes: [UInt8] = []
            LEB128.append(value, to: &bytes)
            #expect(LEB128.size(UInt64(value)) == bytes.count, "\(value)")
        }
    }

    /// A list over bytes it does not own keeps their owner alive, and reads them after the
    /// caller has let go of it.
    @Test func storedListKeepsTheOwnerOfItsBytes() throws {
        final class Owner {
            let bytes: UnsafeMutableRawBufferPointer
            init(_ source: [UInt8]) {
                bytes = .allocate(byteCount: source.count, alignment: 1)
                bytes.copyBytes(from: source)
            }
            deinit { bytes.deallocate() }
        }
        let built = TypeReferenceExtractor.extract(TokenizedSource("let a: Foo = Bar.make(); let b: [Baz] = []"))
        var owner: Owner? = Owner(built.encoded())
        weak let watched = owner
        let stored = try #require(TypeReferenceList(encoded: UnsafeRawBufferPointer(owner!.bytes), keeping: owner!))
        owner = nil
        #expect(watched != nil)
        #expect(stored == built && stored.names == ["Foo", "Bar", "Baz"])
    }

    /// Rules read one file's references from several threads: the names and records are
    /// made once, and every reader sees them whole.
    @Test func storedListIsReadConcurrently() async throws {
        let text = (0..<200).map { "let v\($0): Type\($0 % 37) = Make\($0 % 11)()" }.joined(separator: "\n")
        let built = TypeReferenceExtractor.extract(TokenizedSource(text))
        let stored = try #require(built.encoded().withUnsafeBytes { TypeReferenceList(encoded: $0) })
        let expected = Array(built)
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { Array(stored) == expected && stored.names == built.names } }
            for await same in group { #expect(same) }
        }
    }

    /// An extracted list keeps its names as bytes until they are asked for: by bytes, as
    /// strings, stored and changed, it is the list built from the same strings.
    @Test func extractedNamesStayBytesUntilAsked() throws {
        let text = "struct Ü: Base { let a: Foo = Foo(); let b: Bär<Baz> }\nextension `Foo`.Inner: P {}"
        let list = TypeReferenceExtractor.extract(TokenizedSource(text))
        #expect(list.names == ["Base", "Ü", "Foo", "Bär", "Baz", "Inner", "P", "Foo.Inner"])
        #expect(list.nameCount == 8)
        let built = TypeReferenceList(names: list.names, records: list.records)
        #expect(list.encoded() == built.encoded())
        var seen: [String] = []
        list.forEachName { index, bytes in
            #expect(index == seen.count)
            seen.append(String(decoding: bytes, as: UTF8.self))
        }
        #expect(seen == list.names)
        let stored = try #require(list.encoded().withUnsafeBytes { TypeReferenceList(encoded: $0) })
        #expect(stored == list && Array(stored) == Array(built))
        var changed = list
        var interner = StringInterner()
        changed.append(TypeReference(name: "Extra", line: 9, column: 1), interner: &interner)
        #expect(changed.names == list.names + ["Extra"] && changed.count == list.count + 1)
    }

    /// A name that is not valid UTF-8 is repaired when it becomes a string, as token text
    /// is, whether the list was just extracted or read back from its stored bytes.
    @Test func invalidNameBytesAreRepairedWhenRead() throws {
        let bytes = Array("let x: A".utf8) + [0xFF] + Array("B = 1".utf8)
        let list = TypeReferenceExtractor.extract(TokenizedSource(bytes: bytes))
        #expect(list.names == ["A\u{FFFD}B"])
        let stored = try #require(list.encoded().withUnsafeBytes { TypeReferenceList(encoded: $0) })
        #expect(stored.names == list.names)
    }
}
