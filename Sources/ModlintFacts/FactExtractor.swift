import ModlintTokenizer

/// Turns a token stream into a `SourceSummary`.
///
/// One pass over the tokens with a stack of `{ … }` scopes. Only the few tokens that can
/// start a fact (`import`, `class`, `struct`, `enum`, `protocol`, `actor`, `extension`)
/// leave the hot loop; their attributes and modifiers are found by walking backwards,
/// their header by walking forwards. Strings, regexes and comments are single tokens (or
/// none), so nothing inside them can produce a fact.
///
/// Choices that a swift-syntax based oracle should mirror:
/// - A declaration's line and column are those of its first token: the first attribute
///   or modifier, else the keyword.
/// - Types declared inside function bodies or closures are reported; `enclosing` lists
///   only the enclosing *types* (functions are transparent).
/// - Inside an extension, the extended type's name as written, split at `.`, is the
///   enclosing path: `extension A.B { struct C {} }` gives `C` with enclosing `["A", "B"]`.
/// - Backticks are removed from names and import paths (`` `Type` `` → `Type`).
/// - A protocol's primary associated types (`protocol P<Element>`) are reported as its
///   `genericParameters`.
/// - `import`, `class`, `struct`, `enum`, `protocol`, `actor` and `extension` count only
///   at the start of a statement (after attributes and modifiers), so argument labels
///   (`f(import: 1)`, `init(class c: Int)`), members (`x.class`) and `class func` never
///   produce facts.
public enum FactExtractor {
    /// The words the passes act on: Swift's and those the DI adapters name. A source
    /// tokenized without it has no DI words marked, and the DI pass finds nothing there.
    public static var vocabulary: TokenizerVocabulary { DIAdapters.vocabulary }
    /// Tokenizer options for the passes.
    public static var tokenizerOptions: TokenizerOptions { TokenizerOptions(vocabulary: vocabulary) }

    public static func summarize(bytes: [UInt8]) -> SourceSummary {
        let source = TokenizedSource(bytes: bytes, options: tokenizerOptions)
        var summary = summarize(source)
        // Only a comment that starts with `modlint:` can be a directive: the lexer saw none
        // in nearly every file.
        if source.hints.suppressionDirective { summary.suppressions = SuppressionExtractor.extract(bytes: bytes) }
        return summary
    }

    /// Core facts plus what the DI, Spezi and reference extractors find in the same tokens.
    public static func summarize(_ source: TokenizedSource) -> SourceSummary {
        var (summary, mayDeclareContainer) = summarizeDeclarationsAndReferences(source)
        // One bracket table per file, built on first use by whichever pass needs it.
        let partners = BracketPartners(source: source, tokens: source.tokens)
        // The declarations are searched for a container type only where the declaration
        // pass saw a name that may be one (few files): every file searching cost 5 %.
        let containers = mayDeclareContainer ? HandRolledContainerAdapter.containerTypes(in: summary.declarations) : []
        let imports = summary.imports
        summary.di = DIExtractor.extract(source, imports: imports, containers: containers, partners: partners)
        summary.spezi = SpeziExtractor.extract(source, imports: summary.imports, partners: partners)
        return summary
    }

