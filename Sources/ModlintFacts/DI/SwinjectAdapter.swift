/// Swinject: `container.register(T.self[, name:]) { r in … r.resolve(U.self) … }`
/// (also inside `Assembly.assemble(container:)`, also `autoregister`), and
/// `resolve(T.self[, name:])`.
enum SwinjectAdapter: DIAdapter {
    static let framework = DIFramework.swinject
    static let modules: Set<String> = ["Swinject", "SwinjectAutoregistration", "SwinjectStoryboard"]
    static let shapes: DIShapes = [.namedCalls, .containerValues]
    /// `Assembler([A(), B()])`, `assembler.apply(assemblies: [A(), B()])` (`assemblerList`).
    static let namedCalls = ["Assembler", "apply"]
    static let forwardingMethods: Set<String> = ["register", "autoregister"]

    static let resolveMethods: Set<String> = ["resolve"]

    /// Returns false when the call is not a Swinject one.
    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool {
        let open = index + 1
        switch method {
        case "register", "autoregister":
            let body = scan.tokens.factoryBody(ofCallAt: open)
            var builds = body.flatMap { scan.tokens.builtType(from: $0.open + 1, to: $0.close) }
            if method == "autoregister", let initializer = scan.tokens.argument("initializer", inCallAt: open) {
                builds = scan.tokens.isName(initializer) ? scan.tokens.name(initializer) : builds
            }
            let end = body.map { max($0.close, scan.tokens.partner(of: open) ?? $0.close) } ?? (scan.tokens.partner(of: open) ?? open)
            var registration = DIRegistration(
                framework: .swinject, key: DIKey(key, name: scan.name(inCallAt: open)),
                container: scan.container(receiver: receiver, shared: false), scope: objectScope(after: end, tokens: scan.tokens),
                builds: builds, resolves: body.map { scan.resolvedKeys(in: $0, methods: resolveMethods) } ?? [],
                site: scan.registrationSite(index))
            registration.isFallback = scan.followsNilCoalescing(index)
            let arguments = method == "autoregister" ? autoregisterArguments(inCallAt: open, scan: scan)
                : body.map { factoryArguments($0, scan: scan) } ?? 0
            registration.arguments = arguments > 0 ? arguments : nil
            scan.appendCallRegistration(registration)
            return true
        case "resolve":
            scan.facts.consumptions.append(DIConsumption(
                framework: .swinject, key: DIKey(key, name: scan.name(inCallAt: open)), site: scan.tokens.site(index)))
            return true
        default:
            return false
        }
    }

    static func namedCall(at index: Int, scan: inout DIScan) {
        assemblerList(at: index, scan: &scan)
    }

