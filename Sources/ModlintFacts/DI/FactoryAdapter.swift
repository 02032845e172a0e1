import ModlintTokenizer

/// Factory: 2.x `extension Container { var x: Factory<T> { self { Impl() } } }` (any
/// container type, `ParameterFactory` too, `Factory(self) { … }`), 1.x `static let x =
/// Factory<T> { Impl() }` and `static let x = Factory(Container.shared) { … }` (on any type
/// or extension: `Container`, a `SharedContainer`, `Container.Registrations`), and
/// `@Injected(\.x)`, `@LazyInjected`, `@WeakLazyInjected`, `@InjectedObject` consumers.
/// A registration is keyed by its container type and member; the member's access says
/// whether two modules' members of one name are one key (`public`) or two.
enum FactoryAdapter: DIAdapter {
    static let framework = DIFramework.factory
    static let modules: Set<String> = ["Factory", "FactoryKit"]
    static let attributes: Set<String> = ["Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject"]
    /// 1.x's stored factories (`static let x = Factory<T> { … }`) are found at the type's name.
    static let markedWords = ["Factory", "ParameterFactory"]
    static let shapes: DIShapes = [.markedWords, .properties, .containerValues]

    static func isFactoryType(_ type: String) -> Bool {
        type.hasPrefix("Factory<") || type.hasPrefix("ParameterFactory<") || type.hasPrefix("FactoryKit.Factory<")
            || type.hasPrefix("FactoryKit.ParameterFactory<")
    }

    /// Factory reads the properties of any type: a container is any type it extends.
    static func readsProperties(of owner: String) -> Bool { true }

    /// `lazy var x: Factory<T>` in a hand-rolled container is Factory's.
    static func ownsMember(at keyword: Int, tokens: DITokens) -> Bool {
        tokens.isPunctuation(keyword + 2, UInt8(ascii: ":"))
            && (tokens.isWord(keyword + 3, "Factory") || tokens.isWord(keyword + 3, "ParameterFactory") || tokens.isWord(keyword + 3, "FactoryKit"))
    }

    /// `static let x = Factory<T> { … }` at its `Factory`.
    static func markedWord(at index: Int, scan: inout DIScan) {
        storedFactory(at: index, scan: &scan)
    }

    /// `lazy var x: Factory<T> = self { … }` (a `Factory` after `=` is read at that word).
    static func initializedProperty(at keyword: Int, equals: Int, scan: inout DIScan) -> Bool {
        let tokens = scan.tokens
        guard !tokens.isWord(equals + 1, "Factory"), !tokens.isWord(equals + 1, "ParameterFactory"), !tokens.isWord(equals + 1, "FactoryKit"),
              isFactoryType(tokens.text(from: keyword + 3, through: equals - 1)) else { return false }
        storedFactory(at: equals + 1, scan: &scan)
        return true
    }

    /// `var x: Factory<T> { … }`: the getter is the factory.
    static func property(name: String, type: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan) {
        guard isFactoryType(type) else { return }
        record(name: name, owner: owner, nameToken: nameToken, body: body, scan: &scan)
    }

    /// `static let x = Factory<T> { … }`, `static var x = Factory(Container.shared) { … }`,
    /// `lazy var x: Factory<T> = self { … }`, at the `Factory` (or `self`) after `=`.
    static func storedFactory(at index: Int, scan: inout DIScan) {
        let tokens = scan.tokens
        var equals = index - 1
        // `FactoryKit.Factory`
        if tokens.isPunctuation(equals, UInt8(ascii: ".")) && tokens.isWord(equals - 1, "FactoryKit") { equals -= 2 }
        guard tokens.isOperator(equals, "="), let owner = scan.memberOf else { return }
        // Back to the `let` / `var` of the statement (past a type annotation).
        var keyword = equals - 1
        while keyword > 0 && equals - keyword < 24 {
            if tokens.isWord(keyword, "let") || tokens.isWord(keyword, "var") { break }
            if tokens.tokens[keyword].flags & (Token.Flags.openBrace | Token.Flags.closeBrace) != 0
                || tokens.isPunctuation(keyword, UInt8(ascii: ";")) || tokens.isPunctuation(keyword, UInt8(ascii: "=")) { return }
            keyword -= 1
        }
        guard tokens.isWord(keyword, "let") || tokens.isWord(keyword, "var"), tokens.isName(keyword + 1),
              tokens.isPunctuation(keyword + 2, UInt8(ascii: ":")) || keyword + 2 == equals else { return }
        // The factory closure: after the generic arguments and the call's arguments.
        var cursor = index + 1
        if tokens.isOperator(cursor, "<") {
            var depth = 0
            while cursor < tokens.count && cursor < index + 64 {
                if tokens.isOperator(cursor, "<") { depth += 1 } else if tokens.isOperator(cursor, ">") { depth -= 1 }
                else if tokens.isOperator(cursor, ">>") { depth -= 2 } else if tokens.isOperator(cursor, ">>>") { depth -= 3 }
                cursor += 1
                if depth <= 0 { break }
            }
        }
        let body: (open: Int, close: Int)
        if tokens.isPunctuation(cursor, UInt8(ascii: "(")) {
            guard let found = tokens.factoryBody(ofCallAt: cursor) else { return }
            body = found
        } else if tokens.isPunctuation(cursor, UInt8(ascii: "{")), let close = tokens.closing(cursor) {
            body = (cursor, close)
        } else {
            return
        }
        record(name: tokens.name(keyword + 1), owner: owner.name, nameToken: keyword + 1, body: body, scan: &scan)
    }