    /// Imports, declarations, lexer problems and type references. Where no comment was
    /// kept, one walk over the stops serves both passes: the reference pass visits every
    /// structural token, and hands each to the declaration pass.
    /// Also whether a class, struct or actor name may be a hand-rolled container's
    /// (`HandRolledContainerAdapter.isContainerName`, by its last byte).
    static func summarizeDeclarationsAndReferences(_ source: TokenizedSource) -> (SourceSummary, mayDeclareContainer: Bool) {
        guard !source.keepsComments else {
            var summary = summarizeDeclarations(source)
            summary.typeReferences = TypeReferenceExtractor.extract(source)
            return (summary, true)
        }
        var summary = emptySummary(source)
        var mayDeclareContainer = false
        source.bytes.withUnsafeBufferPointer { bytes in
            source.tokens.withUnsafeBufferPointer { tokens in
                source.stops.withUnsafeBufferPointer { stops in
                    guard let byteBase = bytes.baseAddress, let tokenBase = tokens.baseAddress, let stopBase = stops.baseAddress else { return }
                    var extraction = Extraction(source: source, bytes: byteBase, byteCount: bytes.count,
                                                tokens: tokenBase, count: tokens.count, stops: stopBase, stopCount: stops.count)
                    summary.typeReferences = TypeReferenceExtractor.extract(
                        bytes: byteBase, byteCount: bytes.count, tokens: tokenBase, count: tokens.count,
                        stops: stopBase, stopCount: stops.count, lineStarts: source.lineStarts,
                        capacity: source.hints.capitalNames, visiting: &extraction)
                    summary.imports = extraction.imports.withExactCapacity()
                    summary.declarations = extraction.declarations.withExactCapacity()
                    mayDeclareContainer = extraction.mayDeclareContainer
                }
            }
        }
        return (summary, mayDeclareContainer)
    }

    private static func emptySummary(_ source: TokenizedSource) -> SourceSummary {
        var summary = SourceSummary(lineCount: source.lineCount, byteCount: source.bytes.count)
        // Assigning boxes the summary's rare fields: only when there is a problem to keep.
        if !source.diagnostics.isEmpty {
            summary.problems = source.diagnostics.map {
                SourceProblem(message: $0.kind.rawValue, line: $0.line, column: $0.column)
            }
        }
        return summary
    }

    /// Imports, declarations and lexer problems only.
    public static func summarizeDeclarations(_ source: TokenizedSource) -> SourceSummary {
        var summary = emptySummary(source)
        var tokens = source.tokens
        // The lexer's stops index its own tokens: with comments filtered out, every token
        // is visited instead.
        var stops = source.stops
        if source.keepsComments && source.tokens.contains(where: { $0.kind == .comment }) {
            tokens = tokens.filter { $0.kind != .comment }
            stops = Array(0..<Int32(truncatingIfNeeded: tokens.count))
        }
        source.bytes.withUnsafeBufferPointer { bytes in
            tokens.withUnsafeBufferPointer { tokens in
                stops.withUnsafeBufferPointer { stops in
                    guard let byteBase = bytes.baseAddress, let tokenBase = tokens.baseAddress, let stopBase = stops.baseAddress else { return }
                    var extraction = Extraction(source: source, bytes: byteBase, byteCount: bytes.count,
                                                tokens: tokenBase, count: tokens.count, stops: stopBase, stopCount: stops.count)
                    extraction.run()
                    summary.imports = extraction.imports.withExactCapacity()
                    summary.declarations = extraction.declarations.withExactCapacity()
                }
            }
        }
        return summary
    }
}

/// The state of one extraction pass. Its helpers are `mutating` even where they change
/// nothing: a non-mutating call passes this struct by value, which the compiler did with a
/// copy of all of it (168 bytes) before every call, several per declaration.
private struct Extraction: RawTokenCursor, StructuralTokenVisitor {
    let source: TokenizedSource
    let bytes: UnsafePointer<UInt8>
    let byteCount: Int
    let tokens: UnsafePointer<Token>
    let count: Int
    /// Indices of every token the main loop may act on (each structural one among them).
    let stops: UnsafePointer<Int32>
    let stopCount: Int
    /// Whether the file has an `#if`: read once, not through `source` at every lookup.
    let hasConditions: Bool

    var imports: [ImportFact] = []
    var declarations: [TypeDeclaration] = []
    /// A class, struct or actor whose name ends like a hand-rolled container's
    /// (`…Container`, `…Dependencies`, `…Root`, `…Locator`): the DI pass looks closer.
    var mayDeclareContainer = false

    /// One entry per open `{`: how many names it pushed onto `typeNames`.
    private var scopes: [Int] = []
    /// Names of the enclosing types, outermost first.
    private var typeNames: [String] = []
    private var conditionDescriptions: [Int32: String] = [:]
    private var lastConditionID: Int32 = 0
    private var lastCondition = ""