    /// `.inObjectScope(.container)` after a registration.
    static func objectScope(after end: Int, tokens: DITokens) -> String? {
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

    /// `Assembler([A(), B()])`, `Assembler(assemblies)` (an array declared in this file),
    /// `assembler.apply(assemblies: [A(), B()])`, `apply(assembly: A())` at `index` (the
    /// call's name): records the assemblies applied together. `Assembler(container:)` and
    /// other calls of these names that list no assembly record nothing.
    static func assemblerList(at index: Int, scan: inout DIScan) {
        let tokens = scan.tokens
        let open = index + 1
        let afterDot = tokens.isPunctuation(index - 1, UInt8(ascii: "."))
        var start = open + 1
        if tokens.isWord(index, "Assembler") {
            // `Assembler(…)`, `Swinject.Assembler(…)`; not `x.Assembler`.
            guard !afterDot || tokens.isWord(index - 2, "Swinject") else { return }
            if tokens.isWord(start, "assemblies") && tokens.isPunctuation(start + 1, UInt8(ascii: ":")) { start += 2 }
        } else if tokens.isWord(index, "apply") && afterDot {
            guard tokens.isWord(start, "assemblies") || tokens.isWord(start, "assembly"),
                  tokens.isPunctuation(start + 1, UInt8(ascii: ":")) else { return }
            start += 2
        } else {
            return
        }
        guard let close = tokens.closing(open), close > start else { return }
        // The first argument (a labelled one other than `assemblies:` lists nothing).
        if tokens.isName(start) && tokens.isPunctuation(start + 1, UInt8(ascii: ":")) { return }
        let end = tokens.nextTopLevel(from: start) { tokens.isPunctuation($0, UInt8(ascii: ",")) }
        var assemblies = constructedTypes(from: start, to: min(end, close), tokens: tokens)
        // `Assembler(assemblies)`: the array a `let`/`var` of this file declares under that name.
        if assemblies.isEmpty, min(end, close) == start + 1, tokens.isName(start), tokens.startsLowercase(start),
           let list = declaredArray(named: tokens.name(start), near: index, tokens: tokens),
           let listClose = tokens.partner(of: list), listClose > list {
            assemblies = constructedTypes(from: list, to: listClose + 1, tokens: tokens)
        }
        guard !assemblies.isEmpty else { return }
        scan.facts.assemblerLists.append(DIAssemblerList(assemblies: assemblies, functionLine: scan.enclosingFunction?.line,
                                                         line: Int(tokens.tokens[index].line)))
    }

    /// The types constructed at the top level of `start..<end` or of the array literal
    /// there: `[A(), Feature.B(api: api), C.init()]` → `A`, `B`, `C` (arguments skipped).
    static func constructedTypes(from start: Int, to end: Int, tokens: DITokens) -> [String] {
        var types: [String] = []
        var index = start
        if tokens.isPunctuation(index, UInt8(ascii: "[")) && tokens.partner(of: index) == end - 1 { index += 1 }
        while index < end {
            if tokens.isName(index) && tokens.startsUppercase(index) && !tokens.isPunctuation(index - 1, UInt8(ascii: ".")) {
                var last = index
                while tokens.isPunctuation(last + 1, UInt8(ascii: ".")) && tokens.isName(last + 2) && tokens.startsUppercase(last + 2) { last += 2 }
                var call = last + 1
                if tokens.isPunctuation(call, UInt8(ascii: ".")) && tokens.isWord(call + 1, "init") { call += 2 }
                if tokens.isPunctuation(call, UInt8(ascii: "(")), let close = tokens.partner(of: call), close > call {
                    let name = tokens.name(last)
                    if !types.contains(name) { types.append(name) }
                    index = close + 1
                    continue
                }
                index = last + 1
                continue
            }
            if let skip = tokens.partner(of: index), skip > index, !tokens.isPunctuation(index, UInt8(ascii: "[")) {
                index = skip + 1
                continue
            }
            index += 1
        }
        return types
    }

    /// The `[` of the array literal a `let name`/`var name` of this file starts with
    /// (`= [`, `: [Assembly] = [`, a computed `{ [` or `{ return [`): the declaration
    /// nearest before `index`, else the first after it.
    static func declaredArray(named name: String, near index: Int, tokens: DITokens) -> Int? {
        var before: Int?
        var after: Int?
        var cursor = 1
        while cursor + 1 < tokens.count {
            defer { cursor += 1 }
            guard tokens.isName(cursor), tokens.isWord(cursor - 1, "let") || tokens.isWord(cursor - 1, "var"),
                  tokens.name(cursor) == name else { continue }
            // Past a type annotation to `=` or `{`, then the literal's `[`.
            var value = cursor + 1
            while value < tokens.count && value < cursor + 32 && !tokens.isOperator(value, "=") && !tokens.isPunctuation(value, UInt8(ascii: "{")) {
                if let skip = tokens.partner(of: value), skip > value { value = skip }
                value += 1
            }
            var bracket = value + 1
            if tokens.isWord(bracket, "return") || tokens.isPunctuation(bracket, UInt8(ascii: "{")) { bracket += 1 }
            if tokens.isWord(bracket, "return") { bracket += 1 }
            guard tokens.isPunctuation(bracket, UInt8(ascii: "[")) else { continue }
            if cursor < index { before = bracket } else if after == nil { after = bracket }
        }
        return before ?? after
    }

    /// The arguments a factory closure takes besides the resolver: `{ r, id in … }` and
    /// `{ (r: Resolver, id: Int) in … }` take 1, `{ _ in … }` none; without a parameter
    /// list, the highest `$n` used.
    static func factoryArguments(_ body: (open: Int, close: Int), scan: DIScan) -> Int {
        let tokens = scan.tokens
        var index = body.open + 1
        var parameters = 0
        var expectsName = true
        var depth = 0
        while index < body.close && index < body.open + 48 {
            if tokens.isWord(index, "in") && depth == 0 { return max(parameters - 1, 0) }
            if tokens.isPunctuation(index, UInt8(ascii: "(")) {
                // `(r: Resolver, id: Int)`: the list itself, or a type's parentheses inside it.
                if depth == 0 && index == body.open + 1 { index += 1; continue }
                guard let close = tokens.partner(of: index), close > index else { break }
                index = close + 1
                continue
            }
            if tokens.isPunctuation(index, UInt8(ascii: ")")) { index += 1; continue }
            if tokens.isOperator(index, "<") { depth += 1 } else if tokens.isOperator(index, ">") { depth -= 1 }
            if depth == 0 && tokens.isPunctuation(index, UInt8(ascii: ",")) {
                expectsName = true
            } else if expectsName && depth == 0 && (tokens.isName(index) || tokens.text(at: index) == "_") {
                parameters += 1
                expectsName = false
            } else if !tokens.isName(index) && tokens.text(at: index) != "_" && !tokens.isPunctuation(index, UInt8(ascii: ":"))
                        && !tokens.isPunctuation(index, UInt8(ascii: ".")) && !tokens.isOperator(index, "?")
                        && !tokens.isOperator(index, "!") && depth == 0 {
                // A statement, not a parameter list.
                break
            }
            index += 1
        }
        // `{ Impl(resolver: $0, id: $1) }`
        var highest = 0
        index = body.open + 1
        while index < body.close {
            let text = tokens.text(at: index)
            if text.first == "$", let number = Int(text.dropFirst()) { highest = max(highest, number) }
            index += 1
        }
        return highest
    }

    /// `autoregister(A.self, argument: Int.self, initializer: A.init)`: the metatypes
    /// after the service's.
    static func autoregisterArguments(inCallAt open: Int, scan: DIScan) -> Int {
        guard let close = scan.tokens.closing(open) else { return 0 }
        var count = 0
        var index = open + 1
        while index < close {
            if scan.tokens.isWord(index, "self") && scan.tokens.isPunctuation(index - 1, UInt8(ascii: ".")) { count += 1 }
            index += 1
        }
        return max(count - 1, 0)
    }
}
