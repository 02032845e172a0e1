import Testing
@testable import ModlintTokenizer

/// `kind text line` per token, for whole-array comparisons.
struct Lexed: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    var line: Int32

    init(_ kind: TokenKind, _ text: String, _ line: Int32 = 1) {
        self.kind = kind
        self.text = text
        self.line = line
    }

    var description: String { "\(kind) \(text.debugDescription) @\(line)" }
}

func lex(_ text: String, comments: Bool = false) -> [Lexed] {
    let source = TokenizedSource(text, options: TokenizerOptions(keepComments: comments))
    return source.tokens.map { Lexed($0.kind, source.text($0), $0.line) }
}

func lex(bytes: [UInt8]) -> [Lexed] {
    let source = TokenizedSource(bytes: bytes)
    return source.tokens.map { Lexed($0.kind, source.text($0), $0.line) }
}

func diagnostics(_ text: String) -> [String] {
    TokenizedSource(text).diagnostics.map(\.description)
}

@Suite struct CommentTests {
    /// Every line break counts once (`\r\n`, a lone `\r`, `\n`, inside comments and
    /// literals too); after a byte order mark the first line starts past it.
    @Test func lineStartsAndColumns() {
        let source = TokenizedSource(bytes: [0xEF, 0xBB, 0xBF] + Array("a\r\n  b /* x\r y */ c\r\"\"\"\nz\n\"\"\" d\n".utf8))
        #expect(source.lineStarts == [3, 6, 15, 23, 27, 29, 35])
        #expect(source.tokens.map { "\(source.text($0)) \($0.line):\(source.column(of: $0))" } == [
            "a 1:1", "b 2:3", "c 3:7", "\"\"\"\nz\n\"\"\" 4:1", "d 6:5",
        ])
        #expect(TokenizedSource("").lineStarts.isEmpty)
    }

    /// Sixteen bytes a token: the passes that jump between far-apart tokens touch fewer
    /// cache lines (the `#if` clause is looked up by offset instead).
    @Test func tokensAreSixteenBytes() {
        #expect(MemoryLayout<Token>.stride == 16)
    }

    @Test func nestedBlockComments() {
        #expect(lex("a /* x /* y */ z */ b") == [Lexed(.identifier, "a"), Lexed(.identifier, "b")])
        #expect(lex("a /* x /* y */ z */ b", comments: true) == [
            Lexed(.identifier, "a"), Lexed(.comment, "/* x /* y */ z */"), Lexed(.identifier, "b"),
        ])
        #expect(diagnostics("a /* x /* y */ b") == ["1:3: unterminated block comment"])
    }

    @Test func lineAndDocComments() {
        let text = "/// import A\n// class B {}\nx //! y\n/** struct C */ z"
        #expect(lex(text) == [Lexed(.identifier, "x", 3), Lexed(.identifier, "z", 4)])
        #expect(lex(text, comments: true) == [
            Lexed(.comment, "/// import A", 1), Lexed(.comment, "// class B {}", 2),
            Lexed(.identifier, "x", 3), Lexed(.comment, "//! y", 3),
            Lexed(.comment, "/** struct C */", 4), Lexed(.identifier, "z", 4),
        ])
    }

    @Test func multiLineCommentCountsLinesAndActsAsNewline() {
        let source = TokenizedSource("a /* 1\n2\n3 */ b\nc")
        #expect(source.tokens.map(\.line) == [1, 3, 4])
        #expect(source.tokens[1].isAtLineStart)
        #expect(source.lineCount == 4)
    }

    @Test func commentMarkersInsideOperatorRun() {
        #expect(lex("a=//x\nb+/*c*/1") == [
            Lexed(.identifier, "a"), Lexed(.operator, "="), Lexed(.identifier, "b", 2), Lexed(.operator, "+", 2),
            Lexed(.number, "1", 2),
        ])
    }
}

@Suite struct StringTests {
    @Test func singleLineAndEscapes() {
        #expect(lex(#"x = "a \" b \\" + "c""#) == [
            Lexed(.identifier, "x"), Lexed(.operator, "="), Lexed(.string, #""a \" b \\""#), Lexed(.operator, "+"),
            Lexed(.string, #""c""#),
        ])
        #expect(lex(#""" x"#) == [Lexed(.string, #""""#), Lexed(.identifier, "x")])
    }