    init(source: TokenizedSource, bytes: UnsafePointer<UInt8>, byteCount: Int, tokens: UnsafePointer<Token>, count: Int,
         stops: UnsafePointer<Int32>, stopCount: Int) {
        self.source = source
        self.bytes = bytes
        self.byteCount = byteCount
        self.tokens = tokens
        self.count = count
        self.stops = stops
        self.stopCount = stopCount
        self.hasConditions = !source.conditions.runs.isEmpty
    }

    // MARK: - Main loop

    mutating func run() {
        // Only structural tokens matter here: the loop jumps from stop to stop, and a
        // declaration's handler says where to go on from.
        var stop = 0
        while stop < stopCount {
            let index = Int(stops[stop])
            stop += 1
            if tokens[index].flags & Token.Flags.structural != 0 { visitStructural(at: index) }
        }
    }

    /// Where the last declaration's handler said to go on from: structural tokens before
    /// it belong to that declaration.
    private var resume = 0

    /// One structural token, in order (from `run`, or from the reference pass).
    @inline(__always)
    mutating func visitStructural(at index: Int) {
        if index < resume { return }
        let flags = tokens[index].flags
        if flags & Token.Flags.openBrace != 0 {
            scopes.append(0)
            return
        }
        if flags & Token.Flags.closeBrace != 0 {
            if let pushed = scopes.popLast(), pushed > 0 {
                typeNames.removeLast(min(pushed, typeNames.count))
            }
            return
        }
        let token = tokens[index]
        switch bytes[Int(token.start)] {
        case UInt8(ascii: "i"): resume = handleImport(at: index)
        case UInt8(ascii: "c"): resume = handleType(.class, at: index)
        case UInt8(ascii: "s"): resume = handleType(.struct, at: index)
        case UInt8(ascii: "e"): resume = handleType(token.length == 4 ? .enum : .extension, at: index)
        case UInt8(ascii: "p"): resume = handleType(.protocol, at: index)
        case UInt8(ascii: "a"): resume = handleType(.actor, at: index)
        case UInt8(ascii: "t"): resume = handleType(.typealias, at: index)
        default: break
        }
    }

    // MARK: - Token helpers

    /// The tokens `first...last` as written, every run of white space or comments folded
    /// to one space.
    mutating func foldedText(_ first: Int, _ last: Int) -> String {
        guard first <= last else { return "" }
        // The bytes are counted first and copied once, straight into the string.
        var length = 0
        var index = first
        while index <= last {
            length += tokens[index].length + (index > first && tokens[index].hasSpaceBefore ? 1 : 0)
            index += 1
        }
        let text = String(unsafeUninitializedCapacity: length) { buffer in
            var offset = 0
            var index = first
            while index <= last {
                let token = tokens[index]
                if index > first && token.hasSpaceBefore {
                    buffer[offset] = UInt8(ascii: " ")
                    offset += 1
                }
                (buffer.baseAddress! + offset).update(from: bytes + Int(token.start), count: token.length)
                offset += token.length
                index += 1
            }
            return offset
        }
        return text
    }

    /// The `#if` clause of `token`: `0` in every file without one, without a lookup.
    @inline(__always)
    func conditionID(of token: Token) -> Int32 {
        hasConditions ? source.conditions.condition(of: token) : 0
    }

    mutating func condition(_ id: Int32) -> String? {
        guard id > 0 else { return nil }
        // A file's declarations mostly share one `#if` clause (a whole file wrapped in
        // `#if canImport(UIKit)`): the last answer first, then the dictionary.
        if id == lastConditionID { return lastCondition }
        let description: String?
        if let cached = conditionDescriptions[id] {
            description = cached
        } else {
            description = source.conditions.description(of: id)
            conditionDescriptions[id] = description ?? ""
        }
        lastConditionID = id
        lastCondition = description ?? ""
        return description
    }

