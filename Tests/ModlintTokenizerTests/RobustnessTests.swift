import ModlintTestSupport
import Testing
@testable import ModlintTokenizer

enum FuzzInputs {
    static let seeds: [String] = [
        "import A\n@testable import B.C\n#if os(iOS)\nimport struct D.E\n#elseif X\n#else\n#endif\n",
        "public final class Foo<T: P>: Bar, @unchecked Sendable where T: Q {\n  class func f() {}\n}\n",
        "let s = \"a \\(b(\"c\", { \"(\" })) d\" + #\"raw \\#(x) \"q\"\"# + \"\"\"\n  multi \\(y)\n  \"\"\"\n",
        "let r = #/a(?<x>b)/# ; let t = /[a-z]+/ ; x = a / b / c\n/* nested /* c */ */ // line\n",
        "extension Array: P where Element == Int { struct Inner {} }\n`class` @objc(N) ~Copyable ..< -> $0 0x1p-3 1_000\r\n\r",
        "##\"\"\"\n\\##(a) \"\"\"#\n\"\"\"##\n#!/x\n\u{FEFF}é😀",
    ]

    /// Bytes that matter to the lexer, to bias random inputs towards interesting states.
    static let alphabet: [UInt8] = Array("\"#/\\*()[]{}<>`@$_\n\r\t .,:;=!?&|+-'ax0 \"\"\"#/".utf8) + [0, 0x80, 0xC3, 0xE2, 0xF0, 0xFF, 0xEF, 0xBB, 0xBF]

    static func random(_ rng: inout SeededGenerator) -> [UInt8] {
        let length = Int.random(in: 0...200, using: &rng)
        let biased = Bool.random(using: &rng)
        return (0..<length).map { _ in
            biased ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
        }
    }

    static func mutated(_ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = Array(seeds.randomElement(using: &rng)!.utf8)
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !bytes.isEmpty:
                bytes.remove(at: position)
            case 1:
                bytes.insert(alphabet.randomElement(using: &rng)!, at: position)
            case 2 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &rng)
            default:
                // Splice in a slice of another seed.
                let other = Array(seeds.randomElement(using: &rng)!.utf8)
                let start = Int.random(in: 0..<other.count, using: &rng)
                let end = Int.random(in: start...other.count, using: &rng)
                bytes.insert(contentsOf: other[start..<end], at: position)
            }
        }
        return bytes
    }

    /// Random and mutated inputs, deterministic for a given seed.
    static func all(count: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SeededGenerator(seed: seed)
        var inputs: [[UInt8]] = seeds.map { Array($0.utf8) } + [[], [0], [0x22], [0x23], [0x2F], Array("\"\"\"".utf8)]
        while inputs.count < count {
            inputs.append(Bool.random(using: &rng) ? random(&rng) : mutated(&rng))
        }
        return inputs
    }
}

@Suite struct RobustnessTests {
    /// Checks the invariants every token stream must satisfy.
    static func check(_ bytes: [UInt8], keepComments: Bool) -> String? {
        let source = TokenizedSource(bytes: bytes, options: TokenizerOptions(keepComments: keepComments))
        var previousEnd: Int32 = 0
        var previousLine: Int32 = 1
        for token in source.tokens {
            if token.start < previousEnd { return "overlapping or unordered token at \(token.start)" }
            if token.end <= token.start { return "empty token at \(token.start)" }
            if Int(token.end) > bytes.count { return "token past the end at \(token.start)" }
            if token.line < previousLine { return "line goes back at \(token.start)" }
            if Int(token.line) > max(1, source.lineCount) { return "line \(token.line) beyond line count \(source.lineCount)" }
            let clause = source.conditions.condition(of: token)
            if clause < 0 || Int(clause) >= source.conditions.clauses.count { return "bad condition id" }
            if !keepComments && token.kind == .comment { return "comment token without keepComments" }
            previousEnd = token.end
            previousLine = token.line
        }
        // The stops are exactly the tokens a fact pass acts on, in order.
        let passStops = source.tokens.indices.filter {
            source.tokens[$0].flags & Token.Flags.structural != 0 || source.tokens[$0].marks & Token.Marks.passStops != 0
        }
        if source.stops.map(Int.init) != passStops { return "stops \(source.stops) are not the tokens \(passStops)" }
        let capitals = source.tokens.filter { $0.marks & Token.Marks.capital != 0 }.count
        if source.hints.capitalNames != capitals { return "\(source.hints.capitalNames) capital names counted, \(capitals) marked" }
        for diagnostic in source.diagnostics where diagnostic.line < 1 || diagnostic.column < 1 {
            return "bad diagnostic position \(diagnostic)"
        }
        for clause in source.conditions.clauses.dropFirst() where clause.parent < 0 || Int(clause.parent) >= source.conditions.clauses.count {
            return "bad clause parent"
        }
        // `column(of:)` reads the lexer's line starts: it agrees with a scan back to the
        // line start (sampled on huge one-line inputs).
        for token in source.tokens.prefix(4096) {
            _ = source.conditions.description(of: source.conditions.condition(of: token))
            if source.column(of: token) < 1 { return "bad column" }
            if source.column(of: token) != source.column(ofOffset: Int(token.start)) { return "line starts disagree at \(token.start)" }
        }
        if let last = source.tokens.last, Int(last.line) > source.lineStarts.count {
            return "\(source.lineStarts.count) line starts for a token on line \(last.line)"
        }
        // The word-wise line start agrees with the last line break seen going forwards, at
        // every offset of a small input and at a sample of a large one's.
        var start = 0
        let stride = bytes.count <= 1_000 ? 1 : 997
        for offset in 0...bytes.count {
            if offset % stride == 0 {
                let found = bytes.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { LineBreaks.lineStart(before: offset, in: $0) } ?? 0 }
                if found != start { return "line start before \(offset) is \(found), not \(start)" }
            }
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r")) { start = offset + 1 }
        }
        return nil
    }

    @Test func randomAndMutatedInputsKeepInvariants() {
        let inputs = FuzzInputs.all(count: 4000, seed: 0x5EED)
        var failures: [String] = []
        for (number, bytes) in inputs.enumerated() {
            for keepComments in [false, true] {
                if let failure = Self.check(bytes, keepComments: keepComments) {
                    failures.append("input \(number) \(bytes): \(failure)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func largeUnterminatedInputsTerminate() {
        // Pathological shapes: thousands of openers without closers.
        for opener in ["/*", "\"", "\"\"\"\n", "#\"", "\"\\(", "#if X\n", "#/", "(", "`", "\"\\(\"\\("] {
            let bytes = Array(String(repeating: opener, count: 5000).utf8)
            #expect(Self.check(bytes, keepComments: true) == nil, "\(opener)")
        }
    }
}
