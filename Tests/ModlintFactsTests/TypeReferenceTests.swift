@testable import ModlintFacts
import ModlintTokenizer
import Testing

@Suite struct TypeReferenceTests {
    func references(_ text: String) -> [TypeReference] {
        Array(TypeReferenceExtractor.extract(TokenizedSource(text)))
    }

    /// Each distinct name and enclosing type is stored once; records point into the table.
    @Test func namesAreInterned() {
        let list = TypeReferenceExtractor.extract(TokenizedSource("struct S { let a: Foo = Foo(); let b: [Foo] = []; let c: `Foo`? }"))
        #expect(list.names == ["Foo", "S"])
        #expect(list.count == 4)
        #expect(list.map(\.enclosingType) == ["S", "S", "S", "S"])
        #expect(list.map(\.kind) == [.type, .call, .type, .type])
        #expect(TypeReferenceList(Array(list)) == list)
    }

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

    /// Names longer than one hashed word, names of equal length that differ only at the
    /// end, and a name seen again after many others all intern to one entry each.
    @Test func internerKeepsLongAndSimilarNamesApart() {
        let others = (0..<100).map { "let v\($0): Filler\($0)" }.joined(separator: "\n")
        let text = """
        let a: ServiceImplementationAlpha = ServiceImplementationBetaa()
        \(others)
        let b: ServiceImplementationBetaa = ServiceImplementationAlpha()
        """
        let list = TypeReferenceExtractor.extract(TokenizedSource(text))
        #expect(list.names.count == 102)
        #expect(Array(list.names.prefix(2)) == ["ServiceImplementationAlpha", "ServiceImplementationBetaa"])
        #expect(list.suffix(2).map(\.name) == ["ServiceImplementationBetaa", "ServiceImplementationAlpha"])
        #expect(list.records.suffix(2).map(\.name) == [1, 0])
    }

    /// A name at the very end of the file (fewer than eight bytes left to read) hashes and
    /// compares like the same name anywhere else.
    @Test func namesAtTheEndOfTheFileInternLikeAnyOther() {
        for name in ["Foo", "Eightchr", "ServiceImplementationAlpha"] {
            let list = TypeReferenceExtractor.extract(TokenizedSource("let a: \(name)\nlet b: Other\nlet c: \(name)"))
            #expect(list.names == [name, "Other"], "\(name)")
            #expect(list.records.map(\.name) == [0, 1, 0], "\(name)")
            #expect(list.map(\.column) == [8, 8, 8], "\(name)")
        }
    }

