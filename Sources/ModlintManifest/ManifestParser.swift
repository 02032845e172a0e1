import ModlintTokenizer

/// Recursive-descent parser over the active tokens of a manifest. Nesting is limited to
/// `maxDepth`; deeper input is skipped iteratively and reported.
struct ManifestParser: BracketReader {
    static let maxDepth = 64

    let source: TokenizedSource
    let tokens: [Token]
    /// Bracket partners of the active tokens, for skipping what the parser does not read.
    let partners: BracketPartners
    var bytes: [UInt8] { source.bytes }
    var index = 0
    var depth = 0
    var notes: [(String, SourcePos)] = []
    private var reportedDepth = false

    init(source: TokenizedSource, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
        self.partners = BracketPartners(source: source, tokens: tokens)
    }

    // MARK: - Token helpers

    var atEnd: Bool { index >= tokens.count }
    var current: Token? { index < tokens.count ? tokens[index] : nil }

    /// Where this source stands in a larger one: a Tuist manifest is parsed on its own but
    /// reported after its helpers, which were parsed once for every manifest.
    var lineOffset: Int32 = 0
    var byteOffset: Int32 = 0

    func pos(_ token: Token) -> SourcePos { SourcePos(line: token.line + lineOffset, offset: token.start + byteOffset) }
    var currentPos: SourcePos {
        if let token = current { return pos(token) }
        if let last = tokens.last { return SourcePos(line: last.line + lineOffset, offset: last.end + byteOffset) }
        return .none
    }

    /// Token-valued forms of the toolkit's tests, for the parser's `current`/`peek`.
    func isPunct(_ token: Token?, _ byte: UInt8) -> Bool {
        guard let token, token.kind == .punctuation || token.kind == .operator else { return false }
        return source.isByte(token, byte)
    }

    func isKeyword(_ token: Token?, _ word: StaticString) -> Bool {
        guard let token, token.kind == .identifier else { return false }
        return source.matches(token, word)
    }

    func isOperator(_ token: Token?, _ word: StaticString) -> Bool {
        guard let token, token.kind == .operator else { return false }
        return source.matches(token, word)
    }

    /// `Set<String>()`, `Array<Target.Dependency>.init`: a type's generic arguments, right
    /// after its capitalised name and followed by `(` or `.`, are skipped (a comparison
    /// `a < b` has spaces, or a lower-case name, or no closing `>` before `(`).
    mutating func skipGenericArguments(after name: Token) {
        guard let open = current, open.kind == .operator, source.matches(open, "<"), !open.hasSpaceBefore,
              let first = source.bytes[Int(name.start)...].first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") else { return }
        var cursor = index + 1
        var depth = 1
        while cursor < tokens.count && cursor < index + 64 {
            let token = tokens[cursor]
            if token.kind == .operator {
                let text = source.text(token)
                if text.allSatisfy({ $0 == ">" }) {
                    depth -= text.count
                } else if text == "<" {
                    depth += 1
                } else if text != "?" && text != "!" && text != "." {
                    return
                }
            } else if token.kind == .punctuation && !isPunct(token, UInt8(ascii: ".")) && !isPunct(token, UInt8(ascii: ","))
                        && !isPunct(token, UInt8(ascii: "[")) && !isPunct(token, UInt8(ascii: "]")) && !isPunct(token, UInt8(ascii: ":")) {
                return
            }
            cursor += 1
            if depth <= 0 { break }
        }
        guard depth == 0, cursor < tokens.count, isPunct(tokens[cursor], UInt8(ascii: "(")) || isPunct(tokens[cursor], UInt8(ascii: ".")) else { return }
        index = cursor
    }

    func identifierName(_ token: Token) -> String? {
        switch token.kind {
        case .identifier:
            return source.text(token)
        case .backtickIdentifier:
            let text = source.text(token)
            return String(text.dropFirst().dropLast())
        default:
            return nil
        }
    }

    mutating func note(_ message: String, _ pos: SourcePos) {
        notes.append((message, pos))
    }