    mutating func isAccessModifier(_ token: Token) -> AccessLevel? {
        guard token.kind == .identifier else { return nil }
        switch token.length {
        case 4: return matches(token, "open") ? .open : nil
        case 6: return matches(token, "public") ? .public : nil
        case 7:
            if matches(token, "private") { return .private }
            return matches(token, "package") ? .package : nil
        case 8: return matches(token, "internal") ? .internal : nil
        case 11: return matches(token, "fileprivate") ? .fileprivate : nil
        default: return nil
        }
    }

    /// Declaration modifiers that may precede a type or an import (besides access levels).
    mutating func isOtherModifier(_ token: Token) -> Bool {
        guard token.kind == .identifier else { return false }
        return matches(token, "final") || matches(token, "indirect") || matches(token, "nonisolated")
            || matches(token, "distributed") || matches(token, "dynamic") || matches(token, "static")
            || matches(token, "override") || matches(token, "required") || matches(token, "convenience")
            || matches(token, "unowned") || matches(token, "weak") || matches(token, "lazy")
    }

    /// Keywords and modifiers that follow `class` when it is a modifier (`class func`,
    /// `class override var`) rather than a declaration.
    /// True when the operator token at `index` is exactly `=`.
    func isOperatorEquals(_ index: Int) -> Bool {
        tokens[index].length == 1 && bytes[Int(tokens[index].start)] == UInt8(ascii: "=")
    }

    mutating func followsClassModifier(_ token: Token) -> Bool {
        if isAccessModifier(token) != nil || isOtherModifier(token) { return true }
        return matches(token, "func") || matches(token, "var") || matches(token, "let") || matches(token, "subscript")
            || matches(token, "init") || matches(token, "deinit") || matches(token, "typealias") || matches(token, "mutating")
            || matches(token, "nonmutating") || matches(token, "prefix") || matches(token, "postfix") || matches(token, "infix")
            || matches(token, "optional") || matches(token, "isolated") || matches(token, "borrowing") || matches(token, "consuming")
    }

    // MARK: - Declaration prefix (attributes and modifiers, found backwards)

    struct Prefix {
        /// Index of the first token of the declaration.
        var first: Int
        /// `(name token, last token of the attribute)`, in source order.
        var attributes: [(name: Int, last: Int)] = []
        var accessLevel: AccessLevel?
    }

    /// Walks back from the keyword at `keyword` over attributes and modifiers.
    mutating func declarationPrefix(before keyword: Int) -> Prefix {
        var result = Prefix(first: keyword)
        let condition = conditionID(of: tokens[keyword])
        var index = keyword - 1
        var attributes: [(name: Int, last: Int)] = []
        while index >= 0 && conditionID(of: tokens[index]) == condition {
            let token = tokens[index]
            if token.kind == .identifier {
                if isPunctuation(index - 1, UInt8(ascii: "@")) {
                    attributes.append((index, index))
                    index -= 2
                    result.first = index + 1
                    continue
                }
                if let level = isAccessModifier(token) {
                    result.accessLevel = level
                    index -= 1
                    result.first = index + 1
                    continue
                }
                if isOtherModifier(token) {
                    index -= 1
                    result.first = index + 1
                    continue
                }
                break
            }
            if isPunctuation(index, UInt8(ascii: ")")) {
                guard let open = matchingOpenParen(before: index), open >= 1, tokens[open - 1].kind == .identifier else { break }
                let name = open - 1
                if isPunctuation(name - 1, UInt8(ascii: "@")) {
                    attributes.append((name, index))
                    index = name - 2
                    result.first = index + 1
                    continue
                }
                if isAccessModifier(tokens[name]) != nil || matches(tokens[name], "nonisolated") || matches(tokens[name], "unowned") {
                    // `private(set)`, `nonisolated(unsafe)`: not the declaration's access.
                    index = name - 1
                    result.first = index + 1
                    continue
                }
                break
            }
            break
        }
        result.attributes = attributes.reversed()
        return result
    }

