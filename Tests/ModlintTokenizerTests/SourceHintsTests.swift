import Testing
import ModlintTokenizer

/// What the lexer notes for the fact passes' shortcuts.
@Suite struct SourceHintsTests {
    @Test(arguments: ["func f(_ t: T.Type)", "let t = Foo.\n    self", "a = Foo./* c */self"])
    func metatypeSyntaxIsSeen(_ text: String) {
        #expect(TokenizedSource(text).hints.metatypeSyntax)
    }

    /// Each `.` before `self` is listed by its token index, for the DI pass to judge.
    @Test(arguments: [("let t = Foo.self", [4]), ("x = (any P).self", [6]), ("r(A.B.self); s(\\.self)", [5, 12]),
                      ("let s = x.selfish", [4])])
    func dotsBeforeSelfAreListed(_ text: String, _ dots: [Int32]) {
        let hints = TokenizedSource(text).hints
        #expect(hints.selfDots == dots)
        #expect(!hints.metatypeSyntax)
    }

    @Test(arguments: ["self.value = 1", "let t = \"Foo.self\"", "// Foo.self", "a...b", "x.type = 2"])
    func otherUsesOfSelfAndTypeAreNot(_ text: String) {
        let hints = TokenizedSource(text).hints
        #expect(!hints.metatypeSyntax && hints.selfDots.isEmpty)
    }

    /// The hint compares four bytes, not the whole name: it may err on the side of "maybe".
    @Test func longerNamesSharingTheFirstFourBytesAreSeenToo() {
        #expect(TokenizedSource("x.Types = 2").hints.metatypeSyntax)
    }

    /// The words are the caller's (a DI adapter's), passed in the options: the tokenizer
    /// watches none of its own.
    @Test func watchedWordsAreListedByToken() {
        let vocabulary = TokenizerVocabulary(marked: [], watched: ["DependencyKey", "InjectedValues"])
        func words(_ text: String, _ vocabulary: TokenizerVocabulary = vocabulary) -> [String] {
            let source = TokenizedSource(text, options: TokenizerOptions(vocabulary: vocabulary))
            return source.hints.watchedWords.map { source.text(source.tokens[Int($0)]) }
        }
        #expect(words("struct K: DependencyKey {}", .language) == [])
        #expect(words("struct K: DependencyKey {}") == ["DependencyKey"])
        #expect(words("extension InjectedValues {}") == ["InjectedValues"])
        #expect(words("struct K: Hashable {}") == [])
        #expect(words("let s = \"DependencyKey\"") == [])
        // Backticked capitals are listed whatever their key.
        #expect(words("struct K: `DependencyKey` {}; let `Type` = 1") == ["`DependencyKey`", "`Type`"])
    }

    /// `Token.Marks.keyword` is set for Swift's statement words and for the vocabulary's
    /// marked words, and for no other name.
    @Test func markedWordsComeFromTheVocabulary() {
        func marked(_ text: String, _ vocabulary: TokenizerVocabulary) -> [String] {
            let source = TokenizedSource(text, options: TokenizerOptions(vocabulary: vocabulary))
            return source.tokens.filter { $0.marks & Token.Marks.keyword != 0 }.map { source.text($0) }
        }
        let text = "func f() { bootstrap { }; let liveValue = 1; var x = 2 }"
        #expect(marked(text, .language) == ["func", "var"])
        #expect(marked(text, TokenizerVocabulary(marked: ["bootstrap", "liveValue"], watched: [])) == ["func", "bootstrap", "liveValue", "var"])
    }

    /// The prefilter never turns down a name it holds, and tells apart names that share
    /// length, first and last byte (the commonest near misses: `LiveClock`, `LiveBlock`).
    @Test func namePrefilterKeepsItsNamesAndRulesOutNearMisses() {
        let names = ["LiveClock", "ClockImpl", "DefaultServer", "A", ""] + (0..<200).map { "Impl\($0)" }
        let filter = NamePrefilter(names)
        for name in names {
            #expect(filter.mayContain(name), "\(name)")
            #expect(Array(name.utf8).withUnsafeBufferPointer(filter.mayContain), "\(name)")
        }
        // Same length, first and last byte as `LiveClock`; only the second byte differs.
        let nearMisses = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { "L\(UnicodeScalar($0))veClock" }.filter { $0 != "LiveClock" }
        let passed = nearMisses.filter { filter.mayContain($0) }
        #expect(passed.count <= 2, "\(passed) of \(nearMisses.count)")
    }

    @Test func capitalAttributesAreListedByToken() {
        let source = TokenizedSource("@MainActor final class A { @Inject var c: Clock; @objc func f() {}; @ escaping }")
        #expect(source.hints.capitalAttributes.map { source.text(source.tokens[Int($0)]) } == ["MainActor", "Inject"])
    }

    @Test(arguments: [
        ("// modlint:disable:next public-impl", true), ("/*\tmodlint:disable-file all */", true), ("x = 1 //modlint:enable a", true),
        ("/// modlint:disable a", false), ("/** modlint:disable a */", false), ("let s = \"// modlint:disable a\"", false),
        ("// see modlint:disable", false), ("// modlint", false),
    ])
    func suppressionDirectivesAreSeenOnlyAtACommentsStart(_ text: String, _ expected: Bool) {
        #expect(TokenizedSource(text).hints.suppressionDirective == expected)
    }
}