    /// Skips to just after the next bracketed group (its opening bracket is the current
    /// token or a later one); an unclosed group runs to the end, a stray closer is skipped.
    mutating func skipBalanced() {
        while let token = current {
            if let partner = partner(of: index) {
                index = max(partner, index) + 1
                return
            }
            if token.kind == .punctuation {
                switch source.bytes[Int(token.start)] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    index = tokens.count
                    return
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    index += 1
                    return
                default:
                    break
                }
            }
            index += 1
        }
    }

    /// Skips to the start of the next statement: the next token at the start of a line at
    /// bracket depth 0, or an unmatched closing brace (not consumed).
    mutating func skipStatement(from start: Int) {
        index = nextTopLevel(from: index) { at in
            (at > start && tokens[at].isAtLineStart && !isPunctuation(at, UInt8(ascii: "."))) || isPunctuation(at, UInt8(ascii: ";"))
        }
        if isPunctuation(index, UInt8(ascii: ";")) { index += 1 }
    }

    // MARK: - Statements

    /// Parses statements until the end or an unmatched `}` (not consumed).
    mutating func parseStatements(stopAtCase: Bool = false) -> [Stmt] {
        var statements: [Stmt] = []
        while let token = current {
            if isPunct(token, UInt8(ascii: "}")) { break }
            if stopAtCase && (isKeyword(token, "case") || isKeyword(token, "default") || isPunct(token, UInt8(ascii: "@"))) { break }
            if isPunct(token, UInt8(ascii: ";")) {
                index += 1
                continue
            }
            let start = index
            if let statement = parseStatement() {
                statements.append(statement)
            }
            if index == start { index += 1 }
        }
        return statements
    }

    /// `{ statements }` — consumes both braces.
    mutating func parseBlock() -> [Stmt] {
        guard isPunct(current, UInt8(ascii: "{")) else {
            note("expected '{'", currentPos)
            return []
        }
        if depth >= ManifestParser.maxDepth {
            tooDeep()
            skipBalanced()
            return []
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        let body = parseStatements()
        if isPunct(current, UInt8(ascii: "}")) { index += 1 }
        return body
    }

    mutating func tooDeep() {
        if !reportedDepth {
            reportedDepth = true
            note("nesting deeper than \(ManifestParser.maxDepth) levels is not evaluated", currentPos)
        }
    }

    mutating func parseStatement() -> Stmt? {
        let start = index
        guard let (token, isStatic) = skipAttributesAndModifiers() else { return nil }
        let pos = self.pos(token)
        if token.kind == .identifier {
            if source.matches(token, "import") {
                skipStatement(from: index)
                return nil
            }
            if source.matches(token, "let") || source.matches(token, "var") {
                return parseBinding(isStatic: isStatic, pos: pos)
            }
            if source.matches(token, "func") {
                return parseFunction(isStatic: isStatic)
            }
            if source.matches(token, "extension") || source.matches(token, "struct") || source.matches(token, "enum")
                || source.matches(token, "class") || source.matches(token, "actor") || source.matches(token, "protocol") {
                return parseTypeDecl()
            }
            if source.matches(token, "if") {
                return parseIf()
            }
            if source.matches(token, "guard") {
                return parseGuard(pos: pos)
            }
            if source.matches(token, "for") {
                return parseFor(pos: pos)
            }
            if source.matches(token, "return") {
                return parseReturn(pos: pos)
            }
            if source.matches(token, "init") {
                // An initialiser of the manifest's own type (a helper's `struct Module`):
                // its defaults and assignments make the value.
                return parseFunction(isStatic: false, initializer: true)
            }
            if source.matches(token, "case") {
                return parseEnumCases(from: start)
            }
            if source.matches(token, "typealias") || source.matches(token, "subscript") || source.matches(token, "associatedtype") {
                // Type aliases: no manifest content.
                index += 1
                skipStatement(from: index - 1)
                return nil
            }
            if source.matches(token, "switch") {
                return parseSwitch(pos: pos)
            }
            if source.matches(token, "while") || source.matches(token, "repeat")
                || source.matches(token, "do") || source.matches(token, "defer") {
                let word = source.text(token)
                skipStatement(from: start)
                return .unsupported("'\(word)' statement is not evaluated", pos)
            }
        }
        if token.kind == .poundIdentifier {
            skipStatement(from: start)
            return .unsupported("'\(source.text(token))' is not evaluated", pos)
        }
        let expr = parseExpr()
        if let op = current, op.kind == .operator, isAssignmentOperator(op) {
            let opText = source.text(op)
            index += 1
            let value = parseExpr()
            return .assign(op: opText, target: expr, value: value, pos: pos)
        }
        return .expr(expr)
    }

    /// Skips the attributes (`@MainActor`, `@available(…)`) and modifiers (`public`,
    /// `private(set)`, `static`…) before a statement: the token after them, and whether
    /// `static` or `class` was among them; `nil` when the tokens end first.
    mutating func skipAttributesAndModifiers() -> (token: Token, isStatic: Bool)? {
        guard var token = current else { return nil }
        var isStatic = false
        while true {
            if isPunct(token, UInt8(ascii: "@")) {
                index += 1
                if current != nil { index += 1 }
                if isPunct(current, UInt8(ascii: "(")) && !(current!.hasSpaceBefore) { skipBalanced() }
            } else if token.kind == .identifier,
                      source.matches(token, "public") || source.matches(token, "private") || source.matches(token, "fileprivate")
                        || source.matches(token, "internal") || source.matches(token, "static") || source.matches(token, "final")
                        || source.matches(token, "nonisolated") || source.matches(token, "class") && isDeclKeyword(index + 1)
                        || source.matches(token, "package") && isDeclKeyword(index + 1)
                        || source.matches(token, "indirect") || source.matches(token, "lazy") || source.matches(token, "override")
                        || source.matches(token, "mutating") {
                if source.matches(token, "static") || source.matches(token, "class") { isStatic = true }
                index += 1
                if isPunct(current, UInt8(ascii: "(")) { skipBalanced() } // private(set)
            } else {
                return (token, isStatic)
            }
            guard let next = current else { return nil }
            token = next
        }
    }

    /// `guard conditions else { body }`.
    mutating func parseGuard(pos: SourcePos) -> Stmt {
        index += 1 // guard
        let conditions = parseConditions()
        if isKeyword(current, "else") { index += 1 }
        let body = parseBlock()
        return .guardStmt(conditions: conditions, elseBody: body, pos: pos)
    }

    /// `return` and its value, when one follows on the same line.
    mutating func parseReturn(pos: SourcePos) -> Stmt {
        index += 1 // return
        if let next = current, !next.isAtLineStart, !isPunct(next, UInt8(ascii: "}")), !isPunct(next, UInt8(ascii: ";")) {
            return .returnStmt(parseExpr(), pos)
        }
        return .returnStmt(nil, pos)
    }

    func isDeclKeyword(_ at: Int) -> Bool {
        guard at < tokens.count, tokens[at].kind == .identifier else { return false }
        let t = tokens[at]
        return source.matches(t, "func") || source.matches(t, "let") || source.matches(t, "var") || source.matches(t, "struct")
            || source.matches(t, "enum") || source.matches(t, "class") || source.matches(t, "extension") || source.matches(t, "static")
            || source.matches(t, "final") || source.matches(t, "import")
    }

    func isAssignmentOperator(_ token: Token) -> Bool {
        let length = token.length
        guard length >= 1, source.bytes[Int(token.end) - 1] == UInt8(ascii: "=") else { return false }
        if length == 1 { return true }
        if length == 2 {
            let first = source.bytes[Int(token.start)]
            return first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "/")
        }
        return source.matches(token, "&&=") || source.matches(token, "||=")
    }

    mutating func parseBinding(isStatic: Bool, pos: SourcePos) -> Stmt? {
        index += 1 // let / var
        guard let nameToken = current, let name = identifierName(nameToken) else {
            skipStatement(from: index - 1)
            return .unsupported("binding pattern is not evaluated", pos)
        }
        index += 1
        var annotation: String?
        if isPunct(current, UInt8(ascii: ":")) {
            index += 1
            let typeStart = index
            skipType()
            annotation = typeName(typeStart, index)
        }
        if isOperator(current, "=") {
            index += 1
            let value = Self.initializing(parseExpr(), as: annotation)
            var result: Stmt = .binding(name: name, isStatic: isStatic, value: value, getter: nil, pos: pos)
            // `let a = 1, b = 2`: only the first binding is kept, the rest is reported.
            if isPunct(current, UInt8(ascii: ",")) {
                let extra = currentPos
                skipStatement(from: index)
                result = .binding(name: name, isStatic: isStatic, value: value, getter: nil, pos: pos)
                note("only the first binding of a multi-binding declaration is evaluated", extra)
            }
            return result
        }
        if isPunct(current, UInt8(ascii: "{")) {
            // `var name: String { get }` in a protocol: a requirement, no getter to run.
            if let close = partner(of: index), close > index + 1,
               (index + 1..<close).allSatisfy({ at in
                   isKeyword(tokens[at], "get") || isKeyword(tokens[at], "set") || isKeyword(tokens[at], "async")
                       || isKeyword(tokens[at], "throws") || isKeyword(tokens[at], "mutating") || isKeyword(tokens[at], "nonmutating")
               }) {
                index = close + 1
                return .binding(name: name, isStatic: isStatic, value: nil, getter: nil, pos: pos)
            }
            var body = parseBlock()
            // `static var core: Item { .init(name: "Core") }`: the same.
            if body.count == 1, case .expr(let expr) = body[0] { body = [.expr(Self.initializing(expr, as: annotation))] }
            return .binding(name: name, isStatic: isStatic, value: nil, getter: body, pos: pos)
        }
        return .binding(name: name, isStatic: isStatic, value: nil, getter: nil, pos: pos)
    }

    /// `let project: Project = .init(…)`: the implicit member is the annotated type's, so
    /// the value is `Project(…)`; `let project: Project = .module("A")` is
    /// `Project.module("A")` (not `TargetDependency.module`), and so are the elements of
    /// `let deps: [TargetDependency] = [.module("A")]`.
    static func initializing(_ value: Expr, as annotation: String?) -> Expr {
        guard let annotation, !annotation.isEmpty, !annotation.contains(":"), !annotation.contains("<") else { return value }
        if annotation.hasPrefix("[") && annotation.hasSuffix("]"), case .array(let elements, let pos) = value {
            let element = String(annotation.dropFirst().dropLast())
            return .array(elements.map { initializing($0, as: element) }, pos)
        }
        let type = annotation.hasSuffix("?") ? String(annotation.dropLast()) : annotation
        guard type.first?.isUppercase == true, !type.contains("["), case .call(.implicitMember(let name, let p), let args, let callPos) = value else {
            return value
        }
        if name == "init" { return .call(.identifier(type, p), args, callPos) }
        return .call(.member(.identifier(type, p), name, p), args, callPos)
    }

    /// Skips a type annotation: stops at `=`, `{`, `,`, `)`, `]`, `in` or a new line outside
    /// generic arguments; tuple, function and collection types are jumped whole (the
    /// bracket table), generic arguments `<…>` counted (the table pairs no angle brackets).
    mutating func skipType() {
        var generics = 0
        let startLine = current?.line ?? 0
        while let token = current {
            if generics == 0 {
                if isOperator(token, "=") || isPunct(token, UInt8(ascii: "{")) || isPunct(token, UInt8(ascii: ","))
                    || isPunct(token, UInt8(ascii: ")")) || isPunct(token, UInt8(ascii: "]")) || isKeyword(token, "in")
                    || isKeyword(token, "where") || isPunct(token, UInt8(ascii: ";")) {
                    return
                }
                if token.isAtLineStart && token.line != startLine { return }
            }
            if isPunct(token, UInt8(ascii: "(")) || isPunct(token, UInt8(ascii: "[")) {
                guard let close = partner(of: index), close > index else { index = tokens.count; return }
                index = close + 1
                continue
            }
            if token.kind == .operator {
                // Generic arguments `<…>` may contain `,`; `->` closes none.
                for offset in Int(token.start)..<Int(token.end) {
                    if source.bytes[offset] == UInt8(ascii: "<") { generics += 1 }
                    if source.bytes[offset] == UInt8(ascii: ">") && !(offset > Int(token.start) && source.bytes[offset - 1] == UInt8(ascii: "-")) {
                        generics -= 1
                    }
                }
            }
            index += 1
        }
    }

    /// `initializer`: at `init` (named `init`, maybe failable), not at `func`.
    mutating func parseFunction(isStatic: Bool, initializer: Bool = false) -> Stmt? {
        let pos = currentPos
        index += 1 // func, init
        let name: String
        if initializer {
            name = "init"
            if let token = current, token.kind == .operator, source.text(token) == "?" || source.text(token) == "!" { index += 1 }
        } else {
            guard let nameToken = current, let written = identifierName(nameToken) ?? (nameToken.kind == .operator ? source.text(nameToken) : nil) else {
                skipStatement(from: index - 1)
                return .unsupported("function declaration is not evaluated", pos)
            }
            name = written
            index += 1
        }
        if let token = current, token.kind == .operator, source.bytes[Int(token.start)] == UInt8(ascii: "<") {
            // Generic parameters.
            var level = 0
            while let t = current {
                if t.kind == .operator {
                    for offset in Int(t.start)..<Int(t.end) {
                        if source.bytes[offset] == UInt8(ascii: "<") { level += 1 }
                        if source.bytes[offset] == UInt8(ascii: ">") { level -= 1 }
                    }
                }
                index += 1
                if level <= 0 { break }
            }
        }
        var params: [FunctionDecl.Param] = []
        if isPunct(current, UInt8(ascii: "(")) {
            index += 1
            while let token = current, !isPunct(token, UInt8(ascii: ")")) {
                let before = index
                var names: [String] = []
                while let t = current, let word = identifierName(t), names.count < 2 {
                    names.append(word)
                    index += 1
                }
                if isPunct(current, UInt8(ascii: ":")) { index += 1 }
                let typeStart = index
                skipType()
                let type = typeName(typeStart, index)
                var defaultValue: Expr?
                if isOperator(current, "=") {
                    index += 1
                    defaultValue = parseExpr()
                }
                if let first = names.first {
                    let label: String? = first == "_" ? nil : first
                    params.append(.init(label: label, name: names.count > 1 ? names[1] : first, defaultValue: defaultValue, type: type))
                }
                if isPunct(current, UInt8(ascii: ",")) { index += 1 }
                if index == before { index += 1 }
            }
            if isPunct(current, UInt8(ascii: ")")) { index += 1 }
        }
        // Effects, result type, where clause.
        var returnStart: Int?
        var returnEnd: Int?
        while let token = current, !isPunct(token, UInt8(ascii: "{")) {
            if token.isAtLineStart && !isKeyword(token, "where") && !isOperator(token, "->") { break }
            if isKeyword(token, "where") && returnStart != nil && returnEnd == nil { returnEnd = index }
            index += 1
            if isOperator(token, "->") { returnStart = index }
        }
        let returnType = returnStart.flatMap { typeName($0, returnEnd ?? index) }
        guard isPunct(current, UInt8(ascii: "{")) else {
            return .unsupported("function '\(name)' has no body", pos)
        }
        let body = parseBlock()
        return .function(FunctionDecl(name: name, params: params, body: body, pos: pos, returnType: returnType), isStatic: isStatic)
    }

    /// The tokens `start..<end` of a type as one name without spaces (`Project`,
    /// `[TargetDependency]`, `Module.Core`); `nil` when empty or not a plain type.
    func typeName(_ start: Int, _ end: Int) -> String? {
        guard start < end, end <= tokens.count, end - start <= 16 else { return nil }
        var text = ""
        for at in start..<end {
            let token = tokens[at]
            if let word = identifierName(token) {
                text += word
            } else if isPunct(token, UInt8(ascii: ".")) || isPunct(token, UInt8(ascii: "[")) || isPunct(token, UInt8(ascii: "]"))
                        || isOperator(token, "?") || isOperator(token, ".") {
                text += source.text(token)
            } else {
                return nil
            }
        }
        return text
    }

    /// `case a, b(Int), c = "c"`: the names with their raw values; associated values are skipped.
    mutating func parseEnumCases(from start: Int) -> Stmt {
        index += 1 // case
        var names: [(name: String, raw: Expr?)] = []
        var expectsName = true
        while let token = current, !(index > start + 1 && token.isAtLineStart), !isPunct(token, UInt8(ascii: "}")) {
            if isPunct(token, UInt8(ascii: ";")) {
                index += 1
                break
            }
            if expectsName, let name = identifierName(token) {
                names.append((name, nil))
                expectsName = false
                index += 1
            } else if isPunct(token, UInt8(ascii: "(")) {
                skipBalanced()
            } else if isOperator(token, "="), !names.isEmpty, names[names.count - 1].raw == nil {
                index += 1
                names[names.count - 1].raw = parseExpr()
            } else {
                if isPunct(token, UInt8(ascii: ",")) { expectsName = true }
                index += 1
            }
        }
        return .enumCases(names)
    }

    mutating func parseTypeDecl() -> Stmt? {
        let isEnum = isKeyword(current, "enum")
        index += 1
        var name = ""
        if let token = current, let word = identifierName(token) {
            name = word
            // `extension ProjectDescription.Project`, `extension Target.Dependency`.
            while index + 2 < tokens.count, isPunct(tokens[index + 1], UInt8(ascii: ".")) || isOperator(tokens[index + 1], "."),
                  let next = identifierName(tokens[index + 2]) {
                name = name == "ProjectDescription" ? next : name + "." + next
                index += 2
            }
        } else if isPunct(current, UInt8(ascii: "[")) {
            name = "[" // `extension [Target.Dependency] { … }`
        }
        var rawType: String?
        var sawColon = false
        while let token = current, !isPunct(token, UInt8(ascii: "{")) {
            if isEnum && rawType == nil && !sawColon && isPunct(token, UInt8(ascii: ":")) {
                sawColon = true
                // `enum Module: String, CaseIterable`: the first inherited type is the raw type.
                if let next = index + 1 < tokens.count ? tokens[index + 1] : nil, let word = identifierName(next),
                   Self.rawValueTypes.contains(word) {
                    rawType = word
                }
            }
            index += 1
            if isPunct(token, UInt8(ascii: "}")) { return nil }
        }
        guard isPunct(current, UInt8(ascii: "{")) else { return nil }
        let members = parseBlock()
        return .typeDecl(name: name, members: members, rawType: rawType)
    }

    /// The raw types an enum's cases get implicit raw values of.
    static let rawValueTypes: Set<String> = ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
                                             "UInt64", "Double", "Float", "Character"]

    mutating func parseConditions() -> [Condition] {
        var conditions: [Condition] = []
        while let token = current, !isPunct(token, UInt8(ascii: "{")), !isKeyword(token, "else") {
            let before = index
            if isKeyword(token, "let") || isKeyword(token, "var") {
                index += 1
                if let nameToken = current, let name = identifierName(nameToken) {
                    let namePos = pos(nameToken)
                    index += 1
                    if isPunct(current, UInt8(ascii: ":")) {
                        index += 1
                        skipType()
                    }
                    if isOperator(current, "=") {
                        index += 1
                        conditions.append(.binding(name, parseExpr(noTrailingClosure: true)))
                    } else {
                        conditions.append(.binding(name, .identifier(name, namePos)))
                    }
                }
            } else if isKeyword(token, "case") {
                if let pattern = parseCasePattern() {
                    conditions.append(pattern)
                } else {
                    conditions.append(.expr(.unknown("'case' pattern condition is not evaluated", pos(token))))
                    while let t = current, !isPunct(t, UInt8(ascii: "{")), !isPunct(t, UInt8(ascii: ",")) { index += 1 }
                }
            } else {
                conditions.append(.expr(parseExpr(noTrailingClosure: true)))
            }
            if isPunct(current, UInt8(ascii: ",")) { index += 1 }
            if index == before { index += 1 }
        }
        return conditions
    }

    /// `case let .name(a, _) = subject`, `case .name(let a)? = subject`, `case .name = subject`;
    /// `nil` (nothing consumed) for any other pattern.
    mutating func parseCasePattern() -> Condition? {
        let start = index
        let pos = currentPos
        index += 1 // case
        let bindsAll = isKeyword(current, "let") || isKeyword(current, "var")
        if bindsAll { index += 1 }
        guard let (name, bindings) = parseEnumCasePattern(bindsAll: bindsAll) else {
            index = start
            return nil
        }
        if isOperator(current, "?") { index += 1 }
        guard isOperator(current, "=") else {
            index = start
            return nil
        }
        index += 1
        return .casePattern(name: name, bindings: bindings, subject: parseExpr(noTrailingClosure: true), pos: pos)
    }

    mutating func parseIf() -> Stmt {
        let pos = currentPos
        var clauses: [(conditions: [Condition], body: [Stmt])] = []
        var elseBody: [Stmt]?
        index += 1 // if
        while true {
            let conditions = parseConditions()
            let body = parseBlock()
            clauses.append((conditions, body))
            guard isKeyword(current, "else") else { break }
            index += 1
            if isKeyword(current, "if") {
                index += 1
                continue
            }
            elseBody = parseBlock()
            break
        }
        return .ifStmt(clauses: clauses, elseBody: elseBody, pos: pos)
    }

    mutating func parseSwitch(pos: SourcePos) -> Stmt {
        index += 1 // switch
        let subject = parseExpr(noTrailingClosure: true)
        guard isPunct(current, UInt8(ascii: "{")), depth < ManifestParser.maxDepth else {
            skipStatement(from: index)
            return .unsupported("'switch' statement is not evaluated", pos)
        }
        depth += 1
        defer { depth -= 1 }
        index += 1
        var cases: [(patterns: [Expr]?, body: [Stmt])] = []
        while let token = current, !isPunct(token, UInt8(ascii: "}")) {
            let before = index
            if isPunct(token, UInt8(ascii: "@")) {
                index += 2 // @unknown
                continue
            }
            var patterns: [Expr]?
            if isKeyword(token, "default") {
                index += 1
            } else if isKeyword(token, "case") {
                index += 1
                var list: [Expr] = []
                while let t = current, !isPunct(t, UInt8(ascii: ":")), !isPunct(t, UInt8(ascii: "}")) {
                    let start = index
                    if caseItemBinds() {
                        guard let pattern = parseCasePatternItem() else {
                            list.append(.unknown("'case' pattern is not evaluated", self.pos(t)))
                            while let u = current, !isPunct(u, UInt8(ascii: ":")), !isPunct(u, UInt8(ascii: "}")) { index += 1 }
                            break
                        }
                        list.append(pattern)
                        if isPunct(current, UInt8(ascii: ",")) { index += 1 }
                        continue
                    }
                    list.append(parseExpr(noTrailingClosure: true))
                    if isPunct(current, UInt8(ascii: ",")) { index += 1 }
                    if index == start { index += 1 }
                }
                patterns = list
            } else {
                skipStatement(from: index)
                if index == before { index += 1 }
                continue
            }
            if isPunct(current, UInt8(ascii: ":")) { index += 1 }
            let body = parseStatements(stopAtCase: true)
            cases.append((patterns, body))
            if index == before { index += 1 }
        }
        if isPunct(current, UInt8(ascii: "}")) { index += 1 }
        return .switchStmt(subject: subject, cases: cases, pos: pos)
    }

    /// Whether the `case` item at the cursor binds, casts or guards (`let`, `var`, `as`,
    /// `where` before its `,` or `:`), so that it is a pattern, not a value.
    func caseItemBinds() -> Bool {
        var scan = index, level = 0
        while scan < tokens.count {
            let token = tokens[scan]
            if isPunct(token, UInt8(ascii: "(")) || isPunct(token, UInt8(ascii: "[")) { level += 1 }
            if isPunct(token, UInt8(ascii: ")")) || isPunct(token, UInt8(ascii: "]")) { level -= 1 }
            if level <= 0 && (isPunct(token, UInt8(ascii: ":")) || isPunct(token, UInt8(ascii: ",")) || isPunct(token, UInt8(ascii: "}"))) { return false }
            if isPunct(token, UInt8(ascii: "{")) || level < 0 { return false }
            if isKeyword(token, "let") || isKeyword(token, "var") || isKeyword(token, "where") || isKeyword(token, "as") { return true }
            scan += 1
        }
        return false
    }

    /// `.name` with its associated values bound by position (`let a`, `_`, `label: a`,
    /// `a as any P`; all bound after `case let`); `nil` for another shape, the cursor left
    /// for the caller to restore.
    mutating func parseEnumCasePattern(bindsAll: Bool) -> (name: String, bindings: [String?])? {
        guard isPunct(current, UInt8(ascii: ".")), index + 1 < tokens.count, let name = identifierName(tokens[index + 1]) else { return nil }
        index += 2
        var bindings: [String?] = []
        guard isPunct(current, UInt8(ascii: "(")) else { return (name, bindings) }
        index += 1
        while let token = current, !isPunct(token, UInt8(ascii: ")")) {
            let binds = bindsAll || isKeyword(token, "let") || isKeyword(token, "var")
            if isKeyword(token, "let") || isKeyword(token, "var") { index += 1 }
            if let label = current, identifierName(label) != nil, index + 1 < tokens.count, isPunct(tokens[index + 1], UInt8(ascii: ":")) { index += 2 }
            guard let nameToken = current, let bound = identifierName(nameToken), binds || bound == "_" else { return nil }
            bindings.append(bound == "_" ? nil : bound)
            index += 1
            // `module as any TargetNaming`: the value is bound as it is.
            if isKeyword(current, "as") {
                index += 1
                if isOperator(current, "?") || isOperator(current, "!") { index += 1 }
                skipType()
            }
            if isPunct(current, UInt8(ascii: ",")) { index += 1 } else if !isPunct(current, UInt8(ascii: ")")) { return nil }
        }
        index += 1 // )
        return (name, bindings)
    }

    /// One binding `case` item; `nil` (the cursor back where it was) for a shape this
    /// reader does not take (tuples, nested patterns).
    mutating func parseCasePatternItem() -> Expr? {
        let start = index
        let pos = currentPos
        var pattern = CasePattern()
        let bindsAll = isKeyword(current, "let") || isKeyword(current, "var")
        if bindsAll { index += 1 }
        if isPunct(current, UInt8(ascii: ".")) {
            guard let (name, bindings) = parseEnumCasePattern(bindsAll: bindsAll) else {
                index = start
                return nil
            }
            pattern.caseName = name
            pattern.bindings = bindings
        } else if let token = current, identifierName(token) == "_" {
            index += 1
        } else if bindsAll, let token = current, let name = identifierName(token) {
            pattern.bindsSubject = name
            index += 1
        } else if !bindsAll {
            pattern.value = parseExpr(noTrailingClosure: true)
        } else {
            index = start
            return nil
        }
        if isKeyword(current, "where") {
            index += 1
            pattern.guardExpr = parseExpr(noTrailingClosure: true)
        }
        guard isPunct(current, UInt8(ascii: ":")) || isPunct(current, UInt8(ascii: ",")) else {
            index = start
            return nil
        }
        return .pattern(pattern, pos)
    }

    mutating func parseFor(pos: SourcePos) -> Stmt {
        index += 1 // for
        if isKeyword(current, "case") || isKeyword(current, "try") || isKeyword(current, "await") { index += 1 }
        guard let nameToken = current, let name = identifierName(nameToken) else {
            skipStatement(from: index - 1)
            return .unsupported("'for' pattern is not evaluated", pos)
        }
        index += 1
        if isPunct(current, UInt8(ascii: ":")) {
            index += 1
            skipType()
        }
        guard isKeyword(current, "in") else {
            skipStatement(from: index - 1)
            return .unsupported("'for' statement is not evaluated", pos)
        }
        index += 1
        let sequence = parseExpr(noTrailingClosure: true)
        var filter: Expr?
        if isKeyword(current, "where") {
            index += 1
            filter = parseExpr(noTrailingClosure: true)
        }
        let body = parseBlock()
        return .forIn(name: name, sequence: sequence, filter: filter, body: body, pos: pos)
    }
}
