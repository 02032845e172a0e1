import ModlintTokenizer

/// The declarations the scan labels: type bodies (key types recorded), function bodies
/// (container methods, forwards), member properties handed to the adapters that read them.
extension DIScan {
    /// `struct Key: DependencyKey {`, `extension DependencyValues {`: labels the body.
    mutating func handleTypeDeclaration(at keyword: Int) {
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
    mutating func handleFunction(at keyword: Int) {
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
            // Counted forward: the whole file's bracket table is not worth making for one body.
            if !metatypeParameters.isEmpty, let end = tokens.closingBracket(from: index) {
                recordForwards(method: tokens.name(keyword + 1), parameters: metatypeParameters, body: (index, end))
            }
            // `func makeProfileViewModel() -> ProfileViewModel { … }` in a container type.
            if !adapters.containerMemberReaders.isEmpty, let owner = memberOf {
                for adapter in adapters.containerMemberReaders {
                    adapter.containerFunction(nameToken: keyword + 1, open: index, owner: owner.name, scan: &self)
                }
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
            let framework = adapters.enabled.first { $0.forwardingMethods.contains(target) }?.framework
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

    /// `var name: Type {` as a member of a type: a container type's member, a values
    /// container's, or one an adapter reads (`DIAdapter.readsProperties`); labels the getter
    /// body and hands it to its reader.
    mutating func handleProperty(at keyword: Int) {
        // `lazy var api: APIClient = APIClientImpl()` in a container type the file declares.
        if !adapters.containerMemberReaders.isEmpty, let owner = memberOf {
            for adapter in adapters.containerMemberReaders where adapter.containerVariable(at: keyword, owner: owner.name, scan: &self) {
                return
            }
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
        guard let owner = memberOf, tokens.isName(keyword + 1), tokens.isPunctuation(keyword + 2, UInt8(ascii: ":")) else { return }
        let reader = adapters.propertyReaders.first { $0.readsProperties(of: owner.name) }
        guard DIValuesContainer.handles(owner.name) || reader != nil else { return }
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
        // `lazy var x: Factory<T> = self { … }`: a value an adapter reads.
        if tokens.isOperator(cursor, "=") {
            for adapter in adapters.propertyReaders where adapter.initializedProperty(at: keyword, equals: cursor, scan: &self) { return }
        }
        guard tokens.isPunctuation(cursor, UInt8(ascii: "{")), let close = tokens.partner(of: cursor) else { return }
        let type = tokens.text(from: keyword + 3, through: cursor - 1)
        label(cursor, .property(name: name, type: type))
        let body = (open: cursor, close: close)
        if DIValuesContainer.handles(owner.name) {
            DIValuesContainer.property(name: name, type: type, owner: owner.name, nameToken: keyword + 1, body: body, scan: &self)
        } else if let reader {
            reader.property(name: name, type: type, owner: owner.name, nameToken: keyword + 1, body: body, scan: &self)
        }
    }
}
