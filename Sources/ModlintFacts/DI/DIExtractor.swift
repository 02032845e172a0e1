import ModlintTokenizer

/// Runs every framework adapter over a file.
///
/// One pass over the tokens with a stack of `{ … }` scopes (types, functions, properties,
/// `bootstrap` closures), `DIScan`. The pass only looks at a handful of shapes — a call
/// whose first argument is a metatype (`register(T.self …)`), an attribute
/// (`@Dependency(…)`), a member `var` of a values container, a `static`
/// `liveValue`/`testValue`/`previewValue`, a `func` taking a metatype — and hands each to
/// the adapters the file's imports turn on (`DIAdapterSet`), through `DIAdapter`: the scan
/// names no framework. Strings and comments are single tokens or none, so nothing inside
/// them yields a fact.
public enum DIExtractor {
    /// `partners`: the file's bracket partners, shared with the other passes.
    public static func extract(_ source: TokenizedSource, imports: [ImportFact], declarations: [TypeDeclaration] = [],
                               partners: BracketPartners? = nil) -> DIFacts {
        extract(source, imports: imports, containers: HandRolledContainerAdapter.containerTypes(in: declarations), partners: partners)
    }

    /// The same with the file's hand-rolled container types already found.
    static func extract(_ source: TokenizedSource, imports: [ImportFact], containers: Set<String>,
                        partners: BracketPartners?) -> DIFacts {
        let adapters = DIAdapterSet(imports, containers: containers)
        // Most files can yield nothing, which the lexer's hints tell without a pass.
        guard !adapters.enabled.isEmpty || !containers.isEmpty || DITriggers.present(in: source) else { return DIFacts() }
        return scan(source, adapters: adapters, containers: containers, partners: partners)
    }

    /// Whether `extract` scans the file: false only where the scan can find nothing.
    public static func mayFindFacts(in source: TokenizedSource, imports: [ImportFact]) -> Bool {
        !DIAdapterSet(imports, containers: []).enabled.isEmpty || DITriggers.present(in: source)
    }

    /// The scan, even where `mayFindFacts` says it can find nothing: the accuracy harness
    /// checks on the corpus that it indeed finds nothing there.
    public static func extractScanningAlways(_ source: TokenizedSource, imports: [ImportFact],
                                             declarations: [TypeDeclaration] = []) -> DIFacts {
        let containers = HandRolledContainerAdapter.containerTypes(in: declarations)
        return scan(source, adapters: DIAdapterSet(imports, containers: containers), containers: containers, partners: nil)
    }

    private static func scan(_ source: TokenizedSource, adapters: DIAdapterSet, containers: Set<String>,
                             partners: BracketPartners?) -> DIFacts {
        // The scan's hot loop is its own filter: a flag test or two per token, and bracket
        // matching only for files where a DI shape starts.
        var scan = DIScan(source: source, tokens: source.tokens, adapters: adapters, containerTypes: containers, partners: partners)
        scan.run()
        if scan.sawComment {
            // Tokenized with comments kept (rare): scan again without them.
            scan = DIScan(source: source, tokens: source.tokens.filter { $0.kind != .comment }, adapters: adapters, containerTypes: containers)
            scan.run()
        }
        for adapter in adapters.enabled { adapter.finish(&scan.facts) }
        DIAdapters.fallback.finish(&scan.facts)
        Self.dropFunctionTypeParameters(&scan.facts, tokens: scan.tokens)
        return scan.facts
    }

    /// `func resolve<Service>() -> Service! { resolve(Service.self) }`: a function's type
    /// parameter is no key (the graph knows type parameters of types, and single capital
    /// letters, but not the clauses of functions). Looked for only in files with DI facts.
    static func dropFunctionTypeParameters(_ facts: inout DIFacts, tokens: DITokens) {
        guard !facts.consumptions.isEmpty || !facts.registrations.isEmpty || !facts.containerCalls.isEmpty else { return }
        var parameters: Set<String> = []
        // `<` and `>` are operators to the tokenizer; `>>` closes two clauses at once.
        func angles(_ index: Int, _ byte: UInt8) -> Int {
            guard index < tokens.count else { return 0 }
            let token = tokens.tokens[index]
            guard token.kind == .operator || token.kind == .punctuation else { return 0 }
            let text = tokens.bytes[Int(token.start)..<Int(token.end)]
            return text.allSatisfy { $0 == byte } ? text.count : 0
        }
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            // `func` is a language word: the lexer marked it (a bit test before the byte compare).
            guard tokens.tokens[index].marks & Token.Marks.keyword != 0, tokens.isWord(index, "func"),
                  angles(index + 2, UInt8(ascii: "<")) == 1 else { continue }
            // `<A, B: P, C>`: a name right after `<` or `,` at the clause's own level.
            var cursor = index + 3, depth = 0, expectsName = true
            while cursor < tokens.count && cursor < index + 64 {
                depth += angles(cursor, UInt8(ascii: "<"))
                let closing = angles(cursor, UInt8(ascii: ">"))
                if closing > depth { break }
                depth -= closing
                if depth == 0 && tokens.isPunctuation(cursor, UInt8(ascii: ",")) {
                    expectsName = true
                } else if expectsName && depth == 0 && tokens.isName(cursor) {
                    parameters.insert(tokens.name(cursor))
                    expectsName = false
                }
                cursor += 1
            }
        }
        guard !parameters.isEmpty else { return }
        facts.consumptions.removeAll { parameters.contains($0.key.id) }
        facts.registrations.removeAll { parameters.contains($0.key.id) }
    }
}

