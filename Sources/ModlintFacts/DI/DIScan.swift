import ModlintTokenizer

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
///
/// One pass over the tokens with a stack of `{ … }` scopes (types, functions, properties,
/// `bootstrap` closures): the loop is here, the declarations it labels in
/// `DIScan+Declarations.swift`, the calls and attributes it hands to the adapters in
/// `DIScan+Calls.swift`, and what the adapters ask about a registration's place (its
/// branches, container, access) in `DIScan+Context.swift`.
struct DIScan {
    let tokens: DITokens
    /// The file's adapters: the scan dispatches every shape through them.
    let adapters: DIAdapterSet
    var facts = DIFacts()

    /// The labelled scopes that are open, innermost last (unlabelled `{` are only counted
    /// in `braces`, which keeps the hot loop free of enum payloads).
    var scopes: [DIScope] = []
    /// One entry per open `{`: whether it pushed onto `scopes`.
    private var braces: [Bool] = []
    /// Scopes waiting for the `{` they label (a body's brace, seen from its header): a
    /// few at most, searched in place rather than hashed at every labelled brace.
    private var labels: [(brace: Int, scope: DIScope)] = []
    /// Open hand-rolled candidate factories: (closing brace, index in `containerCalls`);
    /// `recordCandidate` opens them, the loop closes them.
    var openCandidateBodies: [(close: Int, call: Int)] = []
    /// The last container reset (`UnifiedDI.releaseAll()`, `container.removeAll()`, a new
    /// `Container()`/`Assembler(…)`): the enclosing function's line and the reset's line.
    /// Set by `noteReset`, read by `container(receiver:shared:)`.
    var lastReset: (function: Int, line: Int)?
    /// Names this file declares as a table or collection view: found once, at the first
    /// call that asks (`isViewReceiver`).
    var viewNames: Set<String>?

    /// The scan stopped at a comment token: the caller scans again without comments.
    private(set) var sawComment = false
    /// Hand-rolled container types this file declares or extends (`AppContainer`): their
    /// `lazy var`s and `make…()` functions are registrations.
    let containerTypes: Set<String>