    /// Literals longer than the eight-byte scan, with the byte that ends the scan (closing
    /// quote, escape, interpolation, line break) at every position of a word.
    @Test func longLiteralsEndWhereTheirQuoteIs() {
        for length in 0...24 {
            let filler = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
            #expect(lex("x = \"\(filler)\" + y") == [
                Lexed(.identifier, "x"), Lexed(.operator, "="), Lexed(.string, "\"\(filler)\""), Lexed(.operator, "+"), Lexed(.identifier, "y"),
            ], "\(length)")
            #expect(lex("\"\(filler)\\\"\(filler)\\(f(\"\(filler)\"))\(filler)\" z") == [
                Lexed(.string, "\"\(filler)\\\"\(filler)\\(f(\"\(filler)\"))\(filler)\""), Lexed(.identifier, "z"),
            ], "\(length)")
            #expect(lex("\"\(filler)\nz") == [Lexed(.string, "\"\(filler)"), Lexed(.identifier, "z", 2)], "\(length)")
        }
    }

    @Test func multiLine() {
        let text = "let s = \"\"\"\n  import A\n  \"quoted\" \"\" \\\"\"\"\n  \"\"\"\nclass B {}"
        #expect(lex(text) == [
            Lexed(.identifier, "let"), Lexed(.identifier, "s"), Lexed(.operator, "="),
            Lexed(.string, "\"\"\"\n  import A\n  \"quoted\" \"\" \\\"\"\"\n  \"\"\""),
            Lexed(.identifier, "class", 5), Lexed(.identifier, "B", 5), Lexed(.punctuation, "{", 5), Lexed(.punctuation, "}", 5),
        ])
    }

    @Test func rawStrings() {
        #expect(lex(##"a #"x "quoted" \(y) \#(z)"# b"##) == [
            Lexed(.identifier, "a"), Lexed(.string, ##"#"x "quoted" \(y) \#(z)"#"##), Lexed(.identifier, "b"),
        ])
        #expect(lex(###"##"one "# two"## c"###) == [Lexed(.string, ###"##"one "# two"##"###), Lexed(.identifier, "c")])
        // `#"""#` is a single-line raw string holding one quote.
        #expect(lex(##"x(#"""#) y"##) == [
            Lexed(.identifier, "x"), Lexed(.punctuation, "("), Lexed(.string, ##"#"""#"##), Lexed(.punctuation, ")"),
            Lexed(.identifier, "y"),
        ])
        #expect(lex(##"#""""#"##) == [Lexed(.string, ##"#""""#"##)])
    }

    @Test func rawMultiLine() {
        let text = "#\"\"\"\n\"\"\" still inside\n\"\"\"#\nz"
        #expect(lex(text) == [Lexed(.string, "#\"\"\"\n\"\"\" still inside\n\"\"\"#"), Lexed(.identifier, "z", 4)])
    }

    @Test func nestedInterpolation() {
        let text = #"f("a \(g("b \(h(")")) c", { x in "(" })) d") + 1"#
        #expect(lex(text) == [
            Lexed(.identifier, "f"), Lexed(.punctuation, "("),
            Lexed(.string, #""a \(g("b \(h(")")) c", { x in "(" })) d""#),
            Lexed(.punctuation, ")"), Lexed(.operator, "+"), Lexed(.number, "1"),
        ])
        // Raw strings: `\(` is text, `\#(` interpolates.
        #expect(lex(##"#"\(x" \#(y + ")") z"# w"##) == [
            Lexed(.string, ##"#"\(x" \#(y + ")") z"#"##), Lexed(.identifier, "w"),
        ])
        // Interpolation holding a raw string and a comment.
        #expect(lex(##""\(#"")"# /* ) */ )" q"##) == [Lexed(.string, ##""\(#"")"# /* ) */ )""##), Lexed(.identifier, "q")])
    }

    @Test func multiLineInterpolationSpansLines() {
        let text = "\"\"\"\n\\(items.map {\n  \"\\($0)\"\n})\n\"\"\"\nx"
        #expect(lex(text) == [Lexed(.string, "\"\"\"\n\\(items.map {\n  \"\\($0)\"\n})\n\"\"\""), Lexed(.identifier, "x", 6)])
    }

    @Test func unterminatedStringsStopAtEndOfLine() {
        let text = "let a = \"open\nclass B {}\nlet c = \"\\(x\nstruct D {}"
        #expect(lex(text) == [
            Lexed(.identifier, "let"), Lexed(.identifier, "a"), Lexed(.operator, "="), Lexed(.string, "\"open"),
            Lexed(.identifier, "class", 2), Lexed(.identifier, "B", 2), Lexed(.punctuation, "{", 2), Lexed(.punctuation, "}", 2),
            Lexed(.identifier, "let", 3), Lexed(.identifier, "c", 3), Lexed(.operator, "=", 3), Lexed(.string, "\"\\(x", 3),
            Lexed(.identifier, "struct", 4), Lexed(.identifier, "D", 4), Lexed(.punctuation, "{", 4), Lexed(.punctuation, "}", 4),
        ])
        #expect(diagnostics(text) == ["1:9: unterminated string literal", "3:9: unterminated string literal"])
        #expect(diagnostics("x = #\"abc\ny") == ["1:5: unterminated string literal"])
        #expect(diagnostics("\"\"\"\nabc") == ["1:1: unterminated string literal"])
    }
}