/// What a file without a DI framework import must contain for the scan to find anything.
///
/// Without an import only hand-rolled containers, key types and values containers yield
/// facts, and each needs one of these tokens:
/// - `Type` right after `.`: a metatype parameter (`func register<T>(_ type: T.Type)`);
/// - `self` right after `.`, ending the first argument of a call whose name could be a
///   container's method (`register(T.self)`; not `decode(T.self, from:)` or
///   `ObjectIdentifier(T.self)`): the lexer lists these dots and `metatypeCall(endingAt:)`
///   walks back from each to the call;
/// - a key protocol or values container by name (`DependencyKey`, `TestDependencyKey`,
///   `InjectedKey`, `DependencyValues`, `InjectedValues`), which key declarations and
///   `@DependencyEntry` members need;
/// - an attribute whose name starts with a capital and that is no known non-DI wrapper
///   (`@Inject var clock: Clock`).
/// Most files (86 % of the corpus) have none, and skip the scan. The lexer notes
/// these tokens on its way (`SourceHints`); the accuracy harness checks on every corpus
/// file that the scan finds nothing where this says so.
enum DITriggers {
    /// From the lexer's `SourceHints`: no pass over the tokens.
    static func present(in source: TokenizedSource) -> Bool {
        // Comments kept as tokens could sit between a `.` and `self`: such sources are rare.
        if source.keepsComments { return true }
        let hints = source.hints
        if hints.metatypeSyntax { return true }
        let tokens = SourceTokens(source: source)
        for index in hints.watchedWords where DIAdapters.watchedWords.contains(tokens.name(Int(index))) { return true }
        for index in hints.capitalAttributes {
            let name = source.text(source.tokens[Int(index)])
            if !HandRolledContainerAdapter.knownAttributes.contains(name) { return true }
        }
        return hints.selfDots.contains { metatypeCall(endingAt: Int($0), in: source) }
    }

    /// Whether the `.self` at `dot` may end the metatype argument of a call that the
    /// hand-rolled adapter records. Mirrors `DITokens.metatype(at:)` backwards: a name
    /// chain (`A.B`, generic arguments between single `<` and `>`) back to the `(` of a
    /// call whose name starts lower-case and is not `HandRolledContainerAdapter.ignored`.
    /// Any other shape before the dot that the forward reading could still take (a
    /// parenthesised type, `(any P).self`) counts as a call.
    static func metatypeCall(endingAt dot: Int, in source: TokenizedSource) -> Bool {
        let tokens = SourceTokens(source: source)
        var index = dot - 1
        if tokens.isPunctuation(index, UInt8(ascii: ")")) { return true }
        var steps = 0
        while true {
            if tokens.isOperator(index, ">") {
                var depth = 0
                while index >= 0 {
                    if tokens.isOperator(index, ">") { depth += 1 } else if tokens.isOperator(index, "<") { depth -= 1 }
                    if depth == 0 { break }
                    index -= 1
                    steps += 1
                    if steps > 256 { return true }
                }
                index -= 1
            }
            // Not a name chain: no call's metatype argument ends here.
            guard tokens.isName(index) else { return false }
            guard tokens.isPunctuation(index - 1, UInt8(ascii: ".")) else { break }
            index -= 2
            steps += 1
            if steps > 256 { return true }
        }
        // `index`: the chain's first name; the call's `(` and name before it.
        guard tokens.isPunctuation(index - 1, UInt8(ascii: "(")), tokens.isName(index - 2) else { return false }
        guard tokens.tokens[index - 2].kind == .identifier else { return true }
        let name = tokens.text(at: index - 2)
        return name.first?.isLowercase == true && !HandRolledContainerAdapter.ignored.contains(name)
    }
}

/// A source's own tokens read through the shared toolkit (`TokenReader`).
private struct SourceTokens: TokenReader {
    let source: TokenizedSource
    var tokens: [Token] { source.tokens }
    var bytes: [UInt8] { source.bytes }
}