    init(source: TokenizedSource, tokens: [Token], adapters: DIAdapterSet, containerTypes: Set<String>, partners: BracketPartners? = nil) {
        self.tokens = DITokens(source: source, tokens: tokens, partners: partners)
        self.adapters = adapters
        self.containerTypes = containerTypes
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
                var index = 0
                while index < count {
                    let token = tokenBuffer[index]
                    if token.flags & structural == 0 && token.marks & marked == 0 {
                        index += 1
                        continue
                    }
                    if token.flags & structural != 0 {
                        visitStructural(token, at: index)
                        index += 1
                        continue
                    }
                    if token.kind == .comment {
                        sawComment = true
                        return
                    }
                    if token.kind == .identifier {
                        visitIdentifier(token, at: index, tokens: tokenBuffer, bytes: bytes)
                    }
                    index += 1
                }
            }
        }
    }

    /// A brace (scopes open and close) or a declaration keyword.
    @inline(__always)
    private mutating func visitStructural(_ token: Token, at index: Int) {
        if token.flags & Token.Flags.openBrace != 0 {
            // `UnifiedDI.register { FileLogger() as LoggerProtocol }` (no parenthesis).
            if !adapters.closureCallReaders.isEmpty && index > 1 && tokens.isPunctuation(index - 2, UInt8(ascii: "."))
                && tokens.isName(index - 1) {
                for adapter in adapters.closureCallReaders { adapter.closureCall(at: index - 1, scan: &self) }
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
    }

    /// An identifier the lexer marked: an attribute's name, a call's name, a marked word.
    @inline(__always)
    private mutating func visitIdentifier(_ token: Token, at index: Int, tokens tokenBuffer: UnsafeBufferPointer<Token>,
                                          bytes: UnsafeBufferPointer<UInt8>) {
        let count = tokenBuffer.count
        // `@Dependency`, `@DependencyClient`, `@Injected`, `@LazyInjected`,
        // `@WeakLazyInjected`, `@InjectedObject`.
        let length = token.length
        // (`afterAt`: the token right before is the `@`.)
        if token.marks & Token.Marks.afterAt != 0 && token.flags & Token.Flags.spaceBefore == 0 && length >= 3
            && bytes[Int(token.start)] >= UInt8(ascii: "A") && bytes[Int(token.start)] <= UInt8(ascii: "Z") {
            handleAttribute(at: index)
        }
        // `Feature.register(in: container)` (at `register`): only in files that import a
        // framework whose containers are passed on.
        let isCall = token.marks & Token.Marks.beforeParen != 0
        if isCall && adapters.passesContainers && index >= 2 && index + 2 < count {
            let owner = tokenBuffer[index - 2]
            if owner.kind == .identifier && tokenBuffer[index - 1].kind == .punctuation
                && bytes[Int(owner.start)] >= UInt8(ascii: "A") && bytes[Int(owner.start)] <= UInt8(ascii: "Z")
                && bytes[Int(tokenBuffer[index - 1].start)] == UInt8(ascii: ".") {
                recordContainerPass(at: index - 2)
            }
        }
        if isCall && adapters.passesContainers && (length == 5 || length >= 8 && length <= 15) {
            noteReset(at: index)
        }
        // `Assembler([A(), B()])`, `assembler.apply(assemblies: [A(), B()])`: calls an
        // adapter reads by name, found by their length first.
        if isCall && adapters.namedCallLengths & (1 << UInt64(length)) != 0 {
            for adapter in adapters.namedCallReaders { adapter.namedCall(at: index, scan: &self) }
        }
        // `UnifiedDI.register(\\.user) { … }`: calls whose first argument is a key path.
        if isCall && !adapters.keyPathCallReaders.isEmpty && index + 3 < count && tokenBuffer[index + 2].kind == .operator {
            handleKeyPathCall(at: index)
        }
        // A word an adapter marks (Factory 1.x's `static let x = Factory<T> { … }`,
        // WeaveDI's `bootstrap { … }`): the enabled adapters that mark it read it, and
        // nothing else does.
        if token.marks & Token.Marks.keyword != 0 && adapters.markedWordLengths & (1 << UInt64(length)) != 0,
           let word = markedWord(token, bytes: bytes) {
            for adapter in adapters.markedWordReaders where adapter.markedWords.contains(word) { adapter.markedWord(at: index, scan: &self) }
            return
        }
        // Token kinds and lengths first: the source bytes are read only for the few tokens
        // that pass, which keeps the loop out of the byte array. (`b` with 9 bytes is
        // `bootstrap`'s shape, a marked word read above: other calls of that shape go
        // straight to the metatype test.)
        if length == 3 || length == 4 || length == 9 || length == 12 {
            let first = bytes[Int(token.start)]
            switch first {
            case UInt8(ascii: "f") where length == 4, UInt8(ascii: "v") where length == 3,
                 UInt8(ascii: "l") where length == 9, UInt8(ascii: "t") where length == 9,
                 UInt8(ascii: "p") where length == 12, UInt8(ascii: "b") where length == 9:
                handleIdentifier(at: index)
                return
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
    }

    /// The adapter word (`DIAdapters.markedWords`) the token spells, if any.
    @inline(__always)
    private func markedWord(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let start = Int(token.start)
        let length = token.length
        for entry in DIAdapters.markedWords where entry.bytes.count == length {
            var offset = 0
            while offset < length && bytes[start + offset] == entry.bytes[offset] { offset += 1 }
            if offset == length { return entry.word }
        }
        return nil
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
        } else if tokens.isPunctuation(index + 1, UInt8(ascii: "(")), !tokens.tokens[index + 1].hasSpaceBefore,
                  let metatype = tokens.metatype(at: index + 2) {
            handleMetatypeCall(at: index, key: metatype.type, keyEnd: metatype.end)
        }
    }
}