    private static func record(name: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan) {
        var resolves: [DIKey] = []
        var builds: String?
        let ownerName = owner.split(separator: ".").first.map(String.init) ?? owner
        var index = body.open + 1
        while index < body.close {
            // `self.other()`, `self.other.resolve()`, `Container.shared.other()`, 1.x's `Container.other()`.
            if (scan.tokens.isWord(index, "self") || scan.tokens.isWord(index, "shared")
                || scan.tokens.isName(index) && scan.tokens.name(index) == ownerName && !scan.tokens.isPunctuation(index - 1, UInt8(ascii: "."))),
               scan.tokens.isPunctuation(index + 1, UInt8(ascii: ".")), scan.tokens.isName(index + 2),
               scan.tokens.isPunctuation(index + 3, UInt8(ascii: "(")) || scan.tokens.isPunctuation(index + 3, UInt8(ascii: ".")) {
                let root = scan.tokens.isWord(index, "shared") && scan.tokens.isName(index - 2) ? scan.tokens.name(index - 2) : owner
                let resolved = scan.tokens.name(index + 2)
                if resolved != "callAsFunction" && resolved != "scope" && resolved != "shared" && resolved != name {
                    let key = DIKey.property(root, resolved)
                    if !resolves.contains(key) { resolves.append(key) }
                }
            }
            if builds == nil, scan.tokens.startsUppercase(index), !scan.tokens.isPunctuation(index - 1, UInt8(ascii: ".")),
               !["Factory", "ParameterFactory", "Self", ownerName].contains(scan.tokens.name(index)) {
                builds = scan.tokens.builtType(from: index, to: index + 4)
            }
            index += 1
        }
        var registration = DIRegistration(
            framework: .factory, key: .property(owner, name), container: owner, scope: scope(in: body, scan: scan),
            builds: builds, resolves: resolves, site: scan.tokens.site(nameToken))
        let access = scan.memberAccess(nameToken: nameToken)
        registration.access = access == "internal" ? nil : access
        scan.facts.registrations.append(registration)
    }

    /// `.singleton`, `.cached`, `.shared`, `.scope(.session)` after the factory closure.
    private static func scope(in body: (open: Int, close: Int), scan: DIScan) -> String? {
        var index = body.open + 1
        while index < body.close {
            if scan.tokens.isPunctuation(index, UInt8(ascii: "}")) && scan.tokens.isPunctuation(index + 1, UInt8(ascii: ".")),
               scan.tokens.isName(index + 2) {
                let word = scan.tokens.name(index + 2)
                if ["singleton", "cached", "shared", "graph", "unique"].contains(word) { return word }
                if word == "scope", scan.tokens.isPunctuation(index + 3, UInt8(ascii: "(")), let close = scan.tokens.partner(of: index + 3) {
                    return scan.tokens.text(from: index + 4, through: close - 1).trimmingPrefixDot()
                }
            }
            index += 1
        }
        return nil
    }

    /// `@Injected(\.x)` (the default `Container`) or `@Injected(\MyContainer.x)`.
    static func attribute(_ name: String, at index: Int, scan: inout DIScan) {
        guard scan.tokens.isPunctuation(index + 1, UInt8(ascii: "(")), let path = scan.tokens.keyPath(at: index + 2) else { return }
        scan.facts.consumptions.append(DIConsumption(
            framework: .factory, key: .property(path.root ?? "Container", path.property), site: scan.tokens.site(index - 1)))
    }
}
