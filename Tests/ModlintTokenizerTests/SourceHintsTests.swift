import Testing
import ModlintTokenizer

/// What the lexer notes for the fact passes' shortcuts.
@Suite struct SourceHintsTests {
    @Test(arguments: ["let t = Foo.self", "func f(_ t: T.Type)", "x = (any P).self", "let t = Foo.\n    self", "a = Foo./* c */self"])
    func metatypeSyntaxIsSeen(_ text: String) {
        #expect(TokenizedSource(text).hints.metatypeSyntax)
    }

    @Test(arguments: ["self.value = 1", "let t = \"Foo.self\"", "// Foo.self", "a...b", "x.type = 2"])
    func otherUsesOfSelfAndTypeAreNot(_ text: String) {
        #expect(!TokenizedSource(text).hints.metatypeSyntax)
    }

    /// The hint compares four bytes, not the whole name: it may err on the side of "maybe".
    @Test(arguments: ["let s = x.selfish", "x.Types = 2"])
    func longerNamesSharingTheFirstFourBytesAreSeenToo(_ text: String) {
        #expect(TokenizedSource(text).hints.metatypeSyntax)
    }

    @Test func watchedWordsAreSeen() {
        #expect(TokenizedSource("struct K: DependencyKey {}").hints.watchedWord)
        #expect(TokenizedSource("extension InjectedValues {}").hints.watchedWord)
        #expect(!TokenizedSource("struct K: Hashable {}").hints.watchedWord)
        #expect(!TokenizedSource("let s = \"DependencyKey\"").hints.watchedWord)
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
