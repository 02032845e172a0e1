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
