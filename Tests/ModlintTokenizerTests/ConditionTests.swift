import Testing
@testable import ModlintTokenizer

@Suite struct ConditionTests {
    static let text = """
    a
    #if os(iOS)
    b
    #if DEBUG
    c
    #else
    d
    #endif
    #elseif canImport(AppKit) && !targetEnvironment(macCatalyst) // note
    e
    #else
    f
    #endif
    g
    """

    func conditionOf(_ source: TokenizedSource) -> [String: Int32] {
        Dictionary(uniqueKeysWithValues: source.tokens.map { (source.text($0), source.conditions.condition(of: $0)) })
    }

    @Test func everyTokenKnowsItsCondition() {
        let source = TokenizedSource(Self.text)
        #expect(source.tokens.map { source.text($0) } == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(source.tokens.map(\.line) == [1, 3, 5, 7, 10, 12, 14])
        #expect(source.tokens.map { source.conditions.description(of: source.conditions.condition(of: $0)) ?? "-" } == [
            "-", "os(iOS)", "os(iOS) && DEBUG", "os(iOS) && !DEBUG",
            "!os(iOS) && (canImport(AppKit) && !targetEnvironment(macCatalyst))",
            "!os(iOS) && !(canImport(AppKit) && !targetEnvironment(macCatalyst))", "-",
        ])
        #expect(source.diagnostics.isEmpty)
        // Directives end statements.
        #expect(source.tokens.allSatisfy { $0.isAtLineStart })
    }

    @Test func mutualExclusion() {
        let source = TokenizedSource(Self.text)
        let id = conditionOf(source)
        let table = source.conditions
        #expect(table.areMutuallyExclusive(id["b"]!, id["e"]!))
        #expect(table.areMutuallyExclusive(id["c"]!, id["d"]!))
        #expect(table.areMutuallyExclusive(id["c"]!, id["f"]!))
        #expect(table.areMutuallyExclusive(id["e"]!, id["f"]!))
        #expect(!table.areMutuallyExclusive(id["b"]!, id["c"]!))
        #expect(!table.areMutuallyExclusive(id["c"]!, id["c"]!))
        #expect(!table.areMutuallyExclusive(id["a"]!, id["c"]!))
        #expect(table.clauses.map(\.kind) == [.if, .if, .if, .else, .elseif, .else])
        #expect(table.clauses.map(\.expression) == ["", "os(iOS)", "DEBUG", "", "canImport(AppKit) && !targetEnvironment(macCatalyst)", ""])
    }

    @Test func negatedAndCompoundConditions() {
        let source = TokenizedSource("#if !DEBUG\na\n#else\nb\n#endif\n#if A || B\nc\n#else\nd\n#endif\n#if swift(>=5.9)\ne\n#endif")
        #expect(source.tokens.map { source.conditions.description(of: source.conditions.condition(of: $0)) ?? "-" } == [
            "!DEBUG", "DEBUG", "A || B", "!(A || B)", "swift(>=5.9)",
        ])
    }

    @Test func multiLineConditionAndStrayDirectives() {
        let source = TokenizedSource("#if os(iOS) ||\n  os(tvOS)\nx\n#endif\n#endif\n#if A\ny")
        #expect(source.tokens.map(\.line) == [3, 7])
        #expect(source.conditions.description(of: source.conditions.condition(of: source.tokens[0])) == "os(iOS) || os(tvOS)")
        #expect(source.diagnostics.map(\.description) == ["5:1: unbalanced #if/#endif", "7:2: unbalanced #if/#endif"])
    }

    @Test func directivesInsideLiteralsAreText() {
        let source = TokenizedSource("\"\"\"\n#if X\n\"\"\"\n// #endif\n/* #else */ a")
        #expect(source.conditions.isEmpty)
        #expect(source.tokens.map { source.conditions.condition(of: $0) } == [0, 0])
        #expect(source.conditions.runs.isEmpty)
    }
}
