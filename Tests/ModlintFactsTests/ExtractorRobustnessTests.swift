import Testing
import ModlintFacts
import ModlintTokenizer

@Suite struct ExtractorRobustnessTests {
    static let seed = Array("""
    @testable import A.B
    #if os(iOS)
    public final class Foo<T: P<Int>>: Bar, @unchecked Sendable where T: Q {
        struct Inner: Codable {}
        class func f() { enum Local {} }
    }
    #endif
    extension Foo.Inner: Equatable where T == Int { protocol Deep {} }
    let s = "\\(a) \\(b("c"))"
    """.utf8)

    @Test func mutatedInputsNeverCrashAndStayInBounds() {
        var state: UInt64 = 0xFAC7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("{}()<>:,@.#\"/\\\n ".utf8) + Array("class struct import where extension".utf8)
        var failures: [String] = []
        for round in 0..<3000 {
            var bytes = Self.seed
            for _ in 0..<(1 + next(10)) {
                let position = next(bytes.count + 1)
                switch next(3) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: position)
                default: bytes.insert(UInt8(truncatingIfNeeded: next(256)), at: position)
                }
            }
            let summary = FactExtractor.summarize(bytes: bytes)
            let lines = 1...max(1, summary.lineCount)
            for fact in summary.imports where !lines.contains(fact.line) || fact.column < 1 || fact.path.isEmpty {
                failures.append("round \(round): import \(fact)")
            }
            for declaration in summary.declarations where !lines.contains(declaration.line) || declaration.column < 1 {
                failures.append("round \(round): declaration \(declaration)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test func keepCommentsGivesTheSameFacts() {
        let text = "/* a */ import /* b */ A // c\n/// d\npublic /* e */ struct S: /* f */ P {}"
        let plain = FactExtractor.summarize(TokenizedSource(text, options: FactExtractor.tokenizerOptions))
        let withComments = FactExtractor.summarize(TokenizedSource(text, options: TokenizerOptions(keepComments: true, vocabulary: FactExtractor.vocabulary)))
        #expect(plain == withComments)
        #expect(plain.imports == [ImportFact(module: "A", path: ["A"], line: 1, column: 9)])
        #expect(plain.declarations == [TypeDeclaration(kind: .struct, name: "S", accessLevel: .public, inheritance: ["P"], line: 3, column: 1)])
    }
}