    @Test func typePositionsCallsMembersAndCasts() {
        let text = """
        let a: FooImpl = FooImpl()
        let b = LiveClock.shared
        func f(_ x: [Key: Value]?) -> Result<Model, Failure> { x as? Cast ?? Other.self }
        let c = Module.Nested.make()
        """
        #expect(references(text) == [
            TypeReference(name: "FooImpl", kind: .type, line: 1, column: 8),
            TypeReference(name: "FooImpl", kind: .call, line: 1, column: 18),
            TypeReference(name: "LiveClock", kind: .member, line: 2, column: 9),
            TypeReference(name: "Key", kind: .type, line: 3, column: 14),
            TypeReference(name: "Value", kind: .type, line: 3, column: 19),
            TypeReference(name: "Result", kind: .type, line: 3, column: 31),
            TypeReference(name: "Model", kind: .type, line: 3, column: 38),
            TypeReference(name: "Failure", kind: .type, line: 3, column: 45),
            TypeReference(name: "Cast", kind: .type, line: 3, column: 62),
            TypeReference(name: "Other", kind: .member, line: 3, column: 70),
            TypeReference(name: "Module", kind: .member, line: 4, column: 9),
            TypeReference(name: "Nested", kind: .member, line: 4, column: 16),
        ])
    }

    @Test func declaredNamesAreNotReferences() {
        let text = """
        public final class ServiceImpl<T: Codable, U>: Service, Base<T> where U: Hashable {
            typealias Alias = Target
            associatedtype Ignored
            enum Kind { case First, Second(Payload); case Third }
            func Make() -> Built { Built() }
            let Constant = 1
            @MainActor var value: Self.Type?
            class func make() -> Any.Type { Any.self }
        }
        """
        #expect(references(text) == [
            TypeReference(name: "Codable", kind: .type, enclosingType: "ServiceImpl", line: 1, column: 35),
            TypeReference(name: "Service", kind: .inheritance, enclosingType: "ServiceImpl", line: 1, column: 48),
            TypeReference(name: "Base", kind: .inheritance, enclosingType: "ServiceImpl", line: 1, column: 57),
            TypeReference(name: "T", kind: .inheritance, enclosingType: "ServiceImpl", line: 1, column: 62),
            TypeReference(name: "U", kind: .inheritance, enclosingType: "ServiceImpl", line: 1, column: 71),
            TypeReference(name: "Hashable", kind: .inheritance, enclosingType: "ServiceImpl", line: 1, column: 74),
            TypeReference(name: "Target", kind: .type, enclosingType: "ServiceImpl", line: 2, column: 23),
            TypeReference(name: "Payload", kind: .type, enclosingType: "ServiceImpl.Kind", line: 4, column: 36),
            TypeReference(name: "Built", kind: .type, enclosingType: "ServiceImpl", line: 5, column: 20),
            TypeReference(name: "Built", kind: .call, enclosingType: "ServiceImpl", line: 5, column: 28),
        ])
    }

    @Test func extensionsAndEnclosingTypes() {
        let text = """
        extension Outer.Inner: Proto where Element == Item {
            func run() { let x = { Helper() }; _ = x }
            struct Local { var v: Value }
        }
        extension String {}
        let top = Top()
        """
        #expect(references(text) == [
            TypeReference(name: "Outer", kind: .extension, line: 1, column: 11),
            TypeReference(name: "Inner", kind: .extension, line: 1, column: 17),
            TypeReference(name: "Proto", kind: .inheritance, enclosingType: "Outer.Inner", line: 1, column: 24),
            TypeReference(name: "Element", kind: .inheritance, enclosingType: "Outer.Inner", line: 1, column: 36),
            TypeReference(name: "Item", kind: .inheritance, enclosingType: "Outer.Inner", line: 1, column: 47),
            TypeReference(name: "Helper", kind: .call, enclosingType: "Outer.Inner", line: 2, column: 28),
            TypeReference(name: "Value", kind: .type, enclosingType: "Outer.Inner.Local", line: 3, column: 27),
            TypeReference(name: "String", kind: .extension, line: 5, column: 11),
            TypeReference(name: "Top", kind: .call, line: 6, column: 11),
        ])
    }

    @Test func membersAttributesStringsAndCommentsAreNot() {
        let text = """
        @Observable final class VM {
            // let a = CommentImpl()
            let s = "StringImpl() \\(InterpolatedImpl())"
            let m = value.Member
            let e: E = .Case
            let g = Generic<Arg>.Inner()
            let `Escaped` = `Backticked`()
        }
        """
        #expect(references(text) == [
            TypeReference(name: "E", kind: .type, enclosingType: "VM", line: 5, column: 12),
            TypeReference(name: "Generic", kind: .type, enclosingType: "VM", line: 6, column: 13),
            TypeReference(name: "Arg", kind: .type, enclosingType: "VM", line: 6, column: 21),
            TypeReference(name: "Inner", kind: .call, enclosingType: "VM", line: 6, column: 26),
            TypeReference(name: "Backticked", kind: .call, enclosingType: "VM", line: 7, column: 21),
        ])
    }

    @Test func castsKeyPathsOpaqueAndExistentialTypes() {
        let text = """
        var body: some View { x as! Cast }
        let p: any Proto = y is Checked ? \\Root.path : Fallback.self
        let list = [Element]()
        """
        #expect(references(text) == [
            TypeReference(name: "View", kind: .type, line: 1, column: 16),
            TypeReference(name: "Cast", kind: .type, line: 1, column: 29),
            TypeReference(name: "Proto", kind: .type, line: 2, column: 12),
            TypeReference(name: "Checked", kind: .type, line: 2, column: 25),
            TypeReference(name: "Root", kind: .member, line: 2, column: 36),
            TypeReference(name: "Fallback", kind: .member, line: 2, column: 48),
            TypeReference(name: "Element", kind: .type, line: 3, column: 13),
        ])
    }

    @Test func multiLineEnumCasesAndClassModifiers() {
        let text = """
        enum Route {
            case Home,
                 Detail(Item)
            static let all: [Route] = []
            class func Make() {}
        }
        final class Holder { class var shared: Holder { Holder() } }
        """
        #expect(references(text) == [
            TypeReference(name: "Item", kind: .type, enclosingType: "Route", line: 3, column: 17),
            TypeReference(name: "Route", kind: .type, enclosingType: "Route", line: 4, column: 22),
            TypeReference(name: "Holder", kind: .type, enclosingType: "Holder", line: 7, column: 40),
            TypeReference(name: "Holder", kind: .call, enclosingType: "Holder", line: 7, column: 49),
        ])
    }

    @Test func summaryCarriesReferences() {
        let summary = FactExtractor.summarize(bytes: Array("let x = DefaultLogger()\n".utf8))
        #expect(summary.typeReferences == [TypeReference(name: "DefaultLogger", kind: .call, line: 1, column: 9)])
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

    /// Columns count from past a byte order mark on the first line, as declarations' do.
    @Test func columnsAfterAByteOrderMark() {
        let summary = FactExtractor.summarize(bytes: [0xEF, 0xBB, 0xBF] + Array("struct S: P {}\nlet x = Q()\n".utf8))
        #expect(summary.declarations.map(\.column) == [1])
        #expect(summary.typeReferences.map { "\($0.name) \($0.line):\($0.column)" } == ["P 1:11", "Q 2:9"])
    }

    /// The declaration pass rides along the reference pass; alone, each finds the same.
    @Test func fusedPassesFindWhatEachFindsAlone() {
        let text = """
        import Foundation
        #if os(iOS)
        @MainActor public final class A: Base<Int>, P { struct B { let c: C } }
        #else
        extension A.B: Q where T: R { enum E { case x(Y) } }
        #endif
        func f() { struct Local: S {}; _ = Z() }
        """
        for keepComments in [false, true] {
            let source = TokenizedSource(bytes: Array((text + " // trailing\n").utf8), options: TokenizerOptions(keepComments: keepComments))
            let fused = FactExtractor.summarize(source)
            let alone = FactExtractor.summarizeDeclarations(source)
            #expect(fused.imports == alone.imports)
            #expect(fused.declarations == alone.declarations)
            #expect(fused.declarations.map(\.name) == ["A", "B", "A.B", "E", "Local"])
            #expect(Array(fused.typeReferences) == Array(TypeReferenceExtractor.extract(source)))
        }
    }
}