@Suite struct RegexTests {
    @Test func extendedRegex() {
        #expect(lex("let r = #/a/b\\/#c/# + x") == [
            Lexed(.identifier, "let"), Lexed(.identifier, "r"), Lexed(.operator, "="), Lexed(.regex, "#/a/b\\/#c/#"),
            Lexed(.operator, "+"), Lexed(.identifier, "x"),
        ])
        let multi = "let r = #/\n  (?<x> a+ ) # comment / here\n  b\n/#\nz"
        #expect(lex(multi) == [
            Lexed(.identifier, "let"), Lexed(.identifier, "r"), Lexed(.operator, "="),
            Lexed(.regex, "#/\n  (?<x> a+ ) # comment / here\n  b\n/#"), Lexed(.identifier, "z", 5),
        ])
        #expect(lex("##/a/#b/##") == [Lexed(.regex, "##/a/#b/##")])
        // An unterminated single-line extended regex ends at its line.
        #expect(lex("x = #/abc\ny") == [
            Lexed(.identifier, "x"), Lexed(.operator, "="), Lexed(.regex, "#/abc"), Lexed(.identifier, "y", 2),
        ])
        #expect(diagnostics("x = #/abc\ny") == ["1:5: unterminated regex literal"])
    }

    @Test func bareRegexWhereAnExpressionStarts() {
        #expect(lex("let r = /[a-z]+\\/x/") == [
            Lexed(.identifier, "let"), Lexed(.identifier, "r"), Lexed(.operator, "="), Lexed(.regex, "/[a-z]+\\/x/"),
        ])
        #expect(lex("f(/a/, [/b/])") == [
            Lexed(.identifier, "f"), Lexed(.punctuation, "("), Lexed(.regex, "/a/"), Lexed(.punctuation, ","),
            Lexed(.punctuation, "["), Lexed(.regex, "/b/"), Lexed(.punctuation, "]"), Lexed(.punctuation, ")"),
        ])
        #expect(lex("return /[/]x/") == [Lexed(.identifier, "return"), Lexed(.regex, "/[/]x/")])
    }

    @Test func divisionIsNotRegex() {
        #expect(lex("a / b / c") == [
            Lexed(.identifier, "a"), Lexed(.operator, "/"), Lexed(.identifier, "b"), Lexed(.operator, "/"), Lexed(.identifier, "c"),
        ])
        #expect(lex("x = a/b/c") == [
            Lexed(.identifier, "x"), Lexed(.operator, "="), Lexed(.identifier, "a"), Lexed(.operator, "/"),
            Lexed(.identifier, "b"), Lexed(.operator, "/"), Lexed(.identifier, "c"),
        ])
        #expect(lex("(1)/2/3") == [
            Lexed(.punctuation, "("), Lexed(.number, "1"), Lexed(.punctuation, ")"), Lexed(.operator, "/"), Lexed(.number, "2"),
            Lexed(.operator, "/"), Lexed(.number, "3"),
        ])
        #expect(lex("x! /y/ z") == [
            Lexed(.identifier, "x"), Lexed(.operator, "!"), Lexed(.operator, "/"), Lexed(.identifier, "y"),
            Lexed(.operator, "/"), Lexed(.identifier, "z"),
        ])
        // Leading space, trailing space or an unbalanced `)` rule a regex out.
        #expect(lex("x = / a/").map(\.kind) == [.identifier, .operator, .operator, .identifier, .operator])
        #expect(lex("reduce(0, /) + f(/)").map(\.text) == ["reduce", "(", "0", ",", "/", ")", "+", "f", "(", "/", ")"])
        #expect(lex("x /= 2").map(\.kind) == [.identifier, .operator, .number])
    }
}

