import ModlintTokenizer

/// Runs every framework adapter over a file.
///
/// One pass over the tokens with a stack of `{ … }` scopes (types, functions, properties,
/// `bootstrap` closures). The pass only looks at a handful of shapes — a call whose first
/// argument is a metatype (`register(T.self …)`), an attribute (`@Dependency(…)`), a
/// member `var` of a values container, a `static` `liveValue`/`testValue`/`previewValue`,
/// a `func` taking a metatype — and hands each to the adapter of the framework the file's
/// imports point to. Strings and comments are single tokens or none, so nothing inside
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
        let frameworks = DIFrameworkImports(imports)
        // Most files can yield nothing, which the lexer's hints tell without a pass.
        guard !frameworks.enabled.isEmpty || !containers.isEmpty || DITriggers.present(in: source) else { return DIFacts() }
        return scan(source, frameworks: frameworks, containers: containers, partners: partners)
    }

    /// Whether `extract` scans the file: false only where the scan can find nothing.
    public static func mayFindFacts(in source: TokenizedSource, imports: [ImportFact]) -> Bool {
        !DIFrameworkImports(imports).enabled.isEmpty || DITriggers.present(in: source)
    }

    /// The scan, even where `mayFindFacts` says it can find nothing: the accuracy harness
    /// checks on the corpus that it indeed finds nothing there.
    public static func extractScanningAlways(_ source: TokenizedSource, imports: [ImportFact],
                                             declarations: [TypeDeclaration] = []) -> DIFacts {
        scan(source, frameworks: DIFrameworkImports(imports), containers: HandRolledContainerAdapter.containerTypes(in: declarations),
             partners: nil)
    }

    private static func scan(_ source: TokenizedSource, frameworks: DIFrameworkImports, containers: Set<String>,
                             partners: BracketPartners?) -> DIFacts {
        // The scan's hot loop is its own filter: a flag test or two per token, and bracket
        // matching only for files where a DI shape starts.
        var scan = DIScan(source: source, tokens: source.tokens, frameworks: frameworks, partners: partners)
        scan.containerTypes = containers
        scan.run()
        if scan.sawComment {
            // Tokenized with comments kept (rare): scan again without them.
            scan = DIScan(source: source, tokens: source.tokens.filter { $0.kind != .comment }, frameworks: frameworks)
            scan.containerTypes = containers
            scan.run()
        }
        HandRolledContainerAdapter.keepMemberResolves(&scan.facts)
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

/// Which frameworks a file imports: shared property-wrapper names (`@Injected`,
/// `@Dependency`) are attributed by these.
struct DIFrameworkImports {
    /// The adapters the file's imports turn on, in `DIAdapters.all` order.
    let enabled: [any DIAdapter.Type]
    let weaveDI: Bool
    let swinject: Bool
    let swiftDependencies: Bool
    let factory: Bool

    init(_ imports: [ImportFact]) {
        // Most files import no DI framework: settled without building a set per file.
        guard imports.contains(where: { DIAdapters.isDIModule($0.module) }) else {
            enabled = []
            (weaveDI, swinject, swiftDependencies, factory) = (false, false, false, false)
            return
        }
        let modules = Set(imports.map(\.module))
        enabled = DIAdapters.all.filter { !$0.modules.isDisjoint(with: modules) }
        let frameworks = Set(enabled.map { $0.framework })
        weaveDI = frameworks.contains(.weaveDI)
        swinject = frameworks.contains(.swinject)
        swiftDependencies = frameworks.contains(.swiftDependencies)
        factory = frameworks.contains(.factory)
    }
}

/// What an open `{` belongs to.
enum DIScope {
    case type(name: String, inheritance: [String], keyIndex: Int?)
    /// The name is read only when asked for (`enclosingFunction`): most functions never are.
    case function(nameToken: Int, line: Int)
    case property(name: String, type: String)
    /// `WeaveDI.Container.bootstrap { c in … }`: everything registered here is shared.
    case bootstrap
    case other
}

/// The state of one extraction pass; adapters read and append through it.
struct DIScan {
    let tokens: DITokens
    let frameworks: DIFrameworkImports
    var facts = DIFacts()

    /// The labelled scopes that are open, innermost last (unlabelled `{` are only counted
    /// in `braces`, which keeps the hot loop free of enum payloads).
    var scopes: [DIScope] = []
    /// One entry per open `{`: whether it pushed onto `scopes`.
    private var braces: [Bool] = []
    /// Scopes waiting for the `{` they label (a body's brace, seen from its header): a
    /// few at most, searched in place rather than hashed at every labelled brace.
    private var labels: [(brace: Int, scope: DIScope)] = []
    /// Open hand-rolled candidate factories: (closing brace, index in `containerCalls`).
    private var openCandidateBodies: [(close: Int, call: Int)] = []
    /// The last container reset (`UnifiedDI.releaseAll()`, `container.removeAll()`, a new
    /// `Container()`/`Assembler(…)`): the enclosing function's line and the reset's line.
    private var lastReset: (function: Int, line: Int)?

    /// The scan stopped at a comment token: the caller scans again without comments.
    private(set) var sawComment = false
    /// Hand-rolled container types this file declares or extends (`AppContainer`): their
    /// `lazy var`s and `make…()` functions are registrations.
    var containerTypes: Set<String> = []

    init(source: TokenizedSource, tokens: [Token], frameworks: DIFrameworkImports, partners: BracketPartners? = nil) {
        self.tokens = DITokens(source: source, tokens: tokens, partners: partners)
        self.frameworks = frameworks
    }

    // MARK: - Scopes

    mutating func label(_ brace: Int, _ scope: DIScope) {
        if let existing = labels.firstIndex(where: { $0.brace == brace }) {
            labels[existing].scope = scope
        } else {
            labels.append((brace, scope))
        }
    }

    /// The scope labelling the `{` at `brace`, taken off the waiting list.
    private mutating func takeLabel(_ brace: Int) -> DIScope? {
        guard let found = labels.firstIndex(where: { $0.brace == brace }) else { return nil }
        return labels.remove(at: found).scope
    }

    var enclosingFunction: (name: String, line: Int)? {
        for scope in scopes.reversed() {
            if case .function(let nameToken, let line) = scope { return (tokens.name(nameToken), line) }
        }
        return nil
    }

    /// The function a statement here runs in: its name qualified by the type around it
    /// (`AppAssembly.assemble`, as local containers name it) and the line of its `func`;
    /// `nil` at top level.
    var runningFunction: (name: String, line: Int)? {
        guard let function = enclosingFunction else { return nil }
        let owner = scopes.isEmpty ? nil : type(enclosing: scopes.count - 1)?.name
        return ((owner.map { $0 + "." } ?? "") + function.name, function.line)
    }

    /// Appends a registration made by a call, with the function it runs in.
    mutating func appendCallRegistration(_ registration: DIRegistration) {
        var registration = registration
        if let function = runningFunction {
            registration.function = function.name
            registration.functionLine = function.line
        }
        facts.registrations.append(registration)
    }

    var isInBootstrap: Bool {
        scopes.contains { if case .bootstrap = $0 { return true } else { return false } }
    }

    /// The innermost scope, if it is a type body.
    var memberOf: (name: String, inheritance: [String], depth: Int)? {
        guard braces.last == true, let last = scopes.last, case .type(let name, let inheritance, _) = last else { return nil }
        return (name, inheritance, scopes.count - 1)
    }

    var enclosingProperty: (name: String, type: String, depth: Int)? {
        for (depth, scope) in scopes.enumerated().reversed() {
            if case .property(let name, let type) = scope { return (name, type, depth) }
        }
        return nil
    }

    /// The type declaration enclosing scope `depth`.
    func type(enclosing depth: Int) -> (name: String, inheritance: [String])? {
        var index = depth
        while index >= 0 {
            if case .type(let name, let inheritance, _) = scopes[index] { return (name, inheritance) }
            index -= 1
        }
        return nil
    }

    // MARK: - Main loop

    /// The hot loop reads tokens and bytes through raw buffers and stops only at tokens
    /// the lexer marked as able to start a DI shape (a brace or declaration keyword, a
    /// name before `(` or after `@`, a word like `func`); every other token costs one test.
    mutating func run() {
        let tokenArray = tokens.tokens
        let byteArray = tokens.bytes
        tokenArray.withUnsafeBufferPointer { tokenBuffer in
            byteArray.withUnsafeBufferPointer { bytes in
                let count = tokenBuffer.count
                let structural = Token.Flags.structural
                let marked = Token.Marks.beforeParen | Token.Marks.afterAt | Token.Marks.keyword | Token.Marks.comment
                let passesPossible = frameworks.weaveDI || frameworks.swinject || frameworks.factory
                var index = 0
                while index < count {
                    let token = tokenBuffer[index]
                    if token.flags & structural == 0 && token.marks & marked == 0 {
                        index += 1
                        continue
                    }
                    if token.flags & structural != 0 {
                        if token.flags & Token.Flags.openBrace != 0 {
                            // `UnifiedDI.register { FileLogger() as LoggerProtocol }` (no parenthesis).
                            if frameworks.weaveDI && index > 0 && tokens.isWord(index - 1, "register") {
                                WeaveDIAdapter.inferredRegistration(at: index - 1, scan: &self)
                            }
                            if !labels.isEmpty, let scope = takeLabel(index) {
                                scopes.append(scope)
                                braces.append(true)
                            } else {
                                braces.append(false)
                            }
                        } else if token.flags & Token.Flags.closeBrace != 0 {
                            if braces.popLast() == true { scopes.removeLast() }
                            while let last = openCandidateBodies.last, last.close <= index { openCandidateBodies.removeLast() }
                        } else {
                            handleTypeDeclaration(at: index)
                        }
                        index += 1
                        continue
                    }
                    if token.kind == .comment {
                        sawComment = true
                        return
                    }
                    guard token.kind == .identifier else {
                        index += 1
                        continue
                    }
                    // `@Dependency`, `@DependencyClient`, `@Injected`, `@LazyInjected`,
                    // `@WeakLazyInjected`, `@InjectedObject`.
                    let length = token.length
                    // (`afterAt`: the token right before is the `@`.)
                    if token.marks & Token.Marks.afterAt != 0 && token.flags & Token.Flags.spaceBefore == 0 && length >= 3
                        && bytes[Int(token.start)] >= UInt8(ascii: "A") && bytes[Int(token.start)] <= UInt8(ascii: "Z") {
                        handleAttribute(at: index)
                    }
                    // `Feature.register(in: container)` (at `register`): only in files that
                    // import a DI framework.
                    let isCall = token.marks & Token.Marks.beforeParen != 0
                    if isCall && passesPossible && index >= 2 && index + 2 < count {
                        let owner = tokenBuffer[index - 2]
                        if owner.kind == .identifier && tokenBuffer[index - 1].kind == .punctuation
                            && bytes[Int(owner.start)] >= UInt8(ascii: "A") && bytes[Int(owner.start)] <= UInt8(ascii: "Z")
                            && bytes[Int(tokenBuffer[index - 1].start)] == UInt8(ascii: ".") {
                            recordContainerPass(at: index - 2)
                        }
                    }
                    if isCall && passesPossible && (length == 5 || length >= 8 && length <= 15) {
                        noteReset(at: index)
                        // `Assembler([A(), B()])`, `assembler.apply(assemblies: [A(), B()])`.
                        if frameworks.swinject && (length == 5 || length == 9) { SwinjectAdapter.assemblerList(at: index, scan: &self) }
                    }
                    // `UnifiedDI.register(\\.user) { … }`: WeaveDI's key-path forms.
                    if isCall && frameworks.weaveDI && index + 3 < count && tokenBuffer[index + 2].kind == .operator {
                        handleKeyPathCall(at: index)
                    }
                    // Factory 1.x's `static let x = Factory<T> { … }` (the word is marked).
                    if frameworks.factory && (length == 7 || length == 16) && token.marks & Token.Marks.keyword != 0
                        && (tokens.isWord(index, "Factory") || tokens.isWord(index, "ParameterFactory")) {
                        FactoryAdapter.storedFactory(at: index, scan: &self)
                    }
                    // Token kinds and lengths first: the source bytes are read only for the
                    // few tokens that pass, which keeps the loop out of the byte array.
                    if length == 3 || length == 4 || length == 9 || length == 12 {
                        let first = bytes[Int(token.start)]
                        switch first {
                        case UInt8(ascii: "f") where length == 4, UInt8(ascii: "v") where length == 3,
                             UInt8(ascii: "l") where length == 9, UInt8(ascii: "t") where length == 9,
                             UInt8(ascii: "p") where length == 12, UInt8(ascii: "b") where length == 9:
                            handleIdentifier(at: index)
                            index += 1
                            continue
                        default: break
                        }
                    }
                    // A call (`(` right after the name): the shape test reads more tokens.
                    if isCall && index + 4 < count && Self.mayStartMetatypeCall(tokenBuffer, at: index) {
                        let argument = tokenBuffer[index + 2]
                        let argumentFirst = bytes[Int(argument.start)]
                        if (argument.kind == .identifier && argumentFirst >= UInt8(ascii: "A") && argumentFirst <= UInt8(ascii: "Z"))
                            || argumentFirst == UInt8(ascii: "(") {
                            handleIdentifier(at: index)
                        }
                    }
                    index += 1
                }
            }
        }
    }

    /// `name(T.self`, `name(A.B.self`, `name(Box<T>.self`, `name((any P).self` by token
    /// kinds and lengths only: an identifier, a `(`-sized punctuation with no space, then a
    /// name followed by `.` and a four-letter word, or a `<`, or a parenthesis.
    @inline(__always)
    private static func mayStartMetatypeCall(_ tokens: UnsafeBufferPointer<Token>, at index: Int) -> Bool {
        let open = tokens[index + 1]
        guard open.kind == .punctuation && open.flags & Token.Flags.spaceBefore == 0 else { return false }
        let argument = tokens[index + 2]
        if argument.kind == .punctuation { return argument.length == 1 }
        guard argument.kind == .identifier else { return false }
        let next = tokens[index + 3]
        if next.kind == .operator { return true }
        guard next.kind == .punctuation else { return false }
        let word = tokens[index + 4]
        if word.kind == .identifier && word.length == 4 { return true }
        // `A.B.self`
        return index + 6 < tokens.count && tokens[index + 5].kind == .punctuation && tokens[index + 6].length == 4
    }

    private mutating func handleIdentifier(at index: Int) {
        let token = tokens.tokens[index]
        let first = tokens.bytes[Int(token.start)]
        if first == UInt8(ascii: "f") && tokens.isWord(index, "func") {
            handleFunction(at: index)
        } else if first == UInt8(ascii: "v") && tokens.isWord(index, "var") {
            handleProperty(at: index)
        } else if (first == UInt8(ascii: "l") || first == UInt8(ascii: "t") || first == UInt8(ascii: "p"))
                    && (tokens.isWord(index, "liveValue") || tokens.isWord(index, "testValue") || tokens.isWord(index, "previewValue")) {
            DIKeyTypes.valueDeclaration(at: index, scan: &self)
        } else if first == UInt8(ascii: "b") && tokens.isWord(index, "bootstrap") {
            WeaveDIAdapter.bootstrap(at: index, scan: &self)
        } else if tokens.isPunctuation(index + 1, UInt8(ascii: "(")), !tokens.tokens[index + 1].hasSpaceBefore,
                  let metatype = tokens.metatype(at: index + 2) {
            handleMetatypeCall(at: index, key: metatype.type, keyEnd: metatype.end)
        }
    }

    // MARK: - Declarations

    /// `struct Key: DependencyKey {`, `extension DependencyValues {`: labels the body.
    private mutating func handleTypeDeclaration(at keyword: Int) {
        // `import` shares the flag; `protocol` bodies hold no registrations.
        guard !tokens.isWord(keyword, "import"), !tokens.isWord(keyword, "protocol"), !tokens.isWord(keyword, "typealias"),
              !tokens.isPunctuation(keyword - 1, UInt8(ascii: ".")), tokens.isName(keyword + 1) else { return }
        var cursor = keyword + 1
        var name = tokens.name(cursor)
        while tokens.isPunctuation(cursor + 1, UInt8(ascii: ".")) && tokens.isName(cursor + 2) {
            cursor += 2
            name += "." + tokens.name(cursor)
        }
        cursor += 1
        var inheritance: [String] = []
        var current = ""
        var angle = 0
        // Header up to the body: generic clause, inheritance list, where clause.
        while cursor < tokens.count && !tokens.isPunctuation(cursor, UInt8(ascii: "{")) {
            if tokens.tokens[cursor].flags & Token.Flags.closeBrace != 0 || tokens.isPunctuation(cursor, UInt8(ascii: ";")) { return }
            if tokens.isOperator(cursor, "<") { angle += 1 } else if tokens.isOperator(cursor, ">") { angle -= 1 }
            if angle == 0 && tokens.isWord(cursor, "where") { angle = 100 }
            if angle == 0 && tokens.isName(cursor) && !tokens.isWord(cursor, "unchecked") && !tokens.isWord(cursor, "retroactive") {
                current = current.isEmpty || tokens.isPunctuation(cursor - 1, UInt8(ascii: ".")) ? current + tokens.name(cursor) : tokens.name(cursor)
            } else if angle == 0 && tokens.isPunctuation(cursor, UInt8(ascii: ".")) && !current.isEmpty {
                current += "."
            } else if angle == 0 && tokens.isPunctuation(cursor, UInt8(ascii: ",")) {
                if !current.isEmpty { inheritance.append(current) }
                current = ""
            }
            cursor += 1
        }
        guard cursor < tokens.count else { return }
        if !current.isEmpty && angle < 100 { inheritance.append(current) }
        var keyIndex: Int?
        if tokens.isWord(keyword, "struct") || tokens.isWord(keyword, "enum") || tokens.isWord(keyword, "class")
            || tokens.isWord(keyword, "actor") || tokens.isWord(keyword, "extension") {
            keyIndex = DIKeyTypes.keyDeclaration(name: name, inheritance: inheritance, nameToken: keyword + 1,
                                                      isExtension: tokens.isWord(keyword, "extension"), scan: &self)
        }
        label(cursor, .type(name: name, inheritance: inheritance, keyIndex: keyIndex))
    }

    /// `func register<T>(_ type: T.Type, …) {`: labels the body, records container methods.
    private mutating func handleFunction(at keyword: Int) {
        guard keyword + 1 < tokens.count else { return }
        var cursor = keyword + 2
        if tokens.isOperator(cursor, "<") {
            var depth = 0
            while cursor < tokens.count {
                if tokens.isOperator(cursor, "<") { depth += 1 } else if tokens.isOperator(cursor, ">") { depth -= 1 }
                if tokens.tokens[cursor].kind == .operator && tokens.text(at: cursor).hasSuffix(">") && depth > 0 && !tokens.isOperator(cursor, ">") && !tokens.isOperator(cursor, "->") {
                    depth -= 1
                }
                cursor += 1
                if depth <= 0 { break }
            }
        }
        guard tokens.isPunctuation(cursor, UInt8(ascii: "(")), let close = closingParenthesis(from: cursor) else { return }
        // `_ type: T.Type`: the parameter (`type`) and its type parameter (`T`).
        var metatypeParameters: [String] = []
        if memberOf != nil {
            for index in cursor..<close where tokens.tokens[index].length == 4 && tokens.isWord(index, "Type")
                && tokens.isPunctuation(index - 1, UInt8(ascii: ".")) {
                let name = tokens.name(keyword + 1)
                if !facts.containerMethods.contains(name) { facts.containerMethods.append(name) }
                if tokens.isName(index - 2) { metatypeParameters.append(tokens.name(index - 2)) }
                if tokens.isPunctuation(index - 3, UInt8(ascii: ":")), tokens.isName(index - 4) { metatypeParameters.append(tokens.name(index - 4)) }
            }
        }
        // The body: the first brace after the parameters, when it opens. (A requirement
        // without a body is followed by the next member or the protocol's `}`; protocols
        // hold no registrations, so a misattributed brace there costs nothing.)
        var index = close + 1
        let braces = Token.Flags.openBrace | Token.Flags.closeBrace
        while index < tokens.count && tokens.tokens[index].flags & braces == 0 { index += 1 }
        if index < tokens.count && tokens.tokens[index].flags & Token.Flags.openBrace != 0 {
            label(index, .function(nameToken: keyword + 1, line: Int(tokens.tokens[keyword].line)))
            if !metatypeParameters.isEmpty, let end = tokens.partner(of: index) {
                recordForwards(method: tokens.name(keyword + 1), parameters: metatypeParameters, body: (index, end))
            }
            if !containerTypes.isEmpty, let owner = memberOf, containerTypes.contains(owner.name),
               let close = tokens.partner(of: index) {
                HandRolledContainerAdapter.factoryMethod(nameToken: keyword + 1, body: (index, close), owner: owner.name, scan: &self)
            }
        }
    }

    /// `func registerModule<T>(_ type: T.Type, …) { container.register(type, …) }`: the calls
    /// in the body that take the metatype parameter (`type`, `T.self`) first.
    private mutating func recordForwards(method: String, parameters: [String], body: (open: Int, close: Int)) {
        var index = body.open + 1
        while index + 2 < body.close {
            defer { index += 1 }
            guard tokens.tokens[index].kind == .identifier, tokens.isPunctuation(index + 1, UInt8(ascii: "(")),
                  tokens.isName(index + 2), parameters.contains(tokens.name(index + 2)) else { continue }
            // `type` alone, or `T.self`.
            guard tokens.isPunctuation(index + 3, UInt8(ascii: ",")) || tokens.isPunctuation(index + 3, UInt8(ascii: ")"))
                    || tokens.isPunctuation(index + 3, UInt8(ascii: ".")) && tokens.isWord(index + 4, "self") else { continue }
            let target = tokens.name(index)
            guard target != method else { continue }
            var framework: DIFramework?
            if frameworks.swinject && (target == "register" || target == "autoregister") {
                framework = .swinject
            } else if frameworks.weaveDI && target == "register" {
                framework = .weaveDI
            }
            let forward = DIMethodForward(method: method, target: target, framework: framework)
            if !facts.methodForwards.contains(forward) { facts.methodForwards.append(forward) }
        }
    }

    /// The `)` closing the `(` at `open` (every `func` asks: a local count, no table).
    private func closingParenthesis(from open: Int) -> Int? {
        tokens.closingBracket(from: open)
    }

    /// `@Name` or `@Name(…)` among the attributes and modifiers before the token at `index`.
    private func hasAttribute(_ name: StaticString, before index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 1 {
            if tokens.isPunctuation(cursor, UInt8(ascii: ")")), let open = tokens.partner(of: cursor), open < cursor {
                cursor = open - 1
                continue
            }
            guard tokens.isName(cursor) else { return false }
            if tokens.isOperator(cursor - 1, "@") || tokens.isPunctuation(cursor - 1, UInt8(ascii: "@")) {
                if tokens.isWord(cursor, name) { return true }
                cursor -= 2
            } else if tokens.isWord(cursor, "public") || tokens.isWord(cursor, "private") || tokens.isWord(cursor, "fileprivate")
                        || tokens.isWord(cursor, "internal") || tokens.isWord(cursor, "package") || tokens.isWord(cursor, "static")
                        || tokens.isWord(cursor, "nonisolated") {
                cursor -= 1
            } else {
                return false
            }
        }
        return false
    }

    /// `var name: Type {` as a member of a values container or (with Factory imported) of
    /// any type: labels the getter body and lets the adapters read it.
    private mutating func handleProperty(at keyword: Int) {
        // (`lazy var x: Factory<T> = self { … }` in a Factory file is Factory's, below.)
        if !containerTypes.isEmpty, let owner = memberOf, containerTypes.contains(owner.name), tokens.isWord(keyword - 1, "lazy"),
           !(frameworks.factory && tokens.isPunctuation(keyword + 2, UInt8(ascii: ":"))
             && (tokens.isWord(keyword + 3, "Factory") || tokens.isWord(keyword + 3, "ParameterFactory") || tokens.isWord(keyword + 3, "FactoryKit"))) {
            HandRolledContainerAdapter.lazyMember(at: keyword, owner: owner.name, scan: &self)
            return
        }
        // `@DependencyEntry var name = default` (swift-dependencies' macro) declares the
        // key and its value in one line.
        if let owner = memberOf, DIValuesContainer.handles(owner.name), tokens.isName(keyword + 1),
           hasAttribute("DependencyEntry", before: keyword) {
            var type: String?
            if tokens.isPunctuation(keyword + 2, UInt8(ascii: ":")) {
                var end = keyword + 3
                while end < tokens.count, !tokens.isOperator(end, "="), !tokens.isPunctuation(end, UInt8(ascii: "{")),
                      !(tokens.tokens[end].isAtLineStart && end > keyword + 3) { end += 1 }
                if end > keyword + 3 { type = tokens.text(from: keyword + 3, through: end - 1) }
            }
            DIValuesContainer.entry(name: tokens.name(keyword + 1), type: type, owner: owner.name, nameToken: keyword + 1, scan: &self)
            return
        }
        guard let owner = memberOf,
              DIValuesContainer.handles(owner.name) || frameworks.factory || WeaveDIAdapter.isKeyPathContainer(owner.name, scan: self),
              tokens.isName(keyword + 1), tokens.isPunctuation(keyword + 2, UInt8(ascii: ":")) else { return }
        let name = tokens.name(keyword + 1)
        var cursor = keyword + 3
        var angle = 0
        while cursor < tokens.count {
            // `>>` and `>>>` close nested generics (`Factory<Wrapper<T>>`): one level per `>`.
            if tokens.isOperator(cursor, "<") { angle += 1 } else if tokens.isOperator(cursor, ">") { angle -= 1 }
            else if tokens.isOperator(cursor, ">>") { angle -= 2 } else if tokens.isOperator(cursor, ">>>") { angle -= 3 }
            if angle <= 0 && (tokens.isPunctuation(cursor, UInt8(ascii: "{")) || tokens.isOperator(cursor, "=")
                              || tokens.tokens[cursor].isAtLineStart && cursor > keyword + 3
                              || tokens.tokens[cursor].flags & Token.Flags.closeBrace != 0) { break }
            if let skip = tokens.partner(of: cursor), skip > cursor, !tokens.isPunctuation(cursor, UInt8(ascii: "{")) { cursor = skip }
            cursor += 1
        }
        // `lazy var x: Factory<T> = self { … }` (a `Factory` after `=` is read at that word).
        if frameworks.factory, tokens.isOperator(cursor, "="), !tokens.isWord(cursor + 1, "Factory"),
           !tokens.isWord(cursor + 1, "ParameterFactory"), !tokens.isWord(cursor + 1, "FactoryKit"),
           FactoryAdapter.isFactoryType(tokens.text(from: keyword + 3, through: cursor - 1)) {
            FactoryAdapter.storedFactory(at: cursor + 1, scan: &self)
            return
        }
        guard tokens.isPunctuation(cursor, UInt8(ascii: "{")), let close = tokens.partner(of: cursor) else { return }
        let type = tokens.text(from: keyword + 3, through: cursor - 1)
        label(cursor, .property(name: name, type: type))
        let body = (open: cursor, close: close)
        if DIValuesContainer.handles(owner.name) {
            DIValuesContainer.property(name: name, type: type, owner: owner.name, nameToken: keyword + 1, body: body, scan: &self)
        } else if WeaveDIAdapter.isKeyPathContainer(owner.name, scan: self) {
            WeaveDIAdapter.accessor(name: name, type: type, scan: &self)
        } else if frameworks.factory {
            FactoryAdapter.property(name: name, type: type, owner: owner.name, nameToken: keyword + 1, body: body, scan: &self)
        }
    }

    // MARK: - Calls and attributes

    /// UIKit's `tableView.register(Cell.self, forCellReuseIdentifier: "cell")` and its
    /// collection-view and header kin register a view class for reuse, never a service: a
    /// file that imports a DI library and UIKit read them as duplicate registrations.
    private func isViewRegistration(_ method: Int) -> Bool {
        guard tokens.isWord(method, "register"), tokens.isPunctuation(method + 1, UInt8(ascii: "(")) else { return false }
        let open = method + 1
        return tokens.argument("forCellReuseIdentifier", inCallAt: open) != nil
            || tokens.argument("forHeaderFooterViewReuseIdentifier", inCallAt: open) != nil
            || tokens.argument("forCellWithReuseIdentifier", inCallAt: open) != nil
            || tokens.argument("forSupplementaryViewOfKind", inCallAt: open) != nil
    }

    /// Names this file declares as a table or collection view (`let tableView = UITableView()`,
    /// `@IBOutlet weak var list: UICollectionView!`, a parameter `_ tableView: UITableView`,
    /// a `UITableViewController`'s own `tableView`): found once, at the first call that asks.
    private var viewNames: Set<String>?

    /// `tableView.register(Cell.self)` (a `Reusable`-style extension without a reuse
    /// identifier) on a receiver the file declares as a table or collection view.
    private mutating func isViewReceiver(method: Int) -> Bool {
        // The name right before the `.` (past an optional chain's `?` or `!`).
        guard tokens.isPunctuation(method - 1, UInt8(ascii: ".")) else { return false }
        var receiver = method - 2
        if tokens.isOperator(receiver, "?") || tokens.isOperator(receiver, "!")
            || tokens.isPunctuation(receiver, UInt8(ascii: "?")) || tokens.isPunctuation(receiver, UInt8(ascii: "!")) { receiver -= 1 }
        guard tokens.isName(receiver) else { return false }
        if viewNames == nil { viewNames = declaredViewNames() }
        return viewNames!.contains(tokens.name(receiver))
    }

    private func declaredViewNames() -> Set<String> {
        func isViewType(_ index: Int) -> Bool {
            guard tokens.isName(index) else { return false }
            let token = tokens.tokens[index]
            guard token.kind == .identifier else {
                let name = tokens.name(index)
                return name.hasSuffix("TableView") || name.hasSuffix("CollectionView")
            }
            // On the bytes: this runs at every `name:` and `name =` of the file.
            let text = tokens.bytes[Int(token.start)..<Int(token.end)]
            return text.suffix(9).elementsEqual("TableView".utf8) || text.suffix(14).elementsEqual("CollectionView".utf8)
        }
        var names: Set<String> = []
        var index = 1
        while index + 2 < tokens.count {
            defer { index += 1 }
            // Byte comparisons first: a String is made only for a name that is declared a view.
            guard tokens.tokens[index].kind == .identifier else { continue }
            if tokens.isWord(index, "UITableViewController") { names.insert("tableView") }
            if tokens.isWord(index, "UICollectionViewController") { names.insert("collectionView") }
            guard tokens.isPunctuation(index + 1, UInt8(ascii: ":")) || tokens.isOperator(index + 1, "=") else { continue }
            // `name: UITableView`, `name: UIKit.UITableView`, `name = UITableView(`.
            var type = index + 2
            if tokens.isWord(type, "UIKit") && tokens.isPunctuation(type + 1, UInt8(ascii: ".")) { type += 2 }
            if isViewType(type) && !tokens.isPunctuation(type + 1, UInt8(ascii: ".")) { names.insert(tokens.name(index)) }
        }
        return names
    }

    /// `method(T.self …)` / `receiver.method(T.self …)`.
    private mutating func handleMetatypeCall(at method: Int, key: String, keyEnd: Int) {
        let name = tokens.name(method)
        let receiver = tokens.isPunctuation(method - 1, UInt8(ascii: ".")) ? tokens.receiver(beforeDot: method - 1) : ""
        if isViewRegistration(method) || isViewReceiver(method: method) { return }
        for adapter in frameworks.enabled where adapter.call(name, at: method, receiver: receiver, key: key, scan: &self) { return }
        HandRolledContainerAdapter.call(name, at: method, receiver: receiver, key: key, scan: &self)
    }

    /// `method(\\.property …)` / `receiver.method(\\.property …)` in a WeaveDI file.
    private mutating func handleKeyPathCall(at method: Int) {
        guard let path = tokens.keyPath(at: method + 2) else { return }
        let name = tokens.name(method)
        let receiver = tokens.isPunctuation(method - 1, UInt8(ascii: ".")) ? tokens.receiver(beforeDot: method - 1) : ""
        let key = DIKey.property(path.root ?? WeaveDIAdapter.containerRoot, path.property)
        _ = WeaveDIAdapter.call(name, at: method, receiver: receiver, key: key.id, scan: &self)
    }

    private mutating func handleAttribute(at index: Int) {
        guard tokens.isName(index) else { return }
        let name = tokens.name(index)
        let claimants = frameworks.enabled.filter { $0.attributes.contains(name) }
        if claimants.count == 1 {
            claimants[0].attribute(at: index, scan: &self)
        } else if claimants.isEmpty && !DIAdapters.ownedAttributes.contains(name) {
            HandRolledContainerAdapter.wrapperUse(name, at: index, scan: &self)
        }
    }

    // MARK: - Recording

    mutating func recordCandidate(_ call: DIContainerCall, body: (open: Int, close: Int)?) {
        var call = call
        call.enclosingCall = openCandidateBodies.last?.call
        facts.containerCalls.append(call)
        if let body { openCandidateBodies.append((body.close, facts.containerCalls.count - 1)) }
    }

    /// Calls that empty a container: registrations after one, in the same function, land in
    /// a fresh container (`DIRegistration.container` gets `#line` of the reset).
    static let resetMethods: Set<String> = ["releaseAll", "releaseAllAsync", "reset", "resetAll", "removeAll", "resetForTesting"]
    /// Types whose initialiser makes a new container (`container = Container()`).
    static let containerConstructors: Set<String> = ["Container", "DIContainer", "Assembler"]

    /// `UnifiedDI.releaseAll()`, `container.removeAll()`, `container = Container()`.
    private mutating func noteReset(at index: Int) {
        // Most calls are neither: their first byte says so before a name is made.
        let first = tokens.bytes[Int(tokens.tokens[index].start)]
        guard first == UInt8(ascii: "r") || first == UInt8(ascii: "C") || first == UInt8(ascii: "D") || first == UInt8(ascii: "A") else { return }
        let name = tokens.name(index)
        let afterDot = tokens.isPunctuation(index - 1, UInt8(ascii: "."))
        if afterDot && Self.resetMethods.contains(name) {
            // An array's `removeAll()` is no reset: the receiver must name a container.
            let receiver = tokens.receiver(beforeDot: index - 1)
            guard receiver == "UnifiedDI" || receiver.contains("ontainer") || receiver.contains("DI")
                    || receiver.contains("ssembler") || receiver.contains("esolver") else { return }
        } else if Self.containerConstructors.contains(name) && !afterDot {
            // `container = Container()` replaces a container; `let container = Container()`
            // only makes the first one.
            guard tokens.isOperator(index - 1, "="), !tokens.isWord(index - 3, "let"), !tokens.isWord(index - 3, "var") else { return }
        } else {
            return
        }
        lastReset = (enclosingFunction?.line ?? 0, Int(tokens.tokens[index].line))
    }

    /// The `if`/`else if`/`else` and `switch` branches around `index`, as
    /// `DISite.branches` pairs (negative block ids, apart from `#if` blocks): two
    /// registrations in different branches of one statement never both run.
    func runtimeBranches(at index: Int) -> [Int32] {
        var pairs: [Int32] = []
        for open in enclosingBraces(of: index) {
            if let (chain, branch) = ifBranch(openingAt: open) {
                pairs = [-Int32(chain + 1), Int32(branch)] + pairs
            } else if let keyword = conditionKeyword(before: open), tokens.isWord(keyword, "switch") {
                var label = open
                var cursor = open + 1
                while cursor < index {
                    if let close = tokens.partner(of: cursor), close > cursor, close < index { cursor = close + 1; continue }
                    if tokens.isWord(cursor, "case") || tokens.isWord(cursor, "default") { label = cursor }
                    cursor += 1
                }
                pairs = [-Int32(open + 1), Int32(label)] + pairs
            }
        }
        return pairs
    }

    /// The `{` that enclose `index`, innermost first: read backwards, jumping over every
    /// closed `{ … }` (only at registrations, so the scan keeps no brace stack).
    private func enclosingBraces(of index: Int) -> [Int] {
        var braces: [Int] = []
        var cursor = index - 1
        var steps = 0
        while cursor >= 0 && steps < 50_000 {
            let flags = tokens.tokens[cursor].flags
            if flags & Token.Flags.closeBrace != 0 {
                guard let open = tokens.partner(of: cursor), open < cursor else { break }
                cursor = open - 1
            } else {
                if flags & Token.Flags.openBrace != 0 { braces.append(cursor) }
                cursor -= 1
            }
            steps += 1
        }
        return braces
    }

    /// `if … {` (branch 0 of a chain whose id is that brace), `} else if … {` and
    /// `} else {` (the next branches of the same chain).
    private func ifBranch(openingAt open: Int) -> (chain: Int, branch: Int)? {
        var branchOpen = open
        var branch = 0
        // Walk back through `} else [if …] {` to the chain's first brace.
        while true {
            if tokens.isWord(branchOpen - 1, "else") {
                guard tokens.tokens[branchOpen - 2].flags & Token.Flags.closeBrace != 0,
                      let previous = tokens.partner(of: branchOpen - 2) else { return nil }
                branchOpen = previous
                branch += 1
                continue
            }
            guard let keyword = conditionKeyword(before: branchOpen) else { return nil }
            if tokens.isWord(keyword, "if") {
                if tokens.isWord(keyword - 1, "else"), tokens.tokens[keyword - 2].flags & Token.Flags.closeBrace != 0,
                   let previous = tokens.partner(of: keyword - 2) {
                    branchOpen = previous
                    branch += 1
                    continue
                }
                return (branchOpen, branch)
            }
            return nil
        }
    }

    /// The statement keyword (`if`, `guard`, `for`, `while`, `switch`) whose condition ends
    /// at the `{` at `open`, read backwards over balanced brackets (at most 64 tokens).
    private func conditionKeyword(before open: Int) -> Int? {
        var cursor = open - 1
        var steps = 0
        while cursor >= 0 && steps < 64 {
            let token = tokens.tokens[cursor]
            if token.flags & (Token.Flags.openBrace | Token.Flags.closeBrace) != 0 { return nil }
            if tokens.isPunctuation(cursor, UInt8(ascii: ")")) || tokens.isPunctuation(cursor, UInt8(ascii: "]")) {
                guard let partner = tokens.partner(of: cursor), partner < cursor else { return nil }
                cursor = partner - 1
                steps += 1
                continue
            }
            if tokens.isWord(cursor, "if") || tokens.isWord(cursor, "guard") || tokens.isWord(cursor, "for")
                || tokens.isWord(cursor, "while") || tokens.isWord(cursor, "switch") { return cursor }
            if tokens.isPunctuation(cursor, UInt8(ascii: ";")) { return nil }
            cursor -= 1
            steps += 1
        }
        return nil
    }

    static let accessWords: Set<String> = ["open", "public", "package", "internal", "fileprivate", "private"]

    /// The access of the member whose name stands at `nameToken` (after `let`/`var`): its
    /// own modifier, else that of the extension it sits in (`public extension Container`;
    /// `private` there makes members `fileprivate`), else `internal`.
    func memberAccess(nameToken: Int) -> String {
        if let own = accessModifier(before: nameToken - 1) { return own }
        guard let brace = enclosingBraces(of: nameToken).first else { return "internal" }
        // The header back to its keyword: `public extension Container.Registrations {`.
        var keyword = brace - 1
        while keyword > 0 && brace - keyword < 64 {
            if tokens.tokens[keyword].flags & (Token.Flags.openBrace | Token.Flags.closeBrace) != 0 { return "internal" }
            if tokens.isWord(keyword, "extension") { break }
            if tokens.isWord(keyword, "class") || tokens.isWord(keyword, "struct") || tokens.isWord(keyword, "enum")
                || tokens.isWord(keyword, "actor") { return "internal" }
            keyword -= 1
        }
        guard tokens.isWord(keyword, "extension"), let access = accessModifier(before: keyword) else { return "internal" }
        return access == "private" ? "fileprivate" : access
    }

    /// An access word among the modifiers and attributes before the keyword at `keyword`.
    private func accessModifier(before keyword: Int) -> String? {
        var cursor = keyword - 1
        var steps = 0
        while cursor >= 0 && steps < 16 {
            steps += 1
            // `private(set)`, `@available(…)`
            if tokens.isPunctuation(cursor, UInt8(ascii: ")")), let open = tokens.partner(of: cursor), open < cursor {
                cursor = open - 1
                continue
            }
            guard tokens.isName(cursor) else { return nil }
            let word = tokens.name(cursor)
            if Self.accessWords.contains(word) {
                // `private(set) var`: the setter's access, not the member's.
                if tokens.isPunctuation(cursor + 1, UInt8(ascii: "(")) { cursor -= 1; continue }
                return word
            }
            if tokens.isOperator(cursor - 1, "@") || tokens.isPunctuation(cursor - 1, UInt8(ascii: "@")) {
                cursor -= 2
                continue
            }
            guard HandRolledContainerAdapter.modifiers.contains(word) || word == "final" || word == "class" || word == "mutating" else { return nil }
            cursor -= 1
        }
        return nil
    }

    /// A registration's site: its `#if` branches and the runtime branches around it.
    func registrationSite(_ index: Int) -> DISite {
        var site = tokens.site(index)
        let runtime = runtimeBranches(at: index)
        if !runtime.isEmpty { site.branches += runtime }
        return site
    }

    /// Registrations clash only within one container: see `DIRegistration.container`.
    func container(receiver: String, shared: Bool) -> String {
        let base = baseContainer(receiver: receiver, shared: shared)
        if let reset = lastReset, reset.function == (enclosingFunction?.line ?? 0) { return base + "#\(reset.line)" }
        return base
    }

    private func baseContainer(receiver: String, shared: Bool) -> String {
        if shared { return "shared" }
        if let function = enclosingFunction, function.name == "assemble" { return "assembly" }
        if let first = receiver.first, first.isUppercase { return receiver }
        if let function = enclosingFunction {
            // `receiver@line:Owner.function`: a container local to a function (often its
            // parameter); `DIAnalysis` follows it to the callers' containers.
            let owner = scopes.isEmpty ? nil : type(enclosing: scopes.count - 1)?.name
            return "\(receiver.isEmpty ? "self" : receiver)@\(function.line):\(owner.map { $0 + "." } ?? "")\(function.name)"
        }
        return receiver.isEmpty ? "self" : receiver
    }

    /// `Type.function(label: container)` at `index` (the type name): records the pass
    /// when an argument is a plain identifier.
    mutating func recordContainerPass(at index: Int) {
        guard tokens.startsUppercase(index), tokens.isPunctuation(index + 1, UInt8(ascii: ".")), tokens.isName(index + 2),
              !tokens.startsUppercase(index + 2), tokens.isPunctuation(index + 3, UInt8(ascii: "(")),
              !tokens.isPunctuation(index - 1, UInt8(ascii: ".")), let close = tokens.partner(of: index + 3) else { return }
        var argument = index + 4
        while argument + 2 < close {
            if tokens.isName(argument), tokens.isPunctuation(argument + 1, UInt8(ascii: ":")), tokens.isName(argument + 2),
               tokens.isPunctuation(argument + 3, UInt8(ascii: ",")) || argument + 3 == close {
                let receiver = tokens.name(argument + 2)
                guard receiver.first?.isLowercase == true else { return }
                let caller = runningFunction
                facts.containerPasses.append(DIContainerPass(callee: tokens.name(index) + "." + tokens.name(index + 2),
                                                             container: container(receiver: receiver, shared: isInBootstrap),
                                                             line: Int(tokens.tokens[index].line),
                                                             function: caller?.name, functionLine: caller?.line))
                return
            }
            argument += 1
        }
    }

    /// Whether the call whose method name stands at `index` is the right side of `??`
    /// (`UnifiedDI.resolve(T.self) ?? UnifiedDI.register(T.self) { … }`): a fallback.
    func followsNilCoalescing(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0 && (tokens.isPunctuation(cursor, UInt8(ascii: ".")) || tokens.isName(cursor)) && index - cursor < 16 {
            cursor -= 1
        }
        return tokens.isOperator(cursor, "??")
    }

    /// `resolve(T.self[, name: "n"])` calls inside `body`.
    func resolvedKeys(in body: (open: Int, close: Int), methods: Set<String>) -> [DIKey] {
        var keys: [DIKey] = []
        var index = body.open + 1
        while index < body.close {
            if tokens.tokens[index].kind == .identifier, tokens.isPunctuation(index + 1, UInt8(ascii: "(")),
               methods.contains(tokens.name(index)), let metatype = tokens.metatype(at: index + 2) {
                keys.append(DIKey(metatype.type, name: name(inCallAt: index + 1)))
            }
            index += 1
        }
        return keys
    }

    /// The `name:` argument of a call.
    func name(inCallAt open: Int) -> String? {
        guard let value = tokens.argument("name", inCallAt: open), let close = tokens.closing(open) else { return nil }
        return tokens.literalOrText(at: value, close: close)
    }

    /// `.inObjectScope(.container)` after a registration.
    func objectScope(after end: Int) -> String? {
        var index = end + 1
        while tokens.isPunctuation(index, UInt8(ascii: ".")) && tokens.isName(index + 1) {
            if tokens.isWord(index + 1, "inObjectScope") || tokens.isWord(index + 1, "scope") {
                let open = index + 2
                guard tokens.isPunctuation(open, UInt8(ascii: "(")), let close = tokens.partner(of: open) else { return nil }
                return tokens.text(from: open + 1, through: close - 1).trimmingPrefixDot()
            }
            guard tokens.isPunctuation(index + 2, UInt8(ascii: "(")), let close = tokens.partner(of: index + 2) else { return nil }
            index = close + 1
        }
        return nil
    }
}

extension String {
    func trimmingPrefixDot() -> String { hasPrefix(".") ? String(dropFirst()) : self }
}
