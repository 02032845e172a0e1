import ModlintTokenizer

/// What adapters ask about the place of a registration or resolution: the branches
/// around it, the container it lands in, a member's access, a call's `name:` argument,
/// the keys a factory resolves.
extension DIScan {
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
}