@Suite struct IdentifierAndOperatorTests {
    @Test func backticksAttributesPound() {
        #expect(lex("let `class` = `default`; @MainActor @objc(Foo) #selector(x) #Preview $0 `") == [
            Lexed(.identifier, "let"), Lexed(.backtickIdentifier, "`class`"), Lexed(.operator, "="),
            Lexed(.backtickIdentifier, "`default`"), Lexed(.punctuation, ";"),
            Lexed(.punctuation, "@"), Lexed(.identifier, "MainActor"),
            Lexed(.punctuation, "@"), Lexed(.identifier, "objc"), Lexed(.punctuation, "("), Lexed(.identifier, "Foo"),
            Lexed(.punctuation, ")"), Lexed(.poundIdentifier, "#selector"), Lexed(.punctuation, "("), Lexed(.identifier, "x"),
            Lexed(.punctuation, ")"), Lexed(.poundIdentifier, "#Preview"), Lexed(.identifier, "$0"), Lexed(.punctuation, "`"),
        ])
    }

    @Test func operators() {
        #expect(lex("a?.b ?? c...d ..<e -> f && !g >>= h").map(\.text) == [
            "a", "?", ".", "b", "??", "c", "...", "d", "..<", "e", "->", "f", "&&", "!", "g", ">>=", "h",
        ])
        #expect(lex("Array<Set<Int>>? \\Foo.bar").map(\.text) == ["Array", "<", "Set", "<", "Int", ">>?", "\\", "Foo", ".", "bar"])
    }

    @Test func numbers() {
        #expect(lex("1_000 0x1F 0b101 1.5e-3 0x1p+4 0xFFe-1 1...5 t.0.1 2.max").map(\.text) == [
            "1_000", "0x1F", "0b101", "1.5e-3", "0x1p+4", "0xFFe", "-", "1", "1", "...", "5", "t", ".", "0", ".", "1",
            "2", ".", "max",
        ])
    }

    @Test func unicodeIdentifiers() {
        #expect(lex("let café = π").map(\.text) == ["let", "café", "=", "π"])
    }
}

@Suite struct LineTests {
    @Test func crlfAndLoneCR() {
        let source = TokenizedSource("a\r\nb\rc\n\rd")
        #expect(source.tokens.map(\.line) == [1, 2, 3, 5])
        #expect(source.lineCount == 5)
        #expect(source.tokens.map { source.column(of: $0) } == [1, 1, 1, 1])
        #expect(TokenizedSource("\"\"\"\r\nx\r\n\"\"\"\r\ny").tokens.map(\.line) == [1, 4])
    }

    @Test func lineCount() {
        #expect(TokenizedSource("").lineCount == 0)
        #expect(TokenizedSource("a").lineCount == 1)
        #expect(TokenizedSource("a\n").lineCount == 1)
        #expect(TokenizedSource("a\n\n").lineCount == 2)
        #expect(TokenizedSource("a\r\nb").lineCount == 2)
    }

    @Test func bomAndShebang() {
        #expect(lex(bytes: [0xEF, 0xBB, 0xBF] + Array("import A".utf8)) == [Lexed(.identifier, "import"), Lexed(.identifier, "A")])
        let source = TokenizedSource(bytes: [0xEF, 0xBB, 0xBF] + Array("x".utf8))
        // The byte order mark is invisible in editors: it shifts no column of line 1.
        #expect(source.column(of: source.tokens[0]) == 1)
        #expect(lex("#!/usr/bin/env swift\nimport A") == [Lexed(.identifier, "import", 2), Lexed(.identifier, "A", 2)])
    }