    /// The `(` matching the `)` at `close`, looking back at most a few hundred tokens and
    /// never across braces or semicolons.
    mutating func matchingOpenParen(before close: Int) -> Int? {
        var depth = 0
        var index = close
        let limit = max(0, close - 512)
        while index >= limit {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch bytes[Int(token.start)] {
                case UInt8(ascii: ")"): depth += 1
                case UInt8(ascii: "("):
                    depth -= 1
                    if depth == 0 { return index }
                case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): return nil
                default: break
                }
            }
            index -= 1
        }
        return nil
    }

    /// True when the declaration starting at `first` begins a statement.
    mutating func startsStatement(_ first: Int) -> Bool {
        guard first > 0 else { return true }
        let previous = tokens[first - 1]
        if previous.kind == .punctuation {
            let byte = bytes[Int(previous.start)]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") { return true }
            // `case .x:` / `default:` end a label: a declaration on the next line starts a
            // statement of the case body.
            if byte == UInt8(ascii: ":") { return tokens[first].isAtLineStart }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@") {
                return false
            }
        }
        return tokens[first].isAtLineStart
    }

    // MARK: - Imports

    /// Handles `import` at `keyword`; returns the index to continue from.
    mutating func handleImport(at keyword: Int) -> Int {
        var index = keyword + 1
        guard index < count else { return index }
        var kind = ImportKind.module
        if tokens[index].kind == .identifier, isName(index + 1), let declarationKind = importKind(tokens[index]) {
            kind = declarationKind
            index += 1
        }
        guard isName(index) else { return keyword + 1 }
        let prefix = declarationPrefix(before: keyword)
        guard startsStatement(prefix.first) else { return keyword + 1 }
        var path = [self.name(tokens[index])]
        index += 1
        while index + 1 < count && isPunctuation(index, UInt8(ascii: ".")) {
            let next = tokens[index + 1]
            guard next.kind == .identifier || next.kind == .backtickIdentifier || next.kind == .operator else { break }
            path.append(self.name(next))
            index += 2
        }
        let first = tokens[prefix.first]
        let clause = conditionID(of: first)
        let attributes = prefix.attributes.map { foldedText($0.name, $0.last) }
        imports.append(ImportFact(
            module: path[0], path: path, kind: kind, attributes: attributes, accessLevel: prefix.accessLevel,
            condition: condition(clause), conditionID: clause,
            line: Int(first.line), column: source.column(of: first)
        ))
        return index
    }

    mutating func importKind(_ token: Token) -> ImportKind? {
        switch token.length {
        case 3:
            if matches(token, "let") { return .let }
            if matches(token, "var") { return .var }
        case 4:
            if matches(token, "func") { return .func }
            if matches(token, "enum") { return .enum }
        case 5: if matches(token, "class") { return .class }
        case 6: if matches(token, "struct") { return .struct }
        case 8: if matches(token, "protocol") { return .protocol }
        case 9: if matches(token, "typealias") { return .typealias }
        default: break
        }
        return nil
    }

    // MARK: - Type declarations

    /// Records a declaration whose modifiers and attributes `prefix` read, at its first one.
    mutating func appendDeclaration(_ kind: DeclarationKind, name: String, prefix: Prefix, inheritance: [String], genericParameters: String?) {
        let first = tokens[prefix.first]
        let clause = conditionID(of: first)
        declarations.append(TypeDeclaration(
            kind: kind, name: name, enclosing: typeNames, accessLevel: prefix.accessLevel,
            inheritance: inheritance, genericParameters: genericParameters,
            attributes: prefix.attributes.map { self.name(tokens[$0.name]) },
            condition: condition(clause), conditionID: clause,
            line: Int(first.line), column: source.column(of: first)
        ))
    }

    /// Handles a type keyword at `keyword`; returns the index to continue from (past the
    /// body's `{` when one was found, with the type's scope pushed).
    mutating func handleType(_ kind: DeclarationKind, at keyword: Int) -> Int {
        let nameIndex = keyword + 1
        guard nameIndex < count, startsTypeName(kind, at: nameIndex) else { return keyword + 1 }
        let prefix = declarationPrefix(before: keyword)
        guard startsStatement(prefix.first) else { return keyword + 1 }

        var index = nameIndex
        let name: String
        // An extension's components (`A.B` → `A`, `B`); empty where the one component is
        // `name` (every other type: no array per declaration).
        var nameComponents: [String] = []
        var genericParameters: String?
        let nameToken = tokens[nameIndex]
        if kind == .extension {
            name = extendedType(from: &index, components: &nameComponents)
        } else {
            name = self.name(nameToken)
            index += 1
            if index < count && tokens[index].kind == .operator && bytes[Int(tokens[index].start)] == UInt8(ascii: "<") {
                if let close = closingAngle(from: index) {
                    genericParameters = foldedText(index, close)
                    index = close + 1
                }
            }
        }

        // A typealias has no body: its `inheritance` is the aliased type, as written
        // (`typealias UserCache = Cache<User>` → `["Cache<User>"]`), up to the line's end.
        if kind == .typealias {
            appendDeclaration(kind, name: name, prefix: prefix, inheritance: aliasedType(at: index), genericParameters: genericParameters)
            return max(index, keyword + 1)
        }

        // Inheritance list, then an optional `where` clause, then the body.
        let (inheritance, bodyIndex) = inheritanceClause(from: &index)
        if (kind == .class || kind == .struct || kind == .actor) && nameToken.length >= 9 {
            let last = bytes[Int(nameToken.start) + Int(nameToken.length) - 1]
            if last == UInt8(ascii: "r") || last == UInt8(ascii: "s") || last == UInt8(ascii: "t") { mayDeclareContainer = true }
        }
        appendDeclaration(kind, name: name, prefix: prefix, inheritance: inheritance, genericParameters: genericParameters)
        guard let body = bodyIndex else { return max(index, keyword + 1) }
        if nameComponents.isEmpty {
            scopes.append(1)
            typeNames.append(name)
        } else {
            scopes.append(nameComponents.count)
            typeNames.append(contentsOf: nameComponents)
        }
        return body + 1
    }

    /// Whether the token after a type keyword can be the declared name: a name, `[` or `(`
    /// (`extension [Int]`) after `extension`; after the other keywords a name that does
    /// not make the keyword a modifier (`class func`) or a closure parameter (`{ actor in`).
    @inline(__always)
    mutating func startsTypeName(_ kind: DeclarationKind, at nameIndex: Int) -> Bool {
        let nameToken = tokens[nameIndex]
        if kind == .extension {
            return nameToken.kind == .identifier || nameToken.kind == .backtickIdentifier
                || isPunctuation(nameIndex, UInt8(ascii: "[")) || isPunctuation(nameIndex, UInt8(ascii: "("))
        }
        guard nameToken.kind == .identifier || nameToken.kind == .backtickIdentifier else { return false }
        if kind == .class && nameToken.kind == .identifier && followsClassModifier(nameToken) { return false }
        // `{ actor in … }`: a closure parameter named like the keyword.
        if nameToken.kind == .identifier && matches(nameToken, "in") { return false }
        return true
    }

    /// The extended type from `index`, as written: up to `:`, `where` or `{` outside
    /// brackets, where `index` stops. Its dotted components are added to `components`.
    mutating func extendedType(from index: inout Int, components: inout [String]) -> String {
        let start = index
        var depth = 0
        var componentStart = index
        while index < count {
            let token = tokens[index]
            if depth == 0 && (isPunctuation(index, UInt8(ascii: ":")) || isPunctuation(index, UInt8(ascii: "{"))
                || isPunctuation(index, UInt8(ascii: "}")) || isPunctuation(index, UInt8(ascii: ";"))
                || (token.kind == .identifier && matches(token, "where"))) {
                break
            }
            if depth == 0 && isPunctuation(index, UInt8(ascii: ".")) && index > componentStart {
                components.append(componentText(componentStart, index - 1))
                componentStart = index + 1
            }
            depth += depthChange(token)
            if depth < 0 { break }
            index += 1
        }
        if index > componentStart {
            components.append(componentText(componentStart, index - 1))
        }
        return index > start ? foldedText(start, index - 1) : ""
    }

    /// A typealias's aliased type after its `=` at `index`, as written, to the line's end
    /// (at most 256 tokens); empty without one.
    mutating func aliasedType(at index: Int) -> [String] {
        guard index < count && tokens[index].kind == .operator && isOperatorEquals(index) else { return [] }
        let start = index + 1
        var end = start
        var depth = 0
        while end < count && (end == start || !tokens[end].isAtLineStart || depth > 0) && end < start + 256 {
            if depth == 0 && (isPunctuation(end, UInt8(ascii: ";")) || isPunctuation(end, UInt8(ascii: "}"))
                || isPunctuation(end, UInt8(ascii: "{"))) { break }
            depth += depthChange(tokens[end])
            if depth < 0 { break }
            end += 1
        }
        return end > start ? [foldedText(start, end - 1)] : []
    }

    /// The inheritance list from `index` (at its `:`, or at a `where` clause or the body),
    /// then the `where` clause; `index` stops at the body's `{` (returned too) or where the
    /// declaration ends without one (at most 4096 tokens on).
    mutating func inheritanceClause(from index: inout Int) -> (inheritance: [String], body: Int?) {
        var inheritance: [String] = []
        var bodyIndex: Int?
        var inWhere = false
        if isPunctuation(index, UInt8(ascii: ":")) {
            index += 1
        } else {
            inWhere = true // no list: only a `where` clause may come before the body
        }
        var entryStart = index
        var depth = 0
        let limit = min(count, index + 4096)
        while index < limit {
            let token = tokens[index]
            if depth == 0 && token.kind == .punctuation {
                let byte = bytes[Int(token.start)]
                if byte == UInt8(ascii: "{") {
                    bodyIndex = index
                    break
                }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") { break }
                if byte == UInt8(ascii: ",") && !inWhere {
                    if index > entryStart { inheritance.append(foldedText(entryStart, index - 1)) }
                    entryStart = index + 1
                    index += 1
                    continue
                }
            }
            if depth == 0 && !inWhere && token.kind == .identifier && matches(token, "where") {
                if index > entryStart { inheritance.append(foldedText(entryStart, index - 1)) }
                inWhere = true
            }
            depth += depthChange(token)
            if depth < 0 { break }
            index += 1
        }
        if !inWhere && index > entryStart {
            inheritance.append(foldedText(entryStart, index - 1))
        }
        return (inheritance, bodyIndex)
    }

    /// Text of one component of a dotted extended-type name, backticks removed when it
    /// is a single token.
    mutating func componentText(_ first: Int, _ last: Int) -> String {
        first == last ? self.name(tokens[first]) : foldedText(first, last)
    }

    /// Bracket depth change of a token: `(`/`[`/`<` open, `)`/`]`/`>` close (`->` aside).
    @inline(__always)
    func depthChange(_ token: Token) -> Int {
        switch token.kind {
        case .punctuation:
            switch bytes[Int(token.start)] {
            case UInt8(ascii: "("), UInt8(ascii: "["): return 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): return -1
            default: return 0
            }
        case .operator:
            return angleChange(token)
        default:
            return 0
        }
    }

    /// The token that closes the generic clause opened at `open`.
    mutating func closingAngle(from open: Int) -> Int? {
        var depth = 0
        var index = open
        let limit = min(count, open + 1024)
        while index < limit {
            let token = tokens[index]
            if token.kind == .punctuation {
                let byte = bytes[Int(token.start)]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") { return nil }
            }
            depth += depthChange(token)
            if depth <= 0 { return index }
            index += 1
        }
        return nil
    }
}