    @Test func nulAndInvalidUTF8() {
        let bytes: [UInt8] = Array("a\n".utf8) + [0x00] + Array(" b \"x".utf8) + [0xFF, 0xC3] + Array("\"\nc".utf8)
        let source = TokenizedSource(bytes: bytes)
        #expect(source.tokens.map { source.text($0) } == ["a", "b", "\"x\u{FFFD}\u{FFFD}\"", "c"])
        #expect(source.diagnostics.map(\.description) == ["2:1: file contains NUL bytes (binary?)", "2:7: invalid UTF-8"])
        // Overlong and surrogate encodings are invalid too.
        #expect(TokenizedSource(bytes: [0xC0, 0x80]).diagnostics.map(\.kind) == [.invalidUTF8])
        #expect(TokenizedSource(bytes: [0xED, 0xA0, 0x80]).diagnostics.map(\.kind) == [.invalidUTF8])
        #expect(TokenizedSource(bytes: Array("ok ✓ 😀".utf8)).diagnostics.isEmpty)
        // Buffers whose length is a multiple of the word-at-a-time stride, followed in
        // memory by a NUL and an invalid byte that must never be read.
        for length in [8, 32, 64, 96, 100] {
            let padded = Array(repeating: UInt8(ascii: "a"), count: length) + [0, 0xFF]
            let clean = padded.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[0..<length])) }
            #expect(TokenizedSource(bytes: clean).diagnostics.isEmpty, "\(length)")
        }
    }
}

@Suite struct MarkTests {
    /// `text marks` per token, marks by their initials (`(` beforeParen, `@` afterAt,
    /// `C` capital, `K` keyword, `;` semicolon, `/` comment).
    func marked(_ text: String, comments: Bool = false) -> [String] {
        let source = TokenizedSource(text, options: TokenizerOptions(keepComments: comments))
        let names: [(UInt8, String)] = [(Token.Marks.beforeParen, "("), (Token.Marks.afterAt, "@"), (Token.Marks.capital, "C"),
                                        (Token.Marks.keyword, "K"), (Token.Marks.semicolon, ";"), (Token.Marks.comment, "/")]
        return source.tokens.map { token in
            source.text(token) + " " + names.filter { token.marks & $0.0 != 0 }.map(\.1).joined()
        }
    }

    @Test func marksCallsAttributesCapitalsAndKeywords() {
        #expect(marked("@Injected var s: Service; f (Foo.self)") == [
            "@ ", "Injected @C", "var K", "s ", ": ", "Service C", "; ;", "f (", "( ", "Foo C", ". ", "self ", ") ",
        ])
        #expect(marked("func `Bar`(x: `baz`) { case where }") == [
            "func K", "`Bar` (C", "( ", "x ", ": ", "`baz` ", ") ", "{ ", "case K", "where K", "} ",
        ])
    }

    /// The tokens the declaration and reference passes act on (braces, declaration
    /// keywords, capitalised names, pass words, `;`, comments), by index, and the count of
    /// capitalised names.
    @Test func stopsListTheTokensThePassesActOn() {
        let source = TokenizedSource("import A\nstruct S: P { func f() { let x = `Y`.z; g(x) } }")
        // import A struct S : P { func f ( ) { let x = `Y` . z ; g ( x ) } }
        #expect(source.stops == [0, 1, 2, 3, 5, 6, 7, 11, 15, 18, 23, 24])
        #expect(source.hints.capitalNames == 4)
        let commented = TokenizedSource("x /* c */ y // d", options: TokenizerOptions(keepComments: true))
        #expect(commented.stops == [1, 3])
    }

    @Test func commentsAreMarkedAndSkippedByTheParenMark() {
        #expect(marked("f /* c */ (x) @/**/Foo", comments: true) == [
            "f (", "/* c */ /", "( ", "x ", ") ", "@ ", "/**/ @/", "Foo C",
        ])
    }

    /// The words of `words` whose first token has `bit` set in its flags or marks.
    func having(_ bit: UInt8, inMarks: Bool, _ words: [String]) -> [String] {
        words.filter { word in
            let token = TokenizedSource(word).tokens[0]
            return (inMarks ? token.marks : token.flags) & bit != 0
        }
    }

    /// The flag is exact: names that share a declaration keyword's key (`insert` with
    /// `import`, `select` with `struct`) have their bytes compared and are not flagged.
    @Test func declarationKeywordsAreFlaggedExactly() {
        let flag = Token.Flags.declarationKeyword
        #expect(having(flag, inMarks: false, TokenizerVocabulary.declarations) == TokenizerVocabulary.declarations)
        #expect(having(flag, inMarks: false, ["insert", "select", "script", "Import", "classy", "enums", "actors", "x"]).isEmpty)
    }

    @Test func everyPassWordIsMarked() {
        #expect(having(Token.Marks.keyword, inMarks: true, TokenizerVocabulary.languageWords) == TokenizerVocabulary.languageWords)
        // Common words that share no key with them stay unmarked.
        #expect(having(Token.Marks.keyword, inMarks: true, ["let", "self", "return", "if", "init", "import", "struct", "some"]).isEmpty)
    }
}
